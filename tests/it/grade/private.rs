//! Grading from where teachers keep their files (issue 24): as root, from a
//! folder the programs' users cannot enter (under `/root`, a home folder of
//! mode 750, a 700 folder under `/srv`, a `mktemp -d` folder), for Asalto,
//! Go and Solitaire, with `--submissions` and with `--`, under bubblewrap
//! and without it; what reaches the program from the instructor's folder;
//! what a submission's copy leaves out, and the copy limits; and a failure
//! of the grader's own, which is never a score.
//!
//! Each test builds its private folders itself and removes them when it
//! ends, failed or not ([`Place`]).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::Value;

use super::support::*;

const GO_FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/grade-go");
const SOL_FIXTURES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/grade-solitaire"
);
const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/grade/asalto.py"
);

/// A user and group nobody is: the owner of the "home folder" made here.
const TEACHER: u32 = 4_242_424;

/// Where the instructor's files are.
#[derive(Clone, Copy, Debug)]
enum Where {
    /// `/root/...`, mode 700 (under `/root`, itself 700).
    Root,
    /// `/home/<teacher>/curso`: the home folder of mode 750 (Ubuntu's
    /// default), owned by another user.
    Home,
    /// `/srv/...` (or `/var/...`), mode 700.
    Srv,
    /// A `mktemp -d` folder: `/tmp/tmp...`, mode 700.
    Mktemp,
}

const PLACES: [Where; 4] = [Where::Root, Where::Home, Where::Srv, Where::Mktemp];

/// A private folder made for a test, removed when dropped (also when the
/// test fails): `top` is what is removed, `dir` where the files go.
struct Place {
    top: PathBuf,
    dir: PathBuf,
}

impl Drop for Place {
    fn drop(&mut self) {
        if self.top.is_dir() {
            let _ = std::fs::remove_dir_all(&self.top);
        } else {
            let _ = std::fs::remove_file(&self.top);
        }
    }
}

fn unique(prefix: &str) -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    format!(
        "{prefix}{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    )
}

fn mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A new private place of kind `w`.
fn place(w: Where) -> Place {
    let top = match w {
        Where::Root => Path::new("/root").join(unique("asalto-test-")),
        Where::Home => Path::new("/home").join(unique("asalto-test-profe-")),
        Where::Srv => {
            let base = if Path::new("/srv").is_dir() {
                "/srv"
            } else {
                "/var"
            };
            Path::new(base).join(unique("asalto-test-"))
        }
        Where::Mktemp => tempfile::Builder::new()
            .prefix("tmp")
            .tempdir()
            .unwrap()
            .keep(),
    };
    std::fs::create_dir_all(&top).unwrap();
    let place = Place {
        dir: match w {
            Where::Home => top.join("curso"),
            _ => top.clone(),
        },
        top,
    };
    match w {
        Where::Home => {
            std::fs::create_dir(&place.dir).unwrap();
            mode(&place.dir, 0o755);
            std::os::unix::fs::chown(&place.top, Some(TEACHER), Some(TEACHER)).unwrap();
            mode(&place.top, 0o750);
        }
        _ => mode(&place.top, 0o700),
    }
    place
}

/// A folder `name` in `dir`, mode 755 (what `mkdir` makes).
fn folder(dir: &Path, name: &str) -> PathBuf {
    let d = dir.join(name);
    std::fs::create_dir_all(&d).unwrap();
    mode(&d, 0o755);
    d
}

/// Write `text` to `path`, mode 644.
fn file(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    mode(path, 0o644);
}

/// `asalto grade ARGS` run in `dir` (relative paths from there, as a
/// teacher types them), with `path` first in `PATH` when given.
fn grade_in(dir: &Path, args: &[&str], path: Option<&Path>) -> Graded {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_asalto"));
    cmd.arg("grade")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(p) = path {
        let old = std::env::var_os("PATH").unwrap_or_default();
        let mut all = vec![p.to_path_buf()];
        all.extend(std::env::split_paths(&old));
        cmd.env("PATH", std::env::join_paths(all).unwrap());
    }
    run_watched(cmd, Duration::from_secs(600))
}

