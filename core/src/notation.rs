//! Helpers shared by every text format of the crate: the parse error, and readers for the
//! `key=value` fields of position texts.
//!
//! Errors carry a short copy of the offending text, so they explain themselves without a heap.

use core::fmt;

use arrayvec::ArrayString;

/// At most this many bytes of offending text are kept in an error.
const SNIPPET: usize = 40;

/// A bounded copy of the text an error is about, cut at a character boundary with `…`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Snippet(ArrayString<SNIPPET>);

impl Snippet {
    /// A copy of `text`: whole when it fits in 40 bytes, otherwise its start followed by `…`.
    ///
    /// ```
    /// use fichas::notation::Snippet;
    /// assert_eq!(Snippet::new("Y12+5").as_str(), "Y12+5");
    /// let long = "x".repeat(100);
    /// assert!(Snippet::new(&long).as_str().ends_with('…'));
    /// assert!(Snippet::new(&long).as_str().len() <= 40);
    /// ```
    pub fn new(text: &str) -> Snippet {
        let mut out = ArrayString::new();
        if text.len() <= SNIPPET {
            out.push_str(text);
        } else {
            let mut end = SNIPPET - '…'.len_utf8();
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            out.push_str(&text[..end]);
            out.push('…');
        }
        Snippet(out)
    }

    /// The text kept.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Snippet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Snippet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0.as_str(), f)
    }
}

/// `message` with no long run of echoed input: each word (a run without spaces) longer than a
/// snippet is cut like one, and the whole is cut at sixteen snippets. Messages of other
/// libraries (serde's quote the offending value) go through it before they reach a person.
#[cfg(feature = "alloc")]
pub fn bounded(message: &str) -> alloc::string::String {
    const MOST: usize = 16 * SNIPPET;
    let mut out = alloc::string::String::new();
    for (i, word) in message.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(Snippet::new(word).as_str());
        if out.len() > MOST {
            let mut end = MOST - '…'.len_utf8();
            while !out.is_char_boundary(end) {
                end -= 1;
            }
            out.truncate(end);
            out.push('…');
            break;
        }
    }
    out
}

/// Text that could not be read: what was being read, what was found, what was expected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("cannot read {what} from `{found}`: expected {expected}")]
pub struct ParseError {
    /// The kind of thing being read, such as "roll" or "action".
    pub what: &'static str,
    /// The offending text (shortened when long).
    pub found: Snippet,
    /// A description of what would have been accepted.
    pub expected: &'static str,
}

impl ParseError {
    /// The error for reading `what` from `found` (kept as a [`Snippet`]), with a description
    /// of what would have been accepted.
    pub fn new(what: &'static str, found: &str, expected: &'static str) -> ParseError {
        ParseError { what, found: Snippet::new(found), expected }
    }
}

/// Two parts of a configuration text that set the same option: a repeated part (`poleana:2:2`)
/// or two that contradict each other (`parchis:two-player:pairs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("`{first}` and `{second}` both set the {what}: give it once")]
pub struct ConflictError {
    /// The option, such as "mode" or "colours".
    pub what: &'static str,
    /// The part that set it first.
    pub first: Snippet,
    /// The part that set it again.
    pub second: Snippet,
}

/// One option of a configuration text with the part that set it, so that a second part setting
/// it is refused instead of silently replacing the first.
pub(crate) struct Setting<'a, T> {
    what: &'static str,
    set: Option<(T, &'a str)>,
}

impl<'a, T: Copy> Setting<'a, T> {
    pub(crate) const fn new(what: &'static str) -> Self {
        Setting { what, set: None }
    }

    pub(crate) fn set(&mut self, value: T, part: &'a str) -> Result<(), ConflictError> {
        if let Some((_, first)) = self.set {
            return Err(ConflictError { what: self.what, first: Snippet::new(first), second: Snippet::new(part) });
        }
        self.set = Some((value, part));
        Ok(())
    }

    pub(crate) fn get(&self) -> Option<T> {
        self.set.map(|(value, _)| value)
    }

    /// The part that set the option.
    pub(crate) fn part(&self) -> Option<&'a str> {
        self.set.map(|(_, part)| part)
    }
}

/// Reads a whole decimal number in `range`.
pub fn number(
    what: &'static str,
    text: &str,
    range: core::ops::RangeInclusive<u32>,
    expected: &'static str,
) -> Result<u32, ParseError> {
    let bad = || ParseError::new(what, text, expected);
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u32 = text.parse().map_err(|_| bad())?;
    if range.contains(&n) { Ok(n) } else { Err(bad()) }
}

/// Splits `key=value`; a field without `=` is an error.
pub fn field(text: &str) -> Result<(&str, &str), ParseError> {
    text.split_once('=').filter(|(k, _)| !k.is_empty()).ok_or_else(|| ParseError::new("field", text, "key=value"))
}

