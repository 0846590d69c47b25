//! The Rust code blocks of the repository's README and of `docs/`, compiled and run as doc
//! tests (`cargo test -p fichas-examples --doc`), so that what they show stays true. The crate's
//! own README is tested inside the crate. Blocks in other languages are run by their own runners:
//! Python blocks by `bindings-python/tests/test_docs.py`, shell blocks by `docs/run-shell-blocks`.

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct Readme;

#[cfg(doctest)]
#[doc = include_str!("../docs/bots.md")]
pub struct Bots;

#[cfg(doctest)]
#[doc = include_str!("../docs/client.md")]
pub struct Client;

#[cfg(doctest)]
#[doc = include_str!("../docs/records.md")]
pub struct Records;
