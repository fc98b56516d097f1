//! Which rule situations a set of reference games (or puzzles) reaches.
//!
//! A grader checks a program only where its reference set takes it: a
//! program that ends the game one rebel too early scores full marks when
//! no reference game ever has exactly that many rebels. Each game names
//! its situations (an end and its boundary, a capture shape, a move the
//! grader types on purpose to be refused, ...) as an enum that implements
//! [`Situation`]: a stable code (a contract, like a reason code) and a
//! sentence. Its engine says which situations a set reaches, into a
//! [`Coverage`]; [`Coverage::report`] turns it into words and JSON, the
//! same for every game. No I/O.

use std::collections::BTreeMap;

use serde::Serialize;

/// A rule situation of a game: what a reference set must reach for a
/// grader to check that a program gets that rule right.
pub trait Situation: Copy + Ord + std::fmt::Debug + 'static {
    /// Every situation, in report order.
    fn all() -> &'static [Self];
    /// The stable code (`nine-rebels-left`): added to, never changed.
    fn code(self) -> &'static str;
    /// What it is, in a sentence.
    fn describe(self) -> &'static str;
}

/// Implement [`Situation`] for an enum made by [`codes!`](crate::codes)
/// that has a `const fn describe(self) -> &'static str`: its `ALL`, its
/// codes and its sentences.
#[macro_export]
macro_rules! situation {
    ($name:ident) => {
        impl $crate::coverage::Situation for $name {
            fn all() -> &'static [$name] {
                &$name::ALL
            }

            fn code(self) -> &'static str {
                $name::code(self)
            }

            fn describe(self) -> &'static str {
                $name::describe(self)
            }
        }
    };
}

/// Where a situation was first reached: the game (or puzzle) of the set,
/// by its index, and the move number (the position before that move; the
/// number of moves + 1 for the position after the last), if it is about a
/// position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Seen {
    /// The index of the game in the set, from 0.
    pub game: usize,
    /// The move number, from 1.
    pub ply: Option<usize>,
}

impl Seen {
    /// At move `ply` (1-based) of game `game`.
    pub const fn at(game: usize, ply: usize) -> Seen {
        Seen {
            game,
            ply: Some(ply),
        }
    }

    /// Game `game` as a whole (a puzzle, a game's result).
    pub const fn game(game: usize) -> Seen {
        Seen { game, ply: None }
    }
}

/// The situations a set reaches, each with the first place it does, and
/// those the rules in force make impossible (with why): they are neither
/// reached nor missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage<S: Situation> {
    first: BTreeMap<S, Seen>,
    impossible: BTreeMap<S, &'static str>,
}

impl<S: Situation> Default for Coverage<S> {
    fn default() -> Coverage<S> {
        Coverage {
            first: BTreeMap::new(),
            impossible: BTreeMap::new(),
        }
    }
}

impl<S: Situation> Coverage<S> {
    /// Nothing reached yet.
    pub fn new() -> Coverage<S> {
        Coverage::default()
    }

    /// `situation` is reached at `seen` (the first place is kept: games in
    /// set order, moves in game order).
    pub fn note(&mut self, situation: S, seen: Seen) {
        let first = self.first.entry(situation).or_insert(seen);
        if seen < *first {
            *first = seen;
        }
    }

    /// `situation` cannot happen under the rules in force: `why`, in a
    /// sentence.
    pub fn impossible(&mut self, situation: S, why: &'static str) {
        self.impossible.insert(situation, why);
    }

    /// Where `situation` is first reached, if it is.
    pub fn reached(&self, situation: S) -> Option<Seen> {
        self.first.get(&situation).copied()
    }

    /// Every situation reached, in report order.
    pub fn reached_all(&self) -> impl Iterator<Item = (S, Seen)> + '_ {
        self.first.iter().map(|(s, seen)| (*s, *seen))
    }

    /// Why `situation` cannot happen, if it cannot.
    pub fn why_impossible(&self, situation: S) -> Option<&'static str> {
        self.impossible.get(&situation).copied()
    }

    /// The situations that can happen and are not reached, in report
    /// order.
    pub fn missing(&self) -> Vec<S> {
        S::all()
            .iter()
            .copied()
            .filter(|s| !self.first.contains_key(s) && !self.impossible.contains_key(s))
            .collect()
    }

    /// Whether every situation that can happen is reached.
    pub fn is_complete(&self) -> bool {
        self.missing().is_empty()
    }

    /// How many situations of `other` this coverage does not reach.
    pub fn new_in(&self, other: &Coverage<S>) -> usize {
        other
            .first
            .keys()
            .filter(|s| !self.first.contains_key(s))
            .count()
    }

    /// Add what `other` reaches (its places kept where they come first),
    /// with its games numbered from `offset`.
    pub fn merge(&mut self, other: &Coverage<S>, offset: usize) {
        for (s, seen) in &other.first {
            self.note(
                *s,
                Seen {
                    game: seen.game + offset,
                    ply: seen.ply,
                },
            );
        }
        for (s, why) in &other.impossible {
            self.impossible.insert(*s, why);
        }
    }

    /// The report, with the games named by `names` (by index).
    pub fn report(&self, names: &[String]) -> Report {
        let entry = |s: S| Entry {
            code: s.code(),
            description: s.describe(),
        };
        Report {
            situations: S::all().len(),
            reached: self
                .first
                .iter()
                .map(|(s, seen)| Reached {
                    entry: entry(*s),
                    game: names
                        .get(seen.game)
                        .cloned()
                        .unwrap_or_else(|| format!("#{}", seen.game + 1)),
                    ply: seen.ply,
                })
                .collect(),
            missing: self.missing().into_iter().map(entry).collect(),
            impossible: self
                .impossible
                .iter()
                .map(|(s, why)| Impossible {
                    entry: entry(*s),
                    why,
                })
                .collect(),
        }
    }
}

