//! One test per Parchís rule (docs/rules/parchis.md): each sets up a written position, acts, and
//! checks the exact choices or the exact result.
//!
//! Geometry: exits Yellow 5, Blue 22, Red 39, Green 56; last track cells before the corridor
//! Yellow 68, Blue 17, Red 34, Green 51; safe cells 5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68.

use fichas::Colour::*;
use fichas::Rules;
use fichas::parchis::{Count, Event, Events, Outcome, Spot, State};
use fichas::{ColourSet, Die, Phase, PlayError, Roll, Seat};

const HOME: &str = "home,home,home,home";

fn pos(text: &str) -> State {
    text.parse().unwrap_or_else(|e| panic!("{e}\n  in: {text}"))
}

/// An individual four-colour game, Yellow to move.
fn four(y: &str, b: &str, r: &str, g: &str, extra: &str) -> String {
    format!("parchis turn=Y Y={y} B={b} R={r} G={g} {extra}")
}

/// A pairs game (Yellow with Red against Blue with Green), Yellow to move.
fn pairs(y: &str, b: &str, r: &str, g: &str, extra: &str) -> String {
    format!("parchis:pairs turn=Y Y={y} B={b} R={r} G={g} {extra}")
}

fn rolled(text: &str, roll: &str) -> State {
    let mut s = pos(text);
    roll_in(&mut s, roll);
    s
}

fn roll_in(s: &mut State, roll: &str) -> Events {
    s.apply_chance(roll.parse().unwrap()).unwrap_or_else(|e| panic!("{e}\n  in: {s}"))
}

fn actions(s: &State) -> Vec<String> {
    s.legal_actions().iter().map(|c| c.action.to_string()).collect()
}

fn shown(s: &State) -> Vec<String> {
    s.legal_actions().iter().map(|c| c.to_string()).collect()
}

fn play(s: &mut State, action: &str) -> Events {
    s.play(action.parse().unwrap()).unwrap_or_else(|e| panic!("{e}\n  in: {s}"))
}

fn board(s: &State) -> String {
    let text = s.to_string();
    text.split_once(' ').map(|(_, rest)| rest.to_string()).unwrap_or(text)
}

fn has(events: &Events, e: Event) -> bool {
    events.contains(&e)
}

fn t(n: u8) -> Spot {
    Spot::Track(n)
}

fn die(n: u8) -> Count {
    Count::Die(n)
}

// ---------------------------------------------------------------------------------------------
// The board (docs/rules/parchis.md §1, docs/rules/parchis.md §6.2)

#[test]
fn board_path_runs_from_the_exit_to_the_last_cell_then_into_the_corridor() {
    let s = rolled(&four("66,home,home,home", HOME, HOME, HOME, ""), "4-3");
    let landing = |a: &str| s.legal_actions().into_iter().find(|c| c.action.to_string() == a).unwrap().landing;
    assert_eq!(landing("66+3"), Spot::Corridor(1), "Yellow turns in after 68");
    assert_eq!(landing("66+4"), Spot::Corridor(2));
    let s = rolled(&format!("parchis turn=B Y={HOME} B=15,home,home,home R={HOME} G={HOME}"), "3-1");
    let landing = |a: &str| s.legal_actions().into_iter().find(|c| c.action.to_string() == a).unwrap().landing;
    assert_eq!(landing("15+3"), Spot::Corridor(1), "Blue turns in after 17");
    assert_eq!(landing("15+1"), t(16));
}

#[test]
fn board_track_wraps_from_68_to_1() {
    let s = rolled(&format!("parchis turn=B Y={HOME} B=66,home,home,home R={HOME} G={HOME}"), "3-1");
    let landing = |a: &str| s.legal_actions().into_iter().find(|c| c.action.to_string() == a).unwrap().landing;
    assert_eq!(landing("66+3"), t(1));
}

#[test]
fn goal_needs_the_exact_count_with_no_bouncing_back() {
    let s = rolled(&four("c5,home,home,home", HOME, HOME, HOME, ""), "4-3");
    let listed = actions(&s);
    assert!(listed.contains(&"c5+3".to_string()), "c5, c6, c7, goal");
    assert!(!listed.contains(&"c5+4".to_string()), "{listed:?}");
}

