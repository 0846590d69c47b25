//! Cartas's board as one seat sees it: a square ring of 64 cells, the corridors, and a panel per
//! seat with its home and its hand.
//!
//! The SVG is a grid of 17 × 17 cells of 44 px, drawn as seat 0's part and turned a quarter
//! *clockwise* for each next seat, because Cartas is played clockwise: seat 0 (Yellow) sits at the
//! bottom, seat 1 (Blue) on its left, seat 2 (Red) at the top and seat 3 (Green) on the right.
//! - The track is the ring of the grid's 64 border cells, round holes numbered 0 to 63 clockwise
//!   (the numbers stand outside the ring). Each seat's start cell is the middle of its side
//!   (seat 0's cell 0 at the bottom, 16 on the left, 32 at the top, 48 on the right), filled in
//!   its colour; its quarter runs from there through the corner (cell 8) and up the next side to
//!   cell 15, just short of the next start, on a band in its tint.
//! - Each corridor's four cells `c1`..`c4` run from the start cell straight towards the centre.
//! - Each seat's panel fills the inner corner of its quarter: its name, its home (a slot per token,
//!   filled for those at home, with the count), how many tokens it has in its corridor, its cards,
//!   what it passed and received in the exchange, and whether it leads the round. The seat the
//!   view belongs to sees its hand face up (rank letters, `*` the joker); every other hand is drawn
//!   as card backs, as many as it holds. The centre holds the draw pile and the discard pile with
//!   their sizes.
//! - A token blocking its start stands on a dark octagon.
//! - The last move: a walk (each share of a 7 too) marks the cell it left and the cell it reached;
//!   a token brought out marks its home box as left and its start as reached; a captured token's
//!   home box is marked as reached; a swap marks both cells as reached, since a token arrived on
//!   each. Cards passed, dealt or stolen mark nothing.
//! - The caption says the round (counted from 1) and its deal, the stage and who is to act, whose
//!   view it is, the exchange as this seat knows it, the last theft of the round (its card only if
//!   the view shows it) and the result once over.
//!
//! A view has no position text, so the SVG's title is the view written the same way: the
//! position fields a seat may see, with `seen_by`, the seat's own `hand`, every hand's size, and
//! the draw pile's size.
//!
//! The text picture draws the same ring with four characters and two lines a cell (68 columns):
//! track cells by number (`*` marks a start cell) and corridors as `y1`..`y4`, each with its
//! token on the line under as its seat's letter (`Y!` when it blocks its start); the piles in the
//! centre and each seat's panel in its corner.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write;

use super::grid::CharGrid;
use super::svg::{Anchor, Font, Label, Paint, Svg};
use super::{
    BOARD, CAPTION_HEIGHT, Caption, Census, FAINT, FRAME, Frame, GOLD, Geometry, INK, Mark, Marks, PAPER, Shape,
    draw_caption, draw_disc, draw_spots, draw_tokens, number_chars, put_text_cell, text_cell, tint, title_name,
    token_letters, turn,
};
use crate::cartas::{Board, CORRIDOR, Event, QUARTER, Rank, Spot, Stage, TOKENS, TRACK, Theft, View, movement, start};
use crate::colour::Colour;
use crate::game;
use crate::movement::{Owner, SpotId};
use crate::seat::Seat;

/// A cell's side, in pixels.
const CELL: i32 = 44;
/// Cells across the board.
const CELLS: i32 = 17;
const SIZE: i32 = CELLS * CELL;
/// The middle cell of a side, where a start cell is.
const MIDDLE: i32 = (CELLS - 1) / 2;
/// Paper around the board, room for the cell numbers outside the ring.
const MARGIN: i32 = 36;
/// How far the board's frame reaches outside the grid.
const FRAME_OUT: i32 = 30;
/// A track cell's radius.
const HOLE_R: i32 = 17;
/// A token's radius.
const TOKEN_R: i32 = 12;
/// Half the side of a corridor cell.
const LANE_HALF: i32 = 17;
/// The side of a seat's panel, and its corner on seat 0's side (its inner bottom-left corner).
const PANEL: i32 = 248;
const PANEL_X: i32 = 74;
const PANEL_Y: i32 = 450;
/// Half the side of the central square with the piles.
const PILES_HALF: i32 = 70;
/// A card in a hand.
const CARD_W: i32 = 34;
const CARD_H: i32 = 54;
/// How far below a panel's top its row of cards is.
const HAND_TOP: i32 = 170;
/// A card on a pile.
const PILE_W: i32 = 40;
const PILE_H: i32 = 56;
/// The back of a card and its inner line.
const BACK: &str = "#4a3b5c";
const BACK_LINE: &str = "#b9a9cf";
/// The central square.
const PLAZA: &str = "#efe2c8";
/// The columns a seat's text panel may fill.
const TEXT_PANEL: usize = 27;

const _A_QUARTER_IS_HALF_A_SIDE_TWICE: () = assert!(QUARTER as i32 == 2 * MIDDLE && TRACK as i32 == 4 * QUARTER as i32);
const _CORRIDORS_STOP_SHORT_OF_THE_PILES: () =
    assert!((CELLS - 1 - CORRIDOR as i32) * CELL > SIZE / 2 + PILES_HALF + 6);
const _PANELS_CLEAR_THE_PILES_AND_THE_RING: () =
    assert!(PANEL_Y > SIZE / 2 + PILES_HALF && PANEL_Y + PANEL < (CELLS - 1) * CELL && PANEL_X + PANEL < MIDDLE * CELL);

/// The colour of a seat's tokens: its index (seat 0 yellow, 1 blue, 2 red, 3 green).
fn colour(seat: Seat) -> Colour {
    Colour::from_index(seat.index()).unwrap_or(Colour::Yellow)
}

