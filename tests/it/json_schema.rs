//! Every JSON document of every command, for every game, validates
//! against its JSON Schema in `docs/schema/` (draft 2020-12, validated by
//! the `jsonschema` crate), and names its game and a rule profile of that
//! game. `docs/json.md` documents the same documents.
//!
//! Why: scripts read many games' output with one reader, so the same thing
//! has the same name in every game (`problems`, `plies`, `moves`,
//! `outcome`, `stopped`, `last_move`, `legal_moves`), and every document
//! says what it is (`format`, `version`, `game`, `rules`). The schemas are
//! strict (no field they do not name, every common field required), so a
//! renamed field fails here (`a_renamed_field_fails_its_schema`).
//!
//! The list, command × game → what the tests run (Gradescope's
//! `results.json` is Gradescope's shape, not ours):
//!
//! | command | asalto | go | madbishops | solitaire |
//! | --- | --- | --- | --- | --- |
//! | check --format json | valid, invalid, a game document, a bad document, unreadable | valid, broken SGF, unreadable | valid, invalid, unreadable | answer, wrong answer, syntax error, unreadable |
//! | show --format json | file, invalid file, --ply 0, --position | file, invalid file, --ply, --territory | file, invalid file, --position | answer, wrong answer |
//! | diff --format json | different, same, invalid | different, same | different | different |
//! | export --to json | game document, --keep-partial | game document | game document | record document, --keep-partial |
//! | selfplay --format json | lines | lines | lines | — |
//! | selfplay --out DIR | summary.json | summary.json | summary.json | — |
//! | selfplay --cover --out DIR | summary.json | summary.json | — | — |
//! | solve --format json | — | — | — | solved, --all, a bad puzzle, the node limit |
//! | generate --format json | — | — | — | lines, --cover lines |
//! | grade --format json (Linux) | a program that exits, one that fails | a right `proylcc.pl` | a right `madbishops.pl` | a program that exits |
//! | grade --coverage --format json (Linux) | a sample | a reference game | a reference record | a puzzle |

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::run::asalto;

/// The folder of the schemas.
fn schema_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/schema")
}

/// Reads `common.schema.json` (and any schema a `$ref` names) from
/// `docs/schema/`: the schemas refer to each other by file name.
struct SchemaFiles;

impl jsonschema::Retrieve for SchemaFiles {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let name = uri.path().as_str().rsplit('/').next().unwrap_or_default();
        let text = std::fs::read_to_string(schema_dir().join(name))?;
        Ok(serde_json::from_str(&text)?)
    }
}

/// The validator of each document `format`, built once.
fn validators() -> &'static HashMap<&'static str, jsonschema::Validator> {
    static VALIDATORS: OnceLock<HashMap<&'static str, jsonschema::Validator>> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        let base = format!("file://{}/", schema_dir().display());
        [
            ("asalto-check", "check"),
            ("asalto-show", "show"),
            ("asalto-diff", "diff"),
            ("asalto-game", "game"),
            ("asalto-selfplay-game", "selfplay-game"),
            ("asalto-selfplay", "selfplay"),
            ("asalto-solve", "solve"),
            ("asalto-generate", "generate"),
            ("asalto-grade", "grade"),
            ("asalto-grade-coverage", "grade-coverage"),
        ]
        .into_iter()
        .map(|(format, file)| {
            let path = schema_dir().join(format!("{file}.schema.json"));
            let schema: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let validator = jsonschema::options()
                .with_base_uri(base.clone())
                .with_retriever(SchemaFiles)
                .build(&schema)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (format, validator)
        })
        .collect()
    })
}

/// What `doc` breaks of its schema (the schema of its `format`).
fn violations(doc: &Value) -> Vec<String> {
    let format = doc["format"].as_str().unwrap_or_default();
    let Some(validator) = validators().get(format) else {
        return vec![format!("no schema for format `{format}`")];
    };
    validator
        .iter_errors(doc)
        .map(|e| format!("{e} (at `{}`)", e.instance_path()))
        .collect()
}

