#!/usr/bin/env bash
# what: the examples, optimised as a user runs them: simulate, replay, play (seat 2 sees no other seat's card), arena
# needs: python3
source "$(dirname "$0")/../lib.sh"

# The first is the main job of README.md (Set-up), as written.
cargo run --release --example simulate -- poleana --games 10000
cargo run --release --quiet --example simulate -- poleana --games 20 --json
cargo run --release --quiet --example simulate -- poleana-express:3:free --games 20
for mode in individual two-player two-colours pairs; do
    cargo run --release --quiet --example simulate -- parchis --mode "$mode" --games 20 --json
done
cargo run --release --quiet --example simulate -- cartas --games 5 --record target/cartas-record.json
cargo run --release --quiet --example replay -- --check target/cartas-record.json
for game in "poleana:2 --seed 3" "parchis:two-player --seed 3 --opponents easy" "cartas --seat 2 --seed 3"; do
    # shellcheck disable=SC2086 # the game's words are the example's arguments
    cargo run --release --quiet --example play -- $game < <(yes 1) > target/play-transcript.txt
    grep -q "Game over" target/play-transcript.txt
done
# The last transcript: the human at seat 2 of Cartas sees only its own cards.
python3 tests/tools/transcript_hides_cards.py target/play-transcript.txt
cargo run --release --quiet --example simulate -- cartas --games 4 --policy greedy
cargo run --release --quiet --example arena -- poleana-express:2 --games 40 greedy random
