//! The rules: which actions a seat has, and what each does.
//!
//! Generation works on a [`Table`]: the board, the acting seat's own hand and which hands
//! hold cards, nothing else. Because other hands and the draw pile are not in it, the
//! legal actions cannot depend on them, which is what a view needs (docs/rules/cartas.md §6.2).
//!
//! Movement is checked on bit masks of the 64 track cells (own tokens, blocking tokens), so a
//! walk is checked with a mask of the cells it passes. A 7 is split by a depth-first search
//! that gives shares to the tokens front first, on a scratch copy of those masks, so that
//! every share is checked on the board as it stands when it moves.

use super::refusal;
use crate::phase::Refusal;
use arrayvec::ArrayVec;

use crate::cartas::action::{FORWARD, Share, Split};
use crate::cartas::board::{Board, CORRIDOR, Place, SEATS, TOKENS, TRACK, start};
use crate::cartas::state::{deal_size, first_player};
use crate::cartas::{Action, Actions, Cards, Event, Outcome, Rank, Spot, Stage, State, Theft, Thefts};
use crate::events::EventSink;
use crate::seat::Seat;

/// Receives generated actions; `push` returns `false` to stop the generation.
pub(crate) trait Collect {
    fn push(&mut self, action: Action) -> bool;
}

impl<const N: usize> Collect for ArrayVec<Action, N> {
    #[inline]
    fn push(&mut self, action: Action) -> bool {
        let _ = self.try_push(action);
        true
    }
}

/// Stops at the first action: does the seat have any?
pub(crate) struct Any(pub(crate) bool);

impl Collect for Any {
    #[inline]
    fn push(&mut self, _: Action) -> bool {
        self.0 = true;
        false
    }
}

/// Stops when a given action turns up: is it legal?
struct Find(Action, bool);

impl Collect for Find {
    #[inline]
    fn push(&mut self, action: Action) -> bool {
        self.1 = action == self.0;
        !self.1
    }
}

/// What the acting seat knows that its legal actions depend on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Table {
    pub(crate) board: Board,
    pub(crate) hand: Cards,
    /// Bit `s`: seat `s` holds a card (a 2 may take one from it).
    pub(crate) holding: u8,
    pub(crate) seat: Seat,
}

impl Table {
    /// The `holding` bits of the seats whose hands hold cards (`held(s)` for seat index `s`).
    #[inline]
    pub(crate) fn holding(held: impl Fn(usize) -> bool) -> u8 {
        (0..SEATS).filter(|&s| held(s)).fold(0, |bits, s| bits | 1 << s)
    }
}

/// The track as the acting seat's moves see it: a bit per cell (bit `c` for cell `c`).
/// Rival tokens that do not block matter to no move (they are captured), so they are not kept.
#[derive(Clone, Copy)]
struct Occupancy {
    /// Cells holding a token of the acting seat.
    own: u64,
    /// Cells holding a token that blocks its start.
    block: u64,
    /// Bit `c` for corridor cell `c` (1..4) of the acting seat.
    corridor: u8,
}

impl Occupancy {
    fn of(board: &Board, seat: Seat) -> Occupancy {
        let mut occ = Occupancy { own: 0, block: 0, corridor: 0 };
        for &place in &board.tokens[seat.index()] {
            if let Some(cell) = place.cell(seat) {
                occ.own |= 1u64 << cell;
            } else if let Some(c) = place.corridor_cell() {
                occ.corridor |= 1 << c;
            }
        }
        for s in Seat::ALL {
            // A blocking token stands on its own start.
            if board.is_blocking(s) && board.tokens[s.index()].contains(&Place::track(0)) {
                occ.block |= 1u64 << start(s);
            }
        }
        occ
    }

    /// Whether a token of the acting seat may land on `cell`: not on its own, nor a blocker.
    #[inline]
    fn free(&self, cell: u8) -> bool {
        (self.own | self.block) & 1u64 << (cell % TRACK) == 0
    }
}

/// How far one token may walk forward, worked out once for all the counts tried on it.
#[derive(Clone, Copy)]
struct Walk {
    place: Place,
    /// Its track cell, for a token on the track.
    here: u8,
    /// The most steps on the track that pass no token it may not pass.
    reach: u8,
    /// Steps to the own start, where the corridor branches off, if it may turn in there.
    turn: Option<u8>,
    /// Free corridor cells in a row ahead of it (from the corridor's first, for a track token).
    room: u8,
    /// Track cells it may not land on: its own and blocking tokens.
    taken: u64,
}

