//! `asalto solve` and `asalto generate --game solitaire`: the challenge's
//! worked cases, every input form, counts against an independent slow
//! reference written here (a 4×4 array of letters, captures found by
//! walking each piece's directions, a recursive counter with no table),
//! exit codes, bad input in a batch, closed pipes, and the round trip from
//! `generate` to `solve`.

use std::io::{BufRead, BufReader};
use std::process::{Command as StdCommand, Stdio};

use crate::run::{asalto, asalto_with_input};

/// The challenge's six test cases and their given answers.
pub(crate) const CASES: [(&str, &str); 6] = [
    ("...N.....R....B.", "[[[2,0],[1,1]],[[1,1],[3,3]]]"),
    (
        ".....B..RP.....N",
        "[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]",
    ),
    (
        ".NR.B...N..B..P.",
        "[[[2,0],[3,1]],[[0,1],[1,3]],[[0,2],[1,3]],[[2,3],[1,3]],[[3,1],[1,3]]]",
    ),
    (
        "...N...RRBB.NPP.",
        "[[[2,1],[3,2]],[[1,1],[3,3]],[[3,2],[1,0]],[[3,3],[0,0]],[[0,1],[0,0]],[[0,0],[1,0]],[[1,0],[2,0]]]",
    ),
    (
        "P....R..R.R..R..",
        "[[[0,3],[1,2]],[[1,2],[2,1]],[[2,1],[1,0]],[[1,0],[0,1]]]",
    ),
    (
        ".P.NK.....B...RQ",
        "[[[3,0],[2,0]],[[2,0],[2,1]],[[3,3],[2,1]],[[2,1],[1,3]],[[0,2],[1,3]]]",
    ),
];

/// The reference's board: `b[y][x]`, `y = 0` the bottom rank.
pub(crate) type Board = [[char; 4]; 4];

pub(crate) fn board(s: &str) -> Board {
    let cells: Vec<char> = s.chars().collect();
    assert_eq!(cells.len(), 16);
    let mut b = [['.'; 4]; 4];
    for (i, &c) in cells.iter().enumerate() {
        let (x, y) = (i % 4, 3 - i / 4);
        b[y][x] = if "KQRBNP".contains(c) { c } else { '.' };
    }
    b
}

pub(crate) fn pieces(b: &Board) -> usize {
    b.iter().flatten().filter(|&&c| c != '.').count()
}

/// Every capture of `b`: ((x, y), (x, y)), found square by square.
pub(crate) fn captures(b: &Board, thinkfun: bool) -> Vec<((i32, i32), (i32, i32))> {
    const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    let at = |x: i32, y: i32| -> Option<char> {
        ((0..4).contains(&x) && (0..4).contains(&y)).then(|| b[y as usize][x as usize])
    };
    let mut out = Vec::new();
    for y in 0..4 {
        for x in 0..4 {
            let piece = b[y as usize][x as usize];
            let (dirs, slide): (Vec<(i32, i32)>, bool) = match piece {
                'K' => ([ROOK, BISHOP].concat(), false),
                'Q' => ([ROOK, BISHOP].concat(), true),
                'R' => (ROOK.to_vec(), true),
                'B' => (BISHOP.to_vec(), true),
                'N' => (KNIGHT.to_vec(), false),
                'P' if thinkfun => (vec![(1, 1), (-1, 1)], false),
                'P' => (BISHOP.to_vec(), false),
                _ => continue,
            };
            for (dx, dy) in dirs {
                let (mut tx, mut ty) = (x + dx, y + dy);
                while let Some(c) = at(tx, ty) {
                    if c != '.' {
                        out.push(((x, y), (tx, ty)));
                        break;
                    }
                    if !slide {
                        break;
                    }
                    tx += dx;
                    ty += dy;
                }
            }
        }
    }
    out
}

pub(crate) fn play(b: &Board, ((fx, fy), (tx, ty)): ((i32, i32), (i32, i32))) -> Board {
    let mut next = *b;
    next[ty as usize][tx as usize] = b[fy as usize][fx as usize];
    next[fy as usize][fx as usize] = '.';
    next
}

/// The number of solutions, by trying every sequence of captures.
pub(crate) fn count(b: &Board, thinkfun: bool) -> u64 {
    if pieces(b) == 1 {
        return 1;
    }
    captures(b, thinkfun)
        .into_iter()
        .map(|c| count(&play(b, c), thinkfun))
        .sum()
}

