//! A tiny SVG writer. Coordinates are whole pixels and attributes come in a fixed order, so the
//! same picture is always the same bytes; text is escaped, so any label makes well-formed XML.
//!
//! Words are written as [`Label`]s: each is a `<tspan>` that carries its catalogue message
//! (`data-message`, an id of `locales/*/fichas.ftl`) and that message's arguments (`data-args`,
//! a JSON object), around its English text. A page in another language words each label from
//! its catalogue; without a page's help the picture reads in English.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::Shape;
use crate::colour::{Colour, ColourSet};
use crate::movement::{Owner, SpotId, Token};

/// How a shape is filled and outlined.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Paint<'a> {
    pub fill: &'a str,
    pub stroke: &'a str,
    pub width: i32,
    pub dashed: bool,
}

impl<'a> Paint<'a> {
    /// A filled shape without an outline.
    pub const fn fill(fill: &'a str) -> Paint<'a> {
        Paint { fill, stroke: "none", width: 0, dashed: false }
    }

    /// An outline only.
    pub const fn line(stroke: &'a str, width: i32) -> Paint<'a> {
        Paint { fill: "none", stroke, width, dashed: false }
    }

    /// A filled shape with an outline.
    pub const fn both(fill: &'a str, stroke: &'a str, width: i32) -> Paint<'a> {
        Paint { fill, stroke, width, dashed: false }
    }

    pub const fn dashed(mut self) -> Paint<'a> {
        self.dashed = true;
        self
    }
}

/// How a label is set.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Font<'a> {
    pub size: i32,
    pub fill: &'a str,
    pub bold: bool,
    pub anchor: Anchor,
}

/// Which point of a label its coordinates name, horizontally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

impl<'a> Font<'a> {
    pub const fn new(size: i32, fill: &'a str) -> Font<'a> {
        Font { size, fill, bold: false, anchor: Anchor::Middle }
    }

    pub const fn bold(mut self) -> Font<'a> {
        self.bold = true;
        self
    }

    pub const fn anchor(mut self, anchor: Anchor) -> Font<'a> {
        self.anchor = anchor;
        self
    }
}

/// A label's argument, as its message reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LabelArg {
    /// A text: a colour (`yellow`), a roll (`6-3`), a card letter, a variant's text.
    Text(String),
    /// A number (numbers choose plural forms).
    Number(i64),
    /// Colours worded one by one (`colour-yellow` …) and joined as a list (`Yellow and Red`).
    Colours(ColourSet),
}

/// A word-bearing label of a picture: the catalogue message that words it (`board-to-roll`),
/// its arguments in a fixed order, and its English, which the picture shows as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Label {
    pub id: &'static str,
    pub args: Vec<(&'static str, LabelArg)>,
    pub english: String,
}

impl Label {
    /// The message `id`, reading `english` in English, with no arguments yet.
    pub fn new(id: &'static str, english: impl Into<String>) -> Label {
        Label { id, args: Vec::new(), english: english.into() }
    }

    /// The label with one more argument, a text.
    pub fn text(mut self, name: &'static str, text: impl Into<String>) -> Label {
        self.args.push((name, LabelArg::Text(text.into())));
        self
    }

    /// The label with one more argument, a number.
    pub fn number(mut self, name: &'static str, n: impl Into<i64>) -> Label {
        self.args.push((name, LabelArg::Number(n.into())));
        self
    }

    /// The label with one more argument, a colour as its messages select on it (`yellow`).
    pub fn colour(self, name: &'static str, colour: Colour) -> Label {
        self.text(name, colour.name())
    }

    /// The label with one more argument, colours to be listed.
    pub fn colours(mut self, name: &'static str, colours: ColourSet) -> Label {
        self.args.push((name, LabelArg::Colours(colours)));
        self
    }

