//! `asalto check` as people use it: the mistakes they make (a `FIN` line,
//! several moves on a line, an empty file, every move in lower case), what
//! a hostile file holds (control characters), folders, parallel runs, quiet
//! runs, JSON documents and standard input.
//!
//! Why: each of these was once answered badly (a glued "Did you mean", a
//! raw escape sequence on the terminal, 492 lines for one mistake made 41
//! times, "it is a directory").

use crate::run::{asalto, asalto_with_input};

/// A 41-move game: the assignment's Appendix A.
fn apendice() -> String {
    std::fs::read_to_string("samples/apendice-a.txt").unwrap()
}

#[test]
fn control_characters_never_reach_the_terminal() {
    let run = asalto_with_input(&["check", "-"], "Bc-Cc\n\x1b[2J\x07\r\0Dd\n");
    assert_eq!(run.code, 1);
    for raw in ['\x1b', '\x07', '\0'] {
        assert!(!run.stdout.contains(raw), "{:?}", run.stdout);
    }
    assert!(!run.stdout.contains("\r\n") && !run.stdout.contains("\r "));
    // The message and the quoted line show it escaped, as every game's
    // reports do; the label stays under the text it is about.
    assert!(
        run.stdout.contains("`\\x1b[` is not a point"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains(" 2 │ \\x1b[2J\\x07\\x0d\\x00Dd\n   · ──┬──\n   ·   ╰── unknown letters\n"),
        "{}",
        run.stdout
    );

    // A file name with an escape in it is shown escaped too.
    let dir = tempfile::tempdir().unwrap();
    let name = dir.path().join("evil\x1b]0;pwned\x07.txt");
    std::fs::write(&name, "Bc-Cc\nxx\n").unwrap();
    let run = asalto(&["check", name.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(!run.stdout.contains('\x1b') && !run.stdout.contains('\x07'));
    assert!(
        run.stdout.contains("evil\\x1b]0;pwned\\x07.txt"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_fin_line_is_named_and_skipped_under_lenient() {
    let record = "Bc-Cc\nDd-Cd\nFIN\n";
    let run = asalto_with_input(&["check", "-"], record);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("`FIN` is what a player types to stop a game at the console"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("`FI` is not a point"));
    let run = asalto_with_input(&["check", "--lenient", "-"], record);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with("<stdin>: valid (1 warning), 2 moves; unfinished, officers to move"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("a `FIN` line skipped"),
        "{}",
        run.stdout
    );
}

#[test]
fn several_moves_on_a_line_are_said_so_and_read_under_lenient() {
    for record in [
        "Bc-Cc Dd-Cd\nCc-Ce\n",
        "Bc-Cc, Dd-Cd\nCc-Ce\n",
        "Bc-Cc;Dd-Cd\nCc-Ce\n",
    ] {
        let run = asalto_with_input(&["check", "-"], record);
        assert_eq!(run.code, 1);
        assert!(
            run.stdout.contains("several moves on one line (2)"),
            "{}",
            run.stdout
        );
        // No suggestion that glues the moves into one path.
        assert!(!run.stdout.contains("Did you mean"), "{}", run.stdout);
        let run = asalto_with_input(&["check", "--lenient", "-"], record);
        assert_eq!(run.code, 0, "{}", run.stdout);
        assert!(
            run.stdout.contains("valid (1 warning), 3 moves"),
            "{}",
            run.stdout
        );
    }
    // The same game as the one written one move per line.
    let run = asalto_with_input(
        &["diff", "--lenient", "samples/ejemplo.txt", "-"],
        "Bc-Cc Dd-Cd Cc-Ce Db-Cc\nCe-Bd, Df-Ce\nBd-Db-Dd-Df-Bd\n",
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
}

#[test]
fn an_empty_record_is_warned_about() {
    // Nothing at all: the warning every game gives (`empty`).
    for record in ["", "\n\n"] {
        let run = asalto_with_input(&["check", "-"], record);
        assert_eq!(run.code, 0);
        assert!(
            run.stdout
                .contains("valid (1 warning): the record is empty: it holds no game [empty]"),
            "{}",
            run.stdout
        );
    }
    // Comments and no move: Asalto's own warning.
    let run = asalto_with_input(&["check", "-"], "# nothing yet\n");
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("valid (") && run.stdout.contains("0 moves"));
    assert!(
        run.stdout.contains("the record holds no moves"),
        "{}",
        run.stdout
    );
}

#[test]
fn one_mistake_made_on_every_line_is_reported_once_with_a_count() {
    let lower = apendice().to_lowercase();
    let run = asalto_with_input(&["check", "-"], &lower);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("… and 38 more lines like this: wrong letter case [syntax]"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.lines().count() < 80, "{}", run.stdout);
    assert!(
        run.stdout
            .starts_with("<stdin>: invalid: line 1:1, move 1 (officers)")
    );
    assert!(run.stdout.contains("(+40 more)"), "{}", run.stdout);
}

#[test]
fn folders_are_read_as_their_records_sorted_by_name() {
    let run = asalto(&["check", "samples/invalid"]);
    assert_eq!(run.code, 1);
    let names: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.split_once(": ").map(|(n, _)| n))
        .filter(|n| n.starts_with("samples/invalid/"))
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    assert_eq!(names.len(), 13);
    assert!(
        run.stdout.ends_with("13 files: 1 valid, 12 invalid\n"),
        "{}",
        run.stdout
    );

    let empty = tempfile::tempdir().unwrap();
    let run = asalto(&[
        "check",
        empty.path().to_str().unwrap(),
        "samples/ejemplo.txt",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("no `*.txt` or `*.sgf` records in this folder"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout.contains("samples/ejemplo.txt: valid"),
        "{}",
        run.stdout
    );
}

/// More files than the threads may check ahead of the first not yet
/// printed, a folder of as many among them: printed in argument order, the
/// folder's files where it stands, the same for any number of threads.
#[test]
fn a_long_batch_with_a_folder_inside_is_printed_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let valid = std::fs::read_to_string("samples/ejemplo.txt").unwrap();
    let invalid = std::fs::read_to_string("samples/invalid/capture-incomplete.txt").unwrap();
    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    let mut files = Vec::new();
    let mut inside = Vec::new();
    for i in 0..1100 {
        let text = if i % 3 == 0 { &invalid } else { &valid };
        let file = dir.path().join(format!("f{i:04}.txt"));
        std::fs::write(&file, text).unwrap();
        files.push((file.to_string_lossy().into_owned(), i % 3 != 0));
        let file = folder.join(format!("g{i:04}.txt"));
        std::fs::write(&file, text).unwrap();
        inside.push((file.to_string_lossy().into_owned(), i % 3 != 0));
    }
    let folder = folder.to_string_lossy().into_owned();
    let mut args: Vec<&str> = vec!["check"];
    args.extend(files[..500].iter().map(|(f, _)| f.as_str()));
    args.push(&folder);
    args.extend(files[500..].iter().map(|(f, _)| f.as_str()));
    // The slow reference: the files in the order they stand, each with
    // its verdict.
    let expected: Vec<&(String, bool)> = files[..500]
        .iter()
        .chain(&inside)
        .chain(&files[500..])
        .collect();
    let one = asalto(&[&args[..], &["-j", "1"]].concat());
    assert_eq!(one.code, 1, "{}", one.stderr);
    let lines: Vec<&str> = one.stdout.lines().collect();
    assert_eq!(lines.len(), expected.len() + 1);
    for (line, (file, valid)) in lines.iter().zip(&expected) {
        let verdict = if *valid { "valid" } else { "invalid" };
        assert!(
            line.starts_with(&format!("{file}: {verdict}")),
            "{line} / {file}"
        );
    }
    assert_eq!(lines[expected.len()], "2200 files: 1466 valid, 734 invalid");
    for jobs in ["2", "3"] {
        let many = asalto(&[&args[..], &["-j", jobs]].concat());
        assert_eq!(many.code, 1);
        assert!(many.stdout == one.stdout, "-j {jobs}");
        assert_eq!(many.stderr, one.stderr);
    }
}

#[test]
fn parallel_output_is_in_argument_order_and_the_same_for_any_jobs() {
    let mut args = vec!["check"];
    for _ in 0..40 {
        args.extend([
            "samples/invalid/capture-incomplete.txt",
            "samples/apendice-a.txt",
            "samples/ejemplo.txt",
            "samples/invalid",
        ]);
    }
    let one = asalto(&[&args[..], &["-j", "1"]].concat());
    let two = asalto(&[&args[..], &["--jobs", "2"]].concat());
    let four = asalto(&[&args[..], &["-j4", "--format", "json"]].concat());
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.code, 1);
    let lines: Vec<&str> = one.stdout.lines().collect();
    assert!(lines[0].starts_with("samples/invalid/capture-incomplete.txt: invalid"));
    assert!(lines[1].starts_with("samples/apendice-a.txt: valid"));
    assert!(lines[2].starts_with("samples/ejemplo.txt: valid"));
    assert!(lines[3].starts_with("samples/invalid/capture-incomplete.txt: invalid"));
    let files: Vec<String> = four
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["file"].to_string())
        .collect();
    let expected: Vec<String> = lines[..lines.len() - 1]
        .iter()
        .map(|l| format!("{:?}", l.split_once(": ").unwrap().0))
        .collect();
    assert_eq!(files, expected);
}

#[test]
fn quiet_prints_nothing_and_keeps_the_exit_status() {
    let run = asalto(&["check", "-q", "samples/ejemplo.txt"]);
    assert_eq!((run.code, run.stdout.as_str()), (0, ""));
    let run = asalto(&["check", "--quiet", "samples/ejemplo.txt", "samples/invalid"]);
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
    let run = asalto(&["check", "-q", "no-such-file.txt"]);
    assert_eq!((run.code, run.stdout.as_str()), (2, ""));
    assert!(
        run.stderr.contains("no-such-file.txt: no such file")
            || run.stderr.contains("cannot read no-such-file.txt")
    );
}

#[test]
fn standard_input_is_dash_in_json_and_stdin_in_text() {
    let record = apendice();
    let run = asalto_with_input(&["check", "-", "--format", "json"], &record);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["file"], "-");
    let run = asalto_with_input(&["check", "-"], &record);
    assert!(run.stdout.starts_with("<stdin>: valid, 41 moves"));
    let run = asalto_with_input(&["export", "-", "--to", "json"], &record);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["source"], "-");
    let run = asalto_with_input(&["show", "-", "--format", "json"], &record);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["file"], "-");
}

/// A pipe named as a file (`/dev/stdin`, a shell's `<(...)`) is read
/// once: telling its game by a peek at its first bytes once ate them, and
/// `check` answered "valid, 0 moves" for a 41-move game.
#[test]
fn a_pipe_named_as_a_file_is_read_whole() {
    let record = apendice();
    let run = asalto_with_input(&["check", "/dev/stdin"], &record);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("/dev/stdin: valid, 41 moves"),
        "{}",
        run.stdout
    );
    let run = asalto_with_input(&["show", "/dev/stdin", "--format", "json"], &record);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(json["ply"], 41, "{}", run.stdout);
}