/// The moves of a move list `[[[x,y],[x,y]], ...]` (digits only).
pub(crate) fn moves(list: &str) -> Vec<((i32, i32), (i32, i32))> {
    let digits: Vec<i32> = list
        .chars()
        .filter_map(|c| c.to_digit(10))
        .map(|d| d as i32)
        .collect();
    assert_eq!(digits.len() % 4, 0, "{list}");
    digits
        .chunks(4)
        .map(|m| ((m[0], m[1]), (m[2], m[3])))
        .collect()
}

/// Whether `list` solves `puzzle` by the reference's rules.
fn solves(puzzle: &str, list: &str, thinkfun: bool) -> bool {
    let mut b = board(puzzle);
    for m in moves(list) {
        if !captures(&b, thinkfun).contains(&m) {
            return false;
        }
        b = play(&b, m);
    }
    pieces(&b) == 1
}

/// The move list on the `moves:` line of `solve`'s output.
fn moves_line(stdout: &str) -> &str {
    stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("moves: "))
        .unwrap_or_else(|| panic!("no moves line in {stdout}"))
}

/// The reference agrees with the challenge's page but for one answer: case
/// 3's fifth capture takes a pawn two squares away. The reference must see
/// that, or it checks nothing.
#[test]
fn the_reference_rejects_exactly_the_wrong_given_answer() {
    let valid: Vec<bool> = CASES.iter().map(|(p, a)| solves(p, a, false)).collect();
    assert_eq!(valid, [true, true, false, true, true, true]);
}

/// `solve` answers each of the challenge's cases with a solution the
/// reference accepts, and its count is the reference's, under both rules.
#[test]
fn the_challenges_cases_are_solved_and_counted() {
    for (puzzle, _) in CASES {
        let run = asalto(&["solve", puzzle]);
        assert_eq!(run.code, 0, "{puzzle}: {}{}", run.stdout, run.stderr);
        assert!(
            solves(puzzle, moves_line(&run.stdout), false),
            "{puzzle}: {}",
            run.stdout
        );
        for (rules, thinkfun) in [("codegolf", false), ("thinkfun", true)] {
            let run = asalto(&["solve", "--count", "--rules", rules, puzzle]);
            let expected = count(&board(puzzle), thinkfun);
            let words = match expected {
                0 => "no solution".to_string(),
                1 => "1 solution".to_string(),
                n => format!("{n} solutions"),
            };
            assert!(
                run.stdout
                    .starts_with(&format!("{puzzle} ({rules}): {words}")),
                "{puzzle} {rules}: {}",
                run.stdout
            );
            assert_eq!(run.code, if expected == 0 { 1 } else { 0 }, "{puzzle}");
        }
    }
    // The numbers the crate's README gives.
    assert_eq!(count(&board("P....R..R.R..R.."), false), 14);
    assert_eq!(count(&board("P....R..R.R..R.."), true), 0);
    assert_eq!(count(&board(".NR.B...N..B..P."), false), 204);
}

/// Case 2, whose given answer is the one the engine finds first: the exact
/// output, moves and boards.
#[test]
fn a_solution_is_shown_as_moves_and_boards() {
    let run = asalto(&["solve", ".....B..RP.....N"]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        ".....B..RP.....N (codegolf): solved in 3 captures\n  \
         moves: [[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]\n  \
         1. Nd1xb2   .....B..RN......\n  \
         2. Ra2xb2   .....B...R......\n  \
         3. Rb2xb3   .....R..........\n"
    );
    let drawn = asalto(&["solve", "--draw", ".....B..RP.....N"]);
    assert!(drawn.stdout.contains("2  R [N] .  ."), "{}", drawn.stdout);
}

