//! Words: what the engine says to players, in their language, from the catalogues in
//! `locales/` (Project Fluent: `locales/en/fichas.ftl`, `locales/es/fichas.ftl`), which the
//! bindings and the web app read too. Editing a catalogue changes no Rust.
//!
//! A [`Catalogue`] is one language's messages. [`Catalogue::event`] narrates any game's event;
//! [`Catalogue::message`] gives any message by its id with its arguments (the ids and
//! arguments are listed in `locales/README.md`).
//!
//! ```
//! use fichas::game::Game;
//! use fichas::text::{Catalogue, Language};
//!
//! let mut game = Game::from_position("poleana:2 turn=Y roll=5-1 Y=start,start,start,start R=start,start,start,start").unwrap();
//! game.play_text("release").unwrap();
//! let spanish = Catalogue::new(Language::Spanish);
//! let said: Vec<String> = game.last_events().iter().map(|e| spanish.event(e)).collect();
//! assert_eq!(said, ["Amarillo saca una ficha a la Y0", "Turno de Rojo"]);
//! // A regional language falls back to its own base; one there is no catalogue for is an error.
//! assert_eq!("es-MX".parse::<Language>(), Ok(Language::Spanish));
//! assert_eq!("fr".parse::<Language>().unwrap_err().to_string(), "no catalogue for the language 'fr': there are en (English) and es (español)");
//! ```

use alloc::borrow::Cow;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde_json::Value;

use crate::colour::Colour;
use crate::game::{Event, Game};
use crate::phase::{PlayError, Refusal};
use crate::record::{Record, Step};
use crate::{cartas, parchis, poleana};

/// A language there is a catalogue for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// English (`en`).
    English,
    /// Spanish (`es`), as the rule texts write it.
    Spanish,
}

impl Language {
    /// Every language, in the order of their tags.
    pub const ALL: [Language; 2] = [Language::English, Language::Spanish];

    /// The language's tag: `en`, `es`.
    pub const fn tag(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Spanish => "es",
        }
    }

    /// The language's name in itself: `English`, `español`.
    pub const fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Spanish => "español",
        }
    }

    /// The catalogue's source text.
    const fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../locales/en/fichas.ftl"),
            Language::Spanish => include_str!("../locales/es/fichas.ftl"),
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A language asked for by a tag there is no catalogue for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanguageError {
    asked: String,
}

impl fmt::Display for LanguageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no catalogue for the language '{}': there are ", self.asked)?;
        for (i, language) in Language::ALL.iter().enumerate() {
            let sep = if i == 0 { "" } else { " and " };
            write!(f, "{sep}{} ({})", language.tag(), language.name())?;
        }
        Ok(())
    }
}

impl core::error::Error for LanguageError {}

impl FromStr for Language {
    type Err = LanguageError;

    /// Reads a language tag (`es`, `es-MX`, `en_GB`, any case): a regional tag falls back to its
    /// base language, never to another.
    fn from_str(tag: &str) -> Result<Language, LanguageError> {
        let base = tag.split(['-', '_']).next().unwrap_or_default();
        Language::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(base))
            .ok_or_else(|| LanguageError { asked: tag.to_string() })
    }
}

/// An argument of a message: a text or a number (numbers choose plural forms).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A text, such as a colour (`yellow`) or a spot (`Y12`).
    Text(String),
    /// A number.
    Number(i64),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}

/// One language's messages.
pub struct Catalogue {
    language: Language,
    bundle: FluentBundle<FluentResource>,
}

impl fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalogue").field("language", &self.language).finish_non_exhaustive()
    }
}

impl Catalogue {
    /// The messages of `language`.
    pub fn new(language: Language) -> Catalogue {
        // A catalogue that does not parse keeps the messages that do; the tests parse every one.
        let resource = FluentResource::try_new(language.source().to_string()).unwrap_or_else(|(partial, _)| partial);
        let tag: unic_langid::LanguageIdentifier = language.tag().parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(alloc::vec![tag]);
        // Plain text: no bidirectional isolation marks around arguments.
        bundle.set_use_isolating(false);
        // Ids are unique (tested), so adding cannot clash.
        let _ = bundle.add_resource(resource);
        Catalogue { language, bundle }
    }

