//! Messages before they are words: a catalogue id and its arguments, for whatever formats the
//! catalogues (the [`Catalogue`](super::Catalogue) here, `@fluent/bundle` in the web app). The
//! engine decides what a message says; the catalogue only words it.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::Value;

use crate::game::{Choice, Event, State};
use crate::phase::{PlayError, Refusal};
use crate::{cartas, parchis, poleana};

/// An argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A text, such as a colour (`yellow`) or a spot (`Y12`).
    Text(String),
    /// A number (numbers choose plural forms).
    Number(i64),
    /// Another message, worded in the same language (a refusal's reason).
    Message(Box<Message>),
    /// Messages worded one by one and joined as a list (`Yellow and Red`, `Amarillo y Rojo`).
    List(Vec<Message>),
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}

impl From<Message> for Arg {
    fn from(message: Message) -> Arg {
        Arg::Message(Box::new(message))
    }
}

/// A catalogue message: its id (`event-parchis-moved`) and its arguments, as `locales/README.md`
/// lists them. As JSON: `{"id": "…", "args": {"name": "text" | number | message | [message…]}}`.
///
/// ```
/// use fichas::game::State;
/// use fichas::text::{Arg, Message};
///
/// let state: State = "parchis:YR turn=Y roll=4-2 Y=10,20,home,home R=40,home,home,home".parse().unwrap();
/// let choice = state.legal_actions().into_iter().find(|c| c.action().to_string() == "10+4").unwrap();
/// let message = Message::choice(&state, &choice);
/// assert_eq!(message.id, "choice-parchis-move");
/// assert_eq!(message.arg("from"), Some(&Arg::Number(10)));
/// assert_eq!(message.arg("to"), Some(&Arg::Number(14)));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The message's id in every catalogue.
    pub id: String,
    /// Its arguments, by name.
    pub args: Vec<(String, Arg)>,
}

impl Message {
    /// A message with no arguments.
    pub fn new(id: impl Into<String>) -> Message {
        Message { id: id.into(), args: Vec::new() }
    }

    /// The message with one more argument.
    pub fn with(mut self, name: &str, arg: impl Into<Arg>) -> Message {
        self.set(name, arg.into());
        self
    }

    /// The argument named `name`, if it has one.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }

    fn set(&mut self, name: &str, arg: Arg) {
        match self.args.iter_mut().find(|(n, _)| n == name) {
            Some((_, old)) => *old = arg,
            None => self.args.push((name.to_string(), arg)),
        }
    }

    /// A colour's name (`colour-yellow`).
    pub fn colour(colour: crate::colour::Colour) -> Message {
        Message::new(format!("colour-{}", colour.name()))
    }

    /// Why an action is refused (`illegal-<code>`).
    pub fn refusal(refusal: Refusal) -> Message {
        Message::new(format!("illegal-{}", refusal.code()))
    }

    /// An action or outcome refused (`error-play-<code>`), with the reason for an illegal one.
    pub fn play_error(error: &PlayError) -> Message {
        let message = Message::new(format!("error-play-{}", error.code()));
        match error {
            PlayError::Illegal { action, reason } => {
                message.with("action", action.as_str()).with("reason", Message::refusal(*reason))
            }
            PlayError::BadOutcome { outcome } => message.with("outcome", outcome.as_str()),
            _ => message,
        }
    }

    /// What `event` tells (`event-<game>-<tag>`): its fields are the arguments. The event as a
    /// seat saw it (a card hidden from it) is told without the card.
    pub fn event(event: &Event) -> Message {
        let game = match event {
            Event::Poleana(_) => "poleana",
            Event::Parchis(_) => "parchis",
            Event::Cartas(_) => "cartas",
        };
        Message::event_json(game, &json_of(event))
    }

