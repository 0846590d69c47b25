//! Configuration text: reading never panics; a variant that reads writes back to text that
//! reads as the same variant, and its opening position is sound.
#![no_main]

use fichas::game::{Game, Variant};
use fichas_fuzz::{as_text, check_invariants};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = as_text(data) else { return };
    let Ok(variant) = text.parse::<Variant>() else { return };
    let written = variant.to_string();
    assert_eq!(written.parse::<Variant>().ok(), Some(variant), "{text} → {written}");
    let json = serde_json::to_string(&variant).expect("variants serialise");
    assert_eq!(serde_json::from_str::<Variant>(&json).ok(), Some(variant));
    check_invariants(&Game::new(variant), true);
});
