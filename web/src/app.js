// The page's entry: ?variant=…&seats=…&seed=…&delay=… plays offline at once; ?server=… opens
// the lobby; ?server=…&table=…&seat=… plays that seat online; nothing opens the set-up.
const main = document.getElementById("main");
const params = new URLSearchParams(location.search);
let engine = null;
let UsageError = Error;

function fail(error) {
    const message = document.createElement("p");
    message.className = "message error";
    message.setAttribute("role", "alert");
    message.textContent = String(error?.message ?? error);
    main.replaceChildren(message);
}

async function run() {
    // The engine loads first (its WebAssembly): a browser without it gets a message, not a blank page.
    try {
        engine = await import("./fichas/index.js");
        ({ UsageError } = await import("./ui.js"));
    } catch (error) {
        fail(`The game engine could not load: ${error?.message ?? error}`);
        return;
    }
    const server = params.get("server");
    if (server && params.has("table")) {
        const { playOnline } = await import("./online.js");
        const seat = Number(params.get("seat"));
        if (!Number.isInteger(seat) || seat < 0) throw new UsageError("seat= is a seat number: 0, 1, 2 or 3");
        playOnline(main, { server, table: params.get("table"), seat });
    } else if (server) {
        const { lobby } = await import("./online.js");
        lobby(main, server);
    } else if (params.has("variant")) {
        const { playOffline } = await import("./offline.js");
        const { variantInfo } = engine;
        const variant = params.get("variant");
        const count = variantInfo(variant).seats;
        const seats = params.has("seats")
            ? params.get("seats").split(",").map((s) => s.trim())
            : ["human", ...Array(count - 1).fill("medium")];
        const seedText = params.get("seed");
        const seed = seedText === null || seedText === "" ? crypto.getRandomValues(new Uint32Array(1))[0] >>> 1 : Number(seedText);
        if (!Number.isSafeInteger(seed) || seed < 0 || seed > 2 ** 40) throw new UsageError("seed= is a whole number from 0 to 2^40");
        const delay = params.has("delay") ? Math.max(0, Number(params.get("delay")) || 0) : 500;
        await playOffline(main, { variant, seats, seed, delay });
    } else {
        const { setup } = await import("./setup.js");
        setup(main);
    }
}

run().catch((error) => {
    fail(error);
    // The engine's refusals (a bad variant, seat or level) are the page's to show; anything else is a bug.
    if (!(engine && error instanceof engine.FichasError) && !(error instanceof UsageError)) reportError(error);
});
