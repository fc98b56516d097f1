//! Reading Asalto's records and JSON game documents: a record line by
//! line into a replayer, or a document as a stream, a ply at a time,
//! keeping only its record (the reads of `check`, `show`, `export`,
//! `diff` and the pages).

use std::io::{self, Read};

use asalto::export::DocumentSummary;
use asalto::replay::{CheckOptions, Ply, Replayer};

use super::super::args::common::ReadArgs;
use super::super::checking::Unjudged;
use super::super::input::{CHUNK, Lines, Shown, TextLines, cannot_read, not_utf8, not_utf8_at};

/// Asalto's replay options from the reading options of `show`, `export`
/// and `diff`.
pub fn read_options(read: ReadArgs) -> CheckOptions {
    CheckOptions {
        strict: read.strict,
        lenient: read.lenient,
        rebels: None,
    }
}

/// The record a JSON game document holds (`lines` from its first byte,
/// named `shown` in messages), the document read as a stream, a ply at a
/// time ([`read_game_document`]): only the record is kept (a line of about
/// 6 bytes a move, where the document takes about 170), and the answer is
/// the one of [`asalto::export::GameDocument::from_json`] then
/// [`asalto::export::GameDocument::to_game`] on the whole text. A record
/// that would pass `max` bytes is not collected further (the document is
/// still read to its end, so that what is wrong in it comes first): it is
/// an error that says the game is too large for a page, the only reader
/// with a bound.
pub fn streamed_record(
    lines: Lines<'_>,
    shown: &Shown<'_>,
    max: usize,
) -> Result<String, Unjudged> {
    let mut record = String::new();
    let mut too_large = false;
    let read = read_game_document(lines, shown, &mut |ply| {
        use std::fmt::Write as _;
        if too_large {
            return;
        }
        let before = record.len();
        // Writing into a `String` cannot fail.
        let _ = writeln!(record, "{}", ply.mv);
        if record.len() > max {
            record.truncate(before);
            too_large = true;
        }
    })?;
    if read.start != asalto::Position::start() {
        return Err(Unjudged::Document(format!(
            "{shown}: the game starts from {}, not from the start position; only JSON can \
             hold it",
            read.start
        )));
    }
    if too_large {
        return Err(Unjudged::Unreadable(format!(
            "{shown}: a game of more than {} MiB as a record: too large for a page",
            max >> 20
        )));
    }
    Ok(record)
}

/// Read the JSON game document of `lines` (from its first byte, named
/// `shown` in messages) as a stream, a ply at a time, each legal ply handed
/// to `on_ply` ([`asalto::export::read_document`]): what it says besides
/// its plies, or what [`asalto::export::GameDocument::from_json`] then
/// [`asalto::export::GameDocument::to_game`] say of the whole text. The
/// document is read to its end whatever it holds, as a whole text is: a
/// byte that is not UTF-8 anywhere in it is said first, then what is wrong
/// in JSON, then in the game. `on_ply` may have seen plies before a
/// problem.
pub fn read_game_document(
    lines: Lines<'_>,
    shown: &Shown<'_>,
    on_ply: &mut dyn FnMut(&Ply),
) -> Result<DocumentSummary, Unjudged> {
    use asalto::export::{DocumentError, ImportError, read_document};
    let read_error = |e: io::Error| cannot_read(shown, &e);
    let mut text = Utf8Text::new(lines.into_reader());
    let read = read_document(io::BufReader::with_capacity(CHUNK, &mut text), on_ply);
    let read = match read {
        Err(DocumentError::Read(e)) => return Err(read_error(e).into()),
        Err(DocumentError::Import(e)) => Err(e),
        Ok(read) => Ok(read),
    };
    text.drain().map_err(read_error)?;
    if let Some((bytes, chars)) = text.bad {
        return Err(Unjudged::Unreadable(not_utf8_at(
            shown,
            1,
            chars + 1,
            bytes,
        )));
    }
    match read {
        Err(e @ ImportError::Json(_)) => Err(Unjudged::Document(format!("{shown}: {e}"))),
        Err(e) => Err(Unjudged::Document(format!(
            "{shown}: not a legal game: {e}"
        ))),
        Ok(read) => Ok(read),
    }
}

/// The lines of a record as text: those of a record file, or those of the
/// record a JSON game document holds (the document read as a stream,
/// replayed and checked first, as `export` reads it).
pub enum RecordLines<'b> {
    /// A record file.
    File(TextLines<'b>),
    /// The record of a document, and how much of it was read.
    Document(String, usize),
}

impl<'b> RecordLines<'b> {
    /// The lines read by `lines`, or, when it is a JSON game document, of
    /// the record it holds.
    pub fn sniffed(mut lines: Lines<'b>, shown: Shown<'b>) -> Result<RecordLines<'b>, Unjudged> {
        if !lines
            .starts_like_json()
            .map_err(|e| cannot_read(&shown, &e))?
        {
            return Ok(RecordLines::File(TextLines::new(lines, shown)));
        }
        let record = streamed_record(lines, &shown, usize::MAX)?;
        Ok(RecordLines::Document(record, 0))
    }

    /// Open `path` (`-`: standard input), recognising JSON game documents.
    pub fn open(path: &str, buf: &'b mut Vec<u8>) -> Result<RecordLines<'b>, Unjudged> {
        RecordLines::sniffed(Lines::open(path, buf)?, Shown::of(path).into_owned())
    }

    /// The next line, with its `\n` if it has one.
    pub fn next_line(&mut self) -> Result<Option<&str>, String> {
        match self {
            RecordLines::File(lines) => lines.next_line(),
            RecordLines::Document(record, at) => {
                let rest = &record[*at..];
                if rest.is_empty() {
                    return Ok(None);
                }
                let len = rest.find('\n').map_or(rest.len(), |i| i + 1);
                *at += len;
                Ok(Some(&rest[..len]))
            }
        }
    }
}

