//! Each game's side of the replay page ([`ReplaySource`]): Asalto, Go,
//! Solitaire Chess (an answer to a puzzle, one capture a move) and Mad
//! Bishops.
//! The drawings are the games' own SVG renderers (`show --format svg`),
//! with the last move marked as they mark it.

use asalto_core::ProblemKind as _;

use super::replay::{Frame, MoveEntry, ReplaySource, Stop};
use crate::replay::Checked;
use crate::{render, text};

/// The longest quote of a record line in a page.
const QUOTE: usize = 200;

/// The text of 1-based `line` of `source`, capped.
fn source_line(source: &str, line: usize) -> String {
    let raw = source
        .split('\n')
        .nth(line.saturating_sub(1))
        .unwrap_or("")
        .trim_end_matches('\r');
    text::cap(raw.trim_start_matches('\u{feff}'), QUOTE).into_owned()
}

/// `captures Cc, Cd`, or nothing.
fn captures_note(points: &[String]) -> Option<String> {
    (!points.is_empty()).then(|| format!("captures {}", points.join(", ")))
}

/// An Asalto record as replayed by [`crate::replay::check`].
pub struct Asalto<'a> {
    /// The replay.
    pub checked: &'a Checked,
    /// The record's text (for quoting the line of a problem).
    pub source: &'a str,
    /// The rule profile's name.
    pub rules: &'a str,
}

impl ReplaySource for Asalto<'_> {
    fn game(&self) -> &'static str {
        "Asalto"
    }

    fn rules(&self) -> String {
        self.rules.to_string()
    }

    fn moves(&self) -> usize {
        self.checked.game.plies.len()
    }

    fn entry(&self, ply: usize) -> MoveEntry {
        let p = &self.checked.game.plies[ply - 1];
        let captured: Vec<String> = p.mv.captured().map(|c| c.to_string()).collect();
        MoveEntry {
            side: p.side.name().to_string(),
            text: p.mv.to_string(),
            note: captures_note(&captured),
            illegal: None,
        }
    }

    fn frames(&self, f: &mut dyn FnMut(usize, Frame)) {
        let game = &self.checked.game;
        let start = game.start.board();
        f(
            0,
            Frame {
                svg: render::svg(start, None, &[]),
                text: render::ascii(start),
            },
        );
        for (i, p) in game.plies.iter().enumerate() {
            let board = p.position.board();
            f(
                i + 1,
                Frame {
                    svg: render::svg(board, Some(&p.mv), &[]),
                    text: render::ascii(board),
                },
            );
        }
    }

    fn drawing(&self, ply: usize) -> String {
        let game = &self.checked.game;
        match ply.min(game.plies.len()).checked_sub(1) {
            None => render::svg(game.start.board(), None, &[]),
            Some(i) => render::svg(game.plies[i].position.board(), Some(&game.plies[i].mv), &[]),
        }
    }

    fn stop(&self) -> Option<Stop> {
        let p = self.checked.errors().next()?;
        let plies = self.checked.game.plies.len();
        let side = p
            .side
            .or_else(|| {
                let pos = self.checked.game.position();
                pos.outcome().is_none().then(|| pos.turn())
            })
            .map(|s| s.name().to_string());
        Some(Stop {
            ply: p.ply.unwrap_or(plies + 1),
            side,
            written: source_line(self.source, p.line),
            code: p.reason().code().to_string(),
            message: p.bare_message(),
            help: p.help(),
            line: p.line,
        })
    }

    fn result(&self) -> Option<String> {
        self.checked.game.outcome().map(|o| o.outcome.to_string())
    }
}

/// The main line of a Go record as replayed by [`asalto_go::check`].
pub struct Go<'a> {
    /// The whole replay (its problems and source).
    pub checked: &'a asalto_go::Checked<'a>,
    /// Its first game.
    pub game: &'a asalto_go::replay::Game,
}

