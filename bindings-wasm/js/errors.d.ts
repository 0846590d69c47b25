/** Every error fichas throws; `message` is the engine's, in words a person understands. */
export class FichasError extends Error {
    /** The kind of refusal, as every binding says it (`illegal`, `not_your_turn`, …), or null. */
    code: string | null;
    /** Why an action is illegal (`parchis-blocked`: the catalogues' `illegal-…` messages), or null. */
    reason: string | null;
    /** At a table, the actions legal when an illegal one was refused. */
    legal?: string[];
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
    /** The step the record breaks at, when there is one. */
    readonly step: number | null;
}
/** At a table: a refusal of the table's (not started, joined after the start, …). */
export class TableError extends FichasError {}
/** At a table: a seat acted when it was not its turn. */
export class NotYourTurnError extends TableError {
    /** The seat whose turn it is, or null. */
    readonly toAct: number | null;
}
/** At a table: a seat acted on a step the table has left. */
export class StaleStepError extends TableError {
    /** The table's current step. */
    readonly step: number | null;
}
/** At a table: a seat named a step the table has not reached. */
export class FutureStepError extends TableError {
    /** The table's current step. */
    readonly step: number | null;
}
/** At a table: a seat asked for what only the host may do (a timeout). */
export class HostOnlyError extends TableError {}
/** At a table: a seat acted after the game ended. */
export class GameOverError extends TableError {}
/** A record's dice do not follow from the revealed secret. */
export class DiceError extends FichasError {
    /** The first step whose outcome differs. */
    readonly step: number | null;
}
/** A bug in fichas, caught before it reached the page as a bare trap: load the module again and go on from the game's record. */
export class InternalError extends FichasError {}
