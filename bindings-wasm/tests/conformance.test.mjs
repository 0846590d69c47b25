// The conformance corpus (tests/conformance/corpus.json, written by the engine's own test):
// every case's choices, taps, movements, catalogue messages, played events and refusal, as the
// npm package gives them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { Game, IllegalActionError, eventMessage } from "fichas";

const corpus = JSON.parse(readFileSync(new URL("../../tests/conformance/corpus.json", import.meta.url), "utf8"));

for (const c of corpus.cases) {
    test(`the package answers as the corpus says: ${c.name}`, () => {
        const game = Game.fromPosition(c.position);
        assert.deepEqual(game.legalActions().map((a) => a.notation), c.choices.map((ch) => ch.action));
        assert.deepEqual(game.taps(), c.choices.map((ch) => ch.tap));
        for (const choice of c.choices) assert.deepEqual(game.movements(choice.action), choice.movements);
        // What each choice does, as the seat to act sees it.
        const view = game.view(game.toAct);
        assert.deepEqual(view.choiceMessages(), c.choices.map((ch) => ch.message));
        view.free();

        assert.throws(() => game.apply(c.refused.action), (e) => {
            assert.ok(e instanceof IllegalActionError);
            assert.deepEqual([e.code, e.reason], [c.refused.code, c.refused.reason]);
            return true;
        });

        const events = game.apply(c.play);
        assert.deepEqual(events, c.events);
        assert.deepEqual(events.map((e) => eventMessage(c.variant, e)), c.messages);
        game.free();
    });
}
