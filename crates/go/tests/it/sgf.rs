//! SGF syntax, charsets and replay problems, by worked examples.

use asalto_go::sgf::{Ident, ParseOptions, parse, unescape, write_collection};
use asalto_go::{CheckOptions, Checked, Move, Point, Profile, Severity, Side, check};

fn strict(src: &str) -> Checked<'_> {
    check(src.as_bytes(), &CheckOptions::default())
}

fn lenient(src: &str) -> Checked<'_> {
    check(
        src.as_bytes(),
        &CheckOptions {
            lenient: true,
            ..CheckOptions::default()
        },
    )
}

/// `(code, severity, line, column, ply)` of every problem.
fn problems(c: &Checked) -> Vec<(&'static str, Severity, usize, usize, Option<usize>)> {
    c.all_problems()
        .map(|p| {
            let (l, col) = c.line_col(p.span);
            (p.kind.code(), p.severity, l, col, p.ply)
        })
        .collect()
}

use Severity::{Error, Warning};

#[test]
fn escapes_and_soft_breaks() {
    let src = "(;C[a \\] b \\\\ c\\\nd\ne]PB[x\ty])";
    let (coll, probs) = parse(src, ParseOptions::default());
    assert!(probs.is_empty());
    let root = coll.roots()[0];
    let c = coll.property(root, Ident::new("C")).unwrap();
    let raw = &src[coll.values(c)[0].span().range()];
    assert_eq!(unescape(raw, false), "a ] b \\ cd\ne");
    let pb = coll.property(root, Ident::new("PB")).unwrap();
    assert_eq!(
        unescape(&src[coll.values(pb)[0].span().range()], true),
        "x y"
    );
}

#[test]
fn variations_main_line_and_all_lines() {
    let src = "(;SZ[9];B[ee](;W[cc];B[gg])(;W[gg](;B[cc])(;B[cg])))";
    let c = strict(src);
    assert!(c.is_valid());
    assert_eq!(c.games.len(), 1);
    let moves: Vec<Move> = c.games[0].plies.iter().map(|p| p.mv).collect();
    assert_eq!(
        moves,
        [Point::new(4, 4), Point::new(2, 2), Point::new(6, 6)].map(Move::Play)
    );
    let all = check(
        src.as_bytes(),
        &CheckOptions {
            all_variations: true,
            ..CheckOptions::default()
        },
    );
    assert_eq!(all.games.len(), 3);
    assert_eq!(all.games[2].plies.len(), 3);
    assert_eq!(all.games[2].plies[2].mv, Move::Play(Point::new(2, 6)));
}

#[test]
fn an_illegal_move_in_a_variation_is_found_once() {
    let src = "(;SZ[9];B[ee];W[ee](;B[aa])(;B[bb]))";
    let all = check(
        src.as_bytes(),
        &CheckOptions {
            all_variations: true,
            ..CheckOptions::default()
        },
    );
    assert_eq!(problems(&all), [("occupied", Error, 1, 15, Some(2))]);
}

#[test]
fn lenient_damage_is_a_warning_and_strict_an_error() {
    let cases: [(&str, &str, (usize, usize)); 6] = [
        ("junk\n(;B[aa])", "leading-text", (1, 1)),
        (" ;GM[1];B[aa])", "unopened-tree", (1, 2)),
        ("(;B[aa]", "unclosed-tree", (1, 1)),
        ("(;B[aa]))", "extra-paren", (1, 9)),
        ("(;B[aa]) trailer", "trailing-text", (1, 10)),
        ("(\nGM[1];B[aa])", "missing-semicolon", (2, 1)),
    ];
    for (src, code, (l, col)) in cases {
        let s = strict(src);
        assert_eq!(
            problems(&s)[0],
            (code, Error, l, col, None),
            "strict {src:?}"
        );
        let le = lenient(src);
        assert_eq!(
            problems(&le),
            [(code, Warning, l, col, None)],
            "lenient {src:?}"
        );
        assert!(le.is_valid());
        assert_eq!(le.games[0].plies.len(), 1, "{src:?}");
    }
}

