//! `asalto man`: the manual page, generated from the command-line
//! definition itself (every option, its help and the examples).

use clap::CommandFactory;

use super::args::{Cli, ManArgs as Args};
use super::out::{Out, Status, WriteError, error};

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
