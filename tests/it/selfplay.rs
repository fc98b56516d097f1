//! `asalto selfplay`: reference games that `asalto check` accepts, the same
//! for the same seed.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

fn asalto(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_asalto"))
        .args(args)
        .output()
        .unwrap()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The files of `dir`, by name, with their contents.
fn files(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().into_string().unwrap(),
                std::fs::read_to_string(e.path()).unwrap(),
            )
        })
        .collect()
}

fn records(dir: &Path) -> Vec<String> {
    files(dir)
        .into_keys()
        .filter(|n| n.ends_with(".txt"))
        .map(|n| dir.join(n).to_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_game_written_passes_check() {
    for (officers, rebels, check_rebels) in [
        ("random", "random", None),
        ("random", "basic-v1", Some("basic-v1")),
        ("random", "basic-v2", Some("basic-v2")),
        ("greedy", "basic-v2", Some("basic-v2")),
        ("greedy", "greedy", None),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let output = asalto(&[
            "selfplay",
            "--officers",
            officers,
            "--rebels",
            rebels,
            "--games",
            "60",
            "--seed",
            "7",
            "--out",
            path(dir.path()),
        ]);
        assert!(output.status.success(), "{officers} {rebels}");
        let names = records(dir.path());
        assert_eq!(names.len(), 60);
        let mut args = vec!["check", "--strict"];
        if let Some(score) = check_rebels {
            args.extend(["--rebels", score]);
        }
        args.extend(names.iter().map(String::as_str));
        let checked = asalto(&args);
        let report = String::from_utf8_lossy(&checked.stdout);
        assert!(checked.status.success(), "{officers} {rebels}: {report}");
        assert!(report.ends_with("60 files: 60 valid, 0 invalid\n"));
    }
}

#[test]
fn the_same_seed_gives_the_same_files_whatever_the_threads() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    let c = tempfile::tempdir().unwrap();
    let run = |dir: &Path, seed: &str, jobs: &str| {
        let output = asalto(&[
            "selfplay",
            "--rebels",
            "basic-v2",
            "--games",
            "150",
            "--seed",
            seed,
            "--jobs",
            jobs,
            "--out",
            path(dir),
        ]);
        assert!(output.status.success());
    };
    run(a.path(), "42", "1");
    run(b.path(), "42", "2");
    run(c.path(), "43", "2");
    // Compared as booleans: a failure would print every record.
    assert!(files(a.path()) == files(b.path()));
    assert_ne!(
        files(a.path()).get("game-0001.txt"),
        files(c.path()).get("game-0001.txt")
    );
}

#[test]
fn files_are_numbered_from_one_with_at_least_four_digits() {
    let dir = tempfile::tempdir().unwrap();
    let output = asalto(&[
        "selfplay",
        "--games",
        "3",
        "--seed",
        "1",
        "--out",
        path(dir.path()),
    ]);
    assert!(output.status.success());
    let names: Vec<String> = files(dir.path()).into_keys().collect();
    assert_eq!(
        names,
        [
            "game-0001.txt",
            "game-0002.txt",
            "game-0003.txt",
            "summary.json"
        ]
    );
}

#[test]
fn json_lines_describe_each_game_and_agree_with_check() {
    let dir = tempfile::tempdir().unwrap();
    let output = asalto(&[
        "selfplay",
        "--rebels",
        "basic-v1",
        "--games",
        "20",
        "--seed",
        "5",
        "--format",
        "json",
        "--out",
        path(dir.path()),
    ]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 20);
    for (i, game) in lines.iter().enumerate() {
        // `game` names the game, `number` the game's number in the set,
        // as in every game's lines.
        assert_eq!(game["game"], "asalto");
        assert_eq!(game["format"], "asalto-selfplay-game");
        assert_eq!(game["number"], i + 1);
        assert_eq!(game["rules"], "assignment-2018-19");
        assert_eq!(game["officers"], "random");
        assert_eq!(game["rebels"], "basic-v1");
        assert_eq!(game["max_plies"], 1000);
        let file = game["file"].as_str().unwrap();
        assert!(file.ends_with(&format!("game-{:04}.txt", i + 1)));
        let checked = asalto(&["check", "--format", "json", file]);
        let check: serde_json::Value = serde_json::from_slice(&checked.stdout).unwrap();
        assert_eq!(check["valid"], true);
        assert_eq!(check["plies"], game["plies"]);
        assert_eq!(check["outcome"], game["outcome"]);
        assert_eq!(check["position"], game["position"]);
        assert_eq!(game["capped"], game["outcome"].is_null());
        let record = std::fs::read_to_string(file).unwrap();
        let moves: Vec<&str> = record.lines().collect();
        assert_eq!(game["moves"], serde_json::json!(moves));
    }
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("summary.json")).unwrap())
            .unwrap();
    assert_eq!(
        (&summary["game"], &summary["rules"]),
        (
            &serde_json::json!("asalto"),
            &serde_json::json!("assignment-2018-19")
        )
    );
    assert_eq!(summary["seed"], 5);
    assert_eq!(summary["games"], 20);
    assert_eq!(summary["totals"]["games"], 20);
    assert_eq!(summary["results"].as_array().unwrap().len(), 20);
    assert_eq!(summary["results"][0]["file"], "game-0001.txt");
}

