//! The command line on Go records: `check` chooses Go by `--game`, the
//! `.sgf` extension or the content, judges under the `--rules` profile, and
//! reports each problem at its line and column, on the real SGF files of
//! `crates/go/tests/data`.
//!
//! Why: teachers check folders of SGF files with the same exit codes and
//! JSON lines as Asalto records; a wrong game or profile must be a usage
//! error, not a silent wrong verdict.

use serde_json::Value;

use crate::run::{asalto, asalto_with_input};

const DATA: &str = "crates/go/tests/data";
const GNUGO: &str = "crates/go/tests/data/real/gnugo";
/// A Tromp-Taylor selfplay game with suicides: legal under its own
/// profile, illegal under the 2019 assignment's.
const SUICIDES: &str = "crates/go/tests/data/selfplay/tt-9-060.sgf";

/// The SGF files of a folder, sorted (what `check` must visit).
fn sgf_files(dir: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".sgf"))
        .collect();
    files.sort();
    files
}

/// The text at 1-based `line` and `column` (in characters) of `path`.
fn text_at(path: &str, line: usize, column: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().nth(line - 1).unwrap();
    line.chars().skip(column - 1).collect()
}

#[test]
fn real_games_of_a_folder_are_valid_under_simple_ko() {
    let files = sgf_files(GNUGO);
    assert!(files.len() > 300);
    let run = asalto(&["check", GNUGO]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), files.len() + 1);
    // Each judged under the rules its `RU` names, else the default.
    let mut from_ru = 0;
    for (line, file) in lines.iter().zip(&files) {
        let valid = format!("{file}: valid (");
        assert!(line.starts_with(&valid), "{line}");
        let ru = [
            "japanese, from RU[Japanese])",
            "aga, from RU[AGA])",
            "chinese, from RU[Chinese])",
            "new-zealand, from RU[New Zealand])",
        ];
        if ru.iter().any(|r| line[valid.len()..].starts_with(r)) {
            from_ru += 1;
        } else {
            assert!(
                line[valid.len()..].starts_with("simple-ko, default)"),
                "{line}"
            );
        }
    }
    assert!(from_ru > 100, "{from_ru}");
    assert_eq!(
        lines.last().unwrap(),
        &format!("{n} files: {n} valid, 0 invalid", n = files.len())
    );
}

#[test]
fn profile_decides_and_the_error_is_at_its_line_and_column() {
    let run = asalto(&["check", "--rules", "tromp-taylor", SUICIDES]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with(&format!("{SUICIDES}: valid (tromp-taylor, from --rules)"))
    );
    // The record's own `RU[tromp-taylor]` says as much with no option.
    let run = asalto(&["check", SUICIDES]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout.starts_with(&format!(
            "{SUICIDES}: valid (tromp-taylor, from RU[tromp-taylor])"
        )),
        "{}",
        run.stdout
    );

    let run = asalto(&["check", "--rules", "seed-2019", SUICIDES]);
    assert_eq!(run.code, 1);
    let first = run.stdout.lines().next().unwrap();
    assert!(
        first.contains("invalid (seed-2019, from --rules): line 64:2, move 63 (black)"),
        "{first}"
    );
    assert!(first.contains("[suicide]"), "{first}");
    assert!(text_at(SUICIDES, 64, 2).starts_with("B[ge]"));
    // Every problem, then the board before the first illegal move, with
    // the point of the move empty.
    assert!(
        run.stdout.contains(&format!(
            "Error: asalto::suicide\n\n  × move 63 (black): illegal move at ge: the stone's group would have no liberty and it captures nothing (suicide)\n    ╭─[{SUICIDES}:64:2]\n"
        )),
        "{}",
        run.stdout
    );
    let (_, board) = run
        .stdout
        .split_once("The board before move 63 (black G5, suicide):\n")
        .expect(&run.stdout);
    let row5 = board.lines().find(|l| l.starts_with(" 5 ")).unwrap();
    // Columns A..J without I: G is the 7th, at 4 + 2 * 6.
    assert_eq!(&row5[4 + 2 * 6..4 + 2 * 6 + 1], ".", "{board}");
}

#[test]
fn json_names_game_rules_and_file() {
    let run = asalto(&[
        "check",
        "--format",
        "json",
        "--rules",
        "seed-2019",
        SUICIDES,
    ]);
    assert_eq!(run.code, 1);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["game"], "go");
    assert_eq!(v["rules"], "seed-2019");
    assert_eq!(v["file"], SUICIDES);
    assert_eq!(v["valid"], false);
    let p = &v["problems"][0];
    assert_eq!(p["code"], "suicide");
    assert_eq!(
        (p["line"].as_u64(), p["column"].as_u64()),
        (Some(64), Some(2))
    );
    let moves = std::fs::read_to_string(SUICIDES)
        .unwrap()
        .matches(";B[")
        .count()
        + std::fs::read_to_string(SUICIDES)
            .unwrap()
            .matches(";W[")
            .count();
    assert_eq!(v["plies"].as_u64(), Some(moves as u64));
}

