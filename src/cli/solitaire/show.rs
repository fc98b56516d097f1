//! `asalto show` on a Solitaire Chess record: the board after `--ply`
//! captures of its answer (0: the puzzle), drawn as text or SVG, or one
//! JSON object naming the game and the profile, with the capture that led
//! there and the captures possible next.

use asalto_core::json::Head;
use asalto_core::json::Kind;
use asalto_solitaire::json::{CaptureJson, StopJson, captures_json_from, head, stop_json};
use asalto_solitaire::{Position, Profile, Verdict, render};
use serde::Serialize;

use super::super::args::show::ShowFormat;
use super::super::out::{Out, Status, WriteError, error};
use super::record::{captures_word, indent, load_or_refuse, position_at};

/// What `show` asks of a Solitaire Chess record.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The profile `--rules` names.
    pub rules: Option<Profile>,
    /// Captures played (default: every legal one).
    pub ply: Option<usize>,
    /// Text, JSON or SVG.
    pub format: ShowFormat,
    /// Colour the report of text that is not a record.
    pub color: bool,
}

/// The JSON of `show`.
#[derive(Serialize)]
struct ShowJson<'a> {
    #[serde(flatten)]
    head: Head,
    file: &'a str,
    puzzle: Position,
    /// Captures played to reach the position.
    ply: usize,
    /// Legal captures in the record.
    plies: usize,
    /// The position (16-character string, top row first).
    position: Position,
    pieces: usize,
    solved: bool,
    /// The capture that led here.
    last_move: Option<CaptureJson>,
    /// Every capture possible here, in long algebraic.
    legal_moves: Vec<String>,
    verdict: Verdict,
    valid: bool,
    /// The first thing wrong with the answer, or null.
    stopped: Option<StopJson>,
    /// Why the position shown is not the one asked for, or null (never:
    /// `--ply` past the legal captures is refused).
    note: Option<String>,
}

/// Run `show` on the Solitaire Chess record at `path`: 1 when the record's
/// answer is wrong (the position is still shown), 2 when it cannot be read
/// or `--ply` is past its legal captures.
pub fn run(path: &str, settings: Settings, out: &mut Out) -> Result<Status, WriteError> {
    let loaded = match load_or_refuse(path, settings.rules, "", settings.color) {
        Ok(loaded) => loaded,
        Err(status) => return Ok(status),
    };
    let checked = loaded.check();
    let total = checked.plies.len();
    let ply = settings.ply.unwrap_or(total);
    if ply > total {
        let why = match &checked.problem {
            Some(p) if p.reason().code() != "pieces-left" => format!(
                " (capture {} is wrong: {} [{}])",
                total + 1,
                asalto::text::escape_line(&p.message()),
                p.reason().code()
            ),
            _ => String::new(),
        };
        error(&format!(
            "{}: --ply {ply} is past the end: the answer has {} that can be played{why}",
            loaded.name(),
            captures_word(total)
        ));
        return Ok(Status::Error);
    }
    let status = if checked.is_correct() {
        Status::Success
    } else {
        Status::Failure
    };
    let position = position_at(&checked, ply);
    let last = ply.checked_sub(1).and_then(|i| checked.plies.get(i));
    let possible: Vec<String> = position
        .captures(checked.profile)
        .filter_map(|c| {
            position
                .piece_at(c.from)
                .map(|p| asalto_solitaire::format::long_algebraic(p, c))
        })
        .collect();
    match settings.format {
        ShowFormat::Json => {
            let last_json = last.and_then(|p| {
                let before = position_at(&checked, ply - 1);
                captures_json_from(&before, &[p.capture], ply).pop()
            });
            let json = ShowJson {
                head: head(checked.profile).kind(Kind::Show),
                file: path,
                puzzle: checked.puzzle,
                ply,
                plies: total,
                position,
                pieces: position.len(),
                solved: position.is_solved(),
                last_move: last_json,
                legal_moves: possible,
                verdict: checked.verdict(),
                valid: checked.is_correct(),
                stopped: checked.problem.as_ref().map(stop_json),
                note: None,
            };
            out.line(&serde_json::to_string(&json).unwrap_or_default())?;
        }
        ShowFormat::Svg => {
            let mut caption = vec![format!(
                "{} ({}): after {} of {}",
                loaded.name(),
                checked.profile,
                captures_word(ply),
                total
            )];
            if let Some(p) = last {
                caption.push(format!(
                    "{ply}. {}",
                    asalto_solitaire::format::long_algebraic(p.piece, p.capture)
                ));
            }
            out.write(&render::svg(&position, last.map(|p| p.capture), &caption))?;
        }
        ShowFormat::Human => {
            let head = match last {
                Some(p) => format!(
                    "{} ({}): after capture {ply} of {total}: {}",
                    loaded.name(),
                    checked.profile,
                    asalto_solitaire::format::long_algebraic(p.piece, p.capture)
                ),
                None => format!(
                    "{} ({}): the puzzle, before the {} of the answer",
                    loaded.name(),
                    checked.profile,
                    captures_word(total)
                ),
            };
            out.line(&head)?;
            out.write(&indent(&render::ascii(&position, last.map(|p| p.capture))))?;
            out.line(&format!(
                "position: {position} ({} on the board)",
                position.len()
            ))?;
            if position.is_solved() {
                out.line("solved: one piece is left")?;
            } else if possible.is_empty() {
                out.line("no capture is possible here")?;
            } else {
                out.line(&format!("captures possible here: {}", possible.join(" ")))?;
            }
            let verdict = super::check::summary(&loaded, &checked);
            out.line(&format!(
                "record: {}",
                verdict_tail(&verdict, &loaded.name().to_string())
            ))?;
        }
    }
    Ok(status)
}

/// The summary line without the file name in front.
fn verdict_tail<'a>(summary: &'a str, name: &str) -> &'a str {
    summary
        .strip_prefix(name)
        .and_then(|s| s.strip_prefix(": "))
        .unwrap_or(summary)
}
