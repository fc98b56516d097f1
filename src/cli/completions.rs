//! `asalto completions`: the shell completion script, generated from the
//! command-line definition itself, so it never lags behind it.

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, Out, Status, WriteError};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto completions bash > ~/.local/share/bash-completion/completions/asalto\n  asalto completions zsh > ~/.zfunc/_asalto      (with `fpath+=~/.zfunc` in ~/.zshrc)\n  asalto completions fish > ~/.config/fish/completions/asalto.fish\n";

/// Print the completion script of a shell.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Run `completions`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "asalto", &mut script);
    out.write(&String::from_utf8_lossy(&script))?;
    Ok(Status::Success)
}