#[test]
fn turns_go_yellow_blue_red_green() {
    let mut s = pos(&four(HOME, HOME, HOME, HOME, ""));
    for next in [Blue, Red, Green, Yellow] {
        let events = roll_in(&mut s, "6-4");
        assert!(has(&events, Event::TurnPassed { to: next }));
    }
}

// ---------------------------------------------------------------------------------------------
// Cells (docs/rules/parchis.md §2)

#[test]
fn cell_holds_two_tokens_at_most() {
    let s = rolled(&four("10,home,home,home", "12,home,home,home", "12*,home,home,home", HOME, ""), "2-1");
    assert_eq!(actions(&s), ["10+1"], "12 is full: a blue and a red token share it");
}

#[test]
fn barrier_on_a_safe_cell_blocks_everyone_its_owner_included() {
    let s = rolled(&four("10,home,home,home", HOME, "12,12,home,home", HOME, ""), "3-1");
    assert_eq!(actions(&s), ["10+1"], "the red barrier on 12 can be neither passed nor landed on");
    let s = rolled(&four("10,12,12,home", HOME, HOME, HOME, ""), "3-1");
    let listed = actions(&s);
    assert!(!listed.contains(&"10+3".to_string()), "own barrier blocks its owner: {listed:?}");
    assert!(listed.contains(&"12+3".to_string()));
}

#[test]
fn pair_on_a_white_cell_can_be_passed_but_not_landed_on() {
    let s = rolled(&four("10,home,home,home", "14,14,home,home", HOME, HOME, ""), "6-4");
    assert_eq!(actions(&s), ["10+6"]);
}

#[test]
fn corridor_cells_never_block() {
    let listed = actions(&rolled(&four("c1,c2,c3,home", HOME, HOME, HOME, ""), "4-2"));
    assert!(listed.contains(&"c1+4".to_string()), "{listed:?}");
}

#[test]
fn safe_cell_is_shared_without_capture() {
    let mut s = rolled(&four("10,home,home,home", HOME, "12,home,home,home", HOME, ""), "2-1");
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "10+2").unwrap();
    assert_eq!((choice.landing, choice.captures), (t(12), None));
    play(&mut s, "10+2");
    assert!(board(&s).contains("Y=12*,home,home,home"), "Yellow arrived second: {s}");
}

#[test]
fn lone_rival_on_a_white_cell_is_captured_for_twenty() {
    let mut s = rolled(&four("10,home,home,home", HOME, "13,home,home,home", HOME, ""), "3-1");
    assert_eq!(shown(&s), ["10+1", "10+3 xR"]);
    let events = play(&mut s, "10+3");
    assert_eq!(
        &events[..],
        [
            Event::Moved { colour: Yellow, from: t(10), to: t(13), steps: 3, by: die(3) },
            Event::Captured { by: Yellow, victim: Red, at: t(13) },
            Event::BonusEarned { colour: Yellow, amount: 20 },
        ]
    );
    assert_eq!(actions(&s), ["13+20"], "the bonus comes before the pending 1");
}

#[test]
fn two_colours_on_a_safe_cell_are_no_barrier() {
    let s = rolled(&four("10,home,home,home", "12,home,home,home", "12*,home,home,home", HOME, ""), "3-1");
    assert!(actions(&s).contains(&"10+3".to_string()));
}

#[test]
fn partners_capture_each_other_on_white_cells() {
    let mut s = rolled(&pairs("10,home,home,home", HOME, "13,home,home,home", HOME, ""), "3-1");
    let events = play(&mut s, "10+3");
    assert!(has(&events, Event::Captured { by: Yellow, victim: Red, at: t(13) }));
    assert!(has(&events, Event::BonusEarned { colour: Yellow, amount: 20 }));
}

#[test]
fn partners_share_safe_cells() {
    let s = rolled(&pairs("10,home,home,home", HOME, "12,home,home,home", HOME, ""), "2-1");
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "10+2").unwrap();
    assert_eq!(choice.captures, None);
}

// ---------------------------------------------------------------------------------------------
// Exiting (docs/rules/parchis.md §3)

#[test]
fn exit_five_brings_a_token_out() {
    let mut s = rolled(&four(HOME, HOME, HOME, HOME, ""), "5-2");
    assert_eq!(actions(&s), ["home+5"]);
    let events = play(&mut s, "home+5");
    assert_eq!(events[0], Event::Exited { colour: Yellow, to: t(5), by: die(5) });
    assert_eq!(actions(&s), ["5+2"]);
}

