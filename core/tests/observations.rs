//! Observations, legal-action masks and returns, the numbers learning agents read: their
//! layouts add up, every number stays in 0..=1 through whole random games, masks and id lists
//! agree with the legal actions, the board reads the same from every seat, and the returns name
//! the winners (Poleana's quiet winners of the special victory included).

use fichas::game::{ChanceOutcome, Game, State, Variant};
use fichas::observation::ObservationError;
use fichas::{Phase, Roll, Seat};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const VARIANTS: [&str; 12] = [
    "poleana:2",
    "poleana:3",
    "poleana",
    "poleana-express:2",
    "poleana-express",
    "poleana:free",
    "parchis",
    "parchis:3",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
];

fn variant(text: &str) -> Variant {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn observation(state: &State, seat: Seat) -> Vec<f32> {
    let mut out = vec![f32::NAN; state.variant().observation_len()];
    state.observe(seat, &mut out).unwrap();
    out
}

/// The numbers of the section `name`.
fn section<'a>(variant: Variant, observation: &'a [f32], name: &str) -> &'a [f32] {
    let placed = variant.observation_section(name).unwrap_or_else(|| panic!("{variant} has no section {name}"));
    &observation[placed.range()]
}

#[test]
fn every_layout_adds_up_to_the_observation_length() {
    for text in VARIANTS {
        let v = variant(text);
        let layout = v.observation_layout();
        assert_eq!(layout.iter().map(|s| s.len).sum::<usize>(), v.observation_len(), "{text}");
        let mut names: Vec<&str> = layout.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), layout.len(), "{text}: section names are distinct");
        let last = layout.last().unwrap();
        assert_eq!(v.observation_section(last.name).unwrap().range().end, v.observation_len());
        assert_eq!(v.observation_section("nothing"), None);
    }
    assert_eq!(variant("parchis").observation_len(), 332, "docs/learning.md gives these numbers");
    assert_eq!(variant("poleana").observation_len(), 458);
    assert_eq!(variant("cartas").observation_len(), 399);
}

/// Plays random games of every variant, checking at every step that each seat's observation is
/// finite and in 0..=1, that the mask, the id list and the legal actions agree, and that the
/// returns are 0 until the end and then +1 for exactly the winning seats.
#[test]
fn observations_masks_and_returns_hold_through_random_games() {
    for text in VARIANTS {
        let v = variant(text);
        for seed in 0..3 {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut game = Game::new(v);
            let mut mask = vec![false; usize::from(v.action_space())];
            for _ in 0..100_000 {
                let state = *game.state();
                for seat in &Seat::ALL[..v.seats()] {
                    let o = observation(&state, *seat);
                    assert!(o.iter().all(|x| (0.0..=1.0).contains(x)), "{text}: {state}: {o:?}");
                }
                state.legal_mask(&mut mask).unwrap();
                let ids = state.legal_ids();
                let listed = state.legal_actions();
                assert_eq!(ids.len(), listed.len(), "{text}: {state}: every legal action has an id");
                assert_eq!(mask.iter().filter(|&&m| m).count(), ids.len(), "{text}: ids are distinct");
                for (id, choice) in ids.iter().zip(&listed) {
                    assert!(mask[usize::from(*id)]);
                    assert_eq!(state.action_from_id(*id), Some(choice.action()), "{text}: {state}");
                }
                match game.phase() {
                    Phase::Over(_) => break,
                    Phase::Chance => {
                        assert_eq!(state.returns(), [0.0; 4]);
                        game.roll(&mut rng).unwrap();
                    }
                    Phase::Decide(_) => {
                        assert_eq!(state.returns(), [0.0; 4]);
                        let pick = fichas::chance::below(&mut rng, ids.len() as u32) as usize;
                        game.play(state.action_from_id(ids[pick]).unwrap()).unwrap();
                    }
                }
            }
            assert!(game.is_over(), "{text}: seed {seed} ends");
            let returns = game.state().returns();
            let winners = game.winners();
            for seat in Seat::ALL {
                let expected = match () {
                    _ if seat.index() >= v.seats() => 0.0,
                    _ if winners.contains(&seat) => 1.0,
                    _ => -1.0,
                };
                assert_eq!(returns[seat.index()], expected, "{text}: seed {seed}: seat {seat}");
            }
        }
    }
}

