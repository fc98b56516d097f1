//! Time limits on a program: what they count, when a wait for it ends,
//! and giving a program found asleep at the end a second chance.
//!
//! # One rule for every time limit
//!
//! Every limit on a program's time (Asalto's `--move-timeout` on each wait
//! and `--game-timeout` on a session, Solitaire Chess's `--puzzle-timeout`,
//! Go's waits for SWI-Prolog, the wait for a program to exit) is a
//! [`Budget`]: `limit` of the CPU time the program got, with a wall-clock
//! ceiling. A wait for it ends ([`Budget::spent`]), once `limit` has passed
//! by the wall clock, as soon as
//!
//! - the program has had `limit` of CPU time since the budget began (a
//!   loop on an idle machine: stopped at the limit, as before), or
//! - it is asleep: its CPU clock moved by less than a tick (10 ms) over the
//!   last part of the wait ([`CpuWatch`]: it sleeps, waits for something
//!   that never comes, or its interpreter is stuck), or
//! - [`STRETCH`] times `limit` has passed by the wall clock: the ceiling,
//!   whatever the machine's load.
//!
//! So a busy program short of a core on a loaded machine (beside other
//! work, or beside another job's program) is waited for until it has had
//! its limit of CPU time, as on an idle machine, up to the ceiling; a
//! program that blocks is not waited for longer than the limit. A wait
//! never ends before `limit` by the wall clock: a program running several
//! threads at once has the whole limit, as before. Where `/proc` (or the
//! run's cgroup) tells nothing of the CPU time, the limit is the wall
//! clock's. Messages say how long the wait was and what CPU time the
//! program had ([`wait_text`]).
//!
//! The Prolog driver applies the same rule to its own limit inside
//! SWI-Prolog (`time_left/7` in `prolog/engine.pl`, on the CPU time of its own thread,
//! asleep there being under a tenth of a core since the last check, with
//! `--stretch=`[`STRETCH`]), so that its limit fires before ours.
//!
//! # A second chance for a program asleep
//!
//! A program that loops uses CPU time until it is stopped; one that blocks
//! uses none. The second kind is not always the student's fault
//! (SWI-Prolog 9.0 has been seen deadlocking on itself on a correct
//! program), so a unit of grading (a Go query, an Asalto game, a Solitaire
//! puzzle) whose wait ran out while the program was asleep is run once
//! more from a fresh start before it is charged ([`rerun_if_asleep`]); a
//! program that really blocks hangs the second time too, and is then
//! charged as a timeout that says so. The stretch decides *during* a wait,
//! about a busy program, whether to go on waiting; the re-run decides
//! *after* a wait ran out, about an asleep one, whether to run the whole
//! unit again (a fresh process, a new folder, the unit's notes and time
//! kept).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::kind::CheckKind;
use super::report::GameReport;

pub use super::limits::STRETCH;

/// The longest stretch at the end of a wait over which the CPU clock must
/// stand still for the program to count as asleep.
pub const MAX_WINDOW: Duration = Duration::from_secs(2);

/// Less CPU time than this over the end of a wait is none: the clock of
/// `/proc` counts in ticks of 10 ms (`USER_HZ`, 100 on every Linux
/// architecture), and a cgroup's, in nanoseconds, sees the few wakeups of
/// a program that sleeps (a runtime's timer) that `/proc` never showed.
pub const CPU_TICK: Duration = Duration::from_millis(10);

/// A time limit on a program, counted in the CPU time it gets (see the
/// module documentation): `limit`, from `start`, when the program's CPU
/// clock read `cpu_start` (`None`: unknown, the limit is the wall clock's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The CPU time the program may use.
    pub limit: Duration,
    /// When the count began.
    pub start: Instant,
    /// The program's CPU clock then.
    pub cpu_start: Option<Duration>,
}

impl Budget {
    /// `limit` from `start`, the CPU clock reading `cpu_start` then.
    pub fn new(limit: Duration, start: Instant, cpu_start: Option<Duration>) -> Budget {
        Budget {
            limit,
            start,
            cpu_start,
        }
    }

