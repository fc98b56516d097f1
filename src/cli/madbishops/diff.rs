//! `asalto diff` on two Mad Bishops records: the first move where they
//! differ, the board before it, and both moves (an illegal one with its
//! reason code); exit 0 when the games are the same and both valid, 1 when
//! not.

use std::fmt::Write as _;

use asalto::text::{cap, escape_line};
use asalto_madbishops::render::{Marks, text_board};
use asalto_madbishops::replay::{Checked, check};

use super::super::args::common::Format;
use super::super::input::Shown;
use super::super::out::{Out, Status, WriteError, error, sorted_json};
use super::record::{Settings, read_text};
use asalto_core::json::{Envelope, Kind};

/// A record, checked.
struct Side {
    path: String,
    name: String,
    source: String,
    checked: Checked,
}

/// The longest quote of an illegal move, in bytes.
const QUOTE: usize = 60;

impl Side {
    /// Move `number` (1-based) of this record, in words: the legal move
    /// (`red c3xe5`), the illegal line that stopped the replay
    /// (`illegal: c3-d4 [capture-required]`), or the end of the record.
    /// Move `number` as the JSON gives it: its notation, or the text of
    /// an illegal move as written; `None` past the record's end.
    fn written(&self, number: usize) -> Option<String> {
        if let Some(ply) = number
            .checked_sub(1)
            .and_then(|i| self.checked.game.plies.get(i))
        {
            return Some(ply.mv.to_string());
        }
        let e = self.checked.errors().find(|e| e.ply == Some(number))?;
        let line = self.source.split('\n').nth(e.line.saturating_sub(1));
        Some(line.unwrap_or_default().trim().to_string())
    }

    fn move_text(&self, number: usize) -> Option<String> {
        if let Some(ply) = number
            .checked_sub(1)
            .and_then(|i| self.checked.game.plies.get(i))
        {
            return Some(format!("{} {}", ply.side.name(), ply.mv));
        }
        let e = self.checked.errors().find(|e| e.ply == Some(number))?;
        let written = self
            .source
            .split('\n')
            .nth(e.line.saturating_sub(1))
            .unwrap_or_default()
            .trim();
        Some(format!(
            "line {}: `{}`, not a legal move: {} [{}]",
            e.line,
            escape_line(&cap(written, QUOTE)),
            escape_line(&e.message()),
            e.reason().code()
        ))
    }
}

/// Run `diff` on two Mad Bishops records.
pub fn run(
    paths: [&str; 2],
    settings: Settings,
    format: Format,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let mut sides = Vec::new();
    for path in paths {
        match read_text(path) {
            Ok(source) => {
                let checked = check(&source, &settings.options());
                sides.push(Side {
                    path: path.to_string(),
                    name: Shown::of(path).to_string(),
                    source,
                    checked,
                });
            }
            Err(message) => {
                error(&message);
                return Ok(Status::Error);
            }
        }
    }
    let (a, b) = (&sides[0], &sides[1]);
    let (ga, gb) = (&a.checked.game, &b.checked.game);
    let mut first = ga.first_difference(gb);
    // Equal legal moves, but one record goes on with an illegal line.
    if first.is_none() && a.checked.is_valid() != b.checked.is_valid() {
        first = Some(ga.plies.len() + 1);
    }
    let valid = a.checked.is_valid() && b.checked.is_valid();
    let same = first.is_none();
    let status = if same && valid {
        Status::Success
    } else {
        Status::Failure
    };
    let rules = settings.profile.name();
    match format {
        Format::Json => {
            let file = |s: &Side| {
                serde_json::json!({
                    "file": s.path,
                    "valid": s.checked.is_valid(),
                    "plies": s.checked.game.plies.len(),
                })
            };
            let body = serde_json::json!({
                "first": settings.first.name(),
                "same": same,
                "reference": file(a),
                "other": file(b),
                "first_difference": first.map(|n| {
                    let before = ga.position_at(n.saturating_sub(1));
                    serde_json::json!({
                        "ply": n,
                        "side": before.as_ref().map(|p| p.turn().name()),
                        "position": before.as_ref().map(|p| p.position_string()),
                        "reference": a.written(n),
                        "other": b.written(n),
                    })
                }),
            });
            let json = Envelope::headed(
                asalto_madbishops::json::head(settings.profile).kind(Kind::Diff),
                body,
            );
            out.line(&sorted_json(&json))?;
        }
        Format::Human => {
            let mut text = String::new();
            for s in [a, b] {
                if let Some(e) = s.checked.errors().next() {
                    let _ = writeln!(
                        text,
                        "{}: invalid ({rules}): line {}:{}: {} [{}]",
                        s.name,
                        e.line,
                        e.column,
                        escape_line(&e.message()),
                        e.reason().code()
                    );
                }
            }
            match first {
                None => {
                    let _ = writeln!(
                        text,
                        "same game: {} ({rules})",
                        asalto::text::count(ga.plies.len(), "move")
                    );
                }
                Some(n) => {
                    let nothing = || "nothing (the record ends)".to_string();
                    let _ = writeln!(text, "first difference at move {n}:");
                    for s in [a, b] {
                        let _ = writeln!(
                            text,
                            "  {}: {}",
                            s.name,
                            s.move_text(n).unwrap_or_else(nothing)
                        );
                    }
                    if let Some(before) = ga.position_at(n.saturating_sub(1)) {
                        let last = n.checked_sub(2).and_then(|i| ga.plies.get(i)).map(|p| p.mv);
                        let _ = writeln!(
                            text,
                            "\nThe board before move {n} ({} to move):",
                            before.turn().name()
                        );
                        text.push_str(&text_board(before.board(), &Marks { last }));
                        if before.outcome().is_none() {
                            text.push_str(&super::record::legal_moves_text(&before.legal_moves()));
                        }
                    }
                }
            }
            out.write(&text)?;
        }
    }
    Ok(status)
}
