//! Who a connection is: an account of the app, signed in by a JWT its backend issued, or a guest
//! the server signed itself.
//!
//! The app's tokens are checked against the keys the operator gives (an HS256 secret, or the
//! public keys of a JWKS file for RS256 and ES256), with their issuer, audience and expiry, and a
//! leeway for clocks that disagree. A guest token is the server's own (HS256 under a key kept in
//! the store, so every process and every restart takes it), with an issuer no app token can
//! carry. Account ids are namespaced (`account:` and `guest:`), so one kind is never taken for the
//! other. No token is ever written to a log or echoed in a message.

use std::path::Path;

use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, decode_header, encode};
use serde::{Deserialize, Serialize};

/// The issuer and audience of guest tokens: the server's alone.
const GUEST_ISSUER: &str = "fichas-server";
const GUEST_AUDIENCE: &str = "fichas-guest";
/// The key id of guest tokens, which tells them from the app's.
const GUEST_KID: &str = "fichas-guest";
/// How long a guest token lasts: a guest comes back to its seats within it.
const GUEST_DAYS: u64 = 30;
/// The longest name a player shows.
pub const MAX_NAME_CHARS: usize = 40;
/// The longest account id (`sub`) taken.
const MAX_SUBJECT_CHARS: usize = 128;

/// A signed-in connection's account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// `account:SUB` for the app's, `guest:ID` for a guest.
    pub id: String,
    /// The name other players see.
    pub name: String,
    pub guest: bool,
}

/// Why a token was refused, for the person (never the token itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuthError(pub String);

/// How the app's tokens are checked.
#[derive(Clone, Debug)]
pub struct AppTokens {
    keys: AppKeys,
    issuer: String,
    audience: String,
    leeway_s: u64,
}

#[derive(Clone)]
enum AppKeys {
    Secret(DecodingKey),
    Jwks(Vec<(String, Algorithm, DecodingKey)>),
}

impl std::fmt::Debug for AppKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AppKeys::Secret(_) => f.write_str("Secret(..)"),
            AppKeys::Jwks(keys) => write!(f, "Jwks({} keys)", keys.len()),
        }
    }
}

impl AppTokens {
    /// Tokens signed with HS256 and a secret shared with the app's backend.
    pub fn hs256(secret: &[u8], issuer: String, audience: String, leeway_s: u64) -> Result<AppTokens, String> {
        if secret.len() < 32 {
            return Err("the HS256 secret is at least 32 bytes: a shorter one can be guessed".into());
        }
        let key = DecodingKey::from_secret(secret).map_err(|e| format!("the HS256 secret: {e}"))?;
        Ok(AppTokens { keys: AppKeys::Secret(key), issuer, audience, leeway_s })
    }

    /// Tokens signed with RS256 or ES256 by the keys of a JWKS file (`{"keys": [...]}`), each
    /// with its `kid` and `alg`.
    pub fn jwks(path: &Path, issuer: String, audience: String, leeway_s: u64) -> Result<AppTokens, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let set: JwkSet =
            serde_json::from_str(&text).map_err(|e| format!("{} is not a JWKS file: {e}", path.display()))?;
        let mut keys = Vec::new();
        for jwk in &set.keys {
            keys.push(jwks_key(jwk).map_err(|e| format!("{}: {e}", path.display()))?);
        }
        if keys.is_empty() {
            return Err(format!("{} holds no key", path.display()));
        }
        Ok(AppTokens { keys: AppKeys::Jwks(keys), issuer, audience, leeway_s })
    }
}

fn jwks_key(jwk: &Jwk) -> Result<(String, Algorithm, DecodingKey), String> {
    let kid = jwk.common.key_id.clone().ok_or("every key of the JWKS needs its `kid`")?;
    let alg = match jwk.common.key_algorithm.map(|a| format!("{a:?}")).as_deref() {
        Some("RS256") => Algorithm::RS256,
        Some("ES256") => Algorithm::ES256,
        Some(other) => return Err(format!("key {kid}: {other} is not taken; RS256 or ES256")),
        None => return Err(format!("key {kid} needs its `alg`: RS256 or ES256")),
    };
    let key = DecodingKey::from_jwk(jwk).map_err(|e| format!("key {kid}: {e}"))?;
    Ok((kid, alg, key))
}

/// The claims read from a token.
#[derive(Debug, Deserialize, Serialize)]
struct Claims {
    sub: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    preferred_username: Option<String>,
    exp: u64,
    iss: String,
    aud: String,
}

/// The server's checks of tokens, and its guests' key.
pub struct Accounts {
    app: Option<AppTokens>,
    guests: Option<(EncodingKey, DecodingKey)>,
}

