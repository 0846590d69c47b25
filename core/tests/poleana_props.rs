//! Properties of random complete Poleana games, in strict and free mode and on both boards.

use fichas::Rules;
use fichas::poleana::{Config, Mode, State};
use fichas::{Phase, chance};
use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// No game of random play comes near this many steps (the longest seen are a few thousand).
const STEP_LIMIT: usize = 200_000;

fn configs() -> impl Strategy<Value = Config> {
    const TEXTS: [&str; 7] = [
        "poleana",
        "poleana:2",
        "poleana:3:free",
        "poleana:free",
        "poleana-express",
        "poleana-express:2:free:open-bridges",
        "poleana:YG:assisted:no-tapon-captures",
    ];
    proptest::sample::select(&TEXTS[..]).prop_map(|t| t.parse::<Config>().unwrap())
}

/// Checks the invariants of a state: every colour in play keeps its tokens, the position text
/// reads back to the same state (the reader enforces the stacking rules), and so does JSON.
fn check_invariants(state: &State) -> Result<(), TestCaseError> {
    let config = state.config();
    for colour in fichas::Colour::ALL {
        let expected = if config.colours().contains(colour) { config.tokens() } else { 0 };
        prop_assert_eq!(state.tokens(colour).count(), expected, "tokens of {} in {}", colour, state);
    }
    let text = state.to_string();
    let back: State = text.parse().map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert_eq!(&back, state, "position text round trip: {}", text);
    let json = serde_json::to_string(state).unwrap();
    prop_assert_eq!(&serde_json::from_str::<State>(&json).unwrap(), state);
    Ok(())
}

/// Plays one random game, checking after every step; returns the number of steps.
fn play_checked(config: Config, seed: u64, try_every_action: bool) -> Result<usize, TestCaseError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut state = State::new(config);
    for step in 0..STEP_LIMIT {
        check_invariants(&state)?;
        match state.phase() {
            Phase::Over(outcome) => {
                prop_assert!(!outcome.winners().is_empty());
                prop_assert!(state.legal_actions().is_empty());
                return Ok(step);
            }
            Phase::Chance => {
                prop_assert!(state.legal_actions().is_empty());
                prop_assert_eq!(state.chance_outcomes().total(), 36);
                let roll = state.sample_chance(&mut rng);
                state.apply_chance(roll).map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
            Phase::Decide(_) => {
                let choices = state.legal_actions();
                prop_assert!(!choices.is_empty(), "a decision with no choice: {}", state);
                if config.mode() == Mode::Strict {
                    prop_assert!(choices.iter().all(|c| !c.is_infraction()));
                }
                if try_every_action {
                    for choice in &choices {
                        let mut copy = state;
                        copy.play(choice.action).map_err(|e| TestCaseError::fail(format!("{e} in {state}")))?;
                        let id = choice.action.id().expect("every legal action has an id");
                        prop_assert_eq!(fichas::poleana::Action::from_id(id), Some(choice.action));
                        prop_assert_eq!(choice.action.to_string().parse().ok(), Some(choice.action));
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
    #![proptest_config(ProptestConfig { cases: 128, failure_persistence: None, ..ProptestConfig::default() })]

    /// Tokens are conserved, stacking holds, text and JSON round-trip, every listed action
    /// applies, and every game ends.
    #[test]
    fn random_games_keep_the_invariants_and_end(config in configs(), seed in any::<u64>()) {
        play_checked(config, seed, true)?;
    }

    /// The unchecked fast path and the checked path play the same game.
    #[test]
    fn fast_path_matches_checked_play(config in configs(), seed in any::<u64>()) {
        let mut rng_a = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut rng_b = rng_a.clone();
        let (mut a, mut b) = (State::new(config), State::new(config));
        for _ in 0..STEP_LIMIT {
            prop_assert_eq!(a, b);
            match a.phase() {
                Phase::Over(_) => return Ok(()),
                Phase::Chance => {
                    a.apply_chance_into(a.sample_chance(&mut rng_a), &mut ()).unwrap();
                    b.apply_chance(b.sample_chance(&mut rng_b)).unwrap();
                }
                Phase::Decide(_) => {
                    let choices = a.legal_actions();
                    let pick = chance::below(&mut rng_a, choices.len() as u32) as usize;
                    prop_assert_eq!(chance::below(&mut rng_b, choices.len() as u32) as usize, pick);
                    a.play_unchecked(&choices[pick], &mut ());
                    b.play(choices[pick].action).unwrap();
                }
            }
        }
    }
}
