//! `asalto selfplay --game go`: seeded games that do not depend on the
//! threads, legal under every Go profile, ended by two passes, whose
//! results agree with a slow reference written here (a grid of chars,
//! groups found by flood fill, captures and area score counted by hand),
//! and whose players never fill one of their own true eyes.
//!
//! Why: these games become the reference games that grade students'
//! `goMove/4` and `finDelJuego/3`; a wrong capture or score in them would
//! grade right answers wrong.

use serde_json::Value;

use crate::run::asalto;

/// Points of the board, `(x, y)`.
type Points = Vec<(usize, usize)>;

/// The slow reference's board: `b[y][x]` is `.`, `B` or `W`.
struct Grid {
    n: usize,
    b: Vec<Vec<char>>,
}

impl Grid {
    fn new(n: usize) -> Grid {
        Grid {
            n,
            b: vec![vec!['.'; n]; n],
        }
    }

    fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        if x > 0 {
            v.push((x - 1, y));
        }
        if y > 0 {
            v.push((x, y - 1));
        }
        if x + 1 < self.n {
            v.push((x + 1, y));
        }
        if y + 1 < self.n {
            v.push((x, y + 1));
        }
        v
    }

    /// The group at `(x, y)` and its liberties.
    fn group(&self, x: usize, y: usize) -> (Points, Points) {
        let c = self.b[y][x];
        let mut stones = vec![(x, y)];
        let mut libs = Vec::new();
        let mut i = 0;
        while i < stones.len() {
            let (sx, sy) = stones[i];
            for (nx, ny) in self.neighbours(sx, sy) {
                let d = self.b[ny][nx];
                if d == c && !stones.contains(&(nx, ny)) {
                    stones.push((nx, ny));
                } else if d == '.' && !libs.contains(&(nx, ny)) {
                    libs.push((nx, ny));
                }
            }
            i += 1;
        }
        (stones, libs)
    }

    /// Whether `(x, y)` is a true eye of `c`: empty, every neighbour a
    /// stone of `c` whose group has another liberty, and no diagonal point
    /// held by the opponent.
    fn true_eye(&self, c: char, x: usize, y: usize) -> bool {
        if self.b[y][x] != '.' {
            return false;
        }
        for (nx, ny) in self.neighbours(x, y) {
            if self.b[ny][nx] != c || self.group(nx, ny).1.len() < 2 {
                return false;
            }
        }
        let other = if c == 'B' { 'W' } else { 'B' };
        let (x, y) = (x as i32, y as i32);
        for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
            let (a, b) = (x + dx, y + dy);
            let inside = a >= 0 && b >= 0 && (a as usize) < self.n && (b as usize) < self.n;
            if inside && self.b[b as usize][a as usize] == other {
                return false;
            }
        }
        true
    }

    /// Play `c` at `(x, y)`: captures first, then the stone's own group
    /// must have a liberty. Returns the stones captured.
    fn play(&mut self, c: char, x: usize, y: usize) -> usize {
        assert_eq!(self.b[y][x], '.', "a stone on an occupied point");
        self.b[y][x] = c;
        let mut captured = 0;
        for (nx, ny) in self.neighbours(x, y) {
            if self.b[ny][nx] != c && self.b[ny][nx] != '.' {
                let (stones, libs) = self.group(nx, ny);
                if libs.is_empty() {
                    captured += stones.len();
                    for (sx, sy) in stones {
                        self.b[sy][sx] = '.';
                    }
                }
            }
        }
        assert!(!self.group(x, y).1.is_empty(), "suicide at {x},{y}");
        captured
    }

    /// Area score: stones plus empty regions that touch only one colour.
    fn area(&self) -> (usize, usize) {
        let (mut black, mut white) = (0, 0);
        let mut seen = vec![vec![false; self.n]; self.n];
        for y in 0..self.n {
            for x in 0..self.n {
                match self.b[y][x] {
                    'B' => black += 1,
                    'W' => white += 1,
                    _ if !seen[y][x] => {
                        let mut region = vec![(x, y)];
                        seen[y][x] = true;
                        let (mut by_b, mut by_w) = (false, false);
                        let mut i = 0;
                        while i < region.len() {
                            let (rx, ry) = region[i];
                            for (nx, ny) in self.neighbours(rx, ry) {
                                match self.b[ny][nx] {
                                    'B' => by_b = true,
                                    'W' => by_w = true,
                                    _ if !seen[ny][nx] => {
                                        seen[ny][nx] = true;
                                        region.push((nx, ny));
                                    }
                                    _ => {}
                                }
                            }
                            i += 1;
                        }
                        match (by_b, by_w) {
                            (true, false) => black += region.len(),
                            (false, true) => white += region.len(),
                            _ => {}
                        }
                    }
                    _ => {}
                }
            }
        }
        (black, white)
    }
}

/// The value of root property `name` (`SZ[9]` → `9`).
fn root(text: &str, name: &str) -> String {
    let start = text.find(&format!("{name}[")).unwrap() + name.len() + 1;
    text[start..start + text[start..].find(']').unwrap()].to_string()
}

/// The moves of a selfplay record: `(colour, letters)`, read with no SGF
/// parser (the records hold no comments after the root's `GC`).
fn moves(text: &str) -> Vec<(char, String)> {
    let body = &text[text.find('\n').unwrap()..];
    body.split(';')
        .skip(1)
        .map(|node| {
            let node = node.trim();
            let colour = node.chars().next().unwrap();
            let value = &node[2..node.find(']').unwrap()];
            (colour, value.to_string())
        })
        .collect()
}

