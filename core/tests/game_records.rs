//! The facade and its records: every variant plays through `Game`, records replay exactly, and
//! tampered records are refused at the right step.

use fichas::game::{ChanceOutcome, Game, State, Variant};
use fichas::record::{Record, RecordError, Step, replay};
use fichas::{Phase, Roll, chance};
use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const VARIANTS: [&str; 11] = [
    "poleana",
    "poleana:2:free",
    "poleana-express:3",
    "poleana-express:2:assisted:open-bridges",
    "parchis",
    "parchis:YBR",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
    "cartas:sets=1:jokers=2",
];

/// Plays a whole game with random choices through the facade.
fn random_game(variant: Variant, seed: u64) -> Game {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Game::new(variant);
    while !game.is_over() {
        match game.phase() {
            Phase::Chance => {
                game.roll(&mut rng).unwrap();
            }
            _ => {
                let choices = game.legal_actions();
                let pick = choices[chance::below(&mut rng, choices.len() as u32) as usize];
                game.play(pick.action()).unwrap();
            }
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 36, failure_persistence: None, ..ProptestConfig::default() })]

    /// The record of any finished game round-trips through JSON and replays to the same state.
    #[test]
    fn finished_games_replay_exactly(variant in proptest::sample::select(&VARIANTS[..]), seed in any::<u64>()) {
        let game = random_game(variant.parse().unwrap(), seed);
        let record = game.record();
        let json = record.to_json();
        let read = Record::from_json(&json).unwrap();
        prop_assert_eq!(&read, &record);
        prop_assert_eq!(&Record::from_json(&record.to_json_pretty()).unwrap(), &record);
        let again = read.replay().unwrap();
        prop_assert_eq!(again.state(), game.state());
        prop_assert_eq!(again.winners(), game.winners());
        prop_assert!(!again.winners().is_empty());
    }
}

fn a_record(variant: &str, seed: u64) -> (Game, serde_json::Value) {
    let game = random_game(variant.parse().unwrap(), seed);
    let json: serde_json::Value = serde_json::from_str(&game.record().to_json()).unwrap();
    (game, json)
}

/// The index of the first action step after `from` in a JSON record.
fn first_action_after(json: &serde_json::Value, from: usize) -> usize {
    let steps = json["steps"].as_array().unwrap();
    (from..steps.len()).find(|&i| steps[i].get("action").is_some()).unwrap()
}

#[test]
fn tampered_die_is_caught_at_the_first_step_it_makes_illegal() {
    let mut checked = 0;
    for variant in VARIANTS {
        let (game, mut json) = a_record(variant, 3);
        let record = game.record();
        let steps = record.steps();
        // The first roll followed by an action; find another roll under which that action is
        // not legal, and expect the replay to stop at that action.
        let i = (0..steps.len() - 1)
            .find(|&i| matches!(steps[i], Step::Chance(_)) && matches!(steps[i + 1], Step::Action { .. }))
            .unwrap();
        let Step::Action { action, .. } = steps[i + 1] else { unreachable!() };
        let before = Record::new(*record.start(), steps[..i].to_vec()).replay().unwrap();
        let breaking = before.state().chance_outcomes().into_iter().map(|(o, _)| o).find(|&o| {
            let mut state = *before.state();
            state.apply_chance(o).unwrap();
            !state.legal_actions().iter().any(|c| c.action() == action)
        });
        let Some(breaking) = breaking else { continue };
        json["steps"][i]["chance"] = breaking.to_string().into();
        match replay(&serde_json::to_string(&json).unwrap()) {
            Err(RecordError::Illegal(e)) => assert_eq!(e.index, i + 1, "{variant}: {}", e.reason),
            other => panic!("{variant}: expected an illegal step at {}, got {other:?}", i + 1),
        }
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} variants had a breaking roll");
}

#[test]
fn tampered_die_report_names_the_step_and_the_reason() {
    // Poleana 2 players: Yellow rolls 5-1 and releases; with 6-4 instead, `release` is illegal.
    let json = r#"{"format":"fichas-record","version":1,"variant":"poleana:2",
        "steps":[{"chance":"6-4"},{"seat":0,"action":"release"}]}"#;
    let err = replay(json).unwrap_err();
    let RecordError::Illegal(e) = err else { panic!("{err}") };
    assert_eq!(e.index, 1);
    assert_eq!(e.reason, "`release` was recorded where a chance outcome was due", "6-4 has no use and passes");
    let json = json.replace("6-4", "4-4");
    let RecordError::Illegal(e) = replay(&json).unwrap_err() else { panic!() };
    assert_eq!(e.index, 1, "4-4 does not release either: {}", e.reason);
}

