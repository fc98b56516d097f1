//! Reading inputs: record files line by line in a reused buffer (memory of
//! the longest line, at most [`MAX_LINE`], whatever the file's size),
//! whole texts for the commands that need them, JSON game documents, and
//! folders of records.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::Mutex;

use asalto::export::DocumentSummary;
use asalto::replay::{Ply, Replayer};
use asalto::text::escape_line;

use super::open::{Opener, RecordFile};

/// How an input is named in text: `-` is `<stdin>`.
pub fn display_name(path: &str) -> String {
    if path == "-" {
        "<stdin>".to_string()
    } else {
        path.to_string()
    }
}

/// How an input is named in text, without a copy: `-` is `<stdin>`.
pub fn shown_name(path: &str) -> &str {
    if path == "-" { "<stdin>" } else { path }
}

/// An input's name as a message shows it: `-` as `<stdin>`, control
/// characters escaped (`\x1b`, `\x0a`), made once from the path by
/// [`Shown::of`]. The messages of this module take a `&Shown`, not a
/// `&str`, so that a name is escaped exactly once on its way to a
/// message: it was escaped twice where one function escaped it and
/// handed it to another that did again, and not at all where a raw path
/// was worded (a file name can hold a clear-screen or a line feed).
#[derive(Clone, Debug)]
pub struct Shown<'a>(Cow<'a, str>);

impl<'a> Shown<'a> {
    /// The name of the input at `path`, as messages show it.
    pub fn of(path: &'a str) -> Shown<'a> {
        Shown(escape_line(shown_name(path)))
    }

    /// The same name, borrowed (no copy of an escaped name).
    pub fn by_ref(&self) -> Shown<'_> {
        Shown(Cow::Borrowed(&self.0))
    }

    /// The same name, owning its text.
    pub fn into_owned(self) -> Shown<'static> {
        Shown(Cow::Owned(self.0.into_owned()))
    }
}

impl std::fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Bytes of an input read to tell its game by content.
pub const HEAD: usize = 4096;

/// The first bytes of standard input, read to tell its game by content and
/// kept for the reader that comes after ([`stdin`]): `None` until
/// [`stdin_head`] reads them, empty once a reader has taken them.
static STDIN_HEAD: Mutex<Option<Vec<u8>>> = Mutex::new(None);

/// The first [`HEAD`] bytes of standard input (fewer at its end), read
/// once and handed back to the command by [`stdin`]: standard input has no
/// extension, so its game is told by its content. An error reading it is
/// left for the reader to meet again.
pub fn stdin_head() -> Vec<u8> {
    let mut kept = STDIN_HEAD.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(head) = kept.as_ref() {
        return head.clone();
    }
    let mut head = Vec::with_capacity(HEAD);
    let _ = io::stdin().lock().take(HEAD as u64).read_to_end(&mut head);
    *kept = Some(head.clone());
    head
}

/// Standard input as a reader: the bytes [`stdin_head`] read first (if
/// it did), then the rest.
pub fn stdin() -> impl Read {
    let head = STDIN_HEAD
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_mut()
        .map(std::mem::take)
        .unwrap_or_default();
    io::Cursor::new(head).chain(io::stdin().lock())
}

/// The largest file read whole (a collection of thousands of SGF games is a
/// few MiB; this bounds memory on hostile input).
pub const MAX_FILE: u64 = 64 << 20;

/// Read `path` (`-`: standard input) whole, up to [`MAX_FILE`] bytes: the
/// read of every game whose records are parsed whole.
pub fn read_bytes(path: &str) -> Result<Vec<u8>, String> {
    read_bytes_within(path, MAX_FILE)
}

/// Read `path` (`-`: standard input) whole, up to `max` bytes (a whole
/// number of MiB, as the message says): a game's own bound.
pub fn read_bytes_within(path: &str, max: u64) -> Result<Vec<u8>, String> {
    let bytes = read_at_most(path, max)?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "cannot read {}: larger than {} MiB",
            Shown::of(path),
            max >> 20
        ));
    }
    Ok(bytes)
}

