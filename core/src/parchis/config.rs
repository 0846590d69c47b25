//! The configuration of a Parchís game: mode, colours and who starts (docs/rules/parchis.md §6).

use core::fmt;
use core::str::FromStr;

use crate::colour::{Colour, ColourSet, Lineup};
use crate::notation::{ParseError, Setting, TextError};
use crate::seat::Seat;

/// How colours, seats and partners are arranged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Mode {
    /// Every colour is a player on its own, 2 to 4 colours.
    #[default]
    Individual,
    /// Two players on opposite colours (Yellow–Red or Blue–Green), no cessions.
    TwoPlayer,
    /// Two players with two colours each: seat 0 plays Yellow and Red, seat 1 Blue and Green.
    /// A player's two colours are partners.
    TwoColours,
    /// Four players in two pairs: Yellow with Red against Blue with Green.
    Pairs,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 4] = [Mode::Individual, Mode::TwoPlayer, Mode::TwoColours, Mode::Pairs];

    /// The mode's name in the configuration text: `individual`, `two-player`, `two-colours` or
    /// `pairs`.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Individual => "individual",
            Mode::TwoPlayer => "two-player",
            Mode::TwoColours => "two-colours",
            Mode::Pairs => "pairs",
        }
    }

    /// Whether colours play in partnerships (cessions, shared victory).
    pub const fn has_partners(self) -> bool {
        matches!(self, Mode::TwoColours | Mode::Pairs)
    }
}

impl FromStr for Mode {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Mode, ParseError> {
        Mode::ALL
            .into_iter()
            .find(|m| m.name() == text)
            .ok_or_else(|| ParseError::new("Parchís mode", text, "individual, two-player, two-colours or pairs"))
    }
}

/// A configuration that cannot make a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// An individual game with other than 2, 3 or 4 colours, or a colour count other than 2, 3
    /// or 4 in the text, in any mode (the field is the number).
    #[error("Parchís is played by 2, 3 or 4 colours, not {0}")]
    Players(usize),
    /// A two-player game whose colours (the field) are not Yellow and Red, nor Blue and Green.
    #[error("the two-player mode takes two opposite colours (Yellow and Red, or Blue and Green), not {0}")]
    NotOpposite(ColourSet),
    /// A two-colours or pairs game without all four colours (the field is the mode's name).
    #[error("the {0} mode plays all four colours")]
    AllColours(&'static str),
    /// The colour named to play first (the field) is not in play.
    #[error("the first player must be one of the colours in play, and {0} is not playing")]
    FirstNotPlaying(Colour),
    /// The configuration text cannot be read, or sets one option twice.
    #[error("{0}")]
    Text(#[from] TextError),
}

crate::notation::text_error_from!(ConfigError);

/// A validated Parchís configuration.
///
/// ```
/// use fichas::parchis::{Config, Mode};
/// let c: Config = "parchis:pairs".parse().unwrap();
/// assert_eq!((c.mode(), c.seats()), (Mode::Pairs, 4));
/// assert_eq!(c.partner(fichas::Colour::Yellow), Some(fichas::Colour::Red));
/// assert!("parchis:pairs:YB".parse::<Config>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    mode: Mode,
    colours: ColourSet,
    first: Colour,
}

impl Config {
    /// A game in `mode` with exactly `colours`; the first colour in turn order starts.
    pub fn new(mode: Mode, colours: ColourSet) -> Result<Config, ConfigError> {
        match mode {
            Mode::Individual if !(2..=4).contains(&colours.len()) => return Err(ConfigError::Players(colours.len())),
            Mode::TwoPlayer => {
                let ok = colours == ColourSet::of(&[Colour::Yellow, Colour::Red])
                    || colours == ColourSet::of(&[Colour::Blue, Colour::Green]);
                if !ok {
                    return Err(ConfigError::NotOpposite(colours));
                }
            }
            Mode::TwoColours | Mode::Pairs if colours != ColourSet::ALL => {
                return Err(ConfigError::AllColours(mode.name()));
            }
            _ => {}
        }
        let first = colours.next_from(Colour::Yellow).ok_or(ConfigError::Players(0))?;
        Ok(Config { mode, colours, first })
    }