    /// What an event tells, from its JSON as a game, table or server gives it (a table's `step`
    /// is left out): `game` is `poleana` (Poleana Express too), `parchis` or `cartas`.
    ///
    /// ```
    /// use fichas::text::Message;
    ///
    /// let event = serde_json::json!({"event": "rolled", "colour": "red", "roll": [6, 3]});
    /// let message = Message::event_json("parchis", &event);
    /// assert_eq!(serde_json::to_string(&message).unwrap(), r#"{"id":"event-parchis-rolled","args":{"colour":"red","roll":"6-3"}}"#);
    /// ```
    pub fn event_json(game: &str, event: &Value) -> Message {
        let game = if game == "poleana-express" { "poleana" } else { game };
        let mut message = of_fields(event, &format!("event-{game}"));
        let outcome = event.get("outcome");
        let colours = |list: Option<&Value>| -> Vec<Message> {
            let names = list.and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
            names.iter().filter_map(Value::as_str).map(|c| Message::new(format!("colour-{c}"))).collect()
        };
        match (game, message.id.as_str()) {
            ("poleana", "event-poleana-game_over") => {
                if let Some(winner) = outcome.and_then(|o| o.get("standard")).and_then(Value::as_str) {
                    message.set("winner", Arg::from(winner));
                } else {
                    let quiet = colours(outcome.and_then(|o| o.get("special")));
                    message.id.push_str("-special");
                    message.set("count", Arg::Number(quiet.len() as i64));
                    message.set("winners", Arg::List(quiet));
                }
            }
            ("parchis", "event-parchis-game_over") => {
                let winners = colours(outcome.and_then(|o| o.get("winners")));
                message.set("count", Arg::Number(winners.len() as i64));
                message.set("winners", Arg::List(winners));
            }
            ("cartas", "event-cartas-won") => {
                let winner = outcome.and_then(|o| o.get("winner")).and_then(Value::as_i64).unwrap_or_default();
                message.set("winner", Arg::Number(winner));
            }
            ("cartas", "event-cartas-played") => {
                let text = event.get("action").and_then(Value::as_str).unwrap_or_default();
                let (card, rest) = text.split_once(':').unwrap_or(("", text));
                let named = text.parse::<cartas::Action>().ok().and_then(|a| a.named());
                let named = named.map_or_else(|| card.to_string(), |r| r.to_string());
                message.set("action", Arg::from(rest));
                message.set("card", Arg::from(card_name(card)));
                message.set("named", Arg::from(card_name(&named)));
            }
            _ => {}
        }
        message
    }

    /// What a legal choice of `state` does, for its button or the chooser (`choice-<game>-…`):
    /// the choice is played on a copy of the state, and the message tells what it moved.
    pub fn choice(state: &State, choice: &Choice) -> Message {
        let mut after = *state;
        let events = after.play(choice.action()).unwrap_or_default();
        match (state, choice) {
            (State::Poleana(_), Choice::Poleana(c)) => poleana_choice(c.action, &events),
            (State::Parchis(s), Choice::Parchis(c)) => parchis_choice(s.turn(), c.action, &events),
            (State::Cartas(_), Choice::Cartas(a)) => cartas_choice(*a, &events),
            _ => Message::new("choice"),
        }
    }
}

/// The first event of `events` that `pick` keeps, as the message `id` with its fields.
fn first(events: &[Event], id: &str, pick: impl Fn(&Event) -> bool) -> Message {
    match events.iter().find(|e| pick(e)) {
        Some(event) => {
            let mut message = of_fields(&json_of(event), "");
            message.id = id.to_string();
            message
        }
        None => Message::new(id),
    }
}

fn poleana_choice(action: poleana::Action, events: &[Event]) -> Message {
    use poleana::{Action, Event as E, Route};
    let bridge = |route: Route| if route == Route::Bridge { "-bridge" } else { "" };
    match action {
        Action::Sweep => Message::new("choice-poleana-sweep"),
        Action::Timeout => Message::new("choice-timeout"),
        Action::Release => first(events, "choice-poleana-release", |e| matches!(e, Event::Poleana(E::Released { .. }))),
        Action::Rescue => Message::new("choice-poleana-rescue"),
        Action::Move { route, .. } => first(events, &format!("choice-poleana-move{}", bridge(route)), |e| {
            matches!(e, Event::Poleana(E::Moved { .. }))
        }),
        Action::Tapon { .. } => {
            first(events, "choice-poleana-tapon", |e| matches!(e, Event::Poleana(E::TaponMoved { .. })))
        }
        Action::PlusTen { route } => first(events, &format!("choice-poleana-plus_ten{}", bridge(route)), |e| {
            matches!(e, Event::Poleana(E::Moved { .. } | E::TaponMoved { .. }))
        }),
    }
}

fn parchis_choice(turn: crate::colour::Colour, action: parchis::Action, events: &[Event]) -> Message {
    use parchis::{Event as E, Spot};
    if action == parchis::Action::Timeout {
        return Message::new("choice-timeout");
    }
    let Some(event) = events.iter().find(|e| matches!(e, Event::Parchis(E::Exited { .. } | E::Moved { .. }))) else {
        return Message::new("choice-parchis-move");
    };
    let id = match event {
        Event::Parchis(E::Exited { .. }) => "choice-parchis-exit",
        Event::Parchis(E::Moved { colour, .. }) if *colour != turn => "choice-parchis-partner",
        Event::Parchis(E::Moved { to: Spot::Goal, .. }) => "choice-parchis-goal",
        Event::Parchis(E::Moved { from: Spot::Track(_), to: Spot::Corridor(_), .. }) => "choice-parchis-corridor",
        _ => "choice-parchis-move",
    };
    let mut message = of_fields(&json_of(event), "");
    message.id = id.to_string();
    message
}

