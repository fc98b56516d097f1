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

/// A finished 9x9 game set up: Black walls off columns a–c, White e–i,
/// column d is dame, and a lone white stone on a4 sits dead in Black's
/// area. Counted by hand under Japanese rules (territory): Black has the
/// 17 empty points of columns a and b, the point under the dead stone
/// and the dead stone as a prisoner, 19; White the 36 empty points of
/// columns f–i; komi 6.5: W+23.5. By area: Black 9 stones and 18 points,
/// 27; White 9 stones and 36 points, 45: W+24.5 (one point apart: White
/// has one stone more on the board).
fn owned(text: String) -> Checked<'static> {
    asalto_go::check_owned(text.into_bytes(), &CheckOptions::default())
}

fn walled(ru: &str, re: &str) -> String {
    let column = |c: char| (b'a'..=b'i').map(move |r| format!("[{c}{}]", r as char));
    let black: String = column('c').collect();
    let white: String = column('e').collect();
    format!("(;GM[1]SZ[9]KM[6.5]RU[{ru}]RE[{re}]AB{black}AW{white}[ad];B[];W[])")
}

#[test]
fn a_territory_count_with_dead_stones_agrees_with_a_hand_count() {
    let c = owned(walled("Japanese", "W+23.5"));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let counted = c.games[0].counted().expect("a counted RE is counted");
    assert_eq!(counted.counting, asalto_go::Counting::Territory);
    assert_eq!((counted.points.black, counted.points.white), (19, 36));
    assert_eq!(
        (counted.dead_stones.black, counted.dead_stones.white),
        (0, 1)
    );
    assert_eq!(counted.to_result(), "W+23.5");
    // The same board under Chinese rules: counted by area.
    let c = owned(walled("Chinese", "W+24.5"));
    assert_eq!(codes(&c), Vec::<&str>::new());
    let counted = c.games[0].counted().unwrap();
    assert_eq!(counted.counting, asalto_go::Counting::Area);
    assert_eq!((counted.points.black, counted.points.white), (27, 45));
}

#[test]
fn a_result_within_a_point_is_clean_and_ten_points_off_warns() {
    let warned = |ru: &str, re: &str| {
        let c = owned(walled(ru, re));
        c.all_problems()
            .filter(|p| p.kind.code() == "result-mismatch")
            .map(|p| p.kind.message())
            .next()
    };
    // Territory gives W+23.5, area W+24.5: either is within a point of
    // the other counting.
    assert_eq!(warned("Japanese", "W+24.5"), None);
    assert_eq!(warned("Chinese", "W+23.5"), None);
    let message = warned("Japanese", "W+13.5").expect("ten points off warns");
    assert!(
        message.contains("territory count of the final position (1 dead stone)"),
        "{message}"
    );
    assert!(message.contains("W+23.5"), "{message}");
    assert!(message.contains("more than 1 point"), "{message}");
    assert!(warned("Chinese", "W+34.5").is_some());
    // Two points off, and another winner at any margin.
    assert!(warned("Japanese", "W+21.5").is_some());
    assert!(warned("Japanese", "B+23.5").is_some());
    // Not a count: nothing to verify, nothing counted.
    let c = owned(walled("Japanese", "B+R"));
    assert_eq!(codes(&c), Vec::<&str>::new());
    assert!(c.games[0].counted().is_none());
}

#[test]
fn a_record_without_rules_is_counted_either_way() {
    // No `RU`: simple-ko counts area (W+24.5), but the record may come
    // from a server that counts territory (W+23.5, or W+22.5 one point
    // off it): each agrees; 10 points off either does not.
    let record = |re: &str| walled("", re).replace("RU[]", "");
    for (re, counting) in [
        ("W+24.5", asalto_go::Counting::Area),
        ("W+22.5", asalto_go::Counting::Territory),
    ] {
        let c = owned(record(re));
        assert_eq!(c.games[0].rules_from, RulesFrom::Default);
        assert_eq!(codes(&c), Vec::<&str>::new(), "{re}");
        assert_eq!(c.games[0].counted().unwrap().counting, counting, "{re}");
    }
    let c = owned(record("W+12.5"));
    assert_eq!(codes(&c), ["result-mismatch"]);
}

#[test]
fn handicap_games_under_chinese_and_aga_rules_give_white_compensation() {
    assert_eq!(Profile::Chinese.handicap_compensation(4), 4);
    assert_eq!(Profile::Aga.handicap_compensation(4), 3);
    assert_eq!(Profile::Chinese.handicap_compensation(1), 0);
    assert_eq!(Profile::Japanese.handicap_compensation(9), 0);
    // The walled board with HA[3] under Chinese rules: White's area
    // margin grows by 3 points.
    let text = walled("Chinese", "W+27.5").replace("KM[6.5]", "KM[6.5]HA[3]");
    let c = owned(text);
    let counted = c.games[0].counted().unwrap();
    assert_eq!(counted.komi, 9.5);
    assert_eq!(counted.to_result(), "W+27.5");
}
