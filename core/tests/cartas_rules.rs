//! One test per Cartas rule: each sets up a written position, acts, and checks the exact
//! choices or the exact result. Positions use the notation of `docs/rules/cartas.md`.
//!
//! Geometry: track cells 0..63; the start cells of seats 0, 1, 2, 3 are 0, 16, 32, 48. A seat-0
//! token on 62 is two steps from its start: 62 → 63 → 0, and the next step may turn into c1.

mod cartas_support;

use cartas_support::*;
use fichas::Rules;
use fichas::cartas::{Action, Config, ConfigError, Draw, Event, Outcome, Rank, Stage, State, Theft};
use fichas::{Phase, PlayError};

fn action(text: &str) -> Action {
    text.parse().unwrap()
}

fn played(seat_index: usize, text: &str) -> Event {
    Event::Played { seat: seat(seat_index), action: action(text) }
}

fn moved(seat_index: usize, from: &str, to: &str) -> Event {
    Event::Moved { seat: seat(seat_index), from: from.parse().unwrap(), to: to.parse().unwrap() }
}

/// 89 discards: every card of A..10 (80) and JJJJQQQQK.
const MANY_DISCARDS: &str = "AAAAAAAA22222222333333334444444455555555666666667777777788888888\
                             99999999TTTTTTTTJJJJQQQQK";

// ---------------------------------------------------------------------------------------------
// Board and deck (docs/rules/cartas.md §1, docs/rules/cartas.md §2, docs/rules/cartas.md §3.1)

#[test]
fn track_has_sixty_four_cells_with_a_start_every_sixteen() {
    for s in 0..4 {
        let mut hands = ["-"; 4];
        hands[s] = "A";
        let mut state = pos(&format!("cartas turn={s} hands={}", hands.join("/")));
        play(&mut state, "A:out");
        let mut tokens = ["-".to_string(), "-".to_string(), "-".to_string(), "-".to_string()];
        tokens[s] = format!("{}!", 16 * s);
        // The A just played joins the 23 cards the round had already discarded.
        let expected =
            format!("round=1 stage=deal tokens={} hands=-/-/-/- discards=A33333333444444445555555", tokens.join("/"));
        assert_eq!(rest(&state), expected);
    }
}

#[test]
fn track_wraps_from_cell_sixty_three_to_cell_zero() {
    let mut s = pos("cartas turn=1 tokens=-/63/-/- hands=-/A/-/-");
    let events = play(&mut s, "A:63+1");
    assert!(has(&events, moved(1, "63", "0")));
    assert_eq!(rest(&s), "round=1 stage=deal tokens=-/0/-/- hands=-/-/-/- discards=AA3333333344444444555555");
}

#[test]
fn deck_has_two_sets_and_six_jokers_by_default() {
    let s = State::new(Config::standard());
    assert_eq!(s.pile().len(), 110);
    for rank in Rank::ALL {
        assert_eq!(s.pile().count(rank), if rank == Rank::Joker { 6 } else { 8 }, "{rank}");
    }
    let outcomes = s.chance_outcomes();
    assert_eq!((outcomes.len(), outcomes.total()), (14, 110));
    assert_eq!(outcomes.weight(Rank::Seven), Some(8));
    assert_eq!(outcomes.weight(Rank::Joker), Some(6));
}

#[test]
fn deck_composition_is_a_configuration_option() {
    let one_set: Config = "cartas:sets=1:jokers=2".parse().unwrap();
    let s = State::new(one_set);
    assert_eq!(s.pile().len(), 54);
    assert_eq!(s.chance_outcomes().weight(Rank::King), Some(4));
    let no_sevens: Config = "cartas:deck=8,8,8,8,8,8,0,8,8,8,8,8,8,6".parse().unwrap();
    assert_eq!(State::new(no_sevens).chance_outcomes().weight(Rank::Seven), None);
}

#[test]
fn rounds_deal_six_five_four_three_then_six_again() {
    for (round, size) in [(0, 6), (1, 5), (2, 4), (3, 3), (4, 6), (7, 3)] {
        let mut s = pos(&format!("cartas round={round} stage=deal"));
        assert_eq!(s.deal_size(), size);
        assert_eq!(draw_all(&mut s), 4 * usize::from(size), "round {round}");
        assert_eq!(s.stage(), Stage::Exchange);
        assert_eq!(s.hand_sizes(), [size; 4]);
    }
}

#[test]
fn first_player_moves_one_seat_each_round() {
    for round in 0..8 {
        let mut s = pos(&format!("cartas round={round} stage=deal"));
        let first = seat(round % 4);
        assert_eq!(s.pending_draw(), Some(Draw::Deal { to: first }));
        draw_all(&mut s);
        assert_eq!(s.phase(), Phase::Decide(first), "round {round}: the exchange begins with the first player");
    }
}

#[test]
fn last_card_played_ends_the_round_and_the_next_deal_begins() {
    let mut s = pos("cartas tokens=10/-/-/- hands=5/-/-/-");
    let events = play(&mut s, "5:10+5");
    assert_eq!(
        events.as_slice(),
        [played(0, "5:10+5"), moved(0, "10", "15"), Event::RoundStarted { round: 1, first: seat(1), cards: 5 }]
    );
    assert_eq!(s.pending_draw(), Some(Draw::Deal { to: seat(1) }));
}

#[test]
fn discards_are_reshuffled_when_the_pile_cannot_cover_the_deal() {
    // 110 - 89 discards - 1 in hand = 20 cards left, and round 4 deals 24.
    let mut s = pos(&format!("cartas round=3 turn=0 tokens=10/-/-/- hands=K/-/-/- discards={MANY_DISCARDS}"));
    assert_eq!(s.pile().len(), 20);
    let events = play(&mut s, "K:10+13");
    assert_eq!(
        events[2..],
        [Event::RoundStarted { round: 4, first: seat(0), cards: 6 }, Event::Reshuffled { cards: 90 }]
    );
    assert_eq!(rest(&s), "round=4 stage=deal tokens=23/-/-/- hands=-/-/-/-");
    assert_eq!(s.pile().len(), 110);
}

