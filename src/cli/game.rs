//! What a game brings to the command line: [`GameCli`], the one trait
//! every command reaches a game through, and [`About`], what the table of
//! games knows of a game without asking it to work (its records'
//! extension, its profiles, the options and export targets it reads).
//!
//! A game implements the commands it offers; one it does not offer says
//! so by the game's name (exit 2) through the default methods. The
//! default methods also carry the glue every game shared before it was
//! written once: the replay page and the check page of a record are made
//! from one method, [`GameCli::replay`]; the console game is one loop
//! over the session a game starts ([`GameCli::session`]).

use asalto::html::check::{FileEntry, Verdict as PageVerdict};
use asalto::html::replay::{PageOptions, ReplaySource, page};
use asalto_core::GameKind;
use asalto_core::console::Console;

use super::args::common::{CommandName, Reading, Rules};
use super::args::export::Target;
#[cfg(target_os = "linux")]
use super::args::grade;
use super::args::{diff, export, generate, play, selfplay, show, solve};
use super::batch::{Checker, Worker};
use super::checking::Output;
use super::input::{NotOpened, Opened, Shown, display_name};
use super::out::{Out, Status, WriteError, error};

/// What the routing knows of a game before it works: its kind, the
/// extension of its records, its profiles, and which of the options not
/// every game reads it reads and which export targets it writes (the
/// commands refuse the others by these lists, in one sentence for every
/// game).
#[derive(Clone, Copy, Debug)]
pub struct About {
    /// The game.
    pub kind: GameKind,
    /// The extension of its record files, for the files of a folder.
    pub extension: &'static str,
    /// Its rule profile names, the default first (what `--rules` takes).
    pub profiles: &'static [&'static str],
    /// The commands it offers (the routing refuses the others by the
    /// game's name; the first game of the table that offers a command is
    /// the game of that command when nothing names one).
    pub commands: &'static [CommandName],
    /// By command, the options it reads of those not every game reads
    /// (`args::game_options`): `(Check, &["--lenient", "--rebels"])`.
    pub reads: &'static [(CommandName, &'static [&'static str])],
    /// The targets of `export` it writes.
    pub exports: &'static [Target],
}

/// A game's maker of the entries of `check --format html`: the batch's
/// checker whose result for a file is its entry on the page.
pub type PageChecker<'a> = Box<dyn Checker<FileEntry> + 'a>;

/// Why a record has no page: `status` 2 when it cannot be read or is too
/// long for a page, 1 when its text holds no game to replay (the check
/// page lists it as invalid, with the message), 0 when it is not a record
/// but what another command reads (the check page says what it is).
#[derive(Debug)]
pub struct Unpaged {
    /// The exit status of `export --to html`.
    pub status: Status,
    /// What to say.
    pub message: String,
}

impl Unpaged {
    /// A record that cannot be read (status 2).
    pub fn unreadable(message: String) -> Unpaged {
        Unpaged {
            status: Status::Error,
            message,
        }
    }

    /// A text that is not a record but what another command reads (a
    /// collection of puzzles): status 0, as `check` counts it.
    pub fn not_record(message: String) -> Unpaged {
        Unpaged {
            status: Status::Success,
            message,
        }
    }

    /// A text that holds no game to replay (status 1).
    pub fn invalid(message: String) -> Unpaged {
        Unpaged {
            status: Status::Failure,
            message,
        }
    }
}

/// The most moves a page of a Mad Bishops or Go record draws: a page holds
/// every position (a Go page about 1.2 KB a move while it is made: 42 MB
/// for 30,000 moves, GNU `time -v`, 2026-11-27), and nothing in either
/// game's rules ends a game that goes round in circles (quiet Mad Bishops
/// moves, Go passes and kos), so such a record is refused rather than
/// drawn; games of the assignments and of Go players end in well under a
/// thousand moves.
pub const MAX_PAGE_MOVES: usize = 5000;

/// Why the replay of `name`, of `moves` moves, is too long for a page, if
/// it is.
pub fn too_long(name: &str, moves: usize) -> Option<String> {
    (moves > MAX_PAGE_MOVES).then(|| {
        format!(
            "{}: {moves} moves: too long for a page (at most {MAX_PAGE_MOVES})",
            asalto::text::escape_line(name)
        )
    })
}

/// A console session of a game: the session, and how it reads and writes
/// the files it names (in the game's language).
pub struct Session {
    /// The dialogue.
    pub console: Box<dyn Console>,
    /// The text of a file to load, or why it cannot be loaded.
    pub read: fn(&str) -> Result<String, String>,
    /// Why a file could not be written.
    pub reason: fn(&std::io::Error) -> String,
}

