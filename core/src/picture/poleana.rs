//! Poleana's board: the square of four sides, the bridges, the houses and the start pockets.
//!
//! The SVG is a square grid of `side + 2` cells of 40 px (17 classic, 15 Express), drawn as
//! Yellow's part and turned a quarter for each next colour:
//! - Yellow's stretch is the bottom row read left to right, the direction of travel (classic
//!   `10 … 14 0 … 9`, Express `9 … 12 0 … 8`); Blue's is the right column upwards, Red's the top
//!   row right to left, Green's the left column downwards. The corner squares stay blank.
//! - Each bridge is an arch of seven round cells inside its side, from the entry cell (14,
//!   Express 12) over cells 0..3 down to cell 4.
//! - Each house is a diagonal lane of six square cells from the corner cell (9, Express 8)
//!   towards the centre, ending in the goal (7c, a gold ★) at a corner of the central square.
//! - Each colour's start pocket sits between its bridge and the centre: the tokens at start, and
//!   under them the dark limbo box with the tokens in limbo.
//! - Safe cells (each playing colour's 0, 3 and corner) carry ★; police cells (0..8, Express
//!   0..7, of colours not in play) carry ⚠; the side of a colour not in play is grey.
//!
//! The text picture draws the same square with four characters and two lines a cell: the cell's
//! number (`*` safe, `!` police), and under it the tokens on it as letters. Inside the square it
//! lists each colour's start, limbo and goal, and its bridge and house cells, again with the
//! tokens under their numbers.

use crate::rules::Rules;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::grid::CharGrid;
use super::svg::{Anchor, Font, Label, Paint, Svg};
use super::{
    ABSENT, BOARD, CAPTION_HEIGHT, Caption, Census, FAINT, FRAME, Frame, GOLD, Geometry, INK, Mark, Marks, PAPER,
    POLICE, Shape, colour_label, draw_caption, draw_disc, draw_spots, draw_tokens, english, names, number_chars,
    put_text_cell, single, text_cell, tint, tint_in, title_name, token_letters, turn,
};
use crate::colour::Colour;
use crate::game;
use crate::movement::{Owner, SpotId};
use crate::phase::Phase;
use crate::poleana::{BRIDGE_CELLS, Board, Config, Event, HOUSE_CELLS, Outcome, Spot, State, movement};

/// A cell's side, in pixels.
const CELL: i32 = 40;
/// Paper around the board.
const MARGIN: i32 = 20;
/// A round bridge cell's radius.
const BRIDGE_R: i32 = 16;
/// A token's radius on a perimeter cell.
const TOKEN_R: i32 = 10;
/// Half the side of a start pocket.
const POCKET_HALF: i32 = 44;
/// Half the side of a goal cell.
const GOAL_HALF: i32 = 17;
/// Half the side of the central square, whose corners hold the four goals.
const PLAZA_HALF: i32 = CELL + CELL / 2 - 2;

/// cos and sin (× 1000) of k·π/8 for k = 1..=7: the bridge cells stand evenly on a half circle
/// (a table, since `core` has no trigonometry).
const ARCH: [(i32, i32); 7] = [(924, 383), (707, 707), (383, 924), (0, 1000), (-383, 924), (-707, 707), (-924, 383)];
const _ONE_ARCH_POINT_PER_BRIDGE_CELL: () = assert!(ARCH.len() == BRIDGE_CELLS as usize);

/// A place on the picture: a token's [`Spot`] made absolute (houses, goals, start and limbo
/// belong to the token's colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Loc {
    Side(Colour, u8),
    Bridge(Colour, u8),
    House(Colour, u8),
    Goal(Colour),
    Start(Colour),
    Limbo(Colour),
}

impl Loc {
    fn of(colour: Colour, spot: Spot) -> Loc {
        match spot {
            Spot::Side { side, number, .. } => Loc::Side(side, number),
            Spot::Bridge { owner, cell } => Loc::Bridge(owner, cell),
            Spot::House(k) => Loc::House(colour, k),
            Spot::Goal => Loc::Goal(colour),
            Spot::Start => Loc::Start(colour),
            Spot::Limbo => Loc::Limbo(colour),
        }
    }
}

