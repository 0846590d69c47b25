//! The configuration of a Poleana game: board, colours, mode and house-rule options.

use core::fmt;
use core::str::FromStr;

use crate::colour::{Colour, ColourSet, Lineup};
use crate::notation::{ParseError, Setting, TextError};
use crate::poleana::Board;
use crate::seat::Seat;

/// How the engine treats choices that break the priorities (docs/rules/poleana.md §7.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Mode {
    /// Only compliant choices are legal: for bots, analysts and tests.
    #[default]
    Strict,
    /// Every choice is legal and carries its mark; a front end shows ✓ and ✕.
    Assisted,
    /// Every choice is legal and carries its mark; a front end shows nothing.
    Free,
}

impl Mode {
    /// The mode's name in the configuration text: `strict`, `assisted` or `free`.
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Strict => "strict",
            Mode::Assisted => "assisted",
            Mode::Free => "free",
        }
    }

    /// Whether infraction-marked choices are offered.
    pub const fn allows_infractions(self) -> bool {
        !matches!(self, Mode::Strict)
    }
}

/// A configuration that cannot make a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The number of colours (the field) is not 2, 3 or 4.
    #[error("Poleana is played by 2, 3 or 4 colours, not {0}")]
    Players(usize),
    /// The colour named to play first (the field) is not in play.
    #[error("the first player must be one of the colours in play, and {0} is not playing")]
    FirstNotPlaying(Colour),
    /// The configuration text cannot be read, or sets one option twice.
    #[error("{0}")]
    Text(#[from] TextError),
}

crate::notation::text_error_from!(ConfigError);

/// A validated Poleana configuration. Build one with [`Config::classic`], [`Config::express`] or
/// [`Config::new`], then adjust it with the `with_` methods; or read its text form:
///
/// ```
/// use fichas::poleana::{Config, Mode};
/// let c: Config = "poleana-express:3:free".parse().unwrap();
/// assert_eq!(c.mode(), Mode::Free);
/// assert_eq!(c.colours().len(), 3);
/// assert_eq!(c.to_string(), "poleana-express:3:free");
/// assert!("poleana:1".parse::<Config>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    board: Board,
    colours: ColourSet,
    mode: Mode,
    first: Colour,
    bridges_open_to_all: bool,
    tapon_captures: bool,
}

impl Config {
    /// A game on `board` with exactly `colours`; strict mode, default options, and the first
    /// colour in turn order starting.
    pub fn new(board: Board, colours: ColourSet) -> Result<Config, ConfigError> {
        let first = match colours.len() {
            2..=4 => colours.next_from(Colour::Yellow).ok_or(ConfigError::Players(0))?,
            n => return Err(ConfigError::Players(n)),
        };
        Ok(Config { board, colours, mode: Mode::Strict, first, bridges_open_to_all: false, tapon_captures: true })
    }

    /// A classic game for 2, 3 or 4 players with the default colours.
    pub fn classic(players: usize) -> Result<Config, ConfigError> {
        Config::new(Board::Classic, Config::default_colours(players)?)
    }

    /// An Express game for 2, 3 or 4 players with the default colours.
    pub fn express(players: usize) -> Result<Config, ConfigError> {
        Config::new(Board::Express, Config::default_colours(players)?)
    }

    /// The colours a number of players take by default: opposite colours for two (Yellow and
    /// Red), Yellow, Blue and Red for three, all four for four.
    pub fn default_colours(players: usize) -> Result<ColourSet, ConfigError> {
        ColourSet::for_players(players).ok_or(ConfigError::Players(players))
    }

    /// Sets the [`Mode`] (strict by default).
    pub const fn with_mode(mut self, mode: Mode) -> Config {
        self.mode = mode;
        self
    }

    /// Names the colour that plays first.
    pub fn with_first(self, first: Colour) -> Result<Config, ConfigError> {
        let playing = self.colours.contains(first);
        if playing { Ok(Config { first, ..self }) } else { Err(ConfigError::FirstNotPlaying(first)) }
    }

    /// Option `bridges_open_to_all`: any token may take any colour's bridge when crossing that
    /// colour's entry cell.
    pub const fn with_bridges_open_to_all(mut self, open: bool) -> Config {
        self.bridges_open_to_all = open;
        self
    }

    /// Option `tapon_captures` (on by default): with a double, a tapón may move as one unit and
    /// capture a rival tapón.
    pub const fn with_tapon_captures(mut self, on: bool) -> Config {
        self.tapon_captures = on;
        self
    }

    /// The board: classic or Express.
    pub const fn board(&self) -> Board {
        self.board
    }

    /// The colours in play.
    pub const fn colours(&self) -> ColourSet {
        self.colours
    }

    /// How choices that break the priorities are treated.
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// The colour that rolls first.
    pub const fn first(&self) -> Colour {
        self.first
    }

    /// Option `bridges_open_to_all` (off by default): any token may take any colour's bridge.
    pub const fn bridges_open_to_all(&self) -> bool {
        self.bridges_open_to_all
    }

    /// Option `tapon_captures` (on by default): tapón come tapón.
    pub const fn tapon_captures(&self) -> bool {
        self.tapon_captures
    }

    /// Tokens per colour.
    pub const fn tokens(&self) -> usize {
        self.board.tokens()
    }

    /// Players at the table: one per colour.
    pub fn seats(&self) -> usize {
        self.colours.len()
    }

    /// The seat that plays `colour`: the colours in play numbered in turn order.
    pub fn seat_of(&self, colour: Colour) -> Seat {
        Seat::ALL[self.colours.rank(colour).unwrap_or(0)]
    }

