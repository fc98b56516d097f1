//! `asalto completions`: the shell completion script, generated from the
//! command-line definition itself, so it never lags behind it.

use clap::CommandFactory;

use super::args::{Cli, CompletionsArgs as Args};
use super::out::{Out, Status, WriteError};

/// Run `completions`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "asalto", &mut script);
    out.write(&String::from_utf8_lossy(&script))?;
    Ok(Status::Success)
}
