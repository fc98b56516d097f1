//! `asalto check|show|export` on Asalto records: every option the first
//! byte picks (strict, lenient, BASICO's rule for the rebels); the
//! streaming replay `check` runs on files must agree with the whole-text
//! one, and what `check` accepts is drawn, exported as a game document
//! that reads back to the same game, and written again as a record that
//! checks to the same position.
#![no_main]

use asalto::basic_score::BasicScore;
use asalto::export::{read_document, write_json};
use asalto::replay::{CheckOptions, Replayer, check};
use asalto::{render, transcript};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let options = CheckOptions {
        strict: pick & 1 != 0,
        lenient: pick & 2 != 0,
        rebels: match pick >> 2 & 3 {
            1 => Some(BasicScore::V1),
            2 => Some(BasicScore::V2),
            _ => None,
        },
    };
    let mut streamed = Replayer::new(options, false);
    let read = streamed.push_block(bytes);
    let streamed = streamed.finish();
    let Ok(text) = std::str::from_utf8(bytes) else {
        assert!(read.is_err(), "a block that is not UTF-8 was read whole");
        return;
    };
    let checked = check(text, options);
    assert_eq!(checked.error_count(), streamed.error_count(), "errors");
    assert_eq!(
        checked.warning_count(),
        streamed.warning_count(),
        "warnings"
    );
    assert_eq!(checked.plies(), streamed.plies(), "plies");
    assert_eq!(checked.position(), streamed.position(), "position");
    for p in &checked.problems {
        let _ = (p.message(), p.bare_message(), p.label(), p.help());
    }
    if !checked.is_valid() {
        return;
    }
    let game = &checked.game;
    let end = checked.position();
    let _ = render::ascii(end.board());
    let last = game.plies.last().map(|p| &p.mv);
    let _ = render::svg(end.board(), last, &["caption".to_string()]);
    let _ = transcript::transcript(game, pick & 0x10 != 0);
    let mut document = Vec::new();
    write_json(
        game,
        Some("fuzz.txt"),
        None,
        pick & 0x20 != 0,
        &mut document,
    )
    .expect("a game document is written");
    let mut plies = 0;
    let summary = read_document(document.as_slice(), &mut |_| plies += 1)
        .expect("the game document `export` writes reads back");
    assert_eq!(
        (summary.end, summary.plies, plies),
        (end, checked.plies(), checked.plies())
    );
    let record = asalto::record::write_record(game.plies.iter().map(|p| &p.mv));
    let again = check(&record, CheckOptions::default());
    assert!(again.is_valid(), "the record written again checks");
    assert_eq!(again.position(), end);
});
