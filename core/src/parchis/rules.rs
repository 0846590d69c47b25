//! The rules of Parchís: which moves the dice or a bonus allow, who decides them, and what
//! playing them does (docs/rules/parchis.md).

use super::refusal;
use crate::colour::Colour;
use crate::dice::Roll;
use crate::events::EventSink;
use crate::lanes::{LANES, sort_four, zero_bytes};
use crate::parchis::board::{Cell, PLACES_ON, TRACK, exit, places_word};
use crate::parchis::state::{Bonus, NONE};
use crate::parchis::{Action, Choice, Choices, Count, Event, Events, Mode, Outcome, Place, Spot, State};
use crate::phase::Phase;
use crate::phase::Refusal;
use crate::rules::Rules;
use crate::seat::Seat;

/// A decision as the engine sees it: which token of the colour to decide, counting what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    pub(crate) slot: u8,
    pub(crate) by: Count,
}

/// Where a walk ends and whom it captures.
#[derive(Clone, Copy, Debug)]
struct Landing {
    to: Place,
    victim: Option<Colour>,
}

/// Who stands where: every token's place as one 128-bit word (byte `4 * colour + slot`), so
/// that asking who stands on a cell compares all sixteen at once, and the track cells of the
/// barriers as a bit set (bit `n - 1` for cell `n`; rarely any).
struct Occupancy {
    places: u128,
    barriers: u128,
}

/// The 68 track cells as bits.
const TRACK_CELLS: u128 = (1 << TRACK) - 1;

/// The bytes of slots 1 to 3 of every colour.
const LATER_SLOTS: u128 = LANES & !(u128::MAX / 0xFFFF_FFFF);

/// Whether each colour's four place bytes in `places` are in order: byte `k` against byte
/// `k + 1` for the first three of every four, all at once. The low seven bits are compared by
/// a subtraction that borrows across no byte, then the top bits decide where they differ.
#[inline]
const fn in_order(places: u128) -> bool {
    const TOP: u128 = (u128::MAX / 0xFF) * 0x80;
    const FIRST_THREE: u128 = (u128::MAX / 0xFFFF_FFFF) * 0x0080_8080;
    let (x, y) = (places, places >> 8);
    let low_le = (y | TOP) - (x & !TOP);
    let le = (!x & y) | (!(x ^ y) & low_le);
    le & FIRST_THREE == FIRST_THREE
}

/// Whether a token of a colour other than `colour` stands on `cell`, in the word of token
/// places `places` ([`places_word`]).
#[inline]
fn others_on(places: u128, cell: Cell, colour: Colour) -> bool {
    let own = u128::from(u32::MAX) << (32 * colour.index());
    zero_bytes(places ^ PLACES_ON[usize::from(cell.0)]) & !own != 0
}

impl Occupancy {
    fn of(state: &State) -> Occupancy {
        let places = places_word(&state.tokens);
        let mut barriers = 0;
        // A colour's tokens are sorted, so its pairs stand next to each other: a token on the
        // same place as the one before it, on the track (a place byte below 64).
        let pairs = zero_bytes(places ^ (places << 8)) & zero_bytes(places & (LANES * 0xC0)) & (LATER_SLOTS << 7);
        let mut rest = pairs;
        while rest != 0 {
            let token = rest.trailing_zeros() as usize / 8;
            rest &= rest - 1;
            let colour = Colour::ALL[token / 4];
            if let Some(cell) = state.tokens[token / 4][token % 4].cell(colour).filter(|c| c.is_safe()) {
                barriers |= 1 << cell.0;
            }
        }
        Occupancy { places, barriers }
    }

    /// The tokens on `cell`: the top bit of byte `4 * colour + slot` for each.
    #[inline]
    fn on(&self, cell: Cell) -> u128 {
        zero_bytes(self.places ^ PLACES_ON[usize::from(cell.0)])
    }

    /// How many tokens stand on `cell`, 0, 1 or 2 (no cell holds more).
    #[inline]
    fn count(&self, cell: Cell) -> u8 {
        let on = self.on(cell);
        if on == 0 {
            0
        } else if on & (on - 1) == 0 {
            1
        } else {
            2
        }
    }

