//! Geometry: every spot a token stands on or a movement names has a place in the picture, a tap
//! on a spot finds that spot, and the SVG names every spot and every token.

mod play_support;

use std::collections::{BTreeMap, BTreeSet};

use fichas::game::{State, VARIANTS, Variant};
use fichas::picture::{self, Area, Geometry};
use play_support::play_randomly;

/// The values of `attribute` in `svg`, each with how often it appears.
fn attributes(svg: &str, attribute: &str) -> BTreeMap<String, usize> {
    let mut found = BTreeMap::new();
    let key = format!(" {attribute}=\"");
    for (at, _) in svg.match_indices(&key) {
        let rest = &svg[at + key.len()..];
        let value = &rest[..rest.find('"').unwrap()];
        *found.entry(value.to_string()).or_insert(0) += 1;
    }
    found
}

#[test]
fn every_spot_has_one_name_and_a_tap_on_it_finds_it() {
    for text in VARIANTS {
        let geometry = picture::geometry(text.parse().unwrap());
        let names: BTreeSet<&str> = geometry.spots.iter().map(|s| s.spot.as_str()).collect();
        assert_eq!(names.len(), geometry.spots.len(), "{text}: a spot is named twice");
        for spot in &geometry.spots {
            let (x, y) = spot.area.centre();
            assert!(x > 0 && y > 0 && x < geometry.width && y < geometry.height, "{text}: {spot:?} is off the picture");
            assert_eq!(
                geometry.spot_at(x, y).map(|s| &s.spot),
                Some(&spot.spot),
                "{text}: a tap on the centre of {spot:?}"
            );
        }
    }
}

/// Checks that `geometry` places every token of `state` and that its picture names them all.
fn check_position(text: &str, geometry: &Geometry, state: &State) {
    let tokens = state.tokens();
    for token in &tokens {
        assert!(geometry.spot(token.spot.as_str()).is_some(), "{text}: no place for {token:?} in {state}");
    }
    let svg = picture::svg(&state.view(fichas::Seat::ALL[0]), &[]);
    let spots = attributes(&svg, "data-spot");
    assert_eq!(spots.len(), geometry.spots.len(), "{text}: the picture names other spots than the geometry");
    assert!(spots.values().all(|&n| n == 1), "{text}: a spot is drawn twice");
    let drawn = attributes(&svg, "data-token");
    let mut expected: BTreeMap<String, usize> = BTreeMap::new();
    for token in &tokens {
        *expected.entry(token.name()).or_insert(0) += 1;
    }
    // Several tokens of one owner on one spot may be drawn as one stack of two discs.
    let drawn_names: BTreeSet<&String> = drawn.keys().collect();
    let expected_names: BTreeSet<&String> = expected.keys().collect();
    assert!(
        expected_names.is_subset(&drawn_names),
        "{text}: tokens not drawn with their names: {:?} in {state}",
        expected_names.difference(&drawn_names).collect::<Vec<_>>()
    );
    for name in drawn.keys() {
        assert!(expected.contains_key(name), "{text}: the picture draws {name}, which is no token of {state}");
    }
}

#[test]
fn every_token_and_every_spot_a_movement_names_has_a_place_and_a_name_in_the_picture() {
    for text in VARIANTS {
        let variant: Variant = text.parse().unwrap();
        let geometry = picture::geometry(variant);
        let mut steps = 0;
        play_randomly(variant, 45, 1_000, |before, _, after| {
            if before.phase().to_act().is_some() {
                for choice in before.legal_actions() {
                    for m in before.movements(choice.action()).unwrap() {
                        for spot in std::iter::once(&m.from).chain(&m.path) {
                            assert!(geometry.spot(spot.as_str()).is_some(), "{text}: no place for {spot} of {m:?}");
                        }
                    }
                }
            }
            steps += 1;
            if steps % 50 == 0 {
                check_position(text, &geometry, after);
            }
        });
    }
}

#[test]
fn areas_hold_their_edges_and_nothing_beyond() {
    let rect = Area::Rect { x: 10, y: 20, width: 30, height: 40 };
    assert!(rect.contains(10, 20) && rect.contains(40, 60) && !rect.contains(41, 60) && !rect.contains(9, 30));
    let circle = Area::Circle { cx: 0, cy: 0, r: 5 };
    assert!(circle.contains(3, 4) && !circle.contains(4, 4));
    assert!(!circle.contains(i32::MAX, i32::MIN), "a far point overflows nothing");
}

#[test]
fn cartas_places_its_piles_and_hands_and_names_each_card_of_the_seats_hand() {
    let geometry = picture::geometry("cartas".parse().unwrap());
    for name in ["pile", "discards", "0:hand", "1:hand", "2:hand", "3:hand"] {
        assert!(geometry.spot(name).is_some(), "no spot {name}");
    }
    play_randomly("cartas".parse().unwrap(), 50, 60, |state, _, _| {
        let Some(seat) = state.phase().to_act() else { return };
        let view = state.view(seat);
        let svg = picture::svg(&view, &[]);
        let fichas::game::View::Cartas(cartas) = view else { unreachable!() };
        let mut cards: Vec<String> = cartas.hand().cards().map(|r| r.to_string()).collect();
        let mut drawn: Vec<String> =
            svg.split("data-card=\"").skip(1).map(|rest| rest.split('"').next().unwrap().to_string()).collect();
        cards.sort();
        drawn.sort();
        assert_eq!(drawn, cards, "the seat's own hand, card by card, and no other seat's");
    });
}
