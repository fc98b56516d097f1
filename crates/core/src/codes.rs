//! Stable codes, declared once per enum: reason codes of problems, outcome
//! reasons, profile names. Each game lists its variants with their codes;
//! the lookup both ways and the `Display` are the same for all.

/// An enum of stable codes: the variants with their code strings, plus
/// `ALL` (every variant, in the order written), `code()`, `from_code()` and
/// a `Display` that writes the code.
///
/// The enum derives `Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd,
/// Ord`; other attributes (`#[non_exhaustive]`, docs) are passed through.
///
/// # Examples
///
/// ```
/// asalto_core::codes! {
///     /// Why a move is refused.
///     #[non_exhaustive]
///     pub enum Reason {
///         /// The point is taken.
///         Occupied = "occupied",
///         /// The stone would have no liberty.
///         Suicide = "suicide",
///     }
/// }
///
/// assert_eq!(Reason::Suicide.code(), "suicide");
/// assert_eq!(Reason::from_code("occupied"), Some(Reason::Occupied));
/// assert_eq!(Reason::from_code("ko"), None);
/// assert_eq!(Reason::ALL, [Reason::Occupied, Reason::Suicide]);
/// assert_eq!(Reason::Suicide.to_string(), "suicide");
/// ```
#[macro_export]
macro_rules! codes {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $code:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            /// Every value, in the order of the documentation.
            pub const ALL: [$name; [$(stringify!($variant)),+].len()] = [$($name::$variant),+];

            /// The stable code.
            pub const fn code(self) -> &'static str {
                match self {
                    $( $name::$variant => $code, )+
                }
            }

            /// The value with this code.
            pub fn from_code(code: &str) -> ::core::option::Option<$name> {
                $name::ALL.into_iter().find(|v| v.code() == code)
            }
        }

        impl ::core::fmt::Display for $name {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.code())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::codes! {
        /// Test codes.
        enum Colour {
            /// First.
            Black = "black",
            /// Second.
            White = "white",
        }
    }

    #[test]
    fn codes_round_trip_and_are_distinct() {
        for c in Colour::ALL {
            assert_eq!(Colour::from_code(c.code()), Some(c));
        }
        assert_eq!(Colour::ALL.len(), 2);
        assert!(Colour::Black < Colour::White);
        assert_eq!(format!("{}", Colour::White), "white");
    }
}
