use std::time::Instant;

use asalto_madbishops::{Position, Profile, Side};

use crate::reference::{Cell, RefPosition, RefProfile};

fn engine_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.outcome().is_some() {
        return 0;
    }
    if depth == 1 {
        return pos.count_legal_moves() as u64;
    }
    pos.legal_moves()
        .iter()
        .map(|m| engine_perft(&pos.play_unchecked(*m), depth - 1))
        .sum()
}

#[test]
#[ignore]
fn timing() {
    for profile in Profile::ALL {
        let pos = Position::start(profile, Side::Red);
        let r = RefPosition::start(RefProfile::from_name(profile.name()), Cell::Red);
        for d in 1..=5 {
            let t = Instant::now();
            let e = engine_perft(&pos, d);
            let te = t.elapsed();
            let t = Instant::now();
            let rr = if d <= 4 { r.perft(d) } else { 0 };
            let tr = t.elapsed();
            println!(
                "{} d{d}: engine {e} ({te:?}) ref {rr} ({tr:?})",
                profile.name()
            );
        }
    }
}
