//! Counting a finished game: which stones are dead, who owns each point,
//! and the margin under area or territory counting.
//!
//! A record's last position is rarely counted as it stands: the players
//! stop when the dead stones are obvious to them, and leave those stones
//! on the board. [`count`] judges them, in two steps:
//!
//! 1. Benson's algorithm ([`pass_alive`]) finds the groups that are alive
//!    whatever the opponent plays (unconditionally, or *pass-alive*).
//!    They are never judged dead, and opponent stones inside their vital
//!    regions can never live, so those are dead.
//! 2. Every other group is judged by seeded Monte-Carlo playouts from the
//!    final position: both sides play random moves that never fill their
//!    own eye, never put a group of three or more stones in atari (so a
//!    seki stays a seki: neither side fills a shared liberty of its larger
//!    groups; one- and two-stone sacrifices, which kill eye shapes, are
//!    played), capture the opponent's last group when it is left in
//!    atari, run with a group of theirs it left in atari when running
//!    gives it two liberties, and else answer the last move locally when
//!    it starts a fight random moves misread: a capture that saves a
//!    chain in atari, the vital point of a small eye space, a liberty of
//!    an opponent chain in a capturing race, an extension from two
//!    liberties (`Playout::tactics`). A group whose points
//!    the opponent owns at the end of most playouts is dead.
//!
//! Then the dead stones are taken off (in the count, not on the board) and
//! each empty region, with the points of the dead stones in it, belongs to
//! the colour whose living stones alone border it. In a region that both
//! colours border, a point belongs to a colour that owns it at the end of
//! three playouts out of four (an open border of a game stopped early),
//! else to nobody (dame, the shared liberties of a seki).
//!
//! # Area and territory
//!
//! Area counting gives each colour its living stones and its regions;
//! territory counting its regions (empty points and the points of dead
//! stones), the stones it captured during the game and the dead opponent
//! stones. With `L` living stones, `R` region points, `P` prisoners taken
//! and `D` dead stones *of* a colour:
//!
//! ```text
//! area(B)      = Lb + Rb            territory(B) = Rb + Pb + Dw
//! area margin − territory margin = (Lb − Pb − Dw) − (Lw − Pw − Db)
//!                                = Nb − Nw
//! ```
//!
//! since every black stone ever put on the board is living, dead or
//! captured by White (`Nb = Lb + Db + Pw`, when no stone left the board
//! by suicide). With as many black as white stones played, both countings
//! give the same margin; each handicap stone or extra black move moves
//! the area margin one point towards Black.
//!
//! # Seki
//!
//! Territory counting follows the Japanese rule (Art. 8 and commentary):
//! the eyes of a group in seki are no territory. They are found from the
//! playouts (`seki_eyes_of`): a seki's shared liberties stay empty at
//! the end of nearly every playout. Area counting gives the eyes to their
//! colour as any region; [`Count::seki_eyes`] counts them, `S` a colour's,
//! so that `territory(B) = Rb − Sb + Pb + Dw` and the margins differ by
//! `Nb − Nw + Sb − Sw`.
//!
//! # Examples
//!
//! ```
//! use asalto_go::{count, Board, BySide, Counting};
//!
//! // Black walls off the left, White the right; a lone white stone
//! // sits in Black's area.
//! let board = Board::from_grid_string(concat!(
//!     "..b.w....",
//!     "..b.w....",
//!     "..b.w....",
//!     "w.b.w....",
//!     "..b.w....",
//!     "..b.w....",
//!     "..b.w....",
//!     "..b.w....",
//!     "..b.w....",
//! )).unwrap();
//! let c = count(&board, BySide::new(0, 0), 0.5, Counting::Area, 1);
//! assert_eq!(c.dead.len(), 1);
//! assert_eq!(c.points.black, 27);
//! assert_eq!(c.points.white, 45);
//! assert_eq!(c.to_result(), "W+18.5");
//! ```

use rand::RngExt;

use crate::board::{BLACK, Board, EDGE, EMPTY, WHITE, neighbours};
use crate::player::{GameRng, rng};
use crate::point::{CELLS, Point, Size};
use crate::rules::Counting;
use crate::side::{BySide, Side};

/// Playouts [`count`] runs: enough that a group's fate is a clear
/// majority (a dead group is owned by the opponent in nearly all of them,
/// a living one in few), few enough that a 19x19 count takes a few
/// milliseconds.
pub const PLAYOUTS: u32 = 96;

