//! Does a printed text show a board? `display_game/2` is graded lenient
//! on the format and strict on the content: somewhere in what it printed,
//! in order, ten lines whose last ten cells are the board's rows, one
//! symbol per kind of square throughout (light and empty squares may
//! share one; red and blue each have their own). Cells are read from a
//! line split at tabs, at `|`, at blanks, character by character, or in
//! fixed columns (every 2nd, 3rd or 4th character), so that `0\t.\tR`,
//! `| R | . |`, `. R . R`, `.R.R` and ` 1   r   r` all read.

use super::protocol::Matrix;

/// The symbols of the four codes, as far as they are known.
#[derive(Clone, Debug, Default)]
struct Symbols([Option<String>; 4]);

impl Symbols {
    /// `row`'s codes read as `cells`, with these symbols: the symbols
    /// extended, or `None` when they contradict.
    fn extend(&self, row: &[u8; 10], cells: &[String]) -> Option<Symbols> {
        let mut next = self.clone();
        for (&code, cell) in row.iter().zip(cells) {
            let slot = &mut next.0[usize::from(code)];
            match slot {
                Some(s) if s != cell => return None,
                Some(_) => {}
                None => *slot = Some(cell.clone()),
            }
        }
        let [light, empty, red, blue] = &next.0;
        let clash = |a: &Option<String>, b: &Option<String>| a.is_some() && a == b;
        let pieces_apart = !clash(red, blue)
            && !clash(red, empty)
            && !clash(red, light)
            && !clash(blue, empty)
            && !clash(blue, light);
        pieces_apart.then_some(next)
    }
}

/// The ways a line can be cut into cells: the last ten of each.
fn readings(line: &str) -> Vec<Vec<String>> {
    let line = line.trim_end_matches(['\r', '\n']);
    let mut out = Vec::new();
    let mut keep = |cells: Vec<String>| {
        if cells.len() >= 10 {
            out.push(cells[cells.len() - 10..].to_vec());
        }
    };
    if line.contains('\t') {
        keep(line.split('\t').map(|c| c.trim().to_string()).collect());
    }
    if line.contains('|') {
        let inner = line.trim();
        let inner = inner.strip_prefix('|').unwrap_or(inner);
        let inner = inner.strip_suffix('|').unwrap_or(inner);
        keep(inner.split('|').map(|c| c.trim().to_string()).collect());
    }
    keep(
        line.split(|c: char| c.is_whitespace() || c == '|')
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect(),
    );
    keep(
        line.chars()
            .filter(|c| !c.is_whitespace() && *c != '|')
            .map(String::from)
            .collect(),
    );
    // Fixed columns, a blank being a cell (`1   r   r`: light squares
    // drawn as blanks between blanks).
    let chars: Vec<char> = line.chars().take(400).collect();
    for stride in 2..=4 {
        for offset in 0..stride {
            keep(
                chars
                    .iter()
                    .skip(offset)
                    .step_by(stride)
                    .map(|c| c.to_string())
                    .collect(),
            );
        }
    }
    out
}

/// Whether `text` shows `board`: its ten rows in order, as the header
/// says.
pub fn shows_board(text: &str, board: &Matrix) -> bool {
    let lines: Vec<&str> = text.lines().take(400).collect();
    // Any line may start the board; rows then follow in order, other
    // lines (separators) between them allowed.
    (0..lines.len()).any(|start| {
        let mut symbols = Symbols::default();
        let mut row = 0;
        for line in &lines[start..] {
            if row == 10 {
                break;
            }
            let found = readings(line)
                .iter()
                .find_map(|cells| symbols.extend(&board[row], cells));
            match found {
                Some(next) => {
                    symbols = next;
                    row += 1;
                }
                // The first row must be the start line itself.
                None if row == 0 => return false,
                None => {}
            }
        }
        row == 10
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_madbishops::Board;

    fn start() -> Matrix {
        asalto_madbishops::prolog::board_matrix(&Board::report_setup())
    }

    fn drawn(board: &Matrix, sym: [&str; 4], sep: &str, labels: bool) -> String {
        let mut out = String::from("M A D B I S H O P S\n\t0\t1\t2\t3\t4\t5\t6\t7\t8\t9\n");
        for (r, row) in board.iter().enumerate() {
            if labels {
                out.push_str(&format!("{r}{sep}"));
            }
            let cells: Vec<&str> = row.iter().map(|&c| sym[usize::from(c)]).collect();
            out.push_str(&cells.join(sep));
            out.push('\n');
            out.push_str("----------\n");
        }
        out
    }

    #[test]
    fn reads_boards_drawn_many_ways() {
        let mut b = start();
        b[0][1] = 1;
        b[3][4] = 2;
        for (sym, sep) in [
            ([".", " ", "R", "B"], "\t"),
            ([".", ".", "r", "b"], " "),
            (["0", "1", "2", "3"], " | "),
            ([".", "_", "X", "O"], ""),
        ] {
            let text = drawn(&b, sym, sep, !sep.is_empty());
            assert!(shows_board(&text, &b), "{text}");
            // A piece out of place is seen.
            let mut wrong = b;
            wrong[9][0] = 2;
            assert!(!shows_board(&text, &wrong), "{text}");
        }
        assert!(!shows_board("nothing", &b));
        // Light squares drawn as blanks, in fixed columns.
        let mut text = String::new();
        for (r, row) in b.iter().enumerate() {
            text.push_str(&format!("{:>2} ", r + 1));
            for &c in row {
                text.push_str([" ", ".", "r", "b"][usize::from(c)]);
                text.push(' ');
            }
            text.push('\n');
        }
        assert!(shows_board(&text, &b), "{text}");
        assert!(!shows_board(
            &drawn(&b, ["R", " ", "R", "B"], "\t", true),
            &b
        ));
    }
}
