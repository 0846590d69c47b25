//! Sixteen bytes in one 128-bit word, a lane each: the dice games keep their sixteen token
//! places this way (byte `4 * colour + slot`), so that a question about every token is a few
//! word operations.

/// A byte of ones in every lane, to spread a byte over all sixteen.
pub(crate) const LANES: u128 = u128::MAX / 0xFF;
/// The low seven bits of every lane.
pub(crate) const LOW7: u128 = LANES * 0x7F;

/// The top bit of every byte of `x` that is zero (the classic exact test, with no borrow
/// running from one byte into the next).
#[inline]
pub(crate) const fn zero_bytes(x: u128) -> u128 {
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// Four colours' four bytes as one word, byte `4 * colour + slot`; `colour(c)` gives colour
/// `c`'s bytes.
#[inline]
pub(crate) fn word(colour: impl Fn(usize) -> [u8; 4]) -> u128 {
    // A colour's four bytes as one word each: the compiler loads each with one instruction.
    let lanes = |c: usize| u128::from(u32::from_le_bytes(colour(c)));
    lanes(0) | lanes(1) << 32 | lanes(2) << 64 | lanes(3) << 96
}

/// Sorts a colour's four places (the order its lane bytes keep between choices) and gives, for
/// each new slot, the slot it came from.
#[inline]
pub(crate) fn sort_four<T: PartialOrd>(places: &mut [T; 4]) -> [u8; 4] {
    let mut order = [0u8, 1, 2, 3];
    for i in 1..4 {
        let mut j = i;
        while j > 0 && places[j - 1] > places[j] {
            places.swap(j - 1, j);
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_bytes_marks_exactly_the_zero_lanes() {
        let bytes = [[0, 1, 0x80, 0xFF], [0, 0, 7, 0], [1; 4], [0x7F, 0, 0x01, 0x80]];
        let x = word(|c| bytes[c]);
        let marked: u128 = (0..16).filter(|i| (x >> (8 * i)) as u8 == 0).map(|i| 0x80u128 << (8 * i)).sum();
        assert_eq!(zero_bytes(x), marked);
        assert_eq!(word(|c| if c == 0 { [1, 2, 3, 4] } else { [0; 4] }), 0x0403_0201);
    }

    #[test]
    fn sorting_four_places_says_where_each_came_from() {
        let mut places = [30, 5, 30, 1];
        assert_eq!(sort_four(&mut places), [3, 1, 0, 2]);
        assert_eq!(places, [1, 5, 30, 30]);
    }
}
