// The game screen, shared by offline and online play: the engine's board, a button per legal
// action, the dice history, the log, the hint and the end. It shows what it is given; the
// controllers (offline.js, online.js) get everything from the engine or the server.
import { capital, describe, seatName } from "./events.js";

export const root = document.documentElement;

const BOARD_PAUSE_MS = 200;
const LOG_LINES = 24;

/** An element: h("button", {class: "x", onclick}, "text", child). */
export function h(tag, attributes = {}, ...children) {
    const element = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
        if (value === null || value === undefined || value === false) continue;
        if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
        else if (key === "class") element.className = value;
        else if (key === "dataset") Object.assign(element.dataset, value);
        else element.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
        if (child === null || child === undefined || child === false) continue;
        element.append(child instanceof Node ? child : String(child));
    }
    return element;
}

const ICONS = {
    dice: '<rect x="3" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" stroke-width="2"/>'
        + '<g fill="currentColor"><circle cx="8" cy="8" r="1.7"/><circle cx="16" cy="8" r="1.7"/><circle cx="12" cy="12" r="1.7"/>'
        + '<circle cx="8" cy="16" r="1.7"/><circle cx="16" cy="16" r="1.7"/></g>',
    clock: '<circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 9v4l3 2M9 3h6" '
        + 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
    hint: '<path d="M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2V17h5v-1.1c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z" fill="none" '
        + 'stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M9.5 20h5" stroke="currentColor" '
        + 'stroke-width="2" stroke-linecap="round"/>',
};

/** A small drawn icon (no emoji font needed): "dice", "clock" or "hint". */
export function icon(name) {
    const span = h("span", { class: "icon", "aria-hidden": "true" });
    span.innerHTML = `<svg viewBox="0 0 24 24" width="1.2em" height="1.2em">${ICONS[name]}</svg>`;
    return span;
}

/** A coloured dot for a colour name (or several, "yellow+red"). */
export const chip = (colours) =>
    h("span", { class: "chips", "aria-hidden": "true" },
        String(colours ?? "").split("+").filter(Boolean).map((c) => h("span", { class: `chip ${c}` })));

/** Poleana and Poleana Express: the games whose actions carry ✓/✕ and ★/⚠ marks. */
export const isPoleana = (info) => info.game === "poleana" || info.game === "poleana-express";

/** What a variant text's game is called on the page. */
export function variantTitle(variant, info) {
    const [name, ...options] = variant.split(":");
    const game = { poleana: "Poleana", "poleana-express": "Poleana Express", parchis: "Parchís", cartas: "Cartas" }[name]
        ?? capital(name);
    const words = options.map((o) => (/^\d+$/.test(o) ? `${o} players` : o.replace(/-/g, " ")));
    if (info && !options.some((o) => /^\d+$/.test(o))) words.unshift(`${info.seats} players`);
    return [game, ...words].join(" · ");
}

/** A link or set-up the page cannot play (a wrong seats= or seed=): shown, not a bug. */
export class UsageError extends Error {}

/** A message for the page from anything thrown: the engine's own words when it is the engine's. */
export const messageOf = (error) => String(error?.message ?? error);

/**
 * Makes `from` like `to`, node by node, changing only what differs: a new board differs from the
 * last one in a few tokens, and a page that redraws only those lays out and paints far less.
 */
function morph(from, to) {
    if (from.nodeType !== Node.ELEMENT_NODE) {
        if (from.nodeValue !== to.nodeValue) from.nodeValue = to.nodeValue;
        return;
    }
    for (const { name } of [...from.attributes]) if (!to.hasAttribute(name)) from.removeAttribute(name);
    for (const { name, value } of to.attributes) if (from.getAttribute(name) !== value) from.setAttribute(name, value);
    const next = [...to.childNodes];
    next.forEach((child, i) => {
        const old = from.childNodes[i];
        if (!old) from.append(child);
        else if (old.nodeType !== child.nodeType || old.nodeName !== child.nodeName) from.replaceChild(child, old);
        else morph(old, child);
    });
    while (from.childNodes.length > next.length) from.lastChild.remove();
}

/** Draws the engine's SVG text into `board`, changing only what changed since the last one. */
function drawSvg(board, svg) {
    const template = document.createElement("template");
    template.innerHTML = svg;
    const fresh = template.content.firstElementChild;
    const shown = board.firstElementChild;
    if (shown && fresh && shown.nodeName === fresh.nodeName) morph(shown, fresh);
    else board.replaceChildren(template.content);
}

