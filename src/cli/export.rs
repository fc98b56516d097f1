//! `asalto export`: convert a game between records, JSON and the console
//! session of the assignment.

use asalto::export::{DocumentSummary, write_json_streamed};
use asalto::replay::{Checked, Ply, Replayer};
use asalto::transcript::{Dialogue, Exchange};
use asalto::{Position, json::StopJson};

use super::input::{self, Failure, Reread, Rereadable, Shown};
use super::{Out, ReadArgs, Status, WriteError, error};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto export game.txt --to json --pretty > game.json\n  asalto export game.json --to text           (the record again)\n  asalto export game.txt --to input | python3 asalto.py    (type it into a program)\n  asalto export --lenient typed.txt --to text  (captures written out in full)\n  asalto export game.sgf --to gtp             (Go: also json, sgf, prolog)\n  asalto export answer.txt --to codegolf      (Solitaire Chess: also json, boards, text)\n  asalto export game.txt --to html --ply 12 > game.html   (a replay page)\n";

/// Convert a game: a record or a JSON game document in, JSON, a canonical
/// record, or the assignment's console session out.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// A record file, or a JSON game document (`-` reads standard input).
    #[arg(value_name = "FILE")]
    pub(super) file: String,
    /// What to write.
    #[arg(long, value_enum)]
    pub(super) to: Target,
    /// What the input is. `auto`: a JSON game document if it starts with
    /// `{`, else a record.
    #[arg(long, value_enum, default_value_t)]
    pub(super) from: Source,
    /// Indent the JSON document.
    #[arg(long)]
    pub(super) pretty: bool,
    /// For an invalid record, export its valid part (and still exit 1)
    /// instead of nothing.
    #[arg(long)]
    pub(super) keep_partial: bool,
    /// For `--to transcript`: leave out the typed lines, giving only what the
    /// program prints when its input comes from a pipe.
    #[arg(long)]
    pub(super) no_echo: bool,
    /// For `--to html`: the position the page opens on (default: the
    /// first illegal move, or the end).
    #[arg(long, value_name = "N")]
    pub(super) ply: Option<usize>,
    /// When to colour the report of an invalid record (on standard error).
    #[arg(long, value_enum, default_value_t)]
    pub(super) color: super::ColorChoice,
    #[command(flatten)]
    pub(super) read: ReadArgs,
    #[command(flatten)]
    pub(super) game: super::games::GameArgs,
    /// Solitaire Chess, `--to boards`: how each board is written: `string`
    /// (16 characters), `rows` (four lines), `letters` or `numbers` (a list
    /// of lists), `coordinates` (a list of `[x, y, 'c']`).
    #[arg(long, value_enum, default_value_t)]
    pub(super) board_form: super::solitaire::export::BoardFormArg,
    #[command(flatten)]
    pub(super) bishops: super::madbishops::BishopsArgs,
    /// Mad Bishops: the notation of `--to text` [possible values:
    /// algebraic, row-column, numbers].
    #[arg(long, value_name = "NOTATION", value_parser = super::madbishops::play::parse_notation)]
    pub(super) notation: Option<asalto_madbishops::Notation>,
}

/// What `export` writes.
#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq)]
pub enum Target {
    /// The JSON game document (format `asalto-game`, version 1).
    Json,
    /// A canonical record: one whole move per line.
    Text,
    /// The console session of a correct program of the assignment with the
    /// game typed into it, both sides on HUMANO.
    Transcript,
    /// Only the lines a person types in that session: the standard input to
    /// feed a program.
    Input,
    /// Go: the main line as canonical SGF.
    Sgf,
    /// A replay page: one self-contained HTML file (board, move list,
    /// arrow keys); an invalid record's page shows where it breaks.
    Html,
    /// Go: GTP commands that set the game up and play it.
    Gtp,
    /// Go: the 2019 assignment's Prolog terms: `move(N, "b", [Row,Col]).`
    /// facts, then `board(...)` of the final position. Mad Bishops: the
    /// report's 10x10 list of lists of the final position (0 light square,
    /// 1 empty, 2 red, 3 blue).
    Prolog,
    /// Solitaire Chess: the challenge's answer, the list of moves
    /// `[[[x,y],[x,y]], ...]` (`0` for "no solution").
    Codegolf,
    /// Solitaire Chess: the board after each capture, one 16-character
    /// string per line (`--board-form` for the challenge's other forms).
    Boards,
}