#[test]
fn exit_five_must_bring_a_token_out_when_it_can() {
    let s = rolled(&four("10,home,home,home", HOME, HOME, HOME, ""), "5-2");
    assert_eq!(actions(&s), ["10+2", "home+5"], "10+5 is not offered");
}

#[test]
fn exit_five_may_wait_while_the_other_die_is_played_first() {
    let mut s = rolled(&four("10,home,home,home", HOME, HOME, HOME, ""), "5-2");
    play(&mut s, "10+2");
    assert_eq!(actions(&s), ["home+5"]);
}

#[test]
fn exit_sum_three_two_or_four_one_uses_both_dice() {
    for roll in ["3-2", "1-4"] {
        let mut s = rolled(&four("10,home,home,home", HOME, HOME, HOME, ""), roll);
        assert_eq!(actions(&s).last().unwrap(), "home+sum", "{roll}");
        let events = play(&mut s, "home+sum");
        assert!(has(&events, Event::Exited { colour: Yellow, to: t(5), by: Count::Sum }));
        assert!(has(&events, Event::TurnPassed { to: Blue }), "both dice are spent");
    }
}

#[test]
fn exit_sum_is_played_when_it_is_the_only_use() {
    assert_eq!(actions(&rolled(&four(HOME, HOME, HOME, HOME, ""), "4-1")), ["home+sum"]);
}

#[test]
fn exit_sum_is_never_ceded() {
    let mut s = pos(&pairs("goal,goal,goal,goal", HOME, HOME, HOME, ""));
    let events = roll_in(&mut s, "3-2");
    assert!(has(&events, Event::DiceLost { colour: Yellow, dice: [Die::new(3), Die::new(2)] }));
}

#[test]
fn exit_blocked_by_two_own_tokens() {
    let s = rolled(&four("5,5,home,home", HOME, HOME, HOME, ""), "5-1");
    assert_eq!(actions(&s), ["5+1", "5+5"], "the exit is closed, so the 5 walks");
}

#[test]
fn exit_full_with_a_rival_captures_it_for_twenty() {
    let mut s = rolled(&four("5*,home,home,home", "5,home,home,home", HOME, HOME, ""), "5-1");
    assert_eq!(shown(&s), ["5+1", "home+5 xB"]);
    let events = play(&mut s, "home+5");
    assert_eq!(
        &events[..],
        [
            Event::Exited { colour: Yellow, to: t(5), by: die(5) },
            Event::Captured { by: Yellow, victim: Blue, at: t(5) },
            Event::BonusEarned { colour: Yellow, amount: 20 },
        ]
    );
    assert_eq!(actions(&s), ["5+20"]);
}

#[test]
fn exit_with_two_rivals_captures_the_one_that_arrived_last() {
    let mut s = rolled(&four(HOME, "5,home,home,home", "5*,home,home,home", HOME, ""), "5-1");
    let events = play(&mut s, "home+5");
    assert!(has(&events, Event::Captured { by: Yellow, victim: Red, at: t(5) }));
    let mut s = rolled(&four(HOME, "5*,home,home,home", "5,home,home,home", HOME, ""), "5-1");
    let events = play(&mut s, "home+5");
    assert!(has(&events, Event::Captured { by: Yellow, victim: Blue, at: t(5) }));
}

#[test]
fn exit_shared_with_a_lone_rival_captures_nothing() {
    let mut s = rolled(&four(HOME, "5,home,home,home", HOME, HOME, ""), "5-1");
    let events = play(&mut s, "home+5");
    assert!(!events.iter().any(|e| matches!(e, Event::Captured { .. })));
    assert!(board(&s).contains("Y=5*,home,home,home"));
}

#[test]
fn exit_full_of_partner_tokens_is_closed() {
    let s = rolled(&pairs("5,20,home,home", HOME, "5*,home,home,home", HOME, ""), "5-1");
    assert!(!actions(&s).contains(&"home+5".to_string()), "own and partner: nobody is a rival");
    let s = rolled(&pairs("20,home,home,home", HOME, "5,5,home,home", HOME, ""), "5-1");
    assert!(!actions(&s).contains(&"home+5".to_string()), "two partner tokens");
    let two_colours = format!("parchis:two-colours turn=Y Y=20,home,home,home B={HOME} R=5,5,home,home G={HOME}");
    assert!(!actions(&rolled(&two_colours, "5-1")).contains(&"home+5".to_string()));
}

