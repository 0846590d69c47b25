//! The games in PostgreSQL, shared by several server processes, each table served by one process
//! at a time under a lease.
//!
//! A lease is a session-level advisory lock, `pg_try_advisory_lock(NAMESPACE, lock_key)`, and a
//! row in `leases` naming the process's WebSocket URL, so that another process can send a client
//! where the table is served. The leases and every write travel on ONE dedicated session: an
//! advisory lock belongs to the session that took it, so when that session ends (the process
//! killed, the network cut, the backend terminated) PostgreSQL frees every lease of the process at
//! once, and since the writes went over the same session none of them can arrive after a lease
//! was lost. The store is fenced for free, with no epochs to check. The price is that a lost
//! session is final: [`Store::lost`] resolves, and the process stops serving.
//!
//! Reads (loading a table, the lobby, looking for orphans) go through a small pool of other
//! connections: they take no lock, so a pool's reset cannot drop a lease behind our back. Do not
//! put a transaction-pooling PgBouncer in front of the database (it would break the session's
//! locks); a session-pooling one is fine. Leave `synchronous_commit` on: a commit then means on
//! disk.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio::sync::{Mutex, watch};
use tokio_postgres::{Client, NoTls};

use super::sqlite::SCHEMA;
use super::{Batch, Lease, LobbyRow, Pending, Store, StoreError, StoredSeat, StoredTable, new_secret};
use crate::tables::now_ms;

/// The first key of every advisory lock of fichas (b"fich" as a big-endian int4), so that its
/// locks cannot collide with another application's two-key locks in the same database.
const NAMESPACE: i32 = 1_718_182_760;
/// The second key of the lock that serialises the schema's creation. A table's key is never
/// negative, so never this one.
const SCHEMA_KEY: i32 = -1;
/// Who serves each table now. A row counts only while its table's lock is held, so a row left
/// by a killed process is harmless.
const LEASES: &str = "
CREATE TABLE IF NOT EXISTS leases (
    table_id TEXT PRIMARY KEY,
    url TEXT NOT NULL,         -- the WebSocket URL of the process holding the table
    since BIGINT NOT NULL      -- ms since the Unix epoch
);
-- A database made before seats had accounts gets the column.
ALTER TABLE seats ADD COLUMN IF NOT EXISTS account TEXT;
-- The tables' lock keys, one each: two open tables never share a lease's lock.
CREATE SEQUENCE IF NOT EXISTS lock_keys MINVALUE 0 MAXVALUE 2147483647 START 0 CYCLE;
";
/// PostgreSQL's TCP keepalives for the lease session, so that a vanished host's leases are freed
/// within half a minute or so rather than the system's two hours.
const KEEPALIVES: &str = "-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3";
/// How long a call of the lease session may take: past it the session is ended and counts as
/// lost (we can no longer know what became of it, and giving every lease up is the one safe
/// answer).
const CALL_TIMEOUT: Duration = Duration::from_secs(30);
/// The pool's connections, for reads.
const POOL_SIZE: usize = 4;
/// `pg_locks` rows of a table's lease: the two-int4 form of an advisory lock shows its keys as
/// classid and objid, with objsubid 2. $1 is the database's oid, $2 NAMESPACE, `t` the table.
const LOCK_HELD: &str = "EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.database = $1
     AND l.classid = $2::int4::oid AND l.objid = t.lock_key::oid AND l.objsubid = 2 AND l.granted)";

/// The lease session: every write and every lease, one call at a time.
struct Session {
    client: Client,
    /// table -> lock key of every lease held. Session locks stack (locking twice needs two
    /// unlocks), so a table held is never locked again.
    held: HashMap<String, i32>,
}

/// The games in a PostgreSQL database, and this process's leases on them.
pub struct PostgresStore {
    /// This process's WebSocket URL: where clients go for the tables it holds.
    url: String,
    session: Mutex<Option<Session>>,
    pool: Pool,
    db_oid: u32,
    /// Why the store was lost, once it is.
    lost: Arc<watch::Sender<Option<String>>>,
}

fn failed(e: impl std::fmt::Display) -> StoreError {
    StoreError(format!("PostgreSQL: {e}"))
}

/// Whether an error means the session is over (and so are its locks), not that one statement
/// failed: 08 (connection exceptions), 57P (the server shut down or terminated us).
fn ends_session(e: &tokio_postgres::Error) -> bool {
    e.is_closed()
        || e.code().is_some_and(|c| c.code().starts_with("08") || c.code().starts_with("57P"))
        || e.as_db_error().is_some_and(|d| matches!(d.severity(), "FATAL" | "PANIC"))
}

