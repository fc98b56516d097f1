//! Issue 24, item 5: Unix sockets of the host. A network namespace does not
//! stop `connect()` on a socket's path, nor does a read-only bind: a
//! listener in a folder every user may enter (and one in `/run`, where
//! dbus, journald and databases keep theirs) was reached from Python,
//! Prolog and a solver. Each language's program tries here, under each
//! sandbox, and the grade run must show that it could not, while what a
//! program needs (a socketpair between its own processes, subprocess,
//! multiprocessing) still works.

use std::io::ErrorKind;
use std::os::linux::net::SocketAddrExt;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::{SocketAddr, UnixDatagram, UnixListener};
use std::path::{Path, PathBuf};
use std::process::Command;

use super::support::*;

/// Listening sockets of the host that any user may connect to: a stream
/// and a datagram socket in a folder outside `/tmp` every user may enter,
/// a stream socket in `/run` (as root), and one with an abstract name.
struct Listeners {
    _dirs: Vec<tempfile::TempDir>,
    streams: Vec<(PathBuf, UnixListener)>,
    dgram: (PathBuf, UnixDatagram),
    abstract_name: String,
    abstract_listener: UnixListener,
}

impl Listeners {
    fn new() -> Listeners {
        let open = open_dir_outside_tmp("asalto-sockets-");
        let mut dirs = Vec::new();
        if is_root() {
            let run = tempfile::Builder::new()
                .prefix("asalto-sockets-")
                .tempdir_in("/run")
                .unwrap();
            std::fs::set_permissions(run.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
            dirs.push(run);
        }
        dirs.insert(0, open);
        let any_user = |path: &Path| {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o777)).unwrap()
        };
        let streams = dirs
            .iter()
            .map(|d| {
                let path = d.path().join("s.sock");
                let listener = UnixListener::bind(&path).unwrap();
                listener.set_nonblocking(true).unwrap();
                any_user(&path);
                (path, listener)
            })
            .collect();
        let dgram_path = dirs[0].path().join("d.sock");
        let dgram = UnixDatagram::bind(&dgram_path).unwrap();
        dgram.set_nonblocking(true).unwrap();
        any_user(&dgram_path);
        // Named after the folder: unique among the tests running at once.
        let abstract_name = dirs[0]
            .path()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let addr = SocketAddr::from_abstract_name(abstract_name.as_bytes()).unwrap();
        let abstract_listener = UnixListener::bind_addr(&addr).unwrap();
        abstract_listener.set_nonblocking(true).unwrap();
        Listeners {
            _dirs: dirs,
            streams,
            dgram: (dgram_path, dgram),
            abstract_name,
            abstract_listener,
        }
    }

    /// The stream sockets' paths.
    fn paths(&self) -> Vec<String> {
        self.streams
            .iter()
            .map(|(p, _)| p.display().to_string())
            .collect()
    }

    /// The variables the attacks read (`ATTACK_TARGET` is given apart).
    fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ATTACK_DGRAM", self.dgram.0.display().to_string()),
            ("ATTACK_ABSTRACT", self.abstract_name.clone()),
        ]
    }

    /// The sockets someone reached since the last call (a connection still
    /// waits in the listener's queue after its client is gone; a datagram
    /// in the socket's), drained.
    fn reached(&self) -> Vec<String> {
        let mut reached = Vec::new();
        let mut accept = |name: String, listener: &UnixListener| loop {
            match listener.accept() {
                Ok(_) => reached.push(name.clone()),
                Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                Err(e) => panic!("{name}: {e}"),
            }
        };
        for (path, listener) in &self.streams {
            accept(path.display().to_string(), listener);
        }
        accept(format!("@{}", self.abstract_name), &self.abstract_listener);
        let mut buf = [0u8; 64];
        while self.dgram.1.recv(&mut buf).is_ok() {
            reached.push(self.dgram.0.display().to_string());
        }
        reached
    }
}

