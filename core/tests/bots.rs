//! The bots: every kind plays every variant to the end with legal actions only, a seed replays a
//! game exactly, a Cartas bot's choice depends on its view alone, reasons come where promised,
//! and the levels are the documented budgets.

use fichas::Rules;
use fichas::bot::{Bot, Budget, Kind, Level, Reason, Strength, Suggestion};
use fichas::game::{Game, State, Variant};
use fichas::record::Step;
use fichas::simulation::{MAX_DECISIONS, Policy, bot_seed, game_rng, play_game, simulate};
use fichas::{Colour, Phase, Seat, cartas};
use rand_core::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A search small enough for a test run, which still looks past the roll in hand.
const SMALL: Budget = Budget { nodes: 3_000, depth: 1, iterations: 24, playout: 4, time_limit: None };

const VARIANTS: [&str; 12] = [
    "poleana:2",
    "poleana:3",
    "poleana",
    "poleana-express:2",
    "poleana-express:3:free",
    "poleana-express",
    "parchis",
    "parchis:YBR",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
];

/// Plays a whole game through the facade, seat `s` played by `bots[s % bots.len()]` from its
/// view; checks that every action is one of the legal ones and returns the game.
fn play_out(variant: &str, bots: &[Bot], seed: u64) -> Game {
    let variant: Variant = variant.parse().unwrap();
    let mut rng = game_rng(seed, 0);
    let mut game = Game::new(variant);
    for _ in 0..20_000 {
        match game.phase() {
            Phase::Over(_) => return game,
            Phase::Chance => {
                game.roll(&mut rng).unwrap();
            }
            Phase::Decide(seat) => {
                let bot = &bots[seat.index() % bots.len()];
                let suggestion = bot.choose(&game.view(seat)).unwrap_or_else(|| panic!("no action in {game}"));
                let legal = game.legal_actions();
                assert!(
                    legal.iter().any(|c| c.action() == suggestion.action),
                    "{:?} suggested {} in {game}",
                    bot.strength().kind,
                    suggestion.action
                );
                game.play(suggestion.action).unwrap();
            }
        }
    }
    panic!("{variant}: the game did not end");
}

#[test]
fn every_kind_of_bot_plays_every_variant_to_the_end() {
    for (i, variant) in VARIANTS.iter().enumerate() {
        let search = Bot::new(Strength::search(SMALL), 3);
        let greedy = Bot::new(Kind::Greedy, 4);
        let random = Bot::new(Kind::Random, 5);
        // Each kind sits at the table in every variant, in turn on a different seat.
        let mut table = [search, greedy, random];
        table.rotate_left(i % 3);
        let game = play_out(variant, &table, i as u64);
        assert!(game.outcome().is_some(), "{variant}");
    }
}

#[test]
fn levels_play_through_the_facade_from_the_state() {
    // `suggest` takes the state and looks only at the view of the seat to act.
    let mut rng = game_rng(8, 0);
    let mut game = Game::new("poleana-express:2".parse().unwrap());
    let bots = [Bot::new(Level::Easy, 1), Bot::new(Strength::search(SMALL), 2)];
    while !game.is_over() {
        match game.to_act() {
            None => {
                game.roll(&mut rng).unwrap();
            }
            Some(seat) => {
                let hint = bots[seat.index()].suggest(game.state()).unwrap();
                game.play(hint.action).unwrap();
            }
        }
    }
}

#[test]
fn the_same_seeds_replay_the_same_game() {
    for variant in ["poleana:3", "parchis:pairs", "cartas"] {
        let bots = |seed: u64| [Bot::new(Strength::search(SMALL), seed), Bot::new(Kind::Random, seed + 1)];
        let first = play_out(variant, &bots(10), 6);
        let again = play_out(variant, &bots(10), 6);
        assert_eq!(first.steps(), again.steps(), "{variant}");
        // The random bot's seed changes its choices.
        let other = play_out(variant, &bots(20), 6);
        assert_ne!(first.steps(), other.steps(), "{variant}");
    }
}

#[test]
fn a_suggestion_is_a_function_of_the_seed_and_the_view() {
    let state: State = "poleana:2 turn=R roll=4-2 Y=Y5,Y7,B2,start R=R0,Y1,start,start quiet=-".parse().unwrap();
    for strength in [Strength::RANDOM, Strength::GREEDY, Strength::search(SMALL)] {
        let a = Bot::new(strength, 7).suggest(&state);
        assert_eq!(a, Bot::new(strength, 7).suggest(&state));
        assert_eq!(a, Bot::new(strength, 7).choose(&state.view(Seat::ALL[1])));
    }
}