#[test]
fn discards_stay_while_the_pile_covers_the_deal() {
    let discards = &MANY_DISCARDS[..80];
    let mut s = pos(&format!("cartas round=3 turn=0 tokens=10/-/-/- hands=K/-/-/- discards={discards}"));
    let events = play(&mut s, "K:10+13");
    assert!(!events.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
    assert_eq!(s.pile().len(), 29);
    assert_eq!(s.discards().len(), 81);
}

// ---------------------------------------------------------------------------------------------
// The exchange and the turn (docs/rules/cartas.md §3.2, docs/rules/cartas.md §3.3)

const EXCHANGE: &str = "cartas round=3 stage=exchange tokens=10/26/42/58 hands=A57/29K/346/8TQ";

#[test]
fn exchange_passes_one_card_to_the_left() {
    let mut s = pos(EXCHANGE);
    assert_eq!(s.phase(), Phase::Decide(seat(3)), "round 3 is led by seat 3");
    assert_eq!(actions(&s), ["pass:8", "pass:T", "pass:Q"]);
    for (who, card) in [(3, "Q"), (0, "A"), (1, "K")] {
        assert_eq!(s.turn(), seat(who));
        play(&mut s, &format!("pass:{card}"));
    }
    let events = play(&mut s, "pass:3");
    let received =
        |to: usize, from: usize, c: &str| Event::Received { seat: seat(to), from: seat(from), card: Some(card(c)) };
    assert_eq!(
        events.as_slice(),
        [
            Event::Chose { seat: seat(2), card: Some(card("3")) },
            received(0, 3, "Q"),
            received(1, 0, "A"),
            received(2, 1, "K"),
            received(3, 2, "3"),
            Event::TurnPassed { to: seat(3) },
        ]
    );
    assert_eq!(rest(&s), "round=3 stage=play turn=3 tokens=10/26/42/58 hands=57Q/A29/46K/38T gave=A/K/3/Q");
}

#[test]
fn exchange_cards_stay_hidden_until_every_seat_has_chosen() {
    let mut s = pos(EXCHANGE);
    let events = play(&mut s, "pass:Q");
    assert_eq!(events[0].seen_by(seat(0)), Event::Chose { seat: seat(3), card: None });
    assert_eq!(events[0].seen_by(seat(3)), Event::Chose { seat: seat(3), card: Some(Rank::Queen) });
    let (giver, next) = (s.view(seat(3)), s.view(seat(0)));
    assert_eq!(giver.gave(), Some(Rank::Queen));
    assert_eq!((next.hand(), next.received(), next.gave()), (cards("A57"), None, None));
    assert_eq!(next.hand_sizes(), [3, 3, 3, 2]);
    assert_eq!(next.chosen(), [false, false, false, true]);
    for c in ["A", "K", "3"] {
        play(&mut s, &format!("pass:{c}"));
    }
    assert_eq!(s.view(seat(0)).received(), Some(Rank::Queen));
    assert_eq!(s.view(seat(1)).received(), Some(Rank::Ace));
    assert_eq!(s.view(seat(1)).gave(), Some(Rank::King));
}

#[test]
fn turns_go_clockwise_one_card_each() {
    let mut s = pos("cartas tokens=10/26/42/58 hands=55/5/5/5");
    for (who, mv) in [(0, "5:10+5"), (1, "5:26+5"), (2, "5:42+5"), (3, "5:58+5")] {
        assert_eq!(s.phase(), Phase::Decide(seat(who)));
        play(&mut s, mv);
    }
    assert_eq!(s.phase(), Phase::Decide(seat(0)), "seat 0 still holds a card; the others are empty");
    assert_eq!(rest(&s), "round=0 stage=play turn=0 tokens=15/31/47/63 hands=5/-/-/- discards=AAAA3333333344444445555");
}

#[test]
fn a_turn_with_no_legal_card_folds_the_whole_hand() {
    let mut s = pos("cartas tokens=10/-/-/- hands=5/39/A/-");
    let events = play(&mut s, "5:10+5");
    assert_eq!(
        events.as_slice(),
        [
            played(0, "5:10+5"),
            moved(0, "10", "15"),
            Event::Folded { seat: seat(1), cards: cards("39") },
            Event::TurnPassed { to: seat(2) },
        ]
    );
    assert_eq!(rest(&s), "round=0 stage=play turn=2 tokens=15/-/-/- hands=-/-/A/- discards=A3333333344444444555559");
}

#[test]
fn a_folded_seat_sits_out_until_the_next_round() {
    let mut s = pos("cartas tokens=10/-/-/- hands=55/39/AA/-");
    play(&mut s, "5:10+5");
    play(&mut s, "A:out");
    assert_eq!(s.phase(), Phase::Decide(seat(0)));
    let events = play(&mut s, "5:15+5");
    assert_eq!(events[2..], [Event::TurnPassed { to: seat(2) }], "seat 1 is skipped, not asked");
    assert!(s.hand(seat(1)).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Cards (docs/rules/cartas.md §4, docs/rules/cartas.md §5)

#[test]
fn ace_walks_one_or_eleven_or_brings_a_token_out() {
    let mut s = pos("cartas tokens=10/-/-/- hands=A/-/-/-");
    assert_eq!(actions(&s), ["A:out", "A:10+1", "A:10+11"]);
    play(&mut s, "A:10+11");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=21/-/-/- hands=-/-/-/- discards=AA3333333344444444555555");
}

#[test]
fn king_walks_thirteen_or_brings_a_token_out() {
    let mut s = pos("cartas tokens=10/-/-/- hands=K/-/-/-");
    assert_eq!(actions(&s), ["K:out", "K:10+13"]);
    play(&mut s, "K:out");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=0!,10/-/-/- hands=-/-/-/- discards=A3333333344444444555555K");
}

#[test]
fn queen_walks_twelve() {
    let s = pos("cartas tokens=10/-/-/- hands=Q/-/-/-");
    assert_eq!(actions(&s), ["Q:10+12"]);
}

#[test]
fn number_cards_walk_exactly_their_count() {
    let s = pos("cartas tokens=10/-/-/- hands=35689T/-/-/-");
    assert_eq!(actions(&s), ["3:10+3", "5:10+5", "6:10+6", "8:10+8", "9:10+9", "T:10+10"]);
}

#[test]
fn four_walks_four_forward_or_backward() {
    let mut s = pos("cartas tokens=10/-/-/- hands=4/-/-/-");
    assert_eq!(actions(&s), ["4:10+4", "4:10-4"]);
    let events = play(&mut s, "4:10-4");
    assert!(has(&events, moved(0, "10", "6")));
}

#[test]
fn two_walks_two_or_takes_a_card_from_a_rival() {
    let s = pos("cartas tokens=10/-/-/- hands=2/K/-/55");
    assert_eq!(actions(&s), ["2:10+2", "2:steal1", "2:steal3"], "seat 2 holds no card to take");
}

#[test]
fn two_theft_draws_a_random_card_from_the_named_rival() {
    let mut s = pos("cartas tokens=10/-/-/- hands=2/K/-/557");
    assert_eq!(play(&mut s, "2:steal3").as_slice(), [played(0, "2:steal3")]);
    assert_eq!(s.phase(), Phase::Chance);
    assert_eq!(s.pending_draw(), Some(Draw::Theft { thief: seat(0), victim: seat(3) }));
    let outcomes: Vec<(Rank, u32)> = s.chance_outcomes().iter().collect();
    assert_eq!(outcomes, [(Rank::Five, 2), (Rank::Seven, 1)]);
    let events = draw(&mut s, "7");
    assert_eq!(
        events.as_slice(),
        [Event::Stole { thief: seat(0), victim: seat(3), card: Some(Rank::Seven) }, Event::TurnPassed { to: seat(1) }]
    );
    assert_eq!(
        rest(&s),
        "round=0 stage=play turn=1 tokens=10/-/-/- hands=7/K/-/55 thefts=0>3:7 discards=A2333333334444444455"
    );
}

#[test]
fn two_theft_needs_a_rival_holding_a_card() {
    let mut s = pos("cartas tokens=10/-/-/- hands=2/K/-/55");
    let err = s.play(action("2:steal2")).unwrap_err();
    assert_eq!(err.to_string(), "`2:steal2` is not legal here: that seat holds no card to take");
    let err = s.play(action("2:steal0")).unwrap_err();
    assert_eq!(err.to_string(), "`2:steal0` is not legal here: you cannot take a card from yourself");
}

#[test]
fn seven_splits_seven_steps_among_own_tokens() {
    let mut s = pos("cartas tokens=10,30/-/-/- hands=7/-/-/-");
    assert_eq!(
        actions(&s),
        ["7:10+7", "7:10+6,30+1", "7:10+5,30+2", "7:10+4,30+3", "7:10+3,30+4", "7:10+2,30+5", "7:10+1,30+6", "7:30+7"]
    );
    play(&mut s, "7:10+3,30+4");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=13,34/-/-/- hands=-/-/-/- discards=AA3333333344444444555557");
}

#[test]
fn seven_must_use_all_seven_steps() {
    // The token on 10 can walk 5 before the blocking token on 16, the one on c3 only 1: 6 < 7.
    let s = pos("cartas tokens=10,c3/16!/-/- hands=75/-/-/-");
    assert_eq!(actions(&s), ["5:10+5"]);
    let mut s = s;
    let err = s.play(action("7:10+6,c3+1")).unwrap_err();
    assert!(err.to_string().contains("all seven steps must be used"), "{err}");
}

#[test]
fn seven_split_cannot_pass_own_token() {
    let s = pos("cartas tokens=10,12/-/-/- hands=78/-/-/-");
    // 7:10+7 would pass the own token on 12; an 8 may pass it.
    assert_eq!(actions(&s), ["7:10+4,12+3", "7:10+3,12+4", "7:10+2,12+5", "7:10+1,12+6", "7:12+7", "8:10+8", "8:12+8"]);
}

#[test]
fn seven_shares_may_turn_into_the_corridor() {
    let mut s = pos("cartas tokens=20,61/-/-/- hands=7/-/-/-");
    assert_eq!(
        actions(&s),
        [
            "7:61+7",
            "7:61+7/c",
            "7:20+1,61+6",
            "7:20+1,61+6/c",
            "7:20+2,61+5",
            "7:20+2,61+5/c",
            "7:20+3,61+4",
            "7:20+3,61+4/c",
            "7:20+4,61+3",
            "7:20+5,61+2",
            "7:20+6,61+1",
            "7:20+7"
        ]
    );
    play(&mut s, "7:20+2,61+5/c");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=22,c2/-/-/- hands=-/-/-/- discards=AA3333333344444444555557");
}

#[test]
fn seven_captures_only_where_a_share_ends() {
    let mut s = pos("cartas tokens=10,30/12/34/- hands=75/-/-/-");
    let events = play(&mut s, "7:10+3,30+4");
    assert_eq!(
        events.as_slice(),
        [
            played(0, "7:10+3,30+4"),
            moved(0, "30", "34"),
            Event::Captured { seat: seat(2), cell: 34, by: seat(0) },
            moved(0, "10", "13"),
            Event::TurnPassed { to: seat(0) },
        ],
        "the share passing 12 captures nothing"
    );
    assert_eq!(
        rest(&s),
        "round=0 stage=play turn=0 tokens=13,34/12/-/- hands=5/-/-/- discards=AAAA3333333344444444557"
    );
}

#[test]
fn seven_shares_move_one_after_another_on_the_board_as_it_stands() {
    // 63 walks first into c3, then 62 walks through the cell 63 left into c1. In the other
    // order 63 would pass the token on c1, so 62 may not enter deeper than 63.
    let mut s = pos("cartas tokens=62,63/-/-/- hands=7/-/-/-");
    let listed = actions(&s);
    assert!(listed.contains(&"7:62+3/c,63+4/c".to_string()), "{listed:?}");
    assert!(!listed.contains(&"7:62+4/c,63+3/c".to_string()), "{listed:?}");
    play(&mut s, "7:62+3/c,63+4/c");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=c1,c3/-/-/- hands=-/-/-/- discards=AA3333333344444444555557");
}

#[test]
fn seven_splits_reaching_the_same_position_are_listed_once() {
    // At the fork of the own start, 0 into c1 with 59 on to cell 1 ends where 0 to cell 1 with
    // 59 into c1 ends: tokens are interchangeable, so only the first is listed.
    let s = pos("cartas tokens=0,59/-/-/- hands=7/-/-/-");
    assert_eq!(
        actions(&s),
        [
            "7:0+1,59+6/c",
            "7:0+2,59+5",
            "7:0+2/c,59+5",
            "7:0+3,59+4",
            "7:0+3/c,59+4",
            "7:0+4,59+3",
            "7:0+4/c,59+3",
            "7:0+5,59+2",
            "7:0+6,59+1",
            "7:0+7"
        ]
    );
}

#[test]
fn jack_swaps_an_own_token_with_any_other_token_on_the_track() {
    let mut s = pos("cartas tokens=10,20/30/40/- hands=J/-/-/-");
    assert_eq!(actions(&s), ["J:10~30", "J:10~40", "J:20~30", "J:20~40", "J:own"]);
    let events = play(&mut s, "J:10~40");
    assert_eq!(events[1], Event::Swapped { seat: seat(0), cell: 10, with: seat(2), other: 40 });
    assert_eq!(rest(&s), "round=1 stage=deal tokens=20,40/30/10/- hands=-/-/-/- discards=AAAA3333333344444444555J");
}

#[test]
fn jack_never_swaps_a_token_at_home_in_a_corridor_or_blocking() {
    let s = pos("cartas tokens=0!,10,c2/16!,c1/40/- hands=J/-/-/-");
    assert_eq!(actions(&s), ["J:10~40"]);
}

#[test]
fn jack_swap_never_captures_nor_makes_a_token_blocking() {
    // Seat 1's token stands on seat 0's start; after the swap seat 0's token is there, not blocking.
    let mut s = pos("cartas tokens=5/0/-/- hands=J/-/-/-");
    assert_eq!(actions(&s), ["J:5~0"]);
    play(&mut s, "J:5~0");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=0/5/-/- hands=-/-/-/- discards=AA333333334444444455555J");
    assert!(!s.board().is_blocking(seat(0)));
}

#[test]
fn jack_swapping_two_own_tokens_spends_the_card() {
    let mut s = pos("cartas tokens=10,20/-/-/- hands=J5/-/-/-");
    assert_eq!(actions(&s), ["5:10+5", "5:20+5", "J:own"]);
    let events = play(&mut s, "J:own");
    assert_eq!(events.as_slice(), [played(0, "J:own"), Event::TurnPassed { to: seat(0) }]);
    assert_eq!(rest(&s), "round=0 stage=play turn=0 tokens=10,20/-/-/- hands=5/-/-/- discards=AA33333333444444445555J");
}

#[test]
fn joker_plays_as_any_card() {
    let mut s = pos("cartas tokens=10/30/-/- hands=*/5/-/-");
    assert_eq!(
        actions(&s),
        [
            "*:out", "*:10+1", "*:10+2", "*:10+3", "*:10+4", "*:10+5", "*:10+6", "*:10+8", "*:10+9", "*:10+10",
            "*:10+11", "*:10+12", "*:10+13", "*:10-4", "*:10+7", "*:10~30", "*:steal1"
        ]
    );
    let events = play(&mut s, "*:10+12");
    assert_eq!(events[..2], [played(0, "*:10+12"), moved(0, "10", "22")]);
    assert_eq!(s.phase(), Phase::Decide(seat(1)));
}

// ---------------------------------------------------------------------------------------------
// Movement (docs/rules/cartas.md §5, docs/rules/cartas.md §3.5)

#[test]
fn a_token_brought_out_blocks_its_start() {
    // Seat 3's token on 62 can neither pass seat 0's new token on 0 nor land on it.
    let s = pos("cartas turn=3 tokens=0!/-/-/40,62 hands=-/-/-/25");
    assert_eq!(actions(&s), ["2:40+2", "5:40+5"]);
}

#[test]
fn a_blocking_token_cannot_be_passed_even_by_its_owner() {
    let s = pos("cartas tokens=0!,62/-/-/- hands=5/-/-/-");
    assert_eq!(actions(&s), ["5:0+5"], "62 would pass its own blocking token, on the track or into the corridor");
}

#[test]
fn a_blocking_token_cannot_be_captured_or_swapped() {
    let s = pos("cartas tokens=12/16!/-/- hands=4J/-/-/-");
    assert_eq!(actions(&s), ["4:12-4"]);
}

#[test]
fn bringing_a_token_out_captures_a_rival_on_the_start() {
    let mut s = pos("cartas tokens=-/0/-/- hands=A/-/-/-");
    let events = play(&mut s, "A:out");
    assert_eq!(
        events[..3],
        [
            played(0, "A:out"),
            Event::BroughtOut { seat: seat(0), cell: 0 },
            Event::Captured { seat: seat(1), cell: 0, by: seat(0) }
        ]
    );
    assert_eq!(rest(&s), "round=1 stage=deal tokens=0!/-/-/- hands=-/-/-/- discards=AA3333333344444444555555");
}

#[test]
fn a_start_held_by_its_own_token_receives_no_other() {
    assert_eq!(actions(&pos("cartas tokens=0/-/-/- hands=A/-/-/-")), ["A:0+1", "A:0+1/c", "A:0+11"]);
    assert_eq!(actions(&pos("cartas tokens=0!/-/-/- hands=A/-/-/-")), ["A:0+1", "A:0+11"]);
}

#[test]
fn landing_on_a_rival_captures_it() {
    let mut s = pos("cartas tokens=10/-/15/- hands=5/-/-/-");
    let events = play(&mut s, "5:10+5");
    assert_eq!(events[1..3], [moved(0, "10", "15"), Event::Captured { seat: seat(2), cell: 15, by: seat(0) }]);
    assert_eq!(rest(&s), "round=1 stage=deal tokens=15/-/-/- hands=-/-/-/- discards=AA3333333344444444555555");
}

#[test]
fn landing_on_an_own_token_is_not_possible() {
    let mut s = pos("cartas tokens=10,15/-/-/- hands=5/-/-/-");
    assert_eq!(actions(&s), ["5:15+5"]);
    let err = s.play(action("5:10+5")).unwrap_err();
    assert!(err.to_string().contains("lands on your own token"), "{err}");
}

#[test]
fn passing_tokens_is_allowed_except_a_blocking_one() {
    // 10+5 passes an own token (12) and a rival (13); 12+5 would pass seat 1's blocking token.
    let s = pos("cartas tokens=10,12/13,16!/-/- hands=5/-/-/-");
    assert_eq!(actions(&s), ["5:10+5"]);
}

#[test]
fn entering_the_corridor_counts_the_start_cell_as_a_step() {
    let mut s = pos("cartas tokens=62/-/-/- hands=3/-/-/-");
    assert_eq!(actions(&s), ["3:62+3", "3:62+3/c"]);
    let events = play(&mut s, "3:62+3/c");
    assert!(has(&events, moved(0, "62", "c1")), "62 → 63 → 0 → c1");
}

#[test]
fn entering_the_corridor_is_a_choice() {
    let mut s = pos("cartas tokens=62/-/-/- hands=3/-/-/-");
    play(&mut s, "3:62+3");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=1/-/-/- hands=-/-/-/- discards=A33333333444444445555555");
}

#[test]
fn a_blocking_token_cannot_turn_in_with_the_move_that_leaves_it() {
    let mut s = pos("cartas tokens=0!/-/-/- hands=3/-/-/-");
    assert_eq!(actions(&s), ["3:0+3"]);
    let err = s.play(action("3:0+3/c")).unwrap_err();
    assert!(err.to_string().contains("cannot turn into its corridor"), "{err}");
}

#[test]
fn a_non_blocking_token_on_its_start_may_turn_in_with_its_first_step() {
    let mut s = pos("cartas tokens=0/-/-/- hands=3/-/-/-");
    assert_eq!(actions(&s), ["3:0+3", "3:0+3/c"]);
    play(&mut s, "3:0+3/c");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=c3/-/-/- hands=-/-/-/- discards=A33333333444444445555555");
}

#[test]
fn four_backward_then_forward_enters_corridor() {
    let mut s = pos("cartas tokens=0!/-/-/- hands=45/-/-/-");
    assert_eq!(actions(&s), ["4:0+4", "4:0-4", "5:0+5"]);
    play(&mut s, "4:0-4");
    assert_eq!(actions(&s), ["5:60+5", "5:60+5/c"]);
    play(&mut s, "5:60+5/c");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=c1/-/-/- hands=-/-/-/- discards=A33333333444444445555555");
}

#[test]
fn a_token_never_moves_backward_into_or_out_of_the_corridor() {
    let mut s = pos("cartas tokens=2,c2/-/-/- hands=4/-/-/-");
    assert_eq!(actions(&s), ["4:2+4", "4:2-4"], "c2 has no backward move");
    assert!("4:c2-4".parse::<Action>().is_err());
    play(&mut s, "4:2-4");
    assert_eq!(
        rest(&s),
        "round=1 stage=deal tokens=62,c2/-/-/- hands=-/-/-/- discards=AA3333333344444444555555",
        "back across the start, on the track"
    );
}

#[test]
fn the_corridor_needs_the_exact_count() {
    let s = pos("cartas tokens=62,c2/-/-/- hands=38/-/-/-");
    // 62+8 would end six cells past the start, beyond c4; c2+3 would end past c4.
    assert_eq!(actions(&s), ["3:62+3", "3:62+3/c", "8:62+8"]);
}

#[test]
fn tokens_in_the_corridor_cannot_pass_each_other() {
    let s = pos("cartas tokens=62,c1,c3/-/-/- hands=34/-/-/-");
    assert_eq!(actions(&s), ["3:62+3", "4:62+4", "4:62-4"]);
}

#[test]
fn four_tokens_in_the_corridor_win() {
    let mut s = pos("cartas tokens=62,c2,c3,c4/20/-/- hands=3/5/-/-");
    let events = play(&mut s, "3:62+3/c");
    let outcome = Outcome { winner: seat(0) };
    assert_eq!(events.as_slice(), [played(0, "3:62+3/c"), moved(0, "62", "c1"), Event::Won { outcome }]);
    assert_eq!(s.phase(), Phase::Over(outcome));
    assert_eq!(
        rest(&s),
        "round=0 stage=over winner=0 tokens=c1,c2,c3,c4/20/-/- hands=-/5/-/- discards=AAAAA333333334444444455"
    );
}

#[test]
fn a_win_ends_the_game_at_once() {
    let mut s = pos("cartas tokens=61,63,c3,c4/20/-/- hands=75/5/-/-");
    let events = play(&mut s, "7:61+4/c,63+3/c");
    assert_eq!(events.last(), Some(&Event::Won { outcome: Outcome { winner: seat(0) } }));
    assert!(s.legal_actions().is_empty());
    assert_eq!(s.play(action("5:20+5")), Err(PlayError::GameOver));
    assert_eq!(s.timeout(), Err(PlayError::GameOver));
    assert_eq!(s.apply_chance(Rank::Ace), Err(PlayError::GameOver));
}

// ---------------------------------------------------------------------------------------------
// Hidden information (docs/rules/cartas.md §6)

#[test]
fn a_view_shows_own_hand_hand_sizes_board_and_discards() {
    // The fourth round deals three cards each: eight are gone from the hands, onto the discards.
    let s = pos("cartas round=3 turn=0 tokens=10/20/-/- hands=5/K7/A/- discards=99333444");
    let view = s.view(seat(1));
    assert_eq!(view.hand(), cards("7K"));
    assert_eq!(view.hand_sizes(), [1, 2, 1, 0]);
    assert_eq!(view.discards(), cards("99333444"));
    assert_eq!(view.pile_size(), 98);
    assert_eq!(view.board(), s.board());
    // Other hands are not in it: a position with other cards hidden from seat 1 looks the same.
    let other = pos("cartas round=3 turn=0 tokens=10/20/-/- hands=A/K7/5/- discards=99333444");
    assert_eq!(other.view(seat(1)), view);
    assert_ne!(other.view(seat(0)), s.view(seat(0)));
}

#[test]
fn a_view_shows_the_cards_that_passed_through_its_own_hands() {
    let mut s = pos("cartas tokens=10/-/-/- hands=2/K/-/557 gave=3/5/A/2");
    play(&mut s, "2:steal3");
    draw(&mut s, "7");
    let theft = |card| Some(Theft { thief: seat(0), victim: seat(3), card });
    assert_eq!(s.view(seat(0)).thefts().last(), theft(Some(Rank::Seven)));
    assert_eq!(s.view(seat(3)).thefts().last(), theft(Some(Rank::Seven)));
    assert_eq!(s.view(seat(1)).thefts().last(), theft(None));
    assert_eq!((s.view(seat(2)).gave(), s.view(seat(2)).received()), (Some(Rank::Ace), Some(Rank::Five)));
}

#[test]
fn a_view_remembers_every_theft_of_the_round_with_whom_and_in_order() {
    // docs/rules/cartas.md §6.1: every card that passed through a seat's hands in the round, not
    // only the last.
    let mut s = pos("cartas round=0 stage=play turn=0 tokens=0!/-/-/- hands=24T/2A5/35689Q/35689Q discards=AK2TJ7");
    play(&mut s, "2:steal1");
    draw(&mut s, "A");
    play(&mut s, "2:steal2");
    draw(&mut s, "Q");
    let a_went_to_seat_0 = Theft { thief: seat(0), victim: seat(1), card: Some(Rank::Ace) };
    for me in [0, 1] {
        let thefts = *s.view(seat(me)).thefts();
        assert_eq!(thefts.get(0), Some(a_went_to_seat_0), "seat {me} still knows where the A went");
        assert_eq!(thefts.len(), 2);
    }
    assert_eq!(s.view(seat(1)).thefts().to_string(), "0>1:A,1>2:Q");
    assert_eq!(s.view(seat(0)).thefts().to_string(), "0>1:A,1>2:-", "seat 0 took no part in the second");
    assert_eq!(s.view(seat(2)).thefts().to_string(), "0>1:-,1>2:Q");
    assert_eq!(s.view(seat(3)).thefts().to_string(), "0>1:-,1>2:-", "seat 3 learns who stole from whom");
    // The position text keeps them all.
    let text = s.to_string();
    assert!(text.contains(" thefts=0>1:A,1>2:Q "), "{text}");
    assert_eq!(pos(&text), s);
}

// ---------------------------------------------------------------------------------------------
// Fine points (docs/rules/cartas.md §2, docs/rules/cartas.md §3.1, docs/rules/cartas.md §5.8,
// docs/rules/cartas.md §9.2)

#[test]
fn seat_zero_leads_the_first_round() {
    let mut s = State::new(Config::standard());
    assert_eq!(s.pending_draw(), Some(Draw::Deal { to: seat(0) }));
    assert_eq!(draw_all(&mut s), 24);
    assert_eq!(s.phase(), Phase::Decide(seat(0)));
    assert_eq!(s.stage(), Stage::Exchange);
}

#[test]
fn a_stolen_card_joins_the_thiefs_hand_for_a_later_turn() {
    let mut s = pos("cartas tokens=10/20/-/- hands=2/5/-/7");
    play(&mut s, "2:steal3");
    draw(&mut s, "7");
    assert_eq!(s.phase(), Phase::Decide(seat(1)), "the theft ends the thief's turn");
    play(&mut s, "5:20+5");
    assert_eq!(s.phase(), Phase::Decide(seat(0)));
    assert!(actions(&s).contains(&"7:10+7".to_string()));
}

#[test]
fn a_seat_robbed_of_its_last_card_sits_out() {
    let mut s = pos("cartas tokens=10/20/-/- hands=2/5/-/7");
    play(&mut s, "2:steal3");
    draw(&mut s, "7");
    play(&mut s, "5:20+5");
    assert_eq!(s.hand_sizes(), [1, 0, 0, 0]);
    assert_eq!(s.phase(), Phase::Decide(seat(0)), "seat 3 is skipped");
}

#[test]
fn cards_of_one_rank_are_interchangeable() {
    let s = pos("cartas tokens=10/-/-/- hands=555/-/-/-");
    assert_eq!(actions(&s), ["5:10+5"], "three fives give one action");
}

#[test]
fn identical_results_are_listed_once() {
    let s = pos("cartas tokens=10,20,30/-/-/- hands=*J/-/-/-");
    let listed = actions(&s);
    assert_eq!(listed.iter().filter(|a| *a == "*:out").count(), 1, "a joker brings a token out as A or K alike");
    assert_eq!(listed.iter().filter(|a| a.ends_with(":own")).count(), 2, "one own swap for the J, one for the joker");
    let mut sorted = listed.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), listed.len());
}

// ---------------------------------------------------------------------------------------------
// Choices the texts leave open (docs/rules/cartas.md §11)

#[test]
fn choice_cards_are_dealt_one_at_a_time_from_the_first_player() {
    let mut s = pos("cartas round=2 stage=deal");
    let mut to = Vec::new();
    for _ in 0..8 {
        let Some(Draw::Deal { to: seat }) = s.pending_draw() else { panic!("not dealing") };
        to.push(seat.index());
        draw(&mut s, "9");
    }
    assert_eq!(to, [2, 3, 0, 1, 2, 3, 0, 1]);
    assert_eq!(rest(&s), "round=2 stage=deal tokens=-/-/-/- hands=99/99/99/99");
}

#[test]
fn choice_a_hand_with_no_legal_card_folds_without_a_decision() {
    let mut s = pos("cartas tokens=10/-/-/- hands=5/9/A/8");
    play(&mut s, "5:10+5");
    assert_eq!(s.phase(), Phase::Decide(seat(2)), "seat 1 is never asked");
    let events = play(&mut s, "A:out");
    assert_eq!(
        events[2..],
        [
            Event::Folded { seat: seat(3), cards: cards("8") },
            Event::RoundStarted { round: 1, first: seat(1), cards: 5 }
        ]
    );
}

#[test]
fn choice_no_seat_may_fold_by_choice() {
    let s = pos("cartas tokens=10/-/-/- hands=5A/9/A/8");
    let listed = s.legal_actions();
    assert!(!listed.contains(&Action::Timeout), "the timeout is the host's, never listed");
    assert_eq!(actions(&s), ["A:out", "A:10+1", "A:10+11", "5:10+5"]);
}

#[test]
fn choice_timeout_in_play_folds_the_hand() {
    let mut s = pos("cartas tokens=10/20/-/- hands=5A/5/-/-");
    let events = s.timeout().unwrap();
    assert_eq!(
        events.as_slice(),
        [
            Event::TimedOut { seat: seat(0) },
            Event::Folded { seat: seat(0), cards: cards("A5") },
            Event::TurnPassed { to: seat(1) }
        ]
    );
    assert_eq!(rest(&s), "round=0 stage=play turn=1 tokens=10/20/-/- hands=-/5/-/- discards=AAA33333333444444445555");
}

#[test]
fn choice_timeout_in_the_exchange_passes_the_lowest_card() {
    let mut s = pos("cartas round=3 stage=exchange hands=AK2/AK*/AKQ/A23");
    for _ in 0..4 {
        s.timeout().unwrap();
    }
    assert_eq!(rest(&s), "round=3 stage=play turn=3 tokens=-/-/-/- hands=A2K/A2*/AKK/A3Q gave=2/K/Q/2");
}

#[test]
fn choice_timeout_is_refused_while_a_card_is_drawn() {
    let mut s = State::new(Config::standard());
    assert_eq!(s.timeout(), Err(PlayError::ChancePending));
    let mut s = pos("cartas tokens=10/-/-/- hands=2/-/-/55");
    play(&mut s, "2:steal3");
    assert_eq!(s.timeout(), Err(PlayError::ChancePending));
}

#[test]
fn choice_a_theft_is_drawn_even_when_only_one_card_can_come() {
    let mut s = pos("cartas tokens=10/-/-/- hands=2/-/-/55");
    play(&mut s, "2:steal3");
    assert!(is_chance(&s));
    assert_eq!(s.chance_outcomes().iter().collect::<Vec<_>>(), [(Rank::Five, 2)]);
    assert_eq!(s.apply_chance(Rank::Seven), Err(PlayError::bad_outcome(Rank::Seven)));
    draw(&mut s, "5");
    assert_eq!(s.hand(seat(0)), cards("5"));
}

#[test]
fn choice_a_joker_is_named_by_its_use() {
    for (text, named) in [
        ("*:10+12", Rank::Queen),
        ("*:10+11", Rank::Ace),
        ("*:10-4", Rank::Four),
        ("*:10+7", Rank::Seven),
        ("*:10~30", Rank::Jack),
        ("*:steal1", Rank::Two),
        ("*:out", Rank::Ace),
    ] {
        assert_eq!(action(text).named(), Some(named), "{text}");
    }
}

#[test]
fn choice_a_joker_bringing_a_token_out_is_one_action() {
    let s = pos("cartas tokens=-/-/-/- hands=*/-/-/-");
    assert_eq!(actions(&s), ["*:out"]);
}

#[test]
fn choice_a_seven_share_may_walk_inside_the_corridor() {
    let s = pos("cartas tokens=20,c1/-/-/- hands=7/-/-/-");
    assert_eq!(actions(&s), ["7:20+7", "7:20+6,c1+1", "7:20+5,c1+2", "7:20+4,c1+3"]);
}

#[test]
fn choice_a_blocking_token_may_take_a_share_of_a_seven_but_not_turn_in() {
    let mut s = pos("cartas tokens=0!,62/-/-/- hands=7/-/-/-");
    assert_eq!(
        actions(&s),
        [
            "7:0+1,62+6/c",
            "7:0+2,62+5/c",
            "7:0+3,62+4",
            "7:0+3,62+4/c",
            "7:0+4,62+3",
            "7:0+4,62+3/c",
            "7:0+5,62+2",
            "7:0+6,62+1",
            "7:0+7"
        ]
    );
    play(&mut s, "7:0+3,62+4/c");
    assert_eq!(rest(&s), "round=1 stage=deal tokens=3,c2/-/-/- hands=-/-/-/- discards=AA3333333344444444555557");
}

#[test]
fn choice_sevens_are_listed_front_token_first() {
    // The token on 2 is ahead of the one on 62 (four cells on, across the start), so it takes
    // its share first: from 0 steps up; the one on 62 takes the rest.
    let s = pos("cartas tokens=2,62/-/-/- hands=7/-/-/-");
    assert_eq!(
        actions(&s),
        [
            "7:2+1,62+6/c",
            "7:2+2,62+5",
            "7:2+2,62+5/c",
            "7:2+3,62+4",
            "7:2+3,62+4/c",
            "7:2+4,62+3",
            "7:2+4,62+3/c",
            "7:2+5,62+2",
            "7:2+6,62+1",
            "7:2+7"
        ]
    );
}

#[test]
fn a_view_keeps_the_exchange_and_the_thefts_of_the_round_until_it_ends() {
    let mut s = pos("cartas tokens=10/20/-/- hands=22/55/-/K7 gave=A/5/2/3");
    play(&mut s, "2:steal3");
    draw(&mut s, "K");
    play(&mut s, "5:20+5");
    // Seat 3 holds a 7 and has no token out: it folds. Seat 0 takes from seat 1 next.
    play(&mut s, "2:steal1");
    draw(&mut s, "5");
    assert_eq!(s.thefts().to_string(), "0>3:K,0>1:5");
    assert_eq!(s.view(seat(3)).thefts().to_string(), "0>3:K,0>1:-", "seat 3 keeps the card it lost");
    assert_eq!(s.view(seat(3)).gave(), Some(Rank::Three));
    // The round ends when seat 0 plays its last cards: the exchange and theft are cleared.
    play(&mut s, "K:out");
    play(&mut s, "5:10+5");
    assert_eq!(s.stage(), Stage::Deal);
    assert_eq!((s.thefts().len(), s.view(seat(3)).thefts().len(), s.view(seat(3)).gave()), (0, 0, None));
}

#[test]
fn choice_a_win_leaves_the_other_hands_as_they_are() {
    let mut s = pos("cartas tokens=62,c2,c3,c4/20/-/- hands=3/5/-/-");
    let before = s.discards();
    play(&mut s, "3:62+3/c");
    assert_eq!(s.hand(seat(1)), cards("5"));
    assert_eq!(s.discards(), before.plus(&cards("3")).unwrap(), "only the card played joins the discards");
}

#[test]
fn choice_a_deck_needs_an_ace_or_a_joker() {
    let err = "cartas:deck=0,8,8,8,8,8,8,8,8,8,8,8,8,0".parse::<Config>().unwrap_err();
    assert_eq!(err, ConfigError::NoAceNorJoker);
    assert!("cartas:deck=1,8,8,8,8,8,8,8,8,8,8,8,8,0".parse::<Config>().is_ok());
    assert!("cartas:jokers=0".parse::<Config>().is_ok());
}

#[test]
fn choice_position_text_lists_only_tokens_away_from_home() {
    let s = pos("cartas tokens=h,10,h/-/-/- hands=5/-/-/-");
    assert_eq!(rest(&s), "round=0 stage=play turn=0 tokens=10/-/-/- hands=5/-/-/- discards=A3333333344444444555555");
    assert_eq!(s.board().at_home(seat(0)), 3);
}

#[test]
fn choice_an_unlisted_twin_of_a_listed_split_is_still_accepted() {
    let s = pos("cartas tokens=0,59/-/-/- hands=7/-/-/-");
    assert!(!actions(&s).contains(&"7:0+1/c,59+6".to_string()));
    let (mut listed, mut twin) = (s, s);
    play(&mut listed, "7:0+1,59+6/c");
    play(&mut twin, "7:0+1/c,59+6");
    assert_eq!(listed, twin);
    assert_eq!(rest(&listed), "round=1 stage=deal tokens=1,c1/-/-/- hands=-/-/-/- discards=AA3333333344444444555557");
}

#[test]
fn choice_swapping_two_own_tokens_is_one_action() {
    let mut s = pos("cartas tokens=10,20,30/40/-/- hands=J/-/-/-");
    let listed = actions(&s);
    assert_eq!(listed.iter().filter(|a| a.starts_with("J:") && !a.contains("~40")).collect::<Vec<_>>(), ["J:own"]);
    let err = s.play(action("J:10~20")).unwrap_err();
    assert!(err.to_string().contains("written J:own"), "{err}");
}

#[test]
fn choice_everyone_sees_who_has_chosen_and_how_many_cards_the_pile_holds() {
    let mut s = pos(EXCHANGE);
    play(&mut s, "pass:Q");
    play(&mut s, "pass:A");
    let view = s.view(seat(2));
    assert_eq!(view.chosen(), [true, false, false, true]);
    // 110 - 12 dealt: what every seat can count from the hand sizes and the discards.
    assert_eq!(view.pile_size(), 98);
    assert_eq!(view.hand_sizes(), [2, 3, 3, 2]);
}
