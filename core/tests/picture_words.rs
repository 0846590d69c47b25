//! The words of the SVG pictures: every label is a `<tspan>` naming its catalogue message
//! (`data-message`) and arguments (`data-args`), so that a page words it in its language. Over
//! random games of every variant, and a few finished games and thefts, as each seat sees the
//! board: each label's message exists in every catalogue, its English is what the picture shows,
//! its Spanish is worded in full, and no word is written outside a label.

use std::collections::{BTreeSet, HashMap};

mod play_support;

use fichas::game::{Event, Game, VARIANTS, View};
use fichas::text::{Arg, Catalogue, Language, Message};
use fichas::{Seat, picture};
use play_support::play_randomly;
use serde_json::Value;

/// One label of a picture: its message, its arguments as JSON, and the English it shows.
#[derive(Debug)]
struct Tspan {
    id: String,
    args: String,
    text: String,
}

/// The labels of an SVG, and the text of each `<text>` element written outside its labels.
fn read_words(svg: &str) -> (Vec<Tspan>, Vec<String>) {
    let (mut labels, mut plain) = (Vec::new(), Vec::new());
    let mut rest = svg;
    while let Some(at) = rest.find("<text ") {
        let open = &rest[at..];
        let content_start = open.find('>').expect("a <text> start tag closes") + 1;
        let end = open.find("</text>").expect("a <text> element closes");
        let mut content = &open[content_start..end];
        let mut outside = String::new();
        while let Some(span) = content.find("<tspan ") {
            outside.push_str(&content[..span]);
            let tag_end = content[span..].find('>').expect("a <tspan> start tag closes") + span;
            let tag = &content[span..tag_end];
            let close = content.find("</tspan>").expect("a <tspan> closes");
            labels.push(Tspan {
                id: unescape(attribute(tag, "data-message").expect("a label names its message")),
                args: unescape(attribute(tag, "data-args").expect("a label gives its arguments")),
                text: unescape(&content[tag_end + 1..close]),
            });
            content = &content[close + "</tspan>".len()..];
        }
        outside.push_str(content);
        plain.push(unescape(&outside));
        rest = &open[end..];
    }
    (labels, plain)
}

/// The value of attribute `name` in a start tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = tag[start..].find('"')? + start;
    Some(&tag[start..end])
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'").replace("&amp;", "&")
}

/// A label's arguments as the catalogue takes them: texts, numbers, and lists of messages.
fn arguments(json: &str) -> Vec<(String, Arg)> {
    let value: Value = serde_json::from_str(json).unwrap_or_else(|e| panic!("data-args {json:?}: {e}"));
    let object = value.as_object().unwrap_or_else(|| panic!("data-args {json:?} is not an object"));
    object
        .iter()
        .map(|(name, value)| {
            let arg = match value {
                Value::String(text) => Arg::Text(text.clone()),
                Value::Number(n) => Arg::Number(n.as_i64().unwrap_or_else(|| panic!("{json}: {n} is not whole"))),
                Value::Array(items) => Arg::List(items.iter().map(|item| message(item, json)).collect()),
                other => panic!("{json}: an argument {other} is neither text, number nor list"),
            };
            (name.clone(), arg)
        })
        .collect()
}

/// A message of a list argument: `{"id": "colour-yellow", "args": {}}`.
fn message(item: &Value, json: &str) -> Message {
    let id = item["id"].as_str().unwrap_or_else(|| panic!("{json}: a list item without an id"));
    assert!(item["args"].as_object().is_some_and(|a| a.is_empty()), "{json}: a list item with arguments");
    Message::new(id)
}

/// Whether a text has no words: numbers, notation, glyphs (no run of two letters or more).
fn wordless(text: &str) -> bool {
    text.split(|c: char| !c.is_alphabetic()).all(|word| word.chars().count() < 2)
}

/// Checks the words of pictures, remembering the labels already checked.
struct Checker {
    english: Catalogue,
    spanish: Catalogue,
    checked: HashMap<(String, String), String>,
    ids: BTreeSet<String>,
}

impl Checker {
    fn new() -> Checker {
        Checker {
            english: Catalogue::new(Language::English),
            spanish: Catalogue::new(Language::Spanish),
            checked: HashMap::new(),
            ids: BTreeSet::new(),
        }
    }

    fn check(&mut self, svg: &str, context: &dyn Fn() -> String) {
        let (labels, plain) = read_words(svg);
        assert!(!labels.is_empty(), "{}: no labels", context());
        for outside in plain {
            assert!(wordless(&outside), "{}: words outside a label: {outside:?}", context());
        }
        for label in labels {
            let key = (label.id.clone(), label.args.clone());
            if let Some(english) = self.checked.get(&key) {
                assert_eq!(&label.text, english, "{}: {} {}", context(), label.id, label.args);
                continue;
            }
            assert!(
                label.id.starts_with("board-") || label.id.starts_with("colour-"),
                "{}: {} is not a label's message",
                context(),
                label.id
            );
            let args = arguments(&label.args);
            let args: Vec<(&str, Arg)> = args.iter().map(|(n, a)| (n.as_str(), a.clone())).collect();
            let english = self.english.message(&label.id, &args);
            let spanish = self.spanish.message(&label.id, &args);
            let (Some(english), Some(spanish)) = (english, spanish) else {
                panic!("{}: {} is not in every catalogue", context(), label.id);
            };
            assert_eq!(label.text, english, "{}: {} {} in English", context(), label.id, label.args);
            assert!(!spanish.contains('{'), "{}: {} {} in Spanish: {spanish:?}", context(), label.id, label.args);
            assert!(
                spanish != english || wordless(&english),
                "{}: {} {} reads alike in both languages: {spanish:?}",
                context(),
                label.id,
                label.args
            );
            self.ids.insert(label.id.clone());
            self.checked.insert(key, label.text);
        }
    }

