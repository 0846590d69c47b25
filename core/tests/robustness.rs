//! Hostile input: states, positions, views and records that break the rules are refused with a
//! typed error, and no text, however malformed, makes any reader panic.

use fichas::game::{Game, State, Variant, View};
use fichas::record::{Record, RecordError};
use fichas::{Roll, cartas, parchis, poleana};

const AT_START: &str = "start,start,start,start";

#[test]
fn poleana_with_eight_tokens_of_one_colour_is_refused() {
    let text = format!("poleana:2 turn=Y Y=Y1,Y2,Y4,Y5,start,start,start,start R={AT_START}");
    let err = text.parse::<poleana::State>().unwrap_err();
    assert_eq!(err, poleana::PositionError::TokenCount { colour: fichas::Colour::Yellow, expected: 4, found: 8 });
    assert_eq!(err.to_string(), "yellow must have 4 tokens, not 8");
    let json = serde_json::to_string(&text).unwrap();
    assert!(serde_json::from_str::<poleana::State>(&json).is_err(), "the JSON form is the same text, checked the same");
    assert!(serde_json::from_str::<State>(&json).is_err());
}

#[test]
fn poleana_token_on_another_colours_bridge_is_refused() {
    let text = format!("poleana:2 turn=Y Y=bR3,start,start,start R={AT_START}");
    let err = text.parse::<poleana::State>().unwrap_err();
    assert_eq!(err.to_string(), "a yellow token cannot stand on bR3");
    let open = format!("poleana:2:open-bridges turn=Y Y=bR3,start,start,start R={AT_START}");
    assert!(open.parse::<poleana::State>().is_ok(), "with bridges open to all it can");
}

#[test]
fn parchis_three_tokens_on_a_cell_are_refused() {
    let text = "parchis:YR turn=Y Y=20,20,20,home R=home,home,home,home";
    assert!(matches!(text.parse::<parchis::State>(), Err(parchis::PositionError::Crowded { .. })));
}

#[test]
fn cartas_hand_of_200_cards_is_refused() {
    let hand: String = "A".repeat(200);
    let text = format!("cartas round=1 stage=play hands={hand}/-/-/-");
    let err = text.parse::<cartas::State>().unwrap_err();
    assert!(matches!(err, cartas::PositionError::TooManyCards { rank: cartas::Rank::Ace, found: 200, .. }), "{err}");
    // A view read from JSON is checked the same way.
    let state: cartas::State = "cartas stage=play hands=A5/K7/-/2 discards=3333333344444444555".parse().unwrap();
    let mut view = serde_json::to_value(state.view(fichas::Seat::ALL[0])).unwrap();
    view["hand"] = hand.clone().into();
    view["hand_sizes"] = serde_json::json!([200, 2, 0, 1]);
    let err = serde_json::from_str::<cartas::View>(&view.to_string()).unwrap_err();
    assert!(err.to_string().contains("holds 200 cards"), "{err}");
    assert!(serde_json::from_str::<View>(&view.to_string()).is_err());
}

#[test]
fn cartas_view_that_does_not_add_up_is_refused() {
    let state: cartas::State = "cartas stage=play hands=A5/K7/-/2 discards=3333333344444444555".parse().unwrap();
    let mut view = serde_json::to_value(state.view(fichas::Seat::ALL[0])).unwrap();
    view["pile_size"] = 3.into();
    let err = serde_json::from_str::<cartas::View>(&view.to_string()).unwrap_err();
    assert!(err.to_string().contains("do not add up to the deck"), "{err}");
}

#[test]
fn a_die_of_seven_is_refused_everywhere() {
    assert!("7-1".parse::<Roll>().is_err());
    assert!(serde_json::from_str::<Roll>("[7,1]").is_err());
    assert!(serde_json::from_str::<Roll>("[0,1]").is_err());
    assert!(serde_json::from_str::<Roll>("[300,1]").is_err());
    let text = format!("poleana:2 turn=Y roll=7-1 Y={AT_START} R={AT_START}");
    assert!(text.parse::<poleana::State>().is_err());
    assert!("parchis:YR turn=Y roll=7-1 Y=20,home,home,home R=home,home,home,home".parse::<parchis::State>().is_err());
    let record = r#"{"format":"fichas-record","version":1,"variant":"poleana","steps":[{"chance":"7-1"}]}"#;
    assert!(matches!(Record::from_json(record), Err(RecordError::Step { index: 0, .. })));
    let mut game = Game::new("poleana".parse().unwrap());
    assert!(game.state().parse_chance("7-1").is_err());
    assert!(game.apply_chance(fichas::game::ChanceOutcome::Card(cartas::Rank::Ace)).is_err(), "a card is no roll");
}

#[test]
fn records_of_another_games_steps_are_refused() {
    let record = r#"{"format":"fichas-record","version":1,"variant":"cartas","steps":[{"chance":"5-1"}]}"#;
    assert!(matches!(Record::from_json(record), Err(RecordError::Step { index: 0, .. })));
    let record = r#"{"format":"fichas-record","version":1,"variant":"poleana:2","steps":[{"chance":"5-1"},{"seat":0,"action":"home+5"}]}"#;
    assert!(matches!(Record::from_json(record), Err(RecordError::Step { index: 1, .. })));
}

