//! Grading results and their formats: text for people (a table for a batch,
//! details for one submission), JSON, Gradescope's `results.json`, and CSV
//! for a class list.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::{Kind, Options, Submission};

/// How a check went in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckStatus {
    /// Passed.
    Pass,
    /// Failed (or not reached).
    Fail,
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
    /// Moves the program listed that are not legal.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<String>,
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
    /// How many more failures of the same kind this game had after this one.
    pub more: usize,
}

/// One session: one reference game (or the `--ai` game) played into one
/// program.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReport {
    /// The reference game's name, or `ai`.
    pub game: String,
    /// Its number of moves (for `ai`: the moves of the saved game).
    pub plies: usize,
    /// How it ends (`officers win: fewer than 9 rebels`), or `unfinished`.
    pub result: String,
    /// The moves the program accepted.
    pub played: usize,
    /// Each applicable check's status.
    pub checks: BTreeMap<Kind, CheckStatus>,
    /// The failed checks, first of each kind first.
    pub failures: Vec<Failure>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// A kind's share of the score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KindScore {
    /// The kind.
    pub kind: Kind,
    /// What it requires.
    pub description: &'static str,
    /// Its weight.
    pub weight: f64,
    /// Games in which it passed.
    pub passed: usize,
    /// Games in which it applies.
    pub applicable: usize,
    /// Points earned.
    pub points: f64,
    /// Points possible.
    pub max_points: f64,
}

/// The result of one submission.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SubmissionReport {
    /// The submission's name.
    pub name: String,
    /// The command line (with `{entry}` unexpanded).
    pub command: Vec<String>,
    /// Score earned.
    pub score: f64,
    /// Full marks.
    pub max_score: f64,
    /// Whether it earned full marks.
    pub full_marks: bool,
    /// Why it could not run at all, if so.
    pub error: Option<String>,
    /// Per kind of check.
    pub checks: Vec<KindScore>,
    /// Per game.
    pub games: Vec<GameReport>,
    /// Wall-clock seconds of its sessions, added up.
    pub seconds: f64,
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl SubmissionReport {
    /// Score `games`: each kind's weight times the share of games in which
    /// it passed, scaled so the applicable weights add up to full marks.
    pub fn score(sub: &Submission, games: Vec<GameReport>, options: &Options) -> SubmissionReport {
        let mut checks = Vec::new();
        for (kind, weight) in options.weights.iter() {
            let applicable = games
                .iter()
                .filter(|g| g.checks.contains_key(&kind))
                .count();
            if applicable == 0 || weight <= 0.0 {
                continue;
            }
            let passed = games
                .iter()
                .filter(|g| g.checks.get(&kind) == Some(&CheckStatus::Pass))
                .count();
            checks.push(KindScore {
                kind,
                description: kind.describe(),
                weight,
                passed,
                applicable,
                points: 0.0,
                max_points: 0.0,
            });
        }
        let total: f64 = checks.iter().map(|c| c.weight).sum();
        for c in &mut checks {
            c.max_points = round2(options.max_score * c.weight / total);
            c.points = round2(c.max_points * c.passed as f64 / c.applicable as f64);
        }
        let all = checks.iter().all(|c| c.passed == c.applicable);
        let score = if all {
            options.max_score
        } else {
            round2(
                checks
                    .iter()
                    .map(|c| c.points)
                    .sum::<f64>()
                    .min(options.max_score),
            )
        };
        SubmissionReport {
            name: sub.name.clone(),
            command: sub.command.clone(),
            score,
            max_score: options.max_score,
            full_marks: all && !checks.is_empty(),
            error: sub.problem.clone(),
            checks,
            seconds: round2(games.iter().map(|g| g.seconds).sum()),
            games,
        }
    }

    /// All failures, game by game.
    pub fn failures(&self) -> impl Iterator<Item = &Failure> {
        self.games.iter().flat_map(|g| g.failures.iter())
    }
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
    match (f.ply, f.side) {
        (Some(ply), Some(side)) => format!("{}, move {ply} ({side})", f.game),
        (Some(ply), None) => format!("{}, move {ply}", f.game),
        _ => f.game.clone(),
    }
}

