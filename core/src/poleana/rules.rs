//! The rules: what a roll allows, and what each choice does.
//!
//! Generation works on token indices ([`Plan`]) and a table of who stands where
//! ([`Occupancy`]); both live on the stack. Maximum advance is decided by playing a choice on a
//! copy of the state (states are small) and asking whether the rest of the roll still has a use.

use super::refusal;
use crate::phase::Refusal;
use arrayvec::ArrayVec;

use crate::colour::Colour;
use crate::dice::{Die, Roll};
use crate::events::EventSink;
use crate::lanes::{LANES, LOW7, sort_four, zero_bytes};
use crate::phase::Phase;
use crate::poleana::board::{BRIDGE_CELLS, Cell, HOUSE_CELLS, Kind, places_word};
use crate::poleana::state::{Left, NONE};
use crate::poleana::{
    Action, Board, Choice, Choices, Compliance, Event, Events, Infraction, Mark, Mode, Outcome, Place, Priority, Route,
    State,
};
use crate::rules::Rules;
use crate::seat::Seat;

/// A decision as the engine sees it: token indices instead of cell names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Plan {
    Sweep,
    Release,
    Rescue,
    Move { token: u8, steps: u8, up: bool },
    Tapon { token: u8, partner: u8, steps: u8 },
    PlusTen { up: bool },
}

/// A choice before maximum advance and compliance are worked out.
#[derive(Clone, Copy, Debug)]
struct Candidate {
    plan: Plan,
    priority: Priority,
    landing: Option<Place>,
}

type Candidates = ArrayVec<Candidate, 32>;

/// Where a walk ends, and whom it captures there.
#[derive(Clone, Copy, Debug)]
struct Walk {
    to: Place,
    cell: Option<Cell>,
    victim: Option<Colour>,
}

impl Walk {
    fn priority(&self) -> Priority {
        if self.victim.is_some() { Priority::Capture } else { Priority::Move }
    }
}

/// Who stands where: every token's place as one 128-bit word (byte `4 * colour + slot`), with
/// the final approach reduced to the first lap's numbers, so that asking who stands on a cell
/// compares all sixteen at once against the cell's pattern ([`Board::places_on`]).
struct Occupancy {
    board: Board,
    places: u128,
    /// The perimeter cells holding a tapón (bit `i` for perimeter index `i`), so that a walk
    /// checks its whole path with one mask.
    tapons: u64,
}

/// The top bit of every lane.
const HIGH: u128 = LANES * 0x80;
/// The first byte, and the first two bytes, of each colour's four.
const SLOT0: u128 = (u128::MAX / 0xFFFF_FFFF) * 0xFF;
const SLOTS01: u128 = (u128::MAX / 0xFFFF_FFFF) * 0xFFFF;

impl Occupancy {
    /// The occupancy of a position whose colours have their tokens sorted, as every position
    /// between choices has.
    #[inline]
    fn of(state: &State) -> Occupancy {
        debug_assert!(state.tokens.iter().all(|t| t.is_sorted()), "tokens out of order: {state:?}");
        Occupancy::build(state, true)
    }

    /// The occupancy in the middle of a choice, before the tokens are sorted again.
    fn mid_choice(state: &State) -> Occupancy {
        Occupancy::build(state, false)
    }

    fn build(state: &State, sorted: bool) -> Occupancy {
        let board = state.config.board();
        let lap = board.lap();
        let x = places_word(&state.tokens);
        // Perimeter places are below 100; those of the final approach (a lap and more) stand on
        // the same cells as the first pass over own 0 to 8.
        let low = x & LOW7;
        let track = !((low + LANES * 28) | x) & HIGH;
        let approach = track & (low + LANES * u128::from(128 - lap)) & HIGH;
        let places = x - (approach >> 7) * u128::from(lap);
        // A tapón: two tokens of a colour on one perimeter cell (off-perimeter tokens blanked
        // out). With a colour's tokens sorted, two on one place stand side by side; only with
        // a token on the final approach can a pair stand apart: then, or unsorted, compare each
        // token with the one and the two before it among its colour's four (all six pairs).
        let cells = places | (((!track & HIGH) >> 7) * 0xFF);
        let beside = (cells << 8) & !SLOT0;
        let pairs = if sorted && approach == 0 {
            // The first token of a colour has none beside it before.
            zero_bytes(cells ^ beside) & !SLOT0
        } else {
            let before = beside | ((cells >> 24) & SLOT0);
            let two_before = ((cells << 16) & !SLOTS01) | ((cells >> 16) & SLOTS01);
            zero_bytes(cells ^ before) | zero_bytes(cells ^ two_before)
        };
        let mut pairs = pairs & track;
        let mut tapons = 0u64;
        while pairs != 0 {
            let token = pairs.trailing_zeros() / 8;
            pairs &= pairs - 1;
            let d = (places >> (8 * token)) as u8;
            tapons |= 1 << board.perimeter_at(Colour::ALL[token as usize / 4], d);
        }
        Occupancy { board, places, tapons }
    }

    /// The colour on `cell` (meaningless when the count is 0) and how many tokens, counted up
    /// to two (every rule asks no more).
    #[inline]
    fn at(&self, cell: Cell) -> (Colour, u8) {
        let on = zero_bytes(self.places ^ self.board.places_on(cell));
        if on == 0 {
            return (Colour::Yellow, 0);
        }
        // Four tokens a colour, eight bits a token: a colour spans 32 bits.
        let colour = Colour::ALL[(127 - on.leading_zeros() as usize) / 32];
        (colour, if on & (on - 1) == 0 { 1 } else { 2 })
    }

    /// Whether a tapón stands on `cell`, a perimeter cell.
    #[inline]
    fn tapon_on(&self, cell: Cell) -> bool {
        self.tapons & (1 << cell.0) != 0
    }

    /// Whether a tapón stands on one of the `len` perimeter cells a token of `colour` with
    /// progress `d` walks next.
    #[inline]
    fn tapon_after(&self, board: Board, colour: Colour, d: u8, len: u8) -> bool {
        // Most boards hold no tapón: then no path is blocked.
        len > 0 && self.tapons != 0 && self.tapon_on_run(board, board.wrap(board.perimeter_at(colour, d) + 1), len)
    }

    /// Whether a tapón stands on one of the `len` perimeter cells from index `first` on, going
    /// round the board after its last cell.
    #[inline]
    fn tapon_on_run(&self, board: Board, first: u8, len: u8) -> bool {
        let lap = board.lap();
        let all = (1u64 << len) - 1;
        let run = (all << first) | if first + len > lap { all >> (lap - first) } else { 0 };
        self.tapons & run & ((1u64 << lap) - 1) != 0
    }
}

