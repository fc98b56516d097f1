//! Reading the command line, with a shortcut for `check` over many files.
//!
//! clap keeps every value twice (the raw text and a parsed copy behind a
//! reference count), about 250 ns a value: 2.5 ms for a `check` of 10,000
//! files, before any thread starts, in a batch that checks them in about
//! 30 ms on two cores. So, for `check` with several files, the files are
//! set aside and clap parses the options and the first file only; the
//! files are then put back as given. Any argument the shortcut is not sure
//! of (an option it does not know, flags written together, a value that
//! looks like an option, text that is not UTF-8) sends the whole command
//! line to clap as it is: what clap answers is never changed.

use std::ffi::OsString;

use clap::{CommandFactory, FromArgMatches};

use super::args::{Cli, Command};

/// Parse the command line of this process.
pub fn parse() -> Result<Cli, clap::Error> {
    parse_from(std::env::args_os().collect())
}

/// Parse `args` (the program's name first) as clap would.
pub fn parse_from(args: Vec<OsString>) -> Result<Cli, clap::Error> {
    let mut command = Cli::command();
    let (args, files) = match split_check(&mut command, args) {
        Ok((options, files)) => (options, Some(files)),
        Err(args) => (args, None),
    };
    // As `clap::Parser::try_parse_from` does it, on the command built once.
    let mut matches = command.try_get_matches_from_mut(args)?;
    let mut cli = Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))?;
    if let (Command::Check(check), Some(files)) = (&mut cli.command, files) {
        check.files = files;
    }
    Ok(cli)
}

/// The files of a `check` (two or more) set aside: the command line with
/// the options in their order and only the first file (after `--`), and
/// every file. `Err`: the command line as it was, when the command is not
/// `check`, it has fewer than two files, or an argument is one the
/// shortcut does not handle.
fn split_check(
    command: &mut clap::Command,
    args: Vec<OsString>,
) -> Result<(Vec<OsString>, Vec<String>), Vec<OsString>> {
    match files_at(command, &args) {
        Some(at) => {
            let mut options = Vec::with_capacity(args.len() - at.len() + 2);
            let mut files = Vec::with_capacity(at.len());
            let mut at = at.into_iter().peekable();
            for (i, arg) in args.into_iter().enumerate() {
                if at.next_if_eq(&i).is_none() {
                    options.push(arg);
                    continue;
                }
                // The files were read as UTF-8 already.
                match arg.into_string() {
                    Ok(file) => files.push(file),
                    Err(arg) => options.push(arg),
                }
            }
            options.push("--".into());
            options.push(files[0].clone().into());
            Ok((options, files))
        }
        None => Err(args),
    }
}

