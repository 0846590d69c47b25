//! The embedded store: one SQLite file, WAL journal, every commit synced.

use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, OptionalExtension, params};

use super::{Batch, LobbyRow, Pending, Store, StoreError, StoredSeat, StoredTable, new_secret};

/// The schema, shared with the PostgreSQL store (which reads INTEGER as four bytes: times are
/// BIGINT).
pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    dice TEXT NOT NULL,
    secret TEXT,               -- hex, verifiable dice; published only once the game is over
    header TEXT NOT NULL,      -- the record without its steps, as JSON
    started INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,   -- 1: ended; 2: expired unjoined (never resumed)
    created BIGINT NOT NULL,   -- ms since the Unix epoch
    lock_key INTEGER NOT NULL  -- PostgreSQL's advisory lock of the table's lease
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    player TEXT,
    account TEXT,              -- the account that took the seat: account:SUB or guest:ID
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    step TEXT NOT NULL,        -- the step's JSON as the record writes it, with time and link
    link TEXT NOT NULL,        -- the step's link of the hash chain, hex
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL        -- hex; the guests' key signs their tokens
);
";

/// The games in one SQLite file. Its calls run on tokio's blocking threads, one at a time, so a
/// commit's sync never stalls a task that serves connections.
#[derive(Clone)]
pub struct SqliteStore {
    db: Arc<Mutex<Connection>>,
}

fn failed(e: impl std::fmt::Display) -> StoreError {
    StoreError(format!("SQLite: {e}"))
}

impl SqliteStore {
    /// Opens (or creates) the file and its tables.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let db = Connection::open(path).map_err(failed)?;
        // WAL keeps each commit small and readers unblocked; FULL syncs every commit, so a step a
        // seat has seen is on disk even if the machine loses power.
        db.pragma_update(None, "journal_mode", "WAL").map_err(failed)?;
        db.pragma_update(None, "synchronous", "FULL").map_err(failed)?;
        db.pragma_update(None, "foreign_keys", "ON").map_err(failed)?;
        // Thousands of games step at once, each at its own place in the steps' index: their
        // pages stay in memory (64 MiB of cache, and the file mapped for reads) rather than
        // being read again at every move, and the journal is copied back into the file every
        // 8,192 pages rather than every 1,000, once for each page however often it changed.
        db.pragma_update(None, "cache_size", -65_536).map_err(failed)?;
        db.pragma_update(None, "mmap_size", 1i64 << 30).map_err(failed)?;
        db.pragma_update(None, "wal_autocheckpoint", 8_192).map_err(failed)?;
        db.busy_timeout(std::time::Duration::from_secs(30)).map_err(failed)?;
        db.execute_batch(SCHEMA).map_err(failed)?;
        // A file made before seats had accounts gets the column.
        let has_account: bool = db
            .query_row("SELECT count(*) FROM pragma_table_info('seats') WHERE name = 'account'", [], |r| {
                r.get::<_, i64>(0)
            })
            .map_err(failed)?
            > 0;
        if !has_account {
            db.execute_batch("ALTER TABLE seats ADD COLUMN account TEXT").map_err(failed)?;
        }
        Ok(SqliteStore { db: Arc::new(Mutex::new(db)) })
    }

    fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Pending<'_, T> {
        let db = Arc::clone(&self.db);
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let mut db = db.lock().map_err(|_| StoreError("SQLite: a call panicked".into()))?;
                f(&mut db).map_err(failed)
            })
            .await
            .map_err(failed)?
        })
    }
}

fn commit(db: &mut Connection, batch: &Batch) -> rusqlite::Result<()> {
    let tx = db.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    {
        let mut insert = tx.prepare_cached(
            "INSERT INTO tables (id, variant, dice, secret, header, created, lock_key) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        for t in &batch.tables {
            insert.execute(params![t.id, t.variant, t.dice, t.secret, t.header, t.created, t.lock_key])?;
        }
        let mut insert = tx
            .prepare_cached("INSERT INTO seats (table_id, seat, token, player, account) VALUES (?1, ?2, ?3, ?4, ?5)")?;
        for s in &batch.seats {
            insert.execute(params![s.table, s.seat, s.token, s.player, s.account])?;
        }
        let mut update = tx.prepare_cached("UPDATE tables SET header = ?1, started = ?2 WHERE id = ?3")?;
        for (table, header, started) in &batch.headers {
            update.execute(params![header, *started as i64, table])?;
        }
        let mut insert = tx.prepare_cached("INSERT INTO steps (table_id, idx, step, link) VALUES (?1, ?2, ?3, ?4)")?;
        for (table, index, step, link) in &batch.steps {
            insert.execute(params![table, *index as i64, step, link])?;
        }
        let mut update = tx.prepare_cached("UPDATE tables SET over = ?1 WHERE id = ?2")?;
        for (table, how) in &batch.ends {
            update.execute(params![how, table])?;
        }
    }
    tx.commit()
}

