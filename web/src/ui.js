// The game screen, shared by offline and online play: the engine's board, played by taps on its
// tokens and cards (the engine's taps say which tokens a choice starts from), with the list of
// moves for keyboards and screen readers, the dice history, the log, the hint and the end. It
// shows what it is given; the controllers (offline.js, online.js) get everything from the engine
// or the server, and every word from the catalogues (words.js).
import { eventMessage, geometry } from "./fichas/index.js";

export const root = document.documentElement;

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

/** A seat's name in words: its colours ("Amarillo", "Amarillo+Rojo"). */
export const seatName = (words, seatNames, seat) =>
    (seatNames[seat] === undefined ? words.t("app-seat-fallback", { seat }) : words.colour(seatNames[seat]));

/** What a variant is called on the page: its game, its players and its mode, in words. */
export function variantTitle(words, info) {
    const family = info.game === "poleana-express" ? "poleana" : info.game;
    const parts = [words.t(`game-${info.game}`), words.t("app-players", { count: info.seats })];
    const mode = `mode-${family}-${info.mode}`;
    if (info.mode && !["strict", "individual"].includes(info.mode) && words.has(mode)) parts.push(words.t(mode));
    return parts.join(" · ");
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

/** How long a token takes per cell, by the speed setting; 0 draws the result at once. */
const SPEEDS = { slow: 260, normal: 140, fast: 60, off: 0 };
/** Half a finger's width: a tap this close to a marked token selects it. */
const FINGER_PX = 22;

const STORED_SPEED = "fichas-speed";
const STORED_AUTO = "fichas-auto";

function stored(key) {
    try {
        return window.localStorage.getItem(key);
    } catch {
        return null;
    }
}

function store(key, value) {
    try {
        window.localStorage.setItem(key, value);
    } catch {
        // A browser that keeps nothing still plays; the setting lasts for the page.
    }
}

/** A token's name (`Y@Y12`, `2@2:c1`), as the picture's data-token and the engine's taps give it. */
const tokenName = (owner, spot) => `${owner.colour ? owner.colour[0].toUpperCase() : owner.seat}@${spot}`;

export class GameScreen {
    /**
     * @param parent where the screen goes
     * @param options.words the catalogue of the page's language (words.js)
     * @param options.variant the variant text; options.info its variantInfo
     * @param options.roles each seat's role in words ("you", "easy bot", …)
     * @param options.onAct called with a notation when this page's person plays
     * @param options.onHint returns a promise of a suggestion for this page's person
     * @param options.auto whether a lone roll or a lone move plays itself (default: the setting)
     */
    constructor(parent, { words, variant, info, roles, onAct, onHint, auto = null }) {
        this.words = words;
        this.variant = variant;
        this.info = info;
        this.names = info.seatNames;
        this.roles = roles;
        this.onAct = onAct;
        this.onHint = onHint;
        this.assisted = info.has.marks && info.mode === "assisted";
        this.geometry = geometry(variant);
        this.centres = new Map(this.geometry.spots.map(({ spot, area }) =>
            [spot, area.shape === "circle" ? [area.cx, area.cy] : [area.x + area.width / 2, area.y + area.height / 2]]));
        this.focusedKey = null;
        this.rolls = [];
        this.legal = [];
        this.taps = [];
        this.messages = [];
        this.hand = [];
        this.selection = { card: null, count: null, tokens: [] };
        this.reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
        this.speed = SPEEDS[stored(STORED_SPEED)] !== undefined ? stored(STORED_SPEED) : this.reduced ? "off" : "normal";
        this.auto = auto ?? stored(STORED_AUTO) !== "off";
        // Whether the focus moves by the keyboard's Tab, for the moves' previews.
        this.tabbing = false;
        document.addEventListener("keydown", (event) => { this.tabbing = event.key === "Tab"; });
        document.addEventListener("pointerdown", () => { this.tabbing = false; });

        const t = (id, args) => words.t(id, args);
        this.board = h("div", { class: "board", id: "board", role: "img", "aria-label": t("app-board") });
        this.board.addEventListener("click", (event) => this.tapBoard(event));
        this.caption = h("p", { class: "caption", id: "caption", hidden: true });
        this.chooser = h("div", { class: "chooser", id: "chooser", role: "group", hidden: true, "aria-label": t("app-chooser") });
        this.handRow = h("div", { class: "hand", id: "hand", role: "group", hidden: true, "aria-label": t("app-hand") });
        // A die or a bonus may be chosen first, as the rule texts say: then only the tokens it moves are marked.
        this.countRow = h("div", { class: "counts", id: "counts", role: "group", hidden: true, "aria-label": t("prompt-choose-die") });
        this.status = h("p", { class: "status", id: "status" });
        this.announce = h("p", { class: "announce", id: "announce", "aria-live": "polite" });
        this.clock = h("p", { class: "clock", id: "clock", hidden: true });
        this.actions = h("div", { class: "actions", id: "actions", role: "group", "aria-label": t("app-your-moves") });
        this.hintButton = h("button", { type: "button", class: "tool", id: "hint", disabled: true, onclick: () => this.askHint() },
            icon("hint"), t("app-hint"));
        this.diceButton = h("button", {
            type: "button", class: "tool", id: "dice-toggle", "aria-expanded": "false", "aria-controls": "dice",
            onclick: () => this.toggleDice(),
            title: t("app-dice-history"),
        }, icon("dice"), h("span", {}, t("app-dice")));
        const speed = h("select", { id: "speed", onchange: (event) => { this.speed = event.target.value; store(STORED_SPEED, this.speed); } },
            Object.keys(SPEEDS).map((key) => h("option", { value: key }, t(`app-speed-${key}`))));
        speed.value = this.speed;
        const autoBox = h("input", { type: "checkbox", id: "auto", onchange: (event) => {
            this.auto = event.target.checked;
            store(STORED_AUTO, this.auto ? "on" : "off");
        } });
        autoBox.checked = this.auto;
        this.hintText = h("p", { class: "hint", id: "hint-text", hidden: true });
        this.message = h("p", { class: "message", id: "message", role: "alert", hidden: true });
        this.end = h("div", { class: "over", id: "over", hidden: true });
        this.dice = h("ol", { class: "dice", id: "dice", hidden: true, "data-rolls": "0", "aria-label": t("app-dice-history") });
        this.seatList = h("ul", { class: "seats", id: "seats", "aria-label": t("app-seats") });
        this.log = h("ol", { class: "log", id: "log", "aria-label": t("app-last-moves") });
        this.footer = h("p", { class: "fine", id: "fine" });
        const how = h("details", { class: "how", id: "how" }, h("summary", {}, t("app-how-to-play")),
            ...this.howToPlay());

        const tools = h("div", { class: "tools" }, this.hintButton, info.has.dice ? this.diceButton : null,
            h("label", { class: "setting", for: "speed" }, t("app-speed"), speed),
            h("label", { class: "setting", for: "auto" }, autoBox, t("app-auto")));
        this.element = h("section", { class: "game", "aria-label": variantTitle(words, info) },
            h("div", { class: "board-wrap" }, this.board, this.caption, this.chooser, this.countRow, this.handRow),
            h("div", { class: "panel" },
                this.end, this.status, this.announce, this.clock, this.message,
                h("h2", { id: "moves-title" }, t("app-your-moves")), this.actions, tools, this.hintText, this.dice,
                this.seatList,
                h("h2", {}, t("app-last-moves")), this.log, how, this.footer));
        parent.replaceChildren(this.element);
        this.renderSeats(null);
    }

    /** The game's "How to play", paragraph by paragraph from the catalogue. */
    howToPlay() {
        const paragraphs = [];
        for (let n = 1; this.words.has(`how-${this.info.game}-${n}`); n++) paragraphs.push(h("p", {}, this.words.t(`how-${this.info.game}-${n}`)));
        return paragraphs;
    }

    seatLabel(seat) {
        return seatName(this.words, this.names, seat);
    }

    renderSeats(onTurn) {
        // Only a change of turn redraws the list: a page at a busy table changes little per step.
        if (onTurn === this.seatsOnTurn) return;
        this.seatsOnTurn = onTurn;
        this.seatList.replaceChildren(...this.names.map((name, seat) =>
            h("li", { class: seat === onTurn ? "on-turn" : null, "aria-current": seat === onTurn ? "true" : null },
                chip(name), h("span", { class: "name" }, this.seatLabel(seat)),
                h("span", { class: "role" }, this.roles[seat] ?? ""),
                seat === onTurn ? h("span", { class: "turn-mark" }, this.words.t("app-on-turn")) : null)));
    }

    /**
     * Shows a state: `svg` (the board), `legal` ([{notation, action}] this page's person may play
     * now, in the engine's order), `taps` and `messages` (the engine's, one per legal choice),
     * `hand` (Cartas: the person's cards), `movements` (what the last steps moved, to walk),
     * `onTurn`, `status`, `key` (changes with every step).
     */
    show({ svg, legal, taps = [], messages = [], hand = [], movements = [], onTurn, status, key, preview = null }) {
        this.preview = preview;
        this.previewing = null;
        this.caption.hidden = true;
        this.board.classList.remove("previewing");
        this.legal = legal;
        this.taps = taps;
        this.messages = messages;
        this.hand = hand;
        this.selection = { card: null, count: null, tokens: [] };
        this.drawBoard(svg, movements);
        if (this.status.textContent !== status) this.status.textContent = status;
        this.renderSeats(onTurn);
        this.hintText.hidden = true;
        this.renderActions(legal);
        this.renderHand();
        this.renderCounts();
        this.hintButton.disabled = !legal.some((entry) => entry.notation !== "roll");
        if (legal.length && key !== this.focusedKey) {
            this.focusedKey = key;
            // A lone roll, or a lone move, plays itself when the setting says so.
            if (this.auto && legal.length === 1) {
                const [only] = legal;
                this.autoTimer = setTimeout(() => { if (this.legal[0] === only) this.play(only.notation); }, 250);
                return;
            }
            // After each new step, the first move has the focus: Enter plays it, Tab reaches the rest.
            this.actions.querySelector("button")?.focus({ preventScroll: true });
        }
    }

    /**
     * Draws the board: first the tokens walk what the last steps moved (cell by cell, at the
     * chosen speed), then the engine's picture of the position. A new position that comes while
     * tokens walk ends the walk at once, so the board never shows a stale position.
     */
    drawBoard(svg, movements = []) {
        this.svg = svg;
        this.walking?.stop();
        const walk = SPEEDS[this.speed] > 0 && movements.length > 0 && this.board.firstElementChild
            ? this.walk(movements, SPEEDS[this.speed]) : null;
        this.walking = walk;
        const draw = () => {
            if (this.walking !== walk) return;
            this.walking = null;
            cancelAnimationFrame(this.frame);
            this.frame = requestAnimationFrame(() => this.drawNow());
        };
        if (walk) walk.done.then(draw);
        else draw();
    }

    /** Draws the position at once, its tokens marked. */
    drawNow() {
        cancelAnimationFrame(this.frame);
        this.frame = 0;
        if (!this.previewing) drawSvg(this.board, this.svg);
        this.markTokens();
    }

    /** A tap while tokens walk: the walk ends and the position it leads to is drawn first. */
    settle() {
        if (!this.walking) return;
        this.walking.stop();
        this.walking = null;
        this.drawNow();
    }

    /** Walks `movements` on the board shown: {done, stop}. */
    walk(movements, msPerCell) {
        let stopped = false;
        let finish;
        const done = new Promise((resolve) => { finish = resolve; });
        const svg = this.board.querySelector("svg");
        const steps = async () => {
            for (const movement of movements) {
                if (stopped) break;
                const disc = svg?.querySelector(`[data-token="${CSS.escape(tokenName(movement.owner, movement.from))}"]`);
                if (!disc) continue;
                const start = [Number(disc.getAttribute("cx")), Number(disc.getAttribute("cy"))];
                const path = movement.motion === "jump" ? movement.path.slice(-1) : movement.path;
                disc.classList.add("walking");
                for (const spot of path) {
                    if (stopped) break;
                    const centre = this.centres.get(spot);
                    if (!centre) continue;
                    disc.setAttribute("transform", `translate(${centre[0] - start[0]} ${centre[1] - start[1]})`);
                    await new Promise((resolve) => setTimeout(resolve, msPerCell));
                }
            }
        };
        // Whatever happens on the way, the position is drawn.
        steps().catch(reportError).finally(finish);
        return { done, stop: () => { stopped = true; finish(); } };
    }

    /** The choices the taps so far still lead to: of the selected card, through the selected tokens. */
    candidates() {
        const { card, count, tokens } = this.selection;
        return this.taps.map((tap, index) => ({ tap, index })).filter(({ tap }) =>
            (card === null ? tap.card === null || tokens.length > 0 : tap.card === card)
            && (count === null || tap.count === count)
            && tokens.every((name, k) => tap.tokens[k] === name));
    }

    /** The dice and bonuses the choices spend, each a button: one chosen marks only its tokens. */
    renderCounts() {
        const counts = [...new Set(this.taps.map((tap) => tap.count).filter(Boolean))];
        this.countRow.hidden = counts.length < 2 || !this.legal.length;
        if (this.countRow.hidden) {
            this.countRow.replaceChildren();
            return;
        }
        const label = (count) => (count === "sum" ? this.words.t("app-count-sum")
            : /^\+?\d+$/.test(count) && (count.startsWith("+") || Number(count) > 6)
                ? this.words.t("app-count-bonus", { amount: count.replace("+", "") }) : count);
        this.countRow.replaceChildren(
            h("span", { class: "fine" }, this.words.t("prompt-choose-die")),
            ...counts.map((count) => h("button", {
                type: "button",
                class: `count${this.selection.count === count ? " selected" : ""}`,
                dataset: { count },
                "aria-pressed": this.selection.count === count ? "true" : "false",
                onclick: () => this.selectCount(count),
            }, label(count))));
    }

    selectCount(count) {
        this.settle();
        this.clearMessage();
        this.selection = { card: this.selection.card, count: this.selection.count === count ? null : count, tokens: [] };
        this.chooser.hidden = true;
        this.renderCounts();
        this.markTokens();
    }

    /** Marks the tokens a tap can take next (data-movable) and those already tapped. */
    markTokens() {
        const svg = this.board.querySelector("svg");
        if (!svg) return;
        this.wordLabels(svg);
        for (const old of svg.querySelectorAll("[data-movable], [data-selected]")) {
            old.removeAttribute("data-movable");
            old.removeAttribute("data-selected");
        }
        this.addLetters(svg);
        if (this.previewing || !this.legal.length) return;
        const { card, tokens } = this.selection;
        // In Cartas a card comes first: no token is marked until one is tapped.
        if (card === null && this.taps.some((tap) => tap.card !== null)) return;
        const next = new Set(this.candidates().map(({ tap }) => tap.tokens[tokens.length]).filter(Boolean));
        for (const name of next) {
            for (const disc of svg.querySelectorAll(`[data-token="${CSS.escape(name)}"]`)) disc.setAttribute("data-movable", "true");
        }
        for (const name of tokens) {
            for (const disc of svg.querySelectorAll(`[data-token="${CSS.escape(name)}"]`)) disc.setAttribute("data-selected", "true");
        }
    }

    /** The picture's labels in the page's language: each says which message it shows, and with what. */
    wordLabels(svg) {
        for (const label of svg.querySelectorAll("[data-message]")) {
            let args = {};
            try {
                args = JSON.parse(label.dataset.args ?? "{}");
            } catch {
                continue;
            }
            if (!this.words.has(label.dataset.message)) continue;
            const text = this.words.t(label.dataset.message, args);
            if (label.textContent !== text) label.textContent = text;
        }
    }

    /** Each token's letter on it (its colour's, or its seat's number), for eyes that do not tell colours apart. */
    addLetters(svg) {
        for (const old of svg.querySelectorAll(".letter")) old.remove();
        for (const disc of svg.querySelectorAll("[data-token]")) {
            const letter = document.createElementNS("http://www.w3.org/2000/svg", "text");
            letter.setAttribute("class", "letter");
            letter.setAttribute("x", disc.getAttribute("cx"));
            letter.setAttribute("y", disc.getAttribute("cy"));
            letter.setAttribute("font-size", String(Number(disc.getAttribute("r")) * 1.1));
            letter.setAttribute("aria-hidden", "true");
            letter.textContent = disc.dataset.token.split("@")[0];
            disc.after(letter);
        }
    }

    /** A tap on the board: on a marked token, or within a finger's width of one. */
    tapBoard(event) {
        if (!this.legal.length || this.previewing) return;
        this.settle();
        let disc = event.target.closest?.("[data-token]");
        if (!disc || disc.dataset.movable !== "true") {
            let best = null;
            for (const marked of this.board.querySelectorAll("[data-movable]")) {
                const box = marked.getBoundingClientRect();
                const d = Math.hypot(event.clientX - (box.left + box.width / 2), event.clientY - (box.top + box.height / 2));
                if (d <= Math.max(FINGER_PX, box.width / 2) && (!best || d < best.d)) best = { marked, d };
            }
            if (!best) {
                if (disc) this.showMessage(this.words.t("app-token-cannot-move"), "info");
                return;
            }
            disc = best.marked;
        }
        this.clearMessage();
        this.selectToken(disc.dataset.token);
    }

    selectToken(name) {
        this.selection = { ...this.selection, tokens: [...this.selection.tokens, name] };
        this.advance();
    }

    selectCard(card) {
        this.settle();
        this.clearMessage();
        this.selection = { card: this.selection.card === card ? null : card, count: null, tokens: [] };
        this.renderHand();
        this.advance();
    }

    /** After a tap: play the one choice it completes, or offer the choices it leaves, or mark what comes next. */
    advance() {
        const left = this.candidates();
        const depth = this.selection.tokens.length;
        const complete = left.filter(({ tap }) => tap.tokens.length === depth);
        const onward = left.some(({ tap }) => tap.tokens.length > depth);
        if (left.length === 1 && complete.length === 1 && (depth > 0 || this.selection.card !== null)) {
            this.play(this.legal[complete[0].index].notation);
            return;
        }
        this.markTokens();
        this.renderChooser(complete, onward);
    }

    /** The chooser beside the tapped token (or the card): one button per choice these taps complete. */
    renderChooser(complete, onward) {
        // Nothing to pick yet (a card tapped, its tokens marked): the board stays clear to tap.
        if (!complete.length) {
            this.chooser.hidden = true;
            this.chooser.replaceChildren();
            return;
        }
        const buttons = complete.map(({ index }) => {
            const { notation, action } = this.legal[index];
            const text = this.messages[index] ? this.words.format(this.messages[index]) : notation;
            return h("button", { type: "button", class: "choice", dataset: { choice: notation }, onclick: () => this.play(notation) },
                ...this.marks(action), h("span", { class: "label" }, text));
        });
        const cancel = h("button", { type: "button", class: "choice cancel", onclick: () => this.cancelSelection() }, this.words.t("app-cancel"));
        this.chooser.replaceChildren(
            h("p", { class: "fine" }, this.words.t(onward ? "app-chooser-more" : "app-chooser-pick")), ...buttons, cancel);
        this.chooser.hidden = false;
        this.placeChooser();
    }

    /**
     * Puts the chooser on the board's half away from the tapped token (or the card's), so that
     * the token and its neighbours stay in sight and within reach.
     */
    placeChooser() {
        const name = this.selection.tokens.at(-1);
        const disc = name && this.board.querySelector(`[data-token="${CSS.escape(name)}"]`);
        const board = this.board.getBoundingClientRect();
        const box = disc?.getBoundingClientRect();
        const upper = box ? box.top + box.height / 2 < board.top + board.height / 2 : false;
        this.chooser.classList.toggle("low", upper);
    }

    cancelSelection() {
        this.selection = { card: null, count: null, tokens: [] };
        this.renderCounts();
        this.chooser.hidden = true;
        this.renderHand();
        this.markTokens();
    }

    /** Cartas: the person's cards; those that can be played now carry data-playable. */
    renderHand() {
        if (!this.info.has.cards) return;
        const playable = new Set(this.taps.map((tap) => tap.card).filter(Boolean));
        this.handRow.replaceChildren(...this.hand.map((card) => h("button", {
            type: "button",
            class: `playing-card${this.selection.card === card ? " selected" : ""}`,
            dataset: { card, ...(playable.has(card) && this.legal.length ? { playable: "true" } : {}) },
            "aria-pressed": this.selection.card === card ? "true" : "false",
            "aria-label": this.words.t("app-card", { card: cardName(card) }),
            disabled: !(playable.has(card) && this.legal.length),
            onclick: () => this.selectCard(card),
        }, card === "*" ? "★" : card === "T" ? "10" : card)));
        this.handRow.hidden = this.hand.length === 0;
    }

    /** Plays a choice: the buttons go, so none is played twice. */
    play(notation) {
        clearTimeout(this.autoTimer);
        this.clearMessage();
        this.lock();
        this.onAct(notation);
    }

    /** Poleana's marks on a choice: ✓/✕ in the assisted mode, ★/⚠ for the landing cell. */
    marks(action) {
        if (!this.info.has.marks || !action) return [];
        const marks = [];
        const showCompliance = this.assisted && this.legal.some((entry) => entry.action?.compliance === "infraction");
        const mark = (kind) => h("span", { class: `mark ${kind}`, title: this.words.attribute(`choice-mark-${kind}`, "title") },
            this.words.t(`choice-mark-${kind}`).split(" ")[0]);
        if (showCompliance) marks.push(mark(action.compliance === "infraction" ? "infraction" : "compliant"));
        if (action.mark === "safe" || action.mark === "police") marks.push(mark(action.mark));
        return marks;
    }

    renderActions(legal) {
        const buttons = legal.map((entry, index) => this.actionButton(entry, index));
        this.actions.replaceChildren(...buttons);
        if (!legal.length) {
            this.chooser.hidden = true;
            this.chooser.replaceChildren();
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
        this.caption.hidden = !svg;
        if (svg) this.caption.textContent = this.words.t("app-previewing");
        drawSvg(this.board, svg ?? this.svg);
        this.markTokens();
    }

    /** Takes the buttons away while a move is on its way, so none is played twice. */
    lock() {
        this.legal = [];
        this.taps = [];
        this.selection = { card: null, count: null, tokens: [] };
        this.actions.replaceChildren();
        this.renderCounts();
        this.chooser.hidden = true;
        this.chooser.replaceChildren();
        this.renderHand();
        this.markTokens();
        this.hintButton.disabled = true;
    }

    actionButton({ notation, action }, index) {
        if (notation === "roll") {
            return h("button", { type: "button", class: "action roll", dataset: { action: "roll", roll: "true" },
                onclick: () => this.play(notation) }, icon("dice"), this.words.t("prompt-roll"));
        }
        const text = this.messages[index] ? this.words.format(this.messages[index]) : notation;
        const marks = this.marks(action);
        const point = () => this.showPreview(notation);
        const leave = () => this.showPreview(null);
        // A mouse pointing at a move previews it; a finger's tap is no pointing, and a preview
        // left under a lifted finger would hide the position being played.
        const byMouse = (then) => (event) => { if (event.pointerType === "mouse") then(); };
        return h("button", {
            type: "button",
            class: `action${this.assisted && action?.compliance ? ` ${action.compliance}` : ""}`,
            dataset: { action: notation, ...(action?.compliance ? { compliance: action.compliance } : {}) },
            "aria-label": [text, ...marks.map((m) => m.title)].join(", "),
            onclick: () => this.play(notation),
            onpointerenter: byMouse(point),
            onpointerleave: byMouse(leave),
            // Only the keyboard's Tab previews: the focus the page itself gives a move (the first
            // after each step, the hinted one) shows the board as it is.
            onfocus: () => { if (this.tabbing) point(); },
            onblur: leave,
        },
        action?.colour ? chip(action.colour) : null,
        ...marks, h("span", { class: "label" }, text));
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
            const index = this.legal.findIndex((entry) => entry.notation === suggestion.notation);
            const label = this.messages[index] ? this.words.format(this.messages[index]) : suggestion.notation;
            const reason = suggestion.reason && this.words.has(`reason-${suggestion.reason}`)
                ? this.words.t(`reason-${suggestion.reason}`, suggestion.reasonArgs ?? {}) : null;
            this.hintText.replaceChildren(h("strong", {}, this.words.t("app-hint-line", { label })), reason ? ` — ${reason}` : "");
            this.hintText.hidden = false;
            if (button) {
                button.classList.add("hinted");
                button.focus();
            }
        } catch (error) {
            this.showMessage(this.words.t("app-no-hint", { reason: messageOf(error) }));
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
        this.diceButton.lastChild.textContent = this.words.t("app-dice-count", { count: this.rolls.length });
        // A closed history is drawn when it opens.
        if (!this.dice.hidden) this.drawRolls();
    }

    drawRolls() {
        const shown = this.dice.children.length;
        const entries = this.rolls.slice(shown).map(({ seat, roll }) => h("li", {}, chip(this.names[seat]),
            h("span", { class: "who" }, this.seatLabel(seat)), h("span", { class: "roll" }, roll)));
        this.dice.prepend(...entries.reverse());
    }

    /**
     * Appends the engine's events to the log, newest first, keeping the last few, each in the
     * page's language; they are announced too, for screen readers.
     */
    addEvents(events) {
        const lines = events.flatMap((event) => {
            const message = eventMessage(this.variant, event);
            if (!this.words.has(message.id) || QUIET.has(message.id.split("-").at(-1))) return [];
            const seat = typeof event.seat === "number" ? event.seat : typeof event.thief === "number" ? event.thief : null;
            const colour = event.colour ?? (typeof event.by === "string" ? event.by : null)
                ?? (seat !== null ? (this.names[seat] ?? "").split("+")[0] : null);
            return [{ text: this.words.format(message), colour }];
        }).slice(-LOG_LINES);
        if (!lines.length) return;
        this.log.prepend(...lines.map((line) =>
            h("li", {}, line.colour ? chip(line.colour) : h("span", { class: "chips" }), line.text)).reverse());
        while (this.log.children.length > LOG_LINES) this.log.lastChild.remove();
        this.announce.textContent = lines.map((line) => line.text).join(". ");
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
            this.clock.replaceChildren(icon("clock"), this.words.t("app-seconds-left", { count: left }));
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
        const mine = winners.some((seat) => this.roles[seat] === this.words.t("app-role-you"));
        const who = names.length > 1 ? this.words.t("app-winners", { names: this.words.list(names) })
            : names.length ? this.words.t("app-winner", { name: names[0] }) : this.words.t("app-nobody-wins");
        this.status.textContent = "";
        this.end.replaceChildren(...[
            h("p", { class: "winner" }, ...winners.map((seat) => chip(this.names[seat])), ` ${who}`),
            mine ? h("p", { class: "you-won" }, this.words.t("app-well-played")) : null,
            ...extra].filter(Boolean));
        this.announce.textContent = who;
        // The last board at once, not after the tokens' walk.
        if (this.svg) this.drawBoard(this.svg);
        this.end.hidden = false;
        root.dataset.winners = winners.join(",");
        root.dataset.over = "true";
    }

    setFooter(text) {
        this.footer.textContent = text;
    }
}

/** Events the log leaves out: a turn passing, a card dealt (the board shows both). */
const QUIET = new Set(["turn_passed", "dealt"]);

/** A card's name as the catalogues select on it, from its notation letter. */
const cardName = (letter) => ({
    A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", T: "ten",
    J: "jack", Q: "queen", K: "king", "*": "joker",
})[letter] ?? "hidden";
