//! The Poleana API around the rules: configuration, errors, notation, position text, JSON.

mod poleana_support;

use fichas::Colour::*;
use fichas::Rules;
use fichas::notation::TextError;
use fichas::poleana::{Action, Board, Config, ConfigError, Event, Mode, PositionError, State};
use fichas::{ColourSet, Phase, PlayError, Roll};
use poleana_support::*;

#[test]
fn config_is_validated() {
    assert_eq!(Config::classic(1), Err(ConfigError::Players(1)));
    assert_eq!(Config::express(5), Err(ConfigError::Players(5)));
    assert_eq!(Config::new(Board::Classic, ColourSet::of(&[Blue])), Err(ConfigError::Players(1)));
    let two = Config::new(Board::Express, ColourSet::of(&[Blue, Green])).unwrap();
    assert_eq!(two.with_first(Red), Err(ConfigError::FirstNotPlaying(Red)));
    assert_eq!(two.first(), Blue);
    assert_eq!(two.tokens(), 3);
    assert_eq!(two.to_string(), "poleana-express:BG");
}

#[test]
fn config_json_round_trips_and_rejects_nonsense() {
    let config: Config = "poleana:YBG:free:open-bridges:first=G".parse().unwrap();
    let json = serde_json::to_string(&config).unwrap();
    assert_eq!(
        json,
        r#"{"board":"classic","colours":["yellow","blue","green"],"mode":"free","first":"green","bridges_open_to_all":true,"tapon_captures":true}"#
    );
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
    let minimal: Config = serde_json::from_str(r#"{"colours":["red","yellow"]}"#).unwrap();
    assert_eq!((minimal.board(), minimal.mode(), minimal.first()), (Board::Classic, Mode::Strict, Yellow));
    for bad in [
        r#"{"colours":["red"]}"#,
        r#"{"colours":["red","red"]}"#,
        r#"{"colours":["red","purple"]}"#,
        r#"{"colours":["red","blue"],"first":"green"}"#,
        r#"{"colours":["red","blue"],"turbo":true}"#,
        r#"{"board":"huge","colours":["red","blue"]}"#,
    ] {
        let err = serde_json::from_str::<Config>(bad).unwrap_err();
        assert!(!err.to_string().is_empty(), "{bad}");
    }
}

#[test]
fn state_json_is_its_position_text() {
    let s = rolled("poleana:2 turn=Y Y=Y1,B2,start,start R=B5,start,start,start", "3-1");
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(json, format!("\"{s}\""));
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
    let err = serde_json::from_str::<State>(r#""poleana:2 turn=Y Y=Y1 R=start""#).unwrap_err();
    assert!(err.to_string().contains("must have 4 tokens"), "{err}");
}

#[test]
fn action_and_event_json_read_like_the_notation() {
    let a: Action = "R14+8/b".parse().unwrap();
    assert_eq!(serde_json::to_string(&a).unwrap(), r#""R14+8/b""#);
    assert_eq!(serde_json::from_str::<Action>(r#""2xB3+4""#).unwrap().to_string(), "2xB3+4");
    assert!(serde_json::from_str::<Action>(r#""B3+13""#).is_err());
    let e = Event::Released { colour: Yellow, to: "Y0".parse().unwrap(), count: 2 };
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(json, r#"{"event":"released","colour":"yellow","to":"Y0","count":2}"#);
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), e);
    let roll = Roll::of(6, 3).unwrap();
    assert_eq!(serde_json::to_string(&roll).unwrap(), "[6,3]");
    assert!(serde_json::from_str::<Roll>("[7,1]").is_err());
}

#[test]
fn chance_outcomes_are_listed_only_when_chance_is_pending() {
    let mut s = State::new(Config::classic(2).unwrap());
    let outcomes = s.chance_outcomes();
    assert_eq!((outcomes.len(), outcomes.total()), (21, 36));
    assert_eq!(outcomes.probability(Roll::of(6, 6).unwrap()), 1.0 / 36.0);
    s.apply_chance(Roll::of(5, 1).unwrap()).unwrap();
    assert!(s.chance_outcomes().is_empty());
}

#[test]
fn errors_say_what_was_wrong() {
    let mut s = State::new(Config::classic(2).unwrap());
    assert_eq!(s.play(Action::Release), Err(PlayError::ChancePending));
    s.apply_chance(Roll::of(5, 1).unwrap()).unwrap();
    assert_eq!(s.apply_chance(Roll::of(5, 1).unwrap()), Err(PlayError::NotChance));
    let err = s.play("Y0+6".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "`Y0+6` is not legal here: you have no token there that may move now");
    let err = s.play(Action::Rescue).unwrap_err();
    assert!(err.to_string().contains("a rescue needs"), "{err}");
    let mut s = rolled(&format!("poleana turn=Y Y=B1,G1,start,start B={AT_START} R={AT_START} G={AT_START}"), "5-2");
    let err = s.play("B1+4".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("offers no such number"), "{err}");
    let err = s.play("+10".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("no +10 is waiting"), "{err}");
}

#[test]
fn errors_while_a_plus_ten_waits_name_the_route_choice() {
    let text = format!("poleana turn=Y Y=G5,B1,start,start B={AT_START} R=G7,start,start,start G={AT_START}");
    let mut s = rolled(&text, "2-1");
    play(&mut s, "G5+2");
    let err = s.play("B1+1".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("pending +10"), "{err}");
}

#[test]
fn legal_actions_have_distinct_ids_and_notation() {
    let s = rolled(&format!("poleana:free turn=Y Y=Y12,B1,B1,G3 B={AT_START} R=B3,B3,start,start G={AT_START}"), "2-2");
    let choices = s.legal_actions();
    assert!(choices.len() > 3);
    let mut ids: Vec<u16> = choices.iter().map(|c| c.action.id().unwrap()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), choices.len());
    assert!(ids.iter().all(|&id| id < fichas::poleana::ACTION_SPACE));
}

#[test]
fn state_is_copy() {
    let s = State::new(Config::classic(4).unwrap());
    let copy = s;
    assert_eq!(copy, s);
}

#[test]
fn position_text_rejects_impossible_positions_with_a_reason() {
    let err = |text: &str| text.parse::<State>().unwrap_err();
    let four = |y: &str, extra: &str| format!("poleana turn=Y Y={y} B={AT_START} R={AT_START} G={AT_START} {extra}");
    assert!(matches!(err(&four("Y1,start,start,start,start", "")), PositionError::TokenCount { found: 5, .. }));
    assert!(matches!(err(&four("Y1,Y1,Y1,start", "")), PositionError::Crowded { .. }));
    assert!(matches!(err(&four("bY1,bY1,start,start", "")), PositionError::Crowded { .. }));
    assert!(
        matches!(err(&four("bR1,start,start,start", "")), PositionError::OffPath { .. }),
        "Red's bridge is closed to Yellow"
    );
    assert!(matches!(err(&four("Y9',start,start,start", "")), PositionError::OffPath { .. }));
    assert!(matches!(err(&four("Y1,start,start,start", "quiet=Y")), PositionError::QuietMoved { colour: Yellow }));
    assert!(matches!(err(&four(AT_START, "turn=B")), PositionError::Text(TextError::Duplicate(_))));
    assert!(matches!(err(&four(AT_START, "speed=9")), PositionError::Text(TextError::UnknownField(_))));
    assert!(matches!(err(&four(AT_START, "left=3")), PositionError::Inconsistent(_)));
    assert!(matches!(err(&four(AT_START, "roll=5-3")), PositionError::Inconsistent(_)), "nothing can use 5-3");
    assert!(matches!(err(&four("X1,start,start,start", "")), PositionError::Text(TextError::Parse(_))));
    assert!(matches!(err("poleana:7 turn=Y"), PositionError::Config(ConfigError::Players(7))));
    assert!(matches!(
        err("poleana:2 turn=B Y=start,start,start,start R=start,start,start,start"),
        PositionError::NotPlaying { .. }
    ));
    assert!(matches!(err("poleana:2 turn=Y Y=start,start,start,start"), PositionError::Text(TextError::Missing("R"))));
    assert!(matches!(err(""), PositionError::Text(TextError::Missing("configuration"))));
    assert!(matches!(err(&four("7c,7c,7c,7c", "quiet=-")), PositionError::Inconsistent(_)), "a winner needs result=");
    let two_colours = format!("poleana turn=Y Y=B1,start,start,start B=B1,start,start,start R={AT_START} G={AT_START}");
    assert!(matches!(err(&two_colours), PositionError::Crowded { .. }));
    let message = err(&four("Y1,Y1,Y1,start", "")).to_string();
    assert_eq!(message, "cell Y1 holds more tokens than the rules allow");
}

#[test]
fn finished_game_reads_back_and_refuses_play() {
    let text = format!("poleana turn=Y roll=- Y=7c,7c,7c,7c B={AT_START} R={AT_START} G={AT_START} quiet=- result=Y");
    let mut s = pos(&text);
    assert_eq!(s.phase(), Phase::Over(fichas::poleana::Outcome::Standard(Yellow)));
    assert_eq!(s.to_string(), text);
    assert_eq!(s.timeout(), Err(PlayError::GameOver));
}
