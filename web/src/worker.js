// The bots think here, off the page's thread, so the page never freezes. A message names a seat's
// view (its JSON), a level and a seed; the answer is the bot's suggestion for that view.
import { Bot, View } from "./fichas/index.js";

self.onmessage = (message) => {
    const { id, view, level, seed } = message.data;
    let bot = null;
    let seen = null;
    try {
        // A bot is its level and seed, nothing more: a new one each time chooses as the last did.
        bot = new Bot(level, seed);
        seen = View.fromJson(view);
        self.postMessage({ id, suggestion: bot.chooseFrom(seen) });
    } catch (error) {
        self.postMessage({ id, error: { name: error?.name ?? "Error", message: String(error?.message ?? error) } });
    } finally {
        bot?.free();
        seen?.free();
    }
};

// The module has loaded (with the engine): the page may send its questions.
self.postMessage({ ready: true });
