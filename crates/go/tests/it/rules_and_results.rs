//! The profile a record is judged under (`--rules`, else its `RU`, else
//! the default) and what its `RE` is compared with.

use asalto_go::{CheckOptions, Checked, Profile, RulesFrom, Severity, check, player};

fn codes(c: &Checked) -> Vec<&'static str> {
    c.all_problems().map(|p| p.kind.code()).collect()
}

/// A move that captures two of its own stones: legal only where suicide
/// is.
const SUICIDE: &str = "SZ[3]AB[aa]AW[ca][bb][ab];B[ba]";

#[test]
fn ru_chooses_the_profile_and_the_option_overrides_it() {
    let record = |ru: &str| format!("(;{ru}{SUICIDE})");
    let default = CheckOptions::default();
    for (ru, profile, from, valid) in [
        (
            "RU[Tromp-Taylor]",
            Profile::TrompTaylor,
            RulesFrom::File,
            true,
        ),
        ("RU[NZ]", Profile::NewZealand, RulesFrom::File, true),
        ("RU[Japanese]", Profile::Japanese, RulesFrom::File, false),
        ("RU[AGA]", Profile::Aga, RulesFrom::File, false),
        ("", Profile::SimpleKo, RulesFrom::Default, false),
        ("RU[]", Profile::SimpleKo, RulesFrom::Default, false),
    ] {
        let text = record(ru);
        let c = check(text.as_bytes(), &default);
        let game = &c.games[0];
        assert_eq!((game.profile, game.rules_from), (profile, from), "{ru}");
        assert_eq!(c.is_valid(), valid, "{ru}: {:?}", codes(&c));
    }
    // `--rules` wins over `RU`.
    let asked = CheckOptions {
        profile: Some(Profile::SimpleKo),
        ..default
    };
    let text = record("RU[Tromp-Taylor]");
    let c = check(text.as_bytes(), &asked);
    assert_eq!(
        (c.games[0].profile, c.games[0].rules_from),
        (Profile::SimpleKo, RulesFrom::Option)
    );
    assert_eq!(codes(&c), ["suicide"]);
}

#[test]
fn an_unknown_ru_falls_back_to_the_default_with_a_warning() {
    let c = check(b"(;RU[House rules]SZ[9];B[ee])", &CheckOptions::default());
    let game = &c.games[0];
    assert_eq!(
        (game.profile, game.rules_from),
        (Profile::SGF_DEFAULT, RulesFrom::Default)
    );
    let p = c.all_problems().next().unwrap();
    assert_eq!(
        (p.kind.code(), p.severity),
        ("unknown-rules", Severity::Warning)
    );
    assert_eq!(
        p.kind.message(),
        "RU[House rules] names no rule set known here: judged under simple-ko"
    );
    assert_eq!(c.line_col(p.span), (1, 3));
    assert!(c.is_valid());
}

/// The toolkit's own selfplay records name their profile in `RU`, so a
/// plain check judges them under the rules they were played by: games of
/// Tromp-Taylor (suicides) and of the 2019 assignment (ko recaptures)
/// are valid with no `--rules`.
#[test]
fn selfplay_records_are_valid_under_the_profile_they_name() {
    let size = asalto_go::Size::new(5).unwrap();
    let mut seen = 0;
    for profile in [Profile::TrompTaylor, Profile::Seed2019, Profile::NewZealand] {
        for seed in 0..40 {
            let (pos, moves) = player::selfplay(size, profile, seed, 400);
            let result = player::result(&pos, 7.5);
            let sgf = player::record(size, profile, 7.5, &moves, Some(&result), "");
            let c = check(sgf.as_bytes(), &CheckOptions::default());
            assert_eq!(c.games[0].profile, profile);
            assert!(c.is_valid(), "{profile} seed {seed}: {:?}", codes(&c));
            seen += 1;
        }
    }
    assert_eq!(seen, 120);
}

#[test]
fn only_a_count_is_compared_with_the_board() {
    // The area count of this board: black 9, white 0 (komi 0.5: B+8.5).
    let with = |re: &str, km: &str| {
        let text = format!("(;SZ[3]KM[{km}]RE[{re}];B[bb])");
        codes(&check(text.as_bytes(), &CheckOptions::default()))
    };
    assert_eq!(with("B+8.5", "0.5"), Vec::<&str>::new());
    assert_eq!(with("W+2.5", "0.5"), ["result-mismatch"]);
    // Not counts: never a mismatch.
    for re in [
        "W+R", "W+Resign", "W+T", "W+Time", "W+F", "0", "Draw", "?", "Void", "W+0", "W+0.0", "W+",
    ] {
        assert_eq!(with(re, "0.5"), Vec::<&str>::new(), "{re}");
    }
    // A margin no count under this komi gives: not compared.
    assert_eq!(with("W+3", "0.5"), Vec::<&str>::new());
    assert_eq!(with("W+3.5", "0"), Vec::<&str>::new());
    assert_eq!(with("W+3", "0"), ["result-mismatch"]);
}

#[test]
fn game_information_is_read() {
    let c = check(
        b"(;PB[Honinbo Shusaku]BR[4d]PW[Gennan Inseki]WR[8d]DT[1846-09-11]EV[Castle game]RU[Japanese]KM[0];B[qd])",
        &CheckOptions::default(),
    );
    let info = &c.games[0].info;
    assert_eq!(info.players.black.as_deref(), Some("Honinbo Shusaku"));
    assert_eq!(info.ranks.black.as_deref(), Some("4d"));
    assert_eq!(info.ranks.white.as_deref(), Some("8d"));
    assert_eq!(info.date.as_deref(), Some("1846-09-11"));
    assert_eq!(info.event.as_deref(), Some("Castle game"));
    assert_eq!(info.rules.as_deref(), Some("Japanese"));
}
