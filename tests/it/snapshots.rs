//! Snapshots of what instructors read: the rendered diagnostics of every
//! invalid sample (no colour) and the JSON of a few files.
//!
//! Why: the wording, the underline, the help and the board drawing are the
//! product; a snapshot makes any change to them visible in review. The
//! snapshots were reviewed by hand against RULES.md when accepted.

use asalto::diagnostics::FileReport;
use asalto::json::CheckJson;
use asalto::replay::{CheckOptions, check};

use crate::samples::{INVALID, VALID, options_for};

fn render(file: &str, source: &str, options: CheckOptions) -> String {
    let checked = check(source, options);
    FileReport::new(file, &checked).render(false)
}

#[test]
fn diagnostics_of_every_invalid_sample() {
    for (name, source) in INVALID {
        let file = format!("samples/invalid/{name}.txt");
        insta::assert_snapshot!(
            format!("diagnostics__{name}"),
            render(&file, source, options_for(name))
        );
    }
}

/// Warnings (format notes) and the lenient completion render too, and a
/// strict check turns the same notes into errors.
#[test]
fn diagnostics_of_format_notes_and_lenient_completion() {
    let ejemplo = VALID[0].1;
    let messy = format!(
        "\u{feff}# saved by hand\r\n{}\r\n\r\n",
        ejemplo.trim_end().replace('\n', "\r\n  ")
    );
    insta::assert_snapshot!(
        "diagnostics__format_notes",
        render("messy.txt", &messy, CheckOptions::default())
    );
    insta::assert_snapshot!(
        "diagnostics__format_notes_strict",
        render(
            "messy.txt",
            &messy,
            CheckOptions {
                strict: true,
                ..CheckOptions::default()
            }
        )
    );
    let abbreviated = ejemplo.replace("Bd-Db-Dd-Df-Bd", "Bd-Db");
    insta::assert_snapshot!(
        "diagnostics__lenient_completion",
        render(
            "abbreviated.txt",
            &abbreviated,
            CheckOptions {
                lenient: true,
                ..CheckOptions::default()
            }
        )
    );
}

fn json(file: &str, source: &str, options: CheckOptions) -> String {
    let checked = check(source, options);
    serde_json::to_string_pretty(&CheckJson::new(file, &checked)).unwrap()
}

#[test]
fn json_of_a_valid_and_an_invalid_file() {
    insta::assert_snapshot!(
        "json__apendice_a",
        json(
            "samples/apendice-a.txt",
            VALID[1].1,
            CheckOptions::default()
        )
    );
    insta::assert_snapshot!(
        "json__capture_incomplete",
        json(
            "samples/invalid/capture-incomplete.txt",
            INVALID[0].1,
            CheckOptions::default()
        )
    );
    // After the end of the game no move is legal: the list is empty.
    insta::assert_snapshot!(
        "json__game_over",
        json(
            "samples/invalid/game-over.txt",
            INVALID.iter().find(|s| s.0 == "game-over").unwrap().1,
            CheckOptions::default()
        )
    );
    insta::assert_snapshot!(
        "json__syntax",
        json(
            "samples/invalid/syntax.txt",
            INVALID.iter().find(|s| s.0 == "syntax").unwrap().1,
            CheckOptions::default()
        )
    );
}
