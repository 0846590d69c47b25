//! Rooms: bots in chosen seats, a bot for a seat whose person is away, quick match and rematch.
//!
//! A bot is a seat the server plays with the engine's own bots, from that seat's view alone (in
//! Cartas it never sees another hand), under the same turn limit as a person: it acts a short
//! while after its turn comes (`--bot-delay-ms`), so that people see what it does. The store
//! keeps a bot's seat with `bot:LEVEL` as its account, so a restart knows it.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use fichas::bot::{Bot, Level};
use fichas::seat::Seat;
use fichas::table::{Move, Options, Table};
use serde_json::{Map, Value};

use super::{Connection, Failure, Live, Tables, lock, now_ms, other_refusal, random_hex, seat_of, table_refusal};
use crate::protocol::{Refusal, Request};
use crate::store::{Batch, NewSeat};

/// How a stand-in plays for a person who is away: well enough that the seat keeps its chances.
const STAND_IN: Level = Level::Medium;

/// The account a bot's seat is stored with.
pub(super) fn bot_account(level: Level) -> String {
    format!("bot:{}", level.name())
}

/// The level of a seat stored with a bot's account.
pub(super) fn bot_level(account: &str) -> Option<Level> {
    let name = account.strip_prefix("bot:")?;
    Level::ALL.into_iter().find(|level| level.name() == name)
}

/// A create's `bots`: for each seat from 0, `null` for a person or a level (`easy`, `medium`,
/// `hard`, `expert`) for a bot.
pub(super) fn read_bots(request: &Request) -> Result<Vec<Option<Level>>, Refusal> {
    let bad = || Refusal::bad_request("bots is a list, seat by seat, of null or a level: easy, medium, hard or expert");
    match request.fields.get("bots") {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(seats)) if seats.len() <= Seat::MAX => seats
            .iter()
            .map(|seat| match seat {
                Value::Null => Ok(None),
                Value::String(name) => bot_level(&format!("bot:{name}")).map(Some).ok_or_else(bad),
                _ => Err(bad()),
            })
            .collect(),
        Some(_) => Err(bad()),
    }
}

/// Bots fit the table and leave a seat to a person: a table of bots alone plays for no one.
pub(super) fn check_bots(bots: &[Option<Level>], seats: usize) -> Result<(), Failure> {
    if bots.len() > seats {
        return Err(Refusal::bad_request(format!("bots names {} seats, and the table has {seats}", bots.len())).into());
    }
    if bots.len() == seats && bots.iter().all(Option::is_some) {
        return Err(Refusal::bad_request("a table of bots alone plays for no one: leave a seat to a person").into());
    }
    Ok(())
}

impl Tables {
    /// Seats the bots of a new table, and the rows of their seats.
    pub(super) fn seat_bots(
        &self,
        live: &mut Live,
        bots: &[Option<Level>],
        rows: &mut Vec<NewSeat>,
    ) -> Result<(), Failure> {
        for (seat, level) in bots.iter().enumerate() {
            let Some(level) = *level else { continue };
            let account = bot_account(level);
            let index = Seat::new(seat).ok_or_else(|| Refusal::bad_request("no such seat"))?;
            live.table.join(index, Some(&account), None).map_err(|e| Failure::Table(table_refusal(&e)))?;
            // A bot's token is the server's alone: it is stored, for the seat's row, and given to
            // no one.
            let token = random_hex(16);
            live.seats.insert(seat as i64, token.clone());
            live.bots.insert(seat as i64, level);
            rows.push(NewSeat {
                table: live.id.clone(),
                seat: seat as i64,
                token,
                player: Some(account.clone()),
                account: Some(account),
            });
        }
        Ok(())
    }

    /// The level the server plays the seat to act at, if it plays it: a bot's seat, or a seat
    /// whose person let its turn run out too often in a row.
    fn played_by_server(&self, live: &Live) -> Option<(Seat, Level)> {
        if live.table.is_over() || !live.table.is_started() {
            return None;
        }
        let seat = live.table.to_act()?;
        let key = seat.index() as i64;
        if let Some(level) = live.bots.get(&key) {
            return Some((seat, *level));
        }
        let away = live.timeouts.get(&key).is_some_and(|n| *n >= self.limits.away_after_timeouts);
        away.then_some((seat, STAND_IN))
    }

    /// After every step: if the server plays the seat to act, its turn is taken in a while.
    pub(super) fn schedule_bots(&self, live: &Live) {
        let Some((seat, level)) = self.played_by_server(live) else { return };
        let Some(tables) = self.me.upgrade() else { return };
        let (id, step) = (live.id.clone(), live.table.step());
        tokio::spawn(async move { tables.bot_turn(id, seat, level, step).await });
    }