    /// When the limit has passed by the wall clock: from then on the wait
    /// may end ([`Budget::spent`]).
    pub fn due(&self) -> Instant {
        self.start + self.limit
    }

    /// The wall-clock ceiling: [`STRETCH`] times the limit.
    pub fn ceiling(&self) -> Instant {
        self.start + self.limit.saturating_mul(STRETCH)
    }

    /// The CPU time the program had since the budget began, its clock
    /// reading `cpu` now.
    pub fn used(&self, cpu: Option<Duration>) -> Option<Duration> {
        Some(cpu?.saturating_sub(self.cpu_start?))
    }

    /// Whether a wait under this budget ends at `now`, the program's CPU
    /// clock reading `cpu` and the program `asleep` or not over the end of
    /// the wait (`None`: not known yet): the one rule of the module
    /// documentation.
    pub fn spent(&self, now: Instant, cpu: Option<Duration>, asleep: Option<bool>) -> bool {
        if now < self.due() {
            return false;
        }
        if now >= self.ceiling() {
            return true;
        }
        match self.used(cpu) {
            None => true,
            Some(used) => used >= self.limit || asleep == Some(true),
        }
    }

    /// What became of a wait under this budget that ended at `now`.
    pub fn outcome(&self, now: Instant, cpu: Option<Duration>, asleep: Option<bool>) -> Spent {
        Spent {
            limit: self.limit,
            waited: now.saturating_duration_since(self.start),
            cpu: self.used(cpu),
            asleep,
        }
    }
}

/// A wait that ran out: its limit, how long it lasted by the wall clock,
/// the CPU time the program had meanwhile (when known), and whether it was
/// asleep at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spent {
    /// The limit.
    pub limit: Duration,
    /// How long the wait lasted.
    pub waited: Duration,
    /// The CPU time the program had.
    pub cpu: Option<Duration>,
    /// Whether it was asleep at the end (`None`: not known).
    pub asleep: Option<bool>,
}

impl Spent {
    /// How long we waited by the clock and what CPU time `who` had, for
    /// the end of a message (after what was waited for and the limit,
    /// which do not depend on the machine's load): `by the clock we waited
    /// 1 s, in which it had 1 s of CPU time`, on an idle machine; `by the
    /// clock we waited 2.7 s (more than the limit: it was busy but short
    /// of a core), in which it had 1 s of CPU time` on a loaded one. The
    /// CPU time a limit stopped is shown as the limit (it was read a few
    /// milliseconds late).
    pub fn measured(&self, who: &str) -> String {
        let shown = shown_wait(self.limit, self.waited);
        let mut text = format!("by the clock we waited {} s", secs(shown));
        let ceiling = self.waited >= self.limit.saturating_mul(STRETCH);
        if ceiling {
            text.push_str(&format!(
                " ({STRETCH} times the limit, the most: {who} was busy but short of a core)"
            ));
        } else if shown != self.limit {
            text.push_str(&format!(
                " (more than the limit: {who} was busy but short of a core)"
            ));
        }
        match self.cpu {
            Some(cpu) if cpu >= self.limit => text.push_str(&format!(
                ", in which {who} had {} s of CPU time",
                secs(self.limit)
            )),
            Some(cpu) => text.push_str(&format!(
                ", in which {who} had {:.1} s of CPU time{}",
                cpu.as_secs_f64(),
                if self.asleep == Some(true) {
                    " and was asleep at the end"
                } else {
                    ""
                }
            )),
            None => text.push_str(&format!(" (what CPU time {who} had is not known here)")),
        }
        text
    }
}

/// The wait shown: the limit when the wait ended within 0.1 s of it,
/// otherwise how long it lasted, to the tenth of a second above.
pub fn shown_wait(limit: Duration, waited: Duration) -> Duration {
    if waited <= limit + Duration::from_millis(100) {
        limit
    } else {
        Duration::from_millis((waited.as_millis() as u64).div_ceil(100) * 100)
    }
}

