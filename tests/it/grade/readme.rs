//! The examples of docs/grade.md (`asalto grade`) are real runs: the
//! walkthrough's folder is built here (five students: right, a capture
//! bug, a save bug, a hang, an entry file in another case) and every
//! command shown is run and compared with what docs/grade.md shows.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use super::support::*;

/// The walkthrough's folder: `refs/` and `submissions/`.
fn walkthrough() -> tempfile::TempDir {
    let dir = open_dir("asalto-walkthrough-");
    let refs = dir.path().join("refs");
    let subs = dir.path().join("submissions");
    for d in [&refs, &subs] {
        std::fs::create_dir(d).unwrap();
        std::fs::set_permissions(d, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    for game in ["apendice-a.txt", "ejemplo.txt", "end-castle-occupied.txt"] {
        std::fs::copy(sample(game), refs.join(game)).unwrap();
    }
    for (name, bug) in [
        ("ana", "correct"),
        ("bruno", "no-multi-capture"),
        ("carla", "broken-save"),
        ("diego", "hang"),
    ] {
        let sub = subs.join(name);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        write_stub(&sub, &stub_args(bug));
    }
    let elena = subs.join("elena");
    std::fs::create_dir(&elena).unwrap();
    std::fs::set_permissions(&elena, std::fs::Permissions::from_mode(0o755)).unwrap();
    write_stub(&elena, &[]);
    std::fs::rename(elena.join("asalto.py"), elena.join("Asalto.py")).unwrap();
    dir
}

/// Run `asalto ARGS` (split as a shell would, single quotes grouping) in
/// `dir`.
pub(super) fn run_in(dir: &Path, line: &str) -> String {
    let mut words = Vec::new();
    for (i, part) in line.split('\'').enumerate() {
        if i % 2 == 1 {
            words.push(part.to_string());
        } else {
            words.extend(part.split_whitespace().map(str::to_string));
        }
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_asalto"));
    cmd.args(&words[1..])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    run_watched(cmd, Duration::from_secs(300)).stdout
}

/// Output and docs text with what depends on the machine (user ids,
/// bubblewrap's version) made the same.
pub(super) fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_inclusive([' ', '\n', '-', ';']) {
        let core = word.trim_end_matches([' ', '\n', '-', ';']);
        let tail = &word[core.len()..];
        if core.len() == 10 && core.starts_with('1') && core.bytes().all(|b| b.is_ascii_digit()) {
            out.push_str("UID");
        } else if core.starts_with("0.") && core.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            out.push_str("VERSION");
        } else {
            out.push_str(core);
        }
        out.push_str(tail);
    }
    out
}

#[test]
fn readme_grade_examples_are_current() {
    if !is_root() || !bwrap() {
        eprintln!("skipped: docs/grade.md shows a run as root under bubblewrap, as CI runs it");
        return;
    }
    // The walkthrough is in docs/grade.md, its HTML report in docs/html.md.
    let readme = ["/docs/grade.md", "/docs/html.md"]
        .map(|doc| std::fs::read_to_string(format!("{}{doc}", env!("CARGO_MANIFEST_DIR"))).unwrap())
        .join("\n");
    let dir = walkthrough();
    let commands = [
        "asalto grade --games refs/ --submissions submissions/ --entry asalto.py --run 'python3 {entry}' --move-timeout 3",
        "asalto grade --games refs/ -- python3 submissions/carla/asalto.py",
        "asalto grade --games refs/ --submissions submissions/ --entry asalto.py --run 'python3 {entry}' --move-timeout 3 --format html --out report/",
    ];
    for command in commands {
        let out = run_in(dir.path(), command);
        let block = format!("$ {command}\n{out}```");
        assert!(
            normalize(&readme).contains(&normalize(&block)),
            "docs/grade.md (or html.md) is stale for: {command}\n--- it prints:\n{out}"
        );
    }
    // Bruno's first failure, as docs/grade.md quotes it.
    let out = run_in(
        dir.path(),
        "asalto grade --games refs/ -- python3 submissions/bruno/asalto.py",
    );
    let start = out.find("[moves] apendice-a.txt, move 7").unwrap();
    let end = out[start..].find("\n\n").map_or(out.len(), |e| start + e);
    let failure = &out[start..=end];
    assert!(
        readme.contains(&format!("```text\n{failure}```")),
        "docs/grade.md is stale for Bruno's failure:\n{failure}"
    );
    // Without bubblewrap (none in PATH), the note on standard error.
    let bin = open_dir("asalto-no-bwrap-path-");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_asalto"));
    cmd.args([
        "grade",
        "--games",
        "refs/",
        "--",
        python(),
        "submissions/ana/asalto.py",
    ])
    .current_dir(dir.path())
    .env("PATH", bin.path())
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    // (The warning on what the reference games miss comes after it, and
    // is docs/coverage.md's.)
    let note: String = run_watched(cmd, Duration::from_secs(300))
        .stderr
        .lines()
        .filter(|l| l.starts_with("asalto: note:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        readme.contains(&format!("```text\n{note}```")),
        "docs/grade.md is stale for the note without bubblewrap:\n{note}"
    );
}