/// Feed the record read from `lines` (named `name`) to `replayer` line by
/// line, each legal move handed to `on_ply` as it is played: memory of the
/// longest line. A JSON game document is read whole and its moves fed as a
/// record.
pub fn replay_lines(
    lines: Lines<'_>,
    name: Shown<'_>,
    replayer: &mut Replayer,
    on_ply: &mut impl FnMut(&Ply),
) -> Result<(), Unjudged> {
    let mut lines = RecordLines::sniffed(lines, name)?;
    while let Some(line) = lines.next_line()? {
        replayer.push_line_with(line, on_ply);
    }
    Ok(())
}

/// Check the record read from `lines` (named `name`) with `replayer`, as
/// [`replay_lines`] does, without handing out the moves: the lines of a
/// record file are read in blocks of whole lines
/// ([`Replayer::push_block`], the hot path of `check`).
pub fn check_lines(
    lines: Lines<'_>,
    name: Shown<'_>,
    replayer: &mut Replayer,
) -> Result<(), Unjudged> {
    let mut record = RecordLines::sniffed(lines, name)?;
    if let RecordLines::File(text) = &mut record {
        let name = text.name().clone();
        while let Some(block) = text
            .lines_mut()
            .next_lines()
            .map_err(|e| cannot_read(&name, &e))?
        {
            replayer.push_block(block).map_err(|(line, e)| {
                let (at, offset) = (replayer.lines() + 1, replayer.bytes_read());
                not_utf8(&name, at, line, e, offset)
            })?;
        }
        return Ok(());
    }
    while let Some(line) = record.next_line()? {
        replayer.push_line(line);
    }
    Ok(())
}

/// Feed the record read from `lines` to `replayer` line by line, as
/// [`replay_lines`] does, without looking for a JSON document.
pub fn replay_record_lines(
    lines: Lines<'_>,
    name: Shown<'_>,
    replayer: &mut Replayer,
    on_ply: &mut impl FnMut(&Ply),
) -> Result<(), String> {
    let mut lines = TextLines::new(lines, name);
    while let Some(line) = lines.next_line()? {
        replayer.push_line_with(line, on_ply);
    }
    Ok(())
}

/// A reader of text that says where its first byte that is not UTF-8 is
/// (the bytes read and the characters before it), and leaves out a
/// byte-order mark at its start, as [`asalto::export::GameDocument::from_json`]
/// does.
struct Utf8Text<R> {
    inner: R,
    /// Bytes read and judged valid, and the characters they make (a
    /// byte-order mark counts as bytes, not as a character).
    bytes: usize,
    chars: usize,
    /// The end of a character cut by a read, to be judged with the next.
    cut: Vec<u8>,
    /// Where the first byte that is not UTF-8 is: bytes and characters
    /// before it.
    bad: Option<(usize, usize)>,
    started: bool,
}

impl<R: Read> Utf8Text<R> {
    fn new(inner: R) -> Utf8Text<R> {
        Utf8Text {
            inner,
            bytes: 0,
            chars: 0,
            cut: Vec::new(),
            bad: None,
            started: false,
        }
    }

    /// Judge `bytes`, read after the ones before.
    fn judge(&mut self, bytes: &[u8]) {
        if self.bad.is_some() {
            return;
        }
        let joined;
        let text = if self.cut.is_empty() {
            bytes
        } else {
            joined = [std::mem::take(&mut self.cut).as_slice(), bytes].concat();
            &joined
        };
        let (valid, rest) = match std::str::from_utf8(text) {
            Ok(_) => (text, &[][..]),
            Err(e) => text.split_at(e.valid_up_to()),
        };
        self.bytes += valid.len();
        self.chars += valid.iter().filter(|&&b| b & 0xc0 != 0x80).count();
        match std::str::from_utf8(rest) {
            Ok(_) => {}
            // A character cut at the end of the read: judged with the next.
            Err(e) if e.error_len().is_none() => self.cut = rest.to_vec(),
            Err(_) => self.bad = Some((self.bytes, self.chars)),
        }
    }

    /// Read the rest, judging it.
    fn drain(&mut self) -> io::Result<()> {
        let mut chunk = vec![0; CHUNK];
        while self.read(&mut chunk)? > 0 {}
        Ok(())
    }
}

impl<R: Read> Read for Utf8Text<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut n = self.inner.read(buf)?;
        if n == 0 {
            if !self.cut.is_empty() && self.bad.is_none() {
                self.bad = Some((self.bytes, self.chars));
            }
            return Ok(0);
        }
        let mut from = 0;
        if !self.started {
            self.started = true;
            // The mark is judged as text, and left out of what is read.
            if buf[..n].starts_with(b"\xef\xbb\xbf") {
                self.bytes += 3;
                from = 3;
            }
        }
        self.judge(&buf[from..n]);
        if from > 0 {
            buf.copy_within(from..n, 0);
            n -= from;
            if n == 0 {
                // Only the mark was read: nothing read is not the end.
                return self.read(buf);
            }
        }
        Ok(n)
    }
}