/// The three release combos (docs/rules/poleana.md §4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Combo {
    /// 5+1, 4+2, 3+3: one token onto own 0.
    SumSix,
    /// 6+3: one token onto own 3.
    SixThree,
    /// 6+6: two tokens onto own 0, one 6 each.
    DoubleSix,
}

impl Combo {
    fn of(roll: Roll) -> Option<Combo> {
        if roll.shows(6, 6) {
            Some(Combo::DoubleSix)
        } else if roll.shows(6, 3) {
            Some(Combo::SixThree)
        } else if roll.sum() == 6 {
            Some(Combo::SumSix)
        } else {
            None
        }
    }

    fn target(self) -> Place {
        Place::track(if self == Combo::SixThree { 3 } else { 0 })
    }
}

/// The cell numbers a roll exposes to the police: each die, the sum, and 0 on a combo.
fn exposed(roll: Roll) -> u16 {
    let zero = u16::from(Combo::of(roll).is_some());
    1 << roll.first.value() | 1 << roll.second.value() | 1 << roll.sum() | zero
}

impl State {
    #[inline]
    fn own(&self) -> &[Place; 4] {
        &self.tokens[self.turn.index()]
    }

    /// Whether a rival on `cell` sits on one of its own safe cells.
    #[inline]
    fn protected(&self, cell: Cell, victim: Colour) -> bool {
        let board = self.config.board();
        let (side, number) = board.side_of(cell.0);
        side == victim && board.is_safe_number(number)
    }

    /// Walks a token of `colour` from `from` by `steps`, going up the bridge at a fork when
    /// `up`. `None` when the walk is not legal: blocked, past the goal, onto a cell it may not
    /// land on, or `up` with no bridge on the way.
    ///
    /// A walk is a run of perimeter cells (where only a tapón blocks), perhaps a bridge or the
    /// house (where any token blocks), each run checked at once.
    fn walk(&self, occ: &Occupancy, colour: Colour, from: Place, steps: u8, up: bool) -> Option<Walk> {
        match from.kind() {
            Kind::Track(d) if up => self.climb(occ, colour, d, steps),
            Kind::Track(d) => self.run(occ, colour, d, steps),
            Kind::Bridge(owner, cell) => {
                // Down the rest of the bridge onto the cell where it comes down, then on; `up`
                // then needs a later bridge.
                let down = BRIDGE_CELLS + 1 - cell;
                if !Self::bridge_clear(occ, owner, cell + 1, cell + steps.min(down - 1)) {
                    return None;
                }
                if steps < down {
                    let to = Place::bridge(owner, cell + steps);
                    return (!up).then_some(Walk { to, cell: Some(Cell::bridge(owner, cell + steps)), victim: None });
                }
                let (exit, rest) = (self.config.board().bridge_exit(colour, owner), steps - down);
                match self.come_down(occ, colour, exit, rest, up) {
                    Err(end) => end,
                    Ok(()) if up => self.climb(occ, colour, exit, rest),
                    Ok(()) => self.run(occ, colour, exit, rest),
                }
            }
            Kind::House(cell) if !up => self.walk_home(colour, cell, cell + steps),
            _ => None,
        }
    }

    /// A walk from progress `d` on the perimeter along it, perhaps on into the house.
    #[inline(always)]
    fn run(&self, occ: &Occupancy, colour: Colour, d: u8, steps: u8) -> Option<Walk> {
        let board = self.config.board();
        let last = board.last_track();
        if d + steps <= last {
            // Most walks stay on the perimeter; most boards hold no tapón.
            if steps > 1 && occ.tapon_after(board, colour, d, steps - 1) {
                return None;
            }
            return self.land(occ, colour, Place::track(d + steps), Cell(board.perimeter_at(colour, d + steps)));
        }
        // On into the house, past the rest of the approach.
        if occ.tapon_after(board, colour, d, last - d) {
            return None;
        }
        self.walk_home(colour, 0, d + steps - last)
    }

    /// A walk from progress `d` that goes up the first bridge on the way the token may take
    /// (entries are a stretch apart, further than any walk: the next entry or none).
    fn climb(&self, occ: &Occupancy, colour: Colour, d: u8, steps: u8) -> Option<Walk> {
        let board = self.config.board();
        let mut ahead = board.entry_ahead(colour, d);
        let owner = loop {
            if ahead >= steps || d + ahead > board.last_track() {
                return None;
            }
            if let Some(owner) = board.fork(colour, Place::track(d + ahead), self.config.bridges_open_to_all()) {
                break owner;
            }
            ahead += board.side();
        };
        let on_bridge = steps - ahead;
        if occ.tapon_after(board, colour, d, ahead) || !Self::bridge_clear(occ, owner, 1, on_bridge.min(BRIDGE_CELLS)) {
            return None;
        }
        if on_bridge <= BRIDGE_CELLS {
            return Some(Walk {
                to: Place::bridge(owner, on_bridge),
                cell: Some(Cell::bridge(owner, on_bridge)),
                victim: None,
            });
        }
        let (exit, rest) = (board.bridge_exit(colour, owner), on_bridge - BRIDGE_CELLS - 1);
        match self.come_down(occ, colour, exit, rest, false) {
            Err(end) => end,
            Ok(()) => self.run(occ, colour, exit, rest),
        }
    }

    /// A token of `colour` comes down from a bridge onto progress `exit` with `rest` steps to
    /// walk: `Err` with the walk's end when it ends there (`up`: it must still go up a bridge)
    /// or the cell blocks it, `Ok` to walk on.
    fn come_down(&self, occ: &Occupancy, colour: Colour, exit: u8, rest: u8, up: bool) -> Result<(), Option<Walk>> {
        let cell = Cell(self.config.board().perimeter_at(colour, exit));
        if rest == 0 {
            return Err(if up { None } else { self.land(occ, colour, Place::track(exit), cell) });
        }
        if occ.tapon_on(cell) { Err(None) } else { Ok(()) }
    }

    /// The end of a walk in the house of `colour`, from house cell `from` (0: the last perimeter
    /// cell) to house cell `to`: every house cell on the way and the landing must be free, and
    /// the goal (the seventh) needs the exact count.
    fn walk_home(&self, colour: Colour, from: u8, to: u8) -> Option<Walk> {
        if to > HOUSE_CELLS {
            return None;
        }
        let (first, last) = (Place::house(from + 1), Place::house(to.min(HOUSE_CELLS - 1)));
        // Only the colour's own tokens enter its house.
        if self.tokens[colour.index()].iter().any(|&p| first <= p && p <= last) {
            return None;
        }
        Some(if to == HOUSE_CELLS {
            Walk { to: Place::GOAL, cell: None, victim: None }
        } else {
            Walk { to: Place::house(to), cell: Some(Cell::house(colour, to)), victim: None }
        })
    }