/// Read `path` (`-`: standard input) up to `max` + 1 bytes, so that the
/// caller can tell (and word) a file larger than `max`; the error is
/// `cannot read NAME: why`.
pub fn read_at_most(path: &str, max: u64) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let result = if path == "-" {
        stdin().take(max + 1).read_to_end(&mut bytes)
    } else {
        File::open(path).and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
    };
    result.map_err(|e| read_error(path, &e))?;
    Ok(bytes)
}

/// The first [`HEAD`] bytes of `path` (`-`: standard input, kept for its
/// reader), as text for [`asalto_core::GameKind::sniff`]; nothing when it
/// cannot be read (the command's read reports that).
pub fn head(path: &str) -> String {
    let bytes = if path == "-" {
        stdin_head()
    } else if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        // A pipe, FIFO or device is read once: what a peek takes is gone
        // for the check that follows (and a FIFO without a writer would
        // block here). Such a file is judged by `--game` or its name.
        Vec::new()
    } else {
        let mut head = Vec::with_capacity(HEAD);
        if let Ok(file) = File::open(path) {
            let _ = file.take(HEAD as u64).read_to_end(&mut head);
        }
        head
    };
    String::from_utf8_lossy(&bytes).into_owned()
}

/// An input opened for `check`, its first bytes already read (the whole
/// input when it is small) into a buffer that its thread reuses from file
/// to file: the game is told from these bytes and the same bytes are
/// handed to the game's checker, so each file is opened and read once,
/// and a pipe's bytes are never lost to a peek.
pub struct Opened<'b> {
    buf: &'b mut Vec<u8>,
    filled: usize,
    /// The rest of the input, `None` once it is all in `buf`.
    rest: Option<Box<dyn Read + 'b>>,
}

impl<'b> Opened<'b> {
    /// Open `path` (`-`: standard input) and read up to [`CHUNK`] bytes
    /// of it into `buf`; the error says why it cannot be read, or that it
    /// is a folder (found by reading it: no look at the file before it is
    /// opened).
    pub fn open(path: &str, buf: &'b mut Vec<u8>) -> Result<Opened<'b>, NotOpened> {
        Opened::open_with(path, buf, &mut Opener::default())
    }

    /// [`Opened::open`] by `opener`, the opener of a thread that opens
    /// many files (it keeps their folder open).
    pub fn open_with(
        path: &str,
        buf: &'b mut Vec<u8>,
        opener: &mut Opener,
    ) -> Result<Opened<'b>, NotOpened> {
        if buf.len() < CHUNK {
            buf.resize(CHUNK, 0);
        }
        let mut reader: Box<dyn Read + 'b> = if path == "-" {
            Box::new(stdin())
        } else {
            let file = opener.open(path).map_err(|e| NotOpened::new(path, &e))?;
            return Opened::first(file, path, buf);
        };
        let filled = fill(&mut reader, &mut buf[..CHUNK]).map_err(|e| NotOpened::new(path, &e))?;
        let rest = (filled == CHUNK).then_some(reader);
        Ok(Opened { buf, filled, rest })
    }

    /// The first bytes of `file` read into `buf`: a file read whole in
    /// its first read (the common case of a small record) costs no box.
    fn first(
        mut file: RecordFile,
        path: &str,
        buf: &'b mut Vec<u8>,
    ) -> Result<Opened<'b>, NotOpened> {
        let filled = fill(&mut file, &mut buf[..CHUNK]).map_err(|e| NotOpened::new(path, &e))?;
        let rest: Option<Box<dyn Read + 'b>> = if filled == CHUNK {
            Some(Box::new(file))
        } else {
            None
        };
        Ok(Opened { buf, filled, rest })
    }

    /// The bytes read so far (the whole input if it is shorter than the
    /// first read).
    pub fn head(&self) -> &[u8] {
        &self.buf[..self.filled]
    }

    /// The whole input, or its first `max + 1` bytes when it is longer
    /// than `max` (the caller says "too large").
    pub fn whole(&mut self, max: u64) -> io::Result<&[u8]> {
        if let Some(rest) = self.rest.take() {
            let mut all = std::mem::take(self.buf);
            all.truncate(self.filled);
            let room = (max + 1).saturating_sub(self.filled as u64);
            let result = rest.take(room).read_to_end(&mut all);
            self.filled = all.len();
            *self.buf = all;
            result?;
        }
        Ok(&self.buf[..self.filled])
    }

    /// The whole input of `path`, at most `max` bytes, or why not:
    /// `cannot read NAME: why` or `... larger than N MiB`, as
    /// [`read_bytes`] says it.
    pub fn whole_or_why(&mut self, path: &str, max: u64) -> Result<&[u8], String> {
        match self.whole(max) {
            Err(e) => Err(read_error(path, &e)),
            Ok(bytes) if bytes.len() as u64 > max => Err(format!(
                "cannot read {}: larger than {} MiB",
                Shown::of(path),
                max >> 20
            )),
            Ok(bytes) => Ok(bytes),
        }
    }

    /// The input line by line, from its first byte (the bytes read so far
    /// are not read again).
    pub fn lines(self) -> Lines<'b> {
        let eof = self.rest.is_none();
        let reader = self.rest.unwrap_or_else(|| Box::new(io::empty()));
        Lines {
            reader,
            buf: self.buf,
            start: 0,
            scanned: 0,
            filled: self.filled,
            eof,
        }
    }
}