impl Loc {
    /// The spot's name, as movements and `data-spot` give it.
    fn spot_id(self) -> SpotId {
        match self {
            Loc::Side(side, number) => movement::spot_id(side, Spot::Side { side, number, homeward: false }),
            Loc::Bridge(owner, cell) => movement::spot_id(owner, Spot::Bridge { owner, cell }),
            Loc::House(colour, k) => movement::spot_id(colour, Spot::House(k)),
            Loc::Goal(colour) => movement::spot_id(colour, Spot::Goal),
            Loc::Start(colour) => movement::spot_id(colour, Spot::Start),
            Loc::Limbo(colour) => movement::spot_id(colour, Spot::Limbo),
        }
    }
}

/// The picture's size, and where the board starts in it.
fn frame(layout: &Layout) -> Frame {
    let size = layout.size();
    Frame { width: size + 2 * MARGIN, height: size + 2 * MARGIN + CAPTION_HEIGHT, left: MARGIN, top: MARGIN }
}

/// Every spot of the board of `config`, named, with its shape on the board: the perimeter and
/// the bridges, and the house, goal, start and limbo of each colour in play.
fn spots(layout: &Layout, config: &Config) -> Vec<(SpotId, Shape)> {
    let board = layout.board;
    let shared = Colour::ALL.into_iter().flat_map(|colour| {
        (0..board.side())
            .map(move |n| Loc::Side(colour, n))
            .chain((1..=BRIDGE_CELLS).map(move |k| Loc::Bridge(colour, k)))
    });
    let owned = config.colours().iter().flat_map(|colour| {
        (1..HOUSE_CELLS).map(move |k| Loc::House(colour, k)).chain([
            Loc::Goal(colour),
            Loc::Start(colour),
            Loc::Limbo(colour),
        ])
    });
    shared.chain(owned).filter_map(|loc| Some((loc.spot_id(), layout.shape(loc)?))).collect()
}

/// Where the spots of `config`'s board are in its picture.
pub(super) fn geometry(config: &Config) -> Geometry {
    let layout = Layout::new(config.board());
    Geometry::new(frame(&layout), spots(&layout, config))
}

/// Where everything goes, worked out from the board's numbers.
#[derive(Clone, Copy, Debug)]
struct Layout {
    board: Board,
    /// Cells across the square, the blank corners included.
    cells: i32,
}

impl Layout {
    fn new(board: Board) -> Layout {
        Layout { board, cells: i32::from(board.side()) + 2 }
    }

    fn size(&self) -> i32 {
        self.cells * CELL
    }

    fn middle(&self) -> i32 {
        self.size() / 2
    }

    /// The column of cell `number` on Yellow's (bottom) side: a stretch starts just after the
    /// previous stretch's corner and ends on its own corner.
    fn column(&self, number: u8) -> i32 {
        let side = i32::from(self.board.side());
        let corner = i32::from(self.board.corner());
        1 + (i32::from(number) + side - 1 - corner).rem_euclid(side)
    }

    /// The grid cell (column, row) of cell `number` of `side`.
    fn grid_cell(&self, side: Colour, number: u8) -> (i32, i32) {
        turn((self.column(number), self.cells - 1), side.index(), self.cells - 1)
    }

    fn side_centre(&self, side: Colour, number: u8) -> (i32, i32) {
        let (col, row) = self.grid_cell(side, number);
        (col * CELL + CELL / 2, row * CELL + CELL / 2)
    }

    /// The x of the entry and exit cells of Yellow's bridge.
    fn bridge_ends(&self) -> (i32, i32) {
        let x = |number| self.column(number) * CELL + CELL / 2;
        (x(self.board.bridge_entry()), x(Board::BRIDGE_EXIT))
    }

    fn arch_radius(&self) -> i32 {
        let (from, to) = self.bridge_ends();
        (to - from).abs() / 2
    }

    fn bridge_centre(&self, owner: Colour, cell: u8) -> Option<(i32, i32)> {
        let (cos, sin) = *ARCH.get(usize::from(cell).checked_sub(1)?)?;
        let (from, to) = self.bridge_ends();
        let x = (from + to) / 2 - (to - from) / 2 * cos / 1000;
        let y = self.size() - CELL / 2 - self.arch_radius() * sin / 1000;
        Some(turn((x, y), owner.index(), self.size()))
    }

