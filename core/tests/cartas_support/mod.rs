//! Helpers for the Cartas tests: positions from text, actions and events as text.
#![allow(dead_code)]

use fichas::cartas::{Cards, Event, Events, Rank, State};
use fichas::{Phase, Seat};

/// Reads a position or fails with the reason.
pub fn pos(text: &str) -> State {
    text.parse().unwrap_or_else(|e| panic!("{e}\n  in: {text}"))
}

/// The legal actions' notation, in order.
pub fn actions(s: &State) -> Vec<String> {
    s.legal_actions().iter().map(|a| a.to_string()).collect()
}

/// Plays `action` (notation), failing with the reason if it is refused.
pub fn play(s: &mut State, action: &str) -> Events {
    let action = action.parse().unwrap_or_else(|e| panic!("{e}"));
    s.play(action).unwrap_or_else(|e| panic!("{e}\n  in: {s}"))
}

/// Applies a drawn card (a deal or a theft).
pub fn draw(s: &mut State, card: &str) -> Events {
    let card: Rank = card.parse().unwrap();
    s.apply_chance(card).unwrap_or_else(|e| panic!("{e}\n  in: {s}"))
}

/// The position text after the configuration, for compact comparisons.
pub fn rest(s: &State) -> String {
    let text = s.to_string();
    text.split_once(' ').map(|(_, rest)| rest.to_string()).unwrap_or(text)
}

pub fn seat(i: usize) -> Seat {
    Seat::ALL[i]
}

pub fn cards(text: &str) -> Cards {
    text.parse().unwrap()
}

pub fn card(text: &str) -> Rank {
    text.parse().unwrap()
}

pub fn is_chance(s: &State) -> bool {
    s.phase() == Phase::Chance
}

/// Draws the first possible card until no chance event is pending; returns how many.
pub fn draw_all(s: &mut State) -> usize {
    let mut n = 0;
    while let Some((card, _)) = s.chance_outcomes().iter().next() {
        s.apply_chance(card).unwrap();
        n += 1;
    }
    n
}

pub fn has(events: &Events, wanted: Event) -> bool {
    events.contains(&wanted)
}
