//! The HTML pages: valid HTML5 by an html5ever parser (the one browsers'
//! algorithm is written down as), self-contained, hostile text escaped,
//! and every position of a replay page decoded by a reference decoder
//! written here equal to the game's own SVG drawing.

use asalto::render;
use asalto::replay::{CheckOptions, check};
use scraper::{Html, Selector};
use serde_json::Value;

use crate::run::{Run, asalto, samples};

/// Parse `page` as a whole document: no parse error, and nothing loaded
/// from elsewhere (no `src`, no stylesheet link, no URL but the SVG
/// namespace).
pub fn parse_valid(page: &str) -> Html {
    assert!(
        page.starts_with("<!DOCTYPE html>"),
        "{}",
        &page[..page.len().min(80)]
    );
    let html = Html::parse_document(page);
    assert!(
        html.errors.is_empty(),
        "HTML parse errors: {:?}",
        &html.errors[..html.errors.len().min(5)]
    );
    for sel in ["[src]", "link", "iframe", "object", "embed", "img"] {
        let s = Selector::parse(sel).unwrap();
        assert_eq!(html.select(&s).count(), 0, "a `{sel}` element in the page");
    }
    let without_ns = page.replace("http://www.w3.org/2000/svg", "");
    assert!(!without_ns.contains("http://") && !without_ns.contains("https://"));
    html
}

fn select<'a>(html: &'a Html, sel: &str) -> Vec<scraper::ElementRef<'a>> {
    html.select(&Selector::parse(sel).unwrap()).collect()
}

fn text_of(html: &Html, sel: &str) -> String {
    select(html, sel)
        .first()
        .map(|e| e.text().collect::<String>())
        .unwrap_or_default()
}

/// The drawings of a replay page, decoded from its line table and edits
/// by this reference decoder (written apart from the page builder's).
pub fn drawings(html: &Html) -> Vec<String> {
    let table: Vec<String> = text_of(html, "script#lines")
        .split('\n')
        .map(str::to_string)
        .collect();
    let data: Value = serde_json::from_str(&text_of(html, "script#frames")).unwrap();
    let ids = |v: &Value| -> Vec<usize> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap() as usize)
            .collect()
    };
    let mut current = ids(&data["first"]);
    let mut frames = vec![current.clone()];
    for edit in data["edits"].as_array().unwrap() {
        let e = ids(edit);
        let mut next = Vec::new();
        let mut rest = current.as_slice();
        let mut j = 0;
        while j < e.len() {
            let (keep, delete, insert) = (e[j], e[j + 1], e[j + 2]);
            next.extend_from_slice(&rest[..keep]);
            rest = &rest[keep + delete..];
            next.extend_from_slice(&e[j + 3..j + 3 + insert]);
            j += 3 + insert;
        }
        next.extend_from_slice(rest);
        current = next;
        frames.push(current.clone());
    }
    frames
        .iter()
        .map(|f| f.iter().map(|&i| format!("{}\n", table[i])).collect())
        .collect()
}

