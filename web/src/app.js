// The page's entry: ?variant=…&seats=…&seed=…&delay=… plays offline at once; ?server=… opens
// the lobby; ?server=…&table=…&seat=… plays that seat online; nothing opens the set-up. Every
// screen is in the page's language: ?lang=es or ?lang=en, else the one chosen before, else the
// browser's.
const main = document.getElementById("main");
const params = new URLSearchParams(location.search);
let engine = null;
let UsageError = Error;
let LanguageError = Error;

function fail(error) {
    const message = document.createElement("p");
    message.className = "message error";
    message.setAttribute("role", "alert");
    message.textContent = String(error?.message ?? error);
    main.replaceChildren(message);
}

/** The page's fixed words in its language, and its `lang`. */
function wordPage(words) {
    document.documentElement.lang = words.tag;
    document.title = words.t("app-title");
    document.querySelector(".tagline").textContent = words.t("app-tagline");
    document.querySelector('meta[name="description"]')?.setAttribute("content", words.t("app-description"));
}

/**
 * The header's language switch: the choice is remembered; an offline game is shown again in the
 * new language where it stands (it listens for `fichas:words`), any other screen opens again in it.
 */
function languageSwitch(words, { LANGUAGES, rememberLanguage, loadWords }) {
    const select = document.createElement("select");
    select.id = "language";
    select.setAttribute("aria-label", words.t("app-language"));
    for (const [tag, name] of Object.entries(LANGUAGES)) {
        const option = document.createElement("option");
        option.value = tag;
        option.lang = tag;
        option.textContent = name;
        select.append(option);
    }
    select.value = words.tag;
    select.addEventListener("change", async () => {
        rememberLanguage(select.value);
        const url = new URL(location.href);
        url.searchParams.set("lang", select.value);
        if (!(params.has("variant") && !params.has("server"))) {
            location.assign(url.href);
            return;
        }
        const chosen = await loadWords(select.value);
        history.replaceState(null, "", url.href);
        wordPage(chosen);
        select.setAttribute("aria-label", chosen.t("app-language"));
        window.dispatchEvent(new CustomEvent("fichas:words", { detail: chosen }));
    });
    document.querySelector(".top").append(select);
}

async function run() {
    let words;
    // The engine loads first (its WebAssembly): a browser without it gets a message, not a blank page.
    try {
        const language = await import("./words.js");
        LanguageError = language.LanguageError;
        words = await language.loadWords(language.chooseLanguage(params));
        wordPage(words);
        main.querySelector(".status")?.replaceChildren(words.t("app-loading"));
        languageSwitch(words, language);
        engine = await import("./fichas/index.js");
        ({ UsageError } = await import("./ui.js"));
    } catch (error) {
        fail(error instanceof LanguageError ? error : words ? words.t("app-engine-failed", { reason: error?.message ?? error })
            : `The game could not load: ${error?.message ?? error}`);
        return;
    }
    // After one visit the offline games start with no network (a service worker keeps the site).
    import("./install.js").then(({ installForOffline }) => installForOffline()).catch(reportError);
    const server = params.get("server");
    if (server && params.has("table")) {
        const { playOnline } = await import("./online.js");
        const seat = Number(params.get("seat"));
        if (!Number.isInteger(seat) || seat < 0) throw new UsageError(words.t("app-usage-seat"));
        playOnline(main, { words, server, table: params.get("table"), seat });
    } else if (server) {
        const { lobby } = await import("./online.js");
        lobby(main, server, words);
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
        if (!Number.isSafeInteger(seed) || seed < 0 || seed > 2 ** 40) throw new UsageError(words.t("app-usage-seed"));
        const delay = params.has("delay") ? Math.max(0, Number(params.get("delay")) || 0) : 500;
        // ?auto=off: a lone roll or move waits for its tap (the setting's default is on).
        const auto = params.has("auto") ? params.get("auto") !== "off" : null;
        await playOffline(main, { words, variant, seats, seed, delay, auto });
    } else {
        const { setup } = await import("./setup.js");
        setup(main, words);
    }
}

run().catch((error) => {
    fail(error);
    // The engine's refusals (a bad variant, seat or level) are the page's to show; anything else is a bug.
    if (!(engine && error instanceof engine.FichasError) && !(error instanceof UsageError)) reportError(error);
});