/// The owner of the tokens drawn in `colour`: the seat of that index.
fn owner(colour: Colour) -> Owner {
    Owner::Seat(Seat::ALL[colour.index()])
}

/// `Red (seat 2)`.
fn seat_name(seat: Seat) -> String {
    format!("{} (seat {seat})", title_name(colour(seat)))
}

/// A seat as the messages take it: its number.
fn seat_number(seat: Seat) -> u8 {
    u8::try_from(seat.index()).unwrap_or(u8::MAX)
}

/// Anticlockwise quarter turns (what [`turn`] counts) that draw `seat`'s part: one clockwise
/// quarter per seat.
const fn quarters(seat: usize) -> usize {
    (4 - seat % 4) % 4
}

/// A place on the picture: a token's [`Spot`] made absolute (corridors and homes belong to the
/// token's seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loc {
    Track(u8),
    Corridor(Seat, u8),
    Home(Seat),
}

impl Loc {
    fn of(seat: Seat, spot: Spot) -> Loc {
        match spot {
            Spot::Track(n) => Loc::Track(n),
            Spot::Corridor(k) => Loc::Corridor(seat, k),
            Spot::Home => Loc::Home(seat),
        }
    }
}

/// The grid cell of step `k` (0..16) of seat 0's quarter: from the middle of the bottom row
/// leftwards to the corner, then up the left column.
const fn quarter_cell(k: i32) -> (i32, i32) {
    if k <= MIDDLE { (MIDDLE - k, CELLS - 1) } else { (0, CELLS - 1 - (k - MIDDLE)) }
}

/// The grid cell (column, row) of a track or corridor cell.
fn grid_cell(loc: Loc) -> Option<(i32, i32)> {
    match loc {
        Loc::Track(n) if n < TRACK => {
            let (seat, k) = (usize::from(n / QUARTER), i32::from(n % QUARTER));
            Some(turn(quarter_cell(k), quarters(seat), CELLS - 1))
        }
        Loc::Corridor(seat, k) if (1..=CORRIDOR).contains(&k) => {
            Some(turn((MIDDLE, CELLS - 1 - i32::from(k)), quarters(seat.index()), CELLS - 1))
        }
        _ => None,
    }
}

fn cell_centre((col, row): (i32, i32)) -> (i32, i32) {
    (col * CELL + CELL / 2, row * CELL + CELL / 2)
}

/// A rectangle of seat 0's part, turned to `seat`'s: (x, y, width, height).
fn turned_rect(seat: Seat, x: i32, y: i32, w: i32, h: i32) -> (i32, i32, i32, i32) {
    let q = quarters(seat.index());
    let (ax, ay) = turn((x, y), q, SIZE);
    let (bx, by) = turn((x + w, y + h), q, SIZE);
    (ax.min(bx), ay.min(by), (ax - bx).abs(), (ay - by).abs())
}

/// The top-left corner of a seat's panel (the panel is a square, upright for every seat).
fn panel_origin(seat: Seat) -> (i32, i32) {
    let (x, y, _, _) = turned_rect(seat, PANEL_X, PANEL_Y, PANEL, PANEL);
    (x, y)
}

/// The home box inside a seat's panel.
fn home_rect(seat: Seat) -> (i32, i32, i32, i32) {
    let (x, y) = panel_origin(seat);
    (x + 12, y + 50, 100, 92)
}

fn shape(loc: Loc) -> Option<Shape> {
    match loc {
        Loc::Track(_) => {
            let (cx, cy) = cell_centre(grid_cell(loc)?);
            Some(Shape::Circle { cx, cy, r: HOLE_R })
        }
        Loc::Corridor(..) => {
            let (cx, cy) = cell_centre(grid_cell(loc)?);
            Some(Shape::Rect { x: cx - LANE_HALF, y: cy - LANE_HALF, w: 2 * LANE_HALF, h: 2 * LANE_HALF })
        }
        Loc::Home(seat) => {
            let (x, y, w, h) = home_rect(seat);
            Some(Shape::Rect { x, y, w, h })
        }
    }
}

impl Loc {
    /// The spot's name, as movements and `data-spot` give it.
    fn spot_id(self) -> SpotId {
        match self {
            Loc::Track(n) => movement::spot_id(Seat::ALL[0], Spot::Track(n)),
            Loc::Corridor(seat, k) => movement::spot_id(seat, Spot::Corridor(k)),
            Loc::Home(seat) => movement::spot_id(seat, Spot::Home),
        }
    }
}

/// The picture's size, and where the board starts in it.
fn frame() -> Frame {
    let caption_top = MARGIN + SIZE + FRAME_OUT;
    Frame { width: SIZE + 2 * MARGIN, height: caption_top + CAPTION_HEIGHT + 6, left: MARGIN, top: MARGIN }
}

/// Every spot of the board, named, with its shape on the board: the track, and each seat's
/// corridor and home; then the cards' places: the draw pile (`pile`), the discards
/// (`discards`) and each seat's hand (`2:hand`), where cards are dealt, played and passed.
fn spots() -> Vec<(SpotId, Shape)> {
    let track = (0..TRACK).map(Loc::Track);
    let owned = Seat::ALL
        .into_iter()
        .flat_map(|seat| (1..=CORRIDOR).map(move |k| Loc::Corridor(seat, k)).chain([Loc::Home(seat)]));
    let mut spots: Vec<(SpotId, Shape)> =
        track.chain(owned).filter_map(|loc| Some((loc.spot_id(), shape(loc)?))).collect();
    let (c, top) = (SIZE / 2, SIZE / 2 - PILE_H / 2 - 10);
    spots.push((SpotId::shared("pile"), Shape::Rect { x: c - 58, y: top, w: PILE_W, h: PILE_H }));
    spots.push((SpotId::shared("discards"), Shape::Rect { x: c + 18, y: top, w: PILE_W, h: PILE_H }));
    for seat in Seat::ALL {
        let (x, y) = panel_origin(seat);
        let hand = Shape::Rect { x: x + 12, y: y + HAND_TOP, w: PANEL - 24, h: CARD_H };
        spots.push((SpotId::owned(crate::movement::Owner::Seat(seat), "hand"), hand));
    }
    spots
}

