//! The two rule profiles.

use std::fmt;
use std::str::FromStr;

/// The rule set a game is played under. Its [`name`](Profile::name) is a
/// stable contract (`rules` in JSON, `--rules` on the command line).
///
/// Both profiles share the board, the bishop's slide and capture by
/// replacement; they differ in which non-capturing moves exist.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::Profile;
///
/// assert_eq!(Profile::default(), Profile::Steere);
/// assert_eq!("report".parse::<Profile>(), Ok(Profile::Report));
/// assert_eq!(Profile::Report.name(), "report");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub enum Profile {
    /// The designer's rules (Mark Steere, 2010): a move is a capture, or a
    /// non-capturing move by a bishop that has no capture, to a square from
    /// which it attacks at least one enemy bishop ("engaging"). A bishop
    /// that can capture may only capture; a player who has both kinds of
    /// move (with different bishops) chooses freely.
    ///
    /// The default, because it is the designer's rule.
    #[default]
    Steere,
    /// The course report as written: a bishop that can capture must capture
    /// if it is moved; every other bishop slides freely to any empty square
    /// it reaches.
    Report,
}

impl Profile {
    /// Both profiles.
    pub const ALL: [Profile; 2] = [Profile::Steere, Profile::Report];

    /// The stable name: `steere` or `report`.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Steere => "steere",
            Profile::Report => "report",
        }
    }

    /// The profile with this name.
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }

    /// One sentence on what a legal move is under this profile.
    pub const fn describe(self) -> &'static str {
        match self {
            Profile::Steere => {
                "a move is a capture, or a move by a bishop that cannot capture to a square \
                 from which it attacks an enemy bishop"
            }
            Profile::Report => {
                "a bishop that can capture must capture if it moves; other bishops move freely"
            }
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Profile {
    type Err = String;

    fn from_str(s: &str) -> Result<Profile, String> {
        Profile::from_name(s).ok_or_else(|| format!("`{s}`: expected `steere` or `report`"))
    }
}

impl serde::Serialize for Profile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}
