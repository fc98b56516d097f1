//! Records written from random legal games, with the deviations editors and
//! people add, are read back exactly.
//!
//! Why: the robustness tests show that bad input is handled; these show the
//! other half, that good input is never refused. The games are played by the
//! reference generator and written out here, so the expected verdict of every
//! record (valid or not, which warnings, where a `capture-incomplete` or
//! `not-basic` error falls, how the game ended) is known without the engine.

use asalto_asalto::basic::BasicScore;
use asalto_asalto::replay::{CheckOptions, Replayer, Severity, check};
use proptest::prelude::*;

use crate::facts::best_basic;
use crate::properties::Choices;
use crate::reference::{RefMove, RefPosition, Turn, move_notation};

/// A game played by the reference from the start: up to `max_plies` moves,
/// rebels uniformly random or BASICO with a score.
fn reference_game(seed: u64, max_plies: usize, rebels: Option<BasicScore>) -> Vec<RefMove> {
    let mut choices = Choices::new(seed);
    let mut r = RefPosition::start();
    let mut moves = Vec::new();
    while moves.len() < max_plies && r.outcome().is_none() {
        let m = match (rebels, r.turn) {
            (Some(variant), Turn::Rebels) => {
                let best = best_basic(&r, variant);
                best[choices.below(best.len())].clone()
            }
            _ => {
                let legal = r.legal_moves();
                legal[choices.below(legal.len())].clone()
            }
        };
        r = r.play(&m);
        moves.push(m);
    }
    moves
}

/// The position after `moves`, by the reference.
fn replay(moves: &[RefMove]) -> RefPosition {
    moves.iter().fold(RefPosition::start(), |r, m| r.play(m))
}

/// How to dress a record up.
#[derive(Clone, Debug)]
struct Noise {
    bom: bool,
    crlf: bool,
    final_newline: bool,
    /// Line indexes before which a blank line goes.
    blank_before: Vec<prop::sample::Index>,
    /// Line indexes before which a comment line goes.
    comment_before: Vec<prop::sample::Index>,
    /// Line indexes written with spaces or tabs around the move.
    padded: Vec<prop::sample::Index>,
}

fn noise() -> impl Strategy<Value = Noise> {
    let indexes = || prop::collection::vec(any::<prop::sample::Index>(), 0..3);
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        indexes(),
        indexes(),
        indexes(),
    )
        .prop_map(
            |(bom, crlf, final_newline, blank_before, comment_before, padded)| Noise {
                bom,
                crlf,
                final_newline,
                blank_before,
                comment_before,
                padded,
            },
        )
}

