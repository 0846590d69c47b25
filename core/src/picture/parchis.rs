//! Parchís's board: the cross of four arms around the goals, with the homes in the corners.
//!
//! The SVG is a grid of 19 × 19 cells of 38 px, drawn as Yellow's part (the bottom arm and the
//! home beside its exit) and turned a quarter for each next colour:
//! - Each arm is three columns of eight cells. Its two outer columns hold 16 track cells and the
//!   end of its middle column the 17th, the colour's entry (Yellow 68, Blue 17, Red 34, Green 51)
//!   where its corridor turns in; the corridor's seven cells run up the middle column to the
//!   centre. Track numbers rise anticlockwise: on Yellow's arm 60..67 run down the left column,
//!   68 is at the end and 1..8 run up the right column; then come Blue's arm (right), Red's (top)
//!   and Green's (left).
//! - Exits are filled in their colour; safe cells carry ★.
//! - Each home is the corner square next to its colour's exit, with the tokens still at home.
//! - The centre square is split into four triangles, each colour's goal, where its corridor ends.
//! - A cell holds two discs at most; a barrier (two of a colour on a safe cell) is framed.
//!
//! The text picture draws the same cross with four characters and two lines a cell (76 columns):
//! track cells by number (`*` safe) and corridors as `y1`..`y7`, each with the tokens on it as
//! letters on the line under; the goal counts in the centre and each home's count in its corner.

use crate::rules::Rules;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::grid::CharGrid;
use super::svg::{Anchor, Font, Label, Paint, Svg};
use super::{
    ABSENT, BOARD, CAPTION_HEIGHT, Caption, Census, FAINT, FRAME, Frame, Geometry, INK, Mark, Marks, PAPER, Shape,
    colour_label, draw_caption, draw_disc, draw_spots, draw_stack, english, names, number_chars, put_text_cell, single,
    text_cell, tint, tint_in, title_name, token_letters, turn,
};
use crate::colour::Colour;
use crate::game;
use crate::movement::{Owner, SpotId};
use crate::parchis::{CORRIDOR, Config, Event, Spot, State, TRACK, entry, exit, is_safe, movement};
use crate::phase::Phase;

/// A cell's side, in pixels.
const CELL: i32 = 38;
/// Paper around the board.
const MARGIN: i32 = 20;
/// Track cells on one arm: the track split in four.
const ARM_TRACK: u8 = TRACK / 4;
/// Cells from the centre square to the end of an arm.
const ARM: i32 = (ARM_TRACK as i32 - 1) / 2;
/// Cells across the board.
const CELLS: i32 = 2 * ARM + 3;
const SIZE: i32 = CELLS * CELL;
/// The inner edge of the centre square on Yellow's side.
const CENTRE_EDGE: i32 = (ARM + 3) * CELL;
/// A token's radius on a cell.
const TOKEN_R: i32 = 10;
/// A token's radius in a goal triangle, where there is more room.
const GOAL_R: i32 = 13;
/// The radius of the ring that holds a home's tokens.
const HOME_R: i32 = 104;

const _CORRIDOR_FILLS_THE_MIDDLE_COLUMN: () = assert!(CORRIDOR as i32 == ARM - 1);

/// A place on the picture: a token's [`Spot`] made absolute (corridors, goals and homes belong to
/// the token's colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loc {
    Track(u8),
    Corridor(Colour, u8),
    Goal(Colour),
    Home(Colour),
}

impl Loc {
    fn of(colour: Colour, spot: Spot) -> Loc {
        match spot {
            Spot::Track(n) => Loc::Track(n),
            Spot::Corridor(k) => Loc::Corridor(colour, k),
            Spot::Goal => Loc::Goal(colour),
            Spot::Home => Loc::Home(colour),
        }
    }
}

/// The arm track cell `n` lies on, and its place along that arm (0..17 in the direction of
/// travel): each arm is centred on its colour's entry.
fn arm_of(n: u8) -> Option<(Colour, i32)> {
    if !(1..=TRACK).contains(&n) {
        return None;
    }
    let track = i32::from(TRACK);
    Colour::ALL.into_iter().find_map(|colour| {
        let k = (i32::from(n) + 2 * track + ARM - i32::from(entry(colour))) % track;
        (k < i32::from(ARM_TRACK)).then_some((colour, k))
    })
}

