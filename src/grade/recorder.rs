//! The result of each check in one session, under one partial-credit
//! policy: **credit follows what was verified.**
//!
//! A whole game makes each check a planned number of times (Asalto's
//! `turn`, `moves` and `board` on each game screen, a Go check on each
//! query of it, every other check once). A check fails in a game when it
//! failed there, however often it was right before: a failure counts once
//! per game and check (the first one is shown, with how many more there
//! were). A check that never failed earns the part of the game it was
//! made on: all of it when it was made every time a whole game makes it
//! (`pass`), `made / planned` when the session stopped before the rest
//! (`partial`), nothing when it was never made (`not_checked`). So a
//! program that crashes at move 3 of a 40-move game earns 3/40 of its
//! screens' checks there, not all of them; and a program that runs a game
//! to its end loses nothing it showed right.
//!
//! A crash, a hang or a flood is charged to `runs` only, and a refused
//! legal move to `moves` only: the other checks lose what they could not
//! be made on, and say why (the game's `stopped`).

use std::collections::BTreeMap;

use super::kind::{CheckKind, Kind};
use super::report::{CheckStatus, Credit, Failure, GameReport, NotGraded};

/// What a game's checks get when the session gives no reason of its own
/// for what it did not reach.
const NOT_REACHED: &str = "the game did not get that far (see its failures)";

/// The failures and passes of one session.
pub(crate) struct Recorder<K: CheckKind = Kind> {
    game: String,
    /// Each planned check and the number of times a whole game makes it.
    planned: Vec<(K, usize)>,
    /// The times each check was made and right.
    right: BTreeMap<K, usize>,
    failures: Vec<Failure>,
    notes: Vec<String>,
    not_graded: Option<NotGraded>,
}

impl<K: CheckKind> Recorder<K> {
    /// A session of `game` that makes each check of `planned` once
    /// (see [`Recorder::occasions`] for those made more often).
    pub(crate) fn new(game: &str, planned: Vec<K>) -> Recorder<K> {
        Recorder {
            game: game.to_string(),
            planned: planned.into_iter().map(|k| (k, 1)).collect(),
            right: BTreeMap::new(),
            failures: Vec::new(),
            notes: Vec::new(),
            not_graded: None,
        }
    }

    /// A whole game makes `kind` `times` times (at least once): its
    /// credit in the game is the part of those it was made on.
    pub(crate) fn occasions(&mut self, kind: K, times: usize) {
        if let Some(p) = self.planned.iter_mut().find(|(k, _)| *k == kind) {
            p.1 = times.max(1);
        }
    }

    pub(crate) fn planned(&self, kind: K) -> bool {
        self.planned.iter().any(|(k, _)| *k == kind)
    }

    pub(crate) fn failed(&self, kind: K) -> bool {
        self.failures.iter().any(|f| f.kind == kind.name())
    }

    /// Record a failure of `kind` (the first one in full, later ones
    /// counted).
    pub(crate) fn fail(&mut self, kind: K, mut failure: Failure) {
        if !self.planned(kind) {
            return;
        }
        if let Some(first) = self.failures.iter_mut().find(|f| f.kind == kind.name()) {
            first.more += 1;
            return;
        }
        failure.kind = kind.name();
        failure.game = self.game.clone();
        self.failures.push(failure);
    }

    /// `kind` was made once more, and was right.
    pub(crate) fn pass(&mut self, kind: K) {
        *self.right.entry(kind).or_default() += 1;
    }

    /// A remark about the session that is not a failure (e.g. what the
    /// grader could not clean up).
    pub(crate) fn note(&mut self, note: String) {
        self.notes.push(note);
    }

    /// The grader could not set this session up (or a run it needed):
    /// the game is not graded, and no check counts in it.
    pub(crate) fn not_graded(&mut self, why: NotGraded) {
        self.not_graded.get_or_insert(why);
    }

