//! The Cartas API around the rules: configuration, errors, notation, ids, position text, JSON,
//! views, records.

mod cartas_support;

use cartas_support::*;
use fichas::Rules;
use fichas::cartas::{
    ACTION_SPACE, Action, Config, ConfigError, Event, MAX_ACTIONS, Outcome, PositionError, Rank, Stage, State, View,
};
use fichas::notation::TextError;
use fichas::{Phase, PlayError};

#[test]
fn config_is_validated() {
    assert_eq!(Config::with_sets(5, 0), Err(ConfigError::Sets(5)));
    assert_eq!(Config::with_sets(4, 48), Err(ConfigError::TooManyCards(256)));
    assert!(Config::with_sets(4, 47).is_ok());
    let err = "cartas:deck=1,1,1,1,1,1,1,1,1,1,1,1,1,1".parse::<Config>().unwrap_err();
    assert_eq!(err, ConfigError::TooFewCards(14));
    let err = "cartas:jokers=x".parse::<Config>().unwrap_err();
    assert!(err.to_string().contains("`x`"), "{err}");
    assert_eq!(Config::default(), Config::standard());
    assert_eq!(Config::standard().as_sets(), Some((2, 6)));
}

#[test]
fn config_json_round_trips_and_rejects_nonsense() {
    let standard = serde_json::to_string(&Config::standard()).unwrap();
    assert_eq!(standard, r#"{"sets":2,"jokers":6}"#);
    assert_eq!(serde_json::from_str::<Config>("{}").unwrap(), Config::standard());
    let odd: Config = "cartas:deck=8,8,8,8,8,8,0,8,8,8,8,8,8,6".parse().unwrap();
    let json = serde_json::to_string(&odd).unwrap();
    assert_eq!(json, r#"{"deck":[8,8,8,8,8,8,0,8,8,8,8,8,8,6]}"#);
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), odd);
    for bad in [
        r#"{"sets":0}"#,
        r#"{"sets":1,"jokers":300}"#,
        r#"{"deck":[1,1]}"#,
        r#"{"deck":[0,0,0,0,0,0,0,0,0,0,0,0,0,0]}"#,
        r#"{"deck":[8,8,8,8,8,8,8,8,8,8,8,8,8,6],"sets":2}"#,
        r#"{"turbo":true}"#,
    ] {
        assert!(serde_json::from_str::<Config>(bad).is_err(), "{bad}");
    }
}

