//! Helpers for the Cartas tests: positions from text, actions and events as text.
#![allow(dead_code)]

use fichas::Rules;
use fichas::cartas::{Board, Cards, Config, Event, Events, Rank, State, TOKENS};
use fichas::{Phase, Seat};

/// Reads a position or fails with the reason. A test position in play may leave out its
/// discard pile, which the rule under test does not look at: see [`with_discards`].
pub fn pos(text: &str) -> State {
    let text = with_discards(text);
    text.parse().unwrap_or_else(|e| panic!("{e}\n  in: {text}"))
}

/// `text` with a discard pile its history allows: every card gone from the hands this round
/// lies on the discards (the reader refuses a position where it does not), and in the first
/// round each token out came out on an A, a K or a joker and each theft spent a 2. The cards a
/// test writes in `discards=` stay; what is missing is added: those openers and 2s first, then
/// the lowest ranks still in the deck, so that a test keeps the high cards for its hands.
pub fn with_discards(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let field = |key: &str| words.iter().find_map(|w| w.strip_prefix(key));
    if !matches!(field("stage=").unwrap_or("play"), "play" | "theft" | "over") {
        return text.to_string();
    }
    let (Some(Ok(config)), Ok(round), Ok(mut discards)) = (
        words.first().map(|w| w.parse::<Config>()),
        field("round=").map_or(Ok(0), str::parse::<u16>),
        field("discards=").map_or(Ok(Cards::EMPTY), str::parse::<Cards>),
    ) else {
        return text.to_string();
    };
    let hands: Vec<Cards> = field("hands=").unwrap_or("-/-/-/-").split('/').filter_map(|h| h.parse().ok()).collect();
    let held: usize = hands.iter().map(Cards::len).sum();
    let played = (usize::from([6u8, 5, 4, 3][usize::from(round % 4)]) * 4).saturating_sub(held);
    let mut free = config.deck().minus(&discards).unwrap_or_default();
    for hand in &hands {
        free = free.minus(hand).unwrap_or(free);
    }
    let written = discards;
    let take = |ranks: &[Rank], free: &mut Cards, discards: &mut Cards| {
        if let Some(&rank) = ranks.iter().find(|&&r| free.contains(r)) {
            free.remove(rank);
            discards.add(rank);
        }
    };
    let count = |d: &Cards, ranks: &[Rank]| ranks.iter().map(|&r| usize::from(d.count(r))).sum::<usize>();
    let board: Board = field("tokens=").and_then(|t| t.parse().ok()).unwrap_or_default();
    let openers = [Rank::Ace, Rank::King, Rank::Joker];
    if round == 0 {
        let out: usize = Seat::ALL.iter().map(|&s| TOKENS - board.at_home(s)).sum();
        while count(&discards, &openers) < out && count(&free, &openers) > 0 {
            take(&openers, &mut free, &mut discards);
        }
    }
    let drawing = field("stage=") == Some("theft");
    let thefts = field("thefts=").map_or(0, |t| t.split(',').count()) + usize::from(drawing);
    while count(&discards, &[Rank::Two, Rank::Joker]) < thefts && count(&free, &[Rank::Two, Rank::Joker]) > 0 {
        take(&[Rank::Two, Rank::Joker], &mut free, &mut discards);
    }
    while discards.len() < played && !free.is_empty() {
        let before = discards.len();
        take(&Rank::ALL[2..], &mut free, &mut discards);
        if discards.len() == before {
            take(&Rank::ALL, &mut free, &mut discards);
        }
    }
    if discards == written {
        return text.to_string();
    }
    let rest: Vec<&str> = words.iter().copied().filter(|w| !w.starts_with("discards=")).collect();
    format!("{} discards={discards}", rest.join(" "))
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
