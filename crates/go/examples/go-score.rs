//! Counts the final position of SGF games, dead stones judged:
//! `cargo run --release -p asalto-go --example go-score -- FILE...`
//! (`--seed N`, `--playouts N`, `--counting area|territory` to override
//! the rules of the files, `--show` to draw each board: `X`/`O` living
//! stones, `x`/`o` dead ones, `+`/`-` Black's and White's points, `.`
//! nobody's).
//!
//! Prints one tab-separated line per file (the main line of its first
//! game): file, `RE` as written, `RE` as a margin in points (`-` when it
//! is no count), our result, the milliseconds the count took (replay
//! apart), the counting used, the komi counted, and the dead stones.
//!
//! - Counting: territory when `RU` names Japanese or Korean rules or is
//!   absent (NNGS records write none, and its results are
//!   territory counts), else area (a plain substring test).
//! - Komi: `KM` as the replay reads it (Fox's `KM[650]` is 6.5, its
//!   Chinese `KM[375]` 7.5 points); a komi still above 150 from another
//!   server is taken as hundredths and divided by 100. Under area
//!   counting, handicap games add White's compensation of the rules:
//!   one point per handicap stone under Chinese rules, one per stone
//!   after the first under AGA rules.
//! - Fox writes a Chinese result in stones (`W+2.25` is 4.5 points):
//!   the RE margin column is converted to points.

use std::time::Instant;

use asalto_go::{CheckOptions, Counting, check, count_with_playouts};

fn main() {
    let mut seed = 1u64;
    let mut playouts = asalto_go::PLAYOUTS;
    let mut forced = None;
    let mut show = false;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seed" => seed = args.next().and_then(|v| v.parse().ok()).expect("--seed N"),
            "--playouts" => {
                playouts = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--playouts N");
            }
            "--counting" => {
                forced = match args.next().as_deref() {
                    Some("area") => Some(Counting::Area),
                    Some("territory") => Some(Counting::Territory),
                    _ => panic!("--counting area|territory"),
                };
            }
            "--show" => show = true,
            _ => files.push(a),
        }
    }
    let options = CheckOptions {
        lenient: true,
        ..CheckOptions::default()
    };
    for f in &files {
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{f}: {e}");
                continue;
            }
        };
        let checked = check(&bytes, &options);
        let Some(game) = checked.games.first() else {
            eprintln!("{f}: no game");
            continue;
        };
        let rules = game
            .info
            .rules
            .as_deref()
            .unwrap_or("")
            .to_ascii_lowercase();
        let counting = if let Some(c) = forced {
            c
        } else if rules.is_empty() || rules.contains("japan") || rules.contains("korea") {
            Counting::Territory
        } else {
            Counting::Area
        };
        let mut komi = game.info.komi;
        if komi.abs() > 150.0 {
            komi /= 100.0;
        }
        let handicap = f64::from(game.info.handicap);
        if counting == Counting::Area && handicap > 1.0 {
            if rules.contains("chinese") {
                komi += handicap;
            } else if rules.contains("aga") {
                komi += handicap - 1.0;
            }
        }
        let written = game.info.result.clone().unwrap_or_default();
        // Fox's Chinese results are in stones: a fractional quarter says so.
        let fox_stones = rules.contains("chinese") && bytes.windows(5).any(|w| w == b"foxwq");
        let re_points = claimed(&written).map(|m| if fox_stones { 2.0 * m } else { m });
        let pos = game.position();
        let start = Instant::now();
        let c = count_with_playouts(pos.board(), pos.captures(), komi, counting, seed, playouts);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        if show {
            draw(&c, pos.board());
        }
        let counting = match counting {
            Counting::Area => "area",
            Counting::Territory => "territory",
        };
        println!(
            "{f}\t{written}\t{}\t{}\t{ms:.2}\t{counting}\t{komi}\t{}",
            re_points.map_or("-".into(), |m| m.to_string()),
            c.to_result(),
            c.dead.len()
        );
    }
}

/// The margin a result claims (`B+3.5` is 3.5, `W+2` is −2, `0` and
/// `Draw` are 0), or `None` when it is no count (resignation, time,
/// forfeit, unknown).
fn claimed(re: &str) -> Option<f64> {
    let re = re.trim();
    if re == "0" || re.eq_ignore_ascii_case("draw") || re.eq_ignore_ascii_case("jigo") {
        return Some(0.0);
    }
    let (sign, rest) = match re.as_bytes().first()? {
        b'B' | b'b' => (1.0, re.get(1..)?),
        b'W' | b'w' => (-1.0, re.get(1..)?),
        _ => return None,
    };
    let margin: f64 = rest.strip_prefix('+')?.trim().parse().ok()?;
    margin.is_finite().then_some(sign * margin)
}

/// The board with the count's judgement (see `--show`).
fn draw(c: &asalto_go::Count, board: &asalto_go::Board) {
    use asalto_go::{Point, Side};
    let n = c.size.get();
    for row in 0..n {
        let line: String = (0..n)
            .map(|col| {
                let p = Point::new(col, row);
                match (board.get(p), c.is_dead(p), c.owner(p)) {
                    (Some(Side::Black), false, _) => 'X',
                    (Some(Side::White), false, _) => 'O',
                    (Some(Side::Black), true, _) => 'x',
                    (Some(Side::White), true, _) => 'o',
                    (None, _, Some(Side::Black)) => '+',
                    (None, _, Some(Side::White)) => '-',
                    (None, _, None) => '.',
                }
            })
            .collect();
        println!("{line}");
    }
}
