//! The conformance corpus, `tests/conformance/corpus.json`: positions of every game, each with
//! its legal choices (their taps, movements, and words in English and Spanish), one choice played
//! (its events, their messages and words) and one action refused (its codes). The Python, Node
//! and Kotlin tests read it and check their binding's answers against it, so no binding drifts
//! from the engine. This test checks that the corpus is what the engine says now;
//! `UPDATE_CONFORMANCE=1 cargo test --features text --test conformance` writes it again.

mod play_support;

use std::path::PathBuf;

use fichas::game::{State, Variant};
use fichas::phase::PlayError;
use fichas::text::{Catalogue, Language, Message};
use play_support::play_randomly;
use serde_json::{Value, json};

/// The variants of the corpus, one of each game and the modes whose choices differ most.
const VARIANTS: [&str; 6] =
    ["poleana:assisted", "poleana-express:3", "parchis", "parchis:pairs", "parchis:YR", "cartas"];
/// The decisions after which a case is taken, in each variant's seeded random game.
const AT: [usize; 3] = [3, 30, 90];

fn corpus_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance/corpus.json")
}

/// Every position of the corpus: for each variant, the first position at or after each of `AT`
/// decisions where a seat has two choices or more.
fn positions() -> Vec<(String, usize, State)> {
    let mut found = Vec::new();
    for text in VARIANTS {
        let variant: Variant = text.parse().unwrap();
        let mut made = 0;
        let mut next = 0;
        play_randomly(variant, 2026, AT[AT.len() - 1] + 40, |before, _, _| {
            if before.phase().to_act().is_none() {
                return;
            }
            made += 1;
            if next < AT.len() && made >= AT[next] && before.legal_actions().len() >= 2 {
                found.push((text.to_string(), made, *before));
                next += 1;
            }
        });
        assert_eq!(next, AT.len(), "{text}: too few positions with a choice");
    }
    found
}

fn words(message: &Message, en: &Catalogue, es: &Catalogue) -> Value {
    json!({"en": en.format(message), "es": es.format(message)})
}

/// One case: the position, every choice, one played, one refused.
fn case(variant: &str, made: usize, state: &State, en: &Catalogue, es: &Catalogue) -> Value {
    let legal = state.legal_actions();
    let taps = state.taps();
    let mut choices = Vec::new();
    let mut played = None;
    let mut most = 0;
    for (choice, tap) in legal.iter().zip(&taps) {
        let movements = state.movements(choice.action()).unwrap();
        let message = Message::choice(state, choice);
        // The choice played is the one that moves most (the first of those): a walk to check.
        if played.is_none() || movements.len() > most {
            most = movements.len();
            played = Some(choice.action());
        }
        choices.push(json!({
            "action": choice.action().to_string(),
            "tap": tap,
            "movements": movements,
            "message": message,
            "says": words(&message, en, es),
        }));
    }
    let played = played.unwrap();
    let mut after = *state;
    let events = after.play(played).unwrap();
    let messages: Vec<Message> = events.iter().map(Message::event).collect();
    let told = json!({
        "en": messages.iter().map(|m| en.format(m)).collect::<Vec<_>>(),
        "es": messages.iter().map(|m| es.format(m)).collect::<Vec<_>>(),
    });
    json!({
        "name": format!("{variant} after {made} decisions"),
        "variant": variant,
        "position": state.to_string(),
        "choices": choices,
        "play": played.to_string(),
        "events": events,
        "messages": messages,
        "told": told,
        "refused": refused(state, made, en, es),
    })
}

/// An action of the game's action space that the rules refuse here, with its codes: the first
/// from an id that `made` moves along, so that the cases refuse different things (never the
/// host's timeout, which no seat sends).
fn refused(state: &State, made: usize, en: &Catalogue, es: &Catalogue) -> Value {
    let space = state.variant().info().action_space;
    let start = (made * 7919) as u16 % space;
    for id in (start..space).chain(0..start) {
        let Some(action) = state.action_from_id(id) else { continue };
        if action.to_string() == "timeout" {
            continue;
        }
        let mut after = *state;
        if let Err(error @ PlayError::Illegal { reason, .. }) = after.play(action) {
            let message = Message::play_error(&error);
            return json!({
                "action": action.to_string(),
                "code": error.code(),
                "reason": reason.code(),
                "says": words(&message, en, es),
            });
        }
    }
    panic!("no action of the space is refused in {state}");
}

fn corpus() -> Value {
    let (en, es) = (Catalogue::new(Language::English), Catalogue::new(Language::Spanish));
    let cases: Vec<Value> =
        positions().iter().map(|(variant, made, state)| case(variant, *made, state, &en, &es)).collect();
    json!({
        "about": "The conformance corpus of fichas: core/tests/conformance.rs writes it from the engine; every binding's tests check their answers against it.",
        "cases": cases,
    })
}

#[test]
fn the_corpus_is_what_the_engine_says() {
    let text = serde_json::to_string_pretty(&corpus()).unwrap() + "\n";
    let path = corpus_path();
    if std::env::var_os("UPDATE_CONFORMANCE").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == text,
        "{} is not what the engine says now: UPDATE_CONFORMANCE=1 cargo test --features text --test conformance writes it again",
        path.display()
    );
}

#[test]
fn the_corpus_covers_every_game_and_what_a_client_shows() {
    let corpus = corpus();
    let cases = corpus["cases"].as_array().unwrap();
    assert_eq!(cases.len(), VARIANTS.len() * AT.len());
    for case in cases {
        // Every position reads back as itself.
        let state: State = case["position"].as_str().unwrap().parse().unwrap();
        assert_eq!(state.to_string(), case["position"]);
        assert!(case["choices"].as_array().unwrap().len() >= 2);
        assert!(!case["events"].as_array().unwrap().is_empty());
        assert_eq!(case["refused"]["code"], "illegal");
    }
    let moved = cases
        .iter()
        .filter(|c| c["choices"].as_array().unwrap().iter().any(|ch| !ch["movements"].as_array().unwrap().is_empty()));
    assert!(moved.count() >= cases.len() - 2, "too few cases whose choices move a token");
}
