//! Grading a predicate of the assignment under the name a student gave it
//! (`--predicate finDelJuego=terminarJuego`): real submissions call the
//! score `terminarJuego/3`, `contarFichas/3`, `puntajeFinal/3`, some with
//! the white score first. A teacher who accepts that names the predicate,
//! and the order of its arguments when it differs, and the report says,
//! per submission, which name was graded.
//!
//! Each predicate of the assignment has candidates, tried in order by the
//! driver; the first one the file defines is graded: the assignment's own
//! name (unless an alias gives that same name with another argument
//! order), then the aliases in the order given.

use std::fmt;

/// A predicate of the assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Predicate {
    /// `emptyBoard(-Board)`.
    EmptyBoard,
    /// `goMove(+Board, +Player, +Pos, -NewBoard)`.
    GoMove,
    /// `finDelJuego(+Board, -PuntajeNegras, -PuntajeBlancas)`.
    FinDelJuego,
}

impl Predicate {
    /// Every predicate, in the assignment's order.
    pub const ALL: [Predicate; 3] = [
        Predicate::EmptyBoard,
        Predicate::GoMove,
        Predicate::FinDelJuego,
    ];

    /// Its name.
    pub const fn name(self) -> &'static str {
        match self {
            Predicate::EmptyBoard => "emptyBoard",
            Predicate::GoMove => "goMove",
            Predicate::FinDelJuego => "finDelJuego",
        }
    }

    /// How many arguments it takes.
    pub const fn arity(self) -> u8 {
        match self {
            Predicate::EmptyBoard => 1,
            Predicate::GoMove => 4,
            Predicate::FinDelJuego => 3,
        }
    }

    /// `goMove/4`.
    pub fn indicator(self) -> String {
        format!("{}/{}", self.name(), self.arity())
    }

    /// Its arguments, as the assignment names them (for messages).
    const fn arguments(self) -> &'static str {
        match self {
            Predicate::EmptyBoard => "Board",
            Predicate::GoMove => "Board, Player, Pos, NewBoard",
            Predicate::FinDelJuego => "Board, PuntajeNegras, PuntajeBlancas",
        }
    }

    fn from_name(name: &str) -> Option<Predicate> {
        Predicate::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// One candidate for a predicate: the student's name, and which of the
/// assignment's arguments goes in each of its places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The predicate of the assignment.
    pub predicate: Predicate,
    /// The student's name (a plain Prolog atom: a lowercase letter, then
    /// letters, digits and `_`).
    pub name: String,
    /// `order[i]` is the assignment's argument (from 1) that goes in the
    /// student's place `i + 1`: `puntajeFinal(Board, Blancas, Negras)` for
    /// `finDelJuego(Board, Negras, Blancas)` is `[1, 3, 2]`.
    pub order: Vec<u8>,
}

impl Alias {
    /// The assignment's own name and order.
    pub fn own(predicate: Predicate) -> Alias {
        Alias {
            predicate,
            name: predicate.name().to_string(),
            order: (1..=predicate.arity()).collect(),
        }
    }

    /// Whether the arguments keep the assignment's order.
    fn in_order(&self) -> bool {
        self.order.iter().copied().eq(1..=self.predicate.arity())
    }

    /// Whether this is the assignment's own predicate.
    pub fn is_own(&self) -> bool {
        self.name == self.predicate.name() && self.in_order()
    }

