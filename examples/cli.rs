//! What the command lines of `simulate` and `arena` share: the Parchís modes by the engine's own
//! names, counts from 1, and the variant a line names.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use fichas::game::Variant;
use fichas::parchis::Mode;

/// `--mode`: a Parchís mode, by the name the engine gives it (listed by `--help`).
pub fn mode() -> impl TypedValueParser<Value = Mode> {
    PossibleValuesParser::new(Mode::ALL.map(Mode::name)).try_map(|name| name.parse::<Mode>())
}

/// A whole number from 1 up.
pub fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// The variant named by `text`, with `--mode` added for Parchís.
pub fn variant(text: &str, mode: Option<Mode>) -> Result<Variant, String> {
    let text = match mode {
        None => text.to_string(),
        Some(_) if !text.starts_with("parchis") => return Err("--mode applies to parchis".into()),
        Some(mode) => format!("{text}:{}", mode.name()),
    };
    text.parse().map_err(|e| format!("{e}"))
}
