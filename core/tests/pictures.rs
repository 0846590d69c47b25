//! Pictures of positions: stored SVG and text files, well-formed XML, and random games.
//!
//! `pictures_match_the_stored_files` compares the SVG and the text picture of a handful of
//! positions with the files in `core/tests/pictures/` (`NAME.svg`, `NAME.txt`). After a deliberate
//! change to the pictures, rewrite the files and look at them before committing:
//!
//! ```sh
//! UPDATE_PICTURES=1 cargo test -p fichas --features serde --test pictures
//! ```
//!
//! With `UPDATE_PICTURES=1` the test writes the files instead of comparing (and still checks that
//! every SVG is well-formed).

use std::path::PathBuf;

use fichas::game::{Event, Game, View};
use fichas::{Seat, picture};
use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A position to draw, and optionally the chance outcome (a roll, or in Cartas a card) and the
/// action that make its last move; the picture is of the view of `seat`.
struct Case {
    name: &'static str,
    position: &'static str,
    roll: Option<&'static str>,
    action: Option<&'static str>,
    seat: usize,
}

const CASES: &[Case] = &[
    // Four colours: a tapón, a token on its bridge, one in its house, one at the goal, one in limbo;
    // the last move takes Yellow's bridge.
    Case {
        name: "poleana_classic_bridge",
        position: "poleana turn=Y roll=6-3 Y=Y12,Y12,bY3,2c B=B5,B9,7c,start R=R0,R0,R0,start \
                   G=limbo,start,start,start quiet=-",
        roll: None,
        action: Some("Y12+3/b"),
        seat: 0,
    },
    // Two colours: Blue's and Green's sides are police cells; no last move.
    Case {
        name: "poleana_police_no_move",
        position: "poleana:YG turn=G roll=6-6 doubles=1 Y=Y0,bY5,3c,limbo G=start,start,start,start quiet=G",
        roll: None,
        action: None,
        seat: 0,
    },
    // A capture on Yellow's corner and the +10 it earns, onto a police cell.
    Case {
        name: "poleana_capture",
        position: "poleana:2 turn=Y roll=4-1 Y=Y1,Y5,start,start R=R3,Y9,start,start",
        roll: None,
        action: Some("Y5+4"),
        seat: 0,
    },
    // Express, three colours: a release from the start pocket.
    Case {
        name: "poleana_express_release",
        position: "poleana-express:3 turn=B Y=Y3,B10,start B=start,start,start R=R6,start,start quiet=B",
        roll: Some("5-1"),
        action: Some("release"),
        seat: 0,
    },
    // Finished: the last token reaches the goal.
    Case {
        name: "poleana_finished",
        position: "poleana:2 turn=Y roll=2-1 Y=5c,7c,7c,7c R=R3,Y9,start,start quiet=-",
        roll: None,
        action: Some("5c+2"),
        seat: 0,
    },
    // Finished by the special victory: Yellow scores while Blue never moved.
    Case {
        name: "poleana_special_victory",
        position: "poleana:3 turn=Y roll=2-1 Y=5c,B3,start,start B=start,start,start,start \
                   R=R1,start,start,start quiet=B",
        roll: None,
        action: Some("5c+2"),
        seat: 0,
    },
    // A token comes out onto Yellow's exit, where it makes a barrier.
    Case {
        name: "parchis_exit_barrier",
        position: "parchis turn=Y roll=5-3 Y=5,12,12,home B=22,23,c3,goal R=40,home,home,home G=56,57,68,goal",
        roll: None,
        action: Some("home+5"),
        seat: 0,
    },
    // Pairs: a capture, with its bonus of 20 still to play.
    Case {
        name: "parchis_pairs_bonus",
        position: "parchis:pairs turn=Y roll=6-2 Y=5,20,home,home B=22,c7,goal,26 R=41,12,home,home \
                   G=home,home,home,home",
        roll: None,
        action: Some("20+6"),
        seat: 0,
    },
    // Three colours, Green not playing; no last move.
    Case {
        name: "parchis_three_colours_no_move",
        position: "parchis:YBR turn=B roll=3-2 Y=5,5,60,c2 B=home,home,home,home R=39,home,home,home",
        roll: None,
        action: None,
        seat: 0,
    },
    // Finished: Yellow's fourth token reaches the goal.
    Case {
        name: "parchis_finished",
        position: "parchis:two-player turn=Y roll=1-2 Y=goal,goal,goal,c6 R=goal,30,31,home",
        roll: None,
        action: Some("c6+2"),
        seat: 0,
    },
    // Cartas, the opening: the first deal is done and seat 0 is to pass a card to its left.
    Case {
        name: "cartas_opening",
        position: "cartas stage=exchange hands=A25799/3468TQ/A2JK**/4566QK",
        roll: None,
        action: None,
        seat: 0,
    },
    // The exchange of the second round, seen by seat 2: seats 1 and 2 have passed, seat 3 passes
    // now, and seat 2 knows only the card it gave.
    Case {
        name: "cartas_exchange",
        position: "cartas round=1 stage=exchange tokens=0!,12/16!/-/50 hands=2345A/69K8/TJ*3/QK774 \
                   gave=-/7/Q/- discards=AA223344556677889TJQK*",
        roll: None,
        action: Some("pass:K"),
        seat: 2,
    },
    // Mid-game, seen by seat 2: Blue walks 8 from 21 onto Green's token on 29 and sends it home;
    // Yellow and Red block their starts; seat 0 took a card from seat 3, which seat 2 cannot see.
    Case {
        name: "cartas_capture",
        position: "cartas round=2 stage=play turn=1 tokens=0!,10,c1/21,60/32!,45,c2/29,50 \
                   hands=5QQ9/8A3K/7T*/46 gave=3/J/K/2 thefts=0>3:Q \
                   discards=AAA222233344455566677788899TTTJJJKKK**2",
        roll: None,
        action: Some("8:21+8"),
        seat: 2,
    },
    // A theft as the last step: Yellow's 2 took a Q from Green. Seen by seat 2, who may not know
    // which card it was, though the step's events carry it.
    Case {
        name: "cartas_theft",
        position: "cartas round=2 stage=theft turn=0 victim=3 tokens=0!,10,c1/21,60/32!,45,c2/29,50 \
                   hands=59Q/8A3K/7T*/46Q gave=3/J/K/2 discards=AAA222233344455566677788899TTTJJJKKK**2",
        roll: Some("Q"),
        action: None,
        seat: 2,
    },
    // A 7 split by Yellow, seen by Yellow: one share turns into the corridor past the own start,
    // the other walks on; Green took a 9 from Yellow, which Yellow sees.
    Case {
        name: "cartas_seven",
        position: "cartas round=3 stage=play turn=0 tokens=10,62,c3,c4/16!,40/33,c4/- \
                   hands=7K/5J8/A44/QT9 gave=3/5/Q/A thefts=3>0:9 \
                   discards=AAAA22223333444555566667777888899TTTJJJQQQKKK**",
        roll: None,
        action: Some("7:62+4/c,10+3"),
        seat: 0,
    },
    // Blue brings a token out onto its start, where a Red token stood: Red's goes home. Seen by
    // seat 3.
    Case {
        name: "cartas_out_capture",
        position: "cartas round=4 stage=play turn=1 tokens=5,c1/30/16,c4/48!,55 \
                   hands=239/AK9/4TJ/*66 gave=8/J/5/K discards=AAA2233445566778899TTJJQQQKK*",
        roll: None,
        action: Some("A:out"),
        seat: 3,
    },
    // Green swaps its token on 50 with Yellow's on 12. Seen by seat 1.
    Case {
        name: "cartas_swap",
        position: "cartas round=5 stage=play turn=3 tokens=12,c2/16!,20/40/50,c1,c3 \
                   hands=58/QA/36/JT9 gave=4/8/2/6 discards=AA22334455667788TTQQKK**",
        roll: None,
        action: Some("J:50~12"),
        seat: 1,
    },
    // Finished: Red's fourth token turns into its corridor. Seen by seat 3.
    Case {
        name: "cartas_finished",
        position: "cartas round=7 stage=play turn=2 tokens=c1,0,5/17,c4/30,c2,c3,c4/48,c1,c2 \
                   hands=K/A2/3Q/7 gave=2/9/5/J discards=AAA22334455667788TTQQKK**",
        roll: None,
        action: Some("3:30+3/c"),
        seat: 3,
    },
];

