//! What a game screen of the program must show at a position: whose turn
//! it is (`Turno:`), the legal moves (`Jugadas posibles`), the board; each
//! part judged against the engine's position, a failure for each wrong.

use std::collections::BTreeSet;

use super::kind::Kind;
use super::report::Failure;
use super::screen;
use super::session::{At, Session, side_name};

/// Check a game screen against the position of `at`: the turn, the moves
/// listed, the board. Each part that is right counts as seen right.
pub fn judge_screen(s: &mut Session, text: &str, at: At) -> bool {
    let turn = judge_turn(text, at);
    let moves = judge_moves(text, at);
    let board = if s.options.weights.get(Kind::Board) > 0.0 {
        judge_board(text, at)
    } else {
        None
    };
    let ok = turn.is_none() && moves.is_none() && board.is_none();
    for (kind, failure) in [
        (Kind::Turn, turn),
        (Kind::Moves, moves),
        (Kind::Board, board),
    ] {
        match failure {
            Some(f) => s.rec.fail(kind, f),
            None => s.rec.pass(kind),
        }
    }
    ok
}

pub fn judge_turn(text: &str, at: At) -> Option<Failure> {
    let side = at.pos.turn();
    let found = screen::turn(text);
    (found != Some(side)).then(|| {
        Failure {
            message: "`Turno:` does not name the side to move".to_string(),
            expected: Some(format!("Turno: {}", side_name(side))),
            found: Some(match found {
                Some(s) => format!("Turno: {}", side_name(s)),
                None => "no `Turno:` line naming OFICIALES or REBELDES".to_string(),
            }),
            ..Failure::shown("", text)
        }
        .at(at.ply, &at.pos)
    })
}

/// The listed moves against the legal ones; each extra move with the
/// engine's reason code.
pub fn judge_moves(text: &str, at: At) -> Option<Failure> {
    let legal: BTreeSet<String> = at.pos.legal_moves().iter().map(|m| m.to_string()).collect();
    let Some(listed) = screen::listed_moves(text) else {
        return Some(
            Failure {
                message: "no list of moves after `Jugadas posibles`".to_string(),
                expected: Some(legal.iter().cloned().collect::<Vec<_>>().join(", ")),
                ..Failure::shown("", text)
            }
            .at(at.ply, &at.pos),
        );
    };
    let mut found = BTreeSet::new();
    let mut reasons = std::collections::BTreeMap::new();
    for points in &listed {
        let name = points
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("-");
        if !legal.contains(&name) {
            let code = match at.pos.resolve(points) {
                Err(e) => e.reason().code(),
                Ok(_) => "listed-twice",
            };
            reasons.insert(name.clone(), code);
        }
        found.insert(name);
    }
    if found == legal {
        return None;
    }
    let missing: Vec<String> = legal.difference(&found).cloned().collect();
    let extra: Vec<String> = found.difference(&legal).cloned().collect();
    let extra_reasons = extra
        .iter()
        .map(|m| reasons.get(m).copied().unwrap_or(""))
        .collect();
    Some(
        Failure {
            message: "the listed moves are not the legal moves".to_string(),
            missing,
            extra,
            extra_reasons,
            ..Failure::default()
        }
        .at(at.ply, &at.pos),
    )
}

pub fn judge_board(text: &str, at: At) -> Option<Failure> {
    let problems = screen::compare_board(&screen::board(text), at.pos.board());
    (!problems.is_empty()).then(|| {
        Failure {
            message: "the board drawing does not show the position".to_string(),
            found: Some(crate::text::escape_controls(&problems.join("\n")).into_owned()),
            ..Failure::shown("", text)
        }
        .at(at.ply, &at.pos)
    })
}
