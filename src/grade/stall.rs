//! Telling a program that is asleep from one that is busy when a wait for
//! it runs out of time, and giving an asleep one a second chance.
//!
//! A program that loops uses CPU time until it is killed. One that blocks
//! (it sleeps, waits for input that never comes, or its interpreter
//! deadlocked on itself: SWI-Prolog 9.0 has been seen doing so on a correct
//! program) uses none. The second kind is not always the student's fault,
//! so a unit of grading (a Go query, an Asalto game, a Solitaire puzzle)
//! that timed out asleep is run once more from a fresh start before it is
//! charged; a program that really blocks hangs the second time too, and is
//! then charged as a timeout that says so.
//!
//! [`CpuWatch`] samples the program's CPU clock during a wait; at the end it
//! says whether the clock stood still over the last part of the wait (a
//! quarter of it, at most [`MAX_WINDOW`]). The clock counts in ticks of
//! 10 ms, so a busy program moves it many times within such a window even
//! on a loaded machine; if it does not, the only cost is one re-run.
//!
//! # Two policies on the CPU clock, not one
//!
//! The same watch serves a second decision that lives in
//! [`super::process::starved_wait`] (used by `Program::read_line_busy`,
//! the Go driver's waits): a program that is busy but had less CPU time
//! than the limit (short of a core on a loaded machine) is waited for on,
//! up to a few times the limit. The two are not folded into one because
//! they act on different states at different times: the stretch decides
//! *during* a wait, about a busy program, whether to go on waiting; the
//! re-run decides *after* a wait ran out, about an asleep one, whether to
//! run the whole unit again (a fresh process, a new folder, the unit's
//! notes and time kept). They compose: a Go query's wait is stretched
//! while SWI-Prolog is starved, and if it still ends asleep the query is
//! asked again. Inside SWI-Prolog the driver applies the stretch to its
//! own time limit too (`time_left/7` in `go/driver.pl`, on the CPU time of
//! its own thread, "asleep" there being under a tenth of a core since the
//! last check), so that its limit fires before ours. Asalto's and Solitaire
//! Chess's waits (`Program::wait_ready`, `run_to_exit`) are re-run when
//! asleep but not stretched when starved: that would be `wait_ready`
//! calling `starved_wait` as `read_line_busy` does, and is not done.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::CheckKind;
use super::report::GameReport;

/// The longest stretch at the end of a wait over which the CPU clock must
/// stand still for the program to count as asleep.
pub const MAX_WINDOW: Duration = Duration::from_secs(2);

/// Samples of a program's CPU clock during one wait.
#[derive(Debug)]
pub struct CpuWatch {
    window: Duration,
    every: Duration,
    /// `(when, ticks)`, oldest first: the newest sample at least a window
    /// old, and the ones after it.
    samples: VecDeque<(Instant, u64)>,
}

impl CpuWatch {
    /// A watch for a wait from `start` that runs out at `end`.
    pub fn new(start: Instant, end: Instant) -> CpuWatch {
        let window = (end.saturating_duration_since(start) / 4).min(MAX_WINDOW);
        CpuWatch {
            window,
            every: (window / 4).max(Duration::from_millis(5)),
            samples: VecDeque::new(),
        }
    }

    /// Record the clock at `now` when a sample is due (`ticks` is only
    /// called then).
    pub fn sample(&mut self, now: Instant, ticks: impl FnOnce() -> Option<u64>) {
        if self
            .samples
            .back()
            .is_some_and(|&(at, _)| now.saturating_duration_since(at) < self.every)
        {
            return;
        }
        let Some(t) = ticks() else { return };
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

    /// At the end of the wait (`now`, the clock reading `ticks`): whether
    /// the clock stood still over the last window. `None` when that cannot
    /// be told (no reading, or none a window old).
    pub fn asleep(&self, now: Instant, ticks: Option<u64>) -> Option<bool> {
        let ticks = ticks?;
        let &(at, before) = self.samples.front()?;
        if now.saturating_duration_since(at) < self.window || self.window.is_zero() {
            return None;
        }
        Some(ticks == before)
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
        let mut w = CpuWatch::new(t0, t0 + ms(4000));
        for k in 0..40 {
            w.sample(t0 + ms(k * 100), || clock(k * 100));
        }
        w.asleep(t0 + ms(4000), clock(4000))
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
        let w = CpuWatch::new(t0, t0 + ms(4000));
        assert_eq!(w.asleep(t0 + ms(4000), Some(5)), None);
    }

    #[test]
    fn samples_stay_few_and_the_window_is_capped() {
        let t0 = Instant::now();
        let mut w = CpuWatch::new(t0, t0 + Duration::from_secs(600));
        assert_eq!(w.window, MAX_WINDOW);
        for k in 0..6000 {
            w.sample(t0 + ms(k * 100), || Some(7));
        }
        assert!(w.samples.len() <= 6, "{}", w.samples.len());
        assert_eq!(w.asleep(t0 + ms(600_000), Some(7)), Some(true));
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
        assert_eq!(secs(Duration::from_secs(7)), "7");
        assert_eq!(secs(ms(250)), "0.25");
        assert_eq!(secs(ms(1500)), "1.5");
    }
}