/// Python (the Asalto fixture's `unix-socket` attack): a stream connection
/// to each listener, a datagram through a socketpair, an abstract name, a
/// socket through the x32 ABI; all refused under either sandbox, and
/// socketpair, subprocess and multiprocessing still work.
#[test]
fn python_cannot_reach_host_unix_sockets() {
    let l = Listeners::new();
    let env = l.env();
    let env_ref: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    // Outside the grader the program reaches every one of them.
    let first = &l.paths()[0];
    let direct = run_fixture_directly(
        &["--attack", "unix-socket", "--target", first],
        "6\n",
        &env_ref,
    );
    let seen = observed(&direct.stderr);
    for key in ["unix-connect", "unix-dgram", "unix-abstract"] {
        assert_eq!(seen[key], "ok", "{key}: {seen:?}");
    }
    assert_eq!(l.reached().len(), 3, "{seen:?}");
    let game = sample("ejemplo.txt");
    let (py, fx) = (python(), fixture());
    for sandbox in sandboxes() {
        for target in l.paths() {
            let mut env_all = env_ref.clone();
            env_all.push(("ATTACK_TARGET", &target));
            let graded = grade(
                &[
                    "--sandbox",
                    sandbox,
                    "--env",
                    "ATTACK_TARGET",
                    "--env",
                    "ATTACK_DGRAM",
                    "--env",
                    "ATTACK_ABSTRACT",
                    "--games",
                    &game,
                    "--",
                    py,
                    &fx,
                    "--attack",
                    "unix-socket",
                ],
                &env_all,
            );
            let json = graded.json();
            let seen = observed_in(&json);
            let at = format!("{sandbox}, {target}");
            // EPERM, from the system call filter.
            for key in ["unix-connect", "unix-dgram", "unix-abstract"] {
                assert_eq!(seen[key], "denied:1", "{at}: {key}: {seen:?}");
            }
            // x32: ENOSYS (from the filter, or a kernel without x32).
            assert_eq!(seen["unix-x32"], "denied:38", "{at}: {seen:?}");
            assert_eq!(l.reached(), Vec::<String>::new(), "{at}");
            // What programs need still works.
            assert_eq!(seen["socketpair"], "ok", "{at}: {seen:?}");
            assert_eq!(seen["subprocess"], "42", "{at}: {seen:?}");
            // multiprocessing's pool (its semaphores in /dev/shm, its
            // pipes) works in both sandboxes.
            assert_eq!(seen["multiprocessing"], "6,0", "{at}: {seen:?}");
            let c = &json["confinement"];
            assert_eq!(c["unix_sockets"], "refused", "{c:#}");
            assert!(
                c["confined"].to_string().contains("no Unix sockets"),
                "{c:#}"
            );
            // The game itself was played as usual.
            assert_eq!(statuses(&json["submissions"][0], "moves"), ["pass"]);
        }
    }
}

/// SWI-Prolog (the Go assignment): `unix_domain_socket/1` and
/// `tcp_connect/2` to each listener, from `emptyBoard/1`, which reports
/// what came of it in the exception it raises (quoted by the report).
#[test]
fn prolog_cannot_reach_host_unix_sockets() {
    let ok = Command::new("swipl")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "this test needs SWI-Prolog: apt-get install swi-prolog-nox (.ci/run installs it)"
    );
    let l = Listeners::new();
    let dir = open_dir_outside_tmp("asalto-go-socket-");
    let program = dir.path().join("proylcc.pl");
    let tries: Vec<String> = l.paths().iter().map(|p| format!("{p:?}")).collect();
    std::fs::write(
        &program,
        format!(
            ":- module(proylcc, [emptyBoard/1, goMove/4, finDelJuego/3]).\n\
             :- use_module(library(socket)).\n\
             reach(P, R) :- catch((unix_domain_socket(S), tcp_connect(S, P),\n\
             \ttcp_open_socket(S, St), format(St, \"reached~~n\", []), close(St), R = ok), E,\n\
             \t((E = error(Err, _), compound(Err) -> Err =.. [F, A | _], R = F-A ; R = E))).\n\
             emptyBoard(_) :- findall(R, (member(P, [{}]), reach(P, R)), Seen),\n\
             \tterm_to_atom(Seen, T), throw(reached(T)).\n\
             goMove(_, _, _, _) :- fail.\n\
             finDelJuego(_, 0, 0).\n",
            tries.join(", ")
        ),
    )
    .unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o644)).unwrap();
    let refs =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/grade-go/refs/random-2.sgf");
    let said = |json: &serde_json::Value| -> String {
        let sub = &json["submissions"][0];
        failures(sub)
            .into_iter()
            .filter_map(|f| f["message"].as_str().map(str::to_string))
            .find_map(|m| m.split_once("reached(").map(|(_, rest)| rest.to_string()))
            .unwrap_or_else(|| panic!("no report of the attempt: {sub:#}"))
    };
    // Run by hand, the program reaches them.
    let direct = Command::new("swipl")
        .arg("-g")
        .arg("catch(proylcc:emptyBoard(_), E, (print(E), nl))")
        .arg("-t")
        .arg("halt")
        .arg(&program)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&direct.stdout);
    assert!(text.contains("[ok"), "{text}");
    assert_eq!(l.reached().len(), l.paths().len());
    for sandbox in sandboxes() {
        let graded = grade(
            &[
                "--game",
                "go",
                "--sandbox",
                sandbox,
                "--games",
                refs.to_str().unwrap(),
                "--query-timeout",
                "5",
                "--",
                program.to_str().unwrap(),
            ],
            &[],
        );
        let json = graded.json();
        let seen = said(&json);
        // socket_error(eperm, ...) for each, from the system call filter.
        assert_eq!(
            seen.matches("socket_error-eperm").count(),
            l.paths().len(),
            "{sandbox}: {seen}"
        );
        assert_eq!(l.reached(), Vec::<String>::new(), "{sandbox}");
        assert_eq!(json["confinement"]["unix_sockets"], "refused");
    }
}

