//! What every command writes through: standard output that treats a
//! closed pipe as a normal end, the exit status, and the messages on
//! standard error. The bottom of the command line: it knows no command
//! and no game.

use std::io::{self, Write};

/// The exit status of a command: 0 success, 1 a negative answer (invalid
/// record, differences, failed grade), 2 usage or I/O error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Success = 0,
    Failure = 1,
    Error = 2,
}

impl Status {
    /// The worse of two statuses.
    pub fn worst(self, other: Status) -> Status {
        self.max(other)
    }
}

/// Standard output that treats a closed pipe (`| head`) as a normal end,
/// and any other write error (a full disk, `> /dev/full`) as an error;
/// or nothing at all, for a command asked to be quiet ([`Out::quiet`]).
pub struct Out {
    inner: io::BufWriter<Box<dyn Write + Send>>,
}

/// Raised through `?` when standard output cannot be written: the reader
/// has gone away (a quiet end) or the write failed (exit 2).
#[derive(Debug)]
pub struct WriteError(io::Error);

impl WriteError {
    /// The write error inside a JSON serializer's error (writing our own
    /// values cannot fail otherwise).
    pub fn from_json(e: &serde_json::Error) -> WriteError {
        WriteError(io::Error::from(
            e.io_error_kind().unwrap_or(io::ErrorKind::Other),
        ))
    }

    /// Whether the reader of our output has gone away (`| head`): a normal
    /// end, not an error.
    pub fn is_closed_pipe(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Default for Out {
    /// Standard output, buffered (64 KiB).
    fn default() -> Out {
        Out {
            inner: io::BufWriter::with_capacity(64 * 1024, Box::new(io::stdout())),
        }
    }
}

impl Out {
    /// An output that writes nothing: a command's `--quiet`, whose exit
    /// status says it all.
    pub fn quiet() -> Out {
        Out {
            inner: io::BufWriter::new(Box::new(io::sink())),
        }
    }

    /// Write `text` as is.
    pub fn write(&mut self, text: &str) -> Result<(), WriteError> {
        self.inner.write_all(text.as_bytes()).map_err(WriteError)
    }

    /// Write what `make` formats as it is made (a long export need not be
    /// held whole).
    pub fn stream(
        &mut self,
        make: impl FnOnce(&mut dyn std::fmt::Write) -> std::fmt::Result,
    ) -> Result<(), WriteError> {
        struct Through<'a, W: Write>(&'a mut W, Option<io::Error>);
        impl<W: Write> std::fmt::Write for Through<'_, W> {
            fn write_str(&mut self, s: &str) -> std::fmt::Result {
                self.0.write_all(s.as_bytes()).map_err(|e| {
                    self.1 = Some(e);
                    std::fmt::Error
                })
            }
        }
        let mut through = Through(&mut self.inner, None);
        let _ = make(&mut through);
        through.1.map_or(Ok(()), |e| Err(WriteError(e)))
    }

    /// Write `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), WriteError> {
        self.write(text)?;
        self.write("\n")
    }

    /// The buffered standard output itself, for writers that stream.
    pub fn writer(&mut self) -> &mut impl Write {
        &mut self.inner
    }

    /// Flush.
    pub fn flush(&mut self) -> Result<(), WriteError> {
        self.inner.flush().map_err(WriteError)
    }
}

/// A JSON document as one line, its keys in alphabetical order: the order
/// the documents that Go's and Mad Bishops' paths build as JSON values
/// (serde_json's map) have always had, kept byte for byte now that their
/// heads are core's.
pub fn sorted_json(doc: &impl serde::Serialize) -> String {
    serde_json::to_value(doc).unwrap_or_default().to_string()
}

/// Print a message on standard error (ignoring a closed stderr), its
/// control characters but line feeds and tabs escaped: the last guard for
/// a path the user typed that some message words raw (`selfplay --out`,
/// `grade`'s folders). Names already escaped pass unchanged, since an
/// escaped name holds no control character.
pub fn error(message: &str) {
    let shown = asalto::text::escape_controls(message);
    let _ = writeln!(io::stderr().lock(), "asalto: {shown}");
}

/// Print a report of several lines (a record's problems, as `check` shows
/// them) on standard error, as it is (ignoring a closed stderr).
pub fn report(text: &str) {
    let _ = io::stderr().lock().write_all(text.as_bytes());
}
