//! Why Cartas refuses an action: each reason in words, with its stable code (the catalogues
//! name it `illegal-<code>`).

use crate::phase::Refusal;

pub(crate) const BAD_USE: Refusal = Refusal::new("cartas-bad_use", "that card cannot be used that way");
pub(crate) const NO_CARD_TO_PASS: Refusal = Refusal::new("cartas-no_card_to_pass", "you hold no such card to pass");
pub(crate) const EXCHANGE_UNDER_WAY: Refusal =
    Refusal::new("cartas-exchange_under_way", "the exchange is under way: pass a card to the player on your left");
pub(crate) const EXCHANGE_OVER: Refusal = Refusal::new("cartas-exchange_over", "the exchange is over: play a card");
pub(crate) const NO_SUCH_CARD: Refusal = Refusal::new("cartas-no_such_card", "you hold no such card");
pub(crate) const NONE_AT_HOME: Refusal = Refusal::new("cartas-none_at_home", "you have no token at home");
pub(crate) const START_TAKEN: Refusal = Refusal::new("cartas-start_taken", "your start cell holds your own token");
pub(crate) const NO_TOKEN_THERE: Refusal = Refusal::new("cartas-no_token_there", "you have no token there");
pub(crate) const NO_CORRIDOR_TURN: Refusal = Refusal::new(
    "cartas-no_corridor_turn",
    "that token cannot turn into its corridor with this count: it must cross its own start, not be blocking it, and land inside the corridor without passing a token",
);
pub(crate) const BLOCKED: Refusal = Refusal::new(
    "cartas-blocked",
    "that move is blocked: it passes a blocking token, overshoots, or lands on your own token or a blocking one",
);
pub(crate) const SHARE_NO_TOKEN: Refusal =
    Refusal::new("cartas-share_no_token", "a share names a cell where you have no token");
pub(crate) const BAD_SEVEN: Refusal = Refusal::new(
    "cartas-bad_seven",
    "that split of the 7 is not legal: each share must walk without passing your own tokens or a blocking one, and all seven steps must be used",
);
pub(crate) const SWAP_OWN_NOTATION: Refusal = Refusal::new(
    "cartas-swap_own_notation",
    "two of your own tokens are swapped with the action written J:own (or *:own)",
);
pub(crate) const BAD_SWAP: Refusal = Refusal::new(
    "cartas-bad_swap",
    "a swap needs one of your tokens and another token on the track, neither at home, in a corridor nor blocking its start",
);
pub(crate) const BAD_SWAP_OWN: Refusal =
    Refusal::new("cartas-bad_swap_own", "you need two of your own tokens on the track, not blocking, to swap them");
pub(crate) const STEAL_SELF: Refusal = Refusal::new("cartas-steal_self", "you cannot take a card from yourself");
pub(crate) const NOTHING_TO_STEAL: Refusal = Refusal::new("cartas-nothing_to_steal", "that seat holds no card to take");

pub(crate) const ALL: [Refusal; 17] = [
    BAD_USE,
    NO_CARD_TO_PASS,
    EXCHANGE_UNDER_WAY,
    EXCHANGE_OVER,
    NO_SUCH_CARD,
    NONE_AT_HOME,
    START_TAKEN,
    NO_TOKEN_THERE,
    NO_CORRIDOR_TURN,
    BLOCKED,
    SHARE_NO_TOKEN,
    BAD_SEVEN,
    SWAP_OWN_NOTATION,
    BAD_SWAP,
    BAD_SWAP_OWN,
    STEAL_SELF,
    NOTHING_TO_STEAL,
];
