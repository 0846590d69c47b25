//! Movements: every choice's movements, played on the tokens of the position, leave them where
//! the engine puts them; and the paths a front end animates, named case by case.

mod cartas_support;
mod play_support;
mod poleana_support;

use std::collections::{BTreeSet, HashMap};

use fichas::game::{Event, State, VARIANTS, Variant};
use fichas::movement::{Cause, Motion, Movement, Owner, SpotId, Token};
use fichas::{parchis, poleana};
use play_support::play_randomly;

/// Every variant of the list, and options the list leaves out.
fn variants() -> impl Iterator<Item = &'static str> {
    VARIANTS.into_iter().chain(["poleana:open-bridges", "poleana-express:3:free"])
}

/// The tokens after `movements`, played one after another on `tokens`; or which one moved a
/// token that was not there.
fn moved(mut tokens: Vec<Token>, movements: &[Movement]) -> Result<Vec<Token>, String> {
    for m in movements {
        if m.path.is_empty() {
            return Err(format!("{m:?} has no path"));
        }
        let Some(at) = tokens.iter().position(|t| t.owner == m.owner && t.spot == m.from) else {
            return Err(format!("{m:?} moves a token that is not on {}", m.from));
        };
        tokens[at].spot = m.to().clone();
    }
    tokens.sort();
    Ok(tokens)
}

fn sorted(mut tokens: Vec<Token>) -> Vec<Token> {
    tokens.sort();
    tokens
}

/// The spots a token of an owner has walked on to from each spot, over every walk seen.
type Successors = HashMap<(Owner, SpotId), BTreeSet<SpotId>>;

/// The steps a dice game's walks were played with, in the order of their movements.
fn walked_steps(events: &[Event]) -> Vec<u8> {
    let mut steps = Vec::new();
    for event in events {
        match event {
            Event::Parchis(parchis::Event::Moved { steps: n, .. })
            | Event::Poleana(poleana::Event::Moved { steps: n, .. }) => steps.push(*n),
            Event::Poleana(poleana::Event::TaponMoved { steps: n, .. }) => steps.extend([*n, *n]),
            _ => {}
        }
    }
    steps
}

/// Checks every legal choice of `state` and returns how many it checked: its movements leave
/// the tokens where playing it does, each walk of a dice game is as long as its count, and no
/// walk revisits a spot.
fn check_every_choice(state: &State, successors: &mut Successors) -> usize {
    let choices = state.legal_actions();
    for choice in &choices {
        let action = choice.action();
        let movements = state.movements(action).unwrap_or_else(|e| panic!("{state}: {action}: {e}"));
        let mut after = *state;
        let events = after.play(action).unwrap();
        let played = moved(state.tokens(), &movements).unwrap_or_else(|e| panic!("{state}: {action}: {e}"));
        assert_eq!(played, sorted(after.tokens()), "{state}: {action}: {movements:#?}");
        let walks: Vec<&Movement> = movements.iter().filter(|m| m.motion == Motion::Walk).collect();
        if !matches!(state, State::Cartas(_)) {
            let lengths: Vec<u8> = walks.iter().map(|m| m.path.len() as u8).collect();
            assert_eq!(lengths, walked_steps(&events), "{state}: {action}: {movements:#?}");
        }
        for walk in walks {
            let mut seen = BTreeSet::from([&walk.from]);
            let mut here = &walk.from;
            for next in &walk.path {
                assert!(seen.insert(next), "{state}: {action}: {walk:?} enters {next} twice");
                successors.entry((walk.owner, here.clone())).or_default().insert(next.clone());
                here = next;
            }
        }
    }
    choices.len()
}

#[test]
fn every_choices_movements_leave_the_tokens_where_the_engine_puts_them() {
    for text in variants() {
        let variant: Variant = text.parse().unwrap();
        let (mut decisions, mut choices) = (0, 0);
        let mut successors = Successors::new();
        play_randomly(variant, 44, 1_500, |before, events, after| {
            if before.phase().to_act().is_some() {
                choices += check_every_choice(before, &mut successors);
                decisions += 1;
            } else {
                // A chance step moves tokens too (Parchís' third double).
                let played = moved(before.tokens(), &variant.movements(events)).unwrap();
                assert_eq!(played, sorted(after.tokens()), "{text}: {before} gave {events:?}");
            }
        });
        assert!(choices >= decisions, "{text}: {choices} choices over {decisions} decisions");
        println!("{text}: every choice of {decisions} decisions ({choices} choices)");
        // One way on from every spot: two where a Poleana bridge forks off; in Cartas also the
        // 4's way back, and from a seat's own start its corridor too.
        let ways = match &text[..4] {
            "parc" => 1,
            "pole" => 2,
            _ => 3,
        };
        for ((owner, spot), next) in &successors {
            assert!(next.len() <= ways, "{text}: {owner:?} walked from {spot} on to {next:?}");
        }
    }
}

fn path(m: &Movement) -> Vec<&str> {
    m.path.iter().map(|s| s.as_str()).collect()
}

fn movements(position: &str, action: &str) -> Vec<Movement> {
    let state: State = if position.starts_with("cartas") {
        State::Cartas(cartas_support::pos(position))
    } else {
        position.parse().unwrap()
    };
    let action = state.parse_action(action).unwrap();
    state.movements(action).unwrap()
}

