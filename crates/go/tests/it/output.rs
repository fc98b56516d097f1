//! Exports, drawings, the random player, and the core `Game` impl.

use asalto_core::Replay;
use asalto_go::{
    Board, CheckOptions, Go, IllegalMoveKind, Move, Point, Position, Profile, Side, Size, check,
    export, player, render,
};

use crate::examples::diagram;

#[test]
fn seed_move_answers_like_the_assignment() {
    // Two white groups share their last liberty at the top left corner.
    let b =
        Board::from_grid_string(&["w.b..", "b....", ".....", ".....", "....."].concat()).unwrap();
    let after = export::seed_move(&b, Side::Black, 0, 1).unwrap();
    assert_eq!(
        after.grid_string(),
        [".bb..", "b....", ".....", ".....", "....."].concat()
    );
    // Suicide of several stones.
    let b =
        Board::from_grid_string(&["bb.w.", "wwww.", ".....", ".....", "....."].concat()).unwrap();
    assert_eq!(
        export::seed_move(&b, Side::Black, 0, 2),
        Err(IllegalMoveKind::Suicide)
    );
    assert_eq!(
        export::seed_move(&b, Side::Black, 9, 0),
        Err(IllegalMoveKind::OffBoard)
    );
    // A ko recapture is legal: no ko rule.
    let b =
        Board::from_grid_string(&[".bw..", "bw.w.", ".bw..", ".....", "....."].concat()).unwrap();
    let taken = export::seed_move(&b, Side::Black, 1, 2).unwrap();
    let back = export::seed_move(&taken, Side::White, 1, 1).unwrap();
    assert_eq!(back, b);
    assert_eq!(export::seed_score(&Board::new(Size::NINETEEN)), (0, 0));
}

/// The board GTP commands make when an engine plays them in order
/// (captures first, as every engine does; the colour each names).
fn gtp_board(commands: &str) -> Board {
    let mut size = Size::NINETEEN;
    let mut pos = None;
    for line in commands.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        match words[..] {
            ["boardsize", n] => size = Size::new(n.parse().unwrap()).unwrap(),
            ["clear_board"] => pos = Some(Position::new(size, Profile::SimpleKo)),
            ["komi", _] => {}
            ["play", colour, vertex] => {
                let side = if colour == "B" {
                    Side::Black
                } else {
                    Side::White
                };
                let mv = match vertex {
                    "pass" => Move::Pass,
                    v => Move::Play(Point::from_gtp(v, size).unwrap()),
                };
                let pos = pos.as_mut().unwrap();
                // Legal for the colour named, whoever is to move.
                pos.set_to_move(side);
                pos.play_as(side, mv)
                    .unwrap_or_else(|e| panic!("{line}: {e:?}"));
            }
            _ => panic!("unexpected GTP command {line:?}"),
        }
    }
    pos.unwrap().board().clone()
}

/// Setup between moves becomes `play` commands when they make the same
/// position; the engine's board after the commands is the record's.
#[test]
fn gtp_writes_setup_between_moves_as_plays() {
    let cases = [
        // Stones of both colours added, then a move.
        (
            "(;SZ[9];B[cc];W[gg];AB[ee]AW[ff];B[dd])",
            "play B C7\nplay W G3\nplay B E5\nplay W F4\nplay B D6\n",
        ),
        // Over two nodes, with PL (no command: every play names its colour).
        (
            "(;SZ[9];B[cc];AW[ee];AB[ff]PL[B];B[dd])",
            "play B C7\nplay W E5\nplay B F4\nplay B D6\n",
        ),
        // A stone set up on its own colour's stone: nothing to write.
        ("(;SZ[9];B[cc];AB[cc];W[dd])", "play B C7\nplay W D6\n"),
        // Set up, then taken off again before the next move: nothing.
        (
            "(;SZ[9];B[cc];AB[ee];AE[ee];W[dd])",
            "play B C7\nplay W D6\n",
        ),
        // After the last move.
        (
            "(;SZ[9];B[cc];W[];AW[aa][ab])",
            "play B C7\nplay W pass\nplay W A9\nplay W A8\n",
        ),
        // Setup before the first move is the start, as before.
        (
            "(;SZ[9]AB[cc];AW[dd];W[ee])",
            "play B C7\nplay W D6\nplay W E5\n",
        ),
    ];
    for (src, plays) in cases {
        let c = check(src.as_bytes(), &CheckOptions::default());
        assert!(c.is_valid(), "{src}");
        let game = &c.games[0];
        let gtp = export::gtp_commands(game).unwrap_or_else(|e| panic!("{src}: {e:?}"));
        assert_eq!(
            gtp,
            format!("boardsize 9\nclear_board\nkomi 0\n{plays}"),
            "{src}"
        );
        assert_eq!(
            gtp_board(&gtp).grid_string(),
            game.position().board().grid_string(),
            "{src}"
        );
    }
}

