//! Replaying an SGF record: each node of a line becomes steps (setup,
//! colour to move, moves), each judged against a [`Position`] under a
//! rule profile as soon as it is read. The result is a [`Game`] per game
//! tree, with typed [`Problem`]s at the spans of the moves.
//!
//! Main lines are read as the parser reads them, with no syntax tree: a
//! node of one move goes from the bytes to a [`Ply`] directly, so `check`
//! costs little more than the engine, and `show`, `export` and `diff` hold
//! a record's moves once, 16 bytes each. `--all-variations` parses the
//! tree and replays each of its lines the same way; a property test holds
//! the two readings of a main line to the same plies and problems.
//!
//! Illegal moves are played the way the SGF specification asks a reader to
//! (a ko is retaken, a suicide removes its group), so one slip does not
//! turn every later move into an error; a stone on an occupied point or off
//! the board cannot be placed and only passes the turn.

use std::borrow::Cow;

use crate::board::AreaScore;
use crate::illegal::IllegalMoveKind;
use crate::point::{Move, Point, Size};
use crate::position::Position;
use crate::problem::{Issue, Problem, Problems, Severity, Span};
use crate::result::GameResult;
use crate::rules::{KoRule, Profile, RulesFrom};
use crate::score::Counted;
use crate::sgf::{self, Collection, Ident, NodeId, NodeRead, ParseOptions, PlainMove, unescape};
use crate::side::{BySide, Side};

/// How to check a file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// The rule profile; `None`: the one each game's `RU` names
    /// ([`Profile::from_ru`]), else [`Profile::SGF_DEFAULT`] (an `RU`
    /// that names no known rule set is reported, `unknown-rules`).
    pub profile: Option<Profile>,
    /// Skip file damage with warnings (see [`ParseOptions`]).
    pub lenient: bool,
    /// Replay every variation, not only the main line.
    pub all_variations: bool,
    /// The line of the first game tree replayed instead of its main line:
    /// 0 is the main line, then the other lines from the root to a leaf in
    /// tree order (the first child's lines first), as `all_variations`
    /// numbers them ([`Game::variation`]). A line the tree does not have
    /// is the error `no-variation`. Ignored with `all_variations`.
    pub variation: usize,
}

/// One move of a replayed line: 16 bytes, since a record of millions of
/// moves keeps one each for `show`, `export` and `diff`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    /// 1 for the first move property of the line (unreadable moves are
    /// counted too, so this is the number a reader counts).
    pub number: u32,
    /// The `B[..]`/`W[..]` property, as byte offsets (the parser reads no
    /// text over 4 GiB; see [`Ply::span`]).
    span: (u32, u32),
    /// The move written.
    pub mv: Move,
    /// The colour written.
    pub side: Side,
    /// Why it is illegal, if it is.
    pub illegal: Option<IllegalMoveKind>,
}

const _: () = assert!(std::mem::size_of::<Ply>() == 16);

/// One change a record makes besides its moves, in order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Event {
    /// A setup stone placed or removed.
    Setup(Point, Option<Side>),
    /// The end of a node's setup: check liberties, free the next colour.
    /// The span of a problem, as byte offsets (`u32`: the parser reads no
    /// longer text).
    SetupDone(u32, u32),
    /// `PL`.
    ToMove(Side),
    /// A move value that could not be read: the turn passes.
    Unreadable(Side),
}

/// What a line changes between two of its moves besides them, as an SGF
/// writer needs it to keep the position: the setup stones (`AB`, `AW`,
/// `AE`: each point with its last state) and `PL`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Between {
    /// Each point set up, with the stone it was left with (`None`: empty).
    pub setup: Vec<(Point, Option<Side>)>,
    /// The colour `PL` named last.
    pub to_move: Option<Side>,
}

impl Between {
    fn add(&mut self, ev: Event) {
        match ev {
            Event::Setup(p, stone) => {
                self.setup.retain(|&(q, _)| q != p);
                self.setup.push((p, stone));
            }
            Event::ToMove(side) => self.to_move = Some(side),
            Event::SetupDone(..) | Event::Unreadable(_) => {}
        }
    }

    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.setup.is_empty() && self.to_move.is_none()
    }

    fn clear(&mut self) {
        self.setup.clear();
        self.to_move = None;
    }
}

/// A step of a line as read: an event or a move.
#[derive(Clone, Copy, Debug)]
enum Step {
    Event(Event),
    Move(Ply),
}

/// Every ply of a line, with what replaying it again needs: the events
/// between them and the points each ply captured. Reads as a slice of
/// [`Ply`] (`game.plies.len()`, `game.plies[i]`, `for ply in &game.plies`).
#[derive(Clone, Debug, Default)]
pub struct Plies {
    plies: Vec<Ply>,
    /// The events other than moves, each with the number of plies before
    /// it (few: setup, `PL`, unreadable moves).
    events: Vec<(u32, Event)>,
    /// Every captured point, ply after ply.
    captured: Vec<Point>,
    /// For each ply that captured: its span's start (plies of a line are
    /// in file order) and the end of its points in `captured`.
    captures: Vec<(u32, u32)>,
}

impl std::ops::Deref for Plies {
    type Target = [Ply];

    fn deref(&self) -> &[Ply] {
        &self.plies
    }
}

impl<'a> IntoIterator for &'a Plies {
    type Item = &'a Ply;
    type IntoIter = std::slice::Iter<'a, Ply>;

    fn into_iter(self) -> Self::IntoIter {
        self.plies.iter()
    }
}

/// What `check` keeps of a line's moves: their number, the first illegal
/// one with the position it was played in (the board a report draws), and
/// the positions asked for with [`Tally::keeping`]. No ply is stored, so a
/// record of millions of moves is checked in the memory of its text and
/// one position (and, under positional superko, the key of every position
/// met: 8 bytes a move, which that rule needs).
#[derive(Clone, Debug)]
pub struct Tally {
    moves: usize,
    /// Whether to keep the first illegal move's position: only the first
    /// line of a file that has one needs it (see [`Moves::first_illegal`]).
    want_illegal: bool,
    first_illegal: Option<(Ply, Box<Position>)>,
    /// Numbers of plies after which to keep the position, ascending
    /// ([`Tally::END`]: the line's end).
    wanted: Vec<usize>,
    /// The last of `wanted` (`usize::MAX` for none, which no count
    /// reaches): one compare a move instead of a look into the vector.
    next_wanted: usize,
    kept: Vec<(usize, Box<Position>)>,
    /// The first line's moves as written, if asked ([`Tally::with_moves`]).
    written: Option<Vec<(Side, Move)>>,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally::keeping(&[])
    }
}

impl Tally {
    /// The end of a line, for [`Tally::keeping`].
    pub const END: usize = usize::MAX;

    /// A tally that keeps the position after each of `plies` moves of the
    /// first line (capped at its end, as [`Game::position_after`] is).
    pub fn keeping(plies: &[usize]) -> Tally {
        let mut wanted = plies.to_vec();
        wanted.sort_unstable();
        wanted.dedup();
        wanted.reverse();
        Tally {
            moves: 0,
            want_illegal: true,
            first_illegal: None,
            next_wanted: wanted.last().copied().unwrap_or(usize::MAX),
            wanted,
            kept: Vec::new(),
            written: None,
        }
    }

    /// This tally, keeping also the first line's moves as written: the
    /// colour and the point, 4 bytes a move (a [`Ply`] is 16), for
    /// comparing two records (`diff`).
    pub fn with_moves(self) -> Tally {
        Tally {
            written: Some(Vec::new()),
            ..self
        }
    }

    /// The moves kept by [`Tally::with_moves`] (none otherwise).
    pub fn written(&self) -> &[(Side, Move)] {
        self.written.as_deref().unwrap_or_default()
    }

    /// The position after `plies` moves, if it was asked for
    /// ([`Tally::keeping`]; a number past the end gives the end).
    pub fn position_after(&self, plies: usize) -> Option<&Position> {
        self.kept
            .iter()
            .find(|(n, _)| *n == plies)
            .map(|(_, p)| p.as_ref())
    }

    /// Keeps the position for every number wanted up to `upto`.
    fn keep(&mut self, pos: &Position, upto: usize) {
        while let Some(&n) = self.wanted.last()
            && n <= upto
        {
            self.wanted.pop();
            self.kept.push((n, Box::new(pos.snapshot())));
        }
        self.next_wanted = self.wanted.last().copied().unwrap_or(usize::MAX);
    }

    /// [`Sink::before`] for a move that is illegal or after which a
    /// position is wanted: rare, so out of the line of the move loop.
    #[cold]
    #[inline(never)]
    fn before_rare(&mut self, pos: &Position, ply: &Ply, why: Option<IllegalMoveKind>) {
        if self.wanted.last().is_some_and(|&n| n <= self.moves) {
            self.keep(pos, self.moves);
        }
        if why.is_some() && self.want_illegal && self.first_illegal.is_none() {
            let ply = Ply {
                illegal: why,
                ..*ply
            };
            self.first_illegal = Some((ply, Box::new(pos.snapshot())));
        }
    }
}

