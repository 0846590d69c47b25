//! Board knowledge lives once, in each game's board module: the bots, the observations and the
//! pictures read it there. A constant of a board restated as a number elsewhere (a bot's own
//! `const GOAL: u8 = 71`) would go on counting the old board after the board changed.

use std::fs;
use std::path::{Path, PathBuf};

const GAMES: [&str; 3] = ["poleana", "parchis", "cartas"];

/// `const NAME: TYPE = VALUE` on one line: the name, the type and the value, trimmed.
fn constant(line: &str) -> Option<(&str, &str, &str)> {
    let rest = line.trim_start();
    let rest = rest.strip_prefix("pub ").or_else(|| rest.strip_prefix("pub(crate) ")).unwrap_or(rest);
    let rest = rest.strip_prefix("const ")?;
    let (name, rest) = rest.split_once(':')?;
    let (ty, value) = rest.split_once('=')?;
    Some((name.trim(), ty.trim(), value.trim().trim_end_matches(';').trim()))
}

fn is_integer_type(ty: &str) -> bool {
    matches!(ty, "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize")
}

fn is_number(value: &str) -> bool {
    !value.is_empty() && value.chars().all(|c| c.is_ascii_digit() || c == '_')
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The names of the constants a game's board module declares (`TRACK`, `Place::GOAL`).
fn board_constants(src: &Path, game: &str) -> Vec<String> {
    let text = fs::read_to_string(src.join(game).join("board.rs")).unwrap();
    text.lines().filter_map(constant).map(|(name, _, _)| name.to_string()).collect()
}

/// Every `const` outside a board module that restates, as a number, a constant of the board of
/// the game its path names (`bot/parchis.rs`, `picture/poleana.rs`, `cartas/view.rs`).
fn copies(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let mut found = Vec::new();
    for game in GAMES {
        let names = board_constants(src, game);
        assert!(!names.is_empty(), "{game}'s board module declares no constant: is it still there?");
        for file in &files {
            let relative = file.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/");
            if relative == format!("{game}/board.rs") || !relative.contains(game) {
                continue;
            }
            let text = fs::read_to_string(file).unwrap();
            for (n, line) in text.lines().enumerate() {
                if let Some((name, ty, value)) = constant(line) {
                    if is_integer_type(ty) && is_number(value) && names.iter().any(|b| b == name) {
                        found.push(format!("core/src/{relative}:{}: {}", n + 1, line.trim()));
                    }
                }
            }
        }
    }
    found
}

#[test]
fn no_board_constant_is_restated_outside_its_board_module() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = copies(&src);
    assert!(
        found.is_empty(),
        "board constants restated outside their board module (read them from the board instead):\n{}",
        found.join("\n")
    );
}

/// The check finds what it looks for: a bot module with a copy of Parchís' `TRACK`.
#[test]
fn a_restated_board_constant_is_found() {
    let src = std::env::temp_dir().join(format!("fichas-board-knowledge-{}", std::process::id()));
    for game in GAMES {
        fs::create_dir_all(src.join(game)).unwrap();
        fs::write(src.join(game).join("board.rs"), "pub const TRACK: u8 = 68;\n").unwrap();
    }
    fs::create_dir_all(src.join("bot")).unwrap();
    fs::write(src.join("bot/parchis.rs"), "const TRACK: u8 = 68;\nconst OTHER: u8 = 68;\n").unwrap();
    fs::write(src.join("bot/poleana.rs"), "const TRACK: usize = parchis::TRACK as usize;\n").unwrap();
    let found = copies(&src);
    fs::remove_dir_all(&src).unwrap();
    assert_eq!(found, ["core/src/bot/parchis.rs:1: const TRACK: u8 = 68;"]);
}
