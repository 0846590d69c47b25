//! One test per Poleana rule: each sets up a written position, acts, and checks the exact
//! choices or the exact result. Positions use the notation of `docs/rules/poleana.md`.
//!
//! Classic geometry for Yellow, by progress: Y0..Y9 (0-9), B10..B14 (10-14), B0..B9 (15-24),
//! R10..R14 (25-29), R0..R9 (30-39), G10..G14 (40-44), G0..G9 (45-54), Y10..Y14 (55-59),
//! Y0'..Y8' (60-68), 1c..6c (69-74), 7c (75).

mod poleana_support;

use fichas::Colour::{self, *};
use fichas::Rules;
use fichas::poleana::{Event, Infraction, Outcome, Route, Spot};
use fichas::{ColourSet, Phase, PlayError, Roll};
use poleana_support::*;

fn spot(s: &str) -> Spot {
    s.parse().unwrap()
}

/// A four-colour classic position with the given Yellow and Red tokens (Blue and Green at
/// start) and extra fields.
fn four(yellow: &str, red: &str, extra: &str) -> String {
    format!("poleana turn=Y Y={yellow} B={AT_START} R={red} G={AT_START} {extra}")
}

// ---------------------------------------------------------------------------------------------
// Releasing (docs/rules/poleana.md §4, docs/rules/poleana.md §2.1)

#[test]
fn release_sum_six_brings_one_token_to_own_zero() {
    for roll in ["5-1", "4-2", "1-5", "2-4"] {
        let mut s = rolled(&four(AT_START, AT_START, ""), roll);
        assert_eq!(shown(&s), ["release ★"], "{roll}");
        let events = play(&mut s, "release");
        assert!(has(&events, Event::Released { colour: Yellow, to: spot("Y0"), count: 1 }));
        assert_eq!(
            board(&s),
            format!("turn=B roll=- Y=Y0,start,start,start B={AT_START} R={AT_START} G={AT_START} quiet=BRG")
        );
    }
}

#[test]
fn release_three_three_is_a_sum_six_and_a_double() {
    let mut s = rolled(&four(AT_START, AT_START, ""), "3-3");
    play(&mut s, "release");
    assert_eq!(
        board(&s),
        format!("turn=Y roll=- doubles=1 Y=Y0,start,start,start B={AT_START} R={AT_START} G={AT_START} quiet=BRG")
    );
}

#[test]
fn release_six_three_brings_one_token_to_own_three() {
    let mut s = rolled(&four(AT_START, AT_START, ""), "6-3");
    assert_eq!(shown(&s), ["release ★"]);
    play(&mut s, "release");
    assert!(board(&s).starts_with("turn=B roll=- Y=Y3,start,start,start"));
}

#[test]
fn release_double_six_brings_two_tokens_to_own_zero() {
    let mut s = rolled(&four(AT_START, AT_START, ""), "6-6");
    assert_eq!(shown(&s), ["release ★"], "one choice releases two; there is no choice to release one");
    let events = play(&mut s, "release");
    assert!(has(&events, Event::Released { colour: Yellow, to: spot("Y0"), count: 2 }));
    assert!(has(&events, Event::ExtraRoll { colour: Yellow }));
    assert!(board(&s).starts_with("turn=Y roll=- doubles=1 Y=Y0,Y0,start,start"));
}

#[test]
fn release_double_six_with_one_token_left_keeps_the_other_six_for_any_token() {
    let mut s = rolled(&four("B2,7c,7c,start", AT_START, "quiet=-"), "6-6");
    assert_eq!(shown(&s), ["release ★"]);
    play(&mut s, "release");
    assert!(board(&s).starts_with("turn=Y roll=6-6 left=6 doubles=1 Y=Y0,B2,7c,7c"), "{s}");
    // A release is not a move: the token just released may take the other 6.
    assert_eq!(actions(&s), ["Y0+6", "B2+6"]);
}

#[test]
fn release_lone_six_of_a_double_six_releases_a_token() {
    // One 6 was spent on a move (free mode allows the infraction); the other 6 still releases.
    let text = "poleana:2:free turn=Y roll=6-6 left=6 doubles=1 Y=Y1,start,start,start R=R5,start,start,start quiet=-";
    let mut s = pos(text);
    assert_eq!(shown(&s), ["release ★", "Y1+6 ✕"]);
    let events = play(&mut s, "release");
    assert!(has(&events, Event::Released { colour: Yellow, to: spot("Y0"), count: 1 }), "{events:?}");
    assert!(has(&events, Event::ExtraRoll { colour: Yellow }));
    assert!(board(&s).starts_with("turn=Y roll=- doubles=1 Y=Y0,Y1,start,start"), "{s}");
    // Moving with that 6 instead is an infraction: the penalty falls on the most advanced token.
    let mut s = pos(text);
    let events = play(&mut s, "Y1+6");
    assert!(has(&events, Event::Infraction { colour: Yellow, cause: Infraction::Priority }), "{events:?}");
    // Strict mode lists only the release.
    assert_eq!(shown(&pos(&text.replace(":free", ""))), ["release ★"]);
}

#[test]
fn release_lone_six_makes_a_move_with_one_six_use_the_whole_roll() {
    // At the first decision of a 6+6 a move with one 6 leaves the other 6 to release a token, so
    // maximum advance keeps it beside the sum (both infractions: the release is owed).
    let text = "poleana:2:free turn=Y roll=- Y=Y1,start,start,start R=R5,start,start,start quiet=-";
    let mut s = pos(text);
    roll_in(&mut s, "6-6");
    assert_eq!(shown(&s), ["release ★", "Y1+6 ✕", "Y1+12 ✕"]);
    play(&mut s, "Y1+6");
    assert_eq!(actions(&s), ["release"], "the other 6 releases; the penalty sent Y7 home");
}

#[test]
fn release_is_owed_before_any_move() {
    let text = four("B2,start,start,start", AT_START, "");
    assert_eq!(shown(&rolled(&text, "5-1")), ["release ★"], "strict lists the obligation only");
    let assisted = text.replacen("poleana ", "poleana:assisted ", 1);
    // Maximum advance leaves only the sum among the moves; it costs an infraction.
    assert_eq!(shown(&rolled(&assisted, "5-1")), ["release ★", "B2+6 ✕"]);
}

#[test]
fn release_captures_a_lone_rival_on_own_zero_and_earns_plus_ten() {
    let mut s = rolled(&four(AT_START, "Y0,start,start,start", ""), "5-1");
    let events = play(&mut s, "release");
    assert_eq!(
        &events[..3],
        [
            Event::Released { colour: Yellow, to: spot("Y0"), count: 1 },
            Event::Captured { by: Yellow, victim: Red, at: spot("Y0"), count: 1 },
            Event::Moved {
                colour: Yellow,
                from: spot("Y0"),
                to: spot("B10"),
                steps: 10,
                route: Route::Perimeter,
                plus_ten: true
            },
        ]
    );
    assert_eq!(
        board(&s),
        format!("turn=B roll=- Y=B10,start,start,start B={AT_START} R={AT_START} G={AT_START} quiet=BG")
    );
}

