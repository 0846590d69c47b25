//! Bots: a hint for the seat to decide, or an opponent for offline play.

use std::time::Duration;

use fichas::bot::{Bot, Kind, Strength};
use fichas::game::View;

use crate::convert::Choice;
use crate::{FichasError, Result, guard};

/// A bot's choice for the seat to decide.
#[derive(Clone, Debug, PartialEq, uniffi::Record)]
pub struct Suggestion {
    /// The action, as `legalActions` lists it: play it with `Game.play`.
    pub action: Choice,
    /// Why, as a stable code for apps that translate: `captures`, `scores`, `brings_out`,
    /// `holds_back`, `escapes`, `blocks`, `advances`, … (docs/bots.md lists them). None from
    /// the random bot.
    pub reason: Option<String>,
    /// Why, as an English sentence: "captures a red token".
    pub explanation: Option<String>,
    /// The bot's estimate, from 0 to 1, of its side's chance to win after the action: an
    /// estimate, not a calibrated probability. None from the random bot.
    pub estimate: Option<f64>,
}

/// A bot's strength from its text (`hard`, `search:iterations=800`).
pub(crate) fn strength(text: &str) -> Result<Strength> {
    text.parse().map_err(|e: fichas::notation::ParseError| FichasError::Config(e.to_string()))
}

/// The bot of `strength` (`easy`, `medium`, `hard`, or `random`, `greedy`, `search`) seeded
/// with `seed`; a search stops after `time_limit_ms` if given.
fn bot(strength: &str, seed: u64, time_limit_ms: Option<u32>) -> Result<Bot> {
    let mut strength = self::strength(strength)?;
    if let Some(ms) = time_limit_ms {
        if ms == 0 {
            return Err(FichasError::Config("a time limit is at least 1 millisecond".into()));
        }
        if strength.kind == Kind::Search {
            strength.budget = strength.budget.with_time_limit(Duration::from_millis(u64::from(ms)));
        }
    }
    Ok(Bot::new(strength, seed))
}

/// The suggestion of a bot for the seat to decide in `view`, or none when that seat is not to
/// decide.
pub(crate) fn suggest(
    view: &View,
    strength: &str,
    seed: u64,
    time_limit_ms: Option<u32>,
) -> Result<Option<Suggestion>> {
    guard(|| {
        let bot = bot(strength, seed, time_limit_ms)?;
        let Some(hint) = bot.choose(view) else { return Ok(None) };
        let seat = view.phase().to_act();
        let choice = view
            .legal_actions()
            .into_iter()
            .find(|c| c.action() == hint.action)
            .ok_or_else(|| FichasError::Internal(format!("a bot chose `{}`, which is not listed", hint.action)))?;
        Ok(Some(Suggestion {
            action: Choice::of(&choice, view.action_id(&hint.action), seat),
            reason: hint.reason.map(|r| r.code().to_string()),
            explanation: hint.reason.map(|r| r.to_string()),
            estimate: hint.estimate.map(f64::from),
        }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::seat_number;

    #[test]
    fn a_hint_names_its_action_and_reason() {
        let position = "poleana:2:assisted turn=Y roll=5-3 Y=Y5,B2,start,start R=Y8,R9,start,start quiet=-";
        let state: fichas::game::State = position.parse().unwrap();
        let view = state.view(fichas::Seat::ALL[0]);
        let hint = suggest(&view, "easy", 1, None).unwrap().unwrap();
        assert_eq!(hint.action.notation, "Y5+3");
        assert_eq!(hint.action.seat, Some(seat_number(fichas::Seat::ALL[0])));
        assert_eq!(hint.reason.as_deref(), Some("captures"));
        assert_eq!(hint.explanation.as_deref(), Some("captures a red token"));
        assert!(matches!(suggest(&view, "genius", 1, None), Err(FichasError::Config(_))));
        assert!(matches!(suggest(&view, "hard", 1, Some(0)), Err(FichasError::Config(_))));
        assert!(suggest(&view, "hard", 1, Some(50)).unwrap().is_some());
    }
}