    /// The messages of the language tagged `tag` (`es`, `es-MX`, `en`).
    pub fn for_tag(tag: &str) -> Result<Catalogue, LanguageError> {
        Ok(Catalogue::new(tag.parse()?))
    }

    /// The catalogue's language.
    pub fn language(&self) -> Language {
        self.language
    }

    /// The message `id` with its arguments, or `None` when the catalogue has no such message.
    /// An argument the message needs and is not given shows as its name in braces.
    pub fn message(&self, id: &str, args: &[(&str, Arg)]) -> Option<String> {
        let mut fluent = FluentArgs::new();
        for (name, arg) in args {
            match arg {
                Arg::Text(text) => fluent.set(*name, FluentValue::from(text.as_str())),
                Arg::Number(n) => fluent.set(*name, FluentValue::from(*n)),
            }
        }
        self.format(id, &fluent)
    }

    fn format(&self, id: &str, args: &FluentArgs<'_>) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        Some(self.bundle.format_pattern(pattern, Some(args), &mut errors).into_owned())
    }

    /// A colour's name.
    pub fn colour(&self, colour: Colour) -> String {
        self.message(&format!("colour-{}", colour.name()), &[]).unwrap_or_else(|| colour.name().to_string())
    }

    /// Why an action is refused, in words for a player.
    pub fn refusal(&self, refusal: Refusal) -> String {
        self.message(&format!("illegal-{}", refusal.code()), &[]).unwrap_or_else(|| refusal.text().to_string())
    }

    /// An action or outcome refused, in words for a player.
    ///
    /// ```
    /// use fichas::game::State;
    /// use fichas::text::{Catalogue, Language};
    ///
    /// let mut state: State = "parchis:YR turn=Y roll=6-5 Y=home,home,home,home R=6,home,home,home".parse().unwrap();
    /// let refused = state.play(state.parse_action("home+6").unwrap()).unwrap_err();
    /// let spanish = Catalogue::new(Language::Spanish);
    /// assert_eq!(spanish.play_error(&refused), "«home+6» no es legal aquí: solo un 5, o la suma 3+2 / 4+1, saca una ficha");
    /// ```
    pub fn play_error(&self, error: &PlayError) -> String {
        let args: Vec<(&str, Arg)> = match error {
            PlayError::Illegal { action, reason } => {
                alloc::vec![("action", Arg::from(action.as_str())), ("reason", Arg::Text(self.refusal(*reason)))]
            }
            PlayError::BadOutcome { outcome } => alloc::vec![("outcome", Arg::from(outcome.as_str()))],
            _ => Vec::new(),
        };
        self.message(&format!("error-play-{}", error.code()), &args).unwrap_or_else(|| error.to_string())
    }

    /// A whole game told, step by step: every event of every step of `record`, from its start.
    /// Refused, with the step's error, where a step of the record is not legal.
    ///
    /// ```
    /// use fichas::game::Game;
    /// use fichas::text::{Catalogue, Language};
    ///
    /// let mut game = Game::from_position("parchis:YR turn=Y roll=- Y=home,home,home,home R=home,home,home,home").unwrap();
    /// game.apply_chance(game.state().parse_chance("5-5").unwrap()).unwrap();
    /// let story = Catalogue::new(Language::Spanish).story(&game.record()).unwrap();
    /// assert_eq!(story[0], "Amarillo tira 5-5");
    /// ```
    pub fn story(&self, record: &Record) -> Result<Vec<String>, PlayError> {
        let mut game = Game::from_state(*record.start());
        let mut told = Vec::new();
        for step in record.steps() {
            let events = match *step {
                Step::Chance(outcome) => game.apply_chance(outcome)?,
                Step::Action { action, .. } => game.play(action)?,
                Step::Timeout { .. } => game.timeout()?,
            };
            told.extend(events.iter().map(|e| self.event(e)));
        }
        Ok(told)
    }

    /// What `event` tells, as a sentence for a player. The event as a seat saw it (a card hidden
    /// from it) is told without the card.
    pub fn event(&self, event: &Event) -> String {
        let (id, args) = event_message(self, event);
        self.format(&id, &args).unwrap_or(id)
    }
}

