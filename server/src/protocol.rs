//! The wire: requests read from a client's text, with every field checked, and the server's own
//! refusals. docs/server.md documents each message.
//!
//! A client is hostile: nothing it sends is trusted, quoted at length or echoed in another shape.
//! A request that cannot be read is refused as `BadRequest`, whatever it holds.

use serde_json::{Map, Value};

/// The largest whole number a request may carry (a step, a seat, an id).
pub const MAX_NUMBER: u64 = 1 << 53;
/// A request's id, echoed in its reply: a whole number or a text of at most this many characters.
pub const MAX_ID_CHARS: usize = 64;
/// The longest text a field may hold (a variant, an action, a player's name, a seed).
pub const MAX_TEXT_CHARS: usize = 256;
/// The shortest and longest turn limit a table may have: a second (a shorter one would let an
/// abandoned table time out, and grow, many times a second) and a week.
pub const MIN_TURN_LIMIT_MS: u64 = 1_000;
pub const MAX_TURN_LIMIT_MS: u64 = 7 * 24 * 3_600 * 1_000;

/// A request the server refuses before any table sees it: `{"type":"refused","error":..}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The refusal's name on the wire: `BadRequest`, `BadToken`, `NoSuchTable`, `SeatTaken`,
    /// `RateLimited`, `TooManyTables` or `ServerError`.
    pub error: &'static str,
    /// What went wrong, for a person.
    pub message: String,
}

impl Refusal {
    pub fn new(error: &'static str, message: impl Into<String>) -> Refusal {
        Refusal { error, message: message.into() }
    }

    pub fn bad_request(message: impl Into<String>) -> Refusal {
        Refusal::new("BadRequest", message)
    }
}

/// A request's id, echoed as it came.
#[derive(Clone, Debug, PartialEq)]
pub enum RequestId {
    Number(i64),
    Text(String),
}

impl RequestId {
    pub fn to_value(&self) -> Value {
        match self {
            RequestId::Number(n) => Value::from(*n),
            RequestId::Text(t) => Value::from(t.as_str()),
        }
    }
}

/// A message from a client, its fields read but not yet checked against any table.
#[derive(Debug)]
pub struct Request {
    pub id: Option<RequestId>,
    pub kind: Kind,
    /// The `table` field when it is text: a refusal of a request that names a table waits for
    /// that table's commit.
    pub table: Option<String>,
    pub fields: Map<String, Value>,
}

/// What a request asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Create,
    Join,
    Hello,
    Act,
    Watch,
    List,
    Supply,
    /// Signs the connection in with an app's or a guest's token.
    Auth,
    /// Signs the connection in as a new guest.
    Guest,
    /// A seat at the oldest table of a variant waiting for players, or at a new one.
    Quick,
    /// Asks for another game with the same seats, once a game is over.
    Rematch,
}

impl Kind {
    fn from_name(name: &str) -> Option<Kind> {
        Some(match name {
            "create" => Kind::Create,
            "join" => Kind::Join,
            "hello" => Kind::Hello,
            "act" => Kind::Act,
            "watch" => Kind::Watch,
            "list" => Kind::List,
            "supply" => Kind::Supply,
            "auth" => Kind::Auth,
            "guest" => Kind::Guest,
            "quick" => Kind::Quick,
            "rematch" => Kind::Rematch,
            _ => return None,
        })
    }
}

