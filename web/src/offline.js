// Offline play: people and bots at one page. The page is the table's host: a fichas Table with
// host dice holds the game, so every seat acts through the engine's own checks, and the log and
// the board come filtered for the seat at the screen (no bot's hidden card ever reaches it).
import { Bot, Table, View, variantInfo } from "./fichas/index.js";
import { ask } from "./bots.js";
import { GameScreen, UsageError, h, messageOf, root, seatName } from "./ui.js";

/** A small seeded generator (mulberry32): the dice of a seeded game are the same every time. */
function generator(seed) {
    let state = (seed ^ 0x9e3779b9) >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** One of the engine's chance outcomes, drawn by the engine's weights. */
function draw(outcomes, random) {
    const total = outcomes.reduce((sum, [, weight]) => sum + weight, 0);
    let pick = Math.floor(random() * total);
    for (const [outcome, weight] of outcomes) {
        pick -= weight;
        if (pick < 0) return outcome;
    }
    return outcomes.at(-1)[0];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays a game of `variant` with `seats` (per seat: "human" or a bot level) to its end.
 * `seed` seeds the dice and the bots; `delay` is the pause before a bot's move is shown.
 */
export async function playOffline(main, { words, variant, seats, seed, delay, auto }) {
    const info = variantInfo(variant);
    // The page's words: another language chosen mid-game replaces them, and the screen with them.
    let t = (id, args) => words.t(id, args);
    if (seats.length !== info.seats) {
        throw new UsageError(t("app-seats-mismatch", { variant: info.variant, seats: info.seats, count: seats.length,
            example: ["human", ...Array(info.seats - 1).fill("easy")].join(",") }));
    }
    for (const who of seats) {
        // The engine knows its levels; an unknown one throws its ConfigError here, not mid-game.
        if (who !== "human") new Bot(who, 0).free();
    }
    const humans = seats.flatMap((who, seat) => (who === "human" ? [seat] : []));
    // Cards are hidden: at one screen, a second person would see the first one's hand and private
    // log lines. Cartas offline takes one person; more play online, each on their own screen.
    if (info.has.hiddenHands && humans.length > 1) throw new UsageError(t("app-cartas-one-person"));
    const rolesIn = () => seats.map((who) => (who === "human" ? t(humans.length === 1 ? "app-role-you" : "app-role-person")
        : t("app-role-bot", { level: who })));
    const random = generator(seed);
    // The board shows the seat of a person: the one on turn, or the only one; with none, seat 0.
    let viewer = humans[0] ?? 0;
    let human = null;

    const table = new Table(info.variant, { dice: "host" });
    seats.forEach((who, seat) => table.join(seat, { player: who }));
    table.start(Date.now());

    const newScreen = () => {
        const screen = new GameScreen(main, {
            words, variant: info.variant, info, roles: rolesIn(), auto,
            onAct: (notation) => human?.(notation),
            onHint: async () => {
                const view = table.view(viewer);
                const json = view.toJson();
                view.free();
                return ask(json, "expert", seed * 10 + 9);
            },
        });
        screen.setFooter(t("app-seed-footer", { seed }));
        return screen;
    };
    let screen = newScreen();
    root.dataset.over = "false";

    let eventsFrom = 0;
    let rollsFrom = 0;
    let shown = null;
    const name = (seat) => seatName(words, info.seatNames, seat);
    // `status` is a message ([id, args]), worded when shown, so that it is worded again in
    // another language.
    const refresh = (onTurn, legal, [id, args]) => {
        shown = [onTurn, legal, [id, args]];
        const status = id ? t(id, typeof args === "function" ? args() : args) : "";
        screen.addEvents(table.eventsFor(viewer, eventsFrom));
        const movements = table.movementsFor(viewer, eventsFrom);
        screen.addRolls(table.rolls(rollsFrom));
        eventsFrom = rollsFrom = table.step;
        const view = table.view(viewer);
        // The view lists the choices in the engine's order, with their taps and words.
        const actions = legal.length ? view.legalActions() : [];
        // A roll is the table's to take, not a choice of the game: it has neither taps nor words.
        const entries = legal.includes("roll") ? [{ notation: "roll", action: null }]
            : actions.map((action) => ({ notation: action.notation, action }));
        const taps = legal.length ? view.taps() : [];
        const messages = legal.length ? view.choiceMessages() : [];
        // A move's preview: the engine's board after it, drawn when the person points at it.
        const json = legal.length ? view.toJson() : null;
        const preview = json && ((notation) => previewOf(json, notation));
        screen.show({ svg: view.svg(), legal: entries, taps, messages, hand: view.hand, movements, onTurn, status,
            key: table.step, preview });
        view.free();
    };

    // Another language mid-game: the screen is made again in it, with the whole log, and shows
    // the position as it was; the game goes on where it stood.
    const relanguage = (event) => {
        words = event.detail;
        t = (id, args) => words.t(id, args);
        screen = newScreen();
        screen.addEvents(table.eventsFor(viewer, 0));
        screen.addRolls(table.rolls(0));
        if (shown) refresh(...shown);
        if (table.isOver) finish();
    };
    window.addEventListener("fichas:words", relanguage);

    for (;;) {
        while (table.chanceDue) table.supply(draw(table.chanceOutcomes(), random), Date.now());
        if (table.isOver) break;
        const seat = table.toAct;
        const legal = table.legalActions(seat);
        const rolls = legal.length === 1 && legal[0] === "roll";
        let notation;
        if (seats[seat] === "human") {
            viewer = seat;
            const status = humans.length === 1 ? [rolls ? "app-status-your-roll" : "app-status-your-move", {}]
                : [rolls ? "app-status-name-roll" : "app-status-name-move", () => ({ name: name(seat) })];
            refresh(seat, legal, status);
            notation = await new Promise((resolve) => { human = resolve; });
            human = null;
        } else {
            refresh(seat, [], [rolls ? "app-status-bot-rolls" : "app-status-bot-thinking", () => ({ name: name(seat), level: seats[seat] })]);
            const started = performance.now();
            if (rolls) {
                notation = "roll";
            } else {
                const view = table.view(seat);
                const json = view.toJson();
                view.free();
                notation = (await ask(json, seats[seat], seed * 10 + seat)).notation;
            }
            const wait = delay - (performance.now() - started);
            if (wait > 0) await sleep(wait);
        }
        try {
            table.submit(seat, table.step, notation, Date.now());
        } catch (error) {
            // The engine refused: nothing changed; say why and ask again.
            screen.showMessage(error?.code === "illegal" && words.has(`illegal-${error.reason}`)
                ? t("error-play-illegal", { action: notation, reason: t(`illegal-${error.reason}`) }) : messageOf(error));
        }
    }

    refresh(null, [], [null]);
    finish();

    /** The end: who won, and what comes next. */
    function finish() {
        const again = new URL(location.href);
        again.searchParams.delete("seed");
        const record = table.record().toJson(true);
        screen.finish(table.winners, [
            h("p", { class: "buttons" },
                h("a", { class: "button", href: again.href }, t("app-play-again")),
                h("a", { class: "button", href: "./" }, t("app-setup")),
                h("button", {
                    type: "button",
                    onclick: () => {
                        const link = h("a", {
                            href: URL.createObjectURL(new Blob([record], { type: "application/json" })),
                            download: `fichas-${info.variant.replace(/:/g, "-")}-${seed}.json`,
                        });
                        link.click();
                        URL.revokeObjectURL(link.href);
                    },
                }, t("app-save-record"))),
        ]);
    }
}

/** The engine's board after `notation` from a seat's view (JSON), or null (a Cartas view). */
function previewOf(json, notation) {
    const view = View.fromJson(json);
    try {
        return view.previewSvg(notation);
    } finally {
        view.free();
    }
}