    /// House cell `k` (1..=6, and 7 the goal) of `colour`: evenly from just inside the corner
    /// cell to a corner of the central square.
    fn house_centre(&self, colour: Colour, k: u8) -> Option<(i32, i32)> {
        if !(1..=HOUSE_CELLS).contains(&k) {
            return None;
        }
        let first = self.size() - CELL - CELL / 2;
        let goal = self.middle() + CELL;
        let along = first + (goal - first) * i32::from(k - 1) / i32::from(HOUSE_CELLS - 1);
        Some(turn((along, along), colour.index(), self.size()))
    }

    /// The side of a house cell: as large as the diagonal steps between them allow.
    fn house_cell(&self) -> i32 {
        let step = (self.size() - CELL - CELL / 2 - self.middle() - CELL) / i32::from(HOUSE_CELLS - 1);
        (step - 4).min(32)
    }

    /// Just inside the top of the bridge, where the pocket clears the house lanes on both sides.
    fn pocket_centre(&self, colour: Colour) -> (i32, i32) {
        let arch_top = self.size() - CELL / 2 - self.arch_radius() - BRIDGE_R;
        turn((self.middle(), arch_top - 5 - POCKET_HALF), colour.index(), self.size())
    }

    /// The start box (upper part) and the limbo box (lower part) of a pocket.
    fn pocket_boxes(&self, colour: Colour) -> (Shape, Shape) {
        let (cx, cy) = self.pocket_centre(colour);
        let (x, y) = (cx - POCKET_HALF, cy - POCKET_HALF);
        let side = 2 * POCKET_HALF;
        (Shape::Rect { x, y, w: side, h: 45 }, Shape::Rect { x: x + 5, y: y + 47, w: side - 10, h: side - 52 })
    }

    fn shape(&self, loc: Loc) -> Option<Shape> {
        let square =
            |(cx, cy): (i32, i32), half: i32| Shape::Rect { x: cx - half, y: cy - half, w: 2 * half, h: 2 * half };
        match loc {
            Loc::Side(side, number) if number < self.board.side() => {
                Some(square(self.side_centre(side, number), CELL / 2))
            }
            Loc::Side(..) => None,
            Loc::Bridge(owner, cell) => {
                self.bridge_centre(owner, cell).map(|(cx, cy)| Shape::Circle { cx, cy, r: BRIDGE_R })
            }
            Loc::House(colour, k) if k < HOUSE_CELLS => {
                Some(square(self.house_centre(colour, k)?, self.house_cell() / 2))
            }
            Loc::House(..) => None,
            Loc::Goal(colour) => Some(square(self.house_centre(colour, HOUSE_CELLS)?, GOAL_HALF)),
            Loc::Start(colour) => Some(self.pocket_boxes(colour).0),
            Loc::Limbo(colour) => Some(self.pocket_boxes(colour).1),
        }
    }

    /// Where the tokens on `loc` are drawn, and how large; pockets draw their own.
    fn token_spot(&self, loc: Loc) -> Option<(i32, i32, i32)> {
        match loc {
            // Below the cell's number.
            Loc::Side(side, number) if number < self.board.side() => {
                let (cx, cy) = self.side_centre(side, number);
                Some((cx, cy + 6, TOKEN_R))
            }
            Loc::Bridge(owner, cell) => self.bridge_centre(owner, cell).map(|(cx, cy)| (cx, cy, BRIDGE_R - 5)),
            Loc::House(colour, k) if k < HOUSE_CELLS => {
                let r = (self.house_cell() / 2 - 4).min(TOKEN_R);
                self.house_centre(colour, k).map(|(cx, cy)| (cx, cy, r))
            }
            Loc::Goal(colour) => self.house_centre(colour, HOUSE_CELLS).map(|(cx, cy)| (cx, cy, GOAL_HALF - 5)),
            Loc::Side(..) | Loc::House(..) | Loc::Start(_) | Loc::Limbo(_) => None,
        }
    }
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
        let game::Event::Poleana(event) = event else { continue };
        match *event {
            Event::Moved { colour, from, to, .. } | Event::TaponMoved { colour, from, to, .. } => {
                marks.add(Loc::of(colour, from), Mark::From);
                marks.add(Loc::of(colour, to), Mark::To);
            }
            Event::Released { colour, to, .. } => {
                marks.add(Loc::Start(colour), Mark::From);
                marks.add(Loc::of(colour, to), Mark::To);
            }
            Event::Rescued { colour, to } => {
                marks.add(Loc::Limbo(colour), Mark::From);
                marks.add(Loc::of(colour, to), Mark::To);
            }
            Event::Swept { colour, from } | Event::SentHome { colour, from, .. } => {
                marks.add(Loc::of(colour, from), Mark::From);
                marks.add(Loc::Start(colour), Mark::To);
            }
            // The capturer stands where the victim stood, so only the victim's start is new.
            Event::Captured { victim, .. } => marks.add(Loc::Start(victim), Mark::To),
            Event::ToLimbo { colour } => {
                marks.add(Loc::Start(colour), Mark::From);
                marks.add(Loc::Limbo(colour), Mark::To);
            }
            _ => {}
        }
    }
    marks
}

