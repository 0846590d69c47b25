// A Table is the authority a Node server holds: seats act through submit, refusals are typed and
// change nothing, each seat hears only what it may, and records and dice check.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
    Bot, DiceError, FutureStepError, GameOverError, HostOnlyError, IllegalActionError, NotYourTurnError, Record,
    RecordError, StaleStepError, Table, TableError, replay, simulate, verifyDice,
} from "fichas";
import { random } from "./helpers.mjs";

/** Plays a table to its end, each seat choosing at random among its legal moves. */
function playTable(table, rng, at = 1000) {
    while (!table.isOver) {
        const seat = table.toAct;
        const legal = table.legalActions(seat);
        table.submit(seat, table.step, legal[Math.floor(rng() * legal.length)], at++);
    }
    return table;
}

test("seats act through submit; refusals are typed and change nothing", () => {
    const table = new Table("poleana:2", { dice: "verifiable", turnLimitMs: 30_000 });
    assert.match(table.commitment, /^[0-9a-f]{64}$/);
    table.join(0, { player: "ana" });
    table.join(1, { player: "luis", seed: "mine" });
    table.start(1000);
    assert.equal(table.started, true);
    assert.equal(table.deadline, 31_000);
    const step = table.step;
    assert.deepEqual(table.legalActions(0), ["roll"]);
    assert.throws(() => table.submit(1, step, "roll"), (e) => e instanceof NotYourTurnError && e.toAct === 0);
    assert.throws(() => table.submit(0, step + 1, "roll"), (e) => e instanceof FutureStepError && e.step === step);
    assert.throws(() => table.submit(0, step, "timeout"), HostOnlyError);
    assert.throws(() => table.submit(0, step, "release"), IllegalActionError);
    assert.equal(table.step, step);
    table.submit(0, step, "roll", 2000);
    assert.throws(() => table.submit(0, step, "roll"), (e) => e instanceof StaleStepError && e.step === step + 1);
    assert.equal(table.rolls().length, 1);
    assert.deepEqual(Object.keys(table.rolls()[0]).sort(), ["roll", "seat", "step"]);
});

test("a whole game at a table checks: record, chain head and verifiable dice", () => {
    const table = new Table("parchis:pairs", { dice: "verifiable" });
    table.start(0);
    playTable(table, random(7));
    assert.throws(() => table.submit(0, table.step, "roll"), GameOverError);
    assert.ok(table.winners.length === 2, "a pair wins together");
    const record = table.record();
    record.verify(table.head);
    assert.equal(record.head, table.head);
    const secret = table.reveal();
    assert.equal(verifyDice(record.toJson(), secret), record.verifyDice(secret));
    assert.ok(record.verifyDice(secret) > 0);
    // The game replays to the same end.
    assert.deepEqual(replay(record.toJson()).outcome, table.outcome);
    // A tampered record is caught at the step tampered with.
    const json = JSON.parse(record.toJson());
    const index = json.steps.findIndex((s) => "chance" in s);
    json.steps[index].chance = json.steps[index].chance === "1-1" ? "2-2" : "1-1";
    const tampered = Record.fromJson(JSON.stringify(json));
    assert.throws(() => tampered.verify(table.head), (e) => e instanceof RecordError && e.step === index);
    assert.throws(() => tampered.verifyDice(secret), (e) => e instanceof DiceError && e.step === index);
    assert.throws(() => record.verifyDice("00".repeat(32)), DiceError);
});

test("a store appends steps and resumes from them", () => {
    const table = new Table("cartas", { dice: "verifiable" });
    table.start(0);
    const header = table.header();
    const rng = random(2);
    for (let i = 0; i < 40 && !table.isOver; i++) {
        const legal = table.legalActions(table.toAct);
        table.submit(table.toAct, table.step, legal[Math.floor(rng() * legal.length)], 10 + i);
    }
    const rows = table.stepsSince(0);
    assert.equal(rows.length, table.step);
    assert.equal(rows.at(-1).link, table.head);
    const resumed = Table.resumeFrom(header, rows.map((r) => r.step), table.reveal(), 99);
    assert.equal(resumed.head, table.head);
    assert.equal(resumed.step, table.step);
    assert.deepEqual(resumed.legalActions(resumed.toAct), table.legalActions(table.toAct));
    assert.equal(Record.fromParts(header, rows.map((r) => r.step)).head, table.head);
    const torn = rows.map((r) => r.step);
    torn[torn.length - 1] = torn.at(-1).slice(0, 20);
    assert.throws(() => Record.fromParts(header, torn), (e) => e instanceof RecordError && e.step === torn.length - 1);
    assert.equal(Table.resume(table.record().toJson(), table.reveal()).head, table.head);
});

