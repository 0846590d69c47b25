//! The live tables: each request checked against its table, each step stored before anyone
//! hears of it, each seat sent what its view allows.
//!
//! A table's calls are whole and never await: a request takes the table's lock, acts, and queues
//! its rows and its messages for the next group commit ([`Tables::run_commits`]), all under the
//! lock, so the steps of one table are stored and told in their order. Only the store (loading a
//! table, the lobby) is awaited, and never with a lock held.

mod rooms;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::extract::ws::Utf8Bytes;
use fichas::record::{ChainError, Record, RecordError, hex};
use fichas::seat::{Seat, Viewer};
use fichas::table::{DiceSource, Options, Secret, Table, TableError};
use serde::Serialize;
use serde_json::{Map, Value};
use tokio::sync::mpsc;

use crate::accounts::{Account, Accounts};
use crate::config::Limits;
use crate::metrics::Metrics;
use crate::peer::{Bucket, CLOSE_TAKEN_OVER, Peer};
use crate::protocol::{Kind, Refusal, Request, RequestId, refused, with_id};
use crate::store::{Batch, EXPIRED, HOST_SEAT, Lease, NewSeat, NewTable, OVER, Store, StoredTable};
use fichas::bot::Level;

/// Tables the lobby lists at most.
pub const LOBBY_SIZE: usize = 100;
/// How often the clock looks for turns past their deadline and tables that waited too long.
pub const CLOCK_PERIOD: Duration = Duration::from_millis(50);
/// The dice this server runs.
const DICE: [&str; 3] = ["verifiable", "system", "host"];

/// The server's clock: wall time, since deadlines and record times outlive a restart.
pub fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// A connection attached to a table: a seat's, the host's or a spectator's, with the table step
/// of the last update it was sent.
struct Attached {
    /// `Some(seat)`, `Some(HOST_SEAT)` for the host, `None` for a spectator.
    seat: Option<i64>,
    peer: Arc<Peer>,
    delivered: usize,
}

/// A table in memory, with its seats' tokens and the connections attached to it.
pub struct Live {
    id: String,
    table: Table,
    secret: Option<String>,
    created: u64,
    /// seat -> token (HOST_SEAT: the host's)
    seats: HashMap<i64, String>,
    /// seat -> the account that took it, when it had signed in
    accounts: HashMap<i64, String>,
    /// Whether seats see different things (hands hidden from the others).
    hides: bool,
    attached: Vec<Attached>,
    /// How many of the table's steps went into a batch for the store.
    appended: usize,
    creator: Option<Arc<Peer>>,
    /// Seats the server plays, and how strongly.
    bots: HashMap<i64, Level>,
    /// Timeouts in a row of each seat: past the limit, a bot plays the seat until its person
    /// acts again.
    timeouts: HashMap<i64, u32>,
    /// Offered to quick match.
    quick: bool,
    /// Once the game is over: the seats that asked for a rematch, and the rematch once made
    /// (its id, and each seat's token there).
    rematch: HashSet<i64>,
    next: Option<(String, HashMap<i64, String>)>,
}

impl Live {
    /// The table's first row, stored at its creation with its secret: a restart must keep the
    /// commitment already published.
    fn first_row(&self, lock_key: i64) -> NewTable {
        NewTable {
            id: self.id.clone(),
            variant: self.table.variant().to_string(),
            dice: self.table.dice().to_string(),
            secret: self.secret.clone(),
            header: self.table.header().to_json(),
            created: self.created as i64,
            lock_key,
        }
    }

    fn new(id: String, table: Table, secret: Option<String>, created: u64) -> Live {
        Live {
            id,
            secret,
            created,
            seats: HashMap::new(),
            accounts: HashMap::new(),
            hides: table.variant().info().has.hidden_hands,
            attached: Vec::new(),
            appended: 0,
            creator: None,
            bots: HashMap::new(),
            timeouts: HashMap::new(),
            quick: false,
            rematch: HashSet::new(),
            next: None,
            table,
        }
    }
}

type Shared = Arc<Mutex<Live>>;

/// What the tables share, behind one short lock: never held while a table's is taken.
#[derive(Default)]
struct Registry {
    tables: HashMap<String, Shared>,
    /// token -> (table, seat)
    tokens: HashMap<String, (String, i64)>,
    /// Tables in memory that wait for their players.
    unstarted: HashSet<String>,
    /// Tables being closed (expired), whose last row is not committed yet: not to be loaded.
    closing: HashSet<String>,
    /// Tables whose stored rows do not resume: kept out of service; an operator looks at them.
    broken: HashSet<String>,
    /// Tables whose rows a failed commit lost: nothing more of theirs is stored or sent until
    /// they are loaded again from what the store holds.
    poisoned: HashSet<String>,
    /// Tables offered to quick match, by variant, oldest first.
    quick: HashMap<String, std::collections::VecDeque<String>>,
}

/// What waits for a commit: its rows, and what to do once they are stored (or not).
struct Entry {
    table: String,
    batch: Batch,
    then: Box<dyn FnOnce(bool) + Send>,
}

/// The live tables of one server process.
pub struct Tables {
    store: Arc<dyn Store>,
    limits: Limits,
    registry: Mutex<Registry>,
    commits: mpsc::UnboundedSender<Entry>,
    /// One table loads at a time, however many requests name it.
    loading: tokio::sync::Mutex<()>,
    /// Draining: no table is created.
    pub draining: AtomicBool,
    pub metrics: Arc<Metrics>,
    accounts: Accounts,
    /// The tables themselves, for the tasks they start (a bot's turn).
    me: std::sync::Weak<Tables>,
}

/// A connection's own state that no table shares.
pub struct Connection {
    pub peer: Arc<Peer>,
    creates: Bucket,
    /// The account it signed in, if it did.
    account: Option<Account>,
}

impl Connection {
    pub fn new(peer: Arc<Peer>, limits: &Limits) -> Connection {
        let per_minute = f64::from(limits.creates_per_minute);
        Connection { peer, creates: Bucket::new(per_minute / 60.0, per_minute), account: None }
    }
}

/// Why a request did not go through: the server's refusal or the table's.
enum Failure {
    Refused(Refusal),
    Table(Value),
    /// Another process serves the table, at this URL.
    Moved(String, String),
}