    /// A bot's turn at `step`, unless the table moved on meanwhile. The roll is asked for like a
    /// person's; a decision is thought on a thread of its own, from the seat's view alone.
    async fn bot_turn(self: Arc<Self>, id: String, seat: Seat, level: Level, step: usize) {
        tokio::time::sleep(self.limits.bot_delay).await;
        let Some(shared) = lock(&self.registry).tables.get(&id).cloned() else { return };
        let still = |live: &Live| live.table.step() == step && live.table.to_act() == Some(seat);
        let view = {
            let mut live = lock(&shared);
            if !still(&live) {
                return;
            }
            if live.table.legal_actions(seat) == ["roll"] {
                self.bot_moves(&mut live, seat, Move::Roll);
                return;
            }
            live.table.view(seat)
        };
        let seed = u64::from_le_bytes(*b"fichasbt") ^ (step as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let thought = tokio::task::spawn_blocking(move || Bot::new(level, seed).choose(&view)).await;
        let Ok(Some(choice)) = thought else {
            tracing::error!("table {id}: the bot of seat {} found no move", seat.index());
            return;
        };
        let mut live = lock(&shared);
        if still(&live) {
            self.bot_moves(&mut live, seat, Move::Action(choice.action));
        }
    }

    fn bot_moves(&self, live: &mut Live, seat: Seat, action: Move) {
        let step = live.table.step();
        match live.table.submit_move(seat, step, action, Some(now_ms())) {
            Ok(_) => self.advance(live, false, None),
            Err(e) => tracing::error!("table {}: the bot of seat {} was refused: {e}", live.id, seat.index()),
        }
    }

    /// `quick`: a seat at the oldest table of the variant that waits for players, or at a new
    /// one. The reply is `joined`, with `variant`, `seats` and whether the table is new.
    pub(super) async fn on_quick(&self, conn: &mut Connection, request: &Request) -> Result<(), Failure> {
        let variant: fichas::game::Variant = request
            .text("variant")?
            .parse()
            .map_err(|e| Failure::Table(other_refusal("ConfigError", format!("{e}"))))?;
        let name = variant.to_string();
        let seed = request.optional_text("seed")?;
        let player = request.optional_text("player")?;
        loop {
            let waiting = {
                let mut registry = lock(&self.registry);
                let queue = registry.quick.entry(name.clone()).or_default();
                // The oldest first; a table that started or left memory leaves the queue.
                let found = queue.front().cloned();
                found.map(|id| (id.clone(), registry.tables.get(&id).cloned()))
            };
            let Some((id, shared)) = waiting else { break };
            let mut live = match &shared {
                Some(shared) => lock(shared),
                None => {
                    self.leave_quick(&name, &id);
                    continue;
                }
            };
            let free = (0..live.table.seats() as i64).find(|seat| !live.seats.contains_key(seat));
            let mine = conn.account.as_ref().is_some_and(|a| live.accounts.values().any(|owner| *owner == a.id));
            match free {
                Some(seat) if !live.table.is_started() && !mine => {
                    let extra = quick_fields(&live, false);
                    if live.seats.len() + 1 >= live.table.seats() {
                        self.leave_quick(&name, &id);
                    }
                    return self.take_seat(conn, &mut live, seat as u64, player, seed, request.id.as_ref(), extra);
                }
                // A table the connection's account already sits at is not offered to it again.
                Some(_) if mine => break,
                _ => {
                    drop(live);
                    self.leave_quick(&name, &id);
                }
            }
        }
        let bots = read_bots(request)?;
        let dice = "verifiable";
        let (id, _, batch) = self.open_table(conn, &name, dice, self.limits.turn_limit_ms, &bots, true).await?;
        self.add(&id, batch, |_| {});
        let Some(shared) = lock(&self.registry).tables.get(&id).cloned() else {
            return Err(Refusal::new("ServerError", "the new table left at once: try again").into());
        };
        let mut live = lock(&shared);
        let seat = (0..live.table.seats() as i64).find(|seat| !live.seats.contains_key(seat)).unwrap_or(0);
        let extra = quick_fields(&live, true);
        self.take_seat(conn, &mut live, seat as u64, player, seed, request.id.as_ref(), extra)
    }

    fn leave_quick(&self, variant: &str, id: &str) {
        if let Some(queue) = lock(&self.registry).quick.get_mut(variant) {
            queue.retain(|queued| queued != id);
        }
    }

    /// `rematch`: once the game is over, a seat asks for another with the same seats. When every
    /// person's seat has asked (bots always do), the new table starts, and each seat's
    /// connections get `rematched`, with the new table and their seat's token there. Until then
    /// every connection of the table hears who asked (`rematch`).
    pub(super) async fn on_rematch(&self, conn: &mut Connection, request: &Request) -> Result<(), Failure> {
        let (shared, seat) = self.authorize(conn, request).await?;
        {
            let mut live = lock(&shared);
            if !live.table.is_over() {
                return Err(Failure::Table(other_refusal(
                    "TableError",
                    "a rematch comes once the game is over".into(),
                )));
            }
            if let Some((next, tokens)) = &live.next {
                // Asked again, or by a seat's other device: the rematch made.
                conn.peer.send(rematched(&live.id, next, seat, tokens.get(&seat)));
                return Ok(());
            }
            live.rematch.insert(seat);
            let people: Vec<i64> = (0..live.table.seats() as i64).filter(|s| !live.bots.contains_key(s)).collect();
            let asked: Vec<i64> = people.iter().copied().filter(|s| live.rematch.contains(s)).collect();
            if asked.len() < people.len() {
                let message = serde_json::json!({"type": "rematch", "table": live.id, "asked": asked, "seats": people});
                let message = Utf8Bytes::from(message.to_string());
                for attached in &live.attached {
                    attached.peer.send(message.clone());
                }
                return Ok(());
            }
        }
        // Every person asked: the new table's lease first (the store is awaited with no lock
        // held), then the table, unless another request made it meanwhile.
        let id = random_hex(6);
        let lock_key = self.store.new_lock_key().await.map_err(|e| {
            tracing::error!("a rematch could not be leased: {e}");
            Refusal::new("ServerError", "the rematch could not be made: try again")
        })?;
        if self.store.acquire(id.clone(), Some(lock_key)).await.ok() != Some(crate::store::Lease::Held) {
            return Err(Refusal::new("ServerError", "the rematch could not be made: try again").into());
        }
        let mut live = lock(&shared);
        if let Some((next, tokens)) = &live.next {
            conn.peer.send(rematched(&live.id, next, seat, tokens.get(&seat)));
            self.release(id);
            return Ok(());
        }
        let people: Vec<i64> = (0..live.table.seats() as i64).filter(|s| !live.bots.contains_key(s)).collect();
        // The same variant, dice and turn limit, the same seats.
        let header = live.table.header();
        let turn_limit_ms = header.table().and_then(|meta| meta.turn_limit_ms);
        let players: Vec<Option<String>> = header.table().map(|meta| meta.players.clone()).unwrap_or_default();
        let options = Options { dice: live.table.dice(), turn_limit_ms };
        let table = Table::new(live.table.variant(), options).map_err(|e| Failure::Table(table_refusal(&e)))?;
        let secret = table.reveal().map(fichas::table::Secret::to_hex);
        let mut next = Live::new(id.clone(), table, secret, now_ms());
        let mut rows = Vec::new();
        let bots: Vec<Option<Level>> = (0..next.table.seats() as i64).map(|s| live.bots.get(&s).copied()).collect();
        self.seat_bots(&mut next, &bots, &mut rows)?;
        let mut tokens = std::collections::HashMap::new();
        for &seat in &people {
            let index = seat_of(seat).ok_or_else(|| Refusal::bad_request("no such seat"))?;
            let player = players.get(seat as usize).cloned().flatten();
            next.table.join(index, player.as_deref(), None).map_err(|e| Failure::Table(table_refusal(&e)))?;
            let token = random_hex(16);
            let account = live.accounts.get(&seat).cloned();
            if let Some(account) = &account {
                next.accounts.insert(seat, account.clone());
            }
            next.seats.insert(seat, token.clone());
            tokens.insert(seat, token.clone());
            rows.push(NewSeat { table: id.clone(), seat, token, player, account });
        }
        let mut batch = Batch::default();
        batch.tables.push(next.first_row(lock_key));
        batch.seats = rows;
        next.table.start(Some(now_ms())).map_err(|e| Failure::Table(table_refusal(&e)))?;
        {
            let mut registry = lock(&self.registry);
            for (seat, token) in &tokens {
                registry.tokens.insert(token.clone(), (id.clone(), *seat));
            }
        }
        self.add(&id, batch, |_| {});
        // The start's rows and the bots' first turn, as at any start.
        self.advance(&mut next, true, None);
        let next = Arc::new(std::sync::Mutex::new(next));
        lock(&self.registry).tables.insert(id.clone(), next);
        for attached in &live.attached {
            if let Some(seat) = attached.seat.filter(|s| *s >= 0) {
                attached.peer.send(rematched(&live.id, &id, seat, tokens.get(&seat)));
            }
        }
        live.next = Some((id, tokens));
        Ok(())
    }
}

/// What `joined` adds for a quick match: the variant, its seats, and whether the table is new.
fn quick_fields(live: &Live, new: bool) -> Map<String, Value> {
    let mut extra = Map::new();
    extra.insert("variant".into(), live.table.variant().to_string().into());
    extra.insert("seats".into(), live.table.seats().into());
    extra.insert("new".into(), new.into());
    extra
}

fn rematched(table: &str, next: &str, seat: i64, token: Option<&String>) -> Utf8Bytes {
    let message = serde_json::json!({"type": "rematched", "table": table, "next": next, "seat": seat, "token": token});
    Utf8Bytes::from(message.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bots_account_names_its_level_and_reads_back() {
        for level in Level::ALL {
            assert_eq!(bot_level(&bot_account(level)), Some(level));
        }
        assert_eq!(bot_level("bot:grandmaster"), None);
        assert_eq!(bot_level("account:bot:easy"), None);
    }

    #[test]
    fn a_table_of_bots_alone_is_refused() {
        let easy = Some(Level::Easy);
        assert!(check_bots(&[easy, easy], 2).is_err());
        assert!(check_bots(&[None, easy, easy], 2).is_err());
        assert!(check_bots(&[None, easy, easy, easy], 4).is_ok());
    }
}
