//! The checks a grader makes: Asalto's [`Kind`]s, the [`CheckKind`] every
//! assignment's checks implement (Go's and Solitaire Chess's too), and
//! their [`Weights`].

use std::collections::BTreeMap;

use serde::Serialize;

/// A kind of check. Each has a weight; a submission's score is the
/// weighted share of games in which each kind passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// The program starts, shows its menu, and runs the whole session
    /// without crashing, hanging, flooding its output, closing its input or
    /// printing bytes that are not UTF-8.
    Runs,
    /// `Turno:` names the side to move, on every screen.
    Turn,
    /// The moves listed after `Jugadas posibles` are exactly the legal moves,
    /// on every screen, and the typed moves are accepted.
    Moves,
    /// An illegal move typed on purpose is refused, and the same side is
    /// asked again.
    Illegal,
    /// The board drawing shows the pieces on the right points.
    Board,
    /// The end of a game is announced when, and only when, it comes, with
    /// the right winner.
    End,
    /// The save entry writes the game played, full moves, one per line.
    Save,
    /// The load entry reads a record and shows the right position.
    Load,
    /// The quit entry ends the program cleanly, leaving no processes behind.
    Quit,
    /// With `--ai`: AZAR officers and BASICO rebels play a whole legal game
    /// whose rebel moves are all BASICO choices.
    Ai,
}

impl Kind {
    /// Every kind, in report order.
    pub const ALL: [Kind; 10] = [
        Kind::Runs,
        Kind::Turn,
        Kind::Moves,
        Kind::Illegal,
        Kind::Board,
        Kind::End,
        Kind::Save,
        Kind::Load,
        Kind::Quit,
        Kind::Ai,
    ];

    /// The name used in reports and in `--weights`.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Runs => "runs",
            Kind::Turn => "turn",
            Kind::Moves => "moves",
            Kind::Board => "board",
            Kind::End => "end",
            Kind::Save => "save",
            Kind::Load => "load",
            Kind::Quit => "quit",
            Kind::Ai => "ai",
            Kind::Illegal => "illegal",
        }
    }

    /// What the check requires, in a line.
    pub const fn describe(self) -> &'static str {
        match self {
            Kind::Runs => {
                "runs the session: no crash, hang, flood, closed input or non-UTF-8 output"
            }
            Kind::Turn => "`Turno:` names the side to move",
            Kind::Moves => "lists exactly the legal moves and accepts them",
            Kind::Board => "draws the pieces on the right points",
            Kind::End => "announces the end of a game, and the winner, exactly when it comes",
            Kind::Save => "saves the game played, full moves, one per line",
            Kind::Load => "loads a record and shows its position and moves",
            Kind::Quit => "quits when asked, leaving no processes behind",
            Kind::Ai => "AZAR officers and BASICO rebels play a legal game by themselves",
            Kind::Illegal => "refuses an illegal move and asks the same side again",
        }
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The default weight.
    pub const fn default_weight(self) -> f64 {
        match self {
            Kind::Runs => 2.0,
            Kind::Turn => 2.0,
            Kind::Moves => 6.0,
            Kind::Board => 1.0,
            Kind::End => 3.0,
            Kind::Save => 2.0,
            Kind::Load => 2.0,
            Kind::Quit => 2.0,
            Kind::Ai => 4.0,
            Kind::Illegal => 2.0,
        }
    }
}

impl CheckKind for Kind {
    const ALL: &'static [Kind] = &Kind::ALL;
    const RUNS: Kind = Kind::Runs;

    fn name(self) -> &'static str {
        Kind::name(self)
    }

    fn describe(self) -> &'static str {
        Kind::describe(self)
    }

    fn default_weight(self) -> f64 {
        Kind::default_weight(self)
    }
}

/// The checks of one game's grading (Asalto's [`Kind`], Go's
/// [`go::GoKind`]): what reports, weights and the partial-credit policy
/// need to know of them.
pub trait CheckKind:
    Copy + Ord + std::hash::Hash + std::fmt::Debug + Serialize + Send + Sync + 'static
{
    /// Every kind, in report order.
    const ALL: &'static [Self];
    /// The check charged when the program itself fails (crash, hang, does
    /// not load): failures of other checks are named before it.
    const RUNS: Self;
    /// The name used in reports and in `--weights`.
    fn name(self) -> &'static str;
    /// What the check requires, in a line.
    fn describe(self) -> &'static str;
    /// The default weight.
    fn default_weight(self) -> f64;
    /// The kind named `name`.
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.name() == name)
    }
}

/// The weight of each kind of check.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights<K: CheckKind = Kind>(BTreeMap<K, f64>);

impl<K: CheckKind> Default for Weights<K> {
    fn default() -> Weights<K> {
        Weights(K::ALL.iter().map(|&k| (k, k.default_weight())).collect())
    }
}

impl<K: CheckKind> Weights<K> {
    /// The weight of `kind`.
    pub fn get(&self, kind: K) -> f64 {
        self.0.get(&kind).copied().unwrap_or(0.0)
    }

    /// Set the weight of `kind`.
    pub fn set(&mut self, kind: K, weight: f64) {
        self.0.insert(kind, weight);
    }

    /// The defaults changed by `spec`: `moves=8,board=0`.
    ///
    /// # Errors
    ///
    /// An unknown kind, or a weight that is not a number of zero or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto::grade::{Kind, Weights};
    ///
    /// let w = Weights::<Kind>::parse("moves=8, board=0").unwrap();
    /// assert_eq!(w.get(Kind::Moves), 8.0);
    /// assert_eq!(w.get(Kind::Board), 0.0);
    /// assert_eq!(w.get(Kind::Save), 2.0);
    /// assert!(Weights::<Kind>::parse("speed=1").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Weights<K>, String> {
        let mut weights = Weights::<K>::default();
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("`{item}`: expected KIND=WEIGHT"))?;
            let kind = K::from_name(name.trim()).ok_or_else(|| {
                let names: Vec<&str> = K::ALL.iter().map(|k| k.name()).collect();
                format!(
                    "`{}`: unknown check; the checks are {}",
                    name.trim(),
                    names.join(", ")
                )
            })?;
            let value: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("`{item}`: the weight must be a number, 0 or more"))?;
            weights.set(kind, value);
        }
        Ok(weights)
    }

    /// `(kind, weight)` in report order.
    pub fn iter(&self) -> impl Iterator<Item = (K, f64)> + '_ {
        K::ALL.iter().map(|&k| (k, self.get(k)))
    }
}
