//! Games between computer players, for sets of reference games.
//!
//! Each game has its own generator, seeded from the base seed and the game's
//! number ([`game_seed`]), so a set of games is the same whatever order or
//! threads they are played in.

use std::collections::BTreeMap;

use serde::Serialize;

use asalto_core::coverage::Coverage;

use crate::basic::BasicScore;
use crate::coverage::{self, Situation};
use crate::json::OutcomeJson;
use crate::player::Player;
use crate::probe::Chooser;
use crate::random;
use crate::replay::GameOutcome;
use crate::{Move, Position, Side};

/// The seed of game K of a set (shared by every game's reference sets).
pub use asalto_core::game_seed;

/// Who plays, and the longest game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Match {
    /// The officers' player.
    pub officers: Player,
    /// The rebels' player.
    pub rebels: Player,
    /// Stop a game after this many moves (no rule of the game ends the
    /// rebels' shuffle inside the castle). `None`: no limit but
    /// [`HARD_MAX_PLIES`].
    pub max_plies: Option<usize>,
}

/// No generated game is longer than this, whatever the options: under the
/// assignment's rules a game can go on for ever (see [`REPETITIONS`]).
pub const HARD_MAX_PLIES: usize = 100_000;

/// A generated game without a move limit stops, unfinished, when a position
/// (the board and the side to move) comes back this many times.
///
/// Why: the rules have no draw. Rebels must step closer to the castle, so
/// outside it they can never go back; but inside it they may step from
/// castle point to castle point, and the officers may step back and forth
/// for ever. Once the rebels that can still move are all in a castle that
/// is not full, and the officers cannot capture, nothing ends the game:
/// the same positions come back again and again.
pub const REPETITIONS: usize = 3;

/// One game played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// The game's number, from 1.
    pub number: usize,
    /// The seed of its generator.
    pub seed: u64,
    /// The moves, whole.
    pub moves: Vec<Move>,
    /// How it ended, or `None` when it was stopped by the cap.
    pub outcome: Option<GameOutcome>,
    /// The position after the last move.
    pub position: Position,
    /// Whether it was stopped because a position came back
    /// [`REPETITIONS`] times.
    pub repeated: bool,
}

impl PlayedGame {
    /// Whether the game was stopped by the cap before it ended.
    pub fn capped(&self) -> bool {
        self.outcome.is_none() && !self.repeated
    }
}

impl Match {
    /// The player of `side`.
    pub const fn player(&self, side: Side) -> Player {
        match side {
            Side::Officers => self.officers,
            Side::Rebels => self.rebels,
        }
    }

    /// Play game `number` of the set made with seed `base`.
    ///
    /// # Examples
    ///
    /// ```
    /// use asalto_asalto::player::Player;
    /// use asalto_asalto::selfplay::Match;
    ///
    /// let m = Match { officers: Player::Random, rebels: Player::Random, max_plies: Some(2000) };
    /// let game = m.play(7, 1);
    /// assert_eq!(game, m.play(7, 1));
    /// assert!(game.outcome.is_some() || game.moves.len() == 2000);
    /// ```
    pub fn play(&self, base: u64, number: usize) -> PlayedGame {
        let seed = game_seed(base, number);
        let mut rng = random::rng(seed);
        let mut pos = Position::start();
        let mut moves = Vec::new();
        let mut seen: std::collections::HashMap<Position, usize> = std::collections::HashMap::new();
        let mut repeated = false;
        let max = self.max_plies.unwrap_or(HARD_MAX_PLIES).min(HARD_MAX_PLIES);
        let outcome = loop {
            if let Some(outcome) = pos.outcome() {
                break Some(GameOutcome {
                    outcome,
                    ply: moves.len(),
                });
            }
            if moves.len() >= max {
                break None;
            }
            // Without a cap of its own, a game that may never end stops at
            // its first position seen REPETITIONS times.
            if self.max_plies.is_none() {
                let count = seen.entry(pos).or_insert(0);
                *count += 1;
                if *count >= REPETITIONS {
                    repeated = true;
                    break None;
                }
            }
            let Some(mv) = self.player(pos.turn()).choose(&pos, &mut rng) else {
                // Only a player that cannot play this side chooses nothing;
                // the caller checks `can_play` first.
                break None;
            };
            pos = pos.play_unchecked(&mv);
            moves.push(mv);
        };
        PlayedGame {
            number,
            seed,
            moves,
            outcome,
            position: pos,
            repeated,
        }
    }
}

