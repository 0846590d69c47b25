//! A small neural network, read straight from its bytes: the learned evaluator of the expert
//! bots.
//!
//! One hidden layer of rectified units and one output:
//! `y = b2 + Σ_j w2_j max(0, b1_j + s_j Σ_i x_i q_ij)`, where the first layer's weights are
//! whole numbers `q_ij` from -127 to 127 and each unit has its scale `s_j`. It is applied once
//! per seat to that seat's features, and the outputs are a strength each, turned into win
//! shares as the heuristics' strengths are. The sums run in a fixed order (inputs in increasing
//! index, units in increasing index) with the basic operations only, which IEEE 754 rounds
//! alike everywhere, so an evaluation gives the same bits on every platform. Nothing is
//! allocated: the weights are read in place, and the hidden units live on the stack.
//!
//! The bytes, little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `FICHASNN` |
//! | 2 | the format's version, 2 (1 is read too) |
//! | 1 | the game: 1 Poleana, 2 Parchís, 3 Cartas |
//! | 1 | zero |
//! | 2 | `inputs`, the features per seat |
//! | 2 | `hidden`, the hidden units (1 to [`MAX_HIDDEN`]) |
//! | 4 × hidden | `s`, each unit's scale (`f32`) |
//! | 4 × hidden | `b1` (`f32`) |
//! | 4 × hidden | `w2` (`f32`) |
//! | 4 | `b2` (`f32`) |
//! | 2 × inputs × hidden | `q`, input by input: the weights from input `i` to every unit |
//!
//! The file ends there. Version 2 stores each `q_ij` in two bytes, the upper half of its `f32`
//! (a bfloat16, exact for whole numbers up to 255), which becomes a float by a shift rather than
//! a conversion: Cartas' network evaluates in two thirds of the time. Version 1 stores it in one
//! byte (`i8`). Both give the same bits.

use core::fmt;

/// The magic a weights file starts with.
pub const MAGIC: &[u8; 8] = b"FICHASNN";
/// The version of the format the project's tools write; this crate reads it and version 1.
pub const VERSION: u16 = 2;
/// The most hidden units a network may have (they live on the stack while it evaluates).
pub const MAX_HIDDEN: usize = 512;
/// The bytes before the weights.
const HEADER: usize = 16;

/// The game a network judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetworkGame {
    /// Poleana, classic and Express.
    Poleana,
    /// Parchís, every mode.
    Parchis,
    /// Cartas.
    Cartas,
}

impl NetworkGame {
    /// The game's tag in a weights file.
    pub const fn tag(self) -> u8 {
        match self {
            NetworkGame::Poleana => 1,
            NetworkGame::Parchis => 2,
            NetworkGame::Cartas => 3,
        }
    }

    /// The game's name.
    pub const fn name(self) -> &'static str {
        match self {
            NetworkGame::Poleana => "Poleana",
            NetworkGame::Parchis => "Parchís",
            NetworkGame::Cartas => "Cartas",
        }
    }
}

/// Why bytes are not the weights of a network.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// The bytes do not start with `FICHASNN`.
    #[error("these are not a fichas network's weights: they do not start with FICHASNN")]
    Magic,
    /// A version this crate does not read.
    #[error("weights of format version {0}; this version of fichas reads versions 1 and 2")]
    Version(u16),
    /// Weights for another game.
    #[error("these weights are for another game (tag {found}), not {expected}")]
    Game {
        /// The tag found.
        found: u8,
        /// The game wanted.
        expected: &'static str,
    },
    /// The network's shape does not fit the game's features or the limits.
    #[error("a network of {inputs} inputs and {hidden} hidden units does not fit: {why}")]
    Shape {
        /// The inputs the file declares.
        inputs: u16,
        /// The hidden units it declares.
        hidden: u16,
        /// What is wrong.
        why: &'static str,
    },
    /// The file is longer or shorter than its shape says.
    #[error("the weights are {found} bytes long; a network of that shape takes {expected}")]
    Length {
        /// The bytes given.
        found: usize,
        /// The bytes its shape takes.
        expected: usize,
    },
    /// A weight is not a finite number, or a first-layer weight is not a whole number from -127
    /// to 127.
    #[error(
        "weight {index} is out of range: not a finite number, or a first-layer weight that is not a whole number from -127 to 127"
    )]
    NotFinite {
        /// Its index among the weights.
        index: usize,
    },
}

