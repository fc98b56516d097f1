use asalto_solitaire::{Position, Profile, Solver};
use rand::{Rng, SeedableRng};
use std::time::Instant;
fn main() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for n in [14usize, 16] {
        for _ in 0..1 {
            let mut pos = Position::EMPTY;
            while pos.len() < n {
                let sq =
                    asalto_solitaire::Square::from_index((rng.next_u32() % 16) as usize).unwrap();
                if pos.piece_at(sq).is_none() {
                    pos = pos.with(
                        sq,
                        asalto_solitaire::Piece::ALL[(rng.next_u32() % 6) as usize],
                    );
                }
            }
            let mut solver = Solver::new(Profile::Codegolf);
            let t = Instant::now();
            let c = solver.count(&pos);
            println!(
                "{n} {pos}: {c} solutions, {} nodes, table {} evictions {} in {:?}",
                solver.nodes(),
                solver.table_len(),
                solver.table_evictions(),
                t.elapsed()
            );
        }
    }
}