fn export_html(args: &[&str]) -> Run {
    let mut all = vec!["export"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--to", "html"]);
    asalto(&all)
}

#[test]
fn every_asalto_position_of_the_page_is_the_svg_drawing() {
    let run = export_html(&["samples/ejemplo.txt"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let source = std::fs::read_to_string("samples/ejemplo.txt").unwrap();
    let game = check(&source, CheckOptions::default()).game;
    let drawn = drawings(&html);
    assert_eq!(drawn.len(), game.plies.len() + 1);
    assert_eq!(drawn[0], render::svg(game.start.board(), None, &[]));
    for (k, ply) in game.plies.iter().enumerate() {
        assert_eq!(
            drawn[k + 1],
            render::svg(ply.position.board(), Some(&ply.mv), &[]),
            "position {}",
            k + 1
        );
    }
    // One move link a move, in words; the last capture named.
    let links = select(&html, "#moves a");
    assert_eq!(links.len(), 7);
    let last: String = links[6].text().collect();
    assert_eq!(last, "officers Bd-Db-Dd-Df-Bd captures Cc, Dc, De, Ce");
    // It opens on the end, drawn in the page itself (no script needed).
    let board = select(&html, "#board")[0];
    assert_eq!(board.value().attr("data-frame"), Some("7"));
    assert_eq!(select(&html, "#board svg").len(), 1);
    assert_eq!(text_of(&html, "#status"), format!("After move 7: {last}"));
    // Without JavaScript, every position as text: the start, then one
    // per move.
    assert_eq!(text_of(&html, "#p0 pre"), render::ascii(game.start.board()));
    assert_eq!(
        text_of(&html, "#p7 pre"),
        render::ascii(game.plies[6].position.board())
    );
}

#[test]
fn ply_chooses_the_opening_position() {
    let run = export_html(&["samples/ejemplo.txt", "--ply", "3"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    assert_eq!(
        select(&html, "#board")[0].value().attr("data-frame"),
        Some("3")
    );
    let data: Value = serde_json::from_str(&text_of(&html, "script#frames")).unwrap();
    assert_eq!(data["open"], 3);
    // Past the end: the end.
    let run = export_html(&["samples/ejemplo.txt", "--ply", "99"]);
    assert_eq!(
        select(&parse_valid(&run.stdout), "#board")[0]
            .value()
            .attr("data-frame"),
        Some("7")
    );
    // --ply belongs to the HTML page.
    let run = asalto(&[
        "export",
        "samples/ejemplo.txt",
        "--to",
        "json",
        "--ply",
        "3",
    ]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--ply is for --to html"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_invalid_record_shows_its_first_illegal_move_with_reason_and_help() {
    for (path, _) in samples() {
        let run = export_html(&[&path]);
        let html = parse_valid(&run.stdout);
        let source = std::fs::read_to_string(&path).unwrap();
        let checked = check(&source, CheckOptions::default());
        // (`not-basic` is invalid only under --rebels.)
        if checked.is_valid() {
            assert_eq!(run.code, 0, "{path}: {}", run.stderr);
            assert!(select(&html, "#stop").is_empty(), "{path}");
            continue;
        }
        assert_eq!(run.code, 1, "{path}");
        let problem = checked.errors().next().unwrap();
        let alert = text_of(&html, "#stop");
        assert!(alert.contains(problem.reason().code()), "{path}: {alert}");
        assert!(alert.contains(&problem.bare_message()), "{path}: {alert}");
        if let Some(help) = problem.help() {
            assert!(alert.contains(&help), "{path}: {alert}");
        }
        assert!(alert.contains(&format!("line {}", problem.line)), "{path}");
        // The move list ends on it, marked illegal in words, and the page
        // opens there, on the position before it.
        let marked = select(&html, "#moves li.illegal");
        assert_eq!(marked.len(), 1, "{path}");
        assert!(
            marked[0].text().collect::<String>().contains("illegal ("),
            "{path}"
        );
        let plies = checked.game.plies.len();
        assert_eq!(
            select(&html, "#board")[0].value().attr("data-frame"),
            Some(plies.to_string().as_str()),
            "{path}"
        );
        assert!(text_of(&html, "#status").contains(problem.reason().code()));
    }
}

#[test]
fn go_pages_draw_every_position_as_the_go_renderer_does() {
    let path = "crates/go/tests/data/selfplay/ko-13-003.sgf";
    let run = export_html(&[path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let bytes = std::fs::read(path).unwrap();
    let checked = asalto_go::check(&bytes, &asalto_go::replay::CheckOptions::default());
    let game = &checked.games[0];
    let drawn = drawings(&html);
    assert_eq!(drawn.len(), game.plies.len() + 1);
    let options = asalto_go::render::DrawOptions::default();
    for (k, drawing) in drawn.iter().enumerate() {
        assert_eq!(
            *drawing,
            asalto_go::render::svg(&game.position_after(k), options, &[]),
            "position {k}"
        );
    }
    assert!(text_of(&html, "header").contains("Go"));
    assert_eq!(select(&html, "#moves a").len(), game.plies.len());
}

/// A Go record whose `RE` is a count: the page says who played, the
/// komi, the rules and the count `RE` was verified against, and its last
/// board shades the dead stones (drawn as `show --territory` draws them).
#[test]
fn go_pages_show_the_players_and_the_counted_end() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("walled.sgf");
    let column = |c: char| (b'a'..=b'i').map(move |r| format!("[{c}{}]", r as char));
    let black: String = column('c').collect();
    let white: String = column('d').collect();
    std::fs::write(
        &path,
        format!(
            "(;GM[1]SZ[9]KM[6.5]RU[Japanese]RE[W+33.5]PB[Kuro]BR[3d]PW[Shiro]WR[2d]AB{black}AW{white}[ad]\
             ;B[ba];W[aa];B[ab];W[];B[])"
        ),
    )
    .unwrap();
    let path = path.to_string_lossy().into_owned();
    let run = export_html(&[&path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let header = text_of(&html, "header");
    assert!(header.contains("black: Kuro (3d)"), "{header}");
    assert!(header.contains("white: Shiro (2d)"), "{header}");
    assert!(header.contains("komi 6.5"), "{header}");
    assert!(header.contains("RU[Japanese]"), "{header}");
    assert!(
        header.contains("territory count of the final position, dead stones judged (1 dead"),
        "{header}"
    );
    assert!(header.contains("W+33.5"), "{header}");
    let drawn = drawings(&html);
    let last = drawn.last().unwrap();
    assert_eq!(last.matches(r#"class="white dead""#).count(), 1, "{last}");
    assert!(!drawn[0].contains("dead-mark\""), "{}", drawn[0]);
}

/// A Go game of `moves` legal moves on 19x19 (a fixed pseudo-random
/// sequence), as SGF.
fn long_go_game(moves: usize) -> String {
    use asalto_go::{Move, Point, Position, Profile, Size};
    let size = Size::new(19).unwrap();
    let mut pos = Position::new(size, Profile::SimpleKo);
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]");
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut played = 0;
    while played < moves {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let p = Point::new((seed % 19) as u8, ((seed >> 8) % 19) as u8);
        let side = pos.to_move();
        if pos.play(Move::Play(p)).is_ok() {
            let [c, r] = p.sgf();
            let colour = if side == asalto_go::Side::Black {
                'B'
            } else {
                'W'
            };
            sgf.push_str(&format!(";{colour}[{}{}]", c as char, r as char));
            played += 1;
        }
    }
    sgf.push_str(")\n");
    sgf
}

#[test]
fn pages_of_long_games_stay_small() {
    // The longest game of `selfplay --officers random --rebels basic-v2
    // --games 1000 --seed 7`: game 201, 327 moves (the same whatever the
    // number of games played, which depends on the seed only).
    let refs = tempfile::tempdir().unwrap();
    let out = refs.path().to_str().unwrap();
    let made = asalto(&[
        "selfplay",
        "--officers",
        "random",
        "--rebels",
        "basic-v2",
        "--games",
        "201",
        "--seed",
        "7",
        "--out",
        out,
        "--force",
        "-q",
    ]);
    assert_eq!(made.code, 0, "{}", made.stderr);
    let longest = refs.path().join("game-0201.txt");
    let run = export_html(&[longest.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    parse_valid(&run.stdout);
    assert!(run.stdout.len() < 200_000, "{} bytes", run.stdout.len());
    // Every Asalto position as text, for reading without JavaScript.
    let html = parse_valid(&run.stdout);
    let moves = select(&html, "#moves li").len();
    assert_eq!(moves, 327);
    assert_eq!(select(&html, "#moves pre").len(), moves);
    // Go, 300 moves on 19x19: the text boards of every position alone
    // would be 114 KB; they are drawn after every second move (and the
    // last), every move still listed with its captures.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long.sgf");
    std::fs::write(&file, long_go_game(300)).unwrap();
    let run = export_html(&[file.to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.len() < 200_000, "{} bytes", run.stdout.len());
    let html = parse_valid(&run.stdout);
    let drawn = drawings(&html);
    assert_eq!(drawn.len(), 301);
    assert_eq!(select(&html, "#moves li").len(), 300);
    let bytes = std::fs::read(&file).unwrap();
    let checked = asalto_go::check(&bytes, &asalto_go::replay::CheckOptions::default());
    let game = &checked.games[0];
    let boards = select(&html, "#moves li pre");
    assert!((140..=160).contains(&boards.len()), "{}", boards.len());
    for li in select(&html, "#moves li") {
        let Some(pre) = li.select(&Selector::parse("pre").unwrap()).next() else {
            continue;
        };
        let k: usize = li.value().id().unwrap()[1..].parse().unwrap();
        // The reference text board: `X` black, `O` white, top row first.
        let grid = game.position_after(k).board().grid_string();
        let expected: String = grid
            .as_bytes()
            .chunks(19)
            .map(|row| {
                let mut r: String = row
                    .iter()
                    .map(|&c| match c {
                        b'b' => 'X',
                        b'w' => 'O',
                        _ => '.',
                    })
                    .collect();
                r.push('\n');
                r
            })
            .collect();
        assert_eq!(pre.text().collect::<String>(), expected, "position {k}");
    }
    assert!(select(&html, "#p300 pre").len() == 1);
    assert!(text_of(&html, "#p0").contains("after every 2nd move"));
}

#[test]
fn a_hostile_file_name_is_text_not_markup() {
    let dir = tempfile::tempdir().unwrap();
    // A file name holds no `/`: the rest of an attack fits.
    let name = "<script>alert(1)<\\script>\"><img src=x onerror=alert(2)>.txt";
    let file = dir.path().join(name);
    std::fs::write(&file, "Bc-Cc\nDd-Cd\n<script>alert(3)</script>\n").unwrap();
    let run = export_html(&[file.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    let html = parse_valid(&run.stdout);
    // Our three scripts only: the line table, the frames, the stepping.
    let scripts = select(&html, "script");
    assert_eq!(scripts.len(), 3);
    assert!(text_of(&html, "h1").ends_with(name));
    assert!(text_of(&html, "title").contains(name));
    assert!(text_of(&html, "#stop code").contains("<script>alert(3)</script>"));
}

#[test]
fn the_check_page_lists_every_file_valid_or_where_it_breaks() {
    // The records of `samples/` (its sub-folders hold other games'),
    // then the folder `samples/invalid`.
    let all = samples();
    let mut args = vec!["check", "--format", "html"];
    args.extend(
        all.iter()
            .filter(|(path, _)| !path.starts_with("samples/invalid/"))
            .map(|(path, _)| path.as_str()),
    );
    args.push("samples/invalid");
    let run = asalto(&args);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let rows = select(&html, "tbody tr");
    assert_eq!(rows.len(), all.len());
    for ((path, _), row) in all.iter().zip(&rows) {
        let text: String = row.text().collect();
        assert!(text.starts_with(path.as_str()), "{text}");
        let verdict: String = row
            .select(&Selector::parse("td").unwrap())
            .nth(1)
            .unwrap()
            .text()
            .collect();
        let source = std::fs::read_to_string(path).unwrap();
        let checked = check(&source, CheckOptions::default());
        match checked.errors().next() {
            None => assert_eq!(verdict, "valid", "{text}"),
            Some(p) => {
                assert_eq!(verdict, "invalid", "{text}");
                assert!(text.contains(p.reason().code()), "{text}");
                assert!(text.contains(&format!("line {}", p.line)), "{text}");
            }
        }
    }
    let invalid = all
        .iter()
        .filter(|(p, _)| {
            !check(
                &std::fs::read_to_string(p).unwrap(),
                CheckOptions::default(),
            )
            .is_valid()
        })
        .count();
    // A section with the board before the move for each invalid file.
    assert_eq!(select(&html, "section.file").len(), invalid);
    assert_eq!(select(&html, "section.file svg").len(), invalid);
    // A missing file is a row too, and the status says so.
    let run = asalto(&[
        "check",
        "--format",
        "html",
        "samples/ejemplo.txt",
        "no-such.txt",
    ]);
    assert_eq!(run.code, 2);
    let html = parse_valid(&run.stdout);
    assert!(text_of(&html, "tbody").contains("unreadable"));
}

#[cfg(target_os = "linux")]
#[test]
fn the_grading_report_escapes_what_programs_print() {
    let dir = tempfile::tempdir().unwrap();
    let subs = dir.path().join("subs");
    let evil = "\"><img src=x onerror=alert(1)>";
    for name in [evil, "plain"] {
        let folder = subs.join(name);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(
            folder.join("asalto.py"),
            "print('<script>alert(document.cookie)</script>')\nprint('\"><img src=x onerror=alert(2)>')\nprint(\"</pre><script>alert(3)</script>\")\nraise SystemExit(3)\n",
        )
        .unwrap();
    }
    let out = dir.path().join("report");
    let run = asalto(&[
        "grade",
        "--games",
        "samples/ejemplo.txt",
        "--submissions",
        subs.to_str().unwrap(),
        "--sandbox",
        "none",
        "--format",
        "html",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    let html = parse_valid(&index);
    // One script (the sorting), rows with links to each page.
    assert_eq!(select(&html, "script").len(), 1);
    let links: Vec<String> = select(&html, "tbody a")
        .iter()
        .map(|a| a.value().attr("href").unwrap().to_string())
        .collect();
    assert_eq!(links.len(), 2);
    assert!(text_of(&html, "tbody").contains(evil));
    for link in &links {
        assert!(
            link.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b)),
            "{link}"
        );
        let page = std::fs::read_to_string(out.join(link)).unwrap();
        let html = parse_valid(&page);
        assert_eq!(select(&html, "script").len(), 0, "{link}");
        // What the program printed is there, as text.
        let pres: String = select(&html, "pre")
            .iter()
            .map(|p| p.text().collect::<String>())
            .collect();
        assert!(
            pres.contains("<script>alert(document.cookie)</script>"),
            "{link}: {pres}"
        );
        assert!(pres.contains("\"><img src=x onerror=alert(2)>"), "{link}");
        assert!(pres.contains("</pre><script>alert(3)</script>"), "{link}");
    }
    // --format html needs the folder.
    let run = asalto(&[
        "grade",
        "--games",
        "samples/ejemplo.txt",
        "--sandbox",
        "none",
        "--format",
        "html",
        "--",
        "python3",
        "-c",
        "pass",
    ]);
    assert_eq!(run.code, 2, "{}", run.stderr);
}

/// Mad Bishops and Solitaire Chess records get their own game's page, not
/// Asalto's (a Mad Bishops record was once drawn as an Asalto record
/// illegal at move 1); files of several games share one check page, each
/// judged by its own game.
#[test]
fn records_of_other_games_get_their_own_games_page() {
    let game = "samples/madbishops/game.txt";
    let run = asalto(&["export", game, "--to", "html"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(text_of(&parse_valid(&run.stdout), "header").contains("Mad Bishops"));
    let run = asalto(&["check", "--format", "html", game]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(text_of(&parse_valid(&run.stdout), "tbody").contains("Mad Bishops"));
    let run = asalto(&[
        "check",
        "--format",
        "html",
        game,
        "samples/ejemplo.txt",
        "samples/solitaire/answer.txt",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let games: Vec<String> = select(&html, "tbody tr")
        .iter()
        .map(|row| row.text().collect())
        .collect();
    assert_eq!(games.len(), 3);
    for (row, name) in games
        .iter()
        .zip(["Mad Bishops", "Asalto", "Solitaire Chess"])
    {
        assert!(row.contains(name), "{row}");
    }
    let run = asalto(&["export", "samples/solitaire/answer.txt", "--to", "html"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(text_of(&parse_valid(&run.stdout), "header").contains("Solitaire Chess"));
}

/// The Solitaire Chess check of the record at `path` (its own profile).
fn solitaire_checked(path: &str) -> asalto_solitaire::Checked {
    use asalto_solitaire::{Profile, Solver, check, format};
    let record = format::parse_record(&std::fs::read_to_string(path).unwrap()).unwrap();
    check::check_record(
        &record,
        &mut Solver::new(record.profile_or(Profile::Codegolf)),
    )
}

#[test]
fn solitaire_pages_draw_every_capture_as_the_solitaire_renderer_does() {
    use asalto_solitaire::render;
    let path = "samples/solitaire/answer.txt";
    let run = export_html(&[path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let checked = solitaire_checked(path);
    let drawn = drawings(&html);
    assert_eq!(drawn.len(), checked.plies.len() + 1);
    assert_eq!(drawn[0], render::svg(&checked.puzzle, None, &[]));
    for (k, p) in checked.plies.iter().enumerate() {
        assert_eq!(
            drawn[k + 1],
            render::svg(&p.after, Some(p.capture), &[]),
            "position {}",
            k + 1
        );
        assert_eq!(
            text_of(&html, &format!("#p{} pre", k + 1)),
            render::ascii(&p.after, Some(p.capture))
        );
    }
    let links = select(&html, "#moves a");
    assert_eq!(links.len(), 7);
    assert_eq!(
        links[0].text().collect::<String>(),
        "bishop Bc2xd3 takes the rook"
    );
    assert!(text_of(&html, "header").contains("Solitaire Chess"));
    assert!(text_of(&html, "header").contains("solved: one piece left"));
    assert!(select(&html, "#stop").is_empty());
}

#[test]
fn a_wrong_solitaire_answer_shows_its_first_wrong_capture() {
    // A capture the rules refuse: the page stops there, on the board
    // before it.
    let path = "samples/solitaire/given-3.txt";
    let run = export_html(&[path]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let checked = solitaire_checked(path);
    let problem = checked.problem.as_ref().unwrap();
    let alert = text_of(&html, "#stop");
    assert!(alert.contains("cannot-reach"), "{alert}");
    assert!(alert.contains(&problem.message()), "{alert}");
    assert!(alert.contains("line 3, move 5"), "{alert}");
    assert_eq!(checked.plies.len(), 4);
    assert_eq!(
        select(&html, "#board")[0].value().attr("data-frame"),
        Some("4")
    );
    let marked = select(&html, "#moves li.illegal");
    assert_eq!(marked.len(), 1);
    assert!(text_of(&html, "#status").contains("cannot-reach"));
    // Too many pieces left: the problem comes after the last capture.
    let run = export_html(&["samples/solitaire/other.txt"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    assert!(text_of(&html, "#stop").contains("pieces-left"));
    assert!(text_of(&html, "header").contains("not solved: 5 pieces left"));
    // Not a record at all: no page, and why.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not.txt");
    std::fs::write(&file, "hello\n").unwrap();
    let run = export_html(&["--game", "solitaire", file.to_str().unwrap()]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.contains("not a Solitaire Chess record"),
        "{}",
        run.stderr
    );
}

#[test]
fn mad_bishops_pages_draw_every_move_as_the_mad_bishops_renderer_does() {
    use asalto_madbishops::render::{self, Marks};
    use asalto_madbishops::replay::{CheckOptions, check};
    let path = "samples/madbishops/game.txt";
    let run = export_html(&[path]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let checked = check(
        &std::fs::read_to_string(path).unwrap(),
        &CheckOptions::default(),
    );
    let game = &checked.game;
    let drawn = drawings(&html);
    assert_eq!(drawn.len(), game.plies.len() + 1);
    assert_eq!(drawn[0], render::svg(game.start.board(), None, &[]));
    for (k, p) in game.plies.iter().enumerate() {
        assert_eq!(
            drawn[k + 1],
            render::svg(p.position.board(), Some(p.mv), &[]),
            "position {}",
            k + 1
        );
    }
    assert_eq!(
        text_of(&html, "#p59 pre"),
        render::text_board(
            game.plies[58].position.board(),
            &Marks::of_move(game.plies[58].mv)
        )
    );
    let links = select(&html, "#moves a");
    assert_eq!(links.len(), 59);
    for (link, p) in links.iter().zip(&game.plies) {
        let capture = format!(
            " captures the {} bishop on {}",
            p.side.opponent().name(),
            p.mv.to()
        );
        let words = format!(
            "{} {}{}",
            p.side.name(),
            p.mv,
            if p.mv.is_capture() {
                capture.as_str()
            } else {
                ""
            }
        );
        assert_eq!(link.text().collect::<String>(), words);
    }
    assert!(game.plies.iter().any(|p| !p.mv.is_capture()));
    assert!(text_of(&html, "header").contains("red wins: every blue bishop is captured"));
}

#[test]
fn an_invalid_mad_bishops_record_shows_its_first_illegal_move() {
    use asalto_madbishops::replay::{CheckOptions, check};
    let dir = std::path::Path::new("samples/madbishops/invalid");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    files.sort_by_key(|e| e.path());
    assert!(files.len() >= 10);
    for file in files {
        let path = file.path().to_string_lossy().into_owned();
        let run = export_html(&["--game", "madbishops", &path]);
        assert_eq!(run.code, 1, "{path}: {}", run.stderr);
        let html = parse_valid(&run.stdout);
        let checked = check(
            &std::fs::read_to_string(&path).unwrap(),
            &CheckOptions::default(),
        );
        let problem = checked.errors().next().unwrap();
        let alert = text_of(&html, "#stop");
        assert!(alert.contains(problem.reason().code()), "{path}: {alert}");
        assert!(alert.contains(&problem.bare_message()), "{path}: {alert}");
        assert!(
            alert.contains(&format!("line {}", problem.line)),
            "{path}: {alert}"
        );
        assert_eq!(select(&html, "#moves li.illegal").len(), 1, "{path}");
        assert_eq!(
            select(&html, "#board")[0].value().attr("data-frame"),
            Some(checked.game.plies.len().to_string().as_str()),
            "{path}"
        );
    }
}

#[test]
fn the_check_page_lists_solitaire_and_mad_bishops_records() {
    let run = asalto(&[
        "check",
        "--format",
        "html",
        "samples/solitaire/answer.txt",
        "samples/solitaire/given-3.txt",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let rows = select(&html, "tbody tr");
    assert_eq!(rows.len(), 2);
    let page = html.root_element().text().collect::<String>();
    assert!(page.contains("Solitaire Chess"), "{page}");
    assert!(page.contains("cannot-reach"));
    // The board before the wrong capture, drawn by the Solitaire renderer.
    assert_eq!(select(&html, "section.file svg").len(), 1);
    // A folder of the two valid records (`samples/madbishops` holds
    // sub-folders of invalid ones too), then an invalid one.
    let dir = tempfile::tempdir().unwrap();
    for name in ["game.txt", "short.txt"] {
        std::fs::copy(format!("samples/madbishops/{name}"), dir.path().join(name)).unwrap();
    }
    let run = asalto(&[
        "check",
        "--format",
        "html",
        dir.path().to_str().unwrap(),
        "samples/madbishops/invalid/blocked.txt",
    ]);
    assert_eq!(run.code, 1, "{}", run.stderr);
    let html = parse_valid(&run.stdout);
    let page = html.root_element().text().collect::<String>();
    assert!(page.contains("Mad Bishops"), "{page}");
    assert!(page.contains("red wins"));
    assert_eq!(select(&html, "tbody tr").len(), 3);
    assert!(page.contains("blocked"));
    assert_eq!(select(&html, "section.file svg").len(), 1);
}

#[test]
fn the_check_page_is_the_same_on_one_thread_or_many() {
    let page = |jobs: &str| {
        let run = asalto(&[
            "check",
            "--format",
            "html",
            "-j",
            jobs,
            "samples",
            "samples/invalid",
            "samples/madbishops/invalid",
            "samples/solitaire/given-3.txt",
            "crates/go/tests/data/selfplay/tt-9-044.sgf",
            "crates/go/tests/data/selfplay/ko-13-009.sgf",
            "no-such-file.txt",
        ]);
        assert_eq!(run.code, 2, "{}", run.stderr);
        run.stdout
    };
    let one = page("1");
    let html = parse_valid(&one);
    let rows = select(&html, "tbody tr");
    assert!(rows.len() > 20, "{}", rows.len());
    // Every game's files are on it, in the order of the arguments.
    let names: Vec<String> = rows
        .iter()
        .map(|r| r.text().next().unwrap_or_default().to_string())
        .collect();
    let first = |prefix: &str| names.iter().position(|n| n.starts_with(prefix));
    let (go, solitaire) = (first("crates/go/"), first("samples/solitaire/"));
    assert!(
        first("samples/madbishops/invalid/") < solitaire,
        "{names:?}"
    );
    assert!(solitaire < go && go.is_some(), "{names:?}");
    assert_eq!(names.last().map(String::as_str), Some("no-such-file.txt"));
    assert_eq!(one, page("4"));
}
