// A tour of the package's API, type-checked with `tsc --strict` against the installed package:
// every exported class, function and type appears here, and running it plays a game, a table
// and a batch.
import {
    Bot, Game, Record, Table, View, engineVersion, replay, simulate, variantInfo, variants, verifyDice,
    ConfigError, DiceError, FichasError, FutureStepError, GameOverError, HostOnlyError, IllegalActionError,
    InternalError, NotYourTurnError, ParseError, RecordError, SeatError, StaleStepError, TableError,
} from "fichas";
import type {
    ChanceOutcome, Choice, Colour, GameEvent, JoinOptions, Outcome, Phase, RecordStep, RollEntry, SimulateOptions,
    Simulation, StoredStep, Suggestion, TableEvent, TableOptions, VariantInfo,
} from "fichas";

const info: VariantInfo = variantInfo("parchis:pairs");
const all: string[] = variants();
console.log(`fichas ${engineVersion()}: ${all.length} variants; ${info.variant} has ${info.seats} seats`);

// A game played by bots to its end, with its record replayed.
const game = new Game("poleana:2:assisted", 7);
const bot = new Bot("easy", 1);
const outcomes: ChanceOutcome[] = game.chanceOutcomes();
let events: GameEvent[] = [];
while (!game.isOver) {
    const phase: Phase = game.phase;
    if (phase === "chance") {
        events = game.roll();
        continue;
    }
    const actions: Choice[] = game.legalActions();
    const marks = actions.map((a) => [a.compliance, a.mark, a.colour satisfies Colour | null]);
    const hint: Suggestion | null = bot.choose(game);
    events = game.apply(hint === null ? actions[0] : hint.action);
    void marks;
}
const outcome: Outcome | null = game.outcome;
const record: Record = game.record();
const steps: RecordStep[] = record.steps;
console.log(`${outcomes.length} rolls possible; ${steps.length} steps; winners ${outcome?.winners}; last ${events[0]?.event}`);
console.log(`replayed: ${replay(record.toJson()).position() === game.position()}`);

// A seat's view travels as JSON; a bot decides from it alone.
const dealt = new Game("cartas", 3);
while (dealt.phase === "chance") dealt.roll();
const view: View = View.fromJson(dealt.view(0).toJson());
console.log(`a Cartas seat holds ${view.hand.length} cards of ${view.handSizes.reduce((a, b) => a + b, 0)}`);

// A table: the server's authority, with verifiable dice.
const options: TableOptions = { dice: "verifiable", turnLimitMs: 30_000 };
const table = new Table("parchis:two-player", options);
const joining: JoinOptions = { player: "ana" };
table.join(0, joining);
table.start(0);
let at = 1;
while (!table.isOver) {
    const seat = table.toAct as number;
    const choice: Suggestion | null = bot.chooseFrom(table.view(seat));
    table.submit(seat, table.step, choice === null ? "roll" : choice.notation, at++);
}
const heard: TableEvent[] = table.eventsFor(1, 0);
const rolls: RollEntry[] = table.rolls();
const rows: StoredStep[] = table.stepsSince(0);
const resumed = Table.resumeFrom(table.header(), rows.map((r) => r.step), table.reveal());
table.record().verify(resumed.head);
console.log(`${heard.length} events for seat 1, ${rolls.length} rolls, dice checked: ${verifyDice(table.record().toJson(), table.reveal())}`);

// Every refusal is a typed Error with the engine's message.
const refusals: Array<[() => unknown, new (...args: never[]) => FichasError]> = [
    [() => new Game("parchis:three"), ConfigError],
    [() => new Game("parchis").view(7), SeatError],
    [() => new Game("parchis").apply("nonsense"), ParseError],
    [() => new Game("parchis").apply("23+4"), IllegalActionError],
    [() => Record.fromJson("{}"), RecordError],
    [() => table.submit(0, table.step, "roll"), GameOverError],
    [() => table.record().verifyDice("00".repeat(32)), DiceError],
    [() => new Table("cartas").reveal(), TableError],
];
for (const [refused, kind] of refusals) {
    try {
        refused();
        throw new Error("accepted");
    } catch (e) {
        if (!(e instanceof kind)) throw e;
    }
}
const tableErrors = [NotYourTurnError, StaleStepError, FutureStepError, HostOnlyError, InternalError];
const stale = new Table("poleana:2");
stale.start(0);
try {
    stale.submit(1, stale.step, "roll");
} catch (e) {
    if (e instanceof NotYourTurnError) console.log(`refused: ${e.message} (to act: ${e.toAct})`);
}
console.log(`${refusals.length + tableErrors.length} error classes, each an Error`);

// A batch inside the module.
const batch: SimulateOptions = { games: 100, seed: 1, policy: ["easy", "random", "easy", "random"] };
const result: Simulation = simulate("parchis", batch);
console.log(`${result.games} games, win shares ${result.winShares.map((s) => s.toFixed(2)).join(" ")}`);