    /// The arguments as a JSON object, in their order: `{"colour":"yellow","count":2}`; a list of
    /// colours as the messages that name them, `[{"id":"colour-yellow","args":{}}, …]`.
    pub fn args_json(&self) -> String {
        let mut out = String::from("{");
        for (i, (name, arg)) in self.args.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_string_into(&mut out, name);
            out.push(':');
            match arg {
                LabelArg::Text(text) => json_string_into(&mut out, text),
                LabelArg::Number(n) => {
                    let _ = write!(out, "{n}");
                }
                LabelArg::Colours(colours) => {
                    out.push('[');
                    for (k, colour) in colours.iter().enumerate() {
                        if k > 0 {
                            out.push(',');
                        }
                        out.push_str("{\"id\":");
                        json_string_into(&mut out, colour_id(colour));
                        out.push_str(",\"args\":{}}");
                    }
                    out.push(']');
                }
            }
        }
        out.push('}');
        out
    }
}

/// The message that names a colour: `colour-yellow`.
pub(crate) const fn colour_id(colour: Colour) -> &'static str {
    match colour {
        Colour::Yellow => "colour-yellow",
        Colour::Blue => "colour-blue",
        Colour::Red => "colour-red",
        Colour::Green => "colour-green",
    }
}

/// What separates the labels of one line, as the captions have always joined their parts.
pub(crate) const LABEL_SEPARATOR: &str = " · ";

/// An SVG document being written.
#[derive(Debug)]
pub(crate) struct Svg {
    out: String,
    /// While tokens of a spot are drawn, so that each disc carries its `data-token`.
    tokens_on: Option<TokensOn>,
}

/// The spot whose tokens are being drawn, and whose a disc of each colour is.
type TokensOn = (SpotId, fn(Colour) -> Owner);

