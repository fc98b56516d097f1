//! The README and the docs show real output: every ```text block that
//! starts with `$ asalto ...` is run and must match what the command prints,
//! verbatim; a line `...` in a block stands for lines left out, and
//! `| jq .field` and `| tail -1` work as in a shell. The `grade` walkthrough
//! is checked by `grade::readme`, with its programs (`grade --coverage`,
//! which runs none, is checked here); `selfplay` examples run in a scratch
//! folder, its timing line aside.

use crate::run::asalto;

/// The documents whose examples are checked.
fn documents() -> Vec<String> {
    let mut docs = vec!["README.md".to_string()];
    let mut more: Vec<String> = std::fs::read_dir("docs")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

/// The ```text blocks of `markdown` that are command examples: the command
/// line (after `$ `) and the output shown.
fn examples(markdown: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = markdown;
    while let Some(at) = rest.find("```text\n") {
        let body = &rest[at + 8..];
        let end = body.find("```").expect("a closed block");
        let block = &body[..end];
        rest = &body[end + 3..];
        if let Some(block) = block.strip_prefix("$ ") {
            let (command, shown) = block.split_once('\n').unwrap_or((block, ""));
            out.push((command.to_string(), shown.to_string()));
        }
    }
    out
}

/// What follows a command on its line: `| jq .field` or `| tail -1`.
enum Filter {
    None,
    Jq(String),
    Tail,
}

/// Run one command line of the docs in `dir`: stdout, then stderr, and the
/// filter applied to stdout.
fn run_line(command: &str, dir: &std::path::Path) -> (String, String) {
    // `   # a remark` ends a line of the docs.
    let command = command
        .split_once("  #")
        .map_or(command, |(c, _)| c)
        .trim_end();
    let (command, filter) = match command.split_once(" | ") {
        Some((c, f)) if f.starts_with("jq .") => (c, Filter::Jq(f[4..].trim().to_string())),
        Some((c, "tail -1")) => (c, Filter::Tail),
        Some((_, f)) => panic!("unknown filter `{f}`"),
        None => (command, Filter::None),
    };
    let (words, stdin) = words(command, dir);
    assert_eq!(words[0], "asalto", "`{command}`");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_asalto"))
        .args(&words[1..])
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(match stdin {
            Some(file) => std::process::Stdio::from(std::fs::File::open(file).unwrap()),
            None => std::process::Stdio::null(),
        })
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let stdout = match filter {
        Filter::None => stdout,
        Filter::Tail => stdout.lines().last().unwrap_or_default().to_string() + "\n",
        Filter::Jq(field) => {
            let value: serde_json::Value = serde_json::from_str(&stdout).unwrap();
            serde_json::to_string_pretty(&value[field.as_str()]).unwrap() + "\n"
        }
    };
    (stdout, stderr)
}

/// Split a command line as a shell would for the simple cases the docs use:
/// words, 'single quotes', `< file` for standard input.
fn words(command: &str, dir: &std::path::Path) -> (Vec<String>, Option<std::path::PathBuf>) {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in command.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    let stdin = match words.iter().position(|w| w == "<") {
        Some(i) => {
            let file = dir.join(&words[i + 1]);
            words.truncate(i);
            Some(file)
        }
        None => None,
    };
    (words, stdin)
}

/// Whether `actual` is what `shown` shows: equal, or, where `shown` has
/// `...` lines, the pieces between them in order, the first at the start and
/// the last at the end.
fn matches(shown: &str, actual: &str) -> bool {
    let pieces: Vec<&str> = shown.split("...\n").collect();
    if pieces.len() == 1 {
        return shown == actual;
    }
    let mut at = 0;
    for (i, piece) in pieces.iter().enumerate() {
        if i == 0 {
            if !actual.starts_with(piece) {
                return false;
            }
            at = piece.len();
        } else if i == pieces.len() - 1 {
            return actual.len() >= at + piece.len() && actual.ends_with(piece);
        } else {
            match actual[at..].find(piece) {
                Some(found) => at += found + piece.len(),
                None => return false,
            }
        }
    }
    true
}

#[test]
fn every_example_of_the_readme_and_the_docs_is_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        for (command, shown) in examples(&text) {
            // `grade --coverage` runs no program (on Linux, as `grade`).
            if command.starts_with("asalto grade")
                && !(command.contains(" --coverage") && cfg!(target_os = "linux"))
            {
                continue;
            }
            if command.starts_with("asalto selfplay") {
                selfplay_example(&command, &shown);
                checked += 1;
                continue;
            }
            let (stdout, _) = run_line(&command, root);
            if command.contains("| jq ") {
                // jq keeps the order of the fields: compare the values.
                let value = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
                assert_eq!(value(&shown), value(&stdout), "{doc}: `{command}`");
                checked += 1;
                continue;
            }
            assert!(
                matches(&shown, &stdout),
                "{doc} is stale for `{command}`; it prints:\n{stdout}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} examples found");
}

/// A `selfplay` example: its summary (standard error) as shown but for the
/// timing line, then the commands after it in the same block, run in the
/// same scratch folder.
fn selfplay_example(command: &str, shown: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = shown.lines();
    let (_, stderr) = run_line(command, dir.path());
    let mut printed = stderr.lines();
    for expected in lines.by_ref() {
        let actual = printed.next().unwrap_or_default();
        if let Some(games) = expected.split_once(" games in ").map(|(n, _)| n) {
            // How long it took varies from run to run.
            assert!(
                actual.starts_with(&format!("{games} games in ")),
                "{actual}"
            );
            break;
        }
        assert_eq!(actual, expected, "`{command}`");
    }
    let rest: Vec<&str> = lines.collect();
    let mut i = 0;
    while i < rest.len() {
        let next = rest[i].strip_prefix("$ ").expect("a command");
        let output: Vec<&str> = rest[i + 1..]
            .iter()
            .take_while(|l| !l.starts_with("$ "))
            .copied()
            .collect();
        let (stdout, _) = run_line(next, dir.path());
        assert_eq!(stdout, output.join("\n") + "\n", "`{next}`");
        i += 1 + output.len();
    }
}

#[test]
fn elided_examples_match_in_order() {
    assert!(matches("a\n...\nc\n", "a\nb\nc\n"));
    assert!(matches("a\n...\n", "a\nb\n"));
    assert!(!matches("a\n...\nc\n", "a\nb\nd\n"));
    assert!(!matches("b\n...\n", "a\nb\n"));
    assert!(!matches("a\n", "a\nb\n"));
}

/// The pictures of the README: each game's `show --format svg` of a sample.
#[test]
fn the_svg_pictures_are_current() {
    for (picture, args) in [
        ("docs/ejemplo.svg", &["show", "samples/ejemplo.txt"][..]),
        (
            "docs/go.svg",
            &["show", "samples/go/handicap.sgf", "--ply", "150"],
        ),
        (
            "docs/madbishops.svg",
            &["show", "samples/madbishops/game.txt", "--ply", "20"],
        ),
        (
            "docs/solitaire.svg",
            &["show", "samples/solitaire/answer.txt", "--ply", "2"],
        ),
    ] {
        let mut all = args.to_vec();
        all.extend(["--format", "svg"]);
        let svg = asalto(&all).stdout;
        assert!(svg.starts_with("<svg"), "{picture}");
        assert_eq!(
            std::fs::read_to_string(picture).unwrap(),
            svg,
            "{picture} is stale: asalto {} > {picture}",
            all.join(" ")
        );
        assert!(
            std::fs::read_to_string("README.md")
                .unwrap()
                .contains(&format!("src=\"{picture}\"")),
            "the README shows {picture}"
        );
    }
}

/// The relative links of `markdown` (`[text](target)` and `src="target"`),
/// code spans and blocks left out.
fn links(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            continue;
        }
        // Code spans hold no links.
        let text: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        for (open, close) in [("](", ")"), ("src=\"", "\"")] {
            let mut rest = text.as_str();
            while let Some(at) = rest.find(open) {
                let after = &rest[at + open.len()..];
                let Some(end) = after.find(close) else { break };
                let target = &after[..end];
                if !target.contains("://") && !target.starts_with("mailto:") {
                    out.push(target.to_string());
                }
                rest = &after[end..];
            }
        }
    }
    out
}

