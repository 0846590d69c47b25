// What the tests share: every variant, and a game played to its end by a seeded choice.

export const VARIANTS = [
    "poleana",
    "poleana:2",
    "poleana:3:free",
    "poleana-express",
    "poleana-express:2:assisted",
    "parchis",
    "parchis:YBR",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
];

/** A small seeded generator (mulberry32), so that every run plays the same games. */
export function random(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

/** Plays `game` to its end: the game's own dice, and a random legal action for every decision. */
export function playOut(game, rng, limit = 200_000) {
    for (let i = 0; i < limit; i++) {
        if (game.isOver) return game;
        if (game.toAct === null) {
            game.roll();
        } else {
            const actions = game.legalActions();
            game.apply(actions[Math.floor(rng() * actions.length)]);
        }
    }
    throw new Error(`no end after ${limit} steps: ${game.position()}`);
}
