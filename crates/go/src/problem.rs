//! Problems found in a record, as typed values, and the one place where
//! they become words: the stable codes, messages, labels and help.
//!
//! The span, severity and problem types are the workspace's
//! (`asalto_core`); this file holds Go's kinds and their words.

use crate::illegal::IllegalMoveKind;
use crate::point::Move;
use crate::side::Side;

pub use asalto_core::{Severity, Span};

/// One problem of a record: `asalto_core`'s problem with Go's kinds.
pub type Problem = asalto_core::Problem<Issue>;

/// The problems of a file or of a line: the first
/// [`PROBLEMS_KEPT`](asalto_core::capped::PROBLEMS_KEPT) kept whole, the
/// others counted by severity and code (a broken record can have a
/// problem on every move; a report of one is bounded all the same).
pub type Problems = asalto_core::capped::Problems<Issue>;

/// A syntax fault of an SGF file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SyntaxKind {
    /// No `(` in the file.
    NoGameTree,
    /// Text before the first `(` (lenient: skipped).
    LeadingText,
    /// Text after the last game tree (lenient: ignored).
    TrailingText,
    /// A game tree never closed (lenient: closed at the end of the file).
    UnclosedTree,
    /// The file starts with a node `;` and no `(` (lenient: read as if
    /// the `(` were there).
    UnopenedTree,
    /// A `)` with no open game tree (lenient: ignored).
    ExtraParen,
    /// `()` or a game tree that does not start with a node.
    EmptyTree,
    /// A node with no property (`;;`): valid SGF, reported as a warning.
    EmptyNode,
    /// Properties right after `(`, with no `;` to start the node (lenient:
    /// read as a node, as Nihon Ki-in files need).
    MissingSemicolon,
    /// A character that cannot start anything here.
    Unexpected(char),
    /// A property name with no `[value]`.
    MissingValue,
    /// A `[` never closed: the end of the file cuts the value (lenient:
    /// the property is dropped and the file read as ending there).
    UnterminatedValue,
    /// A text of 4 GiB or more: not read (the parsed tree keeps byte
    /// offsets in 32 bits).
    TooLong,
}

/// What a problem is about.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Issue {
    /// The file's structure.
    Syntax(SyntaxKind),
    /// The charset is unknown, or the bytes are not in it.
    Charset {
        /// The `CA` value, if any.
        declared: Option<String>,
        /// The charset the text was read in.
        used: &'static str,
        /// Whether `used` was guessed from the bytes (no `CA`, not UTF-8).
        guessed: bool,
    },
    /// `GM` is not 1.
    NotGo {
        /// The `GM` value.
        value: String,
    },
    /// `SZ` is not a square size of 1..=25.
    UnsupportedSize {
        /// The `SZ` value.
        value: String,
    },
    /// A property value that cannot be read.
    BadValue {
        /// The property.
        property: String,
        /// Its value.
        value: String,
        /// What it should be.
        expected: &'static str,
    },
    /// A point written past the board (setup, or a move whose letters no
    /// board of 25 or fewer points has).
    OffBoardValue {
        /// The property.
        property: String,
        /// Its value.
        value: String,
    },
    /// An illegal move.
    Illegal {
        /// Why.
        kind: IllegalMoveKind,
        /// The colour that moved.
        side: Side,
        /// The move.
        mv: Move,
    },
    /// Setup leaves a group without liberties.
    SetupOutsideRules,
    /// Two moves in one node.
    TwoMovesInNode,
    /// `HA` and the handicap stones set up differ.
    HandicapMismatch {
        /// `HA`.
        handicap: u32,
        /// Black stones set up in the root.
        stones: u32,
    },
    /// `HA` without `AB`, and White moves first: the stones were put on
    /// their standard points.
    ImpliedHandicap {
        /// `HA`.
        handicap: u32,
    },
    /// `all_variations` stopped: the tree has more lines than are worth
    /// replaying from the root one by one.
    TooManyVariations {
        /// Lines replayed before stopping.
        replayed: usize,
    },
    /// The line asked for (`--variation`) is not in the first game tree.
    NoVariation {
        /// The line asked for (0: the main line).
        asked: usize,
        /// The lines the tree has.
        lines: usize,
    },
    /// A counted `RE` and the count of the final position, dead stones
    /// judged, disagree: another winner, or margins more than
    /// [`crate::result::TOLERANCE`] apart.
    ResultMismatch {
        /// The `RE` value.
        written: String,
        /// Black's points under `counting`.
        black: u32,
        /// White's points under `counting`.
        white: u32,
        /// The komi counted.
        komi: f64,
        /// How the points were counted.
        counting: crate::rules::Counting,
        /// Stones judged dead (of both colours).
        dead: u32,
    },
    /// `RU` names no rule set the toolkit knows: the record is judged
    /// under the default profile.
    UnknownRules {
        /// The `RU` value.
        value: String,
        /// The profile used instead.
        used: &'static str,
    },
    /// `KM` was read as hundredths of a point (`KM[650]` is 6.5), or, in
    /// the Fox server's Chinese records, as stones (`KM[375]` is 7.5
    /// points).
    KomiScaled {
        /// The `KM` value.
        written: String,
        /// The komi read.
        komi: f64,
    },
}