/// The view and the last step's events of a case.
fn set_up(case: &Case) -> (View, Vec<Event>) {
    let (view, last, _) = set_up_game(case);
    (view, last)
}

/// The view, the last step's events and the position text of a case.
fn set_up_game(case: &Case) -> (View, Vec<Event>, String) {
    let game = play(case);
    (game.view(Seat::ALL[case.seat]), game.last_events().to_vec(), game.position())
}

/// The game of a case, its last step played.
fn play(case: &Case) -> Game {
    let mut game = Game::from_position(case.position).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    if let Some(roll) = case.roll {
        let outcome = game.state().parse_chance(roll).unwrap();
        game.apply_chance(outcome).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    }
    if let Some(action) = case.action {
        game.play_text(action).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    }
    game
}

fn stored(name: &str, extension: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/pictures").join(format!("{name}.{extension}"))
}

#[test]
fn pictures_match_the_stored_files() {
    let update = std::env::var("UPDATE_PICTURES").is_ok_and(|v| v == "1");
    let mut differ = Vec::new();
    for case in CASES {
        let (view, last) = set_up(case);
        for (extension, picture) in [("svg", picture::svg(&view, &last)), ("txt", picture::text(&view, &last))] {
            let path = stored(case.name, extension);
            if update {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &picture).unwrap();
            } else {
                match std::fs::read_to_string(&path) {
                    Ok(expected) if expected == picture => {}
                    Ok(_) => differ.push(format!("{} differs", path.display())),
                    Err(e) => differ.push(format!("{}: {e}", path.display())),
                }
            }
        }
    }
    assert!(differ.is_empty(), "pictures changed (rerun with UPDATE_PICTURES=1 to accept):\n{}", differ.join("\n"));
}

