//! `asalto export` on a Solitaire Chess record: the answer in the
//! challenge's output forms (`codegolf`: the list of moves; `boards`: the
//! board after each capture), as the canonical record (`text`), or as one
//! JSON document naming the game and the profile.

use asalto_core::json::Head;
use asalto_solitaire::format::{BoardForm, RecordAnswer, write, write_record};
use asalto_solitaire::json::{CaptureJson, StopJson, captures_json, head};
use asalto_solitaire::{Position, Profile, Verdict};
use serde::Serialize;

use super::super::export::Target;
use super::super::{Out, Status, WriteError, error, report};
use super::{captures_word, load_or_refuse};

/// How `--to boards` writes each board.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum BoardFormArg {
    /// A 16-character string, top row first, one board per line.
    #[default]
    String,
    /// Four lines of four characters, a blank line between boards.
    Rows,
    /// A list of boards, each a list of four lists of four letters.
    Letters,
    /// A list of boards, each a list of four lists of numbers (1 = K ..
    /// 6 = P, 0 empty).
    Numbers,
    /// A list of boards, each a list of `[x, y, 'c']` (`[0, 0]`
    /// bottom-left).
    Coordinates,
}

impl BoardFormArg {
    /// The engine's form.
    pub fn form(self) -> BoardForm {
        match self {
            BoardFormArg::String => BoardForm::String,
            BoardFormArg::Rows => BoardForm::Rows,
            BoardFormArg::Letters => BoardForm::Letters,
            BoardFormArg::Numbers => BoardForm::Numbers,
            BoardFormArg::Coordinates => BoardForm::Coordinates,
        }
    }
}

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
    if matches!(
        settings.to,
        Target::Transcript | Target::Input | Target::Sgf | Target::Gtp | Target::Prolog
    ) {
        error(&format!(
            "--to {} is for another game's records; a Solitaire Chess record exports to json, codegolf, boards or text",
            settings.to.name()
        ));
        return Ok(Status::Error);
    }
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
        let name = loaded.name();
        if settings.keep_partial {
            error(&format!(
                "{name}: wrong answer; exporting its legal part, {}",
                captures_word(captures.len())
            ));
        } else {
            error(&format!(
                "{name}: wrong answer; nothing exported (--keep-partial exports the {} that can be played)",
                captures_word(captures.len())
            ));
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
                position: super::position_at(&checked, captures.len()),
                moves: captures_json(&checked.puzzle, &captures),
                stopped: checked.problem.as_ref().map(StopJson::from),
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
        // Turned away above (`--to html` goes to export's HTML path first).
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