#[test]
fn end_of_file_marks_are_not_text() {
    let c = strict("(;B[aa])\r\n\u{1a}\0\0");
    assert!(problems(&c).is_empty(), "{:?}", problems(&c));
}

#[test]
fn empty_nodes_are_valid_with_a_warning() {
    let c = strict("(;;B[aa];;W[bb])");
    assert!(c.is_valid());
    assert_eq!(
        problems(&c),
        [
            ("empty-node", Warning, 1, 2, None),
            ("empty-node", Warning, 1, 9, None)
        ]
    );
    assert_eq!(c.games[0].plies.len(), 2);
}

#[test]
fn syntax_errors_have_positions() {
    for (src, (l, col)) in [
        ("", (1, 1)),
        ("(;B[aa]\nC[unterminated", (2, 2)),
        ("(;B[aa]\n;W)", (2, 2)),
        ("(;B[aa]\n;W[bb]x[cc])", (2, 7)),
        ("()", (1, 1)),
        ("hello", (1, 1)),
    ] {
        let c = strict(src);
        let p = problems(&c);
        assert!(!c.is_valid(), "{src:?}");
        assert_eq!((p[0].2, p[0].3), (l, col), "{src:?}: {p:?}");
    }
}

/// A move whose property breaks off at the end of the text (`W` with no
/// value, `W[cc` with no `]`) is a syntax error, not a pass: the replay
/// stops after the moves read whole, in the tree and in the fast path. The
/// lenient mode drops a value cut by the end (a warning), so the record is
/// valid, still without the cut move.
#[test]
fn a_move_cut_off_is_no_pass() {
    for src in [
        "(;GM[1]SZ[9];B[ee];W",
        "(;GM[1]SZ[9];B[ee];W[cc",
        "(;GM[1]SZ[9];B[ee];W[zz",
        "(;GM[1]SZ[9];B[ee]C[a];W[cc",
        "(;GM[1]SZ[9];B[ee];W[cc]C[x",
        "(;GM[1]SZ[9];B[ee];W[",
    ] {
        let value_cut = src.rsplit(']').next().is_some_and(|t| t.contains('['));
        for (c, lenient) in [(strict(src), false), (lenient(src), true)] {
            assert_eq!(c.is_valid(), lenient && value_cut, "{src:?}");
            assert_eq!(problems(&c)[0].0, "syntax", "{src:?}");
            let plies: Vec<_> = c.games[0].plies.iter().map(|p| p.side).collect();
            // The last move is kept only when its value was closed.
            let whole = src.ends_with("C[x");
            let expected: &[Side] = if whole {
                &[Side::Black, Side::White]
            } else {
                &[Side::Black]
            };
            assert_eq!(plies, expected, "{src:?}");
        }
        let (coll, _) = parse(src, ParseOptions::default());
        let last = coll.main_line(coll.roots()[0]).last().unwrap();
        assert!(
            coll.property(last, Ident::new("W")).is_some() == src.ends_with("C[x"),
            "{src:?}"
        );
    }
}

#[test]
fn ff3_lowercase_names() {
    let c = strict("(;FF[3]SiZe[9]AddBlack[aa][bb]PlayEr[W];White[cc])");
    assert!(c.is_valid(), "{:?}", problems(&c));
    let g = &c.games[0];
    assert_eq!(g.size.get(), 9);
    assert_eq!(g.position().board().stone_count(Side::Black), 2);
    assert_eq!(g.plies[0].side, Side::White);
}

#[test]
fn sizes() {
    assert_eq!(strict("(;SZ[19:19];B[ss])").games[0].size.get(), 19);
    assert_eq!(strict("(;SZ[25];B[yy])").games[0].size.get(), 25);
    for (sz, code) in [
        ("19:13", "unsupported-size"),
        ("0", "unsupported-size"),
        ("26", "unsupported-size"),
        ("52", "unsupported-size"),
        ("big", "bad-value"),
    ] {
        let text = format!("(;SZ[{sz}];B[aa])");
        let c = strict(&text);
        assert_eq!(problems(&c), [(code, Error, 1, 3, None)], "SZ[{sz}]");
        assert!(c.games[0].plies.is_empty());
    }
}