/// The anchors GitHub makes of a page's headings: lower case, spaces to
/// `-`, punctuation other than `-` and `_` dropped.
fn anchors(markdown: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#').trim();
        out.push(
            title
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    c if c.is_alphanumeric() || c == '-' || c == '_' => {
                        Some(c.to_ascii_lowercase())
                    }
                    _ => None,
                })
                .collect(),
        );
    }
    out
}

/// Every relative link of the README and the docs points to a file that
/// exists, and an anchor to a heading of its page.
#[test]
fn every_link_of_the_readme_and_the_docs_resolves() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(root.join(&doc)).unwrap();
        let dir = root.join(&doc).parent().unwrap().to_path_buf();
        for link in links(&text) {
            let (path, anchor) = link.split_once('#').unwrap_or((&link, ""));
            let target = if path.is_empty() {
                root.join(&doc)
            } else {
                dir.join(path)
            };
            assert!(
                target.exists(),
                "{doc}: `{link}`: no file {}",
                target.display()
            );
            if !anchor.is_empty() {
                let page = std::fs::read_to_string(&target)
                    .unwrap_or_else(|_| panic!("{doc}: `{link}`: an anchor into a folder"));
                assert!(
                    anchors(&page).iter().any(|a| a == anchor),
                    "{doc}: `{link}`: no heading `#{anchor}` in {}",
                    target.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} links found");
}

#[test]
fn links_and_anchors_are_read_as_github_does() {
    assert_eq!(
        links(
            "[a](docs/a.md) `[b](no.md)` <img src=\"x.svg\"> [c](https://x.org)\n```\n[d](e.md)\n```\n"
        ),
        ["docs/a.md", "x.svg"]
    );
    assert_eq!(
        anchors(
            "# `asalto check`\n## `grade --game go`: the 2019 Go assignment\n## Checks, weights and score\n"
        ),
        [
            "asalto-check",
            "grade---game-go-the-2019-go-assignment",
            "checks-weights-and-score"
        ]
    );
}

/// The JSON example of docs/check.md is what `check --format json` prints
/// for the file it names (the same fields and values; the doc indents it).
#[test]
fn the_json_example_of_the_check_docs_is_current() {
    let doc = std::fs::read_to_string("docs/check.md").unwrap();
    let start = doc.find("```json\n").unwrap() + 8;
    let block = &doc[start..start + doc[start..].find("```").unwrap()];
    let shown: serde_json::Value = serde_json::from_str(block).unwrap();
    let file = shown["file"].as_str().unwrap();
    let run = asalto(&["check", file, "--format", "json"]);
    let actual: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        shown, actual,
        "docs/check.md is stale; it prints:\n{}",
        run.stdout
    );
}