impl From<Refusal> for Failure {
    fn from(r: Refusal) -> Failure {
        Failure::Refused(r)
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while a lock was held is a bug, logged by the panic hook; the data is still whole
    // enough to go on serving the other tables.
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn text(message: &Map<String, Value>) -> Utf8Bytes {
    Utf8Bytes::from(Value::Object(message.clone()).to_string())
}

/// The reply to a create or a join whose commit failed: nothing of it was kept.
fn not_stored(id: Option<&RequestId>) -> Utf8Bytes {
    let refusal = Refusal::new("ServerError", "the store failed; nothing was kept: try again");
    text(&with_id(refused(&refusal), id))
}

/// A table's refusal as a message, with what the error knows: the step now, the seat to act,
/// the legal moves, and its stable code.
fn table_refusal(error: &TableError) -> Value {
    let name = match error {
        TableError::NotYourTurn { .. } => "NotYourTurnError",
        TableError::Stale { .. } => "StaleStepError",
        TableError::Ahead { .. } => "FutureStepError",
        TableError::HostOnly => "HostOnlyError",
        TableError::GameOver => "GameOverError",
        TableError::Illegal { .. } => "IllegalActionError",
        _ => "TableError",
    };
    let mut out =
        serde_json::json!({"type": "refused", "error": name, "message": error.to_string(), "code": error.code()});
    match error {
        TableError::NotYourTurn { to_act_seat, .. } => {
            out["to_act"] = to_act_seat.map(Seat::index).into();
        }
        TableError::Stale { current, .. } | TableError::Ahead { current, .. } => out["step"] = (*current).into(),
        TableError::Illegal { legal, code, .. } => {
            out["legal"] = legal.clone().into();
            out["reason"] = (*code).into();
        }
        _ => {}
    }
    out
}

fn other_refusal(error: &'static str, message: String) -> Value {
    serde_json::json!({"type": "refused", "error": error, "message": message})
}

fn random_hex(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).expect("the operating system's secure generator");
    hex(&buf)
}

fn is_table_id(id: &str) -> bool {
    id.len() == 12 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn seat_of(index: i64) -> Option<Seat> {
    usize::try_from(index).ok().and_then(Seat::new)
}

impl Tables {
    /// The tables of a server, and the receiver its committer runs on.
    pub fn new(store: Arc<dyn Store>, limits: Limits, accounts: Accounts) -> (Arc<Tables>, CommitQueue) {
        let (commits, rx) = mpsc::unbounded_channel();
        let tables = Arc::new_cyclic(|me| Tables {
            store,
            limits,
            registry: Mutex::default(),
            commits,
            loading: tokio::sync::Mutex::new(()),
            draining: AtomicBool::new(false),
            metrics: Arc::default(),
            accounts,
            me: me.clone(),
        });
        (tables, CommitQueue(rx))
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Tables in memory, and how many of them wait for their players.
    pub fn counts(&self) -> (usize, usize) {
        let registry = lock(&self.registry);
        (registry.tables.len(), registry.unstarted.len())
    }

    fn add(&self, table: &str, batch: Batch, then: impl FnOnce(bool) + Send + 'static) {
        let _ = self.commits.send(Entry { table: table.to_owned(), batch, then: Box::new(then) });
    }

    /// Waits until everything queued so far is committed (or failed).
    pub async fn flush(&self) {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.add("", Batch::default(), move |_| {
            let _ = tx.send(());
        });
        let _ = rx.await;
    }

    // -- start-up --------------------------------------------------------------------------------

    /// Resumes every open table from the store; the number resumed.
    pub async fn restore(&self) -> Result<usize, crate::store::StoreError> {
        let mut restored = 0;
        for id in self.store.open_tables().await? {
            if self.store.acquire(id.clone(), None).await? == Lease::Held && self.take(&id).await.is_some() {
                restored += 1;
            }
        }
        Ok(restored)
    }

    /// Takes over the open tables nobody holds (those of a process that died), every `period`;
    /// runs until the process ends.
    pub async fn run_takeover(self: Arc<Self>, period: Duration) {
        loop {
            tokio::time::sleep(period).await;
            let orphans = match self.store.orphans().await {
                Ok(orphans) => orphans,
                Err(e) => {
                    tracing::error!("the takeover scan failed: {e}");
                    continue;
                }
            };
            for id in orphans {
                if lock(&self.registry).tables.contains_key(&id) {
                    continue;
                }
                if matches!(self.store.acquire(id.clone(), None).await, Ok(Lease::Held)) {
                    if self.take(&id).await.is_some() {
                        tracing::info!("took over table {id}");
                    } else {
                        self.release(id);
                    }
                }
            }
        }
    }

    /// Gives a table's lease back, in the background.
    fn release(&self, id: String) {
        let store = Arc::clone(&self.store);
        tokio::spawn(async move {
            if let Err(e) = store.release(id.clone()).await {
                tracing::warn!("the lease of table {id} could not be given back: {e}");
            }
        });
    }

    /// Loads a table, once, however many requests ask for it.
    async fn take(&self, id: &str) -> Option<Shared> {
        if let Some(live) = lock(&self.registry).tables.get(id) {
            return Some(Arc::clone(live));
        }
        let _loading = self.loading.lock().await;
        {
            let registry = lock(&self.registry);
            if let Some(live) = registry.tables.get(id) {
                return Some(Arc::clone(live));
            }
            if registry.broken.contains(id) || registry.closing.contains(id) {
                return None;
            }
        }
        let stored = match self.store.load(id.to_owned()).await {
            Ok(Some(stored)) if stored.over != EXPIRED => stored,
            Ok(_) => return None, // an expired table is closed for good
            Err(e) => {
                tracing::error!("table {id} could not be loaded: {e}");
                return None;
            }
        };
        let (table, kept) = match self.resume(&stored).await {
            Ok(resumed) => resumed,
            Err(e) => {
                tracing::error!("table {id} cannot be resumed: {e}");
                lock(&self.registry).broken.insert(id.to_owned());
                return None;
            }
        };
        let started = table.is_started();
        let mut live =
            Live::new(id.to_owned(), table, stored.secret.clone(), u64::try_from(stored.created).unwrap_or(0));
        live.appended = kept;
        let shared = {
            let mut registry = lock(&self.registry);
            registry.poisoned.remove(id); // what the store holds is the table now
            if !started {
                registry.unstarted.insert(id.to_owned());
            }
            for seat in &stored.seats {
                live.seats.insert(seat.seat, seat.token.clone());
                if let Some(level) = seat.account.as_deref().and_then(rooms::bot_level) {
                    live.bots.insert(seat.seat, level);
                } else if let Some(account) = &seat.account {
                    live.accounts.insert(seat.seat, account.clone());
                }
                registry.tokens.insert(seat.token.clone(), (id.to_owned(), seat.seat));
            }
            let shared = Arc::new(Mutex::new(live));
            registry.tables.insert(id.to_owned(), Arc::clone(&shared));
            shared
        };
        let mut live = lock(&shared);
        if live.table.step() > kept {
            // The resume drew what was due (a card to deal after a dropped row): stored like any
            // step before anyone hears of it.
            self.advance(&mut live, false, None);
        } else {
            self.schedule_bots(&live);
        }
        drop(live);
        Some(shared)
    }

    /// The table from its rows, and how many of them it kept.
    async fn resume(&self, stored: &StoredTable) -> Result<(Table, usize), String> {
        let mut steps = stored.steps.clone();
        if let Some(index) = broken_row(&stored.header, &steps)? {
            // A last row the chain refuses. A store that appends in place can tear its last
            // write; SQLite's and PostgreSQL's transactions cannot, so the row was changed after
            // its commit, and its seats may have seen it: dropped, loudly. Any other break is not
            // a torn write, and the table is not resumed.
            if index + 1 != steps.len() {
                return Err(format!("its step {index} does not follow its chain, and it is not the last"));
            }
            tracing::error!("table {}: dropping its last step {index}, which does not follow its chain", stored.id);
            self.store.drop_steps(stored.id.clone(), index).await.map_err(|e| e.to_string())?;
            steps.pop();
        }
        let record = Record::from_json_parts(&stored.header, &steps).map_err(|e| e.to_string())?;
        let secret = match &stored.secret {
            Some(hex) => Some(Secret::from_hex(hex).ok_or("its stored secret is not 64 hexadecimal digits")?),
            None => None,
        };
        let mut table = Table::resume(&record, secret).map_err(|e| e.to_string())?;
        // The seat to act gets its whole turn again: no one pays for the time the server was down.
        table.restart_clock(now_ms());
        Ok((table, steps.len()))
    }

    // -- requests --------------------------------------------------------------------------------

    /// Handles one text frame from a connection; its direct reply, if any, is sent from here or
    /// after the commit it waits for.
    pub async fn handle(&self, conn: &mut Connection, frame: &str) {
        let request = match crate::protocol::parse(frame) {
            Ok(request) => request,
            Err((id, refusal)) => {
                self.metrics.refused(refusal.error);
                conn.peer.send(text(&with_id(refused(&refusal), id.as_ref())));
                return;
            }
        };
        let result = match request.kind {
            Kind::Create => self.on_create(conn, &request).await,
            Kind::Join => self.on_join(conn, &request).await,
            Kind::Hello => self.on_hello(conn, &request).await,
            Kind::Act => self.on_act(conn, &request).await,
            Kind::Watch => self.on_watch(conn, &request).await,
            Kind::List => self.on_list(conn, &request).await,
            Kind::Supply => self.on_supply(conn, &request).await,
            Kind::Auth => self.on_auth(conn, &request),
            Kind::Quick => self.on_quick(conn, &request).await,
            Kind::Rematch => self.on_rematch(conn, &request).await,
            Kind::Guest => self.on_guest(conn, &request),
        };
        match result {
            Ok(()) => {}
            Err(Failure::Moved(table, url)) => {
                let moved = serde_json::json!({"type": "moved", "table": table, "url": url});
                let Value::Object(moved) = moved else { return };
                conn.peer.send(text(&with_id(moved, request.id.as_ref())));
            }
            Err(Failure::Refused(refusal)) => {
                self.metrics.refused(refusal.error);
                conn.peer.send(text(&with_id(refused(&refusal), request.id.as_ref())));
            }
            Err(Failure::Table(mut value)) => {
                self.metrics.refused(value["error"].as_str().unwrap_or("TableError"));
                if let Some(id) = &request.id {
                    value["id"] = id.to_value();
                }
                let message = Utf8Bytes::from(value.to_string());
                // Built from the table as it stands, which may hold a step still being committed:
                // the refusal goes out after that commit, as an update would.
                let live = request.table.as_deref().filter(|id| lock(&self.registry).tables.contains_key(*id));
                match live {
                    Some(id) => {
                        let peer = Arc::clone(&conn.peer);
                        self.add(id, Batch::default(), move |_| peer.send(message));
                    }
                    None => conn.peer.send(message),
                }
            }
        }
    }

    async fn on_create(&self, conn: &mut Connection, request: &Request) -> Result<(), Failure> {
        let variant = request.text("variant")?;
        let dice = match request.fields.get("dice") {
            None => "verifiable",
            Some(Value::String(d)) if DICE.contains(&d.as_str()) => d.as_str(),
            Some(other) => {
                return Err(Refusal::bad_request(format!(
                    "dice is one of {}, not {}",
                    DICE.join(", "),
                    crate::protocol::short(other)
                ))
                .into());
            }
        };
        let turn_limit_ms = request.turn_limit_ms(self.limits.turn_limit_ms)?;
        let bots = rooms::read_bots(request)?;
        let (id, mut reply, batch) = self.open_table(conn, variant, dice, turn_limit_ms, &bots, false).await?;
        if let Some(request_id) = &request.id {
            reply["id"] = request_id.to_value();
        }
        let reply = Utf8Bytes::from(reply.to_string());
        let failed = not_stored(request.id.as_ref());
        let peer = Arc::clone(&conn.peer);
        self.add(&id, batch, move |stored| peer.send(if stored { reply } else { failed }));
        Ok(())
    }

    /// A new table in memory, registered, with its bots seated: the reply `created` and the
    /// rows to store, which the caller queues. Every limit on creating tables holds here.
    async fn open_table(
        &self,
        conn: &mut Connection,
        variant: &str,
        dice: &str,
        turn_limit_ms: Option<u64>,
        bots: &[Option<Level>],
        quick: bool,
    ) -> Result<(String, Value, Batch), Failure> {
        if self.draining.load(Ordering::Relaxed) {
            return Err(
                Refusal::new("ServerError", "the server is restarting: create the table again in a moment").into()
            );
        }
        let waiting = lock(&conn.peer.waiting).len();
        if waiting >= self.limits.open_tables_per_connection {
            return Err(Refusal::new(
                "TooManyTables",
                format!(
                    "this connection has {waiting} tables waiting for players: at most {}",
                    self.limits.open_tables_per_connection
                ),
            )
            .into());
        }
        if lock(&self.registry).unstarted.len() >= self.limits.open_tables {
            return Err(
                Refusal::new("TooManyTables", "the server has as many tables waiting for players as it takes").into()
            );
        }
        let variant: fichas::game::Variant =
            variant.parse().map_err(|e| Failure::Table(other_refusal("ConfigError", format!("{e}"))))?;
        rooms::check_bots(bots, variant.seats())?;
        if !conn.creates.take() {
            return Err(Refusal::new(
                "RateLimited",
                format!("at most {} tables a minute per connection", self.limits.creates_per_minute),
            )
            .into());
        }
        let dice: DiceSource =
            dice.parse().map_err(|e| Failure::Table(other_refusal("ConfigError", format!("{e}"))))?;
        let table =
            Table::new(variant, Options { dice, turn_limit_ms }).map_err(|e| Failure::Table(table_refusal(&e)))?;
        let id = random_hex(6);
        let store_failed = |e: crate::store::StoreError| {
            tracing::error!("a new table could not be leased: {e}");
            Failure::Refused(Refusal::new("ServerError", "the new table could not be leased; try again"))
        };
        let lock_key = self.store.new_lock_key().await.map_err(store_failed)?;
        // The lease is taken before the table's row is stored, so no other process can take
        // the new table over in between.
        if self.store.acquire(id.clone(), Some(lock_key)).await.map_err(store_failed)? != Lease::Held {
            return Err(Refusal::new("ServerError", "the new table could not be leased; try again").into());
        }
        let secret = table.reveal().map(Secret::to_hex);
        let created = now_ms();
        let mut reply = serde_json::json!({
            "type": "created",
            "table": id,
            "variant": table.variant().to_string(),
            "seats": table.seats(),
            "dice": table.dice().to_string(),
            "turn_limit_ms": turn_limit_ms,
            "commitment": table.commitment().map(|c| hex(&c)),
        });
        let mut live = Live::new(id.clone(), table, secret, created);
        live.creator = Some(Arc::clone(&conn.peer));
        live.quick = quick;
        let mut seats = Vec::new();
        self.seat_bots(&mut live, bots, &mut seats)?;
        // Stored at once, with its secret: a restart must keep the commitment already published.
        let mut batch = Batch::default();
        batch.tables.push(live.first_row(lock_key));
        batch.seats.extend(seats);
        {
            let mut registry = lock(&self.registry);
            if dice == DiceSource::Host {
                let token = random_hex(16);
                live.seats.insert(HOST_SEAT, token.clone());
                registry.tokens.insert(token.clone(), (id.clone(), HOST_SEAT));
                let account = conn.account.as_ref().map(|a| a.id.clone());
                batch.seats.push(NewSeat {
                    table: id.clone(),
                    seat: HOST_SEAT,
                    token: token.clone(),
                    player: None,
                    account,
                });
                reply["host_token"] = token.into();
            }
            if quick {
                registry.quick.entry(live.table.variant().to_string()).or_default().push_back(id.clone());
            }
            registry.unstarted.insert(id.clone());
            registry.tables.insert(id.clone(), Arc::new(Mutex::new(live)));
        }
        lock(&conn.peer.waiting).insert(id.clone());
        Ok((id, reply, batch))
    }

    async fn on_join(&self, conn: &mut Connection, request: &Request) -> Result<(), Failure> {
        let shared = self.find_table(request.fields.get("table")).await?;
        let seat = request.number("seat", None)?;
        let player = request.optional_text("player")?;
        let seed = request.optional_text("seed")?;
        let mut live = lock(&shared);
        self.take_seat(conn, &mut live, seat, player, seed, request.id.as_ref(), Map::new())
    }

    /// Seats the connection at `seat` of the table (its account's, when it signed in), replies
    /// `joined` (with `extra` fields) once stored, and starts the table when it is full.
    #[allow(clippy::too_many_arguments)]
    fn take_seat(
        &self,
        conn: &Connection,
        live: &mut Live,
        seat: u64,
        player: Option<&str>,
        seed: Option<&str>,
        id: Option<&RequestId>,
        extra: Map<String, Value>,
    ) -> Result<(), Failure> {
        // A signed-in player's name is its token's; the message's is taken only from others.
        let player = match &conn.account {
            Some(account) => Some(account.name.as_str()),
            None => player,
        };
        let seats = live.table.seats();
        let Some(seat_index) = usize::try_from(seat).ok().filter(|s| *s < seats).and_then(Seat::new) else {
            return Err(Refusal::bad_request(format!("seat {seat} is not at this table of {seats}")).into());
        };
        let seat = seat as i64;
        if live.seats.contains_key(&seat) {
            return Err(Refusal::new("SeatTaken", format!("seat {seat} is taken")).into());
        }
        live.table.join(seat_index, player, seed).map_err(|e| Failure::Table(table_refusal(&e)))?;
        let token = random_hex(16);
        live.seats.insert(seat, token.clone());
        let account = conn.account.as_ref().map(|a| a.id.clone());
        if let Some(account) = &account {
            live.accounts.insert(seat, account.clone());
        }
        lock(&self.registry).tokens.insert(token.clone(), (live.id.clone(), seat));
        let mut joined = serde_json::json!({
            "type": "joined",
            "table": live.id,
            "seat": seat,
            "token": token,
            "player": player,
            "dice": live.table.dice().to_string(),
            "commitment": live.table.commitment().map(|c| hex(&c)),
        });
        for (name, value) in extra {
            joined[name] = value;
        }
        if let Some(request_id) = id {
            joined["id"] = request_id.to_value();
        }
        let mut batch = Batch::default();
        batch.seats.push(NewSeat { table: live.id.clone(), seat, token, player: player.map(str::to_owned), account });
        let starts = live.seats.keys().filter(|s| **s != HOST_SEAT).count() == seats;
        if !starts {
            batch.headers.push((live.id.clone(), live.table.header().to_json(), false));
        }
        // The reply goes out first, before the start's updates.
        let (reply, failed, peer) = (Utf8Bytes::from(joined.to_string()), not_stored(id), Arc::clone(&conn.peer));
        self.add(&live.id, batch, move |stored| peer.send(if stored { reply } else { failed }));
        if starts {
            live.table.start(Some(now_ms())).map_err(|e| Failure::Table(table_refusal(&e)))?;
            self.advance(live, true, None);
        }
        Ok(())
    }

    async fn on_hello(&self, conn: &mut Connection, request: &Request) -> Result<(), Failure> {
        let (shared, seat) = self.authorize(conn, request).await?;
        let since = request.number("since", Some(0))? as usize;
        let mut live = lock(&shared);
        let mine = conn.peer.id;
        live.attached.retain(|a| {
            if a.seat != Some(seat) {
                return true;
            }
            if a.peer.id != mine {
                a.peer.close(CLOSE_TAKEN_OVER, "another connection took this seat");
            }
            false
        });
        // A person come back to the seat plays it again.
        live.timeouts.remove(&seat);
        self.attach(conn, &mut live, Some(seat), since, request.id.as_ref());
        Ok(())
    }

    async fn on_watch(&self, conn: &mut Connection, request: &Request) -> Result<(), Failure> {
        let shared = self.find_table(request.fields.get("table")).await?;
        let since = request.number("since", Some(0))? as usize;
        let mut live = lock(&shared);
        let mine = conn.peer.id;
        live.attached.retain(|a| !(a.seat.is_none() && a.peer.id == mine));
        self.attach(conn, &mut live, None, since, request.id.as_ref());
        Ok(())
    }

    /// Attaches the connection to the table as `seat` (`None`: a spectator), and sends it its
    /// update from step `since` on, after whatever the table stored last: the update may show it.
    fn attach(&self, conn: &Connection, live: &mut Live, seat: Option<i64>, since: usize, id: Option<&RequestId>) {
        live.attached.push(Attached { seat, peer: Arc::clone(&conn.peer), delivered: since });
        lock(&conn.peer.attached).insert(live.id.clone());
        let update = self.update_for(live, live.attached.len() - 1, id);
        let peer = Arc::clone(&conn.peer);
        self.add(&live.id, Batch::default(), move |_| peer.send(update));
    }

    async fn on_list(&self, conn: &mut Connection, request: &Request) -> Result<(), Failure> {
        let rows = self.store.lobby(LOBBY_SIZE).await.map_err(|e| {
            tracing::error!("the lobby could not be read: {e}");
            Refusal::new("ServerError", "the lobby could not be read: try again")
        })?;
        let tables: Vec<Value> = rows
            .into_iter()
            .filter_map(|(id, variant, dice, joined)| {
                let seats = variant.parse::<fichas::game::Variant>().ok()?.seats();
                (joined < seats).then(|| serde_json::json!({"table": id, "variant": variant, "dice": dice, "seats": seats, "joined": joined}))
            })
            .collect();
        let mut reply = Map::new();
        reply.insert("type".into(), "tables".into());
        reply.insert("tables".into(), tables.into());
        conn.peer.send(text(&with_id(reply, request.id.as_ref())));
        Ok(())
    }

    async fn on_act(&self, conn: &Connection, request: &Request) -> Result<(), Failure> {
        let arrived = Instant::now();
        let (shared, seat) = self.authorize(conn, request).await?;
        if seat == HOST_SEAT {
            return Err(Refusal::bad_request("the host supplies outcomes: it does not act for a seat").into());
        }
        let step = request.number("step", None)? as usize;
        let action = request.text("action")?;
        let seat = seat_of(seat).ok_or_else(|| Refusal::new("ServerError", "a stored seat is out of range"))?;
        let now = now_ms();
        let mut live = lock(&shared);
        // A move that comes after the deadline is too late: the timeout goes first.
        self.expire(&mut live, now).map_err(|e| Failure::Table(table_refusal(&e)))?;
        // The table refuses a wrong turn, a stale step, an illegal move and "timeout".
        live.table.submit(seat, step, action, Some(now)).map_err(|e| Failure::Table(table_refusal(&e)))?;
        // Its person is here: no bot plays the seat any more.
        live.timeouts.remove(&(seat.index() as i64));
        self.metrics.moves.inc();
        self.advance(&mut live, false, Some(arrived));
        Ok(())
    }

    async fn on_supply(&self, conn: &Connection, request: &Request) -> Result<(), Failure> {
        let (shared, seat) = self.authorize(conn, request).await?;
        if seat != HOST_SEAT {
            return Err(Refusal::new("BadToken", "only the host's token supplies outcomes").into());
        }
        let outcome = request.text("outcome")?;
        let mut live = lock(&shared);
        let outcome = live
            .table
            .game()
            .state()
            .parse_chance(outcome)
            .map_err(|e| Failure::Table(other_refusal("ParseError", fichas::notation::bounded(&e.to_string()))))?;
        live.table.supply(outcome, Some(now_ms())).map_err(|e| Failure::Table(table_refusal(&e)))?;
        self.advance(&mut live, false, None);
        Ok(())
    }

    // -- finding tables and seats -------------------------------------------------------------

    async fn find_table(&self, id: Option<&Value>) -> Result<Shared, Failure> {
        let Some(Value::String(id)) = id.filter(|v| matches!(v, Value::String(t) if is_table_id(t))) else {
            return Err(Refusal::new("NoSuchTable", "table is the id that create gave").into());
        };
        let no_table = || Failure::Refused(Refusal::new("NoSuchTable", format!("there is no open table {id}")));
        {
            let registry = lock(&self.registry);
            if let Some(live) = registry.tables.get(id) {
                return Ok(Arc::clone(live));
            }
            if registry.closing.contains(id) {
                return Err(no_table());
            }
        }
        let store_failed = |e: crate::store::StoreError| {
            tracing::error!("table {id}: {e}");
            Failure::Refused(Refusal::new("ServerError", "the store failed: try again"))
        };
        match self.store.acquire(id.clone(), None).await.map_err(store_failed)? {
            Lease::Held => {}
            Lease::NoTable => return Err(no_table()),
            Lease::Elsewhere => {
                return match self.store.owner_url(id.clone()).await.map_err(store_failed)? {
                    Some(url) => Err(Failure::Moved(id.clone(), url)),
                    None => Err(Refusal::new(
                        "NoSuchTable",
                        format!("table {id} is moving to another server: try again in a moment"),
                    )
                    .into()),
                };
            }
        }
        match self.take(id).await {
            Some(live) => Ok(live),
            None => {
                self.release(id.clone());
                Err(no_table())
            }
        }
    }

    /// The table and seat a message may act for: the seat its token holds, or the seat it names
    /// when the connection's account took that seat. A seat an account took is never another
    /// account's, whatever token it shows.
    async fn authorize(&self, conn: &Connection, request: &Request) -> Result<(Shared, i64), Failure> {
        let needed = || {
            Failure::Refused(Refusal::new(
                "BadToken",
                "a table id and the token its join gave are needed, or a signed-in seat",
            ))
        };
        let Some(Value::String(id)) = request.fields.get("table") else { return Err(needed()) };
        let no_seat = || Failure::Refused(Refusal::new("BadToken", "this token holds no seat at this table"));
        let (shared, seat) = match request.fields.get("token") {
            Some(Value::String(token)) if token.len() <= 64 => {
                let found = lock(&self.registry).tokens.get(token).cloned();
                let seat = match found {
                    Some((table, seat)) if &table == id => seat,
                    _ => {
                        // The table may not be in memory yet: loading it brings its tokens.
                        // Another process may serve it: the client goes there with its token.
                        match self.find_table(request.fields.get("table")).await {
                            Ok(_) => {}
                            Err(moved @ Failure::Moved(..)) => return Err(moved),
                            Err(_) => return Err(no_seat()),
                        }
                        match lock(&self.registry).tokens.get(token) {
                            Some((table, seat)) if table == id => *seat,
                            _ => return Err(no_seat()),
                        }
                    }
                };
                let shared = lock(&self.registry).tables.get(id).cloned();
                (shared.ok_or_else(|| Refusal::new("NoSuchTable", format!("there is no open table {id}")))?, seat)
            }
            None if conn.account.is_some() => {
                let seat = request.number("seat", None)? as i64;
                (self.find_table(request.fields.get("table")).await?, seat)
            }
            _ => return Err(needed()),
        };
        let owner = lock(&shared).accounts.get(&seat).cloned();
        match (owner, &conn.account) {
            (Some(owner), Some(account)) if owner != account.id => {
                Err(Refusal::new("BadToken", "this seat belongs to another account").into())
            }
            (None, Some(_)) if !request.fields.contains_key("token") => {
                Err(Refusal::new("BadToken", format!("this account holds no seat {seat} at this table")).into())
            }
            _ => Ok((shared, seat)),
        }
    }

    // -- accounts ------------------------------------------------------------------------------

    /// Signs a connection in with a token: an app's or a guest's. A refused token changes
    /// nothing, and its text is never written anywhere.
    pub fn sign_in<'c>(&self, conn: &'c mut Connection, token: &str) -> Result<&'c Account, Refusal> {
        let account = self.accounts.verify(token).map_err(|e| Refusal::new("BadToken", e.0))?;
        Ok(conn.account.insert(account))
    }

    fn on_auth(&self, conn: &mut Connection, request: &Request) -> Result<(), Failure> {
        let Some(Value::String(token)) = request.fields.get("token") else {
            return Err(Refusal::bad_request("token is text").into());
        };
        if token.len() > 8192 {
            return Err(Refusal::new("BadToken", "the token cannot be read").into());
        }
        let account = self.sign_in(conn, token)?;
        let reply =
            serde_json::json!({"type": "authed", "account": account.id, "name": account.name, "guest": account.guest});
        self.reply(conn, reply, request.id.as_ref());
        Ok(())
    }

    fn on_guest(&self, conn: &mut Connection, request: &Request) -> Result<(), Failure> {
        let name = request.text("name")?;
        let (account, token) =
            self.accounts.guest(name, now_ms() / 1000).map_err(|e| Failure::Refused(Refusal::new("BadToken", e.0)))?;
        let reply = serde_json::json!({
            "type": "authed", "account": account.id, "name": account.name, "guest": true, "token": token,
        });
        conn.account = Some(account);
        self.reply(conn, reply, request.id.as_ref());
        Ok(())
    }

    fn reply(&self, conn: &Connection, mut reply: Value, id: Option<&RequestId>) {
        if let Some(id) = id {
            reply["id"] = id.to_value();
        }
        conn.peer.send(Utf8Bytes::from(reply.to_string()));
    }

    // -- after a step --------------------------------------------------------------------------

    /// After an accepted step: the new rows go to the store, and every attached connection's
    /// update waits for their commit.
    fn advance(&self, live: &mut Live, header: bool, arrived: Option<Instant>) {
        let mut batch = Batch::default();
        if header {
            batch.headers.push((live.id.clone(), live.table.header().to_json(), live.table.is_started()));
        }
        for entry in live.table.steps_since(live.appended) {
            batch.steps.push((live.id.clone(), entry.index, entry.to_json(), hex(&entry.link)));
        }
        live.appended = live.table.step();
        if live.table.is_over() {
            batch.ends.push((live.id.clone(), OVER));
        }
        if live.table.is_started() {
            lock(&self.registry).unstarted.remove(&live.id);
            if let Some(creator) = live.creator.take() {
                lock(&creator.waiting).remove(&live.id);
            }
        }
        let mut parts = Parts::default();
        let out: Vec<(Arc<Peer>, Utf8Bytes)> = (0..live.attached.len())
            .map(|index| (Arc::clone(&live.attached[index].peer), self.update_with(live, index, None, &mut parts)))
            .collect();
        self.schedule_bots(live);
        let metrics = Arc::clone(&self.metrics);
        self.add(&live.id, batch, move |stored| {
            if stored {
                for (peer, update) in out {
                    peer.send(update);
                }
                if let Some(arrived) = arrived {
                    metrics.move_seconds.observe(arrived.elapsed().as_secs_f64());
                }
            }
        });
    }

    /// An attached connection's update, from its last delivered step on; it counts as delivered
    /// now, since updates go out in order.
    fn update_for(&self, live: &mut Live, index: usize, id: Option<&RequestId>) -> Utf8Bytes {
        let mut parts = Parts::default();
        self.update_with(live, index, id, &mut parts)
    }

    /// [`Tables::update_for`], reusing what `parts` holds of this step: what every update of it
    /// says alike, and, in the games that hide nothing, the view and the events, which are then
    /// the same for every seat.
    fn update_with(&self, live: &mut Live, index: usize, id: Option<&RequestId>, parts: &mut Parts) -> Utf8Bytes {
        let table = &live.table;
        let attached = &live.attached[index];
        let since = attached.delivered;
        let shared = parts.shared.get_or_insert_with(|| shared_json(table, live.secret.as_deref()));
        let mut out = String::with_capacity(shared.len() + 512);
        out.push_str("{\"type\":\"update\",\"table\":\"");
        out.push_str(&live.id); // 12 hex digits: nothing to escape
        out.push_str("\",\"step\":");
        out.push_str(&table.step().to_string());
        out.push_str(&shared[..]);
        let rolls = table.rolls();
        let rolls: Vec<RollJson> = rolls[rolls.partition_point(|r| r.step < since)..]
            .iter()
            .map(|r| RollJson { step: r.step, seat: r.seat.index(), roll: r.roll.to_string() })
            .collect();
        push_field(&mut out, "rolls", &rolls);
        match attached.seat {
            Some(seat) if seat >= 0 => {
                let s = seat_of(seat).unwrap_or(Seat::ALL[0]);
                out.push_str(",\"seat\":");
                out.push_str(&seat.to_string());
                push_field(&mut out, "legal", &table.legal_actions(s));
                if live.hides {
                    push_field(&mut out, "view", &table.view(s));
                    push_field(&mut out, "events", &events_json(&table.events_for(Viewer::Seat(s), since)));
                } else {
                    let view =
                        parts.view.get_or_insert_with(|| serde_json::to_string(&table.view(s)).unwrap_or_default());
                    push_raw(&mut out, "view", view);
                    let events = parts.events.entry(since).or_insert_with(|| {
                        serde_json::to_string(&events_json(&table.events_for(Viewer::Spectator, since)))
                            .unwrap_or_default()
                    });
                    push_raw(&mut out, "events", events);
                }
            }
            Some(_) => {
                out.push_str(",\"seat\":null,\"legal\":[],\"host\":true");
                push_field(&mut out, "chance_due", &table.chance_due());
                let outcomes: Vec<(String, u32)> =
                    table.chance_outcomes().iter().map(|(o, w)| (o.to_string(), *w)).collect();
                push_field(&mut out, "outcomes", &outcomes);
                push_field(&mut out, "view", &table.public_view());
                push_field(&mut out, "events", &events_json(&table.events(since)));
            }
            None => {
                out.push_str(",\"seat\":null,\"legal\":[]");
                push_field(&mut out, "view", &table.public_view());
                push_field(&mut out, "events", &events_json(&table.events_for(Viewer::Spectator, since)));
            }
        }
        if let Some(id) = id {
            push_field(&mut out, "id", &id.to_value());
        }
        out.push('}');
        let step = table.step();
        live.attached[index].delivered = step;
        Utf8Bytes::from(out)
    }

    // -- connections ---------------------------------------------------------------------------

    /// A connection closed: it leaves its tables, and a finished table leaves memory with its
    /// last connection (its rows stay).
    pub fn detach(&self, peer: &Peer) {
        let ids: Vec<String> = lock(&peer.attached).drain().collect();
        for id in ids {
            let Some(shared) = lock(&self.registry).tables.get(&id).cloned() else { continue };
            let mut live = lock(&shared);
            live.attached.retain(|a| a.peer.id != peer.id);
            if live.table.is_over() && live.attached.is_empty() {
                let mut registry = lock(&self.registry);
                if registry.tables.get(&id).is_some_and(|s| Arc::ptr_eq(s, &shared)) {
                    registry.tables.remove(&id);
                }
                for token in live.seats.values() {
                    registry.tokens.remove(token);
                }
                drop(registry);
                self.release(id.clone());
            }
        }
        lock(&peer.waiting).clear();
    }

    /// Takes a table out of memory, telling its connections why.
    fn unload(&self, live: &mut Live, reason: &str) {
        {
            let mut registry = lock(&self.registry);
            registry.tables.remove(&live.id);
            registry.unstarted.remove(&live.id);
            for token in live.seats.values() {
                if registry.tokens.get(token).is_some_and(|(t, _)| *t == live.id) {
                    registry.tokens.remove(token);
                }
            }
        }
        let closed =
            Utf8Bytes::from(serde_json::json!({"type": "closed", "table": live.id, "reason": reason}).to_string());
        for attached in live.attached.drain(..) {
            attached.peer.send(closed.clone());
            lock(&attached.peer.attached).remove(&live.id);
        }
        if let Some(creator) = live.creator.take() {
            lock(&creator.waiting).remove(&live.id);
        }
        self.release(live.id.clone());
    }

    // -- the clock -----------------------------------------------------------------------------

    /// Times out every seat whose turn ran past its deadline, and expires tables that waited too
    /// long for their players; runs until the process ends.
    pub async fn run_clock(self: Arc<Self>) {
        let mut tick = tokio::time::interval(CLOCK_PERIOD);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            self.clock(now_ms());
        }
    }

