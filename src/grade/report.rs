//! Grading results and their formats: text for people (a table for a batch,
//! details for one submission), JSON, Gradescope's `results.json`, and CSV
//! for a class list.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::confine::Confinement;
use super::kind::{CheckKind, Kind, Weights};
pub use super::submission::NotGraded;
use super::submission::Submission;
use crate::text::{cap, escape_controls, escape_line};

/// How a check went in one game (see `recorder` for the policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckStatus {
    /// Made every time a whole game makes it, and right every time: full
    /// credit.
    Pass,
    /// Right every time it was made, but made on part of the game only:
    /// the session stopped before the rest ([`GameReport::stopped`] says
    /// why). Credit for the part made.
    Partial,
    /// Failed at least once: no credit.
    Fail,
    /// Never made: the session stopped before it
    /// ([`GameReport::stopped`] says why). No credit.
    NotChecked,
}

impl CheckStatus {
    /// The status as reports write it: `pass`, `partial`, `fail`,
    /// `not_checked`.
    pub const fn name(self) -> &'static str {
        match self {
            CheckStatus::Pass => "pass",
            CheckStatus::Partial => "partial",
            CheckStatus::Fail => "fail",
            CheckStatus::NotChecked => "not_checked",
        }
    }
}

/// A check's credit in one game: the part of the game it was made on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Credit {
    /// From 0 to 1: `made / planned` when it never failed, 0 when it did
    /// (written with three decimals).
    #[serde(serialize_with = "three_decimals")]
    pub credit: f64,
    /// The times it was made in this game (a screen, a query...), right
    /// or wrong.
    pub made: usize,
    /// The times a whole game makes it.
    pub planned: usize,
}

/// One failed check, with what was expected and what was found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Failure {
    /// The kind of check (`moves`, `save`...).
    pub kind: &'static str,
    /// The reference game (or `ai`).
    pub game: String,
    /// The move number it is about (the move about to be played), if any.
    pub ply: Option<usize>,
    /// The side to move there.
    pub side: Option<&'static str>,
    /// What went wrong, in a sentence.
    pub message: String,
    /// What was expected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// What was found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found: Option<String>,
    /// Legal moves the program did not list.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
    /// How many more legal moves were missing than `missing` lists.
    #[serde(skip_serializing_if = "is_zero")]
    pub missing_more: usize,
    /// Moves the program listed that are not legal.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<String>,
    /// The reason code of each move of `extra`, as the engine gives it
    /// (`rebel-not-closer`, `capture-incomplete`...).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra_reasons: Vec<&'static str>,
    /// How many more listed moves were not legal than `extra` lists.
    #[serde(skip_serializing_if = "is_zero")]
    pub extra_more: usize,
    /// The reason code of the illegal move this failure is about (the
    /// `illegal` check).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    /// A unified diff (expected → found) of a saved file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diff: Option<String>,
    /// The last lines the program printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_tail: Option<String>,
    /// The last lines of its standard error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stderr_tail: Option<String>,
    /// The position string there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The position drawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The position as the game's own type, for pictures (the HTML report
    /// draws it as the game's `show --format svg` does); `board` keeps it
    /// as text. Not in JSON: `position` and `board` say it there.
    #[serde(skip)]
    pub diagram: Option<Diagram>,
    /// How many more failures of the same kind this game had after this one.
    pub more: usize,
    /// Set when quoted text was left out of this failure, to keep the
    /// whole report within its size limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub omitted: Option<String>,
}

/// The position a failure is about, typed, so that the HTML report draws
/// it with the game's own picture: a Go query's position string names its
/// point, not its board, and a Solitaire Chess position string is not an
/// Asalto one (the report reads untyped strings as Asalto's).
// A report holds a few failures per game, each drawn once: the size of a
// Go board in each is nothing beside the texts a failure quotes, and a box
// would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub enum Diagram {
    /// A Go board, the colour asked to play and the point asked about
    /// (none for a score query).
    Go {
        /// The stones.
        board: asalto_go::Board,
        /// The colour that plays.
        to_play: Option<asalto_go::Side>,
        /// The point of the move asked about.
        point: Option<asalto_go::Point>,
    },
    /// A Mad Bishops position as the program was given it.
    MadBishops {
        /// The position (the side to move with it).
        position: asalto_madbishops::Position,
    },
    /// A Solitaire Chess puzzle as the program was given it.
    Solitaire {
        /// The pieces on the board.
        position: asalto_solitaire::Position,
    },
}

impl Diagram {
    /// The board as its grid string, the colour and the point: what two
    /// diagrams are compared and shown by.
    fn key(&self) -> (String, Option<asalto_go::Side>, Option<(u8, u8)>) {
        match self {
            Diagram::Go {
                board,
                to_play,
                point,
            } => (
                board.grid_string(),
                *to_play,
                point.map(|p| (p.row(), p.col())),
            ),
            Diagram::MadBishops { position } => (position.position_string(), None, None),
            Diagram::Solitaire { position } => (position.to_string(), None, None),
        }
    }
}