impl Go<'_> {
    /// The position after `ply` moves drawn; the last one, when `RE` is
    /// written (a count, or a resignation... estimated by the same count),
    /// with the dead stones the count judged shaded and each
    /// point's owner marked ([`asalto_go::render::svg_counted`]).
    fn svg(&self, ply: usize, pos: &asalto_go::Position) -> String {
        let counted = self.game.counted().or(self.game.estimated());
        if ply == self.game.plies.len() && counted.is_some() {
            let count = asalto_go::replay::count_under(self.game.profile, &self.game.info, pos);
            return asalto_go::render::svg_counted(pos, &count, &[]);
        }
        asalto_go::render::svg(pos, asalto_go::render::DrawOptions::default(), &[])
    }

    /// A compact text board: `X` black, `O` white, `.` empty, one row a
    /// line, top row first.
    fn text(pos: &asalto_go::Position) -> String {
        let grid = pos.board().grid_string();
        let n = usize::from(pos.size().get());
        let mut s = String::with_capacity(grid.len() + n);
        for row in grid.as_bytes().chunks(n.max(1)) {
            s.extend(row.iter().map(|&c| match c {
                b'b' => 'X',
                b'w' => 'O',
                _ => '.',
            }));
            s.push('\n');
        }
        s
    }
}

impl ReplaySource for Go<'_> {
    fn game(&self) -> &'static str {
        "Go"
    }

    fn rules(&self) -> String {
        self.game.profile.name().to_string()
    }

    fn moves(&self) -> usize {
        self.game.plies.len()
    }

    fn entry(&self, ply: usize) -> MoveEntry {
        let p = &self.game.plies[ply - 1];
        let size = self.game.size;
        let captured: Vec<String> = self
            .game
            .captured_by(p)
            .iter()
            .map(|c| c.gtp(size))
            .collect();
        MoveEntry {
            side: p.side.name().to_string(),
            text: asalto_go::export::gtp_vertex(p.mv, size),
            note: captures_note(&captured),
            illegal: p.illegal.map(|k| k.code().to_string()),
        }
    }

    fn frames(&self, f: &mut dyn FnMut(usize, Frame)) {
        let last = self.game.plies.len();
        let draw = |ply: usize, pos: &asalto_go::Position| Frame {
            svg: self.svg(ply, pos),
            text: Go::text(pos),
        };
        f(0, draw(0, &self.game.position_after(0)));
        self.game
            .for_each_position(|i, pos| f(i + 1, draw((i + 1).min(last), pos)));
    }

    fn drawing(&self, ply: usize) -> String {
        let ply = ply.min(self.game.plies.len());
        self.svg(ply, &self.game.position_after(ply))
    }

    /// `PB` and `BR`, `PW` and `WR`, `DT`, `EV`, `KM`, `RU`, as written.
    fn details(&self) -> Vec<String> {
        let info = &self.game.info;
        let mut out = Vec::new();
        for (word, name, rank) in [
            ("black", &info.players.black, &info.ranks.black),
            ("white", &info.players.white, &info.ranks.white),
        ] {
            match (name, rank) {
                (Some(n), Some(r)) => out.push(format!(
                    "{word}: {} ({})",
                    text::cap(n, 40),
                    text::cap(r, 10)
                )),
                (Some(n), None) => out.push(format!("{word}: {}", text::cap(n, 40))),
                (None, Some(r)) => out.push(format!("{word}: ({})", text::cap(r, 10))),
                (None, None) => {}
            }
        }
        if let Some(date) = &info.date {
            out.push(format!("date: {}", text::cap(date, 40)));
        }
        if let Some(event) = &info.event {
            out.push(format!("event: {}", text::cap(event, 60)));
        }
        out.push(format!("komi {}", info.komi));
        if let Some(ru) = &info.rules {
            out.push(format!("RU[{}]", text::cap(ru, 30)));
        }
        out
    }

    fn stop(&self) -> Option<Stop> {
        let p = self
            .checked
            .all_problems()
            .find(|p| p.severity == asalto_go::Severity::Error)?;
        let (line, _) = self.checked.line_col(p.span);
        let ply = p.ply.unwrap_or(self.game.plies.len() + 1);
        let played = ply.checked_sub(1).and_then(|i| self.game.plies.get(i));
        let written = self
            .checked
            .source
            .get(p.span.start..p.span.end)
            .map_or_else(String::new, |s| text::cap(s, QUOTE).into_owned());
        Some(Stop {
            ply,
            side: played.map(|p| p.side.name().to_string()),
            written,
            code: p.kind.code().to_string(),
            message: p.kind.message(),
            help: p.kind.help(),
            line,
        })
    }

    /// `RE` as written, then the count it was verified against (dead
    /// stones judged, shaded on the last board) when `RE` is a count;
    /// the same count named an estimate when `RE` is not a count (a
    /// resignation, time...); else the area count of the final board.
    fn result(&self) -> Option<String> {
        if let (Some(re), Some(c)) = (self.game.info.result.as_deref(), self.game.counted()) {
            let dead = c.dead_stones.black + c.dead_stones.white;
            return Some(format!(
                "{} as written; {} count of the final position, dead stones judged ({dead} dead, shaded on the last board): black {}, white {}, komi {}: {}",
                text::cap(re, 40),
                c.counting.name(),
                c.points.black,
                c.points.white,
                c.komi,
                c.to_result()
            ));
        }
        if let (Some(re), Some(c)) = (self.game.info.result.as_deref(), self.game.estimated()) {
            let dead = c.dead_stones.black + c.dead_stones.white;
            let described = asalto_go::GameResult::parse(re).describe();
            return Some(format!(
                "{} as written: {described}; estimate: {} count of the final position, dead stones judged ({dead} dead, shaded on the last board): black {}, white {}, komi {}: {}",
                text::cap(re, 40),
                c.counting.name(),
                c.points.black,
                c.points.white,
                c.komi,
                c.to_result()
            ));
        }
        let score = self.game.score();
        let re = self.game.info.result.as_deref();
        let parsed = re.map(asalto_go::GameResult::parse);
        let written = match (re, parsed) {
            (Some(r), Some(p)) if p.counted_margin().is_none() => {
                format!("{} as written: {}; ", text::cap(r, 40), p.describe())
            }
            (Some(r), _) => format!("{} as written; ", text::cap(r, 40)),
            _ => String::new(),
        };
        let what = match parsed {
            Some(p) if p.counted_margin().is_none() => "area estimate",
            _ => "area score",
        };
        Some(format!(
            "{written}{what} of the final position: black {}, white {}",
            score.black, score.white
        ))
    }
}

