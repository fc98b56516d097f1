//! `asalto export` on a Solitaire Chess record: the answer in the
//! challenge's output forms (`codegolf`: the list of moves; `boards`: the
//! board after each capture), as the canonical record (`text`), or as one
//! JSON document naming the game and the profile.

use asalto_core::json::Head;
use asalto_solitaire::format::{RecordAnswer, write, write_record};
use asalto_solitaire::json::{CaptureJson, StopJson, captures_json, head, stop_json};
use asalto_solitaire::{Position, Profile, Verdict};
use serde::Serialize;

use super::super::args::common::BoardFormArg;
use super::super::args::export::Target;
use super::super::out::{Out, Status, WriteError, report};
use super::super::present::export_partial;
use super::record::{captures_word, load_or_refuse};

/// What `export` asks of a Solitaire Chess record.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The profile `--rules` names.
    pub rules: Option<Profile>,
    /// What to write.
    pub to: Target,
    /// Indent the JSON document.
    pub pretty: bool,
    /// Export the legal part of a wrong answer (and still exit 1).
    pub keep_partial: bool,
    /// How `--to boards` writes boards.
    pub board_form: BoardFormArg,
    /// Colour the report of a wrong record.
    pub color: bool,
}

/// What the answer of a record says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
enum AnswerKind {
    /// Captures (or boards, read as captures).
    Moves,
    /// A false value: "no solution".
    NoSolution,
    /// Nothing after the puzzle.
    None,
}

/// The JSON document of a record.
#[derive(Serialize)]
struct RecordJson<'a> {
    /// `asalto-game`, version, game, rules.
    #[serde(flatten)]
    head: Head,
    file: &'a str,
    puzzle: Position,
    pieces: usize,
    answer: AnswerKind,
    verdict: Verdict,
    valid: bool,
    /// The challenge's move list of the legal captures.
    xy: Vec<[[i32; 2]; 2]>,
    /// The legal captures in full.
    moves: Vec<CaptureJson>,
    /// The board after the last of them.
    position: Position,
    /// The first thing wrong, or null.
    stopped: Option<StopJson>,
}

/// Run `export` on the Solitaire Chess record at `path`: 1 when its answer
/// is wrong (nothing written, unless `--keep-partial`), 2 when it cannot be
/// read or the target is another game's.
pub fn run(path: &str, settings: Settings, out: &mut Out) -> Result<Status, WriteError> {
    let loaded = match load_or_refuse(path, settings.rules, "; nothing exported", settings.color) {
        Ok(loaded) => loaded,
        Err(status) => return Ok(status),
    };
    let checked = loaded.check();
    let captures = checked.captures();
    let answer = match &loaded.record.answer {
        None => AnswerKind::None,
        Some(_) if checked.claims_no_solution => AnswerKind::NoSolution,
        Some(_) => AnswerKind::Moves,
    };
    let mut status = Status::Success;
    if checked.problem.is_some() {
        status = Status::Failure;
        // The problem in full, as `check` reports it, then what is done.
        report(&super::check::report(&loaded, &checked, settings.color));
        let legal = captures_word(captures.len());
        if !export_partial(
            &loaded.name(),
            "wrong answer",
            settings.keep_partial,
            Some(&format!("its legal part, {legal}")),
            &format!("the {legal} that can be played"),
        ) {
            return Ok(status);
        }
    }
    let text = match settings.to {
        Target::Json => {
            let doc = RecordJson {
                head: head(checked.profile),
                file: path,
                puzzle: checked.puzzle,
                pieces: checked.puzzle.len(),
                answer,
                verdict: checked.verdict(),
                valid: checked.is_correct(),
                xy: captures.iter().map(|c| c.xy()).collect(),
                position: super::record::position_at(&checked, captures.len()),
                moves: captures_json(&checked.puzzle, &captures),
                stopped: checked.problem.as_ref().map(stop_json),
            };
            let json = if settings.pretty {
                serde_json::to_string_pretty(&doc)
            } else {
                serde_json::to_string(&doc)
            };
            json.unwrap_or_default() + "\n"
        }
        Target::Codegolf => match answer {
            AnswerKind::NoSolution => format!("{}\n", write::NO_SOLUTION),
            _ => write::moves(&captures) + "\n",
        },
        Target::Boards => match answer {
            AnswerKind::NoSolution => format!("{}\n", write::NO_SOLUTION),
            _ => {
                let form = settings.board_form.form();
                let text = write::boards(&checked.puzzle, &captures, form);
                if text.is_empty() || text.ends_with('\n') {
                    text
                } else {
                    text + "\n"
                }
            }
        },
        Target::Text => {
            let record_answer = match answer {
                AnswerKind::None => RecordAnswer::Unanswered,
                AnswerKind::NoSolution => RecordAnswer::NoSolution,
                AnswerKind::Moves => RecordAnswer::Moves(&captures),
            };
            write_record(checked.profile, &checked.puzzle, record_answer)
        }
        // Not Solitaire Chess's targets: the table of games turns them
        // away (`--to html` goes to the pages).
        Target::Transcript
        | Target::Input
        | Target::Sgf
        | Target::Gtp
        | Target::Prolog
        | Target::Html => String::new(),
    };
    out.write(&text)?;
    Ok(status)
}
