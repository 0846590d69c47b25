// Every JavaScript block of the project's Markdown files runs as written and prints what it shows.
//
// Each block is an ES module of its own that imports the package as a user's code does
// (`import { Game } from "fichas"`). A line `console.log(x)  // shown` must print `shown`: the
// printed lines are matched in order, loops may print more between, and `…` in a shown value
// stands for anything.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
// The files with JavaScript blocks, as paths from the repository's root.
const FILES = ["docs/web.md", "README.md", "bindings-wasm/README.md"];
const BLOCK = /^```js\n([\s\S]*?)^```/gm;
const SHOWN = /^\s*console\.log\(.*\)\s*;?\s*\/\/\s?(.*)$/;

function matches(expected, printed) {
    const escape = (s) => s.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = expected.split("…").map(escape).join("[\\s\\S]*");
    return new RegExp(`^${pattern}$`).test(printed.trim());
}

test("every Markdown file with JavaScript blocks is run", () => {
    const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.md"], { cwd: root })
        .toString()
        .split("\n")
        .filter(Boolean);
    const withJs = listed.filter((name) => readFileSync(join(root, name), "utf8").match(BLOCK));
    assert.deepEqual(withJs.filter((name) => !FILES.includes(name)), [], "JavaScript blocks that no test runs");
});

for (const name of FILES) {
    const blocks = [...readFileSync(join(root, name), "utf8").matchAll(BLOCK)].map((m) => m[1]);
    if (blocks.length === 0) continue;
    test(`every JavaScript block of ${name} runs and prints what it shows`, () => {
        // Inside the package's own scope (dist/ is ignored), so that `import "fichas"` resolves
        // to this package as it does in a project that installed it.
        mkdirSync(join(here, "..", "dist"), { recursive: true });
        const dir = mkdtempSync(join(here, "..", "dist", "doc-blocks-"));
        try {
            blocks.forEach((code, index) => {
                const where = `${name} block ${index + 1}`;
                const file = join(dir, `block-${index + 1}.mjs`);
                writeFileSync(file, code);
                const printed = execFileSync(process.execPath, [file], { cwd: dir }).toString().split("\n");
                let at = 0;
                for (const line of code.split("\n")) {
                    const shown = line.match(SHOWN);
                    if (!shown) continue;
                    while (at < printed.length && !matches(shown[1], printed[at])) at++;
                    assert.ok(at < printed.length, `${where} should print ${JSON.stringify(shown[1])}; it printed ${JSON.stringify(printed)}`);
                    at++;
                }
            });
        } finally {
            rmSync(dir, { recursive: true, force: true });
        }
    });
}
