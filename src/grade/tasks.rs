//! Runs on many threads: every submission on every run of its
//! assignment, `jobs` at a time, each thread a slot with a user of its
//! own; and the marking of a game's checks.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::confine::{self, Users};
use super::kind::{CheckKind, Weights};
use super::options::Options;
use super::report::{GameReport, SubmissionReport};
use super::stall;
use super::submission::Submission;

/// Grade every submission on each of the runs `units` names (Asalto's
/// sessions, `the game ejemplo.txt`; Solitaire Chess's puzzles), `jobs`
/// runs at a time: `run(submission, item, options, slot)` plays one,
/// `score(submission, reports, options)` scores a submission's runs, in
/// item order. A run stopped by a timeout while the program was asleep is
/// played once more from a fresh start, noted with its unit's name: only a
/// second asleep timeout is charged ([`stall`]).
pub fn grade_grid<K: CheckKind>(
    submissions: &[Submission],
    units: &[String],
    options: &Options,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
    run: impl Fn(&Submission, usize, &Options, usize) -> stall::Run<K> + Sync,
    score: impl Fn(&Submission, Vec<GameReport<K>>, &Options) -> SubmissionReport<K>,
) -> Vec<SubmissionReport<K>> {
    let per = units.len();
    let total = submissions.len() * per;
    let (results, options) = run_tasks(total, options, jobs, progress, |task, options, slot| {
        let (sub, item) = (&submissions[task / per], task % per);
        stall::rerun_unit(&units[item], || run(sub, item, options, slot))
    });
    let mut results = results.into_iter();
    submissions
        .iter()
        .map(|sub| {
            let games: Vec<GameReport<K>> = results.by_ref().take(per).flatten().collect();
            score(sub, games, &options)
        })
        .collect()
}

