//! `asalto export` of an Asalto record or JSON game document: the JSON
//! game document, a canonical record, or the assignment's console session
//! (the transcript, or only what a person types). The record is read
//! twice, holding only the current position: checked first (nothing is
//! written for an invalid record), then replayed again as it is written.

use asalto::Position;
use asalto::export::{DocumentSummary, write_json_streamed};
use asalto::json::stop_json;
use asalto::replay::{Checked, Ply, Replayer};
use asalto::transcript::{Dialogue, Exchange};

use super::super::args::export::{Args, Source, Target};
use super::super::checking::Unjudged;
use super::super::input::{Lines, Reread, Rereadable, Shown, io_reason, shown_name};
use super::super::out::{Out, Status, WriteError, error, report};
use super::super::present::export_partial;
use super::read::{read_game_document, read_options, replay_record_lines};

/// `export` of an Asalto record or JSON game document.
pub fn export(args: &Args, out: &mut Out) -> Result<Status, WriteError> {
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
                error(&format!("cannot read {name}: {}", io_reason(&e)));
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
        let options = read_options(args.read);
        let (first, checked) = match first_of_record(lines, name, &args.file, options) {
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
            report(&super::check::full_report(
                shown_name(&args.file),
                &checked,
                args.color.enabled_on_stderr(),
            ));
            let valid = checked.plies();
            let s = if valid == 1 { "" } else { "s" };
            let exporting = format!("its valid part, {valid} move{s}");
            let exports = format!("the {valid} valid move{s}");
            if !export_partial(
                name,
                "invalid record",
                args.keep_partial,
                Some(&exporting),
                &exports,
            ) {
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
        // Not Asalto's targets: the table of games turns them away.
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
fn first_of_document(lines: Lines<'_>, name: &Shown<'_>) -> Result<First, Unjudged> {
    let mut digest = PlyDigest::default();
    let summary = read_game_document(lines, name, &mut |ply| digest.add(ply))?;
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
    lines: Lines<'_>,
    name: &Shown<'_>,
    file: &str,
    options: asalto::replay::CheckOptions,
) -> Result<(First, Checked), String> {
    let mut digest = PlyDigest::default();
    let mut replayer = Replayer::new(options, false);
    replay_record_lines(lines, name.by_ref(), &mut replayer, &mut |ply| {
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
            stopped: stop_json(&checked),
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
                replay_record_lines(lines, self.name.by_ref(), &mut replayer, &mut on_ply)?;
                replayer.finish().plies() == expected
            }
            None => match read_game_document(lines, self.name, &mut on_ply) {
                Ok(summary) => summary == self.first.summary,
                Err(Unjudged::Unreadable(message)) => return Err(message),
                Err(Unjudged::Document(_)) => false,
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
        fn lines<'b>(&self, buf: &'b mut Vec<u8>) -> Result<Lines<'b>, String> {
            let read = self.reads.get();
            self.reads.set(read + 1);
            let text = self.texts[read.min(1)].clone();
            Ok(Lines::from_reader(
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