/// Where the spots of the board are in its picture.
pub(super) fn geometry() -> Geometry {
    Geometry::new(frame(), spots())
}

/// Every token on the board, counted by place.
fn census(board: &Board) -> Census<Loc> {
    let mut census = Census::new();
    for seat in Seat::ALL {
        for token in board.tokens(seat) {
            census.add(Loc::of(seat, token.spot), colour(seat));
        }
    }
    census
}

/// The seat whose token blocks track cell `n`, if one does.
fn blocker(board: &Board, n: u8) -> Option<Seat> {
    Seat::ALL.into_iter().find(|&seat| start(seat) == n && board.is_blocking(seat))
}

/// The places the events of the last step moved tokens from and to. A swap marks both cells as
/// reached, since a token arrived on each.
fn marks(last: &[game::Event]) -> Marks<Loc> {
    let mut marks = Marks::new();
    for event in last {
        let game::Event::Cartas(event) = event else { continue };
        match *event {
            Event::BroughtOut { seat, cell } => {
                marks.add(Loc::Home(seat), Mark::From);
                marks.add(Loc::Track(cell), Mark::To);
            }
            Event::Moved { seat, from, to } => {
                marks.add(Loc::of(seat, from), Mark::From);
                marks.add(Loc::of(seat, to), Mark::To);
            }
            // The capturer stands where the victim stood, so only the victim's home is new.
            Event::Captured { seat, .. } => marks.add(Loc::Home(seat), Mark::To),
            Event::Swapped { cell, other, .. } => {
                marks.add(Loc::Track(cell), Mark::To);
                marks.add(Loc::Track(other), Mark::To);
            }
            _ => {}
        }
    }
    marks
}

/// The board as SVG.
pub(super) fn svg(view: &View, last: &[game::Event]) -> String {
    let board = view.board();
    let census = census(board);
    let Frame { width, height, .. } = frame();
    let caption_top = MARGIN + SIZE + FRAME_OUT;
    let mut svg = Svg::new(width, height, &view_text(view));
    svg.rect(0, 0, width, height, 0, Paint::fill(PAPER));
    svg.group_at("board", MARGIN, MARGIN);
    svg.rect(-FRAME_OUT, -FRAME_OUT, SIZE + 2 * FRAME_OUT, SIZE + 2 * FRAME_OUT, 18, Paint::both(BOARD, FRAME, 4));
    // The corridors' lanes start under their start cells.
    for seat in Seat::ALL {
        draw_corridor(&mut svg, seat);
    }
    draw_track(&mut svg);
    draw_piles(&mut svg, view);
    for seat in Seat::ALL {
        draw_panel(&mut svg, view, &census, seat);
    }
    marks(last).draw(&mut svg, shape);
    draw_spots(&mut svg, &spots());
    svg.group("tokens");
    for (loc, counts) in census.iter() {
        let Some(cell) = grid_cell(loc) else { continue };
        let (cx, cy) = cell_centre(cell);
        if let Loc::Track(n) = loc {
            if let Some(seat) = blocker(board, n) {
                draw_octagon(&mut svg, cx, cy, tint(colour(seat)).dark);
            }
        }
        svg.tokens_on(Some(loc.spot_id()), owner);
        draw_tokens(&mut svg, cx, cy, TOKEN_R, counts);
    }
    svg.tokens_on(None, owner);
    svg.end_group();
    svg.end_group();
    draw_caption(&mut svg, MARGIN - FRAME_OUT, caption_top, SIZE + 2 * FRAME_OUT, &caption(view));
    svg.finish()
}

/// The ring: each quarter's band in its seat's tint, the 64 holes (start cells filled in their
/// seat's colour) and their numbers outside the ring.
fn draw_track(svg: &mut Svg) {
    svg.group("track");
    // Seat 0's quarter: the bottom row from the corner to the start, and the left column.
    let (i, side) = (3, (MIDDLE + 1) * CELL);
    let band = [
        (i, side + i),
        (CELL - i, side + i),
        (CELL - i, SIZE - CELL + i),
        (side - i, SIZE - CELL + i),
        (side - i, SIZE - i),
        (i, SIZE - i),
    ];
    for seat in Seat::ALL {
        let t = tint(colour(seat));
        let points: Vec<(i32, i32)> = band.iter().map(|&p| turn(p, quarters(seat.index()), SIZE)).collect();
        svg.polygon(&points, Paint::both(t.light, t.soft, 2));
    }
    for n in 0..TRACK {
        let Some(cell) = grid_cell(Loc::Track(n)) else { continue };
        let (cx, cy) = cell_centre(cell);
        let seat = Seat::new(usize::from(n / QUARTER)).unwrap_or(Seat::ALL[0]);
        let t = tint(colour(seat));
        let is_start = n % QUARTER == 0;
        let paint = if is_start { Paint::both(t.main, t.dark, 3) } else { Paint::both(PAPER, t.main, 2) };
        svg.circle(cx, cy, HOLE_R, paint);
        let (lx, ly) = turn(number_spot(i32::from(n % QUARTER)), quarters(seat.index()), SIZE);
        let font = if is_start { Font::new(12, t.dark).bold() } else { Font::new(10, FAINT) };
        svg.centred_text(lx, ly, font, &n.to_string());
    }
    svg.end_group();
}

