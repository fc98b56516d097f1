//! Which game a file or a command is about, chosen at run time: by name
//! (`--game go`), by file extension (`.sgf`), or by the file's content.
//!
//! As shakmaty's `VariantPosition` dispatches over its variants, the CLI
//! matches on a [`GameKind`] once and then works with one game's types.

use std::fmt;
use std::str::FromStr;

/// One of the games of the toolkit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum GameKind {
    /// Asalto (the 2018/19 assignment): officers and rebels on 33 points.
    Asalto,
    /// Go (the 2019 assignment, and SGF records).
    Go,
    /// Solitaire Chess puzzles.
    Solitaire,
    /// Mad Bishops.
    MadBishops,
}

impl GameKind {
    /// Every game, in the order of the documentation.
    pub const ALL: [GameKind; 4] = [
        GameKind::Asalto,
        GameKind::Go,
        GameKind::Solitaire,
        GameKind::MadBishops,
    ];

    /// The stable name: `asalto`, `go`, `solitaire`, `madbishops` (the
    /// `--game` value and the `"game"` of JSON documents).
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Asalto => "asalto",
            GameKind::Go => "go",
            GameKind::Solitaire => "solitaire",
            GameKind::MadBishops => "madbishops",
        }
    }

    /// The game whose name is `name`.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The game a file extension belongs to without doubt (`sgf`, any
    /// case); `txt` and the like say nothing.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_core::GameKind;
    ///
    /// assert_eq!(GameKind::from_extension("SGF"), Some(GameKind::Go));
    /// assert_eq!(GameKind::from_extension("txt"), None);
    /// ```
    pub fn from_extension(extension: &str) -> Option<GameKind> {
        extension
            .eq_ignore_ascii_case("sgf")
            .then_some(GameKind::Go)
    }

    /// The game a file's text looks like, from its first lines, or `None`
    /// when it is not clear (then Asalto, the toolkit's first game, is the
    /// caller's default). Only the start of the text is read.
    ///
    /// - Go: an SGF game tree, `(;` (leading junk and spaces allowed, as
    ///   real files carry them);
    /// - Asalto: a move of points `Bc-Cc`, `Bd-Db-Dd`;
    /// - Mad Bishops: `b10xa9`, `(7,2)-(6,3)`, `7 2 6 3`;
    /// - Solitaire: a `rules:` line, a 16-cell board string, four rows of
    ///   four cells, or a list.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_core::GameKind;
    ///
    /// assert_eq!(GameKind::sniff("(;GM[1]FF[4]SZ[19];B[pd])"), Some(GameKind::Go));
    /// assert_eq!(GameKind::sniff("\u{feff}# game\nBc-Cc\nDd-Cd\n"), Some(GameKind::Asalto));
    /// assert_eq!(GameKind::sniff("b10xa9\nc9xd10\n"), Some(GameKind::MadBishops));
    /// assert_eq!(GameKind::sniff(".....B..RP.....N\nNd1xb2\n"), Some(GameKind::Solitaire));
    /// assert_eq!(GameKind::sniff("hello\n"), None);
    /// ```
    pub fn sniff(text: &str) -> Option<GameKind> {
        const HEAD: usize = 4096;
        let head = &text[..crate::text::floor_boundary(text, HEAD)];
        let head = head.strip_prefix('\u{feff}').unwrap_or(head);
        if let Some(open) = tree_start(head) {
            // Junk before the tree is common in real SGF files; a tree that
            // opens at once (or after junk) with properties is SGF.
            let tree = &head[open..];
            if open == 0 || head[..open].trim().is_empty() || tree.contains('[') {
                return Some(GameKind::Go);
            }
        }
        let first = head
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))?;
        if is_asalto_move(first) {
            Some(GameKind::Asalto)
        } else if is_bishops_move(first) {
            Some(GameKind::MadBishops)
        } else if is_solitaire_start(first) {
            Some(GameKind::Solitaire)
        } else {
            None
        }
    }
}