/// The one submission of a JSON report, which must have full marks.
fn full_marks(what: &str, g: &Graded) {
    assert_eq!(g.code, 0, "{what}: {}\n{}", g.stderr, g.stdout);
    let doc = g.json();
    for sub in doc["submissions"].as_array().unwrap() {
        assert_eq!(sub["score"], 100.0, "{what}: {sub:#}");
    }
}

/// Whether the tests can build private folders (as root, as CI runs).
fn root_or_skip() -> bool {
    if !is_root() {
        eprintln!("skipped: private folders of other users need root");
    }
    is_root()
}

/// The sandboxes each place is graded under: bubblewrap everywhere, and
/// `none` in `none_in`.
fn runs(none_in: Where) -> Vec<(Where, &'static str)> {
    let mut all = Vec::new();
    for w in PLACES {
        for s in sandboxes() {
            if s == "bwrap" || std::mem::discriminant(&w) == std::mem::discriminant(&none_in) {
                all.push((w, s));
            }
        }
    }
    all
}

/// A correct Asalto program, a stub that runs the fixture beside it (a
/// sibling must keep working), with the reference games in the same
/// private folder, gets full marks with `--submissions` and with `--`.
#[test]
fn asalto_grades_from_private_folders() {
    if !root_or_skip() {
        return;
    }
    for (w, sandbox) in runs(Where::Root) {
        let p = place(w);
        let refs = folder(&p.dir, "refs");
        std::fs::copy(sample("ejemplo.txt"), refs.join("ejemplo.txt")).unwrap();
        let ana = folder(&p.dir, "subs/ana");
        write_stub(&ana, &[]);
        let what = format!("{w:?} {sandbox}");
        let g = grade_in(
            &p.dir,
            &[
                "--format",
                "json",
                "--sandbox",
                sandbox,
                "--games",
                "refs",
                "--submissions",
                "subs",
            ],
            None,
        );
        full_marks(&format!("{what} --submissions"), &g);
        let entry = ana.join("asalto.py").display().to_string();
        let g = grade_in(
            &p.dir,
            &[
                "--format",
                "json",
                "--sandbox",
                sandbox,
                "--games",
                "refs",
                "--",
                "python3",
                &entry,
            ],
            None,
        );
        full_marks(&format!("{what} --"), &g);
    }
}

/// The correct Go fixture from each private place, with `--submissions`
/// and as one `proylcc.pl` after `--`.
#[test]
fn go_grades_from_private_folders() {
    if !root_or_skip() {
        return;
    }
    for (w, sandbox) in runs(Where::Home) {
        let p = place(w);
        let refs = folder(&p.dir, "refs");
        std::fs::copy(
            Path::new(GO_FIXTURES).join("refs/random-2.sgf"),
            refs.join("random-2.sgf"),
        )
        .unwrap();
        let ana = folder(&p.dir, "subs/ana");
        std::fs::copy(
            Path::new(GO_FIXTURES).join("correct-strings/proylcc.pl"),
            ana.join("proylcc.pl"),
        )
        .unwrap();
        mode(&ana.join("proylcc.pl"), 0o644);
        let what = format!("{w:?} {sandbox}");
        let base = [
            "--format",
            "json",
            "--game",
            "go",
            "--query-timeout",
            "2",
            "--sandbox",
            sandbox,
            "--games",
            "refs",
        ];
        let g = grade_in(
            &p.dir,
            &[&base[..], &["--submissions", "subs"]].concat(),
            None,
        );
        full_marks(&format!("{what} --submissions"), &g);
        let entry = ana.join("proylcc.pl").display().to_string();
        let g = grade_in(&p.dir, &[&base[..], &["--", &entry]].concat(), None);
        full_marks(&format!("{what} --"), &g);
    }
}