/// A finished game counted: dead stones, owners, points and margin.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    /// The board size.
    pub size: Size,
    /// How the points were counted.
    pub counting: Counting,
    /// Komi (White's compensation), as given.
    pub komi: f64,
    /// The stones judged dead, in board order (row by row from the top).
    pub dead: Vec<Point>,
    /// Dead stones of each colour (Black's dead stones count for White).
    pub dead_stones: BySide<u32>,
    /// Living stones of each colour.
    pub living: BySide<u32>,
    /// Stones each colour captured during the game, as given.
    pub prisoners: BySide<u32>,
    /// Empty points and dead stones' points each colour surrounds.
    pub regions: BySide<u32>,
    /// Those of [`Count::regions`] that are eyes of a group in seki
    /// (see [`count`]): each colour's points under area counting, nobody's
    /// under territory counting.
    pub seki_eyes: BySide<u32>,
    /// Each colour's points under [`Count::counting`] (komi apart).
    pub points: BySide<u32>,
    /// Per padded-grid cell: `BLACK`, `WHITE` or `EMPTY` (nobody; the
    /// eyes of a seki under territory counting).
    owner: Vec<u8>,
}

impl Count {
    /// Who a point counts for: the colour of a living stone on it, or of
    /// the region it is in (empty or under a dead stone); `None` for dame,
    /// the shared liberties of a seki, the eyes of a group in seki under
    /// territory counting, and points off the board.
    pub fn owner(&self, p: Point) -> Option<Side> {
        if !self.size.contains(p) {
            return None;
        }
        crate::board::side_of(self.owner[p.index()])
    }

    /// Whether the stone on `p` was judged dead.
    pub fn is_dead(&self, p: Point) -> bool {
        self.dead.binary_search(&p).is_ok()
    }

    /// Black's margin after komi: positive when Black wins, negative when
    /// White does, zero for a tie (jigo).
    pub fn margin(&self) -> f64 {
        f64::from(self.points.black) - f64::from(self.points.white) - self.komi
    }

    /// The result in SGF's words: `B+3.5`, `W+0.5`, or `0` for jigo.
    pub fn to_result(&self) -> String {
        crate::problem::margin_text(self.margin())
    }
}

/// What a [`Count`] comes to, without the board: small enough to keep
/// with every game of a collection.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Counted {
    /// How the points were counted.
    pub counting: Counting,
    /// Komi (White's compensation), as given.
    pub komi: f64,
    /// Each colour's points (komi apart).
    pub points: BySide<u32>,
    /// Dead stones of each colour.
    pub dead_stones: BySide<u32>,
}

impl Counted {
    /// Black's margin after komi (see [`Count::margin`]).
    pub fn margin(&self) -> f64 {
        f64::from(self.points.black) - f64::from(self.points.white) - self.komi
    }

    /// The result in SGF's words: `B+3.5`, `W+0.5`, or `0` for jigo.
    pub fn to_result(&self) -> String {
        crate::problem::margin_text(self.margin())
    }
}

impl From<&Count> for Counted {
    fn from(c: &Count) -> Counted {
        Counted {
            counting: c.counting,
            komi: c.komi,
            points: c.points,
            dead_stones: c.dead_stones,
        }
    }
}

impl Count {
    /// The same judgement (dead stones, owners) counted the other way:
    /// area when this count is by territory, territory when by area.
    pub fn other_counting(&self) -> Counted {
        let counting = match self.counting {
            Counting::Area => Counting::Territory,
            Counting::Territory => Counting::Area,
        };
        Counted {
            counting,
            komi: self.komi,
            points: points(
                counting,
                self.living,
                self.regions,
                self.seki_eyes,
                self.prisoners,
                self.dead_stones,
            ),
            dead_stones: self.dead_stones,
        }
    }
}

/// Each colour's points under `counting` (see the module's formulas):
/// territory counting leaves out the eyes of groups in seki, `seki_eyes`
/// (a part of `regions`).
fn points(
    counting: Counting,
    living: BySide<u32>,
    regions: BySide<u32>,
    seki_eyes: BySide<u32>,
    prisoners: BySide<u32>,
    dead_stones: BySide<u32>,
) -> BySide<u32> {
    match counting {
        Counting::Area => BySide::new(living.black + regions.black, living.white + regions.white),
        Counting::Territory => BySide::new(
            regions.black - seki_eyes.black + prisoners.black + dead_stones.white,
            regions.white - seki_eyes.white + prisoners.white + dead_stones.black,
        ),
    }
}

/// Counts the final `board` of a game with [`PLAYOUTS`] playouts:
/// `prisoners` are the stones each colour captured during the game
/// ([`crate::Position::captures`]), `komi` White's compensation, `seed`
/// makes the playouts (the same seed gives the same count).
pub fn count(
    board: &Board,
    prisoners: BySide<u32>,
    komi: f64,
    counting: Counting,
    seed: u64,
) -> Count {
    count_with_playouts(board, prisoners, komi, counting, seed, PLAYOUTS)
}