#[test]
fn every_svg_is_well_formed_and_self_contained() {
    for case in CASES {
        let (view, last, position) = set_up_game(case);
        let svg = picture::svg(&view, &last);
        check_svg(&svg).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let title = svg.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap_or_default();
        match view {
            // The position travels with the picture, escaped.
            View::Poleana(_) | View::Parchis(_) => {
                assert_eq!(title, position.replace('\'', "&apos;"), "{}", case.name);
            }
            // A Cartas view is written like a position: what the seat sees, and whose view it is.
            View::Cartas(v) => {
                let head = format!("{} seen_by={} round={} ", v.config(), v.seat(), v.round());
                assert!(title.starts_with(&head), "{}: {title}", case.name);
                let board = format!(" tokens={} hand={} ", v.board(), v.hand());
                assert!(title.contains(&board), "{}: {title}", case.name);
                assert!(title.ends_with(&format!(" pile={}", v.pile_size())), "{}: {title}", case.name);
            }
        }
    }
}

#[test]
fn the_xml_checker_rejects_broken_documents() {
    let good = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g a="1"><text>a &amp; b</text></g></svg>"#;
    assert_eq!(check_svg(good), Ok(()));
    for bad in [
        r#"<svg viewBox="0 0 1 1"><g></svg>"#,
        r#"<svg viewBox="0 0 1 1"><g></h></svg>"#,
        r#"<svg viewBox="0 0 1 1"><text>a & b</text></svg>"#,
        r#"<svg viewBox="0 0 1 1"><text>a < b</text></svg>"#,
        r#"<svg viewBox="0 0 1 1" x="1" x="2"></svg>"#,
        r#"<svg viewBox="0 0 1 1" x=1></svg>"#,
        r#"<svg viewBox="0 0 1 1"></svg><svg viewBox="0 0 1 1"></svg>"#,
        r#"<svg></svg>"#,
        r#"<svg viewBox="0 0 1 1"><image href="http://example.invalid/a.png"/></svg>"#,
        r#"<svg viewBox="0 0 1 1">"#,
    ] {
        assert!(check_svg(bad).is_err(), "accepted: {bad}");
    }
}

#[test]
fn text_pictures_fit_a_terminal() {
    for case in CASES {
        let (view, last) = set_up(case);
        check_text(&picture::text(&view, &last)).unwrap_or_else(|e| panic!("{}: {e}", case.name));
    }
}

#[test]
fn pictures_are_deterministic() {
    for case in CASES {
        let (view, last) = set_up(case);
        let (again, again_last) = set_up(case);
        assert_eq!(picture::svg(&view, &last), picture::svg(&again, &again_last));
        assert_eq!(picture::text(&view, &last), picture::text(&again, &again_last));
    }
}

/// The marks of a case's picture: how many `from` and `to` outlines the SVG has.
fn svg_marks(svg: &str) -> (usize, usize) {
    (svg.matches("class=\"from\"").count(), svg.matches("class=\"to\"").count())
}

