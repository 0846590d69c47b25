//! Why Poleana refuses an action: each reason in words, with its stable code (the catalogues
//! name it `illegal-<code>`).

use crate::phase::Refusal;

pub(crate) const NO_TOKEN_THERE: Refusal =
    Refusal::new("poleana-no_token_there", "you have no token there that may move now");
pub(crate) const NO_TAPON_THERE: Refusal = Refusal::new("poleana-no_tapon_there", "you have no tapón on that cell");
pub(crate) const NO_PLUS_TEN: Refusal = Refusal::new("poleana-no_plus_ten", "no +10 is waiting for a route");
pub(crate) const PLUS_TEN_FIRST: Refusal =
    Refusal::new("poleana-plus_ten_first", "the route of the pending +10 must be chosen first");
pub(crate) const PRIORITY: Refusal = Refusal::new(
    "poleana-priority",
    "strict mode allows only the highest priority present (sweep, release, capture, move)",
);
pub(crate) const MAXIMUM_ADVANCE: Refusal = Refusal::new(
    "poleana-maximum_advance",
    "maximum advance: another choice of the same priority lets the whole roll be used",
);
pub(crate) const NO_SWEEP: Refusal = Refusal::new(
    "poleana-no_sweep",
    "the roll exposes no rival on a police cell, or the sweep is no longer the first action",
);
pub(crate) const NO_RELEASE: Refusal = Refusal::new(
    "poleana-no_release",
    "a release needs a release combo, a token at start, no token in limbo and no rival tapón on the landing cell",
);
pub(crate) const NO_RESCUE: Refusal =
    Refusal::new("poleana-no_rescue", "a rescue needs a release combo, a token in limbo and no rival tapón on own 0");
pub(crate) const NO_TAPON_MOVE: Refusal = Refusal::new(
    "poleana-no_tapon_move",
    "a tapón moves as a unit only with a double, by the face of the dice, onto an empty cell or a rival tapón",
);
pub(crate) const NO_SUCH_NUMBER: Refusal =
    Refusal::new("poleana-no_such_number", "the roll in hand offers no such number");
pub(crate) const LIMBO_FIRST: Refusal =
    Refusal::new("poleana-limbo_first", "while a token is in limbo nothing else moves");
pub(crate) const BLOCKED: Refusal = Refusal::new(
    "poleana-blocked",
    "the token cannot walk there: blocked, past the goal, onto a cell it may not land on, or no bridge on the way",
);
pub(crate) const PLUS_TEN_ROUTE: Refusal = Refusal::new("poleana-plus_ten_route", "that route cannot take the full 10");

pub(crate) const ALL: [Refusal; 14] = [
    NO_TOKEN_THERE,
    NO_TAPON_THERE,
    NO_PLUS_TEN,
    PLUS_TEN_FIRST,
    PRIORITY,
    MAXIMUM_ADVANCE,
    NO_SWEEP,
    NO_RELEASE,
    NO_RESCUE,
    NO_TAPON_MOVE,
    NO_SUCH_NUMBER,
    LIMBO_FIRST,
    BLOCKED,
    PLUS_TEN_ROUTE,
];