    /// The report: each planned check's status and credit; `stopped` says
    /// why the checks not made (or made on part of the game only) were
    /// not.
    pub(crate) fn finish(
        mut self,
        stopped: Option<&str>,
        plies: usize,
        result: String,
        played: usize,
        seconds: f64,
    ) -> GameReport<K> {
        if let Some(why) = self.not_graded.take() {
            return GameReport {
                game: self.game,
                plies,
                result,
                played,
                checks: BTreeMap::new(),
                credit: BTreeMap::new(),
                stopped: None,
                failures: Vec::new(),
                notes: self.notes,
                illegal_move: None,
                not_graded: Some(why),
                seconds: (seconds * 1000.0).round() / 1000.0,
            };
        }
        let mut checks = BTreeMap::new();
        let mut credits = BTreeMap::new();
        for &(kind, planned) in &self.planned {
            let right = self.right.get(&kind).copied().unwrap_or(0);
            let wrong = self
                .failures
                .iter()
                .find(|f| f.kind == kind.name())
                .map_or(0, |f| f.more + 1);
            let status = if wrong > 0 {
                CheckStatus::Fail
            } else if right == 0 {
                CheckStatus::NotChecked
            } else if right >= planned {
                CheckStatus::Pass
            } else {
                CheckStatus::Partial
            };
            let credit = match status {
                CheckStatus::Pass => 1.0,
                CheckStatus::Partial => right as f64 / planned as f64,
                CheckStatus::Fail | CheckStatus::NotChecked => 0.0,
            };
            checks.insert(kind, status);
            credits.insert(
                kind,
                Credit {
                    credit,
                    made: (right + wrong).min(planned),
                    planned,
                },
            );
        }
        let unreached = checks
            .values()
            .any(|s| matches!(s, CheckStatus::Partial | CheckStatus::NotChecked));
        self.failures
            .sort_by_key(|f| K::ALL.iter().position(|k| k.name() == f.kind));
        GameReport {
            game: self.game,
            plies,
            result,
            played,
            checks,
            credit: credits,
            stopped: unreached.then(|| stopped.unwrap_or(NOT_REACHED).to_string()),
            failures: self.failures,
            notes: self.notes,
            illegal_move: None,
            not_graded: None,
            seconds: (seconds * 1000.0).round() / 1000.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Screens checked up to move 3 of a game of 8 screens, then a crash:
    /// 3/8 of the screens' checks, nothing of those never made.
    #[test]
    fn credit_follows_the_part_of_the_game_checked() {
        let mut rec = Recorder::new("g", vec![Kind::Runs, Kind::Moves, Kind::Turn, Kind::Save]);
        rec.occasions(Kind::Moves, 8);
        rec.occasions(Kind::Turn, 8);
        for _ in 0..3 {
            rec.pass(Kind::Moves);
            rec.pass(Kind::Turn);
        }
        rec.fail(Kind::Turn, Failure::default());
        rec.fail(Kind::Runs, Failure::default());
        let g = rec.finish(Some("it crashed"), 7, String::new(), 3, 0.0);
        assert_eq!(g.checks[&Kind::Moves], CheckStatus::Partial);
        assert!((g.credit[&Kind::Moves].credit - 3.0 / 8.0).abs() < 1e-9);
        assert_eq!(g.credit[&Kind::Moves].made, 3);
        assert_eq!(g.credit[&Kind::Moves].planned, 8);
        assert_eq!(g.checks[&Kind::Turn], CheckStatus::Fail);
        assert_eq!(g.credit[&Kind::Turn].credit, 0.0);
        assert_eq!(g.checks[&Kind::Save], CheckStatus::NotChecked);
        assert_eq!(g.stopped.as_deref(), Some("it crashed"));
        // Not checked is a state, not a failure.
        assert_eq!(g.failures.len(), 2);
    }

    #[test]
    fn a_whole_game_right_passes_with_full_credit() {
        let mut rec = Recorder::new("g", vec![Kind::Moves, Kind::Save]);
        rec.occasions(Kind::Moves, 2);
        rec.pass(Kind::Moves);
        rec.pass(Kind::Moves);
        rec.pass(Kind::Save);
        let g = rec.finish(None, 1, String::new(), 1, 0.0);
        assert!(g.checks.values().all(|s| *s == CheckStatus::Pass));
        assert!(g.credit.values().all(|c| c.credit == 1.0));
        assert_eq!(g.stopped, None);
    }
}