#[test]
fn the_last_move_is_marked_where_tokens_left_and_arrived() {
    let case = |name: &str| CASES.iter().find(|c| c.name == name).unwrap();

    // Y12 left for Yellow's first bridge cell.
    let (view, last) = set_up(case("poleana_classic_bridge"));
    assert_eq!(svg_marks(&picture::svg(&view, &last)), (1, 1));
    let text = picture::text(&view, &last);
    assert_eq!(tokens_under(&text, "(12)"), ["Y"], "the tapón's other token stays:\n{text}");
    assert_eq!(tokens_under(&text, " bridge[1]"), ["Y"], "{text}");

    // The capture on Y9: the capturer walked on for +10 to B4 (so Y9 reads as left), and Red's
    // token went back to its start.
    let (view, last) = set_up(case("poleana_capture"));
    assert_eq!(svg_marks(&picture::svg(&view, &last)), (2, 2));
    let text = picture::text(&view, &last);
    for (cell, tokens) in [("( 5)", ""), ("(*9)", ""), ("[!4]", "Y")] {
        assert_eq!(tokens_under(&text, cell), [tokens], "{cell} in\n{text}");
    }
    assert!(text.contains("[start 3]"), "{text}");

    // A release: from the start pocket onto Blue's 0.
    let (view, last) = set_up(case("poleana_express_release"));
    let text = picture::text(&view, &last);
    assert!(text.contains("(start 2)"), "{text}");
    assert_eq!(tokens_under(&text, "[*0]"), ["B"], "{text}");

    // Parchís: out of home onto the exit, where two Yellow tokens now stand.
    let (view, last) = set_up(case("parchis_exit_barrier"));
    assert_eq!(svg_marks(&picture::svg(&view, &last)), (1, 1));
    let text = picture::text(&view, &last);
    assert_eq!(tokens_under(&text, "[ 5]"), ["YY"], "{text}");
    assert!(text.contains("(home 0)"), "{text}");

    // Cartas: Blue walked from 21 onto Green's token on 29, which went home.
    let (view, last) = set_up(case("cartas_capture"));
    assert_eq!(svg_marks(&picture::svg(&view, &last)), (1, 2));
    let text = picture::text(&view, &last);
    for (cell, tokens) in [("(21)", ""), ("[29]", "B"), ("* 0", "Y!"), ("*32", "R!")] {
        assert_eq!(tokens_under(&text, cell), [tokens], "{cell} in\n{text}");
    }
    assert!(text.contains("[home 3]"), "{text}");

    // A 7 in two shares: 62 into the corridor's c2, and 10 on to 13.
    let (view, last) = set_up(case("cartas_seven"));
    assert_eq!(svg_marks(&picture::svg(&view, &last)), (2, 2));
    let text = picture::text(&view, &last);
    for (cell, tokens) in [("(62)", ""), ("(10)", ""), ("[y2]", "Y"), ("[13]", "Y")] {
        assert_eq!(tokens_under(&text, cell), [tokens], "{cell} in\n{text}");
    }

    // Out of home onto Blue's start, blocking it, and Red's token there goes home.
    let (view, last) = set_up(case("cartas_out_capture"));
    assert_eq!(svg_marks(&picture::svg(&view, &last)), (1, 2));
    let text = picture::text(&view, &last);
    assert_eq!(tokens_under(&text, "[16]"), ["B!"], "{text}");
    assert!(text.contains("(home 2)") && text.contains("[home 3]"), "{text}");

    // A swap: a token arrived on each cell.
    let (view, last) = set_up(case("cartas_swap"));
    assert_eq!(svg_marks(&picture::svg(&view, &last)), (0, 2));
    let text = picture::text(&view, &last);
    assert_eq!(tokens_under(&text, "[50]"), ["Y"], "{text}");
    assert_eq!(tokens_under(&text, "[12]"), ["G"], "{text}");

    // The winning step: from 30 past Red's start into c1.
    let (view, last) = set_up(case("cartas_finished"));
    assert_eq!(svg_marks(&picture::svg(&view, &last)), (1, 1));
    let text = picture::text(&view, &last);
    assert_eq!(tokens_under(&text, "(30)"), [""], "{text}");
    assert_eq!(tokens_under(&text, "[r1]"), ["R"], "{text}");

    // A card passed, a card stolen: no token moved.
    for name in ["cartas_exchange", "cartas_theft"] {
        let (view, last) = set_up(case(name));
        assert!(!last.is_empty());
        assert_eq!(svg_marks(&picture::svg(&view, &last)), (0, 0), "{name}");
    }

    // No last move, no marks.
    for name in ["poleana_police_no_move", "parchis_three_colours_no_move", "cartas_opening"] {
        let (view, last) = set_up(case(name));
        assert!(last.is_empty());
        assert_eq!(svg_marks(&picture::svg(&view, &last)), (0, 0), "{name}");
        let text = picture::text(&view, &last);
        assert!(!text.lines().take(text.lines().count() - 2).any(|l| l.contains('[')), "{text}");
    }
}