#[test]
fn another_games_action_or_outcome_is_refused_by_the_facade_and_given_back_by_try_from() {
    use fichas::PlayError;
    use fichas::game::{Action, ChanceOutcome, Event};
    let mut game = Game::new("parchis:two-player".parse().unwrap());
    game.apply_chance(ChanceOutcome::Roll(Roll::of(5, 3).unwrap())).unwrap();
    let before = *game.state();
    let poleana_move = Action::from(poleana::Action::Timeout);
    let refused = game.play(Action::from("release".parse::<poleana::Action>().unwrap())).unwrap_err();
    assert!(matches!(refused, PlayError::Illegal { .. }));
    assert_eq!(refused.to_string(), "`release` is not legal here: it is an action of another game");
    assert_eq!(game.state(), &before, "a refused action changes nothing");
    // A game's own action comes back out of the facade; another game's is handed back whole.
    let parchis_move = Action::from("home+5".parse::<parchis::Action>().unwrap());
    assert_eq!(parchis::Action::try_from(parchis_move).unwrap().to_string(), "home+5");
    assert_eq!(parchis::Action::try_from(poleana_move), Err(poleana_move));
    let card = ChanceOutcome::from(cartas::Rank::King);
    assert_eq!(Roll::try_from(card), Err(card));
    assert_eq!(cartas::Rank::try_from(card), Ok(cartas::Rank::King));
    let events = game.play(parchis_move).unwrap();
    assert!(events.iter().all(|e| matches!(e, Event::Parchis(_))), "{events:?}");
}

/// Malformed text of every kind a client might send.
fn nasty_texts() -> Vec<String> {
    let mut texts: Vec<String> = [
        "",
        " ",
        "\0",
        "\u{feff}",
        "ñ",
        "🎲",
        "=",
        "==",
        "key=",
        "=value",
        "99999999999999999999999",
        "-1",
        "poleana",
        "poleana:",
        "poleana::",
        "poleana:0",
        "poleana:99999999999",
        "poleana turn=Y",
        "poleana turn=Y turn=Y",
        "parchis turn=Z",
        "cartas hands=",
        "cartas hands=////",
        "cartas tokens=0!,0!,0!,0!,0!/-/-/-",
        "cartas round=65535",
        "cartas round=99999999",
        "Y12+99",
        "2xY3+6",
        "7:0+7",
        "7:0+1,0+1,0+1,0+1,0+1,0+1,0+1",
        "J:1~1",
        "2:steal9",
        "home+sum+sum",
        "{}",
        "[]",
        "null",
        r#"{"format":"fichas-record","version":1,"variant":"poleana","steps":[{"seat":255,"action":"x"}]}"#,
        r#"{"format":"fichas-record","version":4294967295,"variant":"poleana","steps":[]}"#,
        r#"{"seat":0,"config":{"sets":2,"jokers":6},"round":0,"stage":"play","turn":0}"#,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    texts.push("A".repeat(10_000));
    texts.push("poleana ".repeat(1_000));
    texts.push(format!("cartas hands={}/-/-/-", "*".repeat(300)));
    texts
}

#[test]
fn no_malformed_text_makes_a_reader_panic() {
    for text in nasty_texts() {
        let _ = text.parse::<Variant>();
        let _ = text.parse::<State>();
        let _ = text.parse::<poleana::State>();
        let _ = text.parse::<parchis::State>();
        let _ = text.parse::<cartas::State>();
        let _ = text.parse::<poleana::Action>();
        let _ = text.parse::<parchis::Action>();
        let _ = text.parse::<cartas::Action>();
        let _ = text.parse::<poleana::Spot>();
        let _ = text.parse::<cartas::Cards>();
        let _ = text.parse::<Roll>();
        let _ = Record::from_json(&text);
        let _ = fichas::record::replay(&text);
        let _ = serde_json::from_str::<View>(&text);
        let _ = serde_json::from_str::<cartas::View>(&text);
        for variant in ["poleana", "parchis:pairs", "cartas"] {
            let mut game = Game::new(variant.parse().unwrap());
            let _ = game.play_text(&text);
            let _ = game.state().parse_chance(&text).map(|o| game.apply_chance(o));
        }
    }
}

/// A timeout is the host's: every game's own `play` refuses it as a move, as the facade does, and
/// changes nothing; `timeout` reports it.
#[test]
fn every_games_play_refuses_a_timeout_as_a_move() {
    use fichas::{PlayError, Rules};
    fn refuses<G: Rules + PartialEq + std::fmt::Debug>(mut state: G, timeout_events: usize) {
        let before = state;
        let Err(refused) = state.play(G::TIMEOUT) else { panic!("a timeout was played as a move") };
        assert!(matches!(refused, PlayError::Illegal { .. }), "{refused:?}");
        assert_eq!(
            refused.to_string(),
            "`timeout` is not legal here: a timeout is the host's to report (`timeout()`), not a move"
        );
        assert_eq!(state, before, "a refused timeout changes nothing");
        let Ok(events) = state.timeout() else { panic!("the host's timeout was refused") };
        assert_eq!(events.len(), timeout_events, "the events of the host's timeout: {:?}", &events[..]);
    }
    let mut poleana = poleana::State::new("poleana:2".parse().unwrap());
    poleana.apply_chance(Roll::of(6, 3).unwrap()).unwrap();
    refuses(poleana, 3); // an infraction, the penalty's limbo, and the turn passes
    let mut parchis = parchis::State::new("parchis:two-player".parse().unwrap());
    parchis.apply_chance(Roll::of(5, 3).unwrap()).unwrap();
    refuses(parchis, 2); // timed out, and the turn passes
    let mut cartas = cartas::State::new("cartas".parse().unwrap());
    let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand_core::SeedableRng>::seed_from_u64(1);
    while cartas.to_act().is_none() {
        cartas.roll_into(&mut rng, &mut ());
    }
    refuses(cartas, 3); // timed out, a card discarded for it, and the turn passes
}
