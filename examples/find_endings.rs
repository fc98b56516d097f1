use asalto::basic::{self, BasicScore};
use asalto::random::{random_move, rng};
use asalto::{Position, Side};
use std::collections::HashMap;

fn main() {
    let mut found: HashMap<&'static str, (u64, usize, String)> = HashMap::new();
    for seed in 0..20000u64 {
        let mut r = rng(seed);
        let mut pos = Position::start();
        let mut moves = Vec::new();
        let basic_rebels = seed % 2 == 0;
        while moves.len() < 400 {
            if pos.outcome().is_some() {
                break;
            }
            let m = if pos.turn() == Side::Rebels && basic_rebels {
                basic::choose(&pos, BasicScore::V2, &mut r)
            } else {
                random_move(&pos, &mut r)
            };
            let m = m.unwrap();
            pos = pos.play_unchecked(&m);
            moves.push(m);
        }
        if let Some(o) = pos.outcome() {
            let text: String = moves.iter().map(|m| format!("{m}\n")).collect();
            let e = found
                .entry(o.reason.code())
                .or_insert((seed, moves.len(), text.clone()));
            if moves.len() < e.1 {
                *e = (seed, moves.len(), text);
            }
        }
    }
    for (k, (seed, len, text)) in &found {
        println!("== {k} seed {seed} len {len}");
        std::fs::write(format!("/tmp/scratch/{k}.txt"), text).unwrap();
    }
}