#[test]
fn captions_say_whose_turn_and_how_it_ended() {
    let case = |name: &str| CASES.iter().find(|c| c.name == name).unwrap();
    let expect = [
        ("poleana_classic_bridge", "Yellow to play · rolled 6-3 · 6 left"),
        ("poleana_police_no_move", "Green to play · rolled 6-6"),
        ("poleana_finished", "Game over: Yellow wins"),
        ("poleana_special_victory", "Game over: special victory for Blue"),
        ("parchis_pairs_bonus", "Yellow to play (seat 0) · rolled 6-2 · 2 left · bonus 20 for Yellow"),
        ("parchis_finished", "Game over: Yellow wins"),
        ("cartas_opening", "Round 1 · 6 cards each · exchange · Yellow (seat 0) to pass a card"),
        ("cartas_capture", "Round 3 · 4 cards each · play · Red (seat 2) to play"),
        ("cartas_theft", "Round 3 · 4 cards each · play · Blue (seat 1) to play"),
        ("cartas_finished", "Game over: Red (seat 2) wins"),
    ];
    for (name, status) in expect {
        let (view, last) = set_up(case(name));
        let svg = shown(&picture::svg(&view, &last));
        assert!(svg.contains(&format!(">{status}</text>")), "{name}: {status}");
        let text = picture::text(&view, &last);
        assert!(text.contains(&status.replace(" · ", ", ")), "{name}:\n{text}");
    }
}

/// An SVG as it reads: its labels' `<tspan>` tags (which name their messages) left out.
fn shown(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find("<tspan ") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        rest = &rest[rest.find('>').map_or(rest.len(), |end| end + 1)..];
    }
    out.push_str(rest);
    out.replace("</tspan>", "")
}

/// The cell numbers written in columns `cols` of `line`, left to right: its words without the
/// marks around them (`*`, `!`, brackets), those that are numbers.
fn numbers_in(line: &str, cols: std::ops::Range<usize>) -> Vec<u8> {
    let part: String = line.chars().skip(cols.start).take(cols.len()).collect();
    part.split_whitespace().filter_map(|w| w.trim_matches(|c| "*![]()".contains(c)).parse().ok()).collect()
}

/// Every text board writes each cell's number on the first of its two lines and the tokens on
/// it on the second, so the numbers read in order round the board whatever stands on them.
#[test]
fn text_boards_keep_every_cell_number_and_put_the_tokens_under_it() {
    for case in CASES {
        let (view, last) = set_up(case);
        let text = picture::text(&view, &last);
        // The board's rows of cells begin on the second line, each row on two lines.
        let lines: Vec<&str> = text.lines().skip(1).collect();
        let row = |r: usize| lines.get(2 * r).copied().unwrap_or_default();
        let column = |rows: std::ops::RangeInclusive<usize>, cols: std::ops::Range<usize>| -> Vec<u8> {
            rows.flat_map(|r| numbers_in(row(r), cols.clone())).collect()
        };
        let (top, bottom, left, right): (Vec<u8>, Vec<u8>, Vec<u8>, Vec<u8>) = match &view {
            View::Cartas(_) => {
                (numbers_in(row(0), 0..68), numbers_in(row(16), 0..68), column(1..=15, 0..4), column(1..=15, 64..68))
            }
            View::Poleana(state) => {
                let board = state.config().board();
                let (side, corner) = (board.side(), board.corner());
                let cells = usize::from(side) + 2;
                // A stretch in the direction of travel: 10, …, 14, 0, …, 9 (Express 9, …, 12, 0, …, 8).
                let stretch: Vec<u8> = (corner + 1..side).chain(0..=corner).collect();
                let reversed: Vec<u8> = stretch.iter().rev().copied().collect();
                assert_eq!(numbers_in(row(0), 4..4 * cells - 4), reversed, "{}: Red's side\n{text}", case.name);
                assert_eq!(numbers_in(row(cells - 1), 4..4 * cells - 4), stretch, "{}\n{text}", case.name);
                assert_eq!(column(1..=cells - 2, 0..4), stretch, "{}: Green's side\n{text}", case.name);
                let right = column(1..=cells - 2, 4 * cells - 4..4 * cells);
                assert_eq!(right, reversed, "{}: Blue's side\n{text}", case.name);
                continue;
            }
            View::Parchis(_) => {
                // The top and the bottom arm: three columns of cells in the middle.
                for r in 0..8 {
                    let middle = if r == 0 { vec![34] } else { vec![] };
                    let expected: Vec<u8> = [35 + r].into_iter().chain(middle).chain([33 - r]).collect();
                    assert_eq!(numbers_in(row(usize::from(r)), 32..44), expected, "{}: row {r}\n{text}", case.name);
                }
                for r in 11..19 {
                    let middle = if r == 18 { vec![68] } else { vec![] };
                    let expected: Vec<u8> = [49 + r].into_iter().chain(middle).chain([19 - r]).collect();
                    assert_eq!(numbers_in(row(usize::from(r)), 32..44), expected, "{}: row {r}\n{text}", case.name);
                }
                // The left and the right arm: three rows across.
                (numbers_in(row(8), 0..76), numbers_in(row(9), 0..76), numbers_in(row(10), 0..76), vec![])
            }
        };
        match &view {
            View::Cartas(_) => {
                assert_eq!(top, (24..=40).collect::<Vec<u8>>(), "{}\n{text}", case.name);
                assert_eq!(bottom, (0..=8).rev().chain((56..=63).rev()).collect::<Vec<u8>>(), "{}\n{text}", case.name);
                assert_eq!(left, (9..=23).rev().collect::<Vec<u8>>(), "{}\n{text}", case.name);
                assert_eq!(right, (41..=55).collect::<Vec<u8>>(), "{}\n{text}", case.name);
            }
            _ => {
                assert_eq!(top, (43..=50).rev().chain((18..=25).rev()).collect::<Vec<u8>>(), "{}\n{text}", case.name);
                assert_eq!(bottom, [51, 17], "{}\n{text}", case.name);
                assert_eq!(left, (52..=59).chain(9..=16).collect::<Vec<u8>>(), "{}\n{text}", case.name);
            }
        }
    }
}