    /// The colours of the first and second token on `cell`, in colour order (meaningful up to
    /// its count).
    #[inline]
    fn colours(&self, cell: Cell) -> (Colour, Colour) {
        // Four tokens a colour, eight bits a token: a colour spans 32 bits.
        let colour_of = |on: u128| (on != 0).then(|| Colour::ALL[on.trailing_zeros() as usize / 32]);
        let on = self.on(cell);
        let first = colour_of(on).unwrap_or(Colour::Yellow);
        (first, colour_of(on & on.wrapping_sub(1)).unwrap_or(first))
    }

    /// A barrier: two tokens of one colour on a safe cell. Nobody passes it.
    #[inline]
    fn is_barrier(&self, cell: Cell) -> bool {
        self.barriers >> cell.0 & 1 != 0
    }

    /// The barriers on the path of `colour`, by progress: bit `p` for the track cell `p` steps
    /// from its exit (the 64 cells it walks), so that a walk checks its path with one mask.
    #[inline]
    fn barriers_ahead(&self, colour: Colour) -> u64 {
        if self.barriers == 0 {
            return 0;
        }
        // The track turned so that the colour's exit comes first: progress `p` is bit `p`.
        let from = u32::from(exit(colour) - 1);
        let turned = (self.barriers >> from | self.barriers << (u32::from(TRACK) - from)) & TRACK_CELLS;
        turned as u64
    }
}

impl State {
    /// The partner of `colour` in this game, if any.
    #[inline]
    fn partner(&self, colour: Colour) -> Option<Colour> {
        self.config.partner(colour)
    }

    /// Whether every token of `colour` has left home (a 6 then walks 7).
    #[inline]
    fn all_out(&self, colour: Colour) -> bool {
        !self.tokens[colour.index()].contains(&Place::HOME)
    }

    /// Walks a token of `colour` from `from` by `steps`: barriers block the track, the goal needs
    /// the exact count, and the landing cell must have room (docs/rules/parchis.md §2).
    fn walk(&self, occ: &Occupancy, ahead: u64, colour: Colour, from: Place, steps: u8) -> Option<Landing> {
        let to = from.plus(steps)?;
        let start = from.progress()?;
        // The track cells passed (corridor cells never block): one mask against the barriers.
        let last_passed = (start + steps - 1).min(Place::LAST_TRACK);
        if last_passed > start {
            let passed = (u64::MAX >> (Place::LAST_TRACK - last_passed)) & (u64::MAX << (start + 1));
            if ahead & passed != 0 {
                return None;
            }
        }
        let Some(cell) = to.cell(colour) else { return Some(Landing { to, victim: None }) };
        let on = occ.on(cell);
        if on == 0 {
            return Some(Landing { to, victim: None });
        }
        if on & (on - 1) != 0 {
            return None; // two tokens fill a cell
        }
        // A lone token of another colour is captured on a white cell and shared on a safe one;
        // partners are captured too (docs/rules/parchis.md §2.5). Four tokens a colour, eight bits
        // a token.
        let other = Colour::ALL[on.trailing_zeros() as usize / 32];
        let victim = (other != colour && !cell.is_safe()).then_some(other);
        Some(Landing { to, victim })
    }

    /// Bringing a token of `colour` out onto its exit (docs/rules/parchis.md §3).
    fn exit_landing(&self, occ: &Occupancy, colour: Colour) -> Option<Landing> {
        if !self.tokens[colour.index()].contains(&Place::HOME) {
            return None;
        }
        let to = Place::at(0);
        let cell = to.cell(colour)?;
        if occ.count(cell) < 2 {
            return Some(Landing { to, victim: None });
        }
        let partner = self.partner(colour);
        let rival = |c: Colour| c != colour && Some(c) != partner;
        let victim = match occ.colours(cell) {
            (a, b) if rival(a) && rival(b) && a != b => self.late_colour_on(cell)?,
            (a, _) if rival(a) => a,
            (_, b) if rival(b) => b,
            _ => return None, // own or partner tokens fill it: closed
        };
        Some(Landing { to, victim: Some(victim) })
    }

    /// The colour of the token that arrived second on `cell`.
    fn late_colour_on(&self, cell: Cell) -> Option<Colour> {
        Colour::ALL.into_iter().find(|&c| {
            (0..4).any(|slot| {
                self.late & (1 << (c.index() * 4 + slot)) != 0 && self.tokens[c.index()][slot].cell(c) == Some(cell)
            })
        })
    }

