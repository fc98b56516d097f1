//! How a program writes players and moves, found out from its answers:
//! players as `1`/`2`, `2`/`3` or `red`/`blue` (which one is red is seen
//! from whose bishops its moves move), moves as any term with four
//! integers (`[FR,FC,TR,TC]`, `move(point(R,C),point(R2,C2))`,
//! `R-C-R2-C2`, ...), 0- or 1-based, row or column first (seen by
//! matching its move list with the engine's legal moves).

use asalto_madbishops::{Position, Side, Square};

/// The player terms tried, in order.
pub const PLAYER_TERMS: [&str; 7] = ["2", "3", "1", "red", "blue", "r", "b"];

/// How a move's four integers name its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coords {
    /// 0 or 1: the number of the first row and column.
    pub base: i64,
    /// Column before row in each square.
    pub col_first: bool,
}

impl Coords {
    /// The four readings.
    pub const ALL: [Coords; 4] = [
        Coords {
            base: 0,
            col_first: false,
        },
        Coords {
            base: 1,
            col_first: false,
        },
        Coords {
            base: 0,
            col_first: true,
        },
        Coords {
            base: 1,
            col_first: true,
        },
    ];

    /// The squares' rows and columns (0-based), read this way.
    pub fn decode(self, [a, b, c, d]: [i64; 4]) -> [i64; 4] {
        let [a, b, c, d] = [a - self.base, b - self.base, c - self.base, d - self.base];
        if self.col_first {
            [b, a, d, c]
        } else {
            [a, b, c, d]
        }
    }

    /// The squares read this way, when they are dark squares of the board.
    pub fn squares(self, ints: [i64; 4]) -> Option<(Square, Square)> {
        let [fr, fc, tr, tc] = self.decode(ints);
        let sq = |r: i64, c: i64| {
            let r = i32::try_from(r).ok()?;
            let c = i32::try_from(c).ok()?;
            Square::from_row_col(r, c)
        };
        Some((sq(fr, fc)?, sq(tr, tc)?))
    }

    /// A move's four integers, written this way.
    pub fn encode(self, from: Square, to: Square) -> [i64; 4] {
        let b = self.base;
        let (fr, fc, tr, tc) = (
            i64::from(from.row()),
            i64::from(from.col()),
            i64::from(to.row()),
            i64::from(to.col()),
        );
        if self.col_first {
            [fc + b, fr + b, tc + b, tr + b]
        } else {
            [fr + b, fc + b, tr + b, tc + b]
        }
    }

    /// In words: `row first, 0-based`.
    pub fn describe(self) -> String {
        format!(
            "{}, {}-based",
            if self.col_first {
                "column first"
            } else {
                "row first"
            },
            self.base
        )
    }
}

/// How many of `moves`, read as `coords`, are legal moves of `side` in
/// `position`.
pub fn matches(position: &Position, side: Side, coords: Coords, moves: &[[i64; 4]]) -> usize {
    let pos = position.with_turn(side);
    let legal = pos.legal_moves();
    moves
        .iter()
        .filter(|&&m| {
            coords
                .squares(m)
                .is_some_and(|(f, t)| legal.iter().any(|l| l.from() == f && l.to() == t))
        })
        .count()
}

/// What was found out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repr {
    /// Red's term and blue's, when found.
    pub red: Option<String>,
    /// Blue's.
    pub blue: Option<String>,
    /// The coordinates.
    pub coords: Coords,
    /// The move term with `A`, `B`, `C`, `D`.
    pub shape: Option<String>,
}

impl Default for Repr {
    fn default() -> Repr {
        Repr {
            red: None,
            blue: None,
            coords: Coords::ALL[0],
            shape: None,
        }
    }
}