/// What a line keeps of its moves, as `check`'s report reads it: both
/// [`Plies`] and [`Tally`] answer it the same (a test holds them to one
/// report on every record of the tests).
pub trait Moves: Sized {
    /// Moves replayed (a move whose value cannot be read is not one).
    fn count(&self) -> usize;

    /// The line's first illegal move and the position it was played in.
    fn first_illegal(game: &Game<Self>) -> Option<(Ply, Cow<'_, Position>)>;
}

impl Moves for Plies {
    fn count(&self) -> usize {
        self.plies.len()
    }

    fn first_illegal(game: &Game<Plies>) -> Option<(Ply, Cow<'_, Position>)> {
        let i = game.plies.iter().position(|p| p.illegal.is_some())?;
        Some((game.plies[i], Cow::Owned(game.position_after(i))))
    }
}

impl Moves for Tally {
    fn count(&self) -> usize {
        self.moves
    }

    fn first_illegal(game: &Game<Tally>) -> Option<(Ply, Cow<'_, Position>)> {
        let (ply, pos) = game.plies.first_illegal.as_ref()?;
        Some((*ply, Cow::Borrowed(pos.as_ref())))
    }
}

/// Where a replay hands what it meets, in order: one replay loop
/// ([`LineReader`]) serves a check that keeps counts and the commands
/// that keep every ply.
pub(crate) trait Sink: Sized {
    /// Room for `moves` moves.
    fn reserve(&mut self, _moves: usize) {}
    /// Whether [`Sink::reserve`] keeps room: if not, the text's nodes
    /// are not counted (a pass over the whole file).
    fn wants_room(&self) -> bool {
        false
    }
    /// An event other than a move.
    fn event(&mut self, _ev: Event) {}
    /// A move about to be played in `pos`, illegal for `why`.
    fn before(&mut self, _pos: &Position, _ply: &Ply, _why: Option<IllegalMoveKind>) {}
    /// A point the move being played captured.
    fn captured(&mut self, _p: Point) {}
    /// The move played (`illegal` set), and the position it made.
    fn ply(&mut self, _ply: Ply, _after: &Position) {}
    /// The line ends in `pos`.
    fn end(&mut self, _pos: &Position) {}
    /// The sink of the file's next line, once this one is done.
    fn next(&mut self) -> Self;
    /// Whether [`Sink::before`] would do nothing for a legal move now:
    /// the replay may then judge a move as it plays it.
    #[inline]
    fn quiet(&self) -> bool {
        true
    }
}

/// A replay of stored plies keeps nothing.
impl Sink for () {
    fn next(&mut self) {}
}

impl Sink for Plies {
    fn reserve(&mut self, moves: usize) {
        self.plies.reserve(moves);
    }

    fn wants_room(&self) -> bool {
        true
    }

    fn event(&mut self, ev: Event) {
        self.events.push((self.plies.len() as u32, ev));
    }

    #[inline]
    fn captured(&mut self, p: Point) {
        self.captured.push(p);
    }

    #[inline]
    fn ply(&mut self, ply: Ply, _after: &Position) {
        let marked = self.captures.last().map_or(0, |c| c.1 as usize);
        if self.captured.len() != marked {
            self.captures.push((ply.span.0, self.captured.len() as u32));
        }
        self.plies.push(ply);
    }

    fn end(&mut self, _pos: &Position) {
        self.plies.shrink_to_fit();
        self.events.shrink_to_fit();
    }

    fn next(&mut self) -> Plies {
        Plies::default()
    }
}

impl Sink for Tally {
    #[inline]
    fn quiet(&self) -> bool {
        self.next_wanted > self.moves
    }

    #[inline(always)]
    fn before(&mut self, pos: &Position, ply: &Ply, why: Option<IllegalMoveKind>) {
        if why.is_some() | (self.next_wanted <= self.moves) {
            self.before_rare(pos, ply, why);
        }
    }

    #[inline]
    fn ply(&mut self, ply: Ply, _after: &Position) {
        self.moves += 1;
        if let Some(written) = &mut self.written {
            written.push((ply.side, ply.mv));
        }
    }

    fn reserve(&mut self, moves: usize) {
        if let Some(written) = &mut self.written {
            written.reserve(moves);
        }
    }

    fn wants_room(&self) -> bool {
        self.written.is_some()
    }

    fn end(&mut self, pos: &Position) {
        self.keep(pos, Tally::END);
        if let Some(written) = &mut self.written {
            written.shrink_to_fit();
        }
    }

    fn next(&mut self) -> Tally {
        Tally {
            want_illegal: self.want_illegal && self.first_illegal.is_none(),
            ..Tally::keeping(&[])
        }
    }
}

/// A sink that hands each ply of the first line to `f` as it is played,
/// with the points it captured and the position it made, and keeps
/// nothing: output written as it is made (`export`).
struct Visit<F> {
    /// `None` past the first line.
    f: Option<F>,
    captured: Vec<Point>,
}

impl<F: FnMut(&Ply, &[Point], &Position)> Sink for Visit<F> {
    #[inline]
    fn captured(&mut self, p: Point) {
        self.captured.push(p);
    }

    #[inline]
    fn ply(&mut self, ply: Ply, after: &Position) {
        if let Some(f) = &mut self.f {
            f(&ply, &self.captured, after);
        }
        self.captured.clear();
    }

    fn next(&mut self) -> Self {
        Visit {
            f: None,
            captured: Vec::new(),
        }
    }
}

/// A sink that hands the first line's plies to `f` with what the line
/// changes between them, as [`Game::for_each_between`] does.
struct VisitBetween<F> {
    /// `None` past the first line.
    f: Option<F>,
    plies: usize,
    between: Between,
}

impl<F: FnMut(Option<&Ply>, &Between)> Sink for VisitBetween<F> {
    fn event(&mut self, ev: Event) {
        if self.plies > 0 {
            self.between.add(ev);
        }
    }

    #[inline]
    fn ply(&mut self, ply: Ply, _after: &Position) {
        if let Some(f) = &mut self.f {
            f(Some(&ply), &self.between);
            self.between.clear();
        }
        self.plies += 1;
    }

    fn end(&mut self, _pos: &Position) {
        if let Some(f) = &mut self.f {
            f(None, &self.between);
        }
    }

    fn next(&mut self) -> Self {
        VisitBetween {
            f: None,
            plies: 0,
            between: Between::default(),
        }
    }
}

/// [`replay_first`] for writers that keep the position the record makes:
/// `f` gets what [`Game::for_each_between`] gives, as the moves are
/// replayed again.
pub fn replay_first_between<P>(
    checked: &Checked<'_, P>,
    options: &CheckOptions,
    f: impl FnMut(Option<&Ply>, &Between),
) {
    let visit = VisitBetween {
        f: Some(f),
        plies: 0,
        between: Between::default(),
    };
    replay_text(&checked.source, options, visit);
}

/// Replays the main line of the first game of `checked` again, handing
/// `f` each ply as it is played, the points it captured and the position
/// it made: the plies of [`check`]'s first game, in order, with what
/// [`Game::captured_by`] and [`Game::for_each_position`] give, but
/// without holding them (a record of millions of moves is exported in
/// the memory of its text). `options` must be those `checked` was made
/// with.
///
/// # Examples
///
/// ```
/// use asalto_go::replay::{check_tally, replay_first, CheckOptions, Tally};
///
/// let options = CheckOptions::default();
/// let checked = check_tally(b"(;SZ[9]AB[ab]AW[bb][ac];B[ca];W[aa])", &options, Tally::default());
/// let mut seen = Vec::new();
/// replay_first(&checked, &options, |ply, captured, after| {
///     seen.push((ply.number, captured.len(), after.board().stones().count()));
/// });
/// assert_eq!(seen, [(1, 0, 4), (2, 1, 4)]);
/// ```
pub fn replay_first<P>(
    checked: &Checked<'_, P>,
    options: &CheckOptions,
    f: impl FnMut(&Ply, &[Point], &Position),
) {
    let visit = Visit {
        f: Some(f),
        captured: Vec::new(),
    };
    replay_text(&checked.source, options, visit);
}

/// The main line of the first game of `checked` replayed again, keeping
/// what `tally` asks (the position before the first difference of two
/// records, once their moves are compared). `options` must be those
/// `checked` was made with.
pub fn tally_first<P>(
    checked: &Checked<'_, P>,
    options: &CheckOptions,
    tally: Tally,
) -> Option<Game<Tally>> {
    replay_text(&checked.source, options, tally)
}

/// Replays the first line of an already decoded text into `sink`.
pub(crate) fn replay_text<S: Sink>(text: &str, options: &CheckOptions, sink: S) -> Option<Game<S>> {
    let parse_options = ParseOptions {
        lenient: options.lenient,
    };
    let profile = options.profile;
    if options.all_variations || options.variation > 0 {
        let (collection, _) = sgf::parse(text, parse_options);
        let root = *collection.roots().first()?;
        let k = if options.all_variations {
            0
        } else {
            options.variation
        };
        let line = collection.lines(root).nth(k)?;
        let mut game = replay_line(text, &collection, &line, profile, sink);
        game.variation = k;
        return Some(game);
    }
    let mut lines = MainLines {
        src: text,
        profile,
        semicolons: 0,
        sink: Some(sink),
        reading: None,
        games: Vec::new(),
    };
    sgf::parse_with(text, parse_options, &mut lines);
    lines.done();
    lines.games.into_iter().next()
}

/// The root's game information.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameInfo {
    /// `KM`, 0 when absent (the Fox server's hundredths and half-stones
    /// read as points).
    pub komi: f64,
    /// `HA`, 0 when absent.
    pub handicap: u32,
    /// `RE`, as written.
    pub result: Option<String>,
    /// `PB` and `PW`.
    pub players: BySide<Option<String>>,
    /// `RU`.
    pub rules: Option<String>,
    /// `BR` and `WR`: the players' ranks.
    pub ranks: BySide<Option<String>>,
    /// `DT`.
    pub date: Option<String>,
    /// `EV`.
    pub event: Option<String>,
}

