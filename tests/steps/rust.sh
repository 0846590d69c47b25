#!/usr/bin/env bash
# what: the Rust tests: every crate's tests and doc tests, then the exhaustive Cartas capacity search (release); quick: the engine's, unoptimised, without the slowest
# quick: yes
source "$(dirname "$0")/../lib.sh"

if [ "$FICHAS_MODE" = full ]; then
    cargo test --workspace
    part "the exhaustive Cartas capacity search (release build)"
    cargo test --release -p fichas --test cartas_api -- --ignored
    exit 0
fi

# Quick: the engine's unit tests and every test file but the property tests and the pictures,
# which take minutes more to build and run. Unoptimised, with line tables only (enough for a
# backtrace), they build in two thirds of the time the test profile's opt-level 1 takes; sha2
# alone is optimised, since the hash chains and verifiable dice of the table tests spend minutes
# in an unoptimised SHA-256. The tests below take 10 seconds to minutes each unoptimised (most
# play hundreds of games through the bots or the expert's network): the full mode runs them.
slow=(
    bot::training::tests::a_network_can_be_matched_against_another_network
    bot::cartas_expert::tests::a_clearly_best_action_is_played_without_looking_further
    bot::expert::tests::the_expert_weighs_the_next_roll_as_the_search_does
    simulation::tests::win_shares_split_a_shared_win_and_sum_to_one
    a_cartas_bot_decides_from_its_view_alone
    an_expert_decision_allocates_nothing
    a_cartas_expert_decision_allocates_nothing
    a_million_derived_rolls_pass_a_chi_square_test
)
tests=()
for source in core/tests/*.rs; do
    name="$(basename "$source" .rs)"
    case "$name" in *_props | pictures) ;; *) tests+=(--test "$name") ;; esac
done
skips=()
for name in "${slow[@]}"; do skips+=(--skip "$name"); done
CARGO_PROFILE_TEST_OPT_LEVEL=0 CARGO_PROFILE_TEST_DEBUG=line-tables-only \
    cargo test --config 'profile.test.package.sha2.opt-level=2' --quiet -p fichas --lib "${tests[@]}" \
    -- "${skips[@]}"
