// Online play in a real browser through fichas-server, which serves the app and its games from
// one address: a room made in the lobby page, a Parchís pairs game with a page per seat, one page
// reloaded mid-game, and every page checking the record and the dice at the end.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
    DESKTOP, PHONE, buildSite, launch, lineMatching, nextMove, openPage, repository, screenshot, scrollsSideways,
    winnersOf,
} from "./helpers.mjs";

// FICHAS_SERVER names the server's binary (./run-tests builds it and gives it); without it the
// test is skipped, saying why, and with one that is not there it fails.
const binary = process.env.FICHAS_SERVER;
const missing = !binary ? "FICHAS_SERVER is not set: cargo build --release -p fichas-server, then give its path"
    : existsSync(binary) ? null : `FICHAS_SERVER names ${binary}, which is not there`;
const required = Boolean(binary);

let browser;
let server;
let dirs = [];
let url;

before(async () => {
    if (missing) return;
    // The store syncs every commit: in memory (tmpfs) where there is one, the game goes faster.
    const store = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "fichas-web-server-"));
    const site = buildSite();
    dirs = [store, site];
    server = spawn(binary, ["--db", join(store, "games.sqlite3"), "--port", "0", "--web", site], {
        cwd: repository,
        stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    server.stderr.on("data", (chunk) => { log += chunk; });
    server.on("exit", (code) => {
        if (code) console.log(`server exited with ${code}: ${log}`);
    });
    const [, port] = await lineMatching(server.stdout, /listening on 127\.0\.0\.1:(\d+)/, "the server");
    url = `http://127.0.0.1:${port}`;
    browser = await launch();
});

after(async () => {
    await browser?.close();
    server?.kill();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test("an online Parchís pairs game on the page fichas-server serves, a page per seat, one reloaded mid-game", { skip: required ? false : (missing ?? false), timeout: 110000 },
    async () => {
        assert.equal(missing, null, missing ?? "");
        // The server's own page offers the server that served it: the lobby is one click away,
        // and it makes the room and hands out a link per seat.
        const lobbyContext = await browser.newContext({ viewport: DESKTOP });
        const lobby = await openPage(lobbyContext, "lobby");
        await lobby.goto(`${url}/`);
        assert.equal(await lobby.inputValue("#server"), url.replace("http:", "ws:"));
        await lobby.click("#open-lobby");
        await lobby.selectOption("#variant", "parchis:pairs");
        await lobby.click("#create");
        await lobby.waitForSelector("[data-seat-link='3']");
        const links = await lobby.$$eval("[data-seat-link]", (as) => as.map((a) => a.href));
        assert.equal(links.length, 4);
        await screenshot(lobby, "online-lobby-desktop");
        const errors = [...lobby.errors];
        await lobbyContext.close();

        // A browser context per seat, as four phones would be (and a page that is not the front
        // tab of its window is slow to take clicks). Phone-sized, they draw a quarter of the
        // pixels a desktop page draws: four pages on two cores go faster.
        const contexts = [];
        const pages = [];
        for (const [seat, link] of links.entries()) {
            const context = await browser.newContext({ viewport: PHONE });
            const page = await openPage(context, `seat ${seat}`);
            await page.goto(link);
            contexts.push(context);
            pages.push(page);
        }

        let reloaded = false;
        let shot = false;
        const play = async (page, seat) => {
            for (let moves = 0; ; moves++) {
                assert.ok(moves < 3000, `seat ${seat}: the game did not end`);
                const { action, focused } = await nextMove(page, 60000);
                if (action === "over") return moves;
                if (seat === 1 && moves === 20 && !reloaded) {
                    // A reload rejoins the seat with its stored token and misses nothing.
                    reloaded = true;
                    await page.reload();
                    continue;
                }
                if (seat === 0 && moves === 30 && !shot) {
                    shot = true;
                    assert.equal(await scrollsSideways(page), false, "the page scrolls sideways at phone size");
                    await screenshot(page, "online-parchis-pairs-phone");
                    await page.setViewportSize(DESKTOP);
                    await screenshot(page, "online-parchis-pairs-desktop");
                    await page.setViewportSize(PHONE);
                    continue;
                }
                // Each update puts the focus on the first move, so Enter plays it; every tenth
                // move is a click.
                if (focused === action && moves % 10 !== 9) await page.keyboard.press("Enter");
                else await page.locator("[data-action]").first().click();
            }
        };
        const moves = await Promise.all(pages.map(play));
        assert.ok(reloaded, "the reload never came");
        assert.ok(moves.every((n) => n > 20), `moves per seat: ${moves}`);

        const winners = await winnersOf(pages[0]);
        assert.ok(winners.length === 2, `winners ${winners}`);
        const rolls = [];
        for (const page of pages) {
            await page.waitForSelector("html[data-verified]");
            assert.equal(await page.getAttribute("html", "data-verified"), "true", await page.textContent("#over"));
            assert.match(await page.textContent("#verdict"), /^Record and dice verified: \d+ rolls checked/);
            assert.deepEqual(await winnersOf(page), winners);
            rolls.push(await page.getAttribute("#dice", "data-rolls"));
        }
        // The reloaded page's dice history is whole, like everyone else's.
        assert.ok(Number(rolls[0]) > 0);
        assert.deepEqual(rolls, Array(4).fill(rolls[0]), `dice histories: ${rolls}`);
        await screenshot(pages[1], "online-parchis-pairs-over");
        assert.deepEqual([...errors, ...pages.flatMap((page) => page.errors)], []);
        for (const context of contexts) await context.close();
    });