#[test]
fn release_onto_a_rival_tapon_is_impossible() {
    let mut s = pos(&four(AT_START, "Y0,Y0,start,start", ""));
    let events = roll_in(&mut s, "5-1");
    assert!(has(&events, Event::Passed { colour: Yellow, roll: Roll::of(5, 1).unwrap() }));
    assert!(has(&events, Event::TurnPassed { to: Blue }));
}

#[test]
fn release_overflows_onto_own_zero_and_three() {
    let mut s = rolled(&four("Y0,Y0,start,start", AT_START, ""), "4-2");
    assert_eq!(actions(&s), ["release"]);
    play(&mut s, "release");
    assert!(board(&s).starts_with("turn=B roll=- Y=Y0,Y0,Y0,start"));
    let mut s = rolled(&four("Y3,Y3,start,start", AT_START, ""), "3-6");
    play(&mut s, "release");
    assert!(board(&s).starts_with("turn=B roll=- Y=Y3,Y3,Y3,start"));
}

#[test]
fn overflow_is_for_releases_only_a_move_never_joins_a_tapon() {
    let s = rolled(&four("Y0,Y0,Y14,start", AT_START, ""), "2-1");
    let listed = actions(&s);
    assert!(!listed.contains(&"Y14+1".to_string()), "Y0' holds a yellow tapón: {listed:?}");
    assert!(listed.contains(&"Y14+1/b".to_string()));
    let mut s = s;
    let err = s.play("Y14+1".parse().unwrap()).unwrap_err();
    assert!(
        matches!(err, PlayError::Illegal { reason, .. } if reason.code() == "poleana-blocked" && reason.text().contains("cannot walk there")),
        "{err}"
    );
}

// ---------------------------------------------------------------------------------------------
// Limbo (docs/rules/poleana.md §4.4, docs/rules/poleana.md §7.4)

#[test]
fn limbo_token_is_rescued_to_own_zero_by_a_combo() {
    let mut s = rolled(&four("limbo,start,start,start", AT_START, ""), "4-2");
    assert_eq!(shown(&s), ["rescue ★"]);
    let events = play(&mut s, "rescue");
    assert!(has(&events, Event::Rescued { colour: Yellow, to: spot("Y0") }));
    assert!(board(&s).starts_with("turn=B roll=- Y=Y0,start,start,start"));
}

#[test]
fn limbo_rescue_wins_over_release_even_on_double_six() {
    let mut s = rolled(&four("limbo,start,start,start", AT_START, ""), "6-6");
    assert_eq!(actions(&s), ["rescue"]);
    play(&mut s, "rescue");
    assert!(board(&s).starts_with("turn=Y roll=- doubles=1 Y=Y0,start,start,start"), "only the limbo token comes out");
}

#[test]
fn limbo_lets_nothing_else_move() {
    let text = four("B2,limbo,start,start", AT_START, "");
    let mut s = pos(&text);
    let events = roll_in(&mut s, "5-3");
    assert!(has(&events, Event::Passed { colour: Yellow, roll: Roll::of(5, 3).unwrap() }));
    assert_eq!(s.count(Yellow, spot("B2")), 1);
    assert_eq!(actions(&rolled(&text, "5-1")), ["rescue"], "no move of B2, even as an infraction");
}

#[test]
fn limbo_holds_several_tokens_and_a_combo_rescues_one() {
    let mut s = rolled(&four("limbo,limbo,start,start", AT_START, ""), "5-1");
    play(&mut s, "rescue");
    assert!(board(&s).starts_with("turn=B roll=- Y=Y0,start,start,limbo"));
}

#[test]
fn limbo_still_allows_the_police_sweep() {
    let mut s = rolled("poleana:2 turn=Y Y=limbo,start,start,start R=B5,start,start,start", "5-3");
    assert_eq!(actions(&s), ["sweep"]);
    let events = play(&mut s, "sweep");
    assert!(has(&events, Event::Swept { colour: Red, from: spot("B5") }));
    assert!(has(&events, Event::Passed { colour: Yellow, roll: Roll::of(5, 3).unwrap() }), "no combo: the roll passes");
}

// ---------------------------------------------------------------------------------------------
// Police cells (docs/rules/poleana.md §2.5, docs/rules/poleana.md §4.5)

#[test]
fn police_sweep_sends_rivals_on_exposed_cells_home_and_keeps_the_roll() {
    // 5-3 exposes 3, 5 and 8 (the sum).
    let mut s = rolled("poleana:2 turn=Y Y=Y1,start,start,start R=B3,G8,start,start", "5-3");
    assert_eq!(actions(&s), ["sweep"]);
    let events = play(&mut s, "sweep");
    assert!(has(&events, Event::Swept { colour: Red, from: spot("B3") }));
    assert!(has(&events, Event::Swept { colour: Red, from: spot("G8") }));
    assert!(!events.iter().any(|e| matches!(e, Event::Moved { .. })), "the sweep moves nothing and earns no +10");
    assert_eq!(board(&s), "turn=Y roll=5-3 Y=Y1,start,start,start R=start,start,start,start quiet=-");
    assert_eq!(shown(&s), ["Y1+8 ★"], "the whole roll is still in hand");
}

#[test]
fn police_cell_zero_fires_only_on_a_combo() {
    let text = "poleana:2 turn=Y Y=Y1,start,start,start R=B0,start,start,start";
    assert_eq!(actions(&rolled(text, "4-2")), ["sweep"]);
    assert!(!actions(&rolled(text, "5-4")).contains(&"sweep".to_string()));
}

#[test]
fn police_sweep_takes_a_whole_tapon() {
    let mut s = rolled("poleana:2 turn=Y Y=Y1,start,start,start R=B4,B4,start,start", "4-1");
    let events = play(&mut s, "sweep");
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Swept { .. })).count(), 2);
}

#[test]
fn police_sweep_is_lost_once_another_action_comes_first() {
    let text = "poleana:2:free turn=Y Y=Y1,R1,R12,start R=B5,start,start,start";
    let mut s = rolled(text, "5-3");
    assert_eq!(shown(&s)[0], "sweep");
    assert!(shown(&s)[1..].iter().all(|c| c.contains('✕')), "{:?}", shown(&s));
    let events = play(&mut s, "Y1+3");
    assert_eq!(
        &events[..],
        [
            Event::Infraction { colour: Yellow, cause: Infraction::Priority },
            Event::Moved {
                colour: Yellow,
                from: spot("Y1"),
                to: spot("Y4"),
                steps: 3,
                route: Route::Perimeter,
                plus_ten: false
            },
            Event::SentHome { colour: Yellow, from: spot("R1"), count: 1 },
        ]
    );
    assert_eq!(actions(&s), ["R12+5"], "no sweep after the first action; Y4 used the 3");
}

