//! No input makes the checker panic, and what it reports is consistent.
//!
//! Why: `asalto check` runs over whole folders of student submissions, which
//! hold anything (binary files saved with a `.txt` name, editors' BOMs and
//! CRLFs, half-edited moves). Every input goes through the parser, the replay
//! under every option combination, the miette rendering and the JSON; and the
//! result must hold together: spans inside the source on character
//! boundaries, line and column where the span is, valid exactly when no
//! error, and every replayed move legal for the reference generator.

use asalto::Record;
use asalto::basic::BasicScore;
use asalto::diagnostics::FileReport;
use asalto::json::CheckJson;
use asalto::replay::{CheckOptions, Checked, Severity, check};
use proptest::prelude::*;
use proptest::sample::Index;

use crate::facts::{best_basic, expected_reason};
use crate::reference::{RefPosition, Turn, from_engine_points, move_notation};
use crate::samples::{INVALID, VALID};

/// Every combination of `--strict`, `--lenient` and `--rebels`.
fn all_options() -> Vec<CheckOptions> {
    let mut out = Vec::new();
    for strict in [false, true] {
        for lenient in [false, true] {
            for rebels in [None, Some(BasicScore::V1), Some(BasicScore::V2)] {
                out.push(CheckOptions {
                    strict,
                    lenient,
                    rebels,
                });
            }
        }
    }
    out
}

/// 1-based line, and 1-based column counted in characters, of a byte offset.
fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    // The file's byte-order mark does not count as a column.
    let bom = usize::from(line_start == 0 && before.starts_with('\u{feff}'));
    (line, before[line_start..].chars().count() + 1 - bom)
}

fn assert_span(source: &str, span: &std::ops::Range<usize>, what: &str) {
    assert!(
        span.start <= span.end && span.end <= source.len(),
        "{what}: span {span:?} outside {} bytes",
        source.len()
    );
    assert!(
        source.is_char_boundary(span.start) && source.is_char_boundary(span.end),
        "{what}: span {span:?} splits a character"
    );
}

/// Run everything on `source` and check the invariants.
pub fn exercise(source: &str) {
    for lenient in [false, true] {
        exercise_record(source, &Record::parse_with(source, lenient));
    }
    for (i, options) in all_options().into_iter().enumerate() {
        let record = Record::parse_with(source, options.lenient);
        let checked = check(source, options);
        check_invariants(source, &record, &checked, options);
        let report = FileReport::new("input.txt", &checked);
        let plain = report.render(false);
        assert_eq!(
            plain.contains("input.txt: invalid record"),
            !checked.is_valid(),
            "{plain}"
        );
        // Every problem is shown, or counted in a "… and N more lines like
        // this" line that names its code.
        for p in &checked.problems {
            let code = p.reason().code();
            assert!(
                plain.contains(&format!("asalto::{code}")) || plain.contains(&format!("[{code}]")),
                "{code} missing from\n{plain}"
            );
        }
        if i == 0 {
            let _ = report.render(true);
        }
        check_json(&checked, options);
    }
}

/// The parse alone: spans inside the source, moves exactly as written.
fn exercise_record(source: &str, record: &Record) {
    for m in &record.moves {
        assert_span(source, &m.span(), "move");
        // A parsed move is exactly the text it came from.
        assert_eq!(&source[m.span()], m.path.to_string());
    }
    for e in &record.errors {
        assert_span(source, &e.span, "syntax error");
        let help = e.help();
        if let Some(at) = help.find(" Did you mean") {
            assert!(
                help[..at].ends_with('.'),
                "a sentence runs into the next: {help}"
            );
        }
    }
    for n in &record.notes {
        assert_span(source, &n.span, "format note");
    }
}

