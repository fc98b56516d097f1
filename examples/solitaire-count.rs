//! The yardstick of `scripts/bench-solitaire.sh`: count every solution of
//! every puzzle of a set with the engine alone (read the file, parse the
//! set, `Solver::count`, one number per line), with nothing of `asalto
//! solve --count` around it (sources, messages, formatting, exit codes).
//!
//! Usage: `cargo run --release --example solitaire-count -- FILE [thinkfun]`

use asalto_solitaire::format::parse_puzzle_set;
use asalto_solitaire::{Profile, Solver};
use std::io::Write;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: solitaire-count FILE [codegolf|thinkfun]");
        std::process::exit(2);
    };
    let profile = args
        .next()
        .and_then(|p| Profile::from_name(&p))
        .unwrap_or(Profile::Codegolf);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let mut solver = Solver::new(profile);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for puzzle in parse_puzzle_set(&text).into_iter().flatten() {
        let _ = writeln!(out, "{}", solver.count(&puzzle.position));
    }
}
