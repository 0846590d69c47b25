//! Pictures of any position: SVG for apps, bug reports and notebooks, plain text for terminals.
//!
//! [`svg`] draws a view as its players know the board: Poleana's square with its bridges,
//! houses and start pockets, Parchís's cross with its corridors and home corners, or the ring of
//! Cartas with its corridors and each seat's home and hand (face up only for the seat whose view
//! it is), the tokens as coloured discs, and a caption with whose turn it is and what is in hand.
//! [`text`] draws the same board in at most 80 columns of plain ASCII, each cell on two lines:
//! its number (or name), and under it the tokens on it as their colours' letters (`Y`, `YY`), so
//! that a token never hides the cell it stands on.
//!
//! Both mark the last move, given as the events of the last step (see
//! [`crate::game::Game::last_events`]): the cells a token left get a dashed outline (SVG class
//! `from`; `( )` in text) and the cells a token reached a solid one (class `to`; `[ ]` in text).
//! A cell named by several events takes the mark of the last one, so a cell where a token
//! captured and then walked on for its +10 reads as left.
//!
//! A front end finds what was tapped without knowing any coordinate: every spot of the board is
//! an unpainted shape with its `data-spot` (a [`SpotId`]'s text, in the group `spots`, under the
//! tokens), and every token's disc carries its `data-token` ([`Token::name`]: `Y@Y12`). Where
//! each spot lies is [`geometry`], the same for every position of a variant.
//!
//! Every word of the SVG is a label a page may word in its own language: a
//! `<tspan data-message="board-to-roll" data-args="{&quot;colour&quot;:&quot;yellow&quot;}">`
//! around its English (`Yellow to roll`), naming its message in the catalogues (`locales/`,
//! `board-…` and `colour-…`) and that message's arguments as a JSON object: texts, numbers, and
//! lists of colours as the messages that name them (`[{"id":"colour-red","args":{}}]`), to be
//! joined with `list-and`. The labels of one line are joined by ` · `. Numbers, notation (`c3`,
//! `3c`, card letters) and glyphs (★, ⚠) are plain text. Without a page's help the picture reads
//! in English; the text picture is English only.
//!
//! Pictures are deterministic: the same view and events always give the same bytes. They never
//! panic, and the SVG is self-contained (a `viewBox`, no external resources) with the position
//! text as its `<title>` (for Cartas, the view written the same way, with `seen_by`).
//!
//! ```
//! use fichas::game::Game;
//! use fichas::picture;
//!
//! let position = "poleana:2 turn=Y roll=5-1 Y=start,start,start,start R=start,start,start,start";
//! let mut game = Game::from_position(position).unwrap();
//! game.play_text("release").unwrap();
//! let view = game.view(fichas::Seat::ALL[0]);
//! let svg = picture::svg(&view, game.last_events());
//! assert!(svg.starts_with("<svg") && svg.contains("class=\"to\""));
//! let text = picture::text(&view, game.last_events());
//! // The cell the released token reached (Yellow's 0, safe) is marked, the token under it.
//! let lines: Vec<&str> = text.lines().collect();
//! let row = lines.iter().position(|line| line.contains("[*0]")).unwrap();
//! let column = lines[row].find("[*0]").unwrap();
//! assert_eq!(lines[row + 1].get(column + 1..column + 2), Some("Y"));
//! ```
//!
//! [`Token::name`]: crate::movement::Token::name

mod cartas;
mod grid;
mod parchis;
mod poleana;
mod svg;

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::colour::{Colour, ColourSet};
use crate::game::{Event, Variant, View};
use crate::movement::SpotId;
use grid::CharGrid;
use svg::{Anchor, Font, Label, Paint, Svg, colour_id};

