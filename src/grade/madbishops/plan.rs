//! The queries a Mad Bishops submission is asked: positions of reference
//! games (records), chosen to cover the start, mid-game positions with
//! captures, positions where the profiles' quiet moves differ (engaged
//! bishops), positions with quiet moves only, the last position before the
//! end and the end itself. The engine's answers are computed when an
//! answer is judged, from the position.

use asalto_core::coverage::{Coverage, Seen, Situation};
use asalto_madbishops::replay::{CheckOptions, check};
use asalto_madbishops::{Board, Move, Position, Profile, Side};

use super::kind::MadBishopsKind;

/// The situations the plan looks for in a reference game: a set that
/// misses one leaves that part of the rules unasked (a run fact of every
/// report). The codes are contracts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Spot {
    /// The start position.
    Start,
    /// A mid-game position whose side to move can capture.
    Captures,
    /// A position where the profiles' quiet moves differ (a bishop that
    /// could slide without engaging).
    ProfilesDiffer,
    /// A position with quiet moves only.
    QuietOnly,
    /// A capture played (asked of `move/3`).
    CapturePlayed,
    /// A quiet move played (asked of `move/3`).
    QuietPlayed,
    /// A game won by capturing the last bishop.
    End,
}

impl Spot {
    const ALL: [Spot; 7] = [
        Spot::Start,
        Spot::Captures,
        Spot::ProfilesDiffer,
        Spot::QuietOnly,
        Spot::CapturePlayed,
        Spot::QuietPlayed,
        Spot::End,
    ];
}

impl Situation for Spot {
    fn all() -> &'static [Spot] {
        &Spot::ALL
    }

    fn code(self) -> &'static str {
        match self {
            Spot::Start => "start",
            Spot::Captures => "captures-available",
            Spot::ProfilesDiffer => "profiles-differ",
            Spot::QuietOnly => "quiet-only",
            Spot::CapturePlayed => "capture-played",
            Spot::QuietPlayed => "quiet-played",
            Spot::End => "last-bishop-captured",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Spot::Start => "the start position",
            Spot::Captures => "a mid-game position where the side to move can capture",
            Spot::ProfilesDiffer => {
                "a position where steere's and report's non-capturing moves differ"
            }
            Spot::QuietOnly => "a position with non-capturing moves only",
            Spot::CapturePlayed => "a capture played (for move/3)",
            Spot::QuietPlayed => "a non-capturing move played (for move/3)",
            Spot::End => "a game won by capturing the last bishop (for game_over/2)",
        }
    }
}

/// What is asked about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// `valid_moves/3` for the side to move.
    Moves,
    /// `move/3` with this move (the one the reference game played).
    Apply(Move),
    /// `game_over/2`.
    Over,
    /// `display_game/2` for the side to move.
    Display,
}

/// One query of the plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    /// The situation, in a few words.
    pub what: &'static str,
    /// The move number about to be played (1 at the start); the number of
    /// moves + 1 at the end.
    pub ply: usize,
    /// The position.
    pub position: Position,
    /// What is asked.
    pub ask: Ask,
}

impl Planned {
    /// The checks this query makes.
    pub fn kinds(&self) -> &'static [MadBishopsKind] {
        match self.ask {
            Ask::Moves => &[
                MadBishopsKind::Moves,
                MadBishopsKind::Captures,
                MadBishopsKind::Engage,
            ],
            Ask::Apply(_) => &[MadBishopsKind::Apply, MadBishopsKind::Board],
            Ask::Over => &[MadBishopsKind::GameOver],
            Ask::Display => &[MadBishopsKind::Display],
        }
    }
}

/// The queries of one reference game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameQueries {
    /// The game's name.
    pub name: String,
    /// How many moves it has and how it ended, in words.
    pub result: String,
    /// The queries, in order.
    pub queries: Vec<Planned>,
    /// The situations they reach (as game 0 of a set).
    pub coverage: Coverage<Spot>,
}