/// Real-sized games with stones set up in the middle: wherever the
/// record stays valid, an engine that plays the GTP commands ends on the
/// record's final board (each game of the selfplay data gets one setup
/// node after half its moves, a stone of each colour on the first empty
/// points no later move is played on that leave every group a liberty).
#[test]
fn gtp_of_games_with_setup_ends_on_the_records_board() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/selfplay");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    let mut checked_games = 0;
    for path in paths.iter().step_by(4) {
        let text = std::fs::read_to_string(path).unwrap();
        // Judged as `gtp_board` plays (simple ko, no suicide), whatever
        // profile the record's `RU` names.
        let simple_ko = CheckOptions {
            profile: Some(Profile::SimpleKo),
            ..CheckOptions::default()
        };
        let c = check(text.as_bytes(), &simple_ko);
        let game = &c.games[0];
        let k = game.plies.len() / 2;
        if k == 0 {
            continue;
        }
        let mut board = game.position_after(k).board().clone();
        let mut setup = String::new();
        for side in [Side::Black, Side::White] {
            let size = board.size().get();
            let free = (0..size * size)
                .map(|i| Point::new(i % size, i / size))
                .find(|&p| {
                    let mut b = board.clone();
                    // Never played on later: the record stays valid.
                    let later = game.plies[k..].iter().any(|ply| ply.mv == Move::Play(p));
                    !later && b.get(p).is_none() && {
                        b.set(p, Some(side));
                        !b.has_group_without_liberty()
                    }
                });
            if let Some(p) = free {
                board.set(p, Some(side));
                let letters: String = p.sgf().iter().map(|&b| b as char).collect();
                setup.push_str(&format!("A{}[{letters}]", side.letter()));
            }
        }
        // After the k-th move node.
        let at = text
            .match_indices("\n;")
            .nth(k)
            .map(|(i, _)| i)
            .unwrap_or(text.len() - 2);
        let edited = format!("{}\n;{setup}{}", &text[..at], &text[at..]);
        let c = check(edited.as_bytes(), &simple_ko);
        if !c.is_valid() {
            continue;
        }
        let game = &c.games[0];
        let gtp =
            export::gtp_commands(game).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        assert_eq!(
            gtp_board(&gtp).grid_string(),
            game.position().board().grid_string(),
            "{}",
            path.display()
        );
        checked_games += 1;
    }
    assert!(checked_games >= 10, "{checked_games}");
}

/// A file of several games: the first is written; the others, setup
/// between their moves included, are replayed into nothing.
#[test]
fn gtp_of_a_collection_writes_its_first_game() {
    use asalto_go::Tally;
    let src = b"(;SZ[9];B[cc];AW[ee];W[dd])(;SZ[19];B[pd];AE[pd]AB[qq];W[dp];AW[aa])";
    let options = CheckOptions::default();
    let checked = asalto_go::replay::check_tally(src, &options, Tally::keeping(&[0]));
    assert_eq!(checked.games.len(), 2);
    let start = checked.games[0].plies.position_after(0).unwrap();
    assert_eq!(export::gtp_unwritable(&checked, &options, start), None);
    let mut gtp = String::new();
    export::write_gtp_replayed(&checked, &options, start, &mut gtp).unwrap();
    assert_eq!(
        gtp,
        "boardsize 9\nclear_board\nkomi 0\nplay B C7\nplay W E5\nplay W D6\n"
    );
}

