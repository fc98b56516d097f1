//! The two sides: red and blue.

use std::fmt;
use std::str::FromStr;

/// A side of the game.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::Side;
///
/// assert_eq!(Side::Red.opponent(), Side::Blue);
/// assert_eq!(Side::Blue.letter(), 'B');
/// assert_eq!("red".parse::<Side>(), Ok(Side::Red));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Side {
    /// Red: the report's player 2, code 2 on its board, first to move in the
    /// report.
    Red,
    /// Blue: the report's player 1, code 3 on its board.
    Blue,
}

impl Side {
    /// Both sides, red first.
    pub const ALL: [Side; 2] = [Side::Red, Side::Blue];

    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// The letter of position strings and drawings: `R` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Side::Red => 'R',
            Side::Blue => 'B',
        }
    }

    /// The side named by a position-string letter.
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'R' => Some(Side::Red),
            'B' => Some(Side::Blue),
            _ => None,
        }
    }

    /// The stable lower-case name of JSON and of the report's `PLAYER:`
    /// line: `red` or `blue`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Blue => "blue",
        }
    }

    /// The side with this name.
    pub fn from_name(name: &str) -> Option<Side> {
        match name {
            "red" => Some(Side::Red),
            "blue" => Some(Side::Blue),
            _ => None,
        }
    }

    /// The report's board code of this side's bishops: 2 for red, 3 for
    /// blue.
    pub const fn code(self) -> u8 {
        match self {
            Side::Red => 2,
            Side::Blue => 3,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Side {
    type Err = String;

    fn from_str(s: &str) -> Result<Side, String> {
        Side::from_name(s).ok_or_else(|| format!("`{s}`: expected `red` or `blue`"))
    }
}

impl serde::Serialize for Side {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A value per side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BySide<T> {
    /// Red's value.
    pub red: T,
    /// Blue's value.
    pub blue: T,
}

impl<T> BySide<T> {
    /// The value of `side`.
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::Red => &self.red,
            Side::Blue => &self.blue,
        }
    }

    /// The value of `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::Red => &mut self.red,
            Side::Blue => &mut self.blue,
        }
    }
}
