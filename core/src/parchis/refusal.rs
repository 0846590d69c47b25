//! Why Parchís refuses an action: each reason in words, with its stable code (the catalogues
//! name it `illegal-<code>`).

use crate::phase::Refusal;

pub(crate) const BONUS_FIRST: Refusal = Refusal::new("parchis-bonus_first", "the pending bonus must be played first");
pub(crate) const NO_SUCH_COUNT: Refusal =
    Refusal::new("parchis-no_such_count", "the roll in hand offers no such count");
pub(crate) const NO_TOKEN_THERE: Refusal =
    Refusal::new("parchis-no_token_there", "the colour to move has no token there");
pub(crate) const EXIT_CLOSED: Refusal =
    Refusal::new("parchis-exit_closed", "the exit is closed, or the sum is not a 3+2 or 4+1 of the roller's");
pub(crate) const EXIT_NEEDS_FIVE: Refusal =
    Refusal::new("parchis-exit_needs_five", "only a 5, or the 3+2 / 4+1 sum, brings a token out");
pub(crate) const FIVE_MUST_EXIT: Refusal =
    Refusal::new("parchis-five_must_exit", "a 5 that can bring a token out must do so");
pub(crate) const OPEN_BARRIER: Refusal =
    Refusal::new("parchis-open_barrier", "on a double the first die must open a barrier, or the move is blocked");
pub(crate) const NOT_THIS_COLOUR: Refusal = Refusal::new("parchis-not_this_colour", "it is not this colour's turn");
pub(crate) const BLOCKED: Refusal = Refusal::new(
    "parchis-blocked",
    "the token cannot walk there: a barrier is in the way, the goal is passed, or the cell is full",
);

pub(crate) const ALL: [Refusal; 9] = [
    BONUS_FIRST,
    NO_SUCH_COUNT,
    NO_TOKEN_THERE,
    EXIT_CLOSED,
    EXIT_NEEDS_FIVE,
    FIVE_MUST_EXIT,
    OPEN_BARRIER,
    NOT_THIS_COLOUR,
    BLOCKED,
];
