//! `--predicate` for Mad Bishops: a predicate of the interface graded
//! under the student's name, and argument order (`valid_moves=
//! movimentos`, `move=mover(2,1,3)`), as Go's (`crate::grade::go::alias`)
//! does for Go; turned into the driver's `--graded=` options.

/// The interface: name, arity.
pub const PREDICATES: [(&str, u8); 4] = [
    ("valid_moves", 3),
    ("move", 3),
    ("game_over", 2),
    ("display_game", 2),
];

/// One `--predicate`: the interface's predicate, the student's name, and
/// which of the interface's arguments goes in each of its places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The interface's name.
    pub own: &'static str,
    /// Its arity.
    pub arity: u8,
    /// The student's name.
    pub name: String,
    /// The order.
    pub order: Vec<u8>,
}

impl Alias {
    /// Read `OWN=NAME` or `OWN=NAME(ORDER)`.
    ///
    /// # Errors
    ///
    /// A message for the user.
    pub fn parse(spec: &str) -> Result<Alias, String> {
        let fail = |why: String| {
            format!(
                "--predicate {}: {why}; write PREDICATE=NAME, or PREDICATE=NAME(ORDER) when the arguments come in another order (move=mover(2,1,3): the board first)",
                crate::text::escape_line(&crate::text::cap(spec, 80))
            )
        };
        let (left, right) = spec
            .split_once('=')
            .ok_or_else(|| fail("no `=`".to_string()))?;
        let left = left.trim();
        let left = left.split_once('/').map_or(left, |(n, _)| n);
        let (own, arity) = PREDICATES
            .iter()
            .copied()
            .find(|(n, _)| *n == left)
            .ok_or_else(|| {
                fail(format!(
                    "`{}` is not a predicate of the interface (valid_moves, move, game_over, display_game)",
                    crate::text::cap(left, 40)
                ))
            })?;
        let right = right.trim();
        let (name, order) = match right.strip_suffix(')').and_then(|r| r.split_once('(')) {
            Some((name, list)) => {
                let order: Option<Vec<u8>> =
                    list.split(',').map(|n| n.trim().parse().ok()).collect();
                let order = order
                    .filter(|o| {
                        let mut s = o.clone();
                        s.sort_unstable();
                        s.iter().copied().eq(1..=arity)
                    })
                    .ok_or_else(|| fail(format!("({list}) must list each of 1..{arity} once")))?;
                (name, order)
            }
            None => (right, (1..=arity).collect()),
        };
        let name = name.split_once('/').map_or(name, |(n, _)| n);
        let mut chars = name.chars();
        let plain = chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
            && name.len() <= 100;
        if !plain {
            return Err(fail(format!(
                "`{}` is not a plain Prolog name",
                crate::text::cap(name, 40)
            )));
        }
        Ok(Alias {
            own,
            arity,
            name: name.to_string(),
            order,
        })
    }

    fn driver_arg(&self) -> String {
        let order: Vec<String> = self.order.iter().map(u8::to_string).collect();
        format!(
            "--graded={}/{}:{}:{}",
            self.own,
            self.arity,
            self.name,
            order.join(",")
        )
    }
}

/// The driver's `--graded=` options: for each predicate given an alias,
/// its own name first (unless an alias reuses it), then the aliases.
pub fn driver_args(aliases: &[Alias]) -> Vec<String> {
    let mut out = Vec::new();
    for (own, arity) in PREDICATES {
        let mine: Vec<&Alias> = aliases.iter().filter(|a| a.own == own).collect();
        if mine.is_empty() {
            continue;
        }
        if !mine.iter().any(|a| a.name == own) {
            out.push(
                Alias {
                    own,
                    arity,
                    name: own.to_string(),
                    order: (1..=arity).collect(),
                }
                .driver_arg(),
            );
        }
        for a in mine {
            let arg = a.driver_arg();
            if !out.contains(&arg) {
                out.push(arg);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_names_and_orders() {
        let a = Alias::parse("valid_moves=movimentos").unwrap();
        let b = Alias::parse("move=mover(2,1,3)").unwrap();
        assert_eq!(
            driver_args(&[a, b]),
            [
                "--graded=valid_moves/3:valid_moves:1,2,3",
                "--graded=valid_moves/3:movimentos:1,2,3",
                "--graded=move/3:move:1,2,3",
                "--graded=move/3:mover:2,1,3",
            ]
        );
        for bad in ["x=y", "move=Mover", "move=m(1,1,2)", "move"] {
            assert!(Alias::parse(bad).is_err(), "{bad}");
        }
    }
}