/// A network's weights, read in place from their bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Network<'w> {
    weights: &'w [u8],
    inputs: usize,
    hidden: usize,
    width: Width,
}

/// How wide the first layer's weights are stored: a byte each (version 1), or two, as the upper
/// half of an `f32` (version 2), which becomes a float by a shift.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Width {
    Byte,
    Half,
}

impl Width {
    /// The bytes of one weight.
    const fn bytes(self) -> usize {
        match self {
            Width::Byte => 1,
            Width::Half => 2,
        }
    }
}

/// A weight stored two bytes wide: the upper half of its `f32`.
fn half(w: [u8; 2]) -> f32 {
    f32::from_bits(u32::from(u16::from_le_bytes(w)) << 16)
}

impl fmt::Debug for Network<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Network").field("inputs", &self.inputs).field("hidden", &self.hidden).finish()
    }
}

impl Network<'static> {
    /// A network that judges every position alike (its output is always 0): what stands in for
    /// weights that could not be read.
    pub const ZERO: Network<'static> = Network { weights: &[0; 16], inputs: 0, hidden: 1, width: Width::Byte };
}

impl<'w> Network<'w> {
    /// Reads a network for `game` whose seats have `inputs` features each. Every weight is
    /// checked once here, so that evaluating never meets a bad one.
    pub fn from_bytes(bytes: &'w [u8], game: NetworkGame, inputs: usize) -> Result<Network<'w>, WeightsError> {
        let network = Network::read_shape(bytes, game, inputs)?;
        let floats = 3 * network.hidden + 1;
        if let Some(index) = (0..floats).find(|&i| !network.float(i).is_finite()) {
            return Err(WeightsError::NotFinite { index });
        }
        let q = &network.weights[4 * floats..];
        let bad = match network.width {
            Width::Byte => q.iter().position(|&q| q as i8 == i8::MIN),
            Width::Half => q.chunks_exact(2).position(|w| {
                let w = half([w[0], w[1]]);
                !(-127.0..=127.0).contains(&w) || f32::from(w as i8) != w
            }),
        };
        if let Some(index) = bad {
            return Err(WeightsError::NotFinite { index: floats + index });
        }
        Ok(network)
    }

    /// Reads a network's shape without looking at every weight: for the weights shipped in the
    /// crate, which a test reads in full.
    pub(crate) fn read_shape(bytes: &'w [u8], game: NetworkGame, inputs: usize) -> Result<Network<'w>, WeightsError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(WeightsError::Magic);
        }
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let version = u16_at(8);
        let width = match version {
            1 => Width::Byte,
            2 => Width::Half,
            _ => return Err(WeightsError::Version(version)),
        };
        if bytes[10] != game.tag() {
            return Err(WeightsError::Game { found: bytes[10], expected: game.name() });
        }
        let (declared, hidden) = (u16_at(12), u16_at(14));
        let shape = |why| WeightsError::Shape { inputs: declared, hidden, why };
        if usize::from(declared) != inputs {
            return Err(shape("the game's seats have another number of features"));
        }
        if hidden == 0 || usize::from(hidden) > MAX_HIDDEN {
            return Err(shape("a network has 1 to 512 hidden units"));
        }
        let hidden = usize::from(hidden);
        let expected = HEADER + 4 * (3 * hidden + 1) + inputs * hidden * width.bytes();
        if bytes.len() != expected {
            return Err(WeightsError::Length { found: bytes.len(), expected });
        }
        Ok(Network { weights: &bytes[HEADER..], inputs, hidden, width })
    }

    /// The features per seat.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The `index`th of the floats (scales, `b1`, `w2`, `b2`).
    fn float(&self, index: usize) -> f32 {
        self.weights.get(4 * index..).map_or(0.0, read)
    }

