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

use crate::board::AreaScore;
use crate::point::{Move, Point, Size};
use crate::position::{IllegalMoveKind, Position};
use crate::problem::{Issue, Problem, Severity, Span};
use crate::rules::Profile;
use crate::sgf::{self, Collection, Ident, NodeId, NodeRead, ParseOptions, PlainMove, unescape};
use crate::side::{BySide, Side};

/// How to check a file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// The rule profile; `None` is [`Profile::SGF_DEFAULT`].
    pub profile: Option<Profile>,
    /// Skip file damage with warnings (see [`ParseOptions`]).
    pub lenient: bool,
    /// Replay every variation, not only the main line.
    pub all_variations: bool,
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
enum Event {
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

/// A step of a line as read: an event or a move.
#[derive(Clone, Copy, Debug)]
enum Step {
    Event(Event),
    Move(Ply),
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
}

/// A replayed line of a game tree.
#[derive(Clone, Debug)]
pub struct Game {
    /// The tree's root node, in the tree that parsing [`Checked::source`]
    /// gives.
    pub root: NodeId,
    /// 0 for the main line, then the other lines in tree order.
    pub variation: usize,
    /// The profile that judged it.
    pub profile: Profile,
    /// The board size.
    pub size: Size,
    /// Root information.
    pub info: GameInfo,
    /// The moves.
    pub plies: Vec<Ply>,
    /// Problems of this line.
    pub problems: Vec<Problem>,
    /// The events other than moves, each with the number of plies before
    /// it (few: setup, `PL`, unreadable moves).
    events: Vec<(u32, Event)>,
    /// Every captured point, ply after ply.
    captured: Vec<Point>,
    /// For each ply that captured: its span's start (plies of a line are
    /// in file order) and the end of its points in `captured`.
    captures: Vec<(u32, u32)>,
    free_handicap: u32,
    /// The area score of the final position, worked out once.
    final_score: AreaScore,
}

/// A checked file. The syntax tree is not kept (nor built, for main lines
/// only): a game holds its moves (16 bytes each), the tree would take
/// twice as much again, and a record of millions of moves is shown or
/// exported whole. Parsing
/// [`Checked::source`] with the same options gives the tree again, with
/// the same node numbers.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The decoded text, which every span points into.
    pub source: String,
    /// The charset the file was read in.
    pub charset: &'static str,
    /// File-level problems: charset, syntax.
    pub problems: Vec<Problem>,
    /// One game per tree (and per variation with `all_variations`).
    pub games: Vec<Game>,
}

