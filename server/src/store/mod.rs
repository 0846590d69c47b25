//! Where the games are kept: append-only rows, one per step, written in group commits.
//!
//! A game is three kinds of rows: its table (variant, dice, the secret of verifiable dice, the
//! header, which is the record without its steps, and whether it started or ended), its seats
//! (one per joined seat, with the token that acts for it; the host's token as seat -1) and its
//! steps (one per step, the step's JSON with its time and its link of the hash chain). A step is
//! inserted once and never rewritten, so storing a move costs the same at step 5,000 as at
//! step 5.
//!
//! [`Store`] is what the server needs of a store; [`sqlite::SqliteStore`] is the embedded one.

pub mod postgres;
pub mod sqlite;

use std::fmt;
use std::future::Future;
use std::pin::Pin;

/// `tables.over` (0 while open): the game ended.
pub const OVER: i64 = 1;
/// `tables.over`: its seats did not all join in time; it is never resumed.
pub const EXPIRED: i64 = 2;
/// The seat number under which the host's token is kept (host dice).
pub const HOST_SEAT: i64 = -1;

/// A store's call, run away from the tasks that serve connections.
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// What the server needs of a store. Calls of one store never overlap.
pub trait Store: Send + Sync + 'static {
    /// Writes a batch in one transaction: all of it or nothing.
    fn commit(&self, batch: Batch) -> Pending<'_, ()>;
    /// The ids of the tables not over nor expired, oldest first.
    fn open_tables(&self) -> Pending<'_, Vec<String>>;
    /// A table's rows, or `None` when no table has that id.
    fn load(&self, table: String) -> Pending<'_, Option<StoredTable>>;
    /// Deletes a table's steps from `index` on: a last row that does not follow the chain.
    fn drop_steps(&self, table: String, index: usize) -> Pending<'_, ()>;
    /// Tables waiting for players, newest first, at most `limit`.
    fn lobby(&self, limit: usize) -> Pending<'_, Vec<LobbyRow>>;
    /// The server's secret of that name (the guests' key), made once, from random bytes, and
    /// the same for every process and after every restart.
    fn secret(&self, name: &'static str) -> Pending<'_, String>;

    // Leases: which process serves a table, where several share a store. A store of one process
    // (SQLite) holds every table.

    /// Takes the table's lease unless another process holds it. `lock_key` is a new table's,
    /// whose row is not stored yet.
    fn acquire(&self, _table: String, _lock_key: Option<i64>) -> Pending<'_, Lease> {
        Box::pin(async { Ok(Lease::Held) })
    }
    /// Gives the table's lease back.
    fn release(&self, _table: String) -> Pending<'_, ()> {
        Box::pin(async { Ok(()) })
    }
    /// The WebSocket URL of the process that serves the table now, if another does.
    fn owner_url(&self, _table: String) -> Pending<'_, Option<String>> {
        Box::pin(async { Ok(None) })
    }
    /// The open tables whose lease nobody holds (their process died), oldest first.
    fn orphans(&self) -> Pending<'_, Vec<String>> {
        Box::pin(async { Ok(Vec::new()) })
    }
    /// A lease key for a new table.
    fn new_lock_key(&self) -> Pending<'_, i64> {
        Box::pin(async {
            let mut key = [0u8; 4];
            getrandom::fill(&mut key).map_err(|e| StoreError(format!("no random key: {e}")))?;
            Ok(i64::from(u32::from_le_bytes(key) >> 1))
        })
    }
    /// Resolves, with why, once the store has lost every lease (its session to the database
    /// ended): the process must stop serving. Never, for a store without leases.
    fn lost(&self) -> Pin<Box<dyn Future<Output = String> + Send + '_>> {
        Box::pin(std::future::pending())
    }
}

/// Whether this process may serve a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lease {
    /// This process holds it (now, or already).
    Held,
    /// Another process holds it.
    Elsewhere,
    /// No table has that id.
    NoTable,
}

/// A store that failed: its message, for the log (never sent to a client).
#[derive(Debug)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

/// A table's first row.
#[derive(Clone, Debug)]
pub struct NewTable {
    pub id: String,
    pub variant: String,
    pub dice: String,
    /// The secret of verifiable dice, hex: a restart must keep the commitment already published.
    pub secret: Option<String>,
    pub header: String,
    /// Milliseconds since the Unix epoch.
    pub created: i64,
    /// The key of the table's lease where leases are taken (PostgreSQL); kept with SQLite too.
    pub lock_key: i64,
}

/// What the tables did since the last commit, in the order it happened.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    pub tables: Vec<NewTable>,
    /// (table, header JSON, started): a join or the start changed the header.
    pub headers: Vec<(String, String, bool)>,
    pub seats: Vec<NewSeat>,
    /// (table, index, step JSON, link)
    pub steps: Vec<(String, usize, String, String)>,
    /// (table, OVER or EXPIRED)
    pub ends: Vec<(String, i64)>,
}

impl Batch {
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
            && self.headers.is_empty()
            && self.seats.is_empty()
            && self.steps.is_empty()
            && self.ends.is_empty()
    }

    pub fn extend(&mut self, other: Batch) {
        self.tables.extend(other.tables);
        self.headers.extend(other.headers);
        self.seats.extend(other.seats);
        self.steps.extend(other.steps);
        self.ends.extend(other.ends);
    }
}

/// A table as the store holds it.
#[derive(Clone, Debug)]
pub struct StoredTable {
    pub id: String,
    pub secret: Option<String>,
    /// The record without its steps: the variant, the dice and the seats' seeds are in it.
    pub header: String,
    pub over: i64,
    pub created: i64,
    /// Every step's JSON, in order.
    pub steps: Vec<String>,
    pub seats: Vec<StoredSeat>,
}

/// A seat taken: by a token, and by an account when the connection had signed in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSeat {
    pub table: String,
    /// The seat, or [`HOST_SEAT`] for the host's token.
    pub seat: i64,
    pub token: String,
    pub player: Option<String>,
    /// `account:SUB` or `guest:ID`: the account that took it, which may come back to it.
    pub account: Option<String>,
}

/// A seat as the store holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    pub seat: i64,
    pub token: String,
    pub player: Option<String>,
    pub account: Option<String>,
}

/// A table of the lobby: (id, variant, dice, seats joined).
pub type LobbyRow = (String, String, String, usize);

/// 32 random bytes in hex: a new secret.
pub fn new_secret() -> Result<String, StoreError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| StoreError(format!("no random secret: {e}")))?;
    Ok(fichas::record::hex(&bytes))
}