#[test]
fn game_by_extension_content_or_flag() {
    let dir = tempfile::tempdir().unwrap();
    let text = "(;GM[1]FF[4]SZ[9]\n;B[ee];W[ee])\n";
    let txt = dir.path().join("game.txt");
    std::fs::write(&txt, text).unwrap();
    let txt = txt.to_str().unwrap();
    // By content: a `.txt` file holding SGF is Go.
    let run = asalto(&["check", txt]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("invalid (simple-ko, default): line 2:8, move 2 (white)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("[occupied]"));
    // By flag: Asalto, which reads no SGF.
    let run = asalto(&["check", "--game", "asalto", txt]);
    assert_eq!(run.code, 1);
    assert!(!run.stdout.contains("simple-ko"), "{}", run.stdout);
    // Standard input, with --game go.
    let run = asalto_with_input(&["check", "--game", "go", "-"], text);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .starts_with("<stdin>: invalid (simple-ko, default): line 2:8")
    );
}

#[test]
fn usage_errors_exit_2() {
    let sgf = &sgf_files(GNUGO)[0];
    for (args, says) in [
        (
            vec!["check", "--rules", "assignment-2018-19", sgf],
            "not a Go rule profile",
        ),
        (
            vec!["check", "--rules", "seed-2019", "samples/ejemplo.txt"],
            "not an Asalto rule profile",
        ),
        (
            vec!["check", "--rules", "stone-age", sgf],
            "not a Go rule profile",
        ),
        (
            vec!["check", "--game", "solitaire", "--rules", "simple-ko", sgf],
            "not a Solitaire Chess rule profile",
        ),
        (vec!["diff", sgf, "samples/ejemplo.txt"], "of two games"),
    ] {
        let run = asalto(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stdout);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    // The Asalto profile named for an Asalto record is fine.
    let run = asalto(&[
        "check",
        "--rules",
        "assignment-2018-19",
        "samples/ejemplo.txt",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn a_batch_goes_on_after_a_missing_file() {
    let files = sgf_files(&format!("{DATA}/real/sabaki"));
    let mut args = vec!["check", "--game", "go", "--lenient", "missing.sgf"];
    args.extend(files.iter().map(String::as_str));
    let run = asalto(&args);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("cannot read missing.sgf: no such file"),
        "{}",
        run.stderr
    );
    let total = format!(
        "{} files: {} valid, 0 invalid, 1 unreadable",
        files.len() + 1,
        files.len()
    );
    assert_eq!(
        run.stdout.lines().last(),
        Some(total.as_str()),
        "{}",
        run.stdout
    );
}

#[test]
fn a_batch_of_two_games_judges_each_file_by_its_own() {
    // A teacher's folder of mixed records: every file under its own game,
    // `--rules` for the game it names, the others under their defaults.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Without its `RU[tromp-taylor]`: judged under the default.
    let suicides = std::fs::read_to_string(SUICIDES).unwrap();
    assert!(suicides.contains("RU[tromp-taylor]"));
    std::fs::write(d.join("a.sgf"), suicides.replace("RU[tromp-taylor]", "")).unwrap();
    std::fs::copy("samples/ejemplo.txt", d.join("b.txt")).unwrap();
    std::fs::write(d.join("c.txt"), "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    std::fs::write(d.join("d.txt"), "Bc-Cc\nBc-Cc\n").unwrap();
    std::fs::write(d.join("notes.md"), "not a record").unwrap();
    let path = |f: &str| d.join(f).to_string_lossy().into_owned();
    let run = asalto(&["check", d.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", run.stdout);
    assert!(
        lines[0].starts_with(&format!("{}: invalid (simple-ko, default)", path("a.sgf"))),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with(&format!("{}: valid,", path("b.txt"))),
        "{}",
        lines[1]
    );
    // SGF text in a .txt file is Go by its content.
    assert!(
        lines[2].starts_with(&format!(
            "{}: invalid (simple-ko, default): line 1:20",
            path("c.txt")
        )),
        "{}",
        lines[2]
    );
    assert!(lines[2].contains("[occupied]"), "{}", lines[2]);
    assert!(
        lines[3].starts_with(&format!("{}: invalid: line 2:1", path("d.txt"))),
        "{}",
        lines[3]
    );
    assert_eq!(lines[4], "4 files: 1 valid, 3 invalid");
    // The same files named one by one; `--rules` of Go judges the Go files.
    let files = [path("a.sgf"), path("b.txt")];
    let run = asalto(&["check", "--rules", "tromp-taylor", &files[0], &files[1]]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout.contains("valid (tromp-taylor, from --rules)"),
        "{}",
        run.stdout
    );
    // JSON lines name each file's game.
    let run = asalto(&["check", "--format", "json", &files[0], &files[1]]);
    let games: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["rules"].clone())
        .collect();
    assert_eq!(games, ["simple-ko", "assignment-2018-19"]);
    // With --game, only that game's files of a folder.
    let run = asalto(&["check", "--game", "go", d.to_str().unwrap()]);
    assert!(run.stdout.starts_with(&path("a.sgf")), "{}", run.stdout);
    assert!(!run.stdout.contains("txt"), "{}", run.stdout);
}

#[test]
fn standard_input_is_told_by_its_content() {
    // SGF on standard input: Go without --game, the whole text read (the
    // bytes read to tell its game are handed back to the reader).
    let long = format!("(;GM[1]SZ[19]C[{}];B[pd];W[pd])", "x".repeat(10_000));
    let run = asalto_with_input(&["check", "-"], &long);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("<stdin>: invalid (simple-ko, default): line 1:"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("[occupied]"), "{}", run.stdout);
    let run = asalto_with_input(&["show", "-"], "(;SZ[9];B[ee])");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("after move 1 of 1 (simple-ko)"));
    // An Asalto record on standard input, longer than the bytes sniffed.
    let record = std::fs::read_to_string("samples/ejemplo.txt").unwrap();
    let padded = format!("{}{record}", "# comment\n".repeat(600));
    let run = asalto_with_input(&["check", "-"], &padded);
    assert!(run.stdout.starts_with("<stdin>: valid"), "{}", run.stdout);
    // A Solitaire Chess puzzle and its answer: the whole text reaches it.
    let run = asalto_with_input(
        &["check", "-"],
        "...N.....R....B.\n[[[2,0],[1,1]],[[1,1],[3,3]]]\n",
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("valid (codegolf)"), "{}", run.stdout);
}

/// A short 9x9 selfplay game with no capture in its first 20 moves.
const SHORT: &str = "crates/go/tests/data/selfplay/seed-9-011.sgf";

/// The moves of a one-line SGF record as `(colour, letters)`, read with no
/// SGF parser: every `;B[..]` and `;W[..]`.
fn sgf_moves(text: &str) -> Vec<(char, String)> {
    let mut moves = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(';') {
        rest = &rest[at + 1..];
        let t = rest.trim_start();
        let colour = t.chars().next().unwrap_or(' ');
        if (colour == 'B' || colour == 'W') && t[1..].starts_with('[') {
            let end = t.find(']').unwrap();
            moves.push((colour, t[2..end].to_string()));
        }
    }
    moves
}

#[test]
fn show_draws_the_position_after_n_moves() {
    let moves = sgf_moves(&std::fs::read_to_string(SHORT).unwrap());
    assert!(moves.len() > 20);
    let run = asalto(&["show", SHORT, "--ply", "20", "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        (v["game"].as_str(), v["rules"].as_str()),
        (Some("go"), Some("seed-2019"))
    );
    assert_eq!(v["captures"]["black"].as_u64(), Some(0));
    assert_eq!(v["captures"]["white"].as_u64(), Some(0));
    // With no capture, the board is the first 20 stones, placed by hand.
    let mut grid = vec!['.'; 81];
    for (colour, letters) in &moves[..20] {
        let b = letters.as_bytes();
        let (col, row) = (usize::from(b[0] - b'a'), usize::from(b[1] - b'a'));
        grid[row * 9 + col] = colour.to_ascii_lowercase();
    }
    assert_eq!(
        v["position"].as_str().unwrap(),
        grid.iter().collect::<String>()
    );
    assert_eq!(v["plies"].as_u64(), Some(moves.len() as u64));

    let run = asalto(&["show", SHORT, "--ply", "20"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .starts_with(&format!("{SHORT}: after move 20 of {}", moves.len()))
    );
    let svg = asalto(&["show", SHORT, "--format", "svg"]);
    assert!(svg.stdout.starts_with("<svg"), "{}", svg.stdout);

    let run = asalto(&["show", SHORT, "--ply", "9999"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("past the end"), "{}", run.stderr);
}

/// The board rows of `show`'s text (` 9 ` .. ` 1 `), between the row
/// number and the SGF letter that ends the row.
fn board_rows(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.len() > 5 && l[..3].trim().parse::<u32>().is_ok())
        .map(|l| &l[3..l.len() - 2])
        .collect()
}

#[test]
fn show_territory_marks_agree_with_the_count() {
    let json = asalto(&["show", SHORT, "--format", "json", "--territory"]);
    let v: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    let t = &v["territory"];
    assert_eq!(t["counting"], "area", "{t}");
    let run = asalto(&["show", SHORT, "--territory"]);
    assert_eq!(run.code, 0);
    let rows = board_rows(&run.stdout);
    assert_eq!(rows.len(), 9, "{}", run.stdout);
    let count = |glyphs: &[char]| {
        rows.iter()
            .map(|r| r.chars().filter(|c| glyphs.contains(c)).count())
            .sum::<usize>() as u64
    };
    // Area: Black's living stones `X`, its points `x` and the white
    // stones dead in its area `w`.
    assert_eq!(
        Some(count(&['X', 'x', 'w'])),
        t["points"]["black"].as_u64(),
        "{}",
        run.stdout
    );
    assert_eq!(
        Some(count(&['O', 'o', 'b'])),
        t["points"]["white"].as_u64(),
        "{}",
        run.stdout
    );
    // Without `--territory`: no count.
    let plain = asalto(&["show", SHORT, "--format", "json"]);
    let v: Value = serde_json::from_str(plain.stdout.trim()).unwrap();
    assert!(v["territory"].is_null(), "{v}");
}

/// A finished 9x9 position set up: Black walls off columns A–C, White
/// D–J, a lone white stone on A6 is dead in Black's area; one white
/// stone was captured on A9 by Black's B9 and A8 (a prisoner of
/// Black's). By hand, under Japanese rules: Black the 15 empty points of
/// columns A and B, the dead stone's point, the dead stone and 1
/// prisoner: 18; White the 45 empty points of E–J; komi 6.5: W+33.5.
fn walled() -> String {
    let column = |c: char| (b'a'..=b'i').map(move |r| format!("[{c}{}]", r as char));
    let black: String = column('c').collect();
    let white: String = column('d').collect();
    format!(
        "(;GM[1]SZ[9]KM[6.5]RU[Japanese]RE[W+33.5]PB[Kuro]PW[Shiro]AB{black}AW{white}[ad]\
         ;B[ba];W[aa];B[ab];W[];B[])"
    )
}

#[test]
fn show_territory_of_a_japanese_count_with_dead_stones() {
    let sgf = walled();
    let check = asalto_with_input(&["check", "-"], &sgf);
    assert_eq!(check.code, 0, "{}{}", check.stdout, check.stderr);
    assert!(
        check
            .stdout
            .contains("territory count black 18, white 45, komi 6.5 (1 dead stone): W+33.5"),
        "{}",
        check.stdout
    );
    assert!(!check.stdout.contains("warning"), "{}", check.stdout);

    let text = asalto_with_input(&["show", "-", "--territory"], &sgf);
    assert_eq!(text.code, 0, "{}", text.stderr);
    let rows = board_rows(&text.stdout);
    // A6, the dead white stone, is `w`; Black's points `x`, White's `o`.
    assert_eq!(rows[3], " w x X O o o o o o ", "{}", text.stdout);
    assert!(
        text.stdout
            .contains("territory count: black 18, white 45, komi 6.5: W+33.5"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout
            .contains("dead stones: black 0, white 1; prisoners: black 1, white 0"),
        "{}",
        text.stdout
    );

    let json = asalto_with_input(&["show", "-", "--territory", "--format", "json"], &sgf);
    let v: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    let t = &v["territory"];
    assert_eq!(t["rules"], "japanese", "{t}");
    assert_eq!(t["counting"], "territory", "{t}");
    assert_eq!(t["dead"], serde_json::json!(["A6"]), "{t}");
    assert_eq!(t["dead_stones"]["white"], 1, "{t}");
    assert_eq!(t["prisoners"]["black"], 1, "{t}");
    assert_eq!(t["territory"]["black"], 16, "{t}");
    assert_eq!(t["territory"]["white"], 45, "{t}");
    assert_eq!(t["points"]["black"], 18, "{t}");
    assert_eq!(t["komi"], 6.5, "{t}");
    assert_eq!(t["score"], "W+33.5", "{t}");
    assert_eq!(t["result"], "W+33.5", "{t}");
    let owners = t["owners"].as_str().unwrap();
    assert_eq!(owners.len(), 81);
    assert_eq!(&owners[27..36], "bbbwwwwww", "{t}");

    let svg = asalto_with_input(&["show", "-", "--territory", "--format", "svg"], &sgf);
    let svg = svg.stdout;
    assert_eq!(svg.matches(r#"class="white dead""#).count(), 1, "{svg}");
    assert_eq!(
        svg.matches(r#"<path class="dead-mark""#).count(),
        1,
        "{svg}"
    );
    // Black's 16 points (the dead stone's among them), White's 45.
    assert_eq!(svg.matches(r#"class="owner-black""#).count(), 16, "{svg}");
    assert_eq!(svg.matches(r#"class="owner-white""#).count(), 45, "{svg}");
    assert!(
        svg.contains("territory count: black 18, white 45, komi 6.5: W+33.5"),
        "{svg}"
    );
}

/// GTP has no setup command: stones set up between moves are written as
/// `play` commands when they make the same position, and setup that takes
/// a stone off is refused at its line:column with exit 2 and nothing on
/// standard output, never dropped.
#[test]
fn export_to_gtp_writes_or_refuses_setup_between_moves() {
    let dir = tempfile::tempdir().unwrap();
    let added = dir.path().join("added.sgf");
    std::fs::write(
        &added,
        "(;GM[1]SZ[9]\n;B[cc];W[gg]\n;AB[ee]AW[ff]PL[B]\n;B[dd])\n",
    )
    .unwrap();
    let run = asalto(&["export", added.to_str().unwrap(), "--to", "gtp"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "boardsize 9\nclear_board\nkomi 0\nplay B C7\nplay W G3\nplay B E5\nplay W F4\nplay B D6\n"
    );

    let removed = dir.path().join("removed.sgf");
    std::fs::write(&removed, "(;GM[1]SZ[9]\n;B[cc];W[gg]\n;AE[cc]\n;B[dd])\n").unwrap();
    let path = removed.to_str().unwrap();
    let run = asalto(&["export", path, "--to", "gtp"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr.contains(&format!(
            "{path}:3:1: the setup after move 2 takes the stone off C7: GTP has no command that removes a stone; nothing exported (--to sgf keeps this setup)"
        )),
        "{}",
        run.stderr
    );
    // SGF keeps it.
    let run = asalto(&["export", path, "--to", "sgf"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(";AE[cc]"), "{}", run.stdout);
}

#[test]
fn export_writes_sgf_gtp_prolog_and_json() {
    let moves = sgf_moves(&std::fs::read_to_string(SHORT).unwrap());
    let sgf = asalto(&["export", SHORT, "--to", "sgf"]);
    assert_eq!(sgf.code, 0, "{}", sgf.stderr);
    assert_eq!(sgf_moves(&sgf.stdout), moves);
    // The canonical SGF checks valid again, with the same moves.
    let again = asalto_with_input(&["check", "--game", "go", "-"], &sgf.stdout);
    assert_eq!(again.code, 0, "{}", again.stdout);
    assert!(again.stdout.contains(&format!("{} moves", moves.len())));

    let gtp = asalto(&["export", SHORT, "--to", "gtp"]);
    let plays: Vec<&str> = gtp
        .stdout
        .lines()
        .filter(|l| l.starts_with("play "))
        .collect();
    assert_eq!(plays.len(), moves.len());
    assert!(gtp.stdout.starts_with("boardsize 9\n"));
    // GTP: columns A..J without I, rows from the bottom.
    let vertex = |letters: &str| {
        let b = letters.as_bytes();
        if b.is_empty() || letters == "tt" {
            return "pass".to_string();
        }
        let col = b"ABCDEFGHJ"[usize::from(b[0] - b'a')] as char;
        format!("{col}{}", 9 - usize::from(b[1] - b'a'))
    };
    for ((colour, letters), line) in moves.iter().zip(&plays) {
        assert_eq!(*line, format!("play {colour} {}", vertex(letters)));
    }

    let prolog = asalto(&["export", SHORT, "--to", "prolog"]);
    let facts: Vec<&str> = prolog
        .stdout
        .lines()
        .filter(|l| l.starts_with("move("))
        .collect();
    assert_eq!(facts.len(), moves.len());
    let (colour, letters) = &moves[0];
    let b = letters.as_bytes();
    assert_eq!(
        facts[0],
        format!(
            "move(1, \"{}\", [{},{}]).",
            colour.to_ascii_lowercase(),
            b[1] - b'a',
            b[0] - b'a'
        )
    );
    assert!(
        prolog
            .stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("board([[")
    );

    let json = asalto(&["export", SHORT, "--to", "json"]);
    let v: Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(
        (v["game"].as_str(), v["rules"].as_str()),
        (Some("go"), Some("seed-2019"))
    );
    assert_eq!(v["moves"].as_array().unwrap().len(), moves.len());
}

#[test]
fn export_refuses_the_other_games_targets_and_invalid_records() {
    let run = asalto(&["export", SHORT, "--to", "text"]);
    assert_eq!(run.code, 2);
    let run = asalto(&["export", "samples/ejemplo.txt", "--to", "gtp"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("for Go records"), "{}", run.stderr);
    let run = asalto(&["export", "--rules", "seed-2019", SUICIDES, "--to", "sgf"]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("line 64:2"), "{}", run.stderr);
    let run = asalto(&[
        "export",
        "--rules",
        "seed-2019",
        SUICIDES,
        "--to",
        "sgf",
        "--keep-partial",
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.starts_with("(;"), "{}", run.stdout);
}

#[test]
fn diff_finds_the_first_different_move() {
    let run = asalto(&["diff", SHORT, SHORT]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.starts_with("same game:"), "{}", run.stdout);

    let text = std::fs::read_to_string(SHORT).unwrap();
    let moves = sgf_moves(&text);
    let (colour, letters) = &moves[1];
    // Move 2 one row lower (still on the board, letters `a`..`i`).
    let lower = format!("{}{}", &letters[..1], (letters.as_bytes()[1] + 1) as char);
    assert!(lower.as_bytes()[1] <= b'i');
    let changed = text.replacen(
        &format!(";{colour}[{letters}]"),
        &format!(";{colour}[{lower}]"),
        1,
    );
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.sgf");
    std::fs::write(&other, changed).unwrap();
    let other = other.to_str().unwrap();
    let run = asalto(&["diff", "--format", "json", SHORT, other]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        (v["game"].as_str(), v["same"].as_bool()),
        (Some("go"), Some(false))
    );
    assert_eq!(v["first_difference"]["ply"].as_u64(), Some(2));
    let row = |l: &str| 9 - usize::from(l.as_bytes()[1] - b'a');
    let expected = |l: &str| {
        format!(
            "{}{}",
            b"ABCDEFGHJ"[usize::from(l.as_bytes()[0] - b'a')] as char,
            row(l)
        )
    };
    assert_eq!(*colour, 'W');
    assert_eq!(v["first_difference"]["side"], "white");
    assert_eq!(
        v["first_difference"]["reference"],
        expected(letters).as_str()
    );
    assert_eq!(v["first_difference"]["other"], expected(&lower).as_str());
}

/// `RU` chooses the profile; every output says which and from where; an
/// unknown `RU` is a warning and the default judges.
#[test]
fn ru_chooses_the_profile_and_every_output_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    // Two stones of Black's taken by its own move: legal only where
    // suicide is.
    let nz = write("nz.sgf", "(;RU[NZ]SZ[3]AB[aa]AW[ca][bb][ab];B[ba])");
    let run = asalto(&["check", &nz]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with(&format!("{nz}: valid (new-zealand, from RU[NZ]), 1 game")),
        "{}",
        run.stdout
    );
    let run = asalto(&["check", "--rules", "japanese", &nz]);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with(&format!("{nz}: invalid (japanese, from --rules)")),
        "{}",
        run.stdout
    );
    let run = asalto(&["check", "--format", "json", &nz]);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        (&v["rules"], &v["rules_from"], &v["ru"]),
        (
            &Value::from("new-zealand"),
            &Value::from("file"),
            &Value::from("NZ")
        )
    );
    let run = asalto(&["check", "--format", "json", "--rules", "simple-ko", &nz]);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        (&v["rules"], &v["rules_from"]),
        (&Value::from("simple-ko"), &Value::from("option"))
    );

    let house = write("house.sgf", "(;RU[House rules]SZ[9];B[ee])");
    let run = asalto(&["check", &house]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with(&format!("{house}: valid (simple-ko, default) (1 warning)")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("asalto::unknown-rules"),
        "{}",
        run.stdout
    );
    let run = asalto(&["check", "--format", "json", &house]);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        (&v["rules_from"], &v["ru"]),
        (&Value::from("default"), &Value::from("House rules"))
    );
    assert_eq!(v["problems"][0]["code"], "unknown-rules");
}

/// A game won by resignation is said as written; the count of its board
/// is named an estimate, and `RE` is not compared with it.
#[test]
fn a_resignation_is_not_presented_as_a_count() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.sgf");
    std::fs::write(
        &path,
        "(;RU[Japanese]KM[6.5]RE[W+R]PB[Ann]BR[3d]PW[Bo]DT[2024-01-02]EV[Cup]SZ[9];B[ee])",
    )
    .unwrap();
    let path = path.to_string_lossy().into_owned();
    let run = asalto(&["check", &path]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(
        run.stdout,
        format!(
            "{path}: valid (japanese, from RU[Japanese]), 1 game, 1 move; RE[W+R]: white won by resignation (estimate: territory count black 80, white 0, komi 6.5, 0 dead stones: B+73.5)\n"
        )
    );
    let run = asalto(&["check", "--format", "json", &path]);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["estimate"], true);
    // The estimate is the count, not the count `RE` was verified against.
    assert_eq!(v["count"], Value::Null);
    assert_eq!(
        v["estimated_count"],
        serde_json::json!({"counting": "territory", "black": 80, "white": 0, "komi": 6.5,
            "result": "B+73.5", "dead_stones": {"black": 0, "white": 0}})
    );
    assert_eq!(v["result"]["by"], "resignation");
    assert_eq!(v["result"]["winner"], "white");
    assert_eq!(v["result"]["compared"], false);
    assert_eq!(v["result"]["text"], "white won by resignation");

    // `show` gives the game information.
    let run = asalto(&["show", &path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for line in [
        "black: Ann (3d)",
        "white: Bo",
        "date: 2024-01-02",
        "event: Cup",
        "result: W+R: white won by resignation",
        "komi: 6.5",
        "rules: Japanese",
    ] {
        assert!(
            run.stdout.lines().any(|l| l == line),
            "{line}:\n{}",
            run.stdout
        );
    }
    assert!(
        run.stdout
            .starts_with(&format!("{path}: after move 1 of 1 (japanese)"))
    );
    let run = asalto(&["show", "--format", "json", &path]);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["rules"], "japanese");
    assert_eq!(v["rules_from"], "file");
    assert_eq!(v["info"]["black"], "Ann");
    assert_eq!(v["info"]["black_rank"], "3d");
    assert_eq!(v["info"]["white_rank"], Value::Null);
    assert_eq!(v["info"]["result"], "W+R");
    assert_eq!(v["info"]["komi"], 6.5);
    assert_eq!(v["info"]["rules"], "Japanese");

    // A half-point margin with whole komi: said, not compared.
    let odd = dir.path().join("odd.sgf");
    std::fs::write(&odd, "(;KM[6]RE[W+0.5]SZ[9];B[ee])").unwrap();
    let run = asalto(&["check", odd.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout
            .contains("(RE[W+0.5] not compared: no count with komi 6 gives it)"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("warning"), "{}", run.stdout);
}

/// The toolkit's selfplay records name their profile in `RU`: a plain
/// `check` judges them under it.
#[test]
fn selfplay_tromp_taylor_records_are_valid_under_a_plain_check() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games");
    let run = asalto(&[
        "selfplay",
        "--game",
        "go",
        "--rules",
        "tromp-taylor",
        "--size",
        "9",
        "--games",
        "30",
        "--seed",
        "5",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let run = asalto(&["check", out.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines.last(),
        Some(&"30 files: 30 valid, 0 invalid"),
        "{}",
        run.stdout
    );
    assert!(
        lines[..30]
            .iter()
            .all(|l| l.contains(": valid (tromp-taylor, from RU[tromp-taylor])")),
        "{}",
        run.stdout
    );
    // Under the default, some of them are not: their suicides.
    let run = asalto(&["check", "--rules", "simple-ko", out.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stdout);
}

/// `show --format json` for Go says what it says for the other games: the
/// legal moves of the side to move (every point of an empty board and a
/// pass, in board order) and the record's first error, as `check` names
/// it (`stopped`; null for a valid record).
#[test]
fn show_json_lists_the_legal_moves_and_the_first_error() {
    let run = asalto(&["show", SHORT, "--ply", "0", "--format", "json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    let mut empty: Vec<String> = Vec::new();
    for row in (1..=9).rev() {
        for col in "ABCDEFGHJ".chars() {
            empty.push(format!("{col}{row}"));
        }
    }
    empty.push("pass".into());
    let legal: Vec<&str> = v["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(legal, empty);
    assert!(v["stopped"].is_null(), "{v:#}");

    let broken = "samples/go/broken.sgf";
    let run = asalto(&["show", broken, "--format", "json"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let shown: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    let check = asalto(&["check", broken, "--format", "json"]);
    let checked: Value = serde_json::from_str(check.stdout.trim()).unwrap();
    let first = checked["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["severity"] == "error")
        .unwrap();
    let stopped = &shown["stopped"];
    for field in ["code", "line", "ply", "message"] {
        assert_eq!(stopped[field], first[field], "{field}: {stopped:#}");
    }
    assert_eq!(stopped["code"], "occupied");
}

/// A resignation's estimate is the count a counted `RE` is verified
/// against (dead stones judged, the profile's counting and komi): the
/// sample resigned under Japanese rules gets a territory count with its
/// dead stones, in text as in JSON; under Chinese rules an area count; a
/// record without `RE` keeps the plain area score of its final board.
#[test]
fn go_resignation_is_estimated_by_the_count_of_its_rules() {
    let path = "samples/go/resignation.sgf";
    let run = asalto(&["check", "--format", "json", path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    let e = &v["estimated_count"];
    assert_eq!(e["counting"], "territory", "{v}");
    assert_eq!(e["komi"], 6.5, "{v}");
    let dead =
        e["dead_stones"]["black"].as_u64().unwrap() + e["dead_stones"]["white"].as_u64().unwrap();
    // Stones are left dead on the board of a resigned game.
    assert!(dead > 0, "{v}");
    // Not the area score of the board with every stone alive.
    assert_ne!(
        (&e["black"], &e["white"]),
        (&v["score"]["black"], &v["score"]["white"]),
        "{v}"
    );
    let text = asalto(&["check", path]);
    assert_eq!(
        text.stdout,
        format!(
            "{path}: valid (japanese, from RU[Japanese]), 1 game, 149 moves; RE[B+R]: black won by resignation \
             (estimate: territory count black {}, white {}, komi 6.5, {dead} dead stones: {})\n",
            e["black"],
            e["white"],
            e["result"].as_str().unwrap()
        )
    );

    let dir = tempfile::tempdir().unwrap();
    let record = std::fs::read_to_string(path).unwrap();
    let chinese = dir.path().join("chinese.sgf");
    std::fs::write(&chinese, record.replace("RU[Japanese]", "RU[Chinese]")).unwrap();
    let chinese = chinese.to_string_lossy().into_owned();
    let run = asalto(&["check", "--format", "json", &chinese]);
    let c: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(c["estimated_count"]["counting"], "area", "{c}");
    let run = asalto(&["check", &chinese]);
    assert!(
        run.stdout.contains(&format!(
            "RE[B+R]: black won by resignation (estimate: area count black {}, white {}, komi 6.5,",
            c["estimated_count"]["black"], c["estimated_count"]["white"]
        )),
        "{}",
        run.stdout
    );

    let unfinished = dir.path().join("no-re.sgf");
    std::fs::write(&unfinished, record.replace("RE[B+R]", "")).unwrap();
    let unfinished = unfinished.to_string_lossy().into_owned();
    let run = asalto(&["check", &unfinished]);
    assert!(
        run.stdout
            .ends_with("149 moves; area score black 101, white 76, komi 6.5: B+18.5\n"),
        "{}",
        run.stdout
    );
    let run = asalto(&["check", "--format", "json", &unfinished]);
    let n: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(n["estimated_count"], Value::Null, "{n}");
}

const VARIATIONS: &str = "samples/go/variations.sgf";

/// `--variation N` reads line N of the first tree (0: the main line) in
/// `check`, `show` and `export`, numbered as `--all-variations` numbers
/// them; a line the tree does not have is `no-variation`, with how many
/// it has.
#[test]
fn go_variation_picks_a_line_for_check_show_and_export() {
    let check = asalto(&["check", "--variation", "2", VARIATIONS]);
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(
        check.stdout.contains(", 1 game, 15 moves;"),
        "{}",
        check.stdout
    );
    let main = asalto(&["check", "--variation", "0", VARIATIONS]);
    assert!(
        main.stdout.contains(", 1 game, 77 moves;"),
        "{}",
        main.stdout
    );

    let show = asalto(&["show", "--variation", "3", VARIATIONS, "--format", "json"]);
    assert_eq!(show.code, 0, "{}", show.stderr);
    let json: Value = serde_json::from_str(&show.stdout).unwrap();
    assert_eq!(json["last_move"]["ply"], 11, "{json}");

    let gtp = asalto(&["export", "--variation", "3", VARIATIONS, "--to", "gtp"]);
    assert_eq!(gtp.code, 0, "{}", gtp.stderr);
    let plays: Vec<&str> = gtp
        .stdout
        .lines()
        .filter(|l| l.starts_with("play"))
        .collect();
    assert_eq!(plays.len(), 11);
    assert_eq!(plays[6], "play B C2");

    let sgf = asalto(&["export", "--variation", "1", VARIATIONS, "--to", "sgf"]);
    assert_eq!(sgf.code, 0, "{}", sgf.stderr);
    assert!(
        sgf.stdout.contains("C[Safer: the lower side first.]"),
        "{}",
        sgf.stdout
    );
    assert!(!sgf.stdout.contains("Cutting at once"), "{}", sgf.stdout);

    for command in [
        &["check", "--variation", "4", VARIATIONS][..],
        &["show", "--variation", "4", VARIATIONS],
        &["export", "--variation", "4", VARIATIONS, "--to", "sgf"],
    ] {
        let run = asalto(command);
        assert_eq!(run.code, 1, "{command:?}: {}", run.stdout);
        let said = run.stdout.clone() + &run.stderr;
        assert!(
            said.contains("no variation 4: the first game tree has 4 lines")
                && said.contains("[no-variation]"),
            "{command:?}: {said}"
        );
        if command[0] == "export" {
            assert_eq!(run.stdout, "", "{command:?}");
        }
    }
}

/// A `--variation` the tree does not have replays no line, but the file
/// was still judged under the rules its root names (`RU`, or `--rules`
/// over it), not the default: in the summary line and in JSON.
#[test]
fn go_missing_variation_names_the_profile_of_the_file() {
    let run = asalto(&["check", "--variation", "9", VARIATIONS]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.starts_with(&format!(
            "{VARIATIONS}: invalid (chinese, from RU[Chinese]): line 1:2: no variation 9"
        )) && run.stdout.contains("[no-variation]"),
        "{}",
        run.stdout
    );
    let run = asalto(&["check", "--variation", "9", "--format", "json", VARIATIONS]);
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(v["games"], 0, "{v}");
    assert_eq!(v["problems"][0]["code"], "no-variation", "{v}");
    assert_eq!(
        (&v["rules"], &v["rules_from"], &v["ru"]),
        (
            &Value::from("chinese"),
            &Value::from("file"),
            &Value::from("Chinese")
        ),
        "{v}"
    );

    // `--rules` overrides the file's `RU`, which JSON still gives.
    let args = ["check", "--variation", "9", "--rules", "japanese"];
    let run = asalto(&[&args[..], &[VARIATIONS]].concat());
    assert!(
        run.stdout
            .starts_with(&format!("{VARIATIONS}: invalid (japanese, from --rules):")),
        "{}",
        run.stdout
    );
    let run = asalto(&[&args[..], &["--format", "json", VARIATIONS]].concat());
    let v: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        (&v["rules"], &v["rules_from"], &v["ru"]),
        (
            &Value::from("japanese"),
            &Value::from("option"),
            &Value::from("Chinese")
        ),
        "{v}"
    );

    // `show` reports the same line on standard error.
    let run = asalto(&["show", "--variation", "9", VARIATIONS]);
    assert!(
        run.stderr.contains("invalid (chinese, from RU[Chinese])"),
        "{}",
        run.stderr
    );
}

/// Other games do not read `--variation`.
#[test]
fn go_variation_is_refused_for_other_games() {
    let run = asalto(&["check", "--variation", "1", "samples/ejemplo.txt"]);
    assert_eq!(run.code, 2, "{} {}", run.stdout, run.stderr);
    assert!(run.stderr.contains("--variation"), "{}", run.stderr);
}

/// `export --to sgf` keeps comments, names and properties it does not
/// know on the main line: parsed again, the same properties.
#[test]
fn go_export_to_sgf_keeps_comments_and_unknown_properties() {
    let record = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Ann]GN[Final]C[root comment]XZ[mine]\n;B[ee]C[first]BL[299]\n;C[between]\n;W[cc]N[named]\n;B[])\n";
    let run = asalto_with_input(&["export", "--game", "go", "-", "--to", "sgf"], record);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    for kept in [
        "GN[Final]",
        "C[root comment]",
        "XZ[mine]",
        ";B[ee]C[first]BL[299]",
        ";C[between]",
        ";W[cc]N[named]",
    ] {
        assert!(out.contains(kept), "{kept}: {out}");
    }
    let again = asalto_with_input(&["export", "--game", "go", "-", "--to", "sgf"], out);
    assert_eq!(&again.stdout, out);
}