#[test]
fn police_cells_are_only_those_of_absent_colours() {
    // In a four-colour game no cell is a police cell.
    let s = rolled(&four("Y1,start,start,start", "B3,start,start,start", ""), "5-3");
    assert!(!actions(&s).contains(&"sweep".to_string()));
}

#[test]
fn police_capture_on_a_police_cell_is_an_ordinary_capture_with_plus_ten() {
    let mut s = rolled("poleana:2 turn=Y Y=Y1,B2,start,start R=B5,start,start,start", "3-1");
    assert_eq!(shown(&s), ["B2+3 ⚠"]);
    let events = play(&mut s, "B2+3");
    assert!(has(&events, Event::Captured { by: Yellow, victim: Red, at: spot("B5"), count: 1 }));
    assert!(has(
        &events,
        Event::Moved {
            colour: Yellow,
            from: spot("B5"),
            to: spot("R0"),
            steps: 10,
            route: Route::Perimeter,
            plus_ten: true
        }
    ));
}

// ---------------------------------------------------------------------------------------------
// Captures and the +10 (docs/rules/poleana.md §5.1)

#[test]
fn capture_sends_a_lone_rival_home_and_earns_plus_ten() {
    let mut s = rolled(&four("B0,start,start,start", "B2,start,start,start", ""), "2-1");
    assert_eq!(actions(&s), ["B0+2"], "strict: the capture is owed");
    let events = play(&mut s, "B0+2");
    assert_eq!(
        &events[..],
        [
            Event::Moved {
                colour: Yellow,
                from: spot("B0"),
                to: spot("B2"),
                steps: 2,
                route: Route::Perimeter,
                plus_ten: false
            },
            Event::Captured { by: Yellow, victim: Red, at: spot("B2"), count: 1 },
            Event::Moved {
                colour: Yellow,
                from: spot("B2"),
                to: spot("R12"),
                steps: 10,
                route: Route::Perimeter,
                plus_ten: true
            },
            Event::DieLost { colour: Yellow, die: fichas::Die::new(1).unwrap() },
            Event::TurnPassed { to: Blue },
        ]
    );
    assert_eq!(
        board(&s),
        format!("turn=B roll=- Y=R12,start,start,start B={AT_START} R={AT_START} G={AT_START} quiet=BG")
    );
}

#[test]
fn capture_plus_ten_chains_when_it_lands_on_another_rival() {
    let mut s = rolled(&four("B0,start,start,start", "B2,R12,start,start", ""), "2-1");
    let events = play(&mut s, "B0+2");
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Captured { .. })).count(), 2);
    assert!(board(&s).starts_with("turn=B roll=- Y=R7,start,start,start"), "{s}");
}

#[test]
fn capture_plus_ten_is_all_or_nothing_when_blocked() {
    let text = format!("poleana turn=Y Y=B0,start,start,start B={AT_START} R=B2,start,start,start G=B8,B8,start,start");
    let mut s = rolled(&text, "2-1");
    let events = play(&mut s, "B0+2");
    assert!(
        has(&events, Event::PlusTenLost { colour: Yellow, at: spot("B2") }),
        "the green tapón on B8 blocks the path"
    );
    assert_eq!(s.count(Yellow, spot("B2")), 1);
}

#[test]
fn capture_plus_ten_is_lost_when_it_would_pass_the_goal() {
    let mut s = rolled(&four("Y5',start,start,start", "Y6,start,start,start", "quiet=-"), "2-1");
    assert_eq!(actions(&s), ["Y5'+1"]);
    let events = play(&mut s, "Y5'+1");
    assert!(has(&events, Event::PlusTenLost { colour: Yellow, at: spot("Y6'") }));
    assert!(board(&s).starts_with("turn=B roll=- Y=Y6',start,start,start"), "{s}");
}

#[test]
fn capture_plus_ten_offers_bridge_or_perimeter_when_both_are_open() {
    let mut s = rolled(&four("G5,B1,start,start", "G7,start,start,start", ""), "2-1");
    assert_eq!(actions(&s), ["G5+2"]);
    play(&mut s, "G5+2");
    assert_eq!(s.phase(), Phase::Decide(Yellow));
    assert!(s.plus_ten_pending());
    assert!(board(&s).starts_with("turn=Y roll=2-1 left=1 mover=G7 plus10=G7 Y=B1,G7,start,start"), "{s}");
    assert_eq!(shown(&s), ["+10", "+10/b ★"]);
    let events = play(&mut s, "+10/b");
    assert!(has(
        &events,
        Event::Moved {
            colour: Yellow,
            from: spot("G7"),
            to: spot("bY3"),
            steps: 10,
            route: Route::Bridge,
            plus_ten: true
        }
    ));
    assert_eq!(actions(&s), ["B1+1"], "the +10 came first; the die left goes to another token");
}

#[test]
fn capture_plus_ten_route_that_captures_is_owed() {
    let text = four("G5,B1,start,start", "G7,Y2,start,start", "");
    let mut s = rolled(&text, "2-1");
    play(&mut s, "G5+2");
    assert_eq!(shown(&s), ["+10"], "strict lists only the capturing route");
    let mut s = rolled(&text.replacen("poleana ", "poleana:assisted ", 1), "2-1");
    play(&mut s, "G5+2");
    assert_eq!(shown(&s), ["+10", "+10/b ✕ ★"]);
    // The capturing route captures again at Y2' and walks on into the house.
    let events = play(&mut s, "+10");
    assert!(has(&events, Event::Captured { by: Yellow, victim: Red, at: spot("Y2"), count: 1 }));
    assert!(has(
        &events,
        Event::Moved {
            colour: Yellow,
            from: spot("Y2'"),
            to: spot("4c"),
            steps: 10,
            route: Route::Perimeter,
            plus_ten: true
        }
    ));
}

#[test]
fn capture_penalty_for_a_wrong_route_falls_after_the_whole_chain() {
    let text = four("G5,B1,start,start", "G7,Y2,start,start", "").replacen("poleana ", "poleana:free ", 1);
    let mut s = rolled(&text, "2-1");
    play(&mut s, "G5+2");
    let events = play(&mut s, "+10/b");
    let n = events.len();
    assert_eq!(events[0], Event::Infraction { colour: Yellow, cause: Infraction::Priority });
    assert_eq!(
        events[n - 1],
        Event::SentHome { colour: Yellow, from: spot("bY3"), count: 1 },
        "the token that just took the bridge is the most advanced"
    );
}

// ---------------------------------------------------------------------------------------------
// Safe cells (docs/rules/poleana.md §2.3, docs/rules/poleana.md §7.2)