/// Every input form of the challenge reads the same puzzle, on the command
/// line and in a file.
#[test]
fn every_input_form_is_accepted() {
    let forms = [
        ".....B..RP.....N",
        "....\n.B..\nRP..\n...N",
        "[['.', '.', '.', '.'], ['.', 'B', '.', '.'], ['R', 'P', '.', '.'], ['.', '.', '.', 'N']]",
        "[[0,0,0,0],[0,4,0,0],[3,6,0,0],[0,0,0,5]]",
        "[[1, 2, 'B'], [0, 1, 'R'], [1, 1, 'P'], [3, 0, 'N']]",
        "['....', '.B..', 'RP..', '...N']",
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, form) in forms.iter().enumerate() {
        let run = asalto(&["solve", form]);
        assert_eq!(run.code, 0, "{form}: {}", run.stderr);
        assert!(
            run.stdout
                .starts_with(".....B..RP.....N (codegolf): solved"),
            "{form}: {}",
            run.stdout
        );
        let path = dir.path().join(format!("p{i}.txt"));
        std::fs::write(&path, format!("# one puzzle\n{form}\n")).unwrap();
        let run = asalto(&["solve", "--count", path.to_str().unwrap()]);
        assert_eq!(run.code, 0, "{form}: {}", run.stderr);
        assert!(
            run.stdout
                .contains(".....B..RP.....N (codegolf): 1 solution"),
            "{form}: {}",
            run.stdout
        );
    }
    // A record's `rules:` line names the profile; `--rules` overrides it.
    let run = asalto_with_input(
        &["solve", "--count", "-"],
        "rules: thinkfun\nP....R..R.R..R..\n...N.....R....B.\n",
    );
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("<stdin>:2: P....R..R.R..R.. (thinkfun): no solution"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("(it has one under --rules codegolf)"));
    let run = asalto_with_input(
        &["solve", "--count", "--rules", "codegolf", "-"],
        "rules: thinkfun\nP....R..R.R..R..\n",
    );
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("14 solutions"), "{}", run.stdout);
}

/// `--all` lists each solution once, as many as the count, each one a
/// solution by the reference.
#[test]
fn all_lists_every_solution() {
    for rules in ["codegolf", "thinkfun"] {
        for puzzle in [".NR.B...N..B..P.", "...N...RRBB.NPP.", "P....R..R.R..R.."] {
            let thinkfun = rules == "thinkfun";
            let expected = count(&board(puzzle), thinkfun);
            let run = asalto(&["solve", "--all", "--rules", rules, puzzle]);
            let listed: Vec<&str> = run
                .stdout
                .lines()
                .skip(1)
                .map(|l| l.split_whitespace().nth(1).unwrap())
                .collect();
            assert_eq!(listed.len() as u64, expected, "{puzzle} {rules}");
            let distinct: std::collections::HashSet<_> = listed.iter().collect();
            assert_eq!(distinct.len(), listed.len());
            assert!(listed.iter().all(|l| solves(puzzle, l, thinkfun)));
        }
    }
    let run = asalto(&["solve", "--all", "--max-solutions", "3", "P....R..R.R..R.."]);
    assert_eq!(run.stdout.lines().count(), 5, "{}", run.stdout);
    assert!(
        run.stdout
            .ends_with("  ... and 11 more (--max-solutions 3)\n")
    );
}

