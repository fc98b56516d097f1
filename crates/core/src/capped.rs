//! Problems kept in full up to a cap, the rest counted by code.
//!
//! A broken record can have a problem on every move: a file of two million
//! illegal moves once took 225 MB of problems to check and 7.6 GB to write
//! as JSON. A report needs the first problems whole (where to look first)
//! and how many of each kind follow; [`Problems`] keeps exactly that, so a
//! check's memory no longer grows with the number of problems.

use std::ops::Deref;

use crate::{Problem, ProblemKind, Severity, Span};

/// How many problems a [`Problems`] keeps whole by default: far more than
/// a person reads, and a report of bounded size (a few MB of JSON).
pub const PROBLEMS_KEPT: usize = 1000;

/// Problems of one severity and code that were counted, not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Omitted {
    /// Error or warning.
    pub severity: Severity,
    /// Their reason code.
    pub code: &'static str,
    /// How many.
    pub count: usize,
    /// Where the last one is.
    pub last: Span,
}

/// A list of problems in the order found: the first `cap` kept whole, the
/// others counted by severity and code (an [`Omitted`] each). Reads as a
/// slice of the problems kept.
///
/// # Examples
///
/// ```
/// use asalto_core::capped::Problems;
/// use asalto_core::{Problem, ProblemKind, Severity, Span};
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct Occupied;
/// impl ProblemKind for Occupied {
///     fn code(&self) -> &'static str { "occupied" }
///     fn message(&self) -> String { "a stone is there".into() }
///     fn label(&self) -> String { "occupied".into() }
/// }
///
/// let mut problems = Problems::with_cap(2);
/// for at in 0..5 {
///     problems.push(Problem::error(Occupied, Span::at(at)));
/// }
/// assert_eq!(problems.len(), 2);
/// assert_eq!(problems.omitted_count(), 3);
/// assert_eq!(problems.count(Severity::Error), 5);
/// assert_eq!(problems.omitted()[0].last, Span::at(4));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Problems<K> {
    kept: Vec<Problem<K>>,
    cap: usize,
    omitted: Vec<Omitted>,
}

impl<K> Default for Problems<K> {
    fn default() -> Problems<K> {
        Problems::with_cap(PROBLEMS_KEPT)
    }
}

impl<K> Deref for Problems<K> {
    type Target = [Problem<K>];

    fn deref(&self) -> &[Problem<K>] {
        &self.kept
    }
}

impl<'a, K> IntoIterator for &'a Problems<K> {
    type Item = &'a Problem<K>;
    type IntoIter = std::slice::Iter<'a, Problem<K>>;

    fn into_iter(self) -> Self::IntoIter {
        self.kept.iter()
    }
}

impl<K> Problems<K> {
    /// No problem yet; at most `cap` to be kept whole.
    pub fn with_cap(cap: usize) -> Problems<K> {
        Problems {
            kept: Vec::new(),
            cap,
            omitted: Vec::new(),
        }
    }

    /// The problems counted, not kept: one entry per severity and code,
    /// in the order first met.
    pub fn omitted(&self) -> &[Omitted] {
        &self.omitted
    }

    /// How many problems were counted, not kept.
    pub fn omitted_count(&self) -> usize {
        self.omitted.iter().map(|o| o.count).sum()
    }

    /// How many problems of `severity`, kept or not.
    pub fn count(&self, severity: Severity) -> usize {
        let kept = self.kept.iter().filter(|p| p.severity == severity).count();
        let omitted: usize = self
            .omitted
            .iter()
            .filter(|o| o.severity == severity)
            .map(|o| o.count)
            .sum();
        kept + omitted
    }

    /// Whether any problem, kept or not, is an error.
    pub fn any_error(&self) -> bool {
        self.count(Severity::Error) > 0
    }

    /// Keeps only the kept problems `keep` says yes to (the counted ones
    /// stay counted).
    pub fn retain(&mut self, keep: impl FnMut(&Problem<K>) -> bool) {
        self.kept.retain(keep);
    }

    /// Sorts the problems kept by `key` (stable; the counted ones are
    /// past them all).
    pub fn sort_by_key<T: Ord>(&mut self, key: impl FnMut(&Problem<K>) -> T) {
        self.kept.sort_by_key(key);
    }

    /// The problems kept, taken out (the counts stay).
    pub fn take_kept(&mut self) -> Vec<Problem<K>> {
        std::mem::take(&mut self.kept)
    }
}

impl<K: ProblemKind> Problems<K> {
    /// Adds a problem: kept while fewer than the cap are, else counted.
    pub fn push(&mut self, problem: Problem<K>) {
        if self.kept.len() < self.cap {
            self.kept.push(problem);
        } else {
            self.count_one(problem.severity, problem.code(), problem.span);
        }
    }