impl PostgresStore {
    /// Connects, creates the schema if need be, and opens the pool.
    pub async fn open(dsn: &str, url: String) -> Result<PostgresStore, StoreError> {
        let mut config: tokio_postgres::Config = dsn.parse().map_err(failed)?;
        config.connect_timeout(CALL_TIMEOUT);
        let pool_config = config.clone();
        // Shows in pg_stat_activity which process a backend (and its locks) belongs to.
        let name: String = format!("fichas {url}").chars().take(63).collect();
        config.application_name(&name).options(KEEPALIVES);
        let (client, connection) = config.connect(NoTls).await.map_err(failed)?;
        let lost = Arc::new(watch::Sender::new(None));
        let on_end = Arc::clone(&lost);
        tokio::spawn(async move {
            let why = match connection.await {
                Ok(()) => "the connection to PostgreSQL closed".to_string(),
                Err(e) => format!("the connection to PostgreSQL failed: {e}"),
            };
            on_end.send_if_modified(|lost| lost.is_none() && lost.replace(why).is_none());
        });
        // CREATE TABLE IF NOT EXISTS is not safe against itself: two sessions that both see no
        // table both create it, and one fails. The transaction's lock makes the second wait.
        client
            .batch_execute(&format!(
                "BEGIN; SELECT pg_advisory_xact_lock({NAMESPACE}, {SCHEMA_KEY}); {SCHEMA} {LEASES} COMMIT;"
            ))
            .await
            .map_err(failed)?;
        let db_oid: u32 = client
            .query_one("SELECT oid FROM pg_database WHERE datname = current_database()", &[])
            .await
            .map_err(failed)?
            .get(0);
        let version: i32 =
            client.query_one("SELECT current_setting('server_version_num')::int", &[]).await.map_err(failed)?.get(0);
        if version >= 140_000 {
            // A backend busy with a statement does not notice that the session is gone, and keeps
            // its leases until the statement ends; with this it checks the socket every second.
            client.batch_execute("SET client_connection_check_interval = 1000").await.map_err(failed)?;
        }
        let manager =
            Manager::from_config(pool_config, NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
        let pool = Pool::builder(manager).max_size(POOL_SIZE).build().map_err(failed)?;
        Ok(PostgresStore {
            url,
            session: Mutex::new(Some(Session { client, held: HashMap::new() })),
            pool,
            db_oid,
            lost,
        })
    }

    fn lose(&self, session: &mut Option<Session>, why: String) {
        // Dropping the client ends the session: the server frees its locks now, and nothing more
        // can be written under them.
        *session = None;
        tracing::error!("the PostgreSQL store is lost ({why}); this process holds no table any more");
        self.lost.send_if_modified(|lost| lost.is_none() && lost.replace(why).is_none());
    }

    /// Runs `f` on the lease session, alone, within the call timeout; a failure that ends the
    /// session loses the store.
    async fn call<T>(
        &self,
        what: &str,
        f: impl for<'s> FnOnce(
            &'s mut Session,
        ) -> Pin<Box<dyn Future<Output = Result<T, tokio_postgres::Error>> + Send + 's>>,
    ) -> Result<T, StoreError> {
        let mut guard = self.session.lock().await;
        if let Some(why) = self.lost.borrow().clone() {
            self.lose(&mut guard, why.clone());
            return Err(StoreError(format!("the PostgreSQL store is lost: {why}")));
        }
        let Some(session) = guard.as_mut() else {
            return Err(StoreError("the PostgreSQL store is lost".into()));
        };
        match tokio::time::timeout(CALL_TIMEOUT, f(session)).await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(e)) => {
                if ends_session(&e) {
                    self.lose(&mut guard, format!("{what} failed: {e}"));
                }
                Err(failed(e))
            }
            Err(_) => {
                self.lose(&mut guard, format!("{what} took more than {} s", CALL_TIMEOUT.as_secs()));
                Err(StoreError(format!("PostgreSQL: {what} timed out")))
            }
        }
    }

    async fn reader(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(failed)
    }
}

/// A value the server made itself as PostgreSQL's INTEGER; out of its range is a bug, and a
/// store error rather than a panic.
fn int4(value: i64, what: &str) -> Result<i32, StoreError> {
    i32::try_from(value).map_err(|_| StoreError(format!("{what} {value} is out of PostgreSQL's INTEGER range")))
}

