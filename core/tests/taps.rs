//! Taps to choices: each legal choice is reached by a card, tokens and an option that no other
//! choice of the position shares, starting from tokens that stand on the board.

mod cartas_support;
mod play_support;

use std::collections::BTreeSet;

use fichas::game::{State, VARIANTS, Variant};
use play_support::play_randomly;

#[test]
fn every_choice_has_its_own_taps_from_tokens_on_the_board() {
    for text in VARIANTS {
        let variant: Variant = text.parse().unwrap();
        play_randomly(variant, 47, 1_000, |state, _, _| {
            if state.phase().to_act().is_none() {
                return;
            }
            let (legal, taps) = (state.legal_actions(), state.taps());
            assert_eq!(taps.len(), legal.len());
            let standing: BTreeSet<String> = state.tokens().iter().map(|t| t.name()).collect();
            let mut keys = BTreeSet::new();
            for (tap, choice) in taps.iter().zip(&legal) {
                assert_eq!(tap.action, choice.action().to_string());
                assert_eq!(tap.tokens.len(), tap.steps.len());
                for token in &tap.tokens {
                    assert!(standing.contains(token), "{text}: {tap:?} taps {token}, which is not in {state}");
                }
                let key = (tap.card.clone(), tap.tokens.clone(), tap.steps.clone(), tap.option.clone());
                assert!(keys.insert(key), "{text}: two choices share the taps of {tap:?} in {state}");
            }
        });
    }
}

#[test]
fn a_seven_is_tapped_token_by_token_and_a_jack_as_two_taps() {
    let tap = |position: &str, action: &str| {
        let state = State::Cartas(cartas_support::pos(position));
        state.taps().into_iter().find(|t| t.action == action).unwrap_or_else(|| panic!("{action} is not listed"))
    };
    let seven = tap("cartas tokens=10,20/-/-/- hands=7/-/-/-", "7:10+3,20+4");
    assert_eq!(
        (seven.card.as_deref(), &seven.tokens[..], &seven.steps[..]),
        (Some("7"), &["0@20".to_string(), "0@10".to_string()][..], &[4, 3][..])
    );
    let jack = tap("cartas tokens=10,20/30/-/- hands=J/-/-/-", "J:10~30");
    assert_eq!((jack.tokens.as_slice(), jack.option.as_str()), (&["0@10".to_string(), "1@30".to_string()][..], "~30"));
}

#[test]
fn a_card_passed_in_the_exchange_is_tapped_as_its_card() {
    let mut passes = 0;
    play_randomly("cartas".parse().unwrap(), 48, 400, |before, _, _| {
        for tap in before.taps() {
            if let Some(card) = tap.action.strip_prefix("pass:") {
                assert_eq!(tap.card.as_deref(), Some(card), "{tap:?}");
                assert!(tap.tokens.is_empty(), "{tap:?}");
                passes += 1;
            }
        }
    });
    assert!(passes > 10, "only {passes} passes seen");
}

#[test]
fn every_token_a_tap_names_is_drawn_with_that_name() {
    for text in VARIANTS {
        let variant: Variant = text.parse().unwrap();
        play_randomly(variant, 49, 300, |state, _, _| {
            let Some(seat) = state.phase().to_act() else { return };
            let svg = fichas::picture::svg(&state.view(seat), &[]);
            for tap in state.taps() {
                for token in &tap.tokens {
                    assert!(
                        svg.contains(&format!("data-token=\"{token}\"")),
                        "{text}: {} taps {token}, not drawn",
                        tap.action
                    );
                }
            }
        });
    }
}

#[test]
fn a_die_chosen_first_leaves_the_choices_that_spend_it() {
    let state: State = "parchis:YR turn=Y roll=4-2 Y=66,20,home,home R=40,home,home,home".parse().unwrap();
    let spends = |count: &str| -> Vec<String> {
        state.taps().into_iter().filter(|t| t.count.as_deref() == Some(count)).map(|t| t.action).collect()
    };
    assert_eq!(spends("4"), ["20+4", "66+4"]);
    assert_eq!(spends("2"), ["20+2", "66+2"]);
    // In Poleana a die, the sum, or the +10; a release spends the whole roll and names none.
    play_randomly("poleana".parse().unwrap(), 51, 400, |state, _, _| {
        let State::Poleana(s) = state else { unreachable!() };
        for tap in state.taps() {
            match (tap.action.as_str(), tap.count.as_deref()) {
                ("release" | "rescue" | "sweep", count) => assert_eq!(count, None, "{tap:?}"),
                (_, Some("sum" | "+10")) => {}
                (_, Some(face)) => {
                    let roll = s.roll().unwrap();
                    let faces = [roll.first.to_string(), roll.second.to_string()];
                    assert!(faces.iter().any(|f| f == face), "{tap:?} spends a die the roll lacks: {roll}");
                }
                (_, None) => panic!("{tap:?} names no count"),
            }
        }
    });
    play_randomly("cartas".parse().unwrap(), 51, 100, |state, _, _| {
        assert!(state.taps().iter().all(|t| t.count.is_none()));
    });
}
