//! Computer players: the assignment's AZAR (uniformly random) and BASICO
//! (rebels only), and a stronger `greedy` player for either side.
//!
//! Every player draws its random choices from the generator it is handed, so
//! a game between players is reproducible from one seed.

use std::fmt;

use rand::RngExt;

use crate::basic::{self, BasicScore};
use crate::random::random_move;
use crate::{Move, Position, Side};

/// A computer player.
///
/// # Examples
///
/// ```
/// use asalto_asalto::player::Player;
/// use asalto_asalto::{Position, Side};
///
/// let player: Player = "basic-v2".parse()?;
/// assert!(player.can_play(Side::Rebels));
/// assert!(!player.can_play(Side::Officers));
///
/// let mut rng = asalto_asalto::random::rng(7);
/// let mv = Player::Random.choose(&Position::start(), &mut rng).unwrap();
/// assert!(Position::start().legal_moves().contains(&mv));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// A uniformly random legal move (the assignment's AZAR).
    Random,
    /// The assignment's BASICO rebels, with one of its two scores.
    Basic(BasicScore),
    /// A one-move lookahead player, stronger than both, for either side.
    ///
    /// Officers: a move that wins at once; else the most captures; else the
    /// move after which the rebels cannot stop a capture of the most rebels
    /// next turn; ties at random. Rebels: a move that wins at once; else the
    /// fewest rebels the officers can capture in reply, then entering the
    /// castle; ties at random.
    Greedy,
}

impl Player {
    /// The names [`Player::from_name`] accepts, for help texts.
    pub const NAMES: &'static str = "random, basic-v1, basic-v2, greedy";

    /// The stable name: `random`, `basic-v1`, `basic-v2` or `greedy`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Basic(score) => score.name(),
            Player::Greedy => "greedy",
        }
    }

    /// The player with this name (`basic` alone is `basic-v2`, the default
    /// score).
    pub fn from_name(name: &str) -> Option<Player> {
        match name {
            "random" | "azar" => Some(Player::Random),
            "greedy" => Some(Player::Greedy),
            "basic" | "basico" => Some(Player::Basic(BasicScore::V2)),
            _ => BasicScore::from_name(name).map(Player::Basic),
        }
    }

    /// Whether this player can play `side` (BASICO only plays the rebels).
    pub const fn can_play(self, side: Side) -> bool {
        match self {
            Player::Basic(_) => matches!(side, Side::Rebels),
            Player::Random | Player::Greedy => true,
        }
    }

    /// The move this player makes in `pos`; `None` when the side to move has
    /// no legal move, or when this player cannot play that side.
    pub fn choose(self, pos: &Position, rng: &mut impl rand::Rng) -> Option<Move> {
        match self {
            Player::Random => random_move(pos, rng),
            Player::Basic(score) => basic::choose(pos, score, rng),
            Player::Greedy => greedy(pos, rng),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        Player::from_name(s).ok_or_else(|| format!("`{s}`: expected one of {}", Player::NAMES))
    }
}

/// The greedy choice: the moves with the best key, one of them at random.
fn greedy(pos: &Position, rng: &mut impl rand::Rng) -> Option<Move> {
    let side = pos.turn();
    let keyed: Vec<(Move, (i32, i32, i32))> = pos
        .legal_moves()
        .iter()
        .map(|m| (*m, greedy_key(pos, side, m)))
        .collect();
    let best = keyed.iter().map(|(_, k)| *k).max()?;
    let ties: Vec<Move> = keyed
        .into_iter()
        .filter(|(_, k)| *k == best)
        .map(|(m, _)| m)
        .collect();
    Some(ties[rng.random_range(0..ties.len())])
}

/// The key the greedy player maximises for move `m` of `side` in `pos`.
fn greedy_key(pos: &Position, side: Side, m: &Move) -> (i32, i32, i32) {
    let after = pos.play_unchecked(m);
    let wins = i32::from(after.outcome().is_some_and(|o| o.winner == side));
    match side {
        Side::Officers => {
            let captures = m.capture_count() as i32;
            // The capture the rebels cannot avoid conceding next turn.
            let forced = after
                .legal_moves()
                .iter()
                .map(|r| after.play_unchecked(r).max_capture() as i32)
                .min()
                .unwrap_or(0);
            (wins, captures, forced)
        }
        Side::Rebels => {
            let ncas = i32::from(!m.from().in_castle() && m.to().in_castle());
            let ncap = after.max_capture() as i32;
            (wins, -ncap, ncas)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::rng;

    #[test]
    fn names_round_trip() {
        for p in [
            Player::Random,
            Player::Basic(BasicScore::V1),
            Player::Basic(BasicScore::V2),
            Player::Greedy,
        ] {
            assert_eq!(Player::from_name(p.name()), Some(p));
        }
        assert_eq!(Player::from_name("nope"), None);
    }

    #[test]
    fn every_choice_is_legal() {
        let mut r = rng(3);
        for player in [Player::Random, Player::Greedy] {
            let mut pos = Position::start();
            for _ in 0..300 {
                if pos.outcome().is_some() {
                    break;
                }
                let m = player.choose(&pos, &mut r).unwrap();
                assert!(pos.legal_moves().contains(&m));
                pos = pos.play_unchecked(&m);
            }
        }
    }

    #[test]
    fn greedy_officers_take_the_biggest_capture() {
        // After move 6 of the worked example both captures take 4 rebels.
        let record = "Bc-Cc\nDd-Cd\nCc-Ce\nDb-Cc\nCe-Bd\nDf-Ce\n";
        let game = crate::replay::check(record, crate::CheckOptions::default()).game;
        let m = Player::Greedy
            .choose(&game.position(), &mut rng(1))
            .unwrap();
        assert_eq!(m.capture_count(), 4);
    }
}
