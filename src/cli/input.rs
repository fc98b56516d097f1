//! Reading inputs: record files line by line in a reused buffer (memory of
//! the longest line, at most [`MAX_LINE`], whatever the file's size),
//! whole texts for the commands that need them, JSON game documents, and
//! folders of records.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::Mutex;

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

    /// Whether the bytes read so far are the whole input.
    pub fn is_whole(&self) -> bool {
        self.rest.is_none()
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

    /// The whole input of `path` as [`Opened::whole_or_why`] gives it,
    /// borrowed for as long as the buffer it is read into.
    pub fn into_whole(mut self, path: &str, max: u64) -> Result<&'b [u8], String> {
        self.whole_or_why(path, max)?;
        let Opened { buf, filled, .. } = self;
        let buf: &'b Vec<u8> = buf;
        Ok(&buf[..filled])
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
/// `extensions` (any case), in their sub-folders too (as `rg` and `fd`
/// look: hidden folders, `.git` among them, are left out, and links to
/// folders are not followed), sorted by path; a folder with none is an
/// error about that folder that names the records it lacked (the other
/// arguments are still read). Shared by every game's `check`.
pub fn expand_folders(args: &[String], extensions: &[&str]) -> Vec<Result<String, String>> {
    let mut out = Vec::new();
    for arg in args {
        let path = Path::new(arg);
        if arg == "-" || !path.is_dir() {
            out.push(Ok(arg.clone()));
            continue;
        }
        let mut found: Vec<(String, Result<String, String>)> = Vec::new();
        walk(path, extensions, &mut found);
        found.sort_by(|a, b| a.0.cmp(&b.0));
        if !found.iter().any(|(_, f)| f.is_ok())
            && !found.iter().any(|(_, f)| is_unreadable_folder(f))
        {
            let patterns: Vec<String> = extensions.iter().map(|e| format!("`*.{e}`")).collect();
            out.push(Err(format!(
                "{}: no {} records in this folder or its sub-folders",
                Shown::of(arg),
                patterns.join(" or ")
            )));
        }
        out.extend(found.into_iter().map(|(_, found)| found));
    }
    out
}

/// Whether `found` is the error of a folder that could not be read.
fn is_unreadable_folder(found: &Result<String, String>) -> bool {
    found.as_ref().is_err_and(|e| e.starts_with("cannot read"))
}

/// The records (with one of `extensions`) in the folder `dir` and its
/// sub-folders but hidden ones, each with its path to sort by: its name,
/// or why it cannot be read (a folder that cannot be read, a name that is
/// not UTF-8: said in its place rather than read under a lossy name).
fn walk(dir: &Path, extensions: &[&str], found: &mut Vec<(String, Result<String, String>)>) {
    let keep = |p: &Path| {
        p.extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| extensions.iter().any(|e| e.eq_ignore_ascii_case(x)))
    };
    let shown = dir.to_string_lossy().into_owned();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            found.push((shown.clone(), Err(read_error(&shown, &e))));
            return;
        }
    };
    for entry in entries.flatten() {
        let p = entry.path();
        // What the folder's listing says the entry is: no `stat` per file.
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        // A link to a folder is not followed (it may lead out, or round).
        if kind.is_dir() {
            let hidden = entry.file_name().to_string_lossy().starts_with('.');
            if !hidden {
                walk(&p, extensions, found);
            }
            continue;
        }
        // Only a link needs a `stat`, to know whether it leads to a file.
        if !keep(&p) || !(kind.is_file() || (kind.is_symlink() && p.is_file())) {
            continue;
        }
        let lossy = p.to_string_lossy().into_owned();
        found.push(match p.to_str() {
            Some(name) => (lossy, Ok(name.to_string())),
            None => {
                let message = format!(
                    "cannot read {}: its name is not UTF-8 (rename the file to read it)",
                    Shown::of(&lossy)
                );
                (lossy, Err(message))
            }
        });
    }
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
pub const CHUNK: usize = 64 * 1024;

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

/// The lines of a text read line by line ([`Lines`]) as UTF-8 text, each
/// with its `\n`; a line that is not UTF-8 is an error that says where
/// its first bad byte is.
pub struct TextLines<'b> {
    /// The name in messages.
    name: Shown<'b>,
    lines: Lines<'b>,
    line: usize,
    offset: usize,
}

impl<'b> TextLines<'b> {
    /// The lines read by `lines` (named `name` in messages).
    pub fn new(lines: Lines<'b>, name: Shown<'b>) -> TextLines<'b> {
        TextLines {
            name,
            lines,
            line: 0,
            offset: 0,
        }
    }

    /// The name in messages.
    pub fn name(&self) -> &Shown<'b> {
        &self.name
    }

    /// The lines underneath, for a reader that takes blocks of them.
    pub fn lines_mut(&mut self) -> &mut Lines<'b> {
        &mut self.lines
    }

    /// The next line, with its `\n` if it has one.
    pub fn next_line(&mut self) -> Result<Option<&str>, String> {
        let (line, offset) = (self.line + 1, self.offset);
        let name = &self.name;
        let Some(raw) = self.lines.next_line().map_err(|e| cannot_read(name, &e))? else {
            return Ok(None);
        };
        let raw = std::str::from_utf8(raw).map_err(|e| not_utf8(name, line, raw, e, offset))?;
        self.line = line;
        self.offset += raw.len();
        Ok(Some(raw))
    }
}

/// An input file read whole, as text.
pub struct Input {
    /// The name to show (`-` is shown as `<stdin>`).
    pub name: String,
    /// The text.
    pub text: String,
}

/// The bytes of the input `path` (read whole) as UTF-8 text, or where the
/// first byte that is not UTF-8 is.
pub fn utf8_input(path: &str, bytes: Vec<u8>) -> Result<Input, String> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Input {
            name: display_name(path),
            text,
        }),
        Err(e) => Err(not_utf8_text(path, e.as_bytes(), e.utf8_error())),
    }
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
