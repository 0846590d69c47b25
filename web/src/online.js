// Online play through a fichas game server (fichas-server): the lobby that creates a room,
// and a seat's page, which knows only what the server's updates tell its seat.
import { Record, View, variantInfo, verifyDice } from "./fichas/index.js";
import { ask } from "./bots.js";
import { GameScreen, chip, h, messageOf, root, seatName, variantTitle } from "./ui.js";
import { variantChoices } from "./setup.js";

const tokenKey = (server, table, seat) => `fichas:token:${server}:${table}:${seat}`;

/** The page's link for a seat of a table. */
export function seatLink(server, table, seat) {
    const url = new URL(location.pathname, location.href);
    url.searchParams.set("server", server);
    url.searchParams.set("table", table);
    url.searchParams.set("seat", String(seat));
    return url.href;
}

/** Opens a connection and sends one request: the first reply that is not an update. */
function request(server, message, words) {
    return new Promise((resolve, reject) => {
        let socket;
        try {
            socket = new WebSocket(server);
        } catch (error) {
            reject(new Error(words.t("app-cannot-connect", { server, reason: messageOf(error) })));
            return;
        }
        socket.onopen = () => socket.send(JSON.stringify(message));
        socket.onmessage = (event) => {
            const reply = JSON.parse(event.data);
            socket.close();
            resolve(reply);
        };
        socket.onerror = () => reject(new Error(words.t("app-cannot-reach-server", { server })));
    });
}

export function lobby(main, server, words) {
    const t = (id, args) => words.t(id, args);
    const variant = h("select", { id: "variant", name: "variant" }, variantChoices(words));
    variant.value = "parchis";
    const dice = h("select", { id: "dice", name: "dice" },
        h("option", { value: "verifiable" }, t("app-dice-verifiable")),
        h("option", { value: "system" }, t("app-dice-system")));
    const limit = h("select", { id: "turn-limit", name: "turn-limit" },
        h("option", { value: "" }, t("app-no-limit")),
        ...[15, 30, 60, 120, 300].map((s) => h("option", { value: String(s * 1000) },
            s < 60 ? t("app-limit-seconds", { count: s }) : t("app-limit-minutes", { count: s / 60 }))));
    const create = h("button", { type: "submit", id: "create", class: "primary" }, t("app-create-room"));
    const message = h("p", { class: "message", role: "alert", hidden: true });
    const result = h("div", { id: "room", class: "room", "aria-live": "polite" });

    const form = h("form", { class: "card setup", onsubmit: (event) => { event.preventDefault(); make(); } },
        h("h1", {}, t("app-play-online")),
        h("p", { class: "fine" }, t("app-server-line", { server })),
        h("label", { for: "variant" }, t("app-game")), variant,
        h("label", { for: "dice" }, t("app-dice")), dice,
        h("label", { for: "turn-limit" }, t("app-turn-time")), limit,
        h("p", { class: "buttons" }, create),
        message);
    main.replaceChildren(h("div", { class: "lobby" }, form, result));

    async function make() {
        create.disabled = true;
        message.hidden = true;
        try {
            const reply = await request(server, {
                type: "create", variant: variant.value, dice: dice.value,
                turn_limit_ms: limit.value ? Number(limit.value) : null,
            }, words);
            if (reply.type !== "created") throw new Error(reply.message ?? t("app-server-answered", { type: reply.type }));
            showRoom(reply);
        } catch (error) {
            message.textContent = messageOf(error);
            message.hidden = false;
        } finally {
            create.disabled = false;
        }
    }

    function showRoom(created) {
        const info = variantInfo(created.variant);
        const links = info.seatNames.map((name, seat) => {
            const href = seatLink(server, created.table, seat);
            const copy = h("button", {
                type: "button", class: "tool",
                onclick: async () => {
                    try {
                        await navigator.clipboard.writeText(href);
                        copy.textContent = t("app-copied");
                    } catch {
                        copy.textContent = t("app-copy-failed");
                    }
                },
            }, t("app-copy"));
            return h("li", {}, chip(name),
                h("a", { href, "data-seat-link": String(seat) },
                    t("app-seat-label", { seat, name: seatName(words, info.seatNames, seat) })), copy);
        });
        result.replaceChildren(h("section", { class: "card" },
            h("h2", {}, t("app-room", { table: created.table })),
            h("p", {}, t("app-room-intro", { variant: variantTitle(words, info) })),
            h("ul", { class: "links" }, links),
            created.commitment ? h("p", { class: "fine" }, t("app-dice-commitment", { commitment: created.commitment })) : null));
    }
}

