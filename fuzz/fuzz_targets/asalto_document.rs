//! `asalto check|show|export` on an Asalto JSON game document: the
//! streaming reader and the whole-document one give the same answer.
#![no_main]

use asalto::export::{GameDocument, read_document};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut plies = 0;
    let streamed = read_document(data, &mut |_| plies += 1);
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let whole = GameDocument::from_json(text).and_then(|d| d.to_game().map(|g| (d, g)));
    match (&streamed, &whole) {
        (Ok(summary), Ok((_, game))) => {
            assert_eq!(summary.plies, game.plies.len());
            assert_eq!(summary.end, game.position());
        }
        (Err(_), Err(_)) => {}
        _ => panic!(
            "streamed {:?} but whole {:?}",
            streamed.is_ok(),
            whole.is_ok()
        ),
    }
});