    /// The network's output for `features` (as many as [`Network::inputs`]; missing ones count
    /// as zero, extra ones are ignored). Features that are zero cost nothing, so sparse inputs
    /// evaluate quickly.
    pub fn evaluate(&self, features: &[f32]) -> f32 {
        let hidden = self.hidden;
        let floats = 4 * hidden;
        let (scales, rest) = self.weights.split_at(floats);
        let (b1, rest) = rest.split_at(floats);
        let (w2, rest) = rest.split_at(floats);
        let (b2, q) = rest.split_at(4);
        let features = &features[..features.len().min(self.inputs)];
        let mut sums = [0.0f32; MAX_HIDDEN];
        let sums = &mut sums[..hidden];
        match self.width {
            Width::Byte => first_layer(features, q, sums, |w: [u8; 1]| f32::from(w[0] as i8)),
            Width::Half => first_layer(features, q, sums, half),
        }
        // Each unit's value, then the positive ones summed in increasing order, found first so
        // that the sum does not wait on a branch per unit.
        for (sum, (scale, bias)) in sums.iter_mut().zip(scales.chunks_exact(4).zip(b1.chunks_exact(4))) {
            *sum = read(bias) + read(scale) * *sum;
        }
        let mut positive = [0u16; MAX_HIDDEN];
        let mut n = 0;
        for (j, &unit) in sums.iter().enumerate() {
            positive[n] = j as u16;
            n += usize::from(unit > 0.0);
        }
        let mut out = read(b2);
        for &j in &positive[..n] {
            let j = usize::from(j);
            out += read(w2.get(4 * j..).unwrap_or_default()) * sums[j];
        }
        out
    }
}

/// The inputs gathered at a time, and the units summed together in registers.
const CHUNK: usize = 64;
const BLOCK: usize = 32;

/// Adds `x_i q_ij` to each unit's sum `j`, the non-zero inputs `i` in increasing order; `q` is
/// the weights input by input, `B` bytes each, which `weight` reads. The units are independent,
/// so they are summed a block at a time over a chunk of inputs, each sum in the same order.
#[inline(always)]
fn first_layer<const B: usize>(features: &[f32], q: &[u8], sums: &mut [f32], weight: impl Fn([u8; B]) -> f32) {
    let hidden = sums.len();
    let row_bytes = hidden * B;
    let mut active = [(0usize, 0.0f32); CHUNK];
    for (c, chunk) in features.chunks(CHUNK).enumerate() {
        let mut n = 0;
        for (g, group) in chunk.chunks(8).enumerate() {
            // Most features are zero: a group of eight is passed over at once.
            if group.iter().fold(0, |any, x| any | x.to_bits() << 1) == 0 {
                continue;
            }
            for (i, &x) in group.iter().enumerate() {
                active[n] = ((c * CHUNK + 8 * g + i) * row_bytes, x);
                n += usize::from(x != 0.0);
            }
        }
        let active = &active[..n];
        let mut blocks = sums.chunks_exact_mut(BLOCK);
        for (b, block) in (&mut blocks).enumerate() {
            let mut acc = [0.0f32; BLOCK];
            acc.copy_from_slice(block);
            for &(row, x) in active {
                add_row(&mut acc, x, q.get(row + b * BLOCK * B..row + (b + 1) * BLOCK * B), &weight);
            }
            block.copy_from_slice(&acc);
        }
        let rest = blocks.into_remainder();
        let first = hidden - rest.len();
        for &(row, x) in active {
            add_row(rest, x, q.get(row + first * B..row + row_bytes), &weight);
        }
    }
}

/// Adds `x` times each weight of `row` (`B` bytes each) to the sum beside it.
#[inline(always)]
fn add_row<const B: usize>(sums: &mut [f32], x: f32, row: Option<&[u8]>, weight: &impl Fn([u8; B]) -> f32) {
    for (sum, w) in sums.iter_mut().zip(row.unwrap_or_default().chunks_exact(B)) {
        if let Ok(w) = w.try_into() {
            *sum += x * weight(w);
        }
    }
}

/// A little-endian `f32` from the first four bytes of `bytes` (zero if there are fewer).
fn read(bytes: &[u8]) -> f32 {
    match bytes.first_chunk::<4>() {
        Some(b) => f32::from_le_bytes(*b),
        None => 0.0,
    }
}