/// A correct solver from each private place, on two puzzles (one with a
/// solution, one without), with `--submissions` and with `--`.
#[test]
fn solitaire_grades_from_private_folders() {
    if !root_or_skip() {
        return;
    }
    for (w, sandbox) in runs(Where::Mktemp) {
        let p = place(w);
        let puzzles = folder(&p.dir, "puzzles");
        file(
            &puzzles.join("set.txt"),
            "...N.....R....B.\nN..............N\n",
        );
        let ana = folder(&p.dir, "subs/ana");
        std::fs::copy(
            Path::new(SOL_FIXTURES).join("solver.py"),
            ana.join("solver.py"),
        )
        .unwrap();
        mode(&ana.join("solver.py"), 0o644);
        let what = format!("{w:?} {sandbox}");
        let base = [
            "--format",
            "json",
            "--game",
            "solitaire",
            "--sandbox",
            sandbox,
            "--puzzles",
            "puzzles",
        ];
        let g = grade_in(
            &p.dir,
            &[&base[..], &["--submissions", "subs"]].concat(),
            None,
        );
        full_marks(&format!("{what} --submissions"), &g);
        let entry = ana.join("solver.py").display().to_string();
        let g = grade_in(
            &p.dir,
            &[&base[..], &["--", "python3", &entry]].concat(),
            None,
        );
        full_marks(&format!("{what} --"), &g);
    }
}

/// A program named after `--` in the instructor's private folder gets its
/// folder's files that every user may read, and nothing else: not its
/// dot-files, not a file or folder of mode 600/700, not the reference
/// games kept beside it. A program right in a home folder (`/root`) gets
/// no neighbour at all. Under bubblewrap at the path the command names;
/// without a sandbox, a copy.
#[test]
fn only_what_was_named_reaches_the_program() {
    if !root_or_skip() {
        return;
    }
    let fixture = std::fs::read_to_string(FIXTURE).unwrap();
    for sandbox in sandboxes() {
        let p = place(Where::Root);
        let tarea = folder(&p.dir, "tarea");
        let refs = folder(&tarea, "refs");
        std::fs::copy(sample("ejemplo.txt"), refs.join("ejemplo.txt")).unwrap();
        file(&tarea.join("fixture.py"), &fixture);
        file(&tarea.join(".secreto"), "dot");
        file(&tarea.join("notas.txt"), "grades");
        mode(&tarea.join("notas.txt"), 0o600);
        let private = folder(&tarea, "privado");
        file(&private.join("x.txt"), "x");
        mode(&private, 0o700);
        // The program refuses to play if it sees what it must not.
        file(
            &tarea.join("asalto.py"),
            &[
                "import os, runpy, sys",
                "here = os.path.dirname(os.path.abspath(__file__))",
                "for name in ['.secreto', 'notas.txt', 'privado/x.txt', 'refs/ejemplo.txt']:",
                "    try:",
                "        open(os.path.join(here, name)).read()",
                "        print('LEAKED ' + name); sys.exit(3)",
                "    except OSError:",
                "        pass",
                "runpy.run_path(os.path.join(here, 'fixture.py'), run_name='__main__')",
                "",
            ]
            .join("\n"),
        );
        mode(&tarea.join("asalto.py"), 0o600);
        let entry = tarea.join("asalto.py").display().to_string();
        let g = grade_in(
            &p.dir,
            &[
                "--format",
                "json",
                "--sandbox",
                sandbox,
                "--games",
                "tarea/refs",
                "--",
                "python3",
                &entry,
            ],
            None,
        );
        full_marks(&format!("{sandbox}: the program's folder"), &g);
        // Right in /root: alone.
        let alone = Path::new("/root").join(format!("{}.py", unique("asalto-test-alone-")));
        let _gone = Place {
            top: alone.clone(),
            dir: alone.clone(),
        };
        let name = alone.file_name().unwrap().to_string_lossy().into_owned();
        file(
            &alone,
            &format!(
                "import os, sys\nleft = sorted(os.listdir(os.path.dirname(os.path.abspath(__file__))))\nif left != [{name:?}]:\n    print('LEAKED', left); sys.exit(3)\n{fixture}"
            ),
        );
        mode(&alone, 0o600);
        let alone_s = alone.display().to_string();
        let g = grade_in(
            &p.dir,
            &[
                "--format",
                "json",
                "--sandbox",
                sandbox,
                "--games",
                "tarea/refs",
                "--",
                "python3",
                &alone_s,
            ],
            None,
        );
        full_marks(&format!("{sandbox}: a program in /root"), &g);
        // Its neighbours really were there.
        assert!(std::fs::read_dir("/root").unwrap().count() > 1);
    }
}