    fn clock(self: &Arc<Self>, now: u64) {
        let ttl_ms = self.limits.unjoined_ttl.as_millis() as u64;
        let tables: Vec<Shared> = lock(&self.registry).tables.values().cloned().collect();
        for shared in tables {
            let mut live = lock(&shared);
            if !live.table.is_started() {
                if now.saturating_sub(live.created) >= ttl_ms {
                    self.close_unjoined(&shared, &mut live);
                }
                continue;
            }
            if live.table.deadline().is_none_or(|deadline| now < deadline) {
                continue;
            }
            if let Err(e) = self.expire(&mut live, now) {
                tracing::error!("table {}: the timeout failed: {e}", live.id);
            }
        }
    }

    /// Times out the seat to act if its turn ran out by `now`, counting the seat's timeouts in
    /// a row.
    fn expire(&self, live: &mut Live, now: u64) -> Result<(), TableError> {
        let seat = live.table.to_act();
        if live.table.expire(now)? {
            if let Some(seat) = seat {
                *live.timeouts.entry(seat.index() as i64).or_default() += 1;
            }
            self.advance(live, false, None);
        }
        Ok(())
    }

    /// Closes a table whose players did not all come: it is never resumed.
    fn close_unjoined(self: &Arc<Self>, shared: &Shared, live: &mut Live) {
        let seconds = self.limits.unjoined_ttl.as_secs_f64();
        let id = live.id.clone();
        {
            let mut registry = lock(&self.registry);
            registry.closing.insert(id.clone());
            registry.tables.remove(&id);
            registry.unstarted.remove(&id);
        }
        if let Some(creator) = live.creator.take() {
            lock(&creator.waiting).remove(&id);
        }
        let tables = Arc::clone(self);
        let shared = Arc::clone(shared);
        let batch = Batch { ends: vec![(id.clone(), EXPIRED)], ..Batch::default() };
        let closing = id.clone();
        self.add(&id, batch, move |stored| {
            lock(&tables.registry).closing.remove(&closing);
            if stored {
                let mut live = lock(&shared);
                tables.unload(&mut live, &format!("the table expired: its seats did not all join within {seconds} s"));
            }
        });
    }