/// Why an input was not opened for `check`.
pub enum NotOpened {
    /// It is a folder: its records are the batch's files.
    Folder,
    /// It cannot be read: `cannot read NAME: why`.
    Unreadable(String),
}

impl NotOpened {
    fn new(path: &str, e: &io::Error) -> NotOpened {
        match e.kind() {
            io::ErrorKind::IsADirectory if path != "-" => NotOpened::Folder,
            _ => NotOpened::Unreadable(read_error(path, e)),
        }
    }
}

/// Read into `buf` until it is full or the input ends; the bytes read.
fn fill(reader: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

/// `cannot read NAME: why`.
fn read_error(path: &str, e: &io::Error) -> String {
    cannot_read(&Shown::of(path), e)
}

/// `cannot read NAME: why`, for an input already named.
pub fn cannot_read(name: &Shown<'_>, e: &io::Error) -> String {
    format!("cannot read {name}: {}", io_reason(e))
}

/// Why a file cannot be read, in words.
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "no such file".to_string(),
        io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        io::ErrorKind::IsADirectory => "it is a directory".to_string(),
        _ => e.to_string(),
    }
}

/// Files as given (and `-`), folders as the files inside with one of
/// `extensions` (any case), sorted by name; a folder with none is an error
/// about that folder that names the records it lacked (the other arguments
/// are still read). Shared by every game's `check`.
pub fn expand_folders(args: &[String], extensions: &[&str]) -> Vec<Result<String, String>> {
    let keep = |p: &Path| {
        p.extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| extensions.iter().any(|e| e.eq_ignore_ascii_case(x)))
    };
    let mut out = Vec::new();
    for arg in args {
        let path = Path::new(arg);
        if arg == "-" || !path.is_dir() {
            out.push(Ok(arg.clone()));
            continue;
        }
        let entries = match std::fs::read_dir(path) {
            Ok(entries) => entries,
            Err(e) => {
                out.push(Err(read_error(arg, &e)));
                continue;
            }
        };
        // A name that is not UTF-8 cannot be named to the readers (paths
        // are text here): it is said as such, in its place, rather than
        // read under its lossy name ("no such file").
        let mut found: Vec<(String, bool)> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && keep(p))
            .map(|p| match p.to_str() {
                Some(name) => (name.to_string(), true),
                None => (p.to_string_lossy().into_owned(), false),
            })
            .collect();
        found.sort();
        if found.is_empty() {
            let patterns: Vec<String> = extensions.iter().map(|e| format!("`*.{e}`")).collect();
            out.push(Err(format!(
                "{}: no {} records in this folder",
                Shown::of(arg),
                patterns.join(" or ")
            )));
        }
        out.extend(found.into_iter().map(|(name, utf8)| {
            if utf8 {
                Ok(name)
            } else {
                Err(format!(
                    "cannot read {}: its name is not UTF-8 (rename the file to read it)",
                    Shown::of(&name)
                ))
            }
        }));
    }
    out
}