/// Where every spot of `variant`'s board is in its SVG picture (the coordinates of its
/// `viewBox`), for a front end that places, animates or finds tokens itself: the same for every
/// position of the variant. Each spot is also in the picture, as an unpainted shape with its
/// `data-spot`; each token's disc carries its `data-token` ([`Token::name`]).
///
/// ```
/// use fichas::picture;
///
/// let geometry = picture::geometry("parchis:YR".parse().unwrap());
/// let exit = geometry.spot("5").unwrap(); // Yellow's exit
/// let (x, y) = exit.area.centre();
/// assert_eq!(geometry.spot_at(x, y).map(|s| s.spot.as_str()), Some("5"));
/// assert!(geometry.spot("Y:c7").is_some() && geometry.spot("B:c1").is_none(), "Blue is not playing");
/// ```
///
/// [`Token::name`]: crate::movement::Token::name
pub fn geometry(variant: Variant) -> Geometry {
    match variant {
        Variant::Poleana(config) => poleana::geometry(&config),
        Variant::Parchis(config) => parchis::geometry(&config),
        Variant::Cartas(_) => cartas::geometry(),
    }
}

/// Where the spots of a board are in its picture.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Geometry {
    /// The picture's width, as its `viewBox` gives it.
    pub width: i32,
    /// The picture's height.
    pub height: i32,
    /// Every spot of the board, each once.
    pub spots: Vec<SpotArea>,
}

impl Geometry {
    fn new(frame: Frame, spots: Vec<(SpotId, Shape)>) -> Geometry {
        let (dx, dy) = (frame.left, frame.top);
        let spots = spots
            .into_iter()
            .map(|(spot, shape)| {
                let area = match shape {
                    Shape::Rect { x, y, w, h } => Area::Rect { x: x + dx, y: y + dy, width: w, height: h },
                    Shape::Circle { cx, cy, r } => Area::Circle { cx: cx + dx, cy: cy + dy, r },
                };
                SpotArea { spot, area }
            })
            .collect();
        Geometry { width: frame.width, height: frame.height, spots }
    }

    /// The spot named `name` (a [`SpotId`]'s text), if the board has it.
    pub fn spot(&self, name: &str) -> Option<&SpotArea> {
        self.spots.iter().find(|s| s.spot.as_str() == name)
    }

    /// The spot whose area holds the point (`x`, `y`), if any.
    pub fn spot_at(&self, x: i32, y: i32) -> Option<&SpotArea> {
        self.spots.iter().find(|s| s.area.contains(x, y))
    }
}

/// One spot of a board and its area in the picture.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SpotArea {
    /// The spot's name.
    pub spot: SpotId,
    /// Where it is.
    pub area: Area,
}

/// An area of the picture, in its `viewBox` coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(tag = "shape", rename_all = "lowercase"))]
pub enum Area {
    /// A rectangle from its top-left corner.
    Rect {
        /// Left edge.
        x: i32,
        /// Top edge.
        y: i32,
        /// Width.
        width: i32,
        /// Height.
        height: i32,
    },
    /// A circle.
    Circle {
        /// Centre, across.
        cx: i32,
        /// Centre, down.
        cy: i32,
        /// Radius.
        r: i32,
    },
}

impl Area {
    /// The centre: where a token on the spot is drawn, give or take the room of several.
    pub const fn centre(&self) -> (i32, i32) {
        match *self {
            Area::Rect { x, y, width, height } => (x + width / 2, y + height / 2),
            Area::Circle { cx, cy, .. } => (cx, cy),
        }
    }

    /// Whether the point (`x`, `y`) is inside, edges included.
    pub const fn contains(&self, px: i32, py: i32) -> bool {
        match *self {
            Area::Rect { x, y, width, height } => px >= x && px <= x + width && py >= y && py <= y + height,
            Area::Circle { cx, cy, r } => {
                // In i64, so that no point of the caller's overflows.
                let (dx, dy) = (px as i64 - cx as i64, py as i64 - cy as i64);
                dx * dx + dy * dy <= (r as i64) * (r as i64)
            }
        }
    }
}

/// A picture's size, and the top-left corner of its board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub width: i32,
    pub height: i32,
    pub left: i32,
    pub top: i32,
}

/// The spots a tap may find, unpainted, each with its `data-spot`, under the tokens.
pub(crate) fn draw_spots(svg: &mut Svg, spots: &[(SpotId, Shape)]) {
    svg.group("spots");
    for (spot, shape) in spots {
        svg.spot(spot, *shape);
    }
    svg.end_group();
}