impl PartialEq for Diagram {
    fn eq(&self, other: &Diagram) -> bool {
        self.key() == other.key()
    }
}

impl std::fmt::Debug for Diagram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let game = match self {
            Diagram::Go { .. } => "Go",
            Diagram::MadBishops { .. } => "MadBishops",
            Diagram::Solitaire { .. } => "Solitaire",
        };
        write!(f, "Diagram::{game}{:?}", self.key())
    }
}

fn three_decimals<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(round3(*x))
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Most quoted text (program output, diffs, expected and found) in one
/// submission's report; past it, failures keep their messages only.
pub const QUOTE_BUDGET: usize = 48 * 1024;
/// Most moves listed in `missing` or `extra`.
pub const MAX_LISTED: usize = 40;

impl Failure {
    /// The bytes of text this failure quotes.
    fn quoted(&self) -> usize {
        [
            &self.expected,
            &self.found,
            &self.diff,
            &self.output_tail,
            &self.stderr_tail,
            &self.board,
        ]
        .iter()
        .map(|f| f.as_ref().map_or(0, String::len))
        .sum::<usize>()
            + self.message.len()
            + self
                .missing
                .iter()
                .chain(&self.extra)
                .map(|m| m.len() + 2)
                .sum::<usize>()
    }

    /// Leave out the quoted text, keeping the message and the place.
    fn trim(&mut self) {
        self.output_tail = None;
        self.stderr_tail = None;
        self.diff = None;
        self.board = None;
        self.diagram = None;
        for text in [&mut self.expected, &mut self.found].into_iter().flatten() {
            *text = cap(text, 200).into_owned();
        }
        self.omitted = Some("quoted text left out: the report reached its size limit".to_string());
    }
}

/// Keep the quoted text of a submission's failures within
/// [`QUOTE_BUDGET`]: failures are taken in report order, and once the
/// budget is spent the rest keep their messages only.
fn trim_to_budget<K: CheckKind>(games: &mut [GameReport<K>]) {
    let mut spent = 0;
    for f in games.iter_mut().flat_map(|g| g.failures.iter_mut()) {
        spent += f.quoted();
        if spent > QUOTE_BUDGET {
            f.trim();
        }
    }
}

/// One session: one reference game (or the `--ai` game) played into one
/// program.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReport<K: CheckKind = Kind> {
    /// The reference game's name, or `ai`.
    pub game: String,
    /// Its number of moves (for `ai`: the moves of the saved game).
    pub plies: usize,
    /// How it ends (`officers win: fewer than 9 rebels`), or `unfinished`.
    pub result: String,
    /// The moves the program accepted.
    pub played: usize,
    /// Each applicable check's status.
    pub checks: BTreeMap<K, CheckStatus>,
    /// Each applicable check's credit: the part of the game it was made
    /// on.
    pub credit: BTreeMap<K, Credit>,
    /// Why the session did not make every check on the whole game, when
    /// it did not: the cause of each check `partial` or `not_checked`
    /// here.
    pub stopped: Option<String>,
    /// The failed checks, first of each kind first.
    pub failures: Vec<Failure>,
    /// Remarks that are not failures (e.g. a working folder that could not
    /// be removed completely).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The illegal move typed on purpose in this game, if one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub illegal_move: Option<IllegalMoveReport>,
    /// Why this game was not graded (the grader's own failure: it then
    /// has no checks), as `error` in JSON.
    #[serde(rename = "error", skip_serializing_if = "Option::is_none")]
    pub not_graded: Option<NotGraded>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The illegal move typed in a game (the `illegal` check).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IllegalMoveReport {
    /// Typed before this move number.
    pub ply: usize,
    /// The text typed.
    pub typed: String,
    /// Its reason code.
    pub reason: &'static str,
}

/// A kind's share of the score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindScore<K: CheckKind = Kind> {
    /// The kind.
    pub kind: K,
    /// What it requires.
    pub description: &'static str,
    /// Its weight.
    pub weight: f64,
    /// Games in which it passed (made on the whole game, always right).
    pub passed: usize,
    /// Games in which it applies.
    pub applicable: usize,
    /// The games' credits added up: `passed`, plus the part earned in the
    /// games where it was made on part of the game only (`partial`).
    pub credit: f64,
    /// Games in which it was right but made on part of the game only.
    pub partial: usize,
    /// Games in which it was never made.
    pub not_checked: usize,
    /// Points earned.
    pub points: f64,
    /// Points possible.
    pub max_points: f64,
}

