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
    }
}