/// Replay a record in the reference and check its every claim.
fn replay_and_check(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let n: usize = root(&text, "SZ").parse().unwrap();
    let komi: f64 = root(&text, "KM").parse().unwrap();
    let mut grid = Grid::new(n);
    let moves = moves(&text);
    let mut passes = 0;
    for (i, (colour, letters)) in moves.iter().enumerate() {
        assert_eq!(*colour, if i % 2 == 0 { 'B' } else { 'W' }, "{path:?}");
        if letters.is_empty() {
            passes += 1;
            // Two passes end the game: nothing may follow them.
            assert!(passes < 2 || i + 1 == moves.len(), "{path:?}: move {i}");
            continue;
        }
        passes = 0;
        let b = letters.as_bytes();
        let (x, y) = (usize::from(b[0] - b'a'), usize::from(b[1] - b'a'));
        assert!(
            !grid.true_eye(*colour, x, y),
            "{path:?}: move {} fills its own eye {letters}",
            i + 1
        );
        grid.play(*colour, x, y);
    }
    assert_eq!(passes, 2, "{path:?} does not end by two passes");
    let (black, white) = grid.area();
    let margin = black as f64 - white as f64 - komi;
    let result = if margin > 0.0 {
        format!("B+{margin}")
    } else if margin < 0.0 {
        format!("W+{}", -margin)
    } else {
        "0".to_string()
    };
    assert_eq!(root(&text, "RE"), result, "{path:?}");
}

/// The `game-*.sgf` files of a folder, sorted.
fn games(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    files
}

#[test]
fn games_are_legal_end_by_two_passes_and_agree_with_the_reference() {
    for (size, count) in [("9", "40"), ("13", "6"), ("19", "3")] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("refs");
        let out_s = out.to_str().unwrap();
        let run = asalto(&[
            "selfplay", "--game", "go", "--size", size, "--games", count, "--seed", "7", "--out",
            out_s,
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(
            run.stderr
                .contains(&format!("go {size}x{size}, positional-superko"))
        );
        assert!(run.stderr.contains("capped          0"), "{}", run.stderr);
        let files = games(&out);
        assert_eq!(files.len().to_string(), count);
        for file in &files {
            replay_and_check(file);
        }
        // Legal under every profile, the 2019 assignment's included, with
        // no warning (the results agree with the checker's score).
        for rules in [
            "simple-ko",
            "positional-superko",
            "seed-2019",
            "tromp-taylor",
        ] {
            let run = asalto(&["check", "--rules", rules, out_s]);
            assert_eq!(run.code, 0, "{rules}: {}", run.stdout);
            if rules != "seed-2019" {
                assert!(!run.stdout.contains("warning"), "{rules}: {}", run.stdout);
            }
        }
        let summary: Value =
            serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap())
                .unwrap();
        assert_eq!(summary["game"], "go");
        assert_eq!(summary["rules"], "positional-superko");
        assert_eq!(summary["size"].to_string(), size);
        let t = &summary["totals"];
        assert_eq!(
            t["wins"]["black"].as_u64().unwrap()
                + t["wins"]["white"].as_u64().unwrap()
                + t["draws"].as_u64().unwrap(),
            count.parse::<u64>().unwrap()
        );
    }
}

#[test]
fn the_games_depend_on_the_seed_not_on_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let run_in = |name: &str, seed: &str, jobs: &str| {
        let out = dir.path().join(name);
        let run = asalto(&[
            "selfplay",
            "--game",
            "go",
            "--size",
            "9",
            "--games",
            "12",
            "--seed",
            seed,
            "-j",
            jobs,
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stderr.is_empty(), "{}", run.stderr);
        games(&out)
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect::<Vec<_>>()
    };
    let one = run_in("a", "11", "1");
    assert_eq!(one, run_in("b", "11", "2"));
    let other = run_in("c", "12", "2");
    assert!(one.iter().zip(&other).all(|(a, b)| a != b));
    // JSON lines carry each game's SGF, the same as the files.
    let run = asalto(&[
        "selfplay", "--game", "go", "--size", "9", "--games", "12", "--seed", "11", "--format",
        "json", "--quiet",
    ]);
    let lines: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 12);
    for (line, sgf) in lines.iter().zip(&one) {
        assert_eq!(line["game"], "go");
        assert_eq!(line["rules"], "positional-superko");
        assert_eq!(line["sgf"].as_str().unwrap(), sgf);
    }
}

#[test]
fn the_assignment_profile_and_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("seed");
    let run = asalto(&[
        "selfplay",
        "--game",
        "go",
        "--rules",
        "seed-2019",
        "--size",
        "9",
        "--games",
        "5",
        "--seed",
        "3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(out.join("game-0001.sgf")).unwrap();
    assert_eq!(root(&text, "RU"), "seed-2019");
    assert_eq!(root(&text, "KM"), "0");
    // A second run into the same folder must not mix its games in.
    let again = asalto(&[
        "selfplay",
        "--game",
        "go",
        "--games",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(again.code, 2);
    assert!(again.stderr.contains("--force"), "{}", again.stderr);
    for (args, says) in [
        (
            vec!["--rules", "assignment-2018-19"],
            "not a Go rule profile",
        ),
        (vec!["--officers", "greedy"], "--officers is for Asalto"),
        (vec!["--size", "26"], "26"),
        (vec!["--komi", "nan"], "--komi"),
    ] {
        let mut all = vec!["selfplay", "--game", "go", "--games", "1"];
        all.extend(args.iter().copied());
        let run = asalto(&all);
        assert_eq!(run.code, 2, "{all:?}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{all:?}: {}", run.stderr);
    }
}