/// A replayed line of a game tree. `P` is what it keeps of its moves:
/// every ply ([`Plies`], for `show`, `export`, `diff`) or only what a
/// check reports ([`Tally`]: counts and at most a few positions).
#[derive(Clone, Debug)]
pub struct Game<P = Plies> {
    /// The tree's root node, in the tree that parsing [`Checked::source`]
    /// gives.
    pub root: NodeId,
    /// 0 for the main line, then the other lines in tree order.
    pub variation: usize,
    /// The profile that judged it.
    pub profile: Profile,
    /// Where that profile came from: `--rules`, `RU`, or the default.
    pub rules_from: RulesFrom,
    /// The board size.
    pub size: Size,
    /// Root information.
    pub info: GameInfo,
    /// The moves, as kept.
    pub plies: P,
    /// Problems of this line.
    pub problems: Problems,
    free_handicap: u32,
    /// The area score of the final position, worked out once.
    final_score: AreaScore,
    /// The count of the final position, dead stones judged, when `RE`
    /// claims a count (see [`Game::counted`]).
    counted: Option<Counted>,
    /// The same count when `RE` is no count (see [`Game::estimated`]).
    estimated: Option<Counted>,
}

/// The problems a report of a [`Checked`] lists ([`Checked::listed`]).
pub type Listed<'a> = asalto_core::capped::Listed<'a, Issue>;

/// A checked file. The syntax tree is not kept (nor built, for main lines
/// only): a game holds its moves (16 bytes each), the tree would take
/// twice as much again, and a record of millions of moves is shown or
/// exported whole. Parsing
/// [`Checked::source`] with the same options gives the tree again, with
/// the same node numbers.
#[derive(Clone, Debug)]
pub struct Checked<'s, P = Plies> {
    /// The decoded text, which every span points into: borrowed from the
    /// bytes checked when they are UTF-8 (most files), so that a file is
    /// held once, not twice.
    pub source: Cow<'s, str>,
    /// The charset the file was read in.
    pub charset: &'static str,
    /// File-level problems: charset, syntax.
    pub problems: Problems,
    /// One game per tree (and per variation with `all_variations`).
    pub games: Vec<Game<P>>,
    /// The profile the file was judged under, and where it came from:
    /// its first game's, or for a file where no line was replayed (a
    /// syntax error at once, a `--variation` the tree does not have) the
    /// one its first root asks for.
    pub rules: FileRules,
}

/// The profile a checked file was judged under ([`Checked::rules`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileRules {
    /// The profile.
    pub profile: Profile,
    /// Where it came from: `--rules`, `RU`, or the default.
    pub from: RulesFrom,
    /// The first root's `RU`, as read (`None` without).
    pub ru: Option<String>,
}

impl FileRules {
    /// The rules of `games`' first, else the profile asked for, else the
    /// default.
    fn of<P>(games: &[Game<P>], asked: Option<Profile>) -> FileRules {
        match (games.first(), asked) {
            (Some(game), _) => FileRules {
                profile: game.profile,
                from: game.rules_from,
                ru: game.info.rules.clone(),
            },
            (None, Some(profile)) => FileRules {
                profile,
                from: RulesFrom::Option,
                ru: None,
            },
            (None, None) => FileRules {
                profile: Profile::SGF_DEFAULT,
                from: RulesFrom::Default,
                ru: None,
            },
        }
    }

    /// The rules a tree's root asks for when none of its lines is
    /// replayed: `asked`, else the profile its `RU` names, else the
    /// default (an `RU` of a record that is not Go is not read, as a
    /// replay does not read it).
    fn of_root(src: &str, root: NodeRead<'_>, asked: Option<Profile>) -> FileRules {
        let not_go = root_text(src, root, GM).is_some_and(|(gm, _)| gm != "1");
        let ru = if not_go {
            None
        } else {
            root_text(src, root, RU).map(|(t, _)| t.into_owned())
        };
        let (profile, from) = match (asked, ru.as_deref().and_then(Profile::from_ru)) {
            (Some(profile), _) => (profile, RulesFrom::Option),
            (None, Some(profile)) => (profile, RulesFrom::File),
            (None, None) => (Profile::SGF_DEFAULT, RulesFrom::Default),
        };
        FileRules { profile, from, ru }
    }
}

impl<P> Checked<'_, P> {
    /// Every problem: the file's, then each game's.
    pub fn all_problems(&self) -> impl Iterator<Item = &Problem> + use<'_, P> {
        self.problems
            .iter()
            .chain(self.games.iter().flat_map(|g| g.problems.iter()))
    }

    /// Whether no problem is an error (counted ones too).
    pub fn is_valid(&self) -> bool {
        self.count(Severity::Error) == 0
    }

    /// How many problems of `severity`, kept whole or only counted.
    pub fn count(&self, severity: Severity) -> usize {
        self.problems.count(severity)
            + self
                .games
                .iter()
                .map(|g| g.problems.count(severity))
                .sum::<usize>()
    }

    /// What a report lists: the first
    /// [`PROBLEMS_KEPT`](asalto_core::capped::PROBLEMS_KEPT) problems (the
    /// file's, then each game's) whole, and the others counted by
    /// severity and code, with those each list only counted. A report of
    /// a file of any number of problems, or of any number of variations,
    /// is of bounded size.
    pub fn listed(&self) -> Listed<'_> {
        let lists = std::iter::once(&self.problems).chain(self.games.iter().map(|g| &g.problems));
        asalto_core::capped::listed(lists, asalto_core::capped::PROBLEMS_KEPT)
    }

    /// 1-based line and column (in characters) of a span's start.
    pub fn line_col(&self, span: Span) -> (usize, usize) {
        asalto_core::line_column(&self.source, span.start)
    }
}

impl Ply {
    /// The `B[..]`/`W[..]` property.
    pub fn span(&self) -> Span {
        Span::new(self.span.0 as usize, self.span.1 as usize)
    }
}

impl Game<Plies> {
    /// Stones captured by ply `number` (1-based).
    pub fn captured_by(&self, ply: &Ply) -> &[Point] {
        let captures = &self.plies.captures;
        let Ok(k) = captures.binary_search_by_key(&ply.span.0, |c| c.0) else {
            return &[];
        };
        let start = if k == 0 { 0 } else { captures[k - 1].1 };
        &self.plies.captured[start as usize..captures[k].1 as usize]
    }

    /// Calls `f` with each ply (`Some`) and, once more at the end,
    /// `None`, each time with what the line changed since the ply before:
    /// the setup and `PL` of nodes between moves (empty before the first
    /// ply: what comes before it is the start, [`Game::position_after`]`(0)`).
    pub fn for_each_between(&self, mut f: impl FnMut(Option<&Ply>, &Between)) {
        let mut between = Between::default();
        let mut events = self.plies.events.iter().peekable();
        for (i, ply) in self.plies.iter().enumerate() {
            while let Some((_, ev)) = events.next_if(|(before, _)| *before as usize <= i) {
                if i > 0 {
                    between.add(*ev);
                }
            }
            f(Some(ply), &between);
            between.clear();
        }
        if !self.plies.is_empty() {
            for (_, ev) in events {
                between.add(*ev);
            }
        }
        f(None, &between);
    }

    /// Replays the whole line into `sink`, as a replay of the text hands
    /// it what it meets (events, each move with what it captured, the
    /// end), for writers that serve both stored and replayed games.
    pub(crate) fn replay_into<S: Sink>(&self, sink: &mut S) {
        let mut judge = Judge::new(self.size, self.profile, self.free_handicap);
        let mut events = self.plies.events.iter().peekable();
        for (i, ply) in self.plies.iter().enumerate() {
            while let Some((_, ev)) = events.next_if(|(before, _)| *before as usize <= i) {
                judge.event(*ev, None);
                sink.event(*ev);
            }
            let mut ply = *ply;
            ply.illegal = judge.play(&ply, sink, None);
            sink.ply(ply, &judge.pos);
        }
        for (_, ev) in events {
            judge.event(*ev, None);
            sink.event(*ev);
        }
        sink.end(&judge.pos);
    }