#[test]
fn safe_cell_occupied_by_its_owner_cannot_be_landed_on() {
    let mut s = rolled(&four("R12,B1,start,start", "R0,start,start,start", ""), "3-1");
    assert!(!actions(&s).contains(&"R12+3".to_string()));
    assert!(actions(&s).contains(&"R12+4".to_string()), "a lone token may be passed over");
    let err = s.play("R12+3".parse().unwrap()).unwrap_err();
    assert!(err.to_string().starts_with("`R12+3` is not legal here"), "{err}");
}

#[test]
fn safe_cell_when_empty_is_open_to_rivals() {
    let s = rolled(&four("R12,B1,start,start", "R5,start,start,start", ""), "3-1");
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "R12+3").unwrap();
    assert_eq!(choice.landing, Some(spot("R0")));
    assert_eq!(choice.mark, None, "another colour's safe cell is no refuge for Yellow");
}

#[test]
fn safe_cells_protect_only_their_own_colour() {
    let text = format!("poleana turn=Y Y=R12,B1,start,start B=R0,start,start,start R={AT_START} G={AT_START}");
    let mut s = rolled(&text, "3-1");
    assert_eq!(actions(&s), ["R12+3"]);
    let events = play(&mut s, "R12+3");
    assert!(has(&events, Event::Captured { by: Yellow, victim: Blue, at: spot("R0"), count: 1 }));
}

#[test]
fn safe_cells_of_absent_colours_protect_nobody() {
    let mut s = rolled("poleana:2 turn=Y Y=B6,Y1,start,start R=B9,start,start,start", "3-1");
    assert_eq!(actions(&s), ["B6+3"]);
    let events = play(&mut s, "B6+3");
    assert!(has(&events, Event::Captured { by: Yellow, victim: Red, at: spot("B9"), count: 1 }));
}

#[test]
fn safe_marks_are_own_zero_three_corner_bridge_house_and_goal() {
    let s = rolled(&four("Y7,Y12,5c,B1", AT_START, "quiet=-"), "2-1");
    let mark = |a: &str| s.legal_actions().into_iter().find(|c| c.action.to_string() == a).unwrap().mark;
    assert_eq!(mark("Y7+2"), Some(fichas::poleana::Mark::Safe), "own corner on the first pass");
    assert_eq!(mark("Y12+3/b"), Some(fichas::poleana::Mark::Safe), "bridge");
    assert_eq!(mark("Y12+3"), Some(fichas::poleana::Mark::Safe), "own 0 on the final approach");
    assert_eq!(mark("5c+1"), Some(fichas::poleana::Mark::Safe), "house");
    assert_eq!(mark("5c+2"), Some(fichas::poleana::Mark::Safe), "goal");
    assert_eq!(mark("Y7+1"), None);
}

// ---------------------------------------------------------------------------------------------
// Tapones (docs/rules/poleana.md §2.1, docs/rules/poleana.md §5.2)

#[test]
fn tapon_blocks_passing_and_landing_for_everyone() {
    let s = rolled(&four("B3,start,start,start", "B5,B5,start,start", ""), "2-1");
    assert_eq!(actions(&s), ["B3+1"], "B5 can be neither landed on nor passed");
    let s = rolled(&four("Y3,Y5,Y5,start", AT_START, ""), "2-1");
    let listed = actions(&s);
    assert!(
        !listed.iter().any(|a| a.starts_with("Y3+2") || a.starts_with("Y3+3")),
        "own tapón blocks its owner too: {listed:?}"
    );
    assert!(listed.contains(&"Y3+1".to_string()));
}

#[test]
fn tapon_forms_when_a_token_joins_a_lone_own_token() {
    let mut s = rolled(&four("Y2,Y4,start,start", AT_START, ""), "2-1");
    play(&mut s, "Y2+2");
    assert_eq!(s.count(Yellow, spot("Y4")), 2);
}

#[test]
fn tapon_come_tapon_captures_a_rival_tapon_and_advances_ten_as_a_unit() {
    let mut s = rolled(&four("B1,B1,start,start", "B3,B3,start,start", ""), "2-2");
    assert_eq!(actions(&s), ["2xB1+2"]);
    let events = play(&mut s, "2xB1+2");
    assert_eq!(
        &events[..3],
        [
            Event::TaponMoved { colour: Yellow, from: spot("B1"), to: spot("B3"), steps: 2, plus_ten: false },
            Event::Captured { by: Yellow, victim: Red, at: spot("B3"), count: 2 },
            Event::TaponMoved { colour: Yellow, from: spot("B3"), to: spot("R13"), steps: 10, plus_ten: true },
        ]
    );
    assert!(board(&s).starts_with("turn=Y roll=- doubles=1 Y=R13,R13,start,start"), "{s}");
}

#[test]
fn tapon_come_tapon_needs_a_double_and_lands_only_on_empty_cells_or_rival_tapones() {
    let text = four("B1,B1,start,start", "B3,B3,start,start", "");
    assert!(!actions(&rolled(&text, "2-1")).iter().any(|a| a.starts_with("2x")));
    let lone = four("B1,B1,start,start", "B3,start,start,start", "").replacen("poleana ", "poleana:free ", 1);
    let listed = shown(&rolled(&lone, "2-2"));
    assert!(!listed.iter().any(|a| a.starts_with("2xB1+2")), "{listed:?}");
    assert_eq!(listed, ["B1+2", "B1+4 ✕"], "a single token captures the lone rival instead");
    let empty = four("B1,B1,start,start", "B4,start,start,start", "");
    assert!(actions(&rolled(&empty, "2-2")).contains(&"2xB1+2".to_string()), "an empty cell takes the unit");
    let own = four("B1,B1,B3,start", AT_START, "");
    assert!(!actions(&rolled(&own, "2-2")).contains(&"2xB1+2".to_string()), "nor may it join an own token");
}

#[test]
fn tapon_come_tapon_cannot_capture_a_tapon_on_its_own_safe_cell() {
    let s = rolled(&four("R1,R1,start,start", "R3,R3,start,start", ""), "2-2");
    assert!(!actions(&s).contains(&"2xR1+2".to_string()));
}

#[test]
fn tapon_captures_option_off_removes_unit_moves() {
    let text = four("B1,B1,start,start", "B3,B3,start,start", "").replacen("poleana ", "poleana:no-tapon-captures ", 1);
    let mut s = pos(&text);
    let events = roll_in(&mut s, "2-2");
    assert!(has(&events, Event::Passed { colour: Yellow, roll: Roll::of(2, 2).unwrap() }), "nothing else can move");
    assert!(has(&events, Event::ExtraRoll { colour: Yellow }));
}

// ---------------------------------------------------------------------------------------------
// The bridge (docs/rules/poleana.md §6)