export class GameScreen {
    /**
     * @param parent where the screen goes
     * @param options.variant the variant text; options.info its variantInfo
     * @param options.roles each seat's role in words ("you", "easy bot", …)
     * @param options.onAct called with a notation when this page's person plays
     * @param options.onHint returns a promise of a suggestion for this page's person
     */
    constructor(parent, { variant, info, roles, onAct, onHint }) {
        this.variant = variant;
        this.info = info;
        this.names = info.seatNames;
        this.roles = roles;
        this.onAct = onAct;
        this.onHint = onHint;
        // Poleana's assisted mode shows ✓ and ✕; the free mode shows neither.
        this.assisted = isPoleana(info) && variant.split(":").includes("assisted");
        this.focusedKey = null;
        this.rolls = [];
        // Whether the focus moves by the keyboard's Tab, for the moves' previews.
        this.tabbing = false;
        document.addEventListener("keydown", (event) => { this.tabbing = event.key === "Tab"; });
        document.addEventListener("pointerdown", () => { this.tabbing = false; });

        this.board = h("div", { class: "board", id: "board", role: "img", "aria-label": "The board" });
        this.status = h("p", { class: "status", id: "status", "aria-live": "polite" });
        this.clock = h("p", { class: "clock", id: "clock", hidden: true });
        this.actions = h("div", { class: "actions", id: "actions", role: "group", "aria-label": "Your moves" });
        this.hintButton = h("button", { type: "button", class: "tool", id: "hint", disabled: true, onclick: () => this.askHint() },
            icon("hint"), "Hint");
        this.diceButton = h("button", {
            type: "button", class: "tool", id: "dice-toggle", "aria-expanded": "false", "aria-controls": "dice",
            onclick: () => this.toggleDice(),
            title: "Dice history",
        }, icon("dice"), h("span", {}, "Dice"));
        this.hintText = h("p", { class: "hint", id: "hint-text", hidden: true });
        this.message = h("p", { class: "message", id: "message", role: "alert", hidden: true });
        this.end = h("div", { class: "over", id: "over", hidden: true });
        this.dice = h("ol", { class: "dice", id: "dice", hidden: true, "data-rolls": "0", "aria-label": "Dice history" });
        this.seatList = h("ul", { class: "seats", id: "seats", "aria-label": "Seats" });
        this.log = h("ol", { class: "log", id: "log", "aria-label": "Last moves" });
        this.footer = h("p", { class: "fine", id: "fine" });

        const tools = h("div", { class: "tools" }, this.hintButton, info.game === "cartas" ? null : this.diceButton);
        this.element = h("section", { class: "game", "aria-label": variantTitle(variant, info) },
            h("div", { class: "board-wrap" }, this.board),
            h("div", { class: "panel" },
                this.end, this.status, this.clock, this.actions, this.message, tools, this.hintText, this.dice,
                this.seatList,
                h("h2", {}, "Last moves"), this.log, this.footer));
        parent.replaceChildren(this.element);
        this.renderSeats(null);
    }

    seatLabel(seat) {
        return seatName(this.names, seat);
    }

    renderSeats(onTurn) {
        // Only a change of turn redraws the list: a page at a busy table changes little per step.
        if (onTurn === this.seatsOnTurn) return;
        this.seatsOnTurn = onTurn;
        this.seatList.replaceChildren(...this.names.map((name, seat) =>
            h("li", { class: seat === onTurn ? "on-turn" : null, "aria-current": seat === onTurn ? "true" : null },
                chip(name), h("span", { class: "name" }, this.seatLabel(seat)),
                h("span", { class: "role" }, this.roles[seat] ?? ""),
                seat === onTurn ? h("span", { class: "turn-mark" }, "◀ on turn") : null)));
    }

    /**
     * Shows a state: `svg` (the board), `legal` ([{notation, action}] this page's person may play
     * now, in the engine's order), `onTurn`, `status`, `key` (changes with every step).
     */
    show({ svg, legal, onTurn, status, key, preview = null }) {
        this.preview = preview;
        this.previewing = null;
        this.board.classList.remove("previewing");
        this.drawBoard(svg, legal.length > 0);
        if (this.status.textContent !== status) this.status.textContent = status;
        this.renderSeats(onTurn);
        const had = this.legal?.length ?? 1;
        this.legal = legal;
        this.hintText.hidden = true;
        if (legal.length || had) this.renderActions(legal);
        this.hintButton.disabled = !legal.some((entry) => entry.notation !== "roll");
        // After each new step, the first move has the focus: Enter plays it, Tab reaches the rest.
        if (legal.length && key !== this.focusedKey) {
            this.focusedKey = key;
            this.actions.querySelector("button")?.focus();
        }
    }

