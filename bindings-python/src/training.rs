//! What `tools/train_expert.py` needs from the engine: games of self-play with their positions
//! and results, and matches of a network in training against a bot or another network. The
//! games of a call are split over threads by index, so the same seed gives the same samples on
//! any number of them.

use fichas::bot::network::Network;
use fichas::bot::training::{self, Player, Samples, SelfPlay};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::types::PyBytes;

use super::*;

/// Splits `games` over `threads` and runs `work` on each part, in order. A part that panicked
/// fails the call: its games are not quietly left out.
fn split<T: Send>(games: u64, threads: usize, work: impl Fn(std::ops::Range<u64>) -> T + Sync) -> PyResult<Vec<T>> {
    let threads = threads.clamp(1, 64) as u64;
    let per = games.div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> = (0..threads)
            .map(|t| t.saturating_mul(per).min(games)..(t + 1).saturating_mul(per).min(games))
            .filter(|r| !r.is_empty())
            .map(|r| scope.spawn(|| work(r)))
            .collect();
        parts.into_iter().map(|p| p.join().map_err(|_| internal_error())).collect()
    })
}

fn network<'w>(variant: Variant, weights: &'w [u8]) -> PyResult<Network<'w>> {
    training::read_weights(variant, weights).map_err(|e| ConfigError::new_err(e.to_string()))
}

fn player_strength(text: &str) -> PyResult<Strength> {
    text.parse().map_err(|e: fichas::ParseError| ConfigError::new_err(e.to_string()))
}

/// Self-play games `0..games` of `variant`: every seat plays with `weights` (the bytes of a
/// network) or, with no weights, as the bot `teacher`; a random action instead with chance
/// `explore`; one position in `keep_one_in` kept (waiting for the dice; in Cartas, after a decision), its target the TD(λ)
/// return of the network's estimates (`td_lambda`; 1: the result alone). Returns a dict of numpy
/// arrays: `inputs` (samples, 4, features) float32, `sides` (samples, 4) uint8 (255: no seat),
/// `shares` (samples, 4) float32, `base` (samples, 4) float32 (the strength the network's output is
/// added to: the greedy bot's in Cartas, 0 in the dice games); and the counts `games` and `truncated`.
/// With `opponent`, a bot's name, the players above hold the seats of one side and the bot the
/// other's, the seats taken in turn as in `training_match`, and every seat's positions are kept.
#[pyfunction]
#[pyo3(signature = (variant, games, seed, weights=None, teacher="medium", keep_one_in=8, explore=0.0, td_lambda=1.0, threads=1, opponent=None))]
#[allow(clippy::too_many_arguments)]
fn training_samples<'py>(
    py: Python<'py>,
    variant: &str,
    games: u64,
    seed: u64,
    weights: Option<Vec<u8>>,
    teacher: &str,
    keep_one_in: u32,
    explore: f32,
    td_lambda: f32,
    threads: usize,
    opponent: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let variant = parse_variant(variant)?;
    let game = training::network_game(variant);
    let features = training::features(game);
    let teacher = player_strength(teacher)?;
    let opponent = opponent.map(player_strength).transpose()?;
    if let Some(bytes) = &weights {
        network(variant, bytes)?;
    }
    if keep_one_in == 0 {
        return Err(ConfigError::new_err(
            "keep_one_in is at least 1: one position in keep_one_in waiting for the dice is kept (1 keeps them all)",
        ));
    }
    let parts = py.detach(|| {
        split(games, threads, |range| {
            let mut out = Samples::default();
            let net = weights.as_deref().and_then(|b| training::read_weights(variant, b).ok());
            let player = net.as_ref().map_or(Player::Bot(teacher), Player::Network);
            let how = SelfPlay { keep_one_in, explore, lambda: td_lambda.clamp(0.0, 1.0) };
            let against = opponent.map_or(player, Player::Bot);
            training::play_against(variant, player, against, range, seed, how, &mut out);
            out
        })
    })?;
    let mut all = Samples::default();
    for part in parts {
        all.inputs.extend(part.inputs);
        all.sides.extend(part.sides);
        all.shares.extend(part.shares);
        all.base.extend(part.base);
        all.games += part.games;
        all.truncated += part.truncated;
    }
    let n = all.len();
    let dict = PyDict::new(py);
    let inputs = PyArray1::from_vec(py, all.inputs).reshape([n, 4, features])?;
    dict.set_item("inputs", inputs)?;
    dict.set_item("sides", PyArray1::from_vec(py, all.sides).reshape([n, 4])?)?;
    dict.set_item("shares", PyArray1::from_vec(py, all.shares).reshape([n, 4])?)?;
    dict.set_item("base", PyArray1::from_vec(py, all.base).reshape([n, 4])?)?;
    dict.set_item("games", all.games)?;
    dict.set_item("truncated", all.truncated)?;
    Ok(dict)
}

/// Games `0..games` of `variant` between a network (`weights`) and `opponent`, a bot's name or
/// another network's bytes, the seats taken in turn: returns `(wins, games_ended)`, a shared win
/// counted in its share.
#[pyfunction]
#[pyo3(signature = (variant, weights, opponent, games, seed, threads=1))]
fn training_match(
    py: Python<'_>,
    variant: &str,
    weights: Vec<u8>,
    opponent: &Bound<'_, PyAny>,
    games: u64,
    seed: u64,
    threads: usize,
) -> PyResult<(f64, u64)> {
    let variant = parse_variant(variant)?;
    // A bot's strength, or the other network's bytes (read below, once they are held here).
    let (bot, theirs) = if let Ok(name) = opponent.extract::<String>() {
        (Some(player_strength(&name)?), Vec::new())
    } else if let Ok(bytes) = opponent.cast::<PyBytes>() {
        (None, bytes.as_bytes().to_vec())
    } else {
        return Err(PyTypeError::new_err(format!(
            "the opponent is a bot's name (str) or a network's weights (bytes), not {}",
            opponent.get_type().name()?
        )));
    };
    let their_net;
    let opponent = match bot {
        Some(strength) => Player::Bot(strength),
        None => {
            their_net = training::read_weights(variant, &theirs)
                .map_err(|e| ConfigError::new_err(format!("the opponent's weights: {e}")))?;
            Player::Network(&their_net)
        }
    };
    let net = network(variant, &weights)?;
    let parts =
        py.detach(|| split(games, threads, |range| training::match_network(variant, &net, opponent, range, seed)))?;
    Ok(parts.into_iter().fold((0.0, 0), |(w, n), (pw, pn)| (w + pw, n + pn)))
}

/// The features of one seat in the networks of `variant`'s game.
#[pyfunction]
fn training_features(variant: &str) -> PyResult<usize> {
    let game = training::network_game(parse_variant(variant)?);
    Ok(training::features(game))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(training_samples, m)?)?;
    m.add_function(wrap_pyfunction!(training_match, m)?)?;
    m.add_function(wrap_pyfunction!(training_features, m)?)?;
    Ok(())
}
