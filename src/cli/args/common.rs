//! The option groups and values that several commands share, and the
//! parsers of the values of the games' own options: data of the command
//! line, below every game and command (the games read them, the commands
//! hand them on).

use std::io::{self, IsTerminal};

use asalto::basic::BasicScore;
use asalto_core::GameKind;
use clap::ValueEnum;

/// When to colour output.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum ColorChoice {
    /// On a terminal that shows colours: not when `NO_COLOR` is set or
    /// `TERM` is `dumb` (`FORCE_COLOR` forces them).
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour standard output.
    pub fn enabled(self) -> bool {
        self.enabled_on(supports_color::Stream::Stdout)
    }

    /// Whether to colour what is written on standard error (the reports of
    /// `show`, `export` and `diff`, whose standard output is the product).
    pub fn enabled_on_stderr(self) -> bool {
        self.enabled_on(supports_color::Stream::Stderr)
    }

    /// Whether to colour `stream`: `auto` asks the terminal's
    /// conventions as other tools read them (`supports-color`: a
    /// terminal, `TERM` other than `dumb`, no `NO_COLOR`; `FORCE_COLOR`
    /// and `CLICOLOR_FORCE` force colours).
    fn enabled_on(self, stream: supports_color::Stream) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => supports_color::on(stream).is_some(),
        }
    }
}

/// How to read a record, for the commands that replay one.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct ReadArgs {
    /// Accept captures written with only their first two points (completed,
    /// with a warning).
    #[arg(long)]
    pub lenient: bool,
    /// Treat format warnings (BOM, CRLF, blank lines, spaces, comments) as
    /// errors.
    #[arg(long)]
    pub strict: bool,
}

/// The glyphs of a board drawing.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum Style {
    /// Unicode on a terminal, the assignment's ASCII otherwise.
    #[default]
    Auto,
    /// The assignment's `O R . - | \ /`.
    Ascii,
    /// Box-drawing lines and round pieces.
    Unicode,
}

impl Style {
    /// Whether to draw with Unicode: asked, or `auto` on a terminal.
    pub fn unicode(self) -> bool {
        match self {
            Style::Ascii => false,
            Style::Unicode => true,
            Style::Auto => io::stdout().is_terminal(),
        }
    }
}

/// How boards are drawn for people: shared by the commands that draw them.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct DrawArgs {
    /// Glyphs of the board drawing.
    #[arg(long, value_enum, default_value_t)]
    pub style: Style,
    /// When to use colours.
    #[arg(long, value_enum, default_value_t)]
    pub color: ColorChoice,
}

/// Output format shared by the commands that have one.
#[derive(Clone, Copy, Debug, Default, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Text for people.
    #[default]
    Human,
    /// JSON for scripts.
    Json,
}

/// The game and rule profile options shared by the commands that read
/// records of more than one game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// The game of the records (default: `go` for `*.sgf` files and SGF
    /// text, `solitaire` for a file that starts with a puzzle, else
    /// `asalto`) [possible values: asalto, go, solitaire, madbishops].
    #[arg(long, value_name = "GAME")]
    pub game: Option<GameKind>,
    /// The rule profile: for Go `seed-2019`, `simple-ko` (the default for
    /// SGF), `positional-superko`, `tromp-taylor`; for Solitaire Chess
    /// `codegolf` (the default) or `thinkfun`; for Asalto
    /// `assignment-2018-19` (the only one); for Mad Bishops `steere` (the
    /// default) or `report` (a file that looks like no game's is read as
    /// a record of the profile's game).
    #[arg(long, value_name = "PROFILE")]
    pub rules: Option<String>,
}

/// The options only Mad Bishops has, shared by the commands that read its
/// records.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct BishopsArgs {
    /// Mad Bishops: who moves first, `red` (the report's rule, the default)
    /// or `blue`.
    #[arg(long, value_name = "SIDE", value_parser = parse_side)]
    pub first: Option<asalto_madbishops::Side>,
}

/// Parse `basic-v1` / `basic-v2` (Asalto's BASICO scores).
pub fn parse_basic(s: &str) -> Result<BasicScore, String> {
    BasicScore::from_name(s).ok_or_else(|| format!("`{s}`: expected basic-v1 or basic-v2"))
}

