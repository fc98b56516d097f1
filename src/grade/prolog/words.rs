//! What the shared driver's replies say in a report, in every game: a
//! program that could not be loaded, a query that hung, died, ran past a
//! limit, or was not asked.

use super::driver::{LoadProblem, Reply, STRETCH, wait_text};
use super::protocol::Stats;
use crate::grade::report::Failure;
use crate::grade::stall;

/// A load problem in a few words (for "the program did not load (...)").
pub fn short_load(problem: &LoadProblem) -> String {
    match problem {
        LoadProblem::Fatal { code, .. } => code.clone(),
        LoadProblem::Other(why) => crate::text::cap(why, 80).into_owned(),
        LoadProblem::NotGraded(_) => "not graded".to_string(),
    }
}

/// The `loads` check's failure.
pub fn load_failure(problem: &LoadProblem) -> Failure {
    Failure {
        message: problem.describe(),
        ..Failure::default()
    }
}

/// What a stopped query had used: `5.0 s (0.9 s of CPU), 12345678
/// inferences`, and how many representations were tried when more than
/// one. The program's own work, so that a teacher can tell a slow
/// program from a busy machine.
pub fn spent<C>(stats: &Stats<C>) -> String {
    let cpu = stats
        .cpu_us
        .map(|c| format!(" ({:.1} s of CPU)", c as f64 / 1e6))
        .unwrap_or_default();
    let tries = if stats.tries > 1 {
        format!(", {} representations tried", stats.tries)
    } else {
        String::new()
    };
    format!(
        "{:.1} s{cpu}, {} inferences{tries}",
        stats.us as f64 / 1e6,
        stats.inferences
    )
}

/// A time limit that fired while the program had the CPU for less than
/// half of the time: a program that waits (sleeps), or a machine so busy
/// that even the stretched wait ([`STRETCH`] times the limit, for a query
/// busy but short of a core) ran out, rather than the program's work.
pub fn busy_note<C>(stats: &Stats<C>) -> String {
    match stats.cpu_us {
        Some(cpu) if cpu.saturating_mul(2) < stats.us => format!(
            "; it had the CPU for less than half of that time (a program that waits, or a machine so busy that the wait reached {STRETCH} times the limit): on a busy machine grade again with fewer --jobs or a larger --query-timeout"
        ),
        _ => String::new(),
    }
}

/// What a reply says; an answer as `answer` describes it.
pub fn describe_reply<A>(reply: &Reply<A>, answer: impl Fn(&A) -> String) -> String {
    match reply {
        Reply::Answer(a) => answer(a),
        Reply::Hung {
            limit,
            waited,
            twice: true,
            ..
        } => format!(
            "no answer within {}, {}; SWI-Prolog was killed and started again",
            wait_text(*limit, *waited, None),
            stall::ASLEEP_TWICE
        ),
        Reply::Hung {
            limit,
            waited,
            cpu,
            asleep,
            ..
        } => format!(
            "no answer within {}: SWI-Prolog was killed and started again",
            wait_text(*limit, *waited, cpu.filter(|_| !asleep))
        ),
        Reply::Died { how, .. } => how.clone(),
        Reply::NotLoaded(p) => p.describe(),
        Reply::Skipped(why) => why.clone(),
    }
}

/// The last lines of standard error a reply kept.
pub fn stderr_of<A>(reply: &Reply<A>) -> Option<String> {
    match reply {
        Reply::Hung { stderr, .. } | Reply::Died { stderr, .. } => stderr.clone(),
        _ => None,
    }
}
