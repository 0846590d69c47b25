// Every word the page shows, from the engine's catalogues (locales/LANG/fichas.ftl, Project
// Fluent), read by @fluent/bundle. The engine says what happened or what a choice does as a
// message (an id and its arguments); this only words it in the chosen language.
import { FluentBundle, FluentResource } from "./vendor/fluent-bundle/index.js";

/** The languages there are catalogues for, by tag, each named in itself. */
export const LANGUAGES = { es: "español", en: "English" };

const STORED = "fichas-language";

/** A language asked for by name that has no catalogue: the page says which there are. */
export class LanguageError extends Error {}

/** The catalogue's tag for a language tag (`es-MX` → `es`), or null when there is none. */
export function languageOf(tag) {
    const base = String(tag ?? "").split(/[-_]/)[0].toLowerCase();
    return Object.hasOwn(LANGUAGES, base) ? base : null;
}

/**
 * The page's language: `?lang=` when given (an unknown one is an error that lists the
 * languages), else the one chosen before on this browser, else the browser's first language
 * with a catalogue, else Spanish, the language of the games.
 */
export function chooseLanguage(params) {
    const asked = params.get("lang");
    if (asked !== null) {
        const found = languageOf(asked);
        if (!found) {
            const there = Object.entries(LANGUAGES).map(([tag, name]) => `${tag} (${name})`).join(", ");
            throw new LanguageError(`no catalogue for the language '${asked}': there are ${there}`);
        }
        return found;
    }
    const stored = languageOf(safeStorage()?.getItem(STORED));
    if (stored) return stored;
    for (const tag of navigator.languages ?? [navigator.language]) {
        const found = languageOf(tag);
        if (found) return found;
    }
    return "es";
}

/** Remembers the language a person chose, for the next visit. */
export function rememberLanguage(tag) {
    safeStorage()?.setItem(STORED, tag);
}

function safeStorage() {
    try {
        return window.localStorage;
    } catch {
        return null;
    }
}

/** One language's words: `t(id, args)` for a message, `format(message)` for the engine's. */
export class Words {
    constructor(tag, source) {
        this.tag = tag;
        this.bundle = new FluentBundle(tag, { useIsolating: false });
        this.bundle.addResource(new FluentResource(source));
    }

    /** Whether the catalogue has message `id`. */
    has(id) {
        return this.bundle.hasMessage(id);
    }

    /** The message `id` with its arguments; a message the catalogue lacks shows as its id. */
    t(id, args = {}) {
        const message = this.bundle.getMessage(id);
        if (!message?.value) return id;
        return this.bundle.formatPattern(message.value, this.args(args));
    }

    /** The attribute `name` of message `id` (a mark's title), or its value when it has none. */
    attribute(id, name) {
        const message = this.bundle.getMessage(id);
        const pattern = message?.attributes?.[name] ?? message?.value;
        return pattern ? this.bundle.formatPattern(pattern, {}) : id;
    }

    /** An engine message ({id, args}) in words: its messages worded first, lists joined. */
    format(message) {
        return this.t(message.id, message.args);
    }

    args(args) {
        const out = {};
        for (const [name, value] of Object.entries(args ?? {})) {
            if (Array.isArray(value)) out[name] = this.list(value.map((m) => this.format(m)));
            else if (value && typeof value === "object") out[name] = this.format(value);
            else out[name] = value;
        }
        return out;
    }

    /** Words joined as a list: "Yellow and Red", "Amarillo y Rojo". */
    list(words) {
        if (words.length < 2) return words[0] ?? "";
        return this.t("list-and", { items: words.slice(0, -1).join(this.t("list-comma")), last: words.at(-1) });
    }

    /** A colour's name (`yellow` → "Amarillo"), or each of several (`yellow+red`). */
    colour(names) {
        return String(names ?? "").split("+").map((c) => this.t(`colour-${c}`)).join("+");
    }
}

/** The catalogue of `tag`, fetched beside the page. */
export async function loadWords(tag) {
    const response = await fetch(new URL(`./locales/${tag}/fichas.ftl`, import.meta.url));
    if (!response.ok) throw new Error(`the catalogue locales/${tag}/fichas.ftl could not load (${response.status})`);
    return new Words(tag, await response.text());
}
