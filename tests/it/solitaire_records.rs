//! `check`, `show`, `export` and `diff` on Solitaire Chess records: the
//! challenge's six given answers (one is wrong), every reason code, the
//! "no solution" claims both ways, verdicts against the slow reference of
//! `solitaire_cli` on random answers (right, wrong and cut short), the
//! boards `show` draws, exports that check again, and differences.

use serde_json::Value;

use crate::run::{Run, asalto, asalto_with_input};
use crate::solitaire_cli::{Board, CASES, board, captures, count, moves, pieces, play};

/// A temporary folder of records, named `name`.
fn folder(records: &[(String, String)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in records {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

/// Check `record` (standard input) as JSON: the one document.
fn check_json(record: &str, extra: &[&str]) -> (Run, Value) {
    let mut args = vec!["check", "--game", "solitaire", "--format", "json"];
    args.extend_from_slice(extra);
    args.push("-");
    let run = asalto_with_input(&args, record);
    let value: Value = serde_json::from_str(run.stdout.trim())
        .unwrap_or_else(|e| panic!("{e}: {}{}", run.stdout, run.stderr));
    (run, value)
}

/// The JSON documents of a run, one per line.
fn lines(run: &Run) -> Vec<Value> {
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

/// The challenge's answers as records: five are right; case 3's fifth
/// capture takes a pawn two squares away, which no profile allows.
#[test]
fn the_challenges_given_answers_are_checked() {
    let records: Vec<(String, String)> = CASES
        .iter()
        .enumerate()
        .map(|(i, (p, a))| (format!("case{}.txt", i + 1), format!("{p}\n{a}\n")))
        .collect();
    let dir = folder(&records);
    let path = dir.path().to_str().unwrap();
    let run = asalto(&["check", "--game", "solitaire", "--format", "json", path]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let docs = lines(&run);
    assert_eq!(docs.len(), 6);
    for (i, doc) in docs.iter().enumerate() {
        assert_eq!(doc["game"], "solitaire");
        assert_eq!(doc["rules"], "codegolf");
        assert_eq!(doc["puzzle"], CASES[i].0);
        assert_eq!(doc["valid"], i != 2, "case {}", i + 1);
    }
    let wrong = &docs[2];
    assert_eq!(wrong["verdict"], "wrong");
    assert_eq!(error_of(wrong)["code"], "cannot-reach");
    assert_eq!(error_of(wrong)["ply"], 5);
    assert_eq!(wrong["moves"].as_array().unwrap().len(), 4);
    // The human batch: one line each, then the tally.
    let run = asalto(&["check", "--game", "solitaire", path]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("case3.txt: invalid (codegolf): line 2:58: capture 5: a pawn cannot capture from d2 to b4 [cannot-reach]"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.ends_with("6 files: 5 valid, 1 invalid\n"));
}

/// Each wrong answer gets its code, the capture it is about, and in a
/// single check the quoted line, the help and the board before it.
#[test]
fn every_reason_has_its_code() {
    let cases: [(&str, &str, Option<u64>); 13] = [
        (".....B..RP.....N\nNd1xb2\nNd1xb2\n", "no-piece", Some(2)),
        (".....B..RP.....N\nRa2xa3\n", "not-a-capture", Some(1)),
        (".....B..RP.....N\nRa2xd1\n", "cannot-reach", Some(1)),
        ("R.RR............\nRa4xd4\n", "blocked", Some(1)),
        (".....B..RP.....N\nNd1xb2\n", "pieces-left", Some(1)),
        (".....B..RP.....N\nc3xd1\n", "no-piece", Some(1)),
        (".....B..RP.....N\nBd1xb2\n", "wrong-piece", Some(1)),
        (".....B..RP.....N\nb2xb2\n", "same-square", Some(1)),
        ("R.R.R...........\nRxa4\n", "ambiguous", Some(1)),
        (
            ".....B..RP.....N\n.....B..R......N\n",
            "not-one-capture",
            Some(1),
        ),
        (
            "...N.....R....B.\nBc1xb2\nBb2xd4\nBd4xb2\n",
            "after-solved",
            Some(3),
        ),
        (".....B..RP.....N\n", "no-answer", None),
        // Several captures on a line are read (issue 24); one without its
        // target is a syntax error about that capture.
        (".....B..RP.....N\nNd1xb2 Ra2x\n", "syntax", Some(2)),
    ];
    for (record, code, ply) in cases {
        let (run, doc) = check_json(record, &[]);
        assert_eq!(run.code, 1, "{record}");
        assert_eq!(doc["valid"], false, "{record}");
        assert_eq!(doc["game"], "solitaire");
        assert_eq!(error_of(&doc)["code"], code, "{record}: {doc}");
        assert_eq!(error_of(&doc)["ply"].as_u64(), ply, "{record}");
    }
    let run = asalto_with_input(
        &["check", "--game", "solitaire", "-"],
        ".....B..RP.....N\nNd1xb2\nRa2xb3\n",
    );
    assert_eq!(run.code, 1);
    let expected = "\
<stdin>: invalid (codegolf): line 3:1: capture 2: a rook cannot capture from a2 to b3 [cannot-reach]; 1 capture replayed
  × <stdin>: invalid record (1 error)

Error: asalto::cannot-reach

  × capture 2: a rook cannot capture from a2 to b3
   ╭─[<stdin>:3:1]
 2 │ Nd1xb2
 3 │ Ra2xb3
   · ───┬──
   ·    ╰── not a rook move
   ╰────
";
    assert!(run.stdout.starts_with(expected), "{}", run.stdout);
    assert!(run.stdout.contains("  help: "), "{}", run.stdout);
    assert!(
        run.stdout.contains(
            "The board before capture 2 (.....B..RN......):\n  4  .  .  .  .\n  3  .  B  .  .\n  2  R  N  .  .\n  1  .  .  .  .\n     a  b  c  d\n"
        ),
        "{}",
        run.stdout
    );
}

/// "No solution" is right for a puzzle without one, and wrong for one
/// with: then the check shows a solution, which the reference accepts.
#[test]
fn no_solution_claims() {
    // 14 solutions under codegolf, none under thinkfun.
    let puzzle = "P....R..R.R..R..";
    let (run, doc) = check_json(&format!("rules: thinkfun\n{puzzle}\nNone\n"), &[]);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(doc["verdict"], "no-solution");
    assert_eq!(doc["rules"], "thinkfun");
    let (run, doc) = check_json(&format!("{puzzle}\n0\n"), &["--rules", "thinkfun"]);
    assert_eq!(run.code, 0);
    assert_eq!(doc["verdict"], "no-solution");
    let (run, doc) = check_json(&format!("{puzzle}\nno solution\n"), &[]);
    assert_eq!(run.code, 1);
    assert_eq!(error_of(&doc)["code"], "claims-no-solution");
    assert!(
        error_of(&doc)["message"]
            .as_str()
            .unwrap()
            .contains("14 solutions")
    );
    let help = error_of(&doc)["help"].as_str().unwrap();
    let list = &help[help.find("([[[").unwrap() + 1..help.rfind(')').unwrap()];
    let mut b = board(puzzle);
    for m in moves(list) {
        assert!(captures(&b, false).contains(&m), "{help}");
        b = play(&b, m);
    }
    assert_eq!(pieces(&b), 1, "{help}");
}

/// A small deterministic generator (xorshift), for random answers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random board of `n` pieces.
fn random_board(rng: &mut Rng, n: usize) -> Board {
    let mut b = [['.'; 4]; 4];
    let mut placed = 0;
    while placed < n {
        let (x, y) = (rng.below(4), rng.below(4));
        if b[y][x] == '.' {
            b[y][x] = ['K', 'Q', 'R', 'B', 'N', 'P'][rng.below(6)];
            placed += 1;
        }
    }
    b
}

/// The challenge's string of a board.
fn board_string(b: &Board) -> String {
    (0..4)
        .rev()
        .flat_map(|y| (0..4).map(move |x| b[y][x]))
        .collect()
}

/// Random answers (legal walks, walks with one random capture put in,
/// walks cut short, and false values) checked in one batch, against the
/// reference's verdict and the number of the first wrong capture.
#[test]
fn verdicts_agree_with_the_reference() {
    let mut rng = Rng(0x5eed_2026);
    let mut records = Vec::new();
    let mut expected = Vec::new();
    for i in 0..240 {
        let thinkfun = i % 3 == 0;
        let n = 2 + rng.below(6);
        let start = random_board(&mut rng, n);
        let mut b = start;
        let mut answer: Vec<((i32, i32), (i32, i32))> = Vec::new();
        let mut first_wrong: Option<usize> = None;
        let claim_none = rng.below(8) == 0;
        if !claim_none {
            let inject = rng.below(3) == 0;
            let stop = rng.below(4) == 0;
            loop {
                let legal = captures(&b, thinkfun);
                if inject && first_wrong.is_none() && rng.below(3) == 0 {
                    let m = (
                        (rng.below(4) as i32, rng.below(4) as i32),
                        (rng.below(4) as i32, rng.below(4) as i32),
                    );
                    answer.push(m);
                    if legal.contains(&m) {
                        b = play(&b, m);
                        continue;
                    }
                    first_wrong = Some(answer.len());
                    break;
                }
                if legal.is_empty() || (stop && rng.below(3) == 0) {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                answer.push(m);
                b = play(&b, m);
            }
        }
        let valid = if claim_none {
            count(&start, thinkfun) == 0
        } else {
            first_wrong.is_none() && pieces(&b) == 1
        };
        let list: Vec<String> = answer
            .iter()
            .map(|((fx, fy), (tx, ty))| format!("[[{fx},{fy}],[{tx},{ty}]]"))
            .collect();
        let body = if claim_none {
            "False".to_string()
        } else if list.is_empty() {
            "[]".to_string()
        } else {
            format!("[{}]", list.join(","))
        };
        let rules = if thinkfun { "thinkfun" } else { "codegolf" };
        records.push((
            format!("r{i:03}.txt"),
            format!("rules: {rules}\n{}\n{body}\n", board_string(&start)),
        ));
        // An empty list is a false value: right only without a solution.
        let valid = if list.is_empty() && !claim_none {
            count(&start, thinkfun) == 0
        } else {
            valid
        };
        expected.push((valid, first_wrong));
    }
    let dir = folder(&records);
    let run = asalto(&[
        "check",
        "--game",
        "solitaire",
        "--format",
        "json",
        dir.path().to_str().unwrap(),
    ]);
    let docs = lines(&run);
    assert_eq!(docs.len(), expected.len());
    let mut seen = [0usize; 2];
    for (i, (doc, (valid, first_wrong))) in docs.iter().zip(&expected).enumerate() {
        assert_eq!(doc["valid"], *valid, "{}: {doc}", records[i].1);
        seen[usize::from(*valid)] += 1;
        if let Some(n) = first_wrong {
            assert_eq!(error_of(doc)["ply"], *n as u64, "{}: {doc}", records[i].1);
        }
    }
    assert!(seen[0] > 40 && seen[1] > 40, "{seen:?}");
}

/// `show` draws the board after `--ply` captures (the reference's board),
/// as text, JSON and SVG, and refuses a ply past the legal captures.
#[test]
fn show_draws_the_board_after_a_ply() {
    let (puzzle, answer) = CASES[3];
    let dir = folder(&[("answer.txt".to_string(), format!("{puzzle}\n{answer}\n"))]);
    let path = dir.path().join("answer.txt");
    let path = path.to_str().unwrap();
    let mut b = board(puzzle);
    for (i, m) in moves(answer).into_iter().enumerate() {
        b = play(&b, m);
        let ply = (i + 1).to_string();
        let run = asalto(&["show", path, "--ply", &ply, "--format", "json"]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        let doc: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(doc["game"], "solitaire");
        assert_eq!(doc["rules"], "codegolf");
        assert_eq!(doc["position"], board_string(&b), "ply {ply}");
        assert_eq!(doc["pieces"], pieces(&b) as u64);
        assert_eq!(
            doc["last_move"]["xy"],
            serde_json::json!([[m.0.0, m.0.1], [m.1.0, m.1.1]])
        );
    }
    let run = asalto(&["show", path, "--ply", "2"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.contains("after capture 2 of 7: Bb2xd4\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("  4  .  .  . [B]\n"), "{}", run.stdout);
    let run = asalto(&["show", path, "--ply", "0", "--format", "svg"]);
    assert_eq!(run.code, 0);
    let svg = roxmltree::Document::parse(&run.stdout).unwrap();
    let pieces_drawn = svg
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece"))
        .count();
    assert_eq!(pieces_drawn, 8);
    let run = asalto(&["show", path, "--ply", "8"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("past the end"), "{}", run.stderr);
    // A wrong answer: the legal part can be shown, and the status says 1.
    let (puzzle, answer) = CASES[2];
    let run = asalto_with_input(
        &["show", "--game", "solitaire", "-", "--ply", "4"],
        &format!("{puzzle}\n{answer}\n"),
    );
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("[cannot-reach]"), "{}", run.stdout);
}

/// Exports of a right answer check again as answers; a wrong one exports
/// nothing unless `--keep-partial`.
#[test]
fn exports_check_again() {
    let (puzzle, answer) = CASES[5];
    let record = format!("# written in coordinates\n{puzzle}\n{answer}\n");
    let dir = folder(&[("a.txt".to_string(), record)]);
    let path = dir.path().join("a.txt");
    let path = path.to_str().unwrap();
    let run = asalto(&["export", path, "--to", "codegolf"]);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, format!("{}\n", answer.replace(' ', "")));
    for form in ["string", "rows", "letters", "numbers", "coordinates"] {
        let run = asalto(&["export", path, "--to", "boards", "--board-form", form]);
        assert_eq!(run.code, 0, "{form}");
        let (_, doc) = check_json(&format!("{puzzle}\n{}", run.stdout), &[]);
        assert_eq!(doc["valid"], true, "{form}: {}", run.stdout);
    }
    let text = asalto(&["export", path, "--to", "text"]);
    assert!(text.stdout.contains("\nNd1xc1\n") || text.stdout.contains("\nQd1xc1\n"));
    let (_, doc) = check_json(&text.stdout, &[]);
    assert_eq!(doc["valid"], true);
    let json = asalto(&["export", path, "--to", "json"]);
    let doc: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(doc["game"], "solitaire");
    assert_eq!(doc["rules"], "codegolf");
    assert_eq!(doc["format"], "asalto-game");
    assert_eq!(doc["moves"].as_array().unwrap().len(), 5);
    // Wrong: nothing, or the legal part.
    let (puzzle, answer) = CASES[2];
    let wrong = format!("{puzzle}\n{answer}\n");
    let run = asalto_with_input(
        &["export", "--game", "solitaire", "-", "--to", "codegolf"],
        &wrong,
    );
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    assert!(run.stderr.contains("[cannot-reach]"), "{}", run.stderr);
    let run = asalto_with_input(
        &[
            "export",
            "--game",
            "solitaire",
            "-",
            "--to",
            "codegolf",
            "--keep-partial",
        ],
        &wrong,
    );
    assert_eq!(run.code, 1);
    assert_eq!(moves(&run.stdout).len(), 4);
    // "No solution", and another game's target.
    let run = asalto_with_input(
        &[
            "export",
            "--game",
            "solitaire",
            "--rules",
            "thinkfun",
            "-",
            "--to",
            "codegolf",
        ],
        "P....R..R.R..R..\nnull\n",
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, "0\n"));
    let run = asalto(&["export", path, "--to", "transcript"]);
    assert_eq!(run.code, 2);
}

/// Two answers written differently are the same; the first capture where
/// two differ is named, with the board before it.
#[test]
fn diff_compares_captures() {
    let (puzzle, answer) = CASES[1];
    let records = [
        ("coords.txt", format!("{puzzle}\n{answer}\n")),
        ("alg.txt", format!("{puzzle}\nNd1xb2\nRa2xb2\nRxBb3\n")),
        (
            "boards.txt",
            format!("{puzzle}\n.....B..RN......\n.....B...R......\n.....R..........\n"),
        ),
        ("other.txt", format!("{puzzle}\nNd1xb2\nBb3xa2\n")),
        ("else.txt", "...N.....R....B.\nBc1xb2\nBb2xd4\n".to_string()),
    ];
    let records: Vec<(String, String)> = records
        .into_iter()
        .map(|(n, t)| (n.to_string(), t))
        .collect();
    let dir = folder(&records);
    let p = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    for same in ["alg.txt", "boards.txt"] {
        let run = asalto(&["diff", &p("coords.txt"), &p(same)]);
        assert_eq!(run.code, 0, "{same}: {}", run.stdout);
        assert!(
            run.stdout.contains("same answer: 3 captures"),
            "{}",
            run.stdout
        );
    }
    let run = asalto(&[
        "diff",
        &p("coords.txt"),
        &p("other.txt"),
        "--format",
        "json",
    ]);
    assert_eq!(run.code, 1);
    let doc: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(doc["game"], "solitaire");
    assert_eq!(doc["same"], false);
    assert_eq!(doc["first_difference"]["ply"], 2);
    assert_eq!(doc["first_difference"]["reference"], "Ra2xb2");
    assert_eq!(doc["first_difference"]["other"], "Bb3xa2");
    assert_eq!(doc["first_difference"]["position"], ".....B..RN......");
    let run = asalto(&["diff", &p("coords.txt"), &p("else.txt")]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("different puzzles"), "{}", run.stdout);
}

/// Without `--game`, a file that starts with a puzzle is a Solitaire Chess
/// record; profiles of other games are usage errors.
#[test]
fn records_are_recognised_and_profiles_checked() {
    let (puzzle, answer) = CASES[0];
    let dir = folder(&[("a.txt".to_string(), format!("{puzzle}\n{answer}\n"))]);
    let path = dir.path().join("a.txt");
    let path = path.to_str().unwrap();
    let run = asalto(&["check", path]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("valid (codegolf)"), "{}", run.stdout);
    let run = asalto(&["check", "--rules", "thinkfun", path]);
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("valid (thinkfun)"), "{}", run.stdout);
    let run = asalto(&["check", "--rules", "simple-ko", path]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("codegolf, thinkfun"), "{}", run.stderr);
    let run = asalto(&["check", "--rules", "codegolf", "samples/ejemplo.txt"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("Solitaire Chess's"), "{}", run.stderr);
    // A batch of two games: each file judged by its own.
    let run = asalto(&["check", path, "samples/ejemplo.txt"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("valid (codegolf)"), "{}", run.stdout);
    assert!(run.stdout.contains("2 files: 2 valid"), "{}", run.stdout);
    // Unreadable files are errors (2); the others are still checked.
    let run = asalto(&["check", "--game", "solitaire", path, "no-such.txt"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stdout
            .contains("2 files: 1 valid, 0 invalid, 1 unreadable")
    );
}

/// The error among a check's `problems` (the notes are warnings), or null.
fn error_of(doc: &Value) -> &Value {
    doc["problems"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["severity"] == "error"))
        .unwrap_or(&Value::Null)
}