fn check_invariants(source: &str, record: &Record, checked: &Checked, options: CheckOptions) {
    let mut last = 0;
    for p in &checked.problems {
        assert_span(source, &p.span, &p.message());
        assert_eq!(
            (p.line, p.column),
            line_column(source, p.span.start),
            "{p:#?}"
        );
        assert!(p.span.start >= last, "problems in source order");
        last = p.span.start;
        match (p.ply, p.severity) {
            // Format notes: warnings, or errors under --strict.
            (None, severity) => {
                assert_eq!(p.reason().code(), "syntax", "{p:#?}");
                let expected = if options.strict {
                    Severity::Error
                } else {
                    Severity::Warning
                };
                assert_eq!(severity, expected, "{p:#?}");
            }
            // The only warning about a move: a completed abbreviation.
            (Some(_), Severity::Warning) => {
                assert!(options.lenient, "{p:#?}");
                assert_eq!(p.reason().code(), "capture-incomplete", "{p:#?}");
            }
            (Some(_), Severity::Error) => {}
        }
    }
    let errors = checked.error_count();
    assert!(
        errors >= record.errors.len(),
        "every syntax error is reported"
    );

    // The replayed plies are legal, from the start, as written.
    let replayable = record.replayable();
    let plies = &checked.game.plies;
    assert!(plies.len() <= replayable.len());
    let mut r = RefPosition::start();
    for (i, ply) in plies.iter().enumerate() {
        assert!(r.outcome().is_none(), "ply {} after the end", i + 1);
        assert_eq!(ply.number, i + 1);
        assert_eq!(ply.side.name(), r.turn.name());
        let text = &replayable[i];
        assert_eq!(ply.line, text.line);
        let played = ply.mv.to_string();
        let rm = r
            .legal_moves()
            .into_iter()
            .find(|m| move_notation(m) == played)
            .unwrap_or_else(|| panic!("ply {}: {played} is not legal in {r}", i + 1));
        let written = text.path.to_string();
        if ply.extra.completed {
            assert!(options.lenient && text.path.len() == 2, "ply {}", i + 1);
            assert!(played.starts_with(&written) && played != written);
        } else {
            assert_eq!(written, played);
        }
        if let (Some(variant), Turn::Rebels) = (options.rebels, r.turn) {
            let best: Vec<String> = best_basic(&r, variant)
                .iter()
                .map(|m| move_notation(m))
                .collect();
            assert!(
                best.contains(&played),
                "ply {}: {played} is not {variant}",
                i + 1
            );
        }
        r = r.play(&rm);
        assert_eq!(ply.position.to_string(), r.to_string());
    }

    // At most one illegal move, where the replay stopped, for the reason the
    // reference gives.
    let move_errors: Vec<_> = checked
        .errors()
        .filter(|p| !matches!(p.reason().code(), "syntax" | "off-board"))
        .collect();
    assert!(move_errors.len() <= 1, "{move_errors:#?}");
    if let Some(e) = move_errors.first() {
        let text = &replayable[plies.len()];
        assert_eq!(e.ply, Some(plies.len() + 1));
        assert_eq!(e.line, text.line);
        assert_eq!(checked.stopped_at, Some(text.line));
        let path = from_engine_points(&text.path);
        match e.reason().code() {
            "not-basic" => {
                let variant = options.rebels.expect("only with a BASICO score");
                // A legal rebel move (a step: never completed) that BASICO
                // would not play.
                let written = text.path.to_string();
                assert_eq!(r.turn, Turn::Rebels);
                assert!(r.legal_moves().iter().any(|m| move_notation(m) == written));
                let best: Vec<String> = best_basic(&r, variant)
                    .iter()
                    .map(|m| move_notation(m))
                    .collect();
                assert!(
                    !best.contains(&written),
                    "{written} is a best {variant} move in {r}"
                );
            }
            code => assert_eq!(
                expected_reason(&r, &path),
                Some(code),
                "{} in {r}",
                text.path
            ),
        }
    } else {
        assert_eq!(plies.len(), replayable.len(), "replay went through");
    }
    if checked.is_valid() {
        assert!(record.errors.is_empty());
        assert_eq!(plies.len(), record.moves.len());
        assert_eq!(checked.stopped_at, None);
    }
    if !record.errors.is_empty() {
        assert!(!checked.is_valid());
    }
}

