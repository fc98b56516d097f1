//! The pages in a real browser: headless Chromium driven through the
//! DevTools protocol over a pipe (`--remote-debugging-pipe`: JSON messages
//! ended by NUL on file descriptors 3 and 4), so a test presses real keys,
//! waits for the browser's own answers (no sleeps), reads the board, and
//! saves screenshots (under the target folder's `screenshots/`).
//!
//! Where Chromium is not installed the tests say so on standard error and
//! pass, unless `ASALTO_BROWSER_REQUIRED` is set (CI sets it once it has
//! installed Chromium).

#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use serde_json::{Value, json};

/// The longest wait for one answer of the browser: a guard against a hung
/// browser, not a pause (answers come as soon as they are ready).
const ANSWER: Duration = Duration::from_secs(60);

/// The Chromium executable, if one is installed.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// A browser, or `None` (with a notice) where none is installed.
pub fn browser() -> Option<Browser> {
    match chromium() {
        Some(path) => Some(Browser::start(&path)),
        None if std::env::var_os("ASALTO_BROWSER_REQUIRED").is_some() => {
            panic!("ASALTO_BROWSER_REQUIRED is set but no chromium is installed")
        }
        None => {
            // Straight to the process's standard error, once: the harness
            // captures `eprintln!` of a passing test, and a skip must not
            // pass silently (`.ci/run` sets ASALTO_BROWSER_REQUIRED, which
            // makes it a failure instead).
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                use std::io::Write as _;
                let _ = writeln!(
                    std::io::stderr(),
                    "SKIPPED: the browser tests (chromium is not installed: apt-get install chromium; set ASALTO_BROWSER_REQUIRED=1 to make this a failure)"
                );
            });
            None
        }
    }
}

/// A headless Chromium with one page attached.
pub struct Browser {
    child: Child,
    to: std::fs::File,
    from: Receiver<Value>,
    next: u64,
    session: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    fn start(path: &Path) -> Browser {
        // Close-on-exec, so that no other child of this test process holds
        // them; the browser gets its own copies on 3 and 4.
        let flags = rustix::pipe::PipeFlags::CLOEXEC;
        let (ours_read, theirs_write) = rustix::pipe::pipe_with(flags).unwrap();
        let (theirs_read, ours_write) = rustix::pipe::pipe_with(flags).unwrap();
        let profile = tempfile::tempdir().unwrap();
        let (r, w) = (theirs_read.as_raw_fd(), theirs_write.as_raw_fd());
        let mut cmd = Command::new(path);
        cmd.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--remote-debugging-pipe",
            "--window-size=1200,900",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
        // SAFETY: only fcntl and dup2, which are async-signal-safe, run
        // between fork and exec; the descriptors stay open in the parent
        // until after spawn. Both ends are first copied above 10, so that
        // neither is overwritten by the other's dup2 onto 3 or 4 (dup2
        // onto 3 and 4 gives copies without close-on-exec).
        unsafe {
            cmd.pre_exec(move || {
                let r = libc::fcntl(r, libc::F_DUPFD_CLOEXEC, 10);
                let w = libc::fcntl(w, libc::F_DUPFD_CLOEXEC, 10);
                if r < 0 || w < 0 || libc::dup2(r, 3) < 0 || libc::dup2(w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().unwrap();
        drop((theirs_read, theirs_write));
        let (tx, from) = channel();
        let reader: OwnedFd = ours_read;
        std::thread::spawn(move || {
            let mut reader = BufReader::new(std::fs::File::from(reader));
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(0, &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        buf.pop();
                        if let Ok(v) = serde_json::from_slice::<Value>(&buf)
                            && tx.send(v).is_err()
                        {
                            return;
                        }
                    }
                }
            }
        });
        let mut b = Browser {
            child,
            to: std::fs::File::from(ours_write),
            from,
            next: 0,
            session: String::new(),
            _profile: profile,
        };
        let target = b.call("Target.createTarget", json!({"url": "about:blank"}));
        let target = target["targetId"].as_str().unwrap().to_string();
        let attached = b.call(
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_string();
        b.call("Page.enable", json!({}));
        b
    }

    /// Send a command (to the page once attached) and wait for its answer.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            msg["sessionId"] = json!(self.session);
        }
        let mut bytes = serde_json::to_vec(&msg).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).unwrap();
        loop {
            let v = self
                .from
                .recv_timeout(ANSWER)
                .unwrap_or_else(|_| panic!("no answer from the browser to {method}"));
            if v["id"] == json!(id) {
                assert!(v.get("error").is_none(), "{method}: {}", v["error"]);
                return v["result"].clone();
            }
        }
    }