    /// Whether bridge cells `first` to `last` of `owner` are free: any token blocks a bridge.
    #[inline]
    fn bridge_clear(occ: &Occupancy, owner: Colour, first: u8, last: u8) -> bool {
        (first..=last).all(|k| occ.at(Cell::bridge(owner, k)).1 == 0)
    }

    /// Whether a token of `colour` may end a walk on `cell` (its place `to`), and whom it
    /// captures there.
    #[inline(always)]
    fn land(&self, occ: &Occupancy, colour: Colour, to: Place, cell: Cell) -> Option<Walk> {
        let (owner, count) = occ.at(cell);
        match count {
            0 => Some(Walk { to, cell: Some(cell), victim: None }),
            _ if !cell.is_perimeter() => None,
            // Joining one own token makes a tapón; a tapón may not be joined by a move.
            1 if owner == colour => Some(Walk { to, cell: Some(cell), victim: None }),
            1 if !self.protected(cell, owner) => Some(Walk { to, cell: Some(cell), victim: Some(owner) }),
            _ => None,
        }
    }

    /// Walks a tapón of the player to move as one unit: perimeter only, landing on an empty
    /// cell or capturing a rival tapón that is not on its own safe cell.
    fn unit_walk(&self, occ: &Occupancy, token: u8, partner: u8, steps: u8) -> Option<Walk> {
        let board = self.config.board();
        let c = self.turn;
        let a = self.own()[usize::from(token)].progress()?;
        let b = self.own()[usize::from(partner)].progress()?;
        if a.max(b) + steps > board.last_track() {
            return None;
        }
        for step in 1..=steps {
            let cell = board.cell(c, Place::track(a + step))?;
            let (owner, count) = occ.at(cell);
            if step < steps {
                if count >= 2 {
                    return None;
                }
            } else {
                let to = Place::track(a + steps);
                return match count {
                    0 => Some(Walk { to, cell: Some(cell), victim: None }),
                    n if n >= 2 && owner != c && !self.protected(cell, owner) => {
                        Some(Walk { to, cell: Some(cell), victim: Some(owner) })
                    }
                    _ => None,
                };
            }
        }
        None
    }

    /// The walk of a +10 for a token, or for a tapón unit when `partner` is set.
    fn plus_ten_walk(&self, occ: &Occupancy, token: u8, partner: u8, up: bool) -> Option<Walk> {
        if partner != NONE {
            return if up { None } else { self.unit_walk(occ, token, partner, 10) };
        }
        self.walk(occ, self.turn, self.own()[usize::from(token)], 10, up)
    }

    /// Whether a walk of `steps` from `place` may meet a bridge entry (a cheap test before
    /// walking the bridge route; the walk decides).
    #[inline]
    fn may_fork(&self, place: Place, steps: u8) -> bool {
        match place.kind() {
            Kind::Track(d) => self.config.board().entry_ahead(self.turn, d) < steps,
            Kind::Bridge(..) => true,
            _ => false,
        }
    }

    /// Whether a release or rescue may land on `target`: anything but a rival tapón.
    fn release_lands(&self, occ: &Occupancy, target: Place) -> bool {
        let Some(cell) = self.config.board().cell(self.turn, target) else { return false };
        let (owner, count) = occ.at(cell);
        count <= 1 || owner == self.turn
    }

    /// Whether the 6 left of a 6+6, after the other went on a move, releases a token: each 6 is a
    /// release of one (docs/rules/poleana.md §4.2).
    fn lone_six_releases(&self, occ: &Occupancy) -> bool {
        matches!(self.left, Left::One(_))
            && self.roll.and_then(Combo::of) == Some(Combo::DoubleSix)
            && self.own().contains(&Place::START)
            && !self.own().contains(&Place::LIMBO)
            && self.release_lands(occ, Place::track(0))
    }

    /// Whether the one die left has a use: a move by a token other than the one that took the
    /// first die, or the release of a lone 6.
    fn die_usable(&self, occ: &Occupancy, die: Die) -> bool {
        self.any_move(occ, die.value(), self.mover) || self.lone_six_releases(occ)
    }

    /// Whether the roll sends some rival home from a police cell.
    fn sweep_possible(&self, roll: Roll) -> bool {
        // Police cells are those of absent colours: with every colour at the table, none.
        if self.config.colours().len() == Colour::ALL.len() {
            return false;
        }
        let mask = exposed(roll);
        self.config
            .colours()
            .iter()
            .filter(|&c| c != self.turn)
            .any(|c| self.tokens[c.index()].iter().any(|&p| self.on_exposed_police(c, p, mask)))
    }

    fn on_exposed_police(&self, colour: Colour, place: Place, mask: u16) -> bool {
        let Some(d) = place.progress() else { return false };
        let board = self.config.board();
        let (side, number) = board.side_of(board.perimeter_at(colour, d));
        self.config.is_police(side, number) && mask & (1 << number) != 0
    }

    /// The mark of `place` for the player to move: ★ or ⚠.
    fn mark(&self, place: Place) -> Option<Mark> {
        let board = self.config.board();
        match place.kind() {
            Kind::Track(d) => {
                let (side, number) = board.side_of(board.perimeter_at(self.turn, d));
                if side == self.turn && board.is_safe_number(number) {
                    Some(Mark::Safe)
                } else if self.config.is_police(side, number) {
                    Some(Mark::Police)
                } else {
                    None
                }
            }
            Kind::Bridge(..) | Kind::House(_) | Kind::Goal => Some(Mark::Safe),
            _ => None,
        }
    }