/// The rule profiles of `game`.
fn profiles(game: &str) -> Vec<&'static str> {
    match game {
        "asalto" => vec![asalto::Rules::Assignment2018.name()],
        "go" => asalto_go::Profile::ALL.iter().map(|p| p.name()).collect(),
        "madbishops" => asalto_madbishops::Profile::ALL
            .iter()
            .map(|p| p.name())
            .collect(),
        "solitaire" => asalto_solitaire::Profile::ALL
            .iter()
            .map(|p| p.name())
            .collect(),
        other => panic!("no game {other}"),
    }
}

/// `doc`, found by `what`, is a `format` document of `game` under one of
/// its profiles, and valid against its schema.
fn check_document(what: &str, doc: &Value, format: &str, game: &str) {
    assert_eq!(doc["format"], format, "{what}: {doc}");
    assert_eq!(doc["game"], game, "{what}: {doc}");
    let rules = doc["rules"].as_str().unwrap_or_default();
    assert!(
        profiles(game).contains(&rules),
        "{what}: rules `{rules}` is not a profile of {game}: {doc}"
    );
    let broken = violations(doc);
    assert!(broken.is_empty(), "{what}: {doc}\n{broken:#?}");
}

/// Run `args` (exit status 0, 1 or 2, never a crash); every line of
/// standard output is a JSON document.
fn lines(args: &[&str]) -> Vec<Value> {
    let run = asalto(args);
    assert!(matches!(run.code, 0..=2), "{args:?}: {}", run.stderr);
    assert!(!run.stdout.is_empty(), "{args:?}: {}", run.stderr);
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
        .collect()
}

/// Every line of `args`'s output is a valid `format` document of `game`;
/// how many there are.
fn documents(args: &[&str], format: &str, game: &str) -> usize {
    let docs = lines(args);
    for doc in &docs {
        check_document(&format!("{args:?}"), doc, format, game);
    }
    docs.len()
}

/// One pretty-printed document of `args` (`export --pretty`, `grade`).
fn whole(args: &[&str]) -> Value {
    let run = asalto(args);
    serde_json::from_str(&run.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}{}", run.stdout, run.stderr))
}

const EJEMPLO: &str = "samples/ejemplo.txt";
const APENDICE: &str = "samples/apendice-a.txt";
const OCCUPIED: &str = "samples/invalid/occupied.txt";
const SGF: &str = "crates/go/tests/data/selfplay/seed-9-011.sgf";
const SGF_OTHER: &str = "crates/go/tests/data/selfplay/seed-9-019.sgf";
const MB: &str = "samples/madbishops/game.txt";
const MB_SHORT: &str = "samples/madbishops/short.txt";
const ANSWER: &str = "samples/solitaire/answer.txt";
const OTHER: &str = "samples/solitaire/other.txt";
const MISSING: &str = "samples/no-such-file.txt";

