//! The result of each check in one session, under one partial-credit
//! policy: **what was seen right counts.**
//!
//! A check passes in a game when it was made at least once and never
//! failed; it fails when it failed; and it fails as "not checked" when the
//! session never got to it. A crash, a hang or a flood is charged to `runs`
//! only: the screens shown before it keep their results. A refused legal
//! move is charged to `moves` only, the same way. A check counts once per
//! game, however often it failed there (the first failure is shown, with
//! how many more there were).

use std::collections::{BTreeMap, BTreeSet};

use super::report::{CheckStatus, Failure, GameReport, NotGraded};
use super::{CheckKind, Kind};

/// The failures and passes of one session.
pub(crate) struct Recorder<K: CheckKind = Kind> {
    game: String,
    planned: Vec<K>,
    passed: BTreeSet<K>,
    failures: Vec<Failure>,
    notes: Vec<String>,
    not_graded: Option<NotGraded>,
}

impl<K: CheckKind> Recorder<K> {
    pub(crate) fn new(game: &str, planned: Vec<K>) -> Recorder<K> {
        Recorder {
            game: game.to_string(),
            planned,
            passed: BTreeSet::new(),
            failures: Vec::new(),
            notes: Vec::new(),
            not_graded: None,
        }
    }

    pub(crate) fn planned(&self, kind: K) -> bool {
        self.planned.contains(&kind)
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

    /// `kind` was checked and was right this time.
    pub(crate) fn pass(&mut self, kind: K) {
        self.passed.insert(kind);
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

    /// The report: every planned check that was neither passed nor failed
    /// fails as "not checked", saying why (`stopped`).
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
                failures: Vec::new(),
                notes: self.notes,
                illegal_move: None,
                not_graded: Some(why),
                seconds: (seconds * 1000.0).round() / 1000.0,
            };
        }
        let mut checks = BTreeMap::new();
        for kind in self.planned.clone() {
            let status = if self.failed(kind) {
                CheckStatus::Fail
            } else if self.passed.contains(&kind) {
                CheckStatus::Pass
            } else {
                self.fail(
                    kind,
                    Failure {
                        message: format!(
                            "not checked: {}",
                            stopped.unwrap_or("the session ended before this check")
                        ),
                        ..Failure::default()
                    },
                );
                CheckStatus::Fail
            };
            checks.insert(kind, status);
        }
        self.failures
            .sort_by_key(|f| K::ALL.iter().position(|k| k.name() == f.kind));
        GameReport {
            game: self.game,
            plies,
            result,
            played,
            checks,
            failures: self.failures,
            notes: self.notes,
            illegal_move: None,
            not_graded: None,
            seconds: (seconds * 1000.0).round() / 1000.0,
        }
    }
}
