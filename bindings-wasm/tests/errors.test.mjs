// Every refusal is a typed Error with the engine's message, and nothing changes; no panic and no
// trap reaches JavaScript.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
    Bot, ConfigError, FichasError, Game, IllegalActionError, InternalError, ParseError, Record, RecordError,
    SeatError, Table, View, simulate,
} from "fichas";
import { __panicForTests } from "../dist/fichas_wasm.js";

/** Asserts that `f` throws an instance of `Kind` whose message matches `pattern`. */
function refuses(f, Kind, pattern) {
    assert.throws(f, (e) => {
        assert.ok(e instanceof Kind, `${e?.constructor?.name}: ${e?.message}`);
        assert.ok(e instanceof FichasError && e instanceof Error);
        assert.equal(e.name, Kind.name);
        assert.match(e.message, pattern);
        return true;
    });
}

test("a variant that cannot be is a ConfigError", () => {
    refuses(() => new Game("parchis:three"), ConfigError, /three/);
    refuses(() => new Game("poleana:1"), ConfigError, /.+/);
    refuses(() => new Game("chess"), ConfigError, /chess/);
    refuses(() => new Game("poleana", -1), ConfigError, /a seed must be a whole number/);
    refuses(() => new Game("poleana", 0.5), ConfigError, /a seed must be a whole number/);
});

test("an illegal action is refused with the reason, and nothing changes", () => {
    const game = new Game("parchis", 1);
    const before = game.position();
    refuses(() => game.apply("23+4"), IllegalActionError, /.+/);
    refuses(() => game.apply("nonsense"), ParseError, /nonsense/);
    refuses(() => game.apply(42), ParseError, /an action is its notation/);
    refuses(() => game.apply({ notation: 7 }), ParseError, /an action is its notation/);
    refuses(() => game.applyDice(7, 1), ParseError, /each die shows 1 to 6/);
    refuses(() => game.applyChance("9-9"), ParseError, /.+/);
    refuses(() => game.view(4), SeatError, /seat 4 is not at this table/);
    refuses(() => game.view(-1), SeatError, /not at this table/);
    assert.equal(game.position(), before);
    game.roll();
    refuses(() => game.roll(), IllegalActionError, /.+/);
});

test("malformed text gets a typed error, never a crash", () => {
    refuses(() => Game.fromPosition("poleana:2 turn=Q"), ParseError, /.+/);
    refuses(() => View.fromJson("{"), ParseError, /.+/);
    refuses(() => View.fromJson("[".repeat(5000)), ParseError, /.+/);
    refuses(() => Record.fromJson("not json"), RecordError, /not valid JSON/);
    refuses(() => Record.fromJson('{"format":"fichas-record","version":99}'), RecordError, /.+/);
    refuses(() => new Bot("genius"), ConfigError, /genius/);
    refuses(() => simulate("parchis", {}), ConfigError, /needs `games`/);
    refuses(() => simulate("parchis", { games: 1, policy: 3 }), ConfigError, /policy/);
    refuses(() => new Table("cartas", { dice: "loaded" }), ConfigError, /loaded/);
    refuses(() => new Table("cartas", { turnLimitMs: "soon" }), ConfigError, /turnLimitMs/);
});

test("a long text in an error is cut short", () => {
    const game = new Game("poleana", 1);
    assert.throws(() => game.apply("x".repeat(100_000)), (e) => e instanceof ParseError && e.message.length < 1000);
});

test("a panic is an InternalError, and the module goes on", () => {
    refuses(() => __panicForTests("the dice fell off the table"), InternalError, /internal error in fichas.*the dice fell off the table/);
    const game = new Game("poleana:2", 1);
    game.applyDice(5, 1);
    assert.equal(game.phase, "decide");
});

test("a refusal carries its codes: the kind, why an action is illegal, and a table's legal actions", () => {
    const game = Game.fromPosition("parchis:YR turn=Y roll=6-5 Y=home,home,home,home R=6,home,home,home");
    assert.throws(() => game.apply("home+6"), (e) => {
        assert.ok(e instanceof IllegalActionError);
        assert.equal(e.code, "illegal");
        assert.equal(e.reason, "parchis-exit_needs_five");
        return true;
    });
    const table = new Table("parchis:YR", { dice: "host" });
    table.join(0, { player: "a" });
    table.join(1, { player: "b" });
    table.start(0);
    assert.throws(() => table.submit(1, table.step, "roll", 1), (e) => {
        assert.equal(e.code, "not_your_turn");
        assert.equal(e.reason, null);
        return true;
    });
    assert.throws(() => table.submit(0, table.step, "home+5", 1), (e) => {
        assert.ok(e instanceof IllegalActionError);
        assert.equal(e.code, "illegal");
        assert.equal(typeof e.reason, "string");
        assert.deepEqual(e.legal, ["roll"]);
        return true;
    });
});
