// What the browser tests share: the site assembled by web/build in a temporary directory, served
// by web/serve.mjs on a free port, Debian's Chromium, pages that fail the test on any console
// or page error, and a player that clicks the page's data-action elements.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

export const web = dirname(dirname(fileURLToPath(import.meta.url)));
export const repository = dirname(web);
export const screenshots = join(repository, "target", "web-screenshots");

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Reads lines from a child's stream until one matches: its match. */
export function lineMatching(stream, pattern, what, timeoutMs = 20000) {
    return new Promise((resolve, reject) => {
        let seen = "";
        const timer = setTimeout(() => reject(new Error(`${what} said nothing like ${pattern} in ${timeoutMs} ms: ${seen}`)),
            timeoutMs);
        stream.setEncoding("utf8");
        stream.on("data", (chunk) => {
            seen += chunk;
            const found = seen.match(pattern);
            if (found) {
                clearTimeout(timer);
                resolve(found);
            }
        });
        stream.on("end", () => reject(new Error(`${what} ended before it said ${pattern}: ${seen}`)));
    });
}

/** The site built by web/build into a new temporary directory: the directory. */
export function buildSite() {
    const dir = mkdtempSync(join(tmpdir(), "fichas-web-"));
    execFileSync(join(web, "build"), [dir], { stdio: ["ignore", "ignore", "inherit"] });
    return dir;
}

/** The site built into a temporary directory and served: {url, close}. */
export async function serveSite() {
    const dir = buildSite();
    const server = spawn(process.execPath, [join(web, "serve.mjs"), dir, "0"], { stdio: ["ignore", "pipe", "inherit"] });
    const [, url] = await lineMatching(server.stdout, /serving .* on (http:\/\/127\.0\.0\.1:\d+)/, "serve.mjs");
    return {
        url,
        close() {
            server.kill();
            rmSync(dir, { recursive: true, force: true });
        },
    };
}

export const launch = () => chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });

/**
 * The site served and Chromium launched before a file's tests, and both stopped after them:
 * `{site, browser}`, filled in once the tests start.
 */
export function servedInChromium() {
    const served = { site: null, browser: null };
    before(async () => {
        served.site = await serveSite();
        served.browser = await launch();
    });
    after(async () => {
        await served.browser?.close();
        served.site?.close();
    });
    return served;
}

/** A page whose console errors and page errors are collected in `page.errors`. */
export async function openPage(context, name) {
    const page = await context.newPage();
    page.errors = [];
    page.on("console", (message) => {
        if (message.type() === "error") page.errors.push(`${name}: console error: ${message.text()}`);
    });
    page.on("pageerror", (error) => page.errors.push(`${name}: page error: ${error.message}`));
    return page;
}

/** Writes a screenshot to target/web-screenshots/ and prints its path. */
export async function screenshot(page, name) {
    mkdirSync(screenshots, { recursive: true });
    const path = join(screenshots, `${name}.png`);
    await page.screenshot({ path });
    console.log(`screenshot: ${path}`);
    return path;
}

/**
 * Waits until the page offers a move to its person or the game is over: {action, focused}, the
 * first move's notation (or "over") and the notation of the move that has the focus, if one
 * has. One round trip: the page watches its own DOM.
 */
export function nextMove(page, timeoutMs = 30000) {
    return page.evaluate((timeoutMs) => new Promise((resolve, reject) => {
        const look = () => {
            if (document.documentElement.dataset.over === "true") return { action: "over", focused: null };
            const action = document.querySelector("[data-action]")?.dataset.action;
            return action ? { action, focused: document.activeElement?.dataset.action ?? null } : null;
        };
        const found = look();
        if (found) return resolve(found);
        const observer = new MutationObserver(() => {
            const now = look();
            if (now) {
                observer.disconnect();
                clearTimeout(timer);
                resolve(now);
            }
        });
        const timer = setTimeout(() => {
            observer.disconnect();
            const status = document.getElementById("status")?.textContent ?? "";
            const message = document.querySelector("[role=alert]:not([hidden])")?.textContent ?? "";
            reject(new Error(`no move and no end in ${timeoutMs} ms; status "${status}" ${message}`));
        }, timeoutMs);
        observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true,
            attributeFilter: ["data-over", "data-action"] });
    }), timeoutMs);
}

/** The first move the page offers its person, or "over": see nextMove. */
export const nextAction = async (page, timeoutMs) => (await nextMove(page, timeoutMs)).action;

/**
 * Plays the page's person to the end by clicking the first data-action element each time;
 * `during(moves)` runs before each move. The number of moves.
 */
export async function playByClicks(page, { during, limit = 4000 } = {}) {
    for (let moves = 0; moves < limit; moves++) {
        if ((await nextAction(page)) === "over") return moves;
        if (during) await during(moves);
        await page.locator("[data-action]").first().click();
    }
    throw new Error(`the game did not end in ${limit} moves`);
}

/** The winners the page's root names, as numbers. */
export async function winnersOf(page) {
    const text = await page.getAttribute("html", "data-winners");
    return text === null ? null : text.split(",").map(Number);
}

/** Whether the page scrolls sideways (it must not, at phone size). */
export const scrollsSideways = (page) =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