    /// The steps a die of `face` walks for `colour` now.
    #[inline]
    fn steps_of(&self, colour: Colour, face: u8) -> u8 {
        if face == 6 && self.all_out(colour) { 7 } else { face }
    }

    /// Moves of `colour`'s tokens out of home by `steps`, one per distinct place (only the first
    /// with `first_only`: enough to know whether there is one); `ahead` holds the barriers on
    /// the colour's path ([`Occupancy::barriers_ahead`]).
    #[allow(clippy::too_many_arguments)]
    fn moves(
        &self,
        occ: &Occupancy,
        ahead: u64,
        colour: Colour,
        by: Count,
        steps: u8,
        out: &mut Choices,
        first_only: bool,
    ) {
        let tokens = &self.tokens[colour.index()];
        for (slot, &place) in tokens.iter().enumerate() {
            if !place.is_out() || (slot > 0 && tokens[slot - 1] == place) {
                continue;
            }
            if let Some(landing) = self.walk(occ, ahead, colour, place, steps) {
                let _ = out.try_push(Self::choice(colour, place, by, steps, landing));
                if first_only {
                    return;
                }
            }
        }
    }

    /// Exiting with `by` onto `landing` (the exit's [`State::exit_landing`]), if possible.
    fn exit(&self, landing: Option<Landing>, colour: Colour, by: Count, out: &mut Choices) {
        if let Some(landing) = landing {
            let _ = out.try_push(Self::choice(colour, Place::HOME, by, 0, landing));
        }
    }

    /// A move of a token of `colour` from `from`, named for a front end. Moves are listed as
    /// choices as they are found: no second list to convert.
    #[inline]
    fn choice(colour: Colour, from: Place, by: Count, steps: u8, landing: Landing) -> Choice {
        Choice {
            action: Action::Move { from: from.spot(colour), by },
            colour,
            steps,
            landing: landing.to.spot(colour),
            captures: landing.victim,
        }
    }

    /// Every move the pending dice allow `colour` (docs/rules/parchis.md §3,
    /// docs/rules/parchis.md §4); with `first_only`, the first one found (the barrier duty only
    /// narrows a list, never empties it).
    fn dice_moves(&self, occ: &Occupancy, colour: Colour, out: &mut Choices, first_only: bool) {
        let Some(roll) = self.roll else { return };
        let own = colour == self.turn;
        let exit = self.exit_landing(occ, colour);
        let can_exit = exit.is_some();
        let ahead = occ.barriers_ahead(colour);
        // The faces still to play, each once, the lower first.
        let (first, second) = (roll.first.value(), roll.second.value());
        let faces = match self.pending {
            0b01 => [first, first],
            0b10 => [second, second],
            _ => [first.min(second), first.max(second)],
        };
        let faces = if faces[0] == faces[1] { &faces[..1] } else { &faces[..] };
        for &face in faces {
            if face == 5 && can_exit {
                // A 5 that can bring a token out must do so.
                self.exit(exit, colour, Count::Die(5), out);
            } else {
                self.moves(occ, ahead, colour, Count::Die(face), self.steps_of(colour, face), out, first_only);
            }
            if first_only && !out.is_empty() {
                return;
            }
        }
        if own && self.pending == 0b11 && (roll.shows(3, 2) || roll.shows(4, 1)) {
            self.exit(exit, colour, Count::Sum, out);
        }
        // On a double the first die used must open one of the roller's barriers, when a move
        // does; a 5 that brings a token out comes first (docs/rules/parchis.md §4.5).
        if own && roll.is_double() && self.pending == 0b11 && !(roll.first.value() == 5 && can_exit) {
            let in_barrier = |c: &Choice| {
                let Action::Move { from, .. } = c.action else { return false };
                let place = Place::of(colour, from);
                place.and_then(|p| p.cell(colour)).is_some_and(|cell| occ.is_barrier(cell))
            };
            if out.iter().any(in_barrier) {
                out.retain(|c| in_barrier(c));
            }
        }
    }

