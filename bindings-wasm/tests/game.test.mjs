// Playing every variant from JavaScript: the behaviours bindings-python/tests/test_game.py checks.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
    ConfigError, Game, IllegalActionError, SeatError, View, engineVersion, eventMessage, geometry, variantInfo, variants,
} from "fichas";
import { VARIANTS, playOut, random } from "./helpers.mjs";

for (const variant of VARIANTS) {
    test(`a game of ${variant} plays to its end`, () => {
        const game = playOut(new Game(variant, 3), random(3));
        assert.equal(game.isOver, true);
        assert.equal(game.phase, "over");
        assert.equal(game.toAct, null);
        const outcome = game.outcome;
        assert.ok(outcome.winners.length > 0, JSON.stringify(outcome));
        assert.ok(outcome.winners.every((s) => s >= 0 && s < game.seats));
        assert.deepEqual(game.legalActions(), []);
    });
}

test("the phase and the seat to act follow the game", () => {
    const game = new Game("poleana:2", 1);
    assert.deepEqual([game.phase, game.toAct, game.isOver, game.outcome], ["chance", null, false, null]);
    const outcomes = game.chanceOutcomes();
    assert.equal(outcomes.length, 21);
    assert.equal(outcomes.reduce((sum, [, weight]) => sum + weight, 0), 36);
    const events = game.applyChance("5-1");
    assert.deepEqual(events[0], { event: "rolled", colour: "yellow", roll: [5, 1] });
    assert.deepEqual([game.phase, game.toAct], ["decide", 0]);
});

test("actions read like the game, with Poleana's marks", () => {
    const game = new Game("poleana:2:assisted", 1);
    game.applyDice(5, 1);
    const [release, ...rest] = game.legalActions();
    assert.deepEqual(rest, []);
    assert.equal(release.notation, "release");
    assert.equal(release.id, 1);
    assert.equal(release.seat, 0);
    assert.equal(release.priority, 2);
    assert.equal(release.landing, "Y0");
    assert.equal(release.compliance, "compliant");
    assert.equal(release.mark, "safe");
    assert.equal(release.captures, null);
    const events = game.apply(release);
    assert.deepEqual(events.find((e) => e.event === "released"), { event: "released", colour: "yellow", to: "Y0", count: 1 });
});

test("actions can be applied as text", () => {
    const game = new Game("parchis:pairs", 1);
    game.applyChance("5-2");
    assert.deepEqual(game.legalActions().map((a) => a.notation), ["home+5"]);
    const events = game.apply("home+5");
    assert.equal(events[0].event, "exited");
    const [action] = game.legalActions();
    assert.equal(action.notation, "5+2");
    assert.equal(action.colour, "yellow");
    assert.equal(action.steps, 2);
    assert.equal(action.compliance, null);
});

test("Parchís actions name their captures", () => {
    const text = "parchis turn=Y Y=10,home,home,home B=home,home,home,home R=13,home,home,home G=home,home,home,home";
    const game = Game.fromPosition(text, 1);
    game.applyChance("3-1");
    const capture = game.legalActions().find((a) => a.notation === "10+3");
    assert.equal(capture.captures, "red");
});

test("positions read back", () => {
    const game = playOut(new Game("poleana-express:3", 5), random(5));
    const again = Game.fromPosition(game.position());
    assert.equal(again.position(), game.position());
    assert.equal(again.isOver, true);
});

test("copies are independent and roll alike", () => {
    const game = new Game("poleana:2", 9);
    game.applyChance("5-1");
    const twin = game.copy();
    twin.apply("release");
    assert.equal(game.toAct, 0);
    assert.equal(twin.toAct, null);
    const a = new Game("parchis", 4);
    const b = a.copy();
    assert.deepEqual(a.roll(), b.roll());
});

test("the same seed rolls the same game", () => {
    const a = playOut(new Game("parchis", 11), random(1));
    const b = playOut(new Game("parchis", 11), random(1));
    assert.equal(a.record().toJson(), b.record().toJson());
    // Games without a seed draw theirs from crypto.getRandomValues: two of them roll apart within
    // 30 rolls (the same 30 rolls by chance: 1 in 36^30).
    const unseeded = [new Game("poleana:2:free"), new Game("poleana:2:free")];
    const seen = unseeded.map((g) => {
        const out = [];
        for (let i = 0; i < 30 && !g.isOver; i++) {
            if (g.phase === "chance") out.push(g.roll()[0].roll.join("-"));
            else g.apply(g.legalActions()[0]);
        }
        return out.join(" ");
    });
    assert.notEqual(seen[0], seen[1]);
});

test("pictures render as SVG and text", () => {
    const game = new Game("poleana:2", 2);
    game.applyChance("5-1");
    game.apply("release");
    const svg = game.svg();
    assert.ok(svg.startsWith("<svg") && svg.includes("</svg>"), svg.slice(0, 80));
    assert.ok(game.text().length > 0);
    const view = game.view(1);
    assert.ok(view.svg().startsWith("<svg"));
    assert.ok(view.text().length > 0);
});

test("views travel as JSON", () => {
    const game = new Game("parchis:pairs", 4);
    game.applyChance("5-5");
    const view = game.view(0);
    const again = View.fromJson(view.toJson());
    assert.equal(again.toJson(), view.toJson());
    assert.equal(again.variant, "parchis:pairs");
    assert.deepEqual(again.legalActions(), game.legalActions());
});