impl GameQueries {
    /// The checks of this game: `loads`, then those with a query.
    pub fn kinds(&self) -> Vec<MadBishopsKind> {
        let mut kinds = vec![MadBishopsKind::Loads];
        for q in &self.queries {
            for &k in q.kinds() {
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
        }
        kinds.sort();
        kinds
    }

    /// How many times a whole game makes `kind`.
    pub fn occasions(&self, kind: MadBishopsKind) -> usize {
        match kind {
            MadBishopsKind::Loads => 1,
            kind => self
                .queries
                .iter()
                .filter(|q| q.kinds().contains(&kind))
                .count(),
        }
    }
}

/// The positions of a record, the start first, with the move played from
/// each (none from the last).
///
/// # Errors
///
/// Why the record cannot serve as a reference game: its first error.
pub fn read_reference(
    name: &str,
    text: &str,
    profile: Profile,
) -> Result<Vec<(Position, Option<Move>)>, String> {
    let options = CheckOptions {
        profile,
        first: Side::Red,
        setup: Board::report_setup(),
        strict: false,
    };
    let checked = check(text, &options);
    if let Some(problem) = checked.errors().next() {
        return Err(format!(
            "{name}: not a reference game under {}: {}",
            profile.name(),
            problem.message()
        ));
    }
    let mut positions = vec![(options.start(), None)];
    for ply in &checked.game.plies {
        if let Some(last) = positions.last_mut() {
            last.1 = Some(ply.mv);
        }
        positions.push((ply.position, None));
    }
    Ok(positions)
}

/// The queries of one reference game.
pub fn queries(name: &str, positions: &[(Position, Option<Move>)]) -> GameQueries {
    let mut queries = Vec::new();
    let mut coverage = Coverage::new();
    let mut add = |what, i: usize, ask, spot: Option<Spot>| {
        if let Some(spot) = spot {
            coverage.note(spot, Seen::at(0, i + 1));
        }
        let (position, _) = positions[i];
        let planned = Planned {
            what,
            ply: i + 1,
            position,
            ask,
        };
        if !queries.contains(&planned) {
            queries.push(planned);
        }
    };
    let playing: Vec<usize> = (0..positions.len())
        .filter(|&i| positions[i].0.outcome().is_none() && positions[i].1.is_some())
        .collect();
    let has_capture = |i: usize| positions[i].0.legal_moves().iter().any(|m| m.is_capture());
    let has_quiet = |i: usize| positions[i].0.legal_moves().iter().any(|m| !m.is_capture());
    let profiles_differ = |i: usize| {
        let p = positions[i].0;
        let quiet = |p: Position| -> Vec<Move> {
            p.legal_moves()
                .into_iter()
                .filter(|m| !m.is_capture())
                .collect()
        };
        quiet(p.with_profile(Profile::Steere)) != quiet(p.with_profile(Profile::Report))
    };
    // The start.
    if let Some(&i) = playing.first() {
        add("the start", i, Ask::Moves, Some(Spot::Start));
        add("the start", i, Ask::Over, None);
    }
    let mid: Vec<usize> = playing.iter().copied().filter(|&i| i >= 2).collect();
    let captures: Vec<usize> = mid.iter().copied().filter(|&i| has_capture(i)).collect();
    for &i in spread(&captures, 2) {
        add(
            "a mid-game position with captures",
            i,
            Ask::Moves,
            Some(Spot::Captures),
        );
    }
    let engaged: Vec<usize> = mid
        .iter()
        .copied()
        .filter(|&i| has_quiet(i) && profiles_differ(i))
        .collect();
    for &i in spread(&engaged, 2) {
        add(
            "a position where the profiles' quiet moves differ",
            i,
            Ask::Moves,
            Some(Spot::ProfilesDiffer),
        );
    }
    let quiet_only: Vec<usize> = mid
        .iter()
        .copied()
        .filter(|&i| !has_capture(i) && has_quiet(i))
        .collect();
    if let Some(&i) = quiet_only.first() {
        add(
            "a position with quiet moves only",
            i,
            Ask::Moves,
            Some(Spot::QuietOnly),
        );
    }
    if let Some(&i) = playing.last() {
        add("the last position before the end", i, Ask::Moves, None);
        add("the last position before the end", i, Ask::Over, None);
    }
    // Moves played: a capture and a quiet move, the first ones.
    let played_capture = playing
        .iter()
        .copied()
        .find(|&i| positions[i].1.is_some_and(Move::is_capture));
    let played_quiet = playing
        .iter()
        .copied()
        .find(|&i| positions[i].1.is_some_and(|m| !m.is_capture()));
    for i in [played_capture, played_quiet].into_iter().flatten() {
        if let Some(mv) = positions[i].1 {
            let (what, spot) = if mv.is_capture() {
                ("a capture played", Spot::CapturePlayed)
            } else {
                ("a quiet move played", Spot::QuietPlayed)
            };
            add(what, i, Ask::Apply(mv), Some(spot));
        }
    }
    if let Some(&i) = playing.last()
        && let Some(mv) = positions[i].1
    {
        add("the last move", i, Ask::Apply(mv), None);
    }
    // The display, mid-game.
    if let Some(&i) = playing.get(playing.len() / 2) {
        add("a mid-game position", i, Ask::Display, None);
        add("a mid-game position", i, Ask::Over, None);
    }
    // The end.
    let last = positions.len() - 1;
    let end = positions[last].0;
    if end.outcome().is_some() {
        // game_over/2 sees the board only: the end by capture of the last
        // bishop is the one it can tell.
        let captured = Side::ALL.into_iter().any(|s| end.board().count(s) == 0);
        add(
            "the end of the game",
            last,
            Ask::Over,
            captured.then_some(Spot::End),
        );
    }
    let result = match positions[last].0.outcome() {
        Some(outcome) => format!("{} moves, {outcome}", positions.len() - 1),
        None => format!("{} moves, not finished", positions.len() - 1),
    };
    GameQueries {
        name: name.to_string(),
        result,
        queries,
        coverage,
    }
}

/// At most `at_most` of `items`, spread evenly.
fn spread<T>(items: &[T], at_most: usize) -> impl Iterator<Item = &T> {
    let step = items.len().div_ceil(at_most.max(1)).max(1);
    items.iter().step_by(step).take(at_most)
}