/// A game's command-line paths. A game says what it is ([`About`]) and
/// implements the commands it offers; one it does not offer says so
/// (exit 2) through the default methods.
pub trait GameCli: Sync {
    /// The game, its records' extension, its profiles, what it reads and
    /// writes.
    fn about(&self) -> About;

    /// The game.
    fn kind(&self) -> GameKind {
        self.about().kind
    }

    /// The extension of its record files, for the files of a folder.
    fn extension(&self) -> &'static str {
        self.about().extension
    }

    /// Its rule profile names, the default first (what `--rules` takes).
    fn profiles(&self) -> &'static [&'static str] {
        self.about().profiles
    }

    /// Whether it offers `command`.
    fn offers(&self, command: CommandName) -> bool {
        self.about().commands.contains(&command)
    }

    /// Whether it reads `option` (one of those not every game reads) in
    /// `command`.
    fn reads(&self, command: CommandName, option: &str) -> bool {
        self.about()
            .reads
            .iter()
            .any(|(c, options)| *c == command && options.contains(&option))
    }

    /// Whether `export` writes its records to `target`.
    fn writes(&self, target: Target) -> bool {
        self.about().exports.contains(&target)
    }

    /// The answer of a command the game does not offer: "`asalto
    /// COMMAND` does not read GAME records yet" (exit 2).
    fn refuse(&self, command: CommandName) -> Result<Status, WriteError> {
        error(&unavailable(self.kind(), command));
        Ok(Status::Error)
    }

    /// The checker of `check`, reading as `reading` says and reporting
    /// as `output` says, or a usage error (before any file is read).
    fn checker<'a>(
        &'a self,
        reading: Reading,
        output: Output,
    ) -> Result<Box<dyn Checker + 'a>, String> {
        let _ = (reading, output);
        Err(unavailable(self.kind(), CommandName::Check))
    }

    /// The replay of the record at `path` (opened, its first bytes read)
    /// for an HTML page: `page` is handed the page's source and whether
    /// the record is valid. What [`GameCli::page`] and
    /// [`GameCli::page_checker`] are made of.
    fn replay(
        &self,
        reading: &Reading,
        path: &str,
        opened: Opened<'_>,
        page: &mut dyn FnMut(&dyn ReplaySource, bool),
    ) -> Result<(), Unpaged> {
        let _ = (reading, path, opened, page);
        Err(Unpaged::unreadable(unavailable_as(
            self.kind(),
            "export --to html",
        )))
    }

    /// `export --to html`: the replay page of the record at `path`,
    /// opening on position `ply`; 0 for a valid record, 1 for an invalid
    /// one (its page shows where it breaks) or a text with no game, 2 when
    /// it cannot be read or is too long for a page.
    fn page(
        &self,
        reading: &Reading,
        path: &str,
        ply: Option<usize>,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let mut buf = Vec::new();
        let opened = match Opened::open(path, &mut buf) {
            Ok(opened) => opened,
            Err(NotOpened::Unreadable(message)) => {
                error(&message);
                return Ok(Status::Error);
            }
            Err(NotOpened::Folder) => {
                error(&format!(
                    "cannot read {}: it is a directory",
                    Shown::of(path)
                ));
                return Ok(Status::Error);
            }
        };
        let options = PageOptions {
            name: display_name(path),
            ply,
        };
        let mut made = None;
        let replayed = self.replay(reading, path, opened, &mut |source, valid| {
            made = Some((page(source, &options), valid));
        });
        match (replayed, made) {
            (Err(unpaged), _) => {
                error(&unpaged.message);
                // A text that is not a record has no page: a failure here.
                Ok(unpaged.status.worst(Status::Failure))
            }
            (Ok(()), Some((text, valid))) => {
                out.write(&text)?;
                Ok(if valid {
                    Status::Success
                } else {
                    Status::Failure
                })
            }
            // A replay that hands no page has none to give.
            (Ok(()), None) => Ok(Status::Error),
        }
    }

    /// `check --format html`: what makes the entry of one file on the
    /// page (by [`GameCli::replay`]), or a usage error for a game without
    /// pages (one that does not export to `html`), before any file is
    /// read.
    fn page_checker<'a>(&'a self, reading: Reading) -> Result<PageChecker<'a>, String> {
        if !self.writes(Target::Html) {
            return Err(unavailable_as(self.kind(), "check --format html"));
        }
        Ok(Box::new(Pages {
            game: self,
            reading,
        }))
    }

    /// `show` of the record `file`.
    fn show(
        &self,
        args: &show::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, file, rules, out);
        self.refuse(CommandName::Show)
    }

    /// `show --position`: a position string of the game, no record.
    fn show_position(
        &self,
        args: &show::Args,
        position: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, position, rules, out);
        error(&unavailable_as(self.kind(), "show --position"));
        Ok(Status::Error)
    }

    /// `export` of the record `file` to a target the game writes (not
    /// `html`: [`GameCli::page`]).
    fn export(
        &self,
        args: &export::Args,
        file: &str,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, file, rules, out);
        self.refuse(CommandName::Export)
    }

    /// `diff` of two records.
    fn diff(
        &self,
        args: &diff::Args,
        paths: [&str; 2],
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, paths, rules, out);
        self.refuse(CommandName::Diff)
    }

    /// `selfplay` under the profile `rules`.
    fn selfplay(
        &self,
        args: &selfplay::Args,
        rules: Rules,
        out: &mut Out,
    ) -> Result<Status, WriteError> {
        let _ = (args, rules, out);
        self.refuse(CommandName::Selfplay)
    }

    /// The console session `play` starts, under the profile `rules`, or a
    /// usage error; `None`: the game has no console game.
    fn session(&self, args: &play::Args, rules: Rules) -> Option<Result<Session, String>> {
        let _ = (args, rules);
        None
    }

    /// `play`: the console game, until the menu's quit entry or the end
    /// of standard input.
    fn play(&self, args: &play::Args, rules: Rules, out: &mut Out) -> Result<Status, WriteError> {
        match self.session(args, rules) {
            None => self.refuse(CommandName::Play),
            Some(Err(message)) => {
                error(&message);
                Ok(Status::Error)
            }
            Some(Ok(mut session)) => {
                super::console::run(&mut *session.console, session.read, session.reason, out)
            }
        }
    }

    /// `solve`.
    fn solve(&self, args: &solve::Args, out: &mut Out) -> Result<Status, WriteError> {
        let _ = (args, out);
        self.refuse(CommandName::Solve)
    }

    /// `generate`.
    fn generate(&self, args: &generate::Args, out: &mut Out) -> Result<Status, WriteError> {
        let _ = (args, out);
        self.refuse(CommandName::Generate)
    }

    /// `grade` under the profile `rules` (Linux only, as grading is).
    #[cfg(target_os = "linux")]
    fn grade(&self, args: &grade::Args, rules: Rules, out: &mut Out) -> Result<Status, WriteError> {
        let _ = (args, rules, out);
        self.refuse(CommandName::Grade)
    }
}

