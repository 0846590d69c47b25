//! The Parchís API around the rules: configuration, errors, notation, position text, JSON.

use fichas::Colour::*;
use fichas::Rules;
use fichas::notation::TextError;
use fichas::parchis::{Action, Config, ConfigError, Event, Mode, PositionError, State};
use fichas::{ColourSet, Phase, Roll, Seat};

const HOME: &str = "home,home,home,home";

#[test]
fn config_json_round_trips_and_rejects_nonsense() {
    let config: Config = "parchis:pairs:first=B".parse().unwrap();
    let json = serde_json::to_string(&config).unwrap();
    assert_eq!(json, r#"{"mode":"pairs","colours":["yellow","blue","red","green"],"first":"blue"}"#);
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
    let two: Config = serde_json::from_str(r#"{"mode":"two-player"}"#).unwrap();
    assert_eq!(two.colours(), ColourSet::of(&[Yellow, Red]));
    for bad in [
        r#"{"mode":"pairs","colours":["yellow","red"]}"#,
        r#"{"mode":"two-player","colours":["yellow","blue"]}"#,
        r#"{"mode":"teams"}"#,
        r#"{"colours":["red"]}"#,
        r#"{"mode":"pairs","speed":2}"#,
    ] {
        assert!(serde_json::from_str::<Config>(bad).is_err(), "{bad}");
    }
    assert_eq!(Config::new(Mode::Pairs, ColourSet::of(&[Yellow, Red])), Err(ConfigError::AllColours("pairs")));
}

#[test]
fn every_mode_starts_with_the_first_colour_to_roll() {
    for mode in Mode::ALL {
        let s = State::new(Config::of_mode(mode));
        assert_eq!((s.phase(), s.turn()), (Phase::Chance, Yellow), "{mode:?}");
        assert_eq!(s.chance_outcomes().total(), 36);
    }
}

#[test]
fn actions_events_and_states_serialise_as_people_read_them() {
    let a: Action = "home+sum".parse().unwrap();
    assert_eq!(serde_json::to_string(&a).unwrap(), r#""home+sum""#);
    let e = Event::Moved {
        colour: Red,
        from: "40".parse().unwrap(),
        to: "47".parse().unwrap(),
        steps: 7,
        by: fichas::parchis::Count::Die(6),
    };
    assert_eq!(
        serde_json::to_string(&e).unwrap(),
        r#"{"event":"moved","colour":"red","from":"40","to":"47","steps":7,"by":"6"}"#
    );
    let mut s = State::new("parchis:two-colours".parse().unwrap());
    s.apply_chance(Roll::of(5, 5).unwrap()).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(json, format!("\"{s}\""));
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
}

#[test]
fn legal_actions_have_distinct_ids() {
    let mut s: State = format!("parchis turn=Y Y=10,20,home,home B={HOME} R={HOME} G={HOME}").parse().unwrap();
    s.apply_chance(Roll::of(5, 3).unwrap()).unwrap();
    let mut ids: Vec<u16> = s.legal_actions().iter().map(|c| c.action.id().unwrap()).collect();
    let n = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!((ids.len(), n), (3, 3));
}

#[test]
fn position_text_rejects_impossible_positions_with_a_reason() {
    let err = |text: &str| text.parse::<State>().unwrap_err();
    let four = |y: &str, extra: &str| format!("parchis turn=Y Y={y} B={HOME} R={HOME} G={HOME} {extra}");
    assert!(matches!(err(&four("10,home,home", "")), PositionError::TokenCount { found: 3, .. }));
    assert!(matches!(err(&four("10,10,10,home", "")), PositionError::Crowded { .. }));
    assert!(matches!(err(&four("2,home,home,home", "")), PositionError::OffPath { .. }), "Yellow never walks 1..4");
    assert!(matches!(err(&four("c8,home,home,home", "")), PositionError::Text(TextError::Parse(_))));
    assert!(matches!(err(&four(HOME, "roll=9-1")), PositionError::Text(TextError::Parse(_))));
    assert!(matches!(err(&four(HOME, "left=3")), PositionError::Inconsistent(_)));
    assert!(matches!(err(&four(HOME, "roll=6-4")), PositionError::Inconsistent(_)), "nobody can use 6-4");
    assert!(matches!(err(&four("10,home,home,home", "roll=3-3")), PositionError::Inconsistent(_)), "doubles=1 missing");
    assert!(matches!(err(&four(HOME, "turn=B")), PositionError::Text(TextError::Duplicate(_))));
    assert!(matches!(err(&four(HOME, "speed=1")), PositionError::Text(TextError::UnknownField(_))));
    assert!(matches!(err(&four("goal,goal,goal,goal", "")), PositionError::Inconsistent(_)), "a winner needs result=");
    let rivals_on_white = format!("parchis turn=Y Y=10,home,home,home B=10,home,home,home R={HOME} G={HOME}");
    assert!(matches!(err(&rivals_on_white), PositionError::Crowded { .. }));
    assert!(matches!(err("parchis:pairs turn=Y Y=home"), PositionError::TokenCount { .. }));
    assert!(matches!(
        err("parchis:YR turn=B Y=home,home,home,home R=home,home,home,home"),
        PositionError::NotPlaying { .. }
    ));
    assert_eq!(err(&four("10,10,10,home", "")).to_string(), "cell 10 holds tokens the rules never put together there");
}

#[test]
fn finished_games_read_back() {
    let text =
        format!("parchis:pairs turn=Y roll=- Y=goal,goal,goal,goal B={HOME} R=goal,goal,goal,goal G={HOME} result=YR");
    let s: State = text.parse().unwrap();
    assert_eq!(s.to_string(), text);
    assert!(s.is_over());
    assert_eq!(s.config().seat_of(Red), Seat::ALL[2]);
}