#[test]
fn simulation_with_bots_is_repeatable_and_seats_get_their_own_bots() {
    let variant: Variant = "parchis:two-player".parse().unwrap();
    let batch = simulate(variant, 4, 3, 2, Policy::Greedy, None);
    assert_eq!(batch, simulate(variant, 4, 3, 1, Policy::Greedy, None));
    for (i, summary) in batch.iter().enumerate() {
        assert_eq!(*summary, play_game(variant, &[Policy::Greedy], 3, i as u64, MAX_DECISIONS));
    }
    // Seats draw different seeds, so two greedy seats are two bots.
    assert_ne!(bot_seed(3, 0, Seat::ALL[0]), bot_seed(3, 0, Seat::ALL[1]));
    assert_ne!(bot_seed(3, 0, Seat::ALL[0]), bot_seed(3, 1, Seat::ALL[0]));
}

/// A copy of a Cartas state with every card `seat` cannot see dealt anew: the other hands and
/// the draw pile are shuffled together and dealt back in the same sizes.
fn redeal_hidden(state: &cartas::State, seat: Seat, rng: &mut Xoshiro256PlusPlus) -> cartas::State {
    let mut pool: Vec<cartas::Rank> = state.pile().cards().collect();
    for other in Seat::ALL.into_iter().filter(|&s| s != seat) {
        pool.extend(state.hand(other).cards());
    }
    for i in (1..pool.len()).rev() {
        let j = fichas::chance::below(rng, i as u32 + 1) as usize;
        pool.swap(i, j);
    }
    let hands: Vec<String> = Seat::ALL
        .into_iter()
        .map(|s| {
            if s == seat {
                return state.hand(s).to_string();
            }
            let mut hand = cartas::Cards::EMPTY;
            for _ in 0..state.hand(s).len() {
                hand.add(pool.pop().unwrap());
            }
            hand.to_string()
        })
        .collect();
    let text = state.to_string();
    let rewritten: Vec<String> = text
        .split(' ')
        .map(|word| if word.starts_with("hands=") { format!("hands={}", hands.join("/")) } else { word.to_string() })
        .collect();
    rewritten.join(" ").parse().unwrap_or_else(|e| panic!("{e}: {}", rewritten.join(" ")))
}

#[test]
fn a_cartas_bot_decides_from_its_view_alone() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut state = cartas::State::new(cartas::Config::standard());
    let greedy = Bot::new(Kind::Greedy, 1);
    let bots = [Bot::new(Kind::Random, 2), greedy, Bot::new(Strength::search(SMALL), 3), Bot::new(Kind::Expert, 4)];
    let (mut compared, mut differed) = (0, 0);
    while !state.is_over() && compared < 60 {
        match state.phase() {
            Phase::Chance => {
                let card = state.sample_chance(&mut rng).unwrap();
                state.apply_chance(card).unwrap();
            }
            Phase::Decide(seat) => {
                let other = redeal_hidden(&state, seat, &mut rng);
                assert_eq!(other.view(seat), state.view(seat));
                differed += usize::from((0..4).any(|s| other.hand(Seat::ALL[s]) != state.hand(Seat::ALL[s])));
                for bot in &bots {
                    let here = bot.suggest(&State::Cartas(state));
                    let there = bot.suggest(&State::Cartas(other));
                    assert_eq!(here, there, "{:?} in {state}", bot.strength().kind);
                }
                compared += 1;
                let action = greedy.choose_cartas(&state.view(seat)).unwrap();
                state.play(action).unwrap();
            }
            Phase::Over(_) => {}
        }
    }
    assert!(compared == 60 && differed > 40, "{compared} positions, {differed} with other hidden cards");
}

#[test]
fn no_bot_acts_for_a_seat_that_is_not_to_decide() {
    let state: cartas::State =
        "cartas stage=play turn=1 tokens=0!/-/-/- hands=A5/K7/-/2 gave=5/A/K/T discards=A333333334444444455"
            .parse()
            .unwrap();
    for strength in [Strength::RANDOM, Strength::GREEDY, Strength::search(SMALL)] {
        let bot = Bot::new(strength, 1);
        assert!(bot.choose(&fichas::game::View::Cartas(state.view(Seat::ALL[0]))).is_none());
        assert!(bot.choose(&fichas::game::View::Cartas(state.view(Seat::ALL[1]))).is_some());
        let rolling = State::new("parchis".parse().unwrap());
        assert!(bot.suggest(&rolling).is_none(), "dice to roll: nobody decides");
        assert!(bot.choose(&rolling.view(Seat::ALL[0])).is_none());
    }
}

