//! Reference games between computer players, for both profiles: seeded and
//! reproducible, and their records replay valid to the same end.

use asalto_madbishops::player::Player;
use asalto_madbishops::record::write_record;
use asalto_madbishops::replay::{CheckOptions, check};
use asalto_madbishops::selfplay::{Match, Totals};
use asalto_madbishops::{Notation, Position, Profile, Side};

#[test]
fn reference_games_replay_valid_for_both_profiles() {
    let players = [
        (Player::Random, Player::Random),
        (Player::Greedy, Player::Random),
        (Player::Random, Player::Search { depth: 1 }),
        (Player::Greedy, Player::Search { depth: 2 }),
    ];
    for profile in Profile::ALL {
        let mut totals = Totals::default();
        for (i, (red, blue)) in players.into_iter().enumerate() {
            let first = if i % 2 == 0 { Side::Red } else { Side::Blue };
            let m = Match {
                red,
                blue,
                start: Position::start(profile, first),
                max_plies: Some(1500),
            };
            for number in 1..=4 {
                let game = m.play(2019, number);
                assert_eq!(game, m.play(2019, number), "reproducible");
                totals.add(&game);
                let notation =
                    [Notation::Algebraic, Notation::RowColumn, Notation::Numbers][number % 3];
                let options = CheckOptions {
                    profile,
                    first,
                    ..CheckOptions::default()
                };
                let checked = check(&write_record(&game.moves, notation), &options);
                assert!(checked.is_valid(), "{profile} {red} {blue} #{number}");
                assert_eq!(checked.game.outcome(), game.outcome);
                assert_eq!(checked.game.position(), game.position);
            }
        }
        // A game ends by capturing the last bishop (none can end with no
        // legal move) or at the cap. Under steere every move is a capture
        // or makes contact, and every game ends; under the report's rules
        // two cautious players (greedy against search-2) keep out of reach
        // after the first exchanges, and only the cap stops them.
        assert_eq!(totals.games, 16);
        let ended = totals.reasons.get("all-captured").copied().unwrap_or(0);
        assert_eq!(ended + totals.capped, 16, "{profile}: {totals:?}");
        assert_eq!(totals.reasons.get("no-legal-move"), None);
        let expected_capped = match profile {
            Profile::Steere => 0,
            Profile::Report => 4,
        };
        assert_eq!(totals.capped, expected_capped, "{profile}: {totals:?}");
    }
}

#[test]
fn the_cap_stops_a_game() {
    let m = Match {
        red: Player::Random,
        blue: Player::Random,
        start: Position::start(Profile::Report, Side::Red),
        max_plies: Some(3),
    };
    let game = m.play(1, 1);
    assert_eq!(game.moves.len(), 3);
    assert!(game.capped());
}

#[test]
fn search_beats_random() {
    // Not a claim about strength in general: with these seeds the deeper
    // player wins every game, which shows the search plays for material.
    for profile in Profile::ALL {
        let m = Match {
            red: Player::Search { depth: 2 },
            blue: Player::Random,
            start: Position::start(profile, Side::Red),
            max_plies: Some(1500),
        };
        for number in 1..=3 {
            let game = m.play(5, number);
            assert_eq!(
                game.outcome.map(|o| o.outcome.winner),
                Some(Side::Red),
                "{profile} #{number}"
            );
        }
    }
}
