//! Six-sided dice and rolls of two, shared by the dice games.

use core::fmt;
use core::num::NonZeroU8;
use core::str::FromStr;

use rand_core::Rng;

use crate::chance::{Outcomes, below};
use crate::notation::ParseError;

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

/// The primitives of [`crate::Rules`] the two dice games share, written inside each one's
/// `impl Rules for State`: the associated types (the game's own `Action`, `Choice`, `Choices`,
/// `Event`, `Events` and `Outcome`), a chance event that is always a throw of two fair dice
/// (every roll can come), a host's timeout that may come before the roll, and the listing, the
/// roll and the timeout as the game's own `choices`, `begin_roll` and `time_out_turn` do them.
/// A roll in a playout is settled by listing the choices it leaves (`begin_roll` with a list).
macro_rules! dice_rules {
    (Actor = $actor:ty) => {
        type Actor = $actor;
        type Action = Action;
        type Choice = Choice;
        type Choices = Choices;
        type Chance = Roll;
        type Event = Event;
        type Events = Events;
        type Outcome = Outcome;

        const TIMEOUT: Action = Action::Timeout;
        const TIMEOUT_WHILE_CHANCE: bool = true;

        fn sample_outcome<R: rand_core::Rng + ?Sized>(&self, rng: &mut R) -> Option<Roll> {
            self.phase().is_chance().then(|| Roll::throw(rng))
        }

        fn can_produce(&self, _: Roll) -> bool {
            true
        }

        fn apply_chance_unchecked<S: EventSink<Event>>(&mut self, roll: Roll, sink: &mut S) {
            self.begin_roll(roll, sink, None);
        }

        fn apply_chance_unchecked_and_list<S: EventSink<Event>>(
            &mut self,
            roll: Roll,
            sink: &mut S,
            next: &mut Choices,
        ) {
            next.clear();
            self.begin_roll(roll, sink, Some(next));
        }

        fn generate(&self, out: &mut Choices) {
            self.choices(out);
        }

        fn time_out<S: EventSink<Event>>(&mut self, sink: &mut S) {
            self.time_out_turn(sink);
        }
    };
}
pub(crate) use dice_rules;

/// The chance of a dice game's `State` in its own words: the outcomes with their weights, and
/// a fair throw (every roll can come at any chance event).
macro_rules! dice_chance {
    () => {
        impl State {
            /// The outcomes of the pending chance event: the 21 distinct rolls with their
            /// weights out of 36. Empty when no chance event is pending.
            pub fn chance_outcomes(&self) -> $crate::chance::Outcomes<Roll, 21> {
                if self.phase().is_chance() { Roll::outcomes() } else { $crate::chance::Outcomes::new() }
            }

            /// A fair roll drawn from `rng`, to pass to [`Rules::apply_chance`].
            pub fn sample_chance<R: rand_core::Rng + ?Sized>(&self, rng: &mut R) -> Roll {
                Roll::throw(rng)
            }
        }
    };
}
pub(crate) use dice_chance;

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