/// Run tasks `0..total`, `jobs` at a time, each thread a slot of its own
/// whose programs run as the slot's user: with no users chosen and a
/// grader running as root, one user per slot is picked here, so that two
/// programs never share one. `task(n, options, slot)` runs task `n`;
/// `progress(done, total)` is called after each. The results come back in
/// task order (`None` only for a task whose thread died), with the options
/// the tasks ran under.
pub fn run_tasks<R: Send>(
    total: usize,
    options: &Options,
    jobs: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
    task: impl Fn(usize, &Options, usize) -> R + Sync,
) -> (Vec<Option<R>>, Options) {
    let jobs = jobs.clamp(1, total.max(1));
    let mut options = options.clone();
    if options.users.base.is_none() && confine::is_root() {
        options.users = Users::pick(confine::DEFAULT_UID_BASE, jobs);
    }
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..total).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let cpus = slot_cpus(jobs);
    std::thread::scope(|scope| {
        for (slot, cpu) in cpus.into_iter().enumerate() {
            let (results, next, done, options, task) = (&results, &next, &done, &options, &task);
            scope.spawn(move || {
                settle_on(cpu);
                loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= total {
                        break;
                    }
                    let result = task(n, options, slot);
                    if let Ok(mut all) = results.lock() {
                        all[n] = Some(result);
                    }
                    progress(done.fetch_add(1, Ordering::SeqCst) + 1, total);
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    (results, options)
}

/// The CPU each slot's thread and its programs run on: one each, from
/// the one the grader runs on now, when the CPUs the grader may use have
/// room for every slot beside what else runs now ([`others_running`]);
/// else none (the kernel places them, as it sees fit, run by run).
///
/// A slot and its program take turns (the program works while the slot
/// waits for it, and the other way round), a game a hundred turns or more:
/// on two CPUs, each turn wakes the other CPU, and on one each wake of the
/// slot preempted the program. On one CPU of their own, with the slot
/// unable to preempt ([`crate::sys::batch_this_thread`]), grading a
/// correct program on one job went from 1.3 to 1.05 times the time of its
/// games piped straight into it (`scripts/bench-grade.sh`, docs/grading.md).
/// Beside busy neighbours a pinned slot could not move to where the CPU
/// is free, and was slower than the kernel's placement: then nothing is
/// pinned. The program's limits are in CPU time, so where it runs changes
/// no score.
fn slot_cpus(jobs: usize) -> Vec<Option<usize>> {
    use rustix::thread::{CpuSet, sched_getaffinity, sched_getcpu};
    let allowed: Vec<usize> = match sched_getaffinity(None) {
        Ok(set) => (0..CpuSet::MAX_CPU).filter(|&c| set.is_set(c)).collect(),
        Err(_) => Vec::new(),
    };
    match others_running() {
        Some(others) => plan_cpus(jobs, &allowed, sched_getcpu(), others),
        None => vec![None; jobs],
    }
}

/// [`slot_cpus`] of `jobs` slots on the `allowed` CPUs, the grader being
/// on `now`, `others` threads of others running.
fn plan_cpus(jobs: usize, allowed: &[usize], now: usize, others: usize) -> Vec<Option<usize>> {
    if allowed.is_empty() || jobs.saturating_add(others) > allowed.len() {
        return vec![None; jobs];
    }
    let start = allowed.iter().position(|&c| c == now).unwrap_or(0);
    (0..jobs)
        .map(|slot| Some(allowed[(start + slot) % allowed.len()]))
        .collect()
}

/// How many threads of others run or wait for a CPU now: the kernel's
/// count (`procs_running` of `/proc/stat`) less the grader's own thread,
/// the median of five looks a millisecond apart (a passing neighbour is
/// not a busy one); `None` when `/proc` does not tell.
fn others_running() -> Option<usize> {
    let mut looks = Vec::with_capacity(5);
    for n in 0..5 {
        if n > 0 {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        let running: usize = stat
            .lines()
            .find_map(|l| l.strip_prefix("procs_running "))?
            .trim()
            .parse()
            .ok()?;
        looks.push(running.saturating_sub(1));
    }
    looks.sort_unstable();
    Some(looks[2])
}

/// Pin the calling slot thread (and so the programs it starts) to `cpu`,
/// and make it wait for them rather than preempt them; nothing when `cpu`
/// is `None` or the kernel refuses.
fn settle_on(cpu: Option<usize>) {
    let Some(cpu) = cpu else {
        return;
    };
    let mut set = rustix::thread::CpuSet::new();
    set.set(cpu);
    if rustix::thread::sched_setaffinity(None, &set).is_ok() {
        crate::sys::batch_this_thread();
    }
}

/// The marking of a game's checks: their weights and full marks (Go's and
/// Solitaire Chess's options; Asalto's are in [`Options`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Scoring<K: CheckKind> {
    /// Weights of the checks.
    pub weights: Weights<K>,
    /// Full marks.
    pub max_score: f64,
}

impl<K: CheckKind> Default for Scoring<K> {
    fn default() -> Scoring<K> {
        Scoring {
            weights: Weights::default(),
            max_score: 100.0,
        }
    }
}

impl<K: CheckKind> Scoring<K> {
    /// The default weights changed by `spec` (see [`Weights::parse`]), and
    /// full marks.
    ///
    /// # Errors
    ///
    /// What is wrong in `spec`.
    pub fn new(spec: Option<&str>, max_score: f64) -> Result<Scoring<K>, String> {
        Ok(Scoring {
            weights: spec.map_or_else(|| Ok(Weights::default()), Weights::parse)?,
            max_score,
        })
    }

    /// A submission's report on its games.
    pub fn score(&self, sub: &Submission, games: Vec<GameReport<K>>) -> SubmissionReport<K> {
        SubmissionReport::score(sub, games, &self.weights, self.max_score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scheduling policy in a `/proc/.../stat` text (field 41): 0
    /// `SCHED_OTHER`, 3 `SCHED_BATCH`.
    fn policy_line(text: &str) -> Option<u32> {
        let (_, after_name) = text.lines().next()?.rsplit_once(')')?;
        after_name.split_whitespace().nth(41 - 3)?.parse().ok()
    }

    #[test]
    fn slots_get_a_cpu_each_only_when_there_is_room() {
        assert_eq!(plan_cpus(1, &[0, 1], 1, 0), vec![Some(1)]);
        assert_eq!(plan_cpus(2, &[0, 1], 1, 0), vec![Some(1), Some(0)]);
        assert_eq!(plan_cpus(2, &[2, 5, 7], 5, 1), vec![Some(5), Some(7)]);
        // One busy neighbour on two CPUs: room for one slot, not two.
        assert_eq!(plan_cpus(1, &[0, 1], 0, 1), vec![Some(0)]);
        assert_eq!(plan_cpus(2, &[0, 1], 0, 1), vec![None, None]);
        assert_eq!(plan_cpus(1, &[0, 1], 0, 2), vec![None]);
        assert_eq!(plan_cpus(3, &[0, 1], 0, 0), vec![None; 3]);
        assert_eq!(plan_cpus(1, &[], 0, 0), vec![None]);
        // The grader on a CPU it may no longer use: from the first.
        assert_eq!(plan_cpus(1, &[3, 4], 0, 0), vec![Some(3)]);
        assert!(others_running().is_some(), "/proc/stat tells procs_running");
    }

    /// A slot's thread is pinned and `SCHED_BATCH`; the program it starts
    /// is pinned with it but runs as `SCHED_OTHER` (a batch program would
    /// never preempt anyone on waking).
    #[test]
    fn a_slot_waits_for_its_program_on_the_programs_cpu() {
        let started_as_other =
            policy_line(&std::fs::read_to_string("/proc/thread-self/stat").unwrap()) == Some(0);
        let cpu = rustix::thread::sched_getcpu();
        let slot = std::thread::spawn(move || {
            settle_on(Some(cpu));
            let mine = rustix::thread::sched_getaffinity(None).unwrap();
            let own_policy =
                policy_line(&std::fs::read_to_string("/proc/thread-self/stat").unwrap());
            let mut cmd = std::process::Command::new("cat");
            cmd.args(["/proc/self/stat", "/proc/self/status"])
                .stdout(std::process::Stdio::piped());
            crate::sys::confine_before_exec(
                &mut cmd,
                crate::sys::ChildSetup {
                    cpu_seconds: 10,
                    memory_bytes: None,
                    file_size_bytes: 1 << 20,
                    open_files: 64,
                    processes: None,
                    user: None,
                    cgroup_fds: [-1; 4],
                    cgroup_optional: [false; 4],
                    parent: std::process::id() as i32,
                    no_new_privileges: true,
                    keep_fds: [-1, -1],
                    syscall_filter: None,
                    clear_user_keyrings: false,
                    normal_policy: crate::sys::this_thread_batched(),
                },
            );
            let out = cmd.output().unwrap();
            (
                mine.count(),
                own_policy,
                String::from_utf8(out.stdout).unwrap(),
            )
        });
        let (cpus, own_policy, child) = slot.join().unwrap();
        assert_eq!(cpus, 1, "the slot is on one CPU");
        if started_as_other {
            assert_eq!(own_policy, Some(3), "the slot is SCHED_BATCH");
        }
        assert_eq!(
            policy_line(&child),
            Some(0),
            "the program is SCHED_OTHER: {child}"
        );
        let list = child
            .lines()
            .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
            .unwrap()
            .trim();
        assert!(
            list.parse::<usize>().is_ok(),
            "the program runs on the slot's one CPU: {list}"
        );
    }
}
