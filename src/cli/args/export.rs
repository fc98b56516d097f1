//! The options of `export`.

use super::common::{
    BishopsArgs, BoardFormArg, ColorChoice, GameArgs, Given, ReadArgs, Reading, Rules,
    parse_notation,
};

/// Examples shown under `--help`.
const EXAMPLES: &str = "Examples:\n  asalto export game.txt --to json --pretty > game.json\n  asalto export game.json --to text           (the record again)\n  asalto export game.txt --to input | python3 asalto.py    (type it into a program)\n  asalto export --lenient typed.txt --to text  (captures written out in full)\n  asalto export game.sgf --to gtp             (Go: also json, sgf, prolog)\n  asalto export answer.txt --to codegolf      (Solitaire Chess: also json, boards, text)\n  asalto export game.txt --to html --ply 12 > game.html   (a replay page)\n";

/// Convert a game: a record or a JSON game document in, JSON, a canonical
/// record, or the assignment's console session out.
#[derive(clap::Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// A record file, or a JSON game document (`-` reads standard input).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// What to write.
    #[arg(long, value_enum)]
    pub to: Target,
    /// What the input is. `auto`: a JSON game document if it starts with
    /// `{`, else a record.
    #[arg(long, value_enum, default_value_t)]
    pub from: Source,
    /// Indent the JSON document.
    #[arg(long)]
    pub pretty: bool,
    /// For an invalid record, export its valid part (and still exit 1)
    /// instead of nothing.
    #[arg(long)]
    pub keep_partial: bool,
    /// Go: line N of the first game tree instead of its main line (0: the
    /// main line; then every other line from the root to a leaf, in tree
    /// order, the first child's lines first).
    #[arg(long, value_name = "N")]
    pub variation: Option<usize>,
    /// For `--to transcript`: leave out the typed lines, giving only what the
    /// program prints when its input comes from a pipe.
    #[arg(long)]
    pub no_echo: bool,
    /// For `--to html`: the position the page opens on (default: the
    /// first illegal move, or the end).
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,
    /// When to colour the report of an invalid record (on standard error).
    #[arg(long, value_enum, default_value_t)]
    pub color: ColorChoice,
    #[command(flatten)]
    pub read: ReadArgs,
    #[command(flatten)]
    pub game: GameArgs,
    /// Solitaire Chess, `--to boards`: how each board is written: `string`
    /// (16 characters), `rows` (four lines), `letters` or `numbers` (a list
    /// of lists), `coordinates` (a list of `[x, y, 'c']`) [default:
    /// string].
    #[arg(long, value_enum)]
    pub board_form: Option<BoardFormArg>,
    #[command(flatten)]
    pub bishops: BishopsArgs,
    /// Mad Bishops: the notation of `--to text` [possible values:
    /// algebraic, row-column, numbers].
    #[arg(long, value_name = "NOTATION", value_parser = parse_notation)]
    pub notation: Option<asalto_madbishops::Notation>,
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
    /// A replay page: one self-contained HTML file (board, move list,
    /// arrow keys); an invalid record's page shows where it breaks.
    Html,
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
            Target::Html => "html",
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

/// The options of `export` that not every game reads.
pub const GAME_OPTIONS: [Given; 6] = [
    Given::every("--lenient"),
    Given::some("--no-echo"),
    Given::some("--board-form"),
    Given::some("--first"),
    Given::some("--notation"),
    Given::some("--variation"),
];

impl Args {
    /// How its records are read under the profile `rules`.
    pub fn reading(&self, rules: Rules) -> Reading {
        Reading {
            variation: self.variation.unwrap_or(0),
            ..Reading::of(rules, &self.read, &self.bishops)
        }
    }

    /// The options of [`GAME_OPTIONS`] given.
    pub fn given(&self) -> Vec<Given> {
        Given::pick(
            &GAME_OPTIONS,
            [
                self.read.lenient,
                self.no_echo,
                self.board_form.is_some(),
                self.bishops.first.is_some(),
                self.notation.is_some(),
                self.variation.is_some(),
            ],
        )
    }
}