    // -- group commit --------------------------------------------------------------------------

    /// Commits what the tables did, in groups, then lets out what waited for it in the order it
    /// was queued. Whatever comes in while a transaction runs goes in the next, so a group grows
    /// with the load and one sync serves every table that stepped meanwhile.
    pub async fn run_commits(self: Arc<Self>, mut queue: CommitQueue) {
        let interval = self.limits.commit_interval;
        let mut started = tokio::time::Instant::now() - interval;
        while let Some(first) = queue.0.recv().await {
            let wait = (started + interval).saturating_duration_since(tokio::time::Instant::now());
            if !wait.is_zero() {
                tokio::time::sleep(wait).await;
            }
            started = tokio::time::Instant::now();
            let mut entries = vec![first];
            while let Ok(entry) = queue.0.try_recv() {
                entries.push(entry);
            }
            let poisoned = lock(&self.registry).poisoned.clone();
            let (kept, dropped): (Vec<Entry>, Vec<Entry>) =
                entries.into_iter().partition(|e| !poisoned.contains(&e.table));
            for entry in dropped {
                (entry.then)(false);
            }
            let mut merged = Batch::default();
            let mut thens = Vec::with_capacity(kept.len());
            let mut touched = HashSet::new();
            for entry in kept {
                if !entry.batch.is_empty() {
                    touched.insert(entry.table.clone());
                }
                merged.extend(entry.batch);
                thens.push(entry.then);
            }
            let stored = merged.is_empty() || self.commit(merged, &touched).await;
            for then in thens {
                then(stored);
            }
        }
    }

