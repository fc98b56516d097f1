//! Writes selfplay games of the random player as SGF files:
//! `cargo run --release -p asalto-go --example go-selfplay -- --size 9
//! --rules tromp-taylor --games 10 --seed 1 --prefix tt-9 --out DIR`.

use asalto_go::{CheckOptions, Profile, Side, Size, check, export, player};

fn main() {
    let mut size = 9u8;
    let mut profile = Profile::TrompTaylor;
    let mut games = 10u64;
    let mut seed = 1u64;
    let mut prefix = String::from("game");
    let mut out = std::path::PathBuf::from(".");
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args.next().unwrap_or_default();
        match a.as_str() {
            "--size" => size = v.parse().expect("--size N"),
            "--rules" => profile = Profile::from_name(&v).expect("--rules NAME"),
            "--games" => games = v.parse().expect("--games N"),
            "--seed" => seed = v.parse().expect("--seed N"),
            "--prefix" => prefix = v,
            "--out" => out = v.into(),
            _ => panic!("unknown option {a}"),
        }
    }
    let size = Size::new(size).expect("size 1..=25");
    for k in 0..games {
        let (_, moves) = player::selfplay(size, profile, seed + k, 2000);
        let mut sgf = format!("(;GM[1]FF[4]SZ[{}]RU[{}]", size.get(), profile.name());
        let mut side = Side::Black;
        for mv in moves {
            let v = mv
                .point()
                .map(|p| String::from_utf8_lossy(&p.sgf()).into_owned())
                .unwrap_or_default();
            sgf.push_str(&format!(";{}[{v}]", side.letter()));
            side = !side;
        }
        sgf.push_str(")\n");
        let checked = check(
            sgf.as_bytes(),
            &CheckOptions {
                profile: Some(profile),
                ..CheckOptions::default()
            },
        );
        assert!(checked.is_valid());
        let canonical = export::game_sgf(&checked.games[0]);
        let path = out.join(format!("{prefix}-{:03}.sgf", k + 1));
        std::fs::write(&path, canonical).expect("write");
    }
}