#[test]
fn passes() {
    let c = strict("(;SZ[19];B[];W[tt];B[aa])");
    assert!(c.is_valid());
    let moves: Vec<Move> = c.games[0].plies.iter().map(|p| p.mv).collect();
    assert_eq!(
        moves,
        [Move::Pass, Move::Pass, Move::Play(Point::new(0, 0))]
    );
    // On 21x21, `tt` is a point.
    let c = strict("(;SZ[21];B[tt])");
    assert_eq!(c.games[0].plies[0].mv, Move::Play(Point::new(19, 19)));
    // Off this board: `ss` on 9x9, `zz` on any board.
    let c = strict("(;SZ[9];B[ss];W[zz];B[aa])");
    assert_eq!(
        problems(&c),
        [
            ("off-board", Error, 1, 9, Some(1)),
            ("off-board", Error, 1, 15, Some(2))
        ]
    );
    assert_eq!(c.games[0].position().board().stone_count(Side::Black), 1);
}

#[test]
fn handicap_white_moves_first() {
    let c = strict("(;SZ[19]HA[2]AB[dd][pp];W[dp];B[pd])");
    assert!(c.is_valid(), "{:?}", problems(&c));
    let c = strict("(;SZ[19]HA[2]AB[dd][pp];B[dp])");
    assert_eq!(problems(&c), [("wrong-side", Error, 1, 25, Some(1))]);
    // Free placement: the handicap stones are Black's first moves.
    let c = strict("(;SZ[19]HA[3];B[dd];B[pp];B[dp];W[pd];B[jj])");
    assert!(c.is_valid(), "{:?}", problems(&c));
    // HA without stones and White first: standard points, with a warning.
    let c = strict("(;SZ[19]HA[2];W[pp];B[dd])");
    assert_eq!(problems(&c), [("implied-handicap", Warning, 1, 9, None)]);
    let start = c.games[0].position_after(0);
    assert_eq!(start.board().get(Point::new(3, 15)), Some(Side::Black));
    assert_eq!(start.board().get(Point::new(15, 3)), Some(Side::Black));
    let c = strict("(;SZ[9]HA[5];W[cc])");
    assert_eq!(
        problems(&c),
        [
            ("implied-handicap", Warning, 1, 8, None),
            ("occupied", Error, 1, 14, Some(1))
        ]
    );
    assert_eq!(
        c.games[0]
            .position_after(0)
            .board()
            .stone_count(Side::Black),
        5
    );
    for (size, max) in [(19, 9), (13, 9), (9, 5)] {
        for n in 2..=max {
            let text = format!("(;SZ[{size}]HA[{n}];W[aa])");
            let c = strict(&text);
            let stones = c.games[0]
                .position_after(0)
                .board()
                .stone_count(Side::Black);
            assert_eq!(stones, n, "{size}x{size} HA[{n}]");
        }
    }
    let c = strict("(;SZ[19]HA[3]AB[dd][pp];W[pd])");
    assert_eq!(problems(&c), [("handicap-mismatch", Warning, 1, 9, None)]);
}

#[test]
fn white_first_and_same_colour_twice() {
    let c = strict("(;GM[1]FF[4]SZ[19]\n;W[pd]\n;B[dd]\n;B[dp])");
    assert_eq!(
        problems(&c),
        [
            ("wrong-side", Error, 2, 2, Some(1)),
            ("wrong-side", Error, 4, 2, Some(3))
        ]
    );
    // PL makes white first fine, as does setup without PL.
    assert!(strict("(;PL[W];W[pd];B[dd])").is_valid());
    assert!(strict("(;AB[aa]AW[ss];W[pd];B[dd])").is_valid());
}

#[test]
fn occupied_is_reported_and_replay_goes_on() {
    let c = strict("(;SZ[5];B[cc];W[cc];B[bb];W[dd])");
    assert_eq!(problems(&c), [("occupied", Error, 1, 15, Some(2))]);
    let g = &c.games[0];
    assert_eq!(g.plies[1].illegal.map(|k| k.code()), Some("occupied"));
    assert_eq!(g.position().board().stone_count(Side::Black), 2);
    assert_eq!(g.position().board().stone_count(Side::White), 1);
}

