//! `asalto selfplay --game go`: games between two random players that do
//! not fill their own eyes, seeded (game K from the base seed and K, so the
//! games do not depend on the threads), ended by two passes, written as SGF
//! files with a `summary.json`, and counted.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use asalto_core::coverage::{Coverage, Report};
use asalto_core::json::{Head, Kind};
use asalto_go::coverage::{self, Situation};
use asalto_go::json::ScoreJson;
use asalto_go::{Move, Position, Profile, Side, Size, player};
use serde::Serialize;

use super::super::args::common::Format;
use super::super::out::{Out, Status, WriteError};
use super::super::runs::{
    Output, Set, Stop, clock_seed, closing, cover_status, json_line, offer_in_order, play_set,
    summary_head, thread_pool, write_game, write_summary,
};

/// What `selfplay --game go` asks.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The board size.
    pub size: Size,
    /// The profile the players obey (and the records name).
    pub profile: Profile,
    /// Komi written in `KM` and counted where the profile counts it.
    pub komi: f64,
    /// How many games.
    pub games: usize,
    /// The base seed, if given.
    pub seed: Option<u64>,
    /// Stop a game after this many moves (a guard for profiles without a
    /// ko rule, where random play may cycle).
    pub max_moves: usize,
    /// `json`: one line per game on standard output.
    pub format: Format,
    /// Threads.
    pub jobs: Option<usize>,
    /// No summary on standard error.
    pub quiet: bool,
    /// Replace the games of an earlier run.
    pub force: bool,
}

/// The default move limit of a board: three moves per point, far above
/// what random play that ends by two passes needs (about 1.5 per point on
/// 19x19), so only a cycling game meets it.
pub fn default_max_moves(size: Size) -> usize {
    3 * size.area() as usize
}

/// One game played.
struct Played {
    number: usize,
    seed: u64,
    moves: usize,
    passes_ended: bool,
    result: Option<String>,
    margin: f64,
    /// The area score at the end, with the komi counted.
    score: ScoreJson,
    captures: u32,
    sgf: String,
    /// The moves, GTP vertices (dropped with `sgf` once written).
    written: Vec<String>,
}

/// One game in `summary.json` and in the JSON lines (an
/// `asalto-selfplay-game` document: the names every game's lines share,
/// `docs/json.md`).
#[derive(Serialize)]
struct GameLine<'a> {
    /// The head, for a line on its own (not in `summary.json`'s results).
    #[serde(flatten)]
    head: Option<Head>,
    number: usize,
    file: Option<String>,
    seed: u64,
    size: u8,
    /// The komi written in `KM` (`score.komi` is the komi counted).
    komi: f64,
    plies: usize,
    /// Stopped at the move limit before two passes ended it.
    capped: bool,
    max_plies: usize,
    /// The result written in `RE` (`B+3.5`), or null when capped.
    result: Option<Cow<'a, str>>,
    /// The area score at the end, or null when capped.
    score: Option<Cow<'a, ScoreJson>>,
    captures: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sgf: Option<&'a str>,
}

/// The totals of a run.
#[derive(Default, Serialize)]
struct Totals {
    games: usize,
    /// Games won by each side (`black`, `white`) by area score.
    wins: std::collections::BTreeMap<&'static str, usize>,
    draws: usize,
    capped: usize,
    plies: usize,
    min_plies: usize,
    max_plies: usize,
    captures: u64,
}

impl Totals {
    fn add(&mut self, g: &Played) {
        if self.games == 0 {
            self.min_plies = g.moves;
            self.wins = [("black", 0), ("white", 0)].into();
        }
        self.games += 1;
        self.plies += g.moves;
        self.min_plies = self.min_plies.min(g.moves);
        self.max_plies = self.max_plies.max(g.moves);
        self.captures += u64::from(g.captures);
        if !g.passes_ended {
            self.capped += 1;
        } else if g.margin > 0.0 {
            *self.wins.entry("black").or_default() += 1;
        } else if g.margin < 0.0 {
            *self.wins.entry("white").or_default() += 1;
        } else {
            self.draws += 1;
        }
    }