/// The grid cell of place `k` along Yellow's arm: up the left column from the centre, the end of
/// the middle column, then back up the right column.
const fn arm_cell(k: i32) -> (i32, i32) {
    if k < ARM {
        (ARM, ARM + 3 + k)
    } else if k == ARM {
        (ARM + 1, CELLS - 1)
    } else {
        (ARM + 2, CELLS - 1 - (k - ARM - 1))
    }
}

/// The grid cell (column, row) of a place that has one.
fn grid_cell(loc: Loc) -> Option<(i32, i32)> {
    match loc {
        Loc::Track(n) => arm_of(n).map(|(arm, k)| turn(arm_cell(k), arm.index(), CELLS - 1)),
        Loc::Corridor(colour, k) if (1..=CORRIDOR).contains(&k) => {
            Some(turn((ARM + 1, CELLS - 1 - i32::from(k)), colour.index(), CELLS - 1))
        }
        _ => None,
    }
}

fn cell_centre((col, row): (i32, i32)) -> (i32, i32) {
    (col * CELL + CELL / 2, row * CELL + CELL / 2)
}

/// The corner square of a colour's home: the one beside its exit.
fn home_rect(colour: Colour) -> (i32, i32, i32, i32) {
    let right = arm_of(exit(colour)).is_none_or(|(_, k)| k > ARM);
    let (x0, x1) = if right { (CENTRE_EDGE, SIZE) } else { (0, ARM * CELL) };
    let (ax, ay) = turn((x0, CENTRE_EDGE), colour.index(), SIZE);
    let (bx, by) = turn((x1, SIZE), colour.index(), SIZE);
    (ax.min(bx), ay.min(by), (ax - bx).abs(), (ay - by).abs())
}

fn home_centre(colour: Colour) -> (i32, i32) {
    let (x, y, w, h) = home_rect(colour);
    (x + w / 2, y + h / 2)
}

/// Where a colour's goal tokens stand: in its triangle, near the base.
fn goal_spot(colour: Colour) -> (i32, i32) {
    turn((SIZE / 2, CENTRE_EDGE - 19), colour.index(), SIZE)
}

fn shape(loc: Loc) -> Option<Shape> {
    match loc {
        Loc::Track(_) | Loc::Corridor(..) => {
            let (col, row) = grid_cell(loc)?;
            Some(Shape::Rect { x: col * CELL, y: row * CELL, w: CELL, h: CELL })
        }
        Loc::Goal(colour) => {
            let (cx, cy) = goal_spot(colour);
            Some(Shape::Circle { cx, cy, r: GOAL_R + 3 })
        }
        Loc::Home(colour) => {
            let (cx, cy) = home_centre(colour);
            Some(Shape::Circle { cx, cy, r: HOME_R })
        }
    }
}

impl Loc {
    /// The spot's name, as movements and `data-spot` give it.
    fn spot_id(self) -> SpotId {
        match self {
            Loc::Track(n) => movement::spot_id(Colour::Yellow, Spot::Track(n)),
            Loc::Corridor(colour, k) => movement::spot_id(colour, Spot::Corridor(k)),
            Loc::Goal(colour) => movement::spot_id(colour, Spot::Goal),
            Loc::Home(colour) => movement::spot_id(colour, Spot::Home),
        }
    }
}

/// The picture's size, and where the board starts in it.
fn frame() -> Frame {
    Frame { width: SIZE + 2 * MARGIN, height: SIZE + 2 * MARGIN + CAPTION_HEIGHT, left: MARGIN, top: MARGIN }
}

/// Every spot of the board of `config`, named, with its shape on the board: the track, and the
/// corridor, goal and home of each colour in play.
fn spots(config: &Config) -> Vec<(SpotId, Shape)> {
    let track = (1..=TRACK).map(Loc::Track);
    let owned = config.colours().iter().flat_map(|colour| {
        (1..=CORRIDOR).map(move |k| Loc::Corridor(colour, k)).chain([Loc::Goal(colour), Loc::Home(colour)])
    });
    track.chain(owned).filter_map(|loc| Some((loc.spot_id(), shape(loc)?))).collect()
}

/// Where the spots of `config`'s board are in its picture.
pub(super) fn geometry(config: &Config) -> Geometry {
    Geometry::new(frame(), spots(config))
}

/// Every token of the position, counted by place.
fn census(state: &State) -> Census<Loc> {
    let mut census = Census::new();
    for colour in state.config().colours().iter() {
        for spot in state.tokens(colour) {
            census.add(Loc::of(colour, spot), colour);
        }
    }
    census
}