/// The record text of `lines` dressed with `noise`, and how many kinds of
/// format deviation it holds (the checker reports each kind once).
fn write(lines: &[String], noise: &Noise) -> (String, usize) {
    let n = lines.len();
    let pick = |v: &[prop::sample::Index]| -> Vec<usize> {
        if n == 0 {
            Vec::new()
        } else {
            v.iter().map(|i| i.index(n)).collect()
        }
    };
    let (blank, comment, padded) = (
        pick(&noise.blank_before),
        pick(&noise.comment_before),
        pick(&noise.padded),
    );
    let mut out_lines: Vec<String> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if comment.contains(&i) {
            out_lines.push("# a comment".to_string());
        }
        if blank.contains(&i) {
            out_lines.push(String::new());
        }
        out_lines.push(if padded.contains(&i) {
            format!(" \t{line}  ")
        } else {
            line.clone()
        });
    }
    let end = if noise.crlf { "\r\n" } else { "\n" };
    let mut text = out_lines.join(end);
    if noise.final_newline && !out_lines.is_empty() {
        text.push_str(end);
    }
    if noise.bom {
        text.insert(0, '\u{feff}');
    }
    // CRLF is only seen on lines that end with a line break.
    let has_crlf =
        noise.crlf && (out_lines.len() > 1 || (noise.final_newline && !out_lines.is_empty()));
    let kinds = [
        noise.bom,
        has_crlf,
        !blank.is_empty(),
        !comment.is_empty(),
        !padded.is_empty(),
        // A record with no moves is warned about.
        n == 0,
    ]
    .iter()
    .filter(|&&k| k)
    .count();
    (text, kinds)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// A game written as the assignment saves it, plus format noise: valid,
    /// with one warning per kind of noise (errors under `--strict`), and the
    /// same moves, final position and ending as the reference.
    #[test]
    fn written_games_read_back(
        seed in any::<u64>(),
        max_plies in 0..160usize,
        noise in noise(),
    ) {
        let moves = reference_game(seed, max_plies, None);
        let lines: Vec<String> = moves.iter().map(|m| move_notation(m)).collect();
        let (text, kinds) = write(&lines, &noise);
        let end = replay(&moves);
        for strict in [false, true] {
            let checked = check(&text, CheckOptions { strict, ..CheckOptions::default() });
            let severity = if strict { Severity::Error } else { Severity::Warning };
            prop_assert_eq!(checked.problems.len(), kinds, "{:?}\n{:#?}", text, checked.problems);
            for p in &checked.problems {
                prop_assert_eq!(p.severity, severity);
                prop_assert_eq!(p.reason().code(), "syntax");
            }
            prop_assert_eq!(checked.is_valid(), !strict || kinds == 0);
            let played: Vec<String> = checked.game.moves().map(|m| m.to_string()).collect();
            prop_assert_eq!(&played, &lines);
            prop_assert_eq!(checked.game.position().to_string(), end.to_string());
            prop_assert_eq!(
                checked.game.outcome().map(|o| (o.outcome.reason.code(), o.ply)),
                end.outcome().map(|e| (e.code(), moves.len()))
            );
        }
    }

    /// Multi-captures written as their first two points (what a person
    /// types): `capture-incomplete` at the first one, or with `--lenient`
    /// one warning each and the game completed as the rules say.
    #[test]
    fn abbreviated_captures(seed in any::<u64>(), max_plies in 10..200usize, keep in any::<prop::sample::Index>()) {
        let moves = reference_game(seed, max_plies, None);
        let multi: Vec<usize> = (0..moves.len()).filter(|&i| moves[i].len() > 2).collect();
        prop_assume!(!multi.is_empty());
        // Abbreviate every multi-capture from a random one on.
        let first = multi[keep.index(multi.len())];
        let lines: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| if i >= first && m.len() > 2 { move_notation(&m[..2]) } else { move_notation(m) })
            .collect();
        let text = lines.join("\n") + "\n";
        let strict = check(&text, CheckOptions::default());
        let errors: Vec<_> = strict.errors().collect();
        prop_assert_eq!(errors.len(), 1);
        prop_assert_eq!(errors[0].reason().code(), "capture-incomplete");
        prop_assert_eq!((errors[0].line, errors[0].ply), (first + 1, Some(first + 1)));
        prop_assert_eq!(strict.game.plies.len(), first);

        let lenient = check(&text, CheckOptions { lenient: true, ..CheckOptions::default() });
        prop_assert!(lenient.is_valid());
        let abbreviated = multi.iter().filter(|&&i| i >= first).count();
        prop_assert_eq!(lenient.warnings().count(), abbreviated);
        for w in lenient.warnings() {
            prop_assert_eq!(w.reason().code(), "capture-incomplete");
            let ply = w.ply.unwrap();
            prop_assert!(moves[ply - 1].len() > 2 && ply > first);
        }
        let played: Vec<String> = lenient.game.moves().map(|m| m.to_string()).collect();
        let full: Vec<String> = moves.iter().map(|m| move_notation(m)).collect();
        prop_assert_eq!(played, full);
        for (i, ply) in lenient.game.plies.iter().enumerate() {
            prop_assert_eq!(ply.extra.completed, i >= first && moves[i].len() > 2);
        }
    }

    /// `--rebels basic-v1|basic-v2`: a game whose rebels play BASICO with a
    /// score passes under that score; under the other score, or with random
    /// rebels, the first rebel move that is not a best one (by the
    /// reference) is `not-basic`, and nothing before it.
    #[test]
    fn basic_rebels(seed in any::<u64>(), max_plies in 0..120usize, player in 0..3u8) {
        let player = [None, Some(BasicScore::V1), Some(BasicScore::V2)][player as usize];
        let moves = reference_game(seed, max_plies, player);
        let text: String = moves.iter().map(|m| move_notation(m) + "\n").collect();
        for variant in BasicScore::ALL {
            // The first rebel move that is not one of the variant's best.
            let mut r = RefPosition::start();
            let mut first_bad = None;
            for (i, m) in moves.iter().enumerate() {
                if r.turn == Turn::Rebels && !best_basic(&r, variant).contains(m) {
                    first_bad = Some(i);
                    break;
                }
                r = r.play(m);
            }
            if player == Some(variant) {
                prop_assert_eq!(first_bad, None);
            }
            let checked = check(&text, CheckOptions { rebels: Some(variant), ..CheckOptions::default() });
            match first_bad {
                None => prop_assert!(checked.is_valid(), "{:#?}", checked.problems),
                Some(i) => {
                    let errors: Vec<_> = checked.errors().collect();
                    prop_assert_eq!(errors.len(), 1);
                    prop_assert_eq!(errors[0].reason().code(), "not-basic");
                    prop_assert_eq!((errors[0].line, errors[0].ply), (i + 1, Some(i + 1)));
                    prop_assert_eq!(checked.game.plies.len(), i);
                }
            }
        }
    }
}