/// [`count`] with a chosen number of playouts (0: only Benson's certain
/// answers, every other group lives).
pub fn count_with_playouts(
    board: &Board,
    prisoners: BySide<u32>,
    komi: f64,
    counting: Counting,
    seed: u64,
    playouts: u32,
) -> Count {
    let size = board.size();
    let chains = Chains::new(board);
    let benson = Benson::new(board, &chains);
    let own = ownership(board, seed, playouts);
    // A chain is dead when the opponent owns its points in most playouts
    // (summed over its stones), unless Benson says it lives; and it is
    // dead whatever the playouts say inside a pass-alive opponent's
    // vital region.
    let mut dead_chain = vec![false; chains.len()];
    for (c, dead) in dead_chain.iter_mut().enumerate() {
        if benson.alive[c] {
            continue;
        }
        let colour = chains.colour[c];
        let opp = usize::from(colour == BLACK);
        let mut theirs = 0u64;
        let mut stones = 0u64;
        for &s in &chains.stones[c] {
            theirs += u64::from(own[opp][usize::from(s)]);
            stones += 1;
        }
        *dead = benson.doomed[c] || (playouts > 0 && 2 * theirs > stones * u64::from(playouts));
    }
    let mut is_dead = vec![false; CELLS];
    let mut dead = Vec::new();
    let mut dead_stones = BySide::<u32>::default();
    let mut living = BySide::<u32>::default();
    for p in size.points() {
        let i = p.index();
        let Some(side) = crate::board::side_of(board.cell_code_at(i)) else {
            continue;
        };
        if dead_chain[usize::from(chains.id[i])] {
            is_dead[i] = true;
            dead.push(p);
            dead_stones[side] += 1;
        } else {
            living[side] += 1;
        }
    }
    let (mut owner, regions) = owners(board, &is_dead, &own, playouts);
    let mut seki_eyes = BySide::<u32>::default();
    for i in seki_eyes_of(
        board,
        &chains,
        &benson.alive,
        &is_dead,
        &owner,
        &own,
        playouts,
    ) {
        let Some(side) = crate::board::side_of(owner[i]) else {
            continue;
        };
        seki_eyes[side] += 1;
        if counting == Counting::Territory {
            owner[i] = EMPTY;
        }
    }
    let points = points(counting, living, regions, seki_eyes, prisoners, dead_stones);
    Count {
        size,
        counting,
        komi,
        dead,
        dead_stones,
        living,
        prisoners,
        regions,
        seki_eyes,
        points,
        owner,
    }
}

/// The points of the stones Benson's algorithm proves unconditionally
/// alive (pass-alive): no sequence of opponent moves captures them, even
/// if their owner always passes. Board order.
pub fn pass_alive(board: &Board) -> Vec<Point> {
    let chains = Chains::new(board);
    let benson = Benson::new(board, &chains);
    board
        .size()
        .points()
        .filter(|p| board.get(*p).is_some() && benson.alive[usize::from(chains.id[p.index()])])
        .collect()
}

/// Owners once the dead stones are off: a living stone's colour, or the
/// colour whose living stones alone border the region (of empty points
/// and dead stones) a point is in. In a region both colours border, a
/// point the playouts give to one colour three times out of four is that
/// colour's: a game that ends with a border still open (players who pass
/// early, a Japanese game with an unfilled gap) keeps its territory, and
/// a dame or a seki stays nobody's. (Two times out of three was the rule
/// before the playouts read capturing races: a pass-alive wall then wins
/// the dame beside an opponent wall that random moves sometimes kill in
/// 60 to 66 playouts of 96; three out of four gives the same results
/// on the real records.) Also the region points of each colour.
fn owners(
    board: &Board,
    is_dead: &[bool],
    own: &[Vec<u16>; 2],
    playouts: u32,
) -> (Vec<u8>, BySide<u32>) {
    let mut owner = vec![EMPTY; CELLS];
    let mut done = vec![false; CELLS];
    let mut stack = Vec::new();
    let mut region = Vec::new();
    let mut regions = BySide::<u32>::default();
    let open = |i: usize| board.cell_code_at(i) == EMPTY || is_dead[i];
    for p in board.size().points() {
        let start = p.index();
        if !open(start) {
            owner[start] = board.cell_code_at(start);
            continue;
        }
        if done[start] {
            continue;
        }
        done[start] = true;
        stack.clear();
        region.clear();
        stack.push(start);
        let mut touches = 0u8;
        while let Some(s) = stack.pop() {
            region.push(s);
            for q in neighbours(s) {
                let c = board.cell_code_at(q);
                if c == EDGE {
                    continue;
                }
                if open(q) {
                    if !done[q] {
                        done[q] = true;
                        stack.push(q);
                    }
                } else {
                    touches |= c;
                }
            }
        }
        for &s in &region {
            let who = match touches {
                BLACK | WHITE => touches,
                // Both colours (or neither) border it: a point goes to the
                // colour that owns it in three playouts out of four, which
                // a dame or a seki's shared liberty never is.
                _ if 4 * u32::from(own[0][s]) >= 3 * playouts && playouts > 0 => BLACK,
                _ if 4 * u32::from(own[1][s]) >= 3 * playouts && playouts > 0 => WHITE,
                _ => EMPTY,
            };
            match who {
                BLACK => regions.black += 1,
                WHITE => regions.white += 1,
                _ => {}
            }
            owner[s] = who;
        }
    }
    (owner, regions)
}

