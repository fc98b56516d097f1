//! The engine against sgfmill, an independent Go implementation in Python:
//! `scripts/go-oracle.py` replayed every real and selfplay record with it
//! and wrote `tests/data/sgfmill-oracle.tsv` (final board, captures, area
//! score, simple-ko points), so this test needs no Python.

use std::path::Path;

use asalto_go::{CheckOptions, Move, Position, Profile, check};

fn profile_of(name: &str) -> Profile {
    let file = name.rsplit('/').next().unwrap_or(name);
    match file.split('-').next() {
        Some("tt") => Profile::TrompTaylor,
        Some("seed") => Profile::Seed2019,
        Some("psk") => Profile::PositionalSuperko,
        _ => Profile::SimpleKo,
    }
}

#[test]
fn final_boards_captures_scores_and_ko_points_match_sgfmill() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let table = std::fs::read_to_string(data.join("sgfmill-oracle.tsv")).unwrap();
    let mut files = 0;
    let mut ko_points = 0;
    let mut moves = 0;
    for line in table.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 8, "{line}");
        let name = f[0];
        let bytes = std::fs::read(data.join(name)).unwrap();
        let profile = profile_of(name);
        let checked = check(
            &bytes,
            &CheckOptions {
                profile: Some(profile),
                ..CheckOptions::default()
            },
        );
        assert!(checked.is_valid(), "{name}");
        let game = &checked.games[0];
        assert_eq!(game.size.get().to_string(), f[1], "{name} size");
        assert_eq!(game.plies.len().to_string(), f[2], "{name} moves");
        let caps = game.position().captures();
        assert_eq!(
            (caps.black.to_string(), caps.white.to_string()),
            (f[3].into(), f[4].into()),
            "{name} captures"
        );
        let score = game.score();
        let area = i64::from(score.black) - i64::from(score.white);
        assert_eq!(area.to_string(), f[5], "{name} area");
        assert_eq!(game.position().board().grid_string(), f[7], "{name} board");
        // Simple-ko points after each move, whatever the record's profile.
        let start = game.position_after(0);
        let mut pos =
            Position::from_board(start.board().clone(), start.to_move(), Profile::SimpleKo);
        let mut ours = Vec::new();
        for ply in &game.plies {
            pos.force(ply.side, ply.mv, |_| {});
            if let (Some(p), Move::Play(_)) = (pos.ko_point(), ply.mv) {
                ours.push(format!("{}:{p}", ply.number));
            }
        }
        let ours = if ours.is_empty() {
            "-".to_string()
        } else {
            ours.join(",")
        };
        assert_eq!(ours, f[6], "{name} ko points");
        ko_points += f[6].split(',').filter(|s| *s != "-").count();
        moves += game.plies.len();
        files += 1;
    }
    assert!(files >= 500, "{files} files");
    assert!(ko_points > 500, "{ko_points} ko points");
    assert!(moves > 90_000, "{moves} moves");
}
