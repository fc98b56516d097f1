//! A game's result as a record writes it (`RE`), classified: a count
//! (`B+3.5`), a resignation (`B+R`), time (`B+T`), forfeit (`B+F`), a
//! draw (`0`), no result (`Void`) or unknown (`?`). Only a count can be
//! compared with a count of the board: a game won by resignation ends
//! with a board nobody counted, and a count of it is an estimate.

use crate::side::Side;

/// How many points a count of the final position may be from a counted
/// `RE` and still agree with it: territory and area counting of one
/// position differ by the difference of the stones each side put on the
/// board (`Nb − Nw`, one point when Black played the last move, more with
/// handicap stones), and a record rarely says which counting its result
/// used. The winner must agree whatever the margins.
pub const TOLERANCE: f64 = 1.0;

/// How a game was decided, as `RE` says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResultKind {
    /// Counted, won by this many points (more than 0).
    Count(f64),
    /// Won by resignation (`B+R`, `B+Resign`).
    Resignation,
    /// Won on time (`B+T`, `B+Time`).
    Time,
    /// Won by forfeit (`B+F`).
    Forfeit,
    /// A draw (`0`, `Draw`, `Jigo`): by count or by agreement, `RE` does
    /// not say which.
    Draw,
    /// No result (`Void`): the game was annulled.
    Void,
    /// Not said (`?`), or said in words the toolkit does not read
    /// (`B+`, `B+0`, `W+Repetition`): the winner, if written, is kept.
    Unknown,
}

impl ResultKind {
    /// `count`, `resignation`, `time`, `forfeit`, `draw`, `void` or
    /// `unknown`: the stable name in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            ResultKind::Count(_) => "count",
            ResultKind::Resignation => "resignation",
            ResultKind::Time => "time",
            ResultKind::Forfeit => "forfeit",
            ResultKind::Draw => "draw",
            ResultKind::Void => "void",
            ResultKind::Unknown => "unknown",
        }
    }
}

/// `RE` read: who won and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameResult {
    /// The winner, when one is written.
    pub winner: Option<Side>,
    /// How.
    pub kind: ResultKind,
}

impl GameResult {
    /// Reads an `RE` value. Every text is read as something: what is not
    /// understood is [`ResultKind::Unknown`].
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_go::result::{GameResult, ResultKind};
    /// use asalto_go::Side;
    ///
    /// let r = GameResult::parse("W+Resign");
    /// assert_eq!((r.winner, r.kind), (Some(Side::White), ResultKind::Resignation));
    /// assert_eq!(GameResult::parse("B+3.5").kind, ResultKind::Count(3.5));
    /// assert_eq!(GameResult::parse("B+0").kind, ResultKind::Unknown);
    /// assert_eq!(GameResult::parse("Jigo").kind, ResultKind::Draw);
    /// ```
    pub fn parse(re: &str) -> GameResult {
        let re = re.trim();
        let unknown = GameResult {
            winner: None,
            kind: ResultKind::Unknown,
        };
        let whole = re.to_ascii_lowercase();
        match whole.as_str() {
            "0" | "draw" | "jigo" | "d" => {
                return GameResult {
                    winner: None,
                    kind: ResultKind::Draw,
                };
            }
            "void" => {
                return GameResult {
                    winner: None,
                    kind: ResultKind::Void,
                };
            }
            _ => {}
        }
        let Some((who, how)) = whole.split_once('+') else {
            return unknown;
        };
        let winner = match who.trim() {
            "b" | "black" => Side::Black,
            "w" | "white" => Side::White,
            _ => return unknown,
        };
        let how = how.trim();
        let kind = if let Ok(margin) = how.parse::<f64>() {
            // `B+0` and `B+0.0` name a winner and no margin.
            if margin.is_finite() && margin > 0.0 {
                ResultKind::Count(margin)
            } else {
                ResultKind::Unknown
            }
        } else {
            let word = how
                .split(|c: char| !c.is_ascii_alphabetic())
                .next()
                .unwrap_or("");
            match word {
                "r" | "res" | "resign" | "resigned" | "resignation" => ResultKind::Resignation,
                "t" | "time" => ResultKind::Time,
                "f" | "forfeit" => ResultKind::Forfeit,
                _ => ResultKind::Unknown,
            }
        };
        GameResult {
            winner: Some(winner),
            kind,
        }
    }

    /// The margin a count claims, Black's positive, White's negative:
    /// `None` for every result that is not a count.
    pub fn counted_margin(&self) -> Option<f64> {
        match (self.kind, self.winner) {
            (ResultKind::Count(m), Some(Side::Black)) => Some(m),
            (ResultKind::Count(m), Some(Side::White)) => Some(-m),
            _ => None,
        }
    }