impl Checked {
    /// Every problem: the file's, then each game's.
    pub fn all_problems(&self) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .chain(self.games.iter().flat_map(|g| g.problems.iter()))
    }

    /// Whether no problem is an error.
    pub fn is_valid(&self) -> bool {
        self.all_problems().all(|p| p.severity != Severity::Error)
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

impl Game {
    /// Stones captured by ply `number` (1-based).
    pub fn captured_by(&self, ply: &Ply) -> &[Point] {
        let Ok(k) = self.captures.binary_search_by_key(&ply.span.0, |c| c.0) else {
            return &[];
        };
        let start = if k == 0 { 0 } else { self.captures[k - 1].1 };
        &self.captured[start as usize..self.captures[k].1 as usize]
    }

    /// Replays the line: `f` gets each ply's index (0-based) and the
    /// position after it; stops before ply `limit`, having applied what
    /// comes between the ply before it and it.
    fn replay(&self, limit: usize, mut f: impl FnMut(usize, &Position)) -> Position {
        let mut judge = Judge::new(self.size, self.profile, self.free_handicap);
        let mut events = self.events.iter().peekable();
        for (i, ply) in self.plies.iter().enumerate().take(limit) {
            while let Some((_, ev)) = events.next_if(|(before, _)| *before as usize <= i) {
                judge.event(*ev, None);
            }
            judge.play(ply, |_| {}, None);
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

    /// The area score of the final position.
    pub fn score(&self) -> AreaScore {
        self.final_score
    }

    /// The komi the profile counts (0 under `seed-2019`).
    pub fn komi_counted(&self) -> f64 {
        if self.profile.rules().komi_counts {
            self.info.komi
        } else {
            0.0
        }
    }

    /// Whether no problem of this line is an error.
    pub fn is_valid(&self) -> bool {
        self.problems.iter().all(|p| p.severity != Severity::Error)
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
pub fn check(bytes: &[u8], options: &CheckOptions) -> Checked {
    check_decoded(sgf::decode(bytes), options)
}

/// [`check`], taking the bytes: a UTF-8 record is then held once, as
/// [`Checked::source`], not also as the bytes read.
pub fn check_owned(bytes: Vec<u8>, options: &CheckOptions) -> Checked {
    check_decoded(sgf::decode_owned(bytes), options)
}

fn check_decoded(decoded: sgf::Decoded, options: &CheckOptions) -> Checked {
    let parse_options = ParseOptions {
        lenient: options.lenient,
    };
    let profile = options.profile.unwrap_or(Profile::SGF_DEFAULT);
    if !options.all_variations {
        // Each main line is read and judged as it is parsed; no tree.
        let mut lines = MainLines {
            src: &decoded.text,
            profile,
            semicolons: sgf::count_semicolons(&decoded.text),
            reading: None,
            games: Vec::new(),
        };
        let mut problems = sgf::parse_with(&decoded.text, parse_options, &mut lines);
        if let Some(p) = decoded.problem {
            problems.insert(0, p);
        }
        let mut games = lines.games;
        if let Some(last) = lines.reading {
            games.push(last.finish());
        }
        return Checked {
            source: decoded.text,
            charset: decoded.charset,
            problems,
            games,
        };
    }
    let (collection, mut problems) = sgf::parse(&decoded.text, parse_options);
    if let Some(p) = decoded.problem {
        problems.insert(0, p);
    }
    let mut games = Vec::with_capacity(collection.roots().len());
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
                let mut game = replay_line(&decoded.text, &collection, &line, profile);
                game.variation = k;
                game.problems
                    .retain(|p| seen.insert((p.span, p.kind.code())));
                games.push(game);
            }
        }
    }
    drop(collection);
    Checked {
        source: decoded.text,
        charset: decoded.charset,
        problems,
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

fn problem(severity: Severity, span: Span, ply: Option<u32>, kind: Issue) -> Problem {
    Problem {
        severity,
        span,
        ply: ply.map(|p| p as usize),
        kind,
    }
}

/// The first value of a root property, unescaped and trimmed.
fn root_text(src: &str, root: NodeRead<'_>, id: Ident) -> Option<(String, Span)> {
    let prop = root.property(id)?;
    let v = root.values(prop).first()?;
    Some((
        unescape(&src[v.span().range()], true).trim().to_string(),
        prop.span(),
    ))
}

/// Reads the size: `None` (with an error) when the game cannot be replayed.
fn read_size(src: &str, root: NodeRead<'_>, problems: &mut Vec<Problem>) -> Option<Size> {
    let Some((text, span)) = root_text(src, root, SZ) else {
        return Some(Size::NINETEEN);
    };
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
                Issue::UnsupportedSize { value: text },
            ));
        }
        Some([_, _]) => problems.push(problem(
            Severity::Error,
            span,
            None,
            Issue::UnsupportedSize { value: text },
        )),
        _ => problems.push(problem(
            Severity::Error,
            span,
            None,
            Issue::BadValue {
                property: "SZ".into(),
                value: text,
                expected: "a board size such as 19",
            },
        )),
    }
    None
}

