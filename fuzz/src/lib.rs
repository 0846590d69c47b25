//! What the fuzz targets share: the variants they play, and the checks they make after every
//! step. A failed check panics, which the fuzzer reports as a crash.

use fichas::game::{Game, State, View};
use fichas::phase::Phase;

/// Every variant and mode, so the fuzzer explores them all.
pub const VARIANTS: [&str; 14] = [
    "poleana",
    "poleana:2",
    "poleana:3:free",
    "poleana:YG:assisted:open-bridges",
    "poleana-express",
    "poleana-express:2:free:no-tapon-captures",
    "parchis",
    "parchis:YBR",
    "parchis:two-player",
    "parchis:two-player:BG",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
    "cartas:sets=1:jokers=2",
];

/// Checks that hold in every reachable state: its position text reads back to itself, a seat
/// to decide has something to choose, and (with `views`) every seat's view survives JSON.
pub fn check_invariants(game: &Game, views: bool) {
    let state = game.state();
    let text = state.to_string();
    let back: State = text.parse().unwrap_or_else(|e| panic!("position text does not read back: {e}\n{text}"));
    assert_eq!(&back, state, "position text round trip: {text}");
    let variant = game.variant();
    for seat in &fichas::Seat::ALL[..if views { variant.seats() } else { 0 }] {
        let view = game.view(*seat);
        let json = serde_json::to_string(&view).expect("views serialise");
        let read: View = serde_json::from_str(&json).unwrap_or_else(|e| panic!("view does not read back: {e}\n{json}"));
        assert_eq!(read, view);
    }
    match game.phase() {
        Phase::Decide(_) => assert!(!game.legal_actions().is_empty(), "a decision with no choice: {text}"),
        Phase::Chance => assert!(game.legal_actions().is_empty() && !game.chance_outcomes().is_empty()),
        Phase::Over(_) => assert!(game.legal_actions().is_empty() && !game.winners().is_empty()),
    }
}

/// Reads bytes as text, the way a server would receive it (only valid UTF-8 is text).
pub fn as_text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}