#[test]
fn removed_action_is_caught_at_its_index() {
    for variant in VARIANTS {
        let (_, mut json) = a_record(variant, 5);
        let i = first_action_after(&json, 0);
        json["steps"].as_array_mut().unwrap().remove(i);
        let text = serde_json::to_string(&json).unwrap();
        match replay(&text) {
            Err(RecordError::Illegal(e)) => assert_eq!(e.index, i, "{variant}: {}", e.reason),
            other => panic!("{variant}: expected an illegal step at {i}, got {other:?}"),
        }
    }
}

#[test]
fn action_by_the_wrong_seat_is_caught_at_its_index() {
    for variant in VARIANTS {
        let (game, mut json) = a_record(variant, 7);
        let i = first_action_after(&json, 0);
        let seats = game.variant().seats() as u64;
        let seat = json["steps"][i]["seat"].as_u64().unwrap();
        json["steps"][i]["seat"] = ((seat + 1) % seats).into();
        let text = serde_json::to_string(&json).unwrap();
        match replay(&text) {
            Err(RecordError::Illegal(e)) => {
                assert_eq!(e.index, i);
                assert!(e.reason.contains("was to decide"), "{}", e.reason);
            }
            other => panic!("{variant}: expected an illegal step at {i}, got {other:?}"),
        }
    }
}

#[test]
fn records_from_a_newer_format_are_refused_clearly() {
    let json = r#"{"format":"fichas-record","version":3,"variant":"poleana","steps":[],"shiny":true}"#;
    let err = Record::from_json(json).unwrap_err();
    assert_eq!(err, RecordError::NewerVersion { found: 3, supported: 2 });
    assert_eq!(err.to_string(), "this record has format version 3, newer than the version 2 this library reads");
}

