//! Writes the seed corpora of the fuzz targets from real games: records, positions, action
//! notation and variant texts met while playing random games of every variant.
//!
//! `cargo run --bin seed-corpus` (in `fuzz/`) rewrites `fuzz/seeds/`. It is a `[[bin]]` of the
//! fuzz package, so `cargo fuzz list` names it with the fuzz targets; it takes no arguments, and
//! refuses the ones `cargo fuzz run` would pass, rather than rewrite the seeds.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use fichas::game::Game;
use fichas_fuzz::VARIANTS;
use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() -> std::io::Result<()> {
    if std::env::args_os().len() > 1 {
        eprintln!("usage: cargo run --bin seed-corpus (no arguments): rewrites fuzz/seeds/; it is no fuzz target");
        std::process::exit(2);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("seeds");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    let (mut positions, mut actions) = (BTreeSet::new(), BTreeSet::new());
    for (i, text) in VARIANTS.iter().enumerate() {
        let mut game = Game::new(text.parse().expect("listed variants are valid"));
        let mut step = 0;
        while !game.is_over() && step < 400 {
            if game.to_act().is_none() {
                game.roll(&mut rng).expect("chance is due");
            } else {
                let choices = game.legal_actions();
                let choice = choices[(rng.next_u32() as usize) % choices.len()];
                actions.insert(choice.action().to_string());
                game.play(choice.action()).expect("listed actions apply");
            }
            if step % 40 == 0 {
                positions.insert(game.position());
            }
            step += 1;
        }
        write(&root.join("record"), &format!("{i:02}"), &game.record().to_json())?;
        write(&root.join("config"), &format!("{i:02}"), text)?;
        // The play target reads a variant byte, then one byte a step.
        let mut bytes = vec![i as u8];
        bytes.extend((0..600).map(|_| (rng.next_u32() % 200) as u8));
        write_bytes(&root.join("play"), &format!("{i:02}"), &bytes)?;
    }
    for (i, text) in positions.iter().enumerate() {
        write(&root.join("position"), &format!("{i:03}"), text)?;
    }
    for (i, text) in actions.iter().take(300).enumerate() {
        write(&root.join("action"), &format!("{i:03}"), text)?;
    }
    Ok(())
}

fn write(dir: &Path, name: &str, text: &str) -> std::io::Result<()> {
    write_bytes(dir, name, text.as_bytes())
}

fn write_bytes(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    fs::write(dir.join(name), bytes)
}
