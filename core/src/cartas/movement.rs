//! The movements of Cartas' events: a token walks forward round the track and into its
//! corridor, or back with a 4, cell by cell; a token brought out, captured or swapped jumps.

use alloc::vec::Vec;

use crate::cartas::{CORRIDOR, Event, SEATS, Spot, State, TRACK, ahead, start};
use crate::movement::{Cause, Motion, Movement, Owner, SpotId, Token};
use crate::seat::Seat;

/// The name of `spot` of a token of `seat`: track cells are shared, home and the corridor its own.
pub(crate) fn spot_id(seat: Seat, spot: Spot) -> SpotId {
    match spot {
        Spot::Track(_) => SpotId::shared(spot),
        _ => SpotId::owned(Owner::Seat(seat), spot),
    }
}

/// The spots a token of `seat` enters from `from` to `to`. No card walks more than half the
/// track forward, so a walk of more is the 4's walk back.
fn path(seat: Seat, from: Spot, to: Spot) -> Vec<SpotId> {
    let track =
        |cells: &mut dyn Iterator<Item = u8>| cells.map(|c| spot_id(seat, Spot::Track(c % TRACK))).collect::<Vec<_>>();
    let corridor = |first: u8, last: u8| (first..=last.min(CORRIDOR)).map(move |c| spot_id(seat, Spot::Corridor(c)));
    match (from, to) {
        (Spot::Track(a), Spot::Track(b)) => {
            let forward = ahead(a, b);
            if forward <= TRACK / 2 {
                track(&mut (1..=forward).map(|k| a + k))
            } else {
                track(&mut (1..=TRACK - forward).map(|k| a + TRACK - k))
            }
        }
        (Spot::Track(a), Spot::Corridor(k)) => {
            // Round to its own start cell, then into the corridor.
            let mut path = track(&mut (1..=ahead(a, start(seat))).map(|s| a + s));
            path.extend(corridor(1, k));
            path
        }
        (Spot::Corridor(j), Spot::Corridor(k)) if j < k => corridor(j + 1, k).collect(),
        _ => alloc::vec![spot_id(seat, to)],
    }
}

/// Appends the movements of `event` to `out`.
pub(crate) fn of_event(event: &Event, out: &mut Vec<Movement>) {
    match *event {
        Event::BroughtOut { seat, cell } => {
            out.push(Movement::jump(
                Owner::Seat(seat),
                spot_id(seat, Spot::Home),
                spot_id(seat, Spot::Track(cell)),
                Cause::Release,
            ));
        }
        Event::Moved { seat, from, to } => out.push(Movement {
            owner: Owner::Seat(seat),
            from: spot_id(seat, from),
            path: path(seat, from, to),
            motion: Motion::Walk,
            cause: Cause::Move,
        }),
        Event::Captured { seat, cell, .. } => {
            out.push(Movement::jump(
                Owner::Seat(seat),
                spot_id(seat, Spot::Track(cell)),
                spot_id(seat, Spot::Home),
                Cause::Captured,
            ));
        }
        Event::Swapped { seat, cell, with, other } => {
            let (here, there) = (SpotId::shared(Spot::Track(cell)), SpotId::shared(Spot::Track(other)));
            out.push(Movement::jump(Owner::Seat(seat), here.clone(), there.clone(), Cause::Swap));
            out.push(Movement::jump(Owner::Seat(with), there, here, Cause::Swap));
        }
        _ => {}
    }
}

/// Every token of every seat, where it stands.
pub(crate) fn tokens(state: &State, out: &mut Vec<Token>) {
    for seat in Seat::ALL.into_iter().take(SEATS) {
        out.extend(state.board().tokens(seat).map(|t| Token { owner: Owner::Seat(seat), spot: spot_id(seat, t.spot) }));
    }
}