#[test]
fn ko_by_profile() {
    // White takes the ko at cc; Black retakes at dc at once.
    let ko = "(;SZ[5]AB[cb][bc][cd][dc]AW[db][ec][dd]PL[W];W[cc];B[dc])";
    let c = strict(ko);
    assert_eq!(problems(&c), [("ko", Error, 1, 52, Some(2))]);
    let seed = check(
        ko.as_bytes(),
        &CheckOptions {
            profile: Some(Profile::Seed2019),
            ..CheckOptions::default()
        },
    );
    assert!(seed.is_valid());
    assert_eq!(seed.games[0].profile.name(), "seed-2019");
}

#[test]
fn suicide_and_setup_outside_rules() {
    let c = strict("(;SZ[5]AW[ba][ab];B[aa])");
    assert_eq!(problems(&c), [("suicide", Error, 1, 19, Some(1))]);
    let c = strict("(;SZ[5]AB[aa]AW[ba][ab];W[cc])");
    assert_eq!(problems(&c), [("setup-outside-rules", Error, 1, 2, None)]);
}

#[test]
fn game_over_under_seed_2019() {
    let src = "(;SZ[5];B[cc];W[];B[];W[aa])";
    assert!(strict(src).is_valid());
    let c = check(
        src.as_bytes(),
        &CheckOptions {
            profile: Some(Profile::Seed2019),
            ..CheckOptions::default()
        },
    );
    assert_eq!(problems(&c), [("game-over", Error, 1, 23, Some(4))]);
}

#[test]
fn result_against_area_score() {
    // Black alone on 3x3: 9 points; komi 0.5.
    assert!(problems(&strict("(;SZ[3]KM[0.5]RE[B+8.5];B[bb];W[];B[])")).is_empty());
    assert!(problems(&strict("(;SZ[3]KM[0.5]RE[B+R];B[bb])")).is_empty());
    let c = strict("(;SZ[3]KM[0.5]RE[W+1.5];B[bb];W[];B[])");
    assert_eq!(problems(&c), [("result-mismatch", Warning, 1, 15, None)]);
    assert!(c.is_valid());
    let text = c.all_problems().next().unwrap().kind.message();
    assert!(text.contains("black 9, white 0, komi 0.5: B+8.5"), "{text}");
}

#[test]
fn not_go() {
    let c = strict("(;GM[3];B[aa])");
    assert_eq!(problems(&c), [("not-go", Error, 1, 3, None)]);
}