/// Where the number of step `k` of seat 0's quarter goes: just outside the ring.
const fn number_spot(k: i32) -> (i32, i32) {
    let (cx, cy) = (quarter_cell(k).0 * CELL + CELL / 2, quarter_cell(k).1 * CELL + CELL / 2);
    if k < MIDDLE {
        (cx, cy + CELL / 2 + 9)
    } else if k == MIDDLE {
        (cx - CELL / 2 - 3, cy + CELL / 2 + 5)
    } else {
        (cx - CELL / 2 - 11, cy)
    }
}

/// A corridor: a lane in the seat's tint from its start cell inwards, four square cells and their
/// names beside them.
fn draw_corridor(svg: &mut Svg, seat: Seat) {
    let t = tint(colour(seat));
    let q = quarters(seat.index());
    let start_centre = cell_centre(turn((MIDDLE, CELLS - 1), q, CELLS - 1));
    let Some(end) = grid_cell(Loc::Corridor(seat, CORRIDOR)) else { return };
    svg.group("corridor");
    svg.polyline(&[start_centre, cell_centre(end)], Paint::line(t.soft, 2 * LANE_HALF - 6));
    for k in 1..=CORRIDOR {
        let base = cell_centre((MIDDLE, CELLS - 1 - i32::from(k)));
        let (cx, cy) = turn(base, q, SIZE);
        svg.rect(cx - LANE_HALF, cy - LANE_HALF, 2 * LANE_HALF, 2 * LANE_HALF, 6, Paint::both(t.soft, t.main, 2));
        let (lx, ly) = turn((base.0 + CELL / 2 + 11, base.1), q, SIZE);
        svg.centred_text(lx, ly, Font::new(10, t.dark).bold(), &format!("c{k}"));
    }
    svg.end_group();
}

/// The central square: the draw pile face down and the discard pile face up, each with its size.
fn draw_piles(svg: &mut Svg, view: &View) {
    let c = SIZE / 2;
    svg.group("piles");
    svg.rect(c - PILES_HALF, c - PILES_HALF, 2 * PILES_HALF, 2 * PILES_HALF, 12, Paint::both(PLAZA, FRAME, 2));
    let top = c - PILE_H / 2 - 10;
    // Where `spots` says the piles are.
    draw_pile(svg, c - 58, top, usize::from(view.pile_size()), true);
    draw_pile(svg, c + 18, top, view.discards().len(), false);
    let label = Font::new(12, INK);
    svg.centred_label(c - 38, c + 38, label, &Label::new("board-pile", "pile"));
    svg.centred_label(c + 38, c + 38, label, &Label::new("board-discards", "discards"));
    svg.end_group();
}

/// A pile of `count` cards: up to three layers (backs, or blank faces for the discards) with the
/// count on top; a dashed outline when empty.
fn draw_pile(svg: &mut Svg, x: i32, y: i32, count: usize, face_down: bool) {
    if count == 0 {
        svg.rect(x, y, PILE_W, PILE_H, 5, Paint::line(FAINT, 2).dashed());
        svg.centred_text(x + PILE_W / 2, y + PILE_H / 2, Font::new(16, FAINT).bold(), "0");
        return;
    }
    let layers = i32::try_from(count.min(3)).unwrap_or(3);
    for k in (0..layers).rev() {
        let (lx, ly) = (x + 3 * k, y - 3 * k);
        if face_down {
            draw_back(svg, lx, ly, PILE_W, PILE_H);
        } else {
            svg.rect(lx, ly, PILE_W, PILE_H, 5, Paint::both(PAPER, INK, 2));
        }
    }
    let ink = if face_down { PAPER } else { INK };
    svg.centred_text(x + PILE_W / 2, y + PILE_H / 2, Font::new(16, ink).bold(), &count.to_string());
}

/// A card face down.
fn draw_back(svg: &mut Svg, x: i32, y: i32, w: i32, h: i32) {
    svg.rect(x, y, w, h, 5, Paint::both(BACK, INK, 1));
    svg.rect(x + 4, y + 4, w - 8, h - 8, 3, Paint::line(BACK_LINE, 1));
}

/// A card face up: its rank letter, the joker `*` in gold.
fn draw_face(svg: &mut Svg, x: i32, y: i32, w: i32, h: i32, rank: Rank) {
    svg.card_rect(x, y, w, h, rank.letter(), Paint::both(PAPER, INK, 2));
    let ink = if rank == Rank::Joker { GOLD } else { INK };
    let letter = rank.letter().to_string();
    svg.centred_text(x + w / 2, y + h / 2, Font::new(22, ink).bold(), &letter);
    svg.text(x + 4, y + 12, Font::new(10, ink).bold().anchor(Anchor::Start), &letter);
}

/// A dark octagon under a token that blocks its start.
fn draw_octagon(svg: &mut Svg, cx: i32, cy: i32, fill: &str) {
    let (a, b) = (8, 19);
    let points =
        [(-a, -b), (a, -b), (b, -a), (b, a), (a, b), (-a, b), (-b, a), (-b, -a)].map(|(x, y)| (cx + x, cy + y));
    svg.polygon(&points, Paint::fill(fill));
}