test("the variants list playable texts, and their seats are named", () => {
    for (const text of variants()) {
        const info = variantInfo(text);
        assert.equal(info.variant, text);
        assert.equal(new Game(text, 0).seats, info.seats);
    }
    assert.deepEqual(new Game("parchis:two-colours", 0).seatNames, ["yellow+red", "blue+green"]);
    assert.deepEqual(new Game("poleana:2", 0).seatNames, ["yellow", "red"]);
    assert.deepEqual(variantInfo("parchis:pairs").seatNames, ["yellow", "blue", "red", "green"]);
    assert.ok(variants().includes("poleana-express:3") && variants().includes("poleana:free"));
    const pairs = variantInfo("parchis:pairs");
    assert.equal(pairs.mode, "pairs");
    assert.deepEqual(pairs.partners, [2, 3, 0, 1]);
    assert.deepEqual(pairs.has, { dice: true, roll: true, cards: false, hiddenHands: false, marks: false, partners: true });
    const cartas = variantInfo("cartas");
    assert.ok(cartas.has.cards && cartas.has.hiddenHands && !cartas.has.roll && cartas.mode === null);
    assert.match(engineVersion(), /^\d+\.\d+\.\d+/);
});

test("Cartas views hide the other hands", () => {
    const a = Game.fromPosition("cartas tokens=0!,20/-/-/- hands=7*J42A/356/5K8/9TQ discards=AA3333333", 1);
    const b = Game.fromPosition("cartas tokens=0!,20/-/-/- hands=7*J42A/KKK/AAA/234 discards=AA3333333", 1);
    assert.equal(a.view(0).toJson(), b.view(0).toJson(), "seat 0 cannot tell the two apart");
    assert.notEqual(a.view(1).toJson(), b.view(1).toJson());
    const view = a.view(0);
    assert.deepEqual(view.handSizes, [6, 3, 3, 3]);
    assert.deepEqual(view.hand, ["A", "2", "4", "7", "J", "*"]);
    for (const hidden of ["356", "5K8", "9TQ"]) assert.ok(!view.toJson().includes(hidden));
    assert.deepEqual(view.legalActions().map((x) => x.notation), a.legalActions().map((x) => x.notation));
    assert.deepEqual(a.view(2).legalActions(), []);
    // The picture of seat 0's view names none of the other hands' cards either.
    assert.equal(a.view(0).svg(), b.view(0).svg());
});

test("a move's preview draws the board after it, and changes nothing", () => {
    const game = new Game("poleana:2:assisted", 1);
    game.applyDice(5, 1);
    const before = game.position();
    const preview = game.previewSvg("release", 0);
    assert.ok(preview.startsWith("<svg") && preview.includes('class="to"'), "the landing cell is marked");
    assert.equal(game.position(), before);
    assert.notEqual(preview, game.svg());
    // From a seat's view too, as a server sends it; the same picture as the game's.
    const view = View.fromJson(game.view(0).toJson());
    assert.equal(view.previewSvg("release"), preview);
    assert.throws(() => game.previewSvg("Y3+5", 0), IllegalActionError);
    assert.throws(() => game.previewSvg("release", 5), SeatError);
    // A Cartas view holds too little of the game to play a move on.
    const cartas = new Game("cartas", 3);
    while (cartas.phase === "chance") cartas.roll();
    const seat = cartas.toAct;
    const [move] = cartas.legalActions();
    assert.equal(cartas.view(seat).previewSvg(move), null);
    assert.ok(cartas.previewSvg(move, seat).startsWith("<svg"));
});

test("a move as an app shows it: taps, movements, tokens and where each spot lies", () => {
    const game = Game.fromPosition("parchis:YR turn=Y roll=4-2 Y=66,20,home,home R=40,home,home,home");
    const taps = game.taps();
    assert.deepEqual(taps.map((t) => t.action), game.legalActions().map((c) => c.notation));
    assert.deepEqual(taps.filter((t) => t.tokens[0] === "Y@66").map((t) => t.option), ["+2", "+4"]);
    const [walk] = game.movements("66+4");
    assert.deepEqual(walk, { owner: { colour: "yellow" }, from: "66", path: ["67", "68", "Y:c1", "Y:c2"], motion: "walk", cause: "move" });
    assert.ok(game.tokens().some((t) => t.spot === "Y:home"));
    const spots = new Set(geometry("parchis:YR").spots.map((s) => s.spot));
    assert.ok(walk.path.every((spot) => spots.has(spot)));
    assert.throws(() => game.movements("40+4"), IllegalActionError);
    const before = game.position();
    game.movements("66+4");
    assert.equal(game.position(), before, "asking for movements changes nothing");
});

test("what a page words: each choice of a seat's view and each event, as catalogue messages", () => {
    const game = Game.fromPosition("parchis:YR turn=Y roll=4-2 Y=66,20,home,home R=40,home,home,home");
    const view = game.view(0);
    const choices = view.legalActions().map((c) => c.notation);
    assert.deepEqual(view.taps().map((t) => t.action), choices);
    const messages = view.choiceMessages();
    assert.equal(messages.length, choices.length);
    assert.deepEqual(messages[choices.indexOf("66+4")], {
        id: "choice-parchis-corridor", args: { colour: "yellow", from: 66, to: "c2", steps: 4, by: 4 },
    });
    const [moved] = game.apply("66+4");
    assert.deepEqual(eventMessage("parchis:YR", moved), {
        id: "event-parchis-moved", args: { colour: "yellow", from: 66, to: "c2", steps: 4, by: 4 },
    });
    assert.throws(() => eventMessage("chess", moved), ConfigError);
});