    /// Replays the line: `f` gets each ply's index (0-based) and the
    /// position after it; stops before ply `limit`, having applied what
    /// comes between the ply before it and it.
    fn replay(&self, limit: usize, mut f: impl FnMut(usize, &Position)) -> Position {
        let mut judge = Judge::new(self.size, self.profile, self.free_handicap);
        let mut events = self.plies.events.iter().peekable();
        for (i, ply) in self.plies.iter().enumerate().take(limit) {
            while let Some((_, ev)) = events.next_if(|(before, _)| *before as usize <= i) {
                judge.event(*ev, None);
            }
            judge.play(ply, &mut (), None);
            f(i, &judge.pos);
        }
        for (before, ev) in events {
            if *before as usize > limit {
                break;
            }
            judge.event(*ev, None);
        }
        judge.pos
    }

    /// The position after `plies` moves (0: after the root's setup and
    /// the first node's; capped at the last move).
    pub fn position_after(&self, plies: usize) -> Position {
        self.replay(plies, |_, _| {})
    }

    /// Calls `f` with each ply's index (0-based) and the position after it,
    /// replaying the line once.
    pub fn for_each_position(&self, f: impl FnMut(usize, &Position)) {
        self.replay(usize::MAX, f);
    }

    /// The final position (replayed: a game keeps its moves, not a board,
    /// so a file of many games costs memory in proportion to its moves).
    pub fn position(&self) -> Position {
        self.position_after(self.plies.len())
    }
}

impl<P: Moves> Game<P> {
    /// Moves replayed (a move whose value cannot be read is not one).
    pub fn moves(&self) -> usize {
        self.plies.count()
    }

    /// The first illegal move and the position it was played in.
    pub fn first_illegal(&self) -> Option<(Ply, Cow<'_, Position>)> {
        P::first_illegal(self)
    }
}

impl<P> Game<P> {
    /// The area score of the final position.
    pub fn score(&self) -> AreaScore {
        self.final_score
    }

    /// The count of the final position under the profile's counting,
    /// dead stones judged ([`crate::count`] with [`COUNT_SEED`]), when
    /// `RE` claims a count a count under the komi can give (the one `RE`
    /// is verified against); `None` otherwise: a game resigned, lost on
    /// time or not finished has no count to verify.
    pub fn counted(&self) -> Option<Counted> {
        self.counted
    }

    /// The same count of the final position (under the profile's
    /// counting, its komi and handicap compensation, dead stones judged)
    /// when `RE` is written and is no count: a resignation, time,
    /// forfeit, draw, void or unknown result. Nobody counted that board,
    /// so the count is only an estimate of the game's end; `None` without
    /// `RE`, with a counted `RE`, or for a record that was not replayed.
    pub fn estimated(&self) -> Option<Counted> {
        self.estimated
    }

    /// The komi the profile counts (0 under `seed-2019`).
    pub fn komi_counted(&self) -> f64 {
        if self.profile.rules().komi_counts {
            self.info.komi
        } else {
            0.0
        }
    }

    /// Whether no problem of this line is an error (counted ones too).
    pub fn is_valid(&self) -> bool {
        !self.problems.any_error()
    }
}

/// Decodes, parses and replays a file.
///
/// # Examples
///
/// ```
/// use asalto_go::replay::{check, CheckOptions};
///
/// let checked = check(b"(;GM[1]SZ[9];B[ee];W[ee])", &CheckOptions::default());
/// assert!(!checked.is_valid());
/// let p = checked.all_problems().next().unwrap();
/// assert_eq!(p.kind.code(), "occupied");
/// assert_eq!(p.ply, Some(2));
/// assert_eq!(checked.line_col(p.span), (1, 20));
/// ```
pub fn check<'s>(bytes: &'s [u8], options: &CheckOptions) -> Checked<'s> {
    check_decoded(sgf::decode(bytes), options, Plies::default())
}

/// [`check`], taking the bytes: a UTF-8 record is then held once, as
/// [`Checked::source`], not also as the bytes read.
pub fn check_owned(bytes: Vec<u8>, options: &CheckOptions) -> Checked<'static> {
    check_decoded(sgf::decode_owned(bytes), options, Plies::default())
}

/// [`check`] keeping no ply: each line keeps what `tally` asks (counts,
/// the first illegal move's position, the positions of
/// [`Tally::keeping`]). The problems, counts and scores are [`check`]'s.
///
/// # Examples
///
/// ```
/// use asalto_go::replay::{check_tally, CheckOptions, Tally};
///
/// let text = b"(;GM[1]SZ[9];B[ee];W[dd];B[ee])";
/// let checked = check_tally(text, &CheckOptions::default(), Tally::keeping(&[1]));
/// let game = &checked.games[0];
/// assert_eq!(game.moves(), 3);
/// let (ply, before) = game.first_illegal().unwrap();
/// assert_eq!((ply.number, before.board().stones().count()), (3, 2));
/// assert_eq!(game.plies.position_after(1).unwrap().board().stones().count(), 1);
/// ```
pub fn check_tally<'s>(
    bytes: &'s [u8],
    options: &CheckOptions,
    tally: Tally,
) -> Checked<'s, Tally> {
    check_decoded(sgf::decode(bytes), options, tally)
}

/// [`check_tally`], taking the bytes (held once, as [`check_owned`]
/// holds them).
pub fn check_tally_owned(
    bytes: Vec<u8>,
    options: &CheckOptions,
    tally: Tally,
) -> Checked<'static, Tally> {
    check_decoded(sgf::decode_owned(bytes), options, tally)
}

fn check_decoded<'s, S: Sink>(
    decoded: sgf::Decoded<'s>,
    options: &CheckOptions,
    sink: S,
) -> Checked<'s, S> {
    let parse_options = ParseOptions {
        lenient: options.lenient,
    };
    let profile = options.profile;
    if !options.all_variations && options.variation == 0 {
        // Each main line is read and judged as it is parsed; no tree.
        // The positional-superko history makes room for every move too
        // (and may, when the record's `RU` chooses the profile).
        let superko = profile.is_none_or(|p| p.rules().ko == KoRule::PositionalSuperko);
        let semicolons = if sink.wants_room() || superko {
            sgf::count_semicolons(&decoded.text)
        } else {
            0
        };
        let mut lines = MainLines {
            src: &decoded.text,
            profile,
            semicolons,
            sink: Some(sink),
            reading: None,
            games: Vec::new(),
        };
        let mut problems = sgf::parse_with(&decoded.text, parse_options, &mut lines);
        if let Some(p) = decoded.problem {
            problems.insert_first(p);
        }
        lines.done();
        let games = lines.games;
        return Checked {
            source: decoded.text,
            charset: decoded.charset,
            problems,
            rules: FileRules::of(&games, profile),
            games,
        };
    }
    let (collection, mut problems) = sgf::parse(&decoded.text, parse_options);
    if let Some(p) = decoded.problem {
        problems.insert_first(p);
    }
    let mut games = Vec::with_capacity(collection.roots().len());
    let mut sink = sink;
    // The rules of a file none of whose lines is replayed: its first
    // root's (replaced by the first game's when there is one).
    let mut rules = match collection.roots().first() {
        Some(&root) => FileRules::of_root(&decoded.text, NodeRead::of(&collection, root), profile),
        None => FileRules::of(&games, profile),
    };
    if !options.all_variations {
        // One line of the first tree (`options.variation`), the main line
        // of the others.
        for (i, &root) in collection.roots().iter().enumerate() {
            let k = if i == 0 { options.variation } else { 0 };
            let Some(line) = collection.lines(root).nth(k) else {
                // Fewer lines than asked: how many (one held at a time).
                problems.push(Problem::error(
                    Issue::NoVariation {
                        asked: k,
                        lines: collection.lines(root).count(),
                    },
                    collection.node(root).span(),
                ));
                // The games a command shows start with the line asked
                // for, or are none.
                break;
            };
            let mut game = replay_line(&decoded.text, &collection, &line, profile, sink);
            sink = game.plies.next();
            game.variation = k;
            games.push(game);
        }
        drop(collection);
        if !games.is_empty() {
            rules = FileRules::of(&games, profile);
        }
        return Checked {
            source: decoded.text,
            charset: decoded.charset,
            problems,
            rules,
            games,
        };
    }
    for &root in collection.roots() {
        {
            let mut seen = std::collections::HashSet::new();
            let mut budget = VARIATION_BUDGET.max(4 * collection.node_count());
            for (k, line) in collection.lines(root).enumerate() {
                if line.len() > budget || k >= VARIATION_LINES {
                    let span = collection.node(line[line.len() - 1]).span();
                    problems.push(Problem {
                        severity: Severity::Warning,
                        span,
                        ply: None,
                        kind: Issue::TooManyVariations { replayed: k },
                    });
                    break;
                }
                budget -= line.len();
                let mut game = replay_line(&decoded.text, &collection, &line, profile, sink);
                sink = game.plies.next();
                game.variation = k;
                game.problems
                    .retain(|p| seen.insert((p.span, p.kind.code())));
                games.push(game);
            }
        }
    }
    drop(collection);
    if !games.is_empty() {
        rules = FileRules::of(&games, profile);
    }
    Checked {
        source: decoded.text,
        charset: decoded.charset,
        problems,
        rules,
        games,
    }
}