#[test]
fn malformed_records_say_what_is_wrong() {
    let cases = [
        ("not json", "not valid JSON"),
        (r#"{"format":"other","version":1,"variant":"poleana","steps":[]}"#, "not a fichas record"),
        (r#"{"format":"fichas-record","version":1,"variant":"chess","steps":[]}"#, "variant"),
        (r#"{"format":"fichas-record","version":1,"variant":"poleana","steps":[{"chance":"7-1"}]}"#, "step 0"),
        (
            r#"{"format":"fichas-record","version":1,"variant":"poleana:2","steps":[{"seat":3,"action":"release"}]}"#,
            "seat 3",
        ),
        (r#"{"format":"fichas-record","version":1,"variant":"poleana","steps":[{"seat":0}]}"#, "step 0"),
        (r#"{"format":"fichas-record","version":1,"variant":"parchis","start":"poleana turn=Y","steps":[]}"#, "start"),
    ];
    for (json, wanted) in cases {
        let err = Record::from_json(json).unwrap_err().to_string();
        assert!(err.contains(wanted), "{json}: {err}");
    }
}

#[test]
fn records_of_a_version_never_written_are_refused() {
    let json = r#"{"format":"fichas-record","version":0,"variant":"poleana","steps":[]}"#;
    let err = Record::from_json(json).unwrap_err();
    assert_eq!(err, RecordError::UnknownVersion { found: 0, supported: 2 });
    assert_eq!(
        err.to_string(),
        "this record has format version 0, which no version of this library writes (it writes 2)"
    );
}

#[test]
fn record_errors_echo_a_bounded_snippet_of_the_input() {
    let huge = "x".repeat(1_000_000);
    for json in [
        format!(r#"{{"format":"{huge}","version":1,"variant":"poleana","steps":[]}}"#),
        format!(r#"{{"format":"fichas-record","version":"{huge}","variant":"poleana","steps":[]}}"#),
        format!(r#"{{"format":"fichas-record","version":1,"variant":"poleana:{huge}","steps":[]}}"#),
        format!(r#"{{"format":"fichas-record","version":1,"variant":"poleana","start":"poleana {huge}","steps":[]}}"#),
        format!(r#"{{"format":"fichas-record","version":1,"variant":"poleana","steps":[{{"chance":"{huge}"}}]}}"#),
        format!(
            r#"{{"format":"fichas-record","version":1,"variant":"poleana","steps":[{{"seat":0,"action":"{huge}"}}]}}"#
        ),
        format!(r#"{{"format":"fichas-record","version":1,"variant":"poleana","steps":[],"{huge}":1}}"#),
    ] {
        let err = Record::from_json(&json).unwrap_err().to_string();
        assert!(err.len() < 400, "{} bytes: {}…", err.len(), &err[..200]);
        assert!(err.contains("xxx"), "the snippet is still there: {err}");
    }
    assert!(Record::from_json(&huge).unwrap_err().to_string().len() < 400);
}

#[test]
fn a_view_json_of_the_wrong_shape_says_what_a_view_holds() {
    for (json, kind) in [("[]", "an array"), ("3", "a number"), ("null", "null"), ("true", "a boolean")] {
        let err = serde_json::from_str::<fichas::game::View>(json).unwrap_err().to_string();
        assert!(err.starts_with("a view is a position text"), "{err}");
        assert!(err.contains(&format!("not {kind}")), "{err}");
    }
    let err = serde_json::from_str::<fichas::game::View>(r#"{"seat":0}"#).unwrap_err().to_string();
    assert!(err.starts_with("not a Cartas view: missing field"), "{err}");
    let huge = format!(r#"{{"{}":0}}"#, "y".repeat(100_000));
    let err = serde_json::from_str::<fichas::game::View>(&huge).unwrap_err().to_string();
    assert!(err.len() < 400, "{}", err.len());
}

#[test]
fn records_start_from_a_given_position() {
    let text = "poleana:2 turn=Y Y=Y1,start,start,start R=start,start,start,start";
    let mut game = Game::from_position(text).unwrap();
    game.apply_chance(ChanceOutcome::Roll(Roll::of(3, 1).unwrap())).unwrap();
    let json = game.record().to_json();
    assert!(json.contains(r#""start":"poleana:2 turn=Y"#), "{json}");
    assert_eq!(replay(&json).unwrap().state(), game.state());
}

#[test]
fn variants_read_and_write_their_text() {
    for text in VARIANTS {
        let v: Variant = text.parse().unwrap();
        assert_eq!(v.to_string(), text);
        assert_eq!(serde_json::from_str::<Variant>(&format!("\"{text}\"")).unwrap(), v);
    }
    let err = "chess".parse::<Variant>().unwrap_err().to_string();
    assert!(err.contains("poleana, poleana-express, parchis or cartas"), "{err}");
    assert!("parchis:pairs:YB".parse::<Variant>().is_err());
}

#[test]
fn variant_options_given_twice_or_in_contradiction_are_refused_naming_both() {
    for (text, what, first, second) in [
        ("parchis:two-player:pairs", "mode", "two-player", "pairs"),
        ("poleana:2:2", "colours", "2", "2"),
        ("poleana:strict:free", "mode", "strict", "free"),
        ("poleana:YR:3", "colours", "YR", "3"),
        ("poleana-express:open-bridges:open-bridges", "bridges option", "open-bridges", "open-bridges"),
        ("parchis:first=Y:first=R", "first player", "first=Y", "first=R"),
        ("parchis:YBR:2", "colours", "YBR", "2"),
        ("cartas:sets=1:sets=2", "number of sets", "sets=1", "sets=2"),
        ("cartas:jokers=2:deck=8,8,8,8,8,8,8,8,8,8,8,8,8,6", "deck", "jokers=2", "deck=8,8,8,8,8,8,8,8,8,8,8,8,8,6"),
        ("cartas:deck=8,8,8,8,8,8,8,8,8,8,8,8,8,6:sets=1", "deck", "deck=8,8,8,8,8,8,8,8,8,8,8,8,8,6", "sets=1"),
    ] {
        let err = text.parse::<Variant>().unwrap_err().to_string();
        assert_eq!(err, format!("`{first}` and `{second}` both set the {what}: give it once"), "{text}");
    }
    // Each option once is fine, in any order.
    assert_eq!("poleana:free:2:open-bridges".parse::<Variant>().unwrap().to_string(), "poleana:2:free:open-bridges");
}

#[test]
fn seats_are_named_by_their_colours() {
    let v: Variant = "parchis:two-colours".parse().unwrap();
    assert_eq!(v.seat_name(fichas::Seat::ALL[1]), "blue+green");
    let v: Variant = "poleana:2".parse().unwrap();
    assert_eq!(v.seat_name(fichas::Seat::ALL[1]), "red");
}

#[test]
fn the_facade_refuses_actions_of_another_game() {
    let mut state = State::new("poleana".parse().unwrap());
    let _ = Step::Chance(ChanceOutcome::Roll(Roll::of(5, 1).unwrap()));
    state.apply_chance(ChanceOutcome::Roll(Roll::of(5, 1).unwrap())).unwrap();
    let parchis = State::new("parchis".parse().unwrap()).parse_action("home+5").unwrap();
    assert!(state.play(parchis).is_err());
}