    /// Load `file` and wait for its load event.
    pub fn open(&mut self, file: &Path) {
        let url = format!("file://{}", file.display());
        self.call("Page.navigate", json!({"url": url}));
        loop {
            let v = self
                .from
                .recv_timeout(ANSWER)
                .expect("the page did not load");
            if v["method"] == "Page.loadEventFired" {
                return;
            }
        }
    }

    /// Press and release a key (`ArrowRight`, `Home`...).
    pub fn key(&mut self, key: &str, code: u32) {
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code}),
            );
        }
    }

    /// Click at a point of the page.
    pub fn click(&mut self, x: f64, y: f64) {
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// The value of a JavaScript expression in the page.
    pub fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        r["result"]["value"].clone()
    }

    /// Save a screenshot of the page as `name`.png; its path.
    pub fn screenshot(&mut self, name: &str) -> PathBuf {
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let png = base64(r["data"].as_str().unwrap());
        assert!(png.starts_with(b"\x89PNG"));
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap();
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Standard base64 (the screenshots' encoding).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|c| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/')
        .map(value)
        .collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | (u32::from(d) << (18 - 6 * i)));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    out
}

/// The pieces on the board the page shows: `officer:Bc`, sorted.
const PIECES: &str = "JSON.stringify({frame: document.getElementById('board').dataset.frame, status: document.getElementById('status').textContent, current: (document.querySelector('#moves a[aria-current]') || {}).textContent || null, pieces: Array.from(document.querySelectorAll('#board .officer, #board .rebel, #board .black, #board .white')).map(function (e) { return e.getAttribute('class') + ':' + e.getAttribute('data-point'); }).sort()})";

fn pieces_of(board: &asalto::Board) -> Vec<String> {
    let mut v: Vec<String> = board
        .officers()
        .iter()
        .map(|p| format!("officer:{p}"))
        .chain(board.rebels().iter().map(|p| format!("rebel:{p}")))
        .collect();
    v.sort();
    v
}