    fn wins(&self, side: &str) -> usize {
        self.wins.get(side).copied().unwrap_or(0)
    }
}

/// `summary.json`.
#[derive(Serialize)]
struct Summary<'a> {
    #[serde(flatten)]
    head: Head,
    size: u8,
    komi: f64,
    seed: u64,
    /// Games played, as every game's summary says.
    games: usize,
    max_plies: usize,
    totals: &'a Totals,
    results: &'a [GameLine<'static>],
}

/// Play game `number` of the set made with `base`.
fn play(s: &Settings, base: u64, number: usize) -> Played {
    play_with_moves(s, base, number).0
}

/// Play game `number` of the set made with `base`: the game, and its
/// moves (Black first).
fn play_with_moves(s: &Settings, base: u64, number: usize) -> (Played, Vec<Move>) {
    let seed = asalto::selfplay::game_seed(base, number);
    let (pos, moves) = player::selfplay(s.size, s.profile, seed, s.max_moves);
    let passes_ended = pos.passes() >= 2;
    let result = passes_ended.then(|| player::result(&pos, s.komi));
    let komi = if s.profile.rules().komi_counts {
        s.komi
    } else {
        0.0
    };
    let captures = pos.captures();
    let written = moves
        .iter()
        .map(|&mv| asalto_go::export::gtp_vertex(mv, s.size))
        .collect();
    let comment = format!(
        "asalto selfplay --game go: random players that do not fill their own eyes; game {number}, seed {seed}"
    );
    let sgf = player::record(
        s.size,
        s.profile,
        s.komi,
        &moves,
        result.as_deref(),
        &comment,
    );
    let played = Played {
        number,
        seed,
        moves: moves.len(),
        passes_ended,
        result,
        margin: pos.board().area_score().margin(komi),
        score: ScoreJson::new(pos.board().area_score(), komi),
        captures: captures.black + captures.white,
        sgf,
        written,
    };
    (played, moves)
}

/// Run `selfplay --game go`.
pub fn run(s: Settings, out_dir: Option<&Path>, out: &mut Out) -> Result<Status, WriteError> {
    let run = Run {
        s: &s,
        seed: s.seed.unwrap_or_else(clock_seed),
    };
    let output = Output {
        dir: out_dir,
        extension: "sgf",
        what: "SGF files",
        format: s.format,
        quiet: s.quiet,
        games: s.games,
    };
    play_set(&run, &output, s.jobs.unwrap_or(0), s.force, out)
}

/// A run of Go games: what is asked, and the base seed.
struct Run<'s> {
    s: &'s Settings,
    seed: u64,
}

impl Set for Run<'_> {
    type Game = Played;
    type Totals = Totals;
    type Result = GameLine<'static>;

    fn play(&self, n: usize) -> Played {
        play(self.s, self.seed, n)
    }

    fn number(game: &Played) -> usize {
        game.number
    }

    fn text<'g>(&self, game: &'g Played) -> Cow<'g, str> {
        Cow::Borrowed(&game.sgf)
    }

    /// The JSON line names the file relative to DIR.
    fn json(
        &self,
        game: &Played,
        file: Option<String>,
        name: &str,
        out: &mut Out,
    ) -> Result<(), Stop> {
        let file = file.map(|_| name.to_string());
        json_line(out, &line_of(self.s, game, file, true))
    }

    fn add(totals: &mut Totals, game: &Played) {
        totals.add(game);
    }

    fn result(&self, game: &Played, file: Option<String>) -> GameLine<'static> {
        let line = line_of(self.s, game, file, false);
        GameLine {
            result: line.result.map(|r| Cow::Owned(r.into_owned())),
            score: line.score.map(|s| Cow::Owned(s.into_owned())),
            moves: None,
            sgf: None,
            ..line
        }
    }

    fn summary<'a>(
        &'a self,
        totals: &'a Totals,
        results: &'a [GameLine<'static>],
    ) -> impl Serialize + 'a {
        Summary {
            head: summary_head(asalto_go::json::GAME, self.s.profile.name()),
            size: self.s.size.get(),
            komi: self.s.komi,
            seed: self.seed,
            games: totals.games,
            max_plies: self.s.max_moves,
            totals,
            results,
        }
    }

    fn people(&self, totals: &Totals) -> String {
        summary_text(self.s, self.seed, totals)
    }

    fn moves(totals: &Totals) -> usize {
        totals.plies
    }
}