/// One failure, in full.
pub fn failure_text(f: &Failure) -> String {
    let mut out = format!("[{}] {}: {}", f.kind, place(f), f.message);
    if let Some(e) = &f.expected {
        write!(
            out,
            "\n  expected: {}",
            indent(e, "            ").trim_start()
        )
        .ok();
    }
    if let Some(found) = &f.found {
        write!(
            out,
            "\n  found:    {}",
            indent(found, "            ").trim_start()
        )
        .ok();
    }
    if !f.missing.is_empty() {
        write!(out, "\n  missing:  {}", f.missing.join(" ")).ok();
    }
    if !f.extra.is_empty() {
        write!(out, "\n  extra:    {}", f.extra.join(" ")).ok();
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
    out
}

/// The details of one submission, for people.
pub fn human_details(r: &SubmissionReport) -> String {
    let mut out = format!(
        "{}: {}/{}{}\n",
        r.name,
        num(r.score),
        num(r.max_score),
        if r.full_marks { " (full marks)" } else { "" }
    );
    if let Some(e) = &r.error {
        writeln!(out, "  cannot run: {e}").ok();
    }
    writeln!(out, "\n  check  weight  passed       points  requirement").ok();
    for c in &r.checks {
        writeln!(
            out,
            "  {:<6} {:>6}  {:>6}  {:>11}  {}",
            c.kind.name(),
            num(c.weight),
            format!("{}/{}", c.passed, c.applicable),
            format!("{}/{}", num(c.points), num(c.max_points)),
            c.description
        )
        .ok();
    }
    writeln!(out, "\n  game                      moves  result").ok();
    for g in &r.games {
        let failed: Vec<&str> = g
            .checks
            .iter()
            .filter(|(_, s)| **s == CheckStatus::Fail)
            .map(|(k, _)| k.name())
            .collect();
        writeln!(
            out,
            "  {:<24} {:>6}  {}{}",
            g.game,
            g.plies,
            g.result,
            if failed.is_empty() {
                ": all checks pass".to_string()
            } else {
                format!(": failed {}", failed.join(", "))
            }
        )
        .ok();
    }
    let failures: Vec<&Failure> = r.failures().collect();
    if !failures.is_empty() {
        writeln!(out, "\nFailed checks:").ok();
        let mut i = 0;
        while i < failures.len() {
            let f = failures[i];
            // Checks a stop left unchecked share one line.
            let mut kinds = vec![f.kind];
            while f.message.starts_with("not checked")
                && failures
                    .get(i + kinds.len())
                    .is_some_and(|g| g.game == f.game && g.message == f.message && g.ply == f.ply)
            {
                kinds.push(failures[i + kinds.len()].kind);
            }
            if kinds.len() > 1 {
                writeln!(out, "\n[{}] {}: {}", kinds.join(", "), place(f), f.message).ok();
            } else {
                writeln!(out, "\n{}", failure_text(f)).ok();
            }
            i += kinds.len();
        }
    }
    out
}

/// The most telling failure: the first one that is not just "not checked".
pub fn first_failure(r: &SubmissionReport) -> Option<String> {
    r.error.clone().or_else(|| {
        r.failures()
            .find(|f| !f.message.starts_with("not checked"))
            .or_else(|| r.failures().next())
            .map(|f| format!("[{}] {}: {}", f.kind, place(f), f.message))
    })
}

/// A table of a batch, for people: one line per submission.
pub fn human_table(reports: &[SubmissionReport], kinds: &[Kind]) -> String {
    let width = reports
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(10)
        .clamp(10, 40);
    let mut out = format!("{:<width$}  {:>7}", "submission", "score");
    for k in kinds {
        write!(out, "  {:>5}", k.name()).ok();
    }
    out.push_str("  first failure\n");
    for r in reports {
        write!(out, "{:<width$}  {:>7}", r.name, num(r.score)).ok();
        for k in kinds {
            let cell = r
                .checks
                .iter()
                .find(|c| c.kind == *k)
                .map(|c| format!("{}/{}", c.passed, c.applicable))
                .unwrap_or_else(|| "-".to_string());
            write!(out, "  {cell:>5}").ok();
        }
        let first = first_failure(r).unwrap_or_default();
        writeln!(out, "  {}", shorten(&first, 90)).ok();
    }
    let full = reports.iter().filter(|r| r.full_marks).count();
    writeln!(
        out,
        "{} submission{}: {} full marks, {} not",
        reports.len(),
        if reports.len() == 1 { "" } else { "s" },
        full,
        reports.len() - full
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

/// The JSON document of a run.
#[derive(Serialize)]
pub struct GradeJson<'a> {
    /// `asalto-grade`.
    pub format: &'static str,
    /// Schema version.
    pub version: u32,
    /// `bwrap` or `none`.
    pub sandbox: &'static str,
    /// Full marks.
    pub max_score: f64,
    /// The weights.
    pub weights: BTreeMap<&'static str, f64>,
    /// Reference game names.
    pub games: Vec<String>,
    /// One per submission.
    pub submissions: &'a [SubmissionReport],
}

/// The JSON document, pretty-printed.
pub fn json(reports: &[SubmissionReport], options: &Options, games: Vec<String>) -> String {
    let doc = GradeJson {
        format: "asalto-grade",
        version: 1,
        sandbox: options.sandbox.name(),
        max_score: options.max_score,
        weights: options.weights.iter().map(|(k, w)| (k.name(), w)).collect(),
        games,
        submissions: reports,
    };
    serde_json::to_string_pretty(&doc).expect("serializable")
}

/// Gradescope's `results.json` for one submission: the score, and one test
/// per kind of check with its points and failures.
pub fn gradescope(r: &SubmissionReport) -> String {
    let tests: Vec<serde_json::Value> = r
        .checks
        .iter()
        .map(|c| {
            let failures: Vec<String> = r
                .failures()
                .filter(|f| f.kind == c.kind.name())
                .map(failure_text)
                .collect();
            let mut output = format!(
                "{}: passed in {} of {} games.",
                c.description, c.passed, c.applicable
            );
            if !failures.is_empty() {
                output.push_str("\n\n");
                output.push_str(&failures.join("\n\n"));
            }
            serde_json::json!({
                "name": format!("{}: {}", c.kind.name(), c.description),
                "score": c.points,
                "max_score": c.max_points,
                "status": if c.passed == c.applicable { "passed" } else { "failed" },
                "output": output,
                "visibility": "visible",
            })
        })
        .collect();
    let mut output = format!("{}/{}", num(r.score), num(r.max_score));
    if let Some(e) = &r.error {
        write!(output, ": cannot run: {e}").ok();
    }
    let doc = serde_json::json!({
        "score": r.score,
        "output": output,
        "execution_time": r.seconds.round() as u64,
        "visibility": "visible",
        "tests": tests,
    });
    serde_json::to_string_pretty(&doc).expect("serializable")
}

/// CSV for a class list: one row per submission, the points of each kind
/// and the first failure.
pub fn csv(reports: &[SubmissionReport], kinds: &[Kind]) -> String {
    let mut out = String::from("submission,score,max_score");
    for k in kinds {
        write!(out, ",{}", k.name()).ok();
    }
    out.push_str(",first_failure\n");
    for r in reports {
        let mut row = vec![csv_field(&r.name), num(r.score), num(r.max_score)];
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
        row.push(csv_field(&first));
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
