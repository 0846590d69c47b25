//! Position texts and views are claims about a game: the readers refuse the ones no game can
//! reach, with a typed error naming the contradiction, and every position the engine writes
//! reads back as itself.

use fichas::game::{State, Variant};
use fichas::{Phase, Seat, cartas, chance, parchis};
use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn refused_because<T: core::str::FromStr>(text: &str) -> String
where
    T::Err: core::fmt::Display,
{
    match text.parse::<T>() {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn parchis_with_both_sides_finished_is_refused() {
    let text = "parchis:two-player turn=Y roll=- Y=goal,goal,goal,goal R=goal,goal,goal,goal result=Y";
    let err = refused_because::<parchis::State>(text);
    assert!(err.contains("two sides have every token at the goal"), "{err}");
    // One side home is a finished game.
    let one = "parchis:two-player turn=Y roll=- Y=goal,goal,goal,goal R=goal,goal,goal,40 result=Y";
    assert!(one.parse::<parchis::State>().is_ok());
}

#[test]
fn cartas_turn_away_from_the_first_player_before_anyone_has_played_is_refused() {
    let hands = "hands=AAAAA3/KKKKK3/AAA*33/KKK*33";
    let err = refused_because::<cartas::State>(&format!("cartas round=0 stage=play turn=3 {hands}"));
    assert!(err.contains("nobody has played a card this round"), "{err}");
    assert!(format!("cartas round=0 stage=play turn=0 {hands}").parse::<cartas::State>().is_ok());
}

#[test]
fn cartas_tokens_away_from_home_before_any_card_of_the_game_is_refused() {
    for text in [
        "cartas round=0 stage=play turn=0 tokens=c1/-/-/- hands=AAAAAA/KKKKKK/QQQQQQ/JJJJJJ",
        "cartas round=0 stage=exchange turn=0 tokens=c1/-/-/- hands=AAAAAA/KKKKKK/QQQQQQ/JJJJJJ",
        "cartas round=0 stage=deal tokens=5/-/-/- hands=A/-/-/-",
    ] {
        let err = refused_because::<cartas::State>(text);
        assert!(err.contains("every token out came out on an A, a K or a joker"), "{err}\n  in: {text}");
    }
}

#[test]
fn cartas_empty_discards_after_cards_were_played_is_refused() {
    // Nineteen cards have gone from the hands; they must be on the discards.
    let text = "cartas round=0 stage=play turn=0 tokens=0!/-/-/- hands=2/K/-/557";
    let err = refused_because::<cartas::State>(text);
    assert!(err.contains("not all on the discards"), "{err}");
    // In the first round the discards hold exactly those cards: no more either.
    let more = format!("{text} discards={}", "3".repeat(8) + &"4".repeat(8) + "555A");
    assert!(refused_because::<cartas::State>(&more).contains("exactly the cards gone from the hands"));
    let exact = format!("{text} discards={}", "3".repeat(8) + &"4".repeat(8) + "55A");
    assert!(exact.parse::<cartas::State>().is_ok(), "{exact}");
    // Each theft of the round left its 2 there.
    let robbed = format!("{exact} thefts=1>0:7");
    assert!(refused_because::<cartas::State>(&robbed).contains("each theft of the round spent a 2 or a joker"));
    // In a later round 2s from earlier rounds lie on the discards, but nobody has played yet.
    let later = "cartas round=1 stage=play turn=1 hands=AAAA3/KKKK3/AAAA3/KKKK3 thefts=0>1:A discards=2";
    assert!(refused_because::<cartas::State>(later).contains("each theft of the round spent a 2 or a joker"));
}

#[test]
fn cartas_view_with_a_received_card_before_every_seat_has_passed_is_refused() {
    let state: cartas::State = "cartas stage=exchange hands=AAAAA/KKKKK/QQQQQQ/JJJJJJ gave=2/3/-/-".parse().unwrap();
    let view = state.view(Seat::ALL[1]);
    assert_eq!((view.gave(), view.received()), (Some(cartas::Rank::Three), None));
    let mut json = serde_json::to_value(view).unwrap();
    json["received"] = "2".into();
    let err = serde_json::from_value::<cartas::View>(json).unwrap_err().to_string();
    assert!(err.contains("only once every seat has passed"), "{err}");
    // A theft the seat took no part in never shows its card.
    let state: cartas::State = "cartas round=3 turn=0 tokens=0!/-/-/- hands=5/-/-/A thefts=0>1:A,3>0:A \
                                discards=2233344455"
        .parse()
        .unwrap();
    let mut json = serde_json::to_value(state.view(Seat::ALL[2])).unwrap();
    json["thefts"][0]["card"] = "A".into();
    let err = serde_json::from_value::<cartas::View>(json).unwrap_err().to_string();
    assert!(err.contains("shows it to the thief and the victim only"), "{err}");
}

const VARIANTS: [&str; 9] = [
    "poleana",
    "poleana:2:free",
    "poleana-express:3:assisted:open-bridges",
    "parchis",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
    "cartas:sets=1:jokers=2",
];

/// Characters a mutation writes: those position texts are made of.
const ALPHABET: &[u8] = b"0123456789-/,!:>=' cbYBRG*AKQJTstarlimbogoalpyexhndfuv";

/// `text` with one random edit: a character replaced, removed or doubled, or two fields' values
/// swapped.
fn mutate(text: &str, rng: &mut Xoshiro256PlusPlus) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let at = chance::below(rng, bytes.len() as u32) as usize;
    match chance::below(rng, 4) {
        0 => bytes[at] = ALPHABET[chance::below(rng, ALPHABET.len() as u32) as usize],
        1 => {
            bytes.remove(at);
        }
        2 => bytes.insert(at, bytes[at]),
        _ => {
            let mut words: Vec<String> = text.split(' ').map(str::to_string).collect();
            let (i, j) =
                (chance::below(rng, words.len() as u32) as usize, chance::below(rng, words.len() as u32) as usize);
            let value = |w: &str| w.split_once('=').map(|(_, v)| v.to_string());
            if let (Some(a), Some(b)) = (value(&words[i]), value(&words[j])) {
                let key = |w: &str| w.split_once('=').map(|(k, _)| k.to_string()).unwrap_or_default();
                let (ki, kj) = (key(&words[i]), key(&words[j]));
                words[i] = format!("{ki}={b}");
                words[j] = format!("{kj}={a}");
            }
            return words.join(" ");
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// What an accepted position must do, as one reached by play does: write itself back, and let
/// every listed action and chance outcome apply.
fn behaves_as_reached(state: &State) -> Result<(), TestCaseError> {
    let text = state.to_string();
    let again: State = text.parse().map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert_eq!(&again, state, "{}", text);
    match state.phase() {
        Phase::Chance => {
            for (outcome, _) in state.chance_outcomes() {
                let mut next = *state;
                next.apply_chance(outcome).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
            }
        }
        Phase::Decide(_) => {
            let listed = state.legal_actions();
            prop_assert!(!listed.is_empty(), "a seat to decide has a choice: {}", text);
            for choice in listed {
                let mut next = *state;
                next.play(choice.action()).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
            }
        }
        Phase::Over(_) => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// Every position written during random games reads back equal; a mutated one is refused,
    /// or is a position that writes itself back and lets every listed action apply.
    #[test]
    fn written_positions_read_back_and_mutated_ones_are_refused_or_sound(index in 0..VARIANTS.len(), seed in any::<u64>()) {
        let variant: Variant = VARIANTS[index].parse().unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut state = State::new(variant);
        let mut accepted = 0;
        for step in 0..4000 {
            let text = state.to_string();
            let read: State = text.parse().map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
            prop_assert_eq!(&read, &state, "{}", text);
            if step % 5 == 0 {
                for _ in 0..4 {
                    if let Ok(mutated) = mutate(&text, &mut rng).parse::<State>() {
                        behaves_as_reached(&mutated)?;
                        accepted += 1;
                    }
                }
            }
            match state.phase() {
                Phase::Over(_) => break,
                Phase::Chance => {
                    let outcome = state.sample_chance(&mut rng).unwrap();
                    state.apply_chance(outcome).unwrap();
                }
                Phase::Decide(_) => {
                    let listed = state.legal_actions();
                    let pick = listed[chance::below(&mut rng, listed.len() as u32) as usize];
                    state.play(pick.action()).unwrap();
                }
            }
        }
        // Some mutations keep a sound position (another token count, another die): the check
        // above did run on them.
        prop_assert!(accepted > 0, "no mutated position was accepted in {}", VARIANTS[index]);
    }
}
