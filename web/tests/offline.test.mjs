// Offline play in a real browser: a whole game of each game against easy bots, played by clicking
// the page's list of moves; a phone-sized game played with the keyboard alone; the set-up screen.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
    DESKTOP, PHONE, nextAction, openPage, playByClicks, screenshot, scrollsSideways, servedInChromium, winnersOf,
} from "./helpers.mjs";

const served = servedInChromium();

/** A page in a context of its own, at `viewport`. */
async function fresh(name, viewport = DESKTOP) {
    const context = await served.browser.newContext({ viewport });
    // These games are played through the list of moves, in English: a lone roll or move waits
    // for its click, as the setting "off" has it (taps.test.mjs plays by taps, with it on).
    await context.addInitScript(() => {
        localStorage.setItem("fichas-auto", "off");
        localStorage.setItem("fichas-language", "en");
    });
    const page = await openPage(context, name);
    return { context, page };
}

// Seeds whose games are of the shorter kind, to keep the suite quick.
const GAMES = [
    { name: "poleana", variant: "poleana:assisted", seats: "human,easy,easy,easy", seed: 7 },
    { name: "parchis", variant: "parchis", seats: "human,easy,easy,easy", seed: 16 },
    { name: "cartas", variant: "cartas", seats: "human,easy,easy,easy", seed: 10 },
];

for (const game of GAMES) {
    test(`a whole game of ${game.variant}, one person against easy bots`, { timeout: 90000 }, async () => {
        const { context, page } = await fresh(game.name);
        await page.goto(`${served.site.url}/?variant=${game.variant}&seats=${game.seats}&seed=${game.seed}&delay=0`);
        const moves = await playByClicks(page, {
            during: async (move) => {
                if (move !== 12) return;
                // Mid-game, at both sizes: the board, the moves below or beside it.
                await screenshot(page, `${game.name}-desktop`);
                await page.setViewportSize(PHONE);
                await nextAction(page);
                assert.equal(await scrollsSideways(page), false, "the page scrolls sideways at phone size");
                await screenshot(page, `${game.name}-phone`);
                await page.setViewportSize(DESKTOP);
            },
        });
        assert.ok(moves > 12, `only ${moves} moves`);
        console.log(`${game.variant}: ${moves} moves`);
        const winners = await winnersOf(page);
        assert.ok(winners.length > 0 && winners.every((s) => Number.isInteger(s) && s >= 0 && s < 4), `winners ${winners}`);
        assert.match(await page.textContent("#over"), /wins?!/);
        // Over: nothing left to play.
        assert.equal(await page.locator("[data-action]").count(), 0);
        await screenshot(page, `${game.name}-over`);
        assert.deepEqual(page.errors, []);
        await context.close();
    });
}

test("a phone-sized Parchís game with the keyboard alone", { timeout: 90000 }, async () => {
    const { context, page } = await fresh("phone", PHONE);
    await page.goto(`${served.site.url}/?variant=parchis:two-player&seats=easy,human&seed=29&delay=0`);
    await nextAction(page);
    // The board takes the phone's width, and the moves come below it.
    const board = await page.locator("#board svg").boundingBox();
    const first = await page.locator("[data-action]").first().boundingBox();
    assert.ok(board.width >= PHONE.width - 24, `the board is ${board.width} px wide`);
    assert.ok(first.y >= board.y + board.height - 1, "the moves are below the board");
    assert.equal(await scrollsSideways(page), false, "the page scrolls sideways");

    let tabbed = 0;
    for (let presses = 0; ; presses++) {
        assert.ok(presses < 2000, "the game did not end");
        if ((await nextAction(page)) === "over") break;
        // Each step puts the focus on the first move, so Enter plays it.
        const focused = await page.evaluate(() => document.activeElement?.dataset.action ?? null);
        assert.notEqual(focused, null, "the focus is not on a move");
        const count = await page.locator("[data-action]").count();
        if (count > 1 && tabbed < 5) {
            // Tab reaches the next move, and Enter plays that one.
            await page.keyboard.press("Tab");
            const second = await page.locator("[data-action]").nth(1).getAttribute("data-action");
            assert.equal(await page.evaluate(() => document.activeElement?.dataset.action), second);
            tabbed += 1;
        }
        await page.keyboard.press("Enter");
    }
    assert.ok(tabbed > 0, "no step had two moves to Tab between");
    assert.ok((await winnersOf(page)).length > 0);
    assert.equal(await scrollsSideways(page), false, "the page scrolls sideways at the end");
    await screenshot(page, "parchis-two-player-phone-over");
    assert.deepEqual(page.errors, []);
    await context.close();
});