/// The board as SVG.
pub(super) fn svg(state: &State, last: &[game::Event]) -> String {
    let config = *state.config();
    let layout = Layout::new(config.board());
    let census = census(state);
    let size = layout.size();
    let Frame { width, height, .. } = frame(&layout);
    let mut svg = Svg::new(width, height, &state.to_string());
    svg.rect(0, 0, width, height, 0, Paint::fill(PAPER));
    svg.group_at("board", MARGIN, MARGIN);
    svg.rect(-8, -8, size + 16, size + 16, 14, Paint::both(BOARD, FRAME, 4));
    for colour in Colour::ALL {
        draw_bridge(&mut svg, &layout, &config, colour);
    }
    draw_plaza(&mut svg, &layout);
    draw_dice(&mut svg, &layout, state);
    for colour in Colour::ALL {
        draw_house(&mut svg, &layout, &config, colour);
    }
    for colour in Colour::ALL {
        draw_side(&mut svg, &layout, &config, colour);
    }
    for colour in Colour::ALL {
        draw_pocket(&mut svg, &layout, &config, &census, colour);
    }
    marks(last).draw(&mut svg, |loc| layout.shape(loc));
    draw_spots(&mut svg, &spots(&layout, &config));
    svg.group("tokens");
    for (loc, counts) in census.iter() {
        if let Some((cx, cy, r)) = layout.token_spot(loc) {
            svg.tokens_on(Some(loc.spot_id()), Owner::Colour);
            draw_tokens(&mut svg, cx, cy, r, counts);
        }
    }
    svg.tokens_on(None, Owner::Colour);
    svg.end_group();
    svg.end_group();
    draw_caption(&mut svg, MARGIN, MARGIN + size + 6, size, &caption(state));
    svg.finish()
}

/// A bridge: a lane in the owner's tint from its entry cell over the arch of seven round cells
/// down to cell 4. The lane starts under the perimeter cells, which are drawn over its ends.
fn draw_bridge(svg: &mut Svg, layout: &Layout, config: &Config, owner: Colour) {
    let tint = tint_in(owner, config.colours());
    let board = layout.board;
    let mut lane = Vec::with_capacity(usize::from(BRIDGE_CELLS) + 2);
    lane.push(layout.side_centre(owner, board.bridge_entry()));
    lane.extend((1..=BRIDGE_CELLS).filter_map(|cell| layout.bridge_centre(owner, cell)));
    lane.push(layout.side_centre(owner, Board::BRIDGE_EXIT));
    svg.group("bridge");
    svg.polyline(&lane, Paint::line(tint.soft, 2 * BRIDGE_R + 4));
    for cell in 1..=BRIDGE_CELLS {
        if let Some((cx, cy)) = layout.bridge_centre(owner, cell) {
            svg.circle(cx, cy, BRIDGE_R, Paint::both(tint.light, tint.main, 2));
            svg.centred_text(cx, cy, Font::new(11, tint.dark), &cell.to_string());
        }
    }
    svg.end_group();
}

/// The central square; the goals sit on its corners.
fn draw_plaza(svg: &mut Svg, layout: &Layout) {
    let m = layout.middle();
    svg.rect(m - PLAZA_HALF, m - PLAZA_HALF, 2 * PLAZA_HALF, 2 * PLAZA_HALF, 10, Paint::both("#efe2c8", FRAME, 2));
}

