//! Who acts next: chance, a player, or nobody because the game is over.

/// The phase of a game state, shared by every game of the crate.
///
/// `Who` names the one to decide (a colour in the dice games, a seat in the card game) and
/// `Outcome` is the game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Phase<Who, Outcome> {
    /// A chance event is pending: list its outcomes, then sample or supply one.
    Chance,
    /// `Who` must choose one of the legal actions.
    Decide(Who),
    /// The game has ended.
    Over(Outcome),
}

impl<W: Copy, O: Copy> Phase<W, O> {
    /// The one to decide, if any.
    pub fn to_act(&self) -> Option<W> {
        match *self {
            Phase::Decide(who) => Some(who),
            _ => None,
        }
    }

    /// Whether a chance event is pending.
    pub fn is_chance(&self) -> bool {
        matches!(self, Phase::Chance)
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<O> {
        match *self {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }

    /// The one to decide, or the error for acting in another phase.
    pub fn expect_decision(&self) -> Result<W, PlayError> {
        match *self {
            Phase::Decide(who) => Ok(who),
            Phase::Chance => Err(PlayError::ChancePending),
            Phase::Over(_) => Err(PlayError::GameOver),
        }
    }

    /// The same phase with the outcome turned into another type (a game's into the facade's).
    pub fn map_outcome<P>(self, into: impl FnOnce(O) -> P) -> Phase<W, P> {
        match self {
            Phase::Chance => Phase::Chance,
            Phase::Decide(who) => Phase::Decide(who),
            Phase::Over(outcome) => Phase::Over(into(outcome)),
        }
    }

    /// `Ok` while a chance event is pending, or the error for supplying an outcome now.
    pub fn expect_chance(&self) -> Result<(), PlayError> {
        match *self {
            Phase::Chance => Ok(()),
            Phase::Decide(_) => Err(PlayError::NotChance),
            Phase::Over(_) => Err(PlayError::GameOver),
        }
    }
}

/// Why an action is refused: a stable code for programs and for the catalogues (each has the
/// message `illegal-<code>`), and the reason in English words.
///
/// ```
/// use fichas::game::State;
/// use fichas::phase::PlayError;
///
/// let mut state: State = "parchis:YR turn=Y roll=6-5 Y=home,home,home,home R=6,home,home,home".parse().unwrap();
/// let Err(PlayError::Illegal { reason, .. }) = state.play(state.parse_action("home+6").unwrap()) else { panic!() };
/// assert_eq!(reason.code(), "parchis-exit_needs_five");
/// assert_eq!(reason.to_string(), "only a 5, or the 3+2 / 4+1 sum, brings a token out");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Refusal {
    code: &'static str,
    text: &'static str,
}

impl Refusal {
    /// The action does not apply to this game's position at all.
    pub const DOES_NOT_APPLY: Refusal = Refusal::new("does_not_apply", "it does not apply here");
    /// The action is another game's.
    pub const OTHER_GAME: Refusal = Refusal::new("other_game", "it is an action of another game");
    /// A timeout given as a move: the host reports timeouts.
    pub const HOST_TIMEOUT: Refusal =
        Refusal::new("host_timeout", "a timeout is the host's to report (`timeout()`), not a move");
    /// An action id no action of the game has.
    pub const UNKNOWN_ID: Refusal = Refusal::new("unknown_id", "no action of this game has this id");

    pub(crate) const fn new(code: &'static str, text: &'static str) -> Refusal {
        Refusal { code, text }
    }

    /// Every refusal the engine gives: those of any game, each game's own, and a table's.
    pub fn all() -> impl Iterator<Item = Refusal> {
        let all = [Refusal::DOES_NOT_APPLY, Refusal::OTHER_GAME, Refusal::HOST_TIMEOUT, Refusal::UNKNOWN_ID]
            .into_iter()
            .chain(crate::poleana::refusal::ALL)
            .chain(crate::parchis::refusal::ALL)
            .chain(crate::cartas::refusal::ALL);
        #[cfg(feature = "std")]
        let all = all.chain(crate::table::refusal::ALL);
        all
    }

    /// The stable code: `parchis-blocked`, `poleana-priority`, `host_timeout`, …
    pub const fn code(self) -> &'static str {
        self.code
    }

    /// The reason in English words (the catalogues give it in every language).
    pub const fn text(self) -> &'static str {
        self.text
    }
}

impl core::fmt::Display for Refusal {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.text)
    }
}

/// An action or chance outcome that cannot be applied to the current state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PlayError {
    /// The game has ended: nothing more can be applied, a host's timeout included.
    #[error("the game is over")]
    GameOver,
    /// An action was given while a chance event is pending: its outcome comes first.
    #[error("a chance event is pending: sample or supply its outcome before deciding")]
    ChancePending,
    /// A chance outcome was given, or asked for, while a player is to decide.
    #[error("no chance event is pending: a player is to decide")]
    NotChance,
    /// The action is not among the legal ones of the current state.
    #[error("`{action}` is not legal here: {reason}")]
    Illegal {
        /// The action in its notation (shortened when long).
        action: crate::notation::Snippet,
        /// Why it is not legal: a code, and the reason in words.
        reason: Refusal,
    },
    /// The chance outcome is not one the pending chance event can produce.
    #[error("`{outcome}` is not a possible outcome of this chance event")]
    BadOutcome {
        /// The outcome in its notation (shortened when long).
        outcome: crate::notation::Snippet,
    },
}

impl PlayError {
    /// An illegal action, with its notation and why it is refused.
    pub fn illegal(action: impl core::fmt::Display, reason: Refusal) -> PlayError {
        PlayError::Illegal { action: snippet_of(action), reason }
    }

    /// A stable code for the kind of error: `game_over`, `chance_pending`, `not_chance`,
    /// `illegal` (its [`Refusal`] has a code of its own) or `bad_outcome`. The catalogues word
    /// each as `error-play-<code>`.
    pub const fn code(&self) -> &'static str {
        match self {
            PlayError::GameOver => "game_over",
            PlayError::ChancePending => "chance_pending",
            PlayError::NotChance => "not_chance",
            PlayError::Illegal { .. } => "illegal",
            PlayError::BadOutcome { .. } => "bad_outcome",
        }
    }

    /// An impossible chance outcome.
    pub fn bad_outcome(outcome: impl core::fmt::Display) -> PlayError {
        PlayError::BadOutcome { outcome: snippet_of(outcome) }
    }
}

fn snippet_of(value: impl core::fmt::Display) -> crate::notation::Snippet {
    let mut text = arrayvec::ArrayString::<64>::new();
    let _ = core::fmt::write(&mut text, format_args!("{value}"));
    crate::notation::Snippet::new(&text)
}