// ---------------------------------------------------------------------------------------------
// Dice (docs/rules/parchis.md §4)

#[test]
fn dice_are_used_separately_and_one_token_may_take_both() {
    let mut s = rolled(&four("10,home,home,home", HOME, HOME, HOME, ""), "3-1");
    play(&mut s, "10+3");
    assert_eq!(actions(&s), ["13+1"]);
    play(&mut s, "13+1");
    assert!(board(&s).starts_with("turn=B roll=- Y=14,home,home,home"));
}

#[test]
fn die_with_no_use_waits_while_the_other_has_one_then_is_lost() {
    let mut s = rolled(&four("c5,home,home,home", HOME, HOME, HOME, ""), "4-2");
    assert_eq!(actions(&s), ["c5+2"], "the 4 would pass the goal");
    let events = play(&mut s, "c5+2");
    assert!(has(&events, Event::DiceLost { colour: Yellow, dice: [Die::new(4), None] }));
}

#[test]
fn six_walks_seven_once_all_four_tokens_are_out() {
    let s = rolled(&four("10,20,30,c1", HOME, HOME, HOME, ""), "6-1");
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "10+6").unwrap();
    assert_eq!((choice.steps, choice.landing), (7, t(17)));
    let s = rolled(&four("10,20,30,home", HOME, HOME, HOME, ""), "6-1");
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "10+6").unwrap();
    assert_eq!(choice.steps, 6);
}

#[test]
fn six_walks_seven_for_the_colour_that_uses_it() {
    let s = rolled(&pairs("goal,goal,goal,goal", HOME, "40,45,50,c1", HOME, ""), "6-1");
    assert_eq!(s.actor(), Red);
    let choice = s.legal_actions().into_iter().find(|c| c.action.to_string() == "40+6").unwrap();
    assert_eq!(choice.steps, 7, "all four red tokens are out");
}

#[test]
fn doubles_roll_again() {
    let mut s = rolled(&four("10,home,home,home", HOME, HOME, HOME, ""), "3-3");
    play(&mut s, "10+3");
    let events = play(&mut s, "13+3");
    assert!(has(&events, Event::ExtraRoll { colour: Yellow }));
    assert_eq!((s.phase(), s.turn(), s.doubles()), (Phase::Chance, Yellow, 1));
}

#[test]
fn double_with_no_use_still_earns_the_extra_roll() {
    let mut s = pos(&four(HOME, HOME, HOME, HOME, ""));
    let events = roll_in(&mut s, "2-2");
    assert!(has(&events, Event::ExtraRoll { colour: Yellow }));
    assert_eq!(s.doubles(), 1);
}

#[test]
fn third_double_sends_the_last_token_moved_home_and_ends_the_turn() {
    let mut s = pos(&four("20,30,home,home", HOME, HOME, HOME, "doubles=2 last=Y30"));
    let events = roll_in(&mut s, "4-4");
    assert_eq!(
        &events[..],
        [
            Event::Rolled { colour: Yellow, roll: Roll::of(4, 4).unwrap() },
            Event::ThirdDouble { colour: Yellow },
            Event::SentHome { colour: Yellow, from: t(30) },
            Event::TurnPassed { to: Blue },
        ]
    );
    assert!(board(&s).starts_with("turn=B roll=- Y=20,home,home,home"));
}

#[test]
fn third_double_spares_a_token_in_its_corridor_or_at_the_goal() {
    for last in ["Yc3", "Ygoal"] {
        let mut s = pos(&four("20,c3,goal,home", HOME, HOME, HOME, &format!("doubles=2 last={last}")));
        let events = roll_in(&mut s, "4-4");
        assert!(!events.iter().any(|e| matches!(e, Event::SentHome { .. })), "{last}");
    }
}

#[test]
fn third_double_with_no_token_moved_sends_nothing_home() {
    let mut s = pos(&four("20,home,home,home", HOME, HOME, HOME, "doubles=2"));
    let events = roll_in(&mut s, "4-4");
    assert_eq!(events.len(), 3, "{events:?}");
}

