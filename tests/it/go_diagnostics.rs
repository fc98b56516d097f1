//! Go's `check` diagnostics, shown as Asalto's: the reason code, the SGF
//! line quoted at the move's line:column with a label, help, the board
//! before an illegal move; warnings (`result-mismatch`, `--lenient`
//! repairs) marked as warnings; `--color` honoured; control characters of
//! the file and of its name escaped; long lines quoted around the problem.
//! Solitaire Chess and Mad Bishops problems go through the same renderer.
//!
//! Why: a teacher reads hundreds of these; each must say where and why,
//! exactly, and hostile text must never reach the terminal raw.

use crate::run::asalto;

/// Check `sgf` written to a file named `name` in a scratch folder, with
/// `args` before the file; the run and the file's path.
fn check(name: &str, sgf: &str, args: &[&str]) -> (crate::run::Run, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, sgf).unwrap();
    let path = path.to_str().unwrap().to_string();
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.push(&path);
    let run = asalto(&all);
    (run, path)
}

/// The output with the scratch path written as `FILE`.
fn shown(run: &crate::run::Run, path: &str) -> String {
    run.stdout.replace(path, "FILE")
}

#[test]
fn occupied_point_is_quoted_labelled_and_the_board_drawn() {
    let (run, path) = check("g.sgf", OCCUPIED, &[]);
    assert_eq!(run.code, 1);
    // The exact report, as `show`, `export` and `diff` print it too.
    assert_eq!(
        shown(&run, &path),
        OCCUPIED_REPORT.replace("BAD.SGF", "FILE")
    );
}

#[test]
fn suicide_says_why_and_how() {
    // White's stones on b5 and a4 leave a5 no liberty; black captures
    // nothing there.
    let sgf = "(;GM[1]FF[4]SZ[5]\n;B[cc];W[ba];B[dd];W[ab];B[aa])";
    let (run, path) = check("s.sgf", sgf, &[]);
    assert_eq!(run.code, 1);
    let out = shown(&run, &path);
    let report = out.split_once("\nThe board before").unwrap().0;
    assert_eq!(
        report,
        "\
FILE: invalid (simple-ko, default): line 2:26, move 5 (black): illegal move at aa: the stone's group would have no liberty and it captures nothing (suicide) [suicide]; 5 moves replayed
  × FILE: invalid record (1 error)

Error: asalto::suicide

  × move 5 (black): illegal move at aa: the stone's group would have no liberty and it captures nothing (suicide)
   ╭─[FILE:2:26]
 1 │ (;GM[1]FF[4]SZ[5]
 2 │ ;B[cc];W[ba];B[dd];W[ab];B[aa])
   ·                          ──┬──
   ·                            ╰── suicide
   ╰────
  help: captures are made first; a stone that captures nothing needs a liberty (tromp-taylor allows suicide)
"
    );
    assert!(out.contains("The board before move 5 (black A5, suicide):\n"));
}

#[test]
fn ko_recapture_is_refused_with_its_help() {
    // White takes the black stone on c4 at b4; black's immediate retake
    // on c4 repeats the position.
    let sgf = "(;GM[1]FF[4]SZ[5]AB[ba][ab][cb][bc]AW[ca][db][cc]PL[W]\n;W[bb]\n;B[cb])";
    let (run, path) = check("k.sgf", sgf, &[]);
    assert_eq!(run.code, 1);
    let out = shown(&run, &path);
    assert!(
        out.contains(
            "\
Error: asalto::ko

  × move 2 (black): illegal move at cb: "
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "   ╭─[FILE:3:2]
 2 │ ;W[bb]
 3 │ ;B[cb])
   ·  ──┬──
   ·    ╰── ko
   ╰────
  help: play elsewhere first; the seed-2019 profile has no ko rule
"
        ),
        "{out}"
    );
    // The 2019 assignment has no ko rule: the same record is valid there.
    let (run, _) = check("k.sgf", sgf, &["--rules", "seed-2019"]);
    assert_eq!(run.code, 0, "{}", run.stdout);
}