/// Nodes replayed at most for `all_variations` (at least four times the
/// file's nodes): every line is replayed from the root, so a deep tree with
/// many leaves could otherwise cost depth × leaves.
const VARIATION_BUDGET: usize = 5_000_000;

/// Lines kept at most for `all_variations`: each is a [`Game`] with its own
/// board (a few KiB), so a file of a million one-move variations must not
/// become a million boards.
const VARIATION_LINES: usize = 10_000;

const B: Ident = Ident::new("B");
const W: Ident = Ident::new("W");
const AB: Ident = Ident::new("AB");
const AW: Ident = Ident::new("AW");
const AE: Ident = Ident::new("AE");
const PL: Ident = Ident::new("PL");
const SZ: Ident = Ident::new("SZ");
const GM: Ident = Ident::new("GM");
const KM: Ident = Ident::new("KM");
const HA: Ident = Ident::new("HA");
const RE: Ident = Ident::new("RE");
const RU: Ident = Ident::new("RU");
const AP: Ident = Ident::new("AP");
const PB: Ident = Ident::new("PB");
const PW: Ident = Ident::new("PW");
const BR: Ident = Ident::new("BR");
const WR: Ident = Ident::new("WR");
const DT: Ident = Ident::new("DT");
const EV: Ident = Ident::new("EV");

fn problem(severity: Severity, span: Span, ply: Option<u32>, kind: Issue) -> Problem {
    Problem {
        severity,
        span,
        ply: ply.map(|p| p as usize),
        kind,
    }
}

/// The first value of a root property, unescaped and trimmed: borrowed
/// from the text unless it holds escapes or line breaks (a file's root
/// is read once, and most of its values are only looked at).
fn root_text<'s>(src: &'s str, root: NodeRead<'_>, id: Ident) -> Option<(Cow<'s, str>, Span)> {
    let prop = root.property(id)?;
    let v = root.values(prop).first()?;
    let text = match unescape(&src[v.span().range()], true) {
        Cow::Borrowed(text) => Cow::Borrowed(text.trim()),
        Cow::Owned(text) => Cow::Owned(text.trim().to_string()),
    };
    Some((text, prop.span()))
}

/// Reads the size: `None` (with an error) when the game cannot be replayed.
fn read_size(src: &str, root: NodeRead<'_>, problems: &mut Problems) -> Option<Size> {
    let Some((text, span)) = root_text(src, root, SZ) else {
        return Some(Size::NINETEEN);
    };
    // The common case: one number, read without splitting.
    if let Some(size) = text.parse::<u8>().ok().and_then(Size::new) {
        return Some(size);
    }
    let parts: Vec<&str> = text.split(':').map(str::trim).collect();
    let numbers: Option<Vec<u32>> = parts.iter().map(|s| s.parse().ok()).collect();
    match numbers.as_deref() {
        Some([n]) | Some([n, _]) if parts.len() == 1 || numbers.as_deref() == Some(&[*n, *n]) => {
            if let Some(size) = u8::try_from(*n).ok().and_then(Size::new) {
                return Some(size);
            }
            problems.push(problem(
                Severity::Error,
                span,
                None,
                Issue::UnsupportedSize {
                    value: text.into_owned(),
                },
            ));
        }
        Some([_, _]) => problems.push(problem(
            Severity::Error,
            span,
            None,
            Issue::UnsupportedSize {
                value: text.into_owned(),
            },
        )),
        _ => problems.push(problem(
            Severity::Error,
            span,
            None,
            Issue::BadValue {
                property: "SZ".into(),
                value: text.into_owned(),
                expected: "a board size such as 19",
            },
        )),
    }
    None
}

/// Whether a record comes from the Fox server, whose files write komi and
/// handicap their own way. They name it `AP[foxwq]`, or `AP[YuanYu]` (the
/// maker of its client) in older exports, which carry the same
/// `KM[750]` and `KM[375]`.
fn from_fox(src: &str, root: NodeRead<'_>) -> bool {
    // Case-blind, without a lowercase copy of each value.
    let holds =
        |ap: &[u8], name: &[u8]| ap.windows(name.len()).any(|w| w.eq_ignore_ascii_case(name));
    root.props.iter().any(|p| {
        p.ident == AP
            && root.values(p).iter().any(|v| {
                let ap = &src.as_bytes()[v.span().range()];
                holds(ap, b"foxwq") || holds(ap, b"yuanyu")
            })
    })
}

/// The root's game information; `fox`: whether the record comes from
/// the Fox server ([`from_fox`]).
fn read_info(src: &str, root: NodeRead<'_>, fox: bool, problems: &mut Problems) -> GameInfo {
    let mut info = GameInfo::default();
    if let Some((text, span)) = root_text(src, root, KM) {
        // A decimal comma is read as a point (copied only when present).
        let number = if text.contains(',') {
            text.replace(',', ".").parse::<f64>()
        } else {
            text.parse::<f64>()
        };
        match number {
            Ok(k) if k.is_finite() => info.komi = k,
            _ if text.is_empty() => {}
            _ => problems.push(problem(
                Severity::Warning,
                span,
                None,
                Issue::BadValue {
                    property: "KM".into(),
                    value: text.into_owned(),
                    expected: "a number such as 6.5; komi 0 is used",
                },
            )),
        }
    }
    if let Some((text, span)) = root_text(src, root, HA) {
        match text.parse::<u32>() {
            Ok(h) => info.handicap = h,
            _ if text.is_empty() => {}
            _ => problems.push(problem(
                Severity::Warning,
                span,
                None,
                Issue::BadValue {
                    property: "HA".into(),
                    value: text.into_owned(),
                    expected: "a whole number of handicap stones",
                },
            )),
        }
    }
    // The Fox server writes komi in hundredths (KM[650] is 6.5), and under
    // Chinese rules in stones (KM[375] is 7.5 points). Other files that
    // copy its komi (a komi over 150, a multiple of 50: no game gives
    // that many points) are read as hundredths too.
    let written = info.komi;
    if fox && info.komi.abs() >= 100.0 {
        let chinese = root_text(src, root, RU)
            .is_some_and(|(r, _)| r.to_ascii_lowercase().contains("chinese"));
        info.komi /= if chinese { 50.0 } else { 100.0 };
    } else if info.komi.abs() > 150.0 && info.komi % 50.0 == 0.0 {
        info.komi /= 100.0;
    }
    if info.komi != written
        && let Some((text, span)) = root_text(src, root, KM)
    {
        problems.push(problem(
            Severity::Warning,
            span,
            None,
            Issue::KomiScaled {
                written: text.into_owned(),
                komi: info.komi,
            },
        ));
    }
    info.result = root_text(src, root, RE).map(|(t, _)| t.into_owned());
    info.rules = root_text(src, root, RU).map(|(t, _)| t.into_owned());
    info.players = BySide::new(
        root_text(src, root, PB).map(|(t, _)| t.into_owned()),
        root_text(src, root, PW).map(|(t, _)| t.into_owned()),
    );
    info.ranks = BySide::new(
        root_text(src, root, BR).map(|(t, _)| t.into_owned()),
        root_text(src, root, WR).map(|(t, _)| t.into_owned()),
    );
    info.date = root_text(src, root, DT).map(|(t, _)| t.into_owned());
    info.event = root_text(src, root, EV).map(|(t, _)| t.into_owned());
    info
}

/// What a move value says.
enum MoveValue {
    Move(Move),
    /// Two letters past `y` or capitals: off every board of this crate.
    OffBoard,
    Unreadable,
}

fn move_value(raw: &str, size: Size) -> MoveValue {
    // The common case first: two letters, no spaces.
    if let [c, r] = raw.as_bytes()
        && raw != "tt"
        && let Some(p) = Point::from_sgf(&[*c, *r])
    {
        return MoveValue::Move(Move::Play(p));
    }
    let raw = raw.trim();
    if raw.is_empty() || (raw == "tt" && size.get() <= 19) {
        return MoveValue::Move(Move::Pass);
    }
    let b = raw.as_bytes();
    if b.len() == 2 && b.iter().all(u8::is_ascii_alphabetic) {
        return match Point::from_sgf(b) {
            Some(p) => MoveValue::Move(Move::Play(p)),
            None => MoveValue::OffBoard,
        };
    }
    MoveValue::Unreadable
}

/// The move of a plain move node's value (empty, or two lowercase
/// letters, as the parser's fast path reads them), as [`move_value`] reads
/// it; `None` for a value it reports (letters past the board's `y`).
#[inline]
fn plain_value(raw: &[u8], size: Size) -> Option<Move> {
    match *raw {
        [] => Some(Move::Pass),
        [b't', b't'] if size.get() <= 19 => Some(Move::Pass),
        [c, r] => Point::from_sgf(&[c, r]).map(Move::Play),
        _ => None,
    }
}