/// Parse `red` / `blue` (Mad Bishops' sides).
pub fn parse_side(s: &str) -> Result<asalto_madbishops::Side, String> {
    asalto_madbishops::Side::from_name(s).ok_or_else(|| format!("`{s}`: expected red or blue"))
}

/// Parse a Mad Bishops side's control at the console: `human`, `random`,
/// `greedy` or `search`.
pub fn parse_control(s: &str) -> Result<asalto_madbishops::console::Control, String> {
    use asalto_madbishops::console::Control;
    Control::ALL
        .into_iter()
        .find(|c| c.label().eq_ignore_ascii_case(s))
        .ok_or_else(|| format!("`{s}`: expected human, random, greedy or search"))
}

/// Parse a Mad Bishops notation: `algebraic`, `row-column` or `numbers`.
pub fn parse_notation(s: &str) -> Result<asalto_madbishops::Notation, String> {
    asalto_madbishops::Notation::from_name(s)
        .ok_or_else(|| format!("`{s}`: expected algebraic, row-column or numbers"))
}

/// Parse a Mad Bishops player: `random`, `greedy`, `search`, `search-N`.
pub fn parse_bishops_player(s: &str) -> Result<asalto_madbishops::player::Player, String> {
    s.parse()
}

/// Parse a Solitaire Chess profile: `codegolf` or `thinkfun`.
pub fn parse_solitaire_profile(name: &str) -> Result<asalto_solitaire::Profile, String> {
    use asalto_solitaire::Profile;
    Profile::from_name(name).ok_or_else(|| {
        format!(
            "unknown rules `{name}` (expected {})",
            Profile::ALL.map(Profile::name).join(" or ")
        )
    })
}

/// How a Solitaire Chess board is written (`export --to boards`) or given
/// to a solver (`grade --input-form`).
#[derive(Clone, Copy, Debug, Default, clap::ValueEnum, PartialEq, Eq)]
pub enum BoardFormArg {
    /// A 16-character string, top row first, one board per line.
    #[default]
    String,
    /// Four lines of four characters, a blank line between boards.
    Rows,
    /// A list of boards, each a list of four lists of four letters.
    Letters,
    /// A list of boards, each a list of four lists of numbers (1 = K ..
    /// 6 = P, 0 empty).
    Numbers,
    /// A list of boards, each a list of `[x, y, 'c']` (`[0, 0]`
    /// bottom-left).
    Coordinates,
}

impl BoardFormArg {
    /// The engine's form.
    pub fn form(self) -> asalto_solitaire::format::BoardForm {
        use asalto_solitaire::format::BoardForm;
        match self {
            BoardFormArg::String => BoardForm::String,
            BoardFormArg::Rows => BoardForm::Rows,
            BoardFormArg::Letters => BoardForm::Letters,
            BoardFormArg::Numbers => BoardForm::Numbers,
            BoardFormArg::Coordinates => BoardForm::Coordinates,
        }
    }
}

/// A command of the command line that reaches a game, by name: the table
/// of games says, for each, which of them offer it and which of its
/// options they read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandName {
    Check,
    Show,
    Export,
    Diff,
    Play,
    Selfplay,
    Grade,
    Solve,
    Generate,
}

impl CommandName {
    /// Every command that reaches a game.
    #[cfg(test)]
    pub const ALL: [CommandName; 9] = [
        CommandName::Check,
        CommandName::Show,
        CommandName::Export,
        CommandName::Diff,
        CommandName::Play,
        CommandName::Selfplay,
        CommandName::Grade,
        CommandName::Solve,
        CommandName::Generate,
    ];

    /// The command as typed: `check`.
    pub const fn name(self) -> &'static str {
        match self {
            CommandName::Check => "check",
            CommandName::Show => "show",
            CommandName::Export => "export",
            CommandName::Diff => "diff",
            CommandName::Play => "play",
            CommandName::Selfplay => "selfplay",
            CommandName::Grade => "grade",
            CommandName::Solve => "solve",
            CommandName::Generate => "generate",
        }
    }

    /// What the command does with a game, for the sentence that refuses
    /// a game: "`asalto play` does not *play Go* yet".
    pub fn does(self, game: &str) -> String {
        match self {
            CommandName::Check
            | CommandName::Show
            | CommandName::Export
            | CommandName::Diff
            | CommandName::Selfplay => format!("read {game} records"),
            CommandName::Play => format!("play {game}"),
            CommandName::Grade => format!("grade {game} programs"),
            CommandName::Solve => format!("solve {game} puzzles"),
            CommandName::Generate => format!("make {game} puzzles"),
        }
    }

    /// Whether the command reads records (its options are "for Go
    /// records"; other commands' "for Go").
    pub fn reads_records(self) -> bool {
        matches!(
            self,
            CommandName::Check | CommandName::Show | CommandName::Export | CommandName::Diff
        )
    }
}