#[test]
fn charsets() {
    use encoding_rs::{EUC_KR, GBK, SHIFT_JIS, WINDOWS_1252};
    for (label, enc, name) in [
        ("GB2312", GBK, "李昌镐"),
        ("EUC-KR", EUC_KR, "이창호"),
        // 表 and ソ end in the byte of `\` in Shift_JIS.
        ("Shift_JIS", SHIFT_JIS, "表ソ本因坊"),
        ("ISO-8859-1", WINDOWS_1252, "Ségolène"),
        ("UTF-8", encoding_rs::UTF_8, "Ségolène 李"),
        // Names of code pages that encoding_rs does not know.
        ("EUC-CN", GBK, "李昌镐"),
        ("CP936", GBK, "李昌镐"),
        ("cp949", EUC_KR, "이창호"),
        ("CP932", SHIFT_JIS, "表ソ本因坊"),
    ] {
        let text = format!("(;CA[{label}]PB[{name}]C[{name}];B[aa])");
        let (bytes, _, unmappable) = enc.encode(&text);
        assert!(!unmappable, "{label}");
        let c = check(&bytes, &CheckOptions::default());
        assert!(problems(&c).is_empty(), "{label}: {:?}", problems(&c));
        assert_eq!(
            c.games[0].info.players.black.as_deref(),
            Some(name),
            "{label}"
        );
        assert_eq!(c.games[0].plies.len(), 1);
    }
    // No CA and not UTF-8: Latin-1, with a warning.
    let c = check(b"(;PB[S\xe9gol\xe8ne];B[aa])", &CheckOptions::default());
    assert_eq!(c.games[0].info.players.black.as_deref(), Some("Ségolène"));
    assert_eq!(problems(&c), [("charset", Warning, 1, 1, None)]);
    // Declared GB2312 but written in UTF-8: read as UTF-8, with a warning.
    let c = check(
        "(;CA[GB2312]PB[李昌镐];B[aa])".as_bytes(),
        &CheckOptions::default(),
    );
    assert_eq!(c.games[0].info.players.black.as_deref(), Some("李昌镐"));
    assert_eq!(c.charset, "UTF-8");
    // No CA, UTF-8 with a byte lost: read as UTF-8, with a warning.
    let c = check(
        b"(;PB[\xe6\x9f\xaf\xe6\xb4?]PW[\xe9\x82\xac\xe5\x85\x89];B[aa])",
        &CheckOptions::default(),
    );
    assert_eq!(c.games[0].info.players.white.as_deref(), Some("邬光"));
    assert_eq!(c.charset, "UTF-8");
    assert_eq!(problems(&c), [("charset", Warning, 1, 1, None)]);
    // UTF-16 without a byte-order mark, both byte orders.
    let text = "(;CA[UTF-16]PB[李昌镐];B[aa])";
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    for (bytes, name) in [(be, "UTF-16BE"), (le, "UTF-16LE")] {
        let c = check(&bytes, &CheckOptions::default());
        assert!(problems(&c).is_empty(), "{name}: {:?}", problems(&c));
        assert_eq!(c.charset, name);
        assert_eq!(c.games[0].info.players.black.as_deref(), Some("李昌镐"));
    }
}

/// Files without `CA` in the charsets of Chinese, Japanese and Korean
/// collections: the charset is guessed from the bytes, the names and
/// comments read right, the moves are those of the same file in UTF-8,
/// and a warning names the charset used.
#[test]
fn charsets_without_ca_are_guessed() {
    use encoding_rs::{BIG5, EUC_JP, EUC_KR, GBK, SHIFT_JIS};
    let moves = ";B[pd];W[dp];B[pq]C[{c}];W[dd];B[fq]";
    for (enc, black, white, comment) in [
        (GBK, "李昌镐", "曹薰铉", "黑棋中盘胜"),
        (GBK, "古力", "常昊", "白棋打入"),
        // Three of these five characters are well-formed UTF-8 by
        // chance: the file is still read as GBK, not UTF-8.
        (GBK, "陈耀烨", "时越", "好棋"),
        (BIG5, "周俊勳", "林海峰", "黑中盤勝"),
        (EUC_KR, "이세돌", "박정환", "좋은 수"),
        (SHIFT_JIS, "井山裕太", "張栩", "黒の中押し勝ち"),
        // 表 and ソ end in the byte of `\` in Shift_JIS.
        (SHIFT_JIS, "表ソ本因坊", "趙治勲", "これは良い手です"),
        (EUC_JP, "小林光一", "趙治勲", "これは良い手です"),
    ] {
        let text = format!(
            "(;GM[1]SZ[19]PB[{black}]PW[{white}]{})",
            moves.replace("{c}", comment)
        );
        let (bytes, _, unmappable) = enc.encode(&text);
        assert!(!unmappable, "{text}");
        assert!(std::str::from_utf8(&bytes).is_err(), "{text}");
        let c = check(&bytes, &CheckOptions::default());
        let name = enc.name();
        assert_eq!(c.charset, name, "{text}");
        assert_eq!(c.games[0].info.players.black.as_deref(), Some(black));
        assert_eq!(c.games[0].info.players.white.as_deref(), Some(white));
        assert!(c.source.contains(comment), "{name}: {}", c.source);
        assert_eq!(problems(&c), [("charset", Warning, 1, 1, None)], "{name}");
        assert!(
            c.problems[0]
                .kind
                .message()
                .contains(&format!("read as {name}, guessed")),
            "{}",
            c.problems[0].kind.message()
        );
        let utf8 = strict(&text);
        let mv =
            |c: &Checked| -> Vec<_> { c.games[0].plies.iter().map(|p| (p.side, p.mv)).collect() };
        assert_eq!(mv(&c), mv(&utf8), "{name}");
        assert_eq!(mv(&c).len(), 5);
    }
    // Latin names stay Latin-1 (SGF's default), and the warning says no
    // guess was made.
    for name in ["Ségolène", "José María", "Jürgen Weiß", "François"] {
        let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(name);
        let mut file = b"(;PB[".to_vec();
        file.extend_from_slice(&bytes);
        file.extend_from_slice(b"];B[aa])");
        let c = check(&file, &CheckOptions::default());
        assert_eq!(c.charset, "windows-1252", "{name}");
        assert_eq!(c.games[0].info.players.black.as_deref(), Some(name));
        assert!(!c.problems[0].kind.message().contains("guessed"));
    }
}

