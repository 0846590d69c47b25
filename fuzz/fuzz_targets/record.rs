//! JSON records through replay: reading and replaying never panic; a record that replays
//! writes back to JSON that replays to the same game.
#![no_main]

use fichas::record::{Record, replay};
use fichas_fuzz::{as_text, check_invariants};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(text) = as_text(data) else { return };
    let Ok(record) = Record::from_json(text) else { return };
    let Ok(game) = record.replay() else { return };
    check_invariants(&game, true);
    let again = replay(&game.record().to_json()).expect("a replayed game's record replays");
    assert_eq!(again.state(), game.state());
});
