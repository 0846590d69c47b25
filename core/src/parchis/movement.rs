//! The movements of Parchís' events: a token walks its colour's path cell by cell; coming out,
//! a capture and the third double's penalty are jumps.

use alloc::vec::Vec;

use crate::colour::Colour;
use crate::movement::{Cause, Motion, Movement, Owner, SpotId, Token};
use crate::parchis::{Event, Place, Spot, State};

/// The name of `spot` of a token of `colour`: track cells are shared, the rest its own.
pub(crate) fn spot_id(colour: Colour, spot: Spot) -> SpotId {
    match spot {
        Spot::Track(_) => SpotId::shared(spot),
        _ => SpotId::owned(Owner::Colour(colour), spot),
    }
}

/// Appends the movements of `event` to `out`.
pub(crate) fn of_event(event: &Event, out: &mut Vec<Movement>) {
    match *event {
        Event::Exited { colour, to, .. } => {
            out.push(Movement::jump(
                Owner::Colour(colour),
                spot_id(colour, Spot::Home),
                spot_id(colour, to),
                Cause::Release,
            ));
        }
        Event::Moved { colour, from, steps, .. } => {
            let path = Place::of(colour, from)
                .map(|start| {
                    (1..=steps).filter_map(|k| start.plus(k)).map(|p| spot_id(colour, p.spot(colour))).collect()
                })
                .unwrap_or_default();
            out.push(Movement {
                owner: Owner::Colour(colour),
                from: spot_id(colour, from),
                path,
                motion: Motion::Walk,
                cause: Cause::Move,
            });
        }
        Event::Captured { victim, at, .. } => {
            out.push(Movement::jump(
                Owner::Colour(victim),
                spot_id(victim, at),
                spot_id(victim, Spot::Home),
                Cause::Captured,
            ));
        }
        Event::SentHome { colour, from } => {
            out.push(Movement::jump(
                Owner::Colour(colour),
                spot_id(colour, from),
                spot_id(colour, Spot::Home),
                Cause::Penalty,
            ));
        }
        _ => {}
    }
}

/// Every token of the colours in play, where it stands.
pub(crate) fn tokens(state: &State, out: &mut Vec<Token>) {
    for colour in state.config().colours().iter() {
        out.extend(
            state.tokens(colour).map(|spot| Token { owner: Owner::Colour(colour), spot: spot_id(colour, spot) }),
        );
    }
}
