// Installable and offline: the manifest the page links, and the service worker that keeps the site
// after one visit, so that a game (with any query) plays to its end with the network cut.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openPage, servedInChromium, winnersOf } from "./helpers.mjs";

const served = servedInChromium();

// All bots: the game plays itself.
const GAME = "?variant=poleana:assisted&seats=easy,easy,easy,easy&seed=7&delay=0";
const OTHER = "index.html?variant=poleana:assisted&seats=easy,easy,easy,easy&seed=3&delay=0";

/** Waits until the page's game is over (its root says data-over="true"): its winners. */
async function playedToTheEnd(page, timeout = 20000) {
    await page.waitForFunction(() => document.documentElement.dataset.over === "true", null, { timeout });
    const winners = await winnersOf(page);
    assert.ok(winners.length > 0 && winners.every((s) => Number.isInteger(s) && s >= 0 && s < 4), `winners ${winners}`);
    return winners;
}

/** Whether the page's service worker is active and the page controlled by it, within `ms`. */
const controlled = (page, ms) => page.evaluate((ms) => Promise.race([
    navigator.serviceWorker.ready.then(() => new Promise((resolve) => {
        if (navigator.serviceWorker.controller) return resolve(true);
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true));
    })),
    new Promise((resolve) => setTimeout(() => resolve(false), ms)),
]), ms);

test("the site installs, and plays offline after one visit", { timeout: 60000 }, async () => {
    const context = await served.browser.newContext();
    const page = await openPage(context, "installable");
    await page.goto(`${served.site.url}/${GAME}`);
    // The worker claims the page that registered it; a reload is the fallback if it has not yet.
    if (!(await controlled(page, 15000))) {
        await page.reload();
        assert.equal(await controlled(page, 10000), true, "no service worker controls the page");
    }
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller.scriptURL), `${served.site.url}/sw.js`);
    const caches = await page.evaluate(() => caches.keys());
    assert.equal(caches.length, 1, `caches ${caches}`);
    assert.match(caches[0], /^fichas http:\/\/127\.0\.0\.1:\d+\/ [0-9a-f]{12}$/);

    // The manifest the page links, and its icon.
    const manifest = await page.evaluate(async () => {
        const href = document.querySelector('link[rel="manifest"]').href;
        const response = await fetch(href);
        const body = await response.json();
        const icon = await fetch(new URL(body.icons[0].src, href));
        return { href, type: response.headers.get("content-type"), body, icon: icon.ok && icon.headers.get("content-type") };
    });
    assert.equal(manifest.href, `${served.site.url}/manifest.webmanifest`);
    assert.equal(manifest.type, "application/manifest+json");
    assert.equal(manifest.body.name, "fichas · Poleana, Parchís, Cartas");
    assert.equal(manifest.body.short_name, "fichas");
    assert.equal(manifest.body.start_url, "./");
    assert.equal(manifest.body.display, "standalone");
    assert.deepEqual(manifest.body.icons, [{ src: "icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" }]);
    assert.equal(manifest.icon, "image/svg+xml");

    // Offline: the same address again, every file from the service worker's cache.
    await context.setOffline(true);
    const fromNetwork = [];
    page.on("response", (response) => {
        if (response.url().startsWith(served.site.url) && !response.fromServiceWorker()) fromNetwork.push(response.url());
    });
    await page.reload();
    const winners = await playedToTheEnd(page);
    console.log(`offline, seed 7: winners ${winners}`);

    // Another game, by another address: the cached page answers any query.
    await page.goto(`${served.site.url}/${OTHER}`);
    console.log(`offline, seed 3: winners ${await playedToTheEnd(page)}`);
    assert.deepEqual(fromNetwork, [], "files came from the network, not the cache");
    assert.deepEqual(page.errors, []);
    await context.close();
});
