//! `asalto check|show|export` on SGF: decode, parse and replay under every
//! option the first byte picks (profile, strict or lenient, main line or
//! every variation); what `check` accepts is drawn and exported too, and the
//! check that keeps no ply must report what the one keeping every ply does.
#![no_main]

use asalto::diagnostics::{Entry, GameReport};
use asalto_go::replay::{CheckOptions, Tally};
use asalto_go::{Profile, check, check_tally, export, json, render, sgf};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let options = CheckOptions {
        profile: Some(Profile::ALL[usize::from(pick) % Profile::ALL.len()]),
        lenient: pick & 0x10 != 0,
        all_variations: pick & 0x20 != 0,
    };
    let checked = check(bytes, &options);
    let tallied = check_tally(bytes, &options, Tally::default());
    let kept: Vec<_> = checked
        .all_problems()
        .map(|p| (p.kind.code(), p.span))
        .collect();
    let counted: Vec<_> = tallied
        .all_problems()
        .map(|p| (p.kind.code(), p.span))
        .collect();
    assert_eq!(kept, counted, "check and check_tally disagree");
    // `check --details`: every problem quoted from the decoded text.
    let mut report = GameReport::new("fuzz.sgf");
    for p in checked.all_problems() {
        report.add(checked.source.as_ref(), Entry::of(p));
    }
    let _ = report.render(pick & 0x80 != 0);
    if !checked.is_valid() {
        return;
    }
    let (tree, _) = sgf::parse(
        &checked.source,
        sgf::ParseOptions {
            lenient: options.lenient,
        },
    );
    let _ = sgf::write_collection(&tree, &checked.source);
    for game in &checked.games {
        let end = game.position();
        let draw = render::DrawOptions {
            territory: pick & 0x40 != 0,
            mark: None,
        };
        let _ = render::text(&end, draw);
        let _ = render::svg(&end, draw, &["caption".to_string()]);
        let _ = export::gtp_commands(game);
        let _ = export::prolog_moves(game);
        let _ = export::prolog_board(end.board());
        serde_json::to_string(&json::stream(game)).expect("a Go document serializes");
    }
});
