//! `asalto play` driven through standard input, as a grader drives it.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use asalto::console::{MENU_PROMPT, MOVE_PROMPT, NOTHING_TO_SAVE, WRONG_MOVE, WRONG_OPTION};
use asalto::replay::{CheckOptions, check};

const EJEMPLO: &str = include_str!("../../samples/ejemplo.txt");
const APENDICE_A: &str = include_str!("../../samples/apendice-a.txt");

/// The moves listed after move 7 of the worked example (RULES.md).
const AFTER_7: &str = "Ec-Db Eb-Db Ea-Db Da-Db Ca-Db Ee-Dd Ed-Dd Ec-Dd Cb-Cc Ec-Dc Cf-Ce Cg-Df Dg-Df Eg-Df Ef-Df Ee-Df Ee-De";

/// Run `asalto play ARGS` in `dir` with `input` on standard input.
fn play(dir: &Path, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_asalto"))
        .arg("play")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        // The program may quit before reading everything.
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The moves listed on the last game screen of `text`.
fn last_listed_moves(text: &str) -> BTreeSet<String> {
    let start = text.rfind("Jugadas posibles:").unwrap() + "Jugadas posibles:".len();
    let end = start + text[start..].find(MOVE_PROMPT).unwrap();
    text[start..end]
        .split([',', ' ', '\n'])
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn set(moves: &str) -> BTreeSet<String> {
    moves.split_whitespace().map(str::to_string).collect()
}

fn lines(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

#[test]
fn the_worked_example_session_saves_ejemplo_and_loads_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let input = lines(&[
        "1",
        "Bc-Cc",
        "Dd-Cd",
        "Cc-Ce",
        "Db-Cc",
        "Ce-Bd",
        "Df-Ce",
        "Bd-Db",
        "FIN",
        "3",
        "ejemplo.txt",
        "2",
        "ejemplo.txt",
    ]);
    let output = play(dir.path(), &[], &input);
    assert!(output.status.success());
    let saved = std::fs::read_to_string(dir.path().join("ejemplo.txt")).unwrap();
    assert_eq!(saved, EJEMPLO);

    let text = stdout(&output);
    // The load shows the position after move 7, rebels to move, 17 moves.
    let loaded = &text[text.rfind("Nombre del fichero: ").unwrap()..];
    assert!(loaded.contains("Turno: REBELDES.\n"));
    assert_eq!(last_listed_moves(loaded), set(AFTER_7));
    assert_eq!(last_listed_moves(loaded).len(), 17);
    let after_7 = check(EJEMPLO, CheckOptions::default()).game.position();
    assert!(loaded.contains(&asalto::render::ascii(after_7.board())));
    // End of input in the game: a clean stop after the prompt.
    assert!(text.ends_with(&format!("{MOVE_PROMPT}\n")));
    insta::assert_snapshot!("worked_example_session", text);
}

#[test]
fn every_screen_of_the_session_lists_the_legal_moves() {
    let dir = tempfile::tempdir().unwrap();
    let moves = [
        "Bc-Cc", "Dd-Cd", "Cc-Ce", "Db-Cc", "Ce-Bd", "Df-Ce", "Bd-Db",
    ];
    let game = check(EJEMPLO, CheckOptions::default()).game;
    for n in 0..=moves.len() {
        let mut input = vec!["1"];
        input.extend(&moves[..n]);
        let text = stdout(&play(dir.path(), &[], &lines(&input)));
        let pos = game.position_at(n).unwrap();
        let expected: BTreeSet<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(last_listed_moves(&text), expected, "after {n} moves");
        let turn = format!("Turno: {}.\n", pos.turn().spanish());
        assert!(text[text.rfind("Turno:").unwrap()..].starts_with(&turn));
    }
}

#[test]
fn control_options_cycle_on_each_selection() {
    let dir = tempfile::tempdir().unwrap();
    let text = stdout(&play(
        dir.path(),
        &[],
        &lines(&["4", "4", "5", "5", "5", "6"]),
    ));
    let officers: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("4. CONTROL OFICIALES:"))
        .collect();
    let rebels: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("5. CONTROL REBELDES:"))
        .collect();
    assert_eq!(
        officers,
        [
            "4. CONTROL OFICIALES: [HUMANO]  AZAR",
            "4. CONTROL OFICIALES: HUMANO  [AZAR]",
            "4. CONTROL OFICIALES: [HUMANO]  AZAR",
            "4. CONTROL OFICIALES: [HUMANO]  AZAR",
            "4. CONTROL OFICIALES: [HUMANO]  AZAR",
            "4. CONTROL OFICIALES: [HUMANO]  AZAR",
        ]
    );
    assert_eq!(
        rebels,
        [
            "5. CONTROL REBELDES:  [HUMANO]  AZAR  BASICO",
            "5. CONTROL REBELDES:  [HUMANO]  AZAR  BASICO",
            "5. CONTROL REBELDES:  [HUMANO]  AZAR  BASICO",
            "5. CONTROL REBELDES:  HUMANO  [AZAR]  BASICO",
            "5. CONTROL REBELDES:  HUMANO  AZAR  [BASICO]",
            "5. CONTROL REBELDES:  [HUMANO]  AZAR  BASICO",
        ]
    );
    // `6` quits: the last thing printed is the menu's prompt.
    assert!(text.ends_with(MENU_PROMPT));
}