test("bots alone: the page never offers a bot's move", { timeout: 60000 }, async () => {
    const { context, page } = await fresh("bots");
    await page.addInitScript(() => {
        // Counts every data-action element that ever appears.
        window.offered = 0;
        new MutationObserver((records) => {
            for (const record of records) {
                for (const node of record.addedNodes) {
                    if (node.nodeType === 1 && (node.matches("[data-action]") || node.querySelector("[data-action]"))) {
                        window.offered += 1;
                    }
                }
            }
        }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${served.site.url}/?variant=cartas&seats=easy,easy,easy,easy&seed=2&delay=0`);
    assert.equal(await nextAction(page, 60000), "over");
    assert.equal(await page.evaluate(() => window.offered), 0);
    assert.ok((await winnersOf(page)).length > 0);
    assert.deepEqual(page.errors, []);
    await context.close();
});

test("the set-up screen starts the game it describes", { timeout: 30000 }, async () => {
    const { context, page } = await fresh("setup");
    await page.goto(`${served.site.url}/`);
    await page.selectOption("#variant", "poleana-express:3:free");
    assert.equal(await page.locator(".seat-choice select").count(), 3);
    await page.selectOption("#seat-1", "easy");
    await page.selectOption("#seat-2", "hard");
    await page.fill("#seed", "4");
    await screenshot(page, "setup-desktop");
    await page.click("#start");
    await page.waitForURL(/variant=poleana-express/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("seats"), "human,easy,hard");
    assert.equal(url.searchParams.get("seed"), "4");
    assert.equal(await nextAction(page), "roll");
    // A hint is for a decision; a roll needs none.
    assert.equal(await page.isDisabled("#hint"), true);
    await page.click("[data-action=roll]");
    assert.deepEqual(page.errors, []);
    await context.close();
});

test("a hint names a move and says why; pointing at a move previews it", { timeout: 30000 }, async () => {
    const { context, page } = await fresh("hint");
    await page.goto(`${served.site.url}/?variant=parchis&seats=human,easy,easy,easy&seed=7&delay=0`);
    // Rolls until a decision comes.
    for (;;) {
        const next = await nextAction(page);
        if (next !== "roll") break;
        await page.click("[data-action=roll]");
    }
    // Pointing at a move shows the engine's board after it, its cells marked; leaving it, the board.
    // (The pointer leaves the roll's button first: a move's button may have taken its place.)
    await page.mouse.move(0, 0);
    await page.waitForSelector("#board:not(.previewing)");
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    const board = await page.innerHTML("#board");
    await page.locator("[data-action]").first().hover();
    await page.waitForSelector("#board.previewing");
    assert.notEqual(await page.innerHTML("#board"), board);
    assert.ok((await page.innerHTML("#board")).includes('class="to"'), "the landing cell is marked");
    await page.mouse.move(0, 0);
    await page.waitForSelector("#board:not(.previewing)");
    assert.equal(await page.innerHTML("#board"), board);
    await page.click("#hint");
    await page.waitForSelector("#hint-text:not([hidden])");
    assert.match(await page.textContent("#hint-text"), /^Hint: .+/);
    assert.equal(await page.locator("[data-action].hinted").count(), 1);
    assert.equal(await page.evaluate(() => document.activeElement.classList.contains("hinted")), true);
    // The focus the page gives the hinted move previews nothing; Tab to the next move does.
    assert.equal(await page.locator("#board.previewing").count(), 0);
    if (await page.locator("[data-action]").count() > 1) {
        await page.keyboard.press("Tab");
        await page.waitForSelector("#board.previewing");
    }
    assert.deepEqual(page.errors, []);
    await context.close();
});

test("a link the page cannot play says why", { timeout: 30000 }, async () => {
    const { context, page } = await fresh("refusal");
    await page.goto(`${served.site.url}/?variant=parchis:three&seats=human`);
    await page.waitForSelector("[role=alert]");
    assert.match(await page.textContent("[role=alert]"), /parchis|variant|mode/i);
    await page.goto(`${served.site.url}/?variant=parchis&seats=human,easy`);
    await page.waitForSelector("[role=alert]");
    assert.match(await page.textContent("[role=alert]"), /4 seats/);
    // Two people at one screen would see each other's Cartas hands.
    await page.goto(`${served.site.url}/?variant=cartas&seats=human,easy,human,easy`);
    await page.waitForSelector("[role=alert]");
    assert.match(await page.textContent("[role=alert]"), /Cartas at one screen takes one person/);
    assert.equal(await page.locator("[data-action]").count(), 0);
    assert.deepEqual(page.errors, []);
    await context.close();
});