/// The result of one submission.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SubmissionReport<K: CheckKind = Kind> {
    /// The submission's name.
    pub name: String,
    /// The command line (with `{entry}` unexpanded).
    pub command: Vec<String>,
    /// Score earned; `None` when it was not graded ([`NotGraded`]).
    pub score: Option<f64>,
    /// Full marks.
    pub max_score: f64,
    /// Whether it earned full marks.
    pub full_marks: bool,
    /// Why it could not run at all, or was not graded, if so.
    pub error: Option<String>,
    /// Why it was not graded (then `score` is `None`): the grader's own
    /// failure. In JSON, `error` says it.
    #[serde(skip)]
    pub not_graded: Option<NotGraded>,
    /// Per kind of check.
    pub checks: Vec<KindScore<K>>,
    /// Per game.
    pub games: Vec<GameReport<K>>,
    /// Wall-clock seconds of its sessions, added up.
    pub seconds: f64,
    /// What was learnt about the program besides its checks (Go: `cells`,
    /// the board representation it uses, `strings` or `atoms`).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub about: BTreeMap<&'static str, String>,
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

impl<K: CheckKind> KindScore<K> {
    /// `credit/applicable` for people: `2/3`, `0.43/3`.
    pub fn fraction(&self) -> String {
        format!("{}/{}", num(self.credit), self.applicable)
    }

    /// Whether it passed in every game.
    pub fn full(&self) -> bool {
        self.passed == self.applicable
    }
}

impl<K: CheckKind> SubmissionReport<K> {
    /// Score `games`: each kind's weight times its credit over the games
    /// (a game's credit is the part of it the check was made on, 0 if it
    /// failed there), scaled so the applicable weights add up to
    /// `max_score`.
    pub fn score(
        sub: &Submission,
        mut games: Vec<GameReport<K>>,
        weights: &Weights<K>,
        max_score: f64,
    ) -> SubmissionReport<K> {
        trim_to_budget(&mut games);
        let mut checks = Vec::new();
        for (kind, weight) in weights.iter() {
            let applicable = games
                .iter()
                .filter(|g| g.checks.contains_key(&kind))
                .count();
            if applicable == 0 || weight <= 0.0 {
                continue;
            }
            let count = |status: CheckStatus| {
                games
                    .iter()
                    .filter(|g| g.checks.get(&kind) == Some(&status))
                    .count()
            };
            // Exact, from the counts: a whole game's credit is exactly 1.
            let credit: f64 = games
                .iter()
                .filter_map(|g| g.credit.get(&kind))
                .map(|c| c.credit)
                .sum();
            checks.push(KindScore {
                kind,
                description: kind.describe(),
                weight,
                passed: count(CheckStatus::Pass),
                applicable,
                credit,
                partial: count(CheckStatus::Partial),
                not_checked: count(CheckStatus::NotChecked),
                points: 0.0,
                max_points: 0.0,
            });
        }
        let total: f64 = checks.iter().map(|c| c.weight).sum();
        for c in &mut checks {
            c.max_points = round2(max_score * c.weight / total);
            c.points = round2(c.max_points * c.credit / c.applicable as f64);
            c.credit = round3(c.credit);
        }
        let all = checks.iter().all(KindScore::full);
        let score = if all {
            max_score
        } else {
            round2(checks.iter().map(|c| c.points).sum::<f64>().min(max_score))
        };
        // A run the grader could not set up makes the whole submission
        // ungraded: a score without it would charge the grader's failure
        // to the program.
        let not_graded = sub
            .not_graded
            .clone()
            .or_else(|| games.iter().find_map(|g| g.not_graded.clone()));
        if not_graded.is_some() {
            checks.clear();
        }
        let mut about = BTreeMap::new();
        if let Some(note) = &sub.skipped {
            about.insert("skipped", note.clone());
        }
        SubmissionReport {
            name: sub.name.clone(),
            command: sub.command.clone(),
            score: not_graded.is_none().then_some(score),
            max_score,
            full_marks: not_graded.is_none() && all && !checks.is_empty(),
            error: not_graded
                .as_ref()
                .map(|n| n.detail.clone())
                .or_else(|| sub.problem.clone()),
            not_graded,
            checks,
            seconds: round2(games.iter().map(|g| g.seconds).sum()),
            games,
            about,
        }
    }

    /// All failures, game by game.
    pub fn failures(&self) -> impl Iterator<Item = &Failure> {
        self.games.iter().flat_map(|g| g.failures.iter())
    }
}

/// A submission's score as a number, or `-` when it was not graded.
pub fn score_text<K: CheckKind>(r: &SubmissionReport<K>) -> String {
    r.score.map_or_else(|| "-".to_string(), num)
}

/// A number without a needless `.0`.
pub fn num(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.2}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

