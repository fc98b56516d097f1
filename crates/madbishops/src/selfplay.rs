//! Games between computer players, for sets of reference games.
//!
//! # How a game ends
//!
//! A game is played from its start until [`Position::outcome`] finds an end
//! at the start of a turn: a side has no bishop left
//! ([`OutcomeReason::AllCaptured`](crate::OutcomeReason::AllCaptured)), or
//! the side to move has bishops but no legal move
//! ([`OutcomeReason::NoLegalMove`](crate::OutcomeReason::NoLegalMove), only
//! under `steere`). Nothing in the rules stops two sides that keep moving
//! without capturing, so a game also stops when it reaches the move cap
//! ([`Match::max_plies`]); it then has no outcome and is reported as
//! *capped*.
//!
//! Each game has its own generator, seeded from the base seed and the
//! game's number ([`game_seed`]), so a set of games is the same whatever
//! order or threads they are played in.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::player::Player;
use crate::random;
use crate::replay::GameOutcome;
use crate::{Move, Position, Side};

/// The seed of game K of a set (shared by every game's reference sets).
pub use asalto_core::game_seed;

/// Who plays, from where, and the longest game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// Red's player.
    pub red: Player,
    /// Blue's player.
    pub blue: Player,
    /// The start: setup, side to move first, rule profile.
    pub start: Position,
    /// Stop a game after this many moves. `None`: no limit.
    pub max_plies: Option<usize>,
}

/// One game played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// The game's number, from 1.
    pub number: usize,
    /// The seed of its generator.
    pub seed: u64,
    /// The moves.
    pub moves: Vec<Move>,
    /// How it ended, or `None` when the cap stopped it.
    pub outcome: Option<GameOutcome>,
    /// The position after the last move.
    pub position: Position,
}

impl PlayedGame {
    /// Whether the cap stopped the game before it ended.
    pub fn capped(&self) -> bool {
        self.outcome.is_none()
    }
}

impl Match {
    /// The player of `side`.
    pub const fn player(&self, side: Side) -> Player {
        match side {
            Side::Red => self.red,
            Side::Blue => self.blue,
        }
    }

    /// Play game `number` of the set made with seed `base`.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_madbishops::player::Player;
    /// use asalto_madbishops::selfplay::Match;
    /// use asalto_madbishops::{Position, Profile, Side};
    ///
    /// let m = Match {
    ///     red: Player::Random,
    ///     blue: Player::Greedy,
    ///     start: Position::start(Profile::Steere, Side::Red),
    ///     max_plies: Some(1000),
    /// };
    /// let game = m.play(7, 1);
    /// assert_eq!(game, m.play(7, 1));
    /// assert!(game.outcome.is_some() || game.moves.len() == 1000);
    /// ```
    pub fn play(&self, base: u64, number: usize) -> PlayedGame {
        let seed = game_seed(base, number);
        let mut rng = random::rng(seed);
        let mut pos = self.start;
        let mut moves = Vec::new();
        let outcome = loop {
            if let Some(outcome) = pos.outcome() {
                break Some(GameOutcome {
                    outcome,
                    ply: moves.len(),
                });
            }
            if self.max_plies.is_some_and(|max| moves.len() >= max) {
                break None;
            }
            let Some(mv) = self.player(pos.turn()).choose(&pos, &mut rng) else {
                // A position in play has a legal move, and every player
                // chooses one of them.
                break None;
            };
            pos = pos.play_unchecked(mv);
            moves.push(mv);
        };
        PlayedGame {
            number,
            seed,
            moves,
            outcome,
            position: pos,
        }
    }
}

/// The totals of a set of games.
#[derive(Serialize, Debug, Clone, PartialEq, Default)]
pub struct Totals {
    /// Games played.
    pub games: usize,
    /// Games won by each side (`red`, `blue`).
    pub wins: BTreeMap<&'static str, usize>,
    /// Games ended by each outcome code.
    pub reasons: BTreeMap<&'static str, usize>,
    /// Games stopped by the cap.
    pub capped: usize,
    /// All moves of all games.
    pub plies: usize,
    /// The shortest game, in moves.
    pub min_plies: usize,
    /// The longest game, in moves.
    pub max_plies: usize,
}

impl Totals {
    /// Count `game`.
    pub fn add(&mut self, game: &PlayedGame) {
        let n = game.moves.len();
        if self.games == 0 {
            self.min_plies = n;
        }
        self.games += 1;
        self.plies += n;
        self.min_plies = self.min_plies.min(n);
        self.max_plies = self.max_plies.max(n);
        match game.outcome {
            Some(end) => {
                *self.wins.entry(end.outcome.winner.name()).or_default() += 1;
                *self.reasons.entry(end.outcome.reason.code()).or_default() += 1;
            }
            None => self.capped += 1,
        }
    }

    /// The average game length in moves (0 for no games).
    pub fn average_plies(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.plies as f64 / self.games as f64
        }
    }
}