#[test]
fn wrong_side_is_labelled_at_the_second_move() {
    let (run, path) = check("w.sgf", "(;GM[1]FF[4]SZ[9];B[ee];B[dd])", &[]);
    assert_eq!(run.code, 1);
    let out = shown(&run, &path);
    assert!(
        out.contains(
            "\
Error: asalto::wrong-side

  × move 2 (black): illegal move at dd: "
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "   ╭─[FILE:1:25]
 1 │ (;GM[1]FF[4]SZ[9];B[ee];B[dd])
   ·                         ──┬──
   ·                           ╰── wrong-side
   ╰────
  help: colours alternate; after handicap stones (HA with AB) White moves first; PL[] sets the colour to move
"
        ),
        "{out}"
    );
}

#[test]
fn syntax_error_is_underlined_at_its_character() {
    let sgf = "(;GM[1]FF[4]SZ[9]\r\n;B[ee]\t;W[dd]$;B[cc])\r\n";
    let (run, path) = check("x.sgf", sgf, &[]);
    assert_eq!(run.code, 1);
    assert_eq!(
        shown(&run, &path),
        "\
FILE: invalid (simple-ko, default): line 2:14: unexpected '$' [syntax]; 2 moves replayed
  × FILE: invalid record (1 error)

Error: asalto::syntax

  × unexpected '$'
   ╭─[FILE:2:14]
 1 │ (;GM[1]FF[4]SZ[9]
 2 │ ;B[ee]  ;W[dd]$;B[cc])
   ·               ┬
   ·               ╰── here
   ╰────
"
    );
}

