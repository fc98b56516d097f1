//! `asalto check` on Go records: each SGF file is decoded, parsed and
//! replayed under one rule profile; files are checked on every core and
//! reported in the order given, with the same exit codes as Asalto's.

use asalto::diagnostics::{Entry, GameReport, one_line};
use asalto::text::escape_line;
use asalto_go::json::CheckJson;
use asalto_go::replay::{CheckOptions, Checked, Game, Moves, Tally};

use asalto_go::result::GameResult;
use asalto_go::{Counted, Problem, Profile, RulesFrom, Severity, render};

use asalto_core::json::Head;

use super::super::checking::{FileCheck, Unjudged};
use super::super::input::{MAX_FILE, Opened, display_name};

/// How the Go files are checked: the profile and the reading options.
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// The profile `--rules` names for every file; `None`: each file's
    /// `RU`, else the SGF default.
    pub profile: Option<Profile>,
    /// Skip damage with warnings.
    pub lenient: bool,
    /// Check every line of the variation tree.
    pub all_variations: bool,
    /// The line of the first game tree to check instead of its main line
    /// (`--variation`; 0: the main line).
    pub variation: usize,
}

impl Check {
    /// The options of the library's check.
    fn options(&self) -> CheckOptions {
        CheckOptions {
            profile: self.profile,
            lenient: self.lenient,
            all_variations: self.all_variations,
            variation: self.variation,
        }
    }
}

impl FileCheck for Check {
    type Work = ();
    type Checked<'b> = Checked<'b, Tally>;

    /// Check one file, read whole. No ply is kept: the report needs the
    /// counts, the problems, the score and the board before the first
    /// illegal move, which [`Tally`] keeps (a test holds its report to the
    /// one made from every ply).
    fn check<'b>(
        &self,
        _work: &mut (),
        path: &str,
        opened: Opened<'b>,
        _quoting: bool,
    ) -> Result<Checked<'b, Tally>, Unjudged> {
        let bytes = opened.into_whole(path, MAX_FILE)?;
        Ok(asalto_go::check_tally(
            bytes,
            &self.options(),
            Tally::default(),
        ))
    }

    fn valid(&self, checked: &Checked<'_, Tally>) -> bool {
        checked.is_valid()
    }

    fn json(&self, path: &str, checked: &Checked<'_, Tally>) -> String {
        json_line(path, checked)
    }

    fn human(&self, path: &str, checked: &Checked<'_, Tally>, full: bool, color: bool) -> String {
        human(path, checked, full, color)
    }

    fn head(&self) -> Head {
        asalto_go::json::head(self.profile.unwrap_or(Profile::SGF_DEFAULT))
    }
}

/// The report for people of a checked file: one line, or with `full`
/// every problem and the board.
fn human<P: Moves>(path: &str, checked: &Checked<P>, full: bool, color: bool) -> String {
    if full {
        report(&display_name(path), checked, color)
    } else {
        summary(&display_name(path), checked) + "\n"
    }
}

/// The JSON report of a file: the library's check document (`game: "go"`,
/// `rules`, `rules_from`, `ru`), with the file's name.
fn json_line<P: Moves>(path: &str, checked: &Checked<P>) -> String {
    let mut value = serde_json::to_value(CheckJson::from(checked)).unwrap_or_default();
    if let Some(object) = value.as_object_mut() {
        object.insert("file".into(), path.into());
    }
    value.to_string() + "\n"
}

/// `japanese, from RU[Japanese]`, `tromp-taylor, from --rules`,
/// `simple-ko, default`: the profile of a report and where it came from
/// (the first root's when no line was replayed, [`Checked::rules`]).
fn rules_words<P>(checked: &Checked<P>) -> String {
    let rules = &checked.rules;
    let name = rules.profile.name();
    match rules.from {
        RulesFrom::Option => format!("{name}, from --rules"),
        RulesFrom::Default => format!("{name}, default"),
        RulesFrom::File => format!(
            "{name}, from RU[{}]",
            escape_line(rules.ru.as_deref().unwrap_or_default())
        ),
    }
}