/// A seat's panel: its name and what it is doing, its home with a slot per token, its corridor
/// count, its cards (face up for the seat whose view it is, backs for the others), and the
/// exchange as this view knows it.
fn draw_panel(svg: &mut Svg, view: &View, census: &Census<Loc>, seat: Seat) {
    let t = tint(colour(seat));
    let (x, y) = panel_origin(seat);
    let own = seat == view.seat();
    svg.group(if own { "seat own" } else { "seat" });
    let frame = if own { Paint::both(t.light, t.dark, 4) } else { Paint::both(t.light, t.main, 2) };
    svg.rect(x, y, PANEL, PANEL, 14, frame);
    let name = Label::new("board-seat", format!("{} · seat {seat}", title_name(colour(seat))))
        .number("seat", seat_number(seat));
    svg.label(x + 12, y + 26, Font::new(16, t.dark).bold().anchor(Anchor::Start), &name);
    if own {
        svg.rect(x + PANEL - 56, y + 11, 44, 20, 10, Paint::fill(t.dark));
        svg.centred_label(x + PANEL - 34, y + 21, Font::new(12, PAPER).bold(), &Label::new("board-you", "you"));
    }

    let home = census.at(Loc::Home(seat))[colour(seat).index()];
    let (hx, hy, hw, hh) = home_rect(seat);
    svg.rect(hx, hy, hw, hh, 10, Paint::both(PAPER, t.main, 2));
    let label = Label::new("board-home-count", format!("home {home}")).number("count", home);
    svg.centred_label(hx + hw / 2, hy + 12, Font::new(12, t.dark).bold(), &label);
    svg.tokens_on(Some(Loc::Home(seat).spot_id()), owner);
    for slot in 0..TOKENS {
        let slot = i32::try_from(slot).unwrap_or(0);
        let sx = hx + hw / 2 + if slot % 2 == 0 { -22 } else { 22 };
        let sy = hy + 44 + 30 * (slot / 2);
        if slot < i32::from(home) {
            draw_disc(svg, sx, sy, 13, colour(seat));
        } else {
            svg.circle(sx, sy, 13, Paint::line(t.soft, 2).dashed());
        }
    }
    svg.tokens_on(None, owner);

    // Each line: a glyph before it (the note's ▶), its label, and whether it is bold.
    let mut lines: Vec<(&str, Label, bool)> = Vec::new();
    if let Some(note) = seat_note(view, seat) {
        lines.push(("▶ ", note, true));
    }
    let in_corridor = view.board().in_corridor(seat);
    let corridor = Label::new("board-corridor-count", format!("corridor {in_corridor} of {TOKENS}"))
        .number("count", u8::try_from(in_corridor).unwrap_or(u8::MAX))
        .number("total", u8::try_from(TOKENS).unwrap_or(u8::MAX));
    lines.push(("", corridor, false));
    lines.extend(exchange_line(view, seat).map(|line| ("", line, false)));
    if leads(view, seat) {
        lines.push(("", Label::new("board-leads", "leads the round"), false));
    }
    for (i, (glyph, line, bold)) in lines.iter().enumerate() {
        let i = i32::try_from(i).unwrap_or(0);
        let font = Font::new(12, INK).anchor(Anchor::Start);
        svg.labels(
            x + 124,
            hy + 14 + 19 * i,
            if *bold { font.bold() } else { font },
            glyph,
            core::slice::from_ref(line),
        );
    }

    let count = view.hand_sizes()[seat.index()];
    let label = if own {
        Label::new("board-your-hand", format!("your hand ({count})")).number("count", count)
    } else {
        let english = match count {
            0 => "no cards".to_string(),
            1 => "1 card, face down".to_string(),
            n => format!("{n} cards, face down"),
        };
        Label::new("board-hand-hidden", english).number("count", count)
    };
    let count = usize::from(count);
    let cards_top = y + HAND_TOP;
    svg.label(x + 12, cards_top - 8, Font::new(12, t.dark).anchor(Anchor::Start), &label);
    let ranks: Vec<Rank> = if own { view.hand().cards().collect() } else { Vec::new() };
    let shown = if own { ranks.len() } else { count }.min(24);
    let room = PANEL - 24 - CARD_W;
    let step = match i32::try_from(shown).unwrap_or(1) {
        0 | 1 => 0,
        n => (room / (n - 1)).min(CARD_W + 4),
    };
    for k in 0..shown {
        let cx = x + 12 + step * i32::try_from(k).unwrap_or(0);
        match ranks.get(k) {
            Some(&rank) => draw_face(svg, cx, cards_top, CARD_W, CARD_H, rank),
            None => draw_back(svg, cx, cards_top, CARD_W, CARD_H),
        }
    }
    svg.end_group();
}

/// What a seat is doing, for its panel: to play, to pass, wins, … (a seat that has passed its
/// card in the exchange says so on its exchange line).
fn seat_note(view: &View, seat: Seat) -> Option<Label> {
    let turn = view.turn() == seat;
    let (id, english) = match view.stage() {
        Stage::Over(outcome) => (outcome.winner == seat).then_some(("board-note-wins", "wins"))?,
        Stage::Deal => turn.then_some(("board-note-next-card", "next card"))?,
        Stage::Exchange => turn.then_some(("board-note-to-pass", "to pass"))?,
        Stage::Play => turn.then_some(("board-note-to-play", "to play"))?,
        Stage::Theft { victim } if victim == seat => ("board-note-robbed", "robbed"),
        Stage::Theft { .. } => turn.then_some(("board-note-steals", "steals"))?,
    };
    Some(Label::new(id, english))
}