/// A `python3` first in `PATH` that the programs' user cannot run (pyenv's
/// shims under /root): grading uses the next one and says so; a program
/// found only there stops the run, naming the fix.
#[test]
fn an_interpreter_the_programs_cannot_run_is_passed_over_and_said() {
    if !root_or_skip() {
        return;
    }
    let p = place(Where::Root);
    let bin = folder(&p.dir, "shims");
    for name in ["python3", "asalto-test-only-here"] {
        file(&bin.join(name), "#!/bin/sh\nexec python3 \"$@\"\n");
        mode(&bin.join(name), 0o755);
    }
    let refs = folder(&p.dir, "refs");
    std::fs::copy(sample("ejemplo.txt"), refs.join("ejemplo.txt")).unwrap();
    let work = open_dir("asalto-interp-");
    let entry = work.path().join("asalto.py");
    copy_with_mode(FIXTURE, &entry, 0o644);
    let entry = entry.display().to_string();
    let g = grade_in(
        &p.dir,
        &[
            "--format", "json", "--games", "refs", "--", "python3", &entry,
        ],
        Some(&bin),
    );
    full_marks("a private python3 first in PATH", &g);
    let shown = bin.join("python3").display().to_string();
    assert!(
        g.stderr.contains("note: `python3` is") && g.stderr.contains(&shown),
        "{}",
        g.stderr
    );
    let g = grade_in(
        &p.dir,
        &["--games", "refs", "--", "asalto-test-only-here", &entry],
        Some(&bin),
    );
    assert_eq!(g.code, 2, "{}", g.stdout);
    assert!(g.stdout.is_empty(), "{}", g.stdout);
    assert!(
        g.stderr.contains("install it where every user may run it"),
        "{}",
        g.stderr
    );
}

/// A `bwrap` that wraps the real one and makes the setup of one run fail
/// for real (a bind of a source that does not exist), counted from 0 over
/// the runs of programs (those with `--block-fd`; not the trials), or of
/// every run and trial that hides `hidden`. Put its folder first in `PATH`.
fn failing_bwrap(dir: &Path, fail_run: Option<usize>, hidden: Option<&Path>) -> PathBuf {
    let real = std::env::split_paths(&std::env::var_os("PATH").unwrap())
        .map(|d| d.join("bwrap"))
        .find(|p| p.is_file())
        .expect("bubblewrap");
    let bin = dir.join("fake-bwrap");
    std::fs::create_dir(&bin).unwrap();
    mode(&bin, 0o777);
    let counter = bin.join("counter");
    file(&counter, "0\n");
    mode(&counter, 0o666);
    let fail = "exec \"$real\" --ro-bind /nonexistent-asalto-injected /nonexistent \"$@\"";
    let mut script = format!("#!/bin/sh\nreal={}\n", real.display());
    if let Some(h) = hidden {
        script.push_str(&format!(
            "case \" $* \" in *\" --tmpfs {} \"*) {fail};; esac\n",
            h.display()
        ));
    }
    if let Some(n) = fail_run {
        script.push_str(&format!(
            "case \" $* \" in *\" --block-fd \"*) ;; *) exec \"$real\" \"$@\";; esac\nn=$(cat {c})\necho $((n + 1)) > {c}\nif [ \"$n\" -eq {n} ]; then {fail}; fi\n",
            c = counter.display()
        ));
    }
    script.push_str("exec \"$real\" \"$@\"\n");
    let path = bin.join("bwrap");
    file(&path, &script);
    mode(&path, 0o755);
    bin
}

