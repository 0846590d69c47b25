//! The list of variants a front end offers, and what each says it has.

use std::collections::BTreeSet;

use fichas::Colour;
use fichas::game::{VARIANTS, Variant};

#[test]
fn the_list_has_every_game_and_every_mode_each_written_as_the_engine_writes_it() {
    let mut modes = BTreeSet::new();
    for text in VARIANTS {
        let variant: Variant = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(variant.to_string(), text, "the list writes {text} as the engine does");
        let info = variant.info();
        modes.insert((info.game, info.mode, info.seats.len()));
    }
    let games: BTreeSet<&str> = modes.iter().map(|(game, _, _)| *game).collect();
    assert_eq!(games, BTreeSet::from(["cartas", "parchis", "poleana", "poleana-express"]));
    for mode in ["strict", "assisted", "free", "individual", "two-player", "two-colours", "pairs"] {
        assert!(modes.iter().any(|(_, m, _)| *m == Some(mode)), "no variant of the mode {mode}");
    }
    for (game, seats) in [("poleana", 2), ("poleana", 3), ("poleana", 4), ("poleana-express", 3), ("parchis", 3)] {
        assert!(modes.iter().any(|(g, _, n)| *g == game && *n == seats), "no {game} for {seats}");
    }
}

#[test]
fn a_variant_says_what_it_has_and_who_sits_where() {
    let info = |text: &str| text.parse::<Variant>().unwrap().info();
    let pairs = info("parchis:pairs");
    let partners: Vec<Option<usize>> = pairs.seats.iter().map(|s| s.partner).collect();
    assert_eq!(partners, [Some(2), Some(3), Some(0), Some(1)]);
    assert!(pairs.has.dice && pairs.has.roll && pairs.has.partners && !pairs.has.cards && !pairs.has.marks);
    let two_colours = info("parchis:two-colours");
    assert_eq!(two_colours.seats[0].colours, [Colour::Yellow, Colour::Red]);
    assert!(!two_colours.has.partners && two_colours.seats.iter().all(|s| s.partner.is_none()));
    assert!(info("poleana:assisted").has.marks && !info("poleana").has.marks);
    let cartas = info("cartas");
    assert_eq!((cartas.mode, cartas.seats.len()), (None, 4));
    assert!(cartas.has.cards && cartas.has.hidden_hands && !cartas.has.dice && !cartas.has.roll);
    assert_eq!(
        serde_json::to_value(info("poleana-express:3")).unwrap()["has"],
        serde_json::json!({"dice": true, "roll": true, "cards": false, "hidden_hands": false, "marks": false, "partners": false})
    );
}