/// The board as SVG. Marks the last move: cells that the events `last` moved a token from and to.
pub fn svg(view: &View, last: &[Event]) -> String {
    match view {
        View::Poleana(state) => poleana::svg(state, last),
        View::Parchis(state) => parchis::svg(state, last),
        View::Cartas(view) => cartas::svg(view, last),
    }
}

/// The board as plain text for a terminal (at most 80 columns), marking the last move too.
pub fn text(view: &View, last: &[Event]) -> String {
    match view {
        View::Poleana(state) => poleana::text(state, last),
        View::Parchis(state) => parchis::text(state, last),
        View::Cartas(view) => cartas::text(view, last),
    }
}

/// The colours a picture paints with, for one colour of the game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tint {
    /// Tokens, exits.
    pub main: &'static str,
    /// Safe cells, lanes.
    pub soft: &'static str,
    /// A side's ordinary cells.
    pub light: &'static str,
    /// Outlines and labels.
    pub dark: &'static str,
    /// Text on a `main` background.
    pub ink: &'static str,
}

/// Yellow, blue, red and green, told apart also by lightness (the yellow is the lightest, the
/// blue and green darker) so that the pictures survive a grey-scale printer.
pub(crate) const fn tint(colour: Colour) -> Tint {
    match colour {
        Colour::Yellow => Tint { main: "#f4c20d", soft: "#f9e08a", light: "#fdf3cf", dark: "#8a6a00", ink: "#3d2f00" },
        Colour::Blue => Tint { main: "#1f6fd1", soft: "#9dc1ee", light: "#deebfa", dark: "#0f3d7a", ink: "#ffffff" },
        Colour::Red => Tint { main: "#d93025", soft: "#f0a39d", light: "#fbe1df", dark: "#7c150e", ink: "#ffffff" },
        Colour::Green => Tint { main: "#1e8e3e", soft: "#93d1a3", light: "#dcf1e2", dark: "#0d4d20", ink: "#ffffff" },
    }
}

/// A side or home of a colour that is not in play.
pub(crate) const ABSENT: Tint =
    Tint { main: "#9e9e9e", soft: "#d6d6d6", light: "#eeeeee", dark: "#6b6b6b", ink: "#ffffff" };

/// The tint a colour's part of the board gets: its own while in play, grey otherwise.
pub(crate) const fn tint_in(colour: Colour, colours: ColourSet) -> Tint {
    if colours.contains(colour) { tint(colour) } else { ABSENT }
}

pub(crate) const PAPER: &str = "#ffffff";
pub(crate) const BOARD: &str = "#f8f1e3";
pub(crate) const FRAME: &str = "#6d5037";
pub(crate) const INK: &str = "#2b2b2b";
pub(crate) const FAINT: &str = "#7a7a7a";
pub(crate) const GOLD: &str = "#d4a017";
pub(crate) const POLICE: &str = "#c2410c";
/// The last move's outlines: a magenta none of the four colours is mistaken for.
pub(crate) const MARK: &str = "#e6007e";

/// A colour's name as a label starts it: `Yellow`.
pub(crate) const fn title_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Yellow => "Yellow",
        Colour::Blue => "Blue",
        Colour::Red => "Red",
        Colour::Green => "Green",
    }
}

/// A colour's name as a label: `Yellow` (`colour-yellow`).
pub(crate) fn colour_label(colour: Colour) -> Label {
    Label::new(colour_id(colour), title_name(colour))
}

/// The English of labels joined as a text picture joins them (`, `).
pub(crate) fn english(labels: &[Label]) -> String {
    let words: Vec<&str> = labels.iter().map(|label| label.english.as_str()).collect();
    words.join(", ")
}

/// Colours as a reader lists them: `Blue`, `Blue and Red`, `Yellow, Blue and Red`.
pub(crate) fn names(set: ColourSet) -> String {
    let mut out = String::new();
    let count = set.len();
    for (i, colour) in set.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == count { " and " } else { ", " });
        }
        out.push_str(title_name(colour));
    }
    out
}

/// The one colour of a set that has exactly one.
pub(crate) fn single(set: ColourSet) -> Option<Colour> {
    let mut colours = set.iter();
    match (colours.next(), colours.next()) {
        (Some(colour), None) => Some(colour),
        _ => None,
    }
}