impl Store for PostgresStore {
    fn commit(&self, batch: Batch) -> Pending<'_, ()> {
        Box::pin(async move {
            let keys = batch.tables.iter().map(|t| int4(t.lock_key, "a lock key")).collect::<Result<Vec<_>, _>>()?;
            let seats = batch.seats.iter().map(|s| int4(s.seat, "a seat")).collect::<Result<Vec<_>, _>>()?;
            let indexes =
                batch.steps.iter().map(|s| int4(s.1 as i64, "a step index")).collect::<Result<Vec<_>, _>>()?;
            self.call("commit", move |session| {
                Box::pin(async move {
                    let tx = session.client.transaction().await?;
                    // Statements sent together are pipelined: one round trip for many rows.
                    let insert_table = tx
                        .prepare("INSERT INTO tables (id, variant, dice, secret, header, created, lock_key) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                        .await?;
                    let insert_seat =
                        tx.prepare("INSERT INTO seats (table_id, seat, token, player, account) VALUES ($1, $2, $3, $4, $5)").await?;
                    let update_header = tx.prepare("UPDATE tables SET header = $1, started = $2 WHERE id = $3").await?;
                    let insert_step = tx.prepare("INSERT INTO steps (table_id, idx, step, link) VALUES ($1, $2, $3, $4)").await?;
                    let update_over = tx.prepare("UPDATE tables SET over = $1 WHERE id = $2").await?;
                    let started: Vec<i32> = batch.headers.iter().map(|(_, _, s)| i32::from(*s)).collect();
                    let ends: Vec<i32> = batch.ends.iter().map(|(_, how)| *how as i32).collect();
                    type Params<'p> = Vec<&'p (dyn tokio_postgres::types::ToSql + Sync)>;
                    let mut rows: Vec<(&tokio_postgres::Statement, Params<'_>)> = Vec::new();
                    for (t, key) in batch.tables.iter().zip(&keys) {
                        rows.push((&insert_table, vec![&t.id, &t.variant, &t.dice, &t.secret, &t.header, &t.created, key]));
                    }
                    for (s, seat) in batch.seats.iter().zip(&seats) {
                        rows.push((&insert_seat, vec![&s.table, seat, &s.token, &s.player, &s.account]));
                    }
                    for ((table, header, _), started) in batch.headers.iter().zip(&started) {
                        rows.push((&update_header, vec![header, started, table]));
                    }
                    for ((table, _, step, link), index) in batch.steps.iter().zip(&indexes) {
                        rows.push((&insert_step, vec![table, index, step, link]));
                    }
                    for ((table, _), how) in batch.ends.iter().zip(&ends) {
                        rows.push((&update_over, vec![how, table]));
                    }
                    let sent = rows.iter().map(|(statement, params)| tx.execute(*statement, params));
                    futures_util::future::try_join_all(sent).await?;
                    tx.commit().await
                })
            })
            .await
        })
    }

    fn open_tables(&self) -> Pending<'_, Vec<String>> {
        Box::pin(async move {
            let db = self.reader().await?;
            let rows =
                db.query("SELECT id FROM tables WHERE over = 0 ORDER BY created, id", &[]).await.map_err(failed)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn load(&self, table: String) -> Pending<'_, Option<StoredTable>> {
        Box::pin(async move {
            let mut db = self.reader().await?;
            // One snapshot for the three reads, so that they agree.
            let tx = db
                .build_transaction()
                .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await
                .map_err(failed)?;
            let row = tx
                .query_opt("SELECT id, secret, header, over, created FROM tables WHERE id = $1", &[&table])
                .await
                .map_err(failed)?;
            let Some(row) = row else { return Ok(None) };
            let steps =
                tx.query("SELECT step FROM steps WHERE table_id = $1 ORDER BY idx", &[&table]).await.map_err(failed)?;
            let seats = tx
                .query("SELECT seat, token, player, account FROM seats WHERE table_id = $1 ORDER BY seat", &[&table])
                .await
                .map_err(failed)?;
            tx.commit().await.map_err(failed)?;
            Ok(Some(StoredTable {
                id: row.get(0),
                secret: row.get(1),
                header: row.get(2),
                over: i64::from(row.get::<_, i32>(3)),
                created: row.get(4),
                steps: steps.iter().map(|r| r.get(0)).collect(),
                seats: seats
                    .iter()
                    .map(|r| StoredSeat {
                        seat: i64::from(r.get::<_, i32>(0)),
                        token: r.get(1),
                        player: r.get(2),
                        account: r.get(3),
                    })
                    .collect(),
            }))
        })
    }

    fn drop_steps(&self, table: String, index: usize) -> Pending<'_, ()> {
        Box::pin(async move {
            let index = int4(index as i64, "a step index")?;
            self.call("drop_steps", move |session| {
                Box::pin(async move {
                    session
                        .client
                        .execute("DELETE FROM steps WHERE table_id = $1 AND idx >= $2", &[&table, &index])
                        .await?;
                    Ok(())
                })
            })
            .await
        })
    }

    fn lobby(&self, limit: usize) -> Pending<'_, Vec<LobbyRow>> {
        Box::pin(async move {
            let db = self.reader().await?;
            let rows = db
                .query(
                    "SELECT t.id, t.variant, t.dice, (SELECT count(*) FROM seats s WHERE s.table_id = t.id AND s.seat >= 0)
                     FROM tables t WHERE t.over = 0 AND t.started = 0 ORDER BY t.created DESC, t.id DESC LIMIT $1",
                    &[&(limit as i64)],
                )
                .await
                .map_err(failed)?;
            Ok(rows.iter().map(|r| (r.get(0), r.get(1), r.get(2), r.get::<_, i64>(3) as usize)).collect())
        })
    }

