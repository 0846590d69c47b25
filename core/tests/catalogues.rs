//! The catalogues: every message in every language with the same arguments, whole games told in
//! Spanish without a word of the English catalogue, and languages asked for by tag.

use std::collections::{BTreeMap, BTreeSet};

mod play_support;

use fichas::game::VARIANTS;
use fichas::text::{Arg, Catalogue, Language, Message};
use fluent_syntax::ast;
use play_support::play_randomly;

fn source(language: Language) -> String {
    let path = format!("{}/locales/{}/fichas.ftl", env!("CARGO_MANIFEST_DIR"), language.tag());
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The variables an expression reads, into `out`.
fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
        }
        _ => {}
    }
}

fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

/// Every message of a catalogue, with the variables its value reads (not those of the messages
/// it refers to).
fn messages(language: Language) -> BTreeMap<String, BTreeSet<String>> {
    let text = source(language);
    let resource = fluent_syntax::parser::parse(text.as_str())
        .unwrap_or_else(|(_, errors)| panic!("{language}: the catalogue does not parse: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(message) = entry {
            let mut variables = BTreeSet::new();
            if let Some(value) = &message.value {
                pattern_variables(value, &mut variables);
            }
            let name = message.id.name.to_string();
            assert!(out.insert(name.clone(), variables).is_none(), "{language}: {name} is defined twice");
        }
    }
    out
}

#[test]
fn every_message_exists_in_every_language_with_the_same_arguments() {
    let english = messages(Language::English);
    assert!(english.len() > 400, "{} messages", english.len());
    for language in Language::ALL {
        let other = messages(language);
        let missing: Vec<&String> = english.keys().filter(|id| !other.contains_key(*id)).collect();
        let extra: Vec<&String> = other.keys().filter(|id| !english.contains_key(*id)).collect();
        assert!(missing.is_empty() && extra.is_empty(), "{language}: missing {missing:?}, not in English {extra:?}");
        for (id, variables) in &english {
            assert_eq!(&other[id], variables, "{language}: {id} reads other arguments than in English");
        }
    }
}

#[test]
fn every_refusal_and_error_code_has_its_message_and_every_such_message_its_code() {
    use fichas::phase::{PlayError, Refusal};
    let english = messages(Language::English);
    let mut codes: BTreeSet<String> = Refusal::all().map(|r| format!("illegal-{}", r.code())).collect();
    codes.insert("illegal-unreadable".to_string());
    let listed: BTreeSet<String> = english.keys().filter(|id| id.starts_with("illegal-")).cloned().collect();
    assert_eq!(codes, listed, "refusal codes and the catalogue's illegal-* messages differ");
    assert_eq!(Refusal::all().count(), codes.len() - 1, "a refusal code is given twice");
    let errors = [
        PlayError::GameOver,
        PlayError::ChancePending,
        PlayError::NotChance,
        PlayError::illegal("x", Refusal::UNKNOWN_ID),
    ];
    for error in errors.iter().chain([&PlayError::bad_outcome("x")]) {
        let id = format!("error-play-{}", error.code());
        assert!(english.contains_key(&id), "no message {id}");
    }
}

/// English words no Spanish sentence of the catalogue has.
const ENGLISH: [&str; 16] = [
    "the", "token", "tokens", "and", "from", "to", "onto", "rolls", "wins", "turn", "captures", "plays", "its", "goal",
    "with", "back",
];

