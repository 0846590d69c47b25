// The app played as a phone plays it: whole games at 390×844 by tapping the board alone (marked
// tokens, the chooser's options, the hand's playable cards, a die chosen first now and then;
// never the list of moves), in Spanish
// and in English, with no console error; the Spanish page shows no text of the English catalogue.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { FluentBundle, FluentResource } from "@fluent/bundle";
import { PHONE, openPage, repository, screenshot, servedInChromium, winnersOf } from "./helpers.mjs";

const served = servedInChromium();

/** English words no Spanish text of the page has (notation such as home+5 or :pairs aside). */
const ENGLISH = ["the", "token", "tokens", "roll", "rolled", "rolls", "wins", "win", "from", "and", "with", "goal", "start",
    "limbo", "playing", "turn", "seat", "cards", "your", "hand", "pile", "discards", "round", "moves", "last", "move", "dice",
    "hint", "speed", "slow", "fast", "player", "players", "easy", "medium", "hard", "you", "classic", "mode",
    "safe", "police", "left", "used", "bonus", "corridor", "seen", "each", "next", "steals", "well", "played", "play"];

/** The English catalogue's texts that take no argument and differ from the Spanish ones. */
function englishTexts() {
    const read = (tag) => {
        const bundle = new FluentBundle(tag, { useIsolating: false });
        bundle.addResource(new FluentResource(readFileSync(join(repository, "locales", tag, "fichas.ftl"), "utf8")));
        return bundle;
    };
    const [en, es] = [read("en"), read("es")];
    const texts = new Set();
    for (const id of en._messages.keys()) {
        const message = en.getMessage(id);
        if (!message.value || typeof message.value !== "string") continue;
        const text = message.value.trim();
        const spanish = es.getMessage(id)?.value;
        // Short words (a colour, "normal") may be the same in both languages.
        if (text.length >= 12 && text !== spanish) texts.add(text);
    }
    return texts;
}

/** The page's text a person reads, the board's picture included. */
const pageText = (page) => page.evaluate(() => document.body.innerText);

/**
 * Taps where the first element matching `selector` lies, as a finger does: on the board the
 * page finds the token under (or near) the finger, whatever shape lies on top of it.
 */
async function tapOn(page, selector) {
    const target = page.locator(selector).first();
    // A person scrolls to what they tap.
    await target.scrollIntoViewIfNeeded({ timeout: 5000 }).catch(() => null);
    const box = await target.boundingBox({ timeout: 5000 }).catch(() => null);
    // The position moved on between the look and the tap (a bot's step): the caller looks again.
    if (!box) return;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Taps the page's board until the game ends (or `until(taps)` says so): the number of taps. */
async function playByTaps(page, { limit = 6000, during, until } = {}) {
    for (let taps = 0; taps < limit; taps++) {
        if (until?.(taps)) return taps;
        const next = await page.waitForFunction((taps) => {
            if (document.documentElement.dataset.over === "true") return "over";
            const visible = (el) => el && el.getClientRects().length > 0;
            // Every third time, a die (or a bonus) is chosen first, as the rule texts allow.
            if (taps % 3 === 0 && visible(document.querySelector("#counts [data-count]"))
                && !document.querySelector("#counts [aria-pressed=true]")) return "count";
            if (visible(document.querySelector("#chooser:not([hidden]) [data-choice]"))) return "choice";
            if (visible(document.querySelector("[data-playable=true]:not([aria-pressed=true])"))
                && !document.querySelector("[data-movable=true]")) return "card";
            if (document.querySelector("#board [data-movable=true]")) return "token";
            if (visible(document.querySelector("[data-roll]"))) return "roll";
            return false;
        }, taps, { timeout: 30000, polling: 50 }).then((handle) => handle.jsonValue());
        if (next === "over") return taps;
        if (during) await during(taps);
        const target = {
            choice: "#chooser [data-choice]",
            card: "[data-playable=true]:not([aria-pressed=true])",
            token: "#board [data-movable=true]",
            roll: "[data-roll]",
            count: "#counts [data-count]",
        }[next];
        await tapOn(page, target);
    }
    throw new Error(`the game did not end in ${limit} taps`);
}

const GAMES = [
    { name: "poleana", variant: "poleana:assisted", seed: 7 },
    { name: "parchis-pairs", variant: "parchis:pairs", seed: 16 },
    { name: "cartas", variant: "cartas", seed: 10 },
];

for (const language of ["es", "en"]) {
    for (const game of GAMES) {
        test(`${game.variant} played to its end by taps, in ${language}`, { timeout: 240000 }, async () => {
            const context = await served.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
            // Tokens walk at the normal speed in Spanish; in English the setting is "no animation".
            if (language === "en") await context.addInitScript(() => localStorage.setItem("fichas-speed", "off"));
            const page = await openPage(context, `${game.name}-${language}`);
            await page.goto(`${served.site.url}/?variant=${game.variant}&seats=human,easy,easy,easy&seed=${game.seed}&delay=0&lang=${language}`);
            const texts = [];
            const taps = await playByTaps(page, {
                during: async (n) => {
                    if (n % 25 === 5) texts.push(await pageText(page));
                    if (n === 5) await screenshot(page, `taps-${game.name}-${language}`);
                },
            });
            assert.ok(taps > 5, `only ${taps} taps`);
            console.log(`${game.variant} in ${language}: ${taps} taps`);
            assert.equal(await page.getAttribute("html", "lang"), language);
            assert.ok((await winnersOf(page)).length > 0);
            texts.push(await pageText(page));
            if (language === "es") {
                const english = englishTexts();
                for (const text of texts) {
                    for (const line of english) assert.ok(!text.includes(line), `the Spanish page shows "${line}"`);
                    const words = text.toLowerCase().split(/[^a-záéíóúñü]+/);
                    const found = ENGLISH.filter((word) => words.includes(word));
                    assert.deepEqual(found, [], `the Spanish page shows English words: ${found}`);
                }
            }
            await screenshot(page, `taps-${game.name}-${language}-over`);
            assert.deepEqual(page.errors, []);
            await context.close();
        });
    }
}

test("another language chosen mid-game shows the same game in it, and play goes on", { timeout: 90000 }, async () => {
    const context = await served.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    await context.addInitScript(() => localStorage.setItem("fichas-speed", "off"));
    const page = await openPage(context, "language-switch");
    await page.goto(`${served.site.url}/?variant=parchis&seats=human,easy,easy,easy&seed=16&delay=0&lang=es`);
    await playByTaps(page, { limit: 12, until: (taps) => taps >= 10 });
    const before = await page.evaluate(() => ({
        tokens: [...document.querySelectorAll("#board [data-token]")].map((t) => t.dataset.token).sort(),
        log: document.querySelectorAll("#log li").length,
        rolls: document.querySelector("#dice").dataset.rolls,
    }));
    await page.selectOption("#language", "en");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    const after = await page.evaluate(() => ({
        tokens: [...document.querySelectorAll("#board [data-token]")].map((t) => t.dataset.token).sort(),
        log: document.querySelectorAll("#log li").length,
        rolls: document.querySelector("#dice").dataset.rolls,
    }));
    assert.deepEqual(after, before, "the same position, log and dice");
    assert.match(await page.textContent("#status"), /^(Your (roll|move)|.*(rolls|thinking))/);
    assert.equal(new URL(page.url()).searchParams.get("lang"), "en");
    // And the game goes on, by taps, to its end.
    assert.ok((await playByTaps(page)) > 0);
    assert.ok((await winnersOf(page)).length > 0);
    assert.deepEqual(page.errors, []);
    await context.close();
});