#[test]
fn saving_before_any_game_warns_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(dir.path(), &[], &lines(&["3", "6"]));
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains(&format!(
        "{MENU_PROMPT}{NOTHING_TO_SAVE}\n\n----- ASALTO -----"
    )));
    assert!(!text.contains("Nombre del fichero"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn end_of_input_stops_cleanly_anywhere() {
    let dir = tempfile::tempdir().unwrap();
    for input in [
        "",
        "1\n",
        "1\nBc-Cc\n",
        "1\nBc-Cc",
        "2\n",
        "1\nFIN\n3\n",
        "4\n",
    ] {
        let output = play(dir.path(), &[], input);
        assert!(output.status.success(), "{input:?}");
        assert!(output.stderr.is_empty(), "{input:?}");
        let text = stdout(&output);
        assert!(text.ends_with(": \n"), "{input:?}: {text}");
    }
}

#[test]
fn invalid_inputs_get_a_message_and_the_question_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.txt"), "Bc-Cc\nCc-Dd\n").unwrap();
    std::fs::create_dir(dir.path().join("folder")).unwrap();
    let input = lines(&[
        "9", "hola", "", "1", "Bc-Dd", "bc-cc", "Bc-Cc-Ce", "Bc-Cc", "FIN", "2", "nada.txt", "2",
        "bad.txt", "2", "folder", "2", "", "6",
    ]);
    let output = play(dir.path(), &[], &input);
    assert!(output.status.success());
    let text = stdout(&output);
    assert_eq!(
        text.matches(&format!("{MENU_PROMPT}{WRONG_OPTION}\n\n----- ASALTO"))
            .count(),
        3
    );
    assert_eq!(text.matches(WRONG_MOVE).count(), 3);
    assert!(text.contains(&format!("{MOVE_PROMPT}{WRONG_MOVE}\n{MOVE_PROMPT}")));
    assert!(text.contains("No se puede leer el fichero nada.txt: no existe.\n\n----- ASALTO"));
    assert!(
        text.contains("El fichero bad.txt no contiene una partida válida: línea 2, jugada 2: ")
    );
    assert!(text.contains("No se puede leer el fichero folder: es una carpeta.\n"));
    assert!(text.contains("Falta el nombre del fichero.\n"));
    // After the failed loads the last game is still the one of `Bc-Cc`.
    let output = play(
        dir.path(),
        &[],
        &lines(&["1", "Bc-Cc", "FIN", "2", "nada.txt", "3", "kept.txt", "6"]),
    );
    assert!(output.status.success());
    let kept = std::fs::read_to_string(dir.path().join("kept.txt")).unwrap();
    assert_eq!(kept, "Bc-Cc\n");
}

#[test]
fn a_typed_capture_is_completed_and_the_whole_path_also_works() {
    let dir = tempfile::tempdir().unwrap();
    let mut moves: Vec<&str> = EJEMPLO.lines().collect();
    moves.insert(0, "1");
    moves.extend(["FIN", "3", "full.txt", "6"]);
    let output = play(dir.path(), &[], &lines(&moves));
    assert!(output.status.success());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("full.txt")).unwrap(),
        EJEMPLO
    );
}