#[test]
fn every_opening_position_draws() {
    let variants = [
        "poleana",
        "poleana:2",
        "poleana:YB",
        "poleana-express:3",
        "poleana-express:BG:free",
        "parchis",
        "parchis:YR",
        "parchis:two-player:BG",
        "parchis:two-colours",
        "parchis:pairs",
        "cartas",
        "cartas:sets=1:jokers=0",
        "cartas:deck=18,18,18,18,18,18,18,18,18,18,18,18,18,12",
    ];
    for variant in variants {
        let game = Game::new(variant.parse().unwrap());
        for seat in &Seat::ALL[..game.variant().seats()] {
            let view = game.view(*seat);
            check_svg(&picture::svg(&view, &[])).unwrap_or_else(|e| panic!("{variant}: {e}"));
            check_text(&picture::text(&view, &[])).unwrap_or_else(|e| panic!("{variant}: {e}"));
        }
    }
}

/// Events of another game are ignored, not misread.
#[test]
fn events_of_another_game_mark_nothing() {
    let (parchis_view, parchis_last) = set_up(CASES.iter().find(|c| c.name == "parchis_exit_barrier").unwrap());
    let (poleana_view, _) = set_up(CASES.iter().find(|c| c.name == "poleana_police_no_move").unwrap());
    let (cartas_view, cartas_last) = set_up(CASES.iter().find(|c| c.name == "cartas_opening").unwrap());
    let (_, moves) = set_up(CASES.iter().find(|c| c.name == "cartas_capture").unwrap());
    assert!(cartas_last.is_empty());
    assert_eq!(svg_marks(&picture::svg(&poleana_view, &parchis_last)), (0, 0));
    assert_eq!(picture::text(&poleana_view, &parchis_last), picture::text(&poleana_view, &[]));
    assert_eq!(svg_marks(&picture::svg(&parchis_view, &moves)), (0, 0));
    assert_eq!(picture::text(&parchis_view, &moves), picture::text(&parchis_view, &[]));
    assert_eq!(svg_marks(&picture::svg(&cartas_view, &parchis_last)), (0, 0));
    assert_eq!(picture::text(&cartas_view, &parchis_last), picture::text(&cartas_view, &[]));
}

/// A Cartas picture shows the seat's own hand face up, every other hand face down, and a stolen
/// card only to the thief and the victim, though the step's events carry it for everyone.
#[test]
fn cartas_pictures_show_only_what_the_seat_sees() {
    let case = CASES.iter().find(|c| c.name == "cartas_theft").unwrap();
    let game = play(case);
    assert!(matches!(game.last_events(), [Event::Cartas(fichas::cartas::Event::Stole { card: Some(_), .. }), ..]));
    let picture_of = |seat: usize| {
        let view = game.view(Seat::ALL[seat]);
        (picture::svg(&view, game.last_events()), picture::text(&view, game.last_events()))
    };

    // Seat 2 holds 7, T and a joker; seat 0 holds 5, 9 and two queens; seat 1 an A and a K.
    let (svg, text) = picture_of(2);
    assert!(text.contains("RED seat 2 (you)") && text.contains("hand 7 T *"), "{text}");
    assert!(text.contains("hand # # # #") && text.contains("hand # # #"), "{text}");
    assert!(text.contains("theft: Yellow (seat 0) took a card from Green (seat 3)"), "{text}");
    assert!(text.contains("seen by Red (seat 2)") && svg.contains("seen by Red (seat 2)"), "{text}");
    assert!(svg.contains(">your hand (3)</tspan></text>") && svg.contains(">*</text>"), "{svg}");
    for hidden in ["took Q", ">Q</text>", ">A</text>", ">K</text>", "hand=59QQ", "8A3K"] {
        assert!(!svg.contains(hidden) && !text.contains(hidden), "{hidden} shown to seat 2");
    }

    // The thief and the victim see the card; the thief sees its own hand.
    let (svg, text) = picture_of(0);
    assert!(text.contains("hand 5 9 Q Q") && svg.contains(">Q</text>"), "{text}");
    assert!(text.contains("theft: Yellow (seat 0) took Q from Green (seat 3)"), "{text}");
    let (svg, text) = picture_of(3);
    assert!(text.contains("took Q from Green (seat 3)") && svg.contains("took Q from Green (seat 3)"), "{text}");
    assert!(!svg.contains(">Q</text>"), "Green's hand no longer holds a Q");
}

