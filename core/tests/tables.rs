//! Tables: the server's authority over a game (docs/rules/tables.md). Seats act only through
//! `submit`, on their own turn and on the position they saw; chance and timeouts are the table's
//! and the host's; each seat and spectator gets the events it may see; verifiable dice check out
//! against the revealed secret; the record is evidence (a hash chain) and resumes exactly.

use std::collections::BTreeSet;

use fichas::game::{Action, ChanceOutcome, Event, Game, State, Variant};
use fichas::record::{ChainError, DiceSource, Record, Step, hex, replay};
use fichas::seat::{Seat, Viewer};
use fichas::table::dice::{self, Derived};
use fichas::table::{Delivered, DiceError, Move, Options, RollEntry, Secret, Table, TableError, verify_dice};
use fichas::{Colour, PlayError, cartas, chance, parchis, poleana};
use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use sha2::{Digest, Sha256};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn variant(text: &str) -> Variant {
    text.parse().unwrap()
}

fn seat(index: usize) -> Seat {
    Seat::ALL[index]
}

/// How the table's messages name a seat: `seat 0 (yellow)`.
fn describe(variant: Variant, seat: Seat) -> String {
    format!("seat {} ({})", seat.index(), variant.seat_name(seat))
}

/// The one colour a seat plays (Poleana, Parchís pairs).
fn colour_of(variant: Variant, seat: Seat) -> Colour {
    let colours: Vec<Colour> = variant.colours_of(seat).iter().collect();
    assert_eq!(colours.len(), 1, "{seat} plays {colours:?}");
    colours[0]
}

/// The secret of the tests' verifiable dice.
fn secret() -> Secret {
    Secret::from_bytes([7; 32])
}

/// The host's time of a move made at table step `step`.
fn time_at(step: usize) -> Option<u64> {
    Some(1_000 + 100 * step as u64)
}

/// A started table of `text` with `dice` (system or host), started at time 1000.
fn started(text: &str, dice: DiceSource) -> Table {
    let mut table = Table::new(variant(text), Options { dice, turn_limit_ms: None }).unwrap();
    table.start(Some(1_000)).unwrap();
    table
}

/// A started table of verifiable dice with the tests' secret, every seat named and seeded.
fn verifiable(text: &str, seeds: &[&str]) -> Table {
    let mut table = Table::with_secret(variant(text), secret(), None);
    for (i, seed) in seeds.iter().enumerate() {
        table.join(seat(i), Some(&format!("player {i}")), Some(seed)).unwrap();
    }
    table.start(Some(1_000)).unwrap();
    table
}

const SEEDS: [&str; 4] = ["alba", "bruno", "carmen", "dario"];

