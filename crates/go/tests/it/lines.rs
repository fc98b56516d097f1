//! Broken records report in bounded size, `--variation` picks a line, and
//! `export --to sgf` keeps the properties it does not make itself.

use asalto_go::json::CheckJson;
use asalto_go::replay::{CheckOptions, Tally, check, check_tally};
use asalto_go::sgf::{ParseOptions, parse};
use asalto_go::{Severity, export};

/// A record of `moves` moves on one point: the first is legal, every
/// other is on a stone (`occupied`).
fn one_point(moves: usize) -> String {
    let mut text = String::from("(;GM[1]SZ[19]");
    for i in 0..moves {
        text.push_str(if i % 2 == 0 { ";B[aa]" } else { ";W[aa]" });
    }
    text.push_str(")\n");
    text
}

#[test]
fn a_record_of_200000_illegal_moves_keeps_the_first_1000_and_counts_the_rest() {
    let text = one_point(200_001);
    let checked = check_tally(text.as_bytes(), &CheckOptions::default(), Tally::default());
    let game = &checked.games[0];
    assert_eq!(game.moves(), 200_001);
    assert_eq!(game.problems.len(), 1000);
    assert_eq!(game.problems.omitted_count(), 199_000);
    assert_eq!(checked.count(Severity::Error), 200_000);
    assert!(!checked.is_valid());
    // The first problems whole, in order: moves 2, 3, ...
    let plies: Vec<usize> = game.problems.iter().take(3).filter_map(|p| p.ply).collect();
    assert_eq!(plies, [2, 3, 4]);
    assert_eq!(game.problems[999].ply, Some(1001));

    let json = serde_json::to_string(&CheckJson::from(&checked)).unwrap();
    // 1000 problems of some 250 bytes: far below the 3.8 KB a problem of
    // every move took.
    assert!(json.len() < 1_000_000, "{} bytes", json.len());
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["errors"], 200_000);
    assert_eq!(value["problems"].as_array().unwrap().len(), 1000);
    assert_eq!(value["problems"][0]["code"], "occupied");
    assert_eq!(value["problems"][0]["line"], 1);
    assert_eq!(value["problems_omitted"], 199_000);
    assert_eq!(
        value["omitted"],
        serde_json::json!([{"severity": "error", "code": "occupied", "count": 199_000, "last_line": 1}])
    );
}

#[test]
fn a_record_with_few_problems_lists_them_all_and_omits_none() {
    let text = one_point(5);
    let checked = check(text.as_bytes(), &CheckOptions::default());
    let value = serde_json::to_value(CheckJson::from(&checked)).unwrap();
    assert_eq!(value["problems"].as_array().unwrap().len(), 4);
    assert_eq!(value["problems_omitted"], 0);
    assert_eq!(value["omitted"], serde_json::json!([]));
}

#[test]
fn the_problems_of_every_variation_are_bounded_together() {
    // 1,500 variations of one illegal move each: one problem a line.
    let mut text = String::from("(;GM[1]SZ[19]AB[aa]");
    for _ in 0..1500 {
        text.push_str("(;W[aa])");
    }
    text.push(')');
    let options = CheckOptions {
        all_variations: true,
        ..CheckOptions::default()
    };
    let checked = check_tally(text.as_bytes(), &options, Tally::default());
    assert_eq!(checked.games.len(), 1500);
    let listed = checked.listed();
    assert_eq!(listed.shown.len(), 1000);
    assert_eq!(listed.omitted_count(), 500);
    assert_eq!(checked.count(Severity::Error), 1500);
}

fn samples(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../samples/go")
        .join(name);
    std::fs::read(path).unwrap()
}

/// The first move of each line of the sample's tree, by `--variation`.
#[test]
fn a_variation_is_replayed_instead_of_the_main_line() {
    let bytes = samples("variations.sgf");
    let first_diff = |variation: usize| {
        let options = CheckOptions {
            variation,
            ..CheckOptions::default()
        };
        let checked = check(&bytes, &options);
        assert!(checked.is_valid(), "{variation}: {:?}", checked.problems);
        let game = &checked.games[0];
        assert_eq!(game.variation, variation);
        let seventh = game.plies[6];
        (game.plies.len(), export::gtp_vertex(seventh.mv, game.size))
    };
    let main = first_diff(0);
    assert_eq!(main.1, "G3");
    assert_eq!(first_diff(1), (31, "G3".to_string()));
    assert_eq!(first_diff(2), (15, "D2".to_string()));
    assert_eq!(first_diff(3), (11, "C2".to_string()));
    assert!(main.0 > 31);
    // The same line as `--all-variations` numbers it.
    let all = check(
        &bytes,
        &CheckOptions {
            all_variations: true,
            ..CheckOptions::default()
        },
    );
    assert_eq!(all.games.len(), 4);
    assert_eq!(all.games[2].plies.len(), 15);
}