    /**
     * Draws the board at the next frame, the latest one only, and while nobody at this page is
     * to play at most every BOARD_PAUSE_MS: steps that come faster (bots at no delay, a table
     * of quick players) would cost more to draw than to play, and nobody can follow them.
     */
    drawBoard(svg, now) {
        this.svg = svg;
        if (now && this.timer) {
            clearTimeout(this.timer);
            this.timer = 0;
        }
        if (this.frame || this.timer) return;
        const draw = () => {
            this.timer = 0;
            this.frame = requestAnimationFrame(() => {
                this.frame = 0;
                this.drawnAt = performance.now();
                // A preview on show stays; leaving it draws the board as it is by then.
                if (!this.previewing) drawSvg(this.board, this.svg);
            });
        };
        const wait = now ? 0 : (this.drawnAt ?? -Infinity) + BOARD_PAUSE_MS - performance.now();
        if (wait > 0) this.timer = setTimeout(draw, wait);
        else draw();
    }

    renderActions(legal) {
        const showCompliance = this.assisted && legal.some((entry) => entry.action?.compliance === "infraction");
        const buttons = legal.map((entry) => this.actionButton(entry, showCompliance));
        // Cartas lists many uses of one card (a joker's above all): each run of one card's
        // actions, in the engine's order, goes in a row under that card.
        if (legal.some((entry) => entry.action?.card)) {
            const rows = [];
            legal.forEach((entry, i) => {
                const card = entry.action?.card ?? null;
                if (!rows.length || rows.at(-1).card !== card) rows.push({ card, buttons: [] });
                rows.at(-1).buttons.push(buttons[i]);
            });
            this.actions.replaceChildren(...rows.map(({ card, buttons }) =>
                h("div", { class: "card-row", role: "group", "aria-label": card ? `card ${card}` : null },
                    card ? h("span", { class: "playing-card", "aria-hidden": "true" }, card) : null,
                    buttons)));
        } else {
            this.actions.replaceChildren(...buttons);
        }
    }

    /**
     * Shows on the board where a move goes (the engine's picture after it, its cells marked)
     * while the pointer is on its button or Tab has moved to it; null shows the board again.
     */
    showPreview(notation) {
        if (notation === this.previewing) return;
        const svg = notation && notation !== "roll" ? this.preview?.(notation) : null;
        this.previewing = svg ? notation : null;
        this.board.classList.toggle("previewing", Boolean(svg));
        drawSvg(this.board, svg ?? this.svg);
    }

    /** Takes the buttons away while a move is on its way, so none is played twice. */
    lock() {
        this.legal = [];
        this.actions.replaceChildren();
        this.hintButton.disabled = true;
    }

    actionButton({ notation, action }, showCompliance) {
        const play = () => {
            this.clearMessage();
            this.lock();
            this.onAct(notation);
        };
        if (notation === "roll") {
            return h("button", { type: "button", class: "action roll", dataset: { action: "roll" }, onclick: play },
                icon("dice"), "Roll the dice");
        }
        const poleana = isPoleana(this.info);
        // Poleana's label carries its marks already; the page shows them as its mode says.
        const text = poleana ? notation : action?.label ?? notation;
        const marks = [];
        const spoken = [text];
        if (poleana && action) {
            if (showCompliance && action.compliance === "infraction") {
                marks.push(h("span", { class: "mark infraction", title: "infraction" }, "✕"));
                spoken.push("infraction");
            } else if (showCompliance) {
                marks.push(h("span", { class: "mark compliant", title: "keeps the rules" }, "✓"));
                spoken.push("keeps the rules");
            }
            if (action.mark === "safe") {
                marks.push(h("span", { class: "mark safe", title: "safe cell" }, "★"));
                spoken.push("safe cell");
            } else if (action.mark === "police") {
                marks.push(h("span", { class: "mark police", title: "police cell" }, "⚠"));
                spoken.push("police cell");
            }
        }
        const details = [];
        if (action?.landing && !poleana) details.push(`→ ${action.landing}`);
        if (action?.captures) {
            details.push(h("span", { class: "captures" }, "captures ", chip(action.captures)));
            spoken.push(`captures ${action.captures}`);
        }
        const point = () => this.showPreview(notation);
        const leave = () => this.showPreview(null);
        return h("button", {
            type: "button",
            class: `action${showCompliance && action?.compliance ? ` ${action.compliance}` : ""}`,
            dataset: { action: notation, ...(action?.compliance ? { compliance: action.compliance } : {}) },
            "aria-label": spoken.join(", "),
            onclick: play,
            onmouseenter: point,
            onmouseleave: leave,
            // Only the keyboard's Tab previews: the focus the page itself gives a move (the first
            // after each step, the hinted one) shows the board as it is.
            onfocus: () => { if (this.tabbing) point(); },
            onblur: leave,
        },
        action?.colour ? chip(action.colour) : null,
        h("span", { class: "label" }, text), ...marks,
        details.length ? h("span", { class: "detail" }, ...details) : null);
    }