fn load(db: &mut Connection, id: &str) -> rusqlite::Result<Option<StoredTable>> {
    let row = db
        .query_row("SELECT id, secret, header, over, created FROM tables WHERE id = ?1", [id], |r| {
            Ok(StoredTable {
                id: r.get(0)?,
                secret: r.get(1)?,
                header: r.get(2)?,
                over: r.get(3)?,
                created: r.get(4)?,
                steps: Vec::new(),
                seats: Vec::new(),
            })
        })
        .optional()?;
    let Some(mut table) = row else { return Ok(None) };
    let mut steps = db.prepare_cached("SELECT step FROM steps WHERE table_id = ?1 ORDER BY idx")?;
    table.steps = steps.query_map([id], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    let mut seats =
        db.prepare_cached("SELECT seat, token, player, account FROM seats WHERE table_id = ?1 ORDER BY seat")?;
    table.seats = seats
        .query_map([id], |r| {
            Ok(StoredSeat { seat: r.get(0)?, token: r.get(1)?, player: r.get(2)?, account: r.get(3)? })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Some(table))
}

impl Store for SqliteStore {
    fn secret(&self, name: &'static str) -> Pending<'_, String> {
        Box::pin(async move {
            let fresh = new_secret()?;
            self.run(move |db| {
                db.execute(
                    "INSERT INTO secrets (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING",
                    params![name, fresh],
                )?;
                db.query_row("SELECT value FROM secrets WHERE name = ?1", [name], |r| r.get(0))
            })
            .await
        })
    }

    fn commit(&self, batch: Batch) -> Pending<'_, ()> {
        self.run(move |db| commit(db, &batch))
    }

    fn open_tables(&self) -> Pending<'_, Vec<String>> {
        self.run(|db| {
            let mut query = db.prepare("SELECT id FROM tables WHERE over = 0 ORDER BY created")?;
            query.query_map([], |r| r.get(0))?.collect()
        })
    }

    fn load(&self, table: String) -> Pending<'_, Option<StoredTable>> {
        self.run(move |db| load(db, &table))
    }

    fn drop_steps(&self, table: String, index: usize) -> Pending<'_, ()> {
        self.run(move |db| {
            db.execute("DELETE FROM steps WHERE table_id = ?1 AND idx >= ?2", params![table, index as i64])?;
            Ok(())
        })
    }

    fn lobby(&self, limit: usize) -> Pending<'_, Vec<LobbyRow>> {
        self.run(move |db| {
            let mut query = db.prepare_cached(
                "SELECT t.id, t.variant, t.dice, (SELECT count(*) FROM seats s WHERE s.table_id = t.id AND s.seat >= 0)
                 FROM tables t WHERE t.over = 0 AND t.started = 0 ORDER BY t.created DESC LIMIT ?1",
            )?;
            query
                .query_map([limit as i64], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, i64>(3)? as usize)))?
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{NewSeat, NewTable, OVER};

    fn table(id: &str) -> NewTable {
        NewTable {
            id: id.into(),
            variant: "parchis".into(),
            dice: "system".into(),
            secret: None,
            header: "{}".into(),
            created: 1,
            lock_key: 7,
        }
    }

    #[tokio::test]
    async fn a_batch_is_stored_whole_and_loads_back() {
        let dir = std::env::temp_dir().join(format!("fichas-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let store = SqliteStore::open(&dir.join("a.sqlite3")).unwrap();
        let mut batch = Batch { tables: vec![table("aaaaaaaaaaaa")], ..Batch::default() };
        batch.seats.push(NewSeat {
            table: "aaaaaaaaaaaa".into(),
            seat: 0,
            token: "tok".into(),
            player: Some("ana".into()),
            account: Some("guest:x".into()),
        });
        batch.steps.push(("aaaaaaaaaaaa".into(), 0, "{\"a\":1}".into(), "ab".into()));
        batch.steps.push(("aaaaaaaaaaaa".into(), 1, "{\"a\":2}".into(), "cd".into()));
        store.commit(batch).await.unwrap();
        assert_eq!(store.lobby(10).await.unwrap(), vec![("aaaaaaaaaaaa".into(), "parchis".into(), "system".into(), 1)]);
        let loaded = store.load("aaaaaaaaaaaa".into()).await.unwrap().unwrap();
        assert_eq!(loaded.steps, ["{\"a\":1}", "{\"a\":2}"]);
        let seat =
            StoredSeat { seat: 0, token: "tok".into(), player: Some("ana".into()), account: Some("guest:x".into()) };
        assert_eq!(loaded.seats, vec![seat]);
        let key = store.secret("guests").await.unwrap();
        assert_eq!((key.len(), store.secret("guests").await.unwrap()), (64, key.clone()), "made once, then kept");

        // A batch that fails (a step stored twice) leaves nothing of itself behind.
        let mut twice = Batch { tables: vec![table("bbbbbbbbbbbb")], ..Batch::default() };
        twice.steps.push(("aaaaaaaaaaaa".into(), 1, "{}".into(), "ef".into()));
        assert!(store.commit(twice).await.is_err());
        assert!(store.load("bbbbbbbbbbbb".into()).await.unwrap().is_none());

        store.drop_steps("aaaaaaaaaaaa".into(), 1).await.unwrap();
        store.commit(Batch { ends: vec![("aaaaaaaaaaaa".into(), OVER)], ..Batch::default() }).await.unwrap();
        let loaded = store.load("aaaaaaaaaaaa".into()).await.unwrap().unwrap();
        assert_eq!((loaded.steps.len(), loaded.over), (1, OVER));
        assert!(store.open_tables().await.unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