#[test]
fn whole_games_told_in_spanish_show_no_english() {
    let (spanish, english) = (Catalogue::new(Language::Spanish), Catalogue::new(Language::English));
    let mut told = BTreeSet::new();
    for text in VARIANTS {
        play_randomly(text.parse().unwrap(), 46, 1_500, |_, events, _| {
            for event in events {
                // As the seat it concerns sees it, and as another does (a card hidden).
                for seen in [*event, event.seen_by(fichas::Seat::ALL[1])] {
                    let (es, en) = (spanish.event(&seen), english.event(&seen));
                    assert!(!es.starts_with("event-") && !es.contains('{'), "{text}: {seen:?} is told as {es:?}");
                    assert_ne!(es, en, "{text}: {seen:?} is told alike in both languages");
                    let lower = es.to_lowercase();
                    for word in lower.split(|c: char| !c.is_alphabetic()) {
                        assert!(!ENGLISH.contains(&word), "{text}: {seen:?} is told as {es:?}, with {word:?}");
                    }
                    told.insert(serde_json::to_value(seen).unwrap()["event"].as_str().unwrap().to_string());
                }
            }
        });
    }
    assert!(told.len() > 30, "only {} kinds of event were told: {told:?}", told.len());
}

#[test]
fn a_language_is_asked_for_by_its_tag_and_a_region_falls_back_to_its_base() {
    assert_eq!("es".parse::<Language>(), Ok(Language::Spanish));
    assert_eq!("es-MX".parse::<Language>(), Ok(Language::Spanish));
    assert_eq!("EN_gb".parse::<Language>(), Ok(Language::English));
    for unknown in ["fr", "", "e", "spanish", "es?MX"] {
        let error = unknown.parse::<Language>().unwrap_err().to_string();
        assert_eq!(
            error,
            format!("no catalogue for the language '{unknown}': there are en (English) and es (español)")
        );
    }
    assert_eq!(Catalogue::for_tag("es-AR").unwrap().language(), Language::Spanish);
}

#[test]
fn a_message_takes_its_arguments_by_name() {
    let spanish = Catalogue::new(Language::Spanish);
    assert_eq!(spanish.message("prompt-roll", &[]).as_deref(), Some("Tira los dados"));
    assert_eq!(spanish.colour(fichas::Colour::Red), "Rojo");
    let args = [("colour", Arg::from("red")), ("count", Arg::from(2)), ("to", Arg::from("R0"))];
    assert_eq!(spanish.message("event-poleana-released", &args).as_deref(), Some("Rojo saca 2 fichas a la R0"));
    assert_eq!(spanish.message("no-such-message", &[]), None);
}

#[test]
fn every_legal_choice_is_described_in_both_languages() {
    let (spanish, english) = (Catalogue::new(Language::Spanish), Catalogue::new(Language::English));
    let mut described = BTreeSet::new();
    for text in VARIANTS {
        play_randomly(text.parse().unwrap(), 47, 600, |before, _, _| {
            for choice in before.legal_actions() {
                let message = Message::choice(before, &choice);
                let (es, en) = (spanish.format(&message), english.format(&message));
                assert!(
                    !es.starts_with("choice") && !es.contains('{'),
                    "{text}: {} is described as {es:?}",
                    choice.action()
                );
                assert!(!en.contains('{'), "{text}: {} is described as {en:?}", choice.action());
                assert_ne!(es, en, "{text}: {} is described alike in both languages", choice.action());
                described.insert(message.id);
            }
        });
    }
    assert!(described.len() >= 18, "only {} kinds of choice were described: {described:?}", described.len());
}

#[test]
fn a_choice_is_described_by_what_it_moves() {
    let spanish = Catalogue::new(Language::Spanish);
    let describe = |position: &str, action: &str| {
        let state: fichas::game::State = position.parse().unwrap();
        let choice = state.legal_actions().into_iter().find(|c| c.action().to_string() == action).unwrap();
        spanish.format(&Message::choice(&state, &choice))
    };
    let parchis = "parchis:YR turn=Y roll=4-2 Y=66,20,home,home R=40,home,home,home";
    assert_eq!(describe(parchis, "66+4"), "Mueve la ficha de la 66 a tu pasillo, a la c2, con el 4");
    assert_eq!(describe(parchis, "20+2"), "Mueve la ficha de la 20 a la 22 con el 2");
    let poleana = "poleana:2 turn=Y roll=5-1 Y=start,start,start,start R=start,start,start,start";
    assert_eq!(describe(poleana, "release"), "Saca una ficha a la Y0");
}