/// The points of a setup value: one point or a rectangle `aa:cc`.
/// `None` when unreadable; points past the board are `Err`.
fn setup_points(raw: &str, size: Size) -> Option<Result<Vec<Point>, ()>> {
    let raw = raw.trim();
    let (a, b) = match raw.split_once(':') {
        Some((a, b)) => (a, b),
        None => (raw, raw),
    };
    let read = |s: &str| -> Option<Option<Point>> {
        let bytes = s.as_bytes();
        if bytes.len() != 2 || !bytes.iter().all(u8::is_ascii_alphabetic) {
            return None;
        }
        Some(Point::from_sgf(bytes).filter(|&p| size.contains(p)))
    };
    let (pa, pb) = (read(a)?, read(b)?);
    let (Some(pa), Some(pb)) = (pa, pb) else {
        return Some(Err(()));
    };
    let mut out = Vec::new();
    for row in pa.row().min(pb.row())..=pa.row().max(pb.row()) {
        for col in pa.col().min(pb.col())..=pa.col().max(pb.col()) {
            out.push(Point::new(col, row));
        }
    }
    Some(Ok(out))
}

/// The state of a replay beyond the position: which colour may move next.
struct Judge {
    pos: Position,
    /// Black stones still to be placed as moves (free handicap placement).
    free_handicap: u32,
    /// After setup without `PL`, either colour may move first.
    any_colour: bool,
}

impl Judge {
    fn new(size: Size, profile: Profile, free_handicap: u32) -> Judge {
        let mut pos = Position::new(size, profile);
        if free_handicap > 0 {
            pos.set_to_move(Side::Black);
        }
        Judge {
            pos,
            free_handicap,
            any_colour: false,
        }
    }

    /// Applies an event; with `problems`, judges it.
    fn event(&mut self, ev: Event, problems: Option<&mut Problems>) {
        match ev {
            Event::Setup(p, stone) => {
                self.pos.set_stone_deferred(p, stone);
                self.any_colour = true;
            }
            Event::SetupDone(start, end) => {
                let span = Span::new(start as usize, end as usize);
                self.pos.finish_setup();
                if let Some(problems) = problems
                    && self.pos.board().has_group_without_liberty()
                {
                    problems.push(problem(
                        Severity::Error,
                        span,
                        None,
                        Issue::SetupOutsideRules,
                    ));
                }
            }
            Event::ToMove(side) => {
                self.pos.set_to_move(side);
                self.any_colour = false;
            }
            Event::Unreadable(side) => self.pos.set_to_move(!side),
        }
    }

    /// Plays a move, handing `sink` the position it is played in and
    /// every captured point; with `problems`, judges it. Returns why the
    /// move is illegal.
    #[inline]
    fn play<S: Sink>(
        &mut self,
        ply: &Ply,
        sink: &mut S,
        problems: Option<&mut Problems>,
    ) -> Option<IllegalMoveKind> {
        let side = ply.side;
        let free = self.free_handicap > 0 && side == Side::Black;
        let wrong_side = !self.any_colour && !free && side != self.pos.to_move();
        self.any_colour = false;
        // Most moves: legal, in turn, with nothing for the sink to look at
        // before them; judged as they are played. Any other goes on below
        // in the position as it was.
        let kind = if !wrong_side
            && sink.quiet()
            && let Move::Play(p) = ply.mv
            && self
                .pos
                .play_point_if_legal(side, p, |q| sink.captured(q))
                .is_some()
        {
            None
        } else {
            let verdict = self.pos.why_illegal(side, ply.mv);
            let kind = verdict.or(wrong_side.then_some(IllegalMoveKind::WrongSide));
            sink.before(&self.pos, ply, kind);
            let played = match verdict {
                None => {
                    self.pos.play_judged(side, ply.mv, |q| sink.captured(q));
                    true
                }
                Some(_) => self
                    .pos
                    .force_judged(side, ply.mv, verdict, |q| sink.captured(q))
                    .is_some(),
            };
            if !played {
                self.pos.set_to_move(!side);
            }
            kind
        };
        if free {
            self.free_handicap -= 1;
            if self.free_handicap > 0 {
                self.pos.set_to_move(Side::Black);
            }
        } else {
            self.free_handicap = 0;
        }
        if let Some(problems) = problems
            && let Some(kind) = kind
        {
            problems.push(problem(
                Severity::Error,
                ply.span(),
                Some(ply.number),
                Issue::Illegal {
                    kind,
                    side,
                    mv: ply.mv,
                },
            ));
        }
        kind
    }
}

/// The end of a setup whose problem would be at `span` (offsets into a
/// parsed text, so below 4 GiB).
fn setup_done(span: Span) -> Event {
    Event::SetupDone(span.start as u32, span.end as u32)
}

/// The main line of each tree of a file, read and judged as the parser
/// reads it.
struct MainLines<'a, S> {
    src: &'a str,
    /// The profile asked for (`None`: each game's `RU`).
    profile: Option<Profile>,
    /// The `;` of the text: room for the moves of its games (0 when
    /// neither the sink nor the rules keep room, [`Sink::wants_room`]).
    semicolons: usize,
    /// The sink of the next tree's line (`None` while one is read).
    sink: Option<S>,
    /// The tree being read.
    reading: Option<LineReader<S>>,
    games: Vec<Game<S>>,
}

impl<S: Sink> MainLines<'_, S> {
    /// The tree being read is read whole.
    fn done(&mut self) {
        if let Some(done) = self.reading.take() {
            let mut game = done.finish();
            self.sink = Some(game.plies.next());
            self.games.push(game);
        }
    }
}

impl<S: Sink> sgf::MainLine for &mut MainLines<'_, S> {
    fn node(&mut self, node: NodeRead<'_>, root: bool) {
        if root {
            self.done();
            // Room for every node still to come: exact for a file of one
            // game; `finish` gives back what a game does not use.
            let moves = self.semicolons.saturating_sub(node.id as usize) + 1;
            if let Some(sink) = self.sink.take() {
                let reader = LineReader::new(self.src, node, self.profile, moves, sink);
                self.reading = Some(reader);
            }
        }
        if let Some(reading) = &mut self.reading {
            reading.node(self.src, node);
        }
    }

    #[inline]
    fn plain_move(&mut self, mv: PlainMove) {
        if let Some(reading) = &mut self.reading {
            reading.plain_move(self.src, mv);
        }
    }

    #[inline]
    fn reads(&self, ident: Ident) -> bool {
        READ_BELOW_ROOT.contains(&ident)
    }
}

/// The properties [`LineReader::node`] reads in a node below the root
/// (the root's game information aside): a node of one move whose other
/// properties are none of these is read as [`LineReader::plain_move`].
const READ_BELOW_ROOT: [Ident; 6] = [B, W, AB, AW, AE, PL];

/// A line of a game tree read node by node and judged as it comes:
/// [`replay_line`] feeds it a stored line, [`check`] the main line of each
/// tree as the parser reads it, so that a record's moves are held once, as
/// plies, and never as a tree.
struct LineReader<S> {
    root: NodeId,
    profile: Profile,
    rules_from: RulesFrom,
    /// `None` when the game cannot be replayed (not Go, a bad size).
    size: Option<Size>,
    info: GameInfo,
    /// Whether the record comes from the Fox server (see [`from_fox`]).
    fox: bool,
    /// The root's `HA` and `RE`, where problems about them go.
    ha_span: Span,
    re_span: Span,
    problems: Problems,
    /// Nodes read so far (the root is depth 0).
    depth: usize,
    root_black: u32,
    root_pl: bool,
    move_count: u32,
    /// Steps read before the handicap is settled: it depends on the whole
    /// root and on the line's first step. `None` once settled.
    pending: Option<Vec<Step>>,
    /// The replay, from the moment the handicap is settled.
    judge: Judge,
    /// What is kept of the moves.
    sink: S,
    /// Black's stones to place as moves, as settled.
    free_handicap: u32,
    /// The steps of the node being read: judged when it is read whole, so
    /// that its problems come as a reading of the whole line gives them.
    node_steps: Vec<Step>,
}

impl<S: Sink> LineReader<S> {
    /// Reads the root's game information; `moves` is how many moves to
    /// make room for.
    fn new(
        src: &str,
        root: NodeRead<'_>,
        asked: Option<Profile>,
        moves: usize,
        mut sink: S,
    ) -> LineReader<S> {
        let mut problems = Problems::default();
        let mut info = GameInfo::default();
        let mut size = None;
        let fox = from_fox(src, root);
        if let Some((gm, span)) = root_text(src, root, GM)
            && gm != "1"
        {
            problems.push(problem(
                Severity::Error,
                span,
                None,
                Issue::NotGo {
                    value: gm.into_owned(),
                },
            ));
        } else {
            size = read_size(src, root, &mut problems);
            info = read_info(src, root, fox, &mut problems);
        }
        let (profile, rules_from) = choose_profile(asked, &info, root, &mut problems);
        let mut judge = Judge::new(size.unwrap_or(Size::NINETEEN), profile, 0);
        if size.is_some() {
            sink.reserve(moves);
            judge.pos.reserve(moves);
        }
        let span_of = |id| root.property(id).map_or(Span::default(), |p| p.span());
        LineReader {
            root: root.id,
            profile,
            rules_from,
            size,
            info,
            fox,
            ha_span: span_of(HA),
            re_span: span_of(RE),
            problems,
            depth: 0,
            root_black: 0,
            root_pl: false,
            move_count: 0,
            pending: Some(Vec::new()),
            judge,
            sink,
            free_handicap: 0,
            node_steps: Vec::new(),
        }
    }