fn check_json(checked: &Checked, options: CheckOptions) {
    let json = serde_json::to_value(CheckJson::new("input.txt", checked)).unwrap();
    let diagnostics = json["problems"].as_array().unwrap();
    let has_error = diagnostics.iter().any(|d| d["severity"] == "error");
    assert_eq!(json["valid"], !has_error);
    assert_eq!(json["valid"], checked.is_valid());
    assert_eq!(diagnostics.len(), checked.problems.len());
    assert_eq!(json["plies"], checked.game.plies.len());
    // The position after the replay, by the reference.
    let mut r = RefPosition::start();
    let mut positions = vec![r.clone()];
    for ply in &checked.game.plies {
        let played = ply.mv.to_string();
        let rm = r
            .legal_moves()
            .into_iter()
            .find(|m| move_notation(m) == played)
            .unwrap();
        r = r.play(&rm);
        positions.push(r.clone());
    }
    assert_eq!(json["position"], r.to_string());
    assert_eq!(json["to_move"], r.turn.name());
    match r.outcome() {
        None => assert!(json["outcome"].is_null()),
        Some(end) => {
            assert_eq!(json["outcome"]["winner"], end.winner().name());
            assert_eq!(json["outcome"]["reason"], end.code());
            assert_eq!(json["outcome"]["ply"], checked.game.plies.len());
        }
    }
    for (d, p) in diagnostics.iter().zip(&checked.problems) {
        assert_eq!(d["severity"], p.severity.name());
        assert_eq!(d["code"], p.reason().code());
        assert_eq!(d["message"], p.message().as_str());
        assert_eq!(d["line"], p.line);
        assert_eq!(d["column"], p.column);
        match p.ply {
            Some(n) => assert_eq!(d["ply"], n),
            None => assert!(d["ply"].is_null()),
        }
        assert!(
            d.get("help").is_some(),
            "help is always present (null or text)"
        );
        // A move problem shows the position before the move and its legal
        // moves (none once the game is over), as the reference has them.
        if let Some(before) = d["position_before"].as_str() {
            let n = p.ply.expect("a move problem has a ply");
            assert_eq!(before, positions[n - 1].to_string());
            let expected: Vec<String> = match positions[n - 1].outcome() {
                Some(_) => Vec::new(),
                None => positions[n - 1]
                    .legal_moves()
                    .iter()
                    .map(|m| move_notation(m))
                    .collect(),
            };
            assert_eq!(d["legal_moves"], serde_json::json!(expected));
        } else {
            assert!(d["legal_moves"].is_null());
        }
    }
    let _ = options;
}

/// One edit of a record.
#[derive(Clone, Debug)]
enum Edit {
    Insert(Index, char),
    Delete(Index),
    Replace(Index, char),
    DuplicateLine(Index),
    SwapLines(Index, Index),
    DropLine(Index),
    Truncate(Index),
    Crlf,
    Bom,
}

/// Characters likely to matter in a record, and any character at all.
fn edit_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(vec![
            'A', 'B', 'C', 'D', 'E', 'F', 'G', 'a', 'b', 'c', 'd', 'e', 'f', 'g', '-', '-', '\n',
            '\r', ' ', '\t', '#', 'é', '\u{feff}', 'H', 'h', '0', '\u{0}',
        ]),
        1 => any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        3 => (any::<Index>(), edit_char()).prop_map(|(i, c)| Edit::Insert(i, c)),
        3 => any::<Index>().prop_map(Edit::Delete),
        3 => (any::<Index>(), edit_char()).prop_map(|(i, c)| Edit::Replace(i, c)),
        2 => any::<Index>().prop_map(Edit::DuplicateLine),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        2 => any::<Index>().prop_map(Edit::DropLine),
        1 => any::<Index>().prop_map(Edit::Truncate),
        1 => Just(Edit::Crlf),
        1 => Just(Edit::Bom),
    ]
}