/// Writes a network's bytes in the current version (for tests and tools that make one): `q`
/// input by input.
#[cfg(feature = "alloc")]
pub fn to_bytes(
    game: NetworkGame,
    inputs: usize,
    scales: &[f32],
    b1: &[f32],
    w2: &[f32],
    b2: f32,
    q: &[i8],
) -> alloc::vec::Vec<u8> {
    let hidden = scales.len();
    let mut out = alloc::vec::Vec::with_capacity(HEADER + 4 * (3 * hidden + 1) + 2 * q.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.push(game.tag());
    out.push(0);
    out.extend_from_slice(&(inputs as u16).to_le_bytes());
    out.extend_from_slice(&(hidden as u16).to_le_bytes());
    for w in scales.iter().chain(b1).chain(w2).chain(core::iter::once(&b2)) {
        out.extend_from_slice(&w.to_le_bytes());
    }
    for &w in q {
        out.extend_from_slice(&((f32::from(w).to_bits() >> 16) as u16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn tiny() -> alloc::vec::Vec<u8> {
        // Two inputs, two units: unit 0 = (x0 - x1) / 2, unit 1 = x1 - 1; y = 0.5 + 2 u0 + 3 u1.
        to_bytes(NetworkGame::Parchis, 2, &[0.5, 1.0], &[0.0, -1.0], &[2.0, 3.0], 0.5, &[1, 0, -1, 1])
    }

    #[test]
    fn a_network_computes_its_rectified_sum() {
        let bytes = tiny();
        let net = Network::from_bytes(&bytes, NetworkGame::Parchis, 2).unwrap();
        // u0 = (3 - 0.5) / 2 = 1.25, u1 = max(0, 0.5 - 1) = 0: y = 0.5 + 2.5.
        assert_eq!(net.evaluate(&[3.0, 0.5]), 3.0);
        // u0 = max(0, -1) = 0, u1 = 2 - 1 = 1: y = 0.5 + 3.
        assert_eq!(net.evaluate(&[0.0, 2.0]), 3.5);
        assert_eq!(net.evaluate(&[]), 0.5);
        assert_eq!((net.inputs(), net.hidden()), (2, 2));
    }

    /// The same network in version 1, a byte a weight.
    fn narrow(wide: &[u8]) -> alloc::vec::Vec<u8> {
        let hidden = usize::from(u16::from_le_bytes([wide[14], wide[15]]));
        let cut = HEADER + 4 * (3 * hidden + 1);
        let mut out = wide[..cut].to_vec();
        out[8] = 1;
        out.extend(wide[cut..].chunks_exact(2).map(|w| half([w[0], w[1]]) as i8 as u8));
        out
    }

    /// The definition, summed as plainly as it reads: unit by unit, each over the inputs in order.
    fn plainly(inputs: usize, scales: &[f32], b1: &[f32], w2: &[f32], b2: f32, q: &[i8], x: &[f32]) -> f32 {
        let hidden = scales.len();
        let mut out = b2;
        for j in 0..hidden {
            let mut sum = 0.0f32;
            for i in 0..inputs.min(x.len()) {
                if x[i] != 0.0 {
                    sum += x[i] * f32::from(q[i * hidden + j]);
                }
            }
            let unit = b1[j] + scales[j] * sum;
            if unit > 0.0 {
                out += w2[j] * unit;
            }
        }
        out
    }

    /// Whatever the width of the stored weights, and however the units and inputs fall into the
    /// blocks and chunks summed together, an evaluation gives the bits of the plain sum in order.
    #[test]
    fn an_evaluation_gives_the_bits_of_the_sum_in_order_in_either_width() {
        let mut seed = 7u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        let mut compared = 0;
        for (inputs, hidden) in [(3, 1), (70, 45), (130, 96), (200, 64), (64, 33)] {
            let mut float = |scale: f32| (next() % 2001) as f32 / 1000.0 * scale - scale;
            let scales: alloc::vec::Vec<f32> = (0..hidden).map(|_| float(0.01).abs() + 1e-4).collect();
            let b1: alloc::vec::Vec<f32> = (0..hidden).map(|_| float(0.3)).collect();
            let w2: alloc::vec::Vec<f32> = (0..hidden).map(|_| float(1.0)).collect();
            let b2 = float(0.5);
            let q: alloc::vec::Vec<i8> = (0..inputs * hidden).map(|_| ((next() % 255) as i32 - 127) as i8).collect();
            let wide = to_bytes(NetworkGame::Parchis, inputs, &scales, &b1, &w2, b2, &q);
            let thin = narrow(&wide);
            let (a, b) = (
                Network::from_bytes(&wide, NetworkGame::Parchis, inputs).unwrap(),
                Network::from_bytes(&thin, NetworkGame::Parchis, inputs).unwrap(),
            );
            for _ in 0..200 {
                // Mostly zeros, some ones, some fractions, and now and then one extra feature.
                let x: alloc::vec::Vec<f32> = (0..inputs + (next() % 2) as usize)
                    .map(|_| match next() % 8 {
                        0 => 1.0,
                        1 => (next() % 1000) as f32 / 137.0,
                        _ => 0.0,
                    })
                    .collect();
                let expected = plainly(inputs, &scales, &b1, &w2, b2, &q, &x).to_bits();
                assert_eq!(a.evaluate(&x).to_bits(), expected, "{inputs} inputs, {hidden} units, {x:?}");
                assert_eq!(b.evaluate(&x).to_bits(), expected, "{inputs} inputs, {hidden} units, {x:?}");
                compared += 1;
            }
        }
        assert_eq!(compared, 1000);
    }

    #[test]
    fn a_network_has_at_most_max_hidden_units() {
        // One input; every unit is the input itself, and the output sums them all.
        let wide = |hidden: usize| {
            let ones = alloc::vec![1.0f32; hidden];
            to_bytes(NetworkGame::Cartas, 1, &ones, &alloc::vec![0.0; hidden], &ones, 0.0, &alloc::vec![1; hidden])
        };
        let bytes = wide(MAX_HIDDEN);
        let net = Network::from_bytes(&bytes, NetworkGame::Cartas, 1).unwrap();
        assert_eq!(net.evaluate(&[2.0]), 2.0 * MAX_HIDDEN as f32);
        assert_eq!(
            Network::from_bytes(&wide(MAX_HIDDEN + 1), NetworkGame::Cartas, 1).unwrap_err().to_string(),
            "a network of 1 inputs and 513 hidden units does not fit: a network has 1 to 512 hidden units"
        );
    }

    #[test]
    fn bad_weights_are_refused_with_their_reason() {
        let bytes = tiny();
        let read = |b: &[u8], inputs| Network::from_bytes(b, NetworkGame::Parchis, inputs).unwrap_err();
        assert_eq!(read(b"nonsense", 2), WeightsError::Magic);
        assert_eq!(
            read(&bytes, 3).to_string(),
            "a network of 2 inputs and 2 hidden units does not fit: the game's seats have another number of features"
        );
        assert_eq!(
            read(&bytes[..bytes.len() - 1], 2),
            WeightsError::Length { found: bytes.len() - 1, expected: bytes.len() }
        );
        assert!(matches!(
            Network::from_bytes(&bytes, NetworkGame::Poleana, 2),
            Err(WeightsError::Game { found: 2, .. })
        ));
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(
            read(&version, 2).to_string(),
            "weights of format version 9; this version of fichas reads versions 1 and 2"
        );
        let mut nan = bytes.clone();
        nan[16..20].copy_from_slice(&f32::NAN.to_le_bytes());
        assert_eq!(read(&nan, 2), WeightsError::NotFinite { index: 0 });
        // A first-layer weight must be a whole number from -127 to 127: in version 1, a byte
        // other than -128; in version 2, the upper half of such a float.
        let mut lowest = narrow(&bytes);
        *lowest.last_mut().unwrap() = i8::MIN as u8;
        assert_eq!(read(&lowest, 2), WeightsError::NotFinite { index: 10 });
        let last = bytes.len() - 2;
        for bad in [0.5f32, 128.0, -128.0, f32::INFINITY, f32::NAN] {
            let mut wide = bytes.clone();
            wide[last..].copy_from_slice(&((bad.to_bits() >> 16) as u16).to_le_bytes());
            assert_eq!(read(&wide, 2), WeightsError::NotFinite { index: 10 }, "{bad}");
        }
        assert!(Network::from_bytes(&narrow(&bytes), NetworkGame::Parchis, 2).is_ok());
    }
}
