// The set-up screen: a game and variant, who sits at each seat, then the game's own link
// (?variant=…&seats=…), so a game's set-up can be shared and reloaded.
import { variantInfo, variants } from "./fichas/index.js";
import { chip, h, seatName, variantTitle } from "./ui.js";

/** The variants a player picks from: Poleana in the apps' modes (assisted, free), the rest as they are. */
export function variantChoices(words) {
    const groups = new Map();
    for (const variant of variants()) {
        const info = variantInfo(variant);
        // The list holds each mode once; Poleana is offered in the apps' modes for each board
        // and table size, so its listed modes other than the default are already covered.
        const texts = info.mode === "strict" ? [`${variant}:assisted`, `${variant}:free`]
            : ["assisted", "free"].includes(info.mode) ? [] : [variant];
        if (!groups.has(info.game)) groups.set(info.game, []);
        for (const text of texts) groups.get(info.game).push(h("option", { value: text }, variantTitle(words, variantInfo(text))));
    }
    return [...groups].map(([game, options]) => h("optgroup", { label: words.t(`game-${game}`) }, options));
}

const WHO = ["human", "easy", "medium", "hard", "expert"];

/**
 * The game server a page offers first: the one that served it (fichas-server serves the app and
 * its games from one address), or a server on this machine when the page was opened as a file.
 */
export function defaultServer() {
    if (location.protocol === "https:") return `wss://${location.host}`;
    if (location.protocol === "http:") return `ws://${location.host}`;
    return "ws://127.0.0.1:8765";
}

export function setup(main, words) {
    const t = (id, args) => words.t(id, args);
    const variant = h("select", { id: "variant", name: "variant" }, variantChoices(words));
    variant.value = "poleana:assisted";
    const seatsBox = h("div", { class: "seat-choices" });
    const seed = h("input", { id: "seed", name: "seed", type: "number", min: "0", step: "1", inputmode: "numeric",
        placeholder: t("app-seed-placeholder") });
    const server = h("input", { id: "server", name: "server", type: "url", value: defaultServer(),
        placeholder: "ws://host:port" });
    let choices = [];

    const drawSeats = () => {
        const info = variantInfo(variant.value);
        const before = choices.map((select) => select.value);
        choices = info.seatNames.map((name, seat) => {
            const select = h("select", { id: `seat-${seat}`, name: `seat-${seat}` },
                WHO.map((value) => h("option", { value }, t(`app-who-${value}`))));
            select.value = before[seat] ?? (seat === 0 ? "human" : "medium");
            return select;
        });
        seatsBox.replaceChildren(...choices.map((select, seat) =>
            h("div", { class: "seat-choice" },
                h("label", { for: select.id }, chip(info.seatNames[seat]),
                    t("app-seat-label", { seat, name: seatName(words, info.seatNames, seat) })),
                select)));
    };
    variant.addEventListener("change", drawSeats);
    drawSeats();

    const start = (event) => {
        event.preventDefault();
        const url = new URL(location.pathname, location.href);
        url.searchParams.set("variant", variant.value);
        url.searchParams.set("seats", choices.map((select) => select.value).join(","));
        if (seed.value !== "") url.searchParams.set("seed", seed.value);
        location.assign(url.href);
    };
    const online = (event) => {
        event.preventDefault();
        const url = new URL(location.pathname, location.href);
        url.searchParams.set("server", server.value.trim());
        location.assign(url.href);
    };

    main.replaceChildren(h("div", { class: "lobby" },
        h("form", { class: "card setup", onsubmit: start },
            h("h1", {}, t("app-new-game")),
            h("label", { for: "variant" }, t("app-game")), variant,
            h("fieldset", {}, h("legend", {}, t("app-seats")), seatsBox),
            h("label", { for: "seed" }, t("app-seed")), seed,
            h("p", { class: "buttons" }, h("button", { type: "submit", class: "primary", id: "start" }, t("app-play")))),
        h("form", { class: "card setup", onsubmit: online },
            h("h2", {}, t("app-play-online")),
            h("p", { class: "fine" }, t("app-online-intro")),
            h("label", { for: "server" }, t("app-server")), server,
            h("p", { class: "buttons" }, h("button", { type: "submit", id: "open-lobby" }, t("app-open-lobby"))))));
}