const VARIANTS: [&str; 10] = [
    "poleana",
    "poleana:2:free",
    "poleana:YB:assisted:open-bridges",
    "poleana-express:3",
    "parchis",
    "parchis:YR",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
    "cartas:sets=1:jokers=2",
];

/// Plays a random game through the facade, drawing every position on the way; in Cartas, as each
/// seat in turn sees it.
fn draw_a_random_game(variant: &str, seed: u64) -> Result<usize, TestCaseError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Game::new(variant.parse().unwrap());
    let seats = game.variant().seats();
    // Cartas deals its cards one chance step at a time: its games run to a few thousand steps.
    let limit = if variant.starts_with("cartas") { 100_000 } else { 5_000 };
    let mut steps = 0;
    while !game.is_over() && steps < limit {
        if game.to_act().is_none() {
            game.roll(&mut rng).unwrap();
        } else {
            let choices = game.legal_actions();
            let pick = choices[fichas::chance::below(&mut rng, choices.len() as u32) as usize];
            game.play(pick.action()).unwrap();
        }
        steps += 1;
        let seat = game.to_act().unwrap_or(Seat::ALL[steps % seats]);
        let view = game.view(seat);
        let svg = picture::svg(&view, game.last_events());
        let position = game.position();
        check_svg(&svg).map_err(|e| TestCaseError::fail(format!("{e}\nin {position} seen by {seat}")))?;
        let text = picture::text(&view, game.last_events());
        check_text(&text).map_err(|e| TestCaseError::fail(format!("{e}\nin {position} seen by {seat}")))?;
    }
    prop_assert!(game.is_over(), "{variant} seed {seed}: no end after {steps} steps");
    Ok(steps)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_draw_at_every_step(variant in proptest::sample::select(&VARIANTS[..]), seed in any::<u64>()) {
        draw_a_random_game(variant, seed)?;
    }
}

/// Every variant at least once, whatever proptest draws.
#[test]
fn a_random_game_of_every_variant_draws() {
    for (i, variant) in VARIANTS.iter().enumerate() {
        draw_a_random_game(variant, i as u64).unwrap();
    }
}

/// What stands under each place `label` is written in a text picture: the characters of the
/// next line under the label's columns, trimmed (empty when no token is there).
fn tokens_under(text: &str, label: &str) -> Vec<String> {
    let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let label: Vec<char> = label.chars().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        for start in 0..line.len().saturating_sub(label.len() - 1) {
            if line[start..start + label.len()] == label[..] {
                let next = lines.get(i + 1).map_or(&[][..], |l| &l[..]);
                let under: String = next.iter().skip(start).take(label.len()).collect();
                found.push(under.trim().to_string());
            }
        }
    }
    found
}

/// A text picture: at most 80 columns, plain ASCII, and ends with a newline.
fn check_text(text: &str) -> Result<(), String> {
    if let Some(line) = text.lines().find(|l| l.chars().count() > 80) {
        return Err(format!("a line of {} columns: {line}", line.chars().count()));
    }
    if !text.is_ascii() {
        return Err("not plain ASCII".into());
    }
    if !text.ends_with('\n') {
        return Err("no final newline".into());
    }
    Ok(())
}