    async askHint() {
        if (!this.onHint) return;
        this.hintButton.disabled = true;
        const asked = this.legal;
        try {
            const suggestion = await this.onHint();
            if (this.legal !== asked || !suggestion) return;
            const button = this.actions.querySelector(`[data-action="${CSS.escape(suggestion.notation)}"]`);
            for (const other of this.actions.querySelectorAll(".hinted")) other.classList.remove("hinted");
            const label = isPoleana(this.info) ? suggestion.notation : suggestion.action?.label ?? suggestion.notation;
            this.hintText.replaceChildren(h("strong", {}, `Hint: ${label}`),
                suggestion.explanation ? ` — ${suggestion.explanation}` : "");
            this.hintText.hidden = false;
            if (button) {
                button.classList.add("hinted");
                button.focus();
            }
        } catch (error) {
            this.showMessage(`No hint: ${messageOf(error)}`);
        } finally {
            this.hintButton.disabled = !this.legal.some((entry) => entry.notation !== "roll");
        }
    }

    toggleDice() {
        const open = this.dice.hidden;
        if (open) this.drawRolls();
        this.dice.hidden = !open;
        this.diceButton.setAttribute("aria-expanded", String(open));
    }

    /** Appends rolls ({seat, roll}) to the dice history, newest first. */
    addRolls(rolls) {
        if (!rolls.length) return;
        this.rolls.push(...rolls);
        this.dice.dataset.rolls = String(this.rolls.length);
        this.diceButton.lastChild.textContent = `Dice (${this.rolls.length})`;
        // A closed history is drawn when it opens.
        if (!this.dice.hidden) this.drawRolls();
    }

    drawRolls() {
        const shown = this.dice.children.length;
        const entries = this.rolls.slice(shown).map(({ seat, roll }) => h("li", {}, chip(this.names[seat]),
            h("span", { class: "who" }, this.seatLabel(seat)), h("span", { class: "roll" }, roll)));
        this.dice.prepend(...entries.reverse());
    }

    /** Appends the engine's events to the log, newest first, keeping the last few. */
    addEvents(events) {
        const lines = events.map((event) => describe(event, this.names)).filter(Boolean).slice(-LOG_LINES);
        if (!lines.length) return;
        this.log.prepend(...lines.reverse().map((line) =>
            h("li", {}, line.colour ? chip(line.colour) : h("span", { class: "chips" }), line.text)));
        while (this.log.children.length > LOG_LINES) this.log.lastChild.remove();
    }

    showMessage(text, kind = "error") {
        this.message.textContent = text;
        this.message.className = `message ${kind}`;
        this.message.hidden = false;
    }

    clearMessage() {
        this.message.hidden = true;
    }

    /** The turn's countdown to `deadline` (ms since the epoch), or none. */
    countdown(deadline) {
        clearInterval(this.clockTimer);
        if (deadline === null || deadline === undefined) {
            if (!this.clock.hidden) this.clock.hidden = true;
            return;
        }
        const tick = () => {
            const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
            this.clock.replaceChildren(icon("clock"), `${left} s left for this turn`);
            this.clock.classList.toggle("urgent", left <= 5);
            if (left === 0) clearInterval(this.clockTimer);
        };
        this.clock.hidden = false;
        tick();
        this.clockTimer = setInterval(tick, 250);
    }

    /** The end: who won, and the root's data-over and data-winners. */
    finish(winners, extra = []) {
        this.countdown(null);
        this.lock();
        const names = winners.map((seat) => this.seatLabel(seat));
        const mine = winners.some((seat) => this.roles[seat] === "you");
        const who = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)} win` : `${names[0] ?? "Nobody"} wins`;
        this.status.textContent = "";
        this.end.replaceChildren(...[
            h("p", { class: "winner" }, ...winners.map((seat) => chip(this.names[seat])), ` ${who}!`),
            mine ? h("p", { class: "you-won" }, "Well played!") : null,
            ...extra].filter(Boolean));
        // The last board at once, not after the pause that spares a busy table.
        if (this.svg) this.drawBoard(this.svg, true);
        this.end.hidden = false;
        root.dataset.winners = winners.join(",");
        root.dataset.over = "true";
    }

    setFooter(text) {
        this.footer.textContent = text;
    }
}