test("in Cartas each seat hears only of its own cards; a spectator of none", () => {
    const table = new Table("cartas");
    table.start();
    const all = table.events();
    assert.equal(all.length, 25, "the round's start and 24 cards dealt");
    for (let seat = 0; seat < 4; seat++) {
        for (const event of table.eventsFor(seat)) {
            if (event.event === "dealt") {
                assert.equal(event.card !== null && event.card !== undefined, event.to === seat, JSON.stringify(event));
            }
        }
    }
    for (const event of table.eventsFor(null)) assert.ok(event.card === null || event.card === undefined, JSON.stringify(event));
    // A spectator's view holds how many cards each seat has, and no card of any hand: it is the
    // same for two tables whose hands differ (the second deals from another secret).
    const other = new Table("cartas");
    other.start();
    assert.equal(table.view(0).hand.length, 6);
    const spectator = table.publicView();
    assert.ok(!("hand" in spectator) && !("hands" in spectator), JSON.stringify(spectator));
    assert.deepEqual(spectator.hand_sizes, [6, 6, 6, 6]);
    assert.equal(JSON.stringify(spectator), JSON.stringify(other.publicView()));
    // A bot at the table decides from its seat's view alone.
    const bot = new Bot("easy", 1);
    const choice = bot.chooseFrom(table.view(table.toAct));
    assert.ok(table.legalActions(table.toAct).includes(choice.notation));
});

test("host dice: the host supplies every outcome", () => {
    const table = new Table("parchis:two-player", { dice: "host" });
    table.start(0);
    assert.equal(table.chanceDue, false, "the seat on turn asks for its roll first");
    table.submit(0, table.step, "roll", 1);
    assert.equal(table.chanceDue, true);
    assert.equal(table.chanceOutcomes().length, 21);
    table.supply("6-5", 1);
    assert.equal(table.chanceDue, false);
    assert.deepEqual(table.rolls().map((r) => r.roll), ["6-5"]);
    assert.throws(() => table.reveal(), TableError);
});

test("bots play whole games, and a batch runs inside the module", () => {
    for (const level of ["random", "easy", "medium"]) {
        const bot = new Bot(level, 3);
        assert.equal(bot.level, level);
        const table = new Table("poleana-express:2");
        table.start(0);
        const game = replay(table.record().toJson(), 1);
        let steps = 0;
        while (!game.isOver && steps++ < 20_000) {
            if (game.toAct === null) game.roll();
            else game.apply(bot.choose(game).action);
        }
        assert.equal(game.isOver, true, level);
    }
    const hint = new Bot("easy").choose(replay(new Table("poleana:2").record().toJson(), 1));
    assert.equal(hint, null, "nobody decides before the roll");
    const result = simulate("parchis", { games: 50, seed: 1 });
    assert.equal(result.games, 50);
    assert.equal(result.wins.reduce((a, b) => a + b, 0) + result.truncated, 50);
    assert.deepEqual(simulate("parchis", { games: 50, seed: 1 }), result, "the same seed, the same games");
    const matched = simulate("poleana:2", { games: 20, seed: 2, policy: ["easy", "random"] });
    assert.equal(matched.wins.length, 2);
});

test("a table tells each seat its events as catalogue messages and their movements", () => {
    const table = new Table("parchis:YR", { dice: "host" });
    table.join(0, { player: "a" });
    table.join(1, { player: "b" });
    table.start(0);
    table.submit(0, table.step, "roll", 1);
    table.supply("5-5", 1);
    table.submit(0, table.step, "home+5", 2);
    const events = table.eventsFor(0, 0);
    const messages = table.messagesFor(0, 0);
    assert.equal(messages.length, events.length);
    assert.deepEqual(messages.find((m) => m.id === "event-parchis-rolled"), { id: "event-parchis-rolled", args: { colour: "yellow", roll: "5-5" } });
    const exit = table.movementsFor(0, 0).find((m) => m.cause === "release");
    assert.equal(exit.from, "Y:home");
});