#[test]
fn third_double_may_send_a_partners_token_home() {
    let mut s = pos(&pairs("goal,goal,goal,goal", HOME, "30,home,home,home", HOME, "doubles=2 last=R30"));
    let events = roll_in(&mut s, "1-1");
    assert!(has(&events, Event::SentHome { colour: Red, from: t(30) }));
}

#[test]
fn barrier_must_be_opened_with_the_first_die_of_a_double() {
    let mut s = rolled(&four("12,12,30,home", HOME, HOME, HOME, ""), "3-3");
    assert_eq!(actions(&s), ["12+3"]);
    play(&mut s, "12+3");
    let listed = actions(&s);
    assert_eq!(listed, ["12+3", "15+3", "30+3"], "the duty binds the first die only");
}

#[test]
fn barrier_may_be_rebuilt_by_the_second_die() {
    let mut s = rolled(&four("12,12,30,home", HOME, HOME, HOME, ""), "3-3");
    play(&mut s, "12+3");
    play(&mut s, "12+3");
    assert!(board(&s).contains("Y=15,15,30,home"));
}

#[test]
fn barrier_to_open_is_chosen_by_the_player_when_there_are_several() {
    let s = rolled(&four("12,12,29,29", HOME, HOME, HOME, ""), "2-2");
    assert_eq!(actions(&s), ["12+2", "29+2"]);
}

#[test]
fn barrier_duty_applies_only_when_a_legal_move_opens_one() {
    let s = rolled(&four("12,12,30,home", "14,14,home,home", HOME, HOME, ""), "2-2");
    assert_eq!(actions(&s), ["30+2"], "12+2 would land on a full cell");
}

#[test]
fn barrier_duty_lapses_when_five_five_brings_a_token_out() {
    let s = rolled(&four("12,12,home,home", HOME, HOME, HOME, ""), "5-5");
    assert_eq!(actions(&s), ["home+5"]);
}

#[test]
fn barrier_duty_never_binds_ceded_dice() {
    let s = rolled(&pairs("goal,goal,goal,goal", HOME, "46,46,60,home", HOME, ""), "3-3");
    assert_eq!(s.actor(), Red);
    assert_eq!(actions(&s), ["46+3", "60+3"]);
}

// ---------------------------------------------------------------------------------------------
// Bonuses (docs/rules/parchis.md §5)

#[test]
fn bonus_of_ten_for_reaching_the_goal_comes_before_the_pending_die() {
    let mut s = rolled(&four("c5,20,home,home", HOME, HOME, HOME, ""), "3-1");
    let events = play(&mut s, "c5+3");
    assert!(has(&events, Event::Scored { colour: Yellow }));
    assert!(has(&events, Event::BonusEarned { colour: Yellow, amount: 10 }));
    assert_eq!(actions(&s), ["20+10"]);
    play(&mut s, "20+10");
    assert_eq!(actions(&s), ["30+1"]);
}

#[test]
fn bonus_may_be_taken_by_any_token_of_the_scoring_colour_outside_home() {
    let mut s = rolled(&four("10,40,home,home", HOME, "13,home,home,home", HOME, ""), "3-1");
    play(&mut s, "10+3");
    assert_eq!(actions(&s), ["13+20", "40+20"]);
}

#[test]
fn bonus_is_one_indivisible_move_that_respects_barriers_and_the_exact_goal() {
    // From 13 the 20 would pass the green barrier on 29; from 60 it would pass the goal.
    let text = four("10,60,home,home", HOME, "13,home,home,home", "29,29,home,home", "");
    let mut s = rolled(&text, "3-1");
    let events = play(&mut s, "10+3");
    assert!(has(&events, Event::BonusLost { colour: Yellow, amount: 20 }));
    assert_eq!(actions(&s), ["13+1", "60+1"], "the pending die is played as usual");
}

#[test]
fn bonus_passes_to_the_partner_when_the_scoring_colour_cannot_use_it() {
    let mut s = rolled(&pairs("58,home,home,home", "62,home,home,home", "45,home,home,home", HOME, ""), "4-1");
    play(&mut s, "58+4");
    assert_eq!(s.bonus().map(|b| (b.colour, b.amount)), Some((Yellow, 20)));
    assert_eq!((s.actor(), s.phase()), (Red, Phase::Decide(Seat::ALL[2])), "the partner's seat decides");
    assert_eq!(actions(&s), ["45+20"]);
}