    /// Every move the pending bonus allows `colour`.
    fn bonus_moves(&self, occ: &Occupancy, colour: Colour, bonus: Bonus, out: &mut Choices, first_only: bool) {
        self.moves(occ, occ.barriers_ahead(colour), colour, Count::Bonus(bonus.amount), bonus.amount, out, first_only);
    }

    /// Who decides now and with which moves: a pending bonus first (its colour, else the
    /// partner's tokens), then the dice (the roller, else the partner by cession).
    fn decision(&self, occ: &Occupancy, out: &mut Choices, first_only: bool) -> Option<Colour> {
        let colours = [Some(self.turn), self.partner(self.turn)];
        if let Some(bonus) = self.bonus {
            for colour in [Some(bonus.colour), self.partner(bonus.colour)].into_iter().flatten() {
                self.bonus_moves(occ, colour, bonus, out, first_only);
                if !out.is_empty() {
                    return Some(colour);
                }
            }
            return None;
        }
        if self.pending == 0 {
            return None;
        }
        for colour in colours.into_iter().flatten() {
            self.dice_moves(occ, colour, out, first_only);
            if !out.is_empty() {
                return Some(colour);
            }
        }
        None
    }

    /// Plays `plan`, a listed `choice`, for the colour to decide.
    /// The choice comes from this state's legal list, so its landing and capture stand as
    /// listed (the checked path looks it up there first).
    /// With `next`, the next decision's choices are listed into it (see [`State::settle`]).
    pub(crate) fn execute<S: EventSink<Event>>(
        &mut self,
        plan: Plan,
        choice: &Choice,
        sink: &mut S,
        next: Option<&mut Choices>,
    ) {
        let colour = self.actor;
        let slot = usize::from(plan.slot);
        let from = self.tokens[colour.index()][slot];
        let Some(to) = Place::of(colour, choice.landing) else { return };
        let (landing, steps) = (Landing { to, victim: choice.captures }, choice.steps);
        match plan.by {
            Count::Die(face) => self.spend(face),
            Count::Sum => self.pending = 0,
            Count::Bonus(_) => self.bonus = None,
        }
        self.tokens[colour.index()][slot] = landing.to;
        if from == Place::HOME {
            sink.emit(Event::Exited { colour, to: landing.to.spot(colour), by: plan.by });
        } else {
            let (from, to) = (from.spot(colour), landing.to.spot(colour));
            sink.emit(Event::Moved { colour, from, to, steps, by: plan.by });
        }
        let mut captured = None;
        if let Some(victim) = landing.victim {
            captured = self.capture(landing.to, colour, victim, sink).map(|slot| (victim, slot));
            // Whoever stays beside the newcomer arrived before it.
            if let Some(cell) = landing.to.cell(colour) {
                self.clear_late_on(cell);
            }
        }
        let bit = 1 << (colour.index() * 4 + slot);
        let places = places_word(&self.tokens);
        let shared = landing.to.cell(colour).is_some_and(|cell| others_on(places, cell, colour));
        self.late = if shared { self.late | bit } else { self.late & !bit };
        self.last = (colour.index() * 4 + slot) as u8;
        if landing.victim.is_some() {
            self.earn(colour, 20, sink);
        }
        if landing.to == Place::GOAL {
            sink.emit(Event::Scored { colour });
            self.check_victory(colour, sink);
            self.earn(colour, 10, sink);
        }
        // Only the moved token and a captured one can be out of order.
        self.resort(colour, slot);
        if let Some((victim, slot)) = captured {
            self.resort(victim, slot);
        }
        self.tidy_marks();
        self.settle(sink, next);
    }

    /// Marks a pending die of `face` as played.
    fn spend(&mut self, face: u8) {
        let Some(roll) = self.roll else { return };
        if self.pending & 1 != 0 && roll.first.value() == face {
            self.pending &= !1;
        } else if self.pending & 2 != 0 && roll.second.value() == face {
            self.pending &= !2;
        }
    }

    /// Sends the `victim` token on the cell of `at` (a place of `by`) home; gives its slot.
    fn capture<S: EventSink<Event>>(&mut self, at: Place, by: Colour, victim: Colour, sink: &mut S) -> Option<usize> {
        let cell = at.cell(by)?;
        let tokens = &mut self.tokens[victim.index()];
        // With two tokens of the victim's colour there (a rival barrier on an exit), either
        // one goes: they are interchangeable.
        if let Some(slot) = (0..4).find(|&s| tokens[s].cell(victim) == Some(cell)) {
            let spot = tokens[slot].spot(victim);
            tokens[slot] = Place::HOME;
            self.late &= !(1 << (victim.index() * 4 + slot));
            sink.emit(Event::Captured { by, victim, at: spot });
            return Some(slot);
        }
        None
    }