/// The exchange as this view knows it: the card this seat gave and the one it got, or whether
/// another seat has passed its card yet.
fn exchange_line(view: &View, seat: Seat) -> Option<Label> {
    if seat == view.seat() {
        match (view.gave(), view.received()) {
            (Some(gave), Some(got)) => Some(
                Label::new("board-gave-got", format!("gave {gave}, got {got}"))
                    .text("gave", gave.to_string())
                    .text("got", got.to_string()),
            ),
            (Some(gave), None) => Some(Label::new("board-gave", format!("gave {gave}")).text("gave", gave.to_string())),
            (None, Some(got)) => Some(Label::new("board-got", format!("got {got}")).text("got", got.to_string())),
            (None, None) => None,
        }
    } else if view.stage() == Stage::Exchange && view.chosen()[seat.index()] {
        Some(Label::new("board-passed-a-card", "passed a card"))
    } else {
        None
    }
}

/// Whether `seat` leads the round still being played.
fn leads(view: &View, seat: Seat) -> bool {
    view.first_player() == seat && !matches!(view.stage(), Stage::Over(_))
}

/// What the position is waiting for, as labels a caption joins.
fn status_parts(view: &View) -> Vec<Label> {
    let seat = view.turn();
    let turn = seat_name(seat);
    let mut parts = Vec::new();
    if let Stage::Over(outcome) = view.stage() {
        let english = format!("Game over: {} wins", seat_name(outcome.winner));
        parts.push(Label::new("board-game-over-seat-wins", english).number("seat", seat_number(outcome.winner)));
        return parts;
    }
    let round = u32::from(view.round()) + 1;
    parts.push(Label::new("board-round", format!("Round {round}")).number("round", round));
    let cards = view.deal_size();
    parts.push(Label::new("board-cards-each", format!("{cards} cards each")).number("cards", cards));
    let (stage, doing) = match view.stage() {
        Stage::Deal => {
            (Label::new("board-stage-deal", "deal"), Label::new("board-next-card-to", format!("next card to {turn}")))
        }
        Stage::Exchange => (
            Label::new("board-stage-exchange", "exchange"),
            Label::new("board-seat-to-pass", format!("{turn} to pass a card")),
        ),
        Stage::Play => {
            (Label::new("board-stage-play", "play"), Label::new("board-seat-to-play", format!("{turn} to play")))
        }
        Stage::Theft { victim } => {
            let english = format!("{turn} steals from {}", seat_name(victim));
            let steals = Label::new("board-steals-from", english).number("seat", seat_number(seat));
            parts.push(Label::new("board-stage-play", "play"));
            parts.push(steals.number("victim", seat_number(victim)));
            return parts;
        }
        Stage::Over(_) => return parts,
    };
    parts.push(stage);
    parts.push(doing.number("seat", seat_number(seat)));
    parts
}

/// Whose view it is, the exchange as this seat knows it, the last theft, and the result.
fn detail_parts(view: &View) -> Vec<Label> {
    let mut parts = Vec::new();
    let seen_by = Label::new("board-seen-by", format!("seen by {}", seat_name(view.seat())));
    parts.push(seen_by.number("seat", seat_number(view.seat())));
    if let Stage::Over(outcome) = view.stage() {
        let english = format!("{} brought all four tokens into its corridor", title_name(colour(outcome.winner)));
        parts.push(Label::new("board-all-in-corridor", english).number("seat", seat_number(outcome.winner)));
        return parts;
    }
    match (view.gave(), view.received()) {
        (Some(gave), Some(got)) => parts.push(
            Label::new("board-gave-received", format!("gave {gave}, received {got}"))
                .text("gave", gave.to_string())
                .text("received", got.to_string()),
        ),
        (Some(gave), None) => {
            parts.push(Label::new("board-gave", format!("gave {gave}")).text("gave", gave.to_string()))
        }
        (None, Some(got)) => {
            parts.push(Label::new("board-received", format!("received {got}")).text("received", got.to_string()));
        }
        (None, None) => {}
    }
    // The latest theft; the view text below lists them all.
    if let Some(theft) = view.thefts().last() {
        parts.push(theft_label(theft));
    }
    parts
}

/// `theft: Blue (seat 1) took Q from Red (seat 2)`, or `took a card` when the view hides it.
fn theft_label(theft: Theft) -> Label {
    let (card, english) = match theft.card {
        Some(card) => (card.to_string(), card.to_string()),
        None => ("hidden".to_string(), "a card".to_string()),
    };
    let english = format!("theft: {} took {english} from {}", seat_name(theft.thief), seat_name(theft.victim));
    Label::new("board-theft", english)
        .number("thief", seat_number(theft.thief))
        .number("victim", seat_number(theft.victim))
        .text("card", card)
}

fn caption(view: &View) -> Caption {
    Caption {
        colour: Some(colour(match view.stage() {
            Stage::Over(outcome) => outcome.winner,
            _ => view.turn(),
        })),
        status: status_parts(view),
        detail: detail_parts(view),
        title: caption_title(view),
    }
}

/// `Cartas · cartas (110 cards)`, with the key to the octagon when the deck's text leaves room
/// for it beside the key to the marks.
fn caption_title(view: &View) -> Vec<Label> {
    let config = view.config();
    let cards = config.deck().len();
    let title = Label::new("board-title-cartas", format!("Cartas · {config} ({cards} cards)"))
        .text("config", config.to_string())
        .number("cards", u32::try_from(cards).unwrap_or(u32::MAX));
    let key = Label::new("board-cartas-key", "octagon: blocks its start · clockwise");
    let width =
        title.english.chars().count() + super::svg::LABEL_SEPARATOR.chars().count() + key.english.chars().count();
    if width <= 72 { alloc::vec![title, key] } else { alloc::vec![title] }
}