    /// Every choice the roll offers, before maximum advance and compliance.
    fn candidates(&self, occ: &Occupancy, out: &mut Candidates) {
        let Some(roll) = self.roll else { return };
        if self.outcome.is_some() {
            return;
        }
        if self.plus10 != NONE {
            for up in [false, true] {
                if let Some(w) = self.plus_ten_walk(occ, self.plus10, self.partner, up) {
                    let _ = out.try_push(Candidate {
                        plan: Plan::PlusTen { up },
                        priority: w.priority(),
                        landing: Some(w.to),
                    });
                }
            }
            return;
        }
        // While a token sits in limbo nothing else of its colour moves
        // (docs/rules/poleana.md §4.4).
        let in_limbo = self.own().contains(&Place::LIMBO);
        match self.left {
            Left::Nothing => {}
            Left::One(die) => {
                if self.lone_six_releases(occ) {
                    let _ = out.try_push(Candidate {
                        plan: Plan::Release,
                        priority: Priority::Release,
                        landing: Some(Place::track(0)),
                    });
                }
                if !in_limbo {
                    self.moves(occ, die.value(), self.mover, out);
                }
            }
            Left::Both => {
                if self.sweep_possible(roll) {
                    let _ = out.try_push(Candidate { plan: Plan::Sweep, priority: Priority::Sweep, landing: None });
                }
                let combo = Combo::of(roll);
                if in_limbo {
                    if combo.is_some() && self.release_lands(occ, Place::track(0)) {
                        let _ = out.try_push(Candidate {
                            plan: Plan::Rescue,
                            priority: Priority::Release,
                            landing: Some(Place::track(0)),
                        });
                    }
                    return;
                }
                if let Some(combo) = combo {
                    if self.own().contains(&Place::START) && self.release_lands(occ, combo.target()) {
                        let _ = out.try_push(Candidate {
                            plan: Plan::Release,
                            priority: Priority::Release,
                            landing: Some(combo.target()),
                        });
                    }
                }
                let (lo, hi) =
                    (roll.first.value().min(roll.second.value()), roll.first.value().max(roll.second.value()));
                if hi != lo {
                    self.roll_moves(occ, [lo, hi, roll.sum()], out);
                } else {
                    self.roll_moves(occ, [lo, roll.sum()], out);
                }
                if roll.is_double() && self.config.tapon_captures() {
                    self.tapon_moves(occ, lo, out);
                }
            }
        }
    }

    /// Single-token moves of `steps`, one per distinct place, skipping the token `forbid`.
    fn moves(&self, occ: &Occupancy, steps: u8, forbid: u8, out: &mut Candidates) {
        let own = self.own();
        let mut last = Place::UNUSED;
        for (i, &place) in own.iter().enumerate() {
            let i = i as u8;
            if i == forbid || !place.on_board() || place == last {
                continue;
            }
            last = place;
            for up in [false, true] {
                if up && !self.may_fork(place, steps) {
                    continue;
                }
                if let Some(w) = self.walk(occ, self.turn, place, steps, up) {
                    let _ = out.try_push(Candidate {
                        plan: Plan::Move { token: i, steps, up },
                        priority: w.priority(),
                        landing: Some(w.to),
                    });
                }
            }
        }
    }

    /// Single-token moves of each count in `counts`, one per distinct place: all moves of the
    /// first count, then of the next, in token order within each, as separate searches list
    /// them; found in one pass over the tokens, so that each token's place is read once.
    fn roll_moves<const N: usize>(&self, occ: &Occupancy, counts: [u8; N], out: &mut Candidates) {
        let board = self.config.board();
        let c = self.turn;
        // The moves of the later counts wait here until the first count's are listed.
        // (A count has at most two moves, perimeter and bridge, for each of four tokens.)
        let mut later = [ArrayVec::<Candidate, 8>::new(), ArrayVec::<Candidate, 8>::new()];
        let own = self.own();
        let mut last = Place::UNUSED;
        for (i, &place) in own.iter().enumerate() {
            if !place.on_board() || place == last {
                continue;
            }
            last = place;
            let token = i as u8;
            // A bridge may lie ahead when its entry is nearer than the walk (always from a bridge).
            let ahead = match place.kind() {
                Kind::Track(d) => board.entry_ahead(c, d),
                _ => 0,
            };
            self.token_moves(occ, token, place, ahead, counts[0], out);
            for (list, &steps) in later.iter_mut().zip(&counts[1..]) {
                self.token_moves(occ, token, place, ahead, steps, list);
            }
        }
        for list in &later[..N - 1] {
            let _ = out.try_extend_from_slice(list);
        }
    }

    /// The moves of `token` from `place` by `steps`, by the perimeter and then by a bridge;
    /// `ahead` is the distance to the next bridge entry on the perimeter.
    #[inline(always)]
    fn token_moves<const CAP: usize>(
        &self,
        occ: &Occupancy,
        token: u8,
        place: Place,
        ahead: u8,
        steps: u8,
        out: &mut ArrayVec<Candidate, CAP>,
    ) {
        let c = self.turn;
        let mut push = |walk: Option<Walk>, up: bool| {
            if let Some(w) = walk {
                let _ = out.try_push(Candidate {
                    plan: Plan::Move { token, steps, up },
                    priority: w.priority(),
                    landing: Some(w.to),
                });
            }
        };
        let (perimeter, bridge) = match place.kind() {
            Kind::Track(d) => {
                (self.run(occ, c, d, steps), if ahead < steps { self.climb(occ, c, d, steps) } else { None })
            }
            Kind::Bridge(..) => (self.walk(occ, c, place, steps, false), self.walk(occ, c, place, steps, true)),
            _ => (self.walk(occ, c, place, steps, false), None),
        };
        push(perimeter, false);
        push(bridge, true);
    }

    /// Tapón come tapón: each own tapón on the perimeter moving `steps` as a unit.
    fn tapon_moves(&self, occ: &Occupancy, steps: u8, out: &mut Candidates) {
        let board = self.config.board();
        let own = self.own();
        let mut done = [None; 4];
        for i in 0..4u8 {
            let Some(cell) = board.cell(self.turn, own[usize::from(i)]).filter(|c| c.is_perimeter()) else { continue };
            if done.contains(&Some(cell)) {
                continue;
            }
            done[usize::from(i)] = Some(cell);
            // The unit is the first two tokens on the cell: those that have travelled least.
            let Some(partner) = (i + 1..4).find(|&j| board.cell(self.turn, own[usize::from(j)]) == Some(cell)) else {
                continue;
            };
            if let Some(w) = self.unit_walk(occ, i, partner, steps) {
                let _ = out.try_push(Candidate {
                    plan: Plan::Tapon { token: i, partner, steps },
                    priority: w.priority(),
                    landing: Some(w.to),
                });
            }
        }
    }