    /// Clears the arrival marks of every token on `cell`.
    fn clear_late_on(&mut self, cell: Cell) {
        for colour in Colour::ALL {
            for slot in 0..4 {
                if self.tokens[colour.index()][slot].cell(colour) == Some(cell) {
                    self.late &= !(1 << (colour.index() * 4 + slot));
                }
            }
        }
    }

    fn earn<S: EventSink<Event>>(&mut self, colour: Colour, amount: u8, sink: &mut S) {
        if self.outcome.is_none() {
            self.bonus = Some(Bonus { colour, amount });
            sink.emit(Event::BonusEarned { colour, amount });
        }
    }

    /// Ends the game when `colour`'s side has every token at the goal (docs/rules/parchis.md §6.4).
    fn check_victory<S: EventSink<Event>>(&mut self, colour: Colour, sink: &mut S) {
        let side = self.config.side(colour);
        let home = side.iter().all(|c| self.tokens[c.index()].iter().all(|&p| p == Place::GOAL));
        if home {
            let outcome = Outcome { winners: side };
            self.outcome = Some(outcome);
            self.actor = self.turn;
            self.roll = None;
            self.pending = 0;
            self.bonus = None;
            self.doubles = 0;
            self.last = NONE;
            sink.emit(Event::GameOver { outcome });
        }
    }

    /// Sorts the tokens of `colour`, their `late` bits and the `last` token with them.
    fn sort_tokens(&mut self, colour: Colour) {
        let c = colour.index();
        let tokens = &mut self.tokens[c];
        if tokens.is_sorted() {
            return;
        }
        let order = sort_four(tokens);
        let old_late = self.late >> (c * 4) & 0xF;
        let mut new_late = 0;
        for (new, &old) in order.iter().enumerate() {
            if old_late & (1 << old) != 0 {
                new_late |= 1 << new;
            }
        }
        self.late = (self.late & !(0xF << (c * 4))) | new_late << (c * 4);
        if self.last != NONE && usize::from(self.last) / 4 == c {
            let old = self.last % 4;
            let new = order.iter().position(|&o| o == old).unwrap_or(0);
            self.last = (c * 4 + new) as u8;
        }
    }

    /// Moves the token of `colour` in `slot`, when it is the colour's only one out of order, to
    /// its sorted place, with its `late` bit and the `last` mark: what sorting the colour does
    /// (the sort is stable), without looking at the other colours.
    #[inline]
    fn resort(&mut self, colour: Colour, slot: usize) {
        let c = colour.index();
        let t = self.tokens[c];
        // Most moves keep the order.
        if (slot == 3 || t[slot] <= t[slot + 1]) && (slot == 0 || t[slot - 1] <= t[slot]) {
            return;
        }
        let mut s = slot;
        while s < 3 && self.tokens[c][s] > self.tokens[c][s + 1] {
            self.swap_slots(c, s);
            s += 1;
        }
        while s > 0 && self.tokens[c][s - 1] > self.tokens[c][s] {
            s -= 1;
            self.swap_slots(c, s);
        }
    }

    /// Swaps the tokens of colour index `c` in slots `s` and `s + 1`, with their marks.
    fn swap_slots(&mut self, c: usize, s: usize) {
        self.tokens[c].swap(s, s + 1);
        let (a, b) = (c * 4 + s, c * 4 + s + 1);
        if (self.late >> a ^ self.late >> b) & 1 != 0 {
            self.late ^= 1 << a | 1 << b;
        }
        if usize::from(self.last) == a {
            self.last = b as u8;
        } else if usize::from(self.last) == b {
            self.last = a as u8;
        }
    }

    /// Keeps each colour's tokens sorted (with their `late` bits and the `last` token), and
    /// clears `late` where a token no longer shares its cell with another colour.
    fn normalize(&mut self) {
        // Most moves keep every colour's tokens in order: nothing to remap then.
        if !in_order(places_word(&self.tokens)) {
            for colour in Colour::ALL {
                self.sort_tokens(colour);
            }
        }
        self.tidy_marks();
    }