#[test]
fn every_check_line_of_every_game_fits_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let bad_doc = write(
        "bad.json",
        r#"{"format":"asalto-game","version":2,"game":"asalto","rules":"assignment-2018-19","moves":[{"notation":"Aa-Ab"}]}"#,
    );
    let doc = write(
        "ejemplo.json",
        &asalto(&["export", "--to", "json", EJEMPLO]).stdout,
    );
    let broken_sgf = write("broken.sgf", "(;GM[1]SZ[9];B[dd];W[dd];B[zz]");
    let syntax = write("syntax.txt", "not a puzzle\n");
    let mut asalto_files = vec![EJEMPLO, APENDICE, &bad_doc, &doc, MISSING];
    let invalid: Vec<String> = std::fs::read_dir("samples/invalid")
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .collect();
    asalto_files.extend(invalid.iter().map(String::as_str));
    let check = |files: &[&str], game: Option<&str>| -> Vec<String> {
        let mut args = vec!["check", "--format", "json"];
        if let Some(game) = game {
            args.extend(["--game", game]);
        }
        args.extend(files);
        args.iter().map(|a| a.to_string()).collect()
    };
    let mb_invalid: Vec<String> = std::fs::read_dir("samples/madbishops/invalid")
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .collect();
    let mut mb_files = vec![MB, MB_SHORT];
    mb_files.extend(mb_invalid.iter().map(String::as_str));
    let runs: Vec<(Vec<String>, &str, usize)> = vec![
        (check(&asalto_files, None), "asalto", asalto_files.len()),
        (check(&[SGF, &broken_sgf], None), "go", 2),
        (check(&[MISSING], Some("go")), "go", 1),
        (check(&mb_files, None), "madbishops", mb_files.len()),
        (check(&[MISSING], Some("madbishops")), "madbishops", 1),
        (
            check(&[ANSWER, OTHER, &syntax, MISSING], Some("solitaire")),
            "solitaire",
            4,
        ),
    ];
    for (args, game, count) in runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_eq!(documents(&args, "asalto-check", game), count, "{args:?}");
    }
    // The shapes met: judged, unreadable, a bad document; every game's
    // problems in one shape.
    let lines = lines(
        &check(&[OCCUPIED, &bad_doc, MISSING], None)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    assert_eq!(lines[0]["problems"][0]["code"], "occupied");
    assert!(lines[1]["document_error"].is_string(), "{}", lines[1]);
    assert!(lines[2]["io_error"].is_string(), "{}", lines[2]);
}

#[test]
fn every_show_diff_and_export_document_of_every_game_fits_the_schema() {
    let runs: &[(&[&str], &str, &str)] = &[
        (
            &["show", "--format", "json", EJEMPLO],
            "asalto-show",
            "asalto",
        ),
        (
            &["show", "--format", "json", OCCUPIED],
            "asalto-show",
            "asalto",
        ),
        (
            &["show", "--format", "json", "--ply", "0", EJEMPLO],
            "asalto-show",
            "asalto",
        ),
        (
            &[
                "show",
                "--format",
                "json",
                "--position",
                ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O",
            ],
            "asalto-show",
            "asalto",
        ),
        (&["show", "--format", "json", SGF], "asalto-show", "go"),
        (
            &["show", "--format", "json", "samples/go/broken.sgf"],
            "asalto-show",
            "go",
        ),
        (
            &["show", "--format", "json", "--ply", "3", SGF],
            "asalto-show",
            "go",
        ),
        (
            &["show", "--format", "json", "--territory", SGF],
            "asalto-show",
            "go",
        ),
        (
            &["show", "--format", "json", MB],
            "asalto-show",
            "madbishops",
        ),
        (
            &[
                "show",
                "--format",
                "json",
                "samples/madbishops/invalid/must-engage.txt",
            ],
            "asalto-show",
            "madbishops",
        ),
        (
            &[
                "show",
                "--format",
                "json",
                "--game",
                "madbishops",
                "--position",
                "RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB/RRRRR/BBBBB R",
            ],
            "asalto-show",
            "madbishops",
        ),
        (
            &["show", "--format", "json", ANSWER],
            "asalto-show",
            "solitaire",
        ),
        (
            &["show", "--format", "json", OTHER],
            "asalto-show",
            "solitaire",
        ),
        (
            &["diff", "--format", "json", EJEMPLO, APENDICE],
            "asalto-diff",
            "asalto",
        ),
        (
            &["diff", "--format", "json", EJEMPLO, EJEMPLO],
            "asalto-diff",
            "asalto",
        ),
        (
            &["diff", "--format", "json", EJEMPLO, OCCUPIED],
            "asalto-diff",
            "asalto",
        ),
        (
            &["diff", "--format", "json", SGF, SGF_OTHER],
            "asalto-diff",
            "go",
        ),
        (&["diff", "--format", "json", SGF, SGF], "asalto-diff", "go"),
        (
            &["diff", "--format", "json", MB, MB_SHORT],
            "asalto-diff",
            "madbishops",
        ),
        (
            &["diff", "--format", "json", ANSWER, OTHER],
            "asalto-diff",
            "solitaire",
        ),
        (
            &["export", "--to", "json", EJEMPLO],
            "asalto-game",
            "asalto",
        ),
        (
            &["export", "--to", "json", "--keep-partial", OCCUPIED],
            "asalto-game",
            "asalto",
        ),
        (&["export", "--to", "json", SGF], "asalto-game", "go"),
        (&["export", "--to", "json", MB], "asalto-game", "madbishops"),
        (
            &["export", "--to", "json", ANSWER],
            "asalto-game",
            "solitaire",
        ),
        (
            &["export", "--to", "json", "--keep-partial", OTHER],
            "asalto-game",
            "solitaire",
        ),
    ];
    for &(args, format, game) in runs {
        assert_eq!(documents(args, format, game), 1, "{args:?}");
    }
    // Pretty-printed, the same document.
    let pretty = whole(&["export", "--to", "json", "--pretty", SGF]);
    check_document("export --pretty", &pretty, "asalto-game", "go");
}