    /// The default game of a mode: four colours, or Yellow and Red for two players.
    pub fn of_mode(mode: Mode) -> Config {
        let colours = match mode {
            Mode::TwoPlayer => ColourSet::of(&[Colour::Yellow, Colour::Red]),
            _ => ColourSet::ALL,
        };
        Config { mode, colours, first: Colour::Yellow }
    }

    /// Names the colour that rolls first.
    pub fn with_first(self, first: Colour) -> Result<Config, ConfigError> {
        let playing = self.colours.contains(first);
        if playing { Ok(Config { first, ..self }) } else { Err(ConfigError::FirstNotPlaying(first)) }
    }

    /// How colours, seats and partners are arranged.
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// The colours in play.
    pub const fn colours(&self) -> ColourSet {
        self.colours
    }

    /// The colour that rolls first.
    pub const fn first(&self) -> Colour {
        self.first
    }

    /// The colour that shares dice, bonuses and victory with `colour`, in the partnership modes.
    pub const fn partner(&self, colour: Colour) -> Option<Colour> {
        if self.mode.has_partners() { Some(colour.opposite()) } else { None }
    }

    /// Players at the table.
    pub fn seats(&self) -> usize {
        match self.mode {
            Mode::Individual => self.colours.len(),
            Mode::TwoPlayer | Mode::TwoColours => 2,
            Mode::Pairs => 4,
        }
    }

    /// The seat that plays `colour`: colours in play in turn order for individual and
    /// two-player games, Yellow and Red on seat 0 and Blue and Green on seat 1 with two colours
    /// each, and one seat per colour (Yellow 0 … Green 3) in pairs.
    pub fn seat_of(&self, colour: Colour) -> Seat {
        let index = match self.mode {
            Mode::Individual | Mode::TwoPlayer => self.colours.rank(colour).unwrap_or(0),
            Mode::TwoColours => colour.index() % 2,
            Mode::Pairs => colour.index(),
        };
        Seat::ALL[index]
    }

    /// The colours `seat` plays.
    pub fn colours_of(&self, seat: Seat) -> ColourSet {
        self.colours.iter().filter(|&c| self.seat_of(c) == seat).collect()
    }

    /// The colours that win together with `colour`: itself and its partner.
    pub fn side(&self, colour: Colour) -> ColourSet {
        match self.partner(colour) {
            Some(p) => ColourSet::of(&[colour, p]),
            None => ColourSet::of(&[colour]),
        }
    }
}

impl fmt::Display for Config {
    /// `parchis`, then `:`-separated parts for what differs from the defaults.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("parchis")?;
        match self.mode {
            Mode::Individual if self.colours == ColourSet::ALL => {}
            Mode::Individual => write!(f, ":{}", self.colours)?,
            Mode::TwoPlayer if self.colours.contains(Colour::Yellow) => f.write_str(":two-player")?,
            Mode::TwoPlayer => write!(f, ":two-player:{}", self.colours)?,
            mode => write!(f, ":{}", mode.name())?,
        }
        Lineup::write_first(f, self.colours, self.first)
    }
}

impl FromStr for Config {
    type Err = ConfigError;