/// The view written like a position text: what this seat may see, and nothing else.
fn view_text(view: &View) -> String {
    let mut out = String::new();
    let stage = match view.stage() {
        Stage::Deal => "deal",
        Stage::Exchange => "exchange",
        Stage::Play => "play",
        Stage::Theft { .. } => "theft",
        Stage::Over(_) => "over",
    };
    let _ = write!(out, "{} seen_by={} round={} stage={stage}", view.config(), view.seat(), view.round());
    let _ = match view.stage() {
        Stage::Deal => Ok(()),
        Stage::Exchange | Stage::Play => write!(out, " turn={}", view.turn()),
        Stage::Theft { victim } => write!(out, " turn={} victim={victim}", view.turn()),
        Stage::Over(outcome) => write!(out, " winner={}", outcome.winner),
    };
    let [a, b, c, d] = view.hand_sizes();
    let _ = write!(out, " tokens={} hand={} sizes={a}/{b}/{c}/{d}", view.board(), view.hand());
    if view.stage() == Stage::Exchange && view.chosen().contains(&true) {
        let chosen: Vec<String> =
            Seat::ALL.into_iter().filter(|s| view.chosen()[s.index()]).map(|s| s.to_string()).collect();
        let _ = write!(out, " chosen={}", chosen.join(","));
    }
    if let Some(card) = view.gave() {
        let _ = write!(out, " gave={card}");
    }
    if let Some(card) = view.received() {
        let _ = write!(out, " received={card}");
    }
    if !view.thefts().is_empty() {
        let _ = write!(out, " thefts={}", view.thefts());
    }
    if !view.discards().is_empty() {
        let _ = write!(out, " discards={}", view.discards());
    }
    let _ = write!(out, " pile={}", view.pile_size());
    out
}

/// The board as text: the ring with four characters and two lines a cell (its name, and under it
/// its token), the piles in the centre, each seat's panel in its corner, and the status below.
pub(super) fn text(view: &View, last: &[game::Event]) -> String {
    let board = view.board();
    let census = census(board);
    let marks = marks(last);
    let cells = CELLS as usize;
    let mut grid = CharGrid::new(4 * cells, 2 * cells);
    for n in 0..TRACK {
        let loc = Loc::Track(n);
        let Some(cell) = grid_cell(loc) else { continue };
        let mut tokens = token_letters(census.at(loc));
        if blocker(board, n).is_some() {
            tokens.push('!');
        }
        let label = text_cell(number_chars(n), if n % QUARTER == 0 { '*' } else { ' ' }, marks.get(loc));
        put_text_cell(&mut grid, cell, label, &tokens);
    }
    for seat in Seat::ALL {
        for k in 1..=CORRIDOR {
            let loc = Loc::Corridor(seat, k);
            let Some(cell) = grid_cell(loc) else { continue };
            let name = char::from_digit(u32::from(k), 10).unwrap_or('?');
            let own = colour(seat).letter().to_ascii_lowercase();
            put_text_cell(&mut grid, cell, text_cell([own, name], ' ', marks.get(loc)), &token_letters(census.at(loc)));
        }
        write_panel(&mut grid, view, &census, &marks, seat);
    }
    let piles = format!("pile {}   discards {}", view.pile_size(), view.discards().len());
    let middle = MIDDLE as usize;
    grid.put_centred(4 * (middle - 3), 4 * 7, 2 * middle, &piles);

    let mut out = String::new();
    let config = format!("{} ({} cards)", view.config(), view.config().deck().len());
    write_wrapped(&mut out, &[config, format!("seen by {}", seat_name(view.seat()))]);
    grid.write_into(&mut out);
    for parts in [status_parts(view), detail_parts(view)] {
        let parts: Vec<String> = parts.into_iter().map(|label| label.english).collect();
        write_wrapped(&mut out, &parts);
    }
    out.push_str("Tokens stand under their cell: Y a token of Yellow's, Y! one blocking its start\n");
    out.push_str("* start cell  y1..y4 corridors  # card face down\n");
    out.push_str("( ) last move from  [ ] last move to\n");
    out.push_str("Yellow 0 bottom, Blue 1 left, Red 2 top, Green 3 right; play runs clockwise\n");
    out
}

/// A seat's panel in text, in the inner corner of its quarter: up to seven lines of at most 27
/// columns, from the second line of the corner's first row of cells.
fn write_panel(grid: &mut CharGrid, view: &View, census: &Census<Loc>, marks: &Marks<Loc>, seat: Seat) {
    // Seat 0's corner: columns 1..=7, rows 9..=15.
    let q = quarters(seat.index());
    let (a, b) = (turn((1, MIDDLE + 1), q, CELLS - 1), turn((MIDDLE - 1, CELLS - 2), q, CELLS - 1));
    let (Ok(col), Ok(row)) = (usize::try_from(a.0.min(b.0)), usize::try_from(a.1.min(b.1))) else { return };
    let (x, y) = (4 * col + 1, 2 * row + 1);
    let own = seat == view.seat();
    let mut lines = Vec::new();
    let name = title_name(colour(seat)).to_ascii_uppercase();
    lines.push(if own { format!("{name} seat {seat} (you)") } else { format!("{name} seat {seat}") });
    let home = census.at(Loc::Home(seat))[colour(seat).index()];
    let home = match marks.get(Loc::Home(seat)) {
        Some(mark) => {
            let (open, close) = mark.brackets();
            format!("{open}home {home}{close}")
        }
        None => format!(" home {home} "),
    };
    lines.push(format!("{home}  corridor {}", view.board().in_corridor(seat)));
    let count = usize::from(view.hand_sizes()[seat.index()]);
    let cards: Vec<String> = if own {
        view.hand().cards().map(|r| r.letter().to_string()).collect()
    } else {
        (0..count.min(12)).map(|_| "#".to_string()).collect()
    };
    lines.push(match cards.len() {
        0 => "hand -".to_string(),
        n if 2 * n + 4 <= TEXT_PANEL => format!("hand {}", cards.join(" ")),
        _ if own => format!("hand {}", cards.concat()),
        _ => format!("hand {count} cards"),
    });
    lines.extend(exchange_line(view, seat).map(|line| line.english));
    if leads(view, seat) {
        lines.push("leads the round".to_string());
    }
    if let Some(note) = seat_note(view, seat) {
        lines.push(format!("<- {}", note.english));
    }
    for (i, line) in lines.iter().enumerate() {
        let clipped: String = line.chars().take(TEXT_PANEL).collect();
        grid.put(x, y + i, &clipped);
    }
}