#[test]
fn a_parchis_observation_shows_tokens_dice_and_turn_from_the_observers_side() {
    let v = variant("parchis:two-player");
    let mut state = State::new(v);
    state.apply_chance(ChanceOutcome::Roll(Roll::of(5, 3).unwrap())).unwrap();
    // Seat 0 plays Yellow, seat 1 Red, two colours on from Yellow.
    let me = observation(&state, Seat::ALL[0]);
    let tokens = section(v, &me, "tokens");
    assert_eq!(tokens.len(), 4 * 73);
    assert_eq!(tokens[0], 1.0, "all four yellow tokens are at home");
    assert_eq!(tokens[2 * 73], 1.0, "and all four red ones");
    assert_eq!(tokens.iter().sum::<f32>(), 2.0);
    assert_eq!(section(v, &me, "in_play"), [1.0, 0.0, 1.0, 0.0]);
    assert_eq!(section(v, &me, "own"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(section(v, &me, "turn"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(section(v, &me, "actor"), [1.0, 0.0, 0.0, 0.0]);
    let dice = section(v, &me, "dice");
    assert_eq!((dice[4], dice[6 + 2], dice.iter().sum::<f32>()), (1.0, 1.0, 2.0), "5 then 3");
    assert_eq!(section(v, &me, "to_roll"), [0.0]);

    // Red reads the same board from its own side: it is first, Yellow two colours on.
    let red = observation(&state, Seat::ALL[1]);
    assert_eq!(section(v, &red, "own"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(section(v, &red, "turn"), [0.0, 0.0, 1.0, 0.0]);

    // Bringing a token out puts it at progress 0 of Yellow's block, and uses the 5.
    state.play(state.parse_action("home+5").unwrap()).unwrap();
    let me = observation(&state, Seat::ALL[0]);
    let tokens = section(v, &me, "tokens");
    assert_eq!((tokens[0], tokens[1]), (0.75, 0.25));
    assert_eq!(section(v, &me, "dice")[..6], [0.0; 6], "the 5 is played");
}

/// At the opening every seat sees the same board from its own side: only whose turn it is (and
/// in Cartas who leads the round) differs.
#[test]
fn the_opening_reads_the_same_from_every_seat() {
    for text in ["parchis", "parchis:pairs", "poleana", "poleana-express", "cartas"] {
        let v = variant(text);
        let state = State::new(v);
        let first = observation(&state, Seat::ALL[0]);
        for seat in &Seat::ALL[1..v.seats()] {
            let other = observation(&state, *seat);
            for placed in v.observation_sections() {
                let (name, range) = (placed.section.name, placed.range());
                if !matches!(name, "turn" | "first_player") {
                    assert_eq!(first[range.clone()], other[range], "{text}: seat {seat}: {name}");
                }
            }
            assert_ne!(first, other, "{text}: the turn is someone's");
        }
    }
}

#[test]
fn returns_count_the_quiet_winners_of_the_special_victory() {
    let text = "poleana turn=Y Y=5c,B1,start,start B=start,start,start,start R=start,start,start,start \
                G=start,start,start,start quiet=BG";
    let mut state: State = text.parse().unwrap_or_else(|e| panic!("{e}"));
    state.apply_chance(ChanceOutcome::Roll(Roll::of(2, 1).unwrap())).unwrap();
    state.play(state.parse_action("5c+2").unwrap()).unwrap();
    assert!(state.phase().outcome().unwrap().is_special());
    // Seats follow the colours in play: Yellow 0, Blue 1, Red 2, Green 3.
    assert_eq!(state.returns(), [-1.0, 1.0, -1.0, 1.0]);
}

#[test]
fn returns_give_both_seats_of_a_side_the_win() {
    let text = "parchis:pairs turn=Y Y=c7,goal,goal,goal B=home,home,home,home R=goal,goal,goal,goal \
                G=home,home,home,home";
    let mut state: State = text.parse().unwrap_or_else(|e| panic!("{e}"));
    state.apply_chance(ChanceOutcome::Roll(Roll::of(2, 1).unwrap())).unwrap();
    let action = state.legal_actions().iter().map(|c| c.action()).find(|a| a.to_string() == "c7+1");
    state.play(action.unwrap()).unwrap();
    assert_eq!(state.phase().outcome().map(|o| o.colours().len()), Some(2));
    assert_eq!(state.returns(), [1.0, -1.0, 1.0, -1.0], "Yellow and Red win together");
}

#[test]
fn bad_buffers_and_seats_are_refused_with_a_reason() {
    let v = variant("parchis:two-player");
    let state = State::new(v);
    let mut short = vec![0.0; 10];
    let e = state.observe(Seat::ALL[0], &mut short).unwrap_err();
    assert_eq!(e, ObservationError::ObservationLength { expected: 332, given: 10 });
    assert_eq!(e.to_string(), "an observation of this game holds 332 numbers, and the buffer given holds 10");
    let mut out = vec![0.0; v.observation_len()];
    let e = state.observe(Seat::ALL[2], &mut out).unwrap_err();
    assert_eq!(e.to_string(), "this game has 2 seats, numbered from 0, so there is no seat 2");
    let e = state.legal_mask(&mut [false; 3]).unwrap_err();
    assert_eq!(e.to_string(), "a mask of this game has 685 entries, one per action id, and the buffer given has 3");

    let cartas = State::new(variant("cartas"));
    let view = cartas.view(Seat::ALL[1]);
    let mut out = vec![0.0; cartas.variant().observation_len()];
    let e = view.observe(Seat::ALL[0], &mut out).unwrap_err();
    assert_eq!(e.to_string(), "this view is what seat 1 sees, so it cannot give seat 0's observation");
    view.observe(Seat::ALL[1], &mut out).unwrap();
}