#[test]
fn columns_count_characters() {
    let c = strict("(;C[李昌镐];W[aa])");
    assert_eq!(problems(&c), [("wrong-side", Error, 1, 10, Some(1))]);
}

#[test]
fn deep_nesting_and_long_lines_use_no_recursion() {
    let n = 200_000;
    let mut src = String::new();
    for _ in 0..n {
        src.push_str("(;C[x]");
    }
    for _ in 0..n {
        src.push(')');
    }
    let c = strict(&src);
    assert!(c.is_valid());
    let (coll, _) = parse(&src, ParseOptions::default());
    assert_eq!(coll.node_count(), n);
    assert_eq!(write_collection(&coll, &src).matches('(').count(), 1);
    let mut long = String::from("(;SZ[19]");
    for i in 0..n {
        long.push_str(if i % 2 == 0 { ";B[]" } else { ";W[]" });
    }
    long.push(')');
    assert_eq!(strict(&long).games[0].plies.len(), n);
}

#[test]
fn many_long_variations_are_bounded() {
    // A 50,000-node trunk with 120 leaves: 6 M nodes to replay line by line.
    let mut src = String::from("(;SZ[9]");
    for _ in 0..50_000 {
        src.push_str(";C[x]");
    }
    for _ in 0..120 {
        src.push_str("(;B[aa])");
    }
    src.push(')');
    let c = check(
        src.as_bytes(),
        &CheckOptions {
            all_variations: true,
            ..CheckOptions::default()
        },
    );
    assert!(c.is_valid());
    assert_eq!(c.games.len(), 99);
    let p = c
        .all_problems()
        .find(|p| p.kind.code() == "too-many-variations")
        .unwrap();
    assert_eq!(p.severity, Warning);
    // The main line alone is always checked.
    assert_eq!(strict(&src).games.len(), 1);
    // Many short lines: at most 10,000 are kept.
    let wide = format!("(;SZ[9]{})", "(;B[aa])".repeat(12_000));
    let c = check(
        wide.as_bytes(),
        &CheckOptions {
            all_variations: true,
            ..CheckOptions::default()
        },
    );
    assert_eq!(c.games.len(), 10_000);
    assert!(
        c.all_problems()
            .any(|p| p.kind.code() == "too-many-variations")
    );
}

#[test]
fn a_tree_without_its_first_paren_keeps_its_variations_in_the_lenient_mode() {
    // As some Fox server downloads are: the main line, then variations,
    // and the last `)` of the tree whose `(` is missing.
    let src = ";GM[1]SZ[9];B[aa];W[bb](;B[cc];W[dd])(;B[ee]))";
    let le = lenient(src);
    assert_eq!(problems(&le), [("unopened-tree", Warning, 1, 1, None)]);
    assert_eq!(le.games.len(), 1);
    assert_eq!(le.games[0].plies.len(), 4);
    let s = strict(src);
    assert_eq!(problems(&s), [("unopened-tree", Error, 1, 1, None)]);
}