/// What a report says of a game's end: when `RE` claims a count, the
/// count it was verified against (dead stones judged); the area score of
/// the final board when `RE` is absent; for a resignation, time,
/// forfeit, draw or unknown result, the result as written and the same
/// count (its counting, komi, dead stones judged) named an estimate.
fn result_words<P>(game: &Game<P>) -> String {
    let score = game.score();
    let komi = game.komi_counted();
    let counted = format!(
        "black {}, white {}, komi {komi}: {}",
        score.black,
        score.white,
        asalto_go::problem::margin_text(score.margin(komi))
    );
    let Some(written) = game.info.result.as_deref() else {
        return format!("; area score {counted}");
    };
    let result = GameResult::parse(written);
    let written = escape_line(written);
    if result.counted_margin().is_none() {
        let estimate = match game.estimated() {
            // The count a counted `RE` would be verified against, dead
            // stones judged: nobody counted this board.
            Some(c) => {
                let (count, dead, result) = count_words(&c);
                format!("estimate: {count}, {dead}: {result}")
            }
            None => format!("area estimate {counted}"),
        };
        return format!("; RE[{written}]: {} ({estimate})", result.describe());
    }
    if !result.exact_with(komi) {
        return format!(
            "; area score {counted} (RE[{written}] not compared: no count with komi {komi} gives it)"
        );
    }
    match game.counted() {
        // The count `RE` was verified against, dead stones judged.
        Some(c) => {
            let (count, dead, result) = count_words(&c);
            format!("; {count} ({dead}): {result}")
        }
        None => format!("; area score {counted}"),
    }
}

/// A count in words, for the verified count and the estimate alike:
/// `territory count black 101, white 76, komi 6.5`, `3 dead stones`,
/// `B+18.5`.
fn count_words(c: &Counted) -> (String, String, String) {
    let dead = c.dead_stones.black + c.dead_stones.white;
    (
        format!(
            "{} count black {}, white {}, komi {}",
            c.counting.name(),
            c.points.black,
            c.points.white,
            c.komi
        ),
        format!("{dead} dead stone{}", if dead == 1 { "" } else { "s" }),
        c.to_result(),
    )
}

/// `move 12 (black)`, or nothing for a problem of the file.
fn at_move(p: &Problem) -> String {
    let Some(ply) = p.ply else {
        return String::new();
    };
    // The problem's own move: a ply looked up by its number would be
    // another once a move that cannot be read (not a ply) came before.
    let side = p
        .kind
        .mover()
        .map(|side| format!(" ({})", side.name()))
        .unwrap_or_default();
    format!(", move {ply}{side}")
}

/// One line about a file: its verdict, the profile, the result or the first
/// error.
fn summary<P: Moves>(name: &str, checked: &Checked<P>) -> String {
    let name = escape_line(name);
    let moves: usize = checked.games.iter().map(Game::moves).sum();
    let warnings = checked.count(Severity::Warning);
    let errors = checked.count(Severity::Error);
    let listed = checked.listed();
    let first_error = listed.shown.iter().find(|p| p.severity == Severity::Error);
    let rules = rules_words(checked);
    if errors > 0 && first_error.is_none() {
        // Every error is past the problems listed (a file of many
        // warnings first): counted only.
        return format!(
            "{name}: invalid ({rules}): {} past the first {} problems; {} replayed",
            asalto::text::count(errors, "error"),
            asalto_core::capped::PROBLEMS_KEPT,
            asalto::text::count(moves, "move"),
        );
    }
    if let Some(e) = first_error {
        let (line, column) = checked.line_col(e.span);
        let more = match errors {
            1 => String::new(),
            n => format!(" (+{} more)", n - 1),
        };
        return format!(
            "{name}: invalid ({rules}): line {line}:{column}{}: {} [{}]{more}; {} replayed",
            at_move(e),
            one_line(&e.message()),
            e.code(),
            asalto::text::count(moves, "move"),
        );
    }
    let warned = match warnings {
        0 => String::new(),
        n => format!(" ({})", asalto::text::count(n, "warning")),
    };
    let result = match checked.games.as_slice() {
        [game] => result_words(game),
        _ => String::new(),
    };
    format!(
        "{name}: valid ({rules}){warned}, {}, {}{result}",
        asalto::text::count(checked.games.len(), "game"),
        asalto::text::count(moves, "move"),
    )
}

