//! The configuration of a Cartas game: the deck.
//!
//! Four players always play, each on their own (docs/rules/cartas.md §1.1). What a table may change
//! is the deck, a configuration option (docs/rules/cartas.md §2): how many 52-card sets, how many
//! jokers, or any count per rank.

use core::fmt;
use core::str::FromStr;

use crate::cartas::{Cards, Rank};
use crate::notation::{ConflictError, ParseError, Setting, Snippet, TextError, number};

/// The fewest cards a deck may hold: a deal of six to each of the four players.
pub const MIN_DECK: usize = 24;
/// The most cards a deck may hold (counts are kept in bytes).
pub const MAX_DECK: usize = 255;

/// A configuration that cannot make a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The deck holds fewer than [`MIN_DECK`] cards; the field is its size.
    #[error("a deck of {0} cards is too small: a round deals up to 24 (six to each of four players)")]
    TooFewCards(usize),
    /// The deck would hold more than [`MAX_DECK`] cards; the field is its size.
    #[error("a deck of {0} cards is too large: at most 255 cards")]
    TooManyCards(usize),
    /// The deck holds neither an ace nor a joker: without single steps a full corridor could
    /// never close up, and a game could never end.
    #[error(
        "the deck needs at least one ace or joker: they bring tokens out and make the single steps a full corridor needs"
    )]
    NoAceNorJoker,
    /// A number of sets outside 1 to 4 (the field), given to [`Config::with_sets`] or in JSON.
    #[error("a deck is made of 1 to 4 sets of 52 cards, not {0}")]
    Sets(u32),
    /// The configuration text cannot be read, or sets one option twice.
    #[error("{0}")]
    Text(#[from] TextError),
}

crate::notation::text_error_from!(ConfigError);

/// A validated Cartas configuration: the deck.
///
/// ```
/// use fichas::cartas::{Config, Rank};
/// let standard = Config::standard();
/// assert_eq!(standard.deck().len(), 110);
/// assert_eq!(standard.to_string(), "cartas");
/// let small: Config = "cartas:sets=1:jokers=0".parse().unwrap();
/// assert_eq!(small.deck().count(Rank::Seven), 4);
/// assert!("cartas:sets=1:jokers=0:deck=0,0,0,0,0,0,0,0,0,0,0,0,0,30".parse::<Config>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    deck: Cards,
}

impl Default for Config {
    fn default() -> Config {
        Config::standard()
    }
}

impl Config {
    /// The standard deck: two sets of 52 cards and three jokers for each, 110 cards.
    pub const fn standard() -> Config {
        Config { deck: Config::sets_deck(2, 6) }
    }

    /// A deck of `sets` sets of 52 cards (four of each rank A..K per set) and `jokers` jokers.
    pub fn with_sets(sets: u32, jokers: u32) -> Result<Config, ConfigError> {
        if !(1..=4).contains(&sets) {
            return Err(ConfigError::Sets(sets));
        }
        let total = sets as usize * 52 + jokers as usize;
        if total > MAX_DECK {
            return Err(ConfigError::TooManyCards(total));
        }
        Config::with_deck(Config::sets_deck(sets as u8, jokers as u8))
    }

    /// A deck with any count of each rank.
    pub fn with_deck(deck: Cards) -> Result<Config, ConfigError> {
        let total = deck.len();
        if total < MIN_DECK {
            return Err(ConfigError::TooFewCards(total));
        }
        if total > MAX_DECK {
            return Err(ConfigError::TooManyCards(total));
        }
        if !deck.contains(Rank::Ace) && !deck.contains(Rank::Joker) {
            return Err(ConfigError::NoAceNorJoker);
        }
        Ok(Config { deck })
    }

    const fn sets_deck(sets: u8, jokers: u8) -> Cards {
        let mut counts = [sets * 4; Rank::COUNT];
        counts[Rank::Joker as usize] = jokers;
        Cards::from_counts(counts)
    }

    /// Every card of the game.
    pub const fn deck(&self) -> Cards {
        self.deck
    }

    /// The deck as sets and jokers, when it is made that way.
    pub fn as_sets(&self) -> Option<(u32, u32)> {
        let sets = self.deck.count(Rank::Ace);
        (sets % 4 == 0 && sets > 0 && Config::sets_deck(sets / 4, self.deck.count(Rank::Joker)) == self.deck)
            .then(|| (u32::from(sets / 4), u32::from(self.deck.count(Rank::Joker))))
    }
}

impl fmt::Display for Config {
    /// `cartas`, then `:sets=N` and `:jokers=N` where they differ from two sets and three jokers
    /// a set, or `:deck=` with the fourteen counts (A, 2, …, K, joker) for any other deck.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cartas")?;
        match self.as_sets() {
            Some((sets, jokers)) => {
                if sets != 2 {
                    write!(f, ":sets={sets}")?;
                }
                if jokers != 3 * sets {
                    write!(f, ":jokers={jokers}")?;
                }
                Ok(())
            }
            None => {
                f.write_str(":deck=")?;
                crate::notation::write_joined(f, self.deck.counts(), ",")
            }
        }
    }
}

impl FromStr for Config {
    type Err = ConfigError;