fn read_info(src: &str, root: NodeRead<'_>, problems: &mut Vec<Problem>) -> GameInfo {
    let mut info = GameInfo::default();
    if let Some((text, span)) = root_text(src, root, KM) {
        match text.replace(',', ".").parse::<f64>() {
            Ok(k) if k.is_finite() => info.komi = k,
            _ if text.is_empty() => {}
            _ => problems.push(problem(
                Severity::Warning,
                span,
                None,
                Issue::BadValue {
                    property: "KM".into(),
                    value: text,
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
                    value: text,
                    expected: "a whole number of handicap stones",
                },
            )),
        }
    }
    // The Fox server writes komi in hundredths (KM[650] is 6.5), and under
    // Chinese rules in stones (KM[375] is 7.5 points).
    let fox = root.props.iter().any(|p| {
        p.ident == AP
            && root
                .values(p)
                .iter()
                .any(|v| src[v.span().range()].to_ascii_lowercase().contains("foxwq"))
    });
    if fox && info.komi.abs() >= 100.0 {
        let chinese = root_text(src, root, RU)
            .is_some_and(|(r, _)| r.to_ascii_lowercase().contains("chinese"));
        info.komi /= if chinese { 50.0 } else { 100.0 };
    }
    info.result = root_text(src, root, RE).map(|(t, _)| t);
    info.rules = root_text(src, root, RU).map(|(t, _)| t);
    info.players = BySide::new(
        root_text(src, root, PB).map(|(t, _)| t),
        root_text(src, root, PW).map(|(t, _)| t),
    );
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
    fn event(&mut self, ev: Event, problems: Option<&mut Vec<Problem>>) {
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

    /// Plays a move, handing every captured point to `captured`; with
    /// `problems`, judges it. Returns why the move is illegal.
    #[inline]
    fn play(
        &mut self,
        ply: &Ply,
        captured: impl FnMut(Point),
        problems: Option<&mut Vec<Problem>>,
    ) -> Option<IllegalMoveKind> {
        let side = ply.side;
        let free = self.free_handicap > 0 && side == Side::Black;
        let wrong_side = !self.any_colour && !free && side != self.pos.to_move();
        self.any_colour = false;
        let (verdict, played) = self.pos.judge_and_play(side, ply.mv, captured);
        if !played {
            self.pos.set_to_move(!side);
        }
        if free {
            self.free_handicap -= 1;
            if self.free_handicap > 0 {
                self.pos.set_to_move(Side::Black);
            }
        } else {
            self.free_handicap = 0;
        }
        let kind = verdict.or(wrong_side.then_some(IllegalMoveKind::WrongSide));
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
struct MainLines<'a> {
    src: &'a str,
    profile: Profile,
    /// The `;` of the text: room for the moves of its games.
    semicolons: usize,
    /// The tree being read.
    reading: Option<LineReader>,
    games: Vec<Game>,
}

impl sgf::MainLine for &mut MainLines<'_> {
    fn node(&mut self, node: NodeRead<'_>, root: bool) {
        if root {
            if let Some(done) = self.reading.take() {
                self.games.push(done.finish());
            }
            // Room for every node still to come: exact for a file of one
            // game; `finish` gives back what a game does not use.
            let moves = self.semicolons.saturating_sub(node.id as usize) + 1;
            self.reading = Some(LineReader::new(self.src, node, self.profile, moves));
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
}

/// A line of a game tree read node by node and judged as it comes:
/// [`replay_line`] feeds it a stored line, [`check`] the main line of each
/// tree as the parser reads it, so that a record's moves are held once, as
/// plies, and never as a tree.
struct LineReader {
    root: NodeId,
    profile: Profile,
    /// `None` when the game cannot be replayed (not Go, a bad size).
    size: Option<Size>,
    info: GameInfo,
    /// The root's `HA` and `RE`, where problems about them go.
    ha_span: Span,
    re_span: Span,
    problems: Vec<Problem>,
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
    plies: Vec<Ply>,
    events: Vec<(u32, Event)>,
    captured: Vec<Point>,
    captures: Vec<(u32, u32)>,
    /// Black's stones to place as moves, as settled.
    free_handicap: u32,
    /// The steps of the node being read: judged when it is read whole, so
    /// that its problems come as a reading of the whole line gives them.
    node_steps: Vec<Step>,
}

impl LineReader {
    /// Reads the root's game information; `moves` is how many moves to
    /// make room for.
    fn new(src: &str, root: NodeRead<'_>, profile: Profile, moves: usize) -> LineReader {
        let mut problems = Vec::new();
        let mut info = GameInfo::default();
        let mut size = None;
        if let Some((gm, span)) = root_text(src, root, GM)
            && gm != "1"
        {
            problems.push(problem(
                Severity::Error,
                span,
                None,
                Issue::NotGo { value: gm },
            ));
        } else {
            size = read_size(src, root, &mut problems);
            info = read_info(src, root, &mut problems);
        }
        let room = if size.is_some() { moves } else { 0 };
        let span_of = |id| root.property(id).map_or(Span::default(), |p| p.span());
        LineReader {
            root: root.id,
            profile,
            size,
            info,
            ha_span: span_of(HA),
            re_span: span_of(RE),
            problems,
            depth: 0,
            root_black: 0,
            root_pl: false,
            move_count: 0,
            pending: Some(Vec::new()),
            judge: Judge::new(size.unwrap_or(Size::NINETEEN), profile, 0),
            plies: Vec::with_capacity(room),
            events: Vec::new(),
            captured: Vec::new(),
            captures: Vec::new(),
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
                self.events.push((self.plies.len() as u32, ev));
            }
            Step::Move(mut ply) => {
                let before = self.captured.len();
                let captured = &mut self.captured;
                ply.illegal = self
                    .judge
                    .play(&ply, |q| captured.push(q), Some(&mut self.problems));
                if self.captured.len() != before {
                    self.captures.push((ply.span.0, self.captured.len() as u32));
                }
                self.plies.push(ply);
            }
        }
    }

    /// Settles the handicap once the root is read and the line has a first
    /// step (or has ended): placed stones (White moves next) or free
    /// placement. Then judges the steps held.
    fn settle(&mut self, size: Size) {
        debug_assert_eq!(self.judge.pos.size(), size);
        let Some(mut steps) = self.pending.take() else {
            return;
        };
        let mut free_handicap = 0;
        if self.info.handicap >= 2 {
            let first_is_white_move =
                matches!(steps.first(), Some(Step::Move(p)) if p.side == Side::White);
            let implied = if self.root_black == 0 && first_is_white_move {
                fixed_handicap(size, self.info.handicap)
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
            self.judge_step(Step::Move(Ply {
                number: self.move_count,
                side,
                mv: m,
                span: (mv.span.start as u32, mv.span.end as u32),
                illegal: None,
            }));
            return;
        }
        let step = self.read_move(src, size, mv.ident, mv.span, mv.value);
        self.step(step);
        if self.pending.is_some() {
            self.settle(size);
        }
    }

    /// Reads the next node of the line.
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
            self.settle(size);
        }
    }

    /// The line is read: the score and `RE`.
    fn finish(mut self) -> Game {
        let Some(size) = self.size else {
            return Game {
                root: self.root,
                variation: 0,
                profile: self.profile,
                size: Size::NINETEEN,
                info: self.info,
                plies: Vec::new(),
                problems: self.problems,
                events: Vec::new(),
                captured: Vec::new(),
                captures: Vec::new(),
                free_handicap: 0,
                final_score: AreaScore::default(),
            };
        };
        self.settle(size);
        self.plies.shrink_to_fit();
        self.events.shrink_to_fit();
        let mut game = Game {
            root: self.root,
            variation: 0,
            profile: self.profile,
            size,
            info: self.info,
            plies: self.plies,
            problems: self.problems,
            events: self.events,
            captured: self.captured,
            captures: self.captures,
            free_handicap: self.free_handicap,
            final_score: self.judge.pos.board().area_score(),
        };
        check_result(self.re_span, &mut game);
        game.problems.sort_by_key(|p| p.span.start);
        game
    }
}

/// Replays one line (root first) of a tree.
fn replay_line(src: &str, coll: &Collection, line: &[NodeId], profile: Profile) -> Game {
    let root = NodeRead::of(coll, line[0]);
    let mut reader = LineReader::new(src, root, profile, line.len());
    for &node in line {
        reader.node(src, NodeRead::of(coll, node));
    }
    reader.finish()
}

/// The standard (GTP `fixed_handicap`) points of `n` handicap stones on
/// 9x9 (up to 5), 13x13 and 19x19 (up to 9).
fn fixed_handicap(size: Size, n: u32) -> Option<Vec<Point>> {
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
    if n >= 6 {
        points.push(at(lo, mid));
        points.push(at(hi, mid));
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

/// What `RE` claims, when it can be checked against a score.
fn claimed_margin(result: &str) -> Option<f64> {
    let r = result.trim();
    match r.to_ascii_lowercase().as_str() {
        "0" | "draw" | "jigo" | "d" => return Some(0.0),
        _ => {}
    }
    let (winner, rest) = r.split_once('+')?;
    let sign = match winner.trim() {
        "B" | "b" => 1.0,
        "W" | "w" => -1.0,
        _ => return None,
    };
    let margin: f64 = rest.trim().parse().ok()?;
    margin.is_finite().then_some(sign * margin)
}

fn check_result(span: Span, game: &mut Game) {
    let Some(written) = game.info.result.clone() else {
        return;
    };
    let Some(claim) = claimed_margin(&written) else {
        return;
    };
    let score = game.score();
    let komi = game.komi_counted();
    let margin = score.margin(komi);
    if (margin - claim).abs() > 1e-9 {
        game.problems.push(problem(
            Severity::Warning,
            span,
            None,
            Issue::ResultMismatch {
                written,
                black: score.black,
                white: score.white,
                komi,
            },
        ));
    }
}