/// Reads a text frame as a request. On a refusal, the id is given back when it could be read, so
/// that the refusal echoes it.
pub fn parse(text: &str) -> Result<Request, (Option<RequestId>, Refusal)> {
    // serde_json refuses nesting past 128 levels as malformed, so no input recurses deeply.
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let mut reason = e.to_string();
        reason.truncate(120);
        (None, Refusal::bad_request(format!("not JSON: {reason}")))
    })?;
    let Value::Object(fields) = value else {
        return Err((None, Refusal::bad_request("a message is a JSON object with a \"type\"")));
    };
    let id = match fields.get("id") {
        None | Some(Value::Null) => None,
        Some(value) => match request_id(value) {
            Some(id) => Some(id),
            None => {
                return Err((
                    None,
                    Refusal::bad_request(format!(
                        "id is a whole number or a text of at most {MAX_ID_CHARS} characters"
                    )),
                ));
            }
        },
    };
    let kind = match fields.get("type") {
        Some(Value::String(name)) => Kind::from_name(name),
        _ => None,
    };
    let Some(kind) = kind else {
        let named = short(fields.get("type").unwrap_or(&Value::Null));
        return Err((id, Refusal::bad_request(format!("unknown message type {named}"))));
    };
    let table = match fields.get("table") {
        Some(Value::String(t)) => Some(t.clone()),
        _ => None,
    };
    Ok(Request { id, kind, table, fields })
}

fn request_id(value: &Value) -> Option<RequestId> {
    match value {
        Value::Number(n) => {
            let n = n.as_i64()?;
            (n.unsigned_abs() <= MAX_NUMBER).then_some(RequestId::Number(n))
        }
        Value::String(t) if t.chars().count() <= MAX_ID_CHARS => Some(RequestId::Text(t.clone())),
        _ => None,
    }
}

/// A client's value quoted in a message, never long: text and numbers as they are, anything else
/// by its JSON type (a nested value is never walked).
pub fn short(value: &Value) -> String {
    let text = match value {
        Value::Object(_) => return "an object".into(),
        Value::Array(_) => return "an array".into(),
        Value::Null => return "none".into(),
        Value::String(t) => format!("'{t}'"),
        other => other.to_string(),
    };
    if text.chars().count() <= 40 { text } else { format!("{}...", text.chars().take(37).collect::<String>()) }
}

impl Request {
    /// A whole number from 0 to [`MAX_NUMBER`] (a step, a seat), or `default` when absent.
    pub fn number(&self, name: &str, default: Option<u64>) -> Result<u64, Refusal> {
        let found = match self.fields.get(name) {
            None => default,
            Some(Value::Number(n)) => n.as_u64().filter(|n| *n <= MAX_NUMBER),
            Some(_) => None,
        };
        found.ok_or_else(|| Refusal::bad_request(format!("{name} is a whole number from 0 to {MAX_NUMBER}")))
    }

    /// Text of at most [`MAX_TEXT_CHARS`] characters.
    pub fn text(&self, name: &str) -> Result<&str, Refusal> {
        match self.fields.get(name) {
            Some(Value::String(t)) => bounded(name, t),
            _ => Err(Refusal::bad_request(format!("{name} is text"))),
        }
    }

    /// Text or nothing (absent or null).
    pub fn optional_text(&self, name: &str) -> Result<Option<&str>, Refusal> {
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(t)) => bounded(name, t).map(Some),
            Some(_) => Err(Refusal::bad_request(format!("{name} is text or null"))),
        }
    }

    /// A create's turn limit: absent takes the server's default, null none.
    pub fn turn_limit_ms(&self, default: Option<u64>) -> Result<Option<u64>, Refusal> {
        let limit = match self.fields.get("turn_limit_ms") {
            None => return Ok(default),
            Some(Value::Null) => return Ok(None),
            Some(Value::Number(n)) => n.as_u64().filter(|ms| (MIN_TURN_LIMIT_MS..=MAX_TURN_LIMIT_MS).contains(ms)),
            Some(_) => None,
        };
        limit.map(Some).ok_or_else(|| {
            Refusal::bad_request(format!(
                "turn_limit_ms is from {MIN_TURN_LIMIT_MS} to {MAX_TURN_LIMIT_MS} milliseconds, or null"
            ))
        })
    }
}

fn bounded<'a>(name: &str, text: &'a str) -> Result<&'a str, Refusal> {
    if text.chars().count() > MAX_TEXT_CHARS {
        return Err(Refusal::bad_request(format!("{name} is at most {MAX_TEXT_CHARS} characters")));
    }
    Ok(text)
}

/// A reply with the request's id added, when it had one.
pub fn with_id(mut message: Map<String, Value>, id: Option<&RequestId>) -> Map<String, Value> {
    if let Some(id) = id {
        message.insert("id".into(), id.to_value());
    }
    message
}