/// bubblewrap fails to set up the run of one submission (the second of
/// three, graded one at a time): that submission is not graded, in every
/// format (JSON `score` null and `error` set, no score in CSV, "not
/// graded" for people, no `score` and no path of the grading machine in
/// Gradescope's `results.json`), the others are graded, and the run exits
/// with status 2. For Asalto, Go and Solitaire alike.
#[test]
fn a_sandbox_that_fails_for_one_submission_is_never_a_score() {
    if !root_or_skip() || !bwrap() {
        return;
    }
    let dir = open_dir("asalto-injected-");
    let bin = failing_bwrap(dir.path(), Some(1), None);
    let refs = folder(dir.path(), "refs");
    std::fs::copy(sample("ejemplo.txt"), refs.join("ejemplo.txt")).unwrap();
    let subs = folder(dir.path(), "subs");
    for name in ["ana", "bruno", "carla"] {
        write_stub(&folder(&subs, name), &[]);
    }
    let common = [
        "--sandbox",
        "bwrap",
        "-j",
        "1",
        "--games",
        "refs",
        "--submissions",
        "subs",
    ];
    let set = |n: usize| {
        let counter = bin.join("counter");
        file(&counter, &format!("{n}\n"));
        mode(&counter, 0o666);
    };
    let reset = || set(0);
    let g = grade_in(
        dir.path(),
        &[&["--format", "json"][..], &common].concat(),
        Some(&bin),
    );
    assert_eq!(g.code, 2, "{}", g.stderr);
    let doc = g.json();
    assert_eq!(doc["version"], 2);
    assert_eq!(submission(&doc, "ana")["score"], 100.0);
    assert_eq!(submission(&doc, "carla")["score"], 100.0);
    let bruno = submission(&doc, "bruno");
    assert!(bruno["score"].is_null(), "{bruno:#}");
    assert_eq!(bruno["full_marks"], false);
    let error = bruno["error"].as_str().unwrap();
    assert!(error.contains("nonexistent-asalto-injected"), "{error}");
    assert!(g.stderr.contains("bruno: not graded:"), "{}", g.stderr);
    reset();
    let g = grade_in(
        dir.path(),
        &[&["--format", "csv"][..], &common].concat(),
        Some(&bin),
    );
    assert_eq!(g.code, 2);
    let row = g.stdout.lines().find(|l| l.starts_with("bruno,")).unwrap();
    assert!(row.starts_with("bruno,,100,"), "{row}");
    assert!(row.contains("not graded: "), "{row}");
    reset();
    let g = grade_in(dir.path(), &common, Some(&bin));
    assert_eq!(g.code, 2);
    let line = g.stdout.lines().find(|l| l.starts_with("bruno ")).unwrap();
    assert!(
        line.contains(" - ") && line.contains("not graded: "),
        "{line}"
    );
    // Gradescope: one submission, its run the one that fails.
    set(1);
    let ana = subs.join("ana/asalto.py").display().to_string();
    let g = grade_in(
        dir.path(),
        &[
            "--format",
            "gradescope",
            "--sandbox",
            "bwrap",
            "--games",
            "refs",
            "--",
            "python3",
            &ana,
        ],
        Some(&bin),
    );
    assert_eq!(g.code, 2, "{}", g.stderr);
    let doc: Value = serde_json::from_str(&g.stdout).unwrap();
    assert!(doc.get("score").is_none(), "{doc:#}");
    assert_eq!(doc["tests"], serde_json::json!([]), "{doc:#}");
    let output = doc["output"].as_str().unwrap();
    assert!(output.starts_with("not graded: "), "{output}");
    let host = dir.path().display().to_string();
    assert!(
        !output.contains(&host) && !output.contains("nonexistent"),
        "{output}"
    );

    // Go: one driver per submission, the second fails to start.
    let go_refs = folder(dir.path(), "go-refs");
    std::fs::copy(
        Path::new(GO_FIXTURES).join("refs/random-2.sgf"),
        go_refs.join("random-2.sgf"),
    )
    .unwrap();
    let go_subs = folder(dir.path(), "go-subs");
    for name in ["ana", "bruno", "carla"] {
        let to = folder(&go_subs, name).join("proylcc.pl");
        std::fs::copy(
            Path::new(GO_FIXTURES).join("correct-strings/proylcc.pl"),
            &to,
        )
        .unwrap();
        mode(&to, 0o644);
    }
    reset();
    let g = grade_in(
        dir.path(),
        &[
            "--format",
            "json",
            "--game",
            "go",
            "--query-timeout",
            "2",
            "--sandbox",
            "bwrap",
            "-j",
            "1",
            "--games",
            "go-refs",
            "--submissions",
            "go-subs",
        ],
        Some(&bin),
    );
    assert_eq!(g.code, 2, "{}", g.stderr);
    let doc = g.json();
    assert_eq!(submission(&doc, "ana")["score"], 100.0);
    assert_eq!(submission(&doc, "carla")["score"], 100.0);
    assert!(submission(&doc, "bruno")["score"].is_null());
    assert!(submission(&doc, "bruno")["error"].is_string());

    // Solitaire: two puzzles each; the first run of the second fails.
    let puzzles = folder(dir.path(), "puzzles");
    file(
        &puzzles.join("set.txt"),
        "...N.....R....B.\nN..............N\n",
    );
    let sol_subs = folder(dir.path(), "sol-subs");
    for name in ["ana", "bruno", "carla"] {
        let to = folder(&sol_subs, name).join("solver.py");
        std::fs::copy(Path::new(SOL_FIXTURES).join("solver.py"), &to).unwrap();
        mode(&to, 0o644);
    }
    reset();
    let failing = failing_bwrap_at(&bin, 2);
    let g = grade_in(
        dir.path(),
        &[
            "--format",
            "json",
            "--game",
            "solitaire",
            "--sandbox",
            "bwrap",
            "-j",
            "1",
            "--puzzles",
            "puzzles",
            "--submissions",
            "sol-subs",
        ],
        Some(&failing),
    );
    assert_eq!(g.code, 2, "{}", g.stderr);
    let doc = g.json();
    assert_eq!(submission(&doc, "ana")["score"], 100.0);
    assert_eq!(submission(&doc, "carla")["score"], 100.0);
    assert!(submission(&doc, "bruno")["score"].is_null());
}