    /// With the tokens sorted: clears `late` where a token no longer shares its cell with
    /// another colour, and names the `last` token by the first slot of its place.
    fn tidy_marks(&mut self) {
        if self.late != 0 {
            let places = places_word(&self.tokens);
            let mut marked = self.late;
            while marked != 0 {
                let token = marked.trailing_zeros() as usize;
                marked &= marked - 1;
                let colour = Colour::ALL[token / 4];
                let cell = self.tokens[token / 4][token % 4].cell(colour);
                if !cell.is_some_and(|cell| others_on(places, cell, colour)) {
                    self.late &= !(1 << token);
                }
            }
        }
        if self.last != NONE {
            // Tokens on the same place are interchangeable: name the first.
            let c = usize::from(self.last) / 4;
            let place = self.tokens[c][usize::from(self.last % 4)];
            let first = self.tokens[c].iter().position(|&p| p == place).unwrap_or(0);
            self.last = (c * 4 + first) as u8;
        }
    }

    /// Moves on while nobody has a decision: lost bonuses, ceded or lost dice, the end of a
    /// roll; sets who decides next. With `next`, the search that finds who decides lists all
    /// of that colour's moves into it, the listing of the position settled (a playout then
    /// needs no second search); without, it stops at the first move found.
    pub(crate) fn settle<S: EventSink<Event>>(&mut self, sink: &mut S, mut next: Option<&mut Choices>) {
        loop {
            if self.outcome.is_some() {
                return;
            }
            let Some(roll) = self.roll else { return };
            let occ = Occupancy::of(self);
            // The playout's list (empty when settling starts) takes the moves as they are found;
            // a search that finds none leaves it empty for the next round of the loop.
            let mut first = Choices::new();
            let found = match next.as_deref_mut() {
                Some(list) => self.decision(&occ, list, false),
                None => self.decision(&occ, &mut first, true),
            };
            if let Some(colour) = found {
                if self.bonus.is_none() && colour != self.turn && self.actor == self.turn {
                    sink.emit(Event::Ceded { from: self.turn, to: colour });
                }
                self.actor = colour;
                return;
            }
            if let Some(bonus) = self.bonus.take() {
                sink.emit(Event::BonusLost { colour: bonus.colour, amount: bonus.amount });
                continue;
            }
            if self.pending != 0 {
                let dice =
                    [(self.pending & 1 != 0).then_some(roll.first), (self.pending & 2 != 0).then_some(roll.second)];
                sink.emit(Event::DiceLost { colour: self.turn, dice });
                self.pending = 0;
            }
            self.roll = None;
            self.actor = self.turn;
            if roll.is_double() {
                sink.emit(Event::ExtraRoll { colour: self.turn });
            } else {
                self.pass_turn(sink);
            }
        }
    }

    fn pass_turn<S: EventSink<Event>>(&mut self, sink: &mut S) {
        let next = self.config.colours().after(self.turn);
        self.turn = next;
        self.actor = next;
        self.roll = None;
        self.pending = 0;
        self.bonus = None;
        self.doubles = 0;
        self.last = NONE;
        sink.emit(Event::TurnPassed { to: next });
    }

    /// Why `action` is not among the legal choices, in words.
    pub(crate) fn why_illegal(&self, action: Action) -> Refusal {
        let Action::Move { from, by } = action else { return Refusal::DOES_NOT_APPLY };
        if let Some(bonus) = self.bonus {
            if by != Count::Bonus(bonus.amount) {
                return refusal::BONUS_FIRST;
            }
        } else if !self.offers(by) {
            return refusal::NO_SUCH_COUNT;
        }
        if self.plan_of(action).is_none() {
            return refusal::NO_TOKEN_THERE;
        }
        if from == Spot::Home {
            return match by {
                Count::Die(5) | Count::Sum => refusal::EXIT_CLOSED,
                _ => refusal::EXIT_NEEDS_FIVE,
            };
        }
        if let (Some(roll), Count::Die(_)) = (self.roll, by) {
            if self.offers(Count::Die(5)) && self.exit_landing(&Occupancy::of(self), self.actor).is_some() {
                return refusal::FIVE_MUST_EXIT;
            }
            if roll.is_double() && self.pending == 0b11 && self.actor == self.turn {
                return refusal::OPEN_BARRIER;
            }
        }
        if self.config.mode() == Mode::Individual && self.actor != self.turn {
            return refusal::NOT_THIS_COLOUR;
        }
        refusal::BLOCKED
    }
}