/// The JSON of a game: a line on its own (`line`: with its head, its
/// moves and its SGF text), or one of `summary.json`'s results.
fn line_of<'a>(s: &Settings, g: &'a Played, file: Option<String>, line: bool) -> GameLine<'a> {
    GameLine {
        head: line.then(|| Head::of(Kind::SelfplayGame, asalto_go::json::GAME, s.profile.name())),
        number: g.number,
        file,
        seed: g.seed,
        size: s.size.get(),
        komi: s.komi,
        plies: g.moves,
        capped: !g.passes_ended,
        max_plies: s.max_moves,
        result: g.result.as_deref().map(Cow::Borrowed),
        score: g.passes_ended.then_some(Cow::Borrowed(&g.score)),
        captures: g.captures,
        moves: line.then_some(g.written.as_slice()),
        sgf: line.then_some(g.sgf.as_str()),
    }
}

/// The people's summary: wins, draws, capped games, lengths, captures.
fn summary_text(s: &Settings, seed: u64, t: &Totals) -> String {
    let mut text = String::new();
    let n = s.size.get();
    let _ = writeln!(
        text,
        "{}: go {n}x{n}, {}, komi {}, random players (no own-eye filling), seed {seed}, max {}",
        asalto::text::count(t.games, "game"),
        s.profile.name(),
        if s.profile.rules().komi_counts {
            s.komi.to_string()
        } else {
            format!("{} (not counted)", s.komi)
        },
        asalto::text::count(s.max_moves, "move")
    );
    let percent = |k: usize| 100.0 * k as f64 / t.games.max(1) as f64;
    for (label, k, why) in [
        ("black win", t.wins("black"), "area score"),
        ("white win", t.wins("white"), "area score"),
        ("draw", t.draws, "area score"),
        ("capped", t.capped, "stopped at the move limit, no result"),
    ] {
        let _ = writeln!(text, "  {label:<10} {k:>6} {:>5.1}%  ({why})", percent(k));
    }
    let _ = writeln!(
        text,
        "  length: average {:.1} moves, shortest {}, longest {}; captures: average {:.1} stones a game",
        t.plies as f64 / t.games.max(1) as f64,
        t.min_plies,
        t.max_plies,
        t.captures as f64 / t.games.max(1) as f64
    );
    text
}

/// `summary.json` of `selfplay --game go --cover`.
#[derive(Serialize)]
struct CoverSummary<'a> {
    #[serde(flatten)]
    head: Head,
    size: u8,
    komi: f64,
    seed: u64,
    max_plies: usize,
    /// The profile the games are judged under (the grader's).
    judged_under: &'static str,
    /// Games played to choose from (1 to `played`).
    played: usize,
    /// The most that could be played.
    max_games: usize,
    /// Games kept.
    games: usize,
    coverage: &'a Report,
    results: &'a [CoverLine<'a>],
}

/// One game kept, in `summary.json`.
#[derive(Serialize)]
struct CoverLine<'a> {
    #[serde(flatten)]
    line: GameLine<'a>,
    /// Its number among the games played with the run's seed (game K is
    /// played from `game_seed(seed, K)`, its `seed`).
    played_as: usize,
}