impl Svg {
    /// Opens a document of `width` × `height` pixels. The title (the position text) travels
    /// with the picture, so a bug report that carries only the picture still states the position.
    pub fn new(width: i32, height: i32, title: &str) -> Svg {
        let mut out = String::with_capacity(48 * 1024);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">"
        );
        out.push_str("<title>");
        escape_into(&mut out, title);
        out.push_str("</title>\n");
        Svg { out, tokens_on: None }
    }

    /// Closes the document and hands it over.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }

    /// Opens a group; `class` names what it holds, for apps that restyle pictures.
    pub fn group(&mut self, class: &str) {
        self.out.push_str("<g class=\"");
        escape_into(&mut self.out, class);
        self.out.push_str("\">\n");
    }

    /// Opens a group shifted by (`dx`, `dy`).
    pub fn group_at(&mut self, class: &str, dx: i32, dy: i32) {
        self.out.push_str("<g class=\"");
        escape_into(&mut self.out, class);
        let _ = writeln!(self.out, "\" transform=\"translate({dx} {dy})\">");
    }

    pub fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    pub fn rect(&mut self, x: i32, y: i32, w: i32, h: i32, rx: i32, paint: Paint<'_>) {
        let _ = write!(self.out, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\"");
        if rx > 0 {
            let _ = write!(self.out, " rx=\"{rx}\"");
        }
        self.paint(paint);
        self.out.push_str("/>\n");
    }

    /// A card face up: a rectangle carrying `data-card` (the rank's notation letter, `7`, `*`),
    /// so a page finds which card was tapped.
    pub fn card_rect(&mut self, x: i32, y: i32, w: i32, h: i32, letter: char, paint: Paint<'_>) {
        let _ = write!(self.out, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"5\" data-card=\"");
        let mut text = [0u8; 4];
        escape_into(&mut self.out, letter.encode_utf8(&mut text));
        self.out.push('"');
        self.paint(paint);
        self.out.push_str("/>\n");
    }

    /// A rectangle tagged with a class (the last-move marks, which tests and apps look for).
    pub fn tagged_rect(&mut self, class: &str, x: i32, y: i32, w: i32, h: i32, paint: Paint<'_>) {
        let _ = write!(self.out, "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"6\"");
        self.paint(paint);
        self.out.push_str("/>\n");
    }

    pub fn circle(&mut self, cx: i32, cy: i32, r: i32, paint: Paint<'_>) {
        let _ = write!(self.out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\"");
        self.paint(paint);
        self.out.push_str("/>\n");
    }

    /// Discs drawn from now on are tokens on `spot` (`None`: no longer), owned as `owner` says.
    pub fn tokens_on(&mut self, spot: Option<SpotId>, owner: fn(Colour) -> Owner) {
        self.tokens_on = spot.map(|s| (s, owner));
    }

    /// A token's disc: a circle that carries `data-token` (the token's name, `Y@Y12`) while
    /// [`Svg::tokens_on`] names its spot.
    pub fn token_circle(&mut self, cx: i32, cy: i32, r: i32, paint: Paint<'_>, colour: Colour) {
        let _ = write!(self.out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\"");
        if let Some((spot, owner)) = &self.tokens_on {
            let token = Token { owner: owner(colour), spot: spot.clone() };
            self.out.push_str(" data-token=\"");
            escape_into(&mut self.out, &token.name());
            self.out.push('"');
        }
        self.paint(paint);
        self.out.push_str("/>\n");
    }

    /// A spot a tap may find: `shape`, unpainted, carrying `data-spot`.
    pub fn spot(&mut self, spot: &SpotId, shape: Shape) {
        match shape {
            Shape::Rect { x, y, w, h } => {
                let _ = write!(self.out, "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\"");
            }
            Shape::Circle { cx, cy, r } => {
                let _ = write!(self.out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\"");
            }
        }
        self.out.push_str(" data-spot=\"");
        escape_into(&mut self.out, spot.as_str());
        self.out.push_str("\" fill=\"transparent\"/>\n");
    }

    /// A circle tagged with a class, like [`Svg::tagged_rect`].
    pub fn tagged_circle(&mut self, class: &str, cx: i32, cy: i32, r: i32, paint: Paint<'_>) {
        let _ = write!(self.out, "<circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\"");
        self.paint(paint);
        self.out.push_str("/>\n");
    }

    /// An open path through `points`, with round ends and joins (bridges and house lanes).
    pub fn polyline(&mut self, points: &[(i32, i32)], paint: Paint<'_>) {
        self.out.push_str("<polyline points=\"");
        self.points(points);
        self.out.push('"');
        self.paint(paint);
        self.out.push_str(" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n");
    }

    pub fn polygon(&mut self, points: &[(i32, i32)], paint: Paint<'_>) {
        self.out.push_str("<polygon points=\"");
        self.points(points);
        self.out.push('"');
        self.paint(paint);
        self.out.push_str(" stroke-linejoin=\"round\"/>\n");
    }

    /// A text without words (a number, notation, a glyph) whose baseline starts, centres or
    /// ends at (`x`, `y`).
    pub fn text(&mut self, x: i32, y: i32, font: Font<'_>, content: &str) {
        self.open_text(x, y, font);
        escape_into(&mut self.out, content);
        self.out.push_str("</text>\n");
    }

    /// A text without words centred on (`x`, `y`) both ways: the baseline sits a third of the size
    /// lower, which centres digits and capitals without relying on `dominant-baseline` support.
    pub fn centred_text(&mut self, x: i32, y: i32, font: Font<'_>, content: &str) {
        self.text(x, y + font.size * 7 / 20, font.anchor(Anchor::Middle), content);
    }

    /// A label placed as [`Svg::text`] places a text.
    pub fn label(&mut self, x: i32, y: i32, font: Font<'_>, label: &Label) {
        self.labels(x, y, font, "", core::slice::from_ref(label));
    }

    /// A label placed as [`Svg::centred_text`] places a text.
    pub fn centred_label(&mut self, x: i32, y: i32, font: Font<'_>, label: &Label) {
        self.label(x, y + font.size * 7 / 20, font.anchor(Anchor::Middle), label);
    }

    /// One line of labels placed as [`Svg::text`] places a text: `prefix` (a glyph, or nothing),
    /// then each label as a `<tspan data-message="…" data-args="…">` around its English, joined
    /// by ` · `.
    pub fn labels(&mut self, x: i32, y: i32, font: Font<'_>, prefix: &str, labels: &[Label]) {
        self.open_text(x, y, font);
        escape_into(&mut self.out, prefix);
        for (i, label) in labels.iter().enumerate() {
            if i > 0 {
                self.out.push_str(LABEL_SEPARATOR);
            }
            self.out.push_str("<tspan data-message=\"");
            escape_into(&mut self.out, label.id);
            self.out.push_str("\" data-args=\"");
            escape_into(&mut self.out, &label.args_json());
            self.out.push_str("\">");
            escape_into(&mut self.out, &label.english);
            self.out.push_str("</tspan>");
        }
        self.out.push_str("</text>\n");
    }

    /// Opens a `<text>` element whose baseline starts, centres or ends at (`x`, `y`).
    fn open_text(&mut self, x: i32, y: i32, font: Font<'_>) {
        let _ = write!(self.out, "<text x=\"{x}\" y=\"{y}\" font-size=\"{}\"", font.size);
        match font.anchor {
            Anchor::Start => {}
            Anchor::Middle => self.out.push_str(" text-anchor=\"middle\""),
            Anchor::End => self.out.push_str(" text-anchor=\"end\""),
        }
        if font.bold {
            self.out.push_str(" font-weight=\"bold\"");
        }
        self.out.push_str(" fill=\"");
        escape_into(&mut self.out, font.fill);
        self.out.push_str("\">");
    }

    fn points(&mut self, points: &[(i32, i32)]) {
        for (i, (x, y)) in points.iter().enumerate() {
            if i > 0 {
                self.out.push(' ');
            }
            let _ = write!(self.out, "{x},{y}");
        }
    }

    fn paint(&mut self, paint: Paint<'_>) {
        self.out.push_str(" fill=\"");
        escape_into(&mut self.out, paint.fill);
        self.out.push('"');
        if paint.width > 0 {
            self.out.push_str(" stroke=\"");
            escape_into(&mut self.out, paint.stroke);
            let _ = write!(self.out, "\" stroke-width=\"{}\"", paint.width);
            if paint.dashed {
                let _ = write!(self.out, " stroke-dasharray=\"{},{}\"", 2 * paint.width, paint.width + 1);
            }
        }
    }
}