/// The largest eye (empty and dead-stone points) of a group that
/// [`seki_eyes_of`] takes for the eye of a seki: a group in seki has one
/// eye at most, and an eye space this small cannot hold two.
const SEKI_EYE_MAX: usize = 6;

/// The points (cell indices) of the eyes of groups in seki, given the
/// owners [`owners`] found and the playouts' ownership `own`.
///
/// 1. A *shared liberty* is a point nobody owns (in a region both colours
///    border) that stays empty, bordered by both colours, at the end of
///    two playouts out of three: neither side can fill it without
///    putting its own group in atari (the playouts never put three
///    stones or more in atari). A plain dame is filled by one side or the
///    other in nearly every playout, and a point of an open border is
///    owned by one colour at the end.
/// 2. A living chain next to a shared liberty, and not pass-alive, takes
///    part in a seki.
/// 3. The chains of a colour and the regions that colour alone borders
///    are joined into groups (chains sharing a region are one group). A
///    group with a chain in a seki, none pass-alive, and one region in all,
///    of at most [`SEKI_EYE_MAX`] points, is a group in seki with one eye:
///    that region is the eye. A group that borders two regions or a larger
///    one lives on its own (its territory counts, as it would under
///    Japanese rules), whatever it shares with a neighbouring seki.
///
/// Without playouts there is no shared liberty, and no seki eye.
fn seki_eyes_of(
    board: &Board,
    chains: &Chains,
    pass_alive: &[bool],
    is_dead: &[bool],
    owner: &[u8],
    own: &[Vec<u16>; 2],
    playouts: u32,
) -> Vec<usize> {
    if playouts == 0 {
        return Vec::new();
    }
    let size = board.size();
    let open = |i: usize| board.cell_code_at(i) == EMPTY || is_dead[i];
    let living_chain = |i: usize| {
        let c = board.cell_code_at(i);
        (c == BLACK || c == WHITE) && !is_dead[i]
    };
    // 1 and 2: the chains next to a shared liberty.
    let mut in_seki = vec![false; chains.len()];
    for p in size.points() {
        let i = p.index();
        if !open(i) || owner[i] != EMPTY {
            continue;
        }
        let owned = u32::from(own[0][i]) + u32::from(own[1][i]);
        if 3 * owned >= playouts {
            continue;
        }
        for q in neighbours(i) {
            if living_chain(q) {
                let c = usize::from(chains.id[q]);
                in_seki[c] |= !pass_alive[c];
            }
        }
    }
    if !in_seki.contains(&true) {
        return Vec::new();
    }
    // 3: the one-colour regions, as nodes after the chains in a union-find.
    let mut parent: Vec<usize> = (0..chains.len()).collect();
    let mut regions: Vec<Vec<usize>> = Vec::new();
    let mut done = vec![false; CELLS];
    let mut stack = Vec::new();
    let mut borders = Vec::new();
    for p in size.points() {
        let start = p.index();
        if !open(start) || done[start] {
            continue;
        }
        done[start] = true;
        stack.push(start);
        let mut points = Vec::new();
        let mut touches = 0u8;
        borders.clear();
        while let Some(s) = stack.pop() {
            points.push(s);
            for q in neighbours(s) {
                let c = board.cell_code_at(q);
                if c == EDGE {
                    continue;
                }
                if open(q) {
                    if !done[q] {
                        done[q] = true;
                        stack.push(q);
                    }
                } else {
                    touches |= c;
                    borders.push(usize::from(chains.id[q]));
                }
            }
        }
        if touches != BLACK && touches != WHITE {
            continue;
        }
        let node = parent.len();
        parent.push(node);
        for &c in &borders {
            let (a, b) = (find(&mut parent, c), find(&mut parent, node));
            parent[a] = b;
        }
        regions.push(points);
    }
    // Per group (the root of its union-find tree): a chain in a seki, a
    // pass-alive chain, its regions.
    let nodes = parent.len();
    let mut seki = vec![false; nodes];
    let mut alive = vec![false; nodes];
    let mut count = vec![0u32; nodes];
    for c in 0..chains.len() {
        let root = find(&mut parent, c);
        seki[root] |= in_seki[c];
        alive[root] |= pass_alive[c];
    }
    for r in 0..regions.len() {
        let root = find(&mut parent, chains.len() + r);
        count[root] += 1;
    }
    let mut eyes = Vec::new();
    for (r, points) in regions.iter().enumerate() {
        let root = find(&mut parent, chains.len() + r);
        if seki[root] && !alive[root] && count[root] == 1 && points.len() <= SEKI_EYE_MAX {
            eyes.extend_from_slice(points);
        }
    }
    eyes.sort_unstable();
    eyes
}

