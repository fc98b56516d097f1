//! `asalto show` on a Go record: the position after `--ply` moves of the
//! main line, drawn as text (with `--territory`, who owns each empty
//! point), as SVG, or as one JSON object naming the game and the profile.

use asalto::text::escape_line;
use asalto_go::result::GameResult;
use asalto_go::{BySide, Count, Game, GameInfo, Profile, Side, Tally, render};

use super::super::args::show::ShowFormat;
use super::super::out::{Out, Status, WriteError, error, sorted_json};
use asalto_core::json::{Envelope, Kind};

/// What `show` asks of a Go record.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The profile the record is replayed under.
    pub profile: Option<Profile>,
    /// Skip damage with warnings.
    pub lenient: bool,
    /// The line of the first game tree (`--variation`; 0: the main line).
    pub variation: usize,
    /// Moves played (default: all).
    pub ply: Option<usize>,
    /// Mark the owner of each empty point.
    pub territory: bool,
    /// Text, JSON or SVG.
    pub format: ShowFormat,
    /// Colour the report of an invalid record.
    pub color: bool,
}

/// Run `show` on the Go record at `path`: 1 when the record has an error
/// (reported in full on standard error, as `check` reports it; the
/// position is still shown: moves the rules refuse are played as SGF
/// asks), 2 when it cannot be read, holds no game, or `--ply` is past its
/// end.
pub fn run(path: &str, settings: Settings, out: &mut Out) -> Result<Status, WriteError> {
    // Only the position asked for is kept: the game is replayed once.
    let wanted = settings.ply.unwrap_or(Tally::END);
    let tally = Tally::keeping(&[wanted]);
    let loaded = match super::load::load(
        path,
        settings.profile,
        settings.lenient,
        settings.variation,
        tally,
    ) {
        Ok(loaded) => loaded,
        Err(status) => return Ok(status),
    };
    let (name, checked) = (loaded.name(), &loaded.checked);
    // An error is reported in full first, as `check` reports it.
    let invalid = loaded.report_errors(settings.color);
    let Some(game) = checked.games.first() else {
        error(&format!("{name}: no game to show"));
        return Ok(Status::Failure);
    };
    let total = game.moves();
    let ply = settings.ply.unwrap_or(total);
    if ply > total {
        error(&format!(
            "{name}: --ply {ply} is past the end: the game has {total} move{}",
            if total == 1 { "" } else { "s" }
        ));
        return Ok(Status::Error);
    }
    let status = if invalid {
        Status::Failure
    } else {
        Status::Success
    };
    let Some(pos) = game.plies.position_after(wanted) else {
        // A first game keeps the position asked for, whatever its length.
        error(&format!(
            "{name}: the position after move {ply} was not kept"
        ));
        return Ok(Status::Error);
    };
    let options = render::DrawOptions {
        territory: settings.territory,
        mark: None,
    };
    let profile = super::load::judged(checked, settings.profile);
    // With `--territory`, the position is counted as `check` verifies a
    // counted `RE`: dead stones judged, by the profile's counting.
    let count = settings
        .territory
        .then(|| asalto_go::replay::count_under(game.profile, &game.info, pos));
    match settings.format {
        ShowFormat::Human => {
            out.line(&format!(
                "{name}: after move {ply} of {total} ({})",
                profile.name()
            ))?;
            for line in info_lines(&game.info) {
                out.line(&line)?;
            }
            match &count {
                Some(count) => out.write(&render::text_counted(pos, count))?,
                None => out.write(&render::text(pos, options))?,
            }
        }
        ShowFormat::Svg => {
            let caption = format!("{name}: after move {ply} of {total} ({})", profile.name());
            match &count {
                Some(count) => {
                    let words = format!(
                        "{} count: black {}, white {}, komi {}: {}; dead stones: black {}, white {}",
                        count.counting.name(),
                        count.points.black,
                        count.points.white,
                        count.komi,
                        count.to_result(),
                        count.dead_stones.black,
                        count.dead_stones.white
                    );
                    out.write(&render::svg_counted(pos, count, &[caption, words]))?;
                }
                None => out.write(&render::svg(pos, options, &[caption]))?,
            }
        }
        ShowFormat::Json => {
            let board = pos.board();
            let score = board.area_score();
            let captures = pos.captures();
            let last = pos.last_move().map(|(side, mv)| {
                serde_json::json!({
                    "ply": ply,
                    "side": side.name(),
                    "notation": asalto_go::export::gtp_vertex(mv, game.size),
                })
            });
            // Passes last; none once two passes ended the game.
            let legal: Vec<String> = if pos.is_over() {
                Vec::new()
            } else {
                pos.legal_moves(pos.to_move())
                    .into_iter()
                    .map(|mv| asalto_go::export::gtp_vertex(mv, game.size))
                    .collect()
            };
            let body = serde_json::json!({
                "file": path,
                "legal_moves": legal,
                "stopped": asalto_go::json::stop_json(checked),
                "valid": checked.is_valid(),
                "size": game.size.get(),
                "ply": ply,
                "plies": total,
                "to_move": pos.to_move().name(),
                "last_move": last,
                "captures": {"black": captures.black, "white": captures.white},
                "position": board.grid_string(),
                "score": asalto_go::json::ScoreJson::new(score, game.komi_counted()),
                "note": null,
                "info": info_json(&game.info),
                "rules_from": game.rules_from.name(),
                "territory": count.as_ref().map(|c| territory_json(c, game)),
            });
            let json = Envelope::headed(asalto_go::json::head(profile).kind(Kind::Show), body);
            out.line(&sorted_json(&json))?;
        }
    }
    Ok(status)
}