/// A house: a lane from the corner cell through 1c..6c to the goal, marked with a gold star.
fn draw_house(svg: &mut Svg, layout: &Layout, config: &Config, colour: Colour) {
    let tint = tint_in(colour, config.colours());
    let half = layout.house_cell() / 2;
    let mut lane = Vec::with_capacity(usize::from(HOUSE_CELLS) + 1);
    lane.push(layout.side_centre(colour, layout.board.corner()));
    lane.extend((1..=HOUSE_CELLS).filter_map(|k| layout.house_centre(colour, k)));
    svg.group("house");
    svg.polyline(&lane, Paint::line(tint.soft, 2 * half));
    for k in 1..HOUSE_CELLS {
        if let Some((cx, cy)) = layout.house_centre(colour, k) {
            svg.rect(cx - half, cy - half, 2 * half, 2 * half, 4, Paint::both(tint.light, tint.main, 2));
            svg.centred_text(cx, cy, Font::new(10, tint.dark), &format!("{k}c"));
        }
    }
    if let Some((cx, cy)) = layout.house_centre(colour, HOUSE_CELLS) {
        svg.rect(cx - GOAL_HALF, cy - GOAL_HALF, 2 * GOAL_HALF, 2 * GOAL_HALF, 5, Paint::both(tint.soft, GOLD, 3));
        svg.centred_text(cx, cy, Font::new(26, GOLD), "★");
    }
    svg.end_group();
}

/// A colour's stretch: each cell with its number, ★ on the colour's safe cells while it plays,
/// ⚠ on its police cells while it does not.
fn draw_side(svg: &mut Svg, layout: &Layout, config: &Config, side: Colour) {
    let board = layout.board;
    let playing = config.colours().contains(side);
    let tint = tint_in(side, config.colours());
    svg.group("side");
    for number in 0..board.side() {
        let (cx, cy) = layout.side_centre(side, number);
        let (x, y) = (cx - CELL / 2, cy - CELL / 2);
        let safe = playing && board.is_safe_number(number);
        svg.rect(
            x + 1,
            y + 1,
            CELL - 2,
            CELL - 2,
            5,
            Paint::both(if safe { tint.soft } else { tint.light }, tint.main, 1),
        );
        let label = Font::new(12, tint.dark).bold().anchor(Anchor::Start);
        svg.text(x + 4, y + 14, label, &number.to_string());
        if safe {
            svg.text(x + CELL - 3, y + 15, Font::new(14, tint.dark).anchor(Anchor::End), "★");
        } else if config.is_police(side, number) {
            svg.text(x + CELL - 3, y + 15, Font::new(13, POLICE).bold().anchor(Anchor::End), "⚠");
        }
    }
    svg.end_group();
}

/// A start pocket: the tokens at start above, the limbo box below, each with its count. A colour
/// not in play gets a grey note instead, naming its police cells.
fn draw_pocket(svg: &mut Svg, layout: &Layout, config: &Config, census: &Census<Loc>, colour: Colour) {
    let (cx, cy) = layout.pocket_centre(colour);
    let (x, y) = (cx - POCKET_HALF, cy - POCKET_HALF);
    let side = 2 * POCKET_HALF;
    svg.group("pocket");
    if !config.colours().contains(colour) {
        svg.rect(x, y, side, side, 10, Paint::both(BOARD, ABSENT.main, 2).dashed());
        svg.centred_label(cx, y + 26, Font::new(14, FAINT).bold(), &colour_label(colour));
        svg.centred_label(cx, y + 46, Font::new(12, FAINT), &Label::new("board-not-playing", "not playing"));
        let police = format!("⚠ 0–{}", layout.board.police_max());
        svg.centred_text(cx, y + 66, Font::new(12, POLICE).bold(), &police);
        svg.end_group();
        return;
    }
    let tint = tint_in(colour, config.colours());
    let start = census.at(Loc::Start(colour))[colour.index()];
    let limbo = census.at(Loc::Limbo(colour))[colour.index()];
    let (_, limbo_box) = layout.pocket_boxes(colour);
    svg.rect(x, y, side, side, 10, Paint::both(tint.light, tint.main, 2));
    let label = Label::new("board-start-count", format!("start {start}")).number("count", start);
    svg.centred_label(cx, y + 13, Font::new(12, tint.dark).bold(), &label);
    svg.tokens_on(Some(Loc::Start(colour).spot_id()), Owner::Colour);
    draw_slots(svg, cx, y + 32, 8, colour, start, layout.board.tokens());
    if let Shape::Rect { x, y, w, h } = limbo_box {
        svg.rect(x, y, w, h, 6, Paint::fill("#3b3144"));
        let label = Label::new("board-limbo-count", format!("limbo {limbo}")).number("count", limbo);
        svg.centred_label(cx, y + 10, Font::new(11, "#ffffff"), &label);
        svg.tokens_on(Some(Loc::Limbo(colour).spot_id()), Owner::Colour);
        draw_slots(svg, cx, y + 25, 6, colour, limbo, usize::from(limbo));
    }
    svg.tokens_on(None, Owner::Colour);
    svg.end_group();
}

