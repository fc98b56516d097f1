//! The rule situations a reference set reaches (issue 24, item 10): a
//! program that announces the officers' win one rebel too early scored
//! full marks because no reference game stopped at exactly 9 rebels, and
//! nothing said so. Now `grade` warns, names what is missing and how to
//! make a set that reaches it (`selfplay --cover`), and with that set the
//! same program loses its marks. `grade --coverage` shows what a set
//! reaches without running anything; `selfplay --cover` and `generate
//! --cover` make sets that reach everything, the same for a seed.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use super::support::*;

/// Run `asalto ARGS` (any command) with a watchdog.
fn asalto(args: &[&str]) -> Graded {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_asalto"));
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    run_watched(cmd, Duration::from_secs(300))
}

/// A folder every user may read holding these samples.
fn refs_of(samples: &[&str]) -> tempfile::TempDir {
    let dir = open_dir("asalto-cover-refs-");
    for name in samples {
        std::fs::copy(sample(name), dir.path().join(name)).unwrap();
    }
    dir
}

/// `selfplay --cover --seed SEED --out DIR` into a new folder every user
/// may read.
fn cover_set(seed: &str) -> tempfile::TempDir {
    let dir = open_dir("asalto-cover-set-");
    let out = dir.path().join("refs");
    let run = asalto(&[
        "selfplay",
        "--cover",
        "--seed",
        seed,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    dir
}

/// The codes of the situations a `coverage` object lists under `field`.
fn codes(coverage: &Value, field: &str) -> Vec<String> {
    coverage[field]
        .as_array()
        .unwrap_or_else(|| panic!("no {field}: {coverage:#}"))
        .iter()
        .map(|e| e["code"].as_str().unwrap().to_string())
        .collect()
}

/// The example of the issue: the program that ends the game at 9 rebels
/// keeps full marks on games that never stop at 9 rebels, with a warning
/// naming `nine-rebels-left` and `selfplay --cover`; on the set
/// `selfplay --cover` makes it loses the `end` check, and a right program
/// keeps full marks there.
#[test]
fn the_early_end_is_warned_about_then_caught_by_a_cover_set() {
    let refs = refs_of(&["ejemplo.txt", "apendice-a.txt"]);
    let subs = submissions(&["correct", "end-threshold"]);
    let tmp = open_dir("asalto-cover-tmp-");
    let run = format!("{} {{entry}}", python());
    let grade_with = |refs: &Path| {
        grade(
            &[
                "--sandbox",
                "none",
                "--jobs",
                "2",
                "--games",
                refs.to_str().unwrap(),
                "--submissions",
                subs.path().to_str().unwrap(),
                "--run",
                &run,
            ],
            &[("TMPDIR", tmp.path().to_str().unwrap())],
        )
    };

    let missing = grade_with(refs.path());
    let json = missing.json();
    assert_eq!(missing.code, 0, "{}", missing.stderr);
    let early = submission(&json, "end-threshold");
    assert_eq!(early["score"], 100.0, "{early:#}");
    let warning = missing
        .stderr
        .lines()
        .find(|l| l.starts_with("asalto: warning: the reference games never reach"))
        .unwrap_or_else(|| panic!("no warning: {}", missing.stderr));
    assert!(warning.contains("nine-rebels-left"), "{warning}");
    assert!(
        warning.contains("`asalto selfplay --cover --seed 1 --out DIR`"),
        "{warning}"
    );
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/coverage.md")).unwrap();
    assert!(
        docs.contains(&format!("```text\n{warning}\n```")),
        "docs/coverage.md is stale for the warning:\n{warning}"
    );
    let missed = codes(&json["coverage"], "missing");
    assert!(
        missed.contains(&"nine-rebels-left".to_string()),
        "{missed:?}"
    );
    assert!(!missed.contains(&"end-fewer-than-nine-rebels".to_string()));
    assert_eq!(
        json["coverage"]["fix"],
        "asalto selfplay --cover --seed 1 --out DIR"
    );

    let set = cover_set("1");
    let covered = grade_with(&set.path().join("refs"));
    let json = covered.json();
    assert_eq!(covered.code, 1, "{}", covered.stderr);
    assert!(!covered.stderr.contains("warning:"), "{}", covered.stderr);
    assert_eq!(codes(&json["coverage"], "missing"), Vec::<String>::new());
    assert_eq!(submission(&json, "correct")["score"], 100.0);
    let early = submission(&json, "end-threshold");
    assert!(early["score"].as_f64().unwrap() < 100.0, "{early:#}");
    assert!(
        failed_kinds(early).contains(&"end".to_string()),
        "{early:#}"
    );
    assert!(
        !failed_kinds(early).contains(&"runs".to_string()),
        "{early:#}"
    );
    let f = failure(early, "end");
    assert!(
        f["message"].as_str().unwrap().contains("with 9 rebels"),
        "{f:#}"
    );
}

/// `grade --coverage`: what a set reaches, for people and as JSON, no
/// program run; exit 1 when something is missing, 0 when nothing is.
#[test]
fn grade_coverage_shows_a_set_without_grading() {
    let refs = refs_of(&["ejemplo.txt", "apendice-a.txt"]);
    let dir = refs.path().to_str().unwrap();
    let human = asalto(&["grade", "--coverage", "--games", dir]);
    assert_eq!(human.code, 1, "{}", human.stderr);
    assert!(
        human.stdout.starts_with(
            "reference games (game asalto, rules assignment-2018-19): 25 of 40 rule situations reached\n"
        ),
        "{}",
        human.stdout
    );
    assert!(human.stdout.contains("  missing    nine-rebels-left "));
    assert!(
        human
            .stdout
            .contains("  reached    capture-chain-returns         a capture chain that comes back to the point it started from [apendice-a.txt, move 41]"),
        "{}",
        human.stdout
    );
    assert!(human.stdout.ends_with(
        "`asalto selfplay --cover --seed 1 --out DIR` writes a set that reaches every situation\n"
    ));
    let json = asalto(&["grade", "--coverage", "--format", "json", "--games", dir]);
    assert_eq!(json.code, 1);
    let doc: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(doc["format"], "asalto-grade-coverage");
    assert_eq!(
        doc["games"],
        serde_json::json!(["apendice-a.txt", "ejemplo.txt"])
    );
    assert_eq!(doc["coverage"]["situations"], 40);
    assert_eq!(codes(&doc["coverage"], "reached").len(), 25);
    // In the order graded (by name), the illegal move typed in the
    // second game is a rebel's step that does not get closer.
    let refused = &doc["coverage"]["reached"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["code"] == "refused-rebel-not-closer")
        .unwrap();
    assert_eq!(
        (&refused["game"], &refused["move"]),
        (&"ejemplo.txt".into(), &6.into())
    );
    // Only people's text and JSON.
    let csv = asalto(&["grade", "--coverage", "--format", "csv", "--games", dir]);
    assert_eq!(csv.code, 2);
    // A set made to reach everything.
    let set = cover_set("2");
    let refs = set.path().join("refs");
    let all = asalto(&["grade", "--coverage", "--games", refs.to_str().unwrap()]);
    assert_eq!(all.code, 0, "{}", all.stdout);
    assert!(!all.stdout.contains("missing"), "{}", all.stdout);
}

/// The human report ends with the coverage line, the HTML class page has
/// its section, and both name what is missing.
#[test]
fn the_reports_say_what_the_set_misses() {
    let refs = refs_of(&["ejemplo.txt"]);
    let refs = refs.path().to_str().unwrap();
    let tmp = open_dir("asalto-cover-tmp-");
    let fixture = fixture();
    let env = [("TMPDIR", tmp.path().to_str().unwrap())];
    let args = [
        "--sandbox",
        "none",
        "--games",
        refs,
        "--",
        python(),
        &fixture,
    ];
    let human = run_grade(&args, &env);
    assert_eq!(human.code, 0, "{}", human.stderr);
    let last = human.stdout.lines().last().unwrap();
    assert!(
        last.starts_with("coverage: 19 of 40 rule situations reached by the reference games; missing: end-officers-blocked, "),
        "{last}"
    );
    assert!(last.contains("nine-rebels-left"), "{last}");
    let out = open_dir("asalto-cover-html-");
    let html_args = [
        &["--format", "html", "--out", out.path().to_str().unwrap()][..],
        &args,
    ]
    .concat();
    let html = run_grade(&html_args, &env);
    assert_eq!(html.code, 0, "{}", html.stderr);
    let index = std::fs::read_to_string(out.path().join("index.html")).unwrap();
    let section = &index[index.find("<section id=\"coverage\">").unwrap()..];
    assert!(section.contains("19 of 40 rule situations reached by the reference games."));
    assert!(section.contains("<li><code>nine-rebels-left</code>: exactly 9 rebels"));
    assert!(section.contains("<code>asalto selfplay --cover --seed 1 --out DIR</code>"));
}

/// Every file of `dir`, by name, with its bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    all.sort();
    all
}

/// `selfplay --cover` (Asalto and Go) and `generate --cover` (Solitaire
/// Chess): the same set for a seed whatever the threads, and a set that
/// `grade --coverage` finds complete.
#[test]
fn cover_sets_reach_everything_the_same_for_a_seed() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    for (game, ext) in [("asalto", "txt"), ("go", "sgf")] {
        for (out, jobs) in [("a", "1"), ("b", "2")] {
            let out = path(&format!("{game}-{out}"));
            let run = asalto(&[
                "selfplay", "--game", game, "--cover", "--seed", "4", "--jobs", jobs, "--out", &out,
            ]);
            assert_eq!(run.code, 0, "{game}: {}", run.stderr);
            assert!(
                run.stderr.contains(" rule situations reached\n"),
                "{}",
                run.stderr
            );
        }
        let a = files(Path::new(&path(&format!("{game}-a"))));
        assert_eq!(a, files(Path::new(&path(&format!("{game}-b")))), "{game}");
        assert!(a.iter().any(|(name, _)| name.ends_with(ext)));
        let check = asalto(&[
            "grade",
            "--coverage",
            "--game",
            game,
            "--games",
            &path(&format!("{game}-a")),
        ]);
        assert_eq!(check.code, 0, "{game}: {}", check.stdout);
        let summary: Value =
            serde_json::from_slice(&a.iter().find(|(n, _)| n == "summary.json").unwrap().1)
                .unwrap();
        assert_eq!(codes(&summary["coverage"], "missing"), Vec::<String>::new());
        for r in summary["results"].as_array().unwrap() {
            assert!(r["played_as"].as_u64().is_some(), "{r}");
        }
    }
    for rules in ["codegolf", "thinkfun"] {
        let make = || {
            asalto(&[
                "generate",
                "--game",
                "solitaire",
                "--cover",
                "--rules",
                rules,
                "--seed",
                "4",
            ])
        };
        let first = make();
        assert_eq!(first.code, 0, "{}", first.stderr);
        assert_eq!(first.stdout, make().stdout);
        let set = path(&format!("puzzles-{rules}.txt"));
        std::fs::write(&set, &first.stdout).unwrap();
        let check = asalto(&[
            "grade",
            "--coverage",
            "--game",
            "solitaire",
            "--rules",
            rules,
            "--puzzles",
            &set,
        ]);
        assert_eq!(check.code, 0, "{rules}: {}", check.stdout);
    }
    // A budget too small says what it could not reach, and exits 1.
    let short = asalto(&["selfplay", "--cover", "--seed", "4", "--games", "2"]);
    assert_eq!(short.code, 1, "{}", short.stderr);
    assert!(
        short.stderr.contains("not reached in 2 games"),
        "{}",
        short.stderr
    );
    assert!(short.stderr.contains("  missing: "), "{}", short.stderr);
    // Mad Bishops has no grader to cover.
    assert_eq!(
        asalto(&["selfplay", "--game", "madbishops", "--cover"]).code,
        2
    );
}

