//! The two sides: officers and rebels.

use std::fmt;

/// A side of the game.
///
/// # Examples
///
/// ```
/// use asalto_asalto::Side;
///
/// assert_eq!(Side::Officers.opponent(), Side::Rebels);
/// assert_eq!(Side::Rebels.letter(), 'R');
/// assert_eq!(Side::Officers.to_string(), "officers");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Side {
    /// The two officers defending the castle. They move first.
    Officers,
    /// The 24 rebels assaulting it.
    Rebels,
}

impl Side {
    /// Both sides, officers first.
    pub const ALL: [Side; 2] = [Side::Officers, Side::Rebels];

    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Officers => Side::Rebels,
            Side::Rebels => Side::Officers,
        }
    }

    /// The letter used in position strings and board drawings: `O` or `R`.
    pub const fn letter(self) -> char {
        match self {
            Side::Officers => 'O',
            Side::Rebels => 'R',
        }
    }

    /// The side named by a position-string letter.
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'O' => Some(Side::Officers),
            'R' => Some(Side::Rebels),
            _ => None,
        }
    }

    /// The stable lower-case name used in JSON: `officers` or `rebels`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Officers => "officers",
            Side::Rebels => "rebels",
        }
    }

    /// The assignment's Spanish name, as printed after `Turno:`.
    pub const fn spanish(self) -> &'static str {
        match self {
            Side::Officers => "OFICIALES",
            Side::Rebels => "REBELDES",
        }
    }

    /// Which side moves at ply `n` (0-based) of a game from the start.
    pub const fn at_ply(n: usize) -> Side {
        if n % 2 == 0 {
            Side::Officers
        } else {
            Side::Rebels
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A value per side, indexed by [`Side`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySide<T> {
    /// The officers' value.
    pub officers: T,
    /// The rebels' value.
    pub rebels: T,
}

impl<T> BySide<T> {
    /// The value of `side`.
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::Officers => &self.officers,
            Side::Rebels => &self.rebels,
        }
    }

    /// The value of `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Officers => &mut self.officers,
            Side::Rebels => &mut self.rebels,
        }
    }
}
