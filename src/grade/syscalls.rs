//! The system call filter (seccomp) every program runs under, with
//! bubblewrap or without: what neither a network namespace nor a read-only
//! view of the files stops.
//!
//! A Unix socket is reached by its path, whatever the namespaces:
//! `connect()` to `/run/dbus/system_bus_socket`, to journald's socket or to
//! a database's works through a read-only bind mount, and a socket can live
//! in any folder a user may enter, so hiding `/run` would not be enough
//! (outside a network namespace, abstract names are reachable too). So a
//! program may not make a Unix socket at all:
//!
//! - `socket(AF_UNIX, ...)` fails with `EPERM`;
//! - `socketpair()` stays allowed for stream and seqpacket sockets: its two
//!   ends are connected to each other and cannot be connected anywhere
//!   else, so pipes between a program's own processes still work (Python's
//!   `socket.socketpair()`, `multiprocessing.Pipe()`); a datagram pair fails
//!   with `EPERM`, as `sendto()` could aim one of its ends at any socket
//!   path;
//! - `io_uring` fails with `EPERM` (its requests make and connect sockets
//!   without the `socket` call);
//! - on x86-64, a system call of the x32 ABI fails with `ENOSYS`, and a
//!   32-bit (i386, `int 0x80`) one kills the process (`SIGSYS`): those
//!   reach `socketcall`, which this filter does not see.
//!
//! The filter is installed in the forked child just before `exec`, after
//! the change of user (so it needs `PR_SET_NO_NEW_PRIVS`), and holds for
//! every process the program starts. Under bubblewrap it is installed
//! before bubblewrap runs, not passed to it with `--seccomp`: then the
//! sandbox's first process (bubblewrap's, of the program's user, which a
//! program can write into through `/proc/1/mem`) is filtered too.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, sock_filter,
};

/// The filter as the kernel takes it, built once; `None` where it cannot
/// be built (an architecture `seccompiler` does not know): then Unix
/// sockets stay reachable, and the confinement report says so.
pub fn program() -> Option<&'static [sock_filter]> {
    static PROGRAM: OnceLock<Option<BpfProgram>> = OnceLock::new();
    PROGRAM.get_or_init(|| build().ok()).as_deref()
}

/// What the filter refuses, for the confinement report.
pub const REFUSED: &str = "no Unix sockets (socket(AF_UNIX) and io_uring refused; socketpair for stream and seqpacket only; 32-bit and x32 system calls refused)";

fn build() -> Result<BpfProgram, seccompiler::Error> {
    let arg = |index: u8, op: SeccompCmpOp, value: i32| {
        SeccompCondition::new(index, SeccompCmpArgLen::Dword, op, value as u64)
    };
    let unix = SeccompRule::new(vec![arg(0, SeccompCmpOp::Eq, libc::AF_UNIX)?])?;
    // The type's low four bits, without SOCK_NONBLOCK and SOCK_CLOEXEC;
    // for AF_UNIX, SOCK_RAW is made a datagram socket.
    let of_type = |kind: i32| SeccompRule::new(vec![arg(1, SeccompCmpOp::MaskedEq(0xf), kind)?]);
    let rules = BTreeMap::from([
        (libc::SYS_socket, vec![unix]),
        (
            libc::SYS_socketpair,
            vec![of_type(libc::SOCK_DGRAM)?, of_type(libc::SOCK_RAW)?],
        ),
        (libc::SYS_io_uring_setup, Vec::new()),
        (libc::SYS_io_uring_enter, Vec::new()),
        (libc::SYS_io_uring_register, Vec::new()),
    ]);
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        std::env::consts::ARCH.try_into()?,
    )?;
    #[allow(unused_mut)]
    let mut program: BpfProgram = filter.try_into()?;
    #[cfg(target_arch = "x86_64")]
    program.splice(0..0, x32_refused());
    Ok(program)
}

/// Instructions put before the filter `seccompiler` builds (which first
/// checks the architecture, then the call's number): a call whose number
/// has the x32 bit set fails with `ENOSYS`. Its numbers are x86-64's with
/// that bit, which the rules' numbers would never match. An i386 call's
/// number never has that bit: it goes on to the architecture check.
#[cfg(target_arch = "x86_64")]
fn x32_refused() -> [sock_filter; 3] {
    const X32_SYSCALL_BIT: u32 = 0x4000_0000;
    // `offsetof(struct seccomp_data, nr)`.
    const NR_OFFSET: u32 = 0;
    let op = |code: u32| code as u16;
    [
        sock_filter {
            code: op(libc::BPF_LD | libc::BPF_W | libc::BPF_ABS),
            jt: 0,
            jf: 0,
            k: NR_OFFSET,
        },
        sock_filter {
            code: op(libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K),
            jt: 0,
            jf: 1,
            k: X32_SYSCALL_BIT,
        },
        sock_filter {
            code: op(libc::BPF_RET | libc::BPF_K),
            jt: 0,
            jf: 0,
            k: libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_is_built_here() {
        let program = program().expect("x86-64 and aarch64 have a filter");
        // Small: the kernel takes at most 4096 instructions.
        assert!(program.len() < 100, "{}", program.len());
        #[cfg(target_arch = "x86_64")]
        assert_eq!(program[..3], x32_refused());
    }
}