#[test]
fn bridge_is_a_route_choice_when_crossing_own_entry() {
    let s = rolled(&four("Y12,B1,start,start", AT_START, ""), "5-2");
    let listed = shown(&s);
    for wanted in ["Y12+5", "Y12+5/b ★", "Y12+7", "Y12+7/b ★", "Y12+2"] {
        assert!(listed.contains(&wanted.to_string()), "{wanted} missing from {listed:?}");
    }
    assert!(!listed.iter().any(|a| a.starts_with("Y12+2/b")), "landing on the entry does not cross it");
    let landing = |a: &str| s.legal_actions().into_iter().find(|c| c.action.to_string() == a).unwrap().landing;
    assert_eq!(landing("Y12+5/b"), Some(spot("bY3")));
    assert_eq!(landing("Y12+7"), Some(spot("Y4'")));
}

#[test]
fn bridge_is_eight_steps_to_own_four_where_the_perimeter_takes_five() {
    let mut s = rolled(&four("bY6,B1,start,start", AT_START, ""), "2-1");
    play(&mut s, "bY6+2");
    assert_eq!(s.count(Yellow, spot("Y4'")), 1, "bY6, bY7, then down onto Y4'");
}

#[test]
fn bridge_cannot_be_passed_through_a_token() {
    let s = rolled(&four("Y12,bY2,B1,start", AT_START, ""), "5-2");
    let listed = actions(&s);
    assert!(!listed.contains(&"Y12+5/b".to_string()), "{listed:?}");
    assert!(listed.contains(&"Y12+5".to_string()));
}

#[test]
fn bridge_is_only_for_its_own_colour() {
    let text = format!("poleana turn=R Y={AT_START} B={AT_START} R=Y12,G1,start,start G={AT_START}");
    let listed = actions(&rolled(&text, "5-2"));
    assert!(listed.contains(&"Y12+5".to_string()));
    assert!(!listed.iter().any(|a| a.ends_with("/b")), "{listed:?}");
}

#[test]
fn bridges_open_to_all_option_lets_rivals_cross() {
    let text = format!("poleana:open-bridges turn=R Y={AT_START} B={AT_START} R=Y12,G1,start,start G={AT_START}");
    let s = rolled(&text, "5-2");
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "Y12+5/b").unwrap();
    assert_eq!(choice.landing, Some(spot("bY3")));
    let mut s = rolled(&text.replace("R=Y12,G1", "R=bY6,G1"), "2-1");
    play(&mut s, "bY6+3");
    assert_eq!(s.count(Red, spot("Y5")), 1, "Red comes down from Yellow's bridge at Y4");
}

#[test]
fn bridges_open_to_all_a_token_on_a_bridge_may_take_a_later_bridge() {
    // From Blue's bridge: one step down to B4, ten to R14, and the twelfth goes up Red's bridge.
    let text = "poleana:2:open-bridges turn=Y roll=6-6 doubles=1 Y=bB7,7c,7c,7c R=R5,start,start,start quiet=-";
    let s = pos(text);
    assert_eq!(actions(&s), ["bB7+12", "bB7+12/b"], "maximum advance keeps both routes");
    let landing = |s: &fichas::poleana::State, a: &str| {
        s.legal_actions().into_iter().find(|c| c.action.to_string() == a).map(|c| c.landing)
    };
    assert_eq!(landing(&s, "bB7+12/b"), Some(Some(spot("bR1"))));
    let mut up = s;
    play(&mut up, "bB7+12/b");
    assert!(board(&up).contains("Y=bR1,7c,7c,7c"), "{up}");
    // Coming down from Green's bridge at G4, a yellow token meets its own 14: its own bridge.
    let own = pos(&text.replace("bB7", "bG7"));
    assert_eq!(landing(&own, "bG7+12/b"), Some(Some(spot("bY1"))));
    // Express: Blue's bridge to B4, eight cells to R12, the tenth step up Red's bridge.
    let express = pos("poleana-express:2:open-bridges turn=Y roll=6-4 Y=bB7,7c,7c R=R5,start,start quiet=-");
    assert_eq!(landing(&express, "bB7+10/b"), Some(Some(spot("bR1"))));
}

#[test]
fn bridge_cells_allow_no_captures() {
    let text =
        format!("poleana:open-bridges turn=Y Y=Y12,B1,start,start B={AT_START} R=bY3,start,start,start G={AT_START}");
    let listed = actions(&rolled(&text, "5-2"));
    assert!(!listed.contains(&"Y12+5/b".to_string()), "{listed:?}");
}

// ---------------------------------------------------------------------------------------------
// House and goal (docs/rules/poleana.md §1.2, docs/rules/poleana.md §2.4)

#[test]
fn house_entry_skips_own_corner_on_the_final_approach() {
    let s = rolled(&four("Y7',Y8',B1,start", AT_START, ""), "2-1");
    let landing = |a: &str| s.legal_actions().into_iter().find(|c| c.action.to_string() == a).unwrap().landing;
    assert_eq!(landing("Y7'+2"), Some(spot("1c")));
    assert_eq!(landing("Y8'+1"), Some(spot("1c")));
}

#[test]
fn house_own_corner_is_an_ordinary_safe_cell_on_the_first_pass() {
    let s = rolled(&four("Y7,B1,start,start", AT_START, ""), "2-1");
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "Y7+2").unwrap();
    assert_eq!(choice.landing, Some(spot("Y9")));
    assert_eq!(choice.mark, Some(fichas::poleana::Mark::Safe));
}

#[test]
fn house_cells_cannot_be_passed_or_shared() {
    let listed = actions(&rolled(&four("Y7',2c,B1,start", AT_START, "quiet=-"), "3-2"));
    assert!(listed.contains(&"Y7'+2".to_string()));
    assert!(!listed.contains(&"Y7'+3".to_string()), "2c is taken: {listed:?}");
    assert!(!listed.contains(&"Y7'+5".to_string()), "2c cannot be passed: {listed:?}");
}

#[test]
fn house_is_entered_only_by_its_owner() {
    let text = format!("poleana turn=R Y={AT_START} B={AT_START} R=Y7,G1,start,start G={AT_START}");
    let s = rolled(&text, "3-2");
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "Y7+3").unwrap();
    assert_eq!(choice.landing, Some(spot("B10")), "Red walks on past Yellow's corner");
}

#[test]
fn goal_needs_the_exact_count() {
    let listed = actions(&rolled(&four("5c,B1,start,start", AT_START, "quiet=-"), "3-2"));
    assert!(listed.contains(&"5c+2".to_string()));
    assert!(!listed.contains(&"5c+3".to_string()) && !listed.contains(&"5c+5".to_string()), "{listed:?}");
}

// ---------------------------------------------------------------------------------------------
// The roll and the turn (docs/rules/poleana.md §3)