#[test]
fn json_documents_are_read_by_check_show_and_diff() {
    let doc = asalto(&[
        "export",
        "samples/apendice-a.txt",
        "--to",
        "json",
        "--pretty",
    ])
    .stdout;
    let run = asalto_with_input(&["check", "-"], &doc);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .starts_with("<stdin>: valid, 41 moves; officers win: fewer than 9 rebels"),
        "{}",
        run.stdout
    );
    let run = asalto_with_input(&["show", "-", "--ply", "7"], &doc);
    let text = asalto(&["show", "samples/apendice-a.txt", "--ply", "7"]).stdout;
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.replace("<stdin>", "samples/apendice-a.txt"),
        text
    );
    let run = asalto_with_input(&["diff", "samples/apendice-a.txt", "-"], &doc);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("same game: 41 moves"), "{}", run.stdout);

    // A tampered document is invalid, with the reason.
    let tampered = doc.replacen("\"Bc-Cc\"", "\"Bc-Cd\"", 1);
    let run = asalto_with_input(&["check", "-"], &tampered);
    assert_eq!(run.code, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains("<stdin>: not a legal game: ply 1: `notation` is Bc-Cd"),
        "{}",
        run.stdout
    );
    let run = asalto_with_input(&["check", "-", "--format", "json"], &tampered);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        (json["file"].as_str(), json["valid"].as_bool()),
        (Some("-"), Some(false))
    );
    assert!(
        json["document_error"]
            .as_str()
            .unwrap()
            .contains("`notation`")
    );
}