/// A Solitaire Chess record (a puzzle and its answer) as checked by
/// [`asalto_solitaire::check::check_record`]: one capture a move.
pub struct Solitaire<'a> {
    /// The check of the answer.
    pub checked: &'a asalto_solitaire::Checked,
    /// The record's text (for quoting what a problem is about).
    pub source: &'a str,
}

impl Solitaire<'_> {
    /// The position after `ply` legal captures (0: the puzzle), and the
    /// capture that led there.
    fn at(
        &self,
        ply: usize,
    ) -> (
        asalto_solitaire::Position,
        Option<asalto_solitaire::Capture>,
    ) {
        let plies = &self.checked.plies;
        match ply.min(plies.len()).checked_sub(1) {
            None => (self.checked.puzzle, None),
            Some(i) => (plies[i].after, Some(plies[i].capture)),
        }
    }
}

impl ReplaySource for Solitaire<'_> {
    fn game(&self) -> &'static str {
        "Solitaire Chess"
    }

    fn rules(&self) -> String {
        self.checked.profile.name().to_string()
    }

    fn moves(&self) -> usize {
        self.checked.plies.len()
    }

    fn entry(&self, ply: usize) -> MoveEntry {
        let p = &self.checked.plies[ply - 1];
        MoveEntry {
            side: p.piece.name().to_string(),
            text: asalto_solitaire::format::long_algebraic(p.piece, p.capture),
            note: Some(format!("takes the {}", p.captured.name())),
            illegal: None,
        }
    }

    fn frames(&self, f: &mut dyn FnMut(usize, Frame)) {
        use asalto_solitaire::render;
        for k in 0..=self.moves() {
            let (pos, last) = self.at(k);
            f(
                k,
                Frame {
                    svg: render::svg(&pos, last, &[]),
                    text: render::ascii(&pos, last),
                },
            );
        }
    }

    fn drawing(&self, ply: usize) -> String {
        let (pos, last) = self.at(ply);
        asalto_solitaire::render::svg(&pos, last, &[])
    }

    fn stop(&self) -> Option<Stop> {
        use asalto_solitaire::Reason;
        let p = self.checked.problem.as_ref()?;
        let plies = self.checked.plies.len();
        // Too many pieces left, an answer missing or a false "no
        // solution": what is wrong comes after the last capture played.
        let ply = match (p.reason(), p.ply) {
            (Reason::PiecesLeft, _) | (_, None) => plies + 1,
            (_, Some(n)) => n,
        };
        let written = p
            .span
            .and_then(|s| self.source.get(s.start..s.end))
            .map_or_else(String::new, |w| text::cap(w, QUOTE).into_owned());
        Some(Stop {
            ply,
            side: None,
            written,
            code: p.reason().code().to_string(),
            message: p.message(),
            help: p.help(),
            line: p.span.map_or(0, |s| s.line),
        })
    }

    fn result(&self) -> Option<String> {
        use asalto_solitaire::Verdict;
        let left = self.at(self.moves()).0.len();
        Some(match self.checked.verdict() {
            Verdict::Solved => "solved: one piece left".to_string(),
            Verdict::NoSolution => "no solution, as the answer says".to_string(),
            Verdict::Wrong => format!("not solved: {} left", crate::html::count(left, "piece")),
        })
    }
}