/// Appends `text` as a JSON string: quoted, with `"`, `\\` and control characters escaped.
fn json_string_into(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `text` with the five XML special characters escaped (position texts contain `'`).
fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_numbers_are_whole() {
        let mut svg = Svg::new(10, 20, "Y4' <&>");
        svg.text(1, 2, Font::new(9, "#000").bold(), "a<b & \"c\"");
        svg.rect(0, 0, 5, 5, 2, Paint::line("#f00", 2).dashed());
        let out = svg.finish();
        assert!(out.contains("<title>Y4&apos; &lt;&amp;&gt;</title>"), "{out}");
        assert!(out.contains(">a&lt;b &amp; &quot;c&quot;</text>"), "{out}");
        assert!(out.contains("stroke-dasharray=\"4,3\""), "{out}");
        assert!(out.ends_with("</svg>\n"));
    }

    #[test]
    fn a_label_carries_its_message_and_arguments_around_its_english() {
        let mut svg = Svg::new(10, 20, "t");
        let quiet = ColourSet::of(&[Colour::Blue, Colour::Red]);
        let labels = [
            Label::new("board-to-roll", "Yellow to roll").colour("colour", Colour::Yellow),
            Label::new("board-quiet", "quiet: Blue and Red").colours("colours", quiet).number("count", 2),
            Label::new("board-x", "a \"b\" <c>").text("t", "q\"\\\n&"),
        ];
        svg.labels(1, 2, Font::new(9, "#000"), "▶ ", &labels);
        let out = svg.finish();
        let expected = "<text x=\"1\" y=\"2\" font-size=\"9\" text-anchor=\"middle\" fill=\"#000\">▶ \
            <tspan data-message=\"board-to-roll\" data-args=\"{&quot;colour&quot;:&quot;yellow&quot;}\">Yellow to roll</tspan> · \
            <tspan data-message=\"board-quiet\" data-args=\"{&quot;colours&quot;:[{&quot;id&quot;:&quot;colour-blue&quot;,&quot;args&quot;:{}},\
            {&quot;id&quot;:&quot;colour-red&quot;,&quot;args&quot;:{}}],&quot;count&quot;:2}\">quiet: Blue and Red</tspan> · \
            <tspan data-message=\"board-x\" data-args=\"{&quot;t&quot;:&quot;q\\&quot;\\\\\\n&amp;&quot;}\">a &quot;b&quot; &lt;c&gt;</tspan></text>\n";
        assert!(out.contains(expected), "{out}");
    }
}