/// The places the events of the last step moved tokens from and to.
fn marks(last: &[game::Event]) -> Marks<Loc> {
    let mut marks = Marks::new();
    for event in last {
        let game::Event::Parchis(event) = event else { continue };
        match *event {
            Event::Exited { colour, to, .. } => {
                marks.add(Loc::Home(colour), Mark::From);
                marks.add(Loc::of(colour, to), Mark::To);
            }
            Event::Moved { colour, from, to, .. } => {
                marks.add(Loc::of(colour, from), Mark::From);
                marks.add(Loc::of(colour, to), Mark::To);
            }
            // The capturer stands where the victim stood, so only the victim's home is new.
            Event::Captured { victim, .. } => marks.add(Loc::Home(victim), Mark::To),
            Event::SentHome { colour, from } => {
                marks.add(Loc::of(colour, from), Mark::From);
                marks.add(Loc::Home(colour), Mark::To);
            }
            _ => {}
        }
    }
    marks
}

/// The board as SVG.
pub(super) fn svg(state: &State, last: &[game::Event]) -> String {
    let config = *state.config();
    let census = census(state);
    let Frame { width, height, .. } = frame();
    let mut svg = Svg::new(width, height, &state.to_string());
    svg.rect(0, 0, width, height, 0, Paint::fill(PAPER));
    svg.group_at("board", MARGIN, MARGIN);
    svg.rect(-8, -8, SIZE + 16, SIZE + 16, 14, Paint::both(BOARD, FRAME, 4));
    for colour in Colour::ALL {
        draw_home(&mut svg, config.colours().contains(colour), &census, colour);
    }
    draw_track(&mut svg, &config);
    for colour in Colour::ALL {
        draw_corridor(&mut svg, config.colours().contains(colour), colour);
    }
    draw_goals(&mut svg, &config);
    marks(last).draw(&mut svg, shape);
    draw_spots(&mut svg, &spots(&config));
    svg.group("tokens");
    for (loc, counts) in census.iter() {
        svg.tokens_on(Some(loc.spot_id()), Owner::Colour);
        draw_cell_tokens(&mut svg, loc, counts);
    }
    svg.tokens_on(None, Owner::Colour);
    svg.end_group();
    svg.end_group();
    draw_caption(&mut svg, MARGIN, MARGIN + SIZE + 6, SIZE, &caption(state));
    svg.finish()
}

/// The 68 track cells: exits filled in their colour, safe cells with ★, each with its number.
fn draw_track(svg: &mut Svg, config: &Config) {
    svg.group("track");
    for n in 1..=TRACK {
        let Some((col, row)) = grid_cell(Loc::Track(n)) else { continue };
        let (x, y) = (col * CELL, row * CELL);
        let owner = Colour::ALL.into_iter().find(|&c| exit(c) == n);
        let (fill, ink) = match owner {
            Some(colour) => (tint_in(colour, config.colours()).main, tint_in(colour, config.colours()).ink),
            None if is_safe(n) => ("#ece1c8", INK),
            None => ("#ffffff", INK),
        };
        svg.rect(x + 1, y + 1, CELL - 2, CELL - 2, 4, Paint::both(fill, FRAME, 1));
        let label = Font::new(11, ink).bold().anchor(Anchor::Start);
        svg.text(x + 3, y + 12, label, &n.to_string());
        if is_safe(n) {
            svg.text(x + CELL - 3, y + 13, Font::new(13, ink).anchor(Anchor::End), "★");
        }
    }
    svg.end_group();
}

/// A colour's corridor: seven cells in its tint up the middle of its arm.
fn draw_corridor(svg: &mut Svg, playing: bool, colour: Colour) {
    let tint = if playing { tint(colour) } else { ABSENT };
    svg.group("corridor");
    for k in 1..=CORRIDOR {
        let Some((col, row)) = grid_cell(Loc::Corridor(colour, k)) else { continue };
        let (x, y) = (col * CELL, row * CELL);
        svg.rect(x + 1, y + 1, CELL - 2, CELL - 2, 4, Paint::both(tint.soft, tint.main, 2));
        let label = Font::new(10, tint.dark).anchor(Anchor::Start);
        svg.text(x + 4, y + 12, label, &format!("c{k}"));
    }
    svg.end_group();
}

