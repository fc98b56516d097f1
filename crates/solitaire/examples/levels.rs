//! The figures of the README's difficulty table: for each profile and
//! number of pieces, how generated puzzles spread over the four levels, the
//! expected search's quartiles, and the time per puzzle.
//!
//! `cargo run --release -p asalto-solitaire --example levels [PUZZLES] [MAX_PIECES] [MIN_PIECES]`

use std::time::Instant;

use asalto_solitaire::Profile;
use asalto_solitaire::generate::{Generator, Options};

fn main() {
    let mut args = std::env::args().skip(1);
    let per_row: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let max_pieces: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(8);
    let min_pieces: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    println!(
        "| profile | pieces | level 1 | level 2 | level 3 | level 4 | expected search p25 / p50 / p75 | ms per puzzle |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for profile in Profile::ALL {
        for pieces in min_pieces..=max_pieces {
            let options = Options {
                profile,
                pieces: Some(pieces),
                seed: 2026,
                ..Options::default()
            };
            let start = Instant::now();
            let mut levels = [0usize; 4];
            let mut searches = Vec::new();
            for generated in Generator::new(options)
                .expect("valid options")
                .take(per_row)
            {
                let Ok(g) = generated else { break };
                levels[usize::from(g.difficulty.level) - 1] += 1;
                searches.push(g.difficulty.expected_search);
            }
            if searches.is_empty() {
                continue;
            }
            let ms = start.elapsed().as_secs_f64() * 1000.0 / searches.len() as f64;
            searches.sort_by(f64::total_cmp);
            let q = |f: f64| searches[((searches.len() - 1) as f64 * f) as usize];
            println!(
                "| {profile} | {pieces} | {} | {} | {} | {} | {:.0} / {:.0} / {:.0} | {ms:.1} |",
                levels[0],
                levels[1],
                levels[2],
                levels[3],
                q(0.25),
                q(0.5),
                q(0.75)
            );
        }
    }
}
