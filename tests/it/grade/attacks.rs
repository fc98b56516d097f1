//! Hostile programs: each hole of the confinement is an attack of the
//! fixture (`--attack NAME`), run under bubblewrap and unconfined, and,
//! where that harms nothing, outside the grader to show it works there.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::support::*;

/// Grade the fixture with `attack` (and more fixture arguments) against
/// the example game, under `sandbox`.
fn attack(sandbox: &str, fixture_args: &[&str], extra: &[&str], env: &[(&str, &str)]) -> Graded {
    let game = sample("ejemplo.txt");
    let py = python();
    let fx = fixture();
    let mut args = vec!["--sandbox", sandbox];
    args.extend_from_slice(extra);
    args.extend(["--games", &game, "--", py, &fx]);
    args.extend_from_slice(fixture_args);
    grade(&args, env)
}

/// Hole 1: Capabilities, remounts, writes outside, the private /tmp: as root
/// the program holds none of root's power.
#[test]
fn programs_hold_no_capabilities_and_cannot_write_outside() {
    let outside = open_dir("asalto-outside-");
    let host_tmp = open_dir("asalto-host-tmp-");
    let peek = host_tmp.path().join("marker");
    std::fs::write(&peek, "host-tmp-marker\n").unwrap();
    std::fs::set_permissions(&peek, std::fs::Permissions::from_mode(0o644)).unwrap();
    // A folder of the grader's, and the grader's own home.
    let mut targets = vec![outside.path().join("written-by-the-program")];
    if let Some(home) = std::env::var_os("HOME").filter(|h| Path::new(h).is_dir()) {
        targets.push(Path::new(&home).join(".asalto-grade-test-escaped"));
    }
    for target in &targets {
        let target_s = target.display().to_string();
        // Unconfined and outside the grader, as root, the attack works.
        if is_root() {
            let direct =
                run_fixture_directly(&["--attack", "caps", "--target", &target_s], "6\n", &[]);
            let seen = observed(&direct.stderr);
            assert_ne!(seen["capeff"], "0000000000000000", "{seen:?}");
            assert_eq!(seen["write"], "ok", "{seen:?}");
            assert!(target.exists());
            std::fs::remove_file(target).unwrap();
        }
        for sandbox in sandboxes() {
            let env = [("ATTACK_TARGET", target_s.as_str())];
            let mut fixture_args = vec!["--attack", "caps"];
            if sandbox == "bwrap" {
                // Only where the program has its own mount namespace.
                fixture_args.extend(["--attack", "mounts"]);
            }
            let graded = attack(sandbox, &fixture_args, &["--env", "ATTACK_TARGET"], &env);
            let seen = observed_in(&graded.json());
            let wrote = target.exists();
            let _ = std::fs::remove_file(target);
            assert!(!wrote, "{sandbox}: the program wrote {target_s}");
            if sandbox == "bwrap" || is_root() {
                assert_eq!(seen["capeff"], "0000000000000000", "{sandbox}: {seen:?}");
                assert!(seen["write"].starts_with("denied"), "{sandbox}: {seen:?}");
            }
            if is_root() {
                let uid: u32 = seen["uid"].parse().unwrap();
                assert!(uid >= 1_500_000_000, "{sandbox}: runs as {uid}");
            }
            if sandbox == "bwrap" {
                assert!(seen["remount"].starts_with("denied"), "{seen:?}");
                assert!(seen["umount-tmp"].starts_with("denied"), "{seen:?}");
            }
        }
    }
    // Under bubblewrap the host's /tmp is out of sight.
    if bwrap() {
        let peek_s = peek.display().to_string();
        let graded = attack(
            "bwrap",
            &["--attack", "peek"],
            &["--env", "ATTACK_TARGET"],
            &[("ATTACK_TARGET", &peek_s)],
        );
        let seen = observed_in(&graded.json());
        assert!(seen["peek"].starts_with("denied"), "{seen:?}");
        assert!(!graded.stdout.contains("host-tmp-marker"));
    }
}