/// A source of lines: a file or standard input read into a buffer that is
/// reused from file to file and grows only to hold the longest line, at
/// most [`MAX_LINE`] bytes (a longer line is an error).
pub struct Lines<'b> {
    reader: Box<dyn Read + 'b>,
    buf: &'b mut Vec<u8>,
    start: usize,
    scanned: usize,
    filled: usize,
    eof: bool,
}

/// The buffer's first size.
const CHUNK: usize = 64 * 1024;

/// The longest line of a record read line by line (Asalto's and Mad
/// Bishops'): a move is at most a few dozen bytes (an Asalto capture of 25
/// points, 74), so a longer line is no record, and reading stops there
/// with an error (exit 2) rather than growing the buffer to any line's
/// size: memory stays bounded whatever the input (a 1 GiB line once took
/// 2.1 GB). A JSON game document is not read in lines: it may be one line
/// of any length.
pub const MAX_LINE: usize = 1 << 20;

impl<'b> Lines<'b> {
    /// Open `path` (`-`: standard input) to read it line by line in `buf`.
    pub fn open(path: &str, buf: &'b mut Vec<u8>) -> Result<Lines<'b>, String> {
        let reader: Box<dyn Read> = if path == "-" {
            Box::new(stdin())
        } else {
            Box::new(File::open(path).map_err(|e| read_error(path, &e))?)
        };
        Ok(Lines::from_reader(reader, buf))
    }

    /// Read more into the buffer; false at the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.start > 0 {
            self.buf.copy_within(self.start..self.filled, 0);
            self.filled -= self.start;
            self.scanned -= self.start;
            self.start = 0;
        }
        // What the buffer holds now is the start of one line (more is read
        // only when it holds no whole line): its length so far, whatever
        // the buffer's size (a thread's buffer may have grown for a game
        // read whole).
        if self.filled >= MAX_LINE {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "a line longer than {} KiB (a record has short lines)",
                    MAX_LINE >> 10
                ),
            ));
        }
        if self.filled == self.buf.len() {
            let grown = (self.buf.len() * 2).min(MAX_LINE);
            self.buf.resize(grown, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.filled..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.filled += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Read `reader` (named `path` in messages) line by line in `buf`.
    pub fn from_reader(reader: Box<dyn Read + 'b>, buf: &'b mut Vec<u8>) -> Lines<'b> {
        if buf.len() < CHUNK {
            buf.resize(CHUNK, 0);
        }
        Lines {
            reader,
            buf,
            start: 0,
            scanned: 0,
            filled: 0,
            eof: false,
        }
    }

    /// Whether the input is a JSON document: its first character (after a
    /// byte-order mark and white space) is `{`, as `export` decides.
    pub fn starts_like_json(&mut self) -> io::Result<bool> {
        while self.filled < 4096 && self.fill()? {}
        Ok(starts_like_json(&self.buf[..self.filled]))
    }

    /// The rest of the input, as a reader (the bytes in the buffer, then
    /// the ones not read yet).
    pub fn into_reader(self) -> impl Read + 'b {
        let buf: &'b [u8] = self.buf;
        io::Cursor::new(&buf[self.start..self.filled]).chain(self.reader)
    }

    /// The next line, with its `\n` if it has one.
    #[inline]
    pub fn next_line(&mut self) -> io::Result<Option<&[u8]>> {
        // The hot path: a whole line already in the buffer.
        let unscanned = &self.buf[self.scanned..self.filled];
        if let Some(i) = unscanned.iter().position(|&b| b == b'\n') {
            let (a, b) = (self.start, self.scanned + i + 1);
            self.start = b;
            self.scanned = b;
            return Ok(Some(&self.buf[a..b]));
        }
        self.next_line_filling()
    }

    /// The next lines: every whole line the buffer holds (at least one,
    /// read more to get it), each with its `\n`, the last line of the
    /// input without one; `None` at the end.
    pub fn next_lines(&mut self) -> io::Result<Option<&[u8]>> {
        let unscanned = &self.buf[self.scanned..self.filled];
        if let Some(i) = unscanned.iter().rposition(|&b| b == b'\n') {
            let (a, b) = (self.start, self.scanned + i + 1);
            self.start = b;
            self.scanned = b;
            return Ok(Some(&self.buf[a..b]));
        }
        self.next_line_filling()
    }

    /// The next line, read into the buffer (which holds no whole line),
    /// with its `\n` if it has one.
    #[inline(never)]
    fn next_line_filling(&mut self) -> io::Result<Option<&[u8]>> {
        let (a, b) = loop {
            let unscanned = &self.buf[self.scanned..self.filled];
            if let Some(i) = unscanned.iter().position(|&b| b == b'\n') {
                let end = self.scanned + i + 1;
                break (self.start, end);
            }
            self.scanned = self.filled;
            if !self.fill()? {
                if self.start == self.filled {
                    return Ok(None);
                }
                break (self.start, self.filled);
            }
        };
        self.start = b;
        self.scanned = b;
        Ok(Some(&self.buf[a..b]))
    }
}

