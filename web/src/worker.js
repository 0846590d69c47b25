// The bots think here, off the page's thread, so the page never freezes. A message names a seat's
// view (its JSON), a level and a seed; the answer is the bot's suggestion for that view.
import { Bot, View } from "./fichas/index.js";

// One bot per level and seed, kept so that its choices follow one from the next as a game goes on.
const bots = new Map();

self.onmessage = (message) => {
    const { id, view, level, seed } = message.data;
    try {
        const key = `${level}:${seed}`;
        let bot = bots.get(key);
        if (!bot) {
            bot = new Bot(level, seed);
            bots.set(key, bot);
        }
        const seen = View.fromJson(view);
        const suggestion = bot.chooseFrom(seen);
        seen.free();
        self.postMessage({ id, suggestion });
    } catch (error) {
        self.postMessage({ id, error: { name: error?.name ?? "Error", message: String(error?.message ?? error) } });
    }
};

// The module has loaded (with the engine): the page may send its questions.
self.postMessage({ ready: true });
