//! `asalto export`: convert a game between records, JSON and the console
//! session of the assignment.

use asalto::export::{GameDocument, write_json};
use asalto::record::write_record;
use asalto::replay::{Game, check};
use asalto::transcript;
use asalto::{Position, json::StopJson};

use super::{Out, ReadArgs, Status, WriteError, error, read_input};
use asalto::text::escape_line;

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto export game.txt --to json --pretty > game.json\n  asalto export game.json --to text           (the record again)\n  asalto export game.txt --to input | python3 asalto.py    (type it into a program)\n  asalto export --lenient typed.txt --to text  (captures written out in full)\n  asalto export game.sgf --to gtp             (Go: also json, sgf, prolog)\n  asalto export answer.txt --to codegolf      (Solitaire Chess: also json, boards, text)\n";

/// Convert a game: a record or a JSON game document in, JSON, a canonical
/// record, or the assignment's console session out.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// A record file, or a JSON game document (`-` reads standard input).
    #[arg(value_name = "FILE")]
    file: String,
    /// What to write.
    #[arg(long, value_enum)]
    to: Target,
    /// What the input is. `auto`: a JSON game document if it starts with
    /// `{`, else a record.
    #[arg(long, value_enum, default_value_t)]
    from: Source,
    /// Indent the JSON document.
    #[arg(long)]
    pretty: bool,
    /// For an invalid record, export its valid part (and still exit 1)
    /// instead of nothing.
    #[arg(long)]
    keep_partial: bool,
    /// For `--to transcript`: leave out the typed lines, giving only what the
    /// program prints when its input comes from a pipe.
    #[arg(long)]
    no_echo: bool,
    #[command(flatten)]
    read: ReadArgs,
    #[command(flatten)]
    game: super::go::GameArgs,
    /// Solitaire Chess, `--to boards`: how each board is written: `string`
    /// (16 characters), `rows` (four lines), `letters` or `numbers` (a list
    /// of lists), `coordinates` (a list of `[x, y, 'c']`).
    #[arg(long, value_enum, default_value_t)]
    board_form: super::solitaire::export::BoardFormArg,
    #[command(flatten)]
    bishops: super::madbishops::BishopsArgs,
    /// Mad Bishops: the notation of `--to text` [possible values:
    /// algebraic, row-column, numbers].
    #[arg(long, value_name = "NOTATION", value_parser = super::madbishops::play::parse_notation)]
    notation: Option<asalto_madbishops::Notation>,
}

/// What `export` writes.
#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq)]
pub enum Target {
    /// The JSON game document (format `asalto-game`, version 1).
    Json,
    /// A canonical record: one whole move per line.
    Text,
    /// The console session of a correct program of the assignment with the
    /// game typed into it, both sides on HUMANO.
    Transcript,
    /// Only the lines a person types in that session: the standard input to
    /// feed a program.
    Input,
    /// Go: the main line as canonical SGF.
    Sgf,
    /// Go: GTP commands that set the game up and play it.
    Gtp,
    /// Go: the 2019 assignment's Prolog terms: `move(N, "b", [Row,Col]).`
    /// facts, then `board(...)` of the final position. Mad Bishops: the
    /// report's 10x10 list of lists of the final position (0 light square,
    /// 1 empty, 2 red, 3 blue).
    Prolog,
    /// Solitaire Chess: the challenge's answer, the list of moves
    /// `[[[x,y],[x,y]], ...]` (`0` for "no solution").
    Codegolf,
    /// Solitaire Chess: the board after each capture, one 16-character
    /// string per line (`--board-form` for the challenge's other forms).
    Boards,
}

impl Target {
    /// The name of the target, as `--to` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Target::Json => "json",
            Target::Text => "text",
            Target::Transcript => "transcript",
            Target::Input => "input",
            Target::Sgf => "sgf",
            Target::Gtp => "gtp",
            Target::Prolog => "prolog",
            Target::Codegolf => "codegolf",
            Target::Boards => "boards",
        }
    }
}

/// What `export` reads.
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum Source {
    /// Decide from the first character.
    #[default]
    Auto,
    /// A record file.
    Record,
    /// A JSON game document.
    Json,
}