/// The root of `x`'s tree in a union-find `parent` list, halving the
/// path on the way.
fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// The chains (groups) of a board, numbered in board order.
struct Chains {
    /// Chain number per cell (meaningful on stones only).
    id: Vec<u16>,
    /// Each chain's colour code.
    colour: Vec<u8>,
    /// Each chain's stones (cell indices).
    stones: Vec<Vec<u16>>,
}

impl Chains {
    fn new(board: &Board) -> Chains {
        let mut id = vec![u16::MAX; CELLS];
        let mut colour = Vec::new();
        let mut stones = Vec::new();
        let mut stack = Vec::new();
        for p in board.size().points() {
            let start = p.index();
            let c = board.cell_code_at(start);
            if (c != BLACK && c != WHITE) || id[start] != u16::MAX {
                continue;
            }
            let n = colour.len() as u16;
            let mut members = Vec::new();
            id[start] = n;
            stack.push(start);
            while let Some(s) = stack.pop() {
                members.push(s as u16);
                for q in neighbours(s) {
                    if board.cell_code_at(q) == c && id[q] == u16::MAX {
                        id[q] = n;
                        stack.push(q);
                    }
                }
            }
            colour.push(c);
            stones.push(members);
        }
        Chains { id, colour, stones }
    }

    fn len(&self) -> usize {
        self.colour.len()
    }
}

/// Benson's algorithm for both colours: which chains are pass-alive, and
/// which chains lie in a vital region of a pass-alive opponent (doomed).
struct Benson {
    alive: Vec<bool>,
    doomed: Vec<bool>,
}

/// A region of Benson's algorithm: a connected set of points without a
/// stone of the colour examined, with the chains of that colour around it.
struct Region {
    /// Chains of the examined colour bordering the region.
    borders: Vec<u16>,
    /// Those of `borders` that touch every empty point of the region
    /// (the region is vital to them).
    vital_to: Vec<u16>,
    /// Opponent chains inside.
    inside: Vec<u16>,
}

impl Benson {
    fn new(board: &Board, chains: &Chains) -> Benson {
        let mut alive = vec![false; chains.len()];
        let mut doomed = vec![false; chains.len()];
        for colour in [BLACK, WHITE] {
            Benson::colour(board, chains, colour, &mut alive, &mut doomed);
        }
        Benson { alive, doomed }
    }

