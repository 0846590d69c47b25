//! Chance events: outcomes with exact integer weights, and unbiased sampling from any
//! [`rand_core::Rng`].
//!
//! A state lists its chance outcomes; a server samples one with a cryptographic RNG, a
//! simulation with a fast one, and a test or a replay supplies the outcome itself. Records keep
//! outcomes, never RNG state, so no replay depends on an RNG algorithm.

use arrayvec::ArrayVec;
use rand_core::{Rng, TryRng};

/// A uniformly random integer in `0..n`, without modulo bias.
///
/// Lemire's multiply-and-shift, rejecting the few draws that would favour some results.
/// `n` must be at least 1; `below(rng, 0)` returns 0.
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    infallible(try_below(rng, n))
}

/// [`below`] from a generator that may fail (the operating system's, a derived stream): the
/// same procedure, word for word, so that every source maps its words to outcomes alike.
pub fn try_below<R: TryRng + ?Sized>(rng: &mut R, n: u32) -> Result<u32, R::Error> {
    if n <= 1 {
        return Ok(0);
    }
    let threshold = n.wrapping_neg() % n; // 2^32 mod n
    loop {
        let product = u64::from(rng.try_next_u32()?) * u64::from(n);
        if (product as u32) >= threshold {
            return Ok((product >> 32) as u32);
        }
    }
}

/// The index of an entry drawn with probability proportional to its weight.
///
/// Returns `None` when the weights sum to zero or overflow `u32`.
pub fn pick_weighted<R: Rng + ?Sized>(rng: &mut R, weights: impl Iterator<Item = u32> + Clone) -> Option<usize> {
    infallible(try_pick_weighted(rng, weights))
}

/// [`pick_weighted`] from a generator that may fail: one ticket below the total weight (by
/// [`try_below`]), then the entry whose share of the total holds the ticket.
pub fn try_pick_weighted<R: TryRng + ?Sized>(
    rng: &mut R,
    weights: impl Iterator<Item = u32> + Clone,
) -> Result<Option<usize>, R::Error> {
    let Some(total) = weights.clone().try_fold(0u32, |sum, w| sum.checked_add(w)) else { return Ok(None) };
    if total == 0 {
        return Ok(None);
    }
    let mut ticket = try_below(rng, total)?;
    for (i, w) in weights.enumerate() {
        if ticket < w {
            return Ok(Some(i));
        }
        ticket -= w;
    }
    Ok(None)
}

fn infallible<T>(result: Result<T, core::convert::Infallible>) -> T {
    match result {
        Ok(value) => value,
        Err(never) => match never {},
    }
}

/// The possible outcomes of one chance event, each with an integer weight.
///
/// The probability of an outcome is its weight over [`Outcomes::total`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcomes<T, const N: usize> {
    items: ArrayVec<(T, u32), N>,
}

impl<T: Copy + PartialEq, const N: usize> Outcomes<T, N> {
    /// An empty list: no chance event is pending.
    pub const fn new() -> Self {
        Outcomes { items: ArrayVec::new_const() }
    }

    /// Adds an outcome. Outcomes beyond the capacity are a bug of the caller and are ignored.
    pub fn push(&mut self, outcome: T, weight: u32) {
        let _ = self.items.try_push((outcome, weight));
    }

    /// The outcomes with their weights, in a stable order.
    pub fn iter(&self) -> impl Iterator<Item = (T, u32)> + '_ {
        self.items.iter().copied()
    }

    /// How many outcomes are listed.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether no outcome is listed.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The sum of all weights.
    pub fn total(&self) -> u32 {
        self.items.iter().map(|&(_, w)| w).sum()
    }

    /// The weight of `outcome`, or `None` if it cannot happen.
    pub fn weight(&self, outcome: T) -> Option<u32> {
        self.items.iter().find(|(o, _)| *o == outcome).map(|&(_, w)| w)
    }

    /// The probability of `outcome` (0 if it cannot happen).
    pub fn probability(&self, outcome: T) -> f64 {
        match (self.weight(outcome), self.total()) {
            (Some(w), t) if t > 0 => f64::from(w) / f64::from(t),
            _ => 0.0,
        }
    }

    /// Draws one outcome without bias, with probability proportional to its weight. `None` when
    /// there are no outcomes, or when their weights sum to zero or overflow `u32`.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<T> {
        pick_weighted(rng, self.items.iter().map(|&(_, w)| w)).map(|i| self.items[i].0)
    }
}

impl<T: Copy + PartialEq, const N: usize> Default for Outcomes<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A generator that replays fixed words, to reach the rejection branch on purpose.
    struct Fixed(&'static [u32], usize);
    impl rand_core::TryRng for Fixed {
        type Error = core::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            let v = self.0[self.1 % self.0.len()];
            self.1 += 1;
            Ok(v)
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(u64::from(self.try_next_u32()?))
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
            dst.fill(0);
            Ok(())
        }
    }

    #[test]
    fn below_rejects_the_biased_zone() {
        // For n = 6, 2^32 mod 6 = 4: draws whose product with 6 leaves a low word below 4 are
        // rejected. 0 gives 0, and 715_827_883 * 6 = 2^32 + 2 gives 2.
        let mut rng = Fixed(&[0, 715_827_883, u32::MAX], 0);
        assert_eq!(below(&mut rng, 6), 5);
        assert_eq!(rng.1, 3, "two draws were rejected before one was accepted");
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        for n in 1..50 {
            for _ in 0..100 {
                assert!(below(&mut rng, n) < n);
            }
        }
        assert_eq!(below(&mut rng, 0), 0);
    }

    #[test]
    fn weighted_picks_skip_zero_weights() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        for _ in 0..100 {
            assert_eq!(pick_weighted(&mut rng, [0u32, 3, 0].into_iter()), Some(1));
        }
        assert_eq!(pick_weighted(&mut rng, [0u32, 0].into_iter()), None);
        assert_eq!(pick_weighted(&mut rng, [u32::MAX, 1].into_iter()), None);
    }
}
