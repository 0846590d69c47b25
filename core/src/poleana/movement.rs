//! The movements of Poleana's events: a token (or both of a tapón) walks its colour's way cell
//! by cell, up a bridge when its route says so; releases, rescues, captures, sweeps and
//! penalties are jumps.

use alloc::vec::Vec;

use crate::colour::Colour;
use crate::movement::{Cause, Motion, Movement, Owner, SpotId, Token};
use crate::poleana::{Config, Event, Route, Spot, State};

/// The name of `spot` of a token of `colour`: perimeter and bridge cells are shared (a cell of
/// the final approach is the same cell), the rest its own.
pub(crate) fn spot_id(colour: Colour, spot: Spot) -> SpotId {
    match spot {
        Spot::Side { side, number, .. } => SpotId::shared(Spot::Side { side, number, homeward: false }),
        Spot::Bridge { .. } => SpotId::shared(spot),
        _ => SpotId::owned(Owner::Colour(colour), spot),
    }
}

/// The spots a token of `colour` enters walking `steps` from `from`, up the first bridge it may
/// take when `route` is the bridge (a token on a bridge comes down it first).
fn path(config: &Config, colour: Colour, from: Spot, steps: u8, route: Route) -> Vec<SpotId> {
    let board = config.board();
    let mut path = Vec::with_capacity(usize::from(steps));
    let Some(mut place) = board.place(colour, from) else { return path };
    let mut up = route == Route::Bridge;
    for _ in 0..steps {
        let Some(next) = board.step(colour, place, up, config.bridges_open_to_all()) else { break };
        let next_spot = board.spot(colour, next);
        if matches!(board.spot(colour, place), Spot::Side { .. }) && matches!(next_spot, Spot::Bridge { .. }) {
            up = false;
        }
        path.push(spot_id(colour, next_spot));
        place = next;
    }
    path
}

/// Appends the movements of `event` to `out`.
pub(crate) fn of_event(config: &Config, event: &Event, out: &mut Vec<Movement>) {
    let jumps = |out: &mut Vec<Movement>, colour: Colour, from: Spot, to: Spot, count: u8, cause: Cause| {
        for _ in 0..count {
            out.push(Movement::jump(Owner::Colour(colour), spot_id(colour, from), spot_id(colour, to), cause));
        }
    };
    match *event {
        Event::Released { colour, to, count } => jumps(out, colour, Spot::Start, to, count, Cause::Release),
        Event::Rescued { colour, to } => jumps(out, colour, Spot::Limbo, to, 1, Cause::Rescue),
        Event::Swept { colour, from } => jumps(out, colour, from, Spot::Start, 1, Cause::Swept),
        Event::Captured { victim, at, count, .. } => jumps(out, victim, at, Spot::Start, count, Cause::Captured),
        Event::SentHome { colour, from, count } => jumps(out, colour, from, Spot::Start, count, Cause::Penalty),
        Event::ToLimbo { colour } => jumps(out, colour, Spot::Start, Spot::Limbo, 1, Cause::Penalty),
        Event::Moved { colour, from, steps, route, .. } => out.push(Movement {
            owner: Owner::Colour(colour),
            from: spot_id(colour, from),
            path: path(config, colour, from, steps, route),
            motion: Motion::Walk,
            cause: Cause::Move,
        }),
        Event::TaponMoved { colour, from, steps, .. } => {
            let walk = Movement {
                owner: Owner::Colour(colour),
                from: spot_id(colour, from),
                path: path(config, colour, from, steps, Route::Perimeter),
                motion: Motion::Walk,
                cause: Cause::Move,
            };
            out.push(walk.clone());
            out.push(walk);
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