    /// Read `ASSIGNMENT=NAME` or `ASSIGNMENT=NAME(ORDER)`, each name with
    /// an optional `/ARITY` that must be the assignment's.
    ///
    /// # Errors
    ///
    /// A message for the user (a usage error): the problem and the form.
    pub fn parse(spec: &str) -> Result<Alias, String> {
        let fail = |why: String| {
            format!(
                "--predicate {}: {why}; write ASSIGNMENT=NAME, or ASSIGNMENT=NAME(ORDER) when the arguments come in another order (finDelJuego=puntajeFinal(1,3,2): the white score first)",
                crate::text::escape_line(&crate::text::cap(spec, 80))
            )
        };
        let (left, right) = spec
            .split_once('=')
            .ok_or_else(|| fail("no `=`".to_string()))?;
        let (own, own_arity) = split_arity(left.trim()).map_err(&fail)?;
        let predicate = Predicate::from_name(own).ok_or_else(|| {
            fail(format!(
                "`{own}` is not a predicate of the assignment (emptyBoard, goMove, finDelJuego)"
            ))
        })?;
        let arity = predicate.arity();
        let check_arity = |given: Option<u8>| match given {
            Some(n) if n != arity => Err(fail(format!(
                "the arity must match: {} takes {arity} arguments, not {n}",
                predicate.name()
            ))),
            _ => Ok(()),
        };
        check_arity(own_arity)?;
        let right = right.trim();
        let (head, order) = match right.strip_suffix(')').and_then(|r| r.split_once('(')) {
            Some((head, list)) => (head, Some(list)),
            None => (right, None),
        };
        let (name, arity_given) = split_arity(head).map_err(&fail)?;
        check_arity(arity_given)?;
        if !plain_atom(name) {
            return Err(fail(format!(
                "`{}` is not a plain Prolog name (a lowercase letter, then letters, digits or _)",
                crate::text::cap(name, 40)
            )));
        }
        let order = match order {
            None => (1..=arity).collect(),
            Some(list) => parse_order(list, arity).ok_or_else(|| {
                fail(format!(
                    "({list}) must list each of 1..{arity} once: for each argument of {name}, which argument of {}({}) it is",
                    predicate.name(),
                    predicate.arguments()
                ))
            })?,
        };
        let alias = Alias {
            predicate,
            name: name.to_string(),
            order,
        };
        if alias.is_own() {
            return Err(fail(format!(
                "that is the assignment's own {}, always tried first",
                predicate.indicator()
            )));
        }
        Ok(alias)
    }

    /// The driver's option: `--graded=finDelJuego/3:puntajeFinal:1,3,2`.
    pub fn driver_arg(&self) -> String {
        format!(
            "--graded={}:{}:{}",
            self.predicate.indicator(),
            self.name,
            self.order_text()
        )
    }

    fn order_text(&self) -> String {
        let order: Vec<String> = self.order.iter().map(u8::to_string).collect();
        order.join(",")
    }

    /// Read the driver's `renamed=` entry: `finDelJuego/3:puntajeFinal:1,3,2`.
    pub fn from_driver(entry: &str) -> Option<Alias> {
        let mut parts = entry.split(':');
        let (indicator, name, order) = (parts.next()?, parts.next()?, parts.next()?);
        let (own, arity) = split_arity(indicator).ok()?;
        let predicate = Predicate::from_name(own)?;
        if arity != Some(predicate.arity()) || parts.next().is_some() || !plain_atom(name) {
            return None;
        }
        Some(Alias {
            predicate,
            name: name.to_string(),
            order: parse_order(order, predicate.arity())?,
        })
    }

    /// The student's predicate indicator: `puntajeFinal/3`.
    pub fn indicator(&self) -> String {
        format!("{}/{}", self.name, self.predicate.arity())
    }
}

/// As `--predicate` takes it: `finDelJuego=puntajeFinal(1,3,2)`, or
/// `finDelJuego=terminarJuego` when the order is the assignment's.
impl fmt::Display for Alias {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.predicate.name(), self.name)?;
        if !self.in_order() {
            write!(f, "({})", self.order_text())?;
        }
        Ok(())
    }
}

/// The candidates of each predicate that `aliases` change, for the driver:
/// the assignment's own first unless an alias reuses its name, then the
/// aliases in order (repeats dropped). Predicates without an alias are
/// left out: the driver grades them under their own name.
pub fn candidates(aliases: &[Alias]) -> Vec<Alias> {
    let mut all: Vec<Alias> = Vec::new();
    for p in Predicate::ALL {
        let mine: Vec<&Alias> = aliases.iter().filter(|a| a.predicate == p).collect();
        if mine.is_empty() {
            continue;
        }
        if !mine.iter().any(|a| a.name == p.name()) {
            all.push(Alias::own(p));
        }
        for a in mine {
            if !all.contains(a) {
                all.push(a.clone());
            }
        }
    }
    all
}