#[test]
fn a_variation_the_tree_does_not_have_is_an_error_that_says_how_many_it_has() {
    let bytes = samples("variations.sgf");
    let options = CheckOptions {
        variation: 4,
        ..CheckOptions::default()
    };
    let checked = check_tally(&bytes, &options, Tally::default());
    assert!(checked.games.is_empty());
    let p = checked.all_problems().next().unwrap();
    assert_eq!(p.kind.code(), "no-variation");
    assert_eq!(p.severity, Severity::Error);
    assert_eq!(
        p.kind.message(),
        "no variation 4: the first game tree has 4 lines (0 is the main line, then the others in tree order, up to 3)"
    );
}

/// Every property of each node of the first tree's line `k` (a tree
/// parsed from `text`), but the moves' and setup's, which the canonical
/// writer makes again: (name, values) in file order.
fn kept_properties(text: &str, k: usize) -> Vec<(String, Vec<String>)> {
    let (coll, problems) = parse(text, ParseOptions::default());
    assert!(problems.is_empty(), "{problems:?}");
    let root = coll.roots()[0];
    let line = coll.lines(root).nth(k).unwrap();
    // The game information the writer makes from what it read (compared
    // as read: `GameInfo`).
    let made = [
        "B", "W", "AB", "AW", "AE", "PL", "GM", "FF", "CA", "SZ", "KM", "HA", "RU", "PB", "PW",
        "RE",
    ];
    let mut out = Vec::new();
    for id in line {
        for prop in coll.properties(id) {
            if made.contains(&prop.ident.as_str()) {
                continue;
            }
            let values = coll
                .values(prop)
                .iter()
                .map(|v| text[v.span().range()].to_string())
                .collect();
            out.push((prop.ident.as_str().to_string(), values));
        }
    }
    out
}

/// The canonical SGF `export --to sgf` writes of `text`'s line `k`.
fn exported(text: &str, variation: usize) -> String {
    let options = CheckOptions {
        variation,
        ..CheckOptions::default()
    };
    let checked = check_tally(text.as_bytes(), &options, Tally::keeping(&[0]));
    let start = checked.games[0].plies.position_after(0).unwrap().clone();
    let mut out = String::new();
    export::write_sgf_replayed(&checked, &options, &start, &mut out).unwrap();
    out
}

#[test]
fn export_to_sgf_keeps_comments_names_and_unknown_properties() {
    let text = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Ann]PW[Bob]BR[3d]GN[Final]C[The root\\] comment]XZ[own][values]\n\
                ;B[ee]C[first move]BL[299.5]\n;W[cc]\n;C[a node without a move]\n\
                ;AB[gg]N[setup]\n;W[dd]LB[ee:A][cc:B]TR[ee]\n;B[]C[pass])";
    let out = exported(text, 0);
    assert_eq!(kept_properties(&out, 0), kept_properties(text, 0));
    // Each move keeps its own node's properties.
    assert!(out.contains("\n;B[ee]C[first move]BL[299.5]\n"), "{out}");
    assert!(out.contains("\n;W[dd]LB[ee:A][cc:B]TR[ee]\n"), "{out}");
    // And replays to the same moves and positions.
    let again = check(out.as_bytes(), &CheckOptions::default());
    let before = check(text.as_bytes(), &CheckOptions::default());
    assert!(again.is_valid() && before.is_valid());
    assert_eq!(again.games[0].position(), before.games[0].position());
    assert_eq!(again.games[0].plies.len(), before.games[0].plies.len());
    assert_eq!(again.games[0].info, before.games[0].info);
}

#[test]
fn export_to_sgf_of_a_variation_keeps_that_line_s_comments() {
    let bytes = samples("variations.sgf");
    let text = String::from_utf8(bytes).unwrap();
    for k in 0..4 {
        let out = exported(&text, k);
        assert_eq!(kept_properties(&out, 0), kept_properties(&text, k), "{k}");
        let read = |text: &str, variation| {
            let options = CheckOptions {
                variation,
                ..CheckOptions::default()
            };
            check(text.as_bytes(), &options).games[0].info.clone()
        };
        assert_eq!(read(&out, 0), read(&text, k));
    }
    assert!(exported(&text, 1).contains("C[Safer: the lower side first.]"));
    assert!(!exported(&text, 0).contains("Safer"));
}
