//! What the grade tests share: the fixture, the reference games, folders
//! every user may enter (as root, programs run under users of their own),
//! and running `asalto grade` with a watchdog.

use std::collections::BTreeMap;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use serde_json::Value;

const FIXTURE_SRC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/grade/asalto.py"
);
const SAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/samples");
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/grade");
/// The fixture's name when copied beside a stub that runs it.
pub const FIXTURE_COPY: &str = "fixture.py";
/// The longest a grading run may take in these tests.
const WATCHDOG: Duration = Duration::from_secs(600);

/// A new folder under the system's temporary folder that every user may
/// enter and read.
pub fn open_dir(prefix: &str) -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix(prefix).tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// A new folder that every user may enter and read, outside `/tmp` (the
/// sandbox has a `/tmp` of its own): where an instructor may keep the
/// reference games, in sight of the sandbox unless hidden.
pub fn open_dir_outside_tmp(prefix: &str) -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix(prefix)
        .tempdir_in("/var/tmp")
        .unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// Copy `from` to `to`, with permissions `mode`.
pub fn copy_with_mode(from: impl AsRef<Path>, to: &Path, mode: u32) {
    std::fs::copy(from, to).unwrap();
    std::fs::set_permissions(to, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// Where a program that stops itself once leaves its marker: a folder
/// every user may write in (a program runs as a user of its own under
/// root) inside `dir`, and the marker's path in it (not made yet).
pub fn stop_marker(dir: &Path) -> PathBuf {
    let marks = dir.join("marks");
    std::fs::create_dir(&marks).unwrap();
    std::fs::set_permissions(&marks, std::fs::Permissions::from_mode(0o777)).unwrap();
    marks.join("stopped-once")
}

/// The folder of what this test process shares between tests, under the
/// system's temporary folder (a checkout may live where other users cannot
/// enter): `asalto-grade-tests-<pid>`. Statics are never dropped, so the
/// folders of test processes that have ended are removed here instead.
fn shared() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let tmp = std::env::temp_dir();
        const PREFIX: &str = "asalto-grade-tests-";
        for entry in std::fs::read_dir(&tmp).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(pid) = name.strip_prefix(PREFIX) {
                if !Path::new("/proc").join(pid).exists() {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        }
        let dir = tmp.join(format!("{PREFIX}{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        dir
    })
}

/// A shared folder holding a copy of the fixture.
fn work() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = shared().join("fixture");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::copy(FIXTURE_SRC, dir.join("asalto.py")).unwrap();
        dir
    })
}

/// The fixture, where anyone may read it.
pub fn fixture() -> String {
    work().join("asalto.py").display().to_string()
}

/// Whether the tests run as root (as CI does).
pub fn is_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// Whether every folder on the way to `path`, and `path` itself, may be
/// entered or run by anyone.
fn open_to_all(path: &Path) -> bool {
    path.ancestors()
        .all(|p| std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o001 != 0))
}

/// A Python interpreter that any user may run (as root, programs run as
/// users of their own, who cannot enter `/root`).
pub fn python() -> &'static str {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let out = Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("the grade tests need python3 (.ci/run installs it)");
        let own = String::from_utf8(out.stdout).unwrap().trim().to_string();
        [own.as_str(), "/usr/bin/python3", "/usr/local/bin/python3"]
            .into_iter()
            .map(PathBuf::from)
            .find(|p| p.is_file() && open_to_all(p))
            .unwrap_or_else(|| panic!("no python3 that every user may run (found {own})"))
            .display()
            .to_string()
    })
}

/// Whether bubblewrap works here. The confinement tests need it: without
/// it they fail, unless `ASALTO_TEST_WITHOUT_BWRAP=1` says to test only the
/// unconfined mode.
pub fn bwrap() -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| {
        let works = Command::new("bwrap")
            .args(["--ro-bind", "/", "/", "--unshare-pid", "--", "true"])
            .output()
            .is_ok_and(|o| o.status.success());
        if !works && std::env::var_os("ASALTO_TEST_WITHOUT_BWRAP").is_none() {
            panic!(
                "bubblewrap is not installed or does not work here: install it (.ci/run does, \
                 `apt-get install bubblewrap`), or set ASALTO_TEST_WITHOUT_BWRAP=1 to test \
                 the unconfined mode only"
            );
        }
        works
    })
}

/// The sandboxes to test: bubblewrap (when it works) and none.
pub fn sandboxes() -> Vec<&'static str> {
    if bwrap() {
        vec!["bwrap", "none"]
    } else {
        vec!["none"]
    }
}

/// A bundled sample's path.
pub fn sample(name: &str) -> String {
    Path::new(SAMPLES).join(name).display().to_string()
}

/// The reference games: the assignment's example (unfinished, with a
/// multi-capture), Appendix A (officers win), the castle taken (8 rebels in
/// it, then 9), a game through exactly 9 rebels that ends with 7, one
/// through 9 that ends with exactly 8, each side blocked, and an unfinished
/// one.
pub fn refs() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = shared().join("refs");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
        for name in [
            "ejemplo.txt",
            "apendice-a.txt",
            "end-castle-occupied.txt",
            "end-fewer-than-nine-rebels.txt",
            "end-officers-blocked.txt",
            "end-rebels-blocked.txt",
            "unfinished.txt",
        ] {
            std::fs::copy(Path::new(SAMPLES).join(name), dir.join(name)).unwrap();
        }
        let eight = "end-nine-then-eight-rebels.txt";
        std::fs::copy(Path::new(FIXTURES).join(eight), dir.join(eight)).unwrap();
        dir
    })
}

