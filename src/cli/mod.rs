//! The command line, in layers, each file using only those below it:
//!
//! 1. `out` (standard output, the exit status, messages), `open`, `input`
//!    (reading files, folders and standard input), `args` (the command
//!    line as data), `argv` (reading it), `batch` (a batch of files on
//!    every core), and the glue every game's path shares: `checking` (a
//!    game's checker of `check`), `runs` (a run of `selfplay`),
//!    `console` (the loop of `play`), `present` (words several games
//!    share), `grading` (the driver of `grade`);
//! 2. `game`: [`game::GameCli`], what a game brings;
//! 3. one folder per game: `asalto/`, `go/`, `madbishops/`, `solitaire/`;
//! 4. `games`: the table of the games and the routing to them;
//! 5. one module per subcommand (`check`, `show`, ...), which never names
//!    a game;
//! 6. this module: the one `match` that dispatches.

use std::process::ExitCode;

mod args;
mod argv;
mod asalto;
mod batch;
mod check;
mod checking;
mod completions;
mod console;
mod diff;
mod export;
mod game;
mod games;
mod generate;
mod go;
mod grade;
#[cfg(target_os = "linux")]
mod grading;
mod input;
mod madbishops;
mod man;
mod open;
mod out;
mod play;
mod present;
mod runs;
mod selfplay;
mod show;
mod solitaire;
mod solve;

use args::Command;
use out::{Out, Status, error};

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
    let mut out = Out::default();
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
        Err(e) => {
            error(&format!("cannot write standard output: {e}"));
            Status::Error
        }
    };
    ExitCode::from(status as u8)
}