    /// The legal choices, for the board `occ` holds.
    fn list(&self, occ: &Occupancy, out: &mut Choices) {
        let mut cands = Candidates::new();
        self.candidates(occ, &mut cands);
        // Each priority class's members as a bit set (bit `i` for candidate `i`), in one pass.
        let mut members = [0u32; 5];
        for (i, cand) in cands.iter().enumerate() {
            members[cand.priority as usize] |= 1 << i;
        }
        let Some(best) = members.iter().position(|&m| m != 0) else { return };
        // Strict mode lists only the best class present: the others need no maximum advance.
        let classes = if self.config.mode() == Mode::Strict { &members[best..=best] } else { &members[..] };
        let mut keep = self.maximum_advance(&cands, classes);
        let board = self.config.board();
        while keep != 0 {
            let cand = &cands[keep.trailing_zeros() as usize];
            keep &= keep - 1;
            let compliance =
                if cand.priority as usize == best { Compliance::Compliant } else { Compliance::Infraction };
            let _ = out.try_push(Choice {
                action: self.action_of(cand.plan),
                priority: cand.priority,
                compliance,
                landing: cand.landing.map(|p| board.spot(self.turn, p)),
                mark: cand.landing.and_then(|p| self.mark(p)),
            });
        }
    }

    /// Maximum advance (docs/rules/poleana.md §3.4): within each priority class, when some choice
    /// lets the whole roll be used, the choices that would strand part of it are dropped. Takes
    /// the classes' members as bit sets and returns the kept candidates as one.
    fn maximum_advance(&self, cands: &Candidates, classes: &[u32]) -> u32 {
        let mut keep = 0;
        for &class in classes {
            // Only a class of two or more choices can lose one.
            if class & class.wrapping_sub(1) == 0 {
                keep |= class;
                continue;
            }
            let mut whole = 0u32;
            let mut rest = class;
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                if self.uses_whole_roll(&cands[i as usize], cands) {
                    whole |= 1 << i;
                }
            }
            keep |= if whole != 0 { whole } else { class };
        }
        keep
    }

    /// Whether, after `plan` and its +10 chain, the rest of the roll can still be used (or
    /// nothing is left, or the game is over). Penalties are ignored.
    fn uses_whole_roll(&self, cand: &Candidate, cands: &Candidates) -> bool {
        match (cand.plan, self.left, self.roll) {
            (Plan::Sweep | Plan::Tapon { .. }, _, _) => return true,
            (Plan::Move { .. }, Left::One(_), _) => return true,
            (Plan::Move { steps, .. }, Left::Both, Some(roll)) if steps == roll.sum() => return true,
            (Plan::Move { token, steps, .. }, Left::Both, Some(roll)) if cand.priority == Priority::Move => {
                let other = if steps == roll.first.value() { roll.second } else { roll.first };
                let landing = cand.landing.and_then(|p| self.config.board().cell(self.turn, p));
                if self.another_plays_clear_of(cands, token, other.value(), landing) {
                    return true;
                }
                // With no other token on the board, nothing can take the other die, and a move
                // that captures nothing uses the whole roll only if it ends the game.
                // (The lone 6 of a 6+6 may still release a token: that is worked out below.)
                let alone = self.own().iter().enumerate().all(|(i, p)| i as u8 == token || !p.on_board());
                let lone_six = Combo::of(roll) == Some(Combo::DoubleSix) && self.own().contains(&Place::START);
                if alone && !lone_six && cand.landing != Some(Place::GOAL) {
                    return false;
                }
            }
            _ => {}
        }
        let mut next = *self;
        let quiet = if cand.priority == Priority::Move { cand.landing } else { None };
        next.execute(cand.plan, false, true, quiet, &mut (), None);
        next.rest_usable()
    }

    /// Whether a token other than `mover` can walk `steps` along the perimeter now (one of the
    /// listed `cands`), on a path that does not meet `landing`. Then a move of `mover` that
    /// captures nothing and lands on `landing` leaves that walk open: a token leaving a cell never
    /// blocks anyone.
    fn another_plays_clear_of(&self, cands: &Candidates, mover: u8, steps: u8, landing: Option<Cell>) -> bool {
        let board = self.config.board();
        let own = self.own();
        cands.iter().any(|c| {
            let Plan::Move { token, steps: s, up: false } = c.plan else { return false };
            if s != steps {
                return false;
            }
            let place = own[usize::from(token)];
            let Some(d) = place.progress() else { return false };
            if d + steps > board.last_track() {
                return false;
            }
            // Listings name the first token of a place: another token there plays it as well
            // (a colour's tokens are sorted, so one on the same place stands beside it).
            let t = usize::from(token);
            let another = token != mover || (t > 0 && own[t - 1] == place) || own.get(t + 1) == Some(&place);
            let start = board.perimeter_at(self.turn, d);
            let ahead = |cell: Cell| board.wrap(cell.0 + board.lap() - start);
            another && landing.is_none_or(|cell| !cell.is_perimeter() || !(1..=steps).contains(&ahead(cell)))
        })
    }

    /// Whether a token other than `forbid` can walk `steps` now, by any route.
    fn any_move(&self, occ: &Occupancy, steps: u8, forbid: u8) -> bool {
        if self.own().contains(&Place::LIMBO) {
            return false;
        }
        self.own().iter().enumerate().any(|(i, &place)| {
            i as u8 != forbid
                && place.on_board()
                && (self.walk(occ, self.turn, place, steps, false).is_some()
                    || (self.may_fork(place, steps) && self.walk(occ, self.turn, place, steps, true).is_some()))
        })
    }

    fn rest_usable(&self) -> bool {
        if self.outcome.is_some() {
            return true;
        }
        let occ = Occupancy::of(self);
        if self.plus10 != NONE {
            return [false, true].into_iter().any(|up| {
                self.plus_ten_walk(&occ, self.plus10, self.partner, up).is_some() && {
                    let mut next = *self;
                    next.execute(Plan::PlusTen { up }, false, true, None, &mut (), None);
                    next.rest_usable()
                }
            });
        }
        match self.left {
            Left::Nothing | Left::Both => true,
            Left::One(die) => self.die_usable(&occ, die),
        }
    }

    fn action_of(&self, plan: Plan) -> Action {
        let board = self.config.board();
        let spot = |token: u8| board.spot(self.turn, self.own()[usize::from(token)]);
        let route = |up: bool| if up { Route::Bridge } else { Route::Perimeter };
        match plan {
            Plan::Sweep => Action::Sweep,
            Plan::Release => Action::Release,
            Plan::Rescue => Action::Rescue,
            Plan::Move { token, steps, up } => Action::Move { from: spot(token), steps, route: route(up) },
            Plan::Tapon { token, steps, .. } => Action::Tapon { from: spot(token), steps },
            Plan::PlusTen { up } => Action::PlusTen { route: route(up) },
        }
    }

    /// Carries out `plan`. With `lookahead`, on a scratch copy: no penalties, no settling.
    ///
    /// `quiet_landing` is where a listed move that captures nothing lands, when the caller knows
    /// it: the walk need not be found again.
    pub(crate) fn execute<S: EventSink<Event>>(
        &mut self,
        plan: Plan,
        infraction: bool,
        lookahead: bool,
        quiet_landing: Option<Place>,
        sink: &mut S,
        next: Option<&mut Choices>,
    ) {
        let Some(roll) = self.roll else { return };
        let c = self.turn;
        if infraction && !lookahead {
            self.owed += 1;
            self.active = self.active.with(c);
            sink.emit(Event::Infraction { colour: c, cause: Infraction::Priority });
        }
        match plan {
            Plan::Sweep => self.sweep(roll, sink),
            Plan::Release | Plan::Rescue => self.release(plan, roll, &Occupancy::of(self), sink),
            Plan::Move { token, steps, up } => {
                let from = self.own()[usize::from(token)];
                let walk = match quiet_landing {
                    Some(to) => Walk { to, cell: self.config.board().cell(c, to), victim: None },
                    None => match self.walk(&Occupancy::of(self), c, from, steps, up) {
                        Some(walk) => walk,
                        None => return,
                    },
                };
                self.left = match self.left {
                    Left::Both if steps != roll.sum() => {
                        self.mover = token;
                        Left::One(if steps == roll.first.value() { roll.second } else { roll.first })
                    }
                    _ => Left::Nothing,
                };
                if self.advance(token, NONE, walk, steps, up, false, sink) {
                    self.plus_ten_chain(token, NONE, sink);
                }
            }
            Plan::Tapon { token, partner, steps } => {
                let Some(walk) = self.unit_walk(&Occupancy::of(self), token, partner, steps) else { return };
                self.left = Left::Nothing;
                if self.advance(token, partner, walk, steps, false, false, sink) {
                    self.plus_ten_chain(token, partner, sink);
                }
            }
            Plan::PlusTen { up } => {
                let (token, partner) = (self.plus10, self.partner);
                if token == NONE {
                    return;
                }
                let Some(walk) = self.plus_ten_walk(&Occupancy::of(self), token, partner, up) else { return };
                self.plus10 = NONE;
                self.partner = NONE;
                if self.advance(token, partner, walk, 10, up, true, sink) {
                    self.plus_ten_chain(token, partner, sink);
                }
            }
        }
        if !lookahead && self.plus10 == NONE {
            self.pay_owed(sink);
        }
        self.normalize();
        if !lookahead {
            self.settle(sink, next);
        }
    }

    /// The police sweep: every rival on an exposed police cell goes home.
    fn sweep<S: EventSink<Event>>(&mut self, roll: Roll, sink: &mut S) {
        let mask = exposed(roll);
        let board = self.config.board();
        for colour in self.config.colours().iter().filter(|&c| c != self.turn) {
            for i in 0..4 {
                let place = self.tokens[colour.index()][i];
                if self.on_exposed_police(colour, place, mask) {
                    self.tokens[colour.index()][i] = Place::START;
                    sink.emit(Event::Swept { colour, from: board.spot(colour, place) });
                }
            }
        }
    }

    /// A release (one or two tokens from start) or a rescue (one from limbo).
    fn release<S: EventSink<Event>>(&mut self, plan: Plan, roll: Roll, occ: &Occupancy, sink: &mut S) {
        let board = self.config.board();
        let c = self.turn;
        let Some(combo) = Combo::of(roll) else { return };
        let (source, target) = match plan {
            Plan::Rescue => (Place::LIMBO, Place::track(0)),
            _ => (Place::START, combo.target()),
        };
        let waiting = self.own().iter().filter(|&&p| p == source).count();
        // A 6+6 releases two when both 6s are in hand; the lone 6 left after a move releases one.
        let both_sixes = plan == Plan::Release && combo == Combo::DoubleSix && self.left == Left::Both;
        let count = if both_sixes && waiting >= 2 { 2 } else { 1 };
        let Some(cell) = board.cell(c, target) else { return };
        let (owner, present) = occ.at(cell);
        let victim = (present > 0 && owner != c).then_some(owner);
        let mut first = NONE;
        let mut placed = 0;
        for i in 0..4u8 {
            if placed < count && self.own()[usize::from(i)] == source {
                self.tokens[c.index()][usize::from(i)] = target;
                placed += 1;
                if first == NONE {
                    first = i;
                }
            }
        }
        if plan == Plan::Rescue {
            sink.emit(Event::Rescued { colour: c, to: board.spot(c, target) });
        } else {
            self.active = self.active.with(c);
            sink.emit(Event::Released { colour: c, to: board.spot(c, target), count: count as u8 });
        }
        // 6+6 with a single token at start: the other 6 stays for any token (a release is not a move).
        self.left = if both_sixes && count == 1 {
            self.mover = NONE;
            Left::One(roll.first)
        } else {
            Left::Nothing
        };
        if let Some(victim) = victim {
            self.capture(cell, victim, sink);
            self.plus_ten_chain(first, NONE, sink);
        }
    }

    /// Moves a token (or a tapón unit with `partner`) along `walk`, capturing what it lands
    /// on. Returns whether it captured.
    #[allow(clippy::too_many_arguments)]
    fn advance<S: EventSink<Event>>(
        &mut self,
        token: u8,
        partner: u8,
        walk: Walk,
        steps: u8,
        up: bool,
        plus_ten: bool,
        sink: &mut S,
    ) -> bool {
        let board = self.config.board();
        let c = self.turn;
        let from = self.own()[usize::from(token)];
        self.tokens[c.index()][usize::from(token)] = walk.to;
        if partner == NONE {
            let route = if up { Route::Bridge } else { Route::Perimeter };
            let (from, to) = (board.spot(c, from), board.spot(c, walk.to));
            sink.emit(Event::Moved { colour: c, from, to, steps, route, plus_ten });
        } else {
            let p = &mut self.tokens[c.index()][usize::from(partner)];
            *p = Place::track(p.progress().unwrap_or(0) + steps);
            let (from, to) = (board.spot(c, from), board.spot(c, walk.to));
            sink.emit(Event::TaponMoved { colour: c, from, to, steps, plus_ten });
        }
        if let (Some(victim), Some(cell)) = (walk.victim, walk.cell) {
            self.capture(cell, victim, sink);
        }
        if walk.to == Place::GOAL {
            sink.emit(Event::Scored { colour: c });
            self.check_victory(sink);
        }
        walk.victim.is_some() && self.outcome.is_none()
    }

    /// Sends every token of `victim` on `cell` home.
    fn capture<S: EventSink<Event>>(&mut self, cell: Cell, victim: Colour, sink: &mut S) {
        let board = self.config.board();
        let mut count = 0;
        let mut at = None;
        for p in self.tokens[victim.index()].iter_mut() {
            if board.cell(victim, *p) == Some(cell) {
                at.get_or_insert(board.spot(victim, *p));
                *p = Place::START;
                count += 1;
            }
        }
        if let Some(at) = at {
            sink.emit(Event::Captured { by: self.turn, victim, at, count });
        }
    }

    /// The +10 a capture earns, repeated while it captures; stops to ask when both routes are
    /// open.
    fn plus_ten_chain<S: EventSink<Event>>(&mut self, token: u8, partner: u8, sink: &mut S) {
        loop {
            if self.outcome.is_some() {
                return;
            }
            let occ = Occupancy::mid_choice(self);
            let perimeter = self.plus_ten_walk(&occ, token, partner, false);
            let bridge = self.plus_ten_walk(&occ, token, partner, true);
            let (walk, up) = match (perimeter, bridge) {
                (Some(_), Some(_)) => {
                    self.plus10 = token;
                    self.partner = partner;
                    return;
                }
                (Some(w), None) => (w, false),
                (None, Some(w)) => (w, true),
                (None, None) => {
                    let at = self.config.board().spot(self.turn, self.own()[usize::from(token)]);
                    sink.emit(Event::PlusTenLost { colour: self.turn, at });
                    return;
                }
            };
            if !self.advance(token, partner, walk, 10, up, true, sink) {
                return;
            }
        }
    }

    /// Ends the game if a token just reached a goal and someone has won (docs/rules/poleana.md §8).
    fn check_victory<S: EventSink<Event>>(&mut self, sink: &mut S) {
        let c = self.turn;
        let quiet = self.quiet().without(c);
        let outcome = if !quiet.is_empty() {
            Some(Outcome::Special(quiet))
        } else if self.own()[..self.config.tokens()].iter().all(|&p| p == Place::GOAL) {
            Some(Outcome::Standard(c))
        } else {
            None
        };
        if let Some(outcome) = outcome {
            // A finished game keeps no turn in progress.
            self.outcome = Some(outcome);
            self.clear_turn();
            sink.emit(Event::GameOver { outcome });
        }
    }

    /// Applies the penalties owed at the end of a choice, unless the game ended.
    fn pay_owed<S: EventSink<Event>>(&mut self, sink: &mut S) {
        while self.owed > 0 && self.outcome.is_none() {
            self.owed -= 1;
            self.penalize(self.turn, sink);
        }
        self.owed = 0;
    }

    /// The infraction penalty (docs/rules/poleana.md §7.4): the most advanced token not at the goal
    /// goes home, with its whole tapón; with none on the board, one token at start drops into
    /// limbo.
    fn penalize<S: EventSink<Event>>(&mut self, colour: Colour, sink: &mut S) {
        self.active = self.active.with(colour);
        let board = self.config.board();
        let tokens = self.tokens[colour.index()];
        // Fewest steps to the goal; on a tie, the token on a bridge (it has walked further).
        let most_advanced = (0..4)
            .filter(|&i| tokens[i].on_board())
            .min_by_key(|&i| (board.to_goal(colour, tokens[i]), tokens[i].progress().is_some()));
        match most_advanced {
            Some(i) => {
                let cell = board.cell(colour, tokens[i]).filter(|c| c.is_perimeter());
                let mut count = 0;
                for (j, &place) in tokens.iter().enumerate() {
                    if j == i || (cell.is_some() && board.cell(colour, place) == cell) {
                        self.tokens[colour.index()][j] = Place::START;
                        count += 1;
                    }
                }
                sink.emit(Event::SentHome { colour, from: board.spot(colour, tokens[i]), count });
            }
            None => {
                if let Some(i) = tokens.iter().position(|&p| p == Place::START) {
                    self.tokens[colour.index()][i] = Place::LIMBO;
                    sink.emit(Event::ToLimbo { colour });
                }
            }
        }
    }

    /// Keeps each colour's tokens sorted, so that equal positions are equal values, and names
    /// the first of interchangeable tokens in the turn's bookkeeping.
    fn normalize(&mut self) {
        for colour in 0..4 {
            let tokens = &mut self.tokens[colour];
            // Most choices keep a colour's tokens in order: nothing to remap then.
            if tokens.is_sorted() {
                continue;
            }
            let order = sort_four(tokens);
            if colour == self.turn.index() {
                let moved = |old: u8| {
                    if old == NONE { NONE } else { order.iter().position(|&o| o == old).map_or(NONE, |p| p as u8) }
                };
                self.mover = moved(self.mover);
                self.plus10 = moved(self.plus10);
                self.partner = moved(self.partner);
            }
        }
        let own = *self.own();
        let first_at = |token: u8, not: u8| {
            if token == NONE {
                return NONE;
            }
            (0..4u8).find(|&j| j != not && own[usize::from(j)] == own[usize::from(token)]).unwrap_or(token)
        };
        // The mover matters only while its die's partner is left, and only on the board.
        if self.mover != NONE && (!matches!(self.left, Left::One(_)) || !own[usize::from(self.mover)].on_board()) {
            self.mover = NONE;
        }
        self.mover = first_at(self.mover, NONE);
        self.plus10 = first_at(self.plus10, NONE);
        self.partner = first_at(self.partner, self.plus10);
    }

    /// Moves on from a roll that is used up or has no legal use left.
    fn settle<S: EventSink<Event>>(&mut self, sink: &mut S, next: Option<&mut Choices>) {
        if self.outcome.is_some() || self.plus10 != NONE {
            return;
        }
        let Some(roll) = self.roll else { return };
        if self.left != Left::Nothing {
            let occ = Occupancy::of(self);
            let usable = match (self.left, next) {
                // A playout learns whether the roll has a use by listing its choices: the
                // listing of the position settled, if it has (every candidate class keeps a
                // choice, so there is one exactly when there is a candidate).
                (_, Some(next)) => {
                    self.list(&occ, next);
                    !next.is_empty()
                }
                (Left::One(die), None) => self.die_usable(&occ, die),
                // Most rolls have an ordinary move: look for one before listing everything.
                (_, None) => {
                    let (a, b) = (roll.first.value(), roll.second.value());
                    [a, b, a + b].into_iter().any(|steps| self.any_move(&occ, steps, NONE)) || {
                        let mut cands = Candidates::new();
                        self.candidates(&occ, &mut cands);
                        !cands.is_empty()
                    }
                }
            };
            if usable {
                return;
            }
            match self.left {
                Left::Both => sink.emit(Event::Passed { colour: self.turn, roll }),
                Left::One(die) => sink.emit(Event::DieLost { colour: self.turn, die }),
                Left::Nothing => {}
            }
        }
        self.roll = None;
        self.left = Left::Both;
        self.mover = NONE;
        if roll.is_double() {
            sink.emit(Event::ExtraRoll { colour: self.turn });
        } else {
            self.pass_turn(sink);
        }
    }

    fn pass_turn<S: EventSink<Event>>(&mut self, sink: &mut S) {
        let next = self.config.colours().after(self.turn);
        self.turn = next;
        self.clear_turn();
        sink.emit(Event::TurnPassed { to: next });
    }

    /// Forgets everything about the turn in progress: roll, dice used, pending +10, doubles.
    fn clear_turn(&mut self) {
        self.roll = None;
        self.left = Left::Both;
        self.mover = NONE;
        self.plus10 = NONE;
        self.partner = NONE;
        self.owed = 0;
        self.doubles = 0;
    }

    /// Why `action` is not among the legal choices, in words.
    pub(crate) fn why_illegal(&self, action: Action) -> Refusal {
        let Some(plan) = self.plan_of(action) else {
            return match action {
                Action::Move { .. } => refusal::NO_TOKEN_THERE,
                Action::Tapon { .. } => refusal::NO_TAPON_THERE,
                _ => Refusal::DOES_NOT_APPLY,
            };
        };
        match plan {
            Plan::PlusTen { .. } if self.plus10 == NONE => return refusal::NO_PLUS_TEN,
            Plan::PlusTen { .. } => {}
            _ if self.plus10 != NONE => return refusal::PLUS_TEN_FIRST,
            _ => {}
        }
        let occ = Occupancy::of(self);
        let mut cands = Candidates::new();
        self.candidates(&occ, &mut cands);
        if cands.iter().any(|c| c.plan == plan) {
            let best = cands.iter().map(|c| c.priority).min();
            let own = cands.iter().find(|c| c.plan == plan).map(|c| c.priority);
            if own != best {
                return refusal::PRIORITY;
            }
            return refusal::MAXIMUM_ADVANCE;
        }
        match plan {
            Plan::Sweep => refusal::NO_SWEEP,
            Plan::Release => refusal::NO_RELEASE,
            Plan::Rescue => refusal::NO_RESCUE,
            Plan::Tapon { .. } => refusal::NO_TAPON_MOVE,
            Plan::Move { steps, .. } => {
                let available = match (self.left, self.roll) {
                    (Left::Both, Some(r)) => [r.first.value(), r.second.value(), r.sum()].contains(&steps),
                    (Left::One(d), _) => d.value() == steps,
                    _ => false,
                };
                if !available {
                    refusal::NO_SUCH_NUMBER
                } else if self.own().contains(&Place::LIMBO) {
                    refusal::LIMBO_FIRST
                } else {
                    refusal::BLOCKED
                }
            }
            Plan::PlusTen { .. } => refusal::PLUS_TEN_ROUTE,
        }
    }
}

