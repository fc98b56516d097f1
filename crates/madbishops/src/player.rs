//! Computer players: random, greedy and search.
//!
//! Every player draws its random choices from the generator it is handed,
//! so a game between players is reproducible from one seed.

use std::fmt;

use crate::geometry::attacks;
use crate::random::pick;
use crate::search;
use crate::{Move, Position, Side, SquareSet};

/// The search depth of `search` without a number.
pub const DEFAULT_SEARCH_DEPTH: u32 = 2;
/// The deepest search a name may ask for.
pub const MAX_SEARCH_DEPTH: u32 = 6;

/// A computer player.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::player::Player;
/// use asalto_madbishops::{random, Position, Profile, Side};
///
/// let player: Player = "search-3".parse()?;
/// assert_eq!(player, Player::Search { depth: 3 });
/// assert_eq!(player.name(), "search-3");
///
/// let start = Position::start(Profile::Steere, Side::Red);
/// let mv = Player::Greedy.choose(&start, &mut random::rng(7)).unwrap();
/// assert!(start.legal_moves().contains(&mv));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// A uniformly random legal move.
    Random,
    /// One move of lookahead. Each legal move gets the key
    /// `(wins, gain − exposed?, −exposed)`, the greatest key is played and
    /// ties are broken at random:
    ///
    /// - `wins`: 1 if the game is won at once (the last enemy bishop taken,
    ///   or the enemy left with no legal move);
    /// - `gain`: 1 for a capture;
    /// - `exposed`: how many of the player's bishops the enemy can capture
    ///   in reply; `exposed?` is 1 if there is any (a reply takes at most
    ///   one).
    ///
    /// So it takes a bishop when it can without losing one back, prefers a
    /// quiet move to a capture that loses a bishop in return, and otherwise
    /// leaves as few of its bishops attacked as it can. All bishops are
    /// worth the same.
    Greedy,
    /// Alpha-beta search to `depth` moves ([`crate::search`]).
    Search {
        /// Moves looked ahead, at least 1.
        depth: u32,
    },
}

impl Player {
    /// The names [`Player::from_name`] accepts, for help texts.
    pub const NAMES: &'static str = "random, greedy, search, search-N (N = 1..6)";

    /// The stable name: `random`, `greedy` or `search-N`.
    pub fn name(self) -> String {
        match self {
            Player::Random => "random".to_string(),
            Player::Greedy => "greedy".to_string(),
            Player::Search { depth } => format!("search-{depth}"),
        }
    }

    /// The player with this name; `search` alone searches
    /// [`DEFAULT_SEARCH_DEPTH`] moves.
    pub fn from_name(name: &str) -> Option<Player> {
        match name {
            "random" => Some(Player::Random),
            "greedy" => Some(Player::Greedy),
            "search" => Some(Player::Search {
                depth: DEFAULT_SEARCH_DEPTH,
            }),
            _ => {
                let depth: u32 = name.strip_prefix("search-")?.parse().ok()?;
                (1..=MAX_SEARCH_DEPTH)
                    .contains(&depth)
                    .then_some(Player::Search { depth })
            }
        }
    }

    /// The move this player makes in `pos`; `None` when there is no legal
    /// move.
    pub fn choose(self, pos: &Position, rng: &mut impl rand::Rng) -> Option<Move> {
        match self {
            Player::Random => crate::random::random_move(pos, rng),
            Player::Greedy => greedy(pos, rng),
            Player::Search { depth } => search::best_move(pos, depth, rng).map(|(m, _)| m),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl std::str::FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        Player::from_name(s).ok_or_else(|| format!("`{s}`: expected one of {}", Player::NAMES))
    }
}

/// The greedy key of `m` for the side to move in `pos`.
pub fn greedy_key(pos: &Position, m: Move) -> (i32, i32, i32) {
    let me = pos.turn();
    let after = pos.play_unchecked(m);
    let wins = i32::from(after.outcome().is_some_and(|o| o.winner == me));
    let exposed = if wins == 1 { 0 } else { exposed(&after, me) };
    let gain = i32::from(m.is_capture());
    (wins, gain - i32::from(exposed > 0), -exposed)
}

/// How many of `side`'s bishops the other side attacks.
fn exposed(pos: &Position, side: Side) -> i32 {
    let board = pos.board();
    let occupied = board.occupied();
    let mine = board.pieces(side);
    let attacked = board
        .pieces(side.opponent())
        .iter()
        .fold(SquareSet::EMPTY, |acc, e| {
            acc | (attacks(e, occupied) & mine)
        });
    attacked.len() as i32
}

fn greedy(pos: &Position, rng: &mut impl rand::Rng) -> Option<Move> {
    let keyed: Vec<(Move, (i32, i32, i32))> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m, greedy_key(pos, m)))
        .collect();
    let best = keyed.iter().map(|(_, k)| *k).max()?;
    let ties: Vec<Move> = keyed
        .into_iter()
        .filter(|(_, k)| *k == best)
        .map(|(m, _)| m)
        .collect();
    pick(&ties, rng).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::rng;
    use crate::{Board, Profile, Square};

    fn sq(name: &str) -> Square {
        Square::from_algebraic(name).unwrap()
    }

    #[test]
    fn names_round_trip() {
        for p in [
            Player::Random,
            Player::Greedy,
            Player::Search { depth: 1 },
            Player::Search { depth: 6 },
        ] {
            assert_eq!(Player::from_name(&p.name()), Some(p));
        }
        for bad in ["nope", "search-0", "search-7", "search-x", "search-"] {
            assert_eq!(Player::from_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn greedy_wins_at_once_and_prefers_a_free_bishop() {
        let set = |names: &[&str]| names.iter().map(|n| sq(n)).collect::<SquareSet>();
        let position = |red: &[&str], blue: &[&str]| {
            let board = Board::new(set(red), set(blue)).unwrap();
            Position::new(board, Side::Red, Profile::Report)
        };
        // Taking the last blue bishop wins.
        let pos = position(&["c3", "j2"], &["e5"]);
        let m = Player::Greedy.choose(&pos, &mut rng(1)).unwrap();
        assert_eq!(m, Move::capture(sq("c3"), sq("e5")));
        assert_eq!(greedy_key(&pos, m), (1, 1, 0));
        // Red c3 sees e5 (guarded by g7 along f6) and a5 (unguarded).
        let pos = position(&["c3"], &["e5", "g7", "a5"]);
        assert_eq!(
            greedy_key(&pos, Move::capture(sq("c3"), sq("e5"))),
            (0, 0, -1)
        );
        for seed in 0..5 {
            let m = Player::Greedy.choose(&pos, &mut rng(seed)).unwrap();
            assert_eq!(m, Move::capture(sq("c3"), sq("a5")));
        }
    }

    #[test]
    fn every_choice_is_legal() {
        for profile in Profile::ALL {
            for player in [Player::Random, Player::Greedy, Player::Search { depth: 1 }] {
                let mut r = rng(3);
                let mut pos = Position::start(profile, Side::Red);
                for _ in 0..60 {
                    let Some(m) = player.choose(&pos, &mut r) else {
                        break;
                    };
                    assert!(pos.legal_moves().contains(&m));
                    pos = pos.play_unchecked(m);
                }
            }
        }
    }
}