#[test]
fn state_json_is_its_position_text() {
    let s = pos("cartas round=5 tokens=0!,c2/30/-/- hands=A7/K/-/- gave=2/A/7/K discards=99");
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(json, format!("\"{s}\""));
    assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
    let err = serde_json::from_str::<State>(r#""cartas hands=AAAAAAA/-/-/-""#).unwrap_err();
    assert!(err.to_string().contains("holds 7 cards"), "{err}");
}

#[test]
fn action_event_and_view_json_read_like_the_notation() {
    let a: Action = "7:12+3,40+4/c".parse().unwrap();
    assert_eq!(serde_json::to_string(&a).unwrap(), r#""7:12+3,40+4/c""#);
    assert!(serde_json::from_str::<Action>(r#""7:12+3""#).is_err());
    let e = Event::Played { seat: seat(2), action: a };
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(json, r#"{"event":"played","seat":2,"action":"7:12+3,40+4/c"}"#);
    assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), e);
    let folded = Event::Folded { seat: seat(1), cards: cards("39") };
    assert_eq!(serde_json::to_string(&folded).unwrap(), r#"{"event":"folded","seat":1,"cards":"39"}"#);
    let s = pos("cartas tokens=10/-/-/- hands=2/K/-/557 gave=3/5/A/2 thefts=3>1:Q");
    let view = s.view(seat(1));
    let json = serde_json::to_string(&view).unwrap();
    assert!(json.contains(r#""hand":"K""#), "{json}");
    assert!(!json.contains("557") && !json.contains(r#""2""#), "other hands are not in the view: {json}");
    assert_eq!(serde_json::from_str::<View>(&json).unwrap(), view);
}

#[test]
fn chance_outcomes_are_listed_only_when_chance_is_pending() {
    let mut s = State::new(Config::standard());
    assert_eq!(s.chance_outcomes().total(), 110);
    draw_all(&mut s);
    assert!(s.chance_outcomes().is_empty());
    let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand_core::SeedableRng>::seed_from_u64(1);
    assert_eq!(s.sample_chance(&mut rng), None);
    assert_eq!(s.apply_chance(Rank::Ace), Err(PlayError::NotChance));
    let mut s = pos("cartas round=0 stage=deal hands=-/-/-/-");
    assert!(s.sample_chance(&mut rng).is_some());
    let mut dry = pos(&format!("cartas round=1 stage=deal discards={}", "7".repeat(8)));
    assert_eq!(dry.apply_chance(Rank::Seven), Err(PlayError::bad_outcome(Rank::Seven)), "no 7 is left in the pile");
    assert_eq!(s.play(Action::Pass(Rank::Ace)), Err(PlayError::ChancePending));
}

#[test]
fn errors_say_what_was_wrong() {
    let mut s = pos("cartas round=3 stage=exchange hands=AK2/AK*/AKQ/A23");
    let err = s.play("pass:K".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "`pass:K` is not legal here: you hold no such card to pass");
    let err = s.play("A:out".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("pass a card to the player on your left"), "{err}");
    let mut s = pos("cartas tokens=10/-/-/- hands=5/-/-/-");
    let cases = [
        ("pass:5", "the exchange is over: play a card"),
        ("K:10+13", "you hold no such card"),
        ("5:20+5", "you have no token there"),
        ("5:10+5/c", "cannot turn into its corridor"),
    ];
    for (text, reason) in cases {
        let err = s.play(text.parse().unwrap()).unwrap_err();
        assert!(err.to_string().contains(reason), "{text}: {err}");
    }
    let malformed = Action::Move { card: Rank::Five, from: "10".parse().unwrap(), steps: 3, corridor: false };
    let err = s.play(malformed).unwrap_err();
    assert!(err.to_string().contains("cannot be used that way"), "{err}");
    let err = "5:10+".parse::<Action>().unwrap_err();
    assert!(err.to_string().starts_with("cannot read steps from ``"), "{err}");
}

#[test]
fn legal_actions_have_distinct_ids_that_map_back() {
    let s = pos("cartas tokens=0!,20,61,c1/30,40/50/- hands=7*J42A/3/5/-");
    let listed = s.legal_actions();
    assert!(listed.len() > 100, "{}", listed.len());
    let mut ids: Vec<u16> = listed.iter().map(|a| s.action_id(a).unwrap()).collect();
    for (action, &id) in listed.iter().zip(&ids) {
        assert!(id < ACTION_SPACE);
        assert_eq!(s.action_from_id(id), Some(*action));
        assert_eq!(s.view(seat(0)).action_id(action), Some(id));
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), listed.len());
    assert_eq!(s.action_id(&Action::Timeout), Some(0));
    assert_eq!(s.action_id(&"5:33+5".parse().unwrap()), None, "no token of the seat on 33");
}

#[test]
fn action_ids_are_relative_to_the_seat_to_act() {
    // The same situation one seat on: the same ids.
    let a = pos("cartas tokens=10,20/30/-/- hands=J7/5/-/-");
    let b = pos("cartas turn=1 tokens=-/26,36/46/- hands=-/J7/5/-");
    let ids = |s: &State| s.legal_actions().iter().map(|x| s.action_id(x).unwrap()).collect::<Vec<_>>();
    assert_eq!(ids(&a), ids(&b));
    assert_eq!(actions(&b)[0], "7:26+7");
}

#[test]
fn position_text_rejects_impossible_positions_with_a_reason() {
    let err = |text: &str| text.parse::<State>().unwrap_err();
    let two_hundred = format!("cartas hands={}/-/-/-", "A".repeat(200));
    assert!(matches!(err(&two_hundred), PositionError::TooManyCards { rank: Rank::Ace, found: 200, deck: 8 }));
    assert_eq!(err(&two_hundred).to_string(), "the position holds 200 cards of rank A, but the deck has only 8");
    assert!(matches!(
        err(&format!("cartas hands={}/-/-/-", "A".repeat(300))),
        PositionError::Text(TextError::Parse(_))
    ));
    assert!(matches!(err("cartas round=1 hands=AAAAAA/-/-/-"), PositionError::HandSize { found: 6, max: 5, .. }));
    assert!(matches!(err("cartas tokens=1,2,3,4,5/-/-/- hands=5/-/-/-"), PositionError::TokenCount { found: 5, .. }));
    assert!(matches!(err("cartas tokens=10/10/-/- hands=5/-/-/-"), PositionError::Crowded { .. }));
    assert!(matches!(err("cartas tokens=16!/-/-/- hands=5/-/-/-"), PositionError::NotOwnStart { .. }));
    assert!(matches!(err("cartas stage=play stage=deal"), PositionError::Text(TextError::Duplicate(_))));
    assert!(matches!(err("cartas speed=9"), PositionError::Text(TextError::UnknownField(_))));
    assert!(matches!(err("cartas:sets=9"), PositionError::Config(ConfigError::Text(_))));
    assert!(matches!(err(""), PositionError::Text(TextError::Missing("configuration"))));
    assert!(matches!(err("cartas stage=over"), PositionError::Text(TextError::Missing("winner"))));
    assert!(matches!(
        err("cartas stage=theft turn=0 hands=2/5/-/-"),
        PositionError::Text(TextError::Missing("victim"))
    ));
    let inconsistent = [
        "cartas",                                                              // nobody holds a card in play
        "cartas tokens=10/-/-/- hands=-/5/-/-",                                // seat 0 is to play with no card
        "cartas hands=5/-/-/-",                                                // a 5 with no token out: it would fold
        "cartas stage=over winner=1 tokens=c1,c2,c3,c4/-/-/-",                 // the wrong winner
        "cartas tokens=c1,c2,c3,c4/-/-/- hands=-/5/-/-",                       // a finished game not marked over
        "cartas stage=deal hands=-/A/-/-",                                     // seat 0 must receive first
        "cartas stage=deal hands=A2345Q/A2345Q/KKKJJJ/KKKJJJ",                 // the deal is complete
        "cartas stage=exchange hands=AAAAA/KKKKKK/QQQQQQ/JJJJJJ",              // seat 0 chose, but no card is written
        "cartas stage=exchange hands=AAAAAA/KKKKK/QQQQQQ/JJJJJJ gave=-/K/-/-", // seat 1 chose before seat 0
        "cartas stage=theft turn=0 victim=0 hands=2/5/-/-",                    // robbing oneself
        "cartas stage=theft turn=0 victim=2 hands=2/5/-/-",                    // robbing an empty hand
        "cartas tokens=10/-/-/- hands=5/-/-/- victim=1",                       // a victim outside a theft
        "cartas tokens=10/-/-/- hands=5/-/-/- thefts=1>1:5",                   // a theft from oneself
        "cartas tokens=10/-/-/- hands=5/-/-/- gave=5/-/-/-",                   // a partial exchange in play
        "cartas stage=deal discards=AAAAAAAAKKKKKKKKQQQQQQQQJJJJJJJJTTTTTTTT99999999888888887777777766666666555555554444444433333333222222", // 110 - 102 < 24
    ];
    for text in inconsistent {
        let result = text.parse::<State>();
        assert!(matches!(result, Err(PositionError::Inconsistent(_))), "{text}: {result:?}");
    }
    assert_eq!(
        err("cartas hands=5/-/-/-").to_string(),
        "the position is inconsistent: the seat to play has no card with a legal use, so it would have folded"
    );
}

#[test]
fn finished_game_reads_back_and_refuses_play() {
    let text = "cartas round=7 stage=over winner=2 tokens=-/-/c1,c2,c3,c4/- hands=-/5/-/- discards=33333333444";
    let mut s = pos(text);
    assert_eq!(s.to_string(), text);
    assert_eq!(s.phase(), Phase::Over(Outcome { winner: seat(2) }));
    assert_eq!(s.outcome().map(Outcome::winner), Some(seat(2)));
    assert_eq!(s.timeout(), Err(PlayError::GameOver));
    assert!(s.view(seat(0)).legal_actions().is_empty());
}

#[test]
fn every_stage_reads_back_from_its_text() {
    for text in [
        "cartas round=2 stage=deal tokens=-/-/-/- hands=9/-/9/9",
        "cartas round=1 stage=exchange turn=2 tokens=-/-/-/- hands=KKKKK/AAAA/QQQQQ/JJJJJ gave=-/2/-/-",
        "cartas round=0 stage=play turn=0 tokens=10/-/-/- hands=5/-/-/- gave=A/2/3/4 discards=A3333333344444444555555",
        "cartas round=0 stage=theft turn=0 victim=3 tokens=10/-/-/- hands=-/-/-/55 discards=A233333333444444445555",
    ] {
        assert_eq!(pos(text).to_string(), text);
    }
}

#[test]
fn views_hide_the_card_events_of_other_seats() {
    let mut s = State::new(Config::standard());
    let events = draw(&mut s, "7");
    assert_eq!(events[0], Event::Dealt { to: seat(0), card: Some(Rank::Seven) });
    assert_eq!(events[0].seen_by(seat(0)), events[0]);
    assert_eq!(events[0].seen_by(seat(1)), Event::Dealt { to: seat(0), card: None });
    let stole = Event::Stole { thief: seat(0), victim: seat(2), card: Some(Rank::Queen) };
    assert_eq!(stole.seen_by(seat(2)), stole);
    assert_eq!(stole.seen_by(seat(3)), Event::Stole { thief: seat(0), victim: seat(2), card: None });
    let received = Event::Received { seat: seat(1), from: seat(0), card: Some(Rank::Ace) };
    assert_eq!(received.seen_by(seat(0)), received);
    assert_eq!(received.seen_by(seat(2)), Event::Received { seat: seat(1), from: seat(0), card: None });
}

#[test]
fn a_view_offers_the_same_actions_as_the_state() {
    let s = pos("cartas tokens=0!,20,61,c1/30,40/50/- hands=7*J42A/3/5/-");
    assert_eq!(s.view(seat(0)).legal_actions(), s.legal_actions());
    assert!(s.view(seat(1)).legal_actions().is_empty(), "seat 1 is not to act");
    assert_eq!(s.view(seat(1)).phase(), s.phase());
    let exchange = pos("cartas round=3 stage=exchange hands=AK2/AK*/AKQ/A23");
    assert_eq!(exchange.view(seat(3)).legal_actions(), exchange.legal_actions());
}

#[test]
fn records_replay_and_report_the_first_bad_step() {
    use fichas::game::{Game, Variant};
    use fichas::record::{Record, RecordError, replay};
    let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand_core::SeedableRng>::seed_from_u64(9);
    let mut game = Game::new(Variant::Cartas(Config::standard()));
    for _ in 0..400 {
        if game.to_act().is_none() {
            game.roll(&mut rng).unwrap();
        } else {
            let last = *game.legal_actions().last().unwrap();
            game.play(last.action()).unwrap();
        }
    }
    let json = game.record().to_json();
    assert!(json.starts_with(r#"{"format":"fichas-record","version":2,"variant":"cartas","steps":[{"chance":"#));
    assert_eq!(replay(&json).unwrap().state(), game.state());
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["steps"][10] = serde_json::json!({"seat": 0, "timeout": true});
    let err = Record::from_json(&value.to_string()).unwrap().replay().unwrap_err();
    assert_eq!(err.index, 10);
    assert_eq!(err.reason, "a timeout was recorded where a card was being drawn");
    assert!(matches!(replay(&value.to_string()), Err(RecordError::Illegal(_))));
}

#[test]
fn state_is_small_and_copy() {
    const { assert!(State::SIZE <= 160) };
    let s = State::new(Config::standard());
    let copy = s;
    assert_eq!(copy, s);
    assert_eq!(s.stage(), Stage::Deal);
}

/// The worst placements for a 7 and a joker, found by trying every placement (see
/// `max_actions_covers_every_placement`).
#[test]
fn the_richest_placements_stay_within_the_capacity() {
    let sevens = pos("cartas tokens=0,8,16,24/-/-/- hands=7/5/5/5");
    assert_eq!(sevens.legal_actions().len(), 194);
    let rich = pos("cartas round=4 tokens=0,14,28,55/17,20,24,30/33,36,40,44/49,52,56,60 hands=7*J42A/5/5/5");
    let n = rich.legal_actions().len();
    assert_eq!(n, 575, "the search's richest placement, with twelve rival tokens to swap with");
    const { assert!(MAX_ACTIONS >= 580) };
}

/// Tries every placement of one seat's tokens (about 900 000) with each card, to confirm the
/// per-card maxima that size [`MAX_ACTIONS`]. Slow in a debug build: run it with
/// `cargo test --release -p fichas --test cartas_api -- --ignored`.
#[test]
#[ignore = "about a minute in a debug build: run-tests runs it in release"]
fn max_actions_covers_every_placement() {
    let places: Vec<String> = (0..64).map(|c| c.to_string()).chain((1..=4).map(|c| format!("c{c}"))).collect();
    let mut best = [0usize; Rank::COUNT];
    let n = places.len();
    let mut sets: Vec<Vec<usize>> = vec![vec![]];
    for a in 0..n {
        sets.push(vec![a]);
        for b in a + 1..n {
            sets.push(vec![a, b]);
            for c in b + 1..n {
                sets.push(vec![a, b, c]);
                for d in c + 1..n {
                    sets.push(vec![a, b, c, d]);
                }
            }
        }
    }
    const PLAYED: &str = "JJJJJKKKKKKKQQQQQQQ";
    for hand in ["A247J*", "35689T", "QK"] {
        for set in &sets {
            for blocking in [false, true] {
                let names: Vec<String> = set
                    .iter()
                    .map(|&i| if blocking && places[i] == "0" { "0!".to_string() } else { places[i].clone() })
                    .collect();
                if (blocking && !set.contains(&0)) || names.iter().filter(|p| p.starts_with('c')).count() == 4 {
                    continue;
                }
                let tokens = if names.is_empty() { "-".to_string() } else { names.join(",") };
                // A later round, so that any placement may have been reached, with the cards gone
                // from the hands on the discards.
                let text = format!("cartas round=4 tokens={tokens}/-/-/- hands={hand}/5/5/5 discards={PLAYED}");
                let Ok(s) = text.parse::<State>() else {
                    continue;
                };
                let listed = s.legal_actions();
                let swappable = s
                    .board()
                    .tokens(seat(0))
                    .filter(|t| matches!(t.spot, fichas::cartas::Spot::Track(_)) && !t.blocking)
                    .count();
                for rank in Rank::ALL {
                    let mut count = listed.iter().filter(|a| a.card() == Some(rank)).count();
                    if matches!(rank, Rank::Jack | Rank::Joker) {
                        count += swappable * 12; // twelve rival tokens on the track to swap with
                    }
                    best[rank.index()] = best[rank.index()].max(count);
                }
            }
        }
    }
    assert_eq!(best, [11, 9, 7, 12, 8, 8, 194, 8, 8, 8, 49, 8, 8, 305]);
    let mut sorted = best;
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(sorted[..6].iter().sum::<usize>(), 580);
    const { assert!(MAX_ACTIONS >= 580) };
}