#[test]
fn windows_line_endings_and_spaces_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let input = "1\r\n  Bc-Cc \r\nFIN\r\n3\r\nw.txt\r\n6\r\n";
    let output = play(dir.path(), &[], input);
    assert!(output.status.success());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("w.txt")).unwrap(),
        "Bc-Cc\n"
    );
}

#[test]
fn a_finished_game_is_announced_and_returns_to_the_menu() {
    let dir = tempfile::tempdir().unwrap();
    let mut input: Vec<&str> = APENDICE_A.lines().collect();
    for line in &mut input {
        // Type captures as a person does: the first two points.
        if line.len() > 5 {
            *line = &line[..5];
        }
    }
    input.insert(0, "1");
    input.extend(["3", "a.txt", "6"]);
    let output = play(dir.path(), &[], &lines(&input));
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains(
        "Fin de la partida. Ganan los OFICIALES: quedan menos de 9 rebeldes.\n\n----- ASALTO"
    ));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        APENDICE_A
    );
}

#[test]
fn loading_a_finished_game_announces_its_end_and_it_can_be_saved_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), APENDICE_A).unwrap();
    let output = play(dir.path(), &[], &lines(&["2", "a.txt", "3", "b.txt", "6"]));
    let text = stdout(&output);
    assert!(!text.contains(MOVE_PROMPT));
    assert!(text.contains("Nombre del fichero: \n  a b c d e f g\n"));
    assert!(text.contains("Fin de la partida. Ganan los OFICIALES: quedan menos de 9 rebeldes.\n"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("b.txt")).unwrap(),
        APENDICE_A
    );
}

#[test]
fn a_loaded_record_with_short_captures_is_completed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("short.txt"),
        EJEMPLO.replace("Bd-Db-Dd-Df-Bd", "Bd-Db"),
    )
    .unwrap();
    let output = play(
        dir.path(),
        &[],
        &lines(&["2", "short.txt", "FIN", "3", "long.txt", "6"]),
    );
    assert_eq!(last_listed_moves(&stdout(&output)), set(AFTER_7));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("long.txt")).unwrap(),
        EJEMPLO
    );
}

#[test]
fn computer_players_show_their_move_and_read_nothing() {
    let dir = tempfile::tempdir().unwrap();
    // Officers AZAR, rebels HUMANO: the officers' screen shows the chosen
    // move, then the rebels' screen asks.
    let output = play(dir.path(), &["--seed", "3"], &lines(&["4", "1"]));
    let text = stdout(&output);
    let chosen = text.find("Jugada elegida: ").unwrap();
    assert!(text[..chosen].ends_with("Be-Ae, Be-Ce, Be-Bd\n"));
    assert_eq!(text.matches(MOVE_PROMPT).count(), 1);
    assert!(text.contains("Turno: REBELDES.\n"));
}

#[test]
fn a_computer_game_plays_to_the_end_reproducibly_and_by_basico() {
    let dir = tempfile::tempdir().unwrap();
    for (basic, check_name) in [("v1", "basic-v1"), ("v2", "basic-v2")] {
        let mut records = Vec::new();
        for run in 0..2 {
            let file = format!("ai-{basic}-{run}.txt");
            let input = lines(&["4", "5", "5", "1", "3", &file, "6"]);
            let output = play(dir.path(), &["--seed", "11", "--basic", basic], &input);
            assert!(output.status.success());
            let text = stdout(&output);
            assert!(text.contains("Fin de la partida. Ganan los "));
            assert!(!text.contains(MOVE_PROMPT));
            let record = std::fs::read_to_string(dir.path().join(&file)).unwrap();
            let checked = check(
                &record,
                CheckOptions {
                    strict: true,
                    rebels: asalto::basic::BasicScore::from_name(check_name),
                    ..CheckOptions::default()
                },
            );
            assert!(checked.is_valid(), "{:?}", checked.problems);
            assert!(checked.game.outcome().is_some());
            records.push(record);
        }
        assert_eq!(records[0], records[1], "same seed, same game");
    }
}

