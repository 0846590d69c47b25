//! Random sequences of legal and illegal actions and chance outcomes over every variant: the
//! bytes choose the variant, then each step. Listed steps must apply; anything else must either
//! apply (when it was in fact possible) or be refused with an error that changes nothing. The
//! invariants hold after every step, and the game's record replays to the same state.
#![no_main]

use fichas::game::{ChanceOutcome, Game};
use fichas::phase::Phase;
use fichas_fuzz::{VARIANTS, check_invariants};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let Some(pick) = bytes.next() else { return };
    let variant = VARIANTS[usize::from(pick) % VARIANTS.len()].parse().expect("the listed variants are valid");
    let mut game = Game::new(variant);
    let mut step = 0u32;
    while let Some(b) = bytes.next() {
        step += 1;
        let before = game.clone();
        let refused = match game.phase() {
            Phase::Over(_) => {
                assert!(game.timeout().is_err() && game.legal_actions().is_empty());
                break;
            }
            Phase::Chance => {
                let outcomes = game.chance_outcomes();
                if (240..248).contains(&b) {
                    // A host timeout before the roll applies in the dice games; a Cartas draw
                    // has no seat on turn to time out.
                    let dice_game = game.state().roll_is_due();
                    assert_eq!(game.timeout().is_ok(), dice_game, "a timeout before the roll");
                    !dice_game
                } else if b < 224 {
                    let (outcome, _) = outcomes[usize::from(b) % outcomes.len()];
                    game.apply_chance(outcome).expect("a listed chance outcome applies");
                    false
                } else {
                    // Any outcome a client might send applies only if it was possible.
                    match game.state().parse_chance(&text_from(&mut bytes)) {
                        Ok(outcome) => {
                            let possible = outcomes.iter().any(|&(o, w)| w > 0 && same(o, outcome));
                            let applied = game.apply_chance(outcome).is_ok();
                            assert_eq!(possible, applied, "outcome {outcome}");
                            !applied
                        }
                        Err(_) => true,
                    }
                }
            }
            Phase::Decide(_) => {
                let choices = game.legal_actions();
                match b {
                    0..=199 => {
                        let choice = choices[usize::from(b) % choices.len()];
                        game.play(choice.action()).expect("a listed action applies");
                        false
                    }
                    200..=229 => {
                        let id = u16::from_le_bytes([bytes.next().unwrap_or(0), bytes.next().unwrap_or(0)]);
                        match game.state().action_from_id(id) {
                            Some(action) => {
                                let listed = choices.iter().any(|c| c.action() == action);
                                let applied = game.play(action).is_ok();
                                // A listed action always applies; an unlisted spelling of a
                                // listed result may too (Cartas lists twin 7 splits once).
                                assert!(!listed || applied, "listed action {action} refused");
                                !applied
                            }
                            None => true,
                        }
                    }
                    230..=239 => {
                        game.timeout().expect("a seat to decide can always time out");
                        false
                    }
                    _ => game.play_text(&text_from(&mut bytes)).is_err(),
                }
            }
        };
        if refused {
            assert_eq!(game.state(), before.state(), "a refused step changed the game");
        }
        // Views are the slow check: every 16 steps, and at the end.
        check_invariants(&game, step.is_multiple_of(16));
    }
    check_invariants(&game, true);
    let replayed = game.record().replay().expect("the record of a played game replays");
    assert_eq!(replayed.state(), game.state());
});

/// Whether two chance outcomes are the same event (two dice shown in either order are one roll).
fn same(a: ChanceOutcome, b: ChanceOutcome) -> bool {
    match (a, b) {
        (ChanceOutcome::Roll(x), ChanceOutcome::Roll(y)) => x.sorted() == y.sorted(),
        _ => a == b,
    }
}

/// A short text made of the next bytes: notation-like characters, so parsers see near misses.
fn text_from(bytes: &mut impl Iterator<Item = u8>) -> String {
    const ALPHABET: &[u8] = b"0123456789+-/:,x~!*cbYBRGAKQJThomesumpatlutdrv' ";
    let len = usize::from(bytes.next().unwrap_or(0) % 12);
    bytes.take(len).map(|b| ALPHABET[usize::from(b) % ALPHABET.len()] as char).collect()
}
