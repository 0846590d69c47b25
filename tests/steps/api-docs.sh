#!/usr/bin/env bash
# what: the API documentation as docs.rs builds it: rustdoc's warnings denied, every link resolves, features marked
source "$(dirname "$0")/../lib.sh"

# The dependencies' pages too, so that a link into one resolves; then the crate's own pages again
# with docs.rs's --cfg docsrs, whose doc_cfg marks what needs `alloc` or `std` (stable rustdoc
# takes the nightly feature with RUSTC_BOOTSTRAP, as docs.rs's nightly does without).
RUSTDOCFLAGS="-D warnings" cargo doc -p fichas --all-features --quiet
RUSTC_BOOTSTRAP=1 cargo rustdoc -p fichas --all-features --quiet -- --cfg docsrs -D warnings
docs/check-api-docs --self-test
docs/check-api-docs target/doc