/// The matches `selfplay --cover` plays, game `n` the match
/// `COVER_MATCHES[(n - 1) % 6]`: each side's players that reach different
/// ends (BASICO and greedy rebels take the castle or block the officers,
/// greedy officers take rebels down to 9 and 8), and short games that stop
/// unfinished.
pub const COVER_MATCHES: [Match; 6] = [
    Match {
        officers: Player::Random,
        rebels: Player::Basic(BasicScore::V2),
        max_plies: Some(1000),
    },
    Match {
        officers: Player::Greedy,
        rebels: Player::Basic(BasicScore::V1),
        max_plies: Some(1000),
    },
    Match {
        officers: Player::Random,
        rebels: Player::Greedy,
        max_plies: Some(1000),
    },
    Match {
        officers: Player::Random,
        rebels: Player::Random,
        max_plies: Some(1000),
    },
    Match {
        officers: Player::Greedy,
        rebels: Player::Greedy,
        max_plies: Some(1000),
    },
    Match {
        officers: Player::Random,
        rebels: Player::Random,
        max_plies: Some(40),
    },
];

/// A set of reference games built to reach every rule situation
/// ([`coverage`]): games are offered in the order they were played, and
/// one is kept when it reaches a situation the games kept before it do not
/// (the illegal move the grader would type in it counts). Deterministic:
/// the same games offered in the same order give the same set.
///
/// # Examples
///
/// ```
/// use asalto_asalto::selfplay::{COVER_MATCHES, CoverSet};
///
/// let mut set = CoverSet::default();
/// let mut n = 0;
/// while !set.is_complete() && n < 600 {
///     n += 1;
///     let m = COVER_MATCHES[(n - 1) % COVER_MATCHES.len()];
///     set.offer(m.play(7, n), m);
/// }
/// set.prune();
/// assert!(set.is_complete(), "{:?}", set.coverage().missing());
/// assert!(set.games().len() < 40);
/// ```
#[derive(Clone, Debug, Default)]
pub struct CoverSet {
    games: Vec<(PlayedGame, Match)>,
    coverage: Coverage<Situation>,
    chooser: Chooser,
}

impl CoverSet {
    /// Offer the next game played (by `m`): kept, and `true`, when it
    /// reaches something new.
    pub fn offer(&mut self, game: PlayedGame, m: Match) -> bool {
        let index = self.games.len();
        let mut reached = Coverage::new();
        coverage::of_game(&game.moves, index, &mut reached);
        let probe = self.chooser.peek(&game.moves);
        if let Some(p) = &probe {
            coverage::note_probe(p, index, &mut reached);
        }
        if self.coverage.new_in(&reached) == 0 {
            return false;
        }
        self.chooser.next(&game.moves);
        self.coverage.merge(&reached, 0);
        self.games.push((game, m));
        true
    }

    /// Leave out, first kept first, each game without which the rest
    /// still reach everything the set reaches (the illegal moves typed
    /// chosen again over the games left).
    pub fn prune(&mut self) {
        let target: Vec<Situation> = self.coverage.reached_all().map(|(s, _)| s).collect();
        let mut i = 0;
        while i < self.games.len() {
            let rest: Vec<&[Move]> = self
                .games
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, (g, _))| g.moves.as_slice())
                .collect();
            let without = coverage::of_set(&rest);
            if target.iter().all(|s| without.reached(*s).is_some()) {
                self.games.remove(i);
            } else {
                i += 1;
            }
        }
        let all: Vec<&[Move]> = self.games.iter().map(|(g, _)| g.moves.as_slice()).collect();
        self.coverage = coverage::of_set(&all);
        let mut chooser = Chooser::default();
        for moves in &all {
            chooser.next(moves);
        }
        self.chooser = chooser;
    }

    /// Whether every situation is reached.
    pub fn is_complete(&self) -> bool {
        self.coverage.is_complete()
    }

    /// What the games kept reach (game `i` is the `i`th kept).
    pub fn coverage(&self) -> &Coverage<Situation> {
        &self.coverage
    }

    /// The games kept, in order, each with its match.
    pub fn games(&self) -> &[(PlayedGame, Match)] {
        &self.games
    }
}