#[test]
fn bonus_is_lost_when_no_token_can_use_it() {
    let mut s = rolled(&four("58,home,home,home", "62,home,home,home", HOME, HOME, ""), "4-2");
    let events = play(&mut s, "58+4");
    assert!(has(&events, Event::BonusLost { colour: Yellow, amount: 20 }));
    assert_eq!(actions(&s), ["62+2"]);
}

#[test]
fn bonus_that_captures_earns_another_twenty() {
    let mut s = rolled(&four("10,home,home,home", "33,home,home,home", "13,home,home,home", HOME, ""), "3-1");
    play(&mut s, "10+3");
    let events = play(&mut s, "13+20");
    assert!(has(&events, Event::Captured { by: Yellow, victim: Blue, at: t(33) }));
    assert!(has(&events, Event::BonusEarned { colour: Yellow, amount: 20 }));
}

#[test]
fn bonus_that_reaches_the_goal_earns_ten() {
    // 56 is 51 steps from Yellow's exit: 20 more reach the goal exactly.
    let mut s = rolled(&four("10,56,home,home", HOME, "13,home,home,home", HOME, ""), "3-1");
    play(&mut s, "10+3");
    let events = play(&mut s, "56+20");
    assert!(has(&events, Event::Scored { colour: Yellow }));
    assert!(has(&events, Event::BonusEarned { colour: Yellow, amount: 10 }));
    assert_eq!(actions(&s), ["13+10"]);
}

// ---------------------------------------------------------------------------------------------
// Modes, cessions and winning (docs/rules/parchis.md §6)

#[test]
fn modes_seat_the_colours() {
    let c: fichas::parchis::Config = "parchis:two-colours".parse().unwrap();
    assert_eq!(c.colours_of(Seat::ALL[0]), ColourSet::of(&[Yellow, Red]));
    let c: fichas::parchis::Config = "parchis:two-player:BG".parse().unwrap();
    assert_eq!((c.seats(), c.seat_of(Blue), c.seat_of(Green)), (2, Seat::ALL[0], Seat::ALL[1]));
    let c: fichas::parchis::Config = "parchis:YBR".parse().unwrap();
    assert_eq!((c.seats(), c.seat_of(Red)), (3, Seat::ALL[2]));
}

#[test]
fn cession_gives_the_dice_to_the_partner_whose_seat_decides() {
    let mut s = pos(&pairs(HOME, HOME, "40,home,home,home", HOME, ""));
    let events = roll_in(&mut s, "6-4");
    assert!(has(&events, Event::Ceded { from: Yellow, to: Red }));
    assert_eq!((s.turn(), s.actor(), s.phase()), (Yellow, Red, Phase::Decide(Seat::ALL[2])));
    assert_eq!(actions(&s), ["40+4", "40+6"]);
}

#[test]
fn cession_in_the_two_colours_mode_goes_to_the_players_other_colour() {
    let text = format!("parchis:two-colours turn=Y Y={HOME} B={HOME} R=40,home,home,home G={HOME}");
    let s = rolled(&text, "6-4");
    assert_eq!((s.actor(), s.phase()), (Red, Phase::Decide(Seat::ALL[0])));
}

#[test]
fn cession_never_goes_to_a_rival() {
    let mut s = pos(&four(HOME, HOME, "40,home,home,home", HOME, ""));
    let events = roll_in(&mut s, "6-4");
    assert!(has(&events, Event::DiceLost { colour: Yellow, dice: [Die::new(6), Die::new(4)] }));
    let mut s = pos(&format!("parchis:two-player turn=Y Y={HOME} R=40,home,home,home"));
    let events = roll_in(&mut s, "6-4");
    assert!(has(&events, Event::DiceLost { colour: Yellow, dice: [Die::new(6), Die::new(4)] }));
}

#[test]
fn cession_happens_only_when_no_pending_die_has_a_use_for_the_roller() {
    let mut s = rolled(&pairs("c5,home,home,home", HOME, "40,home,home,home", HOME, ""), "4-2");
    assert_eq!((s.actor(), actions(&s)), (Yellow, vec!["c5+2".to_string()]));
    let events = play(&mut s, "c5+2");
    assert!(has(&events, Event::Ceded { from: Yellow, to: Red }), "now the 4 has no use for Yellow");
    assert_eq!(actions(&s), ["40+4"]);
}