    /// Reads `cartas`, optionally followed by `:sets=N` (1 to 4 sets of 52 cards, default 2),
    /// `:jokers=N` (default three a set), or `:deck=` and fourteen counts for A, 2, …, K, joker.
    fn from_str(text: &str) -> Result<Config, ConfigError> {
        const EXPECTED: &str = "cartas, then :sets=N, :jokers=N or :deck= with 14 counts (A, 2, ..., K, joker)";
        let mut parts = text.split(':');
        if parts.next() != Some("cartas") {
            return Err(ParseError::new("Cartas configuration", text, EXPECTED).into());
        }
        let (mut sets, mut jokers) = (Setting::new("number of sets"), Setting::new("number of jokers"));
        // `deck=` gives the whole deck: it conflicts with `sets=` and `jokers=` too.
        let mut deck = Setting::new("deck");
        for part in parts {
            let bad = || ParseError::new("Cartas configuration part", part, EXPECTED);
            let (key, value) = part.split_once('=').ok_or_else(bad)?;
            match key {
                "sets" => sets.set(number("sets", value, 1..=4, "1 to 4 sets")?, part)?,
                "jokers" => jokers.set(number("jokers", value, 0..=255, "0 to 255 jokers")?, part)?,
                "deck" => {
                    let mut counts = [0u8; Rank::COUNT];
                    let mut found = 0;
                    for (i, count) in value.split(',').enumerate() {
                        let n = number("deck count", count, 0..=255, "a count from 0 to 255")?;
                        if i < Rank::COUNT {
                            counts[i] = n as u8;
                        }
                        found = i + 1;
                    }
                    if found != Rank::COUNT {
                        return Err(ParseError::new("deck", value, "14 counts: A, 2, ..., K, joker").into());
                    }
                    deck.set(Cards::from_counts(counts), part)?;
                }
                _ => return Err(bad().into()),
            }
        }
        if let (Some(whole), Some(part)) = (deck.part(), sets.part().or(jokers.part())) {
            // Named in the order the text gives them.
            let at = |p: &str| text.find(p).unwrap_or(0);
            let (first, second) = if at(whole) < at(part) { (whole, part) } else { (part, whole) };
            return Err(ConflictError { what: "deck", first: Snippet::new(first), second: Snippet::new(second) }.into());
        }
        match deck.get() {
            Some(deck) => Config::with_deck(deck),
            None => {
                let sets = sets.get().unwrap_or(2);
                Config::with_sets(sets, jokers.get().unwrap_or(3 * sets))
            }
        }
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::*;

    /// The JSON shape: `{"sets": 2, "jokers": 6}` or `{"deck": [8, 8, …]}`; `{}` is standard.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Data {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sets: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        jokers: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deck: Option<[u8; Rank::COUNT]>,
    }

    impl serde::Serialize for Config {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self.as_sets() {
                Some((sets, jokers)) => Data { sets: Some(sets), jokers: Some(jokers), deck: None },
                None => Data { sets: None, jokers: None, deck: Some(self.deck.counts()) },
            }
            .serialize(s)
        }
    }

    impl<'de> serde::Deserialize<'de> for Config {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Config, D::Error> {
            let data = Data::deserialize(d)?;
            let config = match (data.deck, data.sets, data.jokers) {
                (Some(deck), None, None) => Config::with_deck(Cards::from_counts(deck)),
                (Some(_), _, _) => return Err(serde::de::Error::custom("give either deck or sets and jokers")),
                (None, sets, jokers) => {
                    let sets = sets.unwrap_or(2);
                    Config::with_sets(sets, jokers.unwrap_or(3 * sets))
                }
            };
            config.map_err(serde::de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn text_round_trips() {
        for text in [
            "cartas",
            "cartas:sets=1",
            "cartas:jokers=0",
            "cartas:sets=3:jokers=2",
            "cartas:deck=8,8,8,8,8,8,0,8,8,8,8,8,8,6",
        ] {
            let c: Config = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
        assert_eq!("cartas:sets=2:jokers=6".parse::<Config>().unwrap().to_string(), "cartas");
    }

    #[test]
    fn nonsense_is_rejected_with_a_reason() {
        assert_eq!(Config::with_sets(0, 3), Err(ConfigError::Sets(0)));
        assert_eq!(Config::with_sets(4, 100), Err(ConfigError::TooManyCards(308)));
        let no_aces = Cards::from_counts([0, 9, 9, 9, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0]);
        assert_eq!(Config::with_deck(no_aces), Err(ConfigError::NoAceNorJoker));
        assert_eq!(
            Config::with_deck(Cards::from_counts([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
            Err(ConfigError::TooFewCards(1))
        );
        for bad in ["", "poleana", "cartas:sets=5", "cartas:turbo", "cartas:deck=1,2", "cartas:sets=1:sets=2"] {
            let err = bad.parse::<Config>().unwrap_err();
            assert!(!err.to_string().is_empty(), "{bad}");
        }
        let err = "cartas:deck=0,0,0,0,0,0,0,0,0,0,0,0,0,10".parse::<Config>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "a deck of 10 cards is too small: a round deals up to 24 (six to each of four players)"
        );
    }
}