/// A Mad Bishops record as replayed by [`asalto_madbishops::replay::check`].
pub struct MadBishops<'a> {
    /// The replay.
    pub checked: &'a asalto_madbishops::replay::Checked,
    /// The record's text (for quoting the line of a problem).
    pub source: &'a str,
}

impl MadBishops<'_> {
    /// The board after `ply` moves, and the move that led there.
    fn at(&self, ply: usize) -> (asalto_madbishops::Board, Option<asalto_madbishops::Move>) {
        let game = &self.checked.game;
        match ply.min(game.plies.len()).checked_sub(1) {
            None => (*game.start.board(), None),
            Some(i) => (*game.plies[i].position.board(), Some(game.plies[i].mv)),
        }
    }
}

impl ReplaySource for MadBishops<'_> {
    fn game(&self) -> &'static str {
        "Mad Bishops"
    }

    fn rules(&self) -> String {
        self.checked.game.start.profile().name().to_string()
    }

    fn moves(&self) -> usize {
        self.checked.game.plies.len()
    }

    fn entry(&self, ply: usize) -> MoveEntry {
        let p = &self.checked.game.plies[ply - 1];
        MoveEntry {
            side: p.side.name().to_string(),
            text: p.mv.to_string(),
            note: p.mv.is_capture().then(|| {
                format!(
                    "captures the {} bishop on {}",
                    p.side.opponent().name(),
                    p.mv.to()
                )
            }),
            illegal: None,
        }
    }

    fn frames(&self, f: &mut dyn FnMut(usize, Frame)) {
        use asalto_madbishops::render::{self, Marks};
        for k in 0..=self.moves() {
            let (board, last) = self.at(k);
            let marks = last.map_or_else(Marks::default, Marks::of_move);
            f(
                k,
                Frame {
                    svg: render::svg(&board, last, &[]),
                    text: render::text_board(&board, &marks),
                },
            );
        }
    }

    fn drawing(&self, ply: usize) -> String {
        let (board, last) = self.at(ply);
        asalto_madbishops::render::svg(&board, last, &[])
    }

    fn stop(&self) -> Option<Stop> {
        let p = self.checked.errors().next()?;
        Some(Stop {
            ply: p.ply.unwrap_or(self.moves() + 1),
            side: p.side.map(|s| s.name().to_string()),
            written: source_line(self.source, p.line),
            code: p.reason().code().to_string(),
            message: p.bare_message(),
            help: p.help(),
            line: p.line,
        })
    }

    fn result(&self) -> Option<String> {
        self.checked.game.outcome().map(|o| o.outcome.to_string())
    }
}