#[test]
fn turn_uses_one_die_per_token_never_both_dice_separately_on_one() {
    let mut s = rolled(&four("B1,G1,start,start", AT_START, ""), "5-2");
    play(&mut s, "B1+5");
    assert_eq!(actions(&s), ["G1+2"], "B6 used the 5 and may not take the 2");
    assert!(board(&s).contains("left=2 mover=B6"));
}

#[test]
fn turn_sum_moves_one_token_with_one_landing() {
    let mut s = rolled(&four("B1,G1,start,start", AT_START, ""), "5-2");
    let events = play(&mut s, "G1+7");
    assert!(has(
        &events,
        Event::Moved {
            colour: Yellow,
            from: spot("G1"),
            to: spot("G8"),
            steps: 7,
            route: Route::Perimeter,
            plus_ten: false
        }
    ));
    assert!(has(&events, Event::TurnPassed { to: Blue }));
}

#[test]
fn maximum_advance_removes_a_choice_that_strands_a_die() {
    assert_eq!(actions(&rolled(&four("B1,start,start,start", AT_START, ""), "5-2")), ["B1+7"]);
}

#[test]
fn maximum_advance_keeps_every_part_when_nothing_uses_the_whole_roll() {
    assert_eq!(shown(&rolled(&four("2c,7c,7c,start", AT_START, "quiet=-"), "5-4")), ["2c+4 ★", "2c+5 ★"]);
}

#[test]
fn maximum_advance_counts_a_choice_that_ends_the_game_as_using_the_whole_roll() {
    assert_eq!(actions(&rolled(&four("2c,7c,7c,7c", AT_START, "quiet=-"), "5-4")), ["2c+5"]);
}

#[test]
fn maximum_advance_is_no_infraction_and_applies_within_each_class() {
    // Class 3 (B0+2) stands alone; in class 4 only the choices that use the whole roll remain.
    let text = four("B0,start,start,start", "B2,start,start,start", "").replacen("poleana ", "poleana:assisted ", 1);
    assert_eq!(shown(&rolled(&text, "2-1")), ["B0+2", "B0+3 ✕"]);
}

#[test]
fn roll_with_no_legal_use_passes_without_penalty() {
    // 2-5: B5 and B8 hold red tapones; nothing can move and no combo is rolled.
    let mut s = pos(&four("B3,start,start,start", "B5,B5,B8,B8", ""));
    let events = roll_in(&mut s, "2-5");
    assert_eq!(
        &events[..],
        [
            Event::Rolled { colour: Yellow, roll: Roll::of(2, 5).unwrap() },
            Event::Passed { colour: Yellow, roll: Roll::of(2, 5).unwrap() },
            Event::TurnPassed { to: Blue },
        ]
    );
    assert_eq!(s.quiet(), ColourSet::of(&[Blue, Green]), "no infraction was counted");
}

// ---------------------------------------------------------------------------------------------
// Priorities, compliance and modes (docs/rules/poleana.md §3.3, docs/rules/poleana.md §7)

#[test]
fn priorities_mark_every_choice_compliant_or_infraction() {
    let text = four("B0,G1,start,start", "B2,start,start,start", "").replacen("poleana ", "poleana:assisted ", 1);
    assert_eq!(shown(&rolled(&text, "2-1")), ["B0+1 ✕", "G1+1 ✕", "B0+2", "G1+2 ✕", "B0+3 ✕", "G1+3 ✕"]);
}

#[test]
fn priorities_without_an_obligation_mark_nothing_as_infraction() {
    let text = four("B0,G1,start,start", AT_START, "").replacen("poleana ", "poleana:assisted ", 1);
    let s = rolled(&text, "2-1");
    assert!(s.legal_actions().iter().all(|c| !c.is_infraction()));
    assert_eq!(s.legal_actions().len(), 6);
}

#[test]
fn priorities_strict_mode_refuses_infractions_with_a_reason() {
    let mut s = rolled(&four("B0,G1,start,start", "B2,start,start,start", ""), "2-1");
    let err = s.play("G1+1".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("strict mode"), "{err}");
}

#[test]
fn modes_assisted_and_free_offer_the_same_choices() {
    let base = four("B0,G1,start,start", "B2,start,start,start", "");
    let assisted = rolled(&base.replacen("poleana ", "poleana:assisted ", 1), "2-1").legal_actions();
    let free = rolled(&base.replacen("poleana ", "poleana:free ", 1), "2-1").legal_actions();
    assert_eq!(assisted, free);
}

#[test]
fn free_mode_infraction_penalty_falls_after_the_move_and_the_roll_goes_on() {
    let text = four("B0,G1,3c,start", "B2,start,start,start", "quiet=-").replacen("poleana ", "poleana:free ", 1);
    let mut s = rolled(&text, "2-1");
    let events = play(&mut s, "G1+1");
    assert_eq!(events[0], Event::Infraction { colour: Yellow, cause: Infraction::Priority });
    assert!(
        has(&events, Event::SentHome { colour: Yellow, from: spot("3c"), count: 1 }),
        "house tokens are the most advanced"
    );
    assert_eq!(s.phase(), Phase::Decide(Yellow), "the 2 is still to play");
    assert_eq!(actions(&s), ["B0+2"]);
}

// ---------------------------------------------------------------------------------------------
// Infractions and penalties (docs/rules/poleana.md §3.6, docs/rules/poleana.md §7)

#[test]
fn penalty_sends_the_whole_tapon_home_when_the_most_advanced_token_is_in_one() {
    let text = four("B0,R5,R5,start", "B2,start,start,start", "").replacen("poleana ", "poleana:free ", 1);
    let mut s = rolled(&text, "2-1");
    let events = play(&mut s, "B0+1");
    assert!(has(&events, Event::SentHome { colour: Yellow, from: spot("R5"), count: 2 }));
}

#[test]
fn penalty_with_every_token_at_start_drops_one_into_limbo() {
    let mut s = pos(&four(AT_START, AT_START, "doubles=2"));
    let events = roll_in(&mut s, "4-4");
    assert_eq!(
        &events[..],
        [
            Event::Rolled { colour: Yellow, roll: Roll::of(4, 4).unwrap() },
            Event::Infraction { colour: Yellow, cause: Infraction::ThirdDouble },
            Event::ToLimbo { colour: Yellow },
            Event::TurnPassed { to: Blue },
        ]
    );
    assert!(board(&s).starts_with("turn=B roll=- Y=start,start,start,limbo"));
    assert!(!s.quiet().contains(Yellow), "an infraction ends quietness");
}

#[test]
fn penalty_with_nothing_to_send_home_still_counts_the_infraction() {
    // Three tokens home and one in limbo: no token on the board, none at start.
    let mut s = rolled(&four("7c,7c,7c,limbo", "R1,start,start,start", "quiet=-"), "5-1");
    assert_eq!(actions(&s), ["rescue"]);
    let events = s.timeout().unwrap();
    assert_eq!(
        &events[..],
        [Event::Infraction { colour: Yellow, cause: Infraction::Timeout }, Event::TurnPassed { to: Blue }]
    );
}