/// The JSON line of a game: `{"format", "version", "game", "rules",
/// "number", "file", "seed", "officers", "rebels", "plies", "outcome",
/// "capped", "repeated", "max_plies", "to_move", "position", "moves"}`, an
/// `asalto-selfplay-game` document as every game's lines are (version 1
/// had the game's number in `"game"`).
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct GameJson {
    /// `format` (`asalto-selfplay-game`), `version`, `game` (`asalto`),
    /// `rules` (`assignment-2018-19`).
    #[serde(flatten)]
    pub head: asalto_core::json::Head,
    /// The game's number in its set, from 1.
    pub number: usize,
    /// The record file written, or null.
    pub file: Option<String>,
    /// The seed of the game's generator.
    pub seed: u64,
    /// The officers' player.
    pub officers: &'static str,
    /// The rebels' player.
    pub rebels: &'static str,
    /// Moves played.
    pub plies: usize,
    /// How it ended, or null when capped.
    pub outcome: Option<OutcomeJson>,
    /// Whether the cap stopped it.
    pub capped: bool,
    /// Whether it stopped because a position came back three times.
    pub repeated: bool,
    /// The cap, or null.
    pub max_plies: Option<usize>,
    /// `officers` or `rebels`: the side to move after the last move.
    pub to_move: &'static str,
    /// The position string after the last move.
    pub position: String,
    /// The moves, whole.
    pub moves: Vec<String>,
}

impl GameJson {
    /// The JSON of `game`, played by `m`, written to `file`.
    pub fn new(m: &Match, game: &PlayedGame, file: Option<String>) -> GameJson {
        GameJson {
            head: crate::json::HEAD.kind(asalto_core::json::Kind::SelfplayGame),
            number: game.number,
            file,
            seed: game.seed,
            officers: m.officers.name(),
            rebels: m.rebels.name(),
            plies: game.moves.len(),
            outcome: game.outcome.map(OutcomeJson::from),
            capped: game.capped(),
            repeated: game.repeated,
            max_plies: m.max_plies,
            to_move: game.position.turn().name(),
            position: game.position.to_string(),
            moves: game.moves.iter().map(|m| m.to_string()).collect(),
        }
    }
}

/// The totals of a set of games.
#[derive(Serialize, Debug, Clone, PartialEq, Default)]
pub struct Totals {
    /// Games played.
    pub games: usize,
    /// Games won by each side (`officers`, `rebels`).
    pub wins: BTreeMap<&'static str, usize>,
    /// Games ended by each reason code.
    pub reasons: BTreeMap<&'static str, usize>,
    /// Games stopped by the cap.
    pub capped: usize,
    /// Games stopped because a position came back three times.
    pub repeated: usize,
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
            None if game.repeated => self.repeated += 1,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::basic::BasicScore;
    use crate::record::write_record;
    use crate::replay::{CheckOptions, check};

    #[test]
    fn games_are_legal_and_reproducible() {
        let m = Match {
            officers: Player::Random,
            rebels: Player::Basic(BasicScore::V1),
            max_plies: Some(500),
        };
        let mut totals = Totals::default();
        for n in 1..=20 {
            let game = m.play(11, n);
            assert_eq!(game, m.play(11, n));
            let checked = check(
                &write_record(&game.moves),
                CheckOptions {
                    rebels: Some(BasicScore::V1),
                    ..CheckOptions::default()
                },
            );
            assert!(checked.is_valid(), "game {n}: {:?}", checked.problems);
            assert_eq!(checked.game.outcome(), game.outcome);
            totals.add(&game);
        }
        assert_eq!(totals.games, 20);
        assert_eq!(
            totals.wins.values().sum::<usize>() + totals.capped + totals.repeated,
            totals.games
        );
    }

    /// BASICO rebels against random officers, with no move limit: some
    /// games reach a position three times (the rules let a game go on for
    /// ever); such a game stops there, and no game passes the hard cap.
    #[test]
    fn endless_games_stop_on_repetition() {
        let m = Match {
            officers: Player::Random,
            rebels: Player::Basic(BasicScore::V1),
            max_plies: None,
        };
        let mut repeated = 0;
        for n in 1..=100 {
            let game = m.play(5, n);
            assert!(game.moves.len() <= HARD_MAX_PLIES);
            if game.repeated {
                repeated += 1;
                // The last position is one seen twice before.
                let mut pos = Position::start();
                let mut count = usize::from(pos == game.position);
                for mv in &game.moves {
                    pos = pos.play_unchecked(mv);
                    count += usize::from(pos == game.position);
                }
                assert_eq!(count, REPETITIONS, "game {n}");
                assert!(game.outcome.is_none() && !game.capped());
            }
        }
        assert!(repeated > 0, "no game of 100 repeated a position");
    }

    #[test]
    fn the_cap_stops_a_game() {
        let m = Match {
            officers: Player::Random,
            rebels: Player::Random,
            max_plies: Some(3),
        };
        let game = m.play(1, 1);
        assert_eq!(game.moves.len(), 3);
        assert!(game.capped());
    }
}
