// The page's side of the bots' worker: ask(view, level, seed) answers with the suggestion.

let worker = null;
let ready = null;
let next = 0;
const pending = new Map();

function start() {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    ready = new Promise((resolve, reject) => {
        worker.onmessage = (message) => {
            const data = message.data;
            if (data.ready) return resolve();
            const waiting = pending.get(data.id);
            if (!waiting) return;
            pending.delete(data.id);
            if (data.error) {
                const error = new Error(data.error.message);
                error.name = data.error.name;
                waiting.reject(error);
            } else {
                waiting.resolve(data.suggestion);
            }
        };
        worker.onerror = (event) => {
            event.preventDefault();
            const error = new Error(`the bots' worker failed: ${event.message || "it could not load"}`);
            reject(error);
            for (const waiting of pending.values()) waiting.reject(error);
            pending.clear();
        };
    });
}

/** The suggestion of a bot of `level` seeded `seed` for the seat to decide in `viewJson`. */
export async function ask(viewJson, level, seed) {
    if (!worker) start();
    await ready;
    const id = next++;
    return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, view: viewJson, level, seed });
    });
}
