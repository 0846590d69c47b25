//! Six-sided dice, rolls of two, and the turn the dice games share ([`DiceRules`]).

use crate::phase::Refusal;
use core::fmt;
use core::num::NonZeroU8;
use core::str::FromStr;

use rand_core::Rng;

use crate::chance::{Outcomes, below};
use crate::events::EventSink;
use crate::notation::ParseError;
use crate::phase::Phase;
use crate::rules::{List, Rules, Sealed};
use crate::seat::Seat;

/// The face of one six-sided die, 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Die(NonZeroU8);

impl Die {
    /// The die showing `face`, if `face` is 1 to 6.
    pub const fn new(face: u8) -> Option<Die> {
        match NonZeroU8::new(face) {
            Some(n) if face <= 6 => Some(Die(n)),
            _ => None,
        }
    }

    /// The face value, 1 to 6.
    #[inline]
    pub const fn value(self) -> u8 {
        self.0.get()
    }

    /// A fair throw.
    pub fn throw<R: Rng + ?Sized>(rng: &mut R) -> Die {
        Die::ALL[below(rng, 6) as usize]
    }

    /// Every face in order.
    pub const ALL: [Die; 6] = {
        let mut all = [Die(NonZeroU8::MIN); 6];
        let mut i = 0;
        while i < 6 {
            all[i] = match Die::new(i as u8 + 1) {
                Some(d) => d,
                None => Die(NonZeroU8::MIN),
            };
            i += 1;
        }
        all
    };
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value())
    }
}

impl TryFrom<u8> for Die {
    type Error = ParseError;
    fn try_from(face: u8) -> Result<Die, ParseError> {
        Die::new(face).ok_or_else(|| {
            let mut buf = arrayvec::ArrayString::<4>::new();
            let _ = fmt::write(&mut buf, format_args!("{face}"));
            ParseError::new("die", &buf, "a face from 1 to 6")
        })
    }
}

/// Two dice as thrown: the first and the second die, in the order given.
///
/// Written `6-3`. In JSON a roll is the pair `[6, 3]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    /// The first die.
    pub first: Die,
    /// The second die.
    pub second: Die,
}

impl Roll {
    /// The roll of two dice, in the order given.
    pub const fn new(first: Die, second: Die) -> Roll {
        Roll { first, second }
    }

    /// The roll of two faces, if both are 1 to 6.
    pub const fn of(first: u8, second: u8) -> Option<Roll> {
        match (Die::new(first), Die::new(second)) {
            (Some(a), Some(b)) => Some(Roll::new(a, b)),
            _ => None,
        }
    }

    /// The sum of both faces, 2 to 12.
    #[inline]
    pub const fn sum(self) -> u8 {
        self.first.value() + self.second.value()
    }

    /// Whether both dice show the same face.
    #[inline]
    pub const fn is_double(self) -> bool {
        self.first.value() == self.second.value()
    }

    /// Whether the two faces are `a` and `b` in either order.
    #[inline]
    pub const fn shows(self, a: u8, b: u8) -> bool {
        let (x, y) = (self.first.value(), self.second.value());
        (x == a && y == b) || (x == b && y == a)
    }

    /// The same faces with the higher first: the form chance outcomes are listed in.
    pub const fn sorted(self) -> Roll {
        if self.first.value() >= self.second.value() { self } else { Roll::new(self.second, self.first) }
    }

    /// A fair throw of two dice.
    pub fn throw<R: Rng + ?Sized>(rng: &mut R) -> Roll {
        let n = below(rng, 36) as usize;
        Roll::new(Die::ALL[n / 6], Die::ALL[n % 6])
    }

    /// The 21 distinct rolls (higher face first) with their weights out of 36:
    /// 1 for a double, 2 for any other pair.
    pub fn outcomes() -> Outcomes<Roll, 21> {
        let mut out = Outcomes::new();
        for hi in Die::ALL.into_iter().rev() {
            for lo in Die::ALL.into_iter().rev().filter(|lo| *lo <= hi) {
                out.push(Roll::new(hi, lo), if hi == lo { 1 } else { 2 });
            }
        }
        out
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.second)
    }
}

impl FromStr for Roll {
    type Err = ParseError;