    /// The colour `seat` plays, if the seat is at the table.
    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.colours.iter().nth(seat.index())
    }

    /// Whether cell `number` of `side` is a police cell in this game.
    pub const fn is_police(&self, side: Colour, number: u8) -> bool {
        !self.colours.contains(side) && number <= self.board.police_max()
    }
}

impl fmt::Display for Config {
    /// The short text form: `poleana` or `poleana-express`, then `:`-separated parts for what
    /// differs from the defaults.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.board {
            Board::Classic => "poleana",
            Board::Express => "poleana-express",
        })?;
        let n = self.colours.len();
        if Config::default_colours(n) != Ok(self.colours) {
            write!(f, ":{}", self.colours)?;
        } else if n != 4 {
            write!(f, ":{n}")?;
        }
        if self.mode != Mode::Strict {
            write!(f, ":{}", self.mode.name())?;
        }
        if self.bridges_open_to_all {
            f.write_str(":open-bridges")?;
        }
        if !self.tapon_captures {
            f.write_str(":no-tapon-captures")?;
        }
        Lineup::write_first(f, self.colours, self.first)
    }
}

impl FromStr for Config {
    type Err = ConfigError;

    /// Reads `poleana` or `poleana-express`, followed by any of `:2`, `:3`, `:4` or colour letters
    /// (`:YBG`), `:strict`, `:assisted`, `:free`, `:open-bridges`, `:no-tapon-captures`,
    /// `:first=B`.
    fn from_str(text: &str) -> Result<Config, ConfigError> {
        const EXPECTED: &str = "poleana or poleana-express, then :2, :3, :4 or colour letters such as :YBG, \
                                :strict, :assisted, :free, :open-bridges, :no-tapon-captures, :first=B";
        let mut parts = text.split(':');
        let board = match parts.next() {
            Some("poleana") => Board::Classic,
            Some("poleana-express") => Board::Express,
            _ => return Err(ParseError::new("Poleana configuration", text, EXPECTED).into()),
        };
        let (mut lineup, mut mode) = (Lineup::new(), Setting::new("mode"));
        let (mut open, mut tapon) = (Setting::new("bridges option"), Setting::new("tapón captures option"));
        for part in parts {
            match part {
                "strict" => mode.set(Mode::Strict, part)?,
                "assisted" => mode.set(Mode::Assisted, part)?,
                "free" => mode.set(Mode::Free, part)?,
                "open-bridges" => open.set(true, part)?,
                "no-tapon-captures" => tapon.set(false, part)?,
                _ if lineup.read(part, ConfigError::Players)? => {}
                _ => return Err(ParseError::new("Poleana configuration part", part, EXPECTED).into()),
            }
        }
        let config = Config::new(board, lineup.colours().unwrap_or(ColourSet::ALL))?
            .with_mode(mode.get().unwrap_or(Mode::Strict))
            .with_bridges_open_to_all(open.get().unwrap_or(false))
            .with_tapon_captures(tapon.get().unwrap_or(true));
        lineup.first().map_or(Ok(config), |first| config.with_first(first))
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::*;

    /// The JSON shape of a configuration; every field but `colours` has a default.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Data {
        #[serde(default)]
        board: Board,
        colours: ColourSet,
        #[serde(default)]
        mode: Mode,
        #[serde(default)]
        first: Option<Colour>,
        #[serde(default)]
        bridges_open_to_all: bool,
        #[serde(default = "yes")]
        tapon_captures: bool,
    }

    fn yes() -> bool {
        true
    }

    impl serde::Serialize for Config {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            Data {
                board: self.board,
                colours: self.colours,
                mode: self.mode,
                first: Some(self.first),
                bridges_open_to_all: self.bridges_open_to_all,
                tapon_captures: self.tapon_captures,
            }
            .serialize(s)
        }
    }

    impl<'de> serde::Deserialize<'de> for Config {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Config, D::Error> {
            let data = Data::deserialize(d)?;
            let config = Config::new(data.board, data.colours)
                .map_err(serde::de::Error::custom)?
                .with_mode(data.mode)
                .with_bridges_open_to_all(data.bridges_open_to_all)
                .with_tapon_captures(data.tapon_captures);
            data.first.map_or(Ok(config), |first| config.with_first(first)).map_err(serde::de::Error::custom)
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
            "poleana",
            "poleana:2",
            "poleana:3",
            "poleana-express:3:free",
            "poleana:YG:assisted:open-bridges:no-tapon-captures:first=G",
            "poleana:BRG",
        ] {
            let c: Config = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
        }
    }

    #[test]
    fn nonsense_is_rejected_with_a_reason() {
        assert_eq!("poleana:1".parse::<Config>(), Err(ConfigError::Players(1)));
        assert_eq!("poleana:Y".parse::<Config>(), Err(ConfigError::Players(1)));
        assert_eq!("poleana:YR:first=B".parse::<Config>(), Err(ConfigError::FirstNotPlaying(Colour::Blue)));
        let err = "poleana:turbo".parse::<Config>().unwrap_err();
        assert!(err.to_string().contains("turbo"), "{err}");
        assert!("parchis".parse::<Config>().is_err());
        assert!("".parse::<Config>().is_err());
    }

    #[test]
    fn police_cells_belong_to_absent_colours() {
        let c = Config::classic(2).unwrap();
        assert!(c.is_police(Colour::Blue, 8));
        assert!(!c.is_police(Colour::Blue, 9));
        assert!(!c.is_police(Colour::Yellow, 0));
        let e = Config::express(2).unwrap();
        assert!(e.is_police(Colour::Green, 7));
        assert!(!e.is_police(Colour::Green, 8), "Express police cells run 0..7");
    }
}