#[test]
fn a_parchis_token_walks_into_its_corridor_and_a_capture_sends_the_victim_home_after() {
    // Yellow's last track cell is 68: from 66 a 4 walks 67, 68 and up the corridor to c2.
    let walk = movements("parchis:YR turn=Y roll=4-2 Y=66,home,home,home R=40,home,home,home", "66+4");
    assert_eq!(path(&walk[0]), ["67", "68", "Y:c1", "Y:c2"]);
    // Yellow on 30 takes the red token on 33: the walk, then red's token jumps home.
    let capture = movements("parchis:YR turn=Y roll=3-1 Y=30,home,home,home R=33,home,home,home", "30+3");
    assert_eq!(capture.len(), 2, "{capture:#?}");
    assert_eq!((capture[0].owner, path(&capture[0])), (Owner::Colour(fichas::Colour::Yellow), vec!["31", "32", "33"]));
    assert_eq!((capture[1].motion, capture[1].cause), (Motion::Jump, Cause::Captured));
    assert_eq!((capture[1].from.as_str(), path(&capture[1])), ("33", vec!["R:home"]));
}

#[test]
fn a_cartas_four_walks_back_and_a_jack_swaps_two_tokens() {
    let back = movements("cartas tokens=10/20/-/- hands=4/-/-/-", "4:10-4");
    assert_eq!(path(&back[0]), ["9", "8", "7", "6"]);
    let swap = movements("cartas tokens=10/20/-/- hands=J/-/-/-", "J:10~20");
    assert_eq!(swap.len(), 2, "{swap:#?}");
    assert!(swap.iter().all(|m| (m.motion, m.cause) == (Motion::Jump, Cause::Swap)));
    assert_eq!((swap[0].from.as_str(), path(&swap[0])), ("10", vec!["20"]));
    assert_eq!(
        (swap[1].owner, swap[1].from.as_str(), path(&swap[1])),
        (Owner::Seat(fichas::Seat::ALL[1]), "20", vec!["10"])
    );
}

#[test]
fn a_poleana_plus_ten_up_a_bridge_walks_the_bridge_cells() {
    // Yellow on G5 captures Red on G7 with a 2, then takes its +10 up the bridge: G8 to Y14,
    // then Yellow's bridge cells 1 to 3 (a stretch reads 10 to 14, 0 to 9: after the corner G9 comes Y10).
    let yellow_start =
        "poleana turn=Y Y=G5,B1,start,start B=start,start,start,start R=G7,start,start,start G=start,start,start,start";
    let mut state = poleana_support::rolled(yellow_start, "2-1");
    let facade = State::Poleana(state);
    let capture = facade.movements(facade.parse_action("G5+2").unwrap()).unwrap();
    assert_eq!(path(&capture[0]), ["G6", "G7"]);
    assert_eq!(
        (capture[1].owner, capture[1].from.as_str(), path(&capture[1])),
        (Owner::Colour(fichas::Colour::Red), "G7", vec!["R:start"])
    );
    poleana_support::play(&mut state, "G5+2");
    let state = State::Poleana(state);
    let bridge = state.movements(state.parse_action("+10/b").unwrap()).unwrap();
    assert_eq!(path(&bridge[0]), ["G8", "G9", "Y10", "Y11", "Y12", "Y13", "Y14", "bY1", "bY2", "bY3"]);
    let perimeter = state.movements(state.parse_action("+10").unwrap()).unwrap();
    assert_eq!(path(&perimeter[0]), ["G8", "G9", "Y10", "Y11", "Y12", "Y13", "Y14", "Y0", "Y1", "Y2"]);
}

#[test]
fn a_cartas_seven_is_walked_share_by_share_as_the_engine_plays_them() {
    // One token after another (docs/rules/cartas.md §5.6), in the order of the events: here the
    // token ahead first.
    let split = movements("cartas tokens=10,20/-/-/- hands=7/-/-/-", "7:10+3,20+4");
    assert_eq!(split.len(), 2, "{split:#?}");
    assert_eq!((split[0].from.as_str(), path(&split[0])), ("20", vec!["21", "22", "23", "24"]));
    assert_eq!((split[1].from.as_str(), path(&split[1])), ("10", vec!["11", "12", "13"]));
}

#[cfg(feature = "serde")]
#[test]
fn a_movement_is_plain_json() {
    let walk = &movements("parchis:YR turn=Y roll=4-2 Y=66,home,home,home R=40,home,home,home", "66+4")[0];
    assert_eq!(
        serde_json::to_string(walk).unwrap(),
        r#"{"owner":{"colour":"yellow"},"from":"66","path":["67","68","Y:c1","Y:c2"],"motion":"walk","cause":"move"}"#
    );
    let home = &movements("cartas tokens=10/20/-/- hands=J/-/-/-", "J:10~20")[1];
    assert_eq!(
        serde_json::to_string(home).unwrap(),
        r#"{"owner":{"seat":1},"from":"20","path":["10"],"motion":"jump","cause":"swap"}"#
    );
}

#[test]
fn the_names_of_motions_and_causes_are_their_json() {
    for motion in [Motion::Walk, Motion::Jump] {
        assert_eq!(serde_json::to_value(motion).unwrap(), motion.name());
    }
    for cause in
        [Cause::Move, Cause::Release, Cause::Rescue, Cause::Captured, Cause::Swept, Cause::Penalty, Cause::Swap]
    {
        assert_eq!(serde_json::to_value(cause).unwrap(), cause.name());
    }
}