impl Repr {
    /// From the answers of `valid_moves/3` in `position` for each term
    /// tried: the reading of the moves that matches most legal moves, and
    /// the first term whose moves are red's (blue's).
    pub fn find(position: &Position, answers: &[(&str, Vec<[i64; 4]>, String)]) -> Repr {
        let best = |coords: Coords, moves: &[[i64; 4]]| -> (usize, Side) {
            let red = matches(position, Side::Red, coords, moves);
            let blue = matches(position, Side::Blue, coords, moves);
            if red >= blue {
                (red, Side::Red)
            } else {
                (blue, Side::Blue)
            }
        };
        let coords = Coords::ALL
            .into_iter()
            .max_by_key(|&c| {
                (
                    answers.iter().map(|(_, m, _)| best(c, m).0).sum::<usize>(),
                    // Ties: the earlier reading (0-based, row first).
                    std::cmp::Reverse(Coords::ALL.iter().position(|&x| x == c)),
                )
            })
            .unwrap_or(Coords::ALL[0]);
        let side_term = |side: Side| {
            answers
                .iter()
                .find(|(_, m, _)| {
                    let (n, s) = best(coords, m);
                    n > 0 && s == side
                })
                .map(|(t, _, _)| (*t).to_string())
        };
        let shape = answers
            .iter()
            .map(|(_, _, s)| s)
            .find(|s| s.as_str() != "none" && !s.is_empty())
            .cloned();
        let mut repr = Repr {
            red: side_term(Side::Red),
            blue: side_term(Side::Blue),
            coords,
            shape,
        };
        // One side found: its usual partner.
        let partner = |t: &str| match t {
            "1" => Some("2"),
            "2" => Some("1"),
            "3" => Some("2"),
            "red" => Some("blue"),
            "blue" => Some("red"),
            "r" => Some("b"),
            "b" => Some("r"),
            _ => None,
        };
        if repr.blue.is_none() {
            repr.blue = repr.red.as_deref().and_then(partner).map(str::to_string);
        }
        if repr.red.is_none() {
            repr.red = repr.blue.as_deref().and_then(partner).map(str::to_string);
        }
        repr
    }

    /// The term of `side` (`red`/`blue` when not found).
    pub fn player(&self, side: Side) -> String {
        match side {
            Side::Red => self.red.clone(),
            Side::Blue => self.blue.clone(),
        }
        .unwrap_or_else(|| side.name().to_string())
    }

    /// The players in words: `2 red, 1 blue`.
    pub fn describe_players(&self) -> String {
        match (&self.red, &self.blue) {
            (Some(r), Some(b)) => format!("{r} red, {b} blue"),
            _ => "unknown (no list of moves was read)".to_string(),
        }
    }

    /// The moves in words: `[A,B,C,D] (row first, 0-based)`.
    pub fn describe_moves(&self) -> String {
        match &self.shape {
            Some(s) => format!("{s} ({})", self.coords.describe()),
            None => format!("unknown; asked as [A,B,C,D] ({})", self.coords.describe()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use asalto_madbishops::Profile;

    #[test]
    fn finds_players_and_coordinates() {
        // A position after a few moves (no symmetry between the sides).
        let mut pos = Position::start(Profile::Steere, Side::Red);
        for _ in 0..3 {
            let mv = pos.legal_moves()[0];
            pos = pos.play(mv).unwrap();
        }
        let written = |side: Side, coords: Coords| -> Vec<[i64; 4]> {
            pos.with_turn(side)
                .legal_moves()
                .iter()
                .map(|m| coords.encode(m.from(), m.to()))
                .collect()
        };
        for coords in Coords::ALL {
            let answers = vec![
                ("1", written(Side::Red, coords), "m(A,B,C,D)".to_string()),
                ("2", written(Side::Blue, coords), "m(A,B,C,D)".to_string()),
            ];
            let repr = Repr::find(&pos, &answers);
            assert_eq!(repr.coords, coords);
            assert_eq!(repr.red.as_deref(), Some("1"));
            assert_eq!(repr.blue.as_deref(), Some("2"));
            assert_eq!(repr.shape.as_deref(), Some("m(A,B,C,D)"));
        }
    }
}
