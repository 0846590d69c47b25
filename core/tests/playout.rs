//! The playout path lists as the rules list: after every roll, card and move of whole random
//! games, `roll_and_list` and `play_unchecked_and_list` leave the same position as the plain
//! calls and, in the list they fill, exactly what `legal_actions` gives for it.

use fichas::Rules;
use fichas::phase::Phase;
use fichas::{cartas, chance, parchis, poleana};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays `games` random games from `start` both ways at once, checking each step.
fn lists_as_the_rules_do<G: Rules + PartialEq>(start: G, games: u64) -> u64
where
    G::Choice: PartialEq,
    G::Events: PartialEq,
{
    let mut steps = 0;
    for seed in 0..games {
        let (mut rng, mut twin_rng) =
            (Xoshiro256PlusPlus::seed_from_u64(seed), Xoshiro256PlusPlus::seed_from_u64(seed));
        let (mut state, mut plain) = (start, start);
        let mut next = G::Choices::default();
        loop {
            let (mut events, mut plain_events) = (G::Events::default(), G::Events::default());
            match plain.phase() {
                Phase::Over(_) => break,
                Phase::Chance => {
                    state.roll_and_list(&mut rng, &mut events, &mut next);
                    plain.roll_into(&mut twin_rng, &mut plain_events);
                }
                Phase::Decide(_) => {
                    let choices = plain.legal_actions();
                    let pick = choices[chance::below(&mut twin_rng, choices.len() as u32) as usize];
                    let _ = chance::below(&mut rng, choices.len() as u32);
                    state.play_unchecked_and_list(&pick, &mut events, &mut next);
                    plain.play_unchecked(&pick, &mut plain_events);
                }
            }
            steps += 1;
            assert!(state == plain, "game {seed}, step {steps}: the positions differ");
            assert!(events == plain_events, "game {seed}, step {steps}: the events differ");
            assert!(*next == *plain.legal_actions(), "game {seed}, step {steps}: the listing differs");
        }
    }
    steps
}

#[test]
fn parchis_playout_lists_the_legal_choices_of_every_position_it_reaches() {
    for mode in parchis::Mode::ALL {
        let steps = lists_as_the_rules_do(parchis::State::new(parchis::Config::of_mode(mode)), 30);
        assert!(steps > 1_000, "{mode:?}: {steps}");
    }
}

#[test]
fn poleana_playout_lists_the_legal_choices_of_every_position_it_reaches() {
    for text in ["poleana", "poleana:2", "poleana-express:3", "poleana:free"] {
        let steps = lists_as_the_rules_do(poleana::State::new(text.parse().unwrap()), 20);
        assert!(steps > 1_000, "{text}: {steps}");
    }
}

#[test]
fn cartas_playout_lists_the_legal_choices_of_every_position_it_reaches() {
    let steps = lists_as_the_rules_do(cartas::State::new(cartas::Config::standard()), 10);
    assert!(steps > 1_000, "{steps}");
}