/// A situation in a report: its code and sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The stable code.
    pub code: &'static str,
    /// What it is.
    pub description: &'static str,
}

/// A situation reached, and where first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reached {
    /// The situation.
    #[serde(flatten)]
    pub entry: Entry,
    /// The game (puzzle) where it is first reached.
    pub game: String,
    /// The move number there, if it is about a position.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
}

/// A situation the rules in force make impossible.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Impossible {
    /// The situation.
    #[serde(flatten)]
    pub entry: Entry,
    /// Why it cannot happen.
    pub why: &'static str,
}

/// What a set reaches, in words and for JSON: the situations of the game,
/// those reached (and where), those missing, those impossible under the
/// rules in force.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// How many situations the game names.
    pub situations: usize,
    /// Those reached, in report order.
    pub reached: Vec<Reached>,
    /// Those that can happen and are not reached.
    pub missing: Vec<Entry>,
    /// Those that cannot happen under the rules in force.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub impossible: Vec<Impossible>,
}

impl Report {
    /// `38 of 40 rule situations reached`, and the impossible ones.
    pub fn headline(&self) -> String {
        let possible = self.situations - self.impossible.len();
        let mut line = format!(
            "{} of {} rule situations reached",
            self.reached.len(),
            possible
        );
        if !self.impossible.is_empty() {
            line.push_str(&format!(
                " ({} more cannot happen under these rules)",
                self.impossible.len()
            ));
        }
        line
    }

    /// The codes of the missing situations, `, ` between.
    pub fn missing_codes(&self) -> String {
        self.missing
            .iter()
            .map(|e| e.code)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The whole report for people: the headline, then each situation,
    /// missing ones first, each with its sentence (reached ones with
    /// where), then the impossible ones with why.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n", self.headline());
        let width = self
            .reached
            .iter()
            .map(|r| r.entry.code.len())
            .chain(self.missing.iter().map(|e| e.code.len()))
            .chain(self.impossible.iter().map(|i| i.entry.code.len()))
            .max()
            .unwrap_or(0);
        for e in &self.missing {
            out.push_str(&format!(
                "  missing    {:<width$}  {}\n",
                e.code, e.description
            ));
        }
        for r in &self.reached {
            let at = match r.ply {
                Some(ply) => format!("{}, move {ply}", r.game),
                None => r.game.clone(),
            };
            out.push_str(&format!(
                "  reached    {:<width$}  {} [{at}]\n",
                r.entry.code, r.entry.description
            ));
        }
        for i in &self.impossible {
            out.push_str(&format!(
                "  impossible {:<width$}  {} [{}]\n",
                i.entry.code, i.entry.description, i.why
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    enum Toy {
        A,
        B,
        C,
    }

    impl Situation for Toy {
        fn all() -> &'static [Toy] {
            &[Toy::A, Toy::B, Toy::C]
        }
        fn code(self) -> &'static str {
            match self {
                Toy::A => "a",
                Toy::B => "b",
                Toy::C => "c",
            }
        }
        fn describe(self) -> &'static str {
            "a toy situation"
        }
    }

    #[test]
    fn first_places_missing_and_impossible() {
        let mut c = Coverage::new();
        c.note(Toy::B, Seen::at(1, 5));
        c.note(Toy::B, Seen::at(0, 9));
        c.note(Toy::B, Seen::at(1, 2));
        assert_eq!(c.reached(Toy::B), Some(Seen::at(0, 9)));
        assert_eq!(c.missing(), [Toy::A, Toy::C]);
        c.impossible(Toy::C, "not under these rules");
        assert_eq!(c.missing(), [Toy::A]);
        assert!(!c.is_complete());
        let mut other = Coverage::new();
        other.note(Toy::A, Seen::game(0));
        other.note(Toy::B, Seen::game(0));
        assert_eq!(c.new_in(&other), 1);
        c.merge(&other, 2);
        assert_eq!(c.reached(Toy::A), Some(Seen::game(2)));
        assert!(c.is_complete());
        let report = c.report(&["one".into(), "two".into(), "three".into()]);
        assert_eq!(
            report.headline(),
            "2 of 2 rule situations reached (1 more cannot happen under these rules)"
        );
        assert_eq!(report.reached[1].game, "one");
        assert!(report.text().contains("impossible c"), "{}", report.text());
    }
}
