//! Play a program interactively as a person types: each line of FILE is
//! typed only once the program's output ends with a prompt (`": "`), then
//! its input is closed and its exit waited for. The benchmark of grading
//! (`scripts/bench-grade.sh`) compares `grade` with this, the least any
//! interactive use of a program costs: blocking reads, nothing judged,
//! no sandbox (and with the whole game piped in at once, where the program
//! never waits for a line).
//!
//! Usage: `typed-input FILE PROGRAM [ARGS...]`; exit 2 on a usage or I/O
//! error, else the program's own exit code (1 if it died by a signal).

use std::io::{BufRead, Read, Write};
use std::process::{Command, ExitCode, Stdio};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, program, rest @ ..] = args.as_slice() else {
        eprintln!("usage: typed-input FILE PROGRAM [ARGS...]");
        return ExitCode::from(2);
    };
    match run(file, program, rest) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("typed-input: {e}");
            ExitCode::from(2)
        }
    }
}

/// Type `file` into `program` one line per prompt; its exit code.
fn run(file: &str, program: &str, args: &[String]) -> std::io::Result<u8> {
    let lines: Vec<String> = std::io::BufReader::new(std::fs::File::open(file)?)
        .lines()
        .collect::<Result<_, _>>()?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()?;
    let (Some(mut input), Some(mut output)) = (child.stdin.take(), child.stdout.take()) else {
        return Err(std::io::Error::other("no pipes"));
    };
    let mut buf = vec![0u8; 64 * 1024];
    let mut last = [0u8; 2];
    'lines: for line in &lines {
        while &last != b": " {
            let n = output.read(&mut buf)?;
            if n == 0 {
                break 'lines;
            }
            last = if n >= 2 {
                [buf[n - 2], buf[n - 1]]
            } else {
                [last[1], buf[0]]
            };
        }
        last = [0, 0];
        if writeln!(input, "{line}").is_err() {
            break;
        }
    }
    drop(input);
    while output.read(&mut buf)? > 0 {}
    let status = child.wait()?;
    Ok(status
        .code()
        .map_or(1, |c| u8::try_from(c.clamp(0, 255)).unwrap_or(1)))
}
