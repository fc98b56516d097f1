//! A slow, independent model of the rules: a grid of cells, groups and
//! liberties by flood fill, ko as "the position before the opponent's
//! move comes back", superko as a list of every board seen. It shares no
//! code with the crate beyond the vocabulary types.

use asalto_go::{Profile, Side};

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grid {
    pub n: usize,
    pub cells: Vec<Option<Side>>,
}

impl Grid {
    pub fn new(n: usize) -> Grid {
        Grid {
            n,
            cells: vec![None; n * n],
        }
    }

    pub fn nbrs(&self, i: usize) -> Vec<usize> {
        let (c, r, n) = (i % self.n, i / self.n, self.n);
        let mut v = Vec::new();
        if r > 0 {
            v.push(i - n);
        }
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < n {
            v.push(i + 1);
        }
        if r + 1 < n {
            v.push(i + n);
        }
        v
    }

    /// The group on `i` and its liberties.
    pub fn group(&self, i: usize) -> (Vec<usize>, Vec<usize>) {
        let colour = self.cells[i];
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![i];
        seen[i] = true;
        let mut stones = Vec::new();
        let mut libs = Vec::new();
        while let Some(s) = stack.pop() {
            stones.push(s);
            for q in self.nbrs(s) {
                if seen[q] {
                    continue;
                }
                if self.cells[q] == colour {
                    seen[q] = true;
                    stack.push(q);
                } else if self.cells[q].is_none() {
                    seen[q] = true;
                    libs.push(q);
                }
            }
        }
        (stones, libs)
    }

    /// Area score: stones, and empty regions that reach only one colour.
    pub fn score(&self) -> (u32, u32) {
        let (mut b, mut w) = (0, 0);
        for i in 0..self.cells.len() {
            match self.cells[i] {
                Some(Side::Black) => b += 1,
                Some(Side::White) => w += 1,
                None => {
                    // Which colours can be reached through empty points?
                    let mut seen = vec![false; self.cells.len()];
                    let mut stack = vec![i];
                    seen[i] = true;
                    let (mut rb, mut rw) = (false, false);
                    while let Some(s) = stack.pop() {
                        for q in self.nbrs(s) {
                            match self.cells[q] {
                                Some(Side::Black) => rb = true,
                                Some(Side::White) => rw = true,
                                None if !seen[q] => {
                                    seen[q] = true;
                                    stack.push(q);
                                }
                                None => {}
                            }
                        }
                    }
                    match (rb, rw) {
                        (true, false) => b += 1,
                        (false, true) => w += 1,
                        _ => {}
                    }
                }
            }
        }
        (b, w)
    }
}

/// The reference game state.
#[derive(Clone)]
pub struct Game {
    pub profile: Profile,
    pub grid: Grid,
    /// Every board after every move, the first being the start.
    pub history: Vec<Grid>,
    /// Who made each move after the start (None for a pass).
    pub movers: Vec<Option<Side>>,
    pub passes: u32,
    pub captures: [u32; 2],
}

impl Game {
    pub fn new(n: usize, profile: Profile) -> Game {
        Game {
            profile,
            grid: Grid::new(n),
            history: vec![Grid::new(n)],
            movers: Vec::new(),
            passes: 0,
            captures: [0, 0],
        }
    }

    fn suicide_allowed(&self) -> bool {
        matches!(
            self.profile,
            Profile::TrompTaylor | Profile::Ing | Profile::NewZealand
        )
    }

    fn superko(&self) -> bool {
        matches!(
            self.profile,
            Profile::PositionalSuperko
                | Profile::TrompTaylor
                | Profile::Chinese
                | Profile::Aga
                | Profile::Ing
                | Profile::NewZealand
        )
    }

    fn two_passes_end(&self) -> bool {
        matches!(self.profile, Profile::Seed2019 | Profile::TrompTaylor)
    }

    pub fn over(&self) -> bool {
        self.two_passes_end() && self.passes >= 2
    }

    /// The board after `side` plays at `i` with captures first, and the
    /// numbers of stones captured and self-removed.
    pub fn after(&self, side: Side, i: usize) -> (Grid, u32, u32) {
        let mut g = self.grid.clone();
        g.cells[i] = Some(side);
        let mut captured = 0;
        for q in g.nbrs(i) {
            if g.cells[q] == Some(!side) {
                let (stones, libs) = g.group(q);
                if libs.is_empty() {
                    for s in stones {
                        g.cells[s] = None;
                        captured += 1;
                    }
                }
            }
        }
        let mut suicided = 0;
        let (stones, libs) = g.group(i);
        if libs.is_empty() {
            for s in stones {
                g.cells[s] = None;
                suicided += 1;
            }
        }
        (g, captured, suicided)
    }

    /// Why `side` may not play at `i`: the crate's reason codes.
    pub fn why(&self, side: Side, i: usize) -> Option<&'static str> {
        if self.over() {
            return Some("game-over");
        }
        if self.grid.cells[i].is_some() {
            return Some("occupied");
        }
        let (g, captured, suicided) = self.after(side, i);
        if matches!(
            self.profile,
            Profile::SimpleKo | Profile::Japanese | Profile::Korean
        ) && self.history.len() >= 2
            && self.movers.last() == Some(&Some(!side))
            && g == self.history[self.history.len() - 2]
        {
            return Some("ko");
        }
        if suicided > 0 && captured == 0 && !self.suicide_allowed() {
            return Some("suicide");
        }
        if self.superko() && self.history.contains(&g) {
            return Some("superko");
        }
        None
    }

    pub fn play(&mut self, side: Side, i: Option<usize>) {
        match i {
            None => {
                self.passes += 1;
                self.history.push(self.grid.clone());
                self.movers.push(None);
            }
            Some(i) => {
                let (g, c, s) = self.after(side, i);
                self.captures[side as usize] += c;
                self.captures[!side as usize] += s;
                self.grid = g;
                self.passes = 0;
                self.history.push(self.grid.clone());
                self.movers.push(Some(side));
            }
        }
    }
}