/// The centre square: a triangle per colour, its goal, pointing out along its arm.
fn draw_goals(svg: &mut Svg, config: &Config) {
    let centre = (SIZE / 2, SIZE / 2);
    let (a, b) = (ARM * CELL, CENTRE_EDGE);
    svg.group("goals");
    for colour in Colour::ALL {
        let tint = tint_in(colour, config.colours());
        let corners = [
            turn((a, b), colour.index(), SIZE),
            turn((b, b), colour.index(), SIZE),
            turn(centre, colour.index(), SIZE),
        ];
        svg.polygon(&corners, Paint::both(tint.soft, tint.main, 2));
    }
    svg.end_group();
}

/// A home: the corner square in its colour, a ring with a slot per token, filled for those at
/// home, and the count. A colour not in play gets a grey corner saying so.
fn draw_home(svg: &mut Svg, playing: bool, census: &Census<Loc>, colour: Colour) {
    let (x, y, w, h) = home_rect(colour);
    let (cx, cy) = home_centre(colour);
    let tint = if playing { tint(colour) } else { ABSENT };
    svg.group("home");
    svg.rect(x + 10, y + 10, w - 20, h - 20, 20, Paint::both(tint.main, tint.dark, 3));
    svg.circle(cx, cy, HOME_R, Paint::both(tint.light, tint.dark, 2));
    svg.centred_label(cx, cy - 64, Font::new(20, tint.dark).bold(), &colour_label(colour));
    if playing {
        let home = census.at(Loc::Home(colour))[colour.index()];
        let goal = census.at(Loc::Goal(colour))[colour.index()];
        svg.tokens_on(Some(Loc::Home(colour).spot_id()), Owner::Colour);
        for slot in 0..4u8 {
            let dx = if slot % 2 == 0 { -28 } else { 28 };
            let dy = if slot < 2 { -22 } else { 26 };
            if slot < home {
                draw_disc(svg, cx + dx, cy + dy, 20, colour);
            } else {
                svg.circle(cx + dx, cy + dy, 20, Paint::line(tint.soft, 2).dashed());
            }
        }
        svg.tokens_on(None, Owner::Colour);
        let label = Label::new("board-home-goal", format!("home {home} · goal {goal}"))
            .number("home", home)
            .number("goal", goal);
        svg.centred_label(cx, cy + 70, Font::new(14, tint.dark), &label);
    } else {
        svg.centred_label(cx, cy + 12, Font::new(16, FAINT), &Label::new("board-not-playing", "not playing"));
    }
    svg.end_group();
}

/// The tokens on one place. On a cell, each token is its own disc (two at most), and a barrier
/// (two of a colour on a safe cell) gets a frame in that colour; goals show a stack and count.
fn draw_cell_tokens(svg: &mut Svg, loc: Loc, counts: [u8; 4]) {
    match loc {
        Loc::Home(_) => {}
        Loc::Goal(colour) => {
            let (cx, cy) = goal_spot(colour);
            draw_stack(svg, cx, cy, GOAL_R, colour, counts[colour.index()]);
        }
        Loc::Track(_) | Loc::Corridor(..) => {
            let Some(cell) = grid_cell(loc) else { return };
            let (cx, cy) = cell_centre(cell);
            let cy = cy + 5;
            let tokens: Vec<Colour> = Colour::ALL
                .into_iter()
                .zip(counts)
                .flat_map(|(c, n)| core::iter::repeat_n(c, usize::from(n)))
                .collect();
            match tokens.as_slice() {
                [one] => draw_disc(svg, cx, cy, TOKEN_R, *one),
                [a, b] => {
                    draw_disc(svg, cx - 9, cy, 8, *a);
                    draw_disc(svg, cx + 9, cy, 8, *b);
                    if a == b && matches!(loc, Loc::Track(n) if is_safe(n)) {
                        svg.rect(cx - 19, cy - 11, 38, 22, 11, Paint::line(tint(*a).dark, 3));
                    }
                }
                _ => super::draw_tokens(svg, cx, cy, TOKEN_R, counts),
            }
        }
    }
}