#[test]
fn a_negative_ply_gets_a_clear_message() {
    let run = asalto(&["show", "samples/ejemplo.txt", "--ply", "-1"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--ply counts moves from 0 (the start)"),
        "{}",
        run.stderr
    );
}

#[test]
fn every_command_has_examples_in_its_help() {
    for command in [
        "check",
        "show",
        "export",
        "diff",
        "play",
        "selfplay",
        "grade",
        "completions",
        "man",
    ] {
        let run = asalto(&[command, "--help"]);
        assert_eq!(run.code, 0, "{command}");
        assert!(
            run.stdout.contains("Examples:"),
            "{command}:\n{}",
            run.stdout
        );
        assert!(
            run.stdout.contains(&format!("asalto {command}")),
            "{command}:\n{}",
            run.stdout
        );
    }
    let run = asalto(&["check", "--help"]);
    assert!(run.stdout.contains("basic-v1, basic-v2"), "{}", run.stdout);
    assert!(run.stdout.contains("-j, --jobs") && run.stdout.contains("-q, --quiet"));
}

#[test]
fn completion_scripts_are_generated_for_every_command_and_option() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = asalto(&["completions", shell]);
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        // Options are written `--lenient` by most shells, `-l lenient` by fish.
        for word in ["check", "selfplay", "lenient", "rebels", "completions"] {
            assert!(run.stdout.contains(word), "{shell}: no {word}");
        }
    }
    // The bash script is valid bash, when bash is here to say so.
    let script = asalto(&["completions", "bash"]).stdout;
    if let Ok(out) = std::process::Command::new("bash")
        .args(["-n", "-c", &script])
        .output()
    {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let run = asalto(&["completions", "tcsh"]);
    assert_eq!(run.code, 2);
}

