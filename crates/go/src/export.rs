//! Other formats of a game or position: GTP commands, the 2019
//! assignment's Prolog terms, and plain data ready for JSON.

use std::fmt::Write;

use crate::board::Board;
use crate::illegal::IllegalMoveKind;
use crate::point::{Move, Point, Size};
use crate::position::Position;
use crate::problem::Span;
use crate::replay::{
    Between, CheckOptions, Checked, Event, Game, GameInfo, Ply, Sink, Tally, replay_first,
    replay_first_between, replay_text,
};
use crate::rules::Profile;
use crate::side::Side;

/// A move as GTP writes it: `D4`, or `pass`.
pub fn gtp_vertex(mv: Move, size: Size) -> String {
    match mv {
        Move::Play(p) => p.gtp(size),
        Move::Pass => "pass".to_string(),
    }
}

/// The GTP commands that set a game up and replay it: `boardsize`,
/// `clear_board`, `komi`, the setup stones and handicap as `play`
/// commands, then one `play B D4` per move. GTP sets a position up only
/// by `play`: stones set up between moves (`AB`/`AW`) are written as
/// `play` commands where they make the same position (the record's `PL`
/// needs no command: every `play` names its colour); setup that takes a
/// stone off, or whose stones would capture as moves, cannot be written.
///
/// # Errors
///
/// The first setup that GTP cannot express (nothing is written then).
///
/// # Examples
///
/// ```
/// use asalto_go::{check, export, CheckOptions};
///
/// let c = check(b"(;SZ[9]KM[7];B[cg];W[];AW[ee];B[])", &CheckOptions::default());
/// let gtp = export::gtp_commands(&c.games[0]).unwrap();
/// assert_eq!(gtp, "boardsize 9\nclear_board\nkomi 7\nplay B C3\nplay W pass\nplay W E5\nplay B pass\n");
///
/// let c = check(b"(;SZ[9];B[cg];W[ee];AE[cg];B[])", &CheckOptions::default());
/// let why = export::gtp_commands(&c.games[0]).unwrap_err();
/// assert_eq!(why.message(c.games[0].size), "the setup after move 2 takes the stone off C3: GTP has no command that removes a stone");
/// ```
pub fn gtp_commands(game: &Game) -> Result<String, GtpUnwritable> {
    let mut out = String::new();
    match write_gtp_commands(game, &mut out) {
        Err(GtpError::Unwritable(why)) => Err(why),
        // Writing into a `String` cannot fail.
        Ok(()) | Err(GtpError::Write) => Ok(out),
    }
}

/// [`gtp_commands`], written to `out` as they are made (a record of
/// millions of moves need not be held twice).
///
/// # Errors
///
/// When `out` fails, or at the first setup GTP cannot express (what
/// comes before it is written: [`gtp_commands`] looks first).
pub fn write_gtp_commands(game: &Game, out: &mut dyn Write) -> Result<(), GtpError> {
    let unwritable = {
        let mut looking = GtpWriter::new(&game.position_after(0), None);
        game.replay_into(&mut looking);
        looking.unwritable
    };
    if let Some(why) = unwritable {
        return Err(GtpError::Unwritable(why));
    }
    let start = game.position_after(0);
    write_gtp_head(game.size, &game.info, &start, out).map_err(|_| GtpError::Write)?;
    let mut writer = GtpWriter::new(&start, Some(out));
    game.replay_into(&mut writer);
    writer.finish()
}

/// [`write_gtp_commands`] of the first game of `checked`, its moves
/// replayed again as they are written (none is held): `start` is the
/// position after 0 moves, kept by its [`Tally`]
/// (`Tally::keeping(&[0])`), `options` those `checked` was made with.
///
/// # Errors
///
/// When `out` fails, or at the first setup GTP cannot express (what
/// comes before it is written: [`gtp_unwritable`] finds it first).
pub fn write_gtp_replayed(
    checked: &Checked<Tally>,
    options: &CheckOptions,
    start: &Position,
    out: &mut dyn Write,
) -> Result<(), GtpError> {
    let Some(game) = checked.games.first() else {
        return Ok(());
    };
    write_gtp_head(game.size, &game.info, start, out).map_err(|_| GtpError::Write)?;
    let writer = GtpWriter::new(start, Some(out));
    match replay_text(&checked.source, options, writer) {
        Some(game) => game.plies.finish(),
        None => Ok(()),
    }
}