/// `{"type":"refused","error":..,"message":..}`.
pub fn refused(refusal: &Refusal) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("type".into(), "refused".into());
    out.insert("error".into(), refusal.error.into());
    out.insert("message".into(), refusal.message.clone().into());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal_of(text: &str) -> Refusal {
        parse(text).expect_err("refused").1
    }

    #[test]
    fn text_that_is_not_a_json_object_is_a_bad_request() {
        for text in ["", "[]", "12", "\"create\"", "{", "{\"type\": [[[[]]]]}"] {
            assert_eq!(refusal_of(text).error, "BadRequest", "{text}");
        }
    }

    #[test]
    fn deep_nesting_is_refused_without_recursing() {
        let text = format!("{{\"type\": {}{}}}", "[".repeat(100_000), "]".repeat(100_000));
        assert_eq!(refusal_of(&text).error, "BadRequest");
    }

    #[test]
    fn an_unknown_type_is_named_shortly() {
        let refusal = refusal_of(&format!("{{\"type\": \"{}\"}}", "x".repeat(500)));
        assert_eq!(refusal.error, "BadRequest");
        assert!(refusal.message.len() < 80, "{}", refusal.message);
        assert_eq!(refusal_of("{\"type\": {\"a\": 1}}").message, "unknown message type an object");
    }

    #[test]
    fn an_id_is_echoed_only_when_it_is_a_small_number_or_short_text() {
        assert_eq!(parse(r#"{"type":"list","id":7}"#).unwrap().id, Some(RequestId::Number(7)));
        assert_eq!(parse(r#"{"type":"list","id":"a"}"#).unwrap().id, Some(RequestId::Text("a".into())));
        for id in ["1.5", "true", "[1]", "9007199254740993", &format!("\"{}\"", "x".repeat(65))] {
            let (echo, refusal) = parse(&format!(r#"{{"type":"list","id":{id}}}"#)).unwrap_err();
            assert_eq!((echo, refusal.error), (None, "BadRequest"), "{id}");
        }
        // A bad type still echoes a good id.
        assert_eq!(parse(r#"{"type":"nope","id":3}"#).unwrap_err().0, Some(RequestId::Number(3)));
    }

    #[test]
    fn numbers_are_whole_from_zero_to_two_to_the_53() {
        let request = parse(r#"{"type":"act","a":-1,"b":1.0,"c":"1","d":9007199254740992,"e":true}"#).unwrap();
        for name in ["a", "b", "c", "e", "missing"] {
            assert_eq!(request.number(name, None).unwrap_err().error, "BadRequest", "{name}");
        }
        assert_eq!(request.number("d", None), Ok(MAX_NUMBER));
        assert_eq!(request.number("missing", Some(0)), Ok(0));
    }

    #[test]
    fn text_fields_are_bounded() {
        let long = "é".repeat(257);
        let request = parse(&format!(r#"{{"type":"join","a":"{long}","b":null,"c":5,"d":"ok"}}"#)).unwrap();
        assert_eq!(request.text("a").unwrap_err().error, "BadRequest");
        assert_eq!(request.optional_text("b"), Ok(None));
        assert_eq!(request.optional_text("c").unwrap_err().error, "BadRequest");
        assert_eq!(request.text("d"), Ok("ok"));
    }

    #[test]
    fn a_turn_limit_is_a_second_to_a_week_or_none() {
        let limit = |json: &str| parse(&format!(r#"{{"type":"create"{json}}}"#)).unwrap().turn_limit_ms(Some(90_000));
        assert_eq!(limit(""), Ok(Some(90_000)));
        assert_eq!(limit(r#","turn_limit_ms":null"#), Ok(None));
        assert_eq!(limit(r#","turn_limit_ms":1000"#), Ok(Some(1_000)));
        assert!(limit(r#","turn_limit_ms":999"#).is_err());
        assert!(limit(r#","turn_limit_ms":604800001"#).is_err());
    }
}