/// The same failing `bwrap` as in `bin`, failing run `n` instead.
fn failing_bwrap_at(bin: &Path, n: usize) -> PathBuf {
    let script = std::fs::read_to_string(bin.join("bwrap")).unwrap();
    let script = script.replace("-eq 1 ]", &format!("-eq {n} ]"));
    std::fs::write(bin.join("bwrap"), script).unwrap();
    bin.to_path_buf()
}

/// The trial run before anyone is graded sets the sandbox up with the real
/// runs' mounts: a bubblewrap that cannot hide the submissions folder
/// stops the run there (status 2, no report), instead of giving everyone a
/// score for runs that could not start.
#[test]
fn the_trial_uses_the_real_mounts() {
    if !root_or_skip() || !bwrap() {
        return;
    }
    // Out of /tmp and readable by all: the sandbox hides it.
    let dir = open_dir_outside_tmp("asalto-trial-");
    let refs = folder(dir.path(), "refs");
    std::fs::copy(sample("ejemplo.txt"), refs.join("ejemplo.txt")).unwrap();
    let subs = folder(dir.path(), "subs");
    write_stub(&folder(&subs, "ana"), &[]);
    let work = open_dir("asalto-trial-bin-");
    let bin = failing_bwrap(
        work.path(),
        None,
        Some(&std::fs::canonicalize(&subs).unwrap()),
    );
    let g = grade_in(
        dir.path(),
        &[
            "--sandbox",
            "bwrap",
            "--games",
            "refs",
            "--submissions",
            "subs",
        ],
        Some(&bin),
    );
    assert_eq!(g.code, 2, "{}\n{}", g.stdout, g.stderr);
    assert!(g.stdout.is_empty(), "{}", g.stdout);
    assert!(
        g.stderr
            .contains("bubblewrap cannot set up the sandbox the programs need"),
        "{}",
        g.stderr
    );
    assert!(g.stderr.contains("nobody was graded"), "{}", g.stderr);
}

