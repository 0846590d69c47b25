//! The client contract for apps: movements, tokens, taps, geometry and words, as plain records
//! built from the engine's own values (docs/client.md).

use fichas::movement;
use fichas::picture;

/// One token's movement in a step, to animate: every spot it enters, the last where it stops.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Movement {
    /// Whose token: a colour (`yellow`) in the dice games, a seat's number (`2`) in Cartas.
    pub owner: String,
    /// Where it stood, as a spot name (`Y12`, `23`, `Y:c3`, `2:h`).
    pub from: String,
    /// Every spot it enters, in order.
    pub path: Vec<String>,
    /// `walk` (cell by cell) or `jump` (straight to its one spot).
    pub motion: String,
    /// `move`, `release`, `rescue`, `captured`, `swept`, `penalty` or `swap`.
    pub cause: String,
}

/// A token where it stands.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct TokenPlace {
    /// Whose, as in `Movement.owner`.
    pub owner: String,
    /// Its spot's name.
    pub spot: String,
    /// The token's name, as the picture's `data-token`: `Y@Y12`.
    pub name: String,
}

/// Why an action is refused, with the codes every binding gives: `code` is the kind of refusal
/// (`illegal`, `unreadable`, …) and `reason`, for an illegal action, why (`parchis-blocked`, a key
/// of the catalogues' `illegal-…` messages).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Refusal {
    pub code: String,
    pub reason: Option<String>,
    pub message: String,
}

/// How taps reach one legal choice.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Tap {
    /// The choice's notation: what `playNotation` takes.
    pub action: String,
    /// Cartas: the card to tap first.
    pub card: Option<String>,
    /// The tokens to tap, in order, by name (`Y@Y12`).
    pub tokens: Vec<String>,
    /// The steps each token walks (0 for a jump).
    pub steps: Vec<u32>,
    /// What sets it apart from the choices of the same card and first token: `+5`, `+5/b`, `-4`.
    pub option: String,
    /// What it spends in a dice game: a die (`5`), the sum (`sum`) or a bonus (`10`, `20`,
    /// `+10`); null for a release or in Cartas.
    pub count: Option<String>,
}

/// One spot of a board and its area in the SVG picture: a rectangle (`x`, `y`, `width`,
/// `height`) or a circle (`x`, `y` its centre, `r`).
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct SpotArea {
    pub spot: String,
    /// `rect` or `circle`.
    pub shape: String,
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
    pub r: i32,
}

/// Where each spot of a variant's board lies in its SVG picture.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct Geometry {
    pub width: i32,
    pub height: i32,
    pub spots: Vec<SpotArea>,
}

fn owner(owner: movement::Owner) -> String {
    match owner {
        movement::Owner::Colour(c) => c.name().to_string(),
        movement::Owner::Seat(s) => s.index().to_string(),
    }
}

pub(crate) fn movement_of(m: movement::Movement) -> Movement {
    Movement {
        owner: owner(m.owner),
        from: m.from.to_string(),
        path: m.path.iter().map(ToString::to_string).collect(),
        motion: m.motion.name().to_string(),
        cause: m.cause.name().to_string(),
    }
}

pub(crate) fn token_of(t: movement::Token) -> TokenPlace {
    TokenPlace { owner: owner(t.owner), spot: t.spot.to_string(), name: t.name() }
}

pub(crate) fn tap_of(t: movement::Tap) -> Tap {
    Tap {
        action: t.action,
        card: t.card,
        tokens: t.tokens,
        steps: t.steps.into_iter().map(u32::from).collect(),
        option: t.option,
        count: t.count,
    }
}

pub(crate) fn geometry_of(g: picture::Geometry) -> Geometry {
    let spots = g
        .spots
        .into_iter()
        .map(|s| {
            let spot = s.spot.to_string();
            match s.area {
                picture::Area::Rect { x, y, width, height } => {
                    SpotArea { spot, shape: "rect".into(), x, y, width, height, r: 0 }
                }
                picture::Area::Circle { cx, cy, r } => {
                    SpotArea { spot, shape: "circle".into(), x: cx, y: cy, width: 2 * r, height: 2 * r, r }
                }
            }
        })
        .collect();
    Geometry { width: g.width, height: g.height, spots }
}