fn apply(source: &str, edit: &Edit) -> String {
    let mut chars: Vec<char> = source.chars().collect();
    let mut lines: Vec<String> = source.split_inclusive('\n').map(str::to_string).collect();
    match edit {
        Edit::Insert(at, c) => chars.insert(at.index(chars.len() + 1), *c),
        Edit::Delete(at) if !chars.is_empty() => {
            chars.remove(at.index(chars.len()));
        }
        Edit::Replace(at, c) if !chars.is_empty() => {
            let i = at.index(chars.len());
            chars[i] = *c;
        }
        Edit::Truncate(at) => chars.truncate(at.index(chars.len() + 1)),
        Edit::Crlf => return source.replace('\n', "\r\n"),
        Edit::Bom => return format!("\u{feff}{source}"),
        Edit::DuplicateLine(at) if !lines.is_empty() => {
            let i = at.index(lines.len());
            let line = lines[i].clone();
            lines.insert(i, line);
            return lines.concat();
        }
        Edit::SwapLines(a, b) if !lines.is_empty() => {
            let (a, b) = (a.index(lines.len()), b.index(lines.len()));
            lines.swap(a, b);
            return lines.concat();
        }
        Edit::DropLine(at) if !lines.is_empty() => {
            lines.remove(at.index(lines.len()));
            return lines.concat();
        }
        _ => {}
    }
    chars.into_iter().collect()
}

fn sample() -> impl Strategy<Value = &'static str> {
    let all: Vec<&'static str> = VALID.iter().chain(INVALID.iter()).map(|s| s.1).collect();
    prop::sample::select(all)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Valid and invalid samples with a few random edits.
    #[test]
    fn mutated_samples(source in sample(), edits in prop::collection::vec(edit(), 1..5)) {
        let mut text = source.to_string();
        for e in &edits {
            text = apply(&text, e);
        }
        exercise(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Random bytes, read the way the CLI would after a lossy decode.
    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        exercise(&String::from_utf8_lossy(&bytes));
    }

    /// Random text from any characters.
    #[test]
    fn random_strings(text in any::<String>()) {
        exercise(&text);
    }

    /// Random text from the characters of a record, so that some lines are
    /// moves (legal or not).
    #[test]
    fn random_record_like_text(text in "([A-G][a-g](-[A-G][a-g]){0,3}|[A-Ga-g \\-#\t\r\u{feff}é]{0,8})(\r?\n([A-G][a-g](-[A-G][a-g]){0,3}|[A-Ga-g \\-#\t\r]{0,8})){0,12}") {
        exercise(&text);
    }
}

/// Hand-picked edge cases: empty input, only a BOM, only blank lines, a lone
/// CR, a NUL, a very long line, a path longer than any capture.
#[test]
fn edge_cases() {
    let long_path = vec!["Bc"; 40].join("-");
    let long_line = "x".repeat(10_000);
    for source in [
        "",
        "\u{feff}",
        "\n\n\n",
        "\r",
        "\r\n",
        "\0",
        "Bc-Cc\rDd-Cd\n",
        "Bc-Cc\n\u{feff}Dd-Cd\n",
        "-",
        "--",
        "Bc-",
        "Bc-Cc-",
        " \t ",
        "#",
        "Bc-Cé",
        "Bcé-Cc",
        "é",
        &long_path,
        &long_line,
    ] {
        exercise(source);
    }
}