impl Accounts {
    /// `app`: how the app's tokens are checked (none: no app accounts). `guest_key`: the key of
    /// guest tokens (none: no guests).
    pub fn new(app: Option<AppTokens>, guest_key: Option<&[u8]>) -> Result<Accounts, String> {
        let guests = match guest_key {
            Some(key) => Some((
                EncodingKey::from_secret(key).map_err(|e| format!("the guests' key: {e}"))?,
                DecodingKey::from_secret(key).map_err(|e| format!("the guests' key: {e}"))?,
            )),
            None => None,
        };
        Ok(Accounts { app, guests })
    }

    /// A new guest, and the token it comes back with.
    pub fn guest(&self, name: &str, now_s: u64) -> Result<(Account, String), AuthError> {
        let Some((key, _)) = &self.guests else {
            return Err(AuthError("this server takes no guests: sign in with the app".into()));
        };
        let name = clean_name(name).ok_or_else(|| AuthError("a guest's name is 1 to 40 letters".into()))?;
        let mut id = [0u8; 9];
        getrandom::fill(&mut id).map_err(|e| AuthError(format!("no random id: {e}")))?;
        let claims = Claims {
            sub: fichas::record::hex(&id),
            name: Some(name.clone()),
            preferred_username: None,
            exp: now_s + GUEST_DAYS * 24 * 3_600,
            iss: GUEST_ISSUER.into(),
            aud: GUEST_AUDIENCE.into(),
        };
        let header = Header { kid: Some(GUEST_KID.into()), ..Header::new(Algorithm::HS256) };
        let token = encode(&header, &claims, key).map_err(|e| AuthError(format!("the guest token: {e}")))?;
        Ok((Account { id: format!("guest:{}", claims.sub), name, guest: true }, token))
    }

    /// The account a token signs in, or why not.
    pub fn verify(&self, token: &str) -> Result<Account, AuthError> {
        // `alg: none`, and any algorithm not listed, is refused here: the library reads no such
        // header, and each key below names the one algorithm it takes.
        let header = decode_header(token).map_err(|e| AuthError(format!("the token cannot be read: {e}")))?;
        if header.kid.as_deref() == Some(GUEST_KID) {
            let Some((_, key)) = &self.guests else {
                return Err(AuthError("this server takes no guests: sign in with the app".into()));
            };
            let claims = check(token, key, Algorithm::HS256, GUEST_ISSUER, GUEST_AUDIENCE, 0)?;
            let name = claims.name.as_deref().and_then(clean_name).unwrap_or_else(|| "?".into());
            return Ok(Account { id: format!("guest:{}", claims.sub), name, guest: true });
        }
        let Some(app) = &self.app else {
            return Err(AuthError("this server takes no app accounts: play as a guest".into()));
        };
        let claims = match &app.keys {
            AppKeys::Secret(key) => check(token, key, Algorithm::HS256, &app.issuer, &app.audience, app.leeway_s)?,
            AppKeys::Jwks(keys) => {
                let kid = header.kid.as_deref().ok_or_else(|| AuthError("the token names no key (`kid`)".into()))?;
                let (_, alg, key) = keys
                    .iter()
                    .find(|(k, _, _)| k == kid)
                    .ok_or_else(|| AuthError("the token names a key this server does not know".into()))?;
                check(token, key, *alg, &app.issuer, &app.audience, app.leeway_s)?
            }
        };
        if claims.sub.is_empty() || claims.sub.chars().count() > MAX_SUBJECT_CHARS {
            return Err(AuthError(format!("the token's subject is 1 to {MAX_SUBJECT_CHARS} characters")));
        }
        let name = claims
            .name
            .as_deref()
            .or(claims.preferred_username.as_deref())
            .and_then(clean_name)
            .unwrap_or_else(|| claims.sub.chars().take(MAX_NAME_CHARS).collect());
        Ok(Account { id: format!("account:{}", claims.sub), name, guest: false })
    }
}

fn check(
    token: &str,
    key: &DecodingKey,
    alg: Algorithm,
    issuer: &str,
    audience: &str,
    leeway_s: u64,
) -> Result<Claims, AuthError> {
    let mut validation = Validation::new(alg);
    validation.set_issuer(&[issuer]);
    validation.set_audience(&[audience]);
    validation.set_required_spec_claims(&["exp", "sub", "iss", "aud"]);
    validation.leeway = leeway_s;
    validation.algorithms = vec![alg];
    decode::<Claims>(token, key, &validation).map(|data| data.claims).map_err(|e| {
        use jsonwebtoken::errors::ErrorKind;
        AuthError(
            match e.kind() {
                ErrorKind::ExpiredSignature => "the token has expired",
                ErrorKind::InvalidSignature => "the token's signature is not one of the keys this server takes",
                ErrorKind::InvalidAlgorithm => "the token is signed with an algorithm this key does not take",
                ErrorKind::InvalidIssuer => "the token's issuer is not the one this server takes",
                ErrorKind::InvalidAudience => "the token is meant for another audience",
                ErrorKind::ImmatureSignature => "the token is not valid yet",
                ErrorKind::MissingRequiredClaim(_) => "the token lacks a claim: sub, exp, iss and aud are needed",
                _ => "the token cannot be read",
            }
            .into(),
        )
    })
}