fn cartas_choice(action: cartas::Action, events: &[Event]) -> Message {
    use cartas::{Action, Event as E};
    let card = |rank: cartas::Rank| Arg::from(rank.name());
    let named = action.named().map_or(Arg::from("hidden"), card);
    let played = |id: &str, rank: cartas::Rank| Message::new(id).with("card", card(rank)).with("named", named.clone());
    let moved = |id: &str, rank: cartas::Rank| {
        let mut message = first(events, id, |e| matches!(e, Event::Cartas(E::Moved { .. })));
        message.args.retain(|(name, _)| name == "from" || name == "to");
        message.set("card", card(rank));
        message.set("named", named.clone());
        message
    };
    match action {
        Action::Pass(rank) => Message::new("choice-cartas-pass").with("card", card(rank)),
        Action::Out { card } => played("choice-cartas-out", card),
        Action::Move { card, steps, corridor, .. } => {
            let id = if corridor { "choice-cartas-move-corridor" } else { "choice-cartas-move" };
            moved(id, card).with("steps", i64::from(steps))
        }
        Action::Back { card, .. } => moved("choice-cartas-back", card),
        Action::Seven { card, split } => {
            let shares = split
                .shares()
                .map(|share| {
                    Message::new("choice-cartas-seven-share")
                        .with("from", number_or_text(share.from.to_string()))
                        .with("steps", i64::from(share.steps))
                        .with("corridor", if share.corridor { "true" } else { "false" })
                })
                .collect();
            let mut message = played("choice-cartas-seven", card);
            message.set("shares", Arg::List(shares));
            message
        }
        Action::Swap { card, own, other } => {
            played("choice-cartas-swap", card).with("own", i64::from(own)).with("other", i64::from(other))
        }
        Action::SwapOwn { card } => played("choice-cartas-swap_own", card),
        Action::Steal { card, from } => played("choice-cartas-steal", card).with("from", from.index() as i64),
        Action::Timeout => Message::new("choice-timeout"),
    }
}

/// The message `prefix-<tag>` of an event, its fields the arguments: cards by name, dice as
/// notation, numbers as numbers (a numeric spot such as `23` too, for plural and exact forms).
fn of_fields(event: &Value, prefix: &str) -> Message {
    let Value::Object(fields) = event else { return Message::new(prefix) };
    let tag = fields.get("event").and_then(Value::as_str).unwrap_or_default();
    let mut message = Message::new(format!("{prefix}-{tag}"));
    for (name, value) in fields {
        let arg = match (name.as_str(), value) {
            ("event" | "outcome" | "action" | "step", _) => continue,
            ("card" | "named", Value::String(letter)) => Arg::from(card_name(letter)),
            ("card" | "named", _) => Arg::from("hidden"),
            ("roll", Value::Array(dice)) => Arg::Text(dice_text(dice)),
            ("dice", Value::Array(dice)) => {
                let present: Vec<Value> = dice.iter().filter(|d| !d.is_null()).cloned().collect();
                message.set("count", Arg::Number(present.len() as i64));
                Arg::Text(dice_text(&present))
            }
            (_, Value::Bool(b)) => Arg::from(if *b { "true" } else { "false" }),
            (_, Value::Number(n)) => Arg::Number(n.as_i64().unwrap_or_default()),
            (_, Value::String(text)) => number_or_text(text.clone()),
            _ => continue,
        };
        message.set(name, arg);
    }
    message
}

/// An event's JSON, as the bindings give it. (Through its text: the engine writes events as
/// text already, and a second serialiser for them would only weigh on the WebAssembly module.)
fn json_of(event: &Event) -> Value {
    serde_json::to_string(event).ok().and_then(|text| serde_json::from_str(&text).ok()).unwrap_or(Value::Null)
}

/// A spot or count as an argument: a number where it is one (`23`), else its text (`c3`).
fn number_or_text(text: String) -> Arg {
    text.parse::<i64>().map_or(Arg::Text(text), Arg::Number)
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

impl serde::Serialize for Arg {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Arg::Text(text) => serializer.serialize_str(text),
            Arg::Number(n) => serializer.serialize_i64(*n),
            Arg::Message(message) => message.serialize(serializer),
            Arg::List(messages) => messages.serialize(serializer),
        }
    }
}

impl serde::Serialize for Message {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        struct Args<'a>(&'a [(String, Arg)]);
        impl serde::Serialize for Args<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(self.0.len()))?;
                for (name, arg) in self.0 {
                    map.serialize_entry(name, arg)?;
                }
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("id", &self.id)?;
        map.serialize_entry("args", &Args(&self.args))?;
        map.end()
    }
}