/// The first setup of the first game of `checked` that GTP cannot
/// express (see [`gtp_commands`]), found by a replay that writes nothing:
/// a command line asks before it writes anything.
pub fn gtp_unwritable(
    checked: &Checked<Tally>,
    options: &CheckOptions,
    start: &Position,
) -> Option<GtpUnwritable> {
    replay_text(&checked.source, options, GtpWriter::new(start, None))?
        .plies
        .unwritable
}

/// Why the GTP commands of a game were not all written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GtpError {
    /// The game has setup that GTP cannot express.
    Unwritable(GtpUnwritable),
    /// The output failed.
    Write,
}

/// Setup between moves that GTP cannot express.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GtpUnwritable {
    /// The setup node (its `;` and properties), for a line:column.
    pub span: Span,
    /// The moves played before it.
    pub after_move: u32,
    /// A point of the setup that cannot be written.
    pub point: Point,
    /// Why.
    pub kind: GtpUnwritableKind,
}

/// Why setup cannot be written as GTP commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GtpUnwritableKind {
    /// A stone taken off (`AE`) or replaced by one of the other colour:
    /// no GTP command removes a stone.
    Removed,
    /// The stones set up leave a group without liberties: as moves they
    /// would capture it, or capture themselves.
    NoLiberty,
}

impl GtpUnwritable {
    /// The sentence of an error (the caller puts the file and the
    /// line:column of [`GtpUnwritable::span`] in front).
    pub fn message(&self, size: Size) -> String {
        let (n, at) = (self.after_move, self.point.gtp(size));
        match self.kind {
            GtpUnwritableKind::Removed => format!(
                "the setup after move {n} takes the stone off {at}: GTP has no command that removes a stone"
            ),
            GtpUnwritableKind::NoLiberty => format!(
                "the setup after move {n} leaves the group at {at} without liberties: as GTP moves its stones would capture"
            ),
        }
    }
}

/// A replay's sink that writes GTP `play` commands (to `out`, or nowhere
/// when it only looks for setup it cannot write): each move, and the
/// stones set up between moves, once the position after them is seen to
/// be the one the `play` commands make.
struct GtpWriter<'a> {
    out: Option<&'a mut dyn Write>,
    size: Size,
    /// The board as the commands written so far make it (by point index),
    /// to know what a setup stone replaces.
    cells: Vec<Option<Side>>,
    /// Moves played.
    moves: u32,
    /// Stones set up since the last move, to be played.
    queued: Vec<(Point, Side)>,
    /// Setup seen since the last move: the position before the next move
    /// (or at the end) is checked.
    setup: bool,
    /// The last setup node since the last move.
    span: Span,
    unwritable: Option<GtpUnwritable>,
    failed: bool,
}