#[test]
fn result_mismatch_is_a_warning_of_a_valid_record() {
    let (run, path) = check("r.sgf", "(;GM[1]FF[4]SZ[9]RE[W+5]\n;B[ee];W[dd])", &[]);
    assert_eq!(run.code, 0);
    assert_eq!(
        shown(&run, &path),
        "\
FILE: valid (simple-ko, default) (1 warning), 1 game, 2 moves; area count black 1, white 1, komi 0 (0 dead stones): 0
  ⚠ FILE: valid record with 1 warning

Warning: asalto::result-mismatch

  ⚠ RE[W+5] but the area count of the final position (0 dead stones) is black 1, white 1, komi 0: 0: another winner, or more than 1 point from the record
   ╭─[FILE:1:18]
 1 │ (;GM[1]FF[4]SZ[9]RE[W+5]
   ·                  ───┬───
   ·                     ╰── result
   ╰────
  help: dead stones are judged by Benson's algorithm and seeded playouts; a game stopped before its end, a result counted under other rules (--rules) or another komi differs
"
    );
}

#[test]
fn lenient_repairs_are_warnings() {
    let (run, path) = check("l.sgf", "junk\n(;GM[1]SZ[9];B[ee]))", &["--lenient"]);
    assert_eq!(run.code, 0);
    let out = shown(&run, &path);
    assert!(
        out.contains(
            "\
Warning: asalto::leading-text

  ⚠ text before the first game tree
   ╭─[FILE:1:1]
 1 │ junk
   · ──┬─
   ·   ╰── here
   ╰────
  help: the lenient mode skips this damage with a warning
"
        ),
        "{out}"
    );
    assert!(out.contains("Warning: asalto::extra-paren\n"), "{out}");
    // Without --lenient the same damage is an error.
    let (run, _) = check("l.sgf", "junk\n(;GM[1]SZ[9];B[ee]))", &[]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("Error: asalto::leading-text\n"));
}

#[test]
fn control_characters_of_the_name_and_the_text_are_escaped() {
    let sgf = "(;GM[1]FF[4]SZ[9]PB[\x1b[2J\x07\u{202e}x]\n;B[ee];W[ee])";
    let (run, path) = check("a\x1bb.sgf", sgf, &["--color", "never"]);
    assert_eq!(run.code, 1);
    assert!(!run.stdout.contains('\x1b'), "{:?}", run.stdout);
    assert!(!run.stdout.contains('\x07'), "{:?}", run.stdout);
    assert!(!run.stdout.contains('\u{202e}'), "{:?}", run.stdout);
    let escaped = path.replace('\x1b', "\\x1b");
    assert!(run.stdout.starts_with(&format!("{escaped}: invalid")));
    assert!(
        run.stdout
            .contains(&format!("  × {escaped}: invalid record"))
    );
    assert!(run.stdout.contains(&format!("╭─[{escaped}:2:8]")));
    assert!(
        run.stdout
            .contains(" 1 │ (;GM[1]FF[4]SZ[9]PB[\\x1b[2J\\x07\\u{202e}x]\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn color_always_paints_never_and_auto_off_a_terminal_do_not() {
    let sgf = "(;GM[1]FF[4]SZ[9]\n;B[ee];W[ee])\n";
    let (always, a) = check("c.sgf", sgf, &["--color", "always"]);
    assert!(always.stdout.contains("\x1b["), "{:?}", always.stdout);
    // The same words, once the colours are taken out.
    let (never, n) = check("c.sgf", sgf, &["--color", "never"]);
    assert!(!never.stdout.contains('\x1b'));
    assert!(never.stdout.contains("Error: asalto::occupied"));
    // Off a terminal (the tests' pipe), `auto` is `never`.
    let (auto, p) = check("c.sgf", sgf, &[]);
    assert!(!auto.stdout.contains('\x1b'));
    assert_eq!(shown(&auto, &p), shown(&never, &n));
    assert_eq!(
        strip_ansi(&always.stdout).replace(&a, "FILE"),
        shown(&never, &n)
    );
}

/// `text` without ANSI SGR sequences (`ESC [ ... m`).
fn strip_ansi(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn a_long_line_is_quoted_around_the_problem_only() {
    // A whole game on one line, after a long comment: the illegal move is
    // past column 600.
    let mut sgf = format!("(;GM[1]FF[4]SZ[19]C[{}]", "x".repeat(500));
    let letters: Vec<char> = ('a'..='s').collect();
    for i in 0..40 {
        let (c, r) = (letters[i % 19], letters[i / 19]);
        let side = if i % 2 == 0 { 'B' } else { 'W' };
        sgf.push_str(&format!(";{side}[{c}{r}]"));
    }
    sgf.push_str(";B[aa])");
    let (run, path) = check("long.sgf", &sgf, &[]);
    assert_eq!(run.code, 1);
    let out = shown(&run, &path);
    let column = sgf.find(";B[aa])").unwrap() + 2;
    assert!(out.contains(&format!("╭─[FILE:1:{column}]")), "{out}");
    let quoted = out.lines().find(|l| l.starts_with(" 1 │ ")).unwrap();
    let quoted = quoted.strip_prefix(" 1 │ ").unwrap();
    assert!(quoted.starts_with('…'), "{quoted}");
    assert!(quoted.ends_with(";B[aa])"), "{quoted}");
    assert!(quoted.chars().count() <= 201, "{quoted}");
    // The label is under the move.
    let label = out.lines().find(|l| l.contains("──┬──")).unwrap();
    let at = label.chars().position(|c| c == '─').unwrap() - "   · ".chars().count();
    let under: String = quoted.chars().skip(at).take(5).collect();
    assert_eq!(under, "B[aa]", "{out}");
}

// Solitaire Chess and Mad Bishops go through the same renderer.

#[test]
fn solitaire_notes_are_warnings_and_problems_errors_in_one_report() {
    let (run, path) = check(
        "sol.txt",
        "...n...RRBB.NPP.\n...N...RR.B..PP.\n",
        &["--game", "solitaire"],
    );
    assert_eq!(run.code, 1);
    let out = shown(&run, &path);
    assert!(
        out.contains(
            "  × FILE: invalid record (1 error, 1 warning)

Warning: asalto::lowercase-letter

  ⚠ `n` is read as an empty square: only upper-case letters are pieces
   ╭─[FILE:1:4]
 1 │ ...n...RRBB.NPP.
   ·    ┬
   ·    ╰── an empty square
   ╰────
  help: write `N` if it is a piece

Error: asalto::not-one-capture
"
        ),
        "{out}"
    );
    // A record that is not one: its line quoted, escaped.
    let (run, path) = check(
        "sol.txt",
        "...N...RRBB.NPP.\n\x1b[2J\n",
        &["--game", "solitaire"],
    );
    assert_eq!(run.code, 1);
    let out = shown(&run, &path);
    assert!(!out.contains('\x1b'), "{out:?}");
    assert!(out.contains("Error: asalto::board-size\n"), "{out}");
    assert!(out.contains(" 2 │ \\x1b[2J\n"), "{out}");
}

#[test]
fn mad_bishops_honours_color_too() {
    let record = "b10xa9\nc9-b10\n";
    let (always, _) = check(
        "mb.txt",
        record,
        &["--game", "madbishops", "--color", "always"],
    );
    let (never, _) = check(
        "mb.txt",
        record,
        &["--game", "madbishops", "--color", "never"],
    );
    assert_eq!(always.code, 1);
    assert!(always.stdout.contains("\x1b["));
    assert!(!never.stdout.contains('\x1b'));
    assert!(never.stdout.contains("Error: asalto::capture-required\n"));
}

#[test]
fn a_huge_value_is_cut_in_every_line() {
    let sgf = format!("(;GM[1]FF[4]SZ[{}];B[aa])", "x".repeat(100_000));
    let (run, _) = check("big.sgf", &sgf, &[]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("Error: asalto::bad-value\n"));
    for line in run.stdout.lines() {
        assert!(line.chars().count() < 500, "{}", &line[..500]);
    }
    assert!(run.stdout.contains("… 99"), "{}", run.stdout);
}

/// Run `args` with `{}` standing for the paths of `files` (name, text)
/// written in a scratch folder; the run with every path written as its
/// file's name in upper case (`BAD.SGF`).
fn run_on(files: &[(&str, &str)], args: &[&str]) -> crate::run::Run {
    let dir = tempfile::tempdir().unwrap();
    let mut paths = Vec::new();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        paths.push((path.to_str().unwrap().to_string(), name.to_uppercase()));
    }
    let mut next = paths.iter();
    let all: Vec<&str> = args
        .iter()
        .map(|a| match *a {
            "{}" => next.next().unwrap().0.as_str(),
            a => a,
        })
        .collect();
    let mut run = asalto(&all);
    for (path, name) in &paths {
        run.stdout = run.stdout.replace(path.as_str(), name);
        run.stderr = run.stderr.replace(path.as_str(), name);
    }
    run
}

const OCCUPIED: &str = "(;GM[1]FF[4]SZ[9]\n;B[ee];W[ee])\n";

/// What `check` prints of [`OCCUPIED`]: what `show`, `export` and `diff`
/// print of it on standard error.
const OCCUPIED_REPORT: &str = "\
BAD.SGF: invalid (simple-ko, default): line 2:8, move 2 (white): illegal move at ee: the point already holds a stone [occupied]; 2 moves replayed
  × BAD.SGF: invalid record (1 error)

Error: asalto::occupied

  × move 2 (white): illegal move at ee: the point already holds a stone
   ╭─[BAD.SGF:2:8]
 1 │ (;GM[1]FF[4]SZ[9]
 2 │ ;B[ee];W[ee])
   ·        ──┬──
   ·          ╰── occupied
   ╰────

The board before move 2 (white E5, occupied):
    A B C D E F G H J
 9  . . . . . . . . .  a
 8  . . . . . . . . .  b
 7  . . + . . . + . .  c
 6  . . . . . . . . .  d
 5  . . . .(X). . . .  e
 4  . . . . . . . . .  f
 3  . . + . . . + . .  g
 2  . . . . . . . . .  h
 1  . . . . . . . . .  i
    a b c d e f g h i
white to move; captures: black 0, white 0; rules simple-ko; last move: black E5 (ee)
";

#[test]
fn show_export_and_diff_report_an_invalid_go_record_as_check_does() {
    let files = [("bad.sgf", OCCUPIED)];
    let check = run_on(&files, &["check", "{}"]);
    assert_eq!(check.code, 1);
    assert_eq!(check.stdout, OCCUPIED_REPORT);

    // show: the position on standard output, the report on standard error.
    let show = run_on(&files, &["show", "{}"]);
    assert_eq!(show.code, 1);
    assert_eq!(show.stderr, OCCUPIED_REPORT);
    assert!(
        show.stdout
            .starts_with("BAD.SGF: after move 2 of 2 (simple-ko)\n"),
        "{}",
        show.stdout
    );
    // The same with a JSON or SVG product: standard output stays clean.
    for format in ["json", "svg"] {
        let show = run_on(&files, &["show", "--format", format, "{}"]);
        assert_eq!(show.code, 1);
        assert_eq!(show.stderr, OCCUPIED_REPORT, "{format}");
        assert!(!show.stdout.contains("asalto::"), "{format}");
    }

    // export: nothing written, the report and what was not done.
    let export = run_on(&files, &["export", "--to", "sgf", "{}"]);
    assert_eq!(export.code, 1);
    assert_eq!(export.stdout, "");
    assert_eq!(
        export.stderr,
        format!(
            "{OCCUPIED_REPORT}asalto: BAD.SGF: invalid record; nothing exported (--keep-partial exports the game as replayed)\n"
        )
    );
    let partial = run_on(&files, &["export", "--to", "gtp", "--keep-partial", "{}"]);
    assert_eq!(partial.code, 1);
    assert_eq!(partial.stderr, OCCUPIED_REPORT);
    assert!(partial.stdout.contains("play W E5"), "{}", partial.stdout);

    // diff: each invalid record reported, then the comparison.
    let good = ("good.sgf", "(;GM[1]FF[4]SZ[9]\n;B[ee];W[dd])\n");
    let diff = run_on(&[files[0], good], &["diff", "{}", "{}"]);
    assert_eq!(diff.code, 1);
    assert_eq!(diff.stderr, OCCUPIED_REPORT);
    assert!(
        diff.stdout.starts_with(
            "BAD.SGF: invalid under simple-ko\nfirst difference at move 2:\n  BAD.SGF: white E5\n  GOOD.SGF: white D6\n"
        ),
        "{}",
        diff.stdout
    );
    let diff = run_on(&[good, files[0]], &["diff", "--format", "json", "{}", "{}"]);
    assert_eq!(diff.code, 1);
    assert_eq!(diff.stderr, OCCUPIED_REPORT);
    assert!(diff.stdout.starts_with('{'), "{}", diff.stdout);

    // A valid record: nothing on standard error.
    let diff = run_on(&[good, good], &["diff", "{}", "{}"]);
    assert_eq!((diff.code, diff.stderr.as_str()), (0, ""));
    let show = run_on(&[good], &["show", "{}"]);
    assert_eq!((show.code, show.stderr.as_str()), (0, ""));
}

#[test]
fn a_go_syntax_error_is_reported_in_full_by_show_and_export() {
    let files = [("cut.sgf", "(;GM[1]FF[4]SZ[9]\n;B[ee];W[d")];
    let check = run_on(&files, &["check", "{}"]);
    assert_eq!(check.code, 1);
    assert!(
        check.stdout.contains(
            "Error: asalto::syntax

  × a value is not closed by `]`
   ╭─[CUT.SGF:2:9]
 1 │ (;GM[1]FF[4]SZ[9]
 2 │ ;B[ee];W[d
   ·         ┬
   ·         ╰── here
   ╰────
"
        ),
        "{}",
        check.stdout
    );
    let show = run_on(&files, &["show", "{}"]);
    assert_eq!(show.code, 1);
    assert_eq!(show.stderr, check.stdout);
    let export = run_on(&files, &["export", "--to", "json", "{}"]);
    assert_eq!(export.code, 1);
    assert_eq!(
        export.stderr,
        format!(
            "{}asalto: CUT.SGF: invalid record; nothing exported (--keep-partial exports the game as replayed)\n",
            check.stdout
        )
    );
}

#[test]
fn reports_on_standard_error_honour_color() {
    let files = [("bad.sgf", OCCUPIED)];
    for args in [
        &["show", "{}"][..],
        &["export", "--to", "sgf", "{}"],
        &["diff", "{}", "{}"],
    ] {
        let with = |color: &str| {
            let mut all = args.to_vec();
            all.insert(1, color);
            all.insert(1, "--color");
            run_on(&[files[0], files[0]], &all)
        };
        let (always, never) = (with("always"), with("never"));
        assert_eq!((always.code, never.code), (1, 1), "{args:?}");
        assert!(always.stderr.contains("\x1b["), "{args:?}");
        assert!(!never.stderr.contains('\x1b'), "{args:?}");
        assert!(never.stderr.starts_with(OCCUPIED_REPORT), "{args:?}");
        // Not a terminal: no colour by default.
        let auto = run_on(&[files[0], files[0]], args);
        assert!(!auto.stderr.contains('\x1b'), "{args:?}");
    }
}

#[test]
fn an_unreadable_record_is_still_one_line_and_exit_2() {
    for args in [
        &["show", "missing.sgf"][..],
        &["export", "--to", "sgf", "missing.sgf"],
        &["diff", "missing.sgf", "missing.sgf"],
    ] {
        let run = asalto(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "", "{args:?}");
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("cannot read missing.sgf"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn mad_bishops_and_solitaire_export_report_as_check_does() {
    let mb = [("mb.txt", "b10xa9\nc9-b10\n")];
    let check = run_on(&mb, &["check", "--game", "madbishops", "{}"]);
    assert_eq!(check.code, 1);
    assert!(check.stdout.contains("Error: asalto::capture-required\n"));
    let export = run_on(
        &mb,
        &["export", "--game", "madbishops", "--to", "json", "{}"],
    );
    assert_eq!((export.code, export.stdout.as_str()), (1, ""));
    assert_eq!(
        export.stderr,
        format!(
            "{}asalto: MB.TXT: invalid record; nothing exported (--keep-partial exports its 1 legal move)\n",
            check.stdout
        )
    );

    let sol = [(
        "sol.txt",
        "...N...RRBB.NPP.\nBc2xd3\nBb2xd4\nBd3xb1\nBd4xa1\nRa2xa1\nRa1xb1\nRb1xd1\n",
    )];
    let check = run_on(&sol, &["check", "--game", "solitaire", "{}"]);
    assert_eq!(check.code, 1);
    assert!(check.stdout.contains("Error: asalto::not-a-capture\n"));
    let export = run_on(
        &sol,
        &["export", "--game", "solitaire", "--to", "codegolf", "{}"],
    );
    assert_eq!((export.code, export.stdout.as_str()), (1, ""));
    assert_eq!(
        export.stderr,
        format!(
            "{}asalto: SOL.TXT: wrong answer; nothing exported (--keep-partial exports the 6 captures that can be played)\n",
            check.stdout
        )
    );

    // Text that is no record: `check`'s report, then the refusal.
    let junk = [("junk.txt", "rules: codegolf\nxx\n")];
    let check = run_on(&junk, &["check", "--game", "solitaire", "{}"]);
    assert!(check.stdout.contains("Error: asalto::board-size\n"));
    for args in [
        &["show", "--game", "solitaire", "{}"][..],
        &["export", "--game", "solitaire", "--to", "json", "{}"],
    ] {
        let run = run_on(&junk, args);
        assert_eq!((run.code, run.stdout.as_str()), (1, ""), "{args:?}");
        assert!(
            run.stderr.starts_with(&check.stdout),
            "{args:?}: {}",
            run.stderr
        );
        assert!(
            run.stderr
                .ends_with("asalto: JUNK.TXT: not a Solitaire Chess record\n")
                || run.stderr.ends_with(
                    "asalto: JUNK.TXT: not a Solitaire Chess record; nothing exported\n"
                ),
            "{args:?}: {}",
            run.stderr
        );
    }
}

#[test]
fn an_illegal_move_names_its_side_once() {
    // Under seed-2019 two passes end the game: a stone or a pass after
    // them is illegal.
    for (moves, says) in [
        (";B[];W[];B[ee]", "move 3 (black): illegal move at ee: "),
        (";B[];W[];B[]", "move 3 (black): illegal pass: "),
    ] {
        let sgf = format!("(;GM[1]FF[4]SZ[9]{moves})");
        let (run, path) = check("o.sgf", &sgf, &["--rules", "seed-2019"]);
        assert_eq!(run.code, 1);
        let out = shown(&run, &path);
        let first = out.lines().next().unwrap();
        assert!(
            first.contains(&format!(
                ", {says}the game already ended with two passes [game-over]"
            )),
            "{first}"
        );
        assert!(
            out.contains(&format!(
                "  × {says}the game already ended with two passes\n"
            )),
            "{out}"
        );
        assert_eq!(first.matches("black").count(), 1, "{first}");
    }
}
