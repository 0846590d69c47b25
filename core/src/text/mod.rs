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

use alloc::string::{String, ToString};
#[cfg(feature = "text")]
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

#[cfg(feature = "text")]
use fluent_bundle::concurrent::FluentBundle;
#[cfg(feature = "text")]
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

#[cfg(feature = "text")]
use crate::colour::Colour;
#[cfg(feature = "text")]
use crate::game::{Event, Game};
#[cfg(feature = "text")]
use crate::phase::{PlayError, Refusal};
#[cfg(feature = "text")]
use crate::record::{Record, Step};

mod message;

pub use message::{Arg, Message};

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
    #[cfg(feature = "text")]
    const fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../../locales/en/fichas.ftl"),
            Language::Spanish => include_str!("../../locales/es/fichas.ftl"),
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

/// One language's messages.
#[cfg(feature = "text")]
pub struct Catalogue {
    language: Language,
    bundle: FluentBundle<FluentResource>,
}

#[cfg(feature = "text")]
impl fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalogue").field("language", &self.language).finish_non_exhaustive()
    }
}

#[cfg(feature = "text")]
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
            fluent.set(*name, self.value(arg));
        }
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        Some(self.bundle.format_pattern(pattern, Some(&fluent), &mut errors).into_owned())
    }

    /// A [`Message`] in words; a message the catalogue lacks shows as its id.
    pub fn format(&self, message: &Message) -> String {
        let args: Vec<(&str, Arg)> = message.args.iter().map(|(n, a)| (n.as_str(), a.clone())).collect();
        self.message(&message.id, &args).unwrap_or_else(|| message.id.clone())
    }

    /// An argument as Fluent takes it: messages worded first, lists joined.
    fn value(&self, arg: &Arg) -> FluentValue<'static> {
        match arg {
            Arg::Text(text) => FluentValue::from(text.clone()),
            Arg::Number(n) => FluentValue::from(*n),
            Arg::Message(message) => FluentValue::from(self.format(message)),
            Arg::List(messages) => {
                let words: Vec<String> = messages.iter().map(|m| self.format(m)).collect();
                FluentValue::from(self.list(&words))
            }
        }
    }

    /// Words joined as a list (`Yellow and Red`, `Amarillo y Rojo`).
    fn list(&self, words: &[String]) -> String {
        match words {
            [] => String::new(),
            [one] => one.clone(),
            [rest @ .., last] => {
                let comma = self.message("list-comma", &[]).unwrap_or_else(|| ", ".to_string());
                let args = [("items", Arg::Text(rest.join(&comma))), ("last", Arg::Text(last.clone()))];
                self.message("list-and", &args).unwrap_or_default()
            }
        }
    }

    /// A colour's name.
    pub fn colour(&self, colour: Colour) -> String {
        self.message(&Message::colour(colour).id, &[]).unwrap_or_else(|| colour.name().to_string())
    }

    /// Why an action is refused, in words for a player.
    pub fn refusal(&self, refusal: Refusal) -> String {
        self.message(&Message::refusal(refusal).id, &[]).unwrap_or_else(|| refusal.text().to_string())
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
        let message = Message::play_error(error);
        match self.bundle.has_message(&message.id) {
            true => self.format(&message),
            false => error.to_string(),
        }
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

    /// What each legal choice of `state` does, in words, in the order of
    /// [`State::legal_actions`](crate::game::State::legal_actions): "Mueve la ficha de la 20 a
    /// la 22 con el 2".
    ///
    /// ```
    /// use fichas::game::State;
    /// use fichas::text::{Catalogue, Language};
    ///
    /// let state: State = "parchis:YR turn=Y roll=4-2 Y=66,20,home,home R=40,home,home,home".parse().unwrap();
    /// let said = Catalogue::new(Language::Spanish).choices(&state);
    /// assert!(said.contains(&"Mueve la ficha de la 20 a la 22 con el 2".to_string()));
    /// ```
    pub fn choices(&self, state: &crate::game::State) -> Vec<String> {
        state.legal_actions().iter().map(|choice| self.format(&Message::choice(state, choice))).collect()
    }

    /// What `event` tells, as a sentence for a player. The event as a seat saw it (a card hidden
    /// from it) is told without the card.
    pub fn event(&self, event: &Event) -> String {
        self.format(&Message::event(event))
    }
}