fn indent(text: &str, by: &str) -> String {
    text.lines()
        .map(|l| format!("{by}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where a failure happened: `ejemplo.txt, move 7 (OFICIALES)`.
pub fn place(f: &Failure) -> String {
    let game = escape_line(&f.game);
    match (f.ply, f.side) {
        (Some(ply), Some(side)) => format!("{game}, move {ply} ({side})"),
        (Some(ply), None) => format!("{game}, move {ply}"),
        _ => game.into_owned(),
    }
}

/// `Bd-Db (capture-incomplete) Bd-Df (capture-incomplete)`, and how many
/// more.
fn moves_with_reasons(moves: &[String], reasons: &[&str], more: usize) -> String {
    let mut items: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| match reasons.get(i).filter(|r| !r.is_empty()) {
            Some(r) => format!("{m} ({r})"),
            None => m.clone(),
        })
        .collect();
    if more > 0 {
        items.push(format!("… and {more} more"));
    }
    items.join(" ")
}

/// One failure, in full. Control characters are shown escaped.
pub fn failure_text(f: &Failure) -> String {
    let mut out = format!("[{}] {}: {}", f.kind, place(f), f.message);
    let mut field = |label: &str, text: &str| {
        write!(
            out,
            "\n  {label:<9} {}",
            indent(text, "            ").trim_start()
        )
        .ok();
    };
    if let Some(e) = &f.expected {
        field("expected:", e);
    }
    if let Some(found) = &f.found {
        field("found:", found);
    }
    if !f.missing.is_empty() {
        field(
            "missing:",
            &moves_with_reasons(&f.missing, &[], f.missing_more),
        );
    }
    if !f.extra.is_empty() {
        field(
            "extra:",
            &moves_with_reasons(&f.extra, &f.extra_reasons, f.extra_more),
        );
    }
    if let Some(d) = &f.diff {
        write!(
            out,
            "\n  saved file (- expected, + saved):\n{}",
            indent(d.trim_end(), "    ")
        )
        .ok();
    }
    if let Some(t) = &f.output_tail {
        write!(out, "\n  last output:\n{}", indent(t, "    | ")).ok();
    }
    if let Some(t) = &f.stderr_tail {
        write!(out, "\n  last stderr:\n{}", indent(t, "    | ")).ok();
    }
    if let (Some(p), Some(b)) = (&f.position, &f.board) {
        write!(out, "\n  position ({p}):\n{}", indent(b.trim_end(), "    ")).ok();
    }
    if let Some(o) = &f.omitted {
        write!(out, "\n  ({o})").ok();
    }
    if f.more > 0 {
        write!(
            out,
            "\n  ... and {} more {} failure{} in this game",
            f.more,
            f.kind,
            if f.more == 1 { "" } else { "s" }
        )
        .ok();
    }
    escape_controls(&out).into_owned()
}

/// The checks of a game in `status`, by name.
fn kinds_in<K: CheckKind>(g: &GameReport<K>, status: CheckStatus) -> Vec<K> {
    g.checks
        .iter()
        .filter(|(_, s)| **s == status)
        .map(|(k, _)| *k)
        .collect()
}

/// What a game's checks came to, in words: `all checks pass`, or `failed
/// runs; partly checked turn 3/8, moves 3/8; not checked save, quit`.
pub fn game_summary<K: CheckKind>(g: &GameReport<K>) -> String {
    if g.not_graded.is_some() {
        return "not graded (the grader's own failure)".to_string();
    }
    let names = |kinds: Vec<K>| kinds.iter().map(|k| k.name()).collect::<Vec<_>>();
    let mut parts = Vec::new();
    let failed = names(kinds_in(g, CheckStatus::Fail));
    if !failed.is_empty() {
        parts.push(format!("failed {}", failed.join(", ")));
    }
    let partial: Vec<String> = kinds_in(g, CheckStatus::Partial)
        .iter()
        .map(|k| match g.credit.get(k) {
            Some(c) => format!("{} {}/{}", k.name(), c.made, c.planned),
            None => k.name().to_string(),
        })
        .collect();
    if !partial.is_empty() {
        parts.push(format!("partly checked {}", partial.join(", ")));
    }
    let unchecked = names(kinds_in(g, CheckStatus::NotChecked));
    if !unchecked.is_empty() {
        parts.push(format!("not checked {}", unchecked.join(", ")));
    }
    if parts.is_empty() {
        "all checks pass".to_string()
    } else {
        parts.join("; ")
    }
}

/// The checks of a game that were not made on all of it, and why:
/// `[turn 3/8, moves 3/8] partly checked; [save, quit] not checked: CAUSE`
/// (`None` when every check was made on the whole game).
pub fn unchecked<K: CheckKind>(g: &GameReport<K>) -> Option<String> {
    let cause = g.stopped.as_deref()?;
    let partial: Vec<&str> = kinds_in(g, CheckStatus::Partial)
        .iter()
        .map(|k| k.name())
        .collect();
    let none: Vec<&str> = kinds_in(g, CheckStatus::NotChecked)
        .iter()
        .map(|k| k.name())
        .collect();
    let what = match (partial.is_empty(), none.is_empty()) {
        (true, true) => return None,
        (false, true) => format!("[{}] partly checked", partial.join(", ")),
        (true, false) => format!("[{}] not checked", none.join(", ")),
        (false, false) => format!(
            "[{}] partly checked, [{}] not checked",
            partial.join(", "),
            none.join(", ")
        ),
    };
    Some(format!("{what}: {cause}"))
}

/// The details of one submission, for people.
pub fn human_details<K: CheckKind>(r: &SubmissionReport<K>) -> String {
    let name = escape_line(&r.name);
    let mut out = match &r.not_graded {
        Some(n) => format!(
            "{name}: not graded: {}\n  (the grader's own failure, not the program's: no score)\n",
            escape_line(&n.detail)
        ),
        None => format!(
            "{name}: {}/{}{}\n",
            score_text(r),
            num(r.max_score),
            if r.full_marks { " (full marks)" } else { "" }
        ),
    };
    if let (Some(e), None) = (&r.error, &r.not_graded) {
        writeln!(out, "  cannot run: {}", escape_line(e)).ok();
    }
    for (key, value) in &r.about {
        writeln!(out, "  {key}: {}", escape_line(value)).ok();
    }
    if r.not_graded.is_none() {
        writeln!(out, "\n  check    weight  credit       points  requirement").ok();
    }
    for c in &r.checks {
        writeln!(
            out,
            "  {:<8} {:>6}  {:>6}  {:>11}  {}",
            c.kind.name(),
            num(c.weight),
            c.fraction(),
            format!("{}/{}", num(c.points), num(c.max_points)),
            c.description
        )
        .ok();
    }
    let width = r
        .games
        .iter()
        .map(|g| escape_line(&g.game).chars().count())
        .max()
        .unwrap_or(0)
        .clamp(24, 40);
    writeln!(out, "\n  {:<width$} {:>6}  result", "game", "moves").ok();
    for g in &r.games {
        writeln!(
            out,
            "  {:<width$} {:>6}  {}: {}",
            shorten(&escape_line(&g.game), 40),
            g.plies,
            g.result,
            game_summary(g)
        )
        .ok();
        if let Some(why) = unchecked(g) {
            writeln!(out, "    {}", escape_line(&why)).ok();
        }
        for note in &g.notes {
            writeln!(out, "    note: {}", escape_line(note)).ok();
        }
    }
    let failures: Vec<&Failure> = r.failures().collect();
    if !failures.is_empty() {
        writeln!(out, "\nFailed checks:").ok();
        for f in failures {
            writeln!(out, "\n{}", failure_text(f)).ok();
        }
    }
    out
}

/// The most telling failure: in the first game with one, the first that
/// is not `runs` (a crash is a cause worth naming, but a wrong move or end
/// named before it is usually what went wrong first), else its `runs`
/// failure; without any, the first game's checks left unchecked and why.
/// The text, the CSV and the HTML class table all show this one.
pub fn first_failure<K: CheckKind>(r: &SubmissionReport<K>) -> Option<String> {
    if let Some(n) = &r.not_graded {
        return Some(format!("not graded: {}", n.detail));
    }
    r.error.clone().or_else(|| {
        r.games
            .iter()
            .find_map(|g| {
                g.failures
                    .iter()
                    .find(|f| f.kind != K::RUNS.name())
                    .or_else(|| g.failures.first())
            })
            .map(|f| format!("[{}] {}: {}", f.kind, place(f), f.message))
            .or_else(|| {
                r.games.iter().find_map(|g| {
                    unchecked(g).map(|why| format!("{}: {why}", escape_line(&g.game)))
                })
            })
    })
}

/// A table of a batch, for people: one line per submission.
pub fn human_table<K: CheckKind>(reports: &[SubmissionReport<K>], kinds: &[K]) -> String {
    let names: Vec<String> = reports
        .iter()
        .map(|r| escape_line(&r.name).into_owned())
        .collect();
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(10)
        .clamp(10, 40);
    let mut out = format!("{:<width$}  {:>7}", "submission", "score");
    for k in kinds {
        write!(out, "  {:>7}", k.name()).ok();
    }
    out.push_str("  first failure\n");
    for (r, name) in reports.iter().zip(&names) {
        write!(out, "{:<width$}  {:>7}", shorten(name, 40), score_text(r)).ok();
        for k in kinds {
            let cell = r
                .checks
                .iter()
                .find(|c| c.kind == *k)
                .map(KindScore::fraction)
                .unwrap_or_else(|| "-".to_string());
            write!(out, "  {cell:>7}").ok();
        }
        let first = first_failure(r).unwrap_or_default();
        writeln!(out, "  {}", shorten(&escape_line(&first), 100)).ok();
    }
    let full = reports.iter().filter(|r| r.full_marks).count();
    let ungraded = reports.iter().filter(|r| r.not_graded.is_some()).count();
    writeln!(
        out,
        "{} submission{}: {} full marks, {} not{}",
        reports.len(),
        if reports.len() == 1 { "" } else { "s" },
        full,
        reports.len() - full - ungraded,
        match ungraded {
            0 => String::new(),
            n => format!(", {n} not graded (the grader's failure: see above)"),
        }
    )
    .ok();
    out
}

fn shorten(text: &str, max: usize) -> String {
    let one_line = text.lines().next().unwrap_or("");
    if one_line.chars().count() <= max {
        one_line.to_string()
    } else {
        let cut: String = one_line.chars().take(max - 1).collect();
        format!("{cut}…")
    }
}

/// What confines the programs, for people: what is confined in a line,
/// then what is not (the JSON report lists both in full).
pub fn human_confinement(c: &Confinement) -> String {
    format!(
        "confinement: {}\nnot confined: {}\n",
        c.summary(),
        c.not_confined.join("; ")
    )
}

/// The version of the JSON document: 2 since a game's checks may be
/// `partial` or `not_checked` (before: `fail` with a "not checked"
/// failure) and a check's points follow its credit, and since a
/// submission the grader could not grade has a null `score`.
pub const VERSION: u32 = 2;

/// The JSON document of a run.
#[derive(Serialize)]
pub struct GradeJson<'a, K: CheckKind> {
    /// `asalto-grade`.
    pub format: &'static str,
    /// Schema version.
    pub version: u32,
    /// The game the programs play (`asalto`, `go`).
    pub game: &'static str,
    /// The rule profile the expected answers follow.
    pub rules: &'static str,
    /// `bwrap` or `none`.
    pub sandbox: &'static str,
    /// What confines the programs, exactly.
    pub confinement: &'a Confinement,
    /// Full marks.
    pub max_score: f64,
    /// The weights.
    pub weights: BTreeMap<&'static str, f64>,
    /// Reference game names.
    pub games: Vec<String>,
    /// The rule situations the reference set reaches, and misses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coverage: Option<&'a super::coverage::CoverageFacts>,
    /// One per submission.
    pub submissions: &'a [SubmissionReport<K>],
}

/// What a run's JSON document says besides the reports.
pub struct RunFacts<'a, K: CheckKind> {
    /// The game (`asalto`, `go`).
    pub game: &'static str,
    /// The rule profile.
    pub rules: &'static str,
    /// `bwrap` or `none`.
    pub sandbox: &'static str,
    /// What confines the programs.
    pub confinement: &'a Confinement,
    /// The weights.
    pub weights: &'a Weights<K>,
    /// Full marks.
    pub max_score: f64,
    /// Reference game names.
    pub games: Vec<String>,
    /// The rule situations the reference set reaches, and misses.
    pub coverage: Option<&'a super::coverage::CoverageFacts>,
}