fn hint(strength: impl Into<Strength>, position: &str) -> Suggestion {
    let state: State = position.parse().unwrap();
    Bot::new(strength, 1).suggest(&state).unwrap()
}

#[test]
fn greedy_and_search_bots_give_reasons_and_the_random_bot_none() {
    let positions = [
        "poleana:2:assisted turn=Y roll=5-3 Y=Y5,B2,start,start R=Y8,R9,start,start quiet=-",
        "parchis:YR turn=Y roll=6-3 Y=8,20,home,home R=11,30,home,home",
        "cartas stage=play turn=0 tokens=0,5/20/-/- hands=5K7/K2/-/- gave=5/A/K/T discards=AAA3333333344444444",
    ];
    for position in positions {
        assert_eq!(hint(Kind::Random, position).reason, None);
        assert_eq!(hint(Kind::Random, position).estimate, None);
        for strength in [Strength::GREEDY, Strength::search(SMALL)] {
            let h = hint(strength, position);
            assert!(h.reason.is_some(), "{position}");
            assert!(h.estimate.is_some_and(|e| (0.0..=1.0).contains(&e)), "{position}: {h:?}");
        }
    }
}

#[test]
fn reasons_name_what_the_action_does() {
    // Poleana: Yellow's 3 captures the red token on Y8.
    let h = hint(Kind::Greedy, "poleana:2:assisted turn=Y roll=5-3 Y=Y5,B2,start,start R=Y8,R9,start,start quiet=-");
    assert_eq!(h.reason, Some(Reason::Captures { victim: Colour::Red }), "{}", h.action);
    assert_eq!(h.reason.unwrap().to_string(), "captures a red token");
    // Poleana: scoring would hand the game to Red, who has never moved.
    let h = hint(Kind::Greedy, "poleana:2 turn=Y roll=1-2 Y=6c,B3,start,start R=start,start,start,start quiet=R");
    assert_ne!(h.action.to_string(), "6c+1");
    assert_eq!(h.reason, Some(Reason::HoldsBack));
    // Parchís: a 3 takes the token on 8 onto the lone red token on 11.
    let h = hint(Kind::Greedy, "parchis:YR turn=Y roll=6-3 Y=8,20,home,home R=11,30,home,home");
    assert_eq!(h.action.to_string(), "8+3");
    assert_eq!(h.reason, Some(Reason::Captures { victim: Colour::Red }));
    // Parchís: a 5 must bring a token out, when it is the only choice.
    let h = hint(Kind::Greedy, "parchis:YR turn=Y roll=5-5 doubles=1 Y=home,home,home,home R=11,30,home,home");
    assert_eq!((h.action.to_string().as_str(), h.reason), ("home+5", Some(Reason::Only)));
    // Cartas: the 5 lands on the blue token on 20 (seat 1 plays blue).
    let h = hint(
        Kind::Greedy,
        "cartas stage=play turn=0 tokens=0!,15/20/-/- hands=5K7/K2/-/- gave=5/A/K/T discards=AAA3333333344444444",
    );
    assert_eq!(h.action.to_string(), "5:15+5");
    assert_eq!(h.reason, Some(Reason::Captures { victim: Colour::Blue }));
    // Cartas: in the exchange, the bot passes a card and says so.
    let h = hint(Kind::Greedy, "cartas stage=exchange tokens=-/-/-/- hands=A*3459/5TQKJ2/AA2389/67TJQ4");
    assert!(h.action.to_string().starts_with("pass:"));
    assert_eq!(h.reason, Some(Reason::Passes));
    assert_ne!(h.action.to_string(), "pass:*", "the joker is the last card to give away");
}