/// The report of a record, as `check` prints it for one file: the
/// summary line, then every problem (the line quoted, the label, the code,
/// help) and the board before the first illegal move. `show`, `export` and
/// `diff` print it too, on standard error, for a record with an error.
pub fn report<P: Moves>(name: &str, checked: &Checked<P>, color: bool) -> String {
    let mut text = summary(name, checked);
    text.push('\n');
    text.push_str(&details(name, checked, color));
    text
}

/// Every problem as every game's are shown (the file's line quoted at the
/// problem's line:column, the label under the text, `asalto::<code>`,
/// help), then the board before the first illegal move.
fn details<P: Moves>(name: &str, checked: &Checked<P>, color: bool) -> String {
    let mut report = GameReport::new(name);
    let listed = checked.listed();
    for p in &listed.shown {
        report.add(checked.source.as_ref(), Entry::of(*p));
    }
    // The problems past those kept, counted with the ones of their code
    // not shown (a file with a problem on every move makes a report of
    // bounded size).
    for o in listed.omitted.omitted() {
        report.count_hidden(o.severity, o.code, o.count);
    }
    let mut text = if report.is_empty() {
        String::new()
    } else {
        report.render(color)
    };
    let illegal = checked
        .games
        .iter()
        .find_map(|g| g.first_illegal().map(|(ply, before)| (g, ply, before)));
    if let Some((game, ply, before)) = illegal {
        text.push_str(&format!(
            "\nThe board before move {} ({} {}, {}):\n",
            ply.number,
            ply.side.name(),
            asalto_go::export::gtp_vertex(ply.mv, game.size),
            ply.illegal.map_or("", |k| k.code()),
        ));
        text.push_str(&render::text(&before, render::DrawOptions::default()));
    }
    text
}

#[cfg(test)]
mod tests {
    //! `check` keeps no ply ([`Tally`]); `show`, `export` and `diff` print
    //! its report from every ply ([`asalto_go::Plies`]). The two must not
    //! drift: every record of the tests and many random games give the
    //! same bytes both ways, in every format and under every profile.

    use std::path::{Path, PathBuf};

    use super::super::super::args::common::Format;
    use super::*;