fn page_file(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let mut all = vec!["export"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--to", "html"]);
    let run = crate::run::asalto(&all);
    let path = dir.join(name);
    std::fs::write(&path, run.stdout).unwrap();
    path
}

#[test]
fn the_keys_and_a_click_step_through_an_asalto_game() {
    let Some(mut b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = page_file(dir.path(), "ejemplo.html", &["samples/ejemplo.txt"]);
    let source = std::fs::read_to_string("samples/ejemplo.txt").unwrap();
    let game = asalto::replay::check(&source, Default::default()).game;
    b.open(&page);
    let state = |b: &mut Browser| -> Value {
        serde_json::from_str(b.eval(PIECES).as_str().unwrap()).unwrap()
    };
    // It opens on the end.
    let s = state(&mut b);
    assert_eq!(s["frame"], "7");
    assert_eq!(
        s["pieces"],
        json!(pieces_of(game.plies[6].position.board()))
    );
    b.screenshot("asalto-end");
    // Home, then three steps forward.
    b.key("Home", 36);
    let s = state(&mut b);
    assert_eq!(s["frame"], "0");
    assert_eq!(s["status"], "Start position");
    assert_eq!(s["pieces"], json!(pieces_of(game.start.board())));
    for _ in 0..3 {
        b.key("ArrowRight", 39);
    }
    let s = state(&mut b);
    assert_eq!(s["frame"], "3");
    assert_eq!(
        s["pieces"],
        json!(pieces_of(game.plies[2].position.board()))
    );
    assert_eq!(s["current"], "officers Cc-Ce captures Cd");
    assert_eq!(s["status"], "After move 3: officers Cc-Ce captures Cd");
    b.screenshot("asalto-move-3");
    // Back one.
    b.key("ArrowLeft", 37);
    assert_eq!(state(&mut b)["frame"], "2");
    // A click on move 5 in the list.
    let at = b.eval("(function () { var r = document.querySelectorAll('#moves a')[4].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()");
    b.click(at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    let s = state(&mut b);
    assert_eq!(s["frame"], "5");
    assert_eq!(
        s["pieces"],
        json!(pieces_of(game.plies[4].position.board()))
    );
}

#[test]
fn the_first_illegal_move_and_a_page_without_javascript() {
    let Some(mut b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = page_file(
        dir.path(),
        "occupied.html",
        &["samples/invalid/occupied.txt"],
    );
    b.open(&page);
    let s: Value = serde_json::from_str(b.eval(PIECES).as_str().unwrap()).unwrap();
    assert!(
        s["status"].as_str().unwrap().contains("illegal (occupied)"),
        "{s}"
    );
    assert_eq!(s["current"], "officers Cc-Cd illegal (occupied)");
    b.screenshot("asalto-illegal");
    // Without JavaScript: the board drawn in the page, and every position
    // as text in the move list.
    b.call(
        "Emulation.setScriptExecutionDisabled",
        json!({"value": true}),
    );
    b.open(&page);
    let shown = b.eval("Array.from(document.querySelectorAll('#moves pre')).filter(function (e) { return e.offsetHeight > 0; }).length");
    assert_eq!(shown, json!(2));
    assert_eq!(
        b.eval("document.querySelectorAll('#board svg').length"),
        json!(1)
    );
    assert_eq!(
        b.eval("document.getElementById('controls').offsetHeight"),
        json!(0)
    );
    b.screenshot("asalto-no-javascript");
}

#[test]
fn a_go_page_steps_too() {
    let Some(mut b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let path = "crates/go/tests/data/selfplay/ko-13-003.sgf";
    let page = page_file(dir.path(), "go.html", &[path]);
    let bytes = std::fs::read(path).unwrap();
    let checked = asalto_go::check(&bytes, &asalto_go::replay::CheckOptions::default());
    let game = &checked.games[0];
    b.open(&page);
    b.key("Home", 36);
    for _ in 0..10 {
        b.key("ArrowRight", 39);
    }
    let s: Value = serde_json::from_str(b.eval(PIECES).as_str().unwrap()).unwrap();
    assert_eq!(s["frame"], "10");
    let pos = game.position_after(10);
    let stones = pos
        .board()
        .grid_string()
        .bytes()
        .filter(|&c| c != b'.')
        .count();
    assert_eq!(s["pieces"].as_array().unwrap().len(), stones);
    b.screenshot("go-move-10");
}

/// The pieces of a Solitaire Chess or Mad Bishops board the page shows:
/// `R:b2` (Solitaire's letter) or `red:f10`, sorted.
const SQUARES: &str = "JSON.stringify({frame: document.getElementById('board').dataset.frame, status: document.getElementById('status').textContent, pieces: Array.from(document.querySelectorAll('#board text.piece, #board circle.red, #board circle.blue')).map(function (e) { return (e.getAttribute('data-piece') || e.getAttribute('class')) + ':' + e.getAttribute('data-square'); }).sort()})";

fn squares_state(b: &mut Browser) -> Value {
    serde_json::from_str(b.eval(SQUARES).as_str().unwrap()).unwrap()
}

#[test]
fn a_solitaire_page_steps_capture_by_capture() {
    let Some(mut b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let path = "samples/solitaire/answer.txt";
    let page = page_file(dir.path(), "solitaire.html", &[path]);
    let text = std::fs::read_to_string(path).unwrap();
    let record = asalto_solitaire::format::parse_record(&text).unwrap();
    let checked = asalto_solitaire::check::check_record(
        &record,
        &mut asalto_solitaire::Solver::new(asalto_solitaire::Profile::Codegolf),
    );
    let pieces = |pos: &asalto_solitaire::Position| -> Value {
        let mut v: Vec<String> = pos
            .pieces()
            .map(|(sq, piece)| format!("{piece}:{sq}"))
            .collect();
        v.sort();
        json!(v)
    };
    b.open(&page);
    // It opens on the end: one piece left.
    let s = squares_state(&mut b);
    assert_eq!(s["frame"], "7");
    assert_eq!(s["pieces"], pieces(&checked.plies[6].after));
    assert_eq!(s["pieces"].as_array().unwrap().len(), 1);
    b.screenshot("solitaire-end");
    b.key("Home", 36);
    let s = squares_state(&mut b);
    assert_eq!(s["frame"], "0");
    assert_eq!(s["pieces"], pieces(&checked.puzzle));
    b.key("ArrowRight", 39);
    b.key("ArrowRight", 39);
    let s = squares_state(&mut b);
    assert_eq!(s["frame"], "2");
    assert_eq!(s["pieces"], pieces(&checked.plies[1].after));
    assert_eq!(s["status"], "After move 2: bishop Bb2xd4 takes the knight");
    b.screenshot("solitaire-move-2");
}

#[test]
fn a_mad_bishops_page_steps_move_by_move() {
    let Some(mut b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let path = "samples/madbishops/game.txt";
    let page = page_file(dir.path(), "madbishops.html", &[path]);
    let checked = asalto_madbishops::replay::check(
        &std::fs::read_to_string(path).unwrap(),
        &Default::default(),
    );
    let game = &checked.game;
    let pieces = |board: &asalto_madbishops::Board| -> Value {
        let mut v: Vec<String> = asalto_madbishops::Square::all()
            .filter_map(|sq| {
                board
                    .piece_at(sq)
                    .map(|side| format!("{}:{sq}", side.name()))
            })
            .collect();
        v.sort();
        json!(v)
    };
    b.open(&page);
    let s = squares_state(&mut b);
    assert_eq!(s["frame"], "59");
    assert_eq!(s["pieces"], pieces(game.plies[58].position.board()));
    b.screenshot("madbishops-end");
    b.key("Home", 36);
    assert_eq!(squares_state(&mut b)["pieces"], pieces(game.start.board()));
    for _ in 0..5 {
        b.key("ArrowRight", 39);
    }
    b.key("ArrowLeft", 37);
    let s = squares_state(&mut b);
    assert_eq!(s["frame"], "4");
    assert_eq!(s["pieces"], pieces(game.plies[3].position.board()));
    assert!(
        s["status"].as_str().unwrap().starts_with(&format!(
            "After move 4: {} {}",
            game.plies[3].side.name(),
            game.plies[3].mv
        )),
        "{s}"
    );
    b.screenshot("madbishops-move-4");
}

/// The batch page of `check` in the browser: one row per file, in the
/// order `check` prints them, each invalid file's breaking point linked
/// to its section on the page.
#[test]
fn a_check_page_lists_every_file() {
    let Some(mut b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let run = crate::run::asalto(&["check", "--format", "html", "samples/", "samples/invalid/"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let text = crate::run::asalto(&["check", "samples/", "samples/invalid/"]);
    // One row per file, as the text report lists them: a collection of
    // puzzles is neither valid nor invalid but said for what it is.
    let classes: Vec<&str> = text
        .stdout
        .lines()
        .filter_map(|l| {
            if l.contains(": valid") {
                Some("valid")
            } else if l.contains(": invalid") {
                Some("invalid")
            } else if l.contains(", not a record") {
                Some("not-record")
            } else {
                None
            }
        })
        .collect();
    assert!(classes.contains(&"not-record"), "{}", text.stdout);
    let summary = text.stdout.lines().last().unwrap().to_string();
    let page = dir.path().join("check.html");
    std::fs::write(&page, run.stdout).unwrap();
    b.open(&page);
    let rows: Vec<String> = serde_json::from_str(
        b.eval("JSON.stringify(Array.from(document.querySelectorAll('tbody tr')).map(function (r) { return r.className; }))")
            .as_str()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(rows, classes);
    // The summary counts as the text report does.
    let (_, counts) = summary.split_once(": ").unwrap();
    assert_eq!(
        b.eval("document.querySelector('p.summary').textContent"),
        json!(counts)
    );
    b.screenshot("check-page");
}

/// The grading report in the browser: what hostile programs printed runs
/// no script on any page, and a click on a column's header sorts the
/// class table by it.
#[test]
fn a_grading_report_sorts_and_runs_no_program_output() {
    let Some(mut b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let subs = dir.path().join("subs");
    for name in ["zoe", "ana", "\"><img src=x onerror=window.pwned=1>"] {
        let folder = subs.join(name);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(
            folder.join("asalto.py"),
            "print('<script>window.pwned=2</script>')\nprint('\"><img src=x onerror=\"window.pwned=3\">')\nprint(\"</pre><script>window.pwned=4</script>\")\nraise SystemExit(3)\n",
        )
        .unwrap();
    }
    let out = dir.path().join("report");
    let run = crate::run::asalto(&[
        "grade",
        "--games",
        "samples/ejemplo.txt",
        "--submissions",
        subs.to_str().unwrap(),
        "--sandbox",
        "none",
        "--format",
        "html",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    b.open(&out.join("index.html"));
    let names = |b: &mut Browser| -> Vec<String> {
        serde_json::from_str(
            b.eval("JSON.stringify(Array.from(document.querySelectorAll('#class tbody tr')).map(function (r) { return r.cells[0].textContent; }))")
                .as_str()
                .unwrap(),
        )
        .unwrap()
    };
    assert_eq!(names(&mut b).len(), 3);
    // Sort by the first column, then the other way.
    b.eval("document.querySelector('#class thead th button').click()");
    let up = names(&mut b);
    let mut sorted = up.clone();
    sorted.sort();
    assert_eq!(up, sorted);
    assert_eq!(
        b.eval("document.querySelector('#class thead th').getAttribute('aria-sort')"),
        json!("ascending")
    );
    b.eval("document.querySelector('#class thead th button').click()");
    let down = names(&mut b);
    sorted.reverse();
    assert_eq!(down, sorted);
    assert_eq!(b.eval("typeof window.pwned"), json!("undefined"));
    b.screenshot("grade-index");
    let links: Vec<String> = serde_json::from_str(
        b.eval("JSON.stringify(Array.from(document.querySelectorAll('#class tbody a')).map(function (a) { return a.getAttribute('href'); }))")
            .as_str()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(links.len(), 3);
    for link in &links {
        b.open(&out.join(link));
        assert_eq!(b.eval("typeof window.pwned"), json!("undefined"), "{link}");
        // The program's output is on the page, as text.
        let text = b.eval("document.body.innerText");
        assert!(
            text.as_str()
                .unwrap()
                .contains("<script>window.pwned=2</script>"),
            "{link}"
        );
    }
    b.screenshot("grade-submission");
}