/// How long a wait for `who` (`the program`, `SWI-Prolog`) lasted,
/// truthfully: `7 s`, the limit, on an idle machine; `19.6 s (our limit of
/// 7 s, waited for on while SWI-Prolog was busy but short of a core)` on a
/// loaded one; with the CPU time it had when that is given (`, in which
/// SWI-Prolog had 6.1 s of CPU time`).
pub fn wait_text(limit: Duration, waited: Duration, cpu: Option<Duration>, who: &str) -> String {
    let shown = shown_wait(limit, waited);
    let mut text = format!("{} s", secs(shown));
    if shown != limit {
        text.push_str(&format!(
            " (our limit of {} s, waited for on while {who} was busy but short of a core)",
            secs(limit)
        ));
    }
    if let Some(cpu) = cpu {
        text.push_str(&format!(
            ", in which {who} had {:.1} s of CPU time",
            cpu.as_secs_f64()
        ));
    }
    text
}

/// Samples of a program's CPU clock during one wait.
#[derive(Debug)]
pub struct CpuWatch {
    window: Duration,
    every: Duration,
    /// `(when, clock)`, oldest first: the newest sample at least a window
    /// old, and the ones after it.
    samples: VecDeque<(Instant, Duration)>,
}

impl CpuWatch {
    /// A watch for a wait under a limit of `limit`: its window
    /// is a quarter of the limit, at most [`MAX_WINDOW`].
    pub fn new(limit: Duration) -> CpuWatch {
        let window = (limit / 4).min(MAX_WINDOW);
        CpuWatch {
            window,
            every: (window / 4).max(Duration::from_millis(5)),
            samples: VecDeque::new(),
        }
    }

    /// Record the clock at `now` when a sample is due (`clock` is only
    /// called then).
    pub fn sample(&mut self, now: Instant, clock: impl FnOnce() -> Option<Duration>) {
        if self
            .samples
            .back()
            .is_some_and(|&(at, _)| now.saturating_duration_since(at) < self.every)
        {
            return;
        }
        let Some(t) = clock() else { return };
        self.samples.push_back((now, t));
        // Keep the newest sample that is at least a window old.
        while self.samples.len() > 1
            && self
                .samples
                .get(1)
                .is_some_and(|&(at, _)| now.saturating_duration_since(at) >= self.window)
        {
            self.samples.pop_front();
        }
    }

    /// The newest reading of the clock.
    pub fn latest(&self) -> Option<Duration> {
        self.samples.back().map(|&(_, t)| t)
    }

    /// At `now`, the clock reading `clock`: whether it moved by less than
    /// [`CPU_TICK`] over the last window. `None` when that cannot be told
    /// (no reading, or none a window old).
    pub fn asleep(&self, now: Instant, clock: Option<Duration>) -> Option<bool> {
        let clock = clock?;
        let &(at, before) = self.samples.front()?;
        if now.saturating_duration_since(at) < self.window || self.window.is_zero() {
            return None;
        }
        Some(clock.saturating_sub(before) < CPU_TICK)
    }
}

/// What became of one unit of grading, for [`rerun_if_asleep`].
pub trait Attempt {
    /// `Some(limit)` when it timed out (after `limit`) while the program
    /// was asleep.
    fn hung_asleep(&self) -> Option<Duration>;
    /// Mark it as the second hang in a row, both asleep: charged.
    fn asleep_twice(&mut self);
}

/// Run `attempt`; when it hangs asleep, note so (`note`, a sentence naming
/// `what`) and run it once more, from a fresh start: that result counts.
/// When that one hangs asleep too, it is marked so
/// ([`Attempt::asleep_twice`]) and charged.
pub fn rerun_if_asleep<T: Attempt>(
    what: &str,
    mut attempt: impl FnMut() -> T,
    note: &mut dyn FnMut(String),
) -> T {
    let first = attempt();
    let Some(limit) = first.hung_asleep() else {
        return first;
    };
    note(format!(
        "re-run: {what} got no answer within {} s while the program was asleep with no CPU time \
         (blocked, or its interpreter stuck); it was killed and {what} run again from a fresh start",
        secs(limit)
    ));
    let mut second = attempt();
    if second.hung_asleep().is_some() {
        second.asleep_twice();
    }
    second
}