    async fn commit(&self, batch: Batch, touched: &HashSet<String>) -> bool {
        let steps = batch.steps.len();
        let started = Instant::now();
        let result = self.store.commit(batch).await;
        self.metrics.commit_seconds.observe(started.elapsed().as_secs_f64());
        let Err(e) = result else { return true };
        // None of it may reach anyone: its tables leave memory untold, and resume from what was
        // stored.
        tracing::error!("a batch of {steps} steps could not be stored: {e}");
        lock(&self.registry).poisoned.extend(touched.iter().cloned());
        for id in touched {
            let shared = lock(&self.registry).tables.get(id).cloned();
            if let Some(shared) = shared {
                self.unload(&mut lock(&shared), "the table could not be stored; reconnect later");
            }
        }
        false
    }
}

/// The queue the committer reads.
pub struct CommitQueue(mpsc::UnboundedReceiver<Entry>);

/// Which row breaks a store's chain, if one does: the index of the first step that cannot be
/// read or does not follow its link. A header that cannot be read is an error.
fn broken_row(header: &str, steps: &[String]) -> Result<Option<usize>, String> {
    match Record::from_json_parts(header, steps) {
        Ok(record) => match record.verify(None) {
            Ok(()) => Ok(None),
            Err(ChainError::Broken { index } | ChainError::Missing { index }) => Ok(Some(index)),
            Err(e) => Err(e.to_string()),
        },
        Err(RecordError::Step { index, .. }) => Ok(Some(index)),
        Err(e) => Err(e.to_string()),
    }
}