impl<'a> GtpWriter<'a> {
    fn new(start: &Position, out: Option<&'a mut dyn Write>) -> GtpWriter<'a> {
        let mut writer = GtpWriter::blank(start.size(), out);
        for (p, side) in start.board().stones() {
            writer.cells[p.index()] = Some(side);
        }
        writer
    }

    /// A writer from the empty board (every point of any size has a cell).
    fn blank(size: Size, out: Option<&'a mut dyn Write>) -> GtpWriter<'a> {
        GtpWriter {
            out,
            size,
            cells: vec![None; crate::point::STRIDE * crate::point::STRIDE],
            moves: 0,
            queued: Vec::new(),
            setup: false,
            span: Span::default(),
            unwritable: None,
            failed: false,
        }
    }

    fn write(&mut self, side: Side, mv: Move) {
        if self.unwritable.is_some() || self.failed {
            return;
        }
        if let Some(out) = &mut self.out {
            let at = gtp_vertex(mv, self.size);
            self.failed = writeln!(out, "play {} {at}", side.letter()).is_err();
        }
    }

    /// Notes the first setup that cannot be written; `span` is that of
    /// its node, or `Span::default()` while the node is being read (its
    /// span comes at its end).
    fn refuse(&mut self, point: Point, kind: GtpUnwritableKind, span: Span) {
        if self.unwritable.is_none() {
            self.unwritable = Some(GtpUnwritable {
                span,
                after_move: self.moves,
                point,
                kind,
            });
        }
    }

    /// The setup since the last move is done and `pos` is the position it
    /// made: its stones are written as moves if no group is left without
    /// a liberty (then none of them captures as a move: liberties only
    /// shrink as stones are added).
    fn flush(&mut self, pos: &Position) {
        if !std::mem::take(&mut self.setup) {
            return;
        }
        let board = pos.board();
        let queued = std::mem::take(&mut self.queued);
        if let Some((p, _)) = board.stones().find(|&(p, _)| board.liberties(p) == 0) {
            self.refuse(p, GtpUnwritableKind::NoLiberty, self.span);
        }
        for &(p, side) in &queued {
            self.write(side, Move::Play(p));
        }
        self.queued = queued;
        self.queued.clear();
    }

    fn finish(self) -> Result<(), GtpError> {
        match (self.unwritable, self.failed) {
            (Some(why), _) => Err(GtpError::Unwritable(why)),
            (None, true) => Err(GtpError::Write),
            (None, false) => Ok(()),
        }
    }
}

impl Sink for GtpWriter<'_> {
    fn event(&mut self, ev: Event) {
        // Before the first move, setup makes the start, written whole.
        if self.moves == 0 {
            return;
        }
        match ev {
            Event::Setup(p, stone) => {
                self.setup = true;
                let queued = self.queued.iter().position(|&(q, _)| q == p);
                let was = match queued {
                    // Set up again since the last move: as if never.
                    Some(i) => {
                        self.queued.remove(i);
                        None
                    }
                    None => self.cells[p.index()],
                };
                match (was, stone) {
                    (was, now) if was == now => {}
                    (None, Some(side)) => self.queued.push((p, side)),
                    _ => self.refuse(p, GtpUnwritableKind::Removed, Span::default()),
                }
                self.cells[p.index()] = stone;
            }
            Event::SetupDone(start, end) => {
                self.span = Span::new(start as usize, end as usize);
                if let Some(why) = &mut self.unwritable
                    && why.span == Span::default()
                {
                    why.span = self.span;
                }
            }
            Event::ToMove(_) | Event::Unreadable(_) => {}
        }
    }

    fn quiet(&self) -> bool {
        !self.setup
    }

    fn before(&mut self, pos: &Position, _ply: &Ply, _why: Option<IllegalMoveKind>) {
        self.flush(pos);
    }

    fn captured(&mut self, p: Point) {
        self.cells[p.index()] = None;
    }

    fn ply(&mut self, ply: Ply, after: &Position) {
        self.moves += 1;
        if ply.illegal.is_some() {
            // A move the rules refuse may take a group of its own colour
            // off: the board is read again whole (rare).
            self.cells.fill(None);
            for (p, side) in after.board().stones() {
                self.cells[p.index()] = Some(side);
            }
        } else if let Move::Play(p) = ply.mv {
            self.cells[p.index()] = after.board().get(p);
        }
        self.write(ply.side, ply.mv);
    }

    fn end(&mut self, pos: &Position) {
        self.flush(pos);
    }

    fn next(&mut self) -> Self {
        // Only the first line is written; the file's other games are
        // replayed into a writer that writes nothing.
        GtpWriter::blank(self.size, None)
    }
}

/// Replays the first game of `checked` again, writing each ply with
/// `write` until it fails.
fn each_replayed(
    checked: &Checked<Tally>,
    options: &CheckOptions,
    mut write: impl FnMut(&Ply) -> std::fmt::Result,
) -> std::fmt::Result {
    let mut written = Ok(());
    replay_first(checked, options, |ply, _, _| {
        if written.is_ok() {
            written = write(ply);
        }
    });
    written
}

/// `boardsize`, `clear_board`, `komi` and the stones of `start`.
fn write_gtp_head(
    size: Size,
    info: &GameInfo,
    start: &Position,
    out: &mut dyn Write,
) -> std::fmt::Result {
    writeln!(out, "boardsize {}", size.get())?;
    out.write_str("clear_board\n")?;
    writeln!(out, "komi {}", info.komi)?;
    for (p, side) in start.board().stones() {
        writeln!(out, "play {} {}", side.letter(), p.gtp(size))?;
    }
    Ok(())
}

/// The cell of the assignment's board as a Prolog string: `"-"`, `"b"`,
/// `"w"`.
fn seed_cell(stone: Option<Side>) -> &'static str {
    match stone {
        None => "\"-\"",
        Some(Side::Black) => "\"b\"",
        Some(Side::White) => "\"w\"",
    }
}