#[test]
fn the_cap_is_recorded_and_the_records_stay_plain() {
    let dir = tempfile::tempdir().unwrap();
    let output = asalto(&[
        "selfplay",
        "--games",
        "4",
        "--seed",
        "9",
        "--max-plies",
        "7",
        "--format",
        "json",
        "--out",
        path(dir.path()),
    ]);
    assert!(output.status.success());
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let game: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(game["capped"], true);
        assert_eq!(game["outcome"], serde_json::Value::Null);
        assert_eq!(game["plies"], 7);
        assert_eq!(game["max_plies"], 7);
    }
    let summary = std::fs::read_to_string(dir.path().join("summary.json")).unwrap();
    let summary: serde_json::Value = serde_json::from_str(&summary).unwrap();
    assert_eq!(summary["max_plies"], 7);
    assert_eq!(summary["totals"]["capped"], 4);
    let record = std::fs::read_to_string(dir.path().join("game-0001.txt")).unwrap();
    assert_eq!(record.lines().count(), 7);
    assert!(record.lines().all(|l| l.len() >= 5 && !l.contains(' ')));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("capped"), "{stderr}");
    assert!(stderr.contains("max 7 moves"), "{stderr}");
}

#[test]
fn the_summary_counts_results_by_winner_and_reason() {
    let output = asalto(&[
        "selfplay", "--rebels", "basic-v2", "--games", "50", "--seed", "7",
    ]);
    assert!(output.status.success());
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("50 games: officers random, rebels basic-v2, seed 7, max 1000 moves\n")
    );
    for needle in [
        "officers win",
        "rebels win",
        "fewer-than-nine-rebels",
        "castle-occupied",
        "length: average",
    ] {
        assert!(stderr.contains(needle), "{needle}: {stderr}");
    }
}

#[test]
fn an_earlier_run_is_not_mixed_in_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = path(dir.path());
    assert!(
        asalto(&["selfplay", "--games", "5", "--seed", "1", "--out", out])
            .status
            .success()
    );
    let again = asalto(&["selfplay", "--games", "2", "--seed", "2", "--out", out]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    let first = dir.path().join("game-0001.txt");
    let inode =
        |p: &std::path::Path| std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(p).unwrap());
    let before = inode(&first);
    let forced = asalto(&[
        "selfplay", "--games", "2", "--seed", "2", "--out", out, "--force",
    ]);
    assert!(forced.status.success());
    assert_eq!(files(dir.path()).len(), 3);
    // The games written again are overwritten in place (the same file),
    // with the new run's game; the others are gone.
    assert_eq!(inode(&first), before);
    assert!(!dir.path().join("game-0003.txt").exists());
    let fresh = tempfile::tempdir().unwrap();
    assert!(
        asalto(&[
            "selfplay",
            "--games",
            "2",
            "--seed",
            "2",
            "--out",
            path(fresh.path())
        ])
        .status
        .success()
    );
    for name in ["game-0001.txt", "game-0002.txt"] {
        assert_eq!(
            std::fs::read(dir.path().join(name)).unwrap(),
            std::fs::read(fresh.path().join(name)).unwrap()
        );
    }
}

#[test]
fn basico_cannot_play_the_officers() {
    let output = asalto(&["selfplay", "--officers", "basic-v2"]);
    assert_eq!(output.status.code(), Some(2));
    let output = asalto(&["selfplay", "--rebels", "nobody"]);
    assert_eq!(output.status.code(), Some(2));
}