#[test]
fn third_double_is_an_infraction_that_ends_the_turn_unplayed() {
    let mut s = pos(&four("B1,G1,start,start", AT_START, "doubles=2"));
    let events = roll_in(&mut s, "2-2");
    assert!(has(&events, Event::Infraction { colour: Yellow, cause: Infraction::ThirdDouble }));
    assert!(has(&events, Event::SentHome { colour: Yellow, from: spot("G1"), count: 1 }));
    assert!(board(&s).starts_with("turn=B roll=- Y=B1,start,start,start"));
}

#[test]
fn doubles_earn_another_roll_even_with_no_legal_use() {
    let mut s = pos(&four(AT_START, "B5,B5,B8,B8", "quiet=BG"));
    let events = roll_in(&mut s, "2-2");
    assert!(has(&events, Event::Passed { colour: Yellow, roll: Roll::of(2, 2).unwrap() }));
    assert!(has(&events, Event::ExtraRoll { colour: Yellow }));
    assert_eq!((s.phase(), s.turn(), s.doubles()), (Phase::Chance, Yellow, 1));
}

#[test]
fn timeout_applies_the_penalty_and_passes_the_turn_at_once() {
    let mut s = rolled(&four("B1,G1,start,start", AT_START, ""), "2-2");
    let events = s.timeout().unwrap();
    assert_eq!(
        &events[..],
        [
            Event::Infraction { colour: Yellow, cause: Infraction::Timeout },
            Event::SentHome { colour: Yellow, from: spot("G1"), count: 1 },
            Event::TurnPassed { to: Blue },
        ],
        "the rest of the roll is lost and the double earns no extra roll"
    );
}

#[test]
fn timeout_during_a_plus_ten_choice_drops_the_plus_ten() {
    let mut s = rolled(&four("G5,B1,start,start", "G7,start,start,start", ""), "2-1");
    play(&mut s, "G5+2");
    assert!(s.plus_ten_pending());
    let events = s.timeout().unwrap();
    assert!(has(&events, Event::PlusTenLost { colour: Yellow, at: spot("G7") }));
    assert!(has(&events, Event::SentHome { colour: Yellow, from: spot("G7"), count: 1 }));
    assert!(board(&s).starts_with("turn=B roll=- Y=B1,start,start,start"));
}

#[test]
fn timeout_before_the_roll_is_an_infraction_and_the_turn_passes_unrolled() {
    // docs/rules/poleana.md §7.5: the penalty falls and the turn passes with no roll made.
    let mut s = pos(&four("B1,G1,start,start", AT_START, ""));
    assert_eq!(s.phase(), Phase::Chance);
    let events = s.timeout().unwrap();
    assert_eq!(
        &events[..],
        [
            Event::Infraction { colour: Yellow, cause: Infraction::Timeout },
            Event::SentHome { colour: Yellow, from: spot("G1"), count: 1 },
            Event::TurnPassed { to: Blue },
        ]
    );
    assert!(board(&s).starts_with("turn=B roll=- Y=B1,start,start,start"), "{}", board(&s));
}

#[test]
fn timeout_before_the_extra_roll_of_a_double_ends_the_turn() {
    let mut s = pos(&four(AT_START, "B5,B5,B8,B8", "quiet=BG"));
    roll_in(&mut s, "2-2");
    assert_eq!((s.phase(), s.turn(), s.doubles()), (Phase::Chance, Yellow, 1));
    let events = s.timeout().unwrap();
    assert_eq!(events.last(), Some(&Event::TurnPassed { to: Blue }));
    assert_eq!((s.turn(), s.doubles()), (Blue, 0));
}

// ---------------------------------------------------------------------------------------------
// Winning (docs/rules/poleana.md §8)

#[test]
fn victory_standard_with_every_token_at_the_goal() {
    let mut s = rolled(&four("5c,7c,7c,7c", AT_START, "quiet=-"), "2-1");
    assert_eq!(actions(&s), ["5c+2"]);
    let events = play(&mut s, "5c+2");
    assert!(has(&events, Event::Scored { colour: Yellow }));
    assert!(has(&events, Event::GameOver { outcome: Outcome::Standard(Yellow) }));
    assert_eq!(s.phase(), Phase::Over(Outcome::Standard(Yellow)));
    assert_eq!(s.apply_chance(Roll::of(1, 2).unwrap()).unwrap_err(), PlayError::GameOver);
    assert_eq!(s.play("sweep".parse().unwrap()).unwrap_err(), PlayError::GameOver);
}

#[test]
fn victory_special_goes_to_the_quiet_rivals_when_a_token_scores() {
    let mut s = rolled(&four("5c,B1,start,start", AT_START, "quiet=R"), "2-1");
    let events = play(&mut s, "5c+2");
    assert!(has(&events, Event::GameOver { outcome: Outcome::Special(ColourSet::of(&[Red])) }));
    assert_eq!(s.outcome().unwrap().winners(), ColourSet::of(&[Red]));
}

#[test]
fn victory_special_names_every_quiet_rival() {
    let mut s = rolled(&four("5c,B1,start,start", AT_START, "quiet=BG"), "2-1");
    play(&mut s, "5c+2");
    assert_eq!(s.outcome(), Some(Outcome::Special(ColourSet::of(&[Blue, Green]))));
}

#[test]
fn victory_by_a_choice_that_ends_the_game_carries_no_penalty() {
    // Scoring while Blue is quiet ends the game (Blue wins); the capture B0+2 was owed.
    let text = four("5c,B0,start,start", "B2,start,start,start", "quiet=B").replacen("poleana ", "poleana:free ", 1);
    let mut s = rolled(&text, "2-1");
    assert!(shown(&s).contains(&"5c+2 ✕ ★".to_string()), "{:?}", shown(&s));
    let events = play(&mut s, "5c+2");
    assert_eq!(s.outcome(), Some(Outcome::Special(ColourSet::of(&[Blue]))));
    assert!(!events.iter().any(|e| matches!(e, Event::SentHome { .. } | Event::ToLimbo { .. })));
}

// ---------------------------------------------------------------------------------------------
// Colours and turn order (docs/rules/poleana.md §1.4)

#[test]
fn colours_two_three_or_four_play_in_turn_order() {
    use fichas::poleana::Config;
    assert_eq!(Config::classic(2).unwrap().colours(), ColourSet::of(&[Yellow, Red]));
    assert_eq!(Config::classic(3).unwrap().colours(), ColourSet::of(&[Yellow, Blue, Red]));
    let mut s = pos(&format!("poleana:3 turn=R Y={AT_START} B={AT_START} R={AT_START}"));
    let events = roll_in(&mut s, "5-3");
    assert!(has(&events, Event::TurnPassed { to: Yellow }), "Green is absent");
    let mut s = pos(&format!("poleana:BG turn=B B={AT_START} G={AT_START}"));
    roll_in(&mut s, "5-3");
    assert_eq!(s.turn(), Green);
}