impl Walk {
    /// The two ways to walk `steps`: staying on the track (or inside the corridor), and
    /// turning into the corridor.
    #[inline]
    fn to(&self, steps: u8) -> (Option<Place>, Option<Place>) {
        if let Some(c) = self.place.corridor_cell() {
            return ((steps <= self.room).then(|| Place::corridor(c + steps)), None);
        }
        let Some(p) = self.place.progress() else { return (None, None) };
        let track = steps <= self.reach && self.taken & 1u64 << ((self.here + steps) % TRACK) == 0;
        let corridor = self.turn.filter(|&t| steps > t && steps - t <= self.room);
        (track.then(|| Place::track(p + steps)), corridor.map(|t| Place::corridor(steps - t)))
    }

    /// The counts of 1 to 15 steps each way allows, as masks (bit `s` for `s` steps): the
    /// counts that stay on the track (or inside the corridor), and those that turn in.
    #[inline]
    fn counts(&self) -> (u16, u16) {
        // Bits 1..=n.
        let upto = |n: u8| if n >= 15 { 0xfffe } else { (1u16 << (n + 1)) - 2 };
        if self.place.corridor_cell().is_some() {
            return (upto(self.room), 0);
        }
        if self.place.progress().is_none() {
            return (0, 0);
        }
        // Bit `s`: the cell `s` ahead is taken.
        let ahead = self.taken.rotate_right(u32::from(self.here)) as u16;
        let turn = self.turn.filter(|&t| t < 15).map_or(0, |t| upto(t + self.room) & !upto(t));
        (upto(self.reach) & !ahead, turn)
    }

    /// No walk of more steps is possible.
    #[inline]
    fn longest(&self) -> u8 {
        let turned = self.turn.map_or(0, |t| t + self.room);
        if self.place.corridor_cell().is_some() { self.room } else { self.reach.max(turned) }
    }
}

/// The `n` track cells after `cell`, as a mask (`n` below 64).
#[inline]
const fn after(cell: u8, n: u8) -> u64 {
    ((1u64 << n) - 1).rotate_left((cell as u32 + 1) % TRACK as u32)
}

/// Where a token ends if it walks `steps` from `place` (turning in with `corridor`), ignoring
/// every other token; `None` if the count overshoots or there is no such way.
pub(crate) fn destination(place: Place, steps: u8, corridor: bool) -> Option<Place> {
    if let Some(c) = place.corridor_cell() {
        return (!corridor && c + steps <= CORRIDOR).then(|| Place::corridor(c + steps));
    }
    let p = place.progress()?;
    if !corridor {
        return Some(Place::track(p + steps));
    }
    let to_start = (TRACK - p) % TRACK;
    (steps > to_start && steps - to_start <= CORRIDOR).then(|| Place::corridor(steps - to_start))
}

/// The single-token moves of each own token (by slot), as [`Walk::counts`] gives them: worked
/// out once a listing, since every card but the 7 only tries counts on the same walks.
struct Counts([(u16, u16); TOKENS]);

impl Table {
    fn counts(&self, occ: &Occupancy) -> Counts {
        let mut counts = Counts([(0, 0); TOKENS]);
        for (slot, &place) in self.own().iter().enumerate() {
            if !place.is_home() {
                counts.0[slot] = self.walk(occ, place, self.board.blocks(self.seat, place), false).counts();
            }
        }
        counts
    }

    /// The exchange: one pass per rank held.
    pub(crate) fn exchange<C: Collect>(&self, out: &mut C) {
        for rank in self.hand.ranks() {
            if !out.push(Action::Pass(rank)) {
                return;
            }
        }
    }

    /// Every legal play, card by card; `false` if the collector stopped it.
    pub(crate) fn play<C: Collect>(&self, out: &mut C) -> bool {
        let mut occ = Occupancy::of(&self.board, self.seat);
        let counts = self.counts(&occ);
        self.hand.ranks().all(|card| self.card(&mut occ, &counts, card, true, out))
    }

