// The set-up screen: a game and variant, who sits at each seat, then the game's own link
// (?variant=…&seats=…), so a game's set-up can be shared and reloaded.
import { variantInfo, variants } from "./fichas/index.js";
import { seatName } from "./events.js";
import { chip, h, isPoleana, variantTitle } from "./ui.js";

/** The variants a player picks from: Poleana in the apps' modes (assisted, free), the rest as they are. */
export function variantChoices() {
    const groups = new Map();
    for (const variant of variants()) {
        const info = variantInfo(variant);
        // The list holds each mode once; Poleana is offered in the apps' modes for each board
        // and table size, so its listed modes other than the default are already covered.
        const texts = !isPoleana(info) ? [variant] : info.mode === "strict" ? [`${variant}:assisted`, `${variant}:free`] : [];
        const group = variant.split(":")[0];
        if (!groups.has(group)) groups.set(group, []);
        for (const text of texts) groups.get(group).push(h("option", { value: text }, variantTitle(text, variantInfo(text))));
    }
    const label = { poleana: "Poleana", "poleana-express": "Poleana Express", parchis: "Parchís", cartas: "Cartas" };
    return [...groups].map(([group, options]) => h("optgroup", { label: label[group] ?? group }, options));
}

const WHO = [["human", "Person"], ["easy", "Easy bot"], ["medium", "Medium bot"], ["hard", "Hard bot"], ["expert", "Expert bot"]];

export function setup(main) {
    const variant = h("select", { id: "variant", name: "variant" }, variantChoices());
    variant.value = "poleana:assisted";
    const seatsBox = h("div", { class: "seat-choices" });
    const seed = h("input", { id: "seed", name: "seed", type: "number", min: "0", step: "1", inputmode: "numeric",
        placeholder: "random" });
    const server = h("input", { id: "server", name: "server", type: "url", value: "ws://127.0.0.1:8765",
        placeholder: "ws://host:port" });
    let choices = [];

    const drawSeats = () => {
        const info = variantInfo(variant.value);
        const before = choices.map((select) => select.value);
        choices = info.seatNames.map((name, seat) => {
            const select = h("select", { id: `seat-${seat}`, name: `seat-${seat}` },
                WHO.map(([value, text]) => h("option", { value }, text)));
            select.value = before[seat] ?? (seat === 0 ? "human" : "medium");
            return select;
        });
        seatsBox.replaceChildren(...choices.map((select, seat) =>
            h("div", { class: "seat-choice" },
                h("label", { for: select.id }, chip(info.seatNames[seat]), `Seat ${seat} · ${seatName(info.seatNames, seat)}`),
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
            h("h1", {}, "New game"),
            h("label", { for: "variant" }, "Game"), variant,
            h("fieldset", {}, h("legend", {}, "Seats"), seatsBox),
            h("label", { for: "seed" }, "Seed (optional: the same seed, the same dice)"), seed,
            h("p", { class: "buttons" }, h("button", { type: "submit", class: "primary", id: "start" }, "Play"))),
        h("form", { class: "card setup", onsubmit: online },
            h("h2", {}, "Play online"),
            h("p", { class: "fine" }, "On a fichas game server (examples/server): create a room and share its seats' links."),
            h("label", { for: "server" }, "Server"), server,
            h("p", { class: "buttons" }, h("button", { type: "submit", id: "open-lobby" }, "Open the lobby")))));
}
