//! Argument parsing and dispatch: one module per subcommand.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

mod argv;
mod asalto_game;
mod batch;
mod check;
mod completions;
mod cover;
mod diff;
mod export;
mod games;
mod generate;
mod go;
mod grade;
mod html;
mod input;
mod madbishops;
mod man;
mod open;
mod play;
mod selfplay;
mod show;
mod solitaire;
mod solve;

/// Asalto game records: validate, inspect, convert, compare and grade.
#[derive(Parser, Debug)]
#[command(name = "asalto", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Validate record files by the assignment's rules.
    Check(check::Args),
    /// Show a position of a game: the board, the last move, the legal moves.
    Show(show::Args),
    /// Convert a game: to JSON, to a canonical record, to the console
    /// session of the assignment; and JSON back to a record.
    Export(export::Args),
    /// Compare two games and show the first move where they differ.
    Diff(diff::Args),
    /// Play at the console: the assignment's program, in Spanish.
    Play(play::Args),
    /// Play games between computer players and write them as records.
    Selfplay(selfplay::Args),
    /// Grade student programs: play reference games into them and score.
    Grade(Box<grade::Args>),
    /// Solve Solitaire Chess puzzles: a solution, the count, or all.
    Solve(solve::Args),
    /// Generate Solitaire Chess puzzles with exactly one solution.
    Generate(generate::Args),
    /// Print the completion script of a shell (bash, zsh, fish, ...).
    Completions(completions::Args),
    /// Print the manual page (roff) of asalto or of one of its commands.
    Man(man::Args),
}

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

/// When to colour output.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour standard output.
    pub fn enabled(self) -> bool {
        self.enabled_on(io::stdout().is_terminal())
    }

    /// Whether to colour an output that is a terminal or not (`auto`: a
    /// terminal, unless `NO_COLOR` is set).
    fn enabled_on(self, terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && terminal
            }
        }
    }
}

impl ColorChoice {
    /// Whether to colour what is written on standard error (the reports of
    /// `show`, `export` and `diff`, whose standard output is the product).
    pub fn enabled_on_stderr(self) -> bool {
        self.enabled_on(io::stderr().is_terminal())
    }
}

/// How to read a record, for the commands that replay one.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct ReadArgs {
    /// Accept captures written with only their first two points (completed,
    /// with a warning).
    #[arg(long)]
    lenient: bool,
    /// Treat format warnings (BOM, CRLF, blank lines, spaces, comments) as
    /// errors.
    #[arg(long)]
    strict: bool,
}

impl ReadArgs {
    /// Whether damage is skipped with warnings.
    pub fn lenient(self) -> bool {
        self.lenient
    }

    /// The replay options.
    pub fn options(self) -> asalto::replay::CheckOptions {
        asalto::replay::CheckOptions {
            strict: self.strict,
            lenient: self.lenient,
            rebels: None,
        }
    }
}

/// The glyphs of a board drawing.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum Style {
    /// Unicode on a terminal, the assignment's ASCII otherwise.
    #[default]
    Auto,
    /// The assignment's `O R . - | \ /`.
    Ascii,
    /// Box-drawing lines and round pieces.
    Unicode,
}

impl Style {
    /// The glyphs to draw with.
    pub fn glyphs(self) -> &'static asalto::render::Glyphs {
        use asalto::render::Glyphs;
        match self {
            Style::Ascii => &Glyphs::ASCII,
            Style::Unicode => &Glyphs::UNICODE,
            Style::Auto if io::stdout().is_terminal() => &Glyphs::UNICODE,
            Style::Auto => &Glyphs::ASCII,
        }
    }
}

/// How boards are drawn for people: shared by the commands that draw them.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct DrawArgs {
    /// Glyphs of the board drawing.
    #[arg(long, value_enum, default_value_t)]
    pub style: Style,
    /// When to use colours.
    #[arg(long, value_enum, default_value_t)]
    pub color: ColorChoice,
}

/// Output format shared by the commands that have one.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Text for people.
    #[default]
    Human,
    /// JSON for scripts.
    Json,
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
            name: input::display_name(path),
            text,
        }),
        Err(e) => Err(input::not_utf8_text(path, e.as_bytes(), e.utf8_error())),
    }
}

/// Standard output that treats a closed pipe (`| head`) as a normal end,
/// and any other write error (a full disk, `> /dev/full`) as an error.
pub struct Out {
    inner: io::BufWriter<io::Stdout>,
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

impl Out {
    fn new() -> Out {
        Out {
            inner: io::BufWriter::with_capacity(64 * 1024, io::stdout()),
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

/// Parse the arguments, run the command, and turn its status into the exit
/// code.
pub fn run() -> ExitCode {
    let cli = match argv::parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let mut out = Out::new();
    let result = match cli.command {
        Command::Check(args) => check::run(args, &mut out),
        Command::Show(args) => show::run(args, &mut out),
        Command::Export(args) => export::run(args, &mut out),
        Command::Diff(args) => diff::run(args, &mut out),
        Command::Play(args) => play::run(args, &mut out),
        Command::Selfplay(args) => selfplay::run(args, &mut out),
        Command::Grade(args) => grade::run(*args, &mut out),
        Command::Solve(args) => solve::run(args, &mut out),
        Command::Generate(args) => generate::run(args, &mut out),
        Command::Completions(args) => completions::run(args, &mut out),
        Command::Man(args) => man::run(args, &mut out),
    };
    let status = match result.and_then(|s| out.flush().map(|()| s)) {
        Ok(status) => status,
        Err(e) if e.is_closed_pipe() => Status::Success,
        Err(WriteError(e)) => {
            error(&format!("cannot write standard output: {e}"));
            Status::Error
        }
    };
    ExitCode::from(status as u8)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