/// Turns the point (`x`, `y`) of a square of side `size` by `quarters` quarter turns
/// anticlockwise on screen, the way tokens travel. Each board is drawn as Yellow's part at the
/// bottom and turned once per colour for Blue (right), Red (top) and Green (left). For grid
/// cells, pass the cell indices and `size` = cells − 1.
pub(crate) const fn turn(point: (i32, i32), quarters: usize, size: i32) -> (i32, i32) {
    let (mut x, mut y) = point;
    let mut k = 0;
    while k < quarters % 4 {
        (x, y) = (y, size - x);
        k += 1;
    }
    (x, y)
}

/// The last move's part in a cell: a token left it, or a token reached it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    From,
    To,
}

impl Mark {
    /// The SVG class of the outline.
    pub const fn class(self) -> &'static str {
        match self {
            Mark::From => "from",
            Mark::To => "to",
        }
    }

    /// The brackets around a cell in text.
    pub const fn brackets(self) -> (char, char) {
        match self {
            Mark::From => ('(', ')'),
            Mark::To => ('[', ']'),
        }
    }
}

/// The places the last move touched, each with the mark of the last event that named it.
#[derive(Debug)]
pub(crate) struct Marks<L> {
    list: Vec<(L, Mark)>,
}

impl<L: Copy + PartialEq> Marks<L> {
    pub fn new() -> Marks<L> {
        Marks { list: Vec::new() }
    }

    pub fn add(&mut self, place: L, mark: Mark) {
        match self.list.iter_mut().find(|(p, _)| *p == place) {
            Some(entry) => entry.1 = mark,
            None => self.list.push((place, mark)),
        }
    }

    pub fn get(&self, place: L) -> Option<Mark> {
        self.list.iter().find(|(p, _)| *p == place).map(|(_, m)| *m)
    }

    pub fn iter(&self) -> impl Iterator<Item = (L, Mark)> + '_ {
        self.list.iter().copied()
    }

    /// Draws the marks as the picture's `last-move` group, each place outlined by `shape`
    /// (places without an outline are left out).
    pub fn draw(&self, svg: &mut Svg, shape: impl Fn(L) -> Option<Shape>) {
        svg.group("last-move");
        for (place, mark) in self.iter() {
            if let Some(outline) = shape(place) {
                draw_mark(svg, outline, mark);
            }
        }
        svg.end_group();
    }
}

/// How many tokens of each colour (by index) stand on each place, in the order first met. A
/// list, not a hash map, so that drawing order and output are fixed.
#[derive(Debug)]
pub(crate) struct Census<L> {
    list: Vec<(L, [u8; 4])>,
}

impl<L: Copy + PartialEq> Census<L> {
    pub fn new() -> Census<L> {
        Census { list: Vec::new() }
    }

    pub fn add(&mut self, place: L, colour: Colour) {
        let index = colour.index();
        match self.list.iter_mut().find(|(p, _)| *p == place) {
            Some((_, counts)) => counts[index] = counts[index].saturating_add(1),
            None => {
                let mut counts = [0; 4];
                counts[index] = 1;
                self.list.push((place, counts));
            }
        }
    }

    /// The tokens on `place`, per colour index.
    pub fn at(&self, place: L) -> [u8; 4] {
        self.list.iter().find(|(p, _)| *p == place).map_or([0; 4], |(_, c)| *c)
    }

    pub fn iter(&self) -> impl Iterator<Item = (L, [u8; 4])> + '_ {
        self.list.iter().copied()
    }
}

/// The outline of a place on the picture, for its last-move mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Rect { x: i32, y: i32, w: i32, h: i32 },
    Circle { cx: i32, cy: i32, r: i32 },
}

/// Outlines `shape` as the last move's `mark`: dashed where a token left, solid where one came.
fn draw_mark(svg: &mut Svg, shape: Shape, mark: Mark) {
    let paint = match mark {
        Mark::From => Paint::line(MARK, 3).dashed(),
        Mark::To => Paint::line(MARK, 4),
    };
    match shape {
        Shape::Rect { x, y, w, h } => svg.tagged_rect(mark.class(), x - 2, y - 2, w + 4, h + 4, paint),
        Shape::Circle { cx, cy, r } => svg.tagged_circle(mark.class(), cx, cy, r + 3, paint),
    }
}