/// An option given that not every game reads (`--first`, `--size`): the
/// table of games says which do, and refuses it for the others, by one
/// rule and in one sentence, whatever the command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Given {
    /// The option as typed: `--first`.
    pub name: &'static str,
    /// How far it reaches in a batch of files of several games (`check`):
    /// a way of reading records (`--lenient`) must suit every file's
    /// game; a setting of one game's records (`--first`) needs one file
    /// of a game that reads it and leaves the others alone. A command of
    /// one game asks that game to read it either way.
    pub every_file: bool,
}

impl Given {
    /// A setting of some games' records: a batch needs one of them.
    pub const fn some(name: &'static str) -> Given {
        Given {
            name,
            every_file: false,
        }
    }

    /// A way of reading records: every file's game must read it.
    pub const fn every(name: &'static str) -> Given {
        Given {
            name,
            every_file: true,
        }
    }

    /// The options of `options` (a command's options that not every
    /// game reads) whose `given` is true, in order.
    pub fn pick<const N: usize>(options: &[Given; N], given: [bool; N]) -> Vec<Given> {
        options
            .iter()
            .zip(given)
            .filter_map(|(option, given)| given.then_some(*option))
            .collect()
    }
}

/// Parse an Asalto player of the officers: one that can play them
/// (BASICO plays the rebels only, so it is not offered here).
pub fn parse_officers(s: &str) -> Result<asalto::player::Player, String> {
    parse_player_of(s, asalto::Side::Officers)
}

/// Parse an Asalto player of the rebels.
pub fn parse_rebels(s: &str) -> Result<asalto::player::Player, String> {
    parse_player_of(s, asalto::Side::Rebels)
}

/// An Asalto player that can play `side`, or what the players of that
/// side are.
fn parse_player_of(s: &str, side: asalto::Side) -> Result<asalto::player::Player, String> {
    use asalto::player::Player;
    let able: Vec<&str> = Player::NAMES
        .split(", ")
        .filter(|name| Player::from_name(name).is_some_and(|p| p.can_play(side)))
        .collect();
    let expected = match able.as_slice() {
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        [] => String::new(),
    };
    match Player::from_name(s) {
        Some(player) if player.can_play(side) => Ok(player),
        Some(player) => Err(format!(
            "`{s}`: {player} cannot play the {side}; expected {expected}"
        )),
        None => Err(format!("`{s}`: expected {expected}")),
    }
}

/// The profile `--rules` names for a game: one of its profiles, as the
/// routing checked, or `None` for the game's default (Solitaire Chess's
/// default is the record's own `rules:` line, so only the game knows it).
pub type Rules = Option<&'static str>;

/// How a record is read, from whichever command's options: the profile
/// the routing chose and the reading options of every game (each game
/// reads those it knows; the table of games refuses the others before a
/// game sees them).
#[derive(Clone, Copy, Debug, Default)]
pub struct Reading {
    /// The profile.
    pub rules: Rules,
    /// Damage skipped with warnings (`--lenient`).
    pub lenient: bool,
    /// Format warnings are errors (`--strict`).
    pub strict: bool,
    /// Asalto: the BASICO score every rebel move must follow.
    pub rebels: Option<BasicScore>,
    /// Mad Bishops: who moves first.
    pub first: Option<asalto_madbishops::Side>,
    /// Go: every line of the variation tree.
    pub all_variations: bool,
    /// Go: the line of the first game tree read instead of its main line
    /// (`--variation N`; 0: the main line).
    pub variation: usize,
}

impl Reading {
    /// The reading of the commands that read records with the shared
    /// options only (`show`, `export`, `diff`) under the profile `rules`.
    pub fn of(rules: Rules, read: &ReadArgs, bishops: &BishopsArgs) -> Reading {
        Reading {
            rules,
            lenient: read.lenient,
            strict: read.strict,
            first: bishops.first,
            ..Reading::default()
        }
    }
}