    /// The next step of the line: held until the handicap is settled,
    /// else judged at once.
    #[inline]
    fn step(&mut self, step: Step) {
        match &mut self.pending {
            Some(pending) => pending.push(step),
            None => self.judge_step(step),
        }
    }

    #[inline]
    fn judge_step(&mut self, step: Step) {
        match step {
            Step::Event(ev) => {
                self.judge.event(ev, Some(&mut self.problems));
                self.sink.event(ev);
            }
            Step::Move(ply) => self.judge_move(ply),
        }
    }

    /// Judges and plays a move: the body of the move loop, inlined into
    /// the parser's run of one-move nodes.
    #[inline(always)]
    fn judge_move(&mut self, mut ply: Ply) {
        ply.illegal = self
            .judge
            .play(&ply, &mut self.sink, Some(&mut self.problems));
        self.sink.ply(ply, &self.judge.pos);
    }

    /// Settles the handicap once the root is read and the line has a first
    /// step (or has ended): placed stones (White moves next) or free
    /// placement. Then judges the steps held.
    ///
    /// Six or seven stones implied by `HA` alone sit on one of two pairs
    /// of side points, as servers differ: then the steps are held until a
    /// move shows which pair is free, at most [`HELD_FOR_SIDES`] of them,
    /// or to the line's end (`at_end`).
    fn settle(&mut self, size: Size, at_end: bool) {
        debug_assert_eq!(self.judge.pos.size(), size);
        let Some(held) = self.pending.as_ref() else {
            return;
        };
        let implied = self.info.handicap >= 2
            && self.root_black == 0
            && matches!(held.first(), Some(Step::Move(p)) if p.side == Side::White);
        let top_bottom = if implied {
            match side_stones(size, self.info.handicap, held, self.fox, at_end) {
                Some(top_bottom) => top_bottom,
                None => return,
            }
        } else {
            false
        };
        let Some(mut steps) = self.pending.take() else {
            return;
        };
        let mut free_handicap = 0;
        if self.info.handicap >= 2 {
            let implied = if implied {
                fixed_handicap(size, self.info.handicap, top_bottom)
            } else {
                None
            };
            if let Some(points) = implied {
                // Old server records give HA and let White move first, the
                // stones being on their standard points.
                let span = self.ha_span;
                self.problems.push(problem(
                    Severity::Warning,
                    span,
                    None,
                    Issue::ImpliedHandicap {
                        handicap: self.info.handicap,
                    },
                ));
                let mut head: Vec<Step> = points
                    .into_iter()
                    .map(|p| Step::Event(Event::Setup(p, Some(Side::Black))))
                    .collect();
                head.push(Step::Event(setup_done(span)));
                head.push(Step::Event(Event::ToMove(Side::White)));
                steps.splice(0..0, head);
            } else if self.root_black == 0 {
                free_handicap = self.info.handicap;
            } else {
                if self.root_black != self.info.handicap {
                    self.problems.push(problem(
                        Severity::Warning,
                        self.ha_span,
                        None,
                        Issue::HandicapMismatch {
                            handicap: self.info.handicap,
                            stones: self.root_black,
                        },
                    ));
                }
                if !self.root_pl {
                    let at = steps
                        .iter()
                        .position(|e| !matches!(e, Step::Event(Event::Setup(..))))
                        .unwrap_or(steps.len());
                    steps.insert(at, Step::Event(Event::ToMove(Side::White)));
                }
            }
        }
        // Nothing is judged yet: the judge made at the root starts as
        // `Judge::new(size, profile, free_handicap)` would.
        self.free_handicap = free_handicap;
        if free_handicap > 0 {
            self.judge.free_handicap = free_handicap;
            self.judge.pos.set_to_move(Side::Black);
        }
        for step in steps {
            self.judge_step(step);
        }
    }

    /// A move property read (`raw`: its value): the step it makes.
    #[inline]
    fn read_move(&mut self, src: &str, size: Size, ident: Ident, span: Span, raw: Span) -> Step {
        let side = if ident == B { Side::Black } else { Side::White };
        let raw = &src[raw.range()];
        self.move_count += 1;
        let number = self.move_count;
        match move_value(raw, size) {
            MoveValue::Move(mv) => Step::Move(Ply {
                number,
                side,
                mv,
                span: (span.start as u32, span.end as u32),
                illegal: None,
            }),
            MoveValue::OffBoard => {
                self.problems.push(problem(
                    Severity::Error,
                    span,
                    Some(number),
                    Issue::OffBoardValue {
                        property: ident.to_string(),
                        value: raw.to_string(),
                    },
                ));
                Step::Event(Event::Unreadable(side))
            }
            MoveValue::Unreadable => {
                self.problems.push(problem(
                    Severity::Error,
                    span,
                    Some(number),
                    Issue::BadValue {
                        property: ident.to_string(),
                        value: raw.to_string(),
                        expected: "a point such as `pd`, or `[]` for a pass",
                    },
                ));
                Step::Event(Event::Unreadable(side))
            }
        }
    }

    /// A node of one move below the root, read by the parser's fast path.
    #[inline]
    fn plain_move(&mut self, src: &str, mv: PlainMove) {
        let Some(size) = self.size else { return };
        self.depth += 1;
        if self.pending.is_none()
            && let Some(m) = plain_value(&src.as_bytes()[mv.value.range()], size)
        {
            // A point or a pass, once the handicap is settled: judged at
            // once, as `read_move` and `step` would.
            self.move_count += 1;
            let side = if mv.ident == B {
                Side::Black
            } else {
                Side::White
            };
            self.judge_move(Ply {
                number: self.move_count,
                side,
                mv: m,
                span: (mv.span.start as u32, mv.span.end as u32),
                illegal: None,
            });
            return;
        }
        let step = self.read_move(src, size, mv.ident, mv.span, mv.value);
        self.step(step);
        if self.pending.is_some() {
            self.settle(size, false);
        }
    }

    /// Reads the next node of the line: below the root, only the
    /// properties of [`READ_BELOW_ROOT`] (keep the two in step).
    fn node(&mut self, src: &str, node: NodeRead<'_>) {
        let Some(size) = self.size else { return };
        let depth = self.depth;
        self.depth += 1;
        let mut setup = false;
        let mut moves_here = 0;
        for prop in node.props {
            let id = prop.ident;
            if id == AB || id == AW || id == AE {
                let stone = match id {
                    i if i == AB => Some(Side::Black),
                    i if i == AW => Some(Side::White),
                    _ => None,
                };
                for v in node.values(prop) {
                    let raw = &src[v.span().range()];
                    match setup_points(raw, size) {
                        Some(Ok(points)) => {
                            for p in points {
                                if depth == 0 && stone == Some(Side::Black) {
                                    self.root_black += 1;
                                }
                                self.node_steps.push(Step::Event(Event::Setup(p, stone)));
                                setup = true;
                            }
                        }
                        Some(Err(())) => self.problems.push(problem(
                            Severity::Error,
                            prop.span(),
                            None,
                            Issue::OffBoardValue {
                                property: id.to_string(),
                                value: raw.to_string(),
                            },
                        )),
                        None => self.problems.push(problem(
                            Severity::Error,
                            prop.span(),
                            None,
                            Issue::BadValue {
                                property: id.to_string(),
                                value: raw.to_string(),
                                expected: "a point such as `pd` or a rectangle `aa:cc`",
                            },
                        )),
                    }
                }
            }
        }
        if setup {
            self.node_steps.push(Step::Event(setup_done(node.span)));
        }
        for prop in node.props {
            let id = prop.ident;
            if id == PL {
                let raw = node
                    .values(prop)
                    .first()
                    .map_or("", |v| &src[v.span().range()]);
                match raw.trim().bytes().next().and_then(Side::from_letter) {
                    Some(side) => {
                        if depth == 0 {
                            self.root_pl = true;
                        }
                        self.node_steps.push(Step::Event(Event::ToMove(side)));
                    }
                    None => self.problems.push(problem(
                        Severity::Warning,
                        prop.span(),
                        None,
                        Issue::BadValue {
                            property: "PL".into(),
                            value: raw.to_string(),
                            expected: "B or W",
                        },
                    )),
                }
            } else if id == B || id == W {
                moves_here += 1;
                if moves_here == 2 {
                    self.problems.push(problem(
                        Severity::Warning,
                        prop.span(),
                        None,
                        Issue::TwoMovesInNode,
                    ));
                }
                let raw = node
                    .values(prop)
                    .first()
                    .map_or(Span::new(0, 0), |v| v.span());
                let step = self.read_move(src, size, id, prop.span(), raw);
                self.node_steps.push(step);
            }
        }
        let mut steps = std::mem::take(&mut self.node_steps);
        for step in steps.drain(..) {
            self.step(step);
        }
        self.node_steps = steps;
        // The root read whole, and a first step: the handicap is known.
        if self.pending.as_ref().is_some_and(|steps| !steps.is_empty()) {
            self.settle(size, false);
        }
    }

