// The errors fichas throws: one class per kind of refusal, each an Error with the engine's
// message. The WebAssembly module builds them through makeError, so `instanceof` works on every
// refusal of the engine. (A value of the wrong JavaScript type, a number where a text goes, gets
// the glue's own TypeError before the engine sees it.)

/**
 * Every error fichas throws. `code` says what kind of refusal it is, as every binding says it
 * (`illegal`, `not_your_turn`, …; null for a kind with no code); for an illegal action `reason`
 * is why (`parchis-blocked`, a key of the catalogues' `illegal-…` messages) and, at a table,
 * `legal` lists the actions that are legal then.
 */
export class FichasError extends Error {
    constructor(message) {
        super(message);
        this.name = new.target.name;
        this.code = null;
        this.reason = null;
    }
}
/** A variant or option that cannot make a game (`parchis:three`, `poleana:1`, a bad seed). */
export class ConfigError extends FichasError {}
/** A seat number that is not at this game's table. */
export class SeatError extends FichasError {}
/** Text that cannot be read: an action, a chance outcome, a position, a view's JSON. */
export class ParseError extends FichasError {}
/** An action or chance outcome the rules refuse now. */
export class IllegalActionError extends FichasError {}
/** A record that cannot be read, whose replay fails, or whose hash chain does not hold. */
export class RecordError extends FichasError {
    constructor(message, step) {
        super(message);
        /** The step the record breaks at, when the message names one. */
        this.step = step ?? null;
    }
}
/** At a table: a refusal of the table's (not started, joined after the start, …). */
export class TableError extends FichasError {}
/** At a table: a seat acted when it was not its turn. */
export class NotYourTurnError extends TableError {
    constructor(message, toAct) {
        super(message);
        /** The seat whose turn it is, or null. */
        this.toAct = toAct ?? null;
    }
}
/** At a table: a seat acted on a step the table has left. */
export class StaleStepError extends TableError {
    constructor(message, step) {
        super(message);
        /** The table's current step. */
        this.step = step ?? null;
    }
}
/** At a table: a seat named a step the table has not reached. */
export class FutureStepError extends TableError {
    constructor(message, step) {
        super(message);
        /** The table's current step. */
        this.step = step ?? null;
    }
}
/** At a table: a seat asked for what only the host may do (a timeout). */
export class HostOnlyError extends TableError {}
/** At a table: a seat acted after the game ended. */
export class GameOverError extends TableError {}
/** A record's dice do not follow from the revealed secret. */
export class DiceError extends FichasError {
    constructor(message, step) {
        super(message);
        /** The first step whose outcome differs. */
        this.step = step ?? null;
    }
}
/**
 * A bug in fichas, caught before it reached the page as a bare trap. The module is left as the
 * panic found it: load it again (reload the page or the worker) and go on from the game's record.
 */
export class InternalError extends FichasError {}

const kinds = {
    config: ConfigError,
    seat: SeatError,
    parse: ParseError,
    illegal: IllegalActionError,
    record: RecordError,
    table: TableError,
    notYourTurn: NotYourTurnError,
    stale: StaleStepError,
    future: FutureStepError,
    hostOnly: HostOnlyError,
    gameOver: GameOverError,
    dice: DiceError,
    internal: InternalError,
};

/** The error of `kind` (a key of `kinds`), for the WebAssembly module. */
export function makeError(kind, message, detail, facts) {
    const Kind = kinds[kind] ?? InternalError;
    const error = new Kind(message, detail === undefined || detail === null ? null : detail);
    error.code = facts?.code ?? null;
    error.reason = facts?.reason ?? null;
    if (facts?.legal) error.legal = facts.legal;
    return error;
}