/// A submissions folder: one sub-folder per variant (`a+b`: two bugs),
/// each with an `asalto.py` stub that runs the fixture copied beside it.
pub fn submissions(names: &[&str]) -> tempfile::TempDir {
    let dir = open_dir("asalto-subs-");
    for name in names {
        let sub = dir.path().join(name);
        std::fs::create_dir(&sub).unwrap();
        std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o755)).unwrap();
        write_stub(&sub, &stub_args(name));
    }
    dir
}

/// The fixture's arguments for a variant name.
pub fn stub_args(name: &str) -> Vec<String> {
    if name == "correct" {
        return Vec::new();
    }
    name.split('+')
        .flat_map(|b| ["--bug".to_string(), b.to_string()])
        .collect()
}

/// Write `asalto.py` in `dir`: run the fixture (copied beside it) with
/// `args`.
pub fn write_stub(dir: &Path, args: &[String]) {
    std::fs::copy(FIXTURE_SRC, dir.join(FIXTURE_COPY)).unwrap();
    let args: Vec<String> = args.iter().map(|a| format!("{a:?}")).collect();
    std::fs::write(
        dir.join("asalto.py"),
        format!(
            "import os, runpy, sys\nsys.argv = [sys.argv[0], {}]\nrunpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), {FIXTURE_COPY:?}), run_name='__main__')\n",
            args.join(", ")
        ),
    )
    .unwrap();
}

/// What a run of `asalto grade` gave.
pub struct Graded {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Graded {
    /// Standard output as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {}\n{}",
                self.stderr,
                &self.stdout[..self.stdout.len().min(2000)]
            )
        })
    }
}

/// Run `asalto grade ARGS` with extra environment variables; the run is
/// killed (and the test fails) if it takes longer than the watchdog.
pub fn run_grade(args: &[&str], env: &[(&str, &str)]) -> Graded {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_asalto"));
    cmd.arg("grade")
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    run_watched(cmd, WATCHDOG)
}

/// Run `cmd` to its end, or kill it after `limit` and fail.
pub fn run_watched(mut cmd: Command, limit: Duration) -> Graded {
    let mut child = cmd.spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut err = Vec::new();
        let errs = std::thread::spawn(move || {
            let _ = stderr.read_to_end(&mut err);
            err
        });
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        let err = errs.join().unwrap();
        let _ = tx.send(());
        (out, err)
    });
    if rx.recv_timeout(limit).is_err() {
        let _ = child.kill();
        let _ = child.wait();
        panic!("`{cmd:?}` took longer than {} s", limit.as_secs());
    }
    let (out, err) = reader.join().unwrap();
    let status = child.wait().unwrap();
    Graded {
        code: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out).into_owned(),
        stderr: String::from_utf8_lossy(&err).into_owned(),
    }
}

/// `asalto grade --format json ARGS`.
pub fn grade(args: &[&str], env: &[(&str, &str)]) -> Graded {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    run_grade(&all, env)
}

/// `asalto grade ARGS` (human format unless ARGS say otherwise).
pub fn grade_text(args: &[&str]) -> Graded {
    run_grade(args, &[])
}

/// The submission named `name` in a JSON report.
pub fn submission<'a>(json: &'a Value, name: &str) -> &'a Value {
    json["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no submission {name}"))
}

/// The kinds a submission did not pass everywhere, sorted.
pub fn failed_kinds(sub: &Value) -> Vec<String> {
    let mut kinds: Vec<String> = sub["checks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["passed"] != c["applicable"])
        .map(|c| c["kind"].as_str().unwrap().to_string())
        .collect();
    kinds.sort();
    kinds
}

/// The kinds that failed in at least one game of a submission (not those
/// only left unchecked, or checked on part of a game), sorted.
pub fn failed_in_a_game(sub: &Value) -> Vec<String> {
    let mut kinds: Vec<String> = sub["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["checks"].as_object().unwrap().iter())
        .filter(|(_, s)| *s == "fail")
        .map(|(k, _)| k.clone())
        .collect();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// Every failure of a submission.
pub fn failures(sub: &Value) -> Vec<Value> {
    sub["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["failures"].as_array().unwrap().clone())
        .collect()
}

/// The first failure of `kind` of a submission, which the test expects
/// (it fails when there is none).
pub fn failure(sub: &Value, kind: &str) -> Value {
    failures(sub)
        .into_iter()
        .find(|f| f["kind"] == kind)
        .unwrap_or_else(|| panic!("no `{kind}` failure: {sub:#}"))
}

/// The status of `kind` in each game of a submission.
pub fn statuses(sub: &Value, kind: &str) -> Vec<String> {
    sub["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["checks"][kind].as_str().map(str::to_string))
        .collect()
}

/// What a hostile fixture observed (`OBSERVED key=value` lines on its
/// standard error, quoted by the report), and the same lines in `text`.
pub fn observed(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter_map(|l| l.trim_start_matches("| ").trim().strip_prefix("OBSERVED "))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// The observations in a JSON report (all quoted standard errors).
pub fn observed_in(json: &Value) -> BTreeMap<String, String> {
    let mut all = BTreeMap::new();
    for sub in json["submissions"].as_array().unwrap() {
        for f in failures(sub) {
            if let Some(t) = f["stderr_tail"].as_str() {
                all.extend(observed(t));
            }
        }
    }
    all
}

/// Processes whose command line contains `marker`.
pub fn processes_with(marker: &str) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        if pid == std::process::id() as i32 {
            continue;
        }
        if let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) {
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if cmdline.contains(marker) {
                found.push(pid);
            }
        }
    }
    found
}

/// Run the fixture directly, outside the grader, with `args`, standard
/// input `input`: to show what an attack does when nothing confines it.
pub fn run_fixture_directly(args: &[&str], input: &str, env: &[(&str, &str)]) -> Graded {
    let mut cmd = Command::new(python());
    cmd.arg(fixture())
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    Graded {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