/// The board as the assignment's Prolog term: a list of rows from the top,
/// each a list of cells `"-"`, `"b"`, `"w"` (strings, as `emptyBoard/1`
/// builds them).
///
/// # Examples
///
/// ```
/// use asalto_go::{export, Board};
///
/// let b = Board::from_grid_string("b...").unwrap();
/// assert_eq!(export::prolog_board(&b), "[[\"b\",\"-\"],[\"-\",\"-\"]]");
/// ```
pub fn prolog_board(board: &Board) -> String {
    let n = board.size().get();
    let mut out = String::from("[");
    for row in 0..n {
        if row > 0 {
            out.push(',');
        }
        out.push('[');
        for col in 0..n {
            if col > 0 {
                out.push(',');
            }
            out.push_str(seed_cell(board.get(Point::new(col, row))));
        }
        out.push(']');
    }
    out.push(']');
    out
}

/// A point as the assignment's `Pos = [Row, Col]`, 0-based from the top
/// left.
pub fn prolog_point(p: Point) -> String {
    format!("[{},{}]", p.row(), p.col())
}

/// The moves as Prolog facts, one per line:
/// `move(1, "b", [3,15]).` or `move(2, "w", pass).`
pub fn prolog_moves(game: &Game) -> String {
    let mut out = String::new();
    for ply in &game.plies {
        let _ = write_prolog_move(ply, &mut out);
    }
    out
}

/// [`prolog_moves`] of the first game of `checked`, then its final board
/// as `board(...)`, written as the moves are replayed again (see
/// [`write_gtp_replayed`]; `end` is the position at the end, kept by its
/// [`Tally`]).
///
/// # Errors
///
/// When `out` fails.
pub fn write_prolog_replayed(
    checked: &Checked<Tally>,
    options: &CheckOptions,
    end: &Position,
    out: &mut dyn Write,
) -> std::fmt::Result {
    each_replayed(checked, options, |ply| write_prolog_move(ply, out))?;
    writeln!(out, "board({}).", prolog_board(end.board()))
}

/// `move(1, "b", [3,15]).`
fn write_prolog_move(ply: &Ply, out: &mut dyn Write) -> std::fmt::Result {
    let pos = match ply.mv {
        Move::Play(p) => prolog_point(p),
        Move::Pass => "pass".to_string(),
    };
    writeln!(
        out,
        "move({}, \"{}\", {pos}).",
        ply.number,
        ply.side.seed_cell()
    )
}

/// The assignment's `goMove/4` applied to a board: the board after `side`
/// plays at `[row, col]` under `seed-2019` (captures first, suicide
/// illegal, no ko), or why it may not. This is the answer a grader expects
/// from a student's predicate.
///
/// # Errors
///
/// The reason the move is illegal (`off-board`, `occupied`, `suicide`).
///
/// # Examples
///
/// ```
/// use asalto_go::{export, Board, Side, IllegalMoveKind};
///
/// let b = Board::from_grid_string(".w.w.....").unwrap();
/// let after = export::seed_move(&b, Side::Black, 0, 2).unwrap();
/// assert_eq!(after.grid_string(), ".wbw.....");
/// assert_eq!(export::seed_move(&b, Side::Black, 0, 1).unwrap_err(), IllegalMoveKind::Occupied);
/// ```
pub fn seed_move(board: &Board, side: Side, row: u8, col: u8) -> Result<Board, IllegalMoveKind> {
    let Some(p) = board.size().point(col, row) else {
        return Err(IllegalMoveKind::OffBoard);
    };
    let mut pos = crate::Position::from_board(board.clone(), side, Profile::Seed2019);
    pos.play_as(side, Move::Play(p)).map_err(|e| e.kind)?;
    Ok(pos.board().clone())
}

/// The assignment's `finDelJuego/3`: black's and white's area scores.
pub fn seed_score(board: &Board) -> (u32, u32) {
    let s = board.area_score();
    (s.black, s.white)
}

/// A ply as plain data, for JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyData {
    /// 1-based.
    pub number: u32,
    /// `black` or `white`.
    pub side: &'static str,
    /// SGF letters (`pd`), or `None` for a pass.
    pub sgf: Option<String>,
    /// GTP vertex (`Q16`) or `pass`.
    pub gtp: String,
    /// Points captured, SGF letters.
    pub captured: Vec<String>,
    /// The board after the move, [`Board::grid_string`].
    pub position: String,
    /// The reason code when the move is illegal.
    pub illegal: Option<&'static str>,
}

