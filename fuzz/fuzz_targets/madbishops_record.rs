//! `asalto check|show|export` on Mad Bishops records: every profile, first
//! side and strictness the first byte picks; `check`'s line-by-line check
//! that keeps no ply agrees with the one keeping every ply, and what it
//! accepts is drawn, exported and written again in each notation.
#![no_main]

use asalto_madbishops::replay::{CheckOptions, Kept, LineCheck, Tally, check};
use asalto_madbishops::{Notation, Profile, Side, json, record, render};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let options = CheckOptions {
        profile: Profile::ALL[usize::from(pick & 1)],
        first: Side::ALL[usize::from(pick >> 1 & 1)],
        strict: pick & 4 != 0,
        ..CheckOptions::default()
    };
    let checked = check(text, &options);
    let mut lines = LineCheck::new(&options, Tally::new(options.start()));
    for line in text.split_inclusive('\n') {
        lines.push_line(line);
    }
    let tallied = lines.finish();
    assert_eq!(checked.error_count(), tallied.error_count(), "errors");
    assert_eq!(checked.stopped_at, tallied.stopped_at, "stopped at");
    assert_eq!(checked.game.plies(), tallied.game.plies(), "plies");
    assert_eq!(checked.game.position(), tallied.game.position(), "position");
    for p in &checked.problems {
        let _ = p.message();
    }
    if !checked.is_valid() {
        return;
    }
    let game = &checked.game;
    let end = game.position();
    let _ = render::report_display(&end);
    let _ = render::svg(end.board(), game.last_move(), &["caption".to_string()]);
    serde_json::to_string(&json::document(game)).expect("a Mad Bishops document serializes");
    let notation =
        [Notation::Algebraic, Notation::RowColumn, Notation::Numbers][usize::from(pick >> 3) % 3];
    let written = record::write_record(game.plies.iter().map(|p| &p.mv), notation);
    let again = check(&written, &options);
    assert!(
        again.is_valid(),
        "the record written again checks:\n{written}"
    );
    assert_eq!(again.game.position(), end);
});
