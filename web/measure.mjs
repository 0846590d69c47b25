// The app's figures at a phone's speed, as docs/web.md gives them: Chromium's own CPU throttling
// (4× slower), a 390×844 page, and the browser's frame timings (Long Animation Frames). Prints
// the time from opening a game to a board that takes a tap, the longest frame while tokens walk,
// and the module's and catalogues' sizes, gzipped. Not a test: the figures vary with the machine.
//
//   node web/measure.mjs            (after bindings-wasm/build; npm ci in web/ once)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { PHONE, launch, repository, serveSite } from "./tests/helpers.mjs";

const SLOWDOWN = 4;
const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;

const site = await serveSite();
const browser = await launch();
try {
    const games = [
        ["poleana:assisted", "human,easy,easy,easy"],
        ["parchis:pairs", "human,easy,easy,easy"],
        ["cartas", "human,easy,easy,easy"],
    ];
    for (const [variant, seats] of games) {
        const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
        await page.addInitScript(() => {
            // Every frame the browser took longer than 16 ms to make, kept by the page itself.
            window.frames_ = [];
            new PerformanceObserver((list) => window.frames_.push(...list.getEntries().map((e) => e.duration)))
                .observe({ type: "long-animation-frame", buffered: true });
        });
        await page.goto(`${site.url}/?variant=${variant}&seats=${seats}&seed=3&delay=0&lang=es`);
        // Ready: a marked token, a playable card or the dice waiting for their tap.
        const ready = await page.waitForFunction(() => {
            const found = document.querySelector("[data-movable=true], [data-playable=true], [data-roll]");
            return found ? performance.now() : null;
        }, null, { timeout: 60000, polling: 10 }).then((h) => h.jsonValue());
        // Then bots' moves walk for a while (the person's turns play themselves: a roll, or a
        // lone move; else the first marked token is tapped), and the frames are measured.
        await page.evaluate(() => { window.frames_ = []; });
        const until = Date.now() + 20000;
        while (Date.now() < until) {
            const over = await page.evaluate(() => document.documentElement.dataset.over === "true");
            if (over) break;
            const target = page.locator("#chooser:not([hidden]) [data-choice], [data-playable=true]:not([aria-pressed=true]), #board [data-movable=true], [data-roll]").first();
            const box = await target.boundingBox({ timeout: 2000 }).catch(() => null);
            if (box) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
            await page.waitForTimeout(200);
        }
        const frames = await page.evaluate(() => window.frames_);
        const longest = Math.max(0, ...frames);
        const over50 = frames.filter((d) => d > 50).length;
        console.log(`${variant}: a board that takes a tap after ${Math.round(ready)} ms; while playing for 20 s, `
            + `${frames.length} frames over 16 ms, ${over50} over 50 ms, the longest ${Math.round(longest)} ms (at ${SLOWDOWN}× slowdown)`);
        await context.close();
    }
    const dist = join(repository, "bindings-wasm", "dist");
    console.log(`the module: ${kb(gz(join(dist, "fichas_wasm_bg.wasm")))} gzipped; its glue ${kb(gz(join(dist, "fichas_wasm.js")))}; `
        + `the catalogues: ${kb(gz(join(repository, "locales", "es", "fichas.ftl")))} (es) and `
        + `${kb(gz(join(repository, "locales", "en", "fichas.ftl")))} (en), gzipped, the page's language only`);
} finally {
    await browser.close();
    site.close();
}