/// Poleana's turn: who acts, its choices, what a roll, a move and a timeout do ([`Rules`] follows).
impl crate::dice::DiceRules for State {
    type Actor = Colour;
    type Action = Action;
    type Choice = Choice;
    type Choices = Choices;
    type Event = Event;
    type Events = Events;
    type Outcome = Outcome;

    const TIMEOUT: Action = Action::Timeout;

    /// Who acts next: the colour whose turn it is, once it has rolled.
    fn phase(&self) -> Phase<Colour, Outcome> {
        match (self.outcome, self.roll) {
            (Some(outcome), _) => Phase::Over(outcome),
            (None, None) => Phase::Chance,
            (None, Some(_)) => Phase::Decide(self.turn),
        }
    }

    fn seat_of(&self, colour: Colour) -> Seat {
        self.config.seat_of(colour)
    }

    fn choice_of(&self, action: Action) -> Result<Choice, Refusal> {
        let plan = self.plan_of(action).ok_or_else(|| self.why_illegal(action))?;
        let choices = self.legal_actions();
        let chosen = choices.iter().find(|c| self.plan_of(c.action) == Some(plan));
        chosen.copied().ok_or_else(|| self.why_illegal(action))
    }

    fn play_unchecked<S: EventSink<Event>>(&mut self, choice: &Choice, sink: &mut S) {
        if let Some(plan) = self.plan_of(choice.action) {
            self.execute(plan, choice.is_infraction(), false, self.quiet_landing(choice), sink, None);
        }
    }