/// `selfplay --game go --cover`: play games until those kept reach every
/// situation of the grader's queries under `judge` (those the profile
/// makes impossible aside) or `most` are played; keep each that reaches
/// something new, then leave out those the others make useless; write
/// them as SGF files. Exit 1 when a situation is not reached.
pub fn run_cover(
    s: Settings,
    judge: Profile,
    most: usize,
    out_dir: Option<&Path>,
    out: &mut Out,
) -> Result<Status, WriteError> {
    let seed = s.seed.unwrap_or_else(clock_seed);
    let pool = match thread_pool(s.jobs.unwrap_or(0)) {
        Ok(pool) => pool,
        Err(stop) => return stop.into_result(),
    };
    let started = Instant::now();
    let mut reached = Coverage::new();
    coverage::impossible(judge, &mut reached);
    let mut kept: Vec<(Played, Coverage<Situation>)> = Vec::new();
    let played = offer_in_order(
        &pool,
        most,
        |n| {
            let (game, game_moves) = play_with_moves(&s, seed, n);
            let sided: Vec<(Side, Move)> = game_moves
                .iter()
                .enumerate()
                .map(|(i, &m)| (if i % 2 == 0 { Side::Black } else { Side::White }, m))
                .collect();
            let start = Position::new(s.size, judge);
            let mut own = Coverage::new();
            coverage::of_game(&coverage::scan(&start, &sided, judge), 0, &mut own);
            (game, own)
        },
        |(game, own): (Played, Coverage<Situation>)| {
            if reached.new_in(&own) > 0 {
                reached.merge(&own, kept.len());
                kept.push((game, own));
            }
            reached.is_complete()
        },
    );
    // Leave out each game whose situations the others all reach.
    let mut i = 0;
    while i < kept.len() {
        let useless = kept[i].1.reached_all().all(|(sit, _)| {
            kept.iter()
                .enumerate()
                .any(|(j, (_, c))| j != i && c.reached(sit).is_some())
        });
        if useless {
            kept.remove(i);
        } else {
            i += 1;
        }
    }
    let mut reached = Coverage::new();
    coverage::impossible(judge, &mut reached);
    for (k, (_, c)) in kept.iter().enumerate() {
        reached.merge(c, k);
    }
    let moves = kept.iter().map(|(g, _)| g.moves).sum();
    let output = Output {
        dir: out_dir,
        extension: "sgf",
        what: "SGF files",
        format: s.format,
        quiet: s.quiet,
        games: kept.len(),
    };
    let names: Vec<String> = (1..=kept.len()).map(|k| output.name(k)).collect();
    let report = reached.report(&names);
    let status = output.run(s.force, || {
        let mut text = format!(
            "cover: {} chosen from {played} played (go {n}x{n}, {}, judged under {}, seed {seed}): {}\n",
            asalto::text::count(kept.len(), "game"),
            s.profile.name(),
            judge.name(),
            report.headline(),
            n = s.size.get(),
        );
        let mut lines = Vec::new();
        for (k, (game, _)) in kept.iter().enumerate() {
            let name = &names[k];
            let file = write_game(output.dir, name, || &game.sgf)?.map(|_| name.clone());
            if s.format == Format::Json {
                json_line(out, &line_of(&s, game, file.clone(), true))?;
            }
            let _ = writeln!(
                text,
                "  {name}: game {}, {}, {}",
                game.number,
                asalto::text::count(game.moves, "move"),
                game.result.as_deref().unwrap_or("capped, no result")
            );
            lines.push(CoverLine {
                line: line_of(&s, game, file, false),
                played_as: game.number,
            });
        }
        text.push_str(&closing(&report, played));
        if let Some(dir) = output.dir {
            write_summary(
                dir,
                &CoverSummary {
                    head: summary_head(asalto_go::json::GAME, s.profile.name()),
                    size: s.size.get(),
                    komi: s.komi,
                    seed,
                    max_plies: s.max_moves,
                    judged_under: judge.name(),
                    played,
                    max_games: most,
                    games: lines.len(),
                    coverage: &report,
                    results: &lines,
                },
            )?;
        }
        Ok((text, moves, started.elapsed().as_secs_f64()))
    })?;
    Ok(cover_status(status, &report))
}