/// What a program cannot need is left out of a submission's copy and said
/// (a `.git` of more than 10,000 files, `__pycache__`, a virtual
/// environment): the program gets full marks. What is still too large to
/// copy (more than 10,000 files, a sparse file larger than the disk, 17
/// levels of folders) is not graded, with the reason, and the run exits
/// with status 2.
#[test]
fn copy_limits_leave_out_what_is_not_needed_and_never_score() {
    let subs = open_dir("asalto-copy-limits-");
    let refs = open_dir("asalto-copy-refs-");
    std::fs::copy(sample("ejemplo.txt"), refs.path().join("ejemplo.txt")).unwrap();
    let heavy = folder(subs.path(), "heavy");
    write_stub(&heavy, &[]);
    let objects = folder(&heavy, ".git/objects/ab");
    for i in 0..10_001 {
        std::fs::write(objects.join(i.to_string()), "x").unwrap();
    }
    let cache = folder(&heavy, "__pycache__");
    file(&cache.join("asalto.cpython-311.pyc"), "x");
    let venv = folder(&heavy, "venv");
    file(&venv.join("pyvenv.cfg"), "home = /usr/bin\n");
    let many = folder(subs.path(), "many");
    write_stub(&many, &[]);
    let data = folder(&many, "data");
    for i in 0..10_001 {
        std::fs::write(data.join(i.to_string()), "x").unwrap();
    }
    let sparse = folder(subs.path(), "sparse");
    write_stub(&sparse, &[]);
    std::fs::File::create(sparse.join("big.bin"))
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let deep = folder(subs.path(), "deep");
    write_stub(&deep, &[]);
    folder(&deep, &["d"; 17].join("/"));
    let refs_s = refs.path().display().to_string();
    let subs_s = subs.path().display().to_string();
    for sandbox in sandboxes() {
        let g = grade_in(
            subs.path(),
            &[
                "--format",
                "json",
                "--sandbox",
                sandbox,
                "--games",
                &refs_s,
                "--submissions",
                &subs_s,
            ],
            None,
        );
        assert_eq!(g.code, 2, "{sandbox}: {}", g.stderr);
        let doc = g.json();
        let heavy = submission(&doc, "heavy");
        assert_eq!(heavy["score"], 100.0, "{sandbox}: {heavy:#}");
        let note = heavy["about"]["skipped"].as_str().unwrap();
        for want in [".git", "__pycache__", "a virtual environment"] {
            assert!(note.contains(want), "{want}: {note}");
        }
        for (name, why) in [
            ("many", "more than 10,000 files and folders"),
            ("sparse", "big.bin, 1.0 GiB"),
            ("deep", "nested more than 16 deep"),
        ] {
            let sub = submission(&doc, name);
            assert!(sub["score"].is_null(), "{sandbox} {name}: {sub:#}");
            let error = sub["error"].as_str().unwrap();
            assert!(error.contains(why), "{sandbox} {name}: {error}");
        }
    }
    // The note, in the class list too.
    let g = grade_in(
        subs.path(),
        &[
            "--format",
            "csv",
            "--games",
            &refs_s,
            "--submissions",
            &subs_s,
        ],
        None,
    );
    let row = g.stdout.lines().find(|l| l.starts_with("heavy,")).unwrap();
    assert!(row.contains("skipped=left out of the copy: "), "{row}");
    let row = g.stdout.lines().find(|l| l.starts_with("many,")).unwrap();
    assert!(row.starts_with("many,,"), "{row}");
}

