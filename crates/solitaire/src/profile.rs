//! The two pawn rules, as named rule profiles.

use std::fmt;

/// A rule profile: which way pawns capture. Everything else is the same in
/// both.
///
/// The names are a contract: they appear in every JSON document
/// (`"rules": "codegolf"`) and on the command line.
///
/// # Examples
///
/// ```
/// use asalto_solitaire::Profile;
///
/// assert_eq!(Profile::default(), Profile::Codegolf);
/// assert_eq!(Profile::from_name("thinkfun"), Some(Profile::Thinkfun));
/// assert_eq!(Profile::Thinkfun.name(), "thinkfun");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub enum Profile {
    /// The programming challenge's rule, the default: a pawn captures one
    /// square diagonally in any of the four directions (like a ferz).
    #[default]
    Codegolf,
    /// The commercial puzzle's rule (ThinkFun, 2010): a pawn captures one
    /// square diagonally upwards only, towards rank 4.
    Thinkfun,
}

impl Profile {
    /// Every profile, the default first.
    pub const ALL: [Profile; 2] = [Profile::Codegolf, Profile::Thinkfun];

    /// The stable name: `codegolf` or `thinkfun`.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Codegolf => "codegolf",
            Profile::Thinkfun => "thinkfun",
        }
    }

    /// The profile with this name.
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }

    /// How its pawns capture, in a phrase.
    pub const fn pawn_rule(self) -> &'static str {
        match self {
            Profile::Codegolf => "one square diagonally, in any of the four directions",
            Profile::Thinkfun => "one square diagonally upwards (towards rank 4) only",
        }
    }

    /// The other profile.
    pub const fn other(self) -> Profile {
        match self {
            Profile::Codegolf => Profile::Thinkfun,
            Profile::Thinkfun => Profile::Codegolf,
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A profile serializes as its name.
impl serde::Serialize for Profile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}