/// Every ply of a game as plain data (the line is replayed once).
pub fn plies_data(game: &Game) -> Vec<PlyData> {
    let mut out = Vec::with_capacity(game.plies.len());
    game.for_each_position(|i, position| out.push(ply_data(game, i, position)));
    out
}

/// Ply `i` (0-based) of a game as plain data, given the position after it
/// (from [`Game::for_each_position`]).
pub fn ply_data(game: &Game, i: usize, position: &crate::Position) -> PlyData {
    let ply = &game.plies[i];
    ply_data_of(ply, game.captured_by(ply), game.size, position)
}

/// A ply as plain data, given the points it captured and the position
/// after it.
pub fn ply_data_of(ply: &Ply, captured: &[Point], size: Size, position: &Position) -> PlyData {
    PlyData {
        number: ply.number,
        side: ply.side.name(),
        sgf: ply.mv.point().map(sgf_letters),
        gtp: gtp_vertex(ply.mv, size),
        captured: captured.iter().map(|&p| sgf_letters(p)).collect(),
        position: position.board().grid_string(),
        illegal: ply.illegal.map(IllegalMoveKind::code),
    }
}

/// A game as canonical SGF: the root's game information (`GM`, `FF`,
/// `CA[UTF-8]`, `SZ`, `KM`, `HA`, `RU`, `PB`, `PW`, `RE`), the stones of
/// the starting position as `AB`/`AW`, `PL` when White starts, then one
/// node per move, and a node of `AB`/`AW`/`AE`/`PL` where the record sets
/// stones up or names the colour to move between moves, so the canonical
/// record replays to the same positions. Comments and markup are not kept
/// (the collection writer, [`crate::sgf::write_collection`], keeps
/// everything).
///
/// # Examples
///
/// ```
/// use asalto_go::{check, export, CheckOptions};
///
/// let c = check(br"(;SZ[9]HA[2]AB[cc][gg]PB[a\]b];W[ee];B[])", &CheckOptions::default());
/// let sgf = export::game_sgf(&c.games[0]);
/// assert_eq!(sgf, "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[0]HA[2]PB[a\\]b]AB[cc][gg]PL[W]\n;W[ee]\n;B[])\n");
/// ```
pub fn game_sgf(game: &Game) -> String {
    let mut out = String::new();
    let _ = write_game_sgf(game, &mut out);
    out
}

/// [`game_sgf`], written to `out` as it is made.
///
/// # Errors
///
/// When `out` fails.
pub fn write_game_sgf(game: &Game, out: &mut dyn Write) -> std::fmt::Result {
    let start = game.position_after(0);
    write_sgf_head(game.size, &game.info, &start, out)?;
    write_sgf_start_pl(game.plies.first(), &start, out)?;
    let mut written = Ok(());
    game.for_each_between(|ply, between| {
        if written.is_ok() {
            written = write_sgf_between(ply, between, out);
        }
    });
    written?;
    out.write_str(")\n")
}

/// `PL[W]` in the root when White moves first, or when White is to move
/// in a record without moves.
fn write_sgf_start_pl(
    first: Option<&Ply>,
    start: &Position,
    out: &mut dyn Write,
) -> std::fmt::Result {
    let white = match first {
        Some(ply) => ply.side == Side::White,
        None => start.to_move() == Side::White,
    };
    if white {
        out.write_str("PL[W]")?;
    }
    Ok(())
}

/// What the record changes before `ply` (or after its last move), as a
/// node of setup stones and `PL`, then the ply's node: mid-game setup and
/// `PL` are kept, so the written record replays to the same positions.
fn write_sgf_between(
    ply: Option<&Ply>,
    between: &Between,
    out: &mut dyn Write,
) -> std::fmt::Result {
    if !between.is_empty() {
        out.write_str("\n;")?;
        for (name, stone) in [
            ("AE", None),
            ("AB", Some(Side::Black)),
            ("AW", Some(Side::White)),
        ] {
            let mut points = between
                .setup
                .iter()
                .filter(|&&(_, s)| s == stone)
                .peekable();
            if points.peek().is_some() {
                out.write_str(name)?;
                for &(p, _) in points {
                    write!(out, "[{}]", sgf_letters(p))?;
                }
            }
        }
        if let Some(side) = between.to_move {
            write!(out, "PL[{}]", side.letter())?;
        }
    }
    match ply {
        Some(ply) => write_sgf_node(ply, out),
        None => Ok(()),
    }
}