impl Target {
    /// The name of the target, as `--to` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Target::Json => "json",
            Target::Text => "text",
            Target::Transcript => "transcript",
            Target::Input => "input",
            Target::Sgf => "sgf",
            Target::Gtp => "gtp",
            Target::Prolog => "prolog",
            Target::Codegolf => "codegolf",
            Target::Boards => "boards",
            Target::Html => "html",
        }
    }
}

/// What `export` reads.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum Source {
    /// Decide from the first character.
    #[default]
    Auto,
    /// A record file.
    Record,
    /// A JSON game document.
    Json,
}

/// Run `export`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    if args.ply.is_some() && args.to != Target::Html {
        error("--ply is for --to html");
        return Ok(Status::Error);
    }
    let route = match super::games::route(&args.game, &[&args.file]) {
        Ok(route) => route,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let mut used = args.bishops.used();
    if args.notation.is_some() {
        used.push("--notation");
    }
    if let Err(message) = super::madbishops::only_for_bishops(&[route.game.kind()], &used) {
        error(&message);
        return Ok(Status::Error);
    }
    if args.to == Target::Html {
        return route.game.page(&args, &args.file, route.rules, out);
    }
    route.game.export(&args, &args.file, route.rules, out)
}

/// `export` of an Asalto record or JSON game document.
pub(super) fn asalto(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
    if matches!(args.to, Target::Sgf | Target::Gtp | Target::Prolog) {
        error("--to sgf, gtp and prolog are for Go records (name the game with --game go)");
        return Ok(Status::Error);
    }
    if matches!(args.to, Target::Codegolf | Target::Boards) {
        error(
            "--to codegolf and boards are for Solitaire Chess records (name the game with --game solitaire)",
        );
        return Ok(Status::Error);
    }
    let shown = Shown::of(&args.file);
    let name = &shown;
    let source = match Rereadable::open(&args.file) {
        Ok(source) => source,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let mut buf = Vec::new();
    let mut lines = match source.lines(&mut buf) {
        Ok(lines) => lines,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let is_json = match args.from {
        Source::Json => true,
        Source::Record => false,
        Source::Auto => match lines.starts_like_json() {
            Ok(json) => json,
            Err(e) => {
                error(&format!("cannot read {name}: {}", input::io_reason(&e)));
                return Ok(Status::Error);
            }
        },
    };
    // First reading: the whole record or document checked, holding only
    // the current position, so that nothing is written for an invalid one
    // and a JSON document can say where the game ends before its plies.
    let (first, status) = if is_json {
        let first = match first_of_document(lines, name) {
            Ok(first) => first,
            Err(failure) => return Ok(failure.report()),
        };
        if args.to != Target::Json && first.summary.start != Position::start() {
            error(&format!(
                "{name}: the game starts from {}, not from the start position; only JSON can hold it",
                first.summary.start
            ));
            return Ok(Status::Failure);
        }
        (first, Status::Success)
    } else {
        let (first, checked) = match first_of_record(lines, name, &args.file, args.read.options()) {
            Ok(read) => read,
            Err(message) => {
                error(&message);
                return Ok(Status::Error);
            }
        };
        let mut status = Status::Success;
        if first.summary.stopped.is_some() {
            status = Status::Failure;
            // Every problem, as `check` reports it, then what is done.
            super::report(&super::check::full_report(
                input::shown_name(&args.file),
                &checked,
                args.color.enabled_on_stderr(),
            ));
            let valid = checked.plies();
            let s = if valid == 1 { "" } else { "s" };
            if args.keep_partial {
                error(&format!(
                    "{name}: invalid record; exporting its valid part, {valid} move{s}"
                ));
            } else {
                error(&format!(
                    "{name}: invalid record; nothing exported (--keep-partial exports the {valid} valid move{s})"
                ));
                return Ok(status);
            }
        }
        (first, status)
    };
    // Second reading: the valid part replayed again, each move written as
    // it is played.
    let mut writer = Streamed {
        source: &source,
        buf: &mut buf,
        name,
        first: &first,
    };
    let written = match args.to {
        Target::Json => {
            let mut read = Ok(());
            let json = write_json_streamed(
                first.summary.head(),
                |each| read = writer.replay(each),
                args.pretty,
                out.writer(),
            );
            json.map_err(|e| WriteError::from_json(&e))?;
            out.write("\n")?;
            read
        }
        Target::Text => writer.write_each(out, |ply, text| {
            text.push_str(&ply.mv.to_string());
            text.push('\n');
        })?,
        Target::Input | Target::Transcript => {
            let echo = args.to == Target::Input || !args.no_echo;
            let typed_only = args.to == Target::Input;
            let write = |e: Exchange, text: &mut String| {
                if !typed_only {
                    text.push_str(&e.printed);
                }
                if echo {
                    text.push_str(&e.typed);
                    text.push('\n');
                }
            };
            let mut dialogue = Dialogue::new();
            let mut text = String::new();
            write(dialogue.begin(), &mut text);
            out.write(&text)?;
            let read = writer.write_each(out, |ply, text| write(dialogue.play(&ply.mv), text))?;
            text.clear();
            for e in dialogue.end(first.summary.outcome.is_some()) {
                write(e, &mut text);
            }
            out.write(&text)?;
            read
        }
        // Turned away above.
        Target::Sgf
        | Target::Gtp
        | Target::Prolog
        | Target::Codegolf
        | Target::Boards
        | Target::Html => Ok(()),
    };
    if let Err(message) = written {
        error(&message);
        return Ok(Status::Error);
    }
    Ok(status)
}

/// The first reading of a JSON game document read from `lines` (named
/// `name`): what its head says, and the digest of its plies.
fn first_of_document(lines: input::Lines<'_>, name: &Shown<'_>) -> Result<First, Failure> {
    let mut digest = PlyDigest::default();
    let summary = input::read_game_document(lines, name, &mut |ply| digest.add(ply))?;
    Ok(First {
        summary,
        record: None,
        digest: digest.finish(),
    })
}

/// The first reading of a record read from `lines` (named `name`, given
/// as `file`) under `options`: what its document's head will say, the
/// digest of its valid plies, and the check (for the report of an invalid
/// one).
fn first_of_record(
    lines: input::Lines<'_>,
    name: &Shown<'_>,
    file: &str,
    options: asalto::replay::CheckOptions,
) -> Result<(First, Checked), String> {
    let mut digest = PlyDigest::default();
    let mut replayer = Replayer::new(options, false);
    input::replay_record_lines(lines, name.by_ref(), &mut replayer, &mut |ply| {
        digest.add(ply);
    })?;
    let checked = replayer.finish();
    let first = First {
        summary: DocumentSummary {
            start: Position::start(),
            end: checked.position(),
            outcome: checked.outcome(),
            plies: checked.plies(),
            // Standard input is `-` in JSON, as in every command's JSON.
            source: Some(file.to_string()),
            stopped: StopJson::of(&checked),
        },
        record: Some(options),
        digest: digest.finish(),
    };
    Ok((first, checked))
}

/// What the first reading of a record or JSON game document found: what
/// the head of a document says, how to replay it again, and a digest of the
/// plies it handed out, for the second reading to be sure it reads the same
/// game.
struct First {
    summary: DocumentSummary,
    /// The options of a record's replay; `None` for a JSON game document.
    record: Option<asalto::replay::CheckOptions>,
    digest: u64,
}

/// A digest of plies handed out one by one: what the document written of
/// them depends on (the moves, and each ply's line and completion).
#[derive(Default)]
struct PlyDigest(std::hash::DefaultHasher);

impl PlyDigest {
    fn add(&mut self, ply: &Ply) {
        use std::hash::Hash;
        (ply.number, ply.mv, ply.line, ply.extra.completed).hash(&mut self.0);
    }

    fn finish(&self) -> u64 {
        std::hash::Hasher::finish(&self.0)
    }
}

/// The second reading of a record or JSON game document: its valid part
/// replayed again, each move handed out as it is played.
struct Streamed<'a> {
    source: &'a dyn Reread,
    buf: &'a mut Vec<u8>,
    name: &'a Shown<'a>,
    first: &'a First,
}

impl Streamed<'_> {
    /// Replay the record or document, handing `each` its valid moves; an
    /// error if it cannot be read again or reads differently.
    fn replay(&mut self, each: &mut dyn FnMut(&Ply)) -> Result<(), String> {
        let lines = self.source.lines(self.buf)?;
        let expected = self.first.summary.plies;
        let mut digest = PlyDigest::default();
        let mut on_ply = |ply: &Ply| {
            digest.add(ply);
            if ply.number <= expected {
                each(ply);
            }
        };
        let same = match self.first.record {
            Some(options) => {
                let mut replayer = Replayer::new(options, false);
                input::replay_record_lines(lines, self.name.by_ref(), &mut replayer, &mut on_ply)?;
                replayer.finish().plies() == expected
            }
            None => match input::read_game_document(lines, self.name, &mut on_ply) {
                Ok(summary) => summary == self.first.summary,
                Err(Failure::Unreadable(message)) => return Err(message),
                Err(Failure::Document(_)) => false,
            },
        };
        if !same || digest.finish() != self.first.digest {
            return Err(format!(
                "{}: the file changed while it was being exported",
                self.name
            ));
        }
        Ok(())
    }

    /// Replay the record, writing for each valid move what `text_of` puts
    /// into a text buffer (written out at every 64 KiB).
    fn write_each(
        &mut self,
        out: &mut Out,
        mut text_of: impl FnMut(&Ply, &mut String),
    ) -> Result<Result<(), String>, WriteError> {
        let mut text = String::new();
        let mut failed = None;
        let read = self.replay(&mut |ply| {
            if failed.is_some() {
                return;
            }
            text_of(ply, &mut text);
            if text.len() >= 64 * 1024 {
                failed = out.write(&text).err();
                text.clear();
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        out.write(&text)?;
        Ok(read)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use asalto::export::GameDocument;
    use asalto::replay::{CheckOptions, check};

    use super::*;

    /// A source that reads `texts[0]` the first time and `texts[1]` every
    /// time after: a file changed between `export`'s two readings.
    struct Changing {
        texts: [String; 2],
        reads: Cell<usize>,
    }

    impl Reread for Changing {
        fn lines<'b>(&self, buf: &'b mut Vec<u8>) -> Result<input::Lines<'b>, String> {
            let read = self.reads.get();
            self.reads.set(read + 1);
            let text = self.texts[read.min(1)].clone();
            Ok(input::Lines::from_reader(
                Box::new(std::io::Cursor::new(text.into_bytes())),
                buf,
            ))
        }
    }

    /// The JSON game document of `record`.
    fn document(record: &str) -> String {
        let checked = check(record, CheckOptions::default());
        serde_json::to_string(&GameDocument::of_checked(&checked, None)).unwrap()
    }

    /// Both readings of `export`, the first of `texts[0]`, the second of
    /// `texts[1]`: what the second says, and the moves it handed out.
    fn export_twice(texts: [String; 2], json: bool) -> (Result<(), String>, Vec<String>) {
        let source = Changing {
            texts,
            reads: Cell::new(0),
        };
        let mut buf = Vec::new();
        let lines = source.lines(&mut buf).unwrap();
        let first = if json {
            first_of_document(lines, &Shown::of("game.json"))
                .map_err(|_| "unread")
                .unwrap()
        } else {
            first_of_record(
                lines,
                &Shown::of("game.txt"),
                "game.txt",
                CheckOptions::default(),
            )
            .unwrap()
            .0
        };
        let mut moves = Vec::new();
        let mut streamed = Streamed {
            source: &source,
            buf: &mut buf,
            name: &Shown::of("game"),
            first: &first,
        };
        let read = streamed.replay(&mut |ply| moves.push(ply.mv.to_string()));
        (read, moves)
    }

    const CHANGED: &str = "game: the file changed while it was being exported";

    #[test]
    fn a_file_read_the_same_twice_is_exported() {
        let record = "Bc-Cc\nDd-Cd\nCc-Ce\n".to_string();
        let (read, moves) = export_twice([record.clone(), record.clone()], false);
        assert_eq!(read, Ok(()));
        assert_eq!(moves, ["Bc-Cc", "Dd-Cd", "Cc-Ce"]);
        let json = document(&record);
        let (read, moves) = export_twice([json.clone(), json], true);
        assert_eq!(read, Ok(()));
        assert_eq!(moves.len(), 3);
    }

    #[test]
    fn a_record_changed_between_the_readings_stops_the_export() {
        let before = "Bc-Cc\nDd-Cd\nCc-Ce\n";
        // Another move, the same number of moves.
        let other_move = "Bc-Cc\nDd-Cd\nCc-Cb\n";
        // The same moves, one line lower (the document says each move's
        // line).
        let moved = "\nBc-Cc\nDd-Cd\nCc-Ce\n";
        // Moves added.
        let longer = "Bc-Cc\nDd-Cd\nCc-Ce\nDb-Cc\n";
        for after in [other_move, moved, longer] {
            let (read, _) = export_twice([before.into(), after.into()], false);
            assert_eq!(read, Err(CHANGED.to_string()), "{after:?}");
        }
    }

    #[test]
    fn a_document_changed_between_the_readings_stops_the_export() {
        let before = document("Bc-Cc\nDd-Cd\nCc-Ce\n");
        for after in [
            document("Bc-Cc\nDd-Cd\nCc-Cb\n"),
            document("Bc-Cc\nDd-Cd\nCc-Ce\nDb-Cc\n"),
            document("Bc-Cc\nDd-Cd\n"),
            "{}".to_string(),
        ] {
            let (read, _) = export_twice([before.clone(), after.clone()], true);
            assert_eq!(read, Err(CHANGED.to_string()), "{after}");
        }
    }
}
