//! Limits that measure the program, not the machine: every time limit
//! counts the CPU time the program got (a loaded machine does not cost a
//! correct program points; a program too slow still fails, and the
//! message says how long we waited and what CPU time it had).
//!
//! The load is made here: busy loops pinned with `taskset` to one CPU, the
//! grader (and so its programs) pinned to the same one, killed when the
//! test ends. With two of them a program gets at most a third of that CPU:
//! a program needing 0.3 s of CPU time takes 0.9 s or more, well past a
//! 0.6 s limit by the wall clock (how the limits counted before), and well
//! within 4 times it (the ceiling of a limit counted in CPU time).

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use super::support::*;

/// Busy loops pinned to one CPU; killed (and reaped) when dropped.
pub struct Neighbours {
    /// The CPU they (and what is run with [`Neighbours::pinned`]) use.
    pub cpu: usize,
    loops: Vec<Child>,
}

impl Neighbours {
    /// `n` busy loops on the `which`-th CPU this process may use (counted
    /// round; the last for `usize::MAX`): tests running at once load
    /// different CPUs.
    pub fn start(n: usize, which: usize) -> Neighbours {
        let allowed = std::fs::read_to_string("/proc/self/status").unwrap();
        let list = allowed
            .lines()
            .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
            .unwrap_or("0");
        let mut cpus: Vec<usize> = Vec::new();
        for range in list.trim().split(',') {
            let (from, to) = range.split_once('-').unwrap_or((range, range));
            if let (Ok(from), Ok(to)) = (from.parse::<usize>(), to.parse::<usize>()) {
                cpus.extend(from..=to);
            }
        }
        let cpu = match which {
            usize::MAX => cpus.last().copied().unwrap_or(0),
            n => cpus.get(n % cpus.len().max(1)).copied().unwrap_or(0),
        };
        let loops = (0..n)
            .map(|_| {
                Command::new("taskset")
                    .args(["-c", &cpu.to_string(), "sh", "-c", "while :; do :; done"])
                    .stdin(Stdio::null())
                    .spawn()
                    .expect("these tests need taskset (util-linux)")
            })
            .collect();
        Neighbours { cpu, loops }
    }