#[test]
fn colours_first_player_can_be_named() {
    use fichas::poleana::{Config, State};
    let config = Config::classic(4).unwrap().with_first(Red).unwrap();
    assert_eq!(State::new(config).turn(), Red);
}

// ---------------------------------------------------------------------------------------------
// Express (docs/rules/poleana.md §1.5)

#[test]
fn express_has_three_tokens_and_corner_eight() {
    let s = rolled("poleana-express:2 turn=Y Y=Y6,B1,start R=start,start,start", "2-1");
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "Y6+2").unwrap();
    assert_eq!((choice.landing, choice.mark), (Some(spot("Y8")), Some(fichas::poleana::Mark::Safe)));
    assert!(
        "poleana-express:2 turn=Y Y=start,start,start,start R=start,start,start"
            .parse::<fichas::poleana::State>()
            .is_err()
    );
}

#[test]
fn express_final_approach_goes_from_own_seven_into_the_house() {
    let s = rolled("poleana-express:2 turn=Y Y=Y6',B1,start R=start,start,start", "2-1");
    let landing = |a: &str| s.legal_actions().into_iter().find(|c| c.action.to_string() == a).unwrap().landing;
    assert_eq!(landing("Y6'+1"), Some(spot("Y7'")));
    assert_eq!(landing("Y6'+2"), Some(spot("1c")), "own 8 is skipped on the way home");
}

#[test]
fn express_bridge_starts_at_twelve_and_keeps_seven_cells() {
    let s = rolled("poleana-express:2 turn=Y Y=Y11,B1,start R=start,start,start", "3-1");
    let landing = |a: &str| s.legal_actions().into_iter().find(|c| c.action.to_string() == a).unwrap().landing;
    assert_eq!(landing("Y11+3"), Some(spot("Y1'")));
    assert_eq!(landing("Y11+3/b"), Some(spot("bY2")));
}

#[test]
fn express_police_cells_run_from_zero_to_seven() {
    let text = |red: &str| format!("poleana-express:2 turn=Y Y=Y1,start,start R={red},start,start");
    assert_eq!(actions(&rolled(&text("B7"), "4-3")), ["sweep"]);
    assert!(!actions(&rolled(&text("B8"), "5-3")).contains(&"sweep".to_string()), "the corner is not a police cell");
}

#[test]
fn express_game_is_won_with_three_tokens_home() {
    let mut s = rolled("poleana-express:2 turn=Y Y=5c,7c,7c R=R1,start,start quiet=-", "2-1");
    play(&mut s, "5c+2");
    assert_eq!(s.outcome(), Some(Outcome::Standard(Yellow)));
}

#[test]
fn colour_helper_names_are_stable() {
    assert_eq!(Colour::Yellow.to_string(), "yellow");
}

// ---------------------------------------------------------------------------------------------
// Choices the texts leave open (docs/rules/poleana.md §9)

#[test]
fn choice_tie_for_most_advanced_takes_the_token_on_the_bridge() {
    // bY2 and Y13 are both 17 steps from the goal; the bridge token has walked further.
    let text = four("B0,Y13,bY2,start", "B2,start,start,start", "").replacen("poleana ", "poleana:free ", 1);
    let mut s = rolled(&text, "2-1");
    let events = play(&mut s, "B0+1");
    assert!(has(&events, Event::SentHome { colour: Yellow, from: spot("bY2"), count: 1 }));
}

#[test]
fn choice_tapon_unit_takes_the_two_tokens_that_travelled_least() {
    let mut s = rolled(&four("Y0,Y0,Y0',B1", AT_START, ""), "2-2");
    play(&mut s, "2xY0+2");
    assert!(board(&s).contains("Y=Y2,Y2,B1,Y0'"), "{s}");
}

#[test]
fn choice_default_mode_is_strict() {
    assert_eq!(fichas::poleana::Config::classic(2).unwrap().mode(), fichas::poleana::Mode::Strict);
}

#[test]
fn choice_maximum_advance_applies_to_plus_ten_routes() {
    // The perimeter +10 would make a tapón on Y2 that leaves the 1 unusable (Y1 cannot join it,
    // Y2' cannot pass the red tapón on Y3); the bridge keeps the 1 for Y1.
    let mut s = rolled(&four("Y1,G5,Y2',start", "G7,Y3,Y3,start", "quiet=-"), "2-1");
    play(&mut s, "G5+2");
    assert!(s.plus_ten_pending(), "both routes are open, so the player is asked");
    assert_eq!(shown(&s), ["+10/b ★"]);
}

#[test]
fn choice_rolls_are_listed_unordered_and_kept_as_supplied() {
    let s = pos(&four(AT_START, AT_START, ""));
    let outcomes = s.chance_outcomes();
    assert_eq!(outcomes.weight(Roll::of(6, 3).unwrap()), Some(2));
    assert_eq!(outcomes.weight(Roll::of(3, 6).unwrap()), None);
    let mut s = s;
    let events = roll_in(&mut s, "3-6");
    assert_eq!(events[0], Event::Rolled { colour: Yellow, roll: Roll::of(3, 6).unwrap() });
    assert_eq!(actions(&s), ["release"]);
}

#[test]
fn choice_finished_game_holds_no_roll() {
    let mut s = rolled(&four("5c,7c,7c,7c", AT_START, "quiet=-"), "2-2");
    play(&mut s, "5c+2");
    assert_eq!((s.roll(), s.doubles()), (None, 0), "the double's extra roll is not kept either");
    assert!(board(&s).starts_with("turn=Y roll=- Y=7c,7c,7c,7c"));
}

#[test]
fn choice_mover_sent_home_by_a_penalty_leaves_the_die_to_the_others() {
    let text = four("B0,G1,start,start", "B2,start,start,start", "").replacen("poleana ", "poleana:free ", 1);
    let mut s = rolled(&text, "2-1");
    let events = play(&mut s, "G1+1");
    assert!(has(&events, Event::SentHome { colour: Yellow, from: spot("G2"), count: 1 }));
    assert!(board(&s).starts_with("turn=Y roll=2-1 left=2 Y=B0,start,start,start"), "{s}");
    assert_eq!(actions(&s), ["B0+2"]);
}

#[test]
fn choice_default_quiet_colours_are_those_with_every_token_at_start() {
    let s = pos(&four("Y1,start,start,start", "limbo,start,start,start", ""));
    assert_eq!(s.quiet(), ColourSet::of(&[Blue, Green]));
}