/// What the position is waiting for, as labels a caption joins.
fn status_parts(state: &State) -> Vec<Label> {
    let mut parts = Vec::new();
    match state.phase() {
        Phase::Over(outcome) => {
            let count = outcome.winners.len();
            let verb = if count == 1 { "wins" } else { "win" };
            parts.push(
                Label::new("board-game-over-win", format!("Game over: {} {verb}", names(outcome.winners)))
                    .colours("winners", outcome.winners)
                    .number("count", u8::try_from(count).unwrap_or(u8::MAX)),
            );
        }
        Phase::Chance => {
            let turn = state.turn();
            parts.push(Label::new("board-to-roll", format!("{} to roll", title_name(turn))).colour("colour", turn));
        }
        Phase::Decide(seat) => {
            let (actor, turn) = (state.actor(), state.turn());
            let english = format!("{} to play (seat {seat})", title_name(actor));
            let seat_number = u8::try_from(seat.index()).unwrap_or(u8::MAX);
            parts.push(Label::new("board-to-play-seat", english).colour("colour", actor).number("seat", seat_number));
            if actor != turn {
                parts.push(Label::new("board-turn-of", format!("{}'s turn", title_name(turn))).colour("colour", turn));
            }
            if let Some(roll) = state.roll() {
                parts.push(Label::new("board-rolled", format!("rolled {roll}")).text("roll", roll.to_string()));
            }
            let dice: Vec<u8> = state.pending_dice().map(|d| d.value()).collect();
            match dice.as_slice() {
                [] => parts.push(Label::new("board-dice-used", "dice used")),
                [die] => parts.push(Label::new("board-die-left", format!("{die} left")).number("die", *die)),
                _ => {}
            }
            if let Some(bonus) = state.bonus() {
                let english = format!("bonus {} for {}", bonus.amount, title_name(bonus.colour));
                parts.push(
                    Label::new("board-bonus-for", english)
                        .number("amount", bonus.amount)
                        .colour("colour", bonus.colour),
                );
            }
        }
    }
    parts
}

/// The mode, each pair of partners, and doubles in a row.
fn detail_parts(state: &State) -> Vec<Label> {
    let config = state.config();
    let mut parts = Vec::new();
    let mode = config.mode().name();
    parts.push(Label::new("board-mode", format!("{mode} mode")).text("mode", mode));
    if config.mode().has_partners() {
        for colour in config.colours().iter().filter(|c| c.index() < 2) {
            let partner = colour.opposite();
            let english = format!("{} with {}", title_name(colour), title_name(partner));
            parts.push(Label::new("board-partners", english).colour("colour", colour).colour("partner", partner));
        }
    }
    if state.doubles() > 0 && !state.is_over() {
        let english = format!("doubles in a row: {}", state.doubles());
        parts.push(Label::new("board-doubles", english).number("count", state.doubles()));
    }
    parts
}

fn caption(state: &State) -> Caption {
    let config = state.config();
    let title =
        Label::new("board-title-parchis", format!("Parchís · {config} · ★ safe")).text("config", config.to_string());
    Caption {
        colour: match state.outcome() {
            None => Some(state.actor()),
            Some(outcome) => single(outcome.winners),
        },
        status: status_parts(state),
        detail: detail_parts(state),
        title: alloc::vec![title],
    }
}

/// The board as text: the cross with four characters and two lines a cell (its name, and under it
/// its tokens), the homes' counts in the corners, the goals' in the centre, and the status below.
pub(super) fn text(state: &State, last: &[game::Event]) -> String {
    let config = *state.config();
    let census = census(state);
    let marks = marks(last);
    let cells = CELLS as usize;
    let mut grid = CharGrid::new(4 * cells, 2 * cells);
    for n in 1..=TRACK {
        let loc = Loc::Track(n);
        let Some(cell) = grid_cell(loc) else { continue };
        let label = text_cell(number_chars(n), if is_safe(n) { '*' } else { ' ' }, marks.get(loc));
        put_text_cell(&mut grid, cell, label, &token_letters(census.at(loc)));
    }
    for colour in Colour::ALL {
        let playing = config.colours().contains(colour);
        for k in 1..=CORRIDOR {
            let loc = Loc::Corridor(colour, k);
            let Some(cell) = grid_cell(loc) else { continue };
            let name = char::from_digit(u32::from(k), 10).unwrap_or('?');
            let own = colour.letter().to_ascii_lowercase();
            let label = text_cell(if playing { [own, name] } else { ['.', '.'] }, ' ', marks.get(loc));
            put_text_cell(&mut grid, cell, label, &token_letters(census.at(loc)));
        }
        if playing {
            let goal = Loc::Goal(colour);
            let count = census.at(goal)[colour.index()];
            let digit = char::from_digit(u32::from(count.min(9)), 10).unwrap_or('+');
            let cell = turn((ARM + 1, ARM + 2), colour.index(), CELLS - 1);
            put_text_cell(&mut grid, cell, text_cell([colour.letter(), digit], ' ', marks.get(goal)), "");
        }
        write_home(&mut grid, state, &census, &marks, colour);
    }
    let mut out = String::new();
    out.push_str(&format!("{config}\n"));
    grid.write_into(&mut out);
    out.push_str(&english(&status_parts(state)));
    out.push('\n');
    out.push_str(&english(&detail_parts(state)));
    out.push('\n');
    let exits: Vec<String> = config.colours().iter().map(|c| format!("{}{}", c.letter(), exit(c))).collect();
    out.push_str(&format!("* safe (exits {})  y1..y7 corridors  Y2 in the centre: 2 at the goal\n", exits.join(" ")));
    out.push_str("Tokens stand under their cell: Y one token, YY two of a colour, YR two colours\n");
    out.push_str("( ) last move from  [ ] last move to\n");
    out
}