impl GameKind {
    /// The game a command works on for one file: the one asked for
    /// (`--game`), else the one the file's extension names (`.sgf`), else
    /// the one its text looks like ([`GameKind::sniff`]), else Asalto, the
    /// toolkit's first game (what every command did before there were
    /// others).
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_core::GameKind;
    ///
    /// assert_eq!(GameKind::choose(None, "kifu/a.SGF", ""), GameKind::Go);
    /// assert_eq!(GameKind::choose(None, "-", "b10xa9\n"), GameKind::MadBishops);
    /// assert_eq!(GameKind::choose(None, "game.txt", ""), GameKind::Asalto);
    /// assert_eq!(
    ///     GameKind::choose(Some(GameKind::Asalto), "game.sgf", "(;SZ[9])"),
    ///     GameKind::Asalto
    /// );
    /// ```
    pub fn choose(asked: Option<GameKind>, path: &str, head: &str) -> GameKind {
        asked
            .or_else(|| GameKind::tell(path, head))
            .unwrap_or(GameKind::Asalto)
    }

    /// The game a file's extension (`.sgf`) or, failing that, its first
    /// bytes `head` tell, or `None` when neither does (a file that looks
    /// like nothing: the caller's default decides).
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_core::GameKind;
    ///
    /// assert_eq!(GameKind::tell("a.sgf", ""), Some(GameKind::Go));
    /// assert_eq!(GameKind::tell("a.txt", "b10xa9\n"), Some(GameKind::MadBishops));
    /// assert_eq!(GameKind::tell("a.txt", "hello\n"), None);
    /// ```
    pub fn tell(path: &str, head: &str) -> Option<GameKind> {
        let extension = path
            .rsplit_once('.')
            .filter(|(stem, ext)| !stem.is_empty() && !ext.contains(['/', '\\']))
            .map(|(_, ext)| ext);
        extension
            .and_then(GameKind::from_extension)
            .or_else(|| GameKind::sniff(head))
    }
}

