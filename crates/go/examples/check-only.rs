//! Runs `check` alone, ROUNDS times over the files, for profilers:
//! `examples/go-bench.rs` also times parsing and the engine, which would
//! mix three profiles into one. `--tally` runs `check_tally`, what
//! `asalto check` runs (no ply kept), instead of `check`; `--rules NAME`
//! checks under that profile.
//!
//! ```text
//! cargo build --profile profiling -p asalto-go --example check-only
//! perf record target/profiling/examples/check-only 300 \
//!     crates/go/tests/data/real/gnugo/*.sgf crates/go/tests/data/selfplay/*.sgf
//! ```

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let tally = args.next_if(|a| a == "--tally").is_some();
    let profile = match args.next_if(|a| a == "--rules") {
        Some(_) => match args
            .next()
            .as_deref()
            .and_then(asalto_go::Profile::from_name)
        {
            Some(p) => Some(p),
            None => {
                eprintln!("--rules: no such profile");
                std::process::exit(2);
            }
        },
        None => None,
    };
    let Some(rounds) = args.next().and_then(|r| r.parse::<u32>().ok()) else {
        eprintln!("usage: check-only [--tally] [--rules NAME] ROUNDS FILE...");
        std::process::exit(2);
    };
    let files: Vec<Vec<u8>> = args
        .filter_map(|f| match std::fs::read(&f) {
            Ok(bytes) => Some(bytes),
            Err(e) => {
                eprintln!("{f}: {e}");
                None
            }
        })
        .collect();
    let options = asalto_go::CheckOptions {
        profile,
        ..asalto_go::CheckOptions::default()
    };
    for _ in 0..rounds {
        for f in &files {
            let f = std::hint::black_box(f);
            if tally {
                let tally = asalto_go::replay::Tally::default();
                std::hint::black_box(asalto_go::replay::check_tally(f, &options, tally));
            } else {
                std::hint::black_box(asalto_go::check(f, &options));
            }
        }
    }
}