/// A batch with bad puzzles: each is named with its place and reason, and
/// the others are still solved; the worst status wins.
#[test]
fn bad_puzzles_are_reported_and_the_batch_goes_on() {
    let set = "# a set\n...N.....R....B.\nKQ..\n[[1, 1, 'B'], [1, 1, 'R']]\n.....B..RP.....N\nK...............\n";
    let run = asalto_with_input(
        &["solve", "--count", "-", "nosuchfile", "P....R..R.R..R.."],
        set,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "<stdin>:2: ...N.....R....B. (codegolf): 1 solution\n\
         <stdin>:5: .....B..RP.....N (codegolf): 1 solution\n\
         argument 3: P....R..R.R..R.. (codegolf): 14 solutions\n"
    );
    for expected in [
        "<stdin>:3:1: not a puzzle:",
        "[board-size]",
        "<stdin>:4:",
        "[duplicate-square]",
        "<stdin>:6:1: not a puzzle:",
        "[too-few-pieces]",
        "nosuchfile: no such file, and not a puzzle",
    ] {
        assert!(run.stderr.contains(expected), "{expected}: {}", run.stderr);
    }
    // On the command line, the column.
    let run = asalto(&["solve", "[[0, 0, 'K'], [4, 0, 'Q']]"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("argument 1, column ") && run.stderr.contains("[off-board]"),
        "{}",
        run.stderr
    );
    assert!(
        asalto_with_input(&["solve", "-"], "# nothing\n")
            .stderr
            .contains("no puzzle")
    );
    assert_eq!(asalto(&["solve"]).code, 2);
    assert_eq!(
        asalto(&["solve", "--rules", "chess", "...N.....R....B."]).code,
        2
    );
}

/// JSON: one document per puzzle, naming the game and the rules; bad
/// puzzles and searches stopped by the node limit too.
#[test]
fn json_names_game_and_rules() {
    let run = asalto(&[
        "solve",
        "--format",
        "json",
        "--rules",
        "thinkfun",
        "--all",
        ".....B..RP.....N",
        "KQ",
    ]);
    assert_eq!(run.code, 2);
    let docs: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), 2);
    for doc in &docs {
        assert_eq!(doc["game"], "solitaire");
        assert_eq!(doc["rules"], "thinkfun");
    }
    assert_eq!(docs[0]["solutions"], 1);
    assert_eq!(
        docs[0]["solution"][0]["xy"],
        serde_json::json!([[3, 0], [1, 1]])
    );
    assert_eq!(docs[0]["all"].as_array().unwrap().len(), 1);
    assert_eq!(docs[0]["input"]["name"], "argument 1");
    assert_eq!(docs[1]["problems"][0]["code"], "board-size");
    let run = asalto(&[
        "solve",
        "--format",
        "json",
        "--node-limit",
        "5",
        "...N...RRBB.NPP.",
    ]);
    assert_eq!(run.code, 1);
    let doc: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(doc["interrupted"]["node_limit"], 5);
    assert_eq!(doc["game"], "solitaire");
}

/// The node limit stops a search and says so (status 1); 0 means none.
#[test]
fn the_node_limit_is_reported() {
    let run = asalto(&["solve", "--count", "--node-limit", "10", "...N...RRBB.NPP."]);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "...N...RRBB.NPP. (codegolf): gave up after 10 positions (--node-limit); \
         raise the limit, or 0 for none\n"
    );
    let run = asalto(&["solve", "--count", "--node-limit", "0", "...N...RRBB.NPP."]);
    assert_eq!(run.code, 0);
    let expected = count(&board("...N...RRBB.NPP."), false);
    assert!(run.stdout.contains(&format!(": {expected} solutions")));
}

/// `--memory` sizes the table of counts: any size gives the same counts (a
/// size below the floor is raised to it), a short count prints nothing on
/// standard error, and a size that is not one is a usage error.
#[test]
fn memory_sizes_the_table_not_the_answer() {
    let puzzle = ".NR.B...N..B..P.";
    let expected = format!("{puzzle} (codegolf): 204 solutions\n");
    for size in ["1", "64K", "512M", "2G"] {
        let run = asalto(&["solve", "--count", "--memory", size, puzzle]);
        assert_eq!(run.code, 0, "{size}: {}", run.stderr);
        assert_eq!(run.stdout, expected, "{size}");
        assert_eq!(run.stderr, "", "{size}");
    }
    let json = asalto(&["solve", "--format", "json", "--memory", "1M", puzzle]);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["solutions"], 204);
    for bad in ["0", "lots", "1.5G", "99999999999G"] {
        let run = asalto(&["solve", "--count", "--memory", bad, puzzle]);
        assert_eq!(run.code, 2, "{bad}");
        assert!(
            run.stderr.contains("expected a size like"),
            "{bad}: {}",
            run.stderr
        );
    }
}

/// `solve --all ... | head -1`: no crash, no message, a normal status; and a
/// full disk is an error (exit 2).
#[test]
fn closed_pipes_and_write_errors() {
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_asalto"))
        .args(["solve", "--all", "--node-limit", "0", "KQRRBBNN........"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains("solutions"), "{first}");
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{:?}",
        output.status
    );
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("skipped: no /dev/full on this system");
        return;
    };
    let output = StdCommand::new(env!("CARGO_BIN_EXE_asalto"))
        .args(["solve", ".....B..RP.....N"])
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot write standard output"));
}

/// The puzzle lines of `generate`'s output (the others are `#` comments).
fn puzzle_lines(stdout: &str) -> Vec<&str> {
    stdout.lines().filter(|l| !l.starts_with('#')).collect()
}