/// Setup GTP cannot express is refused at the setup node, not dropped.
#[test]
fn gtp_refuses_setup_it_cannot_write() {
    use export::GtpUnwritableKind::{NoLiberty, Removed};
    let cases = [
        // AE of a stone played: no GTP command takes a stone off.
        (
            "(;SZ[9];B[cc];W[ee]\n;AE[cc];B[dd])",
            Removed,
            "C7",
            2,
            (2, 1),
        ),
        // Taken off in the second of two setup nodes: that node's place.
        (
            "(;SZ[9];B[cc];W[ee];AB[gg];AE[cc];B[dd])",
            Removed,
            "C7",
            2,
            (1, 27),
        ),
        // A white stone replaced by a black one.
        (
            "(;SZ[9];B[cc];W[ee];B[gg];AB[ee];W[dd])",
            Removed,
            "E5",
            3,
            (1, 26),
        ),
        // The setup leaves the white stone at A9 without a liberty: as
        // moves, B B9 would capture it (the check calls the setup an error).
        (
            "(;SZ[9];B[ee];W[aa];AB[ba][ab];W[dd])",
            NoLiberty,
            "A9",
            2,
            (1, 20),
        ),
    ];
    for (src, kind, at, after_move, line_col) in cases {
        let c = check(src.as_bytes(), &CheckOptions::default());
        let game = &c.games[0];
        let why = export::gtp_commands(game).unwrap_err();
        assert_eq!(why.kind, kind, "{src}");
        assert_eq!(why.point.gtp(game.size), at, "{src}");
        assert_eq!(why.after_move, after_move, "{src}");
        assert_eq!(c.line_col(why.span), line_col, "{src}");
        let mut written = String::new();
        assert_eq!(
            export::write_gtp_commands(game, &mut written),
            Err(export::GtpError::Unwritable(why))
        );
        assert_eq!(written, "", "{src}: nothing written");
    }
}

#[test]
fn prolog_and_gtp_forms() {
    let c = check(b"(;SZ[19];B[pd];W[dp];B[])", &CheckOptions::default());
    let g = &c.games[0];
    assert_eq!(
        export::prolog_moves(g),
        "move(1, \"b\", [3,15]).\nmove(2, \"w\", [15,3]).\nmove(3, \"b\", pass).\n"
    );
    assert!(
        export::gtp_commands(g)
            .unwrap()
            .ends_with("play B Q16\nplay W D4\nplay B pass\n")
    );
    let board = export::prolog_board(g.position().board());
    assert_eq!(board.matches('[').count(), 20);
    assert_eq!(board.matches("\"b\"").count(), 1);
    assert_eq!(
        Point::from_gtp("Q16", Size::NINETEEN),
        Some(Point::new(15, 3))
    );
    assert_eq!(Point::from_gtp("I5", Size::NINETEEN), None);
    assert_eq!(Point::new(8, 0).gtp(Size::NINETEEN), "J19");
}

#[test]
fn plies_data_lists_captures_and_positions() {
    let c = check(b"(;SZ[3];B[ba];W[aa];B[ab])", &CheckOptions::default());
    let data = export::plies_data(&c.games[0]);
    assert_eq!(data.len(), 3);
    assert_eq!(data[2].captured, ["aa"]);
    assert_eq!(data[2].position, ".b.b.....");
    assert_eq!(data[1].gtp, "A3");
}