/// Whether `head`, the first bytes of an input, starts a JSON document:
/// its first character (after a byte-order mark and white space) is `{`,
/// as `export` decides.
pub fn starts_like_json(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    head.iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{')
}

/// The message for a line that is not UTF-8: where the first bad byte is.
pub fn not_utf8(
    name: &Shown<'_>,
    line: usize,
    text: &[u8],
    error: std::str::Utf8Error,
    offset: usize,
) -> String {
    let valid = &text[..error.valid_up_to()];
    let valid = std::str::from_utf8(valid).unwrap_or_default();
    let valid = if line == 1 {
        valid.strip_prefix('\u{feff}').unwrap_or(valid)
    } else {
        valid
    };
    not_utf8_at(
        name,
        line,
        valid.chars().count() + 1,
        offset + error.valid_up_to(),
    )
}

/// The message for a text read whole (`bytes`, the input at `path`) that
/// is not UTF-8 (`error`, of `bytes`): where its first bad byte is, as
/// [`not_utf8`] says it of a line.
pub fn not_utf8_text(path: &str, bytes: &[u8], error: std::str::Utf8Error) -> String {
    let offset = error.valid_up_to();
    // The bytes before the first bad one are UTF-8.
    let before = std::str::from_utf8(&bytes[..offset]).unwrap_or_default();
    let (line, column) = asalto::replay::line_column(before, offset);
    not_utf8_at(&Shown::of(path), line, column, offset)
}

/// `NAME: not UTF-8 text (...)`: the words of every reader's message
/// about an input that is not UTF-8, with where its first bad byte is
/// (its line and column, counted in characters, and its byte offset).
pub fn not_utf8_at(name: &Shown<'_>, line: usize, column: usize, byte: usize) -> String {
    format!("{name}: not UTF-8 text (invalid byte at line {line}, column {column}, byte {byte})")
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
pub fn streamed_record(lines: Lines<'_>, shown: &Shown<'_>, max: usize) -> Result<String, Failure> {
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
        return Err(Failure::Document(format!(
            "{shown}: the game starts from {}, not from the start position; only JSON can \
             hold it",
            read.start
        )));
    }
    if too_large {
        return Err(Failure::Unreadable(format!(
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
) -> Result<DocumentSummary, Failure> {
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
        return Err(Failure::Unreadable(not_utf8_at(shown, 1, chars + 1, bytes)));
    }
    match read {
        Err(e @ ImportError::Json(_)) => Err(Failure::Document(format!("{shown}: {e}"))),
        Err(e) => Err(Failure::Document(format!("{shown}: not a legal game: {e}"))),
        Ok(read) => Ok(read),
    }
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

/// Why a record has no replay to report.
pub enum Failure {
    /// It cannot be read: missing, unreadable, not UTF-8 (status 2).
    Unreadable(String),
    /// A JSON document that does not hold a legal game (status 1).
    Document(String),
}

impl Failure {
    /// Says why on standard error and gives the command's status: 2 for a
    /// file that cannot be read, 1 for a document that holds no legal game.
    pub fn report(self) -> super::Status {
        match self {
            Failure::Unreadable(message) => {
                super::error(&message);
                super::Status::Error
            }
            Failure::Document(message) => {
                super::error(&message);
                super::Status::Failure
            }
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Unreadable(message)
    }
}

/// The lines of a record as text: those of a record file, or those of the
/// record a JSON game document holds (the document read whole, replayed and
/// checked first, as `export` reads it).
pub struct RecordLines<'b> {
    /// The name in messages.
    name: Shown<'b>,
    source: RecordSource<'b>,
    line: usize,
    offset: usize,
}

enum RecordSource<'b> {
    File(Lines<'b>),
    /// The record of a document, and how much of it was read.
    Document(String, usize),
}

impl<'b> RecordLines<'b> {
    /// The lines of the record file read by `lines` (named `name` in
    /// messages).
    pub fn record(lines: Lines<'b>, name: Shown<'b>) -> RecordLines<'b> {
        RecordLines {
            name,
            source: RecordSource::File(lines),
            line: 0,
            offset: 0,
        }
    }

    /// The lines read by `lines`, or, when it is a JSON game document, of
    /// the record it holds.
    pub fn sniffed(mut lines: Lines<'b>, shown: Shown<'b>) -> Result<RecordLines<'b>, Failure> {
        if !lines
            .starts_like_json()
            .map_err(|e| cannot_read(&shown, &e))?
        {
            return Ok(RecordLines {
                name: shown,
                source: RecordSource::File(lines),
                line: 0,
                offset: 0,
            });
        }
        let record = streamed_record(lines, &shown, usize::MAX)?;
        Ok(RecordLines {
            name: shown,
            source: RecordSource::Document(record, 0),
            line: 0,
            offset: 0,
        })
    }

    /// Open `path` (`-`: standard input), recognising JSON game documents.
    pub fn open(path: &str, buf: &'b mut Vec<u8>) -> Result<RecordLines<'b>, Failure> {
        RecordLines::sniffed(Lines::open(path, buf)?, Shown::of(path).into_owned())
    }

    /// The next line, with its `\n` if it has one.
    pub fn next_line(&mut self) -> Result<Option<&str>, String> {
        let (line, offset) = (self.line + 1, self.offset);
        let raw = match &mut self.source {
            RecordSource::Document(record, at) => {
                let rest = &record[*at..];
                if rest.is_empty() {
                    return Ok(None);
                }
                let len = rest.find('\n').map_or(rest.len(), |i| i + 1);
                *at += len;
                &rest[..len]
            }
            RecordSource::File(lines) => {
                let name = &self.name;
                let Some(raw) = lines.next_line().map_err(|e| cannot_read(name, &e))? else {
                    return Ok(None);
                };
                std::str::from_utf8(raw).map_err(|e| not_utf8(name, line, raw, e, offset))?
            }
        };
        self.line = line;
        self.offset += raw.len();
        Ok(Some(raw))
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
) -> Result<(), Failure> {
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
) -> Result<(), Failure> {
    let mut record = RecordLines::sniffed(lines, name)?;
    if let RecordSource::File(lines) = &mut record.source {
        let name = &record.name;
        while let Some(block) = lines.next_lines().map_err(|e| cannot_read(name, &e))? {
            replayer.push_block(block).map_err(|(line, e)| {
                let (at, offset) = (replayer.lines() + 1, replayer.bytes_read());
                not_utf8(name, at, line, e, offset)
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
    let mut lines = RecordLines::record(lines, name);
    while let Some(line) = lines.next_line()? {
        replayer.push_line_with(line, on_ply);
    }
    Ok(())
}

/// A record that can be read twice (`export` checks it whole before it
/// writes anything, then replays it again as it writes): a regular file by
/// its path; standard input or a pipe copied first into an unnamed
/// temporary file, so that nothing of it is held in memory.
pub struct Rereadable {
    path: String,
    copy: Option<File>,
}

impl Rereadable {
    /// Open `path` (`-`: standard input) for reading twice.
    pub fn open(path: &str) -> Result<Rereadable, String> {
        let name = Shown::of(path);
        let regular = path != "-" && std::fs::metadata(path).is_ok_and(|m| m.is_file());
        if regular {
            return Ok(Rereadable {
                path: path.to_string(),
                copy: None,
            });
        }
        let mut reader: Box<dyn Read> = if path == "-" {
            Box::new(stdin())
        } else {
            Box::new(File::open(path).map_err(|e| cannot_read(&name, &e))?)
        };
        let copy_error = |e: io::Error| format!("cannot copy {name} to a temporary file: {e}");
        let mut copy = tempfile::tempfile().map_err(copy_error)?;
        let read_error = |e: io::Error| cannot_read(&name, &e);
        let mut chunk = vec![0; CHUNK];
        loop {
            let n = match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(read_error(e)),
            };
            io::Write::write_all(&mut copy, &chunk[..n]).map_err(copy_error)?;
        }
        Ok(Rereadable {
            path: path.to_string(),
            copy: Some(copy),
        })
    }
}

/// A source read more than once, each time from its beginning: `export`
/// reads its input twice through it, and its tests read a source that
/// changes between the two readings.
pub trait Reread {
    /// Its lines, from the beginning, in `buf`.
    ///
    /// # Errors
    ///
    /// The message when it cannot be read again.
    fn lines<'b>(&self, buf: &'b mut Vec<u8>) -> Result<Lines<'b>, String>;
}

impl Reread for Rereadable {
    fn lines<'b>(&self, buf: &'b mut Vec<u8>) -> Result<Lines<'b>, String> {
        match &self.copy {
            None => Lines::open(&self.path, buf),
            Some(copy) => {
                let name = Shown::of(&self.path);
                let mut copy = copy
                    .try_clone()
                    .map_err(|e| format!("cannot read the copy of {name}: {e}"))?;
                io::Seek::rewind(&mut copy)
                    .map_err(|e| format!("cannot read the copy of {name}: {e}"))?;
                Ok(Lines::from_reader(Box::new(copy), buf))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `text`, read until the first error: their lengths, or
    /// the error's words.
    fn read_all(text: Vec<u8>) -> Result<Vec<usize>, String> {
        let mut buf = Vec::new();
        let mut lines = Lines::from_reader(Box::new(io::Cursor::new(text)), &mut buf);
        let mut lengths = Vec::new();
        while let Some(line) = lines.next_line().map_err(|e| e.to_string())? {
            lengths.push(line.len());
        }
        Ok(lengths)
    }

    #[test]
    fn a_line_is_read_up_to_the_bound_and_no_further() {
        // A short line first, so that the long one is moved to the start
        // of the buffer before it grows.
        let text = |len: usize| {
            let mut text = b"Bc-Cc\n".to_vec();
            text.resize(text.len() + len - 1, b'x');
            text.extend_from_slice(b"\nDd-Cd");
            text
        };
        assert_eq!(read_all(text(MAX_LINE)), Ok(vec![6, MAX_LINE, 5]));
        let refused = read_all(text(MAX_LINE + 1)).unwrap_err();
        assert!(refused.contains("a line longer than 1024 KiB"), "{refused}");
        // The last line, without its `\n`, is bounded too.
        let mut last = b"Bc-Cc\n".to_vec();
        last.resize(6 + MAX_LINE, b'x');
        assert!(read_all(last).is_err());
    }
}