/// Hole 1b: The reference games, readable by any user and out of /tmp
/// (the sandbox's /tmp is its own): under bubblewrap a program cannot open
/// them, so it cannot print an instructor's secret games into the
/// report its student sees, for Asalto and for Solitaire Chess (their
/// files, named one by one or by their folder).
#[test]
fn programs_cannot_read_the_reference_games() {
    if !bwrap() {
        eprintln!("skipped: only bubblewrap hides files");
        return;
    }
    let refs = open_dir_outside_tmp("asalto-secret-refs-");
    let game = refs.path().join("secreto.txt");
    copy_with_mode(sample("ejemplo.txt"), &game, 0o644);
    let game_s = game.display().to_string();
    let refs_s = refs.path().display().to_string();
    let (py, fx) = (python(), fixture());
    // The program beside the game, in the folder its command line exposes.
    let beside = refs.path().join("asalto.py");
    copy_with_mode(&fx, &beside, 0o644);
    let beside = beside.display().to_string();
    for (named, fx) in [(&game_s, &fx), (&refs_s, &fx), (&game_s, &beside)] {
        let graded = grade(
            &[
                "--sandbox",
                "bwrap",
                "--env",
                "ATTACK_TARGET",
                "--games",
                named,
                "--",
                py,
                fx,
                "--attack",
                "peek",
            ],
            &[("ATTACK_TARGET", &game_s)],
        );
        let seen = observed_in(&graded.json());
        // Bound over by /dev/null on a `nodev` mount: it cannot be opened.
        assert_eq!(seen["peek"], "denied:13", "{named}, {fx}: {seen:?}");
    }
    // A solver that prints the puzzle set instead of an answer.
    let set = refs.path().join("set.txt");
    std::fs::write(&set, "...N.....R....B.\nBB..............\n").unwrap();
    std::fs::set_permissions(&set, std::fs::Permissions::from_mode(0o644)).unwrap();
    let set_s = set.display().to_string();
    let code = format!("print('LEAK' + open({set_s:?}).read().replace('\\n', '|'))");
    let graded = grade(
        &[
            "--game",
            "solitaire",
            "--sandbox",
            "bwrap",
            "--puzzles",
            &set_s,
            "--",
            py,
            "-c",
            &code,
        ],
        &[],
    );
    let runs = failure(&graded.json()["submissions"][0], "runs");
    assert!(
        runs["stderr_tail"]
            .as_str()
            .unwrap()
            .contains("PermissionError"),
        "{runs:#}"
    );
    assert!(!graded.stdout.contains("LEAK...N"), "{}", graded.stdout);
}

/// Hole 2: A link planted where the load check writes its file: the grader
/// replaces it and never writes through it.
#[test]
fn the_grader_never_writes_through_a_planted_link() {
    let outside = open_dir("asalto-victim-");
    let victim = outside.path().join("victim.txt");
    std::fs::write(&victim, "keep me\n").unwrap();
    let missing = outside.path().join("would-be-created.txt");
    for sandbox in sandboxes() {
        for target in [&victim, &missing] {
            let t = target.display().to_string();
            let graded = attack(
                sandbox,
                &["--attack", "link-load"],
                &["--env", "ATTACK_TARGET"],
                &[("ATTACK_TARGET", &t)],
            );
            let json = graded.json();
            let seen = observed_in(&json);
            assert_eq!(seen["plant-link"], "ok", "{sandbox}: {seen:?}");
            // What the program loaded was the grader's file, not the link.
            assert_eq!(seen["load-file-is-link"], "False", "{sandbox}: {seen:?}");
            assert_eq!(statuses(&json["submissions"][0], "load"), ["pass"]);
        }
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me\n");
        assert!(!missing.exists(), "{sandbox}");
    }
}