/// A home corner in text: the colour's name, its tokens at home and at the goal.
fn write_home(grid: &mut CharGrid, state: &State, census: &Census<Loc>, marks: &Marks<Loc>, colour: Colour) {
    let (x, y, w, _) = home_rect(colour);
    let (Ok(col), Ok(row), Ok(width)) =
        (usize::try_from(x / CELL), usize::try_from(y / CELL), usize::try_from(w / CELL))
    else {
        return;
    };
    let (span, row) = (4 * width, 2 * row);
    let name = title_name(colour).to_ascii_uppercase();
    grid.put_centred(4 * col, span, row + 4, &name);
    if !state.config().colours().contains(colour) {
        grid.put_centred(4 * col, span, row + 7, "(not playing)");
        return;
    }
    let home = census.at(Loc::Home(colour))[colour.index()];
    let goal = census.at(Loc::Goal(colour))[colour.index()];
    let bracket = |text: String, loc: Loc| match marks.get(loc) {
        Some(mark) => {
            let (open, close) = mark.brackets();
            format!("{open}{text}{close}")
        }
        None => text,
    };
    grid.put_centred(4 * col, span, row + 7, &bracket(format!("home {home}"), Loc::Home(colour)));
    grid.put_centred(4 * col, span, row + 8, &format!("goal {goal}"));
    let note = match state.phase() {
        Phase::Over(outcome) if outcome.winners.contains(colour) => "wins",
        Phase::Chance if state.turn() == colour => "to roll",
        Phase::Decide(_) if state.actor() == colour => "to play",
        _ => "",
    };
    grid.put_centred(4 * col, span, row + 9, note);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arms_are_centred_on_the_entries() {
        assert_eq!(arm_of(68), Some((Colour::Yellow, 8)));
        assert_eq!(arm_of(60), Some((Colour::Yellow, 0)));
        assert_eq!(arm_of(1), Some((Colour::Yellow, 9)));
        assert_eq!(arm_of(9), Some((Colour::Blue, 0)));
        assert_eq!(arm_of(17), Some((Colour::Blue, 8)));
        assert_eq!(arm_of(0), None);
        assert_eq!(arm_of(69), None);
        // Yellow's exit is on the right column of the bottom arm, next to the bottom-right home.
        assert_eq!(grid_cell(Loc::Track(5)), Some((10, 14)));
        assert_eq!(home_rect(Colour::Yellow), (11 * CELL, 11 * CELL, 8 * CELL, 8 * CELL));
        assert_eq!(home_rect(Colour::Blue), (11 * CELL, 0, 8 * CELL, 8 * CELL));
        assert_eq!(grid_cell(Loc::Track(22)), Some((14, 8)));
    }

    #[test]
    fn every_cell_has_its_own_square() {
        let mut seen = Vec::new();
        let places = (1..=TRACK)
            .map(Loc::Track)
            .chain(Colour::ALL.into_iter().flat_map(|c| (1..=CORRIDOR).map(move |k| Loc::Corridor(c, k))));
        for loc in places {
            let cell = grid_cell(loc).unwrap();
            assert!(!seen.contains(&cell), "{loc:?} on {cell:?}");
            seen.push(cell);
        }
        assert_eq!(seen.len(), 68 + 28);
    }
}