    /// Puts a problem first (a file's problem found after its text was
    /// read, such as its charset): the last kept is counted instead when
    /// the cap is reached.
    pub fn insert_first(&mut self, problem: Problem<K>) {
        self.kept.insert(0, problem);
        if self.kept.len() > self.cap
            && let Some(last) = self.kept.pop()
        {
            self.count_one(last.severity, last.code(), last.span);
        }
    }

    /// Adds each of `problems`, as [`Problems::push`] does, then their
    /// counts.
    pub fn append(&mut self, other: Problems<K>) {
        for p in other.kept {
            self.push(p);
        }
        for o in other.omitted {
            self.count_many(o);
        }
    }

    fn count_one(&mut self, severity: Severity, code: &'static str, span: Span) {
        self.count_many(Omitted {
            severity,
            code,
            count: 1,
            last: span,
        });
    }

    fn count_many(&mut self, more: Omitted) {
        match self
            .omitted
            .iter_mut()
            .find(|o| o.severity == more.severity && o.code == more.code)
        {
            Some(o) => {
                o.count += more.count;
                o.last = more.last;
            }
            None => self.omitted.push(more),
        }
    }
}

/// What a report of several lists of problems shows: the first `cap`
/// problems whole, in the lists' order, and every other counted by
/// severity and code ([`listed`]).
#[derive(Clone, Debug)]
pub struct Listed<'a, K> {
    /// The problems shown whole.
    pub shown: Vec<&'a Problem<K>>,
    /// The others, counted (those the lists only counted among them).
    pub omitted: Problems<K>,
}

impl<K> Listed<'_, K> {
    /// How many problems were counted, not shown.
    pub fn omitted_count(&self) -> usize {
        self.omitted.omitted_count()
    }
}

/// The first `cap` problems of `lists` whole, the others (kept in a list
/// past the cap, or only counted there) counted by severity and code.
pub fn listed<'a, K: ProblemKind + 'a>(
    lists: impl IntoIterator<Item = &'a Problems<K>>,
    cap: usize,
) -> Listed<'a, K> {
    let mut shown = Vec::new();
    let mut omitted = Problems::with_cap(0);
    for list in lists {
        for p in &list.kept {
            if shown.len() < cap {
                shown.push(p);
            } else {
                omitted.count_one(p.severity, p.code(), p.span);
            }
        }
        for &o in &list.omitted {
            omitted.count_many(o);
        }
    }
    Listed { shown, omitted }
}

impl<K: ProblemKind> Extend<Problem<K>> for Problems<K> {
    fn extend<I: IntoIterator<Item = Problem<K>>>(&mut self, iter: I) {
        for p in iter {
            self.push(p);
        }
    }
}

impl<K: ProblemKind> FromIterator<Problem<K>> for Problems<K> {
    fn from_iter<I: IntoIterator<Item = Problem<K>>>(iter: I) -> Problems<K> {
        let mut problems = Problems::default();
        problems.extend(iter);
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    enum Kind {
        A,
        B,
    }

    impl ProblemKind for Kind {
        fn code(&self) -> &'static str {
            match self {
                Kind::A => "a",
                Kind::B => "b",
            }
        }
        fn message(&self) -> String {
            String::new()
        }
        fn label(&self) -> String {
            String::new()
        }
    }

    #[test]
    fn the_first_are_kept_and_the_rest_counted_by_severity_and_code() {
        let mut problems = Problems::with_cap(3);
        for i in 0..10 {
            let kind = if i % 2 == 0 { Kind::A } else { Kind::B };
            let p = if i % 3 == 0 {
                Problem::warning(kind, Span::at(i))
            } else {
                Problem::error(kind, Span::at(i))
            };
            problems.push(p);
        }
        assert_eq!(problems.len(), 3);
        assert_eq!(problems[2].span, Span::at(2));
        assert_eq!(problems.omitted_count(), 7);
        assert_eq!(problems.count(Severity::Warning), 4);
        assert_eq!(problems.count(Severity::Error), 6);
        // 3..10: (w,b) (e,a) (e,b) (w,a) (e,b) (e,a) (w,b)
        let codes: Vec<_> = problems
            .omitted()
            .iter()
            .map(|o| (o.severity, o.code, o.count, o.last.start))
            .collect();
        assert_eq!(
            codes,
            [
                (Severity::Warning, "b", 2, 9),
                (Severity::Error, "a", 2, 8),
                (Severity::Error, "b", 2, 7),
                (Severity::Warning, "a", 1, 6),
            ]
        );
    }

    #[test]
    fn a_problem_put_first_pushes_the_last_kept_into_the_counts() {
        let mut problems = Problems::with_cap(2);
        problems.push(Problem::error(Kind::A, Span::at(1)));
        problems.push(Problem::error(Kind::A, Span::at(2)));
        problems.insert_first(Problem::warning(Kind::B, Span::at(0)));
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[0].code(), "b");
        assert_eq!(problems.omitted()[0].last, Span::at(2));
        let mut all = Problems::with_cap(3);
        all.append(problems);
        assert_eq!((all.len(), all.omitted_count()), (2, 1));
    }
}