/// One token: a disc in its colour with a dark rim and a white halo, readable on any cell (even
/// an exit of its own colour).
pub(crate) fn draw_disc(svg: &mut Svg, cx: i32, cy: i32, r: i32, colour: Colour) {
    let tint = tint(colour);
    svg.circle(cx, cy, r + 2, Paint::fill(PAPER));
    svg.token_circle(cx, cy, r, Paint::both(tint.main, tint.dark, 2), colour);
}

/// `count` tokens of one colour on one spot: one disc, or for several two discs stacked one a
/// little up and to the left of the other, with the count on top, within the same radius.
pub(crate) fn draw_stack(svg: &mut Svg, cx: i32, cy: i32, r: i32, colour: Colour, count: u8) {
    match count {
        0 => {}
        1 => draw_disc(svg, cx, cy, r, colour),
        _ => {
            let shift = (r / 5).max(1);
            draw_disc(svg, cx + shift, cy + shift, r - shift, colour);
            draw_disc(svg, cx - shift, cy - shift, r - shift, colour);
            let label = Font::new(r + 1, tint(colour).ink).bold();
            svg.centred_text(cx - shift, cy - shift, label, &count.to_string());
        }
    }
}

/// The tokens on one spot, per colour index: one colour as a stack, several side by side (two
/// in a row, more in a square), each a smaller stack.
pub(crate) fn draw_tokens(svg: &mut Svg, cx: i32, cy: i32, r: i32, counts: [u8; 4]) {
    let present: Vec<(Colour, u8)> = Colour::ALL.into_iter().zip(counts).filter(|(_, n)| *n > 0).collect();
    match present.as_slice() {
        [] => {}
        [(colour, n)] => draw_stack(svg, cx, cy, r, *colour, *n),
        [(a, m), (b, n)] => {
            let small = r * 4 / 5;
            draw_stack(svg, cx - small, cy, small, *a, *m);
            draw_stack(svg, cx + small, cy, small, *b, *n);
        }
        several => {
            let small = r * 3 / 5;
            for (i, (colour, n)) in several.iter().enumerate() {
                let dx = if i % 2 == 0 { -small } else { small };
                let dy = if i < 2 { -small } else { small };
                draw_stack(svg, cx + dx, cy + dy, small, *colour, *n);
            }
        }
    }
}

/// What a caption says, each line as labels joined by ` · `: whose turn and what is in hand, the
/// details (the result, doubles, quiet colours, a pending bonus), and the game's configuration.
#[derive(Debug)]
pub(crate) struct Caption {
    /// The colour to act, or the winner, drawn as a disc before the status.
    pub colour: Option<Colour>,
    pub status: Vec<Label>,
    pub detail: Vec<Label>,
    pub title: Vec<Label>,
}

/// The height of the band a caption takes.
pub(crate) const CAPTION_HEIGHT: i32 = 84;

/// Draws a caption in the band of `width` pixels whose top is `top`, with a key to the marks.
pub(crate) fn draw_caption(svg: &mut Svg, left: i32, top: i32, width: i32, caption: &Caption) {
    svg.group("caption");
    let text_left = match caption.colour {
        Some(colour) => {
            draw_disc(svg, left + 9, top + 17, 9, colour);
            left + 24
        }
        None => left,
    };
    svg.labels(text_left, top + 23, Font::new(18, INK).bold().anchor(Anchor::Start), "", &caption.status);
    svg.labels(left, top + 47, Font::new(15, INK).anchor(Anchor::Start), "", &caption.detail);
    svg.labels(left, top + 71, Font::new(13, FAINT).anchor(Anchor::Start), "", &caption.title);
    draw_legend(svg, left + width, top + 71);
    svg.end_group();
}

/// The key to the last-move marks, right-aligned on the baseline `y`.
fn draw_legend(svg: &mut Svg, right: i32, y: i32) {
    let small = Font::new(13, FAINT).anchor(Anchor::Start);
    svg.label(right - 140, y, small.anchor(Anchor::End), &Label::new("board-last-move", "last move:"));
    svg.rect(right - 132, y - 11, 14, 14, 3, Paint::line(MARK, 2).dashed());
    svg.label(right - 112, y, small, &Label::new("board-from", "from"));
    svg.rect(right - 62, y - 11, 14, 14, 3, Paint::line(MARK, 3));
    svg.label(right - 42, y, small, &Label::new("board-to", "to"));
}

