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

impl Counting {
    /// `area` or `territory`: the stable name in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Counting::Area => "area",
            Counting::Territory => "territory",
        }
    }
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
        /// Japanese rules (Nihon Ki-in 1989): simple ko, suicide illegal,
        /// play may go on after passes, territory counting with komi.
        Japanese = "japanese",
        /// Korean rules: as Japanese for what the toolkit judges.
        Korean = "korean",
        /// Chinese rules: positional superko, suicide illegal, area
        /// counting with komi.
        Chinese = "chinese",
        /// AGA rules: positional superko (the AGA's own rule is
        /// situational; see [`Profile::rules`]), suicide illegal, area
        /// counting with komi.
        Aga = "aga",
        /// Ing (Goe) rules: positional superko, suicide of more than one
        /// stone allowed, area counting with komi.
        Ing = "ing",
        /// New Zealand rules: positional superko, suicide allowed, area
        /// counting with komi.
        NewZealand = "new-zealand",
    }
}

/// Where the profile that judged a game came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RulesFrom {
    /// `--rules` (or the library's [`crate::CheckOptions::profile`]).
    Option,
    /// The record's `RU`.
    File,
    /// Neither: [`Profile::SGF_DEFAULT`] (the `RU` is absent or names no
    /// rule set the toolkit knows).
    Default,
}

impl RulesFrom {
    /// `option`, `file` or `default`: the stable name in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            RulesFrom::Option => "option",
            RulesFrom::File => "file",
            RulesFrom::Default => "default",
        }
    }
}

/// The spellings of rule sets written in `RU`, folded (lowercase, with
/// spaces, `-`, `_`, `.` and `'` left out), and their profiles: those of
/// the SGF specification (`AGA`, `GOE`, `Japanese`, `NZ`), of the servers
/// and programs whose files the tests hold (GNU Go, Fox, Sabaki, KGS's
/// `Japanese`, `Chinese`, `AGA`, `New Zealand`), CGOS's `Tromp-Taylor`,
/// and the toolkit's own profile names (its `selfplay` writes them).
const RU_SPELLINGS: &[(&str, Profile)] = &[
    ("japanese", Profile::Japanese),
    ("jp", Profile::Japanese),
    ("jpn", Profile::Japanese),
    ("japan", Profile::Japanese),
    ("nihonkiin", Profile::Japanese),
    ("korean", Profile::Korean),
    ("kr", Profile::Korean),
    ("kor", Profile::Korean),
    ("korea", Profile::Korean),
    ("chinese", Profile::Chinese),
    ("cn", Profile::Chinese),
    ("chn", Profile::Chinese),
    ("china", Profile::Chinese),
    ("aga", Profile::Aga),
    ("bga", Profile::Aga),
    ("goe", Profile::Ing),
    ("ing", Profile::Ing),
    ("ings", Profile::Ing),
    ("nz", Profile::NewZealand),
    ("newzealand", Profile::NewZealand),
    ("tromptaylor", Profile::TrompTaylor),
    ("tt", Profile::TrompTaylor),
    ("seed2019", Profile::Seed2019),
    ("simpleko", Profile::SimpleKo),
    ("positionalsuperko", Profile::PositionalSuperko),
];

/// The longest `RU` value looked up: longer text names no rule set.
const RU_LONGEST: usize = 40;

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

    /// The profile of a rule set as an SGF file's `RU` names it, in any
    /// of the spellings files use (`Japanese`, `JP`, `Chinese`, `CN`,
    /// `AGA`, `GOE`, `Ing`, `NZ`, `New Zealand`, `Tromp-Taylor`, `TT`,
    /// the toolkit's profile names...), case and punctuation aside.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_go::Profile;
    ///
    /// assert_eq!(Profile::from_ru("Japanese"), Some(Profile::Japanese));
    /// assert_eq!(Profile::from_ru("New Zealand"), Some(Profile::NewZealand));
    /// assert_eq!(Profile::from_ru("tromp-taylor"), Some(Profile::TrompTaylor));
    /// assert_eq!(Profile::from_ru("house rules"), None);
    /// ```
    pub fn from_ru(ru: &str) -> Option<Profile> {
        let ru = ru.trim();
        if ru.len() > RU_LONGEST {
            return None;
        }
        let folded: String = ru
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_' | '.' | '\'' | '\t'))
            .flat_map(char::to_lowercase)
            .collect();
        let find = |folded: &str| {
            RU_SPELLINGS
                .iter()
                .find(|(spelling, _)| *spelling == folded)
                .map(|&(_, profile)| profile)
        };
        // `Japanese 1989`, `Chinese rules`: the edition's year aside.
        let edition = folded.trim_end_matches(|c: char| c.is_ascii_digit());
        let edition = edition.strip_suffix("rules").unwrap_or(edition);
        find(&folded).or_else(|| find(edition))
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
            Profile::Japanese => {
                "Japanese: simple ko, suicide illegal, play may go on after passes, territory counting with komi"
            }
            Profile::Korean => {
                "Korean: simple ko, suicide illegal, play may go on after passes, territory counting with komi"
            }
            Profile::Chinese => {
                "Chinese: positional superko, suicide illegal, play may go on after passes, area counting with komi"
            }
            Profile::Aga => {
                "AGA: positional superko (for the AGA's situational), suicide illegal, play may go on after passes, area counting with komi"
            }
            Profile::Ing => {
                "Ing (Goe): positional superko, suicide allowed, play may go on after passes, area counting with komi"
            }
            Profile::NewZealand => {
                "New Zealand: positional superko, suicide allowed, play may go on after passes, area counting with komi"
            }
        }
    }

    /// The points White receives besides komi in a game of `handicap`
    /// stones, under the profile's own rules: Chinese area counting gives
    /// White one point per handicap stone, the AGA's one per stone after
    /// the first (each handicap stone is a point of Black's area that
    /// territory counting would not give). None under the other profiles
    /// (territory counting needs none).
    pub const fn handicap_compensation(self, handicap: u32) -> u32 {
        match self {
            Profile::Chinese if handicap > 1 => handicap,
            Profile::Aga if handicap > 1 => handicap - 1,
            _ => 0,
        }
    }

    /// The rules, as data.
    ///
    /// The profiles of rule sets played by people (`japanese`, `korean`,
    /// `chinese`, `aga`, `ing`, `new-zealand`) let play go on after two
    /// passes: records of their games resume to settle a dispute about
    /// life and death. Their superko is positional: the engine keeps one
    /// kind of superko, and the situational one of the AGA (a position may
    /// come again with the other colour to move) refuses a subset of the
    /// moves positional superko refuses, so a legal AGA game is very
    /// rarely flagged (a repetition with the other side to move, which
    /// real games all but never reach).
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
            Profile::Japanese | Profile::Korean => Rules {
                ko: KoRule::Simple,
                suicide: Suicide::Illegal,
                two_passes_end: false,
                komi_counts: true,
                counting: Counting::Territory,
            },
            Profile::Chinese | Profile::Aga => Rules {
                ko: KoRule::PositionalSuperko,
                suicide: Suicide::Illegal,
                two_passes_end: false,
                komi_counts: true,
                counting: Counting::Area,
            },
            Profile::Ing | Profile::NewZealand => Rules {
                ko: KoRule::PositionalSuperko,
                suicide: Suicide::Allowed,
                two_passes_end: false,
                komi_counts: true,
                counting: Counting::Area,
            },
        }
    }
}
