//! The command line as data: one `Args` per subcommand (its options,
//! their help and examples), the groups and values several share
//! (`common`), and [`Cli`], the whole. Below everything else in `cli/`: the
//! games read these options, the commands hand them on, and nothing here
//! knows a command's work or a game's rules (only the names and value
//! types of the games' own options, and which options not every game
//! reads: [`common::Given`]).

use clap::{Parser, Subcommand};

pub mod check;
pub mod common;
pub mod diff;
pub mod export;
pub mod generate;
pub mod grade;
pub mod play;
pub mod selfplay;
pub mod show;
pub mod solve;

#[cfg(test)]
use common::{CommandName, Given};

/// Asalto game records: validate, inspect, convert, compare and grade.
#[derive(Parser, Debug)]
#[command(name = "asalto", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
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
    Completions(CompletionsArgs),
    /// Print the manual page (roff) of asalto or of one of its commands.
    Man(ManArgs),
}

/// The options of `command` that not every game reads, each once: what
/// the table of games must say a reader of (its test holds the two
/// together).
#[cfg(test)]
pub fn game_options(command: CommandName) -> &'static [Given] {
    match command {
        CommandName::Check => &check::GAME_OPTIONS,
        CommandName::Show => &show::GAME_OPTIONS,
        CommandName::Export => &export::GAME_OPTIONS,
        CommandName::Diff => &diff::GAME_OPTIONS,
        CommandName::Play => &play::GAME_OPTIONS,
        CommandName::Selfplay => &selfplay::GAME_OPTIONS,
        CommandName::Grade => &grade::GAME_OPTIONS,
        CommandName::Solve | CommandName::Generate => &[],
    }
}

/// Examples of `completions` shown under `--help`.
const COMPLETIONS_EXAMPLES: &str = "Examples:\n  asalto completions bash > ~/.local/share/bash-completion/completions/asalto\n  asalto completions zsh > ~/.zfunc/_asalto      (with `fpath+=~/.zfunc` in ~/.zshrc)\n  asalto completions fish > ~/.config/fish/completions/asalto.fish\n";

/// Print the completion script of a shell.
#[derive(clap::Args, Debug)]
#[command(after_help = COMPLETIONS_EXAMPLES)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Examples of `man` shown under `--help`.
const MAN_EXAMPLES: &str =
    "Examples:\n  asalto man > asalto.1 && man ./asalto.1\n  asalto man check | man -l -\n";

/// Print the manual page (roff), of `asalto` or of one of its commands.
#[derive(clap::Args, Debug)]
#[command(after_help = MAN_EXAMPLES)]
pub struct ManArgs {
    /// The command whose page to print (default: `asalto` itself).
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        super::Cli::command().debug_assert();
    }
}
