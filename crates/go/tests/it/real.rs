//! Real game records (see `tests/data/real/README.md` for their sources and
//! licences): none may be rejected.

use std::path::Path;

use asalto_go::{CheckOptions, Severity, check};

fn files(dir: &str) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/real")
        .join(dir);
    let mut out: Vec<_> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    out.sort();
    out
}

#[test]
fn server_and_tournament_games_are_valid() {
    let mut moves = 0;
    let mut bad = Vec::new();
    let all = files("gnugo");
    for path in &all {
        let bytes = std::fs::read(path).unwrap();
        let checked = check(&bytes, &CheckOptions::default());
        for p in checked
            .all_problems()
            .filter(|p| p.severity == Severity::Error)
        {
            let (l, c) = checked.line_col(p.span);
            bad.push(format!("{}:{l}:{c}: {p}", path.display()));
        }
        moves += checked.games.iter().map(|g| g.plies.len()).sum::<usize>();
    }
    assert!(bad.is_empty(), "{} errors:\n{}", bad.len(), bad.join("\n"));
    assert!(all.len() >= 300, "{} files", all.len());
    assert!(moves > 50_000, "{moves} moves");
}

#[test]
fn sabaki_files_pass_the_lenient_check() {
    let all = files("sabaki");
    assert_eq!(all.len(), 11);
    for path in &all {
        let bytes = std::fs::read(path).unwrap();
        let options = CheckOptions {
            lenient: true,
            ..CheckOptions::default()
        };
        let checked = check(&bytes, &options);
        let errors: Vec<String> = checked
            .all_problems()
            .filter(|p| p.severity == Severity::Error)
            .map(|p| p.to_string())
            .collect();
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        assert!(
            checked.games.iter().all(|g| !g.plies.is_empty()),
            "{}",
            path.display()
        );
    }
}

#[test]
fn byte_order_marks_and_shift_jis() {
    let read = |name: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/real/sabaki")
            .join(name);
        check(
            &std::fs::read(path).unwrap(),
            &CheckOptions {
                lenient: true,
                ..CheckOptions::default()
            },
        )
    };
    let utf16 = read("utf16le.sgf");
    assert_eq!(utf16.charset, "UTF-16LE");
    assert!(utf16.problems.is_empty());
    let bom = read("utf8bom.sgf");
    assert_eq!(
        bom.games[0].info.players.white.as_deref(),
        Some("Go Seigen")
    );
    let kiin = read("nihon-kiin.sgf");
    assert_eq!(kiin.games[0].plies.len(), 8);
}