    /// Whether `action` is among the legal plays.
    pub(crate) fn allows(&self, action: &Action) -> bool {
        let Some(card) = action.card() else { return false };
        if !self.hand.contains(card) || !action.is_well_formed() {
            return false;
        }
        let mut find = Find(*action, false);
        let mut occ = Occupancy::of(&self.board, self.seat);
        let counts = self.counts(&occ);
        // Every legal split is accepted, also one whose result is listed under another split.
        self.card(&mut occ, &counts, card, false, &mut find);
        find.1
    }

    fn own(&self) -> &[Place; TOKENS] {
        &self.board.tokens[self.seat.index()]
    }

    fn card<C: Collect>(&self, occ: &mut Occupancy, counts: &Counts, card: Rank, dedupe: bool, out: &mut C) -> bool {
        use Rank::*;
        match card {
            Ace => self.bring_out(occ, card, out) && self.moves(occ, counts, card, [1, 11], false, out),
            King => self.bring_out(occ, card, out) && self.moves(occ, counts, card, [13], false, out),
            Two => self.moves(occ, counts, card, [2], false, out) && self.steals(card, out),
            Four => self.moves(occ, counts, card, [4], true, out),
            Seven => self.sevens(occ, card, dedupe, out),
            Jack => self.swaps(card, out),
            Joker => {
                self.bring_out(occ, card, out)
                    && self.moves(occ, counts, card, FORWARD, true, out)
                    && self.sevens(occ, card, dedupe, out)
                    && self.swaps(card, out)
                    && self.steals(card, out)
            }
            Three | Five | Six | Eight | Nine | Ten | Queen => {
                let steps = match card {
                    Ten => 10,
                    Queen => 12,
                    other => other as u8 + 1,
                };
                self.moves(occ, counts, card, [steps], false, out)
            }
        }
    }

    /// An A, a K or a joker brings a token from home onto the start cell: not onto one's own
    /// token there; a rival there is captured (docs/rules/cartas.md §5.1).
    fn bring_out<C: Collect>(&self, occ: &Occupancy, card: Rank, out: &mut C) -> bool {
        if self.own()[0].is_home() && occ.free(start(self.seat)) { out.push(Action::Out { card }) } else { true }
    }