#[test]
fn quitting_ignores_the_rest_of_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let output = play(dir.path(), &[], &lines(&["6", "1", "Bc-Cc"]));
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.ends_with(MENU_PROMPT));
    assert!(!text.contains("Turno"));
}

mod session {
    //! The library's session, driven directly with many inputs.

    use asalto::console::{FILE_PROMPT, MENU_PROMPT, MOVE_PROMPT};
    use asalto::record::write_record;
    use asalto::session::{Console, Request, Session, SessionOptions, Step};
    use proptest::prelude::*;

    /// Feed `line`, run computer turns, and answer file requests: loads get
    /// `file`, saves are returned.
    fn feed(s: &mut Session, line: &str, file: &str, saved: &mut Vec<String>) -> Step {
        let mut step = s.input(line);
        loop {
            step = match step.request {
                Request::Advance => s.advance(),
                Request::Load(_) => s.loaded(Ok(file.to_string())),
                Request::Save { contents, .. } => {
                    saved.push(contents);
                    s.saved(Ok(()))
                }
                Request::Line | Request::Quit => return step,
            };
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Typing the first two points of every move of a random game, then
        /// leaving and saving, saves exactly that game.
        #[test]
        fn typed_games_are_saved_whole(seed in any::<u64>(), len in 0usize..300) {
            let moves = asalto::random::random_game(seed, len);
            let mut s = Session::new(SessionOptions::default());
            s.start();
            let mut saved = Vec::new();
            feed(&mut s, "1", "", &mut saved);
            for m in &moves {
                let typed = format!("{}-{}", m.from(), m.second());
                let step = feed(&mut s, &typed, "", &mut saved);
                prop_assert_eq!(step.request, Request::Line);
            }
            if s.in_game() {
                feed(&mut s, "FIN", "", &mut saved);
            }
            feed(&mut s, "3", "", &mut saved);
            feed(&mut s, "partida.txt", "", &mut saved);
            prop_assert_eq!(saved, vec![write_record(&moves)]);
        }

        /// Any lines at all: no panic, and whenever a line is wanted the
        /// output ends with one of the three questions.
        #[test]
        fn any_input_gets_a_question(
            lines in proptest::collection::vec(
                prop_oneof![
                    "[1-7]", Just("FIN".to_string()), "[A-G][a-g]-[A-G][a-g]",
                    Just(String::new()), ".{0,6}",
                ],
                0..60,
            ),
            seed in any::<u64>(),
        ) {
            let mut s = Session::new(SessionOptions { seed, ..SessionOptions::default() });
            let file = asalto::random::random_game(seed, 40)
                .iter()
                .map(|m| format!("{m}\n"))
                .collect::<String>();
            s.start();
            let mut saved = Vec::new();
            for line in &lines {
                let step = feed(&mut s, line, &file, &mut saved);
                match step.request {
                    Request::Quit => break,
                    _ => prop_assert!(
                        [MENU_PROMPT, MOVE_PROMPT, FILE_PROMPT]
                            .iter()
                            .any(|p| step.output.ends_with(p)),
                        "{:?} -> {:?}", line, step.output
                    ),
                }
            }
        }
    }
}

/// `asalto play` fed the lines of `export --to input` prints exactly
/// `export --to transcript --no-echo`: the transcript graders diff students
/// against is what the reference program really prints.
#[test]
fn play_prints_the_transcript_of_every_sample() {
    use crate::run::{asalto, asalto_with_input};
    for (path, valid) in crate::run::samples() {
        if !valid {
            continue;
        }
        let input = asalto(&["export", &path, "--to", "input"]);
        assert_eq!(input.code, 0, "{path}: {}", input.stderr);
        let transcript = asalto(&["export", &path, "--to", "transcript", "--no-echo"]);
        assert_eq!(transcript.code, 0, "{path}");
        let played = asalto_with_input(&["play", "--seed", "1"], &input.stdout);
        assert_eq!(played.code, 0, "{path}");
        assert_eq!(played.stdout, transcript.stdout, "{path}");
    }
}