/** A seat's page at a table: joins (or rejoins with its stored token) and plays. */
export function playOnline(main, { words, server, table, seat }) {
    const t = (id, args) => words.t(id, args);
    const key = tokenKey(server, table, seat);
    const heads = new Map();
    let url = server;
    let socket = null;
    let screen = null;
    let last = null;
    let seen = 0;
    let retry = 0;
    let stopped = false;
    let joining = false;
    let refusals = 0;
    let reached = false;
    root.dataset.over = "false";

    const status = h("p", { class: "status" }, t("app-connecting", { server }));
    const note = h("p", { class: "message", role: "alert", hidden: true });
    main.replaceChildren(h("section", { class: "card" }, status, note));
    const say = (text) => {
        if (screen) screen.showMessage(text);
        else {
            note.textContent = text;
            note.hidden = false;
        }
    };

    /** Sends a message if the connection is open: whether it went. */
    const send = (message) => {
        if (socket?.readyState !== WebSocket.OPEN) return false;
        socket.send(JSON.stringify(message));
        return true;
    };

    function connect() {
        socket = new WebSocket(url);
        socket.onopen = () => {
            retry = 0;
            reached = true;
            screen?.clearMessage();
            note.hidden = true;
            const token = localStorage.getItem(key);
            if (token) send({ type: "hello", table, token, since: seen });
            else {
                joining = true;
                send({ type: "join", table, seat });
            }
        };
        socket.onmessage = (event) => receive(JSON.parse(event.data));
        socket.onclose = (event) => {
            if (stopped) return;
            if (event.code === 4000) {
                say(t("app-other-tab"));
                return;
            }
            // A lost connection comes back with the last step seen, and misses nothing.
            const wait = Math.min(10000, 500 * 2 ** retry++);
            say(reached ? t("app-connection-lost", { count: Math.round(wait / 1000) })
                : t("app-cannot-reach-retry", { url, count: Math.round(wait / 1000) }));
            setTimeout(connect, wait);
        };
    }

    function receive(message) {
        switch (message.type) {
            case "joined":
                joining = false;
                localStorage.setItem(key, message.token);
                send({ type: "hello", table, token: message.token, since: 0 });
                break;
            case "update":
                update(message);
                break;
            case "moved":
                url = message.url;
                socket.onclose = null;
                socket.close();
                connect();
                break;
            case "closed":
                stopped = true;
                say(t("app-table-closed", { reason: message.reason }));
                break;
            case "refused":
                refused(message);
                break;
            default:
                break;
        }
    }

    function refused(message) {
        if (message.error === "BadToken" && !joining) {
            // The stored token is not this seat's any more (another server, a new table): join anew.
            localStorage.removeItem(key);
            joining = true;
            send({ type: "join", table, seat });
            return;
        }
        if (joining) {
            joining = false;
            stopped = true;
            say(message.error === "SeatTaken"
                ? t("app-seat-taken", { seat, reason: message.message })
                : message.message);
            return;
        }
        say(message.message);
        // Nothing changed: the moves of the last update are the moves still.
        refusals += 1;
        if (last) show(last);
    }

    function update(message) {
        seen = message.step;
        // What the server committed to is pinned at the first update this browser saw for the
        // seat (kept across reloads), and every head it sent is kept: at the end the record must
        // agree with both, so a server cannot swap its dice or rewrite the game afterwards.
        if (message.commitment && !localStorage.getItem(`${key}:commitment`)) {
            localStorage.setItem(`${key}:commitment`, message.commitment);
        }
        if (message.step > 0) heads.set(message.step, message.head);
        const view = View.fromJson(JSON.stringify(message.view));
        if (!screen) {
            const info = variantInfo(view.variant);
            const roles = info.seatNames.map((_, s) => (s === seat ? t("app-role-you") : t("app-role-seat", { seat: s })));
            screen = new GameScreen(main, {
                words, variant: view.variant, info, roles, auto: false,
                onAct: (notation) => {
                    if (!send({ type: "act", table, token: localStorage.getItem(key), step: last.step, action: notation })) {
                        say(t("app-not-connected"));
                        refusals += 1;
                        show(last);
                    }
                },
                onHint: () => ask(JSON.stringify(last.view), "expert", Math.floor(Math.random() * 2 ** 31)),
            });
            screen.setFooter(t("app-online-footer", { table, server, seat, dice: message.dice }));
        }
        screen.addEvents(message.events ?? []);
        screen.addRolls(message.rolls ?? []);
        last?.parsed.free();
        last = { ...message, parsed: view };
        show(last);
        if (message.over) finish(message);
    }

    function show(message) {
        const view = message.parsed;
        const legal = message.over ? [] : message.legal ?? [];
        const actions = legal.length ? view.legalActions() : [];
        // A roll is the table's to take, not a choice of the game: it has neither taps nor words.
        const entries = legal.includes("roll") ? [{ notation: "roll", action: null }]
            : actions.map((action) => ({ notation: action.notation, action }));
        const taps = legal.length ? view.taps() : [];
        const messages = legal.length ? view.choiceMessages() : [];
        const names = screen.info.seatNames;
        let text;
        if (message.over) text = "";
        else if (message.to_act === null && message.step === 0) text = t("app-waiting-join");
        else if (message.to_act === seat) text = t(legal.includes("roll") ? "app-status-your-roll" : "app-status-your-move");
        else if (message.to_act === null) text = t("app-dealing");
        else text = t("app-waiting-for", { name: seatName(words, names, message.to_act), seat: message.to_act });
        // A move's preview: the engine's board after it, drawn when the person points at it.
        const json = entries.length ? JSON.stringify(message.view) : null;
        const preview = json && ((notation) => {
            const after = View.fromJson(json);
            try {
                return after.previewSvg(notation);
            } finally {
                after.free();
            }
        });
        screen.show({
            svg: view.svg(), legal: entries, taps, messages, hand: view.hand, onTurn: message.to_act, status: text,
            key: `${message.step}:${refusals}`, preview,
        });
        screen.countdown(message.over ? null : message.deadline);
    }

    function finish(message) {
        stopped = true;
        socket.onclose = null;
        socket.close();
        // The page checks the game itself: the hash chain up to the server's head, and the dice.
        let verdict;
        try {
            const record = Record.fromJson(message.record);
            try {
                record.verify(message.head);
                const links = record.links;
                for (const [step, head] of heads) {
                    if (links[step - 1] !== head) {
                        throw new Error(t("app-verify-head", { head, step }));
                    }
                }
                const pinned = localStorage.getItem(`${key}:commitment`);
                const committed = JSON.parse(message.record).table?.commitment ?? null;
                if (pinned && committed !== pinned) {
                    throw new Error(t("app-verify-commitment", { commitment: pinned }));
                }
            } finally {
                record.free();
            }
            if (message.dice === "verifiable") {
                const checked = verifyDice(message.record, message.secret);
                verdict = t("app-verified-dice", { count: checked, game: screen.info.game });
            } else {
                verdict = t("app-verified-record", { dice: message.dice });
            }
            root.dataset.verified = "true";
        } catch (error) {
            verdict = t("app-check-failed", { reason: messageOf(error) });
            root.dataset.verified = "false";
        }
        screen.finish(message.winners, [
            h("p", { class: `verdict ${root.dataset.verified === "true" ? "ok" : "bad"}`, id: "verdict" }, verdict),
            h("p", { class: "buttons" }, h("a", { class: "button", href: `?server=${encodeURIComponent(server)}` }, t("app-new-room"))),
        ]);
    }

    connect();
}