/// A row of `slots` places centred on `cx` (a colour's tokens at most), the first `count` of
/// them filled with a disc and the rest left as dashed rings.
fn draw_slots(svg: &mut Svg, cx: i32, cy: i32, r: i32, colour: Colour, count: u8, slots: usize) {
    let slots = i32::try_from(slots.min(4)).unwrap_or(4);
    let step = 2 * r + 5;
    for k in 0..slots {
        let x = cx - (slots - 1) * step / 2 + k * step;
        if k < i32::from(count) {
            draw_disc(svg, x, cy, r, colour);
        } else {
            svg.circle(x, cy, r, Paint::line(tint(colour).soft, 2).dashed());
        }
    }
}

/// The roll in hand, as two dice on the central square; a die already used is faded.
fn draw_dice(svg: &mut Svg, layout: &Layout, state: &State) {
    let Some(roll) = state.roll() else { return };
    let (first_used, second_used) = match state.die_left() {
        Some(left) if left == roll.second => (true, false),
        Some(_) => (false, true),
        // A +10 waiting for its route means the whole roll is spent.
        None => (state.plus_ten_pending(), state.plus_ten_pending()),
    };
    let m = layout.middle();
    svg.group("dice");
    draw_die(svg, m - 18, m, roll.first.value(), first_used);
    draw_die(svg, m + 18, m, roll.second.value(), second_used);
    svg.end_group();
}