/// A hard link in a submission to a file only root may read is left out
/// of its copy (and said); one to a file every user may read is copied.
/// The program refuses to play if it can read the first or misses the
/// second.
#[test]
fn a_hard_link_to_a_private_file_is_not_copied() {
    if !root_or_skip() {
        return;
    }
    let secret_dir = tempfile::tempdir().unwrap();
    mode(secret_dir.path(), 0o700);
    let secret = secret_dir.path().join("secret");
    file(&secret, "root's secret");
    mode(&secret, 0o600);
    let open = secret_dir.path().join("open");
    file(&open, "anyone may read this");
    let subs = open_dir("asalto-hardlinks-");
    let refs = open_dir("asalto-hardlinks-refs-");
    std::fs::copy(sample("ejemplo.txt"), refs.path().join("ejemplo.txt")).unwrap();
    let ana = folder(subs.path(), "ana");
    std::fs::hard_link(&secret, ana.join("stolen")).unwrap();
    std::fs::hard_link(&open, ana.join("shared.txt")).unwrap();
    copy_with_mode(FIXTURE, &ana.join(FIXTURE_COPY), 0o644);
    file(
        &ana.join("asalto.py"),
        &[
            "import os, runpy, sys",
            "here = os.path.dirname(os.path.abspath(__file__))",
            "if os.path.exists(os.path.join(here, 'stolen')):",
            "    print('LEAKED ' + open(os.path.join(here, 'stolen')).read()); sys.exit(3)",
            "if not os.path.exists(os.path.join(here, 'shared.txt')):",
            "    print('MISSING shared.txt'); sys.exit(3)",
            "runpy.run_path(os.path.join(here, 'fixture.py'), run_name='__main__')",
            "",
        ]
        .join("\n"),
    );
    let refs_s = refs.path().display().to_string();
    let subs_s = subs.path().display().to_string();
    for sandbox in sandboxes() {
        let g = grade_in(
            subs.path(),
            &[
                "--format",
                "json",
                "--sandbox",
                sandbox,
                "--games",
                &refs_s,
                "--submissions",
                &subs_s,
            ],
            None,
        );
        full_marks(sandbox, &g);
        let doc = g.json();
        let note = submission(&doc, "ana")["about"]["skipped"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            note.contains("1 hard link not every user may read (stolen)"),
            "{note}"
        );
    }
}

/// A program named after `--` whose folder is too big to copy (a build
/// folder: `target/release` holds gigabytes) comes alone, and the teacher
/// is told so: it still gets full marks from `/tmp` (which the sandbox
/// replaces with its own) and from `/root`, instead of the grader stopping
/// on the copy limit.
#[test]
fn a_named_program_whose_folder_is_too_big_comes_alone() {
    if !root_or_skip() {
        return;
    }
    for w in [Where::Mktemp, Where::Root] {
        let p = place(w);
        let refs = folder(&p.dir, "refs");
        std::fs::copy(sample("ejemplo.txt"), refs.join("ejemplo.txt")).unwrap();
        let bin = folder(&p.dir, "target/release");
        std::fs::copy(FIXTURE, bin.join("asalto.py")).unwrap();
        std::fs::File::create(bin.join("big.bin"))
            .unwrap()
            .set_len(1 << 30)
            .unwrap();
        let program = bin.join("asalto.py").display().to_string();
        for sandbox in sandboxes() {
            let what = format!("{w:?} {sandbox}");
            let g = grade_in(
                &p.dir,
                &[
                    "--format",
                    "json",
                    "--sandbox",
                    sandbox,
                    "--games",
                    "refs",
                    "--",
                    "python3",
                    &program,
                ],
                None,
            );
            full_marks(&what, &g);
            assert!(
                g.stderr.contains("is copied alone for the programs")
                    && g.stderr.contains("big.bin, 1.0 GiB"),
                "{what}: {}",
                g.stderr
            );
        }
    }
}