/// A record checked line by line ([`Replayer::push_line`]) and in blocks
/// of whole lines as `asalto check` reads a file ([`Replayer::push_block`]):
/// the check of both, or where the first line that is not UTF-8 stopped
/// the block reading (its line and byte offset).
fn by_lines_and_blocks(
    bytes: &[u8],
    cuts: &[prop::sample::Index],
    options: CheckOptions,
    keep_plies: bool,
) -> (String, String) {
    let lines: Vec<&[u8]> = bytes.split_inclusive(|&b| b == b'\n').collect();
    let mut by_lines = Replayer::new(options, keep_plies);
    let mut offset = 0;
    let mut bad = None;
    for (i, line) in lines.iter().enumerate() {
        match std::str::from_utf8(line) {
            Ok(text) => by_lines.push_line(text),
            Err(_) => {
                bad = Some(((i + 1, offset), line));
                break;
            }
        }
        offset += line.len();
    }
    let expected = match bad {
        Some((at, line)) => format!("not UTF-8 at {at:?} {line:?}"),
        None => format!("{:?}", by_lines.finish()),
    };
    // Blocks of whole lines, cut at random lines.
    let mut ends: Vec<usize> = cuts.iter().map(|c| c.index(lines.len() + 1)).collect();
    ends.push(lines.len());
    ends.sort();
    ends.dedup();
    let mut by_blocks = Replayer::new(options, keep_plies);
    let mut from = 0;
    let mut got = None;
    for end in ends {
        let block: Vec<u8> = lines[from..end].concat();
        from = end;
        if let Err((line, _)) = by_blocks.push_block(&block) {
            let at = (by_blocks.lines() + 1, by_blocks.bytes_read());
            got = Some(format!("not UTF-8 at {at:?} {line:?}"));
            break;
        }
    }
    let got = got.unwrap_or_else(|| format!("{:?}", by_blocks.finish()));
    (expected, got)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Reading whole lines in blocks (the fast path of legal bare moves)
    /// finds exactly what reading line by line finds: the same problems at
    /// the same places, quoted lines, counts, position and moves, under
    /// every option, in records with format noise, an illegal or garbled
    /// line, or bytes that are not UTF-8.
    #[test]
    fn blocks_read_as_lines(
        seed in any::<u64>(),
        max_plies in 0..120usize,
        noise in noise(),
        spoil in prop::option::of((any::<prop::sample::Index>(), 0..5usize)),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
        option in 0..4usize,
        keep_plies in any::<bool>(),
    ) {
        let rebels = if option == 3 { Some(BasicScore::V1) } else { None };
        let moves = reference_game(seed, max_plies, rebels);
        let mut lines: Vec<String> = moves.iter().map(|m| move_notation(m)).collect();
        if let (Some((at, how)), false) = (spoil, lines.is_empty()) {
            let i = at.index(lines.len());
            lines[i] = match how {
                // An illegal move, a move written twice, a typo, a capture
                // cut short, a stray byte.
                0 => "Aa-Ab".to_string(),
                1 => lines[i.saturating_sub(1)].clone(),
                2 => lines[i].to_lowercase(),
                3 => lines[i].chars().take(5).collect(),
                _ => format!("{}\u{1b}", lines[i]),
            };
        }
        let (text, _) = write(&lines, &noise);
        let mut bytes = text.into_bytes();
        if let Some((at, 4)) = spoil {
            // Not UTF-8 at a random place.
            let i = at.index(bytes.len() + 1);
            bytes.insert(i, 0xff);
        }
        let options = CheckOptions {
            strict: option == 1,
            lenient: option == 2,
            rebels,
        };
        let (expected, got) = by_lines_and_blocks(&bytes, &cuts, options, keep_plies);
        prop_assert_eq!(expected, got);
    }
}