/// Writes the parts joined by `, `, wrapped at 80 columns.
fn write_wrapped(out: &mut String, parts: &[String]) {
    let mut line = String::new();
    for part in parts {
        if !line.is_empty() && line.len() + 2 + part.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push_str(", ");
        }
        line.push_str(part);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(i: usize) -> Seat {
        Seat::ALL[i]
    }

    #[test]
    fn starts_sit_in_the_middle_of_the_sides_and_play_runs_clockwise() {
        assert_eq!(grid_cell(Loc::Track(0)), Some((8, 16)));
        assert_eq!(grid_cell(Loc::Track(1)), Some((7, 16)), "leftwards along the bottom");
        assert_eq!(grid_cell(Loc::Track(8)), Some((0, 16)));
        assert_eq!(grid_cell(Loc::Track(9)), Some((0, 15)), "then up the left side");
        assert_eq!(grid_cell(Loc::Track(16)), Some((0, 8)));
        assert_eq!(grid_cell(Loc::Track(32)), Some((8, 0)));
        assert_eq!(grid_cell(Loc::Track(48)), Some((16, 8)));
        assert_eq!(grid_cell(Loc::Track(63)), Some((9, 16)), "the last cell is beside the first");
        assert_eq!(grid_cell(Loc::Track(64)), None);
        assert_eq!(grid_cell(Loc::Corridor(seat(0), 1)), Some((8, 15)));
        assert_eq!(grid_cell(Loc::Corridor(seat(1), 4)), Some((4, 8)));
        assert_eq!(grid_cell(Loc::Corridor(seat(2), 0)), None);
        assert_eq!(grid_cell(Loc::Corridor(seat(3), 5)), None);
    }

    #[test]
    fn every_cell_has_its_own_place_and_neighbours_touch() {
        let mut seen = Vec::new();
        let places = (0..TRACK)
            .map(Loc::Track)
            .chain(Seat::ALL.into_iter().flat_map(|s| (1..=CORRIDOR).map(move |k| Loc::Corridor(s, k))));
        for loc in places {
            let cell = grid_cell(loc).unwrap();
            assert!(!seen.contains(&cell), "{loc:?} on {cell:?}");
            seen.push(cell);
        }
        assert_eq!(seen.len(), 64 + 16);
        for n in 0..TRACK {
            let (a, b) = (grid_cell(Loc::Track(n)).unwrap(), grid_cell(Loc::Track((n + 1) % TRACK)).unwrap());
            assert_eq!((a.0 - b.0).abs() + (a.1 - b.1).abs(), 1, "{n} and the next");
        }
        for s in Seat::ALL {
            let (a, b) = (grid_cell(Loc::Track(start(s))).unwrap(), grid_cell(Loc::Corridor(s, 1)).unwrap());
            assert_eq!((a.0 - b.0).abs() + (a.1 - b.1).abs(), 1, "seat {s}'s corridor leaves its start");
        }
    }

    #[test]
    fn panels_sit_in_their_quarters_corner_clear_of_every_cell() {
        let cells: Vec<(i32, i32)> = (0..TRACK)
            .map(Loc::Track)
            .chain(Seat::ALL.into_iter().flat_map(|s| (1..=CORRIDOR).map(move |k| Loc::Corridor(s, k))))
            .filter_map(grid_cell)
            .collect();
        let c = SIZE / 2;
        for s in Seat::ALL {
            let (x, y) = panel_origin(s);
            for &(col, row) in &cells {
                let (cx, cy) = cell_centre((col, row));
                let clear = cx + CELL / 2 <= x
                    || cx - CELL / 2 >= x + PANEL
                    || cy + CELL / 2 <= y
                    || cy - CELL / 2 >= y + PANEL;
                assert!(clear, "seat {s}'s panel covers cell {col},{row}");
            }
            let clear =
                c + PILES_HALF < x || c - PILES_HALF > x + PANEL || c + PILES_HALF < y || c - PILES_HALF > y + PANEL;
            assert!(clear, "seat {s}'s panel covers the piles");
        }
        assert_eq!(panel_origin(seat(0)), (PANEL_X, PANEL_Y), "bottom left");
        assert!(panel_origin(seat(1)).0 < c && panel_origin(seat(1)).1 < c, "top left");
        assert!(panel_origin(seat(2)).0 > c && panel_origin(seat(2)).1 < c, "top right");
        assert!(panel_origin(seat(3)).0 > c && panel_origin(seat(3)).1 > c, "bottom right");
    }

    #[test]
    fn long_details_wrap_at_eighty_columns() {
        let parts: Vec<String> = (0..9).map(|i| format!("part number {i} of a long line")).collect();
        let mut out = String::new();
        write_wrapped(&mut out, &parts);
        assert!(out.lines().count() > 1 && out.lines().all(|l| l.len() <= 80), "{out}");
        assert_eq!(out.replace('\n', ", ").trim_end_matches(", "), parts.join(", "));
    }
}