/// One die showing `face` as pips.
fn draw_die(svg: &mut Svg, cx: i32, cy: i32, face: u8, used: bool) {
    let (fill, pip) = if used { ("#e9e3d6", "#b3aa99") } else { (PAPER, INK) };
    svg.rect(cx - 14, cy - 14, 28, 28, 5, Paint::both(fill, FRAME, 2));
    let pips: &[(i32, i32)] = match face {
        1 => &[(0, 0)],
        2 => &[(-1, -1), (1, 1)],
        3 => &[(-1, -1), (0, 0), (1, 1)],
        4 => &[(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5 => &[(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6 => &[(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
        _ => &[],
    };
    for (dx, dy) in pips {
        svg.circle(cx + 7 * dx, cy + 7 * dy, 3, Paint::fill(pip));
    }
}

/// What the position is waiting for, as labels a caption joins.
fn status_parts(state: &State) -> Vec<Label> {
    let turn = state.turn();
    let name = title_name(turn);
    let mut parts = Vec::new();
    match state.phase() {
        Phase::Over(Outcome::Standard(winner)) => parts.push(
            Label::new("board-game-over-wins", format!("Game over: {} wins", title_name(winner)))
                .colour("colour", winner),
        ),
        Phase::Over(Outcome::Special(set)) => parts.push(
            Label::new("board-game-over-special", format!("Game over: special victory for {}", names(set)))
                .colours("winners", set),
        ),
        Phase::Chance => parts.push(Label::new("board-to-roll", format!("{name} to roll")).colour("colour", turn)),
        Phase::Decide(_) => {
            parts.push(Label::new("board-to-play", format!("{name} to play")).colour("colour", turn));
            if let Some(roll) = state.roll() {
                parts.push(Label::new("board-rolled", format!("rolled {roll}")).text("roll", roll.to_string()));
            }
            if let Some(die) = state.die_left() {
                parts.push(Label::new("board-die-left", format!("{die} left")).number("die", die.value()));
            }
            if state.plus_ten_pending() {
                parts.push(Label::new("board-plus-ten-to-walk", "+10 to walk"));
            }
        }
    }
    parts
}

/// The details under the status: doubles in a row and quiet colours while playing, what the
/// result means once over.
fn detail_parts(state: &State) -> Vec<Label> {
    let mut parts = Vec::new();
    match state.outcome() {
        Some(Outcome::Standard(winner)) => parts.push(
            Label::new("board-every-token-home", format!("{} brought every token home", title_name(winner)))
                .colour("colour", winner),
        ),
        Some(Outcome::Special(quiet)) => {
            let english = format!("{} scored while {} had never moved", title_name(state.turn()), names(quiet));
            let count = u8::try_from(quiet.len()).unwrap_or(u8::MAX);
            parts.push(
                Label::new("board-scored-while-quiet", english)
                    .colour("colour", state.turn())
                    .colours("winners", quiet)
                    .number("count", count),
            );
        }
        None => {
            if state.doubles() > 0 {
                let english = format!("doubles in a row: {}", state.doubles());
                parts.push(Label::new("board-doubles", english).number("count", state.doubles()));
            }
            if !state.quiet().is_empty() {
                let english = format!("quiet: {}", names(state.quiet()));
                parts.push(Label::new("board-quiet", english).colours("colours", state.quiet()));
            }
        }
    }
    parts
}

fn caption(state: &State) -> Caption {
    let config = state.config();
    let (board, key) = match config.board() {
        Board::Classic => ("classic", "classic"),
        Board::Express => ("Express", "express"),
    };
    let title = format!("Poleana {board} · {config} · ★ safe · ⚠ police");
    Caption {
        colour: match state.outcome() {
            None => Some(state.turn()),
            Some(outcome) => single(outcome.winners()),
        },
        status: status_parts(state),
        detail: detail_parts(state),
        title: alloc::vec![
            Label::new("board-title-poleana", title).text("board", key).text("config", config.to_string())
        ],
    }
}

/// The board as text: the square with four characters and two lines a cell (its number, and
/// under it the tokens on it), each colour's start, limbo, goal, bridge and house listed inside
/// it, and the status below.
pub(super) fn text(state: &State, last: &[game::Event]) -> String {
    let config = *state.config();
    let layout = Layout::new(config.board());
    let census = census(state);
    let marks = marks(last);
    let cells = usize::try_from(layout.cells).unwrap_or(0);
    let mut grid = CharGrid::new(4 * cells, 2 * cells);
    for side in Colour::ALL {
        for number in 0..layout.board.side() {
            let loc = Loc::Side(side, number);
            let label = side_cell_label(&config, marks.get(loc), side, number);
            put_text_cell(&mut grid, layout.grid_cell(side, number), label, &token_letters(census.at(loc)));
        }
    }
    write_inside(&mut grid, cells, &colour_lines(state, &census, &marks));
    let mut out = String::new();
    out.push_str(&format!("{config}\n"));
    grid.write_into(&mut out);
    out.push_str(&english(&status_parts(state)));
    out.push('\n');
    let details = detail_parts(state);
    if !details.is_empty() {
        out.push_str(&english(&details));
        out.push('\n');
    }
    out.push_str("Tokens stand under their cell: Y one token, YY a tapon of two, YYY three\n");
    out.push_str("Y bottom, B right, R top, G left; travel anticlockwise\n");
    out.push_str("* safe  ! police  ( ) last move from  [ ] last move to\n");
    out
}

/// A perimeter cell's label: its number, with `*` (safe) or `!` (police).
fn side_cell_label(config: &Config, mark: Option<Mark>, side: Colour, number: u8) -> [char; 4] {
    let board = config.board();
    let content = match char::from_digit(u32::from(number), 10) {
        Some(d) if config.colours().contains(side) && board.is_safe_number(number) => ['*', d],
        Some(d) if config.is_police(side, number) => ['!', d],
        _ => number_chars(number),
    };
    text_cell(content, ' ', mark)
}

/// Each colour's three lines for the inside of the square: its counts, then its bridge and
/// house cells by number with the tokens on them on the line under.
fn colour_lines(state: &State, census: &Census<Loc>, marks: &Marks<Loc>) -> Vec<[String; 3]> {
    let config = state.config();
    let mut groups = Vec::new();
    for colour in Colour::ALL {
        let name = title_name(colour);
        let first = if config.colours().contains(colour) {
            let own = |loc: Loc| census.at(loc)[colour.index()];
            let mut line = format!("{name:<7}");
            line.push_str(&field("start", own(Loc::Start(colour)), marks.get(Loc::Start(colour))));
            line.push_str(&field("limbo", own(Loc::Limbo(colour)), marks.get(Loc::Limbo(colour))));
            line.push_str(&field("goal", own(Loc::Goal(colour)), marks.get(Loc::Goal(colour))));
            line.push_str(turn_note(state, colour));
            line
        } else {
            format!("{name:<7} not playing: its 0-{} are police (!)", config.board().police_max())
        };
        let (mut second, mut third) = (String::from(" bridge"), String::from("       "));
        for cell in 1..=BRIDGE_CELLS {
            let (label, tokens) = small_cell(census, marks, Loc::Bridge(colour, cell), cell);
            second.extend(label);
            third.extend(tokens);
        }
        second.push_str(" house");
        third.push_str("      ");
        for k in 1..HOUSE_CELLS {
            let (label, tokens) = small_cell(census, marks, Loc::House(colour, k), k);
            second.extend(label);
            third.extend(tokens);
        }
        groups.push([first, second, third.trim_end().to_string()]);
    }
    groups
}

/// ` start 3 `, or `[start 3]` when the last move touched it (the same width).
fn field(label: &str, count: u8, mark: Option<Mark>) -> String {
    match mark {
        Some(mark) => {
            let (open, close) = mark.brackets();
            format!("{open}{label} {count}{close}")
        }
        None => format!(" {label} {count} "),
    }
}

/// A note after the colour whose turn it is, or that won.
fn turn_note(state: &State, colour: Colour) -> &'static str {
    match state.phase() {
        Phase::Over(outcome) if outcome.winners().contains(colour) => " <- wins",
        Phase::Chance if state.turn() == colour => " <- to roll",
        Phase::Decide(c) if c == colour => " <- to play",
        _ => "",
    }
}

/// A bridge or house cell in three characters, its number between the brackets of its mark,
/// and the three characters under it: its token's letter under the number, or blanks.
fn small_cell(census: &Census<Loc>, marks: &Marks<Loc>, loc: Loc, number: u8) -> ([char; 3], [char; 3]) {
    let digit = char::from_digit(u32::from(number), 10).unwrap_or('?');
    let label = match marks.get(loc) {
        Some(mark) => {
            let (open, close) = mark.brackets();
            [open, digit, close]
        }
        None => [' ', digit, ' '],
    };
    let mut tokens = [' '; 3];
    for (place, letter) in tokens.iter_mut().skip(1).zip(token_letters(census.at(loc)).chars()) {
        *place = letter;
    }
    (label, tokens)
}

/// Writes the colours' lines inside the square, spread evenly over the lines between the top
/// and the bottom rows of cells (and their tokens' lines).
fn write_inside(grid: &mut CharGrid, cells: usize, groups: &[[String; 3]]) {
    let (first, last) = (2, 2 * cells.saturating_sub(1));
    let used: usize = groups.iter().map(|group| group.len()).sum();
    let gap = last.saturating_sub(first).saturating_sub(used) / (groups.len() + 1);
    let mut line = first + gap;
    for group in groups {
        for text in group {
            if line < last {
                grid.put(4, line, text);
            }
            line += 1;
        }
        line += gap;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stretches_read_in_the_direction_of_travel() {
        let classic = Layout::new(Board::Classic);
        assert_eq!(classic.column(10), 1);
        assert_eq!(classic.column(0), 6);
        assert_eq!(classic.column(9), 15);
        assert_eq!(classic.grid_cell(Colour::Blue, 10), (16, 15));
        assert_eq!(classic.grid_cell(Colour::Red, 10), (15, 0));
        assert_eq!(classic.grid_cell(Colour::Green, 9), (0, 15));
        let express = Layout::new(Board::Express);
        assert_eq!(express.column(9), 1);
        assert_eq!(express.column(8), 13);
    }

    #[test]
    fn the_bridge_rises_from_its_entry_and_comes_down_on_4() {
        let layout = Layout::new(Board::Classic);
        let (entry, _) = layout.side_centre(Colour::Yellow, 14);
        let (exit, _) = layout.side_centre(Colour::Yellow, 4);
        let first = layout.bridge_centre(Colour::Yellow, 1).unwrap();
        let last = layout.bridge_centre(Colour::Yellow, 7).unwrap();
        assert!((first.0 - entry).abs() < CELL / 2 && (last.0 - exit).abs() < CELL / 2);
        assert!(first.1 < layout.size() - CELL, "inside the side");
        assert_eq!(layout.bridge_centre(Colour::Yellow, 0), None);
        assert_eq!(layout.bridge_centre(Colour::Yellow, 8), None);
    }
}