/// A timeout charged while the program was asleep: how long the wait was,
/// and the message of the failure it was charged as (so that a second one
/// can say it came twice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Hang {
    /// The wait that ran out.
    pub limit: Duration,
    /// The charged failure's message.
    pub message: String,
}

/// One whole unit of a grading grid (an Asalto game, a Solitaire puzzle):
/// its report, and the timeout that stopped it when the program was asleep
/// then (`None`: no timeout, or a busy one, which is charged as it is).
#[derive(Debug)]
pub(crate) struct Run<K: CheckKind> {
    pub report: GameReport<K>,
    pub asleep: Option<Hang>,
}

impl<K: CheckKind> Run<K> {
    /// A run that cannot have hung asleep.
    pub(crate) fn done(report: GameReport<K>) -> Run<K> {
        Run {
            report,
            asleep: None,
        }
    }
}

impl<K: CheckKind> Attempt for Run<K> {
    fn hung_asleep(&self) -> Option<Duration> {
        self.asleep.as_ref().map(|h| h.limit)
    }

    fn asleep_twice(&mut self) {
        let Some(hang) = &self.asleep else { return };
        let mut marked = false;
        for f in &mut self.report.failures {
            if f.message == hang.message {
                f.message = format!("{}; {ASLEEP_TWICE}", f.message);
                marked = true;
            }
        }
        // The checks it left unchecked say why with the same words.
        if let Some(why) = &mut self.report.stopped {
            if why.starts_with(hang.message.as_str()) {
                *why = format!("{why}; {ASLEEP_TWICE}");
            }
        }
        if !marked {
            // The check it was charged to had failed before (counted, not
            // quoted): the explanation goes with the notes.
            self.report
                .notes
                .push(format!("charged: {}; {ASLEEP_TWICE}", hang.message));
        }
    }
}

/// Run a whole unit of grading (`what`: `the game ejemplo.txt`) under
/// [`rerun_if_asleep`]: the report that counts, its notes those of every
/// run in order with the re-run's own between them, its time that of both
/// runs (the working folder of a run that was dropped may have left a note
/// worth keeping).
pub(crate) fn rerun_unit<K: CheckKind>(
    what: &str,
    mut attempt: impl FnMut() -> Run<K>,
) -> GameReport<K> {
    let log = std::cell::RefCell::new((Vec::new(), 0.0));
    let mut run = rerun_if_asleep(
        what,
        || {
            let run = attempt();
            let mut log = log.borrow_mut();
            log.0.extend(run.report.notes.iter().cloned());
            log.1 += run.report.seconds;
            run
        },
        &mut |note| log.borrow_mut().0.push(note),
    );
    let (notes, seconds) = log.into_inner();
    run.report.notes = notes;
    run.report.seconds = (seconds * 1000.0).round() / 1000.0;
    run.report
}