#[test]
fn fox_komi_in_hundredths_and_stones() {
    let komi = |root: &str| strict(&format!("(;{root};B[aa])")).games[0].info.komi;
    // Japanese rules: hundredths of a point.
    assert_eq!(komi("AP[foxwq]RU[Japanese]KM[650]"), 6.5);
    // Chinese rules: hundredths of a stone, a stone being two points.
    assert_eq!(komi("AP[foxwq]RU[Chinese]KM[375]"), 7.5);
    // Older exports name the client's maker.
    assert_eq!(komi("AP[YuanYu]RU[Japanese]KM[750]"), 7.5);
    assert_eq!(komi("AP[YuanYu]KM[6.5]"), 6.5);
    // Other programs' komi is points, but for a komi over 150 that is a
    // multiple of 50: a Fox komi copied, hundredths, said in a warning.
    assert_eq!(komi("AP[CGoban:3]KM[65]"), 65.0);
    assert_eq!(komi("AP[CGoban:3]KM[175]"), 175.0);
    assert_eq!(komi("AP[CGoban:3]KM[650]"), 6.5);
    let scaled = strict("(;AP[CGoban:3]KM[750];B[aa])");
    let codes: Vec<&str> = scaled.all_problems().map(|p| p.kind.code()).collect();
    assert_eq!(codes, ["komi-scaled"]);
    assert_eq!(
        scaled.all_problems().next().unwrap().message(),
        "KM[750] read as komi 7.5"
    );
}

#[test]
fn six_and_seven_implied_handicap_stones_sit_where_the_moves_leave_room() {
    let black_at = |c: &Checked, points: &[(u8, u8)]| {
        let start = c.games[0].position_after(0);
        points
            .iter()
            .all(|&(col, row)| start.board().get(Point::new(col, row)) == Some(Side::Black))
    };
    let (left_right, top_bottom) = ([(3, 9), (15, 9)], [(9, 3), (9, 15)]);
    for ha in [6, 7] {
        // A move on K16 (jd): the side stones are on D10 and Q10 (GTP's
        // points), a move on D10 (dj): on K16 and K4 (the Fox server's).
        for (moves, stones) in [
            (";W[jd];B[cc]", left_right),
            (";W[cc];B[jc];W[dj]", top_bottom),
        ] {
            let text = format!("(;SZ[19]HA[{ha}]{moves})");
            let c = strict(&text);
            assert_eq!(problems(&c), [("implied-handicap", Warning, 1, 9, None)]);
            assert!(black_at(&c, &stones), "{ha} {moves}");
            assert_eq!(
                c.games[0]
                    .position_after(0)
                    .board()
                    .stone_count(Side::Black),
                ha
            );
        }
        // No move tells: the Fox server's points in its files, else GTP's.
        let text = format!("(;SZ[19]HA[{ha}]AP[foxwq];W[cc])");
        let c = strict(&text);
        assert!(black_at(&c, &top_bottom));
        let text = format!("(;SZ[19]HA[{ha}];W[cc])");
        let c = strict(&text);
        assert!(black_at(&c, &left_right));
        // Told after many moves, as long as the line holds them.
        let mut moves = String::new();
        for k in 0..150 {
            moves.push_str(if k % 2 == 0 { ";W[]" } else { ";B[]" });
        }
        let text = format!("(;SZ[19]HA[{ha}]{moves};W[dj])");
        let c = strict(&text);
        assert!(black_at(&c, &top_bottom), "{ha} after passes");
    }
}

#[test]
fn a_file_cut_inside_a_value_keeps_its_moves_in_the_lenient_mode() {
    // As a download cut short: `;B[sd` at the end of the file.
    let src = "(;GM[1]SZ[19];B[pd];W[dd];B[sd";
    let le = lenient(src);
    assert_eq!(
        problems(&le),
        [
            ("syntax", Warning, 1, 28, None),
            ("unclosed-tree", Warning, 1, 1, None)
        ]
    );
    assert!(le.is_valid());
    assert_eq!(le.games[0].plies.len(), 2);
    let s = strict(src);
    assert_eq!(problems(&s), [("syntax", Error, 1, 28, None)]);
}
