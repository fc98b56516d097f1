//! The engine against the reference generator (`reference.rs`) on thousands
//! of positions: positions reached in random games (uniform and BASICO
//! rebels) and arbitrary boards parsed from position strings.
//!
//! Why: the worked example pins a handful of positions; these properties
//! cover the corners it never reaches (long capture chains, chains that
//! return to their start or that would go another way if the rebels taken
//! earlier in the move stayed on the board, officers with no rebels around,
//! blocked sides, a full castle, boards with no officers).
//! For each position they compare the legal moves (the same moves in the
//! same canonical order), the end checks, `has_legal_move`, `can_capture`,
//! `max_capture`, the position after every move, BASICO's scores, and what
//! `resolve` and `find_move` say about written moves.

use asalto_asalto::basic::{self, BasicScore};
use asalto_asalto::{IllegalMoveKind, Move, Point, Position};
use proptest::prelude::*;

use crate::facts::{best_basic, expected_reason, score};
use crate::reference::{
    self, Piece, Pt, RefMove, RefPosition, Turn, board_order, move_notation, pto_captura,
    pto_valido, vecinos,
};

/// A small deterministic generator (splitmix64) for choices inside a test
/// case; the case's seed comes from proptest, so failures replay.
pub struct Choices(u64);

impl Choices {
    pub fn new(seed: u64) -> Choices {
        Choices(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent`%.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

fn outcome_code(pos: &Position) -> Option<(&'static str, &'static str)> {
    pos.outcome().map(|o| (o.winner.name(), o.reason.code()))
}

fn ref_outcome_code(r: &RefPosition) -> Option<(&'static str, &'static str)> {
    r.outcome().map(|e| (e.winner().name(), e.code()))
}

fn points(m: &Move) -> Vec<Point> {
    m.path().to_vec()
}

/// Compare everything the engine says about `pos` with the reference.
/// `paths` is the number of random written moves to try on `resolve`.
pub fn compare(pos: &Position, r: &RefPosition, choices: &mut Choices, paths: usize) {
    let here = pos.to_string();
    assert_eq!(
        here,
        r.to_string(),
        "the two sides hold different positions"
    );
    assert_eq!(
        here.parse::<Position>(),
        Ok(*pos),
        "{here} does not read back"
    );

    let engine: Vec<Move> = pos.legal_moves().to_vec();
    let expected: Vec<RefMove> = r.legal_moves();
    let engine_text: Vec<String> = engine.iter().map(Move::to_string).collect();
    let expected_text: Vec<String> = expected.iter().map(|m| move_notation(m)).collect();
    assert_eq!(engine_text, expected_text, "legal moves of {here}");

    assert_eq!(outcome_code(pos), ref_outcome_code(r), "outcome of {here}");
    assert_eq!(
        pos.has_legal_move(),
        !expected.is_empty(),
        "has_legal_move of {here}"
    );
    assert_eq!(
        pos.can_capture(),
        !r.captures().is_empty(),
        "can_capture of {here}"
    );
    assert_eq!(pos.max_capture(), r.max_capture(), "max_capture of {here}");

    // Callers such as `generate` users stop early: the visitor's `false`
    // must stop it at once, and the moves seen are a prefix of the list.
    if !engine.is_empty() {
        let stop_after = choices.below(engine.len()) + 1;
        let mut seen = Vec::new();
        pos.generate(&mut |m| {
            seen.push(m);
            seen.len() < stop_after
        });
        assert_eq!(
            seen,
            engine[..stop_after],
            "generate stopping early in {here}"
        );
    }

    for (m, rm) in engine.iter().zip(&expected) {
        let after = pos.play_unchecked(m);
        let ref_after = r.play(rm);
        assert_eq!(after.to_string(), ref_after.to_string(), "{here} after {m}");
        assert_eq!(pos.play(m), Ok(after), "play({m}) in {here}");
        // A written move is only accepted while the game goes on.
        let resolved = pos.resolve(&points(m)).map_err(|e| e.reason().code());
        match r.outcome() {
            None => assert_eq!(resolved, Ok(*m), "resolve({m}) in {here}"),
            Some(_) => assert_eq!(resolved, Err("game-over"), "resolve({m}) in {here}"),
        }
        // What a person types, the first two points, finds the whole move.
        assert_eq!(
            pos.find_move(m.from(), m.second()),
            Some(*m),
            "find_move({m}) in {here}"
        );
        // The captured rebels are the midpoints of the hops.
        let captured: Vec<String> = m.captured().map(|p| p.to_string()).collect();
        let ref_captured: Vec<String> = rm
            .windows(2)
            .filter(|w| (w[1].0 - w[0].0).abs() == 2 || (w[1].1 - w[0].1).abs() == 2)
            .map(|w| reference::notation(((w[0].0 + w[1].0) / 2, (w[0].1 + w[1].1) / 2)))
            .collect();
        assert_eq!(captured, ref_captured, "captured by {m} in {here}");
        assert_eq!(m.is_capture(), !ref_captured.is_empty(), "{m} in {here}");
        assert_eq!(m.capture_count(), ref_captured.len(), "{m} in {here}");
    }
    // The first two points determine a move: no two share them.
    for (i, a) in engine.iter().enumerate() {
        for b in &engine[i + 1..] {
            assert!(
                (a.from(), a.second()) != (b.from(), b.second()),
                "{a} and {b} share their first two points in {here}"
            );
        }
    }

    check_resolve(pos, r, &expected_text, choices, paths);
}

/// A random written move of 2 to 4 points: mostly starting on a piece of the
/// side to move and going on to neighbours or jump landings, sometimes
/// anywhere; plus variations of the legal captures (cut short, extended,
/// changed in the middle).
fn random_paths(r: &RefPosition, choices: &mut Choices, n: usize) -> Vec<Vec<Pt>> {
    let all = board_order();
    let own = r.pieces(r.turn.piece());
    let mut out = Vec::new();
    for _ in 0..n {
        let len = 2 + choices.below(3);
        let mut path = vec![if !own.is_empty() && choices.percent(75) {
            choices.pick(&own)
        } else {
            choices.pick(&all)
        }];
        while path.len() < len {
            let last = path[path.len() - 1];
            let ns = vecinos(last);
            let jumps: Vec<Pt> = ns
                .iter()
                .map(|&n| pto_captura(last, n))
                .filter(|&l| pto_valido(l))
                .collect();
            let next = match choices.below(10) {
                0..=3 if !ns.is_empty() => choices.pick(&ns),
                4..=7 if !jumps.is_empty() => choices.pick(&jumps),
                _ => choices.pick(&all),
            };
            path.push(next);
        }
        out.push(path);
    }
    for m in r.captures() {
        out.push(m[..m.len() - 1].to_vec()); // one hop short (or just the start)
        let mut longer = m.clone();
        longer.push(choices.pick(&all));
        out.push(longer);
        if m.len() > 2 {
            let mut changed = m.clone();
            let i = 2 + choices.below(m.len() - 2);
            changed[i] = choices.pick(&all);
            out.push(changed);
        }
    }
    out.retain(|p| p.len() >= 2);
    out
}

fn check_resolve(
    pos: &Position,
    r: &RefPosition,
    legal: &[String],
    choices: &mut Choices,
    n: usize,
) {
    for path in random_paths(r, choices, n) {
        let text = move_notation(&path);
        let result = pos.resolve(&reference::to_engine_points(&path));
        let expected = expected_reason(r, &path);
        if legal.contains(&text) && r.outcome().is_none() {
            assert_eq!(expected, None, "the reference oracle rejects legal {text}");
            assert_eq!(
                result.map(|m| m.to_string()),
                Ok(text.clone()),
                "resolve({text})"
            );
            continue;
        }
        let Err(e) = result else {
            panic!("resolve accepted {text}, not a legal move of {r}");
        };
        let Some(code) = expected else {
            panic!("the reference oracle accepts {text}, which is not legal in {r}");
        };
        assert_eq!(e.reason().code(), code, "reason for {text} in {r}: {e}");
        assert!(e.segment < path.len(), "segment of {text}: {e:?}");
        match &e.kind {
            IllegalMoveKind::CaptureRequired { captures } => {
                let listed: Vec<String> = captures.iter().map(Move::to_string).collect();
                assert_eq!(listed, legal, "captures listed for {text} in {r}");
            }
            IllegalMoveKind::CaptureIncomplete { required, .. }
            | IllegalMoveKind::CaptureWrongContinuation { required, .. }
            | IllegalMoveKind::CaptureTooLong { required } => {
                let expected_full = r.complete_capture(path[0], {
                    let (a, b) = (path[0], path[1]);
                    ((a.0 + b.0) / 2, (a.1 + b.1) / 2)
                });
                assert_eq!(
                    required.to_string(),
                    move_notation(&expected_full),
                    "required capture for {text} in {r}"
                );
            }
            _ => {}
        }
    }
}

/// Play a game from the start and compare engine and reference at every
/// position. `rebels`: `None` for uniformly random rebels, else BASICO with
/// that score (moves chosen among the reference's best).
fn play_and_compare(
    seed: u64,
    rebels: Option<BasicScore>,
    max_plies: usize,
    visit: &mut dyn FnMut(&RefPosition),
) {
    let mut choices = Choices::new(seed);
    let mut pos = Position::start();
    let mut r = RefPosition::start();
    let mut plies = 0;
    loop {
        visit(&r);
        compare(&pos, &r, &mut choices, 6);
        if r.turn == Turn::Rebels && r.outcome().is_none() {
            compare_basic(&pos, &r);
        }
        if r.outcome().is_some() || plies == max_plies {
            return;
        }
        let moves = r.legal_moves();
        let chosen = match (rebels, r.turn) {
            (Some(variant), Turn::Rebels) => {
                let best = best_basic(&r, variant);
                best[choices.below(best.len())].clone()
            }
            _ => moves[choices.below(moves.len())].clone(),
        };
        let m = reference::to_engine_move(&pos, &chosen).expect("compared just above");
        pos = pos.play_unchecked(&m);
        r = r.play(&chosen);
        plies += 1;
    }
}

/// BASICO's terms and choices, both scores.
fn compare_basic(pos: &Position, r: &RefPosition) {
    let terms = r.basic_terms();
    for variant in BasicScore::ALL {
        let engine: Vec<(String, i32, i32, i32)> = basic::score_moves(pos, variant)
            .iter()
            .map(|s| (s.mv.to_string(), s.ncas, s.ncap, s.score))
            .collect();
        let expected: Vec<(String, i32, i32, i32)> = terms
            .iter()
            .map(|(m, ncas, ncap)| (move_notation(m), *ncas, *ncap, score(variant, *ncas, *ncap)))
            .collect();
        assert_eq!(engine, expected, "{variant} scores in {r}");
        let best: Vec<String> = basic::best_moves(pos, variant)
            .iter()
            .map(|s| s.mv.to_string())
            .collect();
        let ref_best: Vec<String> = best_basic(r, variant)
            .iter()
            .map(|m| move_notation(m))
            .collect();
        assert_eq!(best, ref_best, "{variant} best moves in {r}");
    }
}

/// Boards with 0-2 officers and 0-24 rebels anywhere, either side to move,
/// as position strings.
pub fn arbitrary_position_string() -> impl Strategy<Value = String> {
    (
        0..=2usize,
        0..=24usize,
        Just((0..33usize).collect::<Vec<_>>()).prop_shuffle(),
        any::<bool>(),
    )
        .prop_map(|(officers, rebels, order, officers_to_move)| {
            let all = board_order();
            let mut cells = ['.'; 33];
            for &i in &order[..officers] {
                cells[i] = 'O';
            }
            for &i in &order[officers..officers + rebels] {
                cells[i] = 'R';
            }
            let mut s = String::new();
            for (i, p) in all.iter().enumerate() {
                if i > 0 && p.1 != all[i - 1].1 {
                    s.push('/');
                }
                s.push(cells[i]);
            }
            s.push_str(if officers_to_move { " O" } else { " R" });
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random games, both sides uniformly random: every position on the way.
    #[test]
    fn random_games_agree_with_the_reference(seed in any::<u64>()) {
        play_and_compare(seed, None, 300, &mut |_| {});
    }

    /// Games with BASICO rebels (each score), whose captures and castle
    /// entries differ from random play.
    #[test]
    fn basic_games_agree_with_the_reference(seed in any::<u64>(), v2 in any::<bool>()) {
        let variant = if v2 { BasicScore::V2 } else { BasicScore::V1 };
        play_and_compare(seed, Some(variant), 300, &mut |_| {});
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8000))]

    /// Arbitrary boards: engine and reference read the same position string,
    /// print it back unchanged, and agree on everything about it.
    #[test]
    fn arbitrary_boards_agree_with_the_reference(s in arbitrary_position_string(), seed in any::<u64>()) {
        let pos: Position = s.parse().expect("0-2 officers and 0-24 rebels make a board");
        let r = RefPosition::parse(&s).expect("the reference reads it too");
        prop_assert_eq!(pos.to_string(), s.clone());
        prop_assert_eq!(r.to_string(), s.clone());
        let mut choices = Choices::new(seed);
        compare(&pos, &r, &mut choices, 12);
        // `find_move` finds a move for exactly the first two points of the
        // legal moves, and nothing for any other pair.
        let legal = pos.legal_moves();
        for a in Point::all() {
            for b in Point::all() {
                let expected = legal.iter().find(|m| m.from() == a && m.second() == b).copied();
                prop_assert_eq!(pos.find_move(a, b), expected, "find_move({}, {}) in {}", a, b, s);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Position strings damaged by a few edits (deleted, replaced or inserted
    /// characters) parse in the engine exactly when they parse in the
    /// reference, and a string that parses prints back unchanged.
    #[test]
    fn damaged_position_strings(
        s in arbitrary_position_string(),
        edits in prop::collection::vec((0..3u8, any::<prop::sample::Index>(), prop::sample::select(vec!['O', 'R', '.', '/', 'X', ' ', 'o', 'é'])), 1..4),
    ) {
        let mut chars: Vec<char> = s.chars().collect();
        for (op, at, c) in edits {
            match op {
                0 if !chars.is_empty() => { chars.remove(at.index(chars.len())); }
                // Insert anything but whitespace: the engine tolerates
                // spaces around the string and around the side letter.
                1 if c != ' ' => { chars.insert(at.index(chars.len() + 1), c); }
                _ if !chars.is_empty() => { let i = at.index(chars.len()); chars[i] = c; }
                _ => {}
            }
        }
        let damaged: String = chars.into_iter().collect();
        let engine = damaged.parse::<Position>();
        let r = RefPosition::parse(&damaged);
        prop_assert_eq!(engine.is_ok(), r.is_ok(), "{:?}: engine {:?}", damaged, engine);
        if let Ok(pos) = engine {
            prop_assert_eq!(pos.to_string(), damaged);
        }
    }
}

/// The engine's own seeded random games are legal move by move, and stop
/// exactly when the game ends (or at the ply limit).
#[test]
fn engine_random_games_are_legal_and_stop_at_the_end() {
    for seed in 0..200 {
        let moves = asalto_asalto::random::random_game(seed, 400);
        let mut r = RefPosition::start();
        for (i, m) in moves.iter().enumerate() {
            assert!(
                r.outcome().is_none(),
                "seed {seed}: a move after the end at ply {}",
                i + 1
            );
            let text = m.to_string();
            let rm = r
                .legal_moves()
                .into_iter()
                .find(|rm| move_notation(rm) == text)
                .unwrap_or_else(|| panic!("seed {seed}: illegal move {text} at ply {}", i + 1));
            r = r.play(&rm);
        }
        if moves.len() < 400 {
            assert!(r.outcome().is_some(), "seed {seed}: stopped before the end");
        }
    }
}

/// What the generators above reach, counted over fixed seeds.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    /// End reasons, counting blocked sides only when they have pieces.
    ends: std::collections::BTreeMap<&'static str, usize>,
    longest_capture: usize,
    captures_back_to_their_start: usize,
    captures_where_removed_rebels_matter: usize,
    positions_with_several_captures: usize,
    rebel_moves_inside_the_castle_at_equal_distance: usize,
}

impl Coverage {
    fn visit(&mut self, r: &RefPosition) {
        self.positions += 1;
        if let Some(end) = r.outcome() {
            if !r.pieces(r.turn.piece()).is_empty() {
                *self.ends.entry(end.code()).or_default() += 1;
            }
        }
        let captures = r.captures();
        if captures.len() > 1 && r.turn == Turn::Officers {
            self.positions_with_several_captures += 1;
        }
        for m in &captures {
            self.longest_capture = self.longest_capture.max(m.len() - 1);
            if m.len() > 2 && m[0] == m[m.len() - 1] {
                self.captures_back_to_their_start += 1;
            }
            // Would a chain that forgot to remove the rebels it took have
            // gone another way (typically jumping a taken rebel again)?
            let mut stale = r.clone();
            stale.set(m[0], None);
            let differs = (1..m.len()).any(|j| {
                let here = m[j];
                let naive = vecinos(here).into_iter().find(|&n| {
                    stale.get(n) == Some(Piece::Rebel) && stale.empty(pto_captura(here, n))
                });
                naive.map(|n| pto_captura(here, n)) != m.get(j + 1).copied()
            });
            if differs {
                self.captures_where_removed_rebels_matter += 1;
            }
        }
        if r.turn == Turn::Rebels {
            self.rebel_moves_inside_the_castle_at_equal_distance += r
                .legal_moves()
                .iter()
                .filter(|m| reference::pto_castillo(m[0]) && reference::pto_castillo(m[1]))
                .count();
        }
    }
}

/// The property tests are only as good as the positions they see: over
/// fixed seeds, the same generators reach long capture chains, chains that
/// come back to their start, chains that would go wrong if the rebels taken
/// earlier in the move were left on the board, choices between captures, rebels moving inside the castle, and
/// all four ways a game ends.
#[test]
fn the_generators_reach_the_corners_of_the_rules() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    let mut coverage = Coverage::default();
    for seed in 0..48 {
        for rebels in [None, Some(BasicScore::V1), Some(BasicScore::V2)] {
            play_and_compare(seed, rebels, 300, &mut |r| coverage.visit(r));
        }
    }
    let games = coverage.positions;
    let mut runner = TestRunner::deterministic();
    let strategy = arbitrary_position_string();
    for _ in 0..2000 {
        let s = strategy.new_tree(&mut runner).unwrap().current();
        coverage.visit(&RefPosition::parse(&s).unwrap());
    }
    println!("{coverage:#?}");
    assert!(games >= 4000, "{games} positions in games");
    assert!(coverage.longest_capture >= 4, "{coverage:#?}");
    assert!(coverage.captures_back_to_their_start > 0, "{coverage:#?}");
    assert!(
        coverage.captures_where_removed_rebels_matter > 0,
        "{coverage:#?}"
    );
    assert!(
        coverage.positions_with_several_captures > 100,
        "{coverage:#?}"
    );
    assert!(
        coverage.rebel_moves_inside_the_castle_at_equal_distance > 100,
        "{coverage:#?}"
    );
    for end in [
        "officers-blocked",
        "rebels-blocked",
        "castle-occupied",
        "fewer-than-nine-rebels",
    ] {
        assert!(
            coverage.ends.get(end).copied().unwrap_or(0) > 0,
            "{end}: {coverage:#?}"
        );
    }
}

/// The end checks come in the assignment's order (blocked side first, then
/// the full castle, then fewer than nine rebels) where two of them hold at
/// once. Each position and its expected ending was worked out by hand from
/// RULES.md; random boards reach these overlaps only rarely.
#[test]
fn end_checks_in_the_assignments_order() {
    let cases = [
        // Castle full, rebels to move and none can move: blocked first.
        (
            "RRR/RRR/RRRRRRR/RRRRRRR/R....../.../... R",
            Some("rebels-blocked"),
        ),
        // Castle full, no officer to move: blocked first.
        (
            "RRR/RRR/..RRR../......./......./.../... O",
            Some("officers-blocked"),
        ),
        // Castle full, an officer free to move.
        (
            "RRR/RRR/..RRR../......./......./.../O.. O",
            Some("castle-occupied"),
        ),
        // The officer on Ac is walled in by 6 rebels (no jump lands on an
        // empty point): blocked before fewer than nine.
        (
            "ORR/RR./..R.R../......./......./.../... O",
            Some("officers-blocked"),
        ),
        // No rebel left, rebels to move: blocked before fewer than nine.
        (
            ".../O../......./......./......./.../... R",
            Some("rebels-blocked"),
        ),
        // One rebel, the officers can capture it.
        (
            ".../O../..R..../......./......./.../... O",
            Some("fewer-than-nine-rebels"),
        ),
        // Nine rebels and moves on both sides: the game goes on.
        (".../O.O/......./RRRRRRR/RR...../.../... R", None),
    ];
    for (s, expected) in cases {
        let pos: Position = s.parse().unwrap();
        let r = RefPosition::parse(s).unwrap();
        assert_eq!(
            pos.outcome().map(|o| o.reason.code()),
            expected,
            "engine, {s}"
        );
        assert_eq!(r.outcome().map(|e| e.code()), expected, "reference, {s}");
    }
}

/// The helpers agree with RULES.md's own examples, so the comparisons
/// that rely on them start from solid ground.
#[test]
fn helpers_match_the_rules_text() {
    use crate::reference::*;
    assert_eq!(board_order().len(), 33);
    assert_eq!(castle_points().len(), 9);
    assert_eq!(parse_point("Bc"), Some((2, 1)));
    assert_eq!(parse_point("Aa"), None);
    let be = parse_point("Be").unwrap();
    let names: Vec<String> = vecinos(be).into_iter().map(notation).collect();
    assert_eq!(names, ["Ae", "Ce", "Bd"]);
    assert_eq!(
        RefPosition::start().to_string(),
        ".../O.O/RR...RR/RRRRRRR/RRRRRRR/RRR/RRR O"
    );
    let moves: Vec<String> = RefPosition::start()
        .legal_moves()
        .iter()
        .map(|m| move_notation(m))
        .collect();
    assert_eq!(
        moves,
        ["Bc-Ac", "Bc-Bd", "Bc-Cc", "Be-Ae", "Be-Ce", "Be-Bd"]
    );
}