/// Which of `n` legal moves the seat picks at table step `step` of the game numbered `game`:
/// a function of the two alone, so that a resumed table makes the same choices.
fn pick(game: u64, step: usize, n: usize) -> usize {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(game ^ (step as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    chance::below(&mut rng, n as u32) as usize
}

/// The seat to act sends one of its legal moves (`roll`, or an action). The seat, the text
/// and the new step.
fn play_one(table: &mut Table, game: u64) -> (Seat, String, usize) {
    let seat = table.to_act().unwrap_or_else(|| panic!("nobody is to act at {table}"));
    let legal = table.legal_actions(seat);
    assert!(!legal.is_empty(), "{} has nothing to send at {table}", seat);
    let text = legal[pick(game, table.step(), legal.len())].clone();
    let step = table.step();
    let new = table.submit(seat, step, &text, time_at(step)).unwrap_or_else(|e| panic!("{text} at {table}: {e}"));
    (seat, text, new)
}

/// Plays the game at a table (system or verifiable dice) to its end.
fn play_to_end(table: &mut Table, game: u64) {
    let mut moves = 0;
    while !table.is_over() {
        play_one(table, game);
        moves += 1;
        assert!(moves < 100_000, "the game at {table} does not end");
    }
}

/// Everything a refused call must leave as it was.
#[derive(Debug, PartialEq)]
struct Snapshot {
    step: usize,
    record: String,
    events: Vec<Delivered>,
    rolls: Vec<RollEntry>,
    to_act: Option<Seat>,
    chance_due: bool,
    deadline: Option<u64>,
}

fn snapshot(table: &Table) -> Snapshot {
    Snapshot {
        step: table.step(),
        record: table.record().to_json(),
        events: table.events(0),
        rolls: table.rolls().to_vec(),
        to_act: table.to_act(),
        chance_due: table.chance_due(),
        deadline: table.deadline(),
    }
}

/// Submits and expects a refusal that changes nothing; the refusal.
fn refused(table: &mut Table, seat: Seat, step: usize, text: &str) -> TableError {
    let before = snapshot(table);
    let err = match table.submit(seat, step, text, Some(999_999)) {
        Ok(step) => panic!("`{text}` from seat {seat} was accepted (now at step {step})"),
        Err(e) => e,
    };
    assert_eq!(snapshot(table), before, "the refused `{text}` ({err}) changed the table");
    err
}

/// The JSON of a record, as a value to tamper with.
fn json_of(record: &Record) -> serde_json::Value {
    serde_json::from_str(&record.to_json()).unwrap()
}

fn steps_of(json: &mut serde_json::Value) -> &mut Vec<serde_json::Value> {
    json["steps"].as_array_mut().unwrap()
}

/// The state before step `index` of a record.
fn state_before(record: &Record, index: usize) -> State {
    *Record::new(*record.start(), record.steps()[..index].to_vec()).replay().unwrap().state()
}

/// A chance outcome of the same event other than the one recorded at `index`, if it has one.
fn another_outcome(record: &Record, index: usize) -> Option<ChanceOutcome> {
    let Step::Chance(recorded) = record.steps()[index] else { return None };
    let outcomes = state_before(record, index).chance_outcomes();
    outcomes.iter().map(|(o, _)| *o).find(|o| *o != recorded)
}

/// The first step from `from` on whose chance event had another outcome.
fn changeable_chance(record: &Record, from: usize) -> (usize, ChanceOutcome) {
    (from..record.steps().len()).find_map(|i| another_outcome(record, i).map(|o| (i, o))).unwrap()
}

// ---------------------------------------------------------------------------------------------
// 1. Refusals: each with its typed error, and none changes anything
// ---------------------------------------------------------------------------------------------

#[test]
fn a_seat_acting_out_of_turn_is_refused_naming_the_seat_to_act() {
    let v = variant("poleana:2");
    let mut table = started("poleana:2", DiceSource::System);
    assert_eq!(table.to_act(), Some(seat(0)));
    for text in ["roll", "release", "nonsense"] {
        let err = refused(&mut table, seat(1), 0, text);
        assert_eq!(
            err,
            TableError::NotYourTurn {
                seat: describe(v, seat(1)),
                to_act: Some(describe(v, seat(0))),
                to_act_seat: Some(seat(0)),
            },
            "{text}"
        );
        assert_eq!(
            err.to_string(),
            format!("it is not {}'s turn: {} is to act", describe(v, seat(1)), describe(v, seat(0)))
        );
        assert!(err.to_string().contains("seat 0 (yellow) is to act"), "{err}");
    }
    assert!(table.legal_actions(seat(1)).is_empty(), "a seat off turn may send nothing");
}

#[test]
fn a_repeated_message_is_refused_as_stale() {
    // Every move of a game is sent twice. The copy is refused as stale (whoever is to act now)
    // and changes nothing.
    let mut table = verifiable("poleana:2", &SEEDS[..2]);
    let mut stale = 0;
    while !table.is_over() {
        let sent = table.step();
        let (seat, text, new) = play_one(&mut table, 11);
        assert!(new > sent);
        let err = refused(&mut table, seat, sent, &text);
        if table.is_over() {
            assert_eq!(err, TableError::GameOver);
        } else {
            assert_eq!(err, TableError::Stale { sent, current: new }, "{text} again at {table}");
            assert_eq!(
                err.to_string(),
                format!("the move was made on step {sent}, but the table is at step {new}: look at the position again")
            );
            stale += 1;
        }
    }
    assert!(stale > 20, "{stale} stale copies");
}

#[test]
fn a_move_on_an_older_step_by_the_seat_to_act_is_stale() {
    let mut table = started("poleana:2", DiceSource::System);
    // Play until seat 0 is to act at a later step, then send its move on step 0.
    while table.to_act() != Some(seat(0)) || table.step() == 0 {
        play_one(&mut table, 2);
    }
    let legal = table.legal_actions(seat(0));
    let current = table.step();
    assert_eq!(refused(&mut table, seat(0), 0, &legal[0]), TableError::Stale { sent: 0, current });
    // A text that does not even parse is stale first: the seat looks at the position again.
    assert_eq!(refused(&mut table, seat(0), 0, "nonsense"), TableError::Stale { sent: 0, current });
}

#[test]
fn a_move_on_a_step_the_table_has_not_reached_is_refused_as_ahead() {
    let mut table = started("poleana:2", DiceSource::System);
    let err = refused(&mut table, seat(0), 3, "roll");
    assert_eq!(err, TableError::Ahead { sent: 3, current: 0 });
    assert_eq!(err.to_string(), "the move names step 3, which the table has not reached: it is at step 0");
    // Even from a seat not on turn, with text that does not parse: the step is checked first.
    assert_eq!(refused(&mut table, seat(1), 1, "nonsense"), TableError::Ahead { sent: 1, current: 0 });
    assert_eq!(table.submit(seat(0), 0, "roll", None), Ok(1));
}

#[test]
fn a_move_padded_with_white_space_is_refused_as_the_record_reader_refuses_it() {
    for padded in ["\u{a0}roll\n", " roll", "roll\t", "\u{2003}roll"] {
        let mut table = started("poleana:2", DiceSource::System);
        let err = refused(&mut table, seat(0), 0, padded);
        let TableError::Illegal { reason, legal, code, .. } = &err else { panic!("{padded:?}: {err}") };
        assert_eq!(reason, "a move is its notation alone, with no white space around it");
        assert_eq!((*code, err.code()), ("table-whitespace", "illegal"));
        assert_eq!(legal, &["roll"]);
        // Not this seat's turn: that is said first, as for any other text.
        assert!(matches!(refused(&mut table, seat(1), 0, padded), TableError::NotYourTurn { .. }));
    }
    // An action padded so is refused by both doors: the table and the record reader.
    let mut table = started("poleana:2", DiceSource::System);
    while table.legal_actions(table.to_act().unwrap()) == ["roll"] {
        play_one(&mut table, 6);
    }
    let seat_on_turn = table.to_act().unwrap();
    let action = table.legal_actions(seat_on_turn)[0].clone();
    let padded = format!("\u{a0}{action}\n");
    let step = table.step();
    assert!(matches!(refused(&mut table, seat_on_turn, step, &padded), TableError::Illegal { .. }));
    table.submit(seat_on_turn, step, &action, None).unwrap();
    let mut json = json_of(&table.record());
    let index = table.record().steps().iter().rposition(|s| matches!(s, Step::Action { .. })).unwrap();
    let written = steps_of(&mut json)[index]["action"].as_str().unwrap().to_string();
    steps_of(&mut json)[index]["action"] = format!("\u{a0}{written}\n").into();
    assert!(Record::from_json(&json.to_string()).is_err(), "the record reader takes {padded:?}");
}

#[test]
fn a_record_without_its_chain_key_or_its_table_does_not_resume() {
    let mut table = started("cartas", DiceSource::System);
    while table.step() < 30 {
        play_one(&mut table, 7);
    }
    let mut json = json_of(&table.record());
    json["table"]["chain_key"] = serde_json::Value::Null;
    let stripped = Record::from_json(&json.to_string()).unwrap();
    let expected = "the record has no chain key: a table's record always carries one, and a new key would change every link the seats were sent";
    assert_eq!(Table::resume(&stripped, None).err(), Some(TableError::Resume(expected.into())));
    // A game's record, never a table's, has neither.
    let game = table.game().record();
    assert!(game.table().is_none());
    let expected = "the record has no table metadata: a table resumes only a record a table wrote";
    assert_eq!(Table::resume(&game, None).err(), Some(TableError::Resume(expected.into())));
    // The table's own record resumes with its links as they were.
    let resumed = Table::resume(&table.record(), None).unwrap();
    assert_eq!(resumed.head(), table.head());
}

#[test]
fn a_timeout_is_the_hosts_even_from_the_seat_on_turn() {
    for text in ["poleana:2", "parchis", "cartas"] {
        let mut table = started(text, DiceSource::System);
        let on_turn = table.to_act().unwrap();
        for s in 0..table.seats() {
            let step = table.step();
            assert_eq!(refused(&mut table, seat(s), step, "timeout"), TableError::HostOnly, "{text}, seat {s}");
            // Padded, it is no notation at all: refused as the record reader refuses it.
            assert_ne!(refused(&mut table, seat(s), step, " timeout "), TableError::HostOnly, "{text}, seat {s}");
        }
        // The typed door refuses it too, whatever step it names.
        let timeout = match table.variant() {
            Variant::Poleana(_) => Action::Poleana(poleana::Action::Timeout),
            Variant::Parchis(_) => Action::Parchis(parchis::Action::Timeout),
            Variant::Cartas(_) => Action::Cartas(cartas::Action::Timeout),
        };
        let before = snapshot(&table);
        assert_eq!(table.submit_move(on_turn, 12345, Move::Action(timeout), None), Err(TableError::HostOnly));
        assert_eq!(snapshot(&table), before);
        assert!(!table.legal_actions(on_turn).iter().any(|a| a == "timeout"), "{text}: a timeout is never listed");
    }
}

#[test]
fn an_action_before_the_roll_is_illegal_and_lists_the_roll() {
    let mut table = started("poleana:2", DiceSource::System);
    assert_eq!(table.legal_actions(seat(0)), ["roll"]);
    let err = refused(&mut table, seat(0), 0, "release");
    let TableError::Illegal { action, reason, legal, code } = &err else { panic!("{err:?}") };
    assert_eq!((action.as_str(), reason.as_str(), &legal[..]), ("release", "roll first", &["roll".to_string()][..]));
    assert_eq!(*code, "table-roll_first");
    assert_eq!(err.to_string(), "`release` is not legal here: roll first (legal: roll)");
}

#[test]
fn a_text_that_is_no_action_is_illegal_with_the_parse_error_and_the_legal_moves() {
    let mut table = started("poleana:2", DiceSource::System);
    let err = refused(&mut table, seat(0), 0, "fly away");
    let TableError::Illegal { action, reason, legal, code } = &err else { panic!("{err:?}") };
    assert_eq!((action.as_str(), *code), ("fly away", "unreadable"));
    assert!(!reason.is_empty());
    assert_eq!(legal, &["roll"]);
    let expected = "fly away".parse::<poleana::Action>().unwrap_err().to_string();
    assert_eq!(reason, &expected);
}

#[test]
fn a_roll_when_the_seat_must_choose_and_an_action_not_listed_are_illegal() {
    let mut table = started("poleana:2", DiceSource::System);
    // Play until a seat has rolled and must choose a move.
    while table.game().state().roll_is_due() {
        play_one(&mut table, 5);
    }
    let seat = table.to_act().unwrap();
    let legal = table.legal_actions(seat);
    assert!(!legal.is_empty() && !legal.contains(&"roll".to_string()));
    let step = table.step();
    let err = refused(&mut table, seat, step, "roll");
    assert_eq!(
        err,
        TableError::Illegal {
            action: fichas::notation::Snippet::new("roll"),
            reason: "no roll is due: choose a move".to_string(),
            legal: legal.clone(),
            code: "table-no_roll_due",
        }
    );
    // An action the notation knows but the position does not allow.
    let state = *table.game().state();
    let unlisted = (0..table.variant().action_space())
        .filter_map(|id| state.action_from_id(id))
        .map(|a| a.to_string())
        .find(|a| a != "timeout" && !legal.contains(a))
        .expect("some action is not legal here");
    let err = refused(&mut table, seat, step, &unlisted);
    let TableError::Illegal { action, legal: listed, code, .. } = &err else { panic!("{err:?}") };
    assert_eq!((action.as_str(), listed), (unlisted.as_str(), &legal));
    assert!(code.starts_with("poleana-") || *code == "does_not_apply", "{code}: a refusal of the game's rules");
}

#[test]
fn a_roll_in_cartas_is_illegal_and_lists_the_cards() {
    let mut table = started("cartas", DiceSource::System);
    let seat = table.to_act().unwrap();
    let legal = table.legal_actions(seat);
    assert!(!legal.is_empty());
    let step = table.step();
    let err = refused(&mut table, seat, step, "roll");
    assert_eq!(
        err,
        TableError::Illegal {
            action: fichas::notation::Snippet::new("roll"),
            reason: "no roll is due: choose a move".to_string(),
            legal,
            code: "table-no_roll_due",
        }
    );
}

#[test]
fn every_call_after_the_end_is_refused_as_game_over() {
    for text in ["poleana:2", "parchis:pairs", "cartas"] {
        let mut table = started(text, DiceSource::System);
        play_to_end(&mut table, 1);
        assert!(table.outcome().is_some() && !table.winners().is_empty());
        assert_eq!(table.to_act(), None);
        let step = table.step();
        for s in 0..table.seats() {
            assert!(table.legal_actions(seat(s)).is_empty());
            for message in ["roll", "nonsense"] {
                assert_eq!(refused(&mut table, seat(s), step, message), TableError::GameOver, "{text}: {message}");
            }
        }
        let before = snapshot(&table);
        assert_eq!(table.timeout(Some(5)), Err(TableError::GameOver));
        assert_eq!(table.expire(u64::MAX), Ok(false));
        assert_eq!(table.deadline(), None);
        assert_eq!(snapshot(&table), before);
    }
}

#[test]
fn nothing_is_accepted_before_the_start() {
    let mut table = Table::new(variant("poleana:2"), Options::default()).unwrap();
    assert!(!table.is_started());
    assert_eq!(table.to_act(), None);
    assert!(table.legal_actions(seat(0)).is_empty());
    assert_eq!(refused(&mut table, seat(0), 0, "roll"), TableError::NotStarted);
    assert_eq!(refused(&mut table, seat(1), 0, "release"), TableError::NotStarted);
    let before = snapshot(&table);
    assert_eq!(table.timeout(None), Err(TableError::NotStarted));
    assert_eq!(table.expire(u64::MAX), Ok(false));
    assert_eq!(snapshot(&table), before);
    assert_eq!(table.record().steps(), []);
    assert!(!table.record().table().unwrap().started);
    // Cartas deals nothing before the start.
    let cartas = Table::new(variant("cartas"), Options::default()).unwrap();
    assert_eq!((cartas.step(), cartas.events(0).len()), (0, 0));
}

#[test]
fn a_seat_the_table_does_not_have_is_refused() {
    let mut table = Table::new(variant("poleana:2"), Options::default()).unwrap();
    assert_eq!(table.join(seat(2), Some("intruder"), Some("x")), Err(TableError::NoSuchSeat { seat: 2, seats: 2 }));
    assert_eq!(table.record().table().unwrap().players, [None, None]);
    table.start(None).unwrap();
    let err = refused(&mut table, seat(3), 0, "roll");
    assert_eq!(err, TableError::NoSuchSeat { seat: 3, seats: 2 });
    assert_eq!(err.to_string(), "seat 3 is not at this table of 2");
    assert_eq!(refused(&mut table, seat(2), 0, "timeout"), TableError::NoSuchSeat { seat: 2, seats: 2 });
}

#[test]
fn joining_or_starting_after_the_start_is_refused() {
    let mut table = Table::with_secret(variant("poleana:2"), secret(), None);
    table.join(seat(0), Some("Alba"), Some("first seed")).unwrap();
    // Joining again before the start replaces the name and seed.
    table.join(seat(0), Some("Alba"), Some("alba")).unwrap();
    table.start(Some(0)).unwrap();
    let before = snapshot(&table);
    assert_eq!(table.join(seat(1), Some("Bruno"), Some("late")), Err(TableError::Started));
    assert_eq!(table.join(seat(0), Some("Alba"), Some("changed")), Err(TableError::Started));
    assert_eq!(table.start(Some(5)), Err(TableError::Started));
    assert_eq!(snapshot(&table), before);
    let meta = table.record().table().unwrap().clone();
    assert_eq!(meta.players, [Some("Alba".to_string()), None]);
    assert_eq!(meta.seeds, ["alba", ""]);
    assert_eq!((meta.started, meta.start_time), (true, Some(0)));
}

// ---------------------------------------------------------------------------------------------
// 2. Timeouts are the host's: the table and the raw game
// ---------------------------------------------------------------------------------------------

#[test]
fn poleana_timeout_before_the_roll_is_an_infraction_and_passes_the_turn() {
    let v = variant("poleana:2");
    let mut table = started("poleana:2", DiceSource::System);
    assert_eq!(table.timeout(Some(1_500)), Ok(1));
    let record = table.record();
    assert_eq!(record.steps(), [Step::Timeout { seat: seat(0) }]);
    assert_eq!(record.time(0), Some(1_500));
    assert_eq!(table.to_act(), Some(seat(1)));
    assert_eq!(table.legal_actions(seat(1)), ["roll"]);
    assert!(table.rolls().is_empty(), "no roll was made");
    // The same events as the raw game's timeout, all at step 0, for everyone alike.
    let mut game = Game::new(v);
    let expected: Vec<Delivered> =
        game.timeout().unwrap().into_iter().map(|event| Delivered { step: 0, event }).collect();
    assert_eq!(table.events(0), expected);
    let (yellow, other) = (colour_of(v, seat(0)), colour_of(v, seat(1)));
    assert_eq!(
        expected.first().map(|d| d.event),
        Some(Event::Poleana(poleana::Event::Infraction { colour: yellow, cause: poleana::Infraction::Timeout }))
    );
    assert_eq!(expected.last().map(|d| d.event), Some(Event::Poleana(poleana::Event::TurnPassed { to: other })));
    for viewer in [Viewer::Seat(seat(0)), Viewer::Seat(seat(1)), Viewer::Spectator] {
        assert_eq!(table.events_for(viewer, 0), expected);
    }
    assert_eq!(table.game().state(), game.state());
}

#[test]
fn the_raw_game_refuses_a_timeout_as_a_move_but_takes_the_hosts() {
    let mut game = Game::new(variant("poleana:2"));
    let timeout = Action::Poleana(poleana::Action::Timeout);
    let err = game.play(timeout).unwrap_err();
    assert!(matches!(err, PlayError::Illegal { .. }), "{err:?}");
    assert!(err.to_string().contains("host"), "{err}");
    assert_eq!(game.steps(), []);
    // Before the roll the host's timeout applies.
    game.timeout().unwrap();
    assert_eq!(game.steps(), [Step::Timeout { seat: seat(0) }]);
    assert_eq!(game.state().seat_on_turn(), Some(seat(1)));
    // After a roll too, and still never as a move.
    game.apply_chance(ChanceOutcome::Roll(fichas::Roll::of(5, 5).unwrap())).unwrap();
    assert!(game.play(timeout).is_err());
    assert_eq!(game.state().seat_on_turn(), Some(seat(1)), "a double keeps the turn");
    game.timeout().unwrap();
    assert_eq!(game.steps().last(), Some(&Step::Timeout { seat: seat(1) }));
    assert_eq!(game.state().seat_on_turn(), Some(seat(0)));
}

#[test]
fn a_timeout_step_is_written_as_a_timeout_and_replays() {
    let mut game = Game::new(variant("poleana:2"));
    game.timeout().unwrap();
    let json = json_of(&game.record());
    let step = &json["steps"][0];
    assert_eq!(step["seat"], 0);
    assert_eq!(step["timeout"], true);
    assert!(step.get("action").is_none(), "{step}");
    let keys: BTreeSet<&str> = step.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, BTreeSet::from(["seat", "timeout", "link"]));
    let again = replay(&json.to_string()).unwrap();
    assert_eq!(again.state(), game.state());
    assert_eq!(again.steps(), game.steps());
    // A table's timeout step carries the host's time as well.
    let mut table = started("poleana:2", DiceSource::System);
    table.timeout(Some(4_321)).unwrap();
    let json = json_of(&table.record());
    let step = &json["steps"][0];
    assert_eq!((&step["seat"], &step["timeout"], &step["time"]), (&0.into(), &true.into(), &4_321.into()));
    assert_eq!(Record::from_json(&json.to_string()).unwrap(), table.record());
}

#[test]
fn a_version_1_timeout_action_reads_as_a_timeout_step() {
    let text =
        r#"{"format":"fichas-record","version":1,"variant":"poleana:2","steps":[{"seat":0,"action":"timeout"}]}"#;
    let record = Record::from_json(text).unwrap();
    assert_eq!(record.steps(), [Step::Timeout { seat: seat(0) }]);
    let mut game = Game::new(variant("poleana:2"));
    game.timeout().unwrap();
    assert_eq!(record.replay().unwrap().state(), game.state());
    // Written again, it is a version-2 timeout step.
    let json = json_of(&record);
    assert_eq!(json["version"], 2);
    assert_eq!((&json["steps"][0]["seat"], &json["steps"][0]["timeout"]), (&0.into(), &true.into()));
}

// ---------------------------------------------------------------------------------------------
// 3. Parchís pairs: the seat that decides is the one that owns the colour moved
// ---------------------------------------------------------------------------------------------

#[test]
fn parchis_pairs_the_partner_that_decides_ceded_dice_is_to_act_not_the_turn() {
    let v = variant("parchis:pairs");
    let Variant::Parchis(config) = v else { unreachable!() };
    let (mut found, mut games) = (0, 0);
    while games < 200 && found < 40 {
        let mut table = started("parchis:pairs", DiceSource::System);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(games);
        while !table.is_over() {
            let State::Parchis(state) = *table.game().state() else { unreachable!() };
            let (actor, turn) = (config.seat_of(state.actor()), config.seat_of(state.turn()));
            if table.game().to_act().is_some() && actor != turn {
                found += 1;
                assert_eq!(table.to_act(), Some(actor), "at {table}");
                assert!(table.legal_actions(turn).is_empty());
                assert!(!table.legal_actions(actor).is_empty());
                let legal = table.legal_actions(actor);
                let step = table.step();
                let err = refused(&mut table, turn, step, &legal[0]);
                assert_eq!(
                    err,
                    TableError::NotYourTurn {
                        seat: describe(v, turn),
                        to_act: Some(describe(v, actor)),
                        to_act_seat: Some(actor),
                    }
                );
            }
            let seat = table.to_act().unwrap();
            let legal = table.legal_actions(seat);
            let text = &legal[chance::below(&mut rng, legal.len() as u32) as usize];
            let step = table.step();
            table.submit(seat, step, text, None).unwrap();
        }
        games += 1;
    }
    assert!(found > 0, "no decision of a partner's seat in {games} games");
}

// ---------------------------------------------------------------------------------------------
// 4. What each seat learns (docs/rules/tables.md §3)
// ---------------------------------------------------------------------------------------------

/// The card a Cartas event carries, if any.
fn card_in(event: &Event) -> Option<cartas::Rank> {
    match event {
        Event::Cartas(
            cartas::Event::Dealt { card, .. }
            | cartas::Event::Chose { card, .. }
            | cartas::Event::Received { card, .. }
            | cartas::Event::Stole { card, .. },
        ) => *card,
        _ => None,
    }
}

/// Whether a card event is one `seat` may see the card of: dealt to it, chosen by it, received
/// by it or from it, stolen by it or from it.
fn concerns(event: &Event, seat: Seat) -> bool {
    match *event {
        Event::Cartas(cartas::Event::Dealt { to, .. }) => to == seat,
        Event::Cartas(cartas::Event::Chose { seat: chooser, .. }) => chooser == seat,
        Event::Cartas(cartas::Event::Received { seat: to, from, .. }) => to == seat || from == seat,
        Event::Cartas(cartas::Event::Stole { thief, victim, .. }) => thief == seat || victim == seat,
        _ => false,
    }
}

/// The event with its card hidden.
fn without_card(event: Event) -> Event {
    match event {
        Event::Cartas(e) => Event::Cartas(match e {
            cartas::Event::Dealt { to, .. } => cartas::Event::Dealt { to, card: None },
            cartas::Event::Chose { seat, .. } => cartas::Event::Chose { seat, card: None },
            cartas::Event::Received { seat, from, .. } => cartas::Event::Received { seat, from, card: None },
            cartas::Event::Stole { thief, victim, .. } => cartas::Event::Stole { thief, victim, card: None },
            other => other,
        }),
        other => other,
    }
}

/// Checks every stream of a table against the host's and against docs/rules/tables.md §3.
fn check_streams(table: &Table) -> Result<(), TestCaseError> {
    let host = table.events(0);
    let record = table.record();
    for d in &host {
        prop_assert!(d.step < table.step());
        if matches!(d.event, Event::Cartas(cartas::Event::Dealt { .. } | cartas::Event::Stole { .. })) {
            // A card drawn is the chance outcome of its step.
            prop_assert_eq!(record.steps()[d.step], Step::Chance(ChanceOutcome::Card(card_in(&d.event).unwrap())));
        }
        if matches!(
            d.event,
            Event::Cartas(
                cartas::Event::Dealt { .. }
                    | cartas::Event::Chose { .. }
                    | cartas::Event::Received { .. }
                    | cartas::Event::Stole { .. }
            )
        ) {
            prop_assert!(card_in(&d.event).is_some(), "the host's event lacks its card: {:?}", d);
        }
    }
    prop_assert!(host.windows(2).all(|w| w[0].step <= w[1].step));
    let spectator = table.events_for(Viewer::Spectator, 0);
    prop_assert_eq!(spectator.len(), host.len());
    for (seen, d) in spectator.iter().zip(&host) {
        prop_assert_eq!(seen.step, d.step);
        prop_assert_eq!(card_in(&seen.event), None);
        prop_assert_eq!(seen.event, without_card(d.event));
    }
    for s in 0..table.seats() {
        let s = seat(s);
        let stream = table.events_for(Viewer::Seat(s), 0);
        prop_assert_eq!(stream.len(), host.len());
        for (seen, d) in stream.iter().zip(&host) {
            prop_assert_eq!(seen.step, d.step);
            let expected = if concerns(&d.event, s) { d.event } else { without_card(d.event) };
            prop_assert_eq!(seen.event, expected, "seat {} at step {}", s, d.step);
            if card_in(&seen.event).is_some() {
                prop_assert!(concerns(&seen.event, s));
            }
        }
    }
    Ok(())
}

/// `events_for(viewer, since)` holds exactly the events of steps `since` on.
fn check_since(table: &Table, since: usize) -> Result<(), TestCaseError> {
    let host = table.events(0);
    let later: Vec<Delivered> = host.iter().filter(|d| d.step >= since).copied().collect();
    prop_assert_eq!(table.events(since), later.clone());
    for viewer in [Viewer::Spectator, Viewer::Seat(seat(0)), Viewer::Seat(seat(3))] {
        let all = table.events_for(viewer, 0);
        let from: Vec<Delivered> = all.iter().filter(|d| d.step >= since).copied().collect();
        prop_assert_eq!(table.events_for(viewer, since), from.clone());
        prop_assert_eq!(from.len(), later.len());
        // The events before `since` are the rest of the stream, in front.
        prop_assert_eq!(&all[all.len() - from.len()..], &from[..]);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// In random Cartas games at a table no seat gets a card it may not see, the spectator
    /// gets none, the host gets all of them, and a reconnecting viewer gets exactly the events
    /// from the step it asks for.
    #[test]
    fn each_seat_sees_only_its_own_cards(seed in any::<u64>(), since in 0usize..400) {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        let mut table = Table::with_secret(variant("cartas"), Secret::from_bytes(bytes), None);
        table.start(None).unwrap();
        let mut checked_mid_game = false;
        while !table.is_over() {
            play_one(&mut table, seed);
            if !checked_mid_game && table.step() > since {
                check_streams(&table)?;
                check_since(&table, since)?;
                checked_mid_game = true;
            }
        }
        check_streams(&table)?;
        check_since(&table, since)?;
        check_since(&table, table.step())?;
        prop_assert!(table.events(table.step()).is_empty());
        let exchange = table.events(0).iter().any(|d| matches!(d.event, Event::Cartas(cartas::Event::Received { .. })));
        prop_assert!(exchange, "every game has an exchange");
    }
}

#[test]
fn the_streams_of_a_cartas_game_hold_thefts_and_exchanges() {
    // The property above is not empty: some games have thefts, all have exchanges.
    let mut thefts = 0;
    for game in 0..8 {
        let mut table = started("cartas", DiceSource::System);
        play_to_end(&mut table, game);
        check_streams(&table).unwrap();
        thefts +=
            table.events(0).iter().filter(|d| matches!(d.event, Event::Cartas(cartas::Event::Stole { .. }))).count();
    }
    assert!(thefts > 0, "no theft in 8 games");
}

// ---------------------------------------------------------------------------------------------
// 5. Dice sources
// ---------------------------------------------------------------------------------------------

/// Every chance outcome of a record was a possible outcome where it was drawn.
fn every_outcome_legal(record: &Record) -> usize {
    let mut game = Game::from_state(*record.start());
    let mut count = 0;
    for step in record.steps() {
        match *step {
            Step::Chance(outcome) => {
                let outcomes = game.chance_outcomes();
                assert!(outcomes.iter().any(|(o, w)| *o == outcome && *w > 0), "{outcome} is not among {outcomes:?}");
                game.apply_chance(outcome).unwrap();
                count += 1;
            }
            Step::Action { action, .. } => drop(game.play(action).unwrap()),
            Step::Timeout { .. } => drop(game.timeout().unwrap()),
        }
    }
    count
}

#[test]
fn system_dice_finish_games_with_legal_outcomes() {
    for text in ["poleana:2", "poleana-express:3", "parchis:pairs", "cartas"] {
        let mut table = started(text, DiceSource::System);
        assert_eq!((table.dice(), table.commitment(), table.reveal()), (DiceSource::System, None, None));
        play_to_end(&mut table, 3);
        let record = table.record();
        assert!(every_outcome_legal(&record) > 0);
        assert_eq!(record.replay().unwrap().state(), table.game().state());
        assert_eq!(record.table().unwrap().dice, DiceSource::System);
        assert_eq!(verify_dice(&record, &secret()), Err(DiceError::NotVerifiable(DiceSource::System)));
    }
}

#[test]
fn host_dice_wait_for_the_host_after_the_seat_asks() {
    let mut table = started("poleana:2", DiceSource::Host);
    assert_eq!(table.dice(), DiceSource::Host);
    // The roll is due, but the seat has not asked: the seat is to act, nothing is the host's.
    assert!(!table.chance_due());
    assert!(table.chance_outcomes().is_empty());
    assert_eq!(table.to_act(), Some(seat(0)));
    let five_one = ChanceOutcome::Roll(fichas::Roll::of(5, 1).unwrap());
    let before = snapshot(&table);
    assert!(matches!(table.supply(five_one, Some(1)), Err(TableError::Dice(_))));
    assert_eq!(snapshot(&table), before);
    // The seat asks: the step does not move, and the host is to supply the roll.
    assert_eq!(table.submit(seat(0), 0, "roll", Some(1_100)), Ok(0));
    assert!(table.chance_due());
    assert_eq!(table.to_act(), None);
    assert!(table.legal_actions(seat(0)).is_empty());
    assert_eq!(table.chance_outcomes(), table.game().chance_outcomes());
    assert_eq!(table.chance_outcomes().len(), 21);
    // Meanwhile no seat may act, not even the one that asked (a repeated ask included).
    let v = table.variant();
    for s in [seat(0), seat(1)] {
        let err = refused(&mut table, s, 0, "roll");
        assert_eq!(err, TableError::NotYourTurn { seat: describe(v, s), to_act: None, to_act_seat: None });
        assert_eq!(err.to_string(), format!("it is not {}'s turn: nobody is to act now", describe(v, s)));
    }
    // An outcome that is not one of the event's is refused.
    let before = snapshot(&table);
    assert!(matches!(table.supply(ChanceOutcome::Card(cartas::Rank::King), Some(1)), Err(TableError::Dice(_))));
    assert_eq!(snapshot(&table), before);
    // The host supplies it.
    assert_eq!(table.supply(five_one, Some(1_200)), Ok(1));
    assert_eq!(table.record().steps(), [Step::Chance(five_one)]);
    assert_eq!(table.record().time(0), Some(1_200));
    assert_eq!(table.rolls(), [RollEntry { step: 0, seat: seat(0), roll: fichas::Roll::of(5, 1).unwrap() }]);
    assert!(!table.chance_due());
    // Nothing is due now.
    let before = snapshot(&table);
    let err = table.supply(five_one, Some(1)).unwrap_err();
    assert_eq!(err, TableError::Dice("no outcome is due: a seat asks for its roll first".into()));
    assert_eq!(snapshot(&table), before);
}

#[test]
fn a_supply_at_a_table_of_system_or_verifiable_dice_is_refused() {
    let roll = ChanceOutcome::Roll(fichas::Roll::of(6, 6).unwrap());
    for mut table in [started("poleana:2", DiceSource::System), verifiable("poleana:2", &SEEDS[..2])] {
        let before = snapshot(&table);
        let err = table.supply(roll, None).unwrap_err();
        assert_eq!(err, TableError::Dice(format!("the table's dice are {}: the host supplies none", table.dice())));
        assert_eq!(snapshot(&table), before);
    }
}

#[test]
fn host_dice_timeout_applies_before_the_ask_and_while_the_host_owes_the_roll() {
    let v = variant("poleana:2");
    let mut table = started("poleana:2", DiceSource::Host);
    // Before the seat asks: the timeout passes the turn with no roll.
    assert_eq!(table.timeout(Some(2_000)), Ok(1));
    assert_eq!(table.record().steps(), [Step::Timeout { seat: seat(0) }]);
    assert_eq!(table.to_act(), Some(seat(1)));
    assert!(!table.chance_due());
    assert!(table.events(0).iter().any(|d| d.event
        == Event::Poleana(poleana::Event::Infraction {
            colour: colour_of(v, seat(0)),
            cause: poleana::Infraction::Timeout
        })));
    // Once seat 1 has asked, the table waits for the host's outcome and no clock runs; the
    // host may still time the seat out (docs/rules/tables.md §2.1: rolled or not), and the asked
    // roll lapses.
    table.submit(seat(1), 1, "roll", Some(2_100)).unwrap();
    assert!(table.chance_due());
    assert_eq!(table.expire(u64::MAX), Ok(false), "no clock runs while the host's dice are due");
    assert_eq!(table.timeout(Some(2_200)), Ok(2));
    assert_eq!(table.record().steps()[1], Step::Timeout { seat: seat(1) });
    assert!(!table.chance_due());
    assert_eq!(table.to_act(), Some(seat(0)));
    // Supplied after an ask, the seat's turn goes on and the host may time it out.
    table.submit(seat(0), 2, "roll", Some(2_250)).unwrap();
    table.supply(ChanceOutcome::Roll(fichas::Roll::of(5, 5).unwrap()), Some(2_300)).unwrap();
    assert_eq!(table.to_act(), Some(seat(0)), "a double keeps the turn");
    assert_eq!(table.timeout(Some(2_400)), Ok(4));
    assert_eq!(table.record().steps()[3], Step::Timeout { seat: seat(0) });
    assert_eq!(table.to_act(), Some(seat(1)));
}

#[test]
fn host_dice_deal_cartas_card_by_card() {
    let mut table = started("cartas", DiceSource::Host);
    // The first deal is due at the start, with no seat to ask.
    assert!(table.chance_due());
    assert_eq!(table.to_act(), None);
    let mut dealt = 0;
    while table.chance_due() {
        let outcomes = table.chance_outcomes();
        let (card, _) = outcomes[dealt % outcomes.len()];
        let step = table.step();
        assert_eq!(table.supply(card, Some(step as u64)), Ok(step + 1));
        dealt += 1;
    }
    assert_eq!(dealt, 24, "six cards for each of four seats");
    assert!(table.to_act().is_some());
    assert!(table.rolls().is_empty());
}

#[test]
fn verifiable_dice_check_out_against_the_revealed_secret() {
    for text in ["poleana:2", "parchis:pairs", "cartas"] {
        let seats = variant(text).seats();
        let mut table = verifiable(text, &SEEDS[..seats]);
        assert_eq!(table.dice(), DiceSource::Verifiable);
        play_to_end(&mut table, 4);
        let record = table.record();
        let chance = record.steps().iter().filter(|s| matches!(s, Step::Chance(_))).count();
        assert!(chance > 0);
        assert_eq!(verify_dice(&record, &secret()), Ok(chance), "{text}");
        assert_eq!(table.reveal(), Some(&secret()));
        // Through JSON too.
        let read = Record::from_json(&record.to_json()).unwrap();
        assert_eq!(verify_dice(&read, &secret()), Ok(chance));
        assert_eq!(every_outcome_legal(&read), chance);
    }
}

#[test]
fn a_changed_outcome_is_caught_at_its_step() {
    for text in ["poleana:2", "cartas"] {
        let seats = variant(text).seats();
        let mut table = verifiable(text, &SEEDS[..seats]);
        play_to_end(&mut table, 6);
        let record = table.record();
        let last = (0..record.steps().len()).rev().find(|&i| another_outcome(&record, i).is_some()).unwrap();
        for from in [0, record.steps().len() / 2, last] {
            let (index, other) = changeable_chance(&record, from);
            let Step::Chance(original) = record.steps()[index] else { unreachable!() };
            let mut json = json_of(&record);
            steps_of(&mut json)[index]["chance"] = other.to_string().into();
            let tampered = Record::from_json(&json.to_string()).unwrap();
            assert_eq!(
                verify_dice(&tampered, &secret()),
                Err(DiceError::Differs { index, recorded: other.to_string(), derived: original.to_string() }),
                "{text}, step {index}"
            );
            // The hash chain sees it too.
            assert_eq!(tampered.verify(None), Err(ChainError::Broken { index }));
        }
    }
}

#[test]
fn the_wrong_secret_is_refused() {
    let mut table = verifiable("poleana:2", &SEEDS[..2]);
    play_to_end(&mut table, 7);
    let record = table.record();
    let wrong = Secret::from_bytes([8; 32]);
    let commitment = hex(&secret().commitment());
    assert_eq!(verify_dice(&record, &wrong), Err(DiceError::WrongSecret { commitment: commitment.clone() }));
    // A record whose commitment is gone cannot be checked.
    let mut json = json_of(&record);
    json["table"]["commitment"] = serde_json::Value::Null;
    let uncommitted = Record::from_json(&json.to_string()).unwrap();
    assert_eq!(verify_dice(&uncommitted, &secret()), Err(DiceError::NoCommitment));
    // A plain game's record has no table at all, and the refusal says so rather than name a source.
    let refused = verify_dice(&table.game().record(), &secret());
    assert_eq!(refused, Err(DiceError::NoTable));
    assert_eq!(
        refused.unwrap_err().to_string(),
        "the record was not written at a table, so its dice are not verifiable"
    );
}

#[test]
fn different_seeds_give_different_outcomes() {
    let opening = State::new(variant("poleana:2"));
    let seeds = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<String>>();
    let stream = |secret: &Secret, seeds: &[String]| -> Vec<ChanceOutcome> {
        (0..64).map(|step| dice::derive(secret, seeds, step, &opening).unwrap()).collect()
    };
    let base = stream(&secret(), &seeds(&["alba", "bruno"]));
    assert_eq!(base, stream(&secret(), &seeds(&["alba", "bruno"])), "the derivation is a function");
    for other in [
        stream(&secret(), &seeds(&["alba", "bruna"])),
        stream(&secret(), &seeds(&["bruno", "alba"])),
        stream(&secret(), &seeds(&["albab", "runo"])),
        stream(&secret(), &seeds(&["alba", "bruno", ""])),
        stream(&Secret::from_bytes([8; 32]), &seeds(&["alba", "bruno"])),
    ] {
        assert_ne!(other, base);
    }
    // At tables: the same secret and choices, other seeds, other rolls.
    let rolls = |seeds: &[&str]| {
        let mut table = verifiable("poleana:2", seeds);
        for _ in 0..40 {
            play_one(&mut table, 9);
        }
        table.rolls().to_vec()
    };
    assert_eq!(rolls(&["alba", "bruno"]), rolls(&["alba", "bruno"]));
    assert_ne!(rolls(&["alba", "bruno"]), rolls(&["alba", "otro"]));
}

#[test]
fn the_commitment_is_the_sha256_of_the_secret_and_is_known_before_the_start() {
    const SHA256_OF_SEVENS: &str = "4bb06f8e4e3a7715d201d573d0aa423762e55dabd61a2c02278fa56cc6d294e0";
    const SHA256_OF_ZEROS: &str = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";
    assert_eq!(hex(&secret().commitment()), SHA256_OF_SEVENS);
    assert_eq!(hex(&Secret::from_bytes([0; 32]).commitment()), SHA256_OF_ZEROS);
    let mut table = Table::with_secret(variant("poleana:2"), secret(), None);
    assert!(!table.is_started());
    assert_eq!(table.commitment().map(|c| hex(&c)).as_deref(), Some(SHA256_OF_SEVENS));
    assert_eq!(table.record().table().unwrap().commitment, table.commitment());
    assert_eq!(json_of(&table.record())["table"]["commitment"], SHA256_OF_SEVENS);
    table.start(None).unwrap();
    assert_eq!(table.commitment().map(|c| hex(&c)).as_deref(), Some(SHA256_OF_SEVENS));
    // A table that draws its own secret commits to it as well.
    let drawn =
        Table::new(variant("poleana:2"), Options { dice: DiceSource::Verifiable, turn_limit_ms: None }).unwrap();
    let revealed = drawn.reveal().unwrap();
    assert_eq!(drawn.commitment(), Some(revealed.commitment()));
    assert_ne!(revealed, &secret());
    assert_eq!(Secret::from_hex(&revealed.to_hex()).as_ref(), Some(revealed));
    assert_eq!(format!("{revealed:?}"), "Secret(…)", "a secret never shows in a log");
}

// ---------------------------------------------------------------------------------------------
// 6. The derivation is unbiased
// ---------------------------------------------------------------------------------------------

/// The chi-square value an even number `df` of degrees of freedom exceeds with probability
/// `p`: for even df the survival function is e^(-x/2) Σ_{i<df/2} (x/2)^i / i!, solved by
/// bisection.
fn chi_square_critical(df: usize, p: f64) -> f64 {
    assert!(df % 2 == 0 && df > 0);
    let survival = |x: f64| {
        let half = x / 2.0;
        let (mut term, mut sum) = (1.0, 1.0);
        for i in 1..df / 2 {
            term *= half / i as f64;
            sum += term;
        }
        (-half).exp() * sum
    };
    let (mut lo, mut hi) = (0.0, 1_000.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if survival(mid) > p { lo = mid } else { hi = mid }
    }
    (lo + hi) / 2.0
}

#[test]
fn a_million_derived_rolls_pass_a_chi_square_test() {
    const DRAWS: u64 = 1_000_000;
    let secret = secret();
    let seeds: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    let opening = State::new(variant("poleana"));
    let outcomes = opening.chance_outcomes();
    assert_eq!(outcomes.len(), 21);
    let total: u32 = outcomes.iter().map(|(_, w)| w).sum();
    assert_eq!(total, 36);
    let mut counts = [0u64; 21];
    for step in 0..DRAWS {
        let Ok(Some(outcome)) = dice::draw(&mut Derived::new(&secret, &seeds, step), &outcomes) else {
            panic!("no outcome at step {step}")
        };
        let class = outcomes.iter().position(|(o, _)| *o == outcome).unwrap();
        counts[class] += 1;
        if step < 100 {
            assert_eq!(dice::derive(&secret, &seeds, step, &opening), Some(outcome));
        }
    }
    assert!(counts.iter().all(|&c| c > 0), "every roll appears: {counts:?}");
    let chi_square: f64 = counts
        .iter()
        .zip(&outcomes)
        .map(|(&count, (_, weight))| {
            let expected = DRAWS as f64 * f64::from(*weight) / f64::from(total);
            (count as f64 - expected).powi(2) / expected
        })
        .sum();
    let df = outcomes.len() - 1;
    let critical = chi_square_critical(df, 0.001);
    assert!((critical - 45.315).abs() < 0.01, "the 0.1% critical value for df 20 is 45.31, not {critical}");
    assert!(chi_square < critical, "chi-square {chi_square:.2} over {df} degrees of freedom: {counts:?}");
}

// ---------------------------------------------------------------------------------------------
// 7. The roll history
// ---------------------------------------------------------------------------------------------

/// Each chance step of a dice game's record, with the seat on turn when it was rolled.
fn rolls_of(record: &Record) -> Vec<RollEntry> {
    let mut game = Game::from_state(*record.start());
    let mut rolls = Vec::new();
    for (index, step) in record.steps().iter().enumerate() {
        if let Step::Chance(ChanceOutcome::Roll(roll)) = *step {
            rolls.push(RollEntry { step: index, seat: game.state().seat_on_turn().unwrap(), roll });
        }
        match *step {
            Step::Chance(outcome) => drop(game.apply_chance(outcome).unwrap()),
            Step::Action { action, .. } => drop(game.play(action).unwrap()),
            Step::Timeout { .. } => drop(game.timeout().unwrap()),
        }
    }
    rolls
}

#[test]
fn the_roll_history_lists_every_roll_with_its_seat() {
    for text in ["poleana:2", "poleana", "parchis", "parchis:pairs", "parchis:two-colours"] {
        let mut table = started(text, DiceSource::System);
        // Some host timeouts along the way, before and after rolls.
        let mut n = 0;
        while !table.is_over() {
            n += 1;
            if n % 37 == 0 {
                table.timeout(time_at(table.step())).unwrap();
            } else {
                play_one(&mut table, 8);
            }
        }
        let record = table.record();
        let chance = record.steps().iter().filter(|s| matches!(s, Step::Chance(_))).count();
        assert_eq!(table.rolls().len(), chance, "{text}");
        assert_eq!(table.rolls(), rolls_of(&record), "{text}");
        assert!(table.rolls().windows(2).all(|w| w[0].step < w[1].step));
        let seats: BTreeSet<Seat> = table.rolls().iter().map(|r| r.seat).collect();
        assert_eq!(seats.len(), table.seats(), "{text}: every seat rolled");
        // Each roll is public: every stream shows it.
        let rolled = |viewer: Viewer| {
            table
                .events_for(viewer, 0)
                .iter()
                .filter(|d| {
                    matches!(
                        d.event,
                        Event::Poleana(poleana::Event::Rolled { .. }) | Event::Parchis(parchis::Event::Rolled { .. })
                    )
                })
                .count()
        };
        assert_eq!(rolled(Viewer::Spectator), rolled(Viewer::Seat(seat(0))));
    }
    // Cartas has no rolls.
    let mut table = started("cartas", DiceSource::System);
    play_to_end(&mut table, 8);
    assert!(table.rolls().is_empty());
}

// ---------------------------------------------------------------------------------------------
// 8. The hash chain
// ---------------------------------------------------------------------------------------------

/// A finished table's record, its JSON and its head.
fn finished_record() -> (Record, serde_json::Value, fichas::record::Link) {
    let mut table = verifiable("poleana:2", &SEEDS[..2]);
    play_to_end(&mut table, 12);
    let record = table.record();
    assert_eq!(record.head(), table.head());
    let json = json_of(&record);
    (record, json, table.head())
}

fn read(json: &serde_json::Value) -> Record {
    Record::from_json(&json.to_string()).unwrap()
}

/// The record a forger writes: the tampered steps with every link computed again.
fn relinked(json: &serde_json::Value) -> Record {
    let mut json = json.clone();
    for step in steps_of(&mut json) {
        step.as_object_mut().unwrap().remove("link");
    }
    let unlinked = read(&json);
    assert_eq!(unlinked.verify(None), Err(ChainError::Missing { index: 0 }));
    Record::from_json(&unlinked.to_json()).unwrap()
}

#[test]
fn the_untouched_record_passes_the_chain_with_and_without_its_head() {
    let (record, json, head) = finished_record();
    let read = read(&json);
    assert_eq!(read, record);
    assert_eq!(read.verify(None), Ok(()));
    assert_eq!(read.verify(Some(&head)), Ok(()));
    assert_eq!(record.verify(Some(&head)), Ok(()));
    assert_eq!(read.head(), head);
    assert_eq!(read.links().len(), record.steps().len());
    assert_eq!(json["steps"][record.steps().len() - 1]["link"], hex(&head));
}

#[test]
fn a_changed_step_breaks_the_chain_at_that_step() {
    let (record, json, head) = finished_record();
    let (index, other) = changeable_chance(&record, record.steps().len() / 2);
    let mut tampered = json.clone();
    steps_of(&mut tampered)[index]["chance"] = other.to_string().into();
    assert_eq!(read(&tampered).verify(None), Err(ChainError::Broken { index }));
    assert_eq!(read(&tampered).verify(Some(&head)), Err(ChainError::Broken { index }));
    let forged = relinked(&tampered);
    assert_eq!(forged.verify(None), Ok(()));
    assert_eq!(forged.verify(Some(&head)), Err(ChainError::Head { found: hex(&forged.head()), expected: hex(&head) }));
    // A changed time, or changed metadata, breaks it too.
    let mut retimed = json.clone();
    steps_of(&mut retimed)[index]["time"] = 5.into();
    assert_eq!(read(&retimed).verify(None), Err(ChainError::Broken { index }));
    let mut renamed = json.clone();
    renamed["table"]["players"][1] = "someone else".into();
    assert_eq!(read(&renamed).verify(None), Err(ChainError::Broken { index: 0 }));
    let mut reseeded = json;
    reseeded["table"]["seeds"][0] = "other".into();
    assert_eq!(read(&reseeded).verify(None), Err(ChainError::Broken { index: 0 }));
}

#[test]
fn an_inserted_step_breaks_the_chain_where_it_was_inserted() {
    let (record, json, head) = finished_record();
    let (index, other) = changeable_chance(&record, record.steps().len() / 3);
    let mut tampered = json.clone();
    // A roll slipped in before step `index`, carrying the link that stood there.
    let link = json["steps"][index]["link"].clone();
    let inserted = serde_json::json!({"chance": other.to_string(), "link": link});
    steps_of(&mut tampered).insert(index, inserted);
    assert_eq!(read(&tampered).steps().len(), record.steps().len() + 1);
    assert_eq!(read(&tampered).verify(None), Err(ChainError::Broken { index }));
    // A copy of the step with its own link, right after it: the copy is caught.
    let mut doubled = json.clone();
    let copy = json["steps"][index].clone();
    steps_of(&mut doubled).insert(index + 1, copy);
    assert_eq!(read(&doubled).verify(None), Err(ChainError::Broken { index: index + 1 }));
    for forged in [relinked(&tampered), relinked(&doubled)] {
        assert_eq!(forged.verify(None), Ok(()));
        assert!(matches!(forged.verify(Some(&head)), Err(ChainError::Head { .. })));
    }
}

#[test]
fn a_removed_step_breaks_the_chain_where_it_was_removed() {
    let (record, json, head) = finished_record();
    for index in [0, 1, record.steps().len() / 2, record.steps().len() - 2] {
        let mut tampered = json.clone();
        steps_of(&mut tampered).remove(index);
        assert_eq!(read(&tampered).verify(None), Err(ChainError::Broken { index }), "step {index} removed");
        let forged = relinked(&tampered);
        assert_eq!(forged.verify(None), Ok(()));
        assert_eq!(
            forged.verify(Some(&head)),
            Err(ChainError::Head { found: hex(&forged.head()), expected: hex(&head) })
        );
    }
}

#[test]
fn a_truncated_record_passes_the_chain_but_not_the_kept_head() {
    let (record, json, head) = finished_record();
    for cut in [1, 3, record.steps().len()] {
        let mut truncated = json.clone();
        let steps = steps_of(&mut truncated);
        steps.truncate(steps.len() - cut);
        let read = read(&truncated);
        assert_eq!(read.steps(), &record.steps()[..record.steps().len() - cut]);
        assert_eq!(read.verify(None), Ok(()), "a cut at a step's end keeps every link");
        assert_eq!(read.verify(Some(&head)), Err(ChainError::Head { found: hex(&read.head()), expected: hex(&head) }));
    }
}

// ---------------------------------------------------------------------------------------------
// 9. Resuming a table from its record
// ---------------------------------------------------------------------------------------------

/// Every stream a table delivers: the host's, each seat's and the spectator's.
fn streams(table: &Table) -> Vec<Vec<Delivered>> {
    let mut all = vec![table.events(0), table.events_for(Viewer::Spectator, 0)];
    all.extend((0..table.seats()).map(|s| table.events_for(Viewer::Seat(seat(s)), 0)));
    all
}

#[test]
fn a_resumed_table_of_verifiable_dice_ends_as_the_uninterrupted_one() {
    for text in ["poleana:2", "parchis:pairs", "cartas"] {
        let seats = variant(text).seats();
        let mut whole = verifiable(text, &SEEDS[..seats]);
        play_to_end(&mut whole, 21);
        let mut first = verifiable(text, &SEEDS[..seats]);
        while first.step() < whole.step() / 2 {
            play_one(&mut first, 21);
        }
        // The record is stored as JSON and read back.
        let stored = Record::from_json(&first.record().to_json()).unwrap();
        let mut resumed = Table::resume(&stored, Some(secret())).unwrap();
        assert_eq!((resumed.step(), resumed.to_act(), resumed.dice()), (first.step(), first.to_act(), first.dice()));
        assert_eq!(resumed.record(), first.record());
        assert_eq!(resumed.head(), first.head());
        assert_eq!(streams(&resumed), streams(&first), "{text}");
        assert_eq!(resumed.rolls(), first.rolls());
        assert_eq!(resumed.commitment(), whole.commitment());
        play_to_end(&mut resumed, 21);
        assert_eq!(resumed.record().to_json(), whole.record().to_json(), "{text}");
        assert_eq!(streams(&resumed), streams(&whole));
        assert_eq!(resumed.rolls(), whole.rolls());
        assert_eq!(verify_dice(&resumed.record(), &secret()), verify_dice(&whole.record(), &secret()));
    }
}

#[test]
fn verifiable_dice_resume_only_with_their_secret() {
    let mut table = verifiable("poleana:2", &SEEDS[..2]);
    for _ in 0..10 {
        play_one(&mut table, 3);
    }
    let record = table.record();
    assert_eq!(
        Table::resume(&record, None).unwrap_err(),
        TableError::Resume("verifiable dice continue only with their secret".into())
    );
    assert_eq!(
        Table::resume(&record, Some(Secret::from_bytes([8; 32]))).unwrap_err(),
        TableError::Resume("the secret does not match the record's commitment".into())
    );
    assert!(Table::resume(&record, Some(secret())).is_ok());
}

#[test]
fn a_record_whose_dice_do_not_follow_from_the_secret_does_not_resume() {
    // The last roll changed to another possible one: the replay is legal, but the dice are not
    // the committed ones, and a resumed table would continue them under fresh links.
    let mut table = verifiable("poleana:2", &SEEDS[..2]);
    for _ in 0..20 {
        play_one(&mut table, 3);
    }
    let record = table.record();
    let index = (0..record.steps().len()).rev().find(|&i| another_outcome(&record, i).is_some()).unwrap();
    let other = another_outcome(&record, index).unwrap();
    let mut json = json_of(&record);
    steps_of(&mut json)[index]["chance"] = other.to_string().into();
    // As changed, its links give it away; a forger who writes the links again gets further.
    let changed = read(&json);
    let links = TableError::Resume(changed.verify(None).unwrap_err().to_string());
    assert_eq!(Table::resume(&changed, Some(secret())).unwrap_err(), links);
    let tampered = Record::from_json(&changed.to_json()).unwrap();
    assert!(tampered.replay().is_ok(), "the tampered record is still legal");
    let Err(DiceError::Differs { index: at, .. }) = verify_dice(&tampered, &secret()) else { panic!() };
    assert_eq!(at, index);
    let err = Table::resume(&tampered, Some(secret())).unwrap_err();
    let expected = verify_dice(&tampered, &secret()).unwrap_err().to_string();
    assert_eq!(err, TableError::Resume(expected));
    assert!(err.to_string().contains(&format!("step {index} records {other}")), "{err}");
}

#[test]
fn an_illegal_record_does_not_resume() {
    // An action recorded for the wrong seat, at tables of verifiable and of system dice.
    for mut table in [verifiable("poleana:2", &SEEDS[..2]), started("poleana:2", DiceSource::System)] {
        while !table.record().steps().iter().any(|s| matches!(s, Step::Action { .. })) {
            play_one(&mut table, 3);
        }
        let record = table.record();
        let index = (0..record.steps().len()).find(|&i| matches!(record.steps()[i], Step::Action { .. })).unwrap();
        let mut json = json_of(&record);
        let Step::Action { seat: actor, .. } = record.steps()[index] else { unreachable!() };
        steps_of(&mut json)[index]["seat"] = (1 - actor.index()).into();
        // With its links written again, so that the replay is what refuses it.
        let tampered = Record::from_json(&read(&json).to_json()).unwrap();
        let reason = tampered.replay().unwrap_err().reason;
        let expected = format!("step {index}: {reason}");
        assert_eq!(Table::resume(&tampered, Some(secret())).err(), Some(TableError::Resume(expected)));
    }
}

#[test]
fn system_dice_resume_with_fresh_entropy() {
    let mut table = started("poleana:2", DiceSource::System);
    while table.step() < 6 || table.legal_actions(table.to_act().unwrap()) != ["roll"] {
        play_one(&mut table, 4);
    }
    let record = table.record();
    let mut next = BTreeSet::new();
    for _ in 0..20 {
        let mut resumed = Table::resume(&record, None).unwrap();
        assert_eq!(resumed.rolls(), table.rolls());
        assert_eq!(streams(&resumed), streams(&table));
        let seat = resumed.to_act().unwrap();
        resumed.submit(seat, resumed.step(), "roll", None).unwrap();
        assert_eq!(resumed.rolls().len(), table.rolls().len() + 1);
        next.insert(format!("{}", resumed.rolls().last().unwrap().roll));
    }
    assert!(next.len() >= 2, "20 resumes rolled only {next:?}");
}

#[test]
fn a_resumed_table_keeps_the_streams_and_rolls() {
    for text in ["cartas", "parchis:pairs"] {
        let mut table = started(text, DiceSource::System);
        while table.step() < 150 && !table.is_over() {
            play_one(&mut table, 5);
        }
        let stored = Record::from_json(&table.record().to_json_pretty()).unwrap();
        let resumed = Table::resume(&stored, None).unwrap();
        assert_eq!(streams(&resumed), streams(&table), "{text}");
        assert_eq!(resumed.rolls(), table.rolls());
        assert_eq!(resumed.record(), table.record());
        for s in 0..table.seats() {
            assert_eq!(resumed.view(seat(s)), table.view(seat(s)));
            assert_eq!(resumed.legal_actions(seat(s)), table.legal_actions(seat(s)));
        }
    }
}

#[test]
fn a_seat_that_had_asked_for_the_hosts_roll_asks_again_after_a_resume() {
    let mut table = started("poleana:2", DiceSource::Host);
    table.submit(seat(0), 0, "roll", None).unwrap();
    assert!(table.chance_due());
    let resumed = Table::resume(&table.record(), None).unwrap();
    assert_eq!(resumed.dice(), DiceSource::Host);
    assert!(!resumed.chance_due());
    assert_eq!(resumed.to_act(), Some(seat(0)));
    assert_eq!(resumed.legal_actions(seat(0)), ["roll"]);
}

// ---------------------------------------------------------------------------------------------
// 10. The turn clock
// ---------------------------------------------------------------------------------------------

#[test]
fn the_turn_clock_times_out_the_seat_at_its_deadline_and_restarts() {
    let options = Options { dice: DiceSource::System, turn_limit_ms: Some(1_000) };
    let mut table = Table::new(variant("poleana:2"), options).unwrap();
    assert_eq!(table.deadline(), None, "no clock before the start");
    table.start(Some(10_000)).unwrap();
    assert_eq!(table.deadline(), Some(11_000));
    let before = snapshot(&table);
    assert_eq!(table.expire(10_999), Ok(false));
    assert_eq!(snapshot(&table), before);
    assert_eq!(table.expire(11_000), Ok(true));
    let record = table.record();
    assert_eq!(record.steps(), [Step::Timeout { seat: seat(0) }]);
    assert_eq!(record.time(0), Some(11_000));
    assert_eq!(record.table().unwrap().turn_limit_ms, Some(1_000));
    assert_eq!(table.to_act(), Some(seat(1)));
    assert_eq!(table.deadline(), Some(12_000), "the new turn's clock starts at the timeout");
    // The seat's own roll does not restart its clock; a passed turn does.
    table.submit(seat(1), 1, "roll", Some(11_500)).unwrap();
    if table.to_act() == Some(seat(1)) {
        assert_eq!(table.deadline(), Some(12_000));
        assert_eq!(table.expire(11_999), Ok(false));
        assert_eq!(table.expire(12_500), Ok(true));
        assert_eq!(table.record().steps().last(), Some(&Step::Timeout { seat: seat(1) }));
        assert_eq!(table.deadline(), Some(13_500));
    } else {
        assert_eq!(table.deadline(), Some(12_500));
    }
    // Without a limit there is no deadline.
    let plain = started("poleana:2", DiceSource::System);
    assert_eq!(plain.deadline(), None);
}

#[test]
fn a_resumed_table_keeps_its_turn_clock() {
    let options = Options { dice: DiceSource::System, turn_limit_ms: Some(1_000) };
    let mut table = Table::new(variant("poleana:2"), options).unwrap();
    table.start(Some(0)).unwrap();
    table.expire(1_000).unwrap();
    let resumed = Table::resume(&table.record(), None).unwrap();
    assert_eq!(resumed.deadline(), table.deadline());
    assert_eq!(resumed.deadline(), Some(2_000));
}

#[test]
fn the_table_summary_names_who_is_to_act() {
    let mut table = started("poleana:2", DiceSource::System);
    assert_eq!(table.to_string(), "poleana:2 table at step 0, seat 0 (yellow) to act");
    play_to_end(&mut table, 1);
    assert_eq!(table.to_string(), format!("poleana:2 table at step {}, over", table.step()));
}

#[test]
fn a_head_sent_during_the_game_hides_the_cards_its_steps_hold() {
    // Without the chain key, a seat that knows the previous head and a step's time could hash
    // each card the step might hold and compare with the head it is sent. The key, which only
    // the record holds, makes every guess miss.
    let mut table = started("cartas", DiceSource::System);
    let record = table.record();
    let key = record.table().and_then(|m| m.chain_key).expect("a table's record has a chain key");
    let links = record.links();
    let header = Record::new(*record.start(), Vec::new()).with_table(record.table().unwrap().clone(), Vec::new());
    let previous = header.head();
    // The seat knows the step's time too (its deadline gives it away).
    let time = record.time(0).map_or(String::new(), |t| format!(",\"time\":{t}"));
    let guesses: Vec<[u8; 32]> = "A23456789TJQK*"
        .chars()
        .map(|card| {
            let mut h = Sha256::new();
            h.update(previous);
            h.update(format!("{{\"chance\":\"{card}\"{time}}}").as_bytes());
            h.finalize().into()
        })
        .collect();
    assert!(!guesses.contains(&links[0]), "a guess without the key must miss");
    let keyed: Vec<[u8; 32]> = "A23456789TJQK*"
        .chars()
        .map(|card| {
            let mut h = Sha256::new();
            h.update(previous);
            h.update(key);
            h.update(format!("{{\"chance\":\"{card}\"{time}}}").as_bytes());
            h.finalize().into()
        })
        .collect();
    assert!(keyed.contains(&links[0]), "with the key (the host's), the first card is found");
    play_one(&mut table, 1);
    assert_eq!(table.record().table().unwrap().chain_key, Some(key), "the key stays");
}

#[test]
fn a_table_debug_shows_no_hidden_card() {
    let table = started("cartas", DiceSource::System);
    let debug = format!("{table:?}");
    assert!(debug.starts_with("Table(cartas table at step 24"), "{debug}");
    assert!(!debug.contains("hand"), "{debug}");
}

#[test]
fn a_record_of_an_unstarted_table_with_steps_is_refused() {
    let mut table = started("poleana:2", DiceSource::System);
    play_one(&mut table, 1);
    let mut json = json_of(&table.record());
    json["table"]["started"] = false.into();
    let text = json.to_string();
    let err = Record::from_json(&text).unwrap_err();
    assert!(err.to_string().contains("has not started, yet it holds"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// 9. A step costs the same however long the game: the head, the appended steps, the events
// ---------------------------------------------------------------------------------------------

/// A store as a server keeps one: the header after every change to it, and each step appended
/// once, as JSON, after the steps it holds.
#[derive(Default)]
struct AppendOnly {
    header: String,
    rows: Vec<String>,
}

impl AppendOnly {
    fn keep(&mut self, table: &Table) {
        if !table.is_started() || self.header.is_empty() {
            self.header = table.header().to_json();
        }
        for entry in table.steps_since(self.rows.len()) {
            assert_eq!(entry.index, self.rows.len(), "steps_since gave step {} out of order", entry.index);
            self.rows.push(entry.to_json());
        }
    }

    fn record(&self) -> Result<Record, fichas::record::RecordError> {
        Record::from_json_parts(&self.header, &self.rows)
    }
}

#[test]
fn the_head_and_the_appended_steps_follow_the_chain_at_every_step() {
    for (game, text) in ["poleana", "parchis:pairs", "cartas"].iter().enumerate() {
        let mut table = verifiable(text, &SEEDS[..variant(text).seats()]);
        let mut store = AppendOnly::default();
        store.keep(&table);
        while !table.is_over() {
            play_one(&mut table, game as u64);
            store.keep(&table);
            let record = table.record();
            assert_eq!(table.head(), record.head(), "{text}: the kept head differs at {table}");
            let links = record.links();
            let appended: Vec<_> = table.steps_since(links.len().saturating_sub(3)).map(|e| e.link).collect();
            assert_eq!(appended, links[links.len().saturating_sub(3)..], "{text}: steps_since's links");
        }
        assert_eq!(table.steps_since(table.step() + 5).count(), 0, "nothing after the last step");
        let stored = store.record().unwrap();
        assert_eq!(stored, table.record(), "{text}: header plus rows is the record");
        stored.verify(Some(&table.head())).unwrap();
    }
}

#[test]
fn a_table_resumes_from_its_header_and_appended_steps_and_ends_as_the_uninterrupted_one() {
    let mut whole = verifiable("cartas", &SEEDS);
    let mut store = AppendOnly::default();
    store.keep(&whole);
    for _ in 0..40 {
        play_one(&mut whole, 3);
        store.keep(&whole);
    }
    let header = Record::from_json(&store.header).unwrap();
    let entries: Vec<_> = whole.steps_since(0).collect();
    let mut resumed = Table::resume_from(&header, &entries, Some(secret())).unwrap();
    assert_eq!(resumed.head(), whole.head());
    assert_eq!(resumed.events(0), whole.events(0));
    // The same from the rows as the store wrote them, JSON text.
    let from_rows = Table::resume(&store.record().unwrap(), Some(secret())).unwrap();
    assert_eq!(from_rows.head(), whole.head());
    assert_eq!(from_rows.record(), whole.record());
    play_to_end(&mut whole, 3);
    play_to_end(&mut resumed, 3);
    assert_eq!(resumed.record(), whole.record());
    assert_eq!(resumed.head(), whole.head());
}

#[test]
fn a_torn_last_row_or_a_changed_row_is_caught_at_its_step_and_the_rows_before_resume() {
    let mut table = verifiable("parchis", &SEEDS);
    let mut store = AppendOnly::default();
    store.keep(&table);
    for _ in 0..30 {
        play_one(&mut table, 5);
        store.keep(&table);
    }
    let last = store.rows.len() - 1;
    // A write cut short: the row is not JSON any more.
    let mut torn = AppendOnly { header: store.header.clone(), rows: store.rows.clone() };
    let half = torn.rows[last].len() / 2;
    torn.rows[last].truncate(half);
    assert!(
        matches!(torn.record(), Err(fichas::record::RecordError::Step { index, .. }) if index == last),
        "{:?}",
        torn.record()
    );
    // A row whose step changed but whose link did not.
    let mut changed = AppendOnly { header: store.header.clone(), rows: store.rows.clone() };
    let (index, outcome) = changeable_chance(&table.record(), last.saturating_sub(6));
    let mut row: serde_json::Value = serde_json::from_str(&changed.rows[index]).unwrap();
    row["chance"] = outcome.to_string().into();
    changed.rows[index] = row.to_string();
    let record = changed.record().unwrap();
    assert_eq!(record.verify(None), Err(ChainError::Broken { index }));
    let header = Record::from_json(&store.header).unwrap();
    let mut entries: Vec<_> = table.steps_since(0).collect();
    entries[index].step = Step::Chance(outcome);
    let refused = Table::resume_from(&header, &entries, Some(secret())).err().unwrap();
    assert!(refused.to_string().contains(&format!("step {index}")), "{refused}");
    // Dropping the torn row leaves a chain that resumes, one step short.
    let kept: Vec<_> = table.steps_since(0).take(last).collect();
    let resumed = Table::resume_from(&header, &kept, Some(secret())).unwrap();
    assert_eq!(resumed.step(), last);
    assert_eq!(resumed.head(), kept[last - 1].link);
}

#[test]
fn entries_out_of_order_or_a_header_with_steps_are_refused() {
    let mut table = verifiable("poleana:2", &SEEDS[..2]);
    for _ in 0..6 {
        play_one(&mut table, 1);
    }
    let header = table.header();
    let mut entries: Vec<_> = table.steps_since(0).collect();
    entries.swap(1, 2);
    let err = Table::resume_from(&header, &entries, Some(secret())).err().unwrap();
    assert_eq!(err, TableError::Resume("step 1 cannot be read: the store gave step 2 where step 1 comes".into()));
    let err = Table::resume_from(&table.record(), &[], Some(secret())).err().unwrap();
    assert_eq!(
        err,
        TableError::Resume(format!(
            "the record's table metadata is not valid: a header holds no steps, and this one holds {}",
            table.step()
        ))
    );
}

#[test]
fn events_from_a_step_are_the_stream_from_that_step() {
    let mut table = verifiable("cartas", &SEEDS);
    play_to_end(&mut table, 9);
    let all = table.events(0);
    for since in [0, 1, 7, table.step() / 2, table.step() - 1, table.step(), table.step() + 10] {
        let expected: Vec<_> = all.iter().filter(|d| d.step >= since).copied().collect();
        assert_eq!(table.events(since), expected, "events since {since}");
        for viewer in [Viewer::Spectator, Viewer::Seat(seat(2))] {
            let seen: Vec<_> =
                expected.iter().map(|d| Delivered { step: d.step, event: d.event.seen_by(viewer) }).collect();
            assert_eq!(table.events_for(viewer, since), seen, "events for {viewer:?} since {since}");
        }
    }
}

#[test]
fn a_spectator_view_shows_the_board_and_no_card_of_any_hand() {
    let mut table = verifiable("cartas", &SEEDS);
    let mut thefts = 0;
    while !table.is_over() {
        let public = match table.public_view() {
            fichas::game::PublicView::Cartas(v) => v,
            other => panic!("a Cartas table's public view is Cartas', not {other:?}"),
        };
        let fichas::game::View::Cartas(seat_view) = table.view(seat(0)) else { unreachable!() };
        assert_eq!(public.board(), seat_view.board());
        assert_eq!(public.hand_sizes(), seat_view.hand_sizes());
        assert_eq!(
            (public.discards(), public.pile_size(), public.stage()),
            (seat_view.discards(), seat_view.pile_size(), seat_view.stage())
        );
        assert!(public.thefts().iter().all(|t| t.card.is_none()), "a theft's card at {table}");
        thefts += public.thefts().iter().count();
        let json = serde_json::to_value(public).unwrap();
        for hidden in ["hand", "hands", "gave", "received", "pile"] {
            assert!(json.get(hidden).is_none(), "`{hidden}` in a spectator's view: {json}");
        }
        play_one(&mut table, 11);
    }
    // The game had thefts (counted at every step they stood), so their cards were checked.
    assert!(thefts > 0, "a game of Cartas with no theft checks no theft's card");
    let dice = started("parchis:pairs", DiceSource::System);
    assert_eq!(serde_json::to_value(dice.public_view()).unwrap(), serde_json::to_value(dice.view(seat(2))).unwrap());
}