/// The JSON document, pretty-printed.
pub fn json<K: CheckKind>(reports: &[SubmissionReport<K>], facts: RunFacts<'_, K>) -> String {
    let doc = GradeJson {
        format: "asalto-grade",
        version: VERSION,
        game: facts.game,
        rules: facts.rules,
        sandbox: facts.sandbox,
        confinement: facts.confinement,
        max_score: facts.max_score,
        weights: facts.weights.iter().map(|(k, w)| (k.name(), w)).collect(),
        games: facts.games,
        coverage: facts.coverage,
        submissions: reports,
    };
    serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// A check's line in Gradescope's output and the CSV: `credit 0.5 of 2
/// games: passed in 0, partly checked in 2, not checked in 0, failed in
/// 0`.
fn credit_line<K: CheckKind>(c: &KindScore<K>) -> String {
    let failed = c.applicable - c.passed - c.partial - c.not_checked;
    format!(
        "credit {} of {} game{}: passed in {}, partly checked in {}, not checked in {}, failed in {}",
        num(c.credit),
        c.applicable,
        if c.applicable == 1 { "" } else { "s" },
        c.passed,
        c.partial,
        c.not_checked,
        failed
    )
}

/// Gradescope's `results.json` for one submission: the score (with the
/// games' notes), and one test per kind of check with its points, its
/// credit, its failures and the games where it was not made in full.
///
/// Every text is plain (`output_format`, `test_output_format` and
/// `test_name_format` are `text`: Gradescope renders neither HTML,
/// Markdown nor ANSI there; its default for the top-level output,
/// `simple_format`, would render what a program printed as HTML), with
/// control characters escaped as in the human report and `\n` line ends.
pub fn gradescope<K: CheckKind>(r: &SubmissionReport<K>) -> String {
    if let Some(n) = &r.not_graded {
        // No score, no tests: nothing was graded. Only the words meant for
        // the student (no path of the grading machine).
        let mut output = format!("not graded: {}", escape_line(&n.summary));
        if let Some(skipped) = r.about.get("skipped") {
            write!(output, "\nskipped: {}", escape_line(skipped)).ok();
        }
        let doc = serde_json::json!({
            "output": output,
            "output_format": "text",
            "execution_time": r.seconds.round() as u64,
            "visibility": "visible",
            "tests": [],
        });
        return serde_json::to_string_pretty(&doc)
            .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    }
    let tests: Vec<serde_json::Value> = r
        .checks
        .iter()
        .map(|c| {
            let mut output = format!("{}: {}.", c.description, credit_line(c));
            for g in &r.games {
                let status = g.checks.get(&c.kind).copied();
                if !matches!(status, Some(CheckStatus::Partial | CheckStatus::NotChecked)) {
                    continue;
                }
                let what = match (status, g.credit.get(&c.kind)) {
                    (Some(CheckStatus::Partial), Some(credit)) => {
                        format!("partly checked ({} of {})", credit.made, credit.planned)
                    }
                    _ => "not checked".to_string(),
                };
                write!(
                    output,
                    "\n{}: {what}: {}",
                    escape_line(&g.game),
                    escape_line(g.stopped.as_deref().unwrap_or(""))
                )
                .ok();
            }
            let failures: Vec<String> = r
                .failures()
                .filter(|f| f.kind == c.kind.name())
                .map(failure_text)
                .collect();
            if !failures.is_empty() {
                output.push_str("\n\n");
                output.push_str(&failures.join("\n\n"));
            }
            serde_json::json!({
                "name": format!("{}: {}", c.kind.name(), c.description),
                "name_format": "text",
                "score": c.points,
                "max_score": c.max_points,
                "status": if c.full() { "passed" } else { "failed" },
                "output": output,
                "output_format": "text",
                "visibility": "visible",
            })
        })
        .collect();
    let mut output = format!("{}/{}", score_text(r), num(r.max_score));
    if let Some(e) = &r.error {
        write!(output, ": cannot run: {}", escape_line(e)).ok();
    }
    // What was learnt about the program (Go: its cells, which predicate
    // was graded under another name): as in the human details.
    for (key, value) in &r.about {
        write!(output, "\n{key}: {}", escape_line(value)).ok();
    }
    // A game played again (its program asleep), a folder not removed:
    // what a student may ask about.
    for note in r.games.iter().flat_map(|g| &g.notes) {
        write!(output, "\nnote: {}", escape_line(note)).ok();
    }
    let doc = serde_json::json!({
        "score": r.score.unwrap_or(0.0),
        "output": output,
        "output_format": "text",
        "test_output_format": "text",
        "test_name_format": "text",
        "execution_time": r.seconds.round() as u64,
        "visibility": "visible",
        "tests": tests,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// CSV for a class list: one row per submission, the points of each kind,
/// the first failure, the notes, then the checks not made in full (each
/// field one line, control characters escaped, and a field that a
/// spreadsheet would take for a formula neutralised: see [`csv_cell`]).
/// Columns are only ever added at the end.
pub fn csv<K: CheckKind>(reports: &[SubmissionReport<K>], kinds: &[K]) -> String {
    let mut header: Vec<String> = ["submission", "score", "max_score"]
        .iter()
        .map(ToString::to_string)
        .collect();
    header.extend(kinds.iter().map(|k| k.name().to_string()));
    header.extend(
        ["first_failure", "notes", "partly_checked", "not_checked"]
            .iter()
            .map(ToString::to_string),
    );
    let mut rows = vec![header];
    for r in reports {
        // Not graded: no score and no points, the error in `first_failure`.
        let score = r.score.map(num).unwrap_or_default();
        let mut row = vec![csv_cell(&r.name), score, num(r.max_score)];
        for k in kinds {
            row.push(
                r.checks
                    .iter()
                    .find(|c| c.kind == *k)
                    .map(|c| num(c.points))
                    .unwrap_or_default(),
            );
        }
        let first = first_failure(r).unwrap_or_default();
        row.push(csv_cell(&cap(&first, 1000)));
        row.push(csv_cell(&cap(&csv_notes(r), 2000)));
        let games = |c: &KindScore<K>, n: usize| {
            (n > 0).then(|| format!("{} in {}", c.kind.name(), crate::text::count(n, "game")))
        };
        let partly: Vec<String> = r
            .checks
            .iter()
            .filter_map(|c| games(c, c.partial))
            .collect();
        let none: Vec<String> = r
            .checks
            .iter()
            .filter_map(|c| games(c, c.not_checked))
            .collect();
        row.push(partly.join("; "));
        row.push(none.join("; "));
        rows.push(row);
    }
    let mut writer = ::csv::WriterBuilder::new()
        .terminator(::csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    for row in &rows {
        // Writing into memory cannot fail.
        writer.write_record(row).ok();
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// The notes column of a submission: what was learnt about the program
/// (`about`, such as Go's `cells=strings`, the board representation it
/// uses), then each game's notes as `game: note` (a game played again
/// because the program was asleep, a folder not removed), `; ` between.
fn csv_notes<K: CheckKind>(r: &SubmissionReport<K>) -> String {
    let mut notes: Vec<String> = r.about.iter().map(|(k, v)| format!("{k}={v}")).collect();
    for g in &r.games {
        notes.extend(g.notes.iter().map(|n| format!("{}: {n}", g.game)));
    }
    notes.join("; ")
}

/// A CSV cell of text that may come from a student (a name, a message
/// quoting a program): control characters escaped (one line), and, when
/// it starts with a character that makes a spreadsheet read a formula
/// (`=`, `+`, `-`, `@`, a tab or a carriage return), a single quote put
/// before it, as OWASP's "CSV injection" advice says, so that the cell is
/// shown as text. (Quoting is the `csv` crate's.)
fn csv_cell(s: &str) -> String {
    let s = escape_line(s);
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{s}")
    } else {
        s.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flooded(game: &str, kind: &'static str) -> Failure {
        Failure {
            kind,
            game: game.to_string(),
            message: "the listed moves are not the legal moves".to_string(),
            output_tail: Some("x".repeat(2048)),
            stderr_tail: Some("e".repeat(2048)),
            diff: Some("d".repeat(4096)),
            expected: Some("w".repeat(2048)),
            board: Some("b".repeat(300)),
            ..Failure::default()
        }
    }

    fn game(name: &str) -> GameReport {
        GameReport {
            game: name.to_string(),
            plies: 1,
            result: "unfinished".to_string(),
            played: 0,
            checks: BTreeMap::new(),
            credit: BTreeMap::new(),
            stopped: None,
            failures: Kind::ALL.iter().map(|k| flooded(name, k.name())).collect(),
            notes: Vec::new(),
            illegal_move: None,
            not_graded: None,
            seconds: 0.0,
        }
    }

    #[test]
    fn quoted_text_stays_within_the_budget() {
        let mut games: Vec<GameReport> = (0..8).map(|i| game(&format!("g{i}"))).collect();
        let before: usize = games
            .iter()
            .flat_map(|g| &g.failures)
            .map(Failure::quoted)
            .sum();
        assert!(before > 5 * QUOTE_BUDGET);
        trim_to_budget(&mut games);
        let after: usize = games
            .iter()
            .flat_map(|g| &g.failures)
            .map(Failure::quoted)
            .sum();
        // The budget, one failure that crossed it, and short messages.
        assert!(after < QUOTE_BUDGET + 11 * 1024 + 80 * 300, "{after}");
        let first = &games[0].failures[0];
        assert!(first.output_tail.is_some() && first.omitted.is_none());
        let last = games.last().unwrap().failures.last().unwrap();
        assert!(last.output_tail.is_none() && last.diff.is_none());
        assert!(last.omitted.as_deref().unwrap().contains("size limit"));
        assert!(last.expected.as_ref().unwrap().len() < 250);
    }

    /// A game whose program exited cleanly after the end: nothing failed,
    /// save and quit were not checked. The first failure of the class
    /// table names that cause, not a check as failed.
    #[test]
    fn without_a_failure_the_first_failure_is_the_cause_of_what_was_not_checked() {
        let mut g = game("apendice-a.txt");
        g.failures.clear();
        g.checks = [
            (Kind::Runs, CheckStatus::Pass),
            (Kind::Turn, CheckStatus::Partial),
            (Kind::Save, CheckStatus::NotChecked),
            (Kind::Quit, CheckStatus::NotChecked),
        ]
        .into_iter()
        .collect();
        g.credit.insert(
            Kind::Turn,
            Credit {
                credit: 0.5,
                made: 4,
                planned: 8,
            },
        );
        g.stopped = Some("the program exited (status 0)".to_string());
        assert_eq!(
            game_summary(&g),
            "partly checked turn 4/8; not checked save, quit"
        );
        let sub = Submission::command("s", ["x"]);
        let r = SubmissionReport::score(&sub, vec![g], &Weights::default(), 100.0);
        assert_eq!(
            first_failure(&r).unwrap(),
            "apendice-a.txt: [turn] partly checked, [save, quit] not checked: the program exited (status 0)"
        );
        let turn = r.checks.iter().find(|c| c.kind == Kind::Turn).unwrap();
        assert_eq!((turn.passed, turn.partial, turn.credit), (0, 1, 0.5));
        assert_eq!(turn.fraction(), "0.5/1");
        assert!(!r.full_marks);
    }

    #[test]
    fn csv_cells_are_one_line_without_controls_nor_formulas() {
        assert_eq!(csv_cell("a,b"), "a,b");
        assert_eq!(csv_cell("x\ny\x1b"), "x\\x0ay\\x1b");
        for formula in ["=1+2", "+1", "-2+3", "@SUM(A1)"] {
            assert_eq!(csv_cell(formula), format!("'{formula}"));
        }
        // A tab or a carriage return is escaped before anything else.
        assert_eq!(csv_cell("\t=1"), "\\x09=1");
    }

    #[test]
    fn failure_text_escapes_what_it_quotes() {
        let f = Failure {
            kind: "turn",
            game: "g\x07.txt".to_string(),
            message: "m".to_string(),
            output_tail: Some("\x1b[2J".to_string()),
            extra: vec!["Bd-Db".to_string()],
            extra_reasons: vec!["capture-incomplete"],
            extra_more: 3,
            ..Failure::default()
        };
        let text = failure_text(&f);
        assert!(!text.chars().any(|c| c.is_control() && c != '\n'), "{text}");
        assert!(text.contains("g\\x07.txt"));
        assert!(
            text.contains("Bd-Db (capture-incomplete) … and 3 more"),
            "{text}"
        );
    }
}