#[test]
fn the_manual_page_lists_every_command_and_option() {
    let run = asalto(&["man"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.starts_with(".ie") || run.stdout.contains(".TH asalto 1"),
        "{}",
        &run.stdout[..200]
    );
    for word in ["check", "show", "export", "diff", "selfplay", "grade"] {
        assert!(run.stdout.contains(word), "no {word}");
    }
    let run = asalto(&["man", "check"]);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.contains(".TH asalto-check 1"),
        "{}",
        &run.stdout[..300]
    );
    for word in ["\\-\\-lenient", "\\-\\-jobs", "Examples:"] {
        assert!(run.stdout.contains(word), "no {word} in\n{}", run.stdout);
    }
    let run = asalto(&["man", "nothing"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("`nothing` is not a command of asalto"));
}

#[test]
fn selfplay_without_a_folder_says_where_games_go() {
    let run = asalto(&["selfplay", "--games", "2", "--seed", "1", "-j", "1"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("the games were not written: --out DIR writes them as record files, --format json prints them"),
        "{}",
        run.stderr
    );
    let run = asalto(&["selfplay", "--games", "1", "--seed", "1", "-q"]);
    assert_eq!((run.stdout.as_str(), run.stderr.as_str()), ("", ""));
}

/// Two long records that differ on every line: the first difference is
/// exact, and the line diff, made under a deadline and a size cap, says
/// when it is not the whole story.
#[test]
fn diff_of_long_records_that_differ_everywhere_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    let lines = |s: &str| -> String { (0..80_000).map(|i| format!("{s}{i}\n")).collect() };
    std::fs::write(&a, lines("x")).unwrap();
    std::fs::write(&b, lines("y")).unwrap();
    let run = asalto(&["diff", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("first difference: move 1 (officers)"),
        "{}",
        &run.stdout[..500]
    );
    assert!(run.stdout.len() < 200_000, "{} bytes", run.stdout.len());
    assert!(
        run.stdout
            .contains("note: only the first 20000 lines of each side were compared"),
        "{}",
        asalto::text::cap_tail(&run.stdout, 500)
    );
}

/// Whether `text` says "1 moves" as a count of its own (not the end of a
/// larger number such as a speed, "9801 moves/s", or of "1.0").
fn says_one_moves(text: &str) -> bool {
    text.match_indices("1 moves").any(|(at, _)| {
        !text[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit() || c == '.')
    })
}

/// A count of one reads in the singular wherever a count is printed: the
/// `diff` of every game with a record of one move, and `selfplay`'s move
/// cap (each once printed "1 moves").
#[test]
fn a_count_of_one_is_singular() {
    let dir = tempfile::tempdir().unwrap();
    let records = [
        ("one.txt", "Cc-Cd\n"),
        ("one.sgf", "(;GM[1]FF[4]SZ[9];B[ee])\n"),
        ("one.mb", "b6xc5\n"),
    ];
    for (name, text) in records {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let mut args = vec!["diff", path, path];
        if name.ends_with(".mb") {
            args.splice(1..1, ["--game", "madbishops"]);
        }
        let run = asalto(&args);
        assert_eq!(run.code, 0, "{name}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stdout.contains("same game: 1 move"),
            "{name}: {}",
            run.stdout
        );
        assert!(!says_one_moves(&run.stdout), "{name}: {}", run.stdout);
    }
    for game in ["asalto", "madbishops", "go"] {
        let run = asalto(&[
            "selfplay",
            "--game",
            game,
            "--games",
            "1",
            "--max-plies",
            "1",
            "--seed",
            "1",
        ]);
        assert_eq!(run.code, 0, "{game}: {}", run.stderr);
        let all = format!("{}{}", run.stdout, run.stderr);
        assert!(all.contains("max 1 move"), "{game}: {all}");
        assert!(!says_one_moves(&all), "{game}: {all}");
    }
}

#[test]
fn one_moves_is_told_from_larger_numbers() {
    assert!(says_one_moves("max 1 moves"));
    assert!(says_one_moves("1 moves"));
    assert!(!says_one_moves("9801 moves/s, average 1.0 moves, 21 moves"));
}

/// A file name holding an escape and a line feed, as every message shows
/// it: escaped, once.
const HOSTILE: &str = "n\x1bm\nk";
const HOSTILE_SHOWN: &str = "n\\x1bm\\x0ak";

/// Every command that names a file, on a file of every game whose name
/// holds an escape and a line feed: a record that is not UTF-8, one that
/// is invalid, one that is missing. No raw control character reaches the
/// terminal, and each message names the file escaped. Before, `show` and
/// `diff` of a missing file, and `export --to html` of an Asalto record
/// that is not UTF-8, printed the name raw (the line reader's and the
/// page's messages did not escape it, while others escaped it twice).
#[test]
fn a_hostile_file_name_is_shown_escaped_by_every_command_of_every_game() {
    let dir = tempfile::tempdir().unwrap();
    // Per game: its extension, a record with a byte that is not UTF-8
    // (Go reads such a byte as Latin-1: empty, none), an invalid record.
    let games: [(&str, &[u8], &[u8]); 4] = [
        ("txt", b"Bc-Cc\n\xff\n", b"Bc-Cc\nzz\n"),
        ("sgf", b"", b"(;GM[1]SZ[9];B[aa];B[bb])"),
        ("mb", b"b6xc5\n\xff\n", b"b6xc5\nzz\n"),
        (
            "sol",
            b"...N...RRBB.NPP.\n\xff\n",
            b"...N...RRBB.NPP.\nzz\n",
        ),
    ];
    for (ext, not_utf8, invalid) in games {
        let file = |kind: &str, text: Option<&[u8]>| {
            let path = dir.path().join(format!("{HOSTILE}.{kind}.{ext}"));
            if let Some(text) = text {
                std::fs::write(&path, text).unwrap();
            }
            path.to_str().unwrap().to_string()
        };
        let mut files = vec![
            (file("invalid", Some(invalid)), "invalid"),
            (file("missing", None), "cannot read"),
        ];
        if !not_utf8.is_empty() {
            files.push((file("bytes", Some(not_utf8)), "not UTF-8 text"));
        }
        for (path, expected) in &files {
            let shown = path.replace(HOSTILE, HOSTILE_SHOWN);
            for args in [
                &["check", path][..],
                &["check", "--format", "json", path],
                &["show", path],
                &["export", "--to", "json", path],
                &["export", "--to", "html", path],
                &["diff", path, path],
            ] {
                let run = asalto(args);
                let all = run.stdout.clone() + &run.stderr;
                let shown_all = asalto::text::cap(&all, 2000);
                // (`diff` of a file with itself: the same, 0.)
                assert!(
                    matches!(run.code, 1 | 2) || args[0] == "diff",
                    "{args:?}: {shown_all}"
                );
                assert!(!all.contains('\x1b'), "{args:?}: {shown_all:?}");
                // A page is markup, its name text (the escape replaced,
                // the line feed white space); what it says on standard
                // error names the file as every message does.
                let html = args.contains(&"html");
                let said = if html { &run.stderr } else { &all };
                assert!(!said.contains(HOSTILE), "{args:?}: {shown_all:?}");
                assert!(!said.contains("m\nk"), "{args:?}: {shown_all:?}");
                if html && run.stderr.is_empty() {
                    continue;
                }
                if args != ["check", "--format", "json", path] {
                    assert!(said.contains(&shown), "{args:?}: {shown_all:?}");
                }
                assert!(all.contains(expected), "{args:?}: {shown_all:?}");
            }
        }
    }
}

/// Paths the user gives to commands that write or grade (`selfplay
/// --out`, `grade --games`, `grade --submissions`) are worded in their
/// error messages with their control characters escaped. `selfplay --out`
/// under a regular file printed the escape raw.
#[test]
fn a_hostile_output_or_grade_path_is_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("blocker");
    std::fs::write(&blocker, "").unwrap();
    let under = blocker.join(HOSTILE);
    let under = under.to_str().unwrap();
    let missing = dir.path().join(HOSTILE);
    let missing = missing.to_str().unwrap();
    for args in [
        &["selfplay", "--games", "1", "--out", under][..],
        &[
            "selfplay", "--game", "go", "--size", "9", "--games", "1", "--out", under,
        ],
        &["grade", "--games", missing, "--submissions", missing],
        &[
            "grade",
            "--game",
            "go",
            "--games",
            missing,
            "--submissions",
            missing,
        ],
    ] {
        let run = asalto(args);
        assert_eq!(run.code, 2, "{args:?}: {:?}", run.stderr);
        assert!(!run.stderr.contains('\x1b'), "{args:?}: {:?}", run.stderr);
        assert!(run.stderr.contains("\\x1b"), "{args:?}: {:?}", run.stderr);
    }
}

/// A file of a folder whose name is not UTF-8 cannot be named to the
/// readers (their paths are text): `check` of the folder says so, in its
/// place, and checks the others. Before, it was read under its lossy name
/// and reported as "no such file".
#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_said_as_such() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"a\x1b\n\xff.txt");
    std::fs::write(dir.path().join(name), "Bc-Cc\n").unwrap();
    std::fs::write(dir.path().join("b.txt"), "Bc-Cc\n").unwrap();
    let run = asalto(&["check", dir.path().to_str().unwrap()]);
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .contains("a\\x1b\\x0a\u{fffd}.txt: its name is not UTF-8"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("no such file"), "{}", run.stderr);
    assert!(run.stdout.contains("b.txt: valid"), "{}", run.stdout);
}