#[test]
fn text_drawing_marks_the_last_move_at_the_edge() {
    let mut pos = diagram(
        &["O....", ".....", ".....", ".....", "....."],
        Side::Black,
        Profile::Seed2019,
    );
    pos.play(Move::Play(Point::new(4, 0))).unwrap();
    let text = render::text(&pos, render::DrawOptions::default());
    assert_eq!(text.lines().nth(1), Some(" 5  O . . .(X) a"));
    assert!(text.contains("last move: black E5 (ea)"));
}

#[test]
fn selfplay_games_are_legal_records_and_keep_eyes() {
    for (n, profile, seed) in [
        (9u8, Profile::TrompTaylor, 1u64),
        (9, Profile::Seed2019, 2),
        (13, Profile::SimpleKo, 3),
    ] {
        let size = Size::new(n).unwrap();
        let (pos, moves) = player::selfplay(size, profile, seed, 2000);
        assert_eq!(pos.passes(), 2, "{n} {profile}");
        assert_eq!(
            moves.len(),
            player::selfplay(size, profile, seed, 2000).1.len()
        );
        // Every empty point at the end is someone's eye or dame: no legal
        // non-eye move is left for the colour that passed last.
        // The record written and read back replays to the same board.
        let mut sgf = format!("(;SZ[{n}]");
        let mut side = Side::Black;
        for mv in &moves {
            let v = mv
                .point()
                .map(|p| String::from_utf8(p.sgf().to_vec()).unwrap())
                .unwrap_or_default();
            sgf.push_str(&format!(";{}[{v}]", side.letter()));
            side = !side;
        }
        sgf.push(')');
        let c = check(
            sgf.as_bytes(),
            &CheckOptions {
                profile: Some(profile),
                ..CheckOptions::default()
            },
        );
        assert!(c.is_valid(), "{n} {profile}");
        assert_eq!(c.games[0].position().board(), pos.board());
        let sgf2 = export::game_sgf(&c.games[0]);
        let c2 = check(
            sgf2.as_bytes(),
            &CheckOptions {
                profile: Some(profile),
                ..CheckOptions::default()
            },
        );
        assert_eq!(c2.games[0].position().board(), pos.board());
    }
}

#[test]
fn core_replay_drives_the_engine() {
    let mut replay: Replay<Go> =
        Replay::new(Position::new(Size::new(5).unwrap(), Profile::SimpleKo));
    assert!(
        replay
            .step(&(Side::Black, Move::Play(Point::new(2, 2))))
            .is_ok()
    );
    let err = replay
        .step(&(Side::Black, Move::Play(Point::new(1, 1))))
        .unwrap_err();
    assert_eq!(err.reason, IllegalMoveKind::WrongSide);
    let err = replay
        .step(&(Side::White, Move::Play(Point::new(2, 2))))
        .unwrap_err();
    assert_eq!(err.reason, IllegalMoveKind::Occupied);
    assert_eq!(replay.played(), 1);
}