#[test]
fn cession_of_a_five_brings_a_partner_token_out() {
    let s = rolled(&pairs("goal,goal,goal,goal", HOME, "40,home,home,home", HOME, ""), "5-2");
    assert_eq!(s.actor(), Red);
    assert_eq!(actions(&s), ["40+2", "home+5"], "the ceded 5 must bring a red token out");
}

#[test]
fn finished_colour_still_takes_its_turns_and_cedes_its_dice() {
    let text = pairs("goal,goal,goal,goal", HOME, "40,home,home,home", HOME, "").replace("turn=Y", "turn=G");
    let mut s = pos(&text);
    let events = roll_in(&mut s, "6-4");
    assert!(has(&events, Event::TurnPassed { to: Yellow }), "Yellow is home but keeps its turns");
    let events = roll_in(&mut s, "6-4");
    assert!(has(&events, Event::Ceded { from: Yellow, to: Red }));
}

#[test]
fn winning_individually_takes_four_tokens_at_the_goal() {
    let mut s = rolled(&four("goal,goal,goal,c7", HOME, HOME, HOME, ""), "2-1");
    assert_eq!(actions(&s), ["c7+1"]);
    let events = play(&mut s, "c7+1");
    let outcome = Outcome { winners: ColourSet::of(&[Yellow]) };
    assert!(has(&events, Event::GameOver { outcome }));
    assert_eq!(s.phase(), Phase::Over(outcome));
}

#[test]
fn winning_in_pairs_takes_all_eight_tokens() {
    let mut s = rolled(&pairs("goal,goal,goal,c7", HOME, "30,home,home,home", HOME, ""), "2-1");
    play(&mut s, "c7+1");
    assert!(!s.is_over(), "Red is not home yet");
    let mut s = rolled(&pairs("goal,goal,goal,c7", HOME, "goal,goal,goal,goal", HOME, ""), "2-1");
    play(&mut s, "c7+1");
    assert_eq!(s.outcome(), Some(Outcome { winners: ColourSet::of(&[Yellow, Red]) }));
}

#[test]
fn winning_with_two_colours_each_takes_both_colours_home() {
    let text = format!("parchis:two-colours turn=Y Y=goal,goal,goal,c7 B={HOME} R=goal,goal,goal,goal G={HOME}");
    let mut s = rolled(&text, "2-1");
    play(&mut s, "c7+1");
    assert_eq!(s.outcome(), Some(Outcome { winners: ColourSet::of(&[Yellow, Red]) }));
    assert_eq!(s.config().seat_of(Yellow), Seat::ALL[0]);
}

// ---------------------------------------------------------------------------------------------
// Host timeout and errors

#[test]
fn timeout_loses_the_pending_dice_and_bonus_and_passes_the_turn() {
    let mut s = rolled(&four("10,home,home,home", HOME, HOME, HOME, ""), "3-3");
    let events = s.timeout().unwrap();
    assert_eq!(&events[..], [Event::TimedOut { colour: Yellow }, Event::TurnPassed { to: Blue }]);
    assert_eq!(s.doubles(), 0, "no extra roll");
}

#[test]
fn timeout_before_the_roll_passes_the_turn_with_no_roll() {
    // docs/rules/tables.md §2.1: the host's timeout applies whether or not the seat has rolled.
    let mut fresh = pos(&four(HOME, HOME, HOME, HOME, ""));
    let events = fresh.timeout().unwrap();
    assert_eq!(&events[..], [Event::TimedOut { colour: Yellow }, Event::TurnPassed { to: Blue }]);
    assert_eq!((fresh.phase(), fresh.turn(), fresh.roll()), (Phase::Chance, Blue, None));
}

#[test]
fn timeout_before_the_second_roll_of_a_double_ends_the_turn() {
    let mut s = rolled(&four("10,home,home,home", HOME, HOME, HOME, ""), "3-3");
    play(&mut s, "10+3");
    play(&mut s, "13+3");
    assert_eq!((s.phase(), s.turn(), s.doubles()), (Phase::Chance, Yellow, 1), "the double earned a roll");
    let events = s.timeout().unwrap();
    assert_eq!(&events[..], [Event::TimedOut { colour: Yellow }, Event::TurnPassed { to: Blue }]);
    assert_eq!((s.turn(), s.doubles()), (Blue, 0));
}