    fn secret(&self, name: &'static str) -> Pending<'_, String> {
        Box::pin(async move {
            let fresh = new_secret()?;
            self.call("secret", move |session| {
                Box::pin(async move {
                    session
                        .client
                        .execute(
                            "INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                            &[&name, &fresh],
                        )
                        .await?;
                    let row = session.client.query_one("SELECT value FROM secrets WHERE name = $1", &[&name]).await?;
                    Ok(row.get(0))
                })
            })
            .await
        })
    }

    fn acquire(&self, table: String, lock_key: Option<i64>) -> Pending<'_, Lease> {
        Box::pin(async move {
            let url = self.url.clone();
            let lock_key = lock_key.map(|key| int4(key, "a lock key")).transpose()?;
            self.call("acquire", move |session| {
                Box::pin(async move {
                    if session.held.contains_key(&table) {
                        return Ok(Lease::Held);
                    }
                    let stored =
                        session.client.query_opt("SELECT lock_key FROM tables WHERE id = $1", &[&table]).await?;
                    let key = match (stored, lock_key) {
                        (Some(row), _) => row.get::<_, i32>(0),
                        (None, Some(key)) => key,
                        (None, None) => return Ok(Lease::NoTable),
                    };
                    let row =
                        session.client.query_one("SELECT pg_try_advisory_lock($1, $2)", &[&NAMESPACE, &key]).await?;
                    if !row.get::<_, bool>(0) {
                        return Ok(Lease::Elsewhere);
                    }
                    session.held.insert(table.clone(), key);
                    // After the lock, never before: the row of a lease we do not hold would send
                    // clients to the wrong process. A stale row of a dead holder is overwritten.
                    let since = now_ms() as i64;
                    session
                        .client
                        .execute(
                            "INSERT INTO leases (table_id, url, since) VALUES ($1, $2, $3)
                             ON CONFLICT (table_id) DO UPDATE SET url = EXCLUDED.url, since = EXCLUDED.since",
                            &[&table, &url, &since],
                        )
                        .await?;
                    Ok(Lease::Held)
                })
            })
            .await
        })
    }

    fn release(&self, table: String) -> Pending<'_, ()> {
        Box::pin(async move {
            let url = self.url.clone();
            self.call("release", move |session| {
                Box::pin(async move {
                    // The row first: once unlocked, another process may take the table and write
                    // its own.
                    session
                        .client
                        .execute("DELETE FROM leases WHERE table_id = $1 AND url = $2", &[&table, &url])
                        .await?;
                    if let Some(key) = session.held.remove(&table) {
                        session.client.query_one("SELECT pg_advisory_unlock($1, $2)", &[&NAMESPACE, &key]).await?;
                    }
                    Ok(())
                })
            })
            .await
        })
    }

    fn owner_url(&self, table: String) -> Pending<'_, Option<String>> {
        Box::pin(async move {
            let db = self.reader().await?;
            let query = format!(
                "SELECT le.url FROM leases le JOIN tables t ON t.id = le.table_id WHERE le.table_id = $3 AND {LOCK_HELD}"
            );
            let row = db.query_opt(&query, &[&self.db_oid, &NAMESPACE, &table]).await.map_err(failed)?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn orphans(&self) -> Pending<'_, Vec<String>> {
        Box::pin(async move {
            let db = self.reader().await?;
            let query =
                format!("SELECT t.id FROM tables t WHERE t.over = 0 AND NOT {LOCK_HELD} ORDER BY t.created, t.id");
            let rows = db.query(&query, &[&self.db_oid, &NAMESPACE]).await.map_err(failed)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn new_lock_key(&self) -> Pending<'_, i64> {
        Box::pin(async move {
            let db = self.reader().await?;
            let row = db.query_one("SELECT nextval('lock_keys')", &[]).await.map_err(failed)?;
            Ok(row.get(0))
        })
    }

    fn lost(&self) -> Pin<Box<dyn Future<Output = String> + Send + '_>> {
        Box::pin(async move {
            let mut watch = self.lost.subscribe();
            let why = watch.wait_for(Option::is_some).await.ok().and_then(|why| why.clone());
            match why {
                Some(why) => why,
                None => std::future::pending().await,
            }
        })
    }
}