/// Hole 3: A saved "game file" that is a link to a secret: never read, never
/// quoted.
#[test]
fn the_grader_never_reads_through_a_planted_link() {
    let secret_dir = tempfile::Builder::new()
        .prefix("asalto-secret-")
        .tempdir()
        .unwrap();
    let secret = secret_dir.path().join("secret.txt");
    std::fs::write(&secret, "Bc-Cc\nsecret-marker-2718\n").unwrap();
    for sandbox in sandboxes() {
        for target in [secret.display().to_string(), "/etc/passwd".to_string()] {
            let graded = attack(
                sandbox,
                &["--attack", "link-save"],
                &["--env", "ATTACK_TARGET"],
                &[("ATTACK_TARGET", &target)],
            );
            let json = graded.json();
            assert_eq!(observed_in(&json)["save-link"], "ok");
            let save = failure(&json["submissions"][0], "save");
            assert!(
                save["message"].as_str().unwrap().contains("symbolic link"),
                "{save:#}"
            );
            assert!(!graded.stdout.contains("secret-marker-2718"));
            assert!(!graded.stdout.contains("root:x:0:0"));
        }
    }
}

/// Grade the submissions folder `subs` against the example game (JSON).
fn grade_folder(subs: &Path) -> serde_json::Value {
    let run = format!("{} {{entry}}", python());
    let subs = subs.display().to_string();
    let game = sample("ejemplo.txt");
    let args = ["--games", &game, "--run", &run, "--submissions", &subs];
    grade(&args, &[]).json()
}

/// Hole 3b: A student's folder that is a link (to a program that would
/// score, elsewhere): listed with a problem that says so, never followed
/// (before, it was left out of the batch without a word).
#[test]
fn a_linked_submission_folder_is_listed_and_not_followed() {
    let elsewhere = open_dir("asalto-elsewhere-");
    write_stub(elsewhere.path(), &[]);
    let subs = submissions(&[]);
    std::os::unix::fs::symlink(elsewhere.path(), subs.path().join("linked")).unwrap();
    std::fs::create_dir(subs.path().join("empty")).unwrap();
    let json = grade_folder(subs.path());
    let linked = submission(&json, "linked");
    assert_eq!(linked["score"], 0.0, "{linked:#}");
    assert!(
        linked["error"]
            .as_str()
            .unwrap()
            .ends_with("linked is a symbolic link: not followed (copy the folder itself in)"),
        "{linked:#}"
    );
    assert!(submission(&json, "empty")["error"].is_string());
}