/// A compiled solver (Solitaire Chess, C): `socket(AF_UNIX)` and
/// `connect()` to each listener, reported on standard error (quoted by the
/// report); and, given `i386`, the same socket made through the 32-bit
/// system call entry (`int 0x80`), which the filter answers by killing the
/// program (`SIGSYS`).
#[test]
fn a_compiled_solver_cannot_reach_host_unix_sockets() {
    let l = Listeners::new();
    let dir = open_dir_outside_tmp("asalto-sol-socket-");
    let source = dir.path().join("solver.c");
    std::fs::write(&source, C_SOLVER).unwrap();
    let solver = dir.path().join("solver");
    let built = Command::new("cc")
        .arg("-O1")
        .arg("-o")
        .arg(&solver)
        .arg(&source)
        .output()
        .expect("this test needs a C compiler (`cc`, as cargo does to link)");
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    std::fs::set_permissions(&solver, std::fs::Permissions::from_mode(0o755)).unwrap();
    let set = dir.path().join("set.txt");
    std::fs::write(&set, "...N.....R....B.\n").unwrap();
    std::fs::set_permissions(&set, std::fs::Permissions::from_mode(0o644)).unwrap();
    let first = l.paths()[0].clone();
    // Run by hand, both ways reach the listener (where this machine runs
    // 32-bit code at all).
    for way in ["native", "i386"] {
        let direct = Command::new(&solver).args([way, &first]).output().unwrap();
        let err = String::from_utf8_lossy(&direct.stderr);
        assert!(err.contains("connect=ok"), "{way}: {err}");
    }
    assert_eq!(l.reached().len(), 2);
    let solver_s = solver.display().to_string();
    let set_s = set.display().to_string();
    for sandbox in sandboxes() {
        for target in l.paths() {
            for way in ["native", "i386"] {
                let graded = grade(
                    &[
                        "--game",
                        "solitaire",
                        "--sandbox",
                        sandbox,
                        "--puzzles",
                        &set_s,
                        "--",
                        &solver_s,
                        way,
                        &target,
                    ],
                    &[],
                );
                let json = graded.json();
                let at = format!("{sandbox}, {target}, {way}");
                let runs = failure(&json["submissions"][0], "runs");
                if way == "native" {
                    let err = runs["stderr_tail"].as_str().unwrap_or_default();
                    assert!(err.contains("socket=denied:1"), "{at}: {runs:#}");
                } else {
                    let message = runs["message"].as_str().unwrap();
                    assert!(message.contains("SIGSYS"), "{at}: {message}");
                }
                assert_eq!(l.reached(), Vec::<String>::new(), "{at}");
            }
        }
    }
}

/// The solver of [`a_compiled_solver_cannot_reach_host_unix_sockets`]:
/// `solver native|i386 PATH`.
const C_SOLVER: &str = r#"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int i386_socket(void) {
#if defined(__x86_64__)
    long ret;
    /* socket(AF_UNIX, SOCK_STREAM, 0): call 359 of the i386 table. */
    __asm__ volatile ("int $0x80" : "=a"(ret) : "a"(359L), "b"(1L), "c"(1L), "d"(0L) : "memory");
    if (ret < 0) { errno = (int)-ret; return -1; }
    return (int)ret;
#else
    return socket(AF_UNIX, SOCK_STREAM, 0);
#endif
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    int fd = strcmp(argv[1], "i386") == 0 ? i386_socket() : socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) {
        fprintf(stderr, "OBSERVED socket=denied:%d\n", errno);
        return 3;
    }
    struct sockaddr_un addr;
    memset(&addr, 0, sizeof addr);
    addr.sun_family = AF_UNIX;
    strncpy(addr.sun_path, argv[2], sizeof addr.sun_path - 1);
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        fprintf(stderr, "OBSERVED connect=denied:%d\n", errno);
        return 3;
    }
    if (write(fd, "reached\n", 8) != 8) return 4;
    fprintf(stderr, "OBSERVED connect=ok\n");
    return 3;
}
"#;