    /// Reads `6-3` (also `6+3` or `63`).
    fn from_str(text: &str) -> Result<Roll, ParseError> {
        let b = text.as_bytes();
        let faces = match b {
            [x, b'-' | b'+' | b',', y] | [x, y] => Some((*x, *y)),
            _ => None,
        };
        faces
            .and_then(|(x, y)| Roll::of(x.wrapping_sub(b'0'), y.wrapping_sub(b'0')))
            .ok_or_else(|| ParseError::new("roll", text, "two faces from 1 to 6, such as 6-3"))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Die {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.value())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Die {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Die, D::Error> {
        let face = <u8 as serde::Deserialize>::deserialize(d)?;
        Die::try_from(face).map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Roll {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.first, self.second].serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Roll {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Roll, D::Error> {
        let [first, second] = <[Die; 2] as serde::Deserialize>::deserialize(d)?;
        Ok(Roll::new(first, second))
    }
}

/// The rules of a dice game's turn, as Poleana and Parchís write them: [`Rules`] follows from
/// them by one impl, the same for both games.
///
/// Each turn opens with a throw of two fair dice, and every roll can come; the host may time the
/// one to act out before the throw as well as after it. A dice game states what it alone knows
/// (who acts, its choices, what a roll, a move and a timeout do), and the items below with a
/// body are the chance both games share. An item named as one of [`Rules`]' is that item, as the
/// game writes it: callers bring [`Rules`] into scope, never this trait.
pub trait DiceRules: Copy + Sealed {
    /// Who decides: a colour in Poleana, a seat in Parchís.
    type Actor: Copy + PartialEq + fmt::Debug;
    /// A decision, in the game's notation.
    type Action: Copy + PartialEq + fmt::Display + fmt::Debug;
    /// A legal decision as the listing gives it, with what the game marks on it.
    type Choice: Copy + fmt::Debug;
    /// The legal choices of one decision.
    type Choices: List<Self::Choice>;
    /// What happened while a roll or an action was applied.
    type Event: Copy + fmt::Debug;
    /// The events of one step, sized for the longest.
    type Events: List<Self::Event> + EventSink<Self::Event>;
    /// How a game ended.
    type Outcome: Copy + PartialEq + fmt::Debug;

    /// [`Rules::TIMEOUT`].
    const TIMEOUT: Self::Action;

    /// [`Rules::phase`]: chance while the roll is due.
    fn phase(&self) -> Phase<Self::Actor, Self::Outcome>;

    /// [`Rules::seat_of`].
    fn seat_of(&self, actor: Self::Actor) -> Seat;

    /// [`Rules::generate`].
    fn generate(&self, out: &mut Self::Choices);

    /// [`Rules::choice_of`].
    fn choice_of(&self, action: Self::Action) -> Result<Self::Choice, Refusal>;

    /// [`Rules::play_unchecked`].
    fn play_unchecked<S: EventSink<Self::Event>>(&mut self, choice: &Self::Choice, sink: &mut S);

    /// [`Rules::play_unchecked_and_list`].
    fn play_unchecked_and_list<S: EventSink<Self::Event>>(
        &mut self,
        choice: &Self::Choice,
        sink: &mut S,
        next: &mut Self::Choices,
    );

    /// A roll arrives: the game counts doubles and settles the turn (a roll with no use passes).
    /// With `next`, the choices of the one who decides next are listed into it (emptied first)
    /// while the turn settles, instead of searching the same position twice.
    fn begin_roll<S: EventSink<Self::Event>>(&mut self, roll: Roll, sink: &mut S, next: Option<&mut Self::Choices>);

    /// [`Rules::timeout_unchecked`]: the host's timeout, before the roll or after it.
    fn timeout_unchecked<S: EventSink<Self::Event>>(&mut self, sink: &mut S);

    /// [`Rules::sample_outcome`]: a fair throw while the roll is due.
    fn sample_outcome<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Roll> {
        self.phase().is_chance().then(|| Roll::throw(rng))
    }

    /// [`Rules::apply_chance_unchecked`]: the roll arrives.
    fn apply_chance_unchecked<S: EventSink<Self::Event>>(&mut self, roll: Roll, sink: &mut S) {
        self.begin_roll(roll, sink, None);
    }

    /// [`Rules::apply_chance_unchecked_and_list`]: the roll arrives, and the turn's settling lists
    /// the next choices.
    fn apply_chance_unchecked_and_list<S: EventSink<Self::Event>>(
        &mut self,
        roll: Roll,
        sink: &mut S,
        next: &mut Self::Choices,
    ) {
        next.clear();
        self.begin_roll(roll, sink, Some(next));
    }
}

/// Every dice game's [`Rules`], from its [`DiceRules`]: each item is the game's own, or the
/// chance of two fair dice that [`DiceRules`] provides.
impl<G: DiceRules> Rules for G {
    type Actor = G::Actor;
    type Action = G::Action;
    type Choice = G::Choice;
    type Choices = G::Choices;
    type Chance = Roll;
    type Event = G::Event;
    type Events = G::Events;
    type Outcome = G::Outcome;

    const TIMEOUT: G::Action = G::TIMEOUT;
    const TIMEOUT_WHILE_CHANCE: bool = true;

    #[inline]
    fn phase(&self) -> Phase<G::Actor, G::Outcome> {
        DiceRules::phase(self)
    }

    #[inline]
    fn seat_of(&self, actor: G::Actor) -> Seat {
        DiceRules::seat_of(self, actor)
    }

    #[inline]
    fn sample_outcome<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Roll> {
        DiceRules::sample_outcome(self, rng)
    }

    /// Every roll can come.
    #[inline]
    fn can_produce(&self, _: Roll) -> bool {
        true
    }

    #[inline]
    fn apply_chance_unchecked<S: EventSink<G::Event>>(&mut self, roll: Roll, sink: &mut S) {
        DiceRules::apply_chance_unchecked(self, roll, sink);
    }

    #[inline]
    fn apply_chance_unchecked_and_list<S: EventSink<G::Event>>(
        &mut self,
        roll: Roll,
        sink: &mut S,
        next: &mut G::Choices,
    ) {
        DiceRules::apply_chance_unchecked_and_list(self, roll, sink, next);
    }

    #[inline]
    fn generate(&self, out: &mut G::Choices) {
        DiceRules::generate(self, out);
    }

    #[inline]
    fn choice_of(&self, action: G::Action) -> Result<G::Choice, Refusal> {
        DiceRules::choice_of(self, action)
    }

    #[inline]
    fn play_unchecked<S: EventSink<G::Event>>(&mut self, choice: &G::Choice, sink: &mut S) {
        DiceRules::play_unchecked(self, choice, sink);
    }

    #[inline]
    fn play_unchecked_and_list<S: EventSink<G::Event>>(
        &mut self,
        choice: &G::Choice,
        sink: &mut S,
        next: &mut G::Choices,
    ) {
        DiceRules::play_unchecked_and_list(self, choice, sink, next);
    }

    #[inline]
    fn timeout_unchecked<S: EventSink<G::Event>>(&mut self, sink: &mut S) {
        DiceRules::timeout_unchecked(self, sink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use std::string::ToString;

    #[test]
    fn faces_are_checked() {
        assert!(Die::new(0).is_none());
        assert!(Die::new(7).is_none());
        assert_eq!(Die::ALL.map(Die::value), [1, 2, 3, 4, 5, 6]);
        assert!(Die::try_from(7).unwrap_err().to_string().contains("1 to 6"));
    }

    #[test]
    fn rolls_read_and_write() {
        let r: Roll = "6-3".parse().unwrap();
        assert_eq!(r, Roll::of(6, 3).unwrap());
        assert_eq!(r.to_string(), "6-3");
        assert_eq!("63".parse::<Roll>().unwrap(), r);
        assert!("7-1".parse::<Roll>().is_err());
        assert!("6-".parse::<Roll>().is_err());
        assert!("".parse::<Roll>().is_err());
        assert!("ñ-1".parse::<Roll>().is_err());
    }

    #[test]
    fn outcomes_cover_36_equally_likely_throws() {
        let o = Roll::outcomes();
        assert_eq!(o.len(), 21);
        assert_eq!(o.total(), 36);
        assert_eq!(o.weight(Roll::of(6, 6).unwrap()), Some(1));
        assert_eq!(o.weight(Roll::of(6, 3).unwrap()), Some(2));
        assert_eq!(o.weight(Roll::of(3, 6).unwrap()), None, "outcomes list the higher face first");
    }

    /// 360,000 throws from a fixed seed: each of the 36 ordered results is expected 10,000
    /// times. With 35 degrees of freedom the chi-square statistic exceeds 66.6 with
    /// probability 0.001.
    #[test]
    fn throws_are_uniform_chi_square() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(20261129);
        let mut counts = [0u32; 36];
        for _ in 0..360_000 {
            let r = Roll::throw(&mut rng);
            counts[usize::from(r.first.value() - 1) * 6 + usize::from(r.second.value() - 1)] += 1;
        }
        let expected = 10_000.0;
        let chi2: f64 = counts
            .iter()
            .map(|&c| {
                let d = f64::from(c) - expected;
                d * d / expected
            })
            .sum();
        assert!(chi2 < 66.6, "chi-square {chi2} over 35 degrees of freedom");
    }
}