    /// Whether a count of a board with `komi` can give this margin
    /// exactly: the stones and points of each side are whole numbers, so
    /// a count's margin is a whole number less the komi. A half-point
    /// margin with whole komi (or a whole margin with half-point komi)
    /// cannot be a count's under that komi: the `KM` written is not the
    /// komi played, or the margin was rounded.
    pub fn exact_with(&self, komi: f64) -> bool {
        self.counted_margin()
            .is_some_and(|m| (m + komi).fract().abs() < 1e-9)
    }

    /// Whether a count whose margin (Black's positive) is `counted`
    /// agrees with this counted result: the same winner (a jigo agrees
    /// with no winner), margins at most [`TOLERANCE`] apart. `None` when
    /// this result is no count.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_go::result::GameResult;
    ///
    /// let re = GameResult::parse("W+3.5");
    /// assert_eq!(re.agrees_with(-4.5), Some(true));
    /// assert_eq!(re.agrees_with(-13.5), Some(false));
    /// assert_eq!(GameResult::parse("B+0.5").agrees_with(-0.5), Some(false));
    /// assert_eq!(GameResult::parse("B+R").agrees_with(10.5), None);
    /// ```
    pub fn agrees_with(&self, counted: f64) -> Option<bool> {
        let claim = self.counted_margin()?;
        let same_winner = claim.signum() == counted.signum() && counted != 0.0;
        Some(same_winner && (claim - counted).abs() <= TOLERANCE + 1e-9)
    }

    /// The result in words: `black won by resignation`.
    pub fn describe(&self) -> String {
        let who = match self.winner {
            Some(side) => side.name(),
            None => "",
        };
        match (self.kind, self.winner) {
            (ResultKind::Count(m), Some(_)) => {
                let points = if m == 1.0 { "point" } else { "points" };
                format!("{who} won by {m} {points}")
            }
            (ResultKind::Resignation, Some(_)) => format!("{who} won by resignation"),
            (ResultKind::Time, Some(_)) => format!("{who} won on time"),
            (ResultKind::Forfeit, Some(_)) => format!("{who} won by forfeit"),
            (ResultKind::Draw, _) => "a draw".into(),
            (ResultKind::Void, _) => "no result (void)".into(),
            (_, Some(_)) => format!("{who} won, how is not written"),
            (_, None) => "the result is not known".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_result_is_told_apart() {
        let cases: &[(&str, Option<Side>, ResultKind)] = &[
            ("B+3.5", Some(Side::Black), ResultKind::Count(3.5)),
            ("W+12", Some(Side::White), ResultKind::Count(12.0)),
            ("B+R", Some(Side::Black), ResultKind::Resignation),
            ("W+Resign", Some(Side::White), ResultKind::Resignation),
            ("B+T", Some(Side::Black), ResultKind::Time),
            ("W+Time Over", Some(Side::White), ResultKind::Time),
            ("B+F", Some(Side::Black), ResultKind::Forfeit),
            ("0", None, ResultKind::Draw),
            ("Draw", None, ResultKind::Draw),
            ("?", None, ResultKind::Unknown),
            ("Void", None, ResultKind::Void),
            ("B+0", Some(Side::Black), ResultKind::Unknown),
            ("B+0.0", Some(Side::Black), ResultKind::Unknown),
            ("B+", Some(Side::Black), ResultKind::Unknown),
            ("W+Repetition", Some(Side::White), ResultKind::Unknown),
            ("B+, human judge", Some(Side::Black), ResultKind::Unknown),
            ("X+3", None, ResultKind::Unknown),
            ("B+inf", Some(Side::Black), ResultKind::Unknown),
        ];
        for &(re, winner, kind) in cases {
            let r = GameResult::parse(re);
            assert_eq!((r.winner, r.kind), (winner, kind), "{re}");
        }
    }

    #[test]
    fn only_a_count_claims_a_margin() {
        assert_eq!(GameResult::parse("W+2.5").counted_margin(), Some(-2.5));
        assert_eq!(GameResult::parse("B+R").counted_margin(), None);
        assert_eq!(GameResult::parse("0").counted_margin(), None);
    }

    #[test]
    fn a_margin_of_the_wrong_parity_is_not_exact() {
        assert!(GameResult::parse("B+3.5").exact_with(6.5));
        assert!(GameResult::parse("B+3").exact_with(0.0));
        assert!(!GameResult::parse("B+3.5").exact_with(6.0));
        assert!(!GameResult::parse("W+3").exact_with(7.5));
        assert!(!GameResult::parse("B+R").exact_with(7.5));
    }

    #[test]
    fn results_are_said_in_words() {
        assert_eq!(
            GameResult::parse("B+R").describe(),
            "black won by resignation"
        );
        assert_eq!(GameResult::parse("W+1").describe(), "white won by 1 point");
        assert_eq!(GameResult::parse("?").describe(), "the result is not known");
    }
}