#[test]
fn seed_queries_cover_every_class_with_the_rules_answers() {
    use asalto_go::seed::{self, MoveClass};
    let mut seen = std::collections::HashSet::new();
    let mut places = std::collections::HashSet::new();
    for seed_no in 0..6 {
        let (_, moves) =
            player::selfplay(Size::new(9).unwrap(), Profile::Seed2019, 40 + seed_no, 400);
        let mut sgf = String::from("(;SZ[9]");
        let mut side = Side::Black;
        for mv in &moves {
            let v = mv
                .point()
                .map(|p| String::from_utf8(p.sgf().to_vec()).unwrap())
                .unwrap_or_default();
            sgf.push_str(&format!(";{}[{v}]", side.letter()));
            side = !side;
        }
        sgf.push(')');
        let c = check(
            sgf.as_bytes(),
            &CheckOptions {
                profile: Some(Profile::Seed2019),
                ..CheckOptions::default()
            },
        );
        let qs = seed::queries(&c.games[0], 3);
        assert!(
            qs.len() >= 10,
            "{} queries from {} moves",
            qs.len(),
            moves.len()
        );
        for q in qs {
            seen.insert(q.class);
            places.insert(q.place);
            // The answer agrees with the class.
            match q.class {
                MoveClass::Occupied => assert_eq!(q.expected, Err(IllegalMoveKind::Occupied)),
                MoveClass::SuicideOne | MoveClass::SuicideMany => {
                    assert_eq!(q.expected, Err(IllegalMoveKind::Suicide))
                }
                MoveClass::Quiet => {
                    let after = q.expected.clone().unwrap();
                    assert_eq!(after.stone_count(!q.side), q.board.stone_count(!q.side));
                }
                _ => {
                    let after = q.expected.clone().unwrap();
                    assert!(
                        after.stone_count(!q.side) < q.board.stone_count(!q.side),
                        "{:?}",
                        q.class
                    );
                }
            }
        }
    }
    for class in MoveClass::ALL {
        assert!(seen.contains(&class), "no query of class {class}");
    }
    assert_eq!(places.len(), 3);
}

#[test]
fn json_documents_name_game_and_rules() {
    use asalto_go::json::{CheckJson, GameJson};
    let c = check(
        b"(;SZ[3]KM[0.5]RE[W+1.5];B[ba];W[aa];B[ab])",
        &CheckOptions::default(),
    );
    let doc = serde_json::to_value(GameJson::from(&c.games[0])).unwrap();
    assert_eq!(doc["format"], "asalto-game");
    assert_eq!(doc["game"], "go");
    assert_eq!(doc["rules"], "simple-ko");
    assert_eq!(doc["moves"][2]["captured"][0], "aa");
    assert_eq!(doc["moves"][2]["notation"], "A2");
    assert_eq!(doc["moves"][2]["ply"], 3);
    assert_eq!(doc["score"]["result"], "B+8.5");
    let report = serde_json::to_value(CheckJson::from(&c)).unwrap();
    assert_eq!(report["valid"], true);
    assert_eq!(report["problems"][0]["code"], "result-mismatch");
    assert_eq!(report["problems"][0]["line"], 1);
    assert_eq!(report["problems"][0]["column"], 15);
}

/// Every SGF record under the crate's `tests/data`, sorted.
fn test_records() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data"),
        &mut out,
    );
    out.sort();
    out
}

