//! What a reference set reaches of the rule situations of its game, as a
//! run fact of `grade`: a warning before anyone is graded when a situation
//! is missing (a program can get that rule wrong and keep full marks), and
//! a part of every report (JSON `coverage`, the human report, the HTML
//! class page). Each game's engine says what a set reaches
//! ([`crate::coverage`], [`asalto_go::coverage`],
//! [`asalto_solitaire::coverage`]); this module names the set's games and
//! the command that makes a set reaching them all (Asalto's here, Go's in
//! [`super::go::coverage`], Solitaire Chess's in
//! [`super::solitaire::coverage`]).

use asalto_core::coverage::{Coverage, Report, Situation};
use serde::Serialize;

use super::reference::Reference;

/// What the reference set of a run reaches, and how to make one that
/// reaches every situation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CoverageFacts {
    /// The situations of the game: reached (where first), missing,
    /// impossible under the rules graded.
    #[serde(flatten)]
    pub report: Report,
    /// A command that writes a set reaching every situation.
    pub fix: String,
    /// What the set's items are (`reference games`, `puzzles`).
    #[serde(skip)]
    pub items: &'static str,
    /// Their names, in order.
    #[serde(skip)]
    pub names: Vec<String>,
}

impl CoverageFacts {
    /// The facts of `coverage`, reached by the items `names` (`items`
    /// says what they are), and the command `fix` that makes a set that
    /// reaches every situation.
    pub fn new<S: Situation>(
        coverage: &Coverage<S>,
        names: &[String],
        items: &'static str,
        fix: String,
    ) -> CoverageFacts {
        CoverageFacts {
            report: coverage.report(names),
            fix,
            items,
            names: names.to_vec(),
        }
    }

    /// Whether the set misses a situation.
    pub fn incomplete(&self) -> bool {
        !self.report.missing.is_empty()
    }

    /// The warning of a set that misses situations, in one line: what is
    /// missing, and the fix.
    pub fn warning(&self) -> Option<String> {
        self.incomplete().then(|| {
            format!(
                "warning: the {} never reach {} of the rule situations the grader checks, so a program may get those rules wrong and keep its marks: {}; `{}` writes a set that reaches them all",
                self.items,
                self.report.missing.len(),
                self.report.missing_codes(),
                self.fix
            )
        })
    }

    /// The lines of the human report: the headline, and what is missing
    /// with the fix.
    pub fn human(&self) -> String {
        let mut text = format!("coverage: {} by the {}", self.report.headline(), self.items);
        if self.incomplete() {
            text.push_str(&format!(
                "; missing: {} (`{}` writes a set that reaches them all)",
                self.report.missing_codes(),
                self.fix
            ));
        }
        text.push('\n');
        text
    }
}

/// What Asalto's reference games reach, in the order they are played.
pub fn asalto(references: &[Reference]) -> CoverageFacts {
    let games: Vec<&[crate::Move]> = references.iter().map(|r| r.moves.as_slice()).collect();
    let names: Vec<String> = references.iter().map(|r| r.name.clone()).collect();
    CoverageFacts::new(
        &crate::coverage::of_set(&games),
        &names,
        "reference games",
        "asalto selfplay --cover --seed 1 --out DIR".to_string(),
    )
}