/// Huge lines of every kind: what is quoted stays small, and the check
/// says what is wrong.
#[test]
fn huge_lines() {
    let mb = 1 << 20;
    for line in [
        "x".repeat(mb),
        "Bc-Cc ".repeat(mb / 6),
        "Bc-".repeat(mb / 3),
        "é".repeat(mb / 2),
        "\x1b".repeat(mb),
        format!("Bc-Cc\n{}\nDd-Cd\n", "bc-cc, ".repeat(mb / 7)),
    ] {
        for options in all_options() {
            let checked = check(&line, options);
            let report = FileReport::new("huge.txt", &checked).render(false);
            assert!(report.len() < 20_000, "{} bytes of report", report.len());
            assert!(!report.contains('\x1b'));
            let json = serde_json::to_string(&CheckJson::new("huge.txt", &checked)).unwrap();
            assert!(json.len() < 100_000, "{} bytes of JSON", json.len());
            for p in &checked.problems {
                assert!(p.message().len() < 1_000, "{}", p.message());
                assert!(p.help().as_ref().is_none_or(|h| h.len() < 2_000));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// JSON game documents written by `export`, edited at random: reading
    /// one back never panics, and a document that reads is a legal game
    /// whose moves check as a valid record.
    #[test]
    fn mutated_json_documents(source in sample(), edits in prop::collection::vec(edit(), 1..4)) {
        let checked = check(source, CheckOptions::default());
        let doc = asalto::export::GameDocument::of_checked(&checked, Some("g.txt"));
        let mut text = serde_json::to_string_pretty(&doc).unwrap();
        for e in &edits {
            text = apply(&text, e);
        }
        if let Ok(doc) = asalto::export::GameDocument::from_json(&text) {
            if let Ok(game) = doc.to_game() {
                if game.start == asalto::Position::start() {
                    let record = asalto::record::write_record(game.moves());
                    let again = check(&record, CheckOptions::default());
                    prop_assert!(again.is_valid(), "{record}");
                    prop_assert_eq!(again.game.plies.len(), game.plies.len());
                }
            }
        }
    }
}

/// The same, through the command line: `check`, `show` and `diff` on edited
/// documents end with a status, never a crash.
#[test]
fn json_documents_through_the_command_line() {
    use crate::run::asalto_with_input;
    let doc = crate::run::asalto(&["export", "samples/ejemplo.txt", "--to", "json"]).stdout;
    let mut edited = Vec::new();
    for (i, (at, _)) in doc.char_indices().enumerate().filter(|(i, _)| i % 23 == 0) {
        let mut text = doc.clone();
        match i % 3 {
            0 => text.truncate(at),
            1 => text.insert(at, ['"', '{', ']', '1', 'x'][i % 5]),
            _ => text.replace_range(at..at + 1, "9"),
        }
        edited.push(text);
    }
    for text in &edited {
        for args in [
            &["check", "-"][..],
            &["show", "-"],
            &["diff", "samples/ejemplo.txt", "-"],
        ] {
            let run = asalto_with_input(args, text);
            assert!(matches!(run.code, 0..=2), "{args:?}: {}", run.stderr);
            assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        }
    }
}

/// A folder of anything: random bytes named `.txt`, other files, a
/// sub-folder, a link to itself, an unreadable file. Every `*.txt` gets its
/// line, in name order, and the batch goes on after each bad one.
#[test]
fn folders_of_anything() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRng, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(Config::default().rng_algorithm),
    );
    for round in 0..20 {
        let dir = tempfile::tempdir().unwrap();
        let mut names = Vec::new();
        for i in 0..8 {
            let bytes = prop::collection::vec(any::<u8>(), 0..200)
                .new_tree(&mut runner)
                .unwrap()
                .current();
            let name = format!("f{round}-{i}.txt");
            std::fs::write(dir.path().join(&name), &bytes).unwrap();
            names.push(name);
        }
        std::fs::write(dir.path().join("notes.md"), "not a record").unwrap();
        std::fs::create_dir(dir.path().join("sub.txt")).unwrap();
        std::os::unix::fs::symlink(dir.path(), dir.path().join("loop")).unwrap();
        names.sort();
        let run = crate::run::asalto(&["check", dir.path().to_str().unwrap()]);
        assert!(matches!(run.code, 0..=2), "{}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        let shown: Vec<String> = names
            .iter()
            .filter(|n| {
                run.stdout.contains(&format!("{n}: "))
                    || run.stderr.contains(&format!("{n}: "))
                    || run.stderr.contains(&format!("{n} "))
            })
            .cloned()
            .collect();
        assert_eq!(shown, names, "{}\n{}", run.stdout, run.stderr);
        assert!(
            run.stdout.ends_with(&format!("{} files: ", 8)) || run.stdout.contains("8 files: "),
            "{}",
            run.stdout
        );
    }
}
