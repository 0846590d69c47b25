// A tiny static file server for the assembled site (web/build's output), for local hosting and
// the browser tests. No dependency: node web/serve.mjs [DIR] [PORT]   (PORT 0 picks a free one)
import { createServer } from "node:http";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = resolve(process.argv[2] ?? join(here, "..", "target", "web"));
const port = Number(process.argv[3] ?? 8080);

const types = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".wasm": "application/wasm",
    ".json": "application/json; charset=utf-8",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".ts": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
};

function send(res, status, text) {
    res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
    res.end(`${text}\n`);
}

async function handle(req, res) {
    if (req.method !== "GET" && req.method !== "HEAD") {
        return send(res, 405, "only GET and HEAD");
    }
    let path;
    try {
        path = decodeURIComponent(new URL(req.url, "http://host").pathname);
    } catch {
        return send(res, 400, "bad path");
    }
    // resolve() folds every "..": what lands outside the root is refused, never read.
    let file = resolve(root, `.${path}`);
    if (path.includes("\0") || (file !== root && !file.startsWith(root + sep))) {
        return send(res, 403, "outside the served directory");
    }
    let info;
    try {
        info = await stat(file);
        if (info.isDirectory()) {
            file = join(file, "index.html");
            info = await stat(file);
        }
    } catch {
        return send(res, 404, "not found");
    }
    res.writeHead(200, {
        "content-type": types[extname(file).toLowerCase()] ?? "application/octet-stream",
        "content-length": info.size,
        // A rebuilt site shows at once on reload.
        "cache-control": "no-cache",
    });
    if (req.method === "HEAD") return res.end();
    createReadStream(file).on("error", () => res.destroy()).pipe(res);
}

try {
    const info = await stat(root);
    if (!info.isDirectory()) throw new Error();
} catch {
    console.error(`serve.mjs: ${root} is not a directory (run web/build first)`);
    process.exit(1);
}

const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, "server error"));
});
server.listen(port, "127.0.0.1", () => {
    console.log(`serving ${root} on http://127.0.0.1:${server.address().port}`);
});