/// Writes a board cell of a text picture. Each grid cell (`col`, `row`) takes four columns and
/// two lines: `label` (its number or name, see [`text_cell`]) on the first, and under the label's
/// middle the tokens on the cell (see [`token_letters`]), so that a token never hides what it
/// stands on.
pub(crate) fn put_text_cell(grid: &mut CharGrid, (col, row): (i32, i32), label: [char; 4], tokens: &str) {
    let (Ok(col), Ok(row)) = (usize::try_from(col), usize::try_from(row)) else { return };
    grid.put(4 * col, 2 * row, &label.iter().collect::<String>());
    // Up to three letters start under the label's first digit; four fill the cell's width.
    let shift = usize::from(tokens.chars().count() < 4);
    grid.put(4 * col + shift, 2 * row + 1, tokens);
}

/// A cell's label in a text picture: two characters of content between the brackets of its
/// mark, or between `left` and a blank when unmarked.
pub(crate) fn text_cell(content: [char; 2], left: char, mark: Option<Mark>) -> [char; 4] {
    match mark {
        Some(mark) => {
            let (open, close) = mark.brackets();
            [open, content[0], content[1], close]
        }
        None => [left, content[0], content[1], ' '],
    }
}

/// The letters that show the tokens on a cell in text, under its label: one letter a token,
/// `Y` for one, `YY` for two of a colour (a tapón or a barrier), `YYY` for three, `YR` for two
/// colours; empty when there are none. At most four letters: no cell of any game holds more.
pub(crate) fn token_letters(counts: [u8; 4]) -> String {
    let letters =
        Colour::ALL.into_iter().zip(counts).flat_map(|(colour, n)| core::iter::repeat_n(colour.letter(), n.into()));
    letters.take(4).collect()
}

/// A one- or two-digit number as two right-aligned characters (`' 5'`, `'12'`).
pub(crate) fn number_chars(n: u8) -> [char; 2] {
    let tens = n / 10 % 10;
    let units = char::from_digit(u32::from(n % 10), 10).unwrap_or('?');
    if tens == 0 { [' ', units] } else { [char::from_digit(u32::from(tens), 10).unwrap_or('?'), units] }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_four_times_is_the_identity_and_once_maps_bottom_to_right() {
        assert_eq!(turn((3, 16), 4, 16), (3, 16));
        assert_eq!(turn((1, 16), 1, 16), (16, 15));
        assert_eq!(turn((1, 16), 2, 16), (15, 0));
        assert_eq!(turn((1, 16), 3, 16), (0, 1));
    }

    #[test]
    fn names_read_as_a_list() {
        assert_eq!(names(ColourSet::of(&[Colour::Blue])), "Blue");
        assert_eq!(names(ColourSet::of(&[Colour::Blue, Colour::Red])), "Blue and Red");
        assert_eq!(names(ColourSet::ALL), "Yellow, Blue, Red and Green");
    }

    #[test]
    fn the_last_event_naming_a_place_decides_its_mark() {
        let mut marks = Marks::new();
        marks.add(3, Mark::To);
        marks.add(5, Mark::To);
        marks.add(3, Mark::From);
        assert_eq!(marks.get(3), Some(Mark::From));
        assert_eq!(marks.get(5), Some(Mark::To));
        assert_eq!(marks.get(4), None);
    }

    #[test]
    fn token_letters_and_number_chars() {
        assert_eq!(token_letters([0, 0, 0, 0]), "");
        assert_eq!(token_letters([1, 0, 0, 0]), "Y");
        assert_eq!(token_letters([0, 2, 0, 0]), "BB");
        assert_eq!(token_letters([0, 0, 3, 0]), "RRR");
        assert_eq!(token_letters([1, 0, 0, 1]), "YG");
        assert_eq!(token_letters([0, 9, 0, 0]), "BBBB");
        assert_eq!(number_chars(5), [' ', '5']);
        assert_eq!(number_chars(68), ['6', '8']);
    }
}