impl Issue {
    /// The colour of the move a problem is about: the side of an illegal
    /// move, or the property (`B`, `W`) of a move that cannot be read.
    pub fn mover(&self) -> Option<Side> {
        match self {
            Issue::Illegal { side, .. } => Some(*side),
            Issue::BadValue { property, .. } | Issue::OffBoardValue { property, .. } => {
                match property.as_str() {
                    "B" => Some(Side::Black),
                    "W" => Some(Side::White),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The stable code.
    pub fn code(&self) -> &'static str {
        match self {
            Issue::Syntax(k) => match k {
                SyntaxKind::LeadingText => "leading-text",
                SyntaxKind::TrailingText => "trailing-text",
                SyntaxKind::UnclosedTree => "unclosed-tree",
                SyntaxKind::UnopenedTree => "unopened-tree",
                SyntaxKind::ExtraParen => "extra-paren",
                SyntaxKind::EmptyNode => "empty-node",
                SyntaxKind::MissingSemicolon => "missing-semicolon",
                _ => "syntax",
            },
            Issue::Charset { .. } => "charset",
            Issue::NotGo { .. } => "not-go",
            Issue::UnsupportedSize { .. } => "unsupported-size",
            Issue::BadValue { .. } => "bad-value",
            Issue::OffBoardValue { .. } => "off-board",
            Issue::Illegal { kind, .. } => kind.code(),
            Issue::SetupOutsideRules => "setup-outside-rules",
            Issue::TwoMovesInNode => "two-moves-in-node",
            Issue::HandicapMismatch { .. } => "handicap-mismatch",
            Issue::TooManyVariations { .. } => "too-many-variations",
            Issue::NoVariation { .. } => "no-variation",
            Issue::ImpliedHandicap { .. } => "implied-handicap",
            Issue::ResultMismatch { .. } => "result-mismatch",
            Issue::UnknownRules { .. } => "unknown-rules",
            Issue::KomiScaled { .. } => "komi-scaled",
        }
    }

    /// The sentence of a report.
    pub fn message(&self) -> String {
        match self {
            Issue::Syntax(k) => match k {
                SyntaxKind::NoGameTree => "no game tree: an SGF file starts with `(;`".into(),
                SyntaxKind::LeadingText => "text before the first game tree".into(),
                SyntaxKind::TrailingText => "text after the last game tree".into(),
                SyntaxKind::UnclosedTree => "a game tree is not closed by `)`".into(),
                SyntaxKind::UnopenedTree => "the first game tree does not start with `(`".into(),
                SyntaxKind::ExtraParen => "a `)` closes no game tree".into(),
                SyntaxKind::EmptyTree => "a game tree without a node".into(),
                SyntaxKind::EmptyNode => "a node without properties".into(),
                SyntaxKind::MissingSemicolon => "a node must start with `;`".into(),
                SyntaxKind::Unexpected(c) => format!("unexpected {c:?}"),
                SyntaxKind::MissingValue => "a property without a value".into(),
                SyntaxKind::UnterminatedValue => "a value is not closed by `]`".into(),
                SyntaxKind::TooLong => "the text is 4 GiB or longer: not read".into(),
            },
            Issue::Charset {
                declared,
                used,
                guessed,
            } => match declared {
                Some(d) => format!("the text is not valid in charset {d:?}; read as {used}"),
                None if *guessed => format!(
                    "no charset given and the text is not UTF-8; read as {used}, guessed from its bytes"
                ),
                None => format!("no charset given and the text is not UTF-8; read as {used}"),
            },
            Issue::NotGo { value } => format!("GM[{value}] is not Go (GM[1])"),
            Issue::UnsupportedSize { value } => {
                format!("board size SZ[{value}] is not supported (square boards of 1 to 25)")
            }
            Issue::BadValue {
                property,
                value,
                expected,
            } => format!("{property}[{value}]: expected {expected}"),
            Issue::OffBoardValue { property, value } => {
                format!("{property}[{value}] is off the board")
            }
            // The side is not named here: every report puts the move
            // number and the side in front (`move 6 (white): ...`).
            Issue::Illegal { kind, mv, .. } => match mv {
                Move::Play(p) => format!("illegal move at {p}: {}", kind.message()),
                Move::Pass => format!("illegal pass: {}", kind.message()),
            },
            Issue::SetupOutsideRules => "the setup leaves a group without liberties".into(),
            Issue::TwoMovesInNode => "two moves in one node".into(),
            Issue::HandicapMismatch { handicap, stones } => {
                format!("HA[{handicap}] but {stones} black stones are set up")
            }
            Issue::ImpliedHandicap { handicap } => format!(
                "HA[{handicap}] without handicap stones, and White moves first: the {handicap} stones are put on their standard points"
            ),
            Issue::TooManyVariations { replayed } => {
                format!(
                    "only the first {replayed} variations were checked: the tree has too many lines to replay each from the root"
                )
            }
            Issue::NoVariation { asked, lines } => format!(
                "no variation {asked}: the first game tree has {} (0 is the main line, then the others in tree order, up to {})",
                match lines {
                    1 => "1 line".to_string(),
                    n => format!("{n} lines"),
                },
                lines.saturating_sub(1)
            ),
            Issue::ResultMismatch {
                written,
                black,
                white,
                komi,
                counting,
                dead,
            } => format!(
                "RE[{written}] but the {} count of the final position ({dead} dead stone{}) is black {black}, white {white}, komi {komi}: {}: another winner, or more than {} point from the record",
                counting.name(),
                if *dead == 1 { "" } else { "s" },
                margin_text(f64::from(*black) - f64::from(*white) - komi),
                crate::result::TOLERANCE,
            ),
            Issue::UnknownRules { value, used } => {
                format!("RU[{value}] names no rule set known here: judged under {used}")
            }
            Issue::KomiScaled { written, komi } => {
                format!("KM[{written}] read as komi {komi}")
            }
        }
    }

    /// A few words to put at the span.
    pub fn label(&self) -> String {
        match self {
            Issue::Syntax(_) => "here".into(),
            Issue::Charset { .. } => "charset".into(),
            Issue::NotGo { .. } => "not Go".into(),
            Issue::UnsupportedSize { .. } => "size".into(),
            Issue::BadValue { expected, .. } => format!("expected {expected}"),
            Issue::OffBoardValue { .. } => "off the board".into(),
            Issue::Illegal { kind, .. } => kind.code().into(),
            Issue::SetupOutsideRules => "group without liberties".into(),
            Issue::TwoMovesInNode => "second move".into(),
            Issue::HandicapMismatch { .. } => "handicap".into(),
            Issue::TooManyVariations { .. } => "first line not checked".into(),
            Issue::NoVariation { .. } => "this game tree".into(),
            Issue::ImpliedHandicap { .. } => "handicap".into(),
            Issue::ResultMismatch { .. } => "result".into(),
            Issue::UnknownRules { .. } => "rules".into(),
            Issue::KomiScaled { komi, .. } => format!("komi {komi}"),
        }
    }

    /// How to fix it, when there is something to say.
    pub fn help_text(&self) -> Option<&'static str> {
        Some(match self {
            Issue::Syntax(SyntaxKind::LeadingText | SyntaxKind::TrailingText)
            | Issue::Syntax(SyntaxKind::UnclosedTree | SyntaxKind::ExtraParen)
            | Issue::Syntax(SyntaxKind::UnopenedTree)
            | Issue::Syntax(SyntaxKind::MissingSemicolon) => {
                "the lenient mode skips this damage with a warning"
            }
            Issue::Syntax(SyntaxKind::UnterminatedValue) => {
                "a `]` inside a value must be written `\\]`; the lenient mode drops a value the end of the file cuts"
            }
            Issue::Syntax(_) => return None,
            Issue::Charset { .. } => "set CA[] to the charset the file is written in",
            Issue::NotGo { .. } => "only Go records (GM[1]) are read",
            Issue::UnsupportedSize { .. } => "rectangular boards (SZ[w:h]) are not supported",
            Issue::BadValue { .. } | Issue::OffBoardValue { .. } => return None,
            Issue::Illegal { kind, .. } => match kind {
                IllegalMoveKind::WrongSide => {
                    "colours alternate; after handicap stones (HA with AB) White moves first; PL[] sets the colour to move"
                }
                IllegalMoveKind::Suicide => {
                    "captures are made first; a stone that captures nothing needs a liberty (tromp-taylor allows suicide)"
                }
                IllegalMoveKind::Ko | IllegalMoveKind::Superko => {
                    "play elsewhere first; the seed-2019 profile has no ko rule"
                }
                IllegalMoveKind::GameOver => {
                    "the profiles simple-ko and positional-superko let play resume after passes"
                }
                _ => return None,
            },
            Issue::SetupOutsideRules => "remove the group or give it a liberty",
            Issue::TwoMovesInNode => "put each move in a node of its own",
            Issue::HandicapMismatch { .. } => return None,
            Issue::TooManyVariations { .. } => "check the main line, or split the file",
            Issue::NoVariation { .. } => "`check --all-variations` lists every line",
            Issue::ImpliedHandicap { .. } => "write the stones as AB[..] in the root",
            Issue::ResultMismatch { .. } => {
                "dead stones are judged by Benson's algorithm and seeded playouts; a game stopped before its end, a result counted under other rules (--rules) or another komi differs"
            }
            Issue::UnknownRules { .. } => {
                "--rules names the profile to judge it under (asalto check --help lists them)"
            }
            Issue::KomiScaled { .. } => {
                "a komi over 150 that is a multiple of 50 is hundredths of a point, as the Fox server writes it (KM[650] is 6.5); its Chinese records write stones (KM[375] is 7.5 points)"
            }
        })
    }
}

/// `B+3.5`, `W+0.5`, `0` for a margin after komi.
pub fn margin_text(margin: f64) -> String {
    if margin > 0.0 {
        format!("B+{margin}")
    } else if margin < 0.0 {
        format!("W+{}", -margin)
    } else {
        "0".into()
    }
}

impl asalto_core::ProblemKind for Issue {
    fn code(&self) -> &'static str {
        Issue::code(self)
    }
    fn message(&self) -> String {
        Issue::message(self)
    }
    fn label(&self) -> String {
        Issue::label(self)
    }
    fn help(&self) -> Option<String> {
        self.help_text().map(str::to_string)
    }
    fn side(&self) -> Option<&'static str> {
        match self {
            Issue::Illegal { side, .. } => Some(side.name()),
            _ => None,
        }
    }
}
