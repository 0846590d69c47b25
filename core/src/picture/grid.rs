//! A grid of characters for the terminal pictures: write strings anywhere, read lines back.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// Rows of characters, blank to begin with. Writes past the edges are clipped, never a panic.
#[derive(Debug)]
pub(crate) struct CharGrid {
    rows: Vec<Vec<char>>,
}

impl CharGrid {
    pub fn new(width: usize, height: usize) -> CharGrid {
        CharGrid { rows: vec![vec![' '; width]; height] }
    }

    /// Writes `text` from column `x` of row `y`, clipping what falls outside.
    pub fn put(&mut self, x: usize, y: usize, text: &str) {
        let Some(row) = self.rows.get_mut(y) else { return };
        for (cell, c) in row.iter_mut().skip(x).zip(text.chars()) {
            *cell = c;
        }
    }

    /// Writes `text` centred on the span of `width` columns that starts at `x`.
    pub fn put_centred(&mut self, x: usize, width: usize, y: usize, text: &str) {
        let len = text.chars().count();
        self.put(x + width.saturating_sub(len) / 2, y, text);
    }

    /// Appends the rows to `out`, one line each, without trailing blanks.
    pub fn write_into(&self, out: &mut String) {
        for row in &self.rows {
            let line: String = row.iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_are_clipped_and_lines_trimmed() {
        let mut grid = CharGrid::new(5, 2);
        grid.put(3, 0, "abcdef");
        grid.put(0, 7, "lost");
        grid.put_centred(0, 5, 1, "x");
        let mut out = String::new();
        grid.write_into(&mut out);
        assert_eq!(out, "   ab\n  x\n");
    }
}
