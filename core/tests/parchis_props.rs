//! Properties of random complete Parchís games in every mode.

use fichas::Rules;
use fichas::parchis::{Action, Config, Spot, State};
use fichas::{Colour, Phase, chance};
use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const STEP_LIMIT: usize = 100_000;

fn configs() -> impl Strategy<Value = Config> {
    const TEXTS: [&str; 7] = [
        "parchis",
        "parchis:YR",
        "parchis:YBR",
        "parchis:two-player",
        "parchis:two-player:BG",
        "parchis:two-colours",
        "parchis:pairs",
    ];
    proptest::sample::select(&TEXTS[..]).prop_map(|t| t.parse::<Config>().unwrap())
}

/// Tokens conserved, at most two per cell, barriers never passed (checked through the moves:
/// see `barriers_are_never_passed`), text and JSON round trips.
fn check_invariants(state: &State) -> Result<(), TestCaseError> {
    let config = state.config();
    for colour in Colour::ALL {
        let expected = if config.colours().contains(colour) { 4 } else { 0 };
        prop_assert_eq!(state.tokens(colour).count(), expected);
    }
    let text = state.to_string();
    let back: State = text.parse().map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert_eq!(&back, state, "position text round trip: {}", text);
    let json = serde_json::to_string(state).unwrap();
    prop_assert_eq!(&serde_json::from_str::<State>(&json).unwrap(), state);
    Ok(())
}

/// The track cells a move walks over (not its landing), for a token of `colour`.
fn crossed(colour: Colour, from: Spot, steps: u8) -> Vec<u8> {
    let Spot::Track(n) = from else { return vec![] }; // an exit or a corridor move crosses no track
    let exit = fichas::parchis::exit(colour);
    let k = (n + 68 - exit) % 68;
    (k + 1..k + steps).filter(|&p| p < 64).map(|p| (exit - 1 + p) % 68 + 1).collect()
}

fn play_checked(config: Config, seed: u64) -> Result<usize, TestCaseError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = State::new(config);
    for step_no in 0..STEP_LIMIT {
        check_invariants(&state)?;
        match state.phase() {
            Phase::Over(outcome) => {
                prop_assert!(!outcome.winners.is_empty());
                return Ok(step_no);
            }
            Phase::Chance => {
                let roll = state.sample_chance(&mut rng);
                state.apply_chance(roll).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            Phase::Decide(seat) => {
                prop_assert!(
                    config.colours_of(seat).contains(state.actor())
                        || config.partner(state.turn()) == Some(state.actor())
                        || Some(state.actor()) == state.bonus().map(|b| b.colour)
                );
                let choices = state.legal_actions();
                prop_assert!(!choices.is_empty(), "a decision with no choice: {}", state);
                for choice in &choices {
                    let mut copy = state;
                    copy.play(choice.action).map_err(|e| TestCaseError::fail(format!("{e} in {state}")))?;
                    let id = choice.action.id().expect("every legal action has an id");
                    prop_assert_eq!(Action::from_id(id), Some(choice.action));
                    // No move passes a barrier: every track cell crossed holds no barrier.
                    if let Action::Move { from, .. } = choice.action {
                        for cell in crossed(choice.colour, from, choice.steps) {
                            let spot = Spot::Track(cell);
                            let barrier = Colour::ALL.into_iter().any(|c| state.count(c, spot) == 2)
                                && fichas::parchis::is_safe(cell);
                            prop_assert!(!barrier, "{} passes a barrier on {} in {}", choice.action, cell, state);
                        }
                    }
                }
                let pick = choices[chance::below(&mut rng, choices.len() as u32) as usize];
                state.play(pick.action).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
    }
    Err(TestCaseError::fail(format!("no end after {STEP_LIMIT} steps: {state}")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    /// Tokens are conserved, cells hold two tokens at most, barriers are never passed, every
    /// listed action applies, text and JSON round-trip, and every game ends.
    #[test]
    fn random_games_keep_the_invariants_and_end(config in configs(), seed in any::<u64>()) {
        play_checked(config, seed)?;
    }
}
