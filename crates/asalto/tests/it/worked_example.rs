//! The facts of the assignment's worked example and Appendix A (RULES.md).

use std::collections::BTreeSet;

use asalto_asalto::replay::{CheckOptions, check};
use asalto_asalto::{OutcomeReason, Position, Side};

use crate::facts::LEGAL_MOVES;

const EJEMPLO: &str = include_str!("../../../../samples/ejemplo.txt");
const APENDICE_A: &str = include_str!("../../../../samples/apendice-a.txt");

fn set(moves: &str) -> BTreeSet<String> {
    moves.split_whitespace().map(str::to_string).collect()
}

fn legal(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

#[test]
fn legal_moves_along_the_worked_example() {
    let expected = LEGAL_MOVES;
    let checked = check(EJEMPLO, CheckOptions::default());
    assert!(checked.is_valid(), "{:?}", checked.problems);
    assert_eq!(checked.game.plies.len(), 7);
    for (n, moves) in expected.iter().enumerate() {
        let pos = checked.game.position_at(n).unwrap();
        assert_eq!(legal(&pos), set(moves), "after {n} moves");
    }
    assert_eq!(checked.game.outcome(), None);
    assert_eq!(checked.game.position().turn(), Side::Rebels);
}

#[test]
fn appendix_a_ends_with_the_officers_win_after_move_41() {
    let checked = check(APENDICE_A, CheckOptions::default());
    assert!(checked.is_valid(), "{:?}", checked.problems);
    assert_eq!(checked.game.plies.len(), 41);
    let end = checked.game.outcome().expect("the game is over");
    assert_eq!(end.ply, 41);
    assert_eq!(end.outcome.winner, Side::Officers);
    assert_eq!(end.outcome.reason, OutcomeReason::FewerThanNineRebels);
    // It was not over one move earlier.
    assert_eq!(checked.game.position_at(40).unwrap().outcome(), None);
}