/// Run `export`.
pub fn run(args: Args, out: &mut Out) -> Result<Status, WriteError> {
    let file = std::slice::from_ref(&args.file);
    match super::madbishops::route(&args.game, args.bishops, args.read.strict, file) {
        Some(Err(message)) => {
            error(&message);
            return Ok(Status::Error);
        }
        Some(Ok(settings)) => {
            let request = super::madbishops::export::Request {
                to: args.to,
                notation: args
                    .notation
                    .unwrap_or(asalto_madbishops::Notation::Algebraic),
                pretty: args.pretty,
                keep_partial: args.keep_partial,
            };
            return super::madbishops::export::run(&args.file, settings, request, out);
        }
        None if args.notation.is_some() => {
            error("--notation is for Mad Bishops records (add --game madbishops)");
            return Ok(Status::Error);
        }
        None => {}
    }
    match super::go::route(&args.game, std::slice::from_ref(&args.file)) {
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
        Ok(super::go::Route::Go(profile)) => {
            let settings = super::go::export::Settings {
                profile,
                lenient: args.read.lenient,
                to: args.to,
                pretty: args.pretty,
                keep_partial: args.keep_partial,
            };
            return super::go::export::run(&args.file, settings, out);
        }
        Ok(super::go::Route::Solitaire(rules)) => {
            let settings = super::solitaire::export::Settings {
                rules,
                to: args.to,
                pretty: args.pretty,
                keep_partial: args.keep_partial,
                board_form: args.board_form,
            };
            return super::solitaire::export::run(&args.file, settings, out);
        }
        Ok(super::go::Route::Asalto) => {}
    }
    if matches!(args.to, Target::Sgf | Target::Gtp | Target::Prolog) {
        error("--to sgf, gtp and prolog are for Go records (name the game with --game go)");
        return Ok(Status::Error);
    }
    if matches!(args.to, Target::Codegolf | Target::Boards) {
        error(
            "--to codegolf and boards are for Solitaire Chess records (name the game with --game solitaire)",
        );
        return Ok(Status::Error);
    }
    let input = match read_input(&args.file) {
        Ok(input) => input,
        Err(message) => {
            error(&message);
            return Ok(Status::Error);
        }
    };
    let shown = escape_line(&input.name);
    let name = shown.as_ref();
    let is_json = match args.from {
        Source::Json => true,
        Source::Record => false,
        Source::Auto => input
            .text
            .trim_start_matches('\u{feff}')
            .trim_start()
            .starts_with('{'),
    };
    let mut status = Status::Success;
    let (game, source, stopped) = if is_json {
        let doc = match GameDocument::from_json(&input.text) {
            Ok(doc) => doc,
            Err(e) => {
                error(&format!("{name}: {e}"));
                return Ok(Status::Failure);
            }
        };
        match doc.to_game() {
            Ok(game) => (game, doc.source.clone(), doc.stopped.clone()),
            Err(e) => {
                error(&format!("{name}: not a legal game: {e}"));
                return Ok(Status::Failure);
            }
        }
    } else {
        let checked = check(&input.text, args.read.options());
        let stopped = StopJson::of(&checked);
        if let Some(stop) = &stopped {
            status = Status::Failure;
            let valid = checked.game.plies.len();
            let at = stop.ply.map_or(String::new(), |p| format!(", move {p}"));
            let head = format!(
                "{name}: invalid record: line {}{at}: {} [{}]",
                stop.line,
                escape_line(&stop.message),
                stop.code
            );
            if args.keep_partial {
                error(&format!(
                    "{head}; exporting its valid part, {valid} move{}",
                    if valid == 1 { "" } else { "s" }
                ));
            } else {
                error(&format!(
                    "{head}; nothing exported (`asalto check {}` explains; --keep-partial exports the {valid} valid move{})",
                    args.file,
                    if valid == 1 { "" } else { "s" }
                ));
                return Ok(status);
            }
        }
        // Standard input is `-` in JSON, as in every command's JSON.
        (checked.game, Some(args.file.clone()), stopped)
    };
    if args.to != Target::Json && game.start != Position::start() {
        error(&format!(
            "{name}: the game starts from {}, not from the start position; only JSON can hold it",
            game.start
        ));
        return Ok(Status::Failure);
    }
    if args.to == Target::Json {
        write_json(
            &game,
            source.as_deref(),
            stopped.as_ref(),
            args.pretty,
            out.writer(),
        )
        .map_err(|e| WriteError::from_json(&e))?;
        out.write("\n")?;
        return Ok(status);
    }
    out.write(&convert(&game, args.to, &args))?;
    Ok(status)
}

fn convert(game: &Game, to: Target, args: &Args) -> String {
    match to {
        // Go's targets were turned away above.
        Target::Json
        | Target::Sgf
        | Target::Gtp
        | Target::Prolog
        | Target::Codegolf
        | Target::Boards => String::new(),
        Target::Text => write_record(game.moves()),
        Target::Transcript => transcript::transcript(game, !args.no_echo),
        Target::Input => transcript::typed_input(game),
    }
}