/// A name as other players see it: control characters dropped, white space folded, at most
/// [`MAX_NAME_CHARS`]; none when nothing is left.
pub fn clean_name(name: &str) -> Option<String> {
    let words: Vec<&str> = name.split_whitespace().collect();
    let folded: String = words.join(" ").chars().filter(|c| !c.is_control()).take(MAX_NAME_CHARS).collect();
    let trimmed = folded.trim().to_string();
    (!trimmed.is_empty()).then_some(trimmed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"a secret of thirty-two bytes or more, shared";

    fn accounts() -> Accounts {
        let app = AppTokens::hs256(SECRET, "https://app.example".into(), "fichas".into(), 60).unwrap();
        Accounts::new(Some(app), Some(b"the guests' key, kept in the store")).unwrap()
    }

    fn now() -> u64 {
        jsonwebtoken::get_current_timestamp()
    }

    fn app_token(claims: serde_json::Value, key: &[u8]) -> String {
        encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(key).unwrap()).unwrap()
    }

    fn good_claims() -> serde_json::Value {
        serde_json::json!({"sub": "u-17", "name": "Ana", "exp": now() + 600, "iss": "https://app.example", "aud": "fichas"})
    }

    #[test]
    fn an_app_token_signs_in_its_account_with_its_name() {
        let account = accounts().verify(&app_token(good_claims(), SECRET)).unwrap();
        assert_eq!(account, Account { id: "account:u-17".into(), name: "Ana".into(), guest: false });
    }

    #[test]
    fn a_token_past_its_expiry_and_the_leeway_is_refused() {
        let mut claims = good_claims();
        claims["exp"] = (now() - 30).into();
        assert!(accounts().verify(&app_token(claims.clone(), SECRET)).is_ok(), "within the leeway");
        claims["exp"] = (now() - 120).into();
        assert_eq!(accounts().verify(&app_token(claims, SECRET)).unwrap_err().0, "the token has expired");
    }

    #[test]
    fn a_token_of_another_key_issuer_or_audience_is_refused() {
        let other = b"another secret of thirty-two bytes, not ours";
        assert!(accounts().verify(&app_token(good_claims(), other)).unwrap_err().0.contains("signature"));
        let mut claims = good_claims();
        claims["iss"] = "https://evil.example".into();
        assert!(accounts().verify(&app_token(claims, SECRET)).unwrap_err().0.contains("issuer"));
        let mut claims = good_claims();
        claims["aud"] = "another-app".into();
        assert!(accounts().verify(&app_token(claims, SECRET)).unwrap_err().0.contains("audience"));
    }

    #[test]
    fn alg_none_is_refused() {
        let header = base64_url(br#"{"alg":"none","typ":"JWT"}"#);
        let claims = base64_url(good_claims().to_string().as_bytes());
        let token = format!("{header}.{claims}.");
        let refused = accounts().verify(&token).unwrap_err().0;
        assert!(refused.contains("cannot be read"), "{refused}");
    }

    #[test]
    fn a_guest_token_comes_back_as_its_guest_and_never_as_an_account() {
        let accounts = accounts();
        let (guest, token) = accounts.guest("  Bruno\u{7}  el   grande ", now()).unwrap();
        assert_eq!(guest.name, "Bruno el grande");
        assert!(guest.id.starts_with("guest:") && guest.guest);
        assert_eq!(accounts.verify(&token).unwrap(), guest);
        // The same claims under the app's secret and without the guests' kid are an app token
        // at most: its id cannot be a guest's.
        let no_guests = Accounts::new(None, None).unwrap();
        assert!(no_guests.verify(&token).unwrap_err().0.contains("no guests"));
        assert!(accounts.guest("\u{7}  ", now()).is_err());
    }

    #[test]
    fn a_guest_token_signed_by_another_key_is_refused() {
        let (_, token) = accounts().guest("Ana", now()).unwrap();
        let other = Accounts::new(None, Some(b"another server's guests' key")).unwrap();
        assert!(other.verify(&token).unwrap_err().0.contains("signature"));
    }

    fn base64_url(bytes: &[u8]) -> String {
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
}