/// `show` and `export` keep no ply (a [`Tally`] keeps the positions they
/// need; the moves are replayed again as they are written): the same
/// positions and the same exports as from the stored plies, on every
/// record of the tests, under two profiles, strict and lenient.
#[test]
fn exports_replayed_without_plies_are_those_of_the_stored_plies() {
    use asalto_go::{Tally, check_tally, json};
    let records = test_records();
    assert!(records.len() > 500, "{} records", records.len());
    let mut moves = 0;
    for path in &records {
        let bytes = std::fs::read(path).unwrap();
        for profile in [Profile::SGF_DEFAULT, Profile::PositionalSuperko] {
            for lenient in [false, true] {
                let options = CheckOptions {
                    profile: Some(profile),
                    lenient,
                    ..CheckOptions::default()
                };
                let full = check(&bytes, &options);
                let Some(game) = full.games.first() else {
                    continue;
                };
                let n = game.plies.len();
                let wanted = [0, n / 2, n, n + 1, Tally::END];
                let tallied = check_tally(&bytes, &options, Tally::keeping(&wanted));
                let at = |k| tallied.games[0].plies.position_after(k).unwrap();
                let seen = |pos: &Position| {
                    (
                        pos.board().grid_string(),
                        pos.to_move(),
                        pos.captures(),
                        pos.last_move(),
                        pos.ko_point(),
                    )
                };
                for k in wanted {
                    assert_eq!(
                        seen(at(k)),
                        seen(&game.position_after(k)),
                        "{} after {k}",
                        path.display()
                    );
                }
                let (start, end) = (at(0), at(Tally::END));
                let mut sgf = String::new();
                export::write_sgf_replayed(&tallied, &options, start, &mut sgf).unwrap();
                // The same record, with the properties the stored game does
                // not hold (comments, names, times) kept: read again, it
                // writes as the stored game does.
                let again = check(sgf.as_bytes(), &options);
                assert_eq!(
                    export::game_sgf(&again.games[0]),
                    export::game_sgf(game),
                    "{}",
                    path.display()
                );
                let mut gtp = String::new();
                let replayed = export::write_gtp_replayed(&tallied, &options, start, &mut gtp);
                let looked = export::gtp_unwritable(&tallied, &options, start);
                match export::gtp_commands(game) {
                    Ok(stored) => {
                        assert_eq!(replayed, Ok(()), "{}", path.display());
                        assert_eq!(looked, None, "{}", path.display());
                        assert_eq!(gtp, stored, "{}", path.display());
                    }
                    Err(why) => {
                        let refused = Err(export::GtpError::Unwritable(why));
                        assert_eq!(replayed, refused, "{}", path.display());
                        assert_eq!(looked, Some(why), "{}", path.display());
                    }
                }
                let mut prolog = String::new();
                export::write_prolog_replayed(&tallied, &options, end, &mut prolog).unwrap();
                let stored = format!(
                    "{}board({}).\n",
                    export::prolog_moves(game),
                    export::prolog_board(game.position().board())
                );
                assert_eq!(prolog, stored, "{}", path.display());
                let doc = json::stream_replayed(&tallied, &options, start, end).unwrap();
                assert_eq!(
                    serde_json::to_string(&doc).unwrap(),
                    serde_json::to_string(&json::GameJson::from(game)).unwrap(),
                    "{}",
                    path.display()
                );
                moves += n;
            }
        }
    }
    assert!(moves > 100_000, "{moves} moves");
}

/// The canonical SGF keeps setup and `PL` between moves (a `PL[B]` before
/// a second black move, stones set up or removed mid-game, `PL` after the
/// last move, a record of setup only): read back, it is valid and
/// replays to the same positions, in the stored and the streamed writer.
#[test]
fn canonical_sgf_keeps_setup_and_pl_between_moves() {
    use asalto_go::{Tally, check_tally};
    for src in [
        "(;SZ[9];B[aa];PL[B];B[cc];W[dd])",
        "(;SZ[9];B[aa];AB[bb]AE[aa];W[cc];AW[dd];AB[dd];B[ee])",
        "(;SZ[9];B[aa];W[bb];AW[cc]PL[W])",
        "(;SZ[9]AB[aa]AW[bb]PL[W])",
        "(;SZ[9]HA[2]AB[cc][gg];W[ee];B[dd];PL[B];B[ff])",
    ] {
        let options = CheckOptions::default();
        let c = check(src.as_bytes(), &options);
        assert!(c.is_valid(), "{src}");
        let game = &c.games[0];
        let sgf = export::game_sgf(game);
        let back = check(sgf.as_bytes(), &options);
        assert!(back.is_valid(), "{src} -> {sgf}");
        let n = game.plies.len();
        assert_eq!(back.games[0].plies.len(), n, "{src} -> {sgf}");
        for k in 0..=n + 1 {
            let (a, b) = (game.position_after(k), back.games[0].position_after(k));
            assert_eq!(
                (a.board().grid_string(), a.to_move()),
                (b.board().grid_string(), b.to_move()),
                "{src} -> {sgf} after {k}"
            );
        }
        let tallied = check_tally(src.as_bytes(), &options, Tally::keeping(&[0]));
        let start = tallied.games[0].plies.position_after(0).unwrap();
        let mut streamed = String::new();
        export::write_sgf_replayed(&tallied, &options, start, &mut streamed).unwrap();
        assert_eq!(streamed, sgf, "{src}");
    }
}
