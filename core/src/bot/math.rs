//! The little floating-point arithmetic the bots need, written with the four basic operations
//! and bit operations only: `core` has no `exp`, `ln` or `sqrt` without `std`, and the basic
//! operations are correctly rounded by IEEE 754 on every platform, so these give the same bits
//! everywhere and a seed replays everywhere.

/// SplitMix64's mixing function: nearby inputs give unrelated outputs.
pub(crate) const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `e^x`, to about six digits, for `x` in -80..80 (clamped outside).
pub(crate) fn exp(x: f32) -> f32 {
    let x = x.clamp(-80.0, 80.0);
    // x = n ln 2 + r with |r| <= ln 2 / 2; e^x = 2^n e^r.
    let t = x * core::f32::consts::LOG2_E;
    let n = if t >= 0.0 { (t + 0.5) as i32 } else { (t - 0.5) as i32 };
    let r = x - n as f32 * core::f32::consts::LN_2;
    let p = 1.0 + r * (1.0 + r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0 + r * (1.0 / 720.0))))));
    p * f32::from_bits(((n + 127).clamp(1, 254) as u32) << 23)
}

/// The natural logarithm of `x` > 0 (0 for anything else), to about six digits.
pub(crate) fn ln(x: f32) -> f32 {
    if x <= 0.0 || x.is_nan() {
        return 0.0;
    }
    let bits = x.to_bits();
    let exponent = ((bits >> 23) & 0xff) as i32 - 127;
    // The mantissa in [1, 2), then ln m = 2 atanh((m - 1) / (m + 1)).
    let m = f32::from_bits((bits & 0x007f_ffff) | 0x3f80_0000);
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let series = t * (2.0 + t2 * (2.0 / 3.0 + t2 * (2.0 / 5.0 + t2 * (2.0 / 7.0 + t2 * (2.0 / 9.0)))));
    exponent as f32 * core::f32::consts::LN_2 + series
}

/// The square root of `x` >= 0 (0 for anything else).
pub(crate) fn sqrt(x: f32) -> f32 {
    if x <= 0.0 || x.is_nan() {
        return 0.0;
    }
    // A first guess from halving the exponent, then Newton's steps.
    let mut y = f32::from_bits((x.to_bits() >> 1) + 0x1fc0_0000);
    for _ in 0..4 {
        y = 0.5 * (y + x / y);
    }
    y
}

/// Shares of a win from strengths: `e^(k h_i) / Σ e^(k h_j)` over the entries in use.
pub(crate) fn softmax<const N: usize>(strengths: &[f32; N], used: &[bool; N], k: f32) -> [f32; N] {
    let top = strengths.iter().zip(used).filter(|(_, u)| **u).map(|(h, _)| *h).fold(f32::MIN, f32::max);
    let mut out = [0.0; N];
    let mut total = 0.0;
    for i in 0..N {
        if used[i] {
            out[i] = exp(k * (strengths[i] - top));
            total += out[i];
        }
    }
    if total > 0.0 {
        for v in &mut out {
            *v /= total;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f32, b: f32, tolerance: f32) -> bool {
        (a - b).abs() <= tolerance * b.abs().max(1.0)
    }

    #[test]
    fn exp_ln_and_sqrt_are_accurate() {
        for i in -400..400 {
            let x = i as f32 / 20.0;
            assert!(close(exp(x), std::primitive::f32::exp(x), 1e-5), "exp {x}");
        }
        for i in 1..2000 {
            let x = i as f32 * 0.37;
            assert!(close(ln(x), std::primitive::f32::ln(x), 1e-5), "ln {x}");
            assert!(close(sqrt(x), std::primitive::f32::sqrt(x), 1e-6), "sqrt {x}");
        }
        assert_eq!(ln(0.0), 0.0);
        assert_eq!(sqrt(-1.0), 0.0);
    }

    #[test]
    fn softmax_shares_add_up_to_one_over_the_entries_in_use() {
        let shares = softmax(&[1.0, 2.0, 0.5, 9.0], &[true, true, true, false], 2.0);
        assert_eq!(shares[3], 0.0);
        assert!(close(shares.iter().sum::<f32>(), 1.0, 1e-6));
        assert!(shares[1] > shares[0] && shares[0] > shares[2]);
    }
}
