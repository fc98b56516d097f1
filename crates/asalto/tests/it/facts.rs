//! What the rules say, written apart from the engine: the legal moves of
//! RULES.md's worked example, and what the reference (`reference.rs`) says
//! a check must answer (the reason code of a written path, BASICO's best
//! moves). Shared with the application's tests, which include this file
//! and `reference.rs` with `#[path]`; so it holds no test of its own and
//! uses no other test module but `reference`.

#![allow(dead_code)]

use asalto_asalto::basic::BasicScore;

use crate::reference::{Piece, Pt, RefMove, RefPosition, Turn, pto_captura, vecinos};

/// RULES.md's facts from the worked example: the legal moves after 0 to 7
/// moves, as sets (space-separated, in no particular order).
pub const LEGAL_MOVES: [&str; 8] = [
    "Bc-Ac Bc-Bd Bc-Cc Be-Ae Be-Ce Be-Bd",
    "Dd-Cd Cf-Ce Df-Ce De-Ce Dd-Ce",
    "Cc-Ce",
    "Ee-Dd Ed-Dd Ec-Dd Dc-Cc Db-Cc Cb-Cc",
    "Be-Ae Be-Bd Ce-Dd Ce-Cd Ce-Bd",
    "Ec-Db Eb-Db Ea-Db Da-Db Ca-Db Cc-Bc Ee-Dd Ed-Dd Ec-Dd Cc-Cd Cf-Ce Df-Ce De-Ce",
    "Bd-Db-Dd-Df-Bd Bd-Df-Dd-Db-Bd",
    "Ec-Db Eb-Db Ea-Db Da-Db Ca-Db Ee-Dd Ed-Dd Ec-Dd Cb-Cc Ec-Dc Cf-Ce Cg-Df Dg-Df Eg-Df Ef-Df Ee-Df Ee-De",
];

/// The reason code `resolve` must give for the written `path` (reference
/// points), or `None` when the path is a legal move. Follows the documented
/// order of checks: game over; the first point; the first segment (occupied,
/// then the rebels' distance rule); compulsory captures; a step that goes on;
/// then each later point of a capture against the chain the rules complete.
pub fn expected_reason(r: &RefPosition, path: &[Pt]) -> Option<&'static str> {
    if r.outcome().is_some() {
        return Some("game-over");
    }
    let (a, b) = (path[0], path[1]);
    match r.get(a) {
        None => return Some("no-piece"),
        Some(p) if p != r.turn.piece() => return Some("wrong-side"),
        Some(_) => {}
    }
    if vecinos(a).contains(&b) {
        if r.get(b).is_some() {
            return Some("occupied");
        }
        if r.turn == Turn::Rebels && !RefPosition::rebel_may_go(a, b) {
            return Some("rebel-not-closer");
        }
        if r.turn == Turn::Officers && !r.captures().is_empty() {
            return Some("capture-required");
        }
        if path.len() > 2 {
            return Some("not-connected");
        }
        return None;
    }
    if r.turn == Turn::Rebels {
        return Some("not-connected");
    }
    let Some(over) = vecinos(a).into_iter().find(|&n| pto_captura(a, n) == b) else {
        return Some("not-connected");
    };
    if r.get(over) != Some(Piece::Rebel) {
        return Some("not-connected");
    }
    if r.get(b).is_some() {
        return Some("occupied");
    }
    let full = r.complete_capture(a, over);
    for i in 2..path.len() {
        if i >= full.len() {
            return Some("capture-too-long");
        }
        if path[i] != full[i] {
            return Some("capture-wrong-continuation");
        }
    }
    if path.len() < full.len() {
        return Some("capture-incomplete");
    }
    None
}

/// BASICO's score of a move with `ncas` and `ncap`, as RULES.md gives it.
pub fn score(variant: BasicScore, ncas: i32, ncap: i32) -> i32 {
    // RULES.md: v1 is `ncas - 2*ncap`, v2 is `2*ncas - ncap`.
    match variant {
        BasicScore::V1 => ncas - 2 * ncap,
        BasicScore::V2 => 2 * ncas - ncap,
    }
}

/// The moves BASICO may choose in `r`: those of the best score.
pub fn best_basic(r: &RefPosition, variant: BasicScore) -> Vec<RefMove> {
    let terms = r.basic_terms();
    let best = terms.iter().map(|t| score(variant, t.1, t.2)).max();
    terms
        .into_iter()
        .filter(|t| Some(score(variant, t.1, t.2)) == best)
        .map(|t| t.0)
        .collect()
}