/// docs/coverage.md names every situation of every game, by its code.
#[test]
fn the_coverage_page_names_every_situation() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/coverage.md")).unwrap();
    let codes = asalto::coverage::Situation::ALL
        .iter()
        .map(|s| s.code())
        .chain(asalto_go::coverage::Situation::ALL.iter().map(|s| s.code()))
        .chain(
            asalto_solitaire::coverage::Situation::ALL
                .iter()
                .map(|s| s.code()),
        );
    for code in codes {
        assert!(
            docs.contains(&format!("`{code}`")),
            "docs/coverage.md does not name `{code}`"
        );
    }
}

/// What Go's coverage says a game reaches is what the grader asks: each
/// move situation reached has a query of its own in the plan, and each
/// query's situation is reached.
#[test]
fn go_coverage_is_what_the_queries_ask() {
    use asalto::grade::go::plan::{self, Reference};
    use asalto_go::Profile;
    use asalto_go::coverage::Situation;
    let refs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/grade-go/refs");
    for entry in std::fs::read_dir(refs).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let reference = Reference::from_sgf("ref.sgf", &bytes, Profile::Seed2019).unwrap();
        let game = plan::queries(&reference, Profile::Seed2019);
        let asked: Vec<&str> = game.queries.iter().map(|q| q.what).collect();
        for sit in Situation::MOVES {
            assert_eq!(
                game.coverage.reached(sit).is_some(),
                asked.contains(&sit.describe()),
                "{sit} in {}",
                path.display()
            );
        }
        assert!(game.coverage.reached(Situation::CaptureOnEdge).is_some());
        assert!(game.coverage.reached(Situation::ScoreFinal).is_some());
    }
}