    fn colour(board: &Board, chains: &Chains, colour: u8, alive: &mut [bool], doomed: &mut [bool]) {
        let regions = Benson::regions(board, chains, colour);
        // Start from every chain of the colour and every region, then drop
        // chains with fewer than two vital regions, and regions bordered
        // by a dropped chain, until nothing changes.
        let mut chain_in: Vec<bool> = chains.colour.iter().map(|&c| c == colour).collect();
        let mut region_in = vec![true; regions.len()];
        loop {
            let mut vital = vec![0u32; chains.len()];
            for (r, region) in regions.iter().enumerate() {
                if region_in[r] {
                    for &c in &region.vital_to {
                        vital[usize::from(c)] += 1;
                    }
                }
            }
            let mut changed = false;
            for c in 0..chains.len() {
                if chain_in[c] && vital[c] < 2 {
                    chain_in[c] = false;
                    changed = true;
                }
            }
            for (r, region) in regions.iter().enumerate() {
                if region_in[r] && region.borders.iter().any(|&c| !chain_in[usize::from(c)]) {
                    region_in[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for c in 0..chains.len() {
            alive[c] |= chain_in[c];
        }
        // A region left is bordered by pass-alive chains only, each of its
        // empty points a liberty of one of them: no opponent stone in it
        // can make an eye, nor capture its way out.
        for (r, region) in regions.iter().enumerate() {
            if region_in[r] && !region.vital_to.is_empty() {
                for &c in &region.inside {
                    doomed[usize::from(c)] = true;
                }
            }
        }
    }

    /// The regions without a `colour` stone, with their borders.
    fn regions(board: &Board, chains: &Chains, colour: u8) -> Vec<Region> {
        let mut seen = vec![false; CELLS];
        let mut out = Vec::new();
        let mut stack = Vec::new();
        let mut empties = Vec::new();
        for p in board.size().points() {
            let start = p.index();
            let c = board.cell_code_at(start);
            if c == colour || seen[start] {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            empties.clear();
            let mut borders: Vec<u16> = Vec::new();
            let mut inside: Vec<u16> = Vec::new();
            while let Some(s) = stack.pop() {
                let cs = board.cell_code_at(s);
                if cs == EMPTY {
                    empties.push(s);
                } else {
                    let id = chains.id[s];
                    if !inside.contains(&id) {
                        inside.push(id);
                    }
                }
                for q in neighbours(s) {
                    let cq = board.cell_code_at(q);
                    if cq == EDGE {
                        continue;
                    }
                    if cq == colour {
                        let id = chains.id[q];
                        if !borders.contains(&id) {
                            borders.push(id);
                        }
                    } else if !seen[q] {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
            // A region with no empty point cannot be an eye.
            let vital_to = if empties.is_empty() {
                Vec::new()
            } else {
                borders
                    .iter()
                    .copied()
                    .filter(|&id| {
                        empties.iter().all(|&e| {
                            neighbours(e)
                                .iter()
                                .any(|&q| board.cell_code_at(q) == colour && chains.id[q] == id)
                        })
                    })
                    .collect()
            };
            out.push(Region {
                borders,
                vital_to,
                inside,
            });
        }
        out
    }
}

/// For each colour and cell, in how many of `playouts` playouts from
/// `board` the colour owned the point at the end (a stone of its colour,
/// or an empty point all of whose neighbours are).
fn ownership(board: &Board, seed: u64, playouts: u32) -> [Vec<u16>; 2] {
    let mut own = [vec![0u16; CELLS], vec![0u16; CELLS]];
    if playouts == 0 {
        return own;
    }
    let mut rng = rng(seed);
    let mut playout = Playout::new(board);
    for k in 0..playouts {
        let first = if k % 2 == 0 { Side::Black } else { Side::White };
        playout.run(board, first, &mut rng);
        let end = &playout.board;
        for p in board.size().points() {
            let i = p.index();
            let c = match end.cell_code_at(i) {
                EMPTY => {
                    let mut touches = 0u8;
                    for q in neighbours(i) {
                        let cq = end.cell_code_at(q);
                        if cq != EDGE {
                            touches |= cq;
                        }
                    }
                    touches
                }
                c => c,
            };
            match c {
                BLACK => own[0][i] += 1,
                WHITE => own[1][i] += 1,
                _ => {}
            }
        }
    }
    own
}

/// One playout's state, reused from playout to playout.
struct Playout {
    board: Board,
    /// The empty points (cell indices), in any order.
    empties: Vec<u16>,
    /// Each empty cell's place in `empties`.
    at: Vec<u16>,
}

impl Playout {
    fn new(board: &Board) -> Playout {
        Playout {
            board: board.clone(),
            empties: Vec::with_capacity(board.size().area() as usize),
            at: vec![0; CELLS],
        }
    }

    fn remove_empty(&mut self, i: usize) {
        let k = usize::from(self.at[i]);
        let last = self.empties.len() - 1;
        self.empties.swap(k, last);
        let moved = usize::from(self.empties[k]);
        self.at[moved] = k as u16;
        self.empties.pop();
    }

    fn add_empty(&mut self, i: usize) {
        self.at[i] = self.empties.len() as u16;
        self.empties.push(i as u16);
    }

    /// Plays random moves from `start`, `first` to move, until both sides
    /// pass (or a move limit, for cycles such as a triple ko).
    fn run(&mut self, start: &Board, first: Side, rng: &mut GameRng) {
        self.board.clone_from(start);
        self.empties.clear();
        for p in start.size().points() {
            if start.is_empty_point(p) {
                self.add_empty(p.index());
            }
        }
        let limit = 3 * start.size().area() as usize + 50;
        let mut side = first;
        let mut passes = 0;
        let mut ko: Option<usize> = None;
        let mut last: Option<Point> = None;
        let mut captured = Vec::new();
        for _ in 0..limit {
            match self.choose(side, ko, last, rng, &mut captured) {
                Some(p) => {
                    passes = 0;
                    self.remove_empty(p.index());
                    for &c in &captured {
                        self.add_empty(c);
                    }
                    ko = (captured.len() == 1 && self.board.is_lone_stone_in_atari(p))
                        .then(|| captured[0]);
                    last = Some(p);
                }
                None => {
                    passes += 1;
                    ko = None;
                    last = None;
                    if passes == 2 {
                        break;
                    }
                }
            }
            side = !side;
        }
    }

    /// Whether the light policy lets `side` play on the empty cell `i`:
    /// not the ko point, not its own eye, not a self-atari of three or
    /// more stones. (On the real records, banning every self-atari of two
    /// stones or more keeps too many dead groups alive, and allowing all
    /// breaks sekis: three is the best of the three on their results.)
    fn allowed(&self, side: Side, i: usize, ko: Option<usize>) -> bool {
        let p = Point::from_index(i);
        ko != Some(i)
            && !self.board.is_eye_of(side, p)
            && self
                .board
                .self_atari(side, p)
                .is_none_or(|stones| stones < 3)
    }

    /// Chooses and plays `side`'s move: the capture of the opponent's last
    /// group when it is in atari, else the escape of a group of `side` the
    /// last move put in atari (to two liberties at least), else a local
    /// answer to the last move ([`Playout::tactics`]), else the first
    /// allowed legal point from a random place in the list of empty
    /// points. Captured cells go to `captured`. `None`: a pass.
    fn choose(
        &mut self,
        side: Side,
        ko: Option<usize>,
        last: Option<Point>,
        rng: &mut GameRng,
        captured: &mut Vec<usize>,
    ) -> Option<Point> {
        captured.clear();
        if let Some(l) = last.and_then(|p| self.board.lone_liberty(p))
            && ko != Some(l.index())
            && self.board.would_capture(side, l)
        {
            self.board.place(side, l, |c| captured.push(c.index()));
            return Some(l);
        }
        // A group of ours the last move left in atari runs away, when
        // running gives it two liberties.
        let board = &self.board;
        let escape = last.and_then(|last| {
            board.neighbours(last).find_map(|q| {
                let l = board
                    .lone_liberty(q)
                    .filter(|_| board.get(q) == Some(side))?;
                (ko != Some(l.index())
                    && !board.is_eye_of(side, l)
                    && board.self_atari(side, l).is_none())
                .then_some(l)
            })
        });
        if let Some(l) = escape {
            self.board.place(side, l, |c| captured.push(c.index()));
            return Some(l);
        }
        if let Some(p) = last.and_then(|last| self.tactics(side, last, ko)) {
            self.board.place(side, p, |c| captured.push(c.index()));
            return Some(p);
        }
        let n = self.empties.len();
        if n == 0 {
            return None;
        }
        let start = rng.random_range(0..n);
        for k in 0..n {
            let i = usize::from(self.empties[(start + k) % n]);
            if !self.allowed(side, i, ko) {
                continue;
            }
            let p = Point::from_index(i);
            if self
                .board
                .place_unless_suicide(side, p, |c| captured.push(c.index()))
                .is_some()
            {
                return Some(p);
            }
        }
        None
    }
}

/// The largest eye space whose vital point [`Playout::nakade`] plays: a
/// space of 3 to 6 points with one most connected point (straight and
/// bent three, pyramid four, bulky and crossed five, rabbity six) lives
/// with two eyes when its owner takes that point and dies when the
/// opponent does.
const NAKADE_MAX: usize = 6;

impl Playout {
    /// A local answer of `side` to the opponent's move on `last`, for
    /// the fights random moves misread (capturing races, eye shapes):
    ///
    /// 1. a chain of `side` next to `last` in atari, that cannot run,
    ///    captures an opponent chain in atari next to it;
    /// 2. the vital point of a small eye space next to `last`
    ///    ([`Playout::nakade`]);
    /// 3. in a capturing race, an opponent chain with no more liberties
    ///    than a chain of `side` next to `last` loses one
    ///    ([`Playout::fill_race`]);
    /// 4. a chain of `side` next to `last` with two liberties extends to
    ///    three.
    ///
    /// Measured on the 274 real records whose `RE` is a count (seeds 1 to
    /// 8): margins within a point 247 on average without these answers,
    /// 259 with them, and winners 266 then 269. Putting the last move's
    /// chain in atari when it has two liberties added nothing.
    fn tactics(&self, side: Side, last: Point, ko: Option<usize>) -> Option<Point> {
        self.capture_to_save(side, last, ko)
            .or_else(|| self.nakade(last, ko))
            .or_else(|| self.fill_race(side, last, ko))
            .or_else(|| self.extend(side, last, ko))
    }

    /// A chain of `side` next to `last` in atari takes an opponent chain
    /// in atari next to it (and so gains liberties).
    fn capture_to_save(&self, side: Side, last: Point, ko: Option<usize>) -> Option<Point> {
        let board = &self.board;
        for q in board.neighbours(last) {
            if board.get(q) != Some(side) || board.lone_liberty(q).is_none() {
                continue;
            }
            for s in board.group(q) {
                for r in board.neighbours(s) {
                    if board.get(r) == Some(!side)
                        && let Some(l) = board.lone_liberty(r)
                        && ko != Some(l.index())
                    {
                        return Some(l);
                    }
                }
            }
        }
        None
    }

    /// The vital point of an eye space next to `last`: a region of 3 to
    /// [`NAKADE_MAX`] empty points that stones of one colour alone border,
    /// with one point that has more neighbours in the region than every
    /// other. Either side plays it: its owner to make two eyes, the
    /// opponent to kill (a lone stone there has two liberties at least).
    fn nakade(&self, last: Point, ko: Option<usize>) -> Option<Point> {
        let board = &self.board;
        let mut region = [0usize; NAKADE_MAX];
        for e in neighbours(last.index()) {
            if board.cell_code_at(e) != EMPTY {
                continue;
            }
            region[0] = e;
            let mut n = 1;
            let mut k = 0;
            let mut border = 0u8;
            let mut too_big = false;
            while k < n && !too_big {
                for q in neighbours(region[k]) {
                    match board.cell_code_at(q) {
                        EMPTY if !region[..n].contains(&q) => {
                            if n == NAKADE_MAX {
                                too_big = true;
                                break;
                            }
                            region[n] = q;
                            n += 1;
                        }
                        EMPTY | EDGE => {}
                        c => border |= c,
                    }
                }
                k += 1;
            }
            if too_big || n < 3 || (border != BLACK && border != WHITE) {
                continue;
            }
            let space = &region[..n];
            let degree = |a: usize| neighbours(a).iter().filter(|q| space.contains(q)).count();
            let top = space.iter().map(|&a| degree(a)).max().unwrap_or(0);
            let mut tops = space.iter().copied().filter(|&a| degree(a) == top);
            let (Some(vital), None) = (tops.next(), tops.next()) else {
                continue;
            };
            if ko != Some(vital) {
                return Some(Point::from_index(vital));
            }
        }
        None
    }

    /// A capturing race next to `last`: a chain of `side` there with 2 to
    /// 4 liberties, and an opponent chain touching it with at least 2 and
    /// no more, two of them not its eyes (a chain with two eyes is in no
    /// race), loses a liberty (an outside one, not shared with the
    /// chain of `side`, when one can be filled), by a stone that keeps
    /// two liberties and fills no eye of `side`.
    fn fill_race(&self, side: Side, last: Point, ko: Option<usize>) -> Option<Point> {
        let board = &self.board;
        for q in board.neighbours(last) {
            if board.get(q) != Some(side) {
                continue;
            }
            let (ours, n) = board.liberties_upto::<4>(q);
            if !(2..=4).contains(&n) {
                continue;
            }
            for s in board.group(q) {
                for r in board.neighbours(s) {
                    if board.get(r) != Some(!side) {
                        continue;
                    }
                    let (theirs, m) = board.liberties_upto::<4>(r);
                    if m < 2 || m > n {
                        continue;
                    }
                    let eyes = theirs[..m]
                        .iter()
                        .filter(|&&a| board.is_eye_of(!side, Point::from_index(a)))
                        .count();
                    if eyes >= 2 {
                        continue;
                    }
                    let mut shared = None;
                    for &a in &theirs[..m] {
                        let p = Point::from_index(a);
                        if ko == Some(a)
                            || board.is_eye_of(side, p)
                            || board.liberties_after(side, p) < 2
                        {
                            continue;
                        }
                        if !ours[..n].contains(&a) {
                            return Some(p);
                        }
                        shared.get_or_insert(p);
                    }
                    if shared.is_some() {
                        return shared;
                    }
                }
            }
        }
        None
    }

    /// A chain of `side` next to `last` with two liberties extends on
    /// one of them to three liberties or more.
    fn extend(&self, side: Side, last: Point, ko: Option<usize>) -> Option<Point> {
        let board = &self.board;
        for q in board.neighbours(last) {
            if board.get(q) != Some(side) {
                continue;
            }
            let (libs, n) = board.liberties_upto::<2>(q);
            if n != 2 {
                continue;
            }
            for &a in &libs {
                let p = Point::from_index(a);
                if ko != Some(a) && !board.is_eye_of(side, p) && board.liberties_after(side, p) >= 3
                {
                    return Some(p);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_atari_and_lone_liberty_agree_with_liberty_counts() {
        // A white pair at the top left whose one liberty is c1.
        let board = Board::from_grid_string(concat!(
            "ww...", //
            "bbw..", //
            ".....", //
            ".....", //
            ".....",
        ))
        .unwrap();
        assert_eq!(board.lone_liberty(Point::new(0, 0)), Some(Point::new(2, 0)));
        assert_eq!(board.lone_liberty(Point::new(0, 1)), None);
        assert_eq!(board.lone_liberty(Point::new(4, 4)), None);
        // Black on c1 captures; White on c1 joins c2 and has liberties.
        assert_eq!(board.self_atari(Side::Black, Point::new(2, 0)), None);
        assert_eq!(board.self_atari(Side::White, Point::new(2, 0)), None);
        let tight = Board::from_grid_string(concat!(
            ".b..", //
            "bwb.", //
            "b.b.", //
            "....",
        ))
        .unwrap();
        // White under its stone: two stones, one liberty (b4).
        assert_eq!(tight.self_atari(Side::White, Point::new(1, 2)), Some(2));
        // White in the corner: a suicide, no liberty at all.
        assert_eq!(tight.self_atari(Side::White, Point::new(0, 0)), Some(1));
        assert_eq!(tight.self_atari(Side::Black, Point::new(1, 2)), None);
    }
}
