//! Reading inputs: record files line by line in a reused buffer (memory of
//! the longest line, whatever the file's size), whole texts for the
//! commands that need them, JSON game documents, and folders of records.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use asalto::export::GameDocument;
use asalto::record::write_record;

/// How an input is named in text: `-` is `<stdin>`.
pub fn display_name(path: &str) -> String {
    if path == "-" {
        "<stdin>".to_string()
    } else {
        path.to_string()
    }
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

/// The record files named by `args`: files as given (and `-`), folders as
/// the `*.txt` files inside, sorted by name. A folder without any is an
/// error about that folder (the others are still checked).
pub fn expand(args: &[String]) -> Vec<Result<String, String>> {
    expand_folders(args, "txt", |p| p.extension().is_some_and(|x| x == "txt"))
}

/// Files as given (and `-`), folders as the files inside that `keep`
/// accepts, sorted by name; a folder with none is an error that names the
/// `*.{extension}` records it lacked. Shared by every game's `check`.
pub fn expand_folders(
    args: &[String],
    extension: &str,
    keep: impl Fn(&Path) -> bool,
) -> Vec<Result<String, String>> {
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
                out.push(Err(format!("cannot read {arg}: {}", io_reason(&e))));
                continue;
            }
        };
        let mut found: Vec<String> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && keep(p))
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        found.sort();
        if found.is_empty() {
            out.push(Err(format!(
                "{}: no `*.{extension}` records in this folder",
                asalto::text::escape_line(arg)
            )));
        }
        out.extend(found.into_iter().map(Ok));
    }
    out
}

/// A source of lines: a file or standard input read into a buffer that is
/// reused from file to file and grows only to hold the longest line.
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

impl<'b> Lines<'b> {
    /// Open `path` (`-`: standard input) to read it line by line in `buf`.
    pub fn open(path: &str, buf: &'b mut Vec<u8>) -> Result<Lines<'b>, String> {
        let reader: Box<dyn Read> = if path == "-" {
            Box::new(io::stdin().lock())
        } else {
            let file =
                File::open(path).map_err(|e| format!("cannot read {path}: {}", io_reason(&e)))?;
            Box::new(file)
        };
        if buf.len() < CHUNK {
            buf.resize(CHUNK, 0);
        }
        Ok(Lines {
            reader,
            buf,
            start: 0,
            scanned: 0,
            filled: 0,
            eof: false,
        })
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
        if self.filled == self.buf.len() {
            let grown = self.buf.len() * 2;
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

    /// Whether the input is a JSON document: its first character (after a
    /// byte-order mark and white space) is `{`, as `export` decides.
    pub fn starts_like_json(&mut self) -> io::Result<bool> {
        while self.filled < 4096 && self.fill()? {}
        let head = &self.buf[..self.filled];
        let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
        Ok(head
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|&b| b == b'{'))
    }

    /// The rest of the input, whole.
    pub fn rest(mut self) -> io::Result<Vec<u8>> {
        let mut all = self.buf[self.start..self.filled].to_vec();
        self.reader.read_to_end(&mut all)?;
        Ok(all)
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

/// The message for a line that is not UTF-8: where the first bad byte is.
pub fn not_utf8(
    name: &str,
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
    format!(
        "{}: not UTF-8 text (invalid byte at line {line}, column {}, byte {})",
        asalto::text::escape_line(name),
        valid.chars().count() + 1,
        offset + error.valid_up_to()
    )
}

/// A JSON game document made into the record of its moves, for the
/// commands that read records: the document is replayed and checked field
/// by field first, as `export` reads it.
pub fn document_record(name: &str, text: &str) -> Result<String, String> {
    let doc = GameDocument::from_json(text).map_err(|e| format!("{name}: {e}"))?;
    let game = doc
        .to_game()
        .map_err(|e| format!("{name}: not a legal game: {e}"))?;
    if game.start != asalto::Position::start() {
        return Err(format!(
            "{name}: the game starts from {}, not from the start position; only JSON can hold it",
            game.start
        ));
    }
    Ok(write_record(game.moves()))
}
