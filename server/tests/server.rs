//! fichas-server as its operators and its clients meet it: the binary runs as its own process,
//! and these tests sign in, take seats, probe the tokens, read its health and metrics, fetch its
//! page and stop it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode, get_current_timestamp};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

const SECRET: &str = "the app backend's secret, thirty-two bytes or more";
const ISSUER: &str = "https://app.example";
const AUDIENCE: &str = "fichas";

/// The server in a process of its own, its files in a temporary directory.
struct Server {
    child: Child,
    port: u16,
    dir: PathBuf,
}

static SERVERS: AtomicUsize = AtomicUsize::new(0);

impl Server {
    fn start(args: &[&str]) -> Server {
        let n = SERVERS.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("fichas-server-test-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = std::fs::File::create(dir.join("server.log")).unwrap();
        let db = dir.join("games.sqlite3");
        let mut command = Command::new(env!("CARGO_BIN_EXE_fichas-server"));
        if !args.contains(&"--db") {
            command.args(["--db", db.to_str().unwrap()]);
        }
        if !args.contains(&"--web") {
            command.args(["--web", "none"]);
        }
        let mut child = command
            .args(["--port", "0"])
            .args(args)
            .env("FICHAS_LOG", "debug")
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let port = line.trim().rsplit(':').next().and_then(|p| p.parse().ok());
        let Some(port) = port else {
            let _ = child.kill();
            panic!("the server did not start: {line:?}\n{}", std::fs::read_to_string(dir.join("server.log")).unwrap());
        };
        Server { child, port, dir }
    }

    fn url(&self) -> String {
        format!("ws://127.0.0.1:{}", self.port)
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("server.log")).unwrap()
    }

    /// An HTTP GET: the status and the body.
    fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let status = response.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
        (status, body)
    }

    fn signal(&self, name: &str) {
        let status = Command::new("kill").args([&format!("-{name}"), &self.child.id().to_string()]).status().unwrap();
        assert!(status.success());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

struct Client(Socket);

impl Client {
    async fn connect(url: &str) -> Client {
        Client(tokio_tungstenite::connect_async(url).await.unwrap().0)
    }

    async fn send(&mut self, message: Value) {
        self.0.send(Message::text(message.to_string())).await.unwrap();
    }

    /// The next message, as JSON; a close frame as `{"closed": code}`.
    async fn recv(&mut self) -> Value {
        loop {
            let next = tokio::time::timeout(Duration::from_secs(10), self.0.next()).await.expect("a reply in 10 s");
            match next {
                Some(Ok(Message::Text(text))) => return serde_json::from_str(&text).unwrap(),
                Some(Ok(Message::Close(frame))) => return json!({"closed": frame.map(|f| u16::from(f.code))}),
                Some(Ok(_)) => continue,
                other => return json!({"closed": null, "error": format!("{other:?}")}),
            }
        }
    }

    async fn request(&mut self, message: Value) -> Value {
        self.send(message).await;
        self.recv().await
    }
}

fn claims(sub: &str, name: &str) -> Value {
    json!({"sub": sub, "name": name, "exp": get_current_timestamp() + 600, "iss": ISSUER, "aud": AUDIENCE})
}

fn hs256(claims: &Value) -> String {
    encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(SECRET.as_bytes()).unwrap()).unwrap()
}

fn with_secret() -> Server {
    Server::start(&["--jwt-secret", SECRET, "--jwt-issuer", ISSUER, "--jwt-audience", AUDIENCE])
}

fn key(file: &str) -> EncodingKey {
    let pem = std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/keys").join(file)).unwrap();
    if file.starts_with("rs") {
        EncodingKey::from_rsa_pem(&pem).unwrap()
    } else {
        EncodingKey::from_ec_pem(&pem).unwrap()
    }
}

fn signed(file: &str, alg: Algorithm, kid: &str, claims: &Value) -> String {
    let header = Header { kid: Some(kid.into()), ..Header::new(alg) };
    encode(&header, claims, &key(file)).unwrap()
}

/// A server taking the app's tokens signed by the public halves of keys a (ES256), b (ES256)
/// and r (RS256), from a JWKS file.
fn with_jwks() -> Server {
    let mut keys = Vec::new();
    for (file, alg, kid) in [
        ("es256-a.pem", Algorithm::ES256, "a"),
        ("es256-b.pem", Algorithm::ES256, "b"),
        ("rs256.pem", Algorithm::RS256, "r"),
    ] {
        let mut jwk = Jwk::from_encoding_key(&key(file), alg).unwrap();
        jwk.common.key_id = Some(kid.into());
        keys.push(jwk);
    }
    let path = std::env::temp_dir().join(format!(
        "fichas-jwks-{}-{}.json",
        std::process::id(),
        SERVERS.load(Ordering::Relaxed)
    ));
    std::fs::write(&path, serde_json::to_string(&JwkSet { keys }).unwrap()).unwrap();
    let server =
        Server::start(&["--jwt-jwks", path.to_str().unwrap(), "--jwt-issuer", ISSUER, "--jwt-audience", AUDIENCE]);
    std::fs::remove_file(path).unwrap();
    server
}

