//! Print a legal record of at least N moves (default 1,000,000) to standard
//! output, for benchmarks and memory measurements: a game between random
//! officers and BASICO rebels that comes back to a position (the rebels
//! shuffle inside the castle), its cycle of moves repeated.
//!
//! Usage: `long-record [N]`

use std::io::Write;

use asalto::Position;
use asalto::basic::BasicScore;
use asalto::player::Player;
use asalto::record::write_record;
use asalto::selfplay::Match;

fn main() {
    let wanted: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let m = Match {
        officers: Player::Random,
        rebels: Player::Basic(BasicScore::V1),
        max_plies: None,
    };
    let Some(game) = (1..10_000).map(|n| m.play(5, n)).find(|g| g.repeated) else {
        eprintln!("long-record: no game came back to a position");
        std::process::exit(1);
    };
    let mut positions = vec![Position::start()];
    for mv in &game.moves {
        let next = positions[positions.len() - 1].play_unchecked(mv);
        positions.push(next);
    }
    let first = positions
        .iter()
        .position(|p| *p == game.position)
        .unwrap_or(0);
    let second = first
        + 1
        + positions[first + 1..]
            .iter()
            .position(|p| *p == game.position)
            .unwrap_or(0);
    let (prefix, cycle) = (&game.moves[..first], &game.moves[first..second]);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let cycle_text = write_record(cycle);
    let mut plies = prefix.len();
    if out.write_all(write_record(prefix).as_bytes()).is_err() {
        return;
    }
    while plies < wanted {
        if out.write_all(cycle_text.as_bytes()).is_err() {
            return;
        }
        plies += cycle.len();
    }
    let _ = out.flush();
}