/// Hole 3c: An entry file that is a link (to a secret, to `/dev/zero`), a
/// FIFO or a device: never opened nor followed, and the problem says what
/// it is, so that its student knows.
#[test]
fn an_entry_file_that_is_not_a_file_is_named_so() {
    let subs = submissions(&[]);
    let made = |name: &str| {
        let dir = subs.path().join(name);
        std::fs::create_dir(&dir).unwrap();
        dir.join("asalto.py")
    };
    std::os::unix::fs::symlink("/etc/shadow", made("to-shadow")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", made("to-zero")).unwrap();
    let fifo = made("fifo");
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
    let json = grade_folder(subs.path());
    for (name, what) in [
        ("to-shadow", "a symbolic link (not followed)"),
        ("to-zero", "a symbolic link (not followed)"),
        ("fifo", "a FIFO"),
    ] {
        let error = submission(&json, name)["error"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            error.starts_with("the entry file `asalto.py` in ")
                && error.ends_with(&format!("is {what}, not a regular file")),
            "{name}: {error}"
        );
    }
}

/// Hole 3d: A submission of more files than the grader copies (10,000):
/// not graded, with that reason (its names are read no further than
/// that): the grader's limit is not a score (issue 24).
#[test]
fn a_submission_of_too_many_files_is_refused() {
    let subs = submissions(&[]);
    let many = subs.path().join("many");
    std::fs::create_dir(&many).unwrap();
    std::fs::set_permissions(&many, std::fs::Permissions::from_mode(0o755)).unwrap();
    write_stub(&many, &[]);
    for i in 0..10_001 {
        std::fs::File::create(many.join(format!("f{i}"))).unwrap();
    }
    let json = grade_folder(subs.path());
    let sub = submission(&json, "many");
    assert!(sub["score"].is_null(), "{sub:#}");
    assert!(
        sub["error"]
            .as_str()
            .unwrap()
            .contains("more than 10,000 files"),
        "{sub:#}"
    );
}

/// Hole 4: A FIFO where the saved file should be: the grader does not block.
#[test]
fn a_fifo_does_not_block_the_grader() {
    for sandbox in sandboxes() {
        let graded = attack(sandbox, &["--attack", "fifo-save"], &[], &[]);
        let json = graded.json();
        assert_eq!(observed_in(&json)["save-fifo"], "ok");
        let save = failure(&json["submissions"][0], "save");
        assert!(
            save["message"].as_str().unwrap().contains("FIFO"),
            "{save:#}"
        );
    }
}

/// Hole 5: 18,000 nested folders: removed without recursion, nothing left.
#[test]
fn deep_folders_are_removed() {
    for sandbox in sandboxes() {
        // A tmpfs, where making and removing folders is fast.
        let base = if Path::new("/dev/shm").is_dir() {
            tempfile::tempdir_in("/dev/shm").unwrap()
        } else {
            tempfile::tempdir().unwrap()
        };
        std::fs::set_permissions(base.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let tmp = base.path().display().to_string();
        let graded = attack(sandbox, &["--attack", "deep"], &[], &[("TMPDIR", &tmp)]);
        assert_eq!(graded.code, 1, "{sandbox}: {}", graded.stderr);
        let json = graded.json();
        assert_eq!(observed_in(&json)["deep"], "18000", "{sandbox}");
        let left: Vec<_> = std::fs::read_dir(base.path()).unwrap().flatten().collect();
        assert!(left.is_empty(), "{sandbox}: left {left:?}");
        let notes = &json["submissions"][0]["games"][0]["notes"];
        assert!(notes.is_null(), "{sandbox}: {notes}");
    }
}

/// Hole 6: Children that start a session of their own, fork twice and call
/// themselves `bwrap`: found, counted, killed.
#[test]
fn detached_children_are_found_counted_and_killed() {
    // Outside the grader, such a child outlives the program.
    let marker = "asalto-daemon-direct";
    let direct = run_fixture_directly(&["--attack", "daemon", "--marker", marker], "6\n", &[]);
    assert_eq!(direct.code, 0, "{}", direct.stderr);
    let alive = processes_with(marker);
    assert!(!alive.is_empty(), "the daemon did not outlive its program");
    for pid in alive {
        let _ = rustix::process::kill_process(
            rustix::process::Pid::from_raw(pid).unwrap(),
            rustix::process::Signal::KILL,
        );
    }
    for sandbox in sandboxes() {
        if sandbox == "none" && !is_root() {
            continue;
        }
        let marker = format!("asalto-daemon-{sandbox}");
        let graded = attack(
            sandbox,
            &["--attack", "daemon", "--marker", &marker],
            &[],
            &[],
        );
        let json = graded.json();
        let quit = failure(&json["submissions"][0], "quit");
        assert!(
            quit["message"].as_str().unwrap().contains("left 1 process"),
            "{sandbox}: {quit:#}"
        );
        assert!(
            quit["found"].as_str().unwrap().contains("(bwrap)"),
            "{quit:#}"
        );
        assert!(
            processes_with(&marker).is_empty(),
            "{sandbox}: still running"
        );
    }
}

/// Hole 7: A program that kills its parent: unconfined and outside the grader
/// that is whoever started it; graded, it cannot reach the grader.
#[test]
fn programs_cannot_kill_the_grader() {
    let fx = fixture();
    let script = format!(
        "{} {fx} --attack kill-parent < /dev/null > /dev/null 2>&1; exec sleep 30",
        python()
    );
    let parent = Command::new("sh").args(["-c", &script]).status().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        parent.signal(),
        Some(9),
        "the attack did not kill its parent"
    );
    for sandbox in sandboxes() {
        if sandbox == "none" && !is_root() {
            continue;
        }
        let graded = attack(sandbox, &["--attack", "kill-parent"], &[], &[]);
        // The grader lived to write its report.
        let json = graded.json();
        assert_eq!(graded.code, 1);
        let seen = observed_in(&json);
        assert!(seen.contains_key("kill-parent"), "{sandbox}: {seen:?}");
        assert_eq!(statuses(&json["submissions"][0], "moves"), ["pass"]);
    }
}

/// Hole 7, what stays open: Not root and without bubblewrap, a program
/// runs as the grader's user: the report says what that leaves open.
#[test]
fn an_unprivileged_grader_says_what_it_cannot_confine() {
    if !is_root() || Command::new("setpriv").arg("--version").output().is_err() {
        eprintln!("skipped: needs root and setpriv to run the grader as another user");
        return;
    }
    let tmp = open_dir("asalto-nobody-tmp-");
    let game = sample("ejemplo.txt");
    let mut cmd = Command::new("setpriv");
    cmd.args(["--reuid", "65534", "--regid", "65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_asalto"))
        .args(["grade", "--sandbox", "none", "--format", "json", "--games"])
        .arg(&game)
        .args(["--", python()])
        .arg(fixture())
        .env("TMPDIR", tmp.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let graded = run_watched(cmd, Duration::from_secs(300));
    let json = graded.json();
    let c = &json["confinement"];
    assert_eq!(c["separate_user"], false, "{c:#}");
    assert_eq!(c["all_processes_killed"], false);
    let not = c["not_confined"].to_string();
    assert!(not.contains("can signal or stop the grader"), "{not}");
    assert!(not.contains("setsid"), "{not}");
    assert_eq!(c["limits"]["processes"], serde_json::Value::Null);
    assert_eq!(json["submissions"][0]["full_marks"], true);
}

/// What the issue left open, closed as root: a fork bomb stops at the
/// process limit, and its children all go.
#[test]
fn fork_bombs_stop_at_the_process_limit() {
    if !is_root() {
        eprintln!("skipped: the process limit needs a user of its own (root)");
        return;
    }
    for sandbox in sandboxes() {
        let marker = format!("asalto-fork-bomb-{sandbox}");
        let graded = attack(
            sandbox,
            &["--attack", "fork-bomb", "--marker", &marker],
            &["--processes", "20"],
            &[],
        );
        let json = graded.json();
        let seen = observed_in(&json);
        let forked: usize = seen
            .get("forked")
            .and_then(|f| f.parse().ok())
            .unwrap_or_else(|| panic!("{sandbox}: {json:#}"));
        // The program itself is one of the 20.
        assert!(forked <= 19, "{sandbox}: {seen:?}");
        assert_eq!(seen["fork-error"], "11", "{sandbox}: {seen:?}");
        assert_eq!(json["confinement"]["limits"]["processes"], 20);
        assert!(processes_with(&marker).is_empty(), "{sandbox}");
    }
}

/// Hole 8: The disk: 64 files of 16 MiB are stopped at the limit, folder and
/// /tmp together, with a clear failure.
#[test]
fn total_disk_use_is_capped() {
    if !bwrap() {
        eprintln!("skipped: the disk limit needs bubblewrap");
        return;
    }
    let graded = attack(
        "bwrap",
        &["--attack", "disk", "--marker", "disk-big"],
        &[],
        &[],
    );
    let json = graded.json();
    let seen = observed_in(&json);
    assert_eq!(
        seen.get("disk-error").map(String::as_str),
        Some("28"),
        "{seen:?}"
    );
    let runs = failure(&json["submissions"][0], "runs");
    let message = runs["message"].as_str().unwrap();
    assert!(message.contains("disk space"), "{message}");
    assert!(message.contains("64 MiB"), "{message}");
    // Small: 4 files of 4 MiB against a limit of 8 MiB. Unconfined all are
    // written (the report says the total is not limited); confined, not.
    let small = [
        "--attack",
        "disk",
        "--count",
        "4",
        "--size",
        "4194304",
        "--marker",
        "disk-small",
    ];
    let confined = attack("bwrap", &small, &["--disk", "8M"], &[]);
    let seen = observed_in(&confined.json());
    assert_eq!(seen["disk-error"], "28", "{seen:?}");
    let free = attack("none", &small, &["--disk", "8M"], &[]);
    let json = free.json();
    let seen = observed_in(&json);
    assert_eq!(seen["disk-written"], (16u64 << 20).to_string(), "{seen:?}");
    assert_eq!(
        json["confinement"]["limits"]["disk_bytes"],
        serde_json::Value::Null
    );
    for i in [1, 3] {
        let _ = std::fs::remove_file(format!("/tmp/big-disk-small-{i}"));
    }
}

/// Hole 9: Terminal escapes in output, saved files and names are shown escaped
/// in the human and CSV reports (and in Gradescope's text).
#[test]
fn control_characters_never_reach_the_terminal() {
    let subs = submissions(&[]);
    let odd = subs.path().join("esc\x1b[2Jape\x07");
    std::fs::create_dir(&odd).unwrap();
    std::fs::set_permissions(&odd, std::fs::Permissions::from_mode(0o755)).unwrap();
    write_stub(&odd, &["--attack".to_string(), "escapes".to_string()]);
    let games = open_dir("asalto-odd-games-");
    std::fs::copy(
        sample("ejemplo.txt"),
        games.path().join("ej\x1b]52;c;eA==\x07.txt"),
    )
    .unwrap();
    let run = format!("{} {{entry}}", python());
    let base = [
        "--games",
        &games.path().display().to_string(),
        "--submissions",
        &subs.path().display().to_string(),
        "--run",
        &run,
    ];
    let clean = |what: &str, text: &str| {
        let bad: Vec<char> = text
            .chars()
            .filter(|c| c.is_control() && *c != '\n')
            .collect();
        assert!(bad.is_empty(), "{what}: raw control characters {bad:?}");
    };
    let mut details = base.to_vec();
    details.push("--details");
    let human = grade_text(&details);
    assert!(
        human.stdout.contains("\\x1b]52;c;SGVsbG8=\\x07"),
        "{}",
        human.stdout
    );
    assert!(
        human.stdout.contains("esc\\x1b[2Jape\\x07"),
        "{}",
        human.stdout
    );
    clean("human", &human.stdout);
    let mut csv = base.to_vec();
    csv.extend(["--format", "csv"]);
    clean("csv", &grade_text(&csv).stdout);
    let json = grade(&base, &[]).json();
    // JSON keeps the names as they are (escaped by JSON itself).
    assert_eq!(json["submissions"][0]["name"], "esc\x1b[2Jape\x07");
    // Gradescope grades one program: its text has no raw controls either.
    let fx = fixture();
    let gs = grade_text(&[
        "--format",
        "gradescope",
        "--games",
        &games.path().display().to_string(),
        "--",
        python(),
        &fx,
        "--attack",
        "escapes",
    ]);
    let doc: serde_json::Value = serde_json::from_str(&gs.stdout).unwrap();
    for t in doc["tests"].as_array().unwrap() {
        clean("gradescope", t["output"].as_str().unwrap());
    }
}

/// Holes 10 and 11: A program that floods every failure with text, saves a file
/// of 40,000 distinct lines: every format of its report stays small.
#[test]
fn reports_stay_small_whatever_the_program_prints() {
    let refs = refs().display().to_string();
    let fx = fixture();
    for format in ["human", "json", "gradescope", "csv"] {
        let graded = grade_text(&[
            "--format",
            format,
            "--games",
            &refs,
            "--",
            python(),
            &fx,
            "--attack",
            "flood-report",
        ]);
        let size = graded.stdout.len();
        assert!(size < 100_000, "{format}: {size} bytes");
        if format != "csv" {
            assert!(graded.stdout.contains("bytes before"), "{format}");
            assert!(
                graded.stdout.contains("only the first 20000 lines"),
                "{format}"
            );
        }
    }
}

/// Issue 24, item 7: A symbolic link in a reference folder (`--games DIR`,
/// `--puzzles DIR`) was followed as root, to a file only root may read.
/// Links inside a named folder are left out with a note; a link named on
/// the command line is the instructor's own and is followed.
#[test]
fn links_inside_a_reference_folder_are_not_followed() {
    let private = tempfile::Builder::new()
        .prefix("asalto-root-only-")
        .tempdir()
        .unwrap();
    std::fs::set_permissions(private.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let refs = open_dir_outside_tmp("asalto-linked-refs-");
    let (py, fx) = (python(), fixture());
    // Asalto: a game of the folder, and a link to a game only root reads.
    let secret = private.path().join("secret.txt");
    copy_with_mode(sample("apendice-a.txt"), &secret, 0o600);
    copy_with_mode(
        sample("ejemplo.txt"),
        &refs.path().join("ejemplo.txt"),
        0o644,
    );
    let link = refs.path().join("linked.txt");
    std::os::unix::fs::symlink(&secret, &link).unwrap();
    let refs_s = refs.path().display().to_string();
    let graded = grade(&["--games", &refs_s, "--", py, &fx], &[]);
    assert_eq!(graded.json()["games"], serde_json::json!(["ejemplo.txt"]));
    let note = format!("note: {}: left out, it is a symbolic link", link.display());
    assert!(graded.stderr.contains(&note), "{}", graded.stderr);
    // Named on the command line, the link is followed.
    let link_s = link.display().to_string();
    let graded = grade(&["--games", &link_s, "--", py, &fx], &[]);
    assert_eq!(graded.json()["games"], serde_json::json!(["linked.txt"]));
    assert!(!graded.stderr.contains("left out"), "{}", graded.stderr);
    // Solitaire: the same for a puzzle set.
    let puzzles = open_dir_outside_tmp("asalto-linked-puzzles-");
    let secret_set = private.path().join("secret-set.txt");
    std::fs::write(&secret_set, "BB..............\n").unwrap();
    let set = puzzles.path().join("set.txt");
    std::fs::write(&set, "...N.....R....B.\n").unwrap();
    std::fs::set_permissions(&set, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::os::unix::fs::symlink(&secret_set, puzzles.path().join("zz-linked.txt")).unwrap();
    let puzzles_s = puzzles.path().display().to_string();
    let graded = grade(
        &[
            "--game",
            "solitaire",
            "--puzzles",
            &puzzles_s,
            "--",
            py,
            "-c",
            "print('none')",
        ],
        &[],
    );
    let games = graded.json()["games"].to_string();
    assert!(!games.contains("zz-linked"), "{games}");
    assert!(
        graded
            .stderr
            .contains("zz-linked.txt: left out, it is a symbolic link"),
        "{}",
        graded.stderr
    );
}

/// The real user id of process `pid`, if it still exists.
fn uid_of(pid: i32) -> Option<u32> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("Uid:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Issue 24, item 7: With `--sandbox none`, killing the grader (`kill -9`)
/// left the children that had started a session of their own running
/// (a death signal reaches only the program itself). As root each program
/// has a user id of its own: the grader's watchdog kills everything of
/// those ids once the grader is gone, and then exits.
#[test]
fn killing_the_grader_kills_what_its_programs_left() {
    if !is_root() {
        eprintln!("skipped: programs have users of their own only as root");
        return;
    }
    let marker = format!("asalto-orphaned-{}", std::process::id());
    let game = sample("ejemplo.txt");
    let (py, fx) = (python(), fixture());
    let mut grader = Command::new(env!("CARGO_BIN_EXE_asalto"))
        .args(["grade", "--sandbox", "none", "--format", "json"])
        .args(["--move-timeout", "300", "--games", &game, "--", py, &fx])
        .args(["--attack", "daemon", "--marker", &marker, "--bug", "hang"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Until the program and its detached child both run (under their
    // user; the grader and its watchdog carry the marker too, as root).
    let programs = || -> Vec<i32> {
        processes_with(&marker)
            .into_iter()
            .filter(|p| uid_of(*p).is_some_and(|u| u >= 1_000_000_000))
            .collect()
    };
    let until = std::time::Instant::now() + Duration::from_secs(120);
    while programs().len() < 2 {
        assert!(
            std::time::Instant::now() < until,
            "the program and its daemon did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    grader.kill().unwrap();
    grader.wait().unwrap();
    // Everything with the marker goes: the daemon, killed by the watchdog,
    // and the watchdog itself.
    let until = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let left = processes_with(&marker);
        if left.is_empty() {
            break;
        }
        if std::time::Instant::now() >= until {
            for pid in &left {
                let _ = rustix::process::kill_process(
                    rustix::process::Pid::from_raw(*pid).unwrap(),
                    rustix::process::Signal::KILL,
                );
            }
            panic!("still running after the grader was killed: {left:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// What a submission's attacks observed (the standard error its report
/// quotes).
fn observed_by(sub: &serde_json::Value) -> std::collections::BTreeMap<String, String> {
    failures(sub)
        .iter()
        .filter_map(|f| f["stderr_tail"].as_str())
        .flat_map(observed)
        .collect()
}

/// Issue 24, item 7: Without bubblewrap, what one student's program left
/// in its user's keyrings (the kernel keeps them after its processes end),
/// in the session keyring (the grader's, shared), or in `/tmp`, `/var/tmp`
/// and `/dev/shm` was there for the next program of the same user id (one
/// per parallel job). Now each program gets a session keyring of its own,
/// its user's keyrings are emptied before it starts, and what its user
/// left in those places is removed: the next one finds nothing.
#[test]
fn a_program_finds_nothing_the_previous_one_left() {
    if !is_root() {
        eprintln!("skipped: programs have users of their own only as root");
        return;
    }
    let subs = submissions(&[]);
    let marker = format!("{}", std::process::id());
    for (name, attack) in [("a-leaves", "leave-behind"), ("b-looks", "look-behind")] {
        let dir = subs.path().join(name);
        std::fs::create_dir(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        let args = ["--attack", attack, "--marker", &marker].map(String::from);
        write_stub(&dir, &args);
    }
    let run = format!("{} {{entry}}", python());
    let subs_s = subs.path().display().to_string();
    let game = sample("ejemplo.txt");
    for sandbox in sandboxes() {
        let graded = grade(
            &[
                "--sandbox",
                sandbox,
                "--jobs",
                "1",
                "--games",
                &game,
                "--run",
                &run,
                "--submissions",
                &subs_s,
            ],
            &[],
        );
        let json = graded.json();
        let left = observed_by(submission(&json, "a-leaves"));
        let found = observed_by(submission(&json, "b-looks"));
        if sandbox == "none" {
            // It could leave everything (so that the test can fail).
            for key in [
                "key-user",
                "key-session",
                "key-persistent",
                "tmp",
                "var-tmp",
                "dev-shm",
            ] {
                assert_eq!(left[&format!("leave-{key}")], "ok", "{key}: {left:?}");
            }
        }
        for key in ["key-user", "key-session", "key-persistent"] {
            // ENOKEY.
            assert_eq!(
                found[&format!("found-{key}")],
                "denied:126",
                "{sandbox}: {found:?}"
            );
        }
        for key in ["tmp", "var-tmp", "dev-shm"] {
            assert_eq!(
                found[&format!("found-{key}")],
                "denied:2",
                "{sandbox}: {found:?}"
            );
        }
        for dir in ["/tmp", "/var/tmp", "/dev/shm"] {
            let path = format!("{dir}/asalto-left-{marker}");
            let there = Path::new(&path).exists();
            let _ = std::fs::remove_file(&path);
            assert!(!there, "{sandbox}: {path} was left");
        }
    }
}