/// Parchís' turn: who acts, its choices, what a roll, a move and a timeout do ([`Rules`] follows).
impl crate::dice::DiceRules for State {
    type Actor = Seat;
    type Action = Action;
    type Choice = Choice;
    type Choices = Choices;
    type Event = Event;
    type Events = Events;
    type Outcome = Outcome;

    const TIMEOUT: Action = Action::Timeout;

    /// Who acts next. A seat decides for the colour [`State::actor`] names, which may be a
    /// partner's colour when dice are ceded or a bonus passes to the partner.
    fn phase(&self) -> Phase<Seat, Outcome> {
        match (self.outcome, self.roll) {
            (Some(outcome), _) => Phase::Over(outcome),
            (None, None) => Phase::Chance,
            (None, Some(_)) => Phase::Decide(self.config.seat_of(self.actor)),
        }
    }

    fn seat_of(&self, seat: Seat) -> Seat {
        seat
    }

    fn choice_of(&self, action: Action) -> Result<Choice, Refusal> {
        let plan = self.plan_of(action);
        let chosen = self.legal_actions().into_iter().find(|c| plan.is_some() && self.plan_of(c.action) == plan);
        chosen.ok_or_else(|| self.why_illegal(action))
    }

    fn play_unchecked<S: EventSink<Event>>(&mut self, choice: &Choice, sink: &mut S) {
        if let Some(plan) = self.plan_of(choice.action) {
            self.execute(plan, choice, sink, None);
        }
    }

    /// Settling the move finds who decides next by listing that colour's moves.
    fn play_unchecked_and_list<S: EventSink<Event>>(&mut self, choice: &Choice, sink: &mut S, next: &mut Choices) {
        next.clear();
        if let Some(plan) = self.plan_of(choice.action) {
            self.execute(plan, choice, sink, Some(next));
        }
    }

    /// Fills `out` with the legal choices of the seat to decide.
    fn generate(&self, out: &mut Choices) {
        if self.roll.is_none() || self.outcome.is_some() {
            return;
        }
        let occ = Occupancy::of(self);
        let mut found = Choices::new();
        if self.decision(&occ, &mut found, false) == Some(self.actor) {
            out.extend(found);
        }
    }

    /// A roll arrives. The third double in a row is not played: the last token moved this turn
    /// goes home unless it is in its corridor or at the goal, and the turn ends.
    /// With `next`, the next decision's choices are listed into it while the turn settles.
    fn begin_roll<S: EventSink<Event>>(&mut self, roll: Roll, sink: &mut S, next: Option<&mut Choices>) {
        sink.emit(Event::Rolled { colour: self.turn, roll });
        self.roll = Some(roll);
        self.pending = 0b11;
        self.actor = self.turn;
        if roll.is_double() {
            self.doubles += 1;
            if self.doubles >= 3 {
                sink.emit(Event::ThirdDouble { colour: self.turn });
                if self.last != NONE {
                    let (c, slot) = (usize::from(self.last) / 4, usize::from(self.last % 4));
                    let colour = Colour::ALL[c];
                    let place = self.tokens[c][slot];
                    if place.is_track() {
                        self.tokens[c][slot] = Place::HOME;
                        sink.emit(Event::SentHome { colour, from: place.spot(colour) });
                    }
                }
                self.normalize();
                self.pass_turn(sink);
                return;
            }
        }
        self.settle(sink, next);
    }

    /// The host's timeout: everything pending is lost and the turn passes.
    fn timeout_unchecked<S: EventSink<Event>>(&mut self, sink: &mut S) {
        // Before the roll the time is the turn's; after it, the colour deciding (a partner
        // playing ceded dice) is the one that ran out.
        let colour = if self.roll.is_some() { self.actor } else { self.turn };
        sink.emit(Event::TimedOut { colour });
        self.pass_turn(sink);
    }
}