    /// Single-token moves of each count in `counts`, token by token; and 4 backward with `back`.
    /// (The counts are an array so that each card gets its own copy, specialised to its counts;
    /// kept out of line so that listing one card does not prepare for the others' moves.)
    #[inline(never)]
    fn moves<C: Collect, const N: usize>(
        &self,
        occ: &Occupancy,
        walks: &Counts,
        card: Rank,
        counts: [u8; N],
        back: bool,
        out: &mut C,
    ) -> bool {
        for (&place, &(track, turn)) in self.own().iter().zip(&walks.0) {
            if place.is_home() {
                continue;
            }
            let from = place.spot(self.seat);
            for steps in counts {
                if track & 1 << steps != 0 && !out.push(Action::Move { card, from, steps, corridor: false }) {
                    return false;
                }
                if turn & 1 << steps != 0 && !out.push(Action::Move { card, from, steps, corridor: true }) {
                    return false;
                }
            }
            if back {
                if let Spot::Track(cell) = from {
                    if self.backward(occ, place).is_some() && !out.push(Action::Back { card, from: cell }) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// How far the token on `place` may walk forward on the board as it stands
    /// (docs/rules/cartas.md §5.2).
    /// With `seven`, passing own tokens is not allowed.
    #[inline]
    fn walk(&self, occ: &Occupancy, place: Place, blocking: bool, seven: bool) -> Walk {
        let mut walk = Walk { place, here: 0, reach: 0, turn: None, room: 0, taken: occ.own | occ.block };
        if let Some(c) = place.corridor_cell() {
            // Inside the corridor: exact count, no passing and no landing on own tokens.
            walk.room = ((occ.corridor >> (c + 1)) | 1 << (CORRIDOR - c)).trailing_zeros() as u8;
        } else if let Some(p) = place.progress() {
            walk.here = (start(self.seat) + p) % TRACK;
            // What may not be passed: blocking tokens, and with a 7 one's own tokens too.
            let stop = occ.block | if seven { occ.own } else { 0 };
            // The cells ahead up to the first that may not be passed.
            let clear = stop.rotate_right(u32::from(walk.here + 1) % TRACK as u32).trailing_zeros() as u8;
            walk.reach = clear + 1;
            // Steps to reach the own start cell, from which the corridor branches off.
            let to_start = (TRACK - p) % TRACK;
            walk.turn = (!blocking && to_start <= clear).then_some(to_start);
            walk.room = ((occ.corridor >> 1) | 1 << CORRIDOR).trailing_zeros() as u8;
        }
        walk
    }

    /// Four steps backward on the track, never into or out of the corridor.
    fn backward(&self, occ: &Occupancy, place: Place) -> Option<Place> {
        let p = place.progress()?;
        let back = (start(self.seat) + p + TRACK - 4) % TRACK;
        (occ.block & after(back, 3) == 0 && occ.free(back)).then(|| Place::track(p + TRACK - 4))
    }

    /// A J swaps an own token on the track with another token on the track; none of them at
    /// home, in a corridor or blocking. All swaps of two own tokens give one result: `SwapOwn`.
    fn swaps<C: Collect>(&self, card: Rank, out: &mut C) -> bool {
        let swappable = |seat: Seat, place: Place| place.progress().is_some() && !self.board.blocks(seat, place);
        let mut own_count = 0;
        for &place in self.own() {
            if !swappable(self.seat, place) {
                continue;
            }
            own_count += 1;
            let Some(own) = place.cell(self.seat) else { continue };
            for offset in 1..SEATS {
                let rival = self.seat.after(offset, SEATS);
                for &other in &self.board.tokens[rival.index()] {
                    if let (true, Some(cell)) = (swappable(rival, other), other.cell(rival)) {
                        if !out.push(Action::Swap { card, own, other: cell }) {
                            return false;
                        }
                    }
                }
            }
        }
        own_count < 2 || out.push(Action::SwapOwn { card })
    }

    /// A 2 may take a card from any other seat that holds one, from the left.
    #[inline(never)]
    fn steals<C: Collect>(&self, card: Rank, out: &mut C) -> bool {
        (1..SEATS)
            .map(|k| self.seat.after(k, SEATS))
            .filter(|s| self.holding & 1 << s.index() != 0)
            .all(|from| out.push(Action::Steal { card, from }))
    }

    /// The order in which a 7's shares move: corridor tokens deepest first, then track tokens
    /// from the front one backwards. The front one is the token with the widest gap ahead of
    /// it to the next own token (at least 16 cells with four tokens, more than a 7 can walk), so
    /// no share ever needs a token processed after it to have moved first.
    pub(crate) fn seven_order(board: &Board, seat: Seat) -> ArrayVec<u8, TOKENS> {
        let tokens = &board.tokens[seat.index()];
        // Places sort home first, then the track by progress, then the corridor by depth.
        let first = tokens.iter().take_while(|p| p.is_home()).count();
        let end = first + tokens[first..].iter().take_while(|p| p.progress().is_some()).count();
        let mut order: ArrayVec<u8, TOKENS> = (end..TOKENS).rev().map(|slot| slot as u8).collect();
        let m = end - first;
        // The gap ahead of the `i`-th token on the track to the next one, round the track.
        let gap = |i: usize| (tokens[first + (i + 1) % m].0 + TRACK - tokens[first + i].0 - 1) % TRACK;
        let (leader, _) =
            (0..m).map(|i| (i, gap(i))).fold((0, 0), |best, (i, g)| if g > best.1 { (i, g) } else { best });
        order.extend((0..m).map(|j| (first + (leader + m - j) % m) as u8));
        order
    }

    /// Every legal split of a 7 (docs/rules/cartas.md §5.6). With `dedupe`, a split that reaches
    /// the same position as one listed before it is left out (docs/rules/cartas.md §9.2: tokens are
    /// interchangeable). That happens only at the fork of the own start: a token going into the
    /// corridor while one behind it walks on past the start, and the other way round.
    fn sevens<C: Collect>(&self, occ: &mut Occupancy, card: Rank, dedupe: bool, out: &mut C) -> bool {
        let order = Table::seven_order(&self.board, self.seat);
        // Two non-blocking tokens close enough behind the start to both walk past it.
        let near_start = self
            .own()
            .iter()
            .filter(|&&p| !self.board.blocks(self.seat, p) && p.progress().is_some_and(|p| p == 0 || p >= TRACK - 5))
            .count();
        let mut search = SevenSearch {
            table: self,
            order: &order,
            card,
            shares: [0; TOKENS],
            places: *self.own(),
            seen: ArrayVec::new(),
            dedupe: dedupe && near_start >= 2,
            out,
        };
        search.share(occ, 0, 7)
    }

    /// Moves an own token on the scratch occupancy (a rival on the landing cell is gone).
    #[inline]
    fn step_on(&self, occ: &mut Occupancy, from: Place, to: Place) {
        if let Some(cell) = from.cell(self.seat) {
            // The token leaves its cell, and stops blocking if it did.
            occ.own &= !(1u64 << cell);
            occ.block &= !(1u64 << cell);
        } else if let Some(c) = from.corridor_cell() {
            occ.corridor &= !(1 << c);
        }
        if let Some(cell) = to.cell(self.seat) {
            occ.own |= 1u64 << cell;
        } else if let Some(c) = to.corridor_cell() {
            occ.corridor |= 1 << c;
        }
    }
}

/// The depth-first search of a 7's splits: shares are given to the tokens in `order`, each
/// walked on a scratch occupancy as the board stands after the shares before it.
struct SevenSearch<'a, C> {
    table: &'a Table,
    order: &'a [u8],
    card: Rank,
    /// The shares given so far, packed, by position in `order`.
    shares: [u16; TOKENS],
    /// Where the seat's tokens stand after the shares given so far, by slot.
    places: [Place; TOKENS],
    /// The positions reached by the splits listed so far (at most 194, see `MAX_ACTIONS`).
    seen: ArrayVec<[Place; TOKENS], 256>,
    dedupe: bool,
    out: &'a mut C,
}

impl<C: Collect> SevenSearch<'_, C> {
    /// Gives the token `order[k]` a share of 0 to `left` steps, then recurses.
    fn share(&mut self, occ: &mut Occupancy, k: usize, left: u8) -> bool {
        if left == 0 {
            return self.emit();
        }
        let Some(&slot) = self.order.get(k) else { return true };
        let table = self.table;
        let place = table.own()[usize::from(slot)];
        let from = place.spot(table.seat);
        let walk = table.walk(occ, place, table.board.blocks(table.seat, place), true);
        // The last token must take whatever is left.
        let least = if k + 1 == self.order.len() { left } else { 0 };
        for steps in least..=left.min(walk.longest()) {
            if steps == 0 {
                if !self.share(occ, k + 1, left) {
                    return false;
                }
                continue;
            }
            let (track, corridor) = walk.to(steps);
            for (to, turn) in [(track, false), (corridor, true)] {
                let Some(to) = to else { continue };
                self.shares[k] = Share { from, steps, corridor: turn }.pack();
                self.places[usize::from(slot)] = to;
                let go = if steps == left {
                    // The share that ends the split: nothing moves after it on the scratch board.
                    self.emit()
                } else {
                    let saved = *occ;
                    table.step_on(occ, place, to);
                    let go = self.share(occ, k + 1, left - steps);
                    *occ = saved;
                    go
                };
                self.places[usize::from(slot)] = place;
                self.shares[k] = 0;
                if !go {
                    return false;
                }
            }
        }
        true
    }

    #[inline]
    fn emit(&mut self) -> bool {
        if self.dedupe && self.seen_before() {
            return true;
        }
        self.out.push(Action::Seven { card: self.card, split: Split::from_packed(self.shares) })
    }

    /// Whether the position of this split was reached by one listed before (and remembers it).
    #[inline(never)]
    fn seen_before(&mut self) -> bool {
        let mut result = self.places;
        result.sort_unstable();
        if self.seen.contains(&result) {
            return true;
        }
        let _ = self.seen.try_push(result);
        false
    }
}

// ---------------------------------------------------------------------------------------------
// Applying actions and chance outcomes

impl State {
    /// What `seat` knows that its legal plays depend on.
    #[inline]
    pub(crate) fn table(&self, seat: Seat) -> Table {
        let holding = Table::holding(|s| !self.hands[s].is_empty());
        Table { board: self.board, hand: self.hands[seat.index()], holding, seat }
    }

    /// Carries out a decision of the seat to act, without checking it. With `next`, the turn
    /// passes by listing the next seat's actions into it (see [`State::next_turn`]).
    pub(crate) fn execute<S: EventSink<Event>>(&mut self, action: Action, sink: &mut S, next: Option<&mut Actions>) {
        let seat = self.turn;
        match action {
            Action::Timeout => {
                sink.emit(Event::TimedOut { seat });
                if self.stage == Stage::Exchange {
                    let hand = self.hands[seat.index()];
                    if let Some(lowest) = hand.ranks().min_by_key(|r| r.timeout_order()) {
                        self.pass(lowest, sink, next);
                    }
                } else {
                    self.fold(seat, sink);
                    self.next_turn(seat, sink, next);
                }
                return;
            }
            Action::Pass(card) => {
                self.pass(card, sink, next);
                return;
            }
            _ => {}
        }
        let Some(card) = action.card() else { return };
        if !self.hands[seat.index()].remove(card) {
            return;
        }
        let _ = self.discards.add(card);
        sink.emit(Event::Played { seat, action });
        match action {
            Action::Out { .. } => self.bring_out(seat, sink),
            Action::Move { from, steps, corridor, .. } => {
                if let Some(place) = Place::of(seat, from) {
                    if let Some(to) = destination(place, steps, corridor) {
                        self.move_token(seat, place, to, sink);
                    }
                }
            }
            Action::Back { from, .. } => {
                if let Some(place) = Place::of(seat, Spot::Track(from)) {
                    if let Some(p) = place.progress() {
                        self.move_token(seat, place, Place::track(p + TRACK - 4), sink);
                    }
                }
            }
            Action::Seven { split, .. } => self.seven(seat, split, sink),
            Action::Swap { own, other, .. } => self.swap(seat, own, other, sink),
            Action::Steal { from, .. } => {
                self.stage = Stage::Theft { victim: from };
                return;
            }
            Action::SwapOwn { .. } | Action::Pass(_) | Action::Timeout => {}
        }
        if self.board.is_complete(seat) {
            let outcome = Outcome { winner: seat };
            self.stage = Stage::Over(outcome);
            sink.emit(Event::Won { outcome });
            return;
        }
        self.next_turn(seat, sink, next);
    }

    /// The exchange: the card goes face down; when every seat has chosen, all are revealed.
    fn pass<S: EventSink<Event>>(&mut self, card: Rank, sink: &mut S, next: Option<&mut Actions>) {
        let seat = self.turn;
        if !self.hands[seat.index()].remove(card) {
            return;
        }
        self.exchange[seat.index()] = Some(card);
        sink.emit(Event::Chose { seat, card: Some(card) });
        let first = self.first_player();
        if seat != first.after(SEATS - 1, SEATS) {
            self.turn = seat.after(1, SEATS);
            sink.emit(Event::TurnPassed { to: self.turn });
            return;
        }
        for k in 0..SEATS {
            let from = first.after(k, SEATS);
            let to = from.after(1, SEATS);
            if let Some(card) = self.exchange[from.index()] {
                let _ = self.hands[to.index()].add(card);
                sink.emit(Event::Received { seat: to, from, card: Some(card) });
            }
        }
        self.stage = Stage::Play;
        self.next_turn(first.after(SEATS - 1, SEATS), sink, next);
    }

    fn bring_out<S: EventSink<Event>>(&mut self, seat: Seat, sink: &mut S) {
        let cell = start(seat);
        let victim = self.board.occupant(cell).map(|(s, _)| s).filter(|&s| s != seat);
        let tokens = &mut self.board.tokens[seat.index()];
        let Some(home) = tokens.iter_mut().find(|p| p.is_home()) else { return };
        *home = Place::track(0);
        self.board.blocking |= 1 << seat.index();
        self.board.sort(seat);
        sink.emit(Event::BroughtOut { seat, cell });
        if let Some(victim) = victim {
            self.capture(victim, cell, seat, sink);
        }
    }

    /// Moves the token of `seat` on `from` to `to`, capturing a rival there.
    fn move_token<S: EventSink<Event>>(&mut self, seat: Seat, from: Place, to: Place, sink: &mut S) {
        let Some(slot) = self.board.tokens[seat.index()].iter().position(|&p| p == from) else { return };
        if self.board.blocks(seat, from) {
            self.board.blocking &= !(1 << seat.index());
        }
        self.board.tokens[seat.index()][slot] = to;
        self.board.sort(seat);
        sink.emit(Event::Moved { seat, from: from.spot(seat), to: to.spot(seat) });
        if let Some(cell) = to.cell(seat) {
            let victim = Seat::ALL.into_iter().find(|&s| s != seat && self.board.stands_on(s, cell));
            if let Some(victim) = victim {
                self.capture(victim, cell, seat, sink);
            }
        }
    }

    fn capture<S: EventSink<Event>>(&mut self, victim: Seat, cell: u8, by: Seat, sink: &mut S) {
        let tokens = &mut self.board.tokens[victim.index()];
        if let Some(token) = tokens.iter_mut().find(|p| p.cell(victim) == Some(cell)) {
            *token = Place::HOME;
            self.board.sort(victim);
            sink.emit(Event::Captured { seat: victim, cell, by });
        }
    }

    /// A 7: the shares move front first, each on the board as it stands
    /// (docs/rules/cartas.md §5.6).
    fn seven<S: EventSink<Event>>(&mut self, seat: Seat, split: Split, sink: &mut S) {
        let order = Table::seven_order(&self.board, seat);
        let mut moves = ArrayVec::<(Place, Place), TOKENS>::new();
        for &slot in &order {
            let place = self.board.tokens[seat.index()][usize::from(slot)];
            if let Some(share) = split.share_of(place.spot(seat)) {
                if let Some(to) = destination(place, share.steps, share.corridor) {
                    moves.push((place, to));
                }
            }
        }
        for (from, to) in moves {
            self.move_token(seat, from, to, sink);
        }
    }

    fn swap<S: EventSink<Event>>(&mut self, seat: Seat, own: u8, other: u8, sink: &mut S) {
        let Some((with, _)) = self.board.occupant(other) else { return };
        let (Some(a), Some(b)) = (Place::of(seat, Spot::Track(own)), Place::of(with, Spot::Track(other))) else {
            return;
        };
        let (Some(i), Some(j)) = (
            self.board.tokens[seat.index()].iter().position(|&p| p == a),
            self.board.tokens[with.index()].iter().position(|&p| p == b),
        ) else {
            return;
        };
        let (Some(a2), Some(b2)) = (Place::of(seat, Spot::Track(other)), Place::of(with, Spot::Track(own))) else {
            return;
        };
        self.board.tokens[seat.index()][i] = a2;
        self.board.tokens[with.index()][j] = b2;
        self.board.sort(seat);
        self.board.sort(with);
        sink.emit(Event::Swapped { seat, cell: own, with, other });
    }

    /// A hand with no legal card (or a timed-out one) goes face up onto the discards.
    fn fold<S: EventSink<Event>>(&mut self, seat: Seat, sink: &mut S) {
        let cards = core::mem::take(&mut self.hands[seat.index()]);
        if let Some(discards) = self.discards.plus(&cards) {
            self.discards = discards;
        }
        sink.emit(Event::Folded { seat, cards });
    }

    /// Gives the turn to the next seat after `after` that holds a card with a legal use; seats
    /// holding only cards without one fold on the way. When nobody holds a card, the round ends.
    pub(crate) fn next_turn<S: EventSink<Event>>(&mut self, after: Seat, sink: &mut S, mut next: Option<&mut Actions>) {
        for k in 1..=SEATS {
            let seat = after.after(k, SEATS);
            if self.hands[seat.index()].is_empty() {
                continue;
            }
            // A playout lists the seat's actions to learn whether it has any: the listing of
            // its turn, if it does.
            let playable = match next.as_deref_mut() {
                Some(list) => {
                    self.table(seat).play(list);
                    !list.is_empty()
                }
                None => self.can_play(seat),
            };
            if playable {
                self.turn = seat;
                sink.emit(Event::TurnPassed { to: seat });
                return;
            }
            self.fold(seat, sink);
        }
        self.start_round(self.round.wrapping_add(1), sink);
    }

    /// A new round: its deal size and first player, and the reshuffle if the pile runs short.
    pub(crate) fn start_round<S: EventSink<Event>>(&mut self, round: u16, sink: &mut S) {
        self.round = round;
        self.exchange = [None; SEATS];
        self.thefts = Thefts::EMPTY;
        self.stage = Stage::Deal;
        self.turn = first_player(round);
        let cards = deal_size(round);
        sink.emit(Event::RoundStarted { round, first: self.turn, cards });
        if self.pile.len() < usize::from(cards) * SEATS {
            if let Some(pile) = self.pile.plus(&self.discards) {
                sink.emit(Event::Reshuffled { cards: self.discards.len() as u8 });
                self.pile = pile;
                self.discards = Cards::EMPTY;
            }
        }
    }

    /// Cards dealt so far this round (the hands hold nothing else while dealing).
    pub(crate) fn dealt(&self) -> usize {
        Cards::total(&self.hands)
    }

    /// A card drawn from the pile for the seat whose turn it is to receive one.
    pub(crate) fn deal<S: EventSink<Event>>(&mut self, card: Rank, sink: &mut S) {
        let to = self.turn;
        if !self.pile.remove(card) {
            return;
        }
        let _ = self.hands[to.index()].add(card);
        sink.emit(Event::Dealt { to, card: Some(card) });
        if self.dealt() >= usize::from(self.deal_size()) * SEATS {
            self.stage = Stage::Exchange;
            self.turn = self.first_player();
            sink.emit(Event::TurnPassed { to: self.turn });
        } else {
            self.turn = to.after(1, SEATS);
        }
    }

    /// The card a 2 takes from `victim` joins the thief's hand for a later turn.
    pub(crate) fn steal<S: EventSink<Event>>(
        &mut self,
        victim: Seat,
        card: Rank,
        sink: &mut S,
        next: Option<&mut Actions>,
    ) {
        let thief = self.turn;
        if !self.hands[victim.index()].remove(card) {
            return;
        }
        let _ = self.hands[thief.index()].add(card);
        self.thefts.push(Theft { thief, victim, card: Some(card) });
        sink.emit(Event::Stole { thief, victim, card: Some(card) });
        self.stage = Stage::Play;
        self.next_turn(thief, sink, next);
    }

    /// Why `action` is not legal now, in words.
    pub(crate) fn why_illegal(&self, action: &Action) -> Refusal {
        let seat = self.turn;
        let hand = self.hands[seat.index()];
        if !action.is_well_formed() {
            return refusal::BAD_USE;
        }
        if self.stage == Stage::Exchange {
            return match action {
                Action::Pass(_) => refusal::NO_CARD_TO_PASS,
                _ => refusal::EXCHANGE_UNDER_WAY,
            };
        }
        let Some(card) = action.card() else { return refusal::EXCHANGE_OVER };
        if !hand.contains(card) {
            return refusal::NO_SUCH_CARD;
        }
        let own = &self.board.tokens[seat.index()];
        let has = |spot: Spot| Place::of(seat, spot).is_some_and(|p| !p.is_home() && own.contains(&p));
        match *action {
            Action::Out { .. } if !own[0].is_home() => refusal::NONE_AT_HOME,
            Action::Out { .. } => refusal::START_TAKEN,
            Action::Move { from, .. } if !has(from) => refusal::NO_TOKEN_THERE,
            Action::Back { from, .. } if !has(Spot::Track(from)) => refusal::NO_TOKEN_THERE,
            Action::Move { corridor: true, .. } => refusal::NO_CORRIDOR_TURN,
            Action::Move { .. } | Action::Back { .. } => refusal::BLOCKED,
            Action::Seven { split, .. } if split.shares().any(|s| !has(s.from)) => refusal::SHARE_NO_TOKEN,
            Action::Seven { .. } => refusal::BAD_SEVEN,
            Action::Swap { other, .. } if self.board.occupant(other).is_some_and(|(s, _)| s == seat) => {
                refusal::SWAP_OWN_NOTATION
            }
            Action::Swap { .. } => refusal::BAD_SWAP,
            Action::SwapOwn { .. } => refusal::BAD_SWAP_OWN,
            Action::Steal { from, .. } if from == seat => refusal::STEAL_SELF,
            Action::Steal { .. } => refusal::NOTHING_TO_STEAL,
            Action::Pass(_) | Action::Timeout => refusal::EXCHANGE_OVER,
        }
    }
}