/// Where the files of a `check` are in `args` (the separator `--` is not
/// one: it is left with the options), or `None`, as [`split_check`] says.
fn files_at(command: &mut clap::Command, args: &[OsString]) -> Option<Vec<usize>> {
    if args.get(1).is_none_or(|a| a != "check") {
        return None;
    }
    let check = command.find_subcommand_mut("check")?;
    // Whether an option takes a value, by its name; an option not found
    // is not one of `check`'s (`--help` is left to clap).
    let mut longs: Vec<(String, bool)> = Vec::new();
    let mut shorts: Vec<(char, bool)> = Vec::new();
    for arg in check.get_arguments() {
        let takes_value = arg.get_action().takes_values();
        if arg.is_positional() {
            if arg.get_id() != "files" {
                return None;
            }
            continue;
        }
        // One value each (clap's default, `None` before the command is
        // built).
        let one = |n: clap::builder::ValueRange| n.min_values() == 1 && n.max_values() == 1;
        if takes_value && !arg.get_num_args().is_none_or(one) {
            return None;
        }
        if let Some(long) = arg.get_long() {
            longs.push((long.to_string(), takes_value));
        }
        if let Some(short) = arg.get_short() {
            shorts.push((short, takes_value));
        }
        for alias in arg.get_all_aliases().into_iter().flatten() {
            longs.push((alias.to_string(), takes_value));
        }
    }
    let mut files = Vec::with_capacity(args.len());
    let mut rest = args.iter().enumerate().skip(2);
    while let Some((i, arg)) = rest.next() {
        let text = arg.to_str()?;
        if text == "--" {
            for (i, file) in rest.by_ref() {
                file.to_str()?;
                files.push(i);
            }
            break;
        }
        if text == "-" || !text.starts_with('-') {
            files.push(i);
            continue;
        }
        let takes_value = match text.strip_prefix("--") {
            Some(long) => {
                let (name, value) = match long.split_once('=') {
                    Some((name, _)) => (name, true),
                    None => (long, false),
                };
                let takes = longs.iter().find(|(l, _)| l == name)?.1;
                // `--flag=value` is clap's to answer.
                if value && !takes {
                    return None;
                }
                takes && !value
            }
            None => {
                let mut chars = text[1..].chars();
                let short = chars.next()?;
                let takes = shorts.iter().find(|(s, _)| *s == short)?.1;
                let attached = !chars.as_str().is_empty();
                // Flags written together (`-qj2`) are clap's to read.
                if attached && !takes {
                    return None;
                }
                takes && !attached
            }
        };
        if takes_value {
            let (_, value) = rest.next()?;
            // A value that looks like an option is clap's to judge.
            if value.to_str()?.starts_with('-') {
                return None;
            }
        }
    }
    (files.len() >= 2).then_some(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut and clap, on the same command line.
    fn both(line: &[&str]) -> (String, String) {
        let args: Vec<OsString> = std::iter::once("asalto")
            .chain(line.iter().copied())
            .map(OsString::from)
            .collect();
        let show = |r: Result<Cli, clap::Error>| match r {
            Ok(cli) => format!("{cli:?}"),
            Err(e) => format!("error {:?}: {}", e.kind(), e.render()),
        };
        let clap = <Cli as clap::Parser>::try_parse_from(args.clone());
        (show(parse_from(args)), show(clap))
    }

    #[test]
    fn the_shortcut_gives_what_clap_gives() {
        let lines: &[&[&str]] = &[
            &["check", "a.txt", "b.txt", "c.txt"],
            &["check", "--lenient", "a.txt", "b.txt"],
            &["check", "--strict", "a.txt", "--quiet", "b.txt"],
            &["check", "-j", "2", "a.txt", "b.txt"],
            &["check", "a.txt", "-j2", "b.txt", "--game", "asalto"],
            &[
                "check", "a.txt", "--jobs=2", "b.txt", "--format", "json", "-q",
            ],
            &["check", "a.txt", "--", "-b.txt", "--game"],
            &[
                "check",
                "-",
                "a.txt",
                "--rules",
                "seed-2019",
                "--first",
                "white",
            ],
            &[
                "check",
                "a.txt",
                "b.txt",
                "--lenient",
                "--strict",
                "--details",
            ],
            &[
                "check",
                "a.txt",
                "b.txt",
                "--color",
                "always",
                "--all-variations",
            ],
            &["check", "a.txt", "b.txt", "--rebels", "basic-v3"],
            &["check", "a.txt", "b.txt", "--game", "chess"],
            &["check", "a.txt", "b.txt", "-j", "x"],
            &["check", "a.txt", "b.txt", "-j"],
            &["check", "a.txt", "b.txt", "-j", "-q"],
            &["check", "a.txt", "b.txt", "-qj2"],
            &["check", "a.txt", "b.txt", "--quiet=yes"],
            &["check", "a.txt", "b.txt", "--no-such-flag"],
            &["check", "a.txt", "b.txt", "-x"],
            &["check", "a.txt", "b.txt", "--help"],
            &["check", "a.txt", "b.txt", "-h"],
            &["check", "a.txt", "--format", "html", "b.txt"],
            &["check", "a.txt"],
            &["check"],
            &["check", "--", "a.txt", "b.txt"],
            &["show", "a.txt", "b.txt"],
        ];
        for line in lines {
            let (shortcut, clap) = both(line);
            assert_eq!(shortcut, clap, "{line:?}");
        }
    }

    #[test]
    fn the_shortcut_is_taken_for_many_files() {
        let mut command = Cli::command();
        let args: Vec<OsString> = ["asalto", "check", "-j", "2", "a", "b", "--game", "go", "c"]
            .into_iter()
            .map(OsString::from)
            .collect();
        let (options, files) = split_check(&mut command, args).expect("taken");
        assert_eq!(files, ["a", "b", "c"]);
        assert_eq!(
            options,
            ["asalto", "check", "-j", "2", "--game", "go", "--", "a"]
        );
    }
}