    /// `asalto grade --format json ARGS`, pinned to the neighbours' CPU.
    pub fn grade(&self, args: &[&str]) -> Graded {
        let mut cmd = Command::new("taskset");
        cmd.args(["-c", &self.cpu.to_string(), env!("CARGO_BIN_EXE_asalto")])
            .args(["grade", "--format", "json"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        run_watched(cmd, Duration::from_secs(300))
    }
}

impl Drop for Neighbours {
    fn drop(&mut self) {
        for child in &mut self.loops {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The message of the first `runs` failure of submission `name`.
fn runs_message(json: &Value, name: &str) -> String {
    failure(submission(json, name), "runs")["message"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A message of a limit counted in CPU time that ran out while the
/// program was busy on a loaded machine: how long we waited by the clock
/// (more than the limit) and what CPU time it had (the limit).
fn says_wait_and_cpu(message: &str, limit: &str) {
    let (_, measured) = message
        .split_once("; by the clock we waited ")
        .unwrap_or_else(|| panic!("{message}"));
    assert!(
        measured.contains(" it was busy but short of a core), in which it had ")
            && measured.ends_with(&format!(" {limit} s of CPU time")),
        "{message}"
    );
}

/// docs/grading.md shows a message like `message` (the same words up to
/// how long we waited, which the machine's load changes): a line of its
/// example block that starts so, and says how long and what CPU time.
fn documented(message: &str, limit: &str) {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/grading.md")).unwrap();
    let (head, _) = message.split_once("; by the clock we waited ").unwrap();
    let line = doc
        .lines()
        .find(|l| l.starts_with(&format!("{head}; by the clock we waited ")))
        .unwrap_or_else(|| panic!("docs/grading.md shows no message like: {message}"));
    says_wait_and_cpu(line, limit);
}

/// Solitaire Chess: a correct solver that needs 0.3 s of CPU time per
/// puzzle, under `--puzzle-timeout 0.6`, beside two busy loops on its CPU,
/// solves the puzzle (it was charged "no answer within 0.6 s: it hangs, or
/// is too slow" when the limit was the wall clock's); one that needs 2 s
/// is still too slow, its message saying how long we waited and what CPU
/// time it had. Both sandboxes: the CPU time is read from the sandbox's
/// own `/proc`, or from the program's processes unconfined.
#[test]
fn a_slow_solver_is_not_charged_for_a_loaded_machine() {
    let set = open_dir("asalto-limits-set-");
    std::fs::write(set.path().join("set.txt"), "...N.....R....B.\n").unwrap();
    let subs = open_dir("asalto-limits-solvers-");
    let solver =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/grade-solitaire/solver.py");
    for (name, burn) in [("slow", "0.3"), ("too-slow", "2")] {
        let sub = subs.path().join(name);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        copy_with_mode(&solver, &sub.join("fixture.py"), 0o644);
        std::fs::write(
            sub.join("solver.py"),
            format!(
                "import os, runpy, sys\nsys.argv = [sys.argv[0], '--burn', '{burn}']\nrunpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fixture.py'), run_name='__main__')\n"
            ),
        )
        .unwrap();
    }
    let run = format!("{} {{entry}}", python());
    let set_path = set.path().join("set.txt").display().to_string();
    let subs_path = subs.path().display().to_string();
    let busy = Neighbours::start(2, 0);
    for sandbox in sandboxes() {
        let graded = busy.grade(&[
            "--game",
            "solitaire",
            "--puzzles",
            &set_path,
            "--submissions",
            &subs_path,
            "--entry",
            "solver.py",
            "--run",
            &run,
            "--puzzle-timeout",
            "0.6",
            "--jobs",
            "1",
            "--sandbox",
            sandbox,
        ]);
        let json = graded.json();
        let slow = submission(&json, "slow");
        assert_eq!(slow["score"], 100.0, "{sandbox}: {slow:#}");
        let message = runs_message(&json, "too-slow");
        assert!(
            message.starts_with(
                "no answer within 0.6 s: it hangs, or is too slow (--puzzle-timeout); "
            ),
            "{sandbox}: {message}"
        );
        says_wait_and_cpu(&message, "0.6");
        documented(&message, "0.6");
    }
}

/// Asalto: a correct program that computes for 0.3 s of CPU time before
/// its menu and before its first game screen, under `--move-timeout 0.6`,
/// beside two busy loops on its CPU, gets full marks (it was charged "it
/// hangs" when the limit was the wall clock's); one that computes for 2 s
/// still hangs, the message saying how long we waited and what CPU time
/// it had.
#[test]
fn a_slow_console_program_is_not_charged_for_a_loaded_machine() {
    let refs = open_dir("asalto-limits-refs-");
    std::fs::write(refs.path().join("short.txt"), "Bc-Cc\nDd-Cd\n").unwrap();
    let subs = open_dir("asalto-limits-subs-");
    for (name, slow) in [("slow", "0.3"), ("too-slow", "2")] {
        let sub = subs.path().join(name);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        write_stub(&sub, &["--slow".to_string(), slow.to_string()]);
    }
    let run = format!("{} {{entry}}", python());
    let refs_path = refs.path().display().to_string();
    let subs_path = subs.path().display().to_string();
    let busy = Neighbours::start(2, usize::MAX);
    for sandbox in sandboxes() {
        let graded = busy.grade(&[
            "--games",
            &refs_path,
            "--submissions",
            &subs_path,
            "--run",
            &run,
            "--move-timeout",
            "0.6",
            "--jobs",
            "1",
            "--sandbox",
            sandbox,
        ]);
        let json = graded.json();
        let slow = submission(&json, "slow");
        assert_eq!(slow["score"], 100.0, "{sandbox}: {slow:#}");
        let message = runs_message(&json, "too-slow");
        assert!(
            message.starts_with(
                "no request for input (and no output) while we waited for the menu, for 0.6 s: it hangs; "
            ),
            "{sandbox}: {message}"
        );
        says_wait_and_cpu(&message, "0.6");
        documented(&message, "0.6");
    }
}

/// The cgroup folders of runs in the memory cgroup of this test process
/// (where the graders it starts make theirs) whose grader is gone: none
/// may be left after a run. `None` when this machine has no memory
/// cgroup v1 (the check is then the JSON's `memory_enforced_by`).
fn orphaned_run_cgroups() -> Option<Vec<String>> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = own
        .lines()
        .find_map(|l| l.split_once(":memory:").map(|(_, p)| p.to_string()))?;
    let dir = Path::new("/sys/fs/cgroup/memory").join(path.trim_start_matches('/'));
    let mut gone = Vec::new();
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix("asalto-grade-") else {
            continue;
        };
        let pid = rest.split('-').next().unwrap_or("");
        if !Path::new("/proc").join(pid).exists() {
            gone.push(name);
        }
    }
    Some(gone)
}

/// Solvers for the memory tests: `hog` forks 4 children that each hold
/// 200 MiB (under a per-process limit of 512 MiB each fits, 800 MiB in
/// all), `right` is the correct fixture, `self-kill` sends itself SIGKILL.
fn memory_solvers() -> tempfile::TempDir {
    let subs = open_dir("asalto-limits-memory-");
    let solver =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/grade-solitaire/solver.py");
    let hog = "import os, sys, time\nsys.stdin.read()\nkids = []\nfor i in range(4):\n    pid = os.fork()\n    if pid == 0:\n        block = bytearray(200 << 20)\n        time.sleep(2)\n        os._exit(0)\n    kids.append(pid)\nfor k in kids:\n    os.waitpid(k, 0)\nprint(0)\n";
    let self_kill = "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n";
    for name in ["hog", "right", "self-kill"] {
        let sub = subs.path().join(name);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        match name {
            "hog" => std::fs::write(sub.join("solver.py"), hog).unwrap(),
            "self-kill" => std::fs::write(sub.join("solver.py"), self_kill).unwrap(),
            _ => copy_with_mode(&solver, &sub.join("solver.py"), 0o644),
        }
    }
    subs
}

/// The total memory of a run is capped: a solver whose 4 children hold
/// 200 MiB each under `--memory 512M` (each child within it, 800 MiB in
/// all: it ran to its end when the limit was per process) is stopped, the
/// message saying it was killed for memory; a correct solver graded at the
/// same time (`--jobs 2`) gets full marks; a program killed by a SIGKILL
/// of its own is not said to be killed for memory. The same with a cgroup
/// (the kernel's count of its kills) and without one (the grader's watch
/// of the processes' memory); the run's cgroups are removed after it.
#[test]
fn a_run_past_its_total_memory_is_stopped_and_says_so() {
    let set = open_dir("asalto-limits-mset-");
    std::fs::write(set.path().join("set.txt"), "...N.....R....B.\n").unwrap();
    let subs = memory_solvers();
    let run = format!("{} {{entry}}", python());
    let set_path = set.path().join("set.txt").display().to_string();
    let subs_path = subs.path().display().to_string();
    for sandbox in sandboxes() {
        for cgroup in [true, false] {
            let env: &[(&str, &str)] = if cgroup {
                &[]
            } else {
                &[("ASALTO_GRADE_NO_CGROUP", "1")]
            };
            let graded = grade(
                &[
                    "--game",
                    "solitaire",
                    "--puzzles",
                    &set_path,
                    "--submissions",
                    &subs_path,
                    "--entry",
                    "solver.py",
                    "--run",
                    &run,
                    "--memory",
                    "512M",
                    "--puzzle-timeout",
                    "20",
                    "--jobs",
                    "2",
                    "--sandbox",
                    sandbox,
                ],
                env,
            );
            let json = graded.json();
            let case = format!("{sandbox}, cgroup {cgroup}");
            let limits = &json["confinement"]["limits"];
            assert_eq!(limits["memory_bytes"], 512u64 << 20, "{case}");
            if cgroup && is_root() {
                assert!(
                    limits["memory_enforced_by"]
                        .as_str()
                        .unwrap()
                        .starts_with("cgroup v"),
                    "{case}: {limits}"
                );
                assert_eq!(limits["address_space_bytes"], Value::Null, "{case}");
                assert_eq!(limits["processes_enforced_by"], "cgroup", "{case}");
            } else if !cgroup {
                assert_eq!(limits["memory_enforced_by"], "watch", "{case}");
                assert_eq!(limits["address_space_bytes"], 512u64 << 20, "{case}");
            }
            let hog = runs_message(&json, "hog");
            assert!(
                hog.contains("(SIGKILL: killed for memory: its processes together ")
                    && hog.contains("the limit of 512 MiB"),
                "{case}: {hog}"
            );
            let right = submission(&json, "right");
            assert_eq!(right["score"], 100.0, "{case}: {right:#}");
            let killed = runs_message(&json, "self-kill");
            assert!(
                killed.contains(
                    "(SIGKILL: not from the grader's limits: its memory stayed under the limit"
                ),
                "{case}: {killed}"
            );
            if let Some(left) = orphaned_run_cgroups() {
                assert!(left.is_empty(), "{case}: cgroups left: {left:?}");
            }
        }
    }
}

/// A grader killed in the middle of a run leaves that run's cgroup
/// behind (nothing runs after `SIGKILL`); the next grader removes it when
/// it starts. As root on a machine with a memory cgroup v1 (CI's).
#[test]
fn cgroups_left_by_a_killed_grader_are_removed_by_the_next() {
    if !is_root() || orphaned_run_cgroups().is_none() {
        eprintln!("skipped: needs root and a memory cgroup v1");
        return;
    }
    let set = open_dir("asalto-limits-kset-");
    std::fs::write(set.path().join("set.txt"), "...N.....R....B.\n").unwrap();
    let sleeper = set.path().join("sleeper.py");
    std::fs::write(&sleeper, "import time\ntime.sleep(600)\n").unwrap();
    let set_path = set.path().join("set.txt").display().to_string();
    let marker = format!("asalto-killed-grader-{}", std::process::id());
    let mut grader = Command::new(env!("CARGO_BIN_EXE_asalto"))
        .args(["grade", "--game", "solitaire", "--puzzles", &set_path])
        .args(["--puzzle-timeout", "600", "--sandbox", "none", "--"])
        .arg(python())
        .arg(&sleeper)
        .arg(&marker)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let prefix = format!("asalto-grade-{}-", grader.id());
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap();
    let path = own
        .lines()
        .find_map(|l| l.split_once(":memory:").map(|(_, p)| p.to_string()))
        .unwrap();
    let dir = Path::new("/sys/fs/cgroup/memory").join(path.trim_start_matches('/'));
    // Wait for the program to run: it joined its run's cgroup before.
    let mut pause = Duration::from_millis(1);
    // The sleeper itself, not the grader (whose command line names it)
    // nor a fork of it about to run the program.
    let sleeping = || {
        processes_with(&marker).into_iter().any(|p| {
            std::fs::read(format!("/proc/{p}/cmdline")).is_ok_and(|c| {
                c.split(|&b| b == 0).nth(1) == Some(sleeper.as_os_str().as_encoded_bytes())
            })
        })
    };
    while !sleeping() {
        assert!(grader.try_wait().unwrap().is_none(), "the grader ended");
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(50));
    }
    let holding: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&prefix))
        .filter(|n| {
            std::fs::read_to_string(dir.join(n).join("cgroup.procs"))
                .is_ok_and(|p| !p.trim().is_empty())
        })
        .collect();
    let [run] = holding.as_slice() else {
        let _ = grader.kill();
        panic!("the program runs, its cgroup: {holding:?}");
    };
    let run = run.clone();
    grader.kill().unwrap();
    grader.wait().unwrap();
    assert!(dir.join(&run).exists(), "{run} should be left behind");
    // Any next grader removes it (its processes died with the grader).
    let ok = grade(
        &[
            "--game",
            "solitaire",
            "--puzzles",
            &set_path,
            "--sandbox",
            "none",
            "--",
            "true",
        ],
        &[],
    );
    assert_eq!(ok.json()["game"], "solitaire");
    assert!(!dir.join(&run).exists(), "{run} is still there");
}

/// Whether runs' cgroups get a CPU weight of their own here: the `cpu`
/// controller in a v1 hierarchy (as on CI) or enabled in v2.
fn cpu_controller() -> bool {
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    own.lines().any(|l| {
        l.split(':')
            .nth(1)
            .is_some_and(|c| c.split(',').any(|c| c == "cpu"))
    }) || std::fs::read_to_string("/sys/fs/cgroup/cgroup.subtree_control")
        .is_ok_and(|c| c.split_whitespace().any(|c| c == "cpu"))
}

/// Two jobs at once share the CPU equally, however many processes each
/// runs: a correct solver that needs 0.3 s of CPU time, under
/// `--puzzle-timeout 0.6`, graded (`--jobs 2`, one CPU) beside a
/// submission that runs 15 busy processes, solves its puzzle: each run's
/// cgroup has the same CPU weight, so it gets half of the CPU. Shared
/// among 16 busy processes and it, it got a seventeenth: 5 s of the clock
/// for its 0.3 s, past even the ceiling of 4 times the limit.
#[test]
fn a_job_that_forks_busy_processes_does_not_slow_its_neighbour() {
    if !is_root() || !cpu_controller() {
        eprintln!("skipped: needs root and the cpu cgroup controller");
        return;
    }
    let set = open_dir("asalto-limits-fset-");
    std::fs::write(set.path().join("set.txt"), "...N.....R....B.\n").unwrap();
    let subs = open_dir("asalto-limits-fork-");
    let solver =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/grade-solitaire/solver.py");
    let forks = "import os\nfor i in range(15):\n    if os.fork() == 0:\n        break\nwhile True:\n    pass\n";
    for name in ["forks", "slow"] {
        let sub = subs.path().join(name);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        if name == "forks" {
            std::fs::write(sub.join("solver.py"), forks).unwrap();
        } else {
            copy_with_mode(&solver, &sub.join("fixture.py"), 0o644);
            std::fs::write(
                sub.join("solver.py"),
                "import os, runpy, sys\nsys.argv = [sys.argv[0], '--burn', '0.3']\nrunpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fixture.py'), run_name='__main__')\n",
            )
            .unwrap();
        }
    }
    let run = format!("{} {{entry}}", python());
    let set_path = set.path().join("set.txt").display().to_string();
    let subs_path = subs.path().display().to_string();
    // No busy loops of our own: the grader is only pinned to one CPU.
    let one_cpu = Neighbours::start(0, 1);
    for sandbox in sandboxes() {
        let graded = one_cpu.grade(&[
            "--game",
            "solitaire",
            "--puzzles",
            &set_path,
            "--submissions",
            &subs_path,
            "--entry",
            "solver.py",
            "--run",
            &run,
            "--puzzle-timeout",
            "0.6",
            "--jobs",
            "2",
            "--sandbox",
            sandbox,
        ]);
        let json = graded.json();
        let slow = submission(&json, "slow");
        assert_eq!(slow["score"], 100.0, "{sandbox}: {slow:#}");
        let forks = runs_message(&json, "forks");
        assert!(
            forks.starts_with("no answer within 0.6 s"),
            "{sandbox}: {forks}"
        );
    }
}
