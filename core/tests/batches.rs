//! Batches of games stepped together: they replay exactly from their seed, give the same rows on
//! any number of threads, refuse an illegal action without changing any game, start a new game
//! where one ended with its returns as the step's rewards, and name what is wrong with a buffer.

use fichas::Phase;
use fichas::batch::{Batch, BatchError, Buffers};
use fichas::game::Variant;

fn variant(text: &str) -> Variant {
    text.parse().unwrap()
}

/// One step's rows: observations, masks, seats to act, rewards, dones.
type Rows = (Vec<f32>, Vec<bool>, Vec<u8>, Vec<f32>, Vec<bool>);

/// Steps a batch `steps` times with its own random actions; returns every step's rows.
fn run(text: &str, games: usize, seed: u64, steps: usize, threads: usize) -> Vec<Rows> {
    let mut batch = Batch::new(variant(text), games, seed);
    let mut b = Buffers::for_batch(&batch);
    batch.reset(&mut b.slices()).unwrap();
    let mut rows = Vec::new();
    for _ in 0..steps {
        let actions = batch.random_actions();
        batch.step_on_threads(&actions, &mut b.slices(), threads).unwrap();
        rows.push((b.observations.clone(), b.masks.clone(), b.to_act.clone(), b.rewards.clone(), b.dones.clone()));
    }
    rows
}

#[test]
fn a_batch_replays_exactly_and_threads_do_not_change_it() {
    for text in ["poleana:3", "parchis:pairs", "cartas"] {
        let one = run(text, 7, 11, 300, 1);
        assert_eq!(one, run(text, 7, 11, 300, 1), "{text}: same seed, same rows");
        assert_eq!(one, run(text, 7, 11, 300, 3), "{text}: three threads give the same rows");
        assert_ne!(one, run(text, 7, 12, 300, 1), "{text}: another seed, other games");
    }
}

#[test]
fn every_row_shows_the_seat_to_act_and_its_legal_actions() {
    let v = variant("parchis:two-player");
    let mut batch = Batch::new(v, 4, 0);
    let mut b = Buffers::for_batch(&batch);
    batch.reset(&mut b.slices()).unwrap();
    let (len, space) = (v.observation_len(), usize::from(v.action_space()));
    for _ in 0..200 {
        for i in 0..batch.len() {
            let state = batch.state(i).unwrap();
            let Phase::Decide(seat) = state.phase() else { panic!("game {i} waits for a decision") };
            assert_eq!(usize::from(b.to_act[i]), seat.index());
            let mut expected = vec![0.0; len];
            state.observe(seat, &mut expected).unwrap();
            assert_eq!(b.observations[i * len..][..len], expected[..]);
            let legal: Vec<u16> = state.legal_ids().to_vec();
            let masked: Vec<u16> = (0..space as u16).filter(|&a| b.masks[i * space + usize::from(a)]).collect();
            let mut sorted = legal.clone();
            sorted.sort_unstable();
            assert_eq!(masked, sorted);
        }
        let actions = batch.random_actions();
        batch.step(&actions, &mut b.slices()).unwrap();
    }
}

#[test]
fn an_ended_game_reports_its_returns_and_a_new_one_begins() {
    let v = variant("parchis:two-player");
    let mut batch = Batch::new(v, 3, 5);
    let mut b = Buffers::for_batch(&batch);
    batch.reset(&mut b.slices()).unwrap();
    let mut ends = 0;
    for _ in 0..20_000 {
        let actions = batch.random_actions();
        batch.step(&actions, &mut b.slices()).unwrap();
        for i in 0..batch.len() {
            let rewards = &b.rewards[i * 2..][..2];
            if b.dones[i] {
                ends += 1;
                let mut sorted = rewards.to_vec();
                sorted.sort_by(f32::total_cmp);
                assert_eq!(sorted, [-1.0, 1.0], "one seat won, one lost");
                let text = batch.state(i).unwrap().to_string();
                assert!(text.contains("=home,home,home,home"), "a new game began: {text}");
            } else {
                assert_eq!(rewards, [0.0, 0.0], "no reward before the end");
            }
        }
    }
    assert!(ends >= 3, "every slot finished a game in 20,000 steps: {ends}");
}

#[test]
fn an_illegal_action_is_refused_and_no_game_changes() {
    let mut batch = Batch::new(variant("poleana:2"), 3, 1);
    let mut b = Buffers::for_batch(&batch);
    batch.reset(&mut b.slices()).unwrap();
    let before: Vec<String> = (0..3).map(|i| batch.state(i).unwrap().to_string()).collect();
    let mut actions = batch.random_actions();
    actions[2] = 9_999;
    let e = batch.step(&actions, &mut b.slices()).unwrap_err();
    assert_eq!(e, BatchError::Illegal { game: 2, id: 9_999 });
    assert_eq!(e.to_string(), "game 2 of the batch: action id 9999 is not legal for its seat to act");
    actions[2] = -1;
    assert!(batch.step_on_threads(&actions, &mut b.slices(), 2).is_err());
    let after: Vec<String> = (0..3).map(|i| batch.state(i).unwrap().to_string()).collect();
    assert_eq!(before, after);
}

#[test]
fn wrong_sizes_are_named() {
    let mut batch = Batch::new(variant("cartas"), 2, 1);
    let mut b = Buffers::for_batch(&batch);
    b.masks.pop();
    let e = batch.reset(&mut b.slices()).unwrap_err();
    assert_eq!(e.to_string(), "the masks buffer has 8339 entries, and this batch needs 8340 (2 games)");
    let mut b = Buffers::for_batch(&batch);
    batch.reset(&mut b.slices()).unwrap();
    let e = batch.step(&[0], &mut b.slices()).unwrap_err();
    assert_eq!(e.to_string(), "actions has 1 entries, and this batch needs 2 (2 games)");
}

#[test]
fn a_new_batch_waits_at_its_first_decisions_so_it_may_step_before_a_reset() {
    let mut batch = Batch::new(variant("cartas"), 2, 8);
    for i in 0..2 {
        assert!(matches!(batch.state(i).unwrap().phase(), Phase::Decide(_)), "game {i} was dealt and waits");
    }
    let mut b = Buffers::for_batch(&batch);
    let actions = batch.random_actions();
    batch.step(&actions, &mut b.slices()).unwrap();
}

#[test]
fn observing_a_batch_writes_its_rows_without_changing_a_game() {
    let mut batch = Batch::new(variant("poleana:2"), 3, 2);
    let before: Vec<String> = (0..3).map(|i| batch.state(i).unwrap().to_string()).collect();
    let mut b = Buffers::for_batch(&batch);
    batch.observe(&mut b.slices()).unwrap();
    let after: Vec<String> = (0..3).map(|i| batch.state(i).unwrap().to_string()).collect();
    assert_eq!(before, after);
    assert!(b.masks.iter().any(|&m| m), "the rows show the first decisions");
}