#[test]
fn every_line_of_results_fits_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "xx\n").unwrap();
    let bad = bad.to_str().unwrap();
    let selfplay = |game: &'static str| -> Vec<&'static str> {
        let mut args = vec![
            "selfplay", "--game", game, "--games", "2", "--seed", "3", "--format", "json", "-q",
        ];
        if game == "go" {
            args.extend(["--size", "9"]);
        }
        args
    };
    for game in ["asalto", "go", "madbishops"] {
        assert_eq!(
            documents(&selfplay(game), "asalto-selfplay-game", game),
            2,
            "{game}"
        );
    }
    // Go's line says what its human summary says: the area score, the
    // komi counted and the result.
    let go = lines(&selfplay("go"));
    assert!(go[0]["score"]["black"].is_u64(), "{}", go[0]);
    assert!(go[0]["score"]["komi"].is_number(), "{}", go[0]);
    assert_eq!(go[0]["score"]["result"], go[0]["result"], "{}", go[0]);
    let generate = [
        "generate", "--count", "2", "--pieces", "3", "--seed", "1", "--format", "json",
    ];
    assert_eq!(documents(&generate, "asalto-generate", "solitaire"), 2);
    let cover = [
        "generate", "--cover", "--seed", "1", "--format", "json", "--rules", "thinkfun",
    ];
    assert!(documents(&cover, "asalto-generate", "solitaire") > 1);
    let solve = ["solve", "--format", "json", "...N.....R....B.", bad];
    assert_eq!(documents(&solve, "asalto-solve", "solitaire"), 2);
    let all = ["solve", "--format", "json", "--all", "...N.....R....B."];
    assert_eq!(documents(&all, "asalto-solve", "solitaire"), 1);
    let limited = [
        "solve",
        "--format",
        "json",
        "--node-limit",
        "1",
        "NNBBRRPP.QK.....",
    ];
    let line = &lines(&limited)[0];
    assert!(line["interrupted"].is_object(), "{line}");
    check_document("--node-limit", line, "asalto-solve", "solitaire");
}

#[test]
fn every_summary_of_a_run_fits_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    for (game, cover) in [
        ("asalto", false),
        ("go", false),
        ("madbishops", false),
        ("asalto", true),
        ("go", true),
    ] {
        let out = dir.path().join(format!("{game}-{cover}"));
        let out = out.to_str().unwrap();
        let mut args = vec![
            "selfplay", "--game", game, "--games", "1", "--seed", "5", "--out", out, "-q",
        ];
        if game == "go" && !cover {
            args.extend(["--size", "9"]);
        }
        if cover {
            args.extend(["--cover", "--force"]);
            args.retain(|a| *a != "--games" && *a != "1");
        }
        let run = asalto(&args);
        assert!(matches!(run.code, 0 | 1), "{args:?}: {}", run.stderr);
        let text = std::fs::read_to_string(Path::new(out).join("summary.json")).unwrap();
        let summary: Value = serde_json::from_str(&text).unwrap();
        check_document(&format!("{args:?}"), &summary, "asalto-selfplay", game);
    }
}