/// `2`, `0.25`: seconds as a person writes them.
pub fn secs(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The explanation given with a timeout charged after two asleep hangs.
pub const ASLEEP_TWICE: &str = "asleep with no CPU time both times, and run twice: \
     a program that blocks (sleeps, or waits for something that never comes)";

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// A watch over a wait of 4 s (window 1 s), sampled every 100 ms with
    /// the clock given by `clock(elapsed ms)`; its verdict at the end.
    fn verdict(clock: impl Fn(u64) -> Option<u64>) -> Option<bool> {
        let t0 = Instant::now();
        let mut w = CpuWatch::new(ms(4000));
        let at = |t: u64| clock(t).map(|ticks| CPU_TICK * ticks as u32);
        for k in 0..40 {
            w.sample(t0 + ms(k * 100), || at(k * 100));
        }
        w.asleep(t0 + ms(4000), at(4000))
    }

    #[test]
    fn a_busy_program_is_not_asleep() {
        assert_eq!(verdict(|t| Some(t / 10)), Some(false));
    }

    #[test]
    fn a_program_that_stopped_early_is_asleep() {
        // Worked for 1.5 s, then blocked: still for the last 2.5 s.
        assert_eq!(verdict(|t| Some(t.min(1500) / 10)), Some(true));
    }

    #[test]
    fn a_program_that_stopped_inside_the_window_is_not_asleep() {
        // Busy until 3.5 s: the clock moved within the last second.
        assert_eq!(verdict(|t| Some(t.min(3500) / 10)), Some(false));
    }

    #[test]
    fn one_tick_in_the_window_is_progress() {
        assert_eq!(verdict(|t| Some(100 + u64::from(t >= 3900))), Some(false));
    }

    #[test]
    fn without_a_clock_nothing_is_told() {
        assert_eq!(verdict(|_| None), None);
        // A reading at the end only.
        let t0 = Instant::now();
        let w = CpuWatch::new(ms(4000));
        assert_eq!(w.asleep(t0 + ms(4000), Some(ms(50))), None);
    }

    #[test]
    fn samples_stay_few_and_the_window_is_capped() {
        let t0 = Instant::now();
        let mut w = CpuWatch::new(Duration::from_secs(600));
        assert_eq!(w.window, MAX_WINDOW);
        for k in 0..6000 {
            w.sample(t0 + ms(k * 100), || Some(ms(70)));
        }
        assert!(w.samples.len() <= 6, "{}", w.samples.len());
        assert_eq!(w.asleep(t0 + ms(600_000), Some(ms(70))), Some(true));
    }

    #[test]
    fn wakeups_under_a_tick_are_sleep() {
        // A cgroup's clock in nanoseconds: 3 ms over the last second.
        let t0 = Instant::now();
        let mut w = CpuWatch::new(ms(4000));
        for k in 0..40 {
            w.sample(t0 + ms(k * 100), || Some(ms(500) + ms(k / 10)));
        }
        assert_eq!(w.asleep(t0 + ms(4000), Some(ms(504))), Some(true));
    }

    /// A budget of 2 s from `t0` (CPU clock at 1 s then), judged at
    /// `at` ms with the clock having moved `cpu` ms since.
    fn spent(at: u64, cpu: Option<u64>, asleep: Option<bool>) -> bool {
        let t0 = Instant::now();
        let b = Budget::new(ms(2000), t0, Some(ms(1000)));
        b.spent(t0 + ms(at), cpu.map(|c| ms(1000 + c)), asleep)
    }

    #[test]
    fn a_wait_never_ends_before_its_limit_by_the_clock() {
        // Two threads had 2 s of CPU time in 1 s: still waited for.
        assert!(!spent(1000, Some(2000), Some(false)));
        assert!(!spent(1999, Some(0), Some(true)));
    }

    #[test]
    fn on_an_idle_machine_a_loop_stops_at_its_limit() {
        assert!(spent(2000, Some(2000), Some(false)));
        assert!(spent(2010, Some(2005), Some(false)));
    }

    #[test]
    fn a_busy_program_short_of_a_core_is_waited_for_until_it_had_its_limit() {
        // A third of a core: at 2 s it had 0.67 s; on until 6 s.
        assert!(!spent(2000, Some(667), Some(false)));
        assert!(!spent(5900, Some(1967), Some(false)));
        assert!(spent(6000, Some(2000), Some(false)));
        // Asleep at any point after the limit: stopped.
        assert!(spent(3000, Some(1000), Some(true)));
        // Not known yet whether asleep: on, until it is known.
        assert!(!spent(2000, Some(10), None));
    }

    #[test]
    fn the_ceiling_is_stretch_times_the_limit() {
        assert!(!spent(7999, Some(100), Some(false)));
        assert!(spent(8000, Some(100), Some(false)));
        assert!(spent(8000, Some(0), None));
    }

    #[test]
    fn without_a_cpu_clock_the_limit_is_the_wall_clock() {
        assert!(!spent(1999, None, None));
        assert!(spent(2000, None, Some(false)));
        let t0 = Instant::now();
        let b = Budget::new(ms(2000), t0, None);
        assert!(b.spent(t0 + ms(2000), Some(ms(1)), Some(false)));
    }

    #[test]
    fn a_spent_wait_says_how_long_and_what_cpu_time() {
        let t0 = Instant::now();
        let b = Budget::new(ms(2000), t0, Some(ms(1000)));
        let idle = b.outcome(t0 + ms(2040), Some(ms(3010)), Some(false));
        assert_eq!(
            idle.measured("it"),
            "by the clock we waited 2 s, in which it had 2 s of CPU time"
        );
        let busy = b.outcome(t0 + ms(6321), Some(ms(3000)), Some(false));
        assert_eq!(
            busy.measured("the program"),
            "by the clock we waited 6.4 s (more than the limit: the program was busy but short of a core), in which the program had 2 s of CPU time"
        );
        let most = b.outcome(t0 + ms(8004), Some(ms(1420)), Some(false));
        assert_eq!(
            most.measured("it"),
            "by the clock we waited 8.1 s (4 times the limit, the most: it was busy but short of a core), in which it had 0.4 s of CPU time"
        );
        let asleep = b.outcome(t0 + ms(2000), Some(ms(1050)), Some(true));
        assert_eq!(
            asleep.measured("it"),
            "by the clock we waited 2 s, in which it had 0.1 s of CPU time and was asleep at the end"
        );
        let unknown = Budget::new(ms(2000), t0, None).outcome(t0 + ms(2000), None, None);
        assert_eq!(
            unknown.measured("it"),
            "by the clock we waited 2 s (what CPU time it had is not known here)"
        );
    }

    #[derive(Debug, PartialEq)]
    struct Fake {
        asleep: bool,
        twice: bool,
        n: usize,
    }

    impl Attempt for Fake {
        fn hung_asleep(&self) -> Option<Duration> {
            self.asleep.then_some(ms(250))
        }
        fn asleep_twice(&mut self) {
            self.twice = true;
        }
    }

    fn run(pattern: &[bool]) -> (Fake, Vec<String>, usize) {
        let mut n = 0;
        let mut notes = Vec::new();
        let got = rerun_if_asleep(
            "move 3",
            || {
                n += 1;
                Fake {
                    asleep: pattern[n - 1],
                    twice: false,
                    n,
                }
            },
            &mut |s| notes.push(s),
        );
        (got, notes, n)
    }

    #[test]
    fn an_answer_is_kept_as_it_is() {
        let (got, notes, runs) = run(&[false, false]);
        assert_eq!((got.n, got.twice, runs), (1, false, 1));
        assert!(notes.is_empty());
    }

    #[test]
    fn one_asleep_hang_is_run_again_and_the_second_result_counts() {
        let (got, notes, runs) = run(&[true, false]);
        assert_eq!((got.n, got.twice, runs), (2, false, 2));
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0].starts_with(
                "re-run: move 3 got no answer within 0.25 s while the program was asleep"
            ),
            "{}",
            notes[0]
        );
    }

    #[test]
    fn two_asleep_hangs_are_charged_once_marked() {
        let (got, notes, runs) = run(&[true, true, true]);
        assert_eq!((got.n, got.twice, runs), (2, true, 2));
        assert_eq!(notes.len(), 1);
    }

    #[test]
    fn seconds_read_as_written() {
        assert_eq!(shown_wait(ms(7000), ms(7080)), ms(7000));
        assert_eq!(shown_wait(ms(7000), ms(19_510)), ms(19_600));
        assert_eq!(secs(Duration::from_secs(7)), "7");
        assert_eq!(secs(ms(250)), "0.25");
        assert_eq!(secs(ms(1500)), "1.5");
    }
}