/// The game information a record's root gives (`PB`, `BR`, `PW`, `WR`,
/// `DT`, `EV`, `RE`, `KM`, `RU`), one line each, for those present:
/// `black: Honinbo Shusaku (4d)`. The result is said as written and in
/// words (`B+R: black won by resignation`).
fn info_lines(info: &GameInfo) -> Vec<String> {
    let mut lines = Vec::new();
    for (word, name, rank) in [
        ("black", &info.players.black, &info.ranks.black),
        ("white", &info.players.white, &info.ranks.white),
    ] {
        match (name, rank) {
            (Some(name), Some(rank)) => lines.push(format!("{word}: {name} ({rank})")),
            (Some(name), None) => lines.push(format!("{word}: {name}")),
            (None, Some(rank)) => lines.push(format!("{word}: ({rank})")),
            (None, None) => {}
        }
    }
    if let Some(date) = &info.date {
        lines.push(format!("date: {date}"));
    }
    if let Some(event) = &info.event {
        lines.push(format!("event: {event}"));
    }
    if let Some(result) = &info.result {
        let words = GameResult::parse(result).describe();
        lines.push(format!("result: {result}: {words}"));
    }
    if info.komi != 0.0 {
        lines.push(format!("komi: {}", info.komi));
    }
    if let Some(rules) = &info.rules {
        lines.push(format!("rules: {rules}"));
    }
    lines
        .into_iter()
        .map(|l| escape_line(&l).into_owned())
        .collect()
}

/// `show --territory`'s JSON `territory`: the count of the position
/// shown, dead stones judged (see docs/go.md).
fn territory_json(count: &Count, game: &Game<Tally>) -> serde_json::Value {
    let size = count.size;
    let dead: Vec<String> = count.dead.iter().map(|p| p.gtp(size)).collect();
    let owners: String = size
        .points()
        .map(|p| match count.owner(p) {
            Some(Side::Black) => 'b',
            Some(Side::White) => 'w',
            None => '.',
        })
        .collect();
    let pair = |v: BySide<u32>| serde_json::json!({"black": v.black, "white": v.white});
    serde_json::json!({
        "rules": game.profile.name(),
        "counting": count.counting.name(),
        "komi": count.komi,
        "prisoners": pair(count.prisoners),
        "dead": dead,
        "dead_stones": pair(count.dead_stones),
        "territory": pair(count.regions),
        "seki_eyes": pair(count.seki_eyes),
        "points": pair(count.points),
        "score": count.to_result(),
        "result": game.info.result,
        "owners": owners,
    })
}

/// `show`'s JSON `info`: the root's game information, each field null
/// when absent (`komi`: the komi read, 0 without `KM`).
fn info_json(info: &GameInfo) -> serde_json::Value {
    serde_json::json!({
        "black": info.players.black,
        "white": info.players.white,
        "black_rank": info.ranks.black,
        "white_rank": info.ranks.white,
        "date": info.date,
        "event": info.event,
        "result": info.result,
        "komi": info.komi,
        "rules": info.rules,
    })
}