/// `generate` is deterministic for a seed, makes what was asked, and every
/// puzzle has exactly one solution by `solve --count` and by the
/// reference: the round trip through the puzzle-set form.
#[test]
fn generated_puzzles_have_exactly_one_solution() {
    for rules in ["codegolf", "thinkfun"] {
        let args = [
            "generate",
            "--game",
            "solitaire",
            "--pieces",
            "6",
            "--unique",
            "--level",
            "3",
            "--count",
            "12",
            "--seed",
            "7",
            "--rules",
            rules,
        ];
        let run = asalto(&args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(asalto(&args).stdout, run.stdout, "not deterministic");
        let puzzles = puzzle_lines(&run.stdout);
        assert_eq!(puzzles.len(), 12, "{}", run.stdout);
        assert_eq!(
            run.stdout.matches("level 3 (advanced), 6 pieces").count(),
            12
        );
        let distinct: std::collections::HashSet<_> = puzzles.iter().collect();
        assert_eq!(distinct.len(), 12);
        for p in &puzzles {
            assert_eq!(p.len(), 16);
            assert_eq!(pieces(&board(p)), 6);
            assert_eq!(count(&board(p), rules == "thinkfun"), 1, "{p} {rules}");
        }
        let solved = asalto_with_input(&["solve", "--count", "--rules", rules, "-"], &run.stdout);
        assert_eq!(solved.code, 0, "{}", solved.stderr);
        assert_eq!(
            solved.stdout.matches("): 1 solution\n").count(),
            12,
            "{}",
            solved.stdout
        );
    }
    // Another seed, other puzzles.
    let a = asalto(&[
        "generate",
        "--game",
        "solitaire",
        "--count",
        "5",
        "--seed",
        "1",
    ]);
    let b = asalto(&[
        "generate",
        "--game",
        "solitaire",
        "--count",
        "5",
        "--seed",
        "2",
    ]);
    assert_ne!(puzzle_lines(&a.stdout), puzzle_lines(&b.stdout));
}

/// `--solution` writes a solution the reference accepts; JSON names the
/// game and the rules; a piece set is honoured.
#[test]
fn generate_solutions_json_and_sets() {
    let run = asalto(&[
        "generate",
        "--game",
        "solitaire",
        "--pieces",
        "5",
        "--count",
        "4",
        "--solution",
    ]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let mut seen = 0;
    for pair in lines.windows(2) {
        if let Some(moves) = pair[0].strip_prefix("# solution: ") {
            assert!(solves(pair[1], moves, false), "{pair:?}");
            seen += 1;
        }
    }
    assert_eq!(seen, 4, "{}", run.stdout);
    let run = asalto(&[
        "generate",
        "--game",
        "solitaire",
        "--set",
        "QQRRN",
        "--pieces",
        "4",
        "--count",
        "3",
        "--format",
        "json",
        "--rules",
        "thinkfun",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    for line in run.stdout.lines() {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(doc["game"], "solitaire");
        assert_eq!(doc["rules"], "thinkfun");
        assert_eq!(doc["difficulty"]["solutions"], 1);
        let puzzle = doc["puzzle"].as_str().unwrap();
        assert!(puzzle.chars().all(|c| "QRN.".contains(c)), "{puzzle}");
        assert_eq!(count(&board(puzzle), true), 1);
    }
    assert_eq!(run.stdout.lines().count(), 3);
}

/// Options that cannot give a puzzle are usage errors (2), with the reason.
#[test]
fn generate_rejects_impossible_options() {
    for (args, code) in [
        (&["generate", "--pieces", "1"][..], "too-few-pieces"),
        (&["generate", "--pieces", "11"], "too-many-pieces"),
        (
            &["generate", "--set", "KQ", "--pieces", "3"],
            "too-many-pieces",
        ),
    ] {
        let run = asalto(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.contains(code), "{args:?}: {}", run.stderr);
    }
    assert_eq!(asalto(&["generate", "--level", "5"]).code, 2);
    assert_eq!(asalto(&["generate", "--set", "KX"]).code, 2);
    assert_eq!(asalto(&["generate", "--game", "go"]).code, 2);
    // A search that gives up says so (1), after the puzzles found.
    let run = asalto(&[
        "generate",
        "--pieces",
        "9",
        "--count",
        "1",
        "--max-attempts",
        "10",
    ]);
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("gave-up"), "{}", run.stderr);
}