/// A configuration or position text that cannot be read, in any game: what every game's
/// `ConfigError::Text` and `PositionError::Text` hold. (A text that reads but describes
/// something the rules forbid is the game's own error.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum TextError {
    /// A word or a value cannot be read; a field that is not `key=value` included.
    #[error("{0}")]
    Parse(#[from] ParseError),
    /// Two parts of a configuration text set one option (`poleana:2:3`).
    #[error("{0}")]
    Conflict(#[from] ConflictError),
    /// A required part of a position is absent: the configuration, or a field (its key).
    #[error("the position has no `{0}` field")]
    Missing(&'static str),
    /// A field of a position is given twice (its key).
    #[error("the field `{0}` appears twice")]
    Duplicate(Snippet),
    /// A key no position of the game has.
    #[error("unknown field `{0}`")]
    UnknownField(Snippet),
}

/// Lets `?` turn the errors of reading text into `$error::Text`.
macro_rules! text_error_from {
    ($($error:ty),*) => {$(
        impl From<$crate::notation::ParseError> for $error {
            fn from(e: $crate::notation::ParseError) -> $error {
                <$error>::Text(e.into())
            }
        }

        impl From<$crate::notation::ConflictError> for $error {
            fn from(e: $crate::notation::ConflictError) -> $error {
                <$error>::Text(e.into())
            }
        }
    )*};
}
pub(crate) use text_error_from;

/// Reads the `key=value` words of a position text against a fixed list of keys, each allowed
/// once. Returns the index of the key in `keys` and the value.
#[derive(Debug)]
pub struct Fields<const N: usize> {
    keys: [&'static str; N],
    seen: u64,
}

impl<const N: usize> Fields<N> {
    /// A reader for `keys`, none of them seen yet.
    pub const fn new(keys: [&'static str; N]) -> Self {
        Fields { keys, seen: 0 }
    }

    /// Reads one `key=value` word: the index of its key in the list, and the value.
    ///
    /// Fails with [`TextError::Parse`] for a word without `=` or with nothing before it,
    /// [`TextError::UnknownField`] for a key not in the list, and [`TextError::Duplicate`] for
    /// a key read before.
    ///
    /// ```
    /// use fichas::notation::{Fields, TextError};
    /// let mut fields = Fields::new(["turn", "roll"]);
    /// assert_eq!(fields.read("roll=6-3"), Ok((1, "6-3")));
    /// assert!(matches!(fields.read("roll=5-1"), Err(TextError::Duplicate(_))));
    /// assert!(matches!(fields.read("left=3"), Err(TextError::UnknownField(_))));
    /// assert!(matches!(fields.read("turn"), Err(TextError::Parse(_))));
    /// ```
    pub fn read<'a>(&mut self, word: &'a str) -> Result<(usize, &'a str), TextError> {
        let (key, value) = field(word)?;
        let index = self.keys.iter().position(|&k| k == key).ok_or(TextError::UnknownField(Snippet::new(key)))?;
        let bit = 1u64 << (index % 64);
        if self.seen & bit != 0 {
            return Err(TextError::Duplicate(Snippet::new(key)));
        }
        self.seen |= bit;
        Ok((index, value))
    }
}

/// Writes items separated by `sep`.
pub fn write_joined<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: impl IntoIterator<Item = T>,
    sep: &str,
) -> fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// Implements `serde` for a type through its text form (`Display` and `FromStr`), so that JSON
/// holds the same notation people read, and deserialising validates like parsing does.
#[macro_export]
#[doc(hidden)]
macro_rules! serde_as_text {
    ($ty:ty, $expecting:literal) => {
        #[cfg(feature = "serde")]
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Visit;
                impl serde::de::Visitor<'_> for Visit {
                    type Value = $ty;
                    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<$ty, E> {
                        text.parse().map_err(E::custom)
                    }
                }
                d.deserialize_str(Visit)
            }
        }
    };
}

/// Implements a game state's text forms through its position text: `Display` writes it
/// (`write_position`), `FromStr` reads it (`from_position`, failing with the game's position
/// error), and serde holds that same text.
macro_rules! position_text {
    ($state:ty, $error:ty, $expecting:literal) => {
        impl core::fmt::Display for $state {
            /// The position text (see the game's `position` module).
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                self.write_position(f)
            }
        }

        impl core::str::FromStr for $state {
            type Err = $error;

            fn from_str(text: &str) -> Result<$state, $error> {
                <$state>::from_position(text)
            }
        }

        $crate::serde_as_text!($state, $expecting);
    };
}
pub(crate) use position_text;

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn bounded_messages_keep_their_words_and_cut_echoed_input() {
        let own = "a view is a position text or an object, not an array";
        assert_eq!(bounded(own), own);
        let echoed = std::format!("invalid type: string \"{}\", expected u32", "x".repeat(100_000));
        let cut = bounded(&echoed);
        assert!(cut.starts_with("invalid type: string \"xxx") && cut.ends_with("… expected u32"), "{cut}");
        let spaced = "ab ".repeat(100_000);
        assert!(bounded(&spaced).len() <= 16 * SNIPPET + 3);
        assert_eq!(bounded("ñ".repeat(30).as_str()).chars().last(), Some('…'));
    }

    #[test]
    fn snippets_are_cut_at_char_boundaries() {
        let long = "ñ".repeat(50);
        let s = Snippet::new(&long);
        assert!(s.as_str().ends_with('…'));
        assert!(s.as_str().len() <= SNIPPET);
    }

    #[test]
    fn numbers_are_checked() {
        assert_eq!(number("n", "12", 0..=20, "0 to 20"), Ok(12));
        assert!(number("n", "21", 0..=20, "0 to 20").is_err());
        assert!(number("n", "+1", 0..=20, "0 to 20").is_err());
        assert!(number("n", "99999999999999", 0..=20, "0 to 20").is_err());
        let err = number("count", "x", 0..=3, "0 to 3").unwrap_err();
        assert_eq!(err.to_string(), "cannot read count from `x`: expected 0 to 3");
    }
}