/// [`write_game_sgf`] of the first game of `checked` (its main line, or
/// the line `options.variation` names), written as its moves are replayed
/// again (see [`write_gtp_replayed`]); unlike [`write_game_sgf`], the
/// other properties of the line's nodes are kept (comments, names, times,
/// markup, properties this crate does not know: [`LineExtras`]), on the
/// node of their move, or as a node of their own where their node has no
/// move.
///
/// # Errors
///
/// When `out` fails.
///
/// # Examples
///
/// ```
/// use asalto_go::replay::{check_tally, CheckOptions, Tally};
/// use asalto_go::export::write_sgf_replayed;
///
/// let text = b"(;GM[1]SZ[9]PB[Ann]GN[g1]C[start];B[ee]C[a \\] b];W[cc];C[after];B[])";
/// let options = CheckOptions::default();
/// let checked = check_tally(text, &options, Tally::keeping(&[0]));
/// let start = checked.games[0].plies.position_after(0).unwrap().clone();
/// let mut out = String::new();
/// write_sgf_replayed(&checked, &options, &start, &mut out).unwrap();
/// assert_eq!(
///     out,
///     "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[0]PB[Ann]GN[g1]C[start]\n;B[ee]C[a \\] b]\n;W[cc]\n;C[after]\n;B[])\n"
/// );
/// ```
pub fn write_sgf_replayed(
    checked: &Checked<Tally>,
    options: &CheckOptions,
    start: &Position,
    out: &mut dyn Write,
) -> std::fmt::Result {
    let Some(game) = checked.games.first() else {
        return Ok(());
    };
    let extras = LineExtras::of(&checked.source, options);
    let mut nodes = extras.nodes.iter().peekable();
    write_sgf_head(game.size, &game.info, start, out)?;
    if let Some(root) = nodes.next_if(|n| n.root) {
        out.write_str(&root.text)?;
    }
    let mut first = true;
    let mut written = Ok(());
    replay_first_between(checked, options, |ply, between| {
        if std::mem::take(&mut first) && written.is_ok() {
            written = write_sgf_start_pl(ply, start, out);
        }
        // The nodes before this move's with something to keep: nodes of
        // their own (a comment between moves, setup's other properties).
        let at = ply.map_or(u32::MAX, |p| p.span().start as u32);
        while written.is_ok()
            && let Some(node) = nodes.next_if(|n| n.start < at && n.mv != Some(at))
        {
            written = write!(out, "\n;{}", node.text);
        }
        if written.is_ok() {
            written = write_sgf_between(ply, between, out);
        }
        if written.is_ok()
            && let Some(node) = nodes.next_if(|n| n.mv == Some(at))
        {
            written = out.write_str(&node.text);
        }
    });
    written?;
    for node in nodes {
        write!(out, "\n;{}", node.text)?;
    }
    out.write_str(")\n")
}

/// The properties of the nodes of a line that the canonical writer does
/// not make from the replay itself: all but the moves, the setup, `PL`
/// and the root's `GM`, `FF`, `CA`, `SZ`, `KM`, `HA`, `RU`, `PB`, `PW`
/// and `RE` (written from what was read). Each as written (the name
/// normalized, the values with their escapes), so that a comment, a
/// player's rank, a time left or a property no program knows survives
/// `export --to sgf`. Held as text: a record's comments, not its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineExtras {
    /// The nodes with something to keep, in file order.
    pub nodes: Vec<NodeExtras>,
}

/// What one node keeps ([`LineExtras`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeExtras {
    /// Whether it is the root.
    pub root: bool,
    /// Where the node starts (its `;`).
    pub start: u32,
    /// Where its first move property starts, if it has one.
    pub mv: Option<u32>,
    /// The properties kept, as SGF: `C[nice move]BL[300]`.
    pub text: String,
}

/// The names the canonical writer makes itself in every node.
const MADE: [&str; 6] = ["B", "W", "AB", "AW", "AE", "PL"];
/// The names it makes itself in the root.
const MADE_IN_ROOT: [&str; 10] = ["GM", "FF", "CA", "SZ", "KM", "HA", "RU", "PB", "PW", "RE"];