#[test]
fn illegal_actions_are_refused_with_a_reason() {
    let mut s = rolled(&four("10,home,home,home", HOME, HOME, HOME, ""), "5-2");
    let err = s.play("10+5".parse().unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "`10+5` is not legal here: a 5 that can bring a token out must do so");
    let err = s.play("10+4".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("offers no such count"), "{err}");
    let err = s.play("11+2".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("no token there"), "{err}");
    assert_eq!(s.apply_chance(Roll::of(1, 1).unwrap()), Err(PlayError::NotChance));
}

// ---------------------------------------------------------------------------------------------
// Choices the texts leave open (docs/rules/parchis.md §7)

#[test]
fn choice_landing_on_a_lone_partner_on_a_white_cell_captures_it() {
    let s = rolled(&pairs("10,home,home,home", HOME, "13,home,home,home", HOME, ""), "3-1");
    assert_eq!(shown(&s), ["10+1", "10+3 xR"], "no choice to share instead");
}

#[test]
fn choice_position_marks_the_token_that_arrived_second() {
    let mut s = rolled(&four("10,home,home,home", "12,home,home,home", HOME, HOME, ""), "2-1");
    play(&mut s, "10+2");
    assert!(board(&s).contains("Y=12*,home,home,home B=12,home,home,home"), "{s}");
    assert!(four("12*,home,home,home", "12*,home,home,home", HOME, HOME, "").parse::<State>().is_err());
    assert!(four("12*,home,home,home", HOME, HOME, HOME, "").parse::<State>().is_err());
}

#[test]
fn choice_exit_onto_a_rival_barrier_breaks_it() {
    let mut s = rolled(&four(HOME, "5,5,home,home", HOME, HOME, ""), "5-1");
    let events = play(&mut s, "home+5");
    assert!(has(&events, Event::Captured { by: Yellow, victim: Blue, at: t(5) }));
    assert!(board(&s).contains("B=5,home,home,home"));
}

#[test]
fn choice_bonus_earned_with_a_ceded_die_belongs_to_the_capturing_colour() {
    let mut s = rolled(&pairs(HOME, "43,home,home,home", "40,home,home,home", HOME, ""), "6-3");
    assert_eq!(s.actor(), Red);
    let events = play(&mut s, "40+3");
    assert!(has(&events, Event::BonusEarned { colour: Red, amount: 20 }));
    assert_eq!((s.actor(), s.phase()), (Red, Phase::Decide(Seat::ALL[2])));
    assert_eq!(actions(&s), ["43+20"]);
}

#[test]
fn choice_timeout_passes_the_turn_without_penalty() {
    let mut s = rolled(&four("10,home,home,home", HOME, "13,home,home,home", HOME, ""), "3-1");
    play(&mut s, "10+3");
    assert!(s.bonus().is_some());
    let events = s.timeout().unwrap();
    assert_eq!(&events[..], [Event::TimedOut { colour: Yellow }, Event::TurnPassed { to: Blue }]);
    assert!(board(&s).contains("Y=13,home,home,home"), "nothing goes home: {s}");
}

#[test]
fn choice_five_five_with_a_closed_exit_opens_a_barrier() {
    let s = rolled(&four("12,12,home,home", HOME, HOME, HOME, ""), "5-5");
    let s2 = rolled(&four("12,12,5,5", HOME, HOME, HOME, ""), "5-5");
    assert_eq!(actions(&s), ["home+5"]);
    assert_eq!(actions(&s2), ["5+5", "12+5"], "the exit is closed: a 5 walks, opening a barrier");
}

#[test]
fn exit_capture_leaves_the_other_token_as_the_first_arrival() {
    // Green's exit 56 holds a red token (first) and a blue partner token (second). Green comes
    // out, captures the red one, and is now the second arrival beside Blue.
    let text =
        format!("parchis:two-colours turn=G Y={HOME} B=56*,home,home,home R=56,home,home,home G=home,home,home,home");
    let mut s = rolled(&text, "5-1");
    let events = play(&mut s, "home+5");
    assert!(has(&events, Event::Captured { by: Green, victim: Red, at: t(56) }));
    assert!(board(&s).contains("B=56,home,home,home"), "{s}");
    assert!(board(&s).contains("G=56*,home,home,home"), "{s}");
    assert_eq!(s.to_string().parse::<State>().unwrap(), s);
}
