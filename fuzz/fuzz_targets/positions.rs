//! `asalto show --position` and the position strings of every game: the
//! first byte picks the game; a string that reads writes back the same
//! position, and every move generated from it plays.
#![no_main]

use asalto_madbishops::Profile;
use asalto_solitaire::Solver;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    match pick % 3 {
        0 => asalto_position(text),
        1 => madbishops_position(text, Profile::ALL[usize::from(pick >> 2 & 1)]),
        _ => solitaire_board(
            text,
            asalto_solitaire::Profile::ALL[usize::from(pick >> 2 & 1)],
        ),
    }
});

fn asalto_position(text: &str) {
    let Ok(pos) = text.parse::<asalto::Position>() else {
        return;
    };
    let written = pos.to_string();
    assert_eq!(
        written.parse::<asalto::Position>().ok(),
        Some(pos),
        "{written}"
    );
    let _ = pos.outcome();
    for mv in pos.legal_moves().iter() {
        pos.play(mv).expect("a generated move plays");
    }
    for variant in asalto::basic_score::BasicScore::ALL {
        let _ = asalto::basic_score::best_moves(&pos, variant);
    }
    let _ = asalto::render::ascii(pos.board());
    let _ = asalto::render::svg(pos.board(), None, &[]);
}

fn madbishops_position(text: &str, profile: Profile) {
    let Ok(pos) = asalto_madbishops::Position::from_position_string(text.trim(), profile) else {
        return;
    };
    let written = pos.position_string();
    let back = asalto_madbishops::Position::from_position_string(&written, profile);
    assert_eq!(back.ok(), Some(pos), "{written}");
    let _ = pos.outcome();
    for mv in pos.legal_moves() {
        pos.play(mv).expect("a generated move plays");
    }
    let _ = asalto_madbishops::render::report_display(&pos);
    let _ = asalto_madbishops::render::svg(pos.board(), None, &[]);
}

fn solitaire_board(text: &str, profile: asalto_solitaire::Profile) {
    let Ok(pos) = asalto_solitaire::format::parse_board(text) else {
        return;
    };
    let _ = asalto_solitaire::render::ascii(&pos, None);
    let mut solver = Solver::new(profile).with_node_limit(Some(1_000_000));
    if let Ok(Some(solution)) = solver.try_solve(&pos) {
        let checked = asalto_solitaire::check::check_captures(&pos, &solution, &mut solver);
        assert!(checked.is_correct(), "the solver's solution checks");
    }
}
