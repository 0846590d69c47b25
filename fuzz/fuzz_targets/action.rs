//! Action notation of every game: reading never panics, and an action that reads writes back
//! to text that reads as the same action.
#![no_main]

use fichas::{cartas, parchis, poleana};
use fichas_fuzz::as_text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = as_text(data) else { return };
    if let Ok(a) = text.parse::<poleana::Action>() {
        assert_eq!(a.to_string().parse::<poleana::Action>(), Ok(a));
        if let Some(id) = a.id() {
            assert_eq!(poleana::Action::from_id(id), Some(a));
        }
    }
    if let Ok(a) = text.parse::<parchis::Action>() {
        assert_eq!(a.to_string().parse::<parchis::Action>(), Ok(a));
        if let Some(id) = a.id() {
            assert_eq!(parchis::Action::from_id(id), Some(a));
        }
    }
    if let Ok(a) = text.parse::<cartas::Action>() {
        assert_eq!(a.to_string().parse::<cartas::Action>(), Ok(a));
    }
    let _ = text.parse::<poleana::Spot>();
    let _ = text.parse::<parchis::Spot>();
    let _ = text.parse::<cartas::Cards>();
    let _ = text.parse::<fichas::Roll>();
});
