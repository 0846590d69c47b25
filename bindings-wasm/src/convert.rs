//! The plain values that cross to JavaScript: actions with their marks, events, outcomes. Each is
//! built from the engine's own value; nothing is re-derived here.

use fichas::game::{self, Choice};
use fichas::{Seat, parchis};
use serde_json::{Value, json};

use crate::{Failure, Kind, Result};

/// A choice as the TypeScript `Choice` declares it.
pub(crate) fn choice(choice: &Choice, id: Option<u16>, seat: Option<Seat>) -> Value {
    let mut value = json!({
        "notation": choice.action().to_string(),
        "label": choice.to_string(),
        "id": id,
        "seat": seat.map(Seat::index),
        "compliance": null, "priority": null, "mark": null, "landing": null,
        "colour": null, "steps": null, "captures": null, "card": null, "named": null,
    });
    let fields = &mut value;
    match choice {
        Choice::Poleana(c) => {
            fields["compliance"] = json!(if c.is_infraction() { "infraction" } else { "compliant" });
            fields["priority"] = json!(c.priority as u8);
            fields["mark"] = json!(c.mark.map(|m| match m {
                fichas::poleana::Mark::Safe => "safe",
                fichas::poleana::Mark::Police => "police",
            }));
            fields["landing"] = json!(c.landing.map(|s| s.to_string()));
        }
        Choice::Parchis(parchis::Choice { colour, steps, landing, captures, .. }) => {
            fields["colour"] = json!(colour.name());
            fields["steps"] = json!(steps);
            fields["landing"] = json!(landing.to_string());
            fields["captures"] = json!(captures.map(|c| c.name()));
        }
        Choice::Cartas(a) => {
            fields["card"] = json!(a.card().map(|c| c.to_string()));
            fields["named"] = json!(a.named().map(|c| c.to_string()));
        }
    }
    value
}

/// The legal actions of a dice game's state (or a game's), with their ids and seat.
pub(crate) fn choices(state: &game::State, choices: &[Choice]) -> Value {
    let seat = state.phase().to_act();
    Value::Array(choices.iter().map(|c| choice(c, state.action_id(&c.action()), seat)).collect())
}

pub(crate) fn events(events: &[game::Event]) -> Result<Value> {
    serde_json::to_value(events).map_err(crate::internal)
}

pub(crate) fn outcome(outcome: &game::Outcome, winners: &[Seat]) -> Result<Value> {
    Ok(json!({
        "winners": winners.iter().map(|s| s.index()).collect::<Vec<_>>(),
        "colours": outcome.colours().iter().map(|c| c.name()).collect::<Vec<_>>(),
        "special": outcome.is_special(),
        "detail": serde_json::to_value(outcome).map_err(crate::internal)?,
    }))
}

pub(crate) fn chance_outcomes(outcomes: Vec<(game::ChanceOutcome, u32)>) -> Value {
    Value::Array(outcomes.into_iter().map(|(o, w)| json!([o.to_string(), w])).collect())
}

/// A seat number of a JavaScript caller, checked against the variant.
pub(crate) fn seat_of(variant: &game::Variant, seat: f64) -> Result<Seat> {
    let refuse = || {
        Failure::new(
            Kind::Seat,
            format!("seat {seat} is not at this table: {variant} has seats 0 to {}", variant.seats() - 1),
        )
    };
    if seat.fract() != 0.0 || !(0.0..4.0).contains(&seat) {
        return Err(refuse());
    }
    Seat::new(seat as usize).filter(|s| s.index() < variant.seats()).ok_or_else(refuse)
}

/// The text of an action given as its notation or as an `Action` object.
pub(crate) fn notation_of(action: &wasm_bindgen::JsValue) -> Result<String> {
    if let Some(text) = action.as_string() {
        return Ok(text);
    }
    if action.is_object() {
        let notation = js_sys::Reflect::get(action, &"notation".into()).ok().and_then(|n| n.as_string());
        if let Some(notation) = notation {
            return Ok(notation);
        }
    }
    Err(Failure::new(Kind::Parse, "an action is its notation (a text such as `Y12+5`) or a Choice from legalActions()"))
}
