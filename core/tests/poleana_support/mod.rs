//! Helpers for the Poleana rule tests: positions from text, choices as text.
#![allow(dead_code)]

use fichas::Rules;
use fichas::poleana::{Event, Events, State};
use fichas::{Phase, Roll};

/// Every token of a colour at start, for the colours a test does not look at.
pub const AT_START: &str = "start,start,start,start";

/// Reads a position or fails with the reason.
pub fn pos(text: &str) -> State {
    text.parse().unwrap_or_else(|e| panic!("{e}\n  in: {text}"))
}

/// The position after rolling `roll` in it.
pub fn rolled(text: &str, roll: &str) -> State {
    let mut s = pos(text);
    roll_in(&mut s, roll);
    s
}

pub fn roll_in(s: &mut State, roll: &str) -> Events {
    let roll: Roll = roll.parse().unwrap();
    s.apply_chance(roll).unwrap_or_else(|e| panic!("{e}\n  in: {s}"))
}

/// The legal choices as an assisted front end shows them: action, ✕, mark.
pub fn shown(s: &State) -> Vec<String> {
    s.legal_actions().iter().map(|c| c.to_string()).collect()
}

/// The legal actions' notation only.
pub fn actions(s: &State) -> Vec<String> {
    s.legal_actions().iter().map(|c| c.action.to_string()).collect()
}

pub fn play(s: &mut State, action: &str) -> Events {
    let action = action.parse().unwrap_or_else(|e| panic!("{e}"));
    s.play(action).unwrap_or_else(|e| panic!("{e}\n  in: {s}"))
}

/// The position text after the configuration, for compact comparisons.
pub fn board(s: &State) -> String {
    let text = s.to_string();
    text.split_once(' ').map(|(_, rest)| rest.to_string()).unwrap_or(text)
}

pub fn has(events: &Events, wanted: Event) -> bool {
    events.contains(&wanted)
}

pub fn is_chance(s: &State) -> bool {
    s.phase() == Phase::Chance
}
