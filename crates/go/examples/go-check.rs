//! Checks SGF files and prints every problem with its line and column:
//! `cargo run --release -p asalto-go --example go-check -- FILE...`
//! (`--lenient`, `--rules NAME`, `--all-variations`).

use asalto_go::{CheckOptions, Profile, check};

fn main() {
    let mut options = CheckOptions::default();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--lenient" => options.lenient = true,
            "--all-variations" => options.all_variations = true,
            "--rules" => options.profile = args.next().as_deref().and_then(Profile::from_name),
            _ => files.push(a),
        }
    }
    let mut invalid = 0;
    for f in &files {
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{f}: {e}");
                continue;
            }
        };
        let checked = check(&bytes, &options);
        if !checked.is_valid() {
            invalid += 1;
        }
        for p in checked.all_problems() {
            let (l, c) = checked.line_col(p.span);
            println!("{f}:{l}:{c}: {p}");
        }
    }
    println!("{} files, {invalid} invalid", files.len());
}