/// Where `(;` first stands in `text`. Most texts sniffed hold no `(` at
/// all and are scanned to their end (every file `check` reads without
/// `--game`): a search for the one character goes a word at a time
/// (`str::find` with a `char` is a `memchr`), where a loop over the bytes
/// took about 2,000 instructions on a record of 340 bytes, a fifth of what
/// its replay takes.
fn tree_start(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    // `(` is ASCII: the byte after it is a character boundary.
    while let Some(i) = text[from..].find('(') {
        let at = from + i;
        if bytes.get(at + 1) == Some(&b';') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// `Bc-Cc`, `Bd-Db-Dd-Df-Bd`: points `A`..`G` and `a`..`g` joined by `-`
/// (read in place: no list of the points is made for one look).
fn is_asalto_move(line: &str) -> bool {
    let mut points = 0;
    line.split('-').all(|p| {
        points += 1;
        matches!(p.as_bytes(), [b'A'..=b'G', b'a'..=b'g'])
    }) && points >= 2
}

/// `b10xa9`, `(7,2)-(6,3)`, `7 2 6 3`.
fn is_bishops_move(line: &str) -> bool {
    let algebraic = |s: &str| {
        let b = s.as_bytes();
        matches!(b.first(), Some(b'a'..=b'j'))
            && matches!(s[1..].parse::<u8>(), Ok(1..=10))
            && b[1] != b'0'
    };
    let row_col = |s: &str| {
        let b = s.as_bytes();
        matches!(b, [b'(', b'0'..=b'9', b',', b'0'..=b'9', b')'])
    };
    if let Some((from, to)) = line.split_once(['-', 'x']) {
        return (algebraic(from) && algebraic(to)) || (row_col(from) && row_col(to));
    }
    let numbers: Vec<&str> = line.split_whitespace().collect();
    numbers.len() == 4
        && numbers
            .iter()
            .all(|n| n.len() == 1 && n.as_bytes()[0].is_ascii_digit())
}

/// `rules: thinkfun`, `.....B..RP.....N`, `R P . .`, `[[...`.
fn is_solitaire_start(line: &str) -> bool {
    let cells = |s: &str| s.chars().filter(|c| !c.is_whitespace()).count();
    line.starts_with("rules:")
        || line.starts_with('[')
        || (line.chars().count() == 16 && !line.contains(char::is_whitespace))
        || (cells(line) == 4 && line.chars().any(|c| "KQRBNP.".contains(c)))
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a game name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game `{}` (the games are asalto, go, solitaire, madbishops)",
            crate::text::escape_line(&self.0)
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::from_name(s).ok_or_else(|| UnknownGame(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn names_round_trip() {
        for g in GameKind::ALL {
            assert_eq!(g.name().parse::<GameKind>(), Ok(g));
        }
        assert!("chess".parse::<GameKind>().is_err());
    }

    #[test]
    fn sniffs_each_game_and_not_the_others() {
        let cases = [
            ("  \n(;FF[4]GM[1]SZ[9];B[ee];W[])", Some(GameKind::Go)),
            ("junk\n(;SZ[19];B[pd])", Some(GameKind::Go)),
            ("Bd-Db-Dd-Df-Bd\n", Some(GameKind::Asalto)),
            ("\n\n# c\nFc-Ec\n", Some(GameKind::Asalto)),
            ("(7,2)x(5,4)\n", Some(GameKind::MadBishops)),
            ("7 2 6 3\n", Some(GameKind::MadBishops)),
            ("c3-d4\n", Some(GameKind::MadBishops)),
            (
                "rules: thinkfun\nP....R..R.R..R..\nNone\n",
                Some(GameKind::Solitaire),
            ),
            ("[[0, 0, 'K'], [1, 1, 'P']]\n", Some(GameKind::Solitaire)),
            ("R P . .\n. . . .\n", Some(GameKind::Solitaire)),
            ("", None),
            ("k3-j11\n", None),
            ("Hc-Cc\n", None),
            ("Bc\n", None),
            ("Bc-Cc-\n", None),
        ];
        for (text, expected) in cases {
            assert_eq!(GameKind::sniff(text), expected, "{text:?}");
        }
    }

    #[test]
    fn choice_order_is_flag_extension_content_default() {
        let sgf = "(;GM[1]SZ[9];B[ee])";
        assert_eq!(GameKind::choose(None, "a.sgf", "Bc-Cc\n"), GameKind::Go);
        assert_eq!(GameKind::choose(None, "a.txt", sgf), GameKind::Go);
        assert_eq!(
            GameKind::choose(None, "dir.sgf/game", "Bc-Cc\n"),
            GameKind::Asalto
        );
        assert_eq!(GameKind::choose(None, ".sgf", ""), GameKind::Asalto);
        assert_eq!(
            GameKind::choose(Some(GameKind::Solitaire), "a.sgf", sgf),
            GameKind::Solitaire
        );
    }

    proptest! {
        #[test]
        fn sniffing_never_panics(text in "\\PC{0,64}") {
            let _ = GameKind::sniff(&text);
        }

        #[test]
        fn the_tree_start_is_the_first_open_and_semicolon(text in "[(; aé]{0,24}") {
            prop_assert_eq!(tree_start(&text), text.find("(;"));
        }

        #[test]
        fn an_asalto_move_is_two_or_more_points_joined(line in "[A-Ha-h1-]{0,12}") {
            let points: Vec<&str> = line.split('-').collect();
            let expected = points.len() >= 2
                && points.iter().all(|p| matches!(p.as_bytes(), [b'A'..=b'G', b'a'..=b'g']));
            prop_assert_eq!(is_asalto_move(&line), expected);
        }
    }
}