/// The entries of one game on the check page, each made by the game's
/// [`GameCli::replay`].
struct Pages<'a, G: ?Sized> {
    game: &'a G,
    reading: Reading,
}

impl<G: GameCli + ?Sized> Checker<FileEntry> for Pages<'_, G> {
    fn worker(&self) -> Worker<'_, FileEntry> {
        Box::new(|path, opened| {
            let name = display_name(path);
            let mut entry = None;
            let replayed = self
                .game
                .replay(&self.reading, path, opened, &mut |source, _| {
                    entry = Some(FileEntry::of(&name, source));
                });
            match (replayed, entry) {
                (Ok(()), Some(entry)) => entry,
                (Ok(()), None) => FileEntry::unreadable(&name, "no game to replay"),
                (Err(unpaged), _) => {
                    let mut entry = FileEntry::unreadable(&name, &unpaged.message);
                    entry.verdict = match unpaged.status {
                        Status::Failure => PageVerdict::Invalid,
                        Status::Success => PageVerdict::NotRecord,
                        Status::Error => PageVerdict::Unreadable,
                    };
                    entry
                }
            }
        })
    }

    fn unreadable(&self, message: String, path: Option<&str>) -> FileEntry {
        FileEntry::unreadable(&path.map(display_name).unwrap_or_default(), &message)
    }
}

/// "`asalto play` does not play Go yet": the answer of a command a game
/// does not offer.
pub fn unavailable(game: GameKind, command: CommandName) -> String {
    format!(
        "`asalto {}` does not {} yet",
        command.name(),
        command.does(title(game))
    )
}

/// "`asalto export --to html` does not read Mad Bishops records yet": the
/// answer of a form of a record command a game does not offer.
pub fn unavailable_as(game: GameKind, command: &str) -> String {
    format!(
        "`asalto {command}` does not read {} records yet",
        title(game)
    )
}

/// `Asalto`, `Go`, ...: a game's name in a sentence.
pub fn title(game: GameKind) -> &'static str {
    match game {
        GameKind::Asalto => "Asalto",
        GameKind::Go => "Go",
        GameKind::Solitaire => "Solitaire Chess",
        GameKind::MadBishops => "Mad Bishops",
    }
}
