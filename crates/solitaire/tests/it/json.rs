//! The JSON reports: field names are a contract.

use asalto_solitaire::check::check;
use asalto_solitaire::format::parse_answer;
use asalto_solitaire::json::{CheckReport, solve_report};
use asalto_solitaire::{Position, Profile, Solver};
use serde_json::json;

#[test]
fn a_check_report_names_game_rules_verdict_and_problem() {
    let pos: Position = ".....B..RP.....N".parse().unwrap();
    let mut solver = Solver::new(Profile::Thinkfun);
    let checked = check(
        &pos,
        &parse_answer("Nd1xb2\nNd1xb2\n").unwrap(),
        &mut solver,
    );
    let value = serde_json::to_value(CheckReport::from(&checked)).unwrap();
    assert_eq!(
        value,
        json!({
            "format": "asalto-check",
            "version": 2,
            "game": "solitaire",
            "rules": "thinkfun",
            "puzzle": ".....B..RP.....N",
            "verdict": "wrong",
            "valid": false,
            "plies": 1,
            "moves": [{
                "ply": 1,
                "from": "d1", "to": "b2", "xy": [[3, 0], [1, 1]],
                "piece": "N", "captured": "P", "notation": "Nd1xb2",
                "position": ".....B..RN......"
            }],
            "errors": 1,
            "warnings": 0,
            "problems": [{
                "severity": "error",
                "code": "no-piece",
                "message": "there is no piece on d1",
                "label": "d1 is empty",
                "help": "the pieces are on: Ra2 Nb2 Bb3",
                "line": 2, "column": 2, "span": {"offset": 8, "length": 2},
                "ply": 2,
                "side": null,
                "position_before": ".....B..RN......",
                "legal_moves": null
            }],
            "coordinates": null
        })
    );
    // Coordinates counted from 1: the reading used, and a note saying so.
    let checked = check(
        &pos,
        &parse_answer("4,1 2,2; 1,2 2,2; 2,2 2,3").unwrap(),
        &mut solver,
    );
    let value = serde_json::to_value(CheckReport::from(&checked)).unwrap();
    assert_eq!(value["valid"], true);
    assert_eq!(value["coordinates"], "x-y-bottom-1");
    assert_eq!(value["problems"][0]["code"], "coordinates-read");
    assert_eq!(value["problems"][0]["severity"], "warning");
    assert_eq!(value["warnings"], 1);
}

#[test]
fn a_solve_report_counts_and_lists() {
    let pos: Position = "P....R..R.R..R..".parse().unwrap();
    let report = solve_report(&pos, &mut Solver::new(Profile::Codegolf), Some(3)).unwrap();
    let value = serde_json::to_value(&report).unwrap();
    assert_eq!(value["game"], "solitaire");
    assert_eq!(value["rules"], "codegolf");
    assert_eq!(value["pieces"], 5);
    assert_eq!(value["solutions"], 14);
    assert_eq!(value["all"].as_array().map(Vec::len), Some(3));
    assert_eq!(value["solution"], value["all"][0]);
    assert_eq!(value["difficulty"]["solutions"], 14);
    assert!(
        value["difficulty"]["level"]
            .as_u64()
            .is_some_and(|l| (1..=4).contains(&l))
    );
    let unsolvable = solve_report(&pos, &mut Solver::new(Profile::Thinkfun), None).unwrap();
    let value = serde_json::to_value(&unsolvable).unwrap();
    assert_eq!(
        (value["solutions"].clone(), value["solution"].clone()),
        (json!(0), json!(null))
    );
    assert!(value.get("all").is_none());
}