#[test]
fn levels_are_the_documented_budgets() {
    assert_eq!(Strength::from(Level::Easy), Strength::GREEDY);
    assert_eq!(Strength::from(Level::Medium), Strength::search(Budget::MEDIUM));
    assert_eq!(Strength::from(Level::Hard), Strength::search(Budget::HARD));
    assert_eq!(Strength::from(Kind::Search), Strength::search(Budget::MEDIUM));
    assert_eq!(Strength::from(Level::Expert), Strength::EXPERT);
    assert_eq!(Strength::from(Kind::Expert), Strength::EXPERT);
    for level in Level::ALL {
        let name = level.name();
        assert_eq!(name.parse::<Strength>().unwrap(), Strength::from(level));
        assert_eq!(name.parse::<Policy>().unwrap().strength(), Some(Strength::from(level)));
    }
    assert_eq!(Strength::EXPERT.to_string(), "expert");
    assert!("genius".parse::<Strength>().is_err());
    assert!("expert:nodes=5".parse::<Strength>().is_err(), "the expert's budget is its depth alone");
    let deeper = "expert:depth=2".parse::<Strength>().unwrap_err();
    assert_eq!(deeper.to_string(), "cannot read expert's budget from `depth=2`: expected depth=0 or depth=1");
    // The expert looks a turn ahead; `expert:depth=0` judges the roll in hand, or each action, only.
    assert_eq!(Strength::EXPERT.budget.depth, 1);
    assert_eq!("expert:depth=1".parse::<Strength>(), Ok(Strength::EXPERT));
    let in_hand: Strength = "expert:depth=0".parse().unwrap();
    assert_eq!((in_hand.kind, in_hand.budget.depth), (Kind::Expert, 0));
    assert_eq!(in_hand.to_string(), "expert:depth=0");
    assert_eq!(in_hand.to_string().parse::<Strength>(), Ok(in_hand));
    // The table of docs/bots.md states the same numbers.
    let docs = include_str!("../../docs/bots.md");
    for (level, budget) in [("medium", Budget::MEDIUM), ("hard", Budget::HARD)] {
        let row = docs
            .lines()
            .find(|l| l.starts_with(&format!("| {level} ")))
            .unwrap_or_else(|| panic!("docs/bots.md has no row for {level}"));
        let number = |n: u32| {
            let digits = n.to_string();
            let mut grouped = String::new();
            for (i, d) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i) % 3 == 0 {
                    grouped.push(',');
                }
                grouped.push(d);
            }
            grouped
        };
        for expected in [
            format!("{} nodes", number(budget.nodes)),
            format!("depth {}", budget.depth),
            format!("{} iterations", number(budget.iterations)),
            format!("playout {}", budget.playout),
        ] {
            assert!(row.contains(&expected), "the {level} row of docs/bots.md should say {expected}: {row}");
        }
    }
}

#[test]
fn a_wall_clock_cap_still_gives_a_legal_action() {
    let budget = Budget::HARD.with_time_limit(std::time::Duration::from_millis(1));
    let bot = Bot::new(Strength::search(budget), 1);
    for position in [
        "poleana turn=G roll=6-6 doubles=1 Y=Y3,G14,G14,start B=B0,B3,R12,G10 R=G11,G12,G13,G13 G=G0,G0,G6,B11 quiet=-",
        "cartas stage=play turn=0 tokens=0,15/20/-/- hands=5K7*/K2/-/- gave=5/A/K/T discards=AAA333333334444444",
    ] {
        let state: State = position.parse().unwrap();
        let hint = bot.suggest(&state).unwrap();
        assert!(state.legal_actions().iter().any(|c| c.action() == hint.action));
    }
}

#[test]
fn a_recorded_bot_game_replays() {
    let game = play_out("parchis:two-colours", &[Bot::new(Level::Easy, 1), Bot::new(Strength::search(SMALL), 2)], 9);
    let again = fichas::record::replay(&game.record().to_json()).unwrap();
    assert_eq!(again.state(), game.state());
    assert!(game.steps().iter().any(|s| matches!(s, Step::Action { .. })));
}

#[test]
fn strengths_read_and_write_their_budgets() {
    let custom: Strength = "search:nodes=5000:depth=1".parse().unwrap();
    assert_eq!(custom.budget, Budget { nodes: 5_000, depth: 1, ..Budget::MEDIUM });
    assert_eq!(custom.to_string(), "search:nodes=5000:depth=1:iterations=200:playout=4");
    assert_eq!(custom.to_string().parse::<Strength>(), Ok(custom));
    let capped: Strength = "hard:ms=200".parse().unwrap();
    assert_eq!(capped, Strength::search(Budget::HARD.with_time_limit(std::time::Duration::from_millis(200))));
    assert_eq!(capped.to_string().parse::<Strength>(), Ok(capped));
    // Easy is the greedy bot, and a search with the default budget is the medium level.
    for (text, written) in
        [("easy", "greedy"), ("medium", "medium"), ("hard", "hard"), ("random", "random"), ("search", "medium")]
    {
        assert_eq!(text.parse::<Strength>().unwrap().to_string(), written);
    }
    for bad in ["greedy:nodes=10", "search:speed=3", "search:nodes=many", "search:depth=300", "hard:ms=0", "search:"] {
        let error = bad.parse::<Strength>().unwrap_err();
        assert!(!error.to_string().is_empty(), "{bad}");
    }
}
