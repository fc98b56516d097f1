//! `check` of a batch whose arguments depend on its games (`--rules`
//! without `--game`, `--first`, an option one game refuses such as
//! `--lenient` for Mad Bishops records): each file is opened and read once,
//! in the batch, and the answer is the one of the games told first: each
//! file judged as it is judged alone under its own game, the usage error
//! (if any) with nothing printed and nothing checked shown.
//!
//! Why: a teacher's folder mixes games; one read per file keeps a batch of
//! thousands fast, and a pipe named as a file can be read only once. A
//! JSON game document in a batch is read as a stream (its answers as when
//! it was read whole).

use crate::run::{Run, asalto, asalto_with_input};

/// A folder of records of every game, and files that are no game's.
struct Mixed {
    dir: tempfile::TempDir,
    /// Each file (in the folder's order, by name) and its game.
    files: Vec<(String, &'static str)>,
}

fn mixed() -> Mixed {
    let dir = tempfile::tempdir().unwrap();
    let copies: &[(&str, &str, &str)] = &[
        ("a1.txt", "samples/ejemplo.txt", "asalto"),
        ("a2.txt", "samples/invalid/syntax.txt", "asalto"),
        ("b1.txt", "samples/madbishops/game.txt", "madbishops"),
        (
            "b2.txt",
            "samples/madbishops/invalid/capture-required.txt",
            "madbishops",
        ),
        (
            "g1.sgf",
            "crates/go/tests/data/selfplay/seed-9-011.sgf",
            "go",
        ),
        ("s1.txt", "samples/solitaire/answer.txt", "solitaire"),
    ];
    let mut files = Vec::new();
    for (name, from, game) in copies {
        let path = dir.path().join(name);
        std::fs::copy(from, &path).unwrap();
        files.push((path.to_string_lossy().into_owned(), *game));
    }
    Mixed { dir, files }
}

impl Mixed {
    fn path(&self) -> String {
        self.dir.path().to_string_lossy().into_owned()
    }
}

/// The slow reference: each file checked alone with its game named, and
/// `--rules` given to the files of the game whose profile it is.
fn alone(file: &str, game: &str, rules: Option<(&str, &str)>, more: &[&str]) -> Run {
    let mut args = vec!["check", "--format", "json", "--game", game, file];
    if let Some((profile, owner)) = rules {
        if owner == game {
            args.extend(["--rules", profile]);
        }
    }
    args.extend(more);
    asalto(&args)
}

#[test]
fn rules_without_a_game_judge_each_file_of_a_mixed_folder_as_alone() {
    let mixed = mixed();
    for (profile, owner) in [("steere", "madbishops"), ("report", "madbishops")] {
        for jobs in ["1", "2"] {
            let batch = asalto(&[
                "check",
                "--format",
                "json",
                "--rules",
                profile,
                "-j",
                jobs,
                &mixed.path(),
            ]);
            let mut expected = String::new();
            let mut code = 0;
            for (file, game) in &mixed.files {
                let run = alone(file, game, Some((profile, owner)), &[]);
                expected.push_str(&run.stdout);
                code = code.max(run.code);
            }
            assert_eq!(batch.stdout, expected, "--rules {profile} -j {jobs}");
            assert_eq!(batch.code, code);
            assert_eq!(batch.code, 1);
        }
    }
    // A profile of no game of the batch: refused, nothing checked, the
    // message of the batch's first game (Asalto's: `a1.txt`).
    let asalto_only = [&mixed.files[0].0, &mixed.files[1].0];
    let run = asalto(&[
        "check",
        "--rules",
        "seed-2019",
        asalto_only[0],
        asalto_only[1],
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert_eq!(
        run.stderr,
        "asalto: `seed-2019` is not an Asalto rule profile, it is Go's (Asalto's is \
         assignment-2018-19; for Go files add --game go)\n"
    );
    // With a Go record in the batch, its files are read under it.
    let go = &mixed.files[4].0;
    let run = asalto(&[
        "check",
        "--format",
        "json",
        "--rules",
        "seed-2019",
        asalto_only[0],
        go,
    ]);
    let expected = alone(asalto_only[0], "asalto", None, &[]).stdout
        + &alone(go, "go", Some(("seed-2019", "go")), &[]).stdout;
    assert_eq!(run.stdout, expected);
}

#[test]
fn first_needs_a_mad_bishops_record_in_the_batch() {
    let mixed = mixed();
    let batch = asalto(&[
        "check",
        "--format",
        "json",
        "--first",
        "blue",
        &mixed.path(),
    ]);
    let mut expected = String::new();
    for (file, game) in &mixed.files {
        let more: &[&str] = if *game == "madbishops" {
            &["--first", "blue"]
        } else {
            &[]
        };
        expected.push_str(&alone(file, game, None, more).stdout);
    }
    assert_eq!(batch.stdout, expected);
    assert_eq!(batch.code, 1);
    // Without one: refused, with nothing printed, even about a file that
    // cannot be read.
    let run = asalto(&[
        "check",
        "--first",
        "blue",
        &mixed.files[0].0,
        "no-such-file.txt",
        &mixed.files[4].0,
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert_eq!(
        run.stderr,
        "asalto: --first is for Mad Bishops records (add --game madbishops)\n"
    );
}

#[test]
fn an_option_a_game_refuses_is_refused_when_its_record_is_in_the_batch() {
    let mixed = mixed();
    for jobs in ["1", "3"] {
        let run = asalto(&["check", "--lenient", "-j", jobs, &mixed.path()]);
        assert_eq!(run.code, 2);
        assert!(run.stdout.is_empty(), "{}", run.stdout);
        assert_eq!(
            run.stderr,
            "asalto: --lenient is not for Mad Bishops records\n"
        );
    }
    // Without one, every file is checked as alone.
    let files: Vec<&(String, &str)> = mixed
        .files
        .iter()
        .filter(|(_, game)| *game != "madbishops")
        .collect();
    let mut args = vec!["check", "--format", "json", "--lenient"];
    args.extend(files.iter().map(|(file, _)| file.as_str()));
    let run = asalto(&args);
    let expected: String = files
        .iter()
        .map(|(file, game)| alone(file, game, None, &["--lenient"]).stdout)
        .collect();
    assert_eq!(run.stdout, expected);
    // `--rules` of no game of the batch is said first, as it was when the
    // games were told before any file was read.
    let run = asalto(&[
        "check",
        "--lenient",
        "--rules",
        "seed-2019",
        &mixed.files[2].0,
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("`seed-2019` is not a Mad Bishops rule profile"),
        "{}",
        run.stderr
    );
}

/// A pipe named as a file can be read once: its game is told from the
/// bytes its check reads, so `--first` finds the Mad Bishops record in it.
#[test]
fn a_pipe_is_told_by_the_bytes_its_check_reads() {
    let text = std::fs::read_to_string("samples/madbishops/short.txt").unwrap();
    let run = asalto_with_input(
        &[
            "check",
            "--first",
            "red",
            "/dev/stdin",
            "samples/ejemplo.txt",
        ],
        &text,
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .starts_with("/dev/stdin: valid (steere), 4 moves"),
        "{}",
        run.stdout
    );
}

/// A file that cannot be read is reported by the game its name tells,
/// whatever the options.
#[test]
fn an_unreadable_file_is_reported_by_the_game_its_name_tells() {
    for more in [&[][..], &["--rules", "simple-ko"][..]] {
        let mut args = vec![
            "check",
            "--format",
            "json",
            "no-such-file.sgf",
            "samples/ejemplo.txt",
        ];
        args.extend(more);
        let run = asalto(&args);
        assert_eq!(run.code, 2);
        let first: serde_json::Value =
            serde_json::from_str(run.stdout.lines().next().unwrap()).unwrap();
        assert_eq!(first["game"], "go", "{more:?}");
        assert_eq!(first["rules"], "simple-ko", "{more:?}");
    }
}

/// A JSON game document is read as a stream, to its end: a byte that is
/// not UTF-8 anywhere in it is said first (where it is, as in a record),
/// even after what is wrong in JSON.
#[test]
fn a_document_read_as_a_stream_says_where_its_text_is_not_utf8() {
    let good = asalto(&["export", "--to", "json", "samples/ejemplo.txt"]).stdout;
    let dir = tempfile::tempdir().unwrap();
    let cut = good.len() / 2;
    for (name, before, after) in [
        ("end.json", good.clone(), "\n".to_string()),
        (
            "broken.json",
            format!("{}@{}", &good[..cut], &good[cut..]),
            String::new(),
        ),
    ] {
        let path = dir.path().join(name);
        let mut bytes = before.clone().into_bytes();
        bytes.push(0xff);
        bytes.extend(after.as_bytes());
        std::fs::write(&path, bytes).unwrap();
        let path = path.to_string_lossy().into_owned();
        let run = asalto(&["check", &path]);
        assert_eq!(run.code, 2, "{}", run.stdout);
        assert_eq!(
            run.stderr,
            format!(
                "asalto: {path}: not UTF-8 text (invalid byte at line 1, column {}, byte {})\n",
                before.chars().count() + 1,
                before.len()
            )
        );
    }
    // Read as a stream, a document of the start position is the record.
    let run = asalto_with_input(&["check", "-"], &good);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout.starts_with("<stdin>: valid, 7 moves"),
        "{}",
        run.stdout
    );
}

/// A folder is walked from its listing: a link to a record is read, a
/// link to a folder is not followed, and a FIFO named like a record is
/// skipped rather than waited on.
#[test]
fn a_folder_reads_links_to_records_and_skips_what_is_not_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let class = root.join("class");
    std::fs::create_dir_all(class.join("ana")).unwrap();
    std::fs::copy("samples/ejemplo.txt", class.join("ana/game.txt")).unwrap();
    let elsewhere = root.join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::fs::copy("samples/unfinished.txt", elsewhere.join("linked.txt")).unwrap();
    std::os::unix::fs::symlink(elsewhere.join("linked.txt"), class.join("link.txt")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, class.join("folder-link")).unwrap();
    rustix::fs::mknodat(
        rustix::fs::CWD,
        class.join("pipe.txt"),
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o600),
        0,
    )
    .unwrap();
    let run = asalto(&["check", class.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let names: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.split_once(": ").map(|(name, _)| name))
        .filter(|name| name.ends_with(".txt"))
        .collect();
    let class = class.to_str().unwrap();
    assert_eq!(
        names,
        [format!("{class}/ana/game.txt"), format!("{class}/link.txt")]
    );
}