    /// The pictures of a view as every seat sees it.
    fn check_seats(&mut self, seats: usize, view: impl Fn(Seat) -> View, last: &[Event], context: &dyn Fn() -> String) {
        let mut drawn: Vec<String> = Vec::new();
        for &seat in &Seat::ALL[..seats] {
            let svg = picture::svg(&view(seat), last);
            if !drawn.contains(&svg) {
                self.check(&svg, &|| format!("{} seen by {seat}", context()));
                drawn.push(svg);
            }
        }
    }
}

/// Finished games, a special victory, a theft and an exchange: what random games reach seldom.
const POSITIONS: [(&str, Option<&str>, Option<&str>); 7] = [
    ("poleana:2 turn=Y roll=2-1 Y=5c,7c,7c,7c R=R3,Y9,start,start quiet=-", None, Some("5c+2")),
    (
        "poleana:3 turn=Y roll=2-1 Y=5c,B3,start,start B=start,start,start,start R=R1,start,start,start quiet=B",
        None,
        Some("5c+2"),
    ),
    ("parchis:two-player turn=Y roll=1-2 Y=goal,goal,goal,c6 R=goal,30,31,home", None, Some("c6+2")),
    (
        "parchis:pairs turn=Y roll=6-2 Y=5,20,home,home B=22,c7,goal,26 R=41,12,home,home G=home,home,home,home",
        None,
        Some("20+6"),
    ),
    (
        "cartas round=2 stage=theft turn=0 victim=3 tokens=0!,10,c1/21,60/32!,45,c2/29,50 \
         hands=59Q/8A3K/7T*/46Q gave=3/J/K/2 discards=AAA222233344455566677788899TTTJJJKKK**2",
        Some("Q"),
        None,
    ),
    (
        "cartas round=1 stage=exchange tokens=0!,12/16!/-/50 hands=2345A/69K8/TJ*3/QK774 \
         gave=-/7/Q/- discards=AA223344556677889TJQK*",
        None,
        Some("pass:K"),
    ),
    (
        "cartas round=7 stage=play turn=2 tokens=c1,0,5/17,c4/30,c2,c3,c4/48,c1,c2 \
         hands=K/A2/3Q/7 gave=2/9/5/J discards=AAA22334455667788TTQQKK**",
        None,
        Some("3:30+3/c"),
    ),
];

/// Messages of the catalogues' board section that no game reaches: a view never holds the card
/// its seat received without the one it gave (the pictures still word one, should it).
const UNSHOWN: [&str; 2] = ["board-got", "board-received"];

#[test]
fn every_word_of_every_picture_is_a_catalogue_message_in_every_language() {
    let mut checker = Checker::new();
    for text in VARIANTS {
        let variant = text.parse().unwrap();
        let seats = fichas::game::Variant::seats(&variant);
        let mut step = 0;
        play_randomly(variant, 48, 300, |_, events, after| {
            step += 1;
            checker.check_seats(seats, |seat| after.view(seat), events, &|| format!("{text}, step {step}: {after}"));
        });
    }
    for (position, chance, action) in POSITIONS {
        let mut game = Game::from_position(position).unwrap_or_else(|e| panic!("{position}: {e}"));
        if let Some(chance) = chance {
            game.apply_chance(game.state().parse_chance(chance).unwrap()).unwrap();
        }
        if let Some(action) = action {
            game.play_text(action).unwrap_or_else(|e| panic!("{position}: {e}"));
        }
        let seats = game.variant().seats();
        let last = game.last_events().to_vec();
        checker.check_seats(seats, |seat| game.view(seat), &last, &|| position.to_string());
    }

    // Every message of the board's section is shown somewhere.
    let source = std::fs::read_to_string(format!("{}/locales/en/fichas.ftl", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let board: BTreeSet<String> = source
        .lines()
        .filter_map(|line| line.split_once(" = ").map(|(id, _)| id))
        .filter(|id| id.starts_with("board-") && !UNSHOWN.contains(id))
        .map(str::to_string)
        .collect();
    let unseen: Vec<&String> = board.difference(&checker.ids).collect();
    assert!(unseen.is_empty(), "no picture showed {unseen:?}");
}

#[test]
fn the_reader_finds_labels_and_the_words_outside_them() {
    let svg = "<svg><text x=\"1\">▶ <tspan data-message=\"board-to\" data-args=\"{&quot;a&quot;:1}\">to &amp; fro</tspan> · \
               <tspan data-message=\"board-from\" data-args=\"{}\">from</tspan></text><text y=\"2\">c3</text></svg>";
    let (labels, plain) = read_words(svg);
    assert_eq!(labels.len(), 2);
    assert_eq!(
        (labels[0].id.as_str(), labels[0].args.as_str(), labels[0].text.as_str()),
        ("board-to", "{\"a\":1}", "to & fro")
    );
    assert_eq!(labels[1].text, "from");
    assert_eq!(plain, ["▶  · ", "c3"]);
    assert!(plain.iter().all(|p| wordless(p)));
    assert!(!wordless("last move:") && wordless("⚠ 0–8") && wordless("3c") && wordless("Q"));
}