/// `grade --format json` and `grade --coverage --format json` of each
/// assignment: an `asalto-grade` (`asalto-grade-coverage`) document that
/// names its game and the profile the answers were judged under.
#[cfg(target_os = "linux")]
#[test]
fn every_grade_report_fits_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = dir.path().join("puzzles.txt");
    std::fs::write(&puzzles, "...N.....R....B.\n").unwrap();
    let proylcc = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/grade-go/correct-strings/proylcc.pl"
    );
    let refs = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/grade-go/refs/random-2.sgf"
    );
    let bishops = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/grade-madbishops/engine-correct/madbishops.pl"
    );
    let bishops_game = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/madbishops/game.txt");
    let runs: [(&[&str], &'static str); 5] = [
        (&["--games", EJEMPLO, "--", "true"], "asalto"),
        // A program that fails at once: every check fails.
        (&["--games", EJEMPLO, "--", "false"], "asalto"),
        (&["--game", "go", "--games", refs, "--", proylcc], "go"),
        (
            &[
                "--game",
                "madbishops",
                "--games",
                bishops_game,
                "--",
                bishops,
            ],
            "madbishops",
        ),
        (
            &[
                "--game",
                "solitaire",
                "--puzzles",
                puzzles.to_str().unwrap(),
                "--",
                "true",
            ],
            "solitaire",
        ),
    ];
    for (args, game) in runs {
        let set: Vec<&str> = args.iter().take_while(|a| **a != "--").copied().collect();
        let coverage = whole(&[&["grade", "--coverage", "--format", "json"][..], &set].concat());
        check_document(
            &format!("--coverage {set:?}"),
            &coverage,
            "asalto-grade-coverage",
            game,
        );
        let all = [&["grade", "--format", "json"][..], args].concat();
        check_document(&format!("{all:?}"), &whole(&all), "asalto-grade", game);
    }
}

/// The schemas are strict: a field renamed (the names of version 1), a
/// field added, a field left out or a game named by number fails.
#[test]
fn a_renamed_field_fails_its_schema() {
    let first = |args: &[&str]| lines(args).swap_remove(0);
    let rename = |mut doc: Value, from: &str, to: &str| {
        let object = doc.as_object_mut().unwrap();
        let value = object.remove(from).unwrap();
        object.insert(to.to_string(), value);
        doc
    };
    let asalto_check = first(&["check", "--format", "json", OCCUPIED]);
    let go_check = first(&["check", "--format", "json", SGF]);
    let solitaire_check = first(&["check", "--format", "json", OTHER]);
    let go_game = first(&["export", "--to", "json", SGF]);
    let asalto_line = first(&[
        "selfplay", "--games", "1", "--seed", "3", "--format", "json", "-q",
    ]);
    for doc in [
        &asalto_check,
        &go_check,
        &solitaire_check,
        &go_game,
        &asalto_line,
    ] {
        assert!(violations(doc).is_empty(), "{doc}\n{:#?}", violations(doc));
    }
    let mut broken = vec![
        rename(asalto_check.clone(), "problems", "diagnostics"),
        rename(go_check.clone(), "plies", "moves"),
        rename(solitaire_check.clone(), "moves", "captures"),
        rename(go_game.clone(), "moves", "plies"),
        rename(asalto_line.clone(), "number", "game"),
    ];
    let mut nested = go_game.clone();
    let ply = nested["moves"][0].as_object_mut().unwrap();
    let notation = ply.remove("notation").unwrap();
    ply.insert("gtp".into(), notation);
    broken.push(nested);
    let mut nested = asalto_check.clone();
    nested["problems"][0]
        .as_object_mut()
        .unwrap()
        .insert("hint".into(), "x".into());
    broken.push(nested);
    let mut missing = solitaire_check.clone();
    missing.as_object_mut().unwrap().remove("errors");
    broken.push(missing);
    let mut old = go_check.clone();
    old["version"] = 1.into();
    broken.push(old);
    let mut other_rules = go_check;
    other_rules["rules"] = "steere".into();
    broken.push(other_rules);
    for doc in &broken {
        assert!(!violations(doc).is_empty(), "accepted: {doc}");
    }
}