    /// Every file under `dir`, sorted.
    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| Some(e.ok()?.path())).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                files(&path, out);
            } else {
                out.push(path);
            }
        }
    }

    /// The report of a checked file in `format` (with `details`, in full).
    fn words<P: Moves>(name: &str, checked: &Checked<P>, format: Format, details: bool) -> String {
        match format {
            Format::Json => json_line(name, checked),
            Format::Human => human(name, checked, details, false),
        }
    }

    /// Checks `bytes` both ways under every setting; panics on the first
    /// difference.
    fn same_both_ways(name: &str, bytes: &[u8]) {
        for profile in [
            None,
            Some(Profile::SGF_DEFAULT),
            Some(Profile::Seed2019),
            Some(Profile::PositionalSuperko),
            Some(Profile::TrompTaylor),
            Some(Profile::Japanese),
        ] {
            // Every way of reading under the file's own rules and under
            // territory counting; the other profiles (which change what
            // is legal, not how a record is read) leniently, every line:
            // each check of a record with a counted `RE` counts it.
            let readings: &[(bool, bool)] = match profile {
                None | Some(Profile::Japanese) => &[(false, false), (true, false), (true, true)],
                _ => &[(true, true)],
            };
            for &(lenient, all_variations) in readings {
                let check = Check {
                    profile,
                    lenient,
                    all_variations,
                    variation: 0,
                };
                // Checked once each way, and said in every format.
                let full = asalto_go::check(bytes, &check.options());
                let tallied = asalto_go::check_tally(bytes, &check.options(), Tally::default());
                assert_eq!(
                    tallied.is_valid(),
                    full.is_valid(),
                    "{name} under {check:?}"
                );
                for (format, details) in [
                    (Format::Human, true),
                    (Format::Human, false),
                    (Format::Json, false),
                ] {
                    assert_eq!(
                        words(name, &tallied, format, details),
                        words(name, &full, format, details),
                        "{name} under {check:?}, {format:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn check_without_plies_reports_as_with_every_ply_on_the_test_records() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut paths = Vec::new();
        files(&root.join("crates/go/tests/data"), &mut paths);
        files(&root.join("tests/data"), &mut paths);
        assert!(paths.len() > 500, "{} files", paths.len());
        let mut invalid = 0;
        for path in &paths {
            let bytes = std::fs::read(path).unwrap();
            let name = path.strip_prefix(root).unwrap().to_str().unwrap();
            same_both_ways(name, &bytes);
            // Under simple-ko (not each record's `RU`), many are not.
            let simple_ko = CheckOptions {
                profile: Some(Profile::SimpleKo),
                ..CheckOptions::default()
            };
            invalid += usize::from(!asalto_go::check(&bytes, &simple_ko).is_valid());
        }
        // Both kinds are compared.
        assert!(invalid > 10 && invalid < paths.len() - 10, "{invalid}");
    }

    /// A random record on a small board that breaks every rule now and
    /// then: moves off the board, on stones, out of turn, unreadable,
    /// passes, setup and `PL` between moves, two moves in a node, a
    /// second game, variations.
    fn random_record(seed: u64) -> String {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let letter = |k: u64| char::from(b'a' + k as u8);
        let mut text = String::new();
        for _ in 0..1 + next(2) {
            text.push_str("(;GM[1]SZ[5]");
            if next(3) == 0 {
                text.push_str("HA[2]");
            }
            if next(3) == 0 {
                text.push_str("AB[aa][cc]AW[bb]");
            }
            match next(8) {
                0 | 1 => text.push_str("RE[B+3]KM[0.5]"),
                2 => text.push_str("RE[W+R]"),
                3 => text.push_str("RU[Tromp-Taylor]"),
                4 => text.push_str("RU[Japanese]RE[B+2.5]KM[6]"),
                5 => text.push_str("RU[house]"),
                _ => {}
            }
            let mut side = 0;
            for _ in 0..next(60) {
                text.push(';');
                match next(40) {
                    0 => text.push_str("AB[dd]AE[aa]"),
                    1 => text.push_str("PL[W]"),
                    2 => text.push_str("B[zz]"),
                    3 => text.push_str("W[1]"),
                    4 => text.push_str("B[ab]W[ba]"),
                    5 => side = 1 - side,
                    _ => {}
                }
                let colour = if side == 0 { 'B' } else { 'W' };
                match next(8) {
                    0 => text.push_str(&format!("{colour}[]")),
                    _ => {
                        text.push_str(&format!("{colour}[{}{}]", letter(next(6)), letter(next(5))))
                    }
                }
                side = 1 - side;
            }
            if next(3) == 0 {
                text.push_str("(;B[ee];W[dd])(;W[aa])");
            }
            text.push_str(")\n");
        }
        text
    }

    #[test]
    fn check_without_plies_reports_as_with_every_ply_on_random_games() {
        let mut illegal = 0;
        for seed in 0..300 {
            let text = random_record(seed);
            same_both_ways(&format!("random-{seed}.sgf"), text.as_bytes());
            let checked = asalto_go::check(text.as_bytes(), &CheckOptions::default());
            illegal += usize::from(checked.games.iter().any(|g| g.first_illegal().is_some()));
        }
        assert!(illegal > 100, "{illegal}");
    }
}
