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

    /// `Ok` while a chance event is pending, or the error for supplying an outcome now.
    pub fn expect_chance(&self) -> Result<(), PlayError> {
        match *self {
            Phase::Chance => Ok(()),
            Phase::Decide(_) => Err(PlayError::NotChance),
            Phase::Over(_) => Err(PlayError::GameOver),
        }
    }
}

/// An action or chance outcome that cannot be applied to the current state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over")]
    GameOver,
    #[error("a chance event is pending: sample or supply its outcome before deciding")]
    ChancePending,
    #[error("no chance event is pending: a player is to decide")]
    NotChance,
    #[error("`{action}` is not legal here: {reason}")]
    Illegal { action: crate::notation::Snippet, reason: &'static str },
    #[error("`{outcome}` is not a possible outcome of this chance event")]
    BadOutcome { outcome: crate::notation::Snippet },
}

impl PlayError {
    /// An illegal action, with its notation and the reason in words.
    pub fn illegal(action: impl core::fmt::Display, reason: &'static str) -> PlayError {
        PlayError::Illegal { action: snippet_of(action), reason }
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
