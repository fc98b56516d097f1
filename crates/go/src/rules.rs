//! Rule profiles as named data: which moves are legal, when the game ends,
//! how it is scored. The engine reads the fields; it never matches on a
//! profile's name.

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// None: an immediate recapture is legal and positions may repeat (the
    /// 2019 assignment).
    None,
    /// No immediate recapture of a single stone that just captured a single
    /// stone (the SGF and Japanese/AGA-style default).
    Simple,
    /// No move may recreate a whole-board position seen before in the game
    /// (Tromp–Taylor, Chinese-style).
    PositionalSuperko,
}

/// Whether a move may leave its own group without liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// Refused, after captures are made (the new stone captures first).
    Illegal,
    /// Played: the group without liberties is removed. A single stone's
    /// suicide repeats the position, so positional superko refuses it.
    Allowed,
}

/// How a finished game is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counting {
    /// Area: each side's living stones plus the empty points it surrounds
    /// (Chinese, AGA, Ing, New Zealand, Tromp–Taylor, the 2019
    /// assignment).
    Area,
    /// Territory: the empty points each side surrounds plus its prisoners
    /// (the stones it captured and the dead stones left on the board);
    /// Japanese and Korean rules.
    Territory,
}

/// A rule set as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Repetitions forbidden.
    pub ko: KoRule,
    /// Suicide.
    pub suicide: Suicide,
    /// Whether two passes in a row end the game (a move after them is
    /// `game-over`). Profiles for Japanese-style records say no: play may
    /// resume after passes to settle a dispute.
    pub two_passes_end: bool,
    /// Whether `KM` counts. The assignment's score has no komi.
    pub komi_counts: bool,
    /// How the end position is counted.
    pub counting: Counting,
}

asalto_core::codes! {
    /// A named rule profile. The names are a contract: they appear in every
    /// JSON document and on the command line.
    #[non_exhaustive]
    pub enum Profile {
        /// The 2019 assignment: captures first, suicide illegal, no ko rule,
        /// two passes end the game, area score with no komi.
        Seed2019 = "seed-2019",
        /// The SGF default: simple ko, suicide illegal, komi from `KM`.
        SimpleKo = "simple-ko",
        /// Positional superko, suicide illegal, komi from `KM`.
        PositionalSuperko = "positional-superko",
        /// Tromp–Taylor: positional superko, suicide allowed, two passes end
        /// the game, area score with komi from `KM`.
        TrompTaylor = "tromp-taylor",
    }
}

impl Profile {
    /// The profile of SGF files when none is asked for.
    pub const SGF_DEFAULT: Profile = Profile::SimpleKo;

    /// The stable name (the code).
    pub const fn name(self) -> &'static str {
        self.code()
    }

    /// The profile of a name.
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::from_code(name)
    }

    /// One sentence for `--help` and reports.
    pub const fn summary(self) -> &'static str {
        match self {
            Profile::Seed2019 => {
                "the 2019 assignment: captures first, suicide illegal, no ko rule, two passes end the game, area score without komi"
            }
            Profile::SimpleKo => {
                "simple ko, suicide illegal, komi from KM, play may go on after two passes"
            }
            Profile::PositionalSuperko => {
                "positional superko, suicide illegal, komi from KM, play may go on after two passes"
            }
            Profile::TrompTaylor => {
                "Tromp-Taylor: positional superko, suicide allowed, two passes end the game, area score with komi from KM"
            }
        }
    }

    /// The rules, as data.
    pub const fn rules(self) -> Rules {
        match self {
            Profile::Seed2019 => Rules {
                ko: KoRule::None,
                suicide: Suicide::Illegal,
                two_passes_end: true,
                komi_counts: false,
                counting: Counting::Area,
            },
            Profile::SimpleKo => Rules {
                ko: KoRule::Simple,
                suicide: Suicide::Illegal,
                two_passes_end: false,
                komi_counts: true,
                counting: Counting::Area,
            },
            Profile::PositionalSuperko => Rules {
                ko: KoRule::PositionalSuperko,
                suicide: Suicide::Illegal,
                two_passes_end: false,
                komi_counts: true,
                counting: Counting::Area,
            },
            Profile::TrompTaylor => Rules {
                ko: KoRule::PositionalSuperko,
                suicide: Suicide::Allowed,
                two_passes_end: true,
                komi_counts: true,
                counting: Counting::Area,
            },
        }
    }
}
