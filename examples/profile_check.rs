use asalto::random::random_game;
use asalto::record::write_record;
use asalto::replay::{CheckOptions, check};
fn main() {
    let loops: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    let games: Vec<String> = (0..2_000u64)
        .map(|s| write_record(&random_game(s, 300)))
        .collect();
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..loops {
        for g in &games {
            n += check(g, CheckOptions::default()).game.plies.len();
        }
    }
    eprintln!(
        "{} plies in {:?} = {:.1} M/s",
        n,
        t.elapsed(),
        n as f64 / t.elapsed().as_secs_f64() / 1e6
    );
}
