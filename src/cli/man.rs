//! `asalto man`: the manual page, generated from the command-line
//! definition itself (every option, its help and the examples).

use clap::CommandFactory;

use super::{Cli, Out, Status, WriteError, error};

/// Examples shown under `--help`.
const EXAMPLES: &str =
    "Examples:\n  asalto man > asalto.1 && man ./asalto.1\n  asalto man check | man -l -\n";

/// Print the manual page (roff), of `asalto` or of one of its commands.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The command whose page to print (default: `asalto` itself).
    #[arg(value_name = "COMMAND")]
    command: Option<String>,
}

/// Run `man`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let root = Cli::command();
    let man = match &args.command {
        None => clap_mangen::Man::new(root),
        Some(name) => match root.find_subcommand(name) {
            Some(sub) => clap_mangen::Man::new(sub.clone()).title(format!("asalto-{name}")),
            None => {
                error(&format!("`{name}` is not a command of asalto"));
                return Ok(Status::Error);
            }
        },
    };
    let mut page = Vec::new();
    if let Err(e) = man.render(&mut page) {
        error(&format!("cannot make the manual page: {e}"));
        return Ok(Status::Error);
    }
    out.write(&String::from_utf8_lossy(&page))?;
    Ok(Status::Success)
}