impl LineExtras {
    /// The extras of the first game tree's line that `options` replays
    /// (its main line, or `options.variation`) in `text` (decoded).
    pub fn of(text: &str, options: &CheckOptions) -> LineExtras {
        let parse_options = crate::sgf::ParseOptions {
            lenient: options.lenient,
        };
        let mut extras = LineExtras::default();
        if options.all_variations || options.variation > 0 {
            let (collection, _) = crate::sgf::parse(text, parse_options);
            let k = if options.all_variations {
                0
            } else {
                options.variation
            };
            let line = collection
                .roots()
                .first()
                .and_then(|&root| collection.lines(root).nth(k));
            for (i, &id) in line.iter().flatten().enumerate() {
                extras.add(text, crate::sgf::NodeRead::of(&collection, id), i == 0);
            }
            return extras;
        }
        let mut reader = FirstLine {
            src: text,
            trees: 0,
            extras,
        };
        crate::sgf::parse_with(text, parse_options, &mut reader);
        reader.extras
    }

    fn add(&mut self, src: &str, node: crate::sgf::NodeRead<'_>, root: bool) {
        let mut text = String::new();
        let mut mv = None;
        for prop in node.props {
            let name = prop.ident.as_str();
            if name == "B" || name == "W" {
                mv = mv.or(Some(prop.span().start as u32));
            }
            if MADE.contains(&name) || (root && MADE_IN_ROOT.contains(&name)) {
                continue;
            }
            text.push_str(name);
            for v in node.values(prop) {
                text.push('[');
                text.push_str(&src[v.span().range()]);
                text.push(']');
            }
        }
        if !text.is_empty() {
            self.nodes.push(NodeExtras {
                root,
                start: node.span.start as u32,
                mv,
                text,
            });
        }
    }
}

/// Reads the extras of the first tree's main line as the parser reads
/// it (no tree built).
struct FirstLine<'a> {
    src: &'a str,
    trees: usize,
    extras: LineExtras,
}

impl crate::sgf::MainLine for &mut FirstLine<'_> {
    fn node(&mut self, node: crate::sgf::NodeRead<'_>, root: bool) {
        self.trees += usize::from(root);
        if self.trees == 1 {
            self.extras.add(self.src, node, root);
        }
    }

    /// A node of one move and nothing else: nothing to keep.
    fn plain_move(&mut self, _: crate::sgf::PlainMove) {}

    fn reads(&self, _: crate::sgf::Ident) -> bool {
        true
    }
}

/// `\n;B[pd]`.
fn write_sgf_node(ply: &Ply, out: &mut dyn Write) -> std::fmt::Result {
    let value = ply.mv.point().map(sgf_letters).unwrap_or_default();
    write!(out, "\n;{}[{value}]", ply.side.letter())
}

/// The root up to its setup: game information and the stones of `start`.
fn write_sgf_head(
    size: Size,
    info: &GameInfo,
    start: &Position,
    out: &mut dyn Write,
) -> std::fmt::Result {
    out.write_str("(;GM[1]FF[4]CA[UTF-8]")?;
    write!(out, "SZ[{}]KM[{}]", size.get(), info.komi)?;
    if info.handicap > 0 {
        write!(out, "HA[{}]", info.handicap)?;
    }
    let texts = [
        ("RU", &info.rules),
        ("PB", &info.players.black),
        ("PW", &info.players.white),
        ("RE", &info.result),
    ];
    for (name, value) in texts {
        if let Some(v) = value {
            write!(out, "{name}[{}]", sgf_escape(v))?;
        }
    }
    for side in Side::ALL {
        let stones: Vec<Point> = start
            .board()
            .stones()
            .filter(|&(_, s)| s == side)
            .map(|(p, _)| p)
            .collect();
        if !stones.is_empty() {
            out.write_str(if side == Side::Black { "AB" } else { "AW" })?;
            for p in stones {
                write!(out, "[{}]", sgf_letters(p))?;
            }
        }
    }
    Ok(())
}

/// A value with `]` and `\` escaped.
pub fn sgf_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

pub(crate) fn sgf_letters(p: Point) -> String {
    p.sgf().iter().map(|&b| b as char).collect()
}