/// Checks that `doc` is one well-formed XML element named `svg` with a `viewBox`, and that it
/// loads nothing from outside.
fn check_svg(doc: &str) -> Result<(), String> {
    let root = check_xml(doc)?;
    if root.0 != "svg" {
        return Err(format!("the root is <{}>, not <svg>", root.0));
    }
    if !root.1.iter().any(|a| a == "viewBox") {
        return Err("the root has no viewBox".into());
    }
    for outside in ["href", "url(", "<image", "<script", "@import"] {
        if doc.contains(outside) {
            return Err(format!("it refers to something outside: {outside}"));
        }
    }
    if doc.contains("NaN") || doc.contains("inf\"") {
        return Err("a number is not finite".into());
    }
    Ok(())
}

/// A tiny XML checker: elements nest and close, attributes are quoted and unique, text and
/// attribute values use only the predefined entities, and there is exactly one root. Returns
/// the root's name and attribute names.
fn check_xml(doc: &str) -> Result<(String, Vec<String>), String> {
    let mut rest = doc;
    let mut open: Vec<String> = Vec::new();
    let mut root: Option<(String, Vec<String>)> = None;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("<!--") {
            let end = after.find("-->").ok_or("an unclosed comment")?;
            rest = &after[end + 3..];
        } else if let Some(after) = rest.strip_prefix("<?") {
            let end = after.find("?>").ok_or("an unclosed declaration")?;
            rest = &after[end + 2..];
        } else if let Some(after) = rest.strip_prefix("</") {
            let end = after.find('>').ok_or("an unclosed end tag")?;
            let name = after[..end].trim_end();
            match open.pop() {
                Some(top) if top == name => {}
                top => return Err(format!("</{name}> closes {top:?}")),
            }
            rest = &after[end + 1..];
        } else if let Some(after) = rest.strip_prefix('<') {
            let (name, attributes, closed, after) = start_tag(after)?;
            if open.is_empty() {
                if root.is_some() {
                    return Err(format!("a second root <{name}>"));
                }
                root = Some((name.clone(), attributes));
            }
            if !closed {
                open.push(name);
            }
            rest = after;
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            let text = &rest[..end];
            if open.is_empty() && !text.trim().is_empty() {
                return Err(format!("text outside the root: {text:?}"));
            }
            check_entities(text)?;
            rest = &rest[end..];
        }
    }
    if let Some(top) = open.last() {
        return Err(format!("<{top}> is never closed"));
    }
    root.ok_or_else(|| "no root element".into())
}

/// Reads a start tag after its `<`: name, attribute names, whether it closes itself, the rest.
fn start_tag(text: &str) -> Result<(String, Vec<String>, bool, &str), String> {
    let name_end = text.find(|c: char| c.is_whitespace() || c == '>' || c == '/').ok_or("an unclosed tag")?;
    let name = &text[..name_end];
    check_name(name)?;
    let mut rest = &text[name_end..];
    let mut attributes = Vec::new();
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("/>") {
            return Ok((name.to_string(), attributes, true, after));
        }
        if let Some(after) = rest.strip_prefix('>') {
            return Ok((name.to_string(), attributes, false, after));
        }
        let eq = rest.find('=').ok_or_else(|| format!("an attribute without a value in <{name}>"))?;
        let attribute = rest[..eq].trim_end();
        check_name(attribute)?;
        if attributes.iter().any(|a| a == attribute) {
            return Err(format!("attribute {attribute} twice in <{name}>"));
        }
        attributes.push(attribute.to_string());
        let value = rest[eq + 1..].trim_start();
        let quote = value.chars().next().filter(|q| *q == '"' || *q == '\'');
        let quote = quote.ok_or_else(|| format!("an unquoted value of {attribute} in <{name}>"))?;
        let end = value[1..].find(quote).ok_or("an unclosed attribute value")?;
        let inner = &value[1..1 + end];
        if inner.contains('<') {
            return Err(format!("< in the value of {attribute}"));
        }
        check_entities(inner)?;
        rest = &value[end + 2..];
    }
}

fn check_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == ':');
    if first_ok && chars.all(|c| c.is_ascii_alphanumeric() || "_:-.".contains(c)) {
        Ok(())
    } else {
        Err(format!("a bad name: {name:?}"))
    }
}

fn check_entities(text: &str) -> Result<(), String> {
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        let after = &rest[at + 1..];
        let end = after.find(';').ok_or_else(|| format!("a bare & in {text:?}"))?;
        let entity = &after[..end];
        let numeric = entity.strip_prefix("#x").map(|h| u32::from_str_radix(h, 16).is_ok()).unwrap_or(false)
            || entity.strip_prefix('#').is_some_and(|d| d.parse::<u32>().is_ok());
        if !numeric && !["amp", "lt", "gt", "quot", "apos"].contains(&entity) {
            return Err(format!("an unknown entity &{entity}; in {text:?}"));
        }
        rest = &after[end + 1..];
    }
    Ok(())
}
