//! A reference game of Asalto: the moves played into a program and how
//! the game ends.

use crate::Move;
use crate::replay::{CheckOptions, GameOutcome, check};

/// A reference game: the moves to play into the program and how it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// Its name in reports (usually the file name).
    pub name: String,
    /// The full moves.
    pub moves: Vec<Move>,
    /// How it ends, if it does.
    pub outcome: Option<GameOutcome>,
}

impl Reference {
    /// Read a reference record; it must be a valid game.
    ///
    /// # Errors
    ///
    /// The first problem of an invalid record, as a sentence.
    pub fn from_record(name: &str, text: &str) -> Result<Reference, String> {
        let checked = check(text, CheckOptions::default());
        if let Some(problem) = checked.errors().next() {
            return Err(format!(
                "{name}: not a valid game: line {}: {}",
                problem.line,
                problem.message()
            ));
        }
        Ok(Reference {
            name: name.to_string(),
            moves: checked.game.moves().copied().collect(),
            outcome: checked.game.outcome(),
        })
    }

    /// Whether the game ends.
    pub fn finished(&self) -> bool {
        self.outcome.is_some()
    }
}