/// The message id and arguments that tell `event`: its game and serialised tag name the
/// message, and its fields are the arguments, as `locales/README.md` lists them.
fn event_message<'a>(catalogue: &Catalogue, event: &Event) -> (String, FluentArgs<'a>) {
    let game = match event {
        Event::Poleana(_) => "poleana",
        Event::Parchis(_) => "parchis",
        Event::Cartas(_) => "cartas",
    };
    let mut args = FluentArgs::new();
    let Ok(Value::Object(fields)) = serde_json::to_value(event) else { return (format!("event-{game}"), args) };
    let tag = fields.get("event").and_then(Value::as_str).unwrap_or_default().to_string();
    let mut id = format!("event-{game}-{tag}");
    for (name, value) in &fields {
        match (name.as_str(), value) {
            ("event" | "outcome" | "action", _) => {}
            ("card" | "named", Value::String(letter)) => args.set(name.clone(), card_name(letter)),
            ("card" | "named", _) => args.set(name.clone(), "hidden"),
            ("roll", Value::Array(dice)) => args.set(name.clone(), dice_text(dice)),
            ("dice", Value::Array(dice)) => {
                let present: Vec<Value> = dice.iter().filter(|d| !d.is_null()).cloned().collect();
                args.set("count", present.len() as i64);
                args.set(name.clone(), dice_text(&present));
            }
            (_, Value::Bool(b)) => args.set(name.clone(), if *b { "true" } else { "false" }),
            (_, Value::Number(n)) => args.set(name.clone(), n.as_i64().unwrap_or_default()),
            (_, Value::String(text)) => match text.parse::<i64>() {
                Ok(n) => args.set(name.clone(), n),
                Err(_) => args.set(name.clone(), text.clone()),
            },
            _ => {}
        }
    }
    match event {
        Event::Poleana(poleana::Event::GameOver { outcome }) => match outcome {
            poleana::Outcome::Standard(colour) => args.set("winner", colour.name()),
            poleana::Outcome::Special(quiet) => {
                id.push_str("-special");
                let names: Vec<String> = quiet.iter().map(|c| catalogue.colour(c)).collect();
                args.set("count", names.len() as i64);
                args.set("winners", list(catalogue, &names));
            }
        },
        Event::Parchis(parchis::Event::GameOver { outcome }) => {
            let names: Vec<String> = outcome.winners.iter().map(|c| catalogue.colour(c)).collect();
            args.set("count", names.len() as i64);
            args.set("winners", list(catalogue, &names));
        }
        Event::Cartas(cartas::Event::Won { outcome }) => args.set("winner", outcome.winner().index() as i64),
        Event::Cartas(cartas::Event::Played { action, .. }) => {
            let text = action.to_string();
            let (card, rest) = text.split_once(':').unwrap_or(("", text.as_str()));
            let named = action.named().map_or_else(|| card.to_string(), |r| r.to_string());
            args.set("action", rest.to_string());
            args.set("card", card_name(card));
            args.set("named", card_name(&named));
        }
        _ => {}
    }
    (id, args)
}

/// Dice as notation: `6-3`, or `5` for one.
fn dice_text(dice: &[Value]) -> String {
    let faces: Vec<String> = dice.iter().map(|d| d.to_string()).collect();
    faces.join("-")
}

/// A card's name as the catalogues select on it (`ace`, `joker`), from its notation letter;
/// `hidden` for anything else.
fn card_name(letter: &str) -> &'static str {
    let mut chars = letter.chars();
    match (chars.next().and_then(cartas::Rank::from_letter), chars.next()) {
        (Some(rank), None) => rank.name(),
        _ => "hidden",
    }
}

/// Names joined as a list (`Yellow and Red`, `Amarillo y Rojo`).
fn list(catalogue: &Catalogue, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => {
            let items = rest.join(&catalogue.message("list-comma", &[]).map_or(Cow::Borrowed(", "), Cow::Owned));
            let args = [("items", Arg::Text(items)), ("last", Arg::Text(last.clone()))];
            catalogue.message("list-and", &args).unwrap_or_default()
        }
    }
}