    /// Reads `parchis` followed by any of a mode (`:individual`, `:two-player`, `:two-colours`,
    /// `:pairs`), the colours (`:YBG`, or `:2`/`:3`/`:4` for the default ones), `:first=B`.
    fn from_str(text: &str) -> Result<Config, ConfigError> {
        const EXPECTED: &str = "parchis, then :individual, :two-player, :two-colours or :pairs, colour letters such \
                                as :YBG or a count :2, :3, :4, and :first=B";
        let mut parts = text.split(':');
        if parts.next() != Some("parchis") {
            return Err(ParseError::new("Parchís configuration", text, EXPECTED).into());
        }
        let (mut mode, mut lineup) = (Setting::new("mode"), Lineup::new());
        for part in parts {
            if let Ok(m) = part.parse::<Mode>() {
                mode.set(m, part)?;
            } else if !lineup.read(part, ConfigError::Players)? {
                return Err(ParseError::new("Parchís configuration part", part, EXPECTED).into());
            }
        }
        let mode = mode.get().unwrap_or(Mode::Individual);
        let config = Config::new(mode, lineup.colours().unwrap_or(Config::of_mode(mode).colours))?;
        lineup.first().map_or(Ok(config), |first| config.with_first(first))
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::*;

    /// The JSON shape of a configuration; every field has a default.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Data {
        #[serde(default)]
        mode: Mode,
        #[serde(default)]
        colours: Option<ColourSet>,
        #[serde(default)]
        first: Option<Colour>,
    }

    impl serde::Serialize for Config {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Data { mode: self.mode, colours: Some(self.colours), first: Some(self.first) }.serialize(s)
        }
    }

    impl<'de> serde::Deserialize<'de> for Config {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Config, D::Error> {
            let data = Data::deserialize(d)?;
            let colours = data.colours.unwrap_or(Config::of_mode(data.mode).colours);
            let config = Config::new(data.mode, colours).map_err(serde::de::Error::custom)?;
            data.first.map_or(Ok(config), |first| config.with_first(first)).map_err(serde::de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::*;
    use std::string::ToString;

    #[test]
    fn text_round_trips() {
        for text in [
            "parchis",
            "parchis:YR",
            "parchis:YBR",
            "parchis:two-player",
            "parchis:two-player:BG",
            "parchis:two-colours",
            "parchis:pairs",
            "parchis:pairs:first=G",
        ] {
            assert_eq!(text.parse::<Config>().unwrap().to_string(), text);
        }
        assert_eq!("parchis:3".parse::<Config>().unwrap().to_string(), "parchis:YBR");
    }

    #[test]
    fn a_colour_count_other_than_two_to_four_is_refused_in_every_mode() {
        for text in ["parchis:5", "parchis:pairs:5", "parchis:two-player:1"] {
            let error = text.parse::<Config>().unwrap_err();
            assert!(matches!(error, ConfigError::Players(1 | 5)), "{text}: {error:?}");
            // The message names no mode: the count is wrong whatever the mode.
            assert!(error.to_string().starts_with("Parchís is played by 2, 3 or 4 colours, not"), "{error}");
        }
    }

    #[test]
    fn nonsense_is_rejected() {
        assert_eq!("parchis:Y".parse::<Config>(), Err(ConfigError::Players(1)));
        assert_eq!(
            "parchis:two-player:YB".parse::<Config>(),
            Err(ConfigError::NotOpposite(ColourSet::of(&[Yellow, Blue])))
        );
        assert_eq!("parchis:pairs:YBR".parse::<Config>(), Err(ConfigError::AllColours("pairs")));
        assert_eq!("parchis:YR:first=B".parse::<Config>(), Err(ConfigError::FirstNotPlaying(Blue)));
        assert!("parchis:teams".parse::<Config>().unwrap_err().to_string().contains("teams"));
        assert!("poleana".parse::<Config>().is_err());
    }

    #[test]
    fn seats_and_partners_follow_the_mode() {
        let two = Config::of_mode(Mode::TwoColours);
        assert_eq!(two.colours_of(Seat::ALL[0]), ColourSet::of(&[Yellow, Red]));
        assert_eq!(two.seat_of(Green), Seat::ALL[1]);
        assert_eq!(two.partner(Blue), Some(Green));
        let pairs = Config::of_mode(Mode::Pairs);
        assert_eq!((pairs.seats(), pairs.seat_of(Red)), (4, Seat::ALL[2]));
        assert_eq!(pairs.side(Blue), ColourSet::of(&[Blue, Green]));
        let ind: Config = "parchis:BG".parse().unwrap();
        assert_eq!((ind.seats(), ind.seat_of(Green), ind.partner(Green)), (2, Seat::ALL[1], None));
    }
}
