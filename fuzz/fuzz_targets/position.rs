//! Position text of any game: reading never panics; a position that reads writes back the same
//! text, offers legal actions that apply, and gives views that survive JSON.
#![no_main]

use fichas::game::{Game, State};
use fichas_fuzz::{as_text, check_invariants};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = as_text(data) else { return };
    let Ok(state) = text.parse::<State>() else { return };
    let written = state.to_string();
    assert_eq!(written.parse::<State>().ok(), Some(state), "{text} → {written}");
    let game = Game::from_state(state);
    check_invariants(&game, true);
    for choice in game.legal_actions().iter().take(8) {
        let mut next = game.clone();
        next.play(choice.action()).expect("a listed action applies");
        check_invariants(&next, true);
    }
});