#[derive(Serialize)]
struct RollJson {
    step: usize,
    seat: usize,
    roll: String,
}

#[derive(Serialize)]
struct EventJson<'a> {
    #[serde(flatten)]
    event: &'a fichas::game::Event,
    step: usize,
}

fn events_json(events: &[fichas::table::Delivered]) -> Vec<EventJson<'_>> {
    events.iter().map(|d| EventJson { event: &d.event, step: d.step }).collect()
}

/// What the updates of one step share, worked out once for all of them.
#[derive(Default)]
struct Parts {
    /// `,"to_act":..,"deadline":..` up to the secret: the same in every update of the step.
    shared: Option<String>,
    /// The view, in the games that hide nothing.
    view: Option<String>,
    /// The events from a step on, in the games that hide nothing.
    events: HashMap<usize, String>,
}

/// The fields every update of the table's step says alike, each led by a comma.
fn shared_json(table: &Table, secret: Option<&str>) -> String {
    let mut out = String::with_capacity(256);
    push_field(&mut out, "to_act", &table.to_act().map(Seat::index));
    push_field(&mut out, "deadline", &table.deadline());
    push_field(&mut out, "over", &table.is_over());
    let winners: Vec<usize> = table.winners().iter().map(|s| s.index()).collect();
    push_field(&mut out, "winners", &winners);
    push_field(&mut out, "head", &hex(&table.head()));
    push_field(&mut out, "dice", &table.dice().name());
    push_field(&mut out, "commitment", &table.commitment().map(|c| hex(&c)));
    if table.is_over() {
        push_field(&mut out, "outcome", &table.outcome());
        push_field(&mut out, "record", &table.record().to_json());
        push_field(&mut out, "secret", &secret);
    }
    out
}

/// Appends `,"name":VALUE` with the value as JSON.
fn push_field<T: Serialize + ?Sized>(out: &mut String, name: &str, value: &T) {
    out.push_str(",\"");
    out.push_str(name);
    out.push_str("\":");
    out.push_str(&serde_json::to_string(value).unwrap_or_else(|_| "null".into()));
}

/// Appends `,"name":JSON` with JSON already written.
fn push_raw(out: &mut String, name: &str, json: &str) {
    out.push_str(",\"");
    out.push_str(name);
    out.push_str("\":");
    out.push_str(json);
}