async fn create(client: &mut Client, variant: &str) -> String {
    let created = client.request(json!({"type": "create", "variant": variant})).await;
    assert_eq!(created["type"], "created", "{created}");
    created["table"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn an_account_takes_a_seat_with_its_name_and_comes_back_to_it_on_another_device() {
    let server = with_secret();
    let token = hs256(&claims("u-17", "Ana"));
    let mut phone = Client::connect(&server.url()).await;
    let authed = phone.request(json!({"type": "auth", "token": token})).await;
    assert_eq!(authed, json!({"type": "authed", "account": "account:u-17", "name": "Ana", "guest": false}));
    let table = create(&mut phone, "parchis").await;
    // The name is the token's, whatever the message says.
    let joined = phone.request(json!({"type": "join", "table": table, "seat": 0, "player": "Mallory"})).await;
    assert_eq!((joined["type"].as_str(), joined["player"].as_str()), (Some("joined"), Some("Ana")), "{joined}");

    // Another device signs in the same account and says hello to the seat, with no seat token.
    let mut tablet = Client::connect(&format!("{}/?token={token}", server.url())).await;
    let update = tablet.request(json!({"type": "hello", "table": table, "seat": 0})).await;
    assert_eq!((update["type"].as_str(), update["seat"].as_u64()), (Some("update"), Some(0)), "{update}");
    // A seat the account did not take is not its own.
    let other = tablet.request(json!({"type": "hello", "table": table, "seat": 1})).await;
    assert_eq!(other["error"], "BadToken", "{other}");
}

#[tokio::test]
async fn tokens_that_do_not_hold_are_refused_with_why_and_sign_nothing_in() {
    let server = with_jwks();
    let mut client = Client::connect(&server.url()).await;
    let good = claims("u-1", "Ana");
    let mut expired = good.clone();
    expired["exp"] = (get_current_timestamp() - 3_600).into();
    let mut foreign = good.clone();
    foreign["iss"] = "https://evil.example".into();
    let mut elsewhere = good.clone();
    elsewhere["aud"] = "another-app".into();
    let none = {
        let part = |v: &Value| base64url(v.to_string().as_bytes());
        format!("{}.{}.", part(&json!({"alg": "none", "typ": "JWT"})), part(&good))
    };
    let probes = [
        ("alg none", none, "cannot be read"),
        ("expired", signed("es256-a.pem", Algorithm::ES256, "a", &expired), "expired"),
        ("another key, unknown", signed("es256-b.pem", Algorithm::ES256, "z", &good), "does not know"),
        ("a swapped kid", signed("es256-a.pem", Algorithm::ES256, "b", &good), "signature"),
        ("another issuer", signed("es256-a.pem", Algorithm::ES256, "a", &foreign), "issuer"),
        ("another audience", signed("es256-a.pem", Algorithm::ES256, "a", &elsewhere), "audience"),
        ("RS256 under an ES256 key", signed("rs256.pem", Algorithm::RS256, "a", &good), "algorithm"),
        ("an HS256 token, which names no key", hs256(&good), "names no key"),
        ("not a token", "eyJ.nope".into(), "cannot be read"),
    ];
    for (what, token, why) in probes {
        let refused = client.request(json!({"type": "auth", "token": token})).await;
        assert_eq!(refused["error"], "BadToken", "{what}: {refused}");
        let message = refused["message"].as_str().unwrap();
        assert!(message.contains(why), "{what}: {message}");
        assert!(!message.contains(&token), "{what}: the message echoes the token");
    }
    // None of them signed the connection in.
    let table = create(&mut client, "parchis").await;
    let hello = client.request(json!({"type": "hello", "table": table, "seat": 0})).await;
    assert_eq!(hello["error"], "BadToken", "{hello}");
    // The good ones do, by either algorithm.
    for token in
        [signed("es256-b.pem", Algorithm::ES256, "b", &good), signed("rs256.pem", Algorithm::RS256, "r", &good)]
    {
        let authed = client.request(json!({"type": "auth", "token": token})).await;
        assert_eq!(authed["account"], "account:u-1", "{authed}");
    }
}

#[tokio::test]
async fn a_guest_plays_under_its_own_token_and_is_never_taken_for_an_account() {
    let server = with_secret();
    let mut guest = Client::connect(&server.url()).await;
    let authed = guest.request(json!({"type": "guest", "name": "  Bruno  "})).await;
    assert_eq!((authed["name"].as_str(), authed["guest"].as_bool()), (Some("Bruno"), Some(true)), "{authed}");
    let id = authed["account"].as_str().unwrap().to_owned();
    assert!(id.starts_with("guest:"));
    let token = authed["token"].as_str().unwrap().to_owned();
    // The guest token signs the guest in again, on any connection.
    let mut again = Client::connect(&server.url()).await;
    assert_eq!(again.request(json!({"type": "auth", "token": token})).await["account"], id.as_str());

    // The guests' key is not the app's: a guest token presented as an app account's, to a
    // server that takes no guests, is refused.
    let closed =
        Server::start(&["--jwt-secret", SECRET, "--jwt-issuer", ISSUER, "--jwt-audience", AUDIENCE, "--guests", "off"]);
    let mut client = Client::connect(&closed.url()).await;
    let refused = client.request(json!({"type": "auth", "token": token})).await;
    assert_eq!(refused["error"], "BadToken", "{refused}");
    assert_eq!(client.request(json!({"type": "guest", "name": "Bruno"})).await["error"], "BadToken");
    // An app token whose subject looks like a guest's is an account, never that guest.
    let mut lookalike = claims(id.trim_start_matches("guest:"), "Bruno");
    lookalike["sub"] = id.as_str().into();
    let account = client.request(json!({"type": "auth", "token": hs256(&lookalike)})).await;
    assert_eq!(account["account"], format!("account:{id}"), "{account}");
}

#[tokio::test]
async fn an_account_cannot_take_another_accounts_seat_with_any_token() {
    let server = with_secret();
    let mut ana = Client::connect(&server.url()).await;
    ana.request(json!({"type": "auth", "token": hs256(&claims("ana", "Ana"))})).await;
    let table = create(&mut ana, "parchis").await;
    let joined = ana.request(json!({"type": "join", "table": table, "seat": 0})).await;
    let seat_token = joined["token"].as_str().unwrap().to_owned();

    let mut bruno = Client::connect(&server.url()).await;
    bruno.request(json!({"type": "auth", "token": hs256(&claims("bruno", "Bruno"))})).await;
    let taken = bruno.request(json!({"type": "join", "table": table, "seat": 0})).await;
    assert_eq!(taken["error"], "SeatTaken", "{taken}");
    let by_number = bruno.request(json!({"type": "hello", "table": table, "seat": 0})).await;
    assert_eq!(by_number["error"], "BadToken", "{by_number}");
    // Even with the seat's own token, which leaked: the seat is Ana's account's.
    let by_token = bruno.request(json!({"type": "hello", "table": table, "token": seat_token})).await;
    assert_eq!(
        (by_token["error"].as_str(), by_token["message"].as_str()),
        (Some("BadToken"), Some("this seat belongs to another account"))
    );
    let act =
        bruno.request(json!({"type": "act", "table": table, "token": seat_token, "step": 0, "action": "roll"})).await;
    assert_eq!(act["error"], "BadToken", "{act}");
}

#[tokio::test]
async fn tokens_in_the_url_never_reach_the_log() {
    let server = with_secret();
    let good = hs256(&claims("u-secret", "Ana"));
    let mut bad = hs256(&claims("u-secret", "Ana"));
    bad.push_str("tampered");
    for token in [&good, &bad] {
        let mut client = Client::connect(&format!("{}/?token={token}", server.url())).await;
        if token == &bad {
            // A refused token is said once, at the connection, which goes on unsigned.
            assert_eq!(client.recv().await["error"], "BadToken");
        }
        let table = create(&mut client, "parchis").await;
        client.request(json!({"type": "join", "table": table, "seat": 5})).await;
        client.request(json!({"type": "auth", "token": token})).await;
    }
    let log = server.log();
    assert!(log.contains("DEBUG") || log.contains("INFO"), "the log is written: {log}");
    for secret in [good.as_str(), bad.as_str(), good.split('.').nth(2).unwrap()] {
        assert!(!log.contains(secret), "a token reached the log");
    }
}

#[tokio::test]
async fn health_readiness_and_metrics_answer_over_http() {
    let server = Server::start(&[]);
    assert_eq!(server.get("/healthz"), (200, "ok\n".into()));
    assert_eq!(server.get("/readyz"), (200, "ready\n".into()));
    let mut client = Client::connect(&server.url()).await;
    let table = create(&mut client, "parchis").await;
    client.request(json!({"type": "nope"})).await;
    client.request(json!({"type": "join", "table": table, "seat": 9})).await;
    let (status, metrics) = server.get("/metrics");
    assert_eq!(status, 200);
    assert!(metrics.contains("fichas_refusals_total{code=\"BadRequest\"} 2"), "{metrics}");
    for line in
        ["fichas_tables 1", "fichas_tables_waiting 1", "fichas_connections 1", "# TYPE fichas_commit_seconds histogram"]
    {
        assert!(metrics.contains(line), "{line} in {metrics}");
    }
}

#[tokio::test]
async fn a_stop_commits_what_was_played_and_tells_every_connection_to_reconnect() {
    let server = Server::start(&[]);
    let mut client = Client::connect(&server.url()).await;
    let table = create(&mut client, "parchis").await;
    let started = Instant::now();
    server.signal("TERM");
    assert_eq!(client.recv().await["closed"], 1012);
    let mut server = server;
    let status = server.child.wait().unwrap();
    assert!(status.success() && started.elapsed() < Duration::from_secs(10), "{status} in {:?}", started.elapsed());
    // What was committed is there when it starts again.
    let db = server.dir.join("games.sqlite3");
    let again = Server::start(&["--db", db.to_str().unwrap()]);
    let mut client = Client::connect(&again.url()).await;
    let joined = client.request(json!({"type": "join", "table": table, "seat": 0})).await;
    assert_eq!(joined["type"], "joined", "{joined}");
}

#[tokio::test]
async fn the_browser_app_is_served_from_the_same_address() {
    let web = std::env::temp_dir().join(format!("fichas-web-test-{}", std::process::id()));
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>fichas</title>").unwrap();
    let server = Server::start(&["--web", web.to_str().unwrap()]);
    assert_eq!(server.get("/"), (200, "<!doctype html><title>fichas</title>".into()));
    assert_eq!(server.get("/missing.js").0, 404);
    // The games are at the same address.
    let mut client = Client::connect(&server.url()).await;
    assert_eq!(client.request(json!({"type": "list"})).await["type"], "tables");
    std::fs::remove_dir_all(web).unwrap();
}

fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Plays a seat to the end of its game: the deterministic choice of the protocol's tests. The
/// last update.
async fn play_seat(client: &mut Client, table: &str, token: &str) -> Value {
    client.send(json!({"type": "hello", "table": table, "token": token})).await;
    loop {
        let update = client.recv().await;
        assert_eq!(update["type"], "update", "{update}");
        if update["over"] == true {
            return update;
        }
        let legal = update["legal"].as_array().unwrap();
        if !legal.is_empty() {
            let step = update["step"].as_u64().unwrap();
            let action = &legal[(step as usize * 7) % legal.len()];
            client.send(json!({"type": "act", "table": table, "token": token, "step": step, "action": action})).await;
        }
    }
}

#[tokio::test]
async fn a_person_plays_a_whole_game_against_three_bots_and_they_ask_for_a_rematch_with_it() {
    let server = Server::start(&["--bot-delay-ms", "0"]);
    let mut client = Client::connect(&server.url()).await;
    let created =
        client.request(json!({"type": "create", "variant": "parchis", "bots": [null, "easy", "medium", "easy"]})).await;
    let table = created["table"].as_str().unwrap().to_owned();
    let joined = client.request(json!({"type": "join", "table": table, "seat": 0, "player": "Ana"})).await;
    let token = joined["token"].as_str().unwrap().to_owned();
    let last = tokio::time::timeout(Duration::from_secs(120), play_seat(&mut client, &table, &token)).await.unwrap();
    assert_eq!(last["winners"].as_array().unwrap().len(), 1, "{last}");
    // The bots played from their seats: the record says who sat where.
    let record: Value = serde_json::from_str(last["record"].as_str().unwrap()).unwrap();
    assert_eq!(record["table"]["players"], json!(["Ana", "bot:easy", "bot:medium", "bot:easy"]));

    // The person asks for a rematch; the bots always do: the next game starts at once.
    let rematched = client.request(json!({"type": "rematch", "table": table, "token": token})).await;
    assert_eq!((rematched["type"].as_str(), rematched["seat"].as_u64()), (Some("rematched"), Some(0)), "{rematched}");
    let next = rematched["next"].as_str().unwrap().to_owned();
    assert_ne!(next, table);
    let new_token = rematched["token"].as_str().unwrap();
    let update = client.request(json!({"type": "hello", "table": next, "token": new_token})).await;
    assert_eq!((update["type"].as_str(), update["step"].as_u64()), (Some("update"), Some(0)), "{update}");
    // The old token is the old table's alone.
    let old = client.request(json!({"type": "hello", "table": next, "token": token})).await;
    assert_eq!(old["error"], "BadToken", "{old}");
}

#[tokio::test]
async fn quick_match_seats_people_at_the_oldest_waiting_table_of_their_variant() {
    let server = Server::start(&[]);
    let mut first = Client::connect(&server.url()).await;
    let a = first.request(json!({"type": "quick", "variant": "parchis"})).await;
    assert_eq!(
        (a["type"].as_str(), a["seat"].as_u64(), a["new"].as_bool()),
        (Some("joined"), Some(0), Some(true)),
        "{a}"
    );
    let mut second = Client::connect(&server.url()).await;
    let b = second.request(json!({"type": "quick", "variant": "parchis"})).await;
    assert_eq!(
        (b["table"].as_str(), b["seat"].as_u64(), b["new"].as_bool()),
        (a["table"].as_str(), Some(1), Some(false)),
        "{b}"
    );
    // Another variant waits at a table of its own; a table made by `create` is by link only.
    let mut third = Client::connect(&server.url()).await;
    let private = create(&mut third, "parchis").await;
    let c = third.request(json!({"type": "quick", "variant": "cartas"})).await;
    assert_eq!((c["new"].as_bool(), c["variant"].as_str()), (Some(true), Some("cartas")), "{c}");
    assert_ne!(c["table"].as_str(), Some(private.as_str()));
    // The table fills, starts, and leaves quick match: the next person gets a new one.
    let mut more = Vec::new();
    for seat in 2..4 {
        let mut client = Client::connect(&server.url()).await;
        let joined = client.request(json!({"type": "quick", "variant": "parchis"})).await;
        assert_eq!((joined["table"].as_str(), joined["seat"].as_u64()), (a["table"].as_str(), Some(seat)), "{joined}");
        more.push(client);
    }
    let mut late = Client::connect(&server.url()).await;
    let d = late.request(json!({"type": "quick", "variant": "parchis"})).await;
    assert_eq!(d["new"].as_bool(), Some(true), "{d}");
    // An unknown variant is refused as create refuses it.
    assert_eq!(late.request(json!({"type": "quick", "variant": "chess"})).await["error"], "ConfigError");
}

#[tokio::test]
async fn a_seat_whose_turn_runs_out_twice_in_a_row_is_played_by_a_bot_until_its_person_returns() {
    let server = Server::start(&["--bot-delay-ms", "0", "--turn-limit-ms", "1000"]);
    let mut host = Client::connect(&server.url()).await;
    let created = host.request(json!({"type": "create", "variant": "parchis:two-player"})).await;
    let table = created["table"].as_str().unwrap().to_owned();
    let mut tokens = Vec::new();
    for seat in 0..2 {
        let joined = host.request(json!({"type": "join", "table": table, "seat": seat})).await;
        tokens.push(joined["token"].as_str().unwrap().to_owned());
    }
    // Seat 1 watches and never acts; seat 0 plays at once.
    let mut watcher = Client::connect(&server.url()).await;
    watcher.send(json!({"type": "watch", "table": table})).await;
    let mut player = Client::connect(&server.url()).await;
    player.send(json!({"type": "hello", "table": table, "token": tokens[0]})).await;
    let started = Instant::now();
    let mut timeouts = 0;
    // Turns of seat 1 that ended without a timeout once the bot had taken over.
    let mut played_for = 0;
    let mut was_to_act = None;
    while played_for < 5 {
        assert!(started.elapsed() < Duration::from_secs(60), "no bot took the seat over");
        let update = player.recv().await;
        if update["over"] == true {
            break;
        }
        let events = update["events"].as_array().cloned().unwrap_or_default();
        let timed_out = events.iter().filter(|e| e["event"] == "timed_out").count();
        timeouts += timed_out;
        if timeouts >= 2 && timed_out == 0 && was_to_act == Some(1) && update["to_act"] == 0 {
            played_for += 1;
        }
        was_to_act = update["to_act"].as_u64();
        let legal = update["legal"].as_array().unwrap();
        if !legal.is_empty() {
            let step = update["step"].as_u64().unwrap();
            let action = &legal[(step as usize * 7) % legal.len()];
            player
                .send(json!({"type": "act", "table": table, "token": tokens[0], "step": step, "action": action}))
                .await;
        }
    }
    assert_eq!(timeouts, 2, "the bot took over after two timeouts, and none came after");
}