    /// The line is read: the score and `RE`.
    fn finish(mut self) -> Game<S> {
        let Some(size) = self.size else {
            // Not replayed: what is kept is the empty board a replay of
            // its (no) plies gives.
            self.sink.end(&self.judge.pos);
            return Game {
                root: self.root,
                variation: 0,
                profile: self.profile,
                rules_from: self.rules_from,
                size: Size::NINETEEN,
                info: self.info,
                plies: self.sink,
                problems: self.problems,
                free_handicap: 0,
                final_score: AreaScore::default(),
                counted: None,
                estimated: None,
            };
        };
        self.settle(size, true);
        self.sink.end(&self.judge.pos);
        let final_score = self.judge.pos.board().area_score();
        let counted = counted_result(&self.info, self.profile, self.rules_from, &self.judge.pos);
        let estimated = estimated_result(&self.info, self.profile, &self.judge.pos);
        // The next record's replay starts on this board, cleared.
        self.judge.pos.give_back_board();
        let mut game = Game {
            root: self.root,
            variation: 0,
            profile: self.profile,
            rules_from: self.rules_from,
            size,
            info: self.info,
            plies: self.sink,
            problems: self.problems,
            free_handicap: self.free_handicap,
            final_score,
            counted,
            estimated,
        };
        check_result(self.re_span, &mut game);
        game.problems.sort_by_key(|p| p.span.start);
        game
    }
}

/// Replays one line (root first) of a tree.
fn replay_line<S: Sink>(
    src: &str,
    coll: &Collection,
    line: &[NodeId],
    profile: Option<Profile>,
    sink: S,
) -> Game<S> {
    let root = NodeRead::of(coll, line[0]);
    let mut reader = LineReader::new(src, root, profile, line.len(), sink);
    for &node in line {
        reader.node(src, NodeRead::of(coll, node));
    }
    reader.finish()
}

/// How many steps a line holds, at most, to find where six or seven
/// implied handicap stones are (see [`side_stones`]).
const HELD_FOR_SIDES: usize = 1000;

/// Whether six or seven handicap stones implied by `HA` alone have their
/// side stones on the top and bottom (K16 and K4, as the Fox server puts
/// them) rather than left and right (D10 and Q10, GTP's and Japanese
/// custom): the pair on which a move of the held steps lands first is
/// free, so the stones are on the other. `None` while no move has told
/// and more steps may come; then the Fox server's files (`fox`) say top
/// and bottom, others left and right. In a collection of 10,348
/// professional games from that server, 16 of the 17 with HA[6] or HA[7]
/// and no `AB` have a move on D10 or Q10 and none on K16 or K4; most of
/// them do not name the server.
fn side_stones(size: Size, n: u32, held: &[Step], fox: bool, at_end: bool) -> Option<bool> {
    let s = size.get();
    if !(6..=7).contains(&n) || s < 13 {
        return Some(false);
    }
    let (lo, hi, mid) = (3, s - 4, s / 2);
    let left_right = [Point::new(lo, mid), Point::new(hi, mid)];
    let top_bottom = [Point::new(mid, lo), Point::new(mid, hi)];
    for step in held {
        if let Step::Move(Ply {
            mv: Move::Play(p), ..
        }) = step
        {
            if left_right.contains(p) {
                return Some(true);
            }
            if top_bottom.contains(p) {
                return Some(false);
            }
        }
    }
    (at_end || held.len() >= HELD_FOR_SIDES).then_some(fox)
}

/// The standard (GTP `fixed_handicap`) points of `n` handicap stones on
/// 9x9 (up to 5), 13x13 and 19x19 (up to 9); `top_bottom`: the sixth and
/// seventh on the top and bottom sides instead (see [`side_stones`]).
fn fixed_handicap(size: Size, n: u32, top_bottom: bool) -> Option<Vec<Point>> {
    let s = size.get();
    let (e, max) = match s {
        19 | 13 => (3, 9),
        9 => (2, 5),
        _ => return None,
    };
    if n > max {
        return None;
    }
    let (lo, hi, mid) = (e, s - 1 - e, s / 2);
    let at = |col, row| Point::new(col, row);
    // D4, Q16, D16, Q4, then the sides and the centre by count.
    let mut points = vec![at(lo, hi), at(hi, lo)];
    if n >= 3 {
        points.push(at(lo, lo));
    }
    if n >= 4 {
        points.push(at(hi, hi));
    }
    if n >= 8 || (n >= 6 && !top_bottom) {
        points.push(at(lo, mid));
        points.push(at(hi, mid));
    }
    if (6..8).contains(&n) && top_bottom {
        points.push(at(mid, lo));
        points.push(at(mid, hi));
    }
    if n >= 8 {
        points.push(at(mid, hi));
        points.push(at(mid, lo));
    }
    if n % 2 == 1 && n >= 5 {
        points.push(at(mid, mid));
    }
    Some(points)
}

/// The seed of the playouts that judge dead stones when `RE` is
/// verified: fixed, so that a file gets the same verdict every time.
pub const COUNT_SEED: u64 = 1;

/// Counts `pos`, the final position of a game, when its `RE` claims a
/// count that a count under the komi counted can give
/// ([`GameResult::exact_with`]): under the profile's counting (territory
/// for `japanese` and `korean`, area for the others), with the komi
/// counted plus the profile's handicap compensation
/// ([`Profile::handicap_compensation`]) and the prisoners taken, dead
/// stones judged. A record that names no rules (`from`: the default)
/// does not say how it was counted: the other counting is taken when it
/// agrees with `RE` and the profile's does not (most such records come
/// from servers that count territory).
fn counted_result(
    info: &GameInfo,
    profile: Profile,
    from: RulesFrom,
    pos: &Position,
) -> Option<Counted> {
    let written = info.result.as_deref()?;
    let komi = if profile.rules().komi_counts {
        info.komi
    } else {
        0.0
    };
    let result = GameResult::parse(written);
    if !result.exact_with(komi) {
        return None;
    }
    let count = count_under(profile, info, pos);
    let counted = Counted::from(&count);
    if from == RulesFrom::Default && result.agrees_with(counted.margin()) == Some(false) {
        let other = count.other_counting();
        if result.agrees_with(other.margin()) == Some(true) {
            return Some(other);
        }
    }
    Some(counted)
}

/// Counts `pos`, the final position of a game, when its `RE` is written
/// and claims no count (a resignation, time...): the count
/// [`counted_result`] makes, under the profile's counting (a record
/// without `RU` says nothing to choose another by), taken as an estimate.
fn estimated_result(info: &GameInfo, profile: Profile, pos: &Position) -> Option<Counted> {
    let written = info.result.as_deref()?;
    if GameResult::parse(written).counted_margin().is_some() {
        return None;
    }
    Some(Counted::from(&count_under(profile, info, pos)))
}

/// Counts `pos` (a position of the game `info` heads) as the rules of
/// `profile` count: its counting, the komi it counts plus its handicap
/// compensation ([`Profile::handicap_compensation`]), the prisoners
/// taken, dead stones judged with [`COUNT_SEED`]. The count `RE` is
/// verified against, and `show --territory`'s.
pub fn count_under(profile: Profile, info: &GameInfo, pos: &Position) -> crate::Count {
    let rules = profile.rules();
    let komi = if rules.komi_counts { info.komi } else { 0.0 };
    let compensation = profile.handicap_compensation(info.handicap);
    crate::score::count(
        pos.board(),
        pos.captures(),
        komi + f64::from(compensation),
        rules.counting,
        COUNT_SEED,
    )
}

/// Compares a counted `RE` with the count of the final position, dead
/// stones judged ([`Game::counted`]): `result-mismatch` when the winners
/// differ or the margins are more than [`crate::result::TOLERANCE`] apart.
/// The one place where `RE` is compared.
fn check_result<P>(span: Span, game: &mut Game<P>) {
    let (Some(written), Some(counted)) = (game.info.result.clone(), game.counted) else {
        return;
    };
    if GameResult::parse(&written).agrees_with(counted.margin()) == Some(false) {
        game.problems.push(problem(
            Severity::Warning,
            span,
            None,
            Issue::ResultMismatch {
                written,
                black: counted.points.black,
                white: counted.points.white,
                komi: counted.komi,
                counting: counted.counting,
                dead: counted.dead_stones.black + counted.dead_stones.white,
            },
        ));
    }
}

/// The profile a game is judged under, and where it came from: the one
/// asked for, else the one its `RU` names, else the default (an `RU` that
/// names none known is reported).
fn choose_profile(
    asked: Option<Profile>,
    info: &GameInfo,
    root: NodeRead<'_>,
    problems: &mut Problems,
) -> (Profile, RulesFrom) {
    if let Some(profile) = asked {
        return (profile, RulesFrom::Option);
    }
    let default = (Profile::SGF_DEFAULT, RulesFrom::Default);
    let Some(ru) = info.rules.as_deref().filter(|ru| !ru.is_empty()) else {
        return default;
    };
    if let Some(profile) = Profile::from_ru(ru) {
        return (profile, RulesFrom::File);
    }
    let span = root.property(RU).map_or(Span::default(), |p| p.span());
    problems.push(problem(
        Severity::Warning,
        span,
        None,
        Issue::UnknownRules {
            value: ru.to_string(),
            used: Profile::SGF_DEFAULT.name(),
        },
    ));
    default
}