/// `name` and its `/ARITY`, if given.
fn split_arity(text: &str) -> Result<(&str, Option<u8>), String> {
    match text.rsplit_once('/') {
        None => Ok((text, None)),
        Some((name, n)) => n
            .parse::<u8>()
            .map(|n| (name, Some(n)))
            .map_err(|_| format!("`/{}` is not an arity", crate::text::cap(n, 20))),
    }
}

/// A lowercase letter, then ASCII letters, digits and `_`: an atom that
/// needs no quotes, and that the driver's option and answer lines carry
/// without escaping.
fn plain_atom(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= 100
}

/// `1,3,2`: a permutation of `1..=arity`.
fn parse_order(list: &str, arity: u8) -> Option<Vec<u8>> {
    let order: Vec<u8> = list
        .split(',')
        .map(|n| n.trim().parse::<u8>().ok())
        .collect::<Option<_>>()?;
    let mut sorted = order.clone();
    sorted.sort_unstable();
    sorted.iter().copied().eq(1..=arity).then_some(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_names_orders_and_arities() {
        let a = Alias::parse("finDelJuego=puntajeFinal(1,3,2)").unwrap();
        assert_eq!(a.predicate, Predicate::FinDelJuego);
        assert_eq!(a.name, "puntajeFinal");
        assert_eq!(a.order, [1, 3, 2]);
        assert_eq!(a.to_string(), "finDelJuego=puntajeFinal(1,3,2)");
        assert_eq!(a.driver_arg(), "--graded=finDelJuego/3:puntajeFinal:1,3,2");
        assert_eq!(
            Alias::from_driver("finDelJuego/3:puntajeFinal:1,3,2"),
            Some(a)
        );
        let b = Alias::parse("finDelJuego/3=terminarJuego/3").unwrap();
        assert_eq!(b.order, [1, 2, 3]);
        assert_eq!(b.to_string(), "finDelJuego=terminarJuego");
        // The assignment's name with the white score first is an alias.
        let c = Alias::parse("finDelJuego=finDelJuego(1,3,2)").unwrap();
        assert!(!c.is_own());
        assert_eq!(Alias::parse("goMove=mover").unwrap().order, [1, 2, 3, 4]);
    }

    #[test]
    fn refuses_what_cannot_be_graded() {
        for (spec, why) in [
            ("finDelJuego", "no `=`"),
            ("finDelJuegos=x", "not a predicate of the assignment"),
            ("finDelJuego=puntajeFinal/4", "the arity must match"),
            ("finDelJuego/2=puntajeFinal", "the arity must match"),
            (
                "finDelJuego=puntajeFinal(1,2)",
                "must list each of 1..3 once",
            ),
            (
                "finDelJuego=puntajeFinal(1,1,2)",
                "must list each of 1..3 once",
            ),
            ("finDelJuego=PuntajeFinal", "not a plain Prolog name"),
            ("finDelJuego='a b'", "not a plain Prolog name"),
            ("finDelJuego=", "not a plain Prolog name"),
            ("finDelJuego=finDelJuego", "the assignment's own"),
            ("goMove=mover/x", "is not an arity"),
        ] {
            let e = Alias::parse(spec).unwrap_err();
            assert!(e.contains(why), "{spec}: {e}");
            assert!(e.starts_with("--predicate "), "{e}");
        }
    }

    #[test]
    fn the_own_name_comes_first_unless_reordered() {
        let a = Alias::parse("finDelJuego=terminarJuego").unwrap();
        let b = Alias::parse("finDelJuego=puntajeFinal(1,3,2)").unwrap();
        let list = candidates(&[a.clone(), b.clone(), a.clone()]);
        assert_eq!(list, [Alias::own(Predicate::FinDelJuego), a, b]);
        let c = Alias::parse("finDelJuego=finDelJuego(1,3,2)").unwrap();
        assert_eq!(candidates(std::slice::from_ref(&c)), [c]);
        assert!(candidates(&[]).is_empty());
    }
}