    /// Settling the move finds whether the roll has a use by listing its choices.
    fn play_unchecked_and_list<S: EventSink<Event>>(&mut self, choice: &Choice, sink: &mut S, next: &mut Choices) {
        next.clear();
        if let Some(plan) = self.plan_of(choice.action) {
            let quiet = self.quiet_landing(choice);
            self.execute(plan, choice.is_infraction(), false, quiet, sink, Some(next));
        }
        // A pending +10 is decided before the roll is settled: listed here.
        if next.is_empty() {
            Rules::generate(self, next);
        }
    }

    /// Fills `out` with the legal choices (docs/rules/poleana.md §3).
    fn generate(&self, out: &mut Choices) {
        if self.roll.is_none() || self.outcome.is_some() {
            return;
        }
        self.list(&Occupancy::of(self), out);
    }

    /// A roll arrives: count doubles (the third is an infraction that ends the turn), then
    /// settle (a roll with no use passes).
    /// With `next`, the next decision's choices are listed into it while the turn settles.
    fn begin_roll<S: EventSink<Event>>(&mut self, roll: Roll, sink: &mut S, next: Option<&mut Choices>) {
        sink.emit(Event::Rolled { colour: self.turn, roll });
        self.roll = Some(roll);
        self.left = Left::Both;
        self.mover = NONE;
        if roll.is_double() {
            self.doubles += 1;
            if self.doubles >= 3 {
                sink.emit(Event::Infraction { colour: self.turn, cause: Infraction::ThirdDouble });
                self.penalize(self.turn, sink);
                self.normalize();
                self.pass_turn(sink);
                return;
            }
        }
        self.settle(sink, next);
    }

    /// The host's timeout: drop a pending +10, pay what is owed, pay for the timeout, pass.
    fn timeout_unchecked<S: EventSink<Event>>(&mut self, sink: &mut S) {
        let c = self.turn;
        sink.emit(Event::Infraction { colour: c, cause: Infraction::Timeout });
        if self.plus10 != NONE {
            let at = self.config.board().spot(c, self.own()[usize::from(self.plus10)]);
            sink.emit(Event::PlusTenLost { colour: c, at });
            self.plus10 = NONE;
            self.partner = NONE;
        }
        self.owed += 1;
        self.pay_owed(sink);
        self.normalize();
        self.pass_turn(sink);
    }
}
