//! The console game as a state machine without I/O: the menu, the game
//! screen, load and save.
//!
//! A [`Session`] takes the lines a person types and answers with a
//! [`Step`]: the text to print and what it needs next ([`Request`]):
//! another line, a call to [`Console::advance`] (a computer plays the next
//! move), a file read or a file write (done by the caller, whose result
//! goes back through [`Console::loaded`] or [`Console::saved`]), or the end
//! of the program. A console program is a small loop around it; tests drive
//! it with strings.
//!
//! # Behaviour
//!
//! - Menu ([`console::menu`]): `1` new game, `2` load, `3` save, `4` and `5`
//!   cycle red's and blue's control (human, random, greedy, search), `6`
//!   quit. Anything else: [`console::WRONG_OPTION`] and the menu again.
//!   Every menu after the first is preceded by a blank line.
//! - Game: at the start of every turn the end checks; a finished game shows
//!   [`console::end_screen`] and returns to the menu, and so does a game
//!   that reaches the move cap ([`SessionOptions::max_plies`],
//!   [`console::capped_screen`]). On a person's turn,
//!   [`console::game_screen`] and a line: `QUIT` (any case) returns to the
//!   menu; a move in any notation is checked like a record's line, and a
//!   wrong one is answered with its reason ([`console::wrong_move`]) and the
//!   prompt again. On a computer's turn, [`console::computer_screen`] with
//!   the chosen move, and nothing is read.
//! - Save: [`console::NOTHING_TO_SAVE`] before any game (new or loaded);
//!   otherwise the file name, and the last game's moves as a record in the
//!   session's notation.
//! - Load: the file name; the record is checked under the session's rules
//!   and start (format deviations such as CRLF are accepted). A file that
//!   cannot be read or holds an invalid game gets a message and the menu
//!   again, and the last game is kept. A loaded game becomes the last game
//!   and is played on from its position; a loaded game that has already
//!   ended shows its end screen and returns to the menu.
//!
//! # Examples
//!
//! ```
//! use asalto_madbishops::session::{Console, Request, Session, SessionOptions};
//!
//! let mut session = Session::new(SessionOptions::default());
//! let step = session.start();
//! assert!(step.output.ends_with("Option: "));
//! let step = session.input("1");
//! assert!(step.output.contains("PLAYER: red"));
//! assert_eq!(step.request, Request::Line);
//! let step = session.input("b10xa9");
//! assert!(step.output.contains("PLAYER: blue"));
//! ```

use crate::console::{self, Control, MENU_PROMPT, NOTHING_TO_SAVE, QUIT_GAME, WRONG_OPTION};
use crate::notation::parse_move;
use crate::player::{DEFAULT_SEARCH_DEPTH, Player};
use crate::problem::{Problem, ProblemKind, Severity};
use crate::random::{self, GameRng};
use crate::record::write_record;
use crate::replay::{CheckOptions, check};
use crate::{Board, Game, Move, Notation, Position, Profile, Side};

pub use asalto_core::console::{Console, ConsoleGame, Request, Step, Texts};

/// The settings of a session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionOptions {
    /// Seeds the one generator every computer player draws from.
    pub seed: u64,
    /// The rule profile.
    pub profile: Profile,
    /// Who moves first.
    pub first: Side,
    /// The setup.
    pub setup: Board,
    /// How deep the search player looks.
    pub depth: u32,
    /// Red's control at the start.
    pub red: Control,
    /// Blue's control at the start.
    pub blue: Control,
    /// How moves are listed, announced and saved.
    pub notation: Notation,
    /// Stop a game (back to the menu, the game kept for saving) when it
    /// reaches this many moves: nothing in the rules ends a game in which
    /// no one captures, and two computer players may never do so.
    pub max_plies: Option<usize>,
}

/// The default [`SessionOptions::max_plies`].
pub const DEFAULT_MAX_PLIES: usize = 1500;

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            seed: 0,
            profile: Profile::default(),
            first: Side::Red,
            setup: Board::report_setup(),
            depth: DEFAULT_SEARCH_DEPTH,
            red: Control::Human,
            blue: Control::Human,
            notation: Notation::Algebraic,
            max_plies: Some(DEFAULT_MAX_PLIES),
        }
    }
}

impl SessionOptions {
    /// The position every new game starts from.
    pub fn start(&self) -> Position {
        Position::new(self.setup, self.first, self.profile)
    }
}

/// Mad Bishops' side of a console [`Session`]: the options, the controls
/// and the generator; the words are the report game's ([`console`]).
#[derive(Clone, Debug)]
pub struct MadBishopsConsole {
    options: SessionOptions,
    red: Control,
    blue: Control,
    rng: GameRng,
}

/// The console game.
pub type Session = asalto_core::console::Session<MadBishopsConsole>;

impl MadBishopsConsole {
    /// Red's control.
    pub fn red(&self) -> Control {
        self.red
    }

    /// Blue's control.
    pub fn blue(&self) -> Control {
        self.blue
    }

    /// The computer player of `side`, or `None` for a person.
    fn player(&self, side: Side) -> Option<Player> {
        let control = match side {
            Side::Red => self.red,
            Side::Blue => self.blue,
        };
        control.player(self.options.depth)
    }
}

impl ConsoleGame for MadBishopsConsole {
    type Options = SessionOptions;
    type Game = Game;
    type Move = Move;

    const TEXTS: Texts = Texts {
        menu_prompt: MENU_PROMPT,
        file_prompt: console::FILE_PROMPT,
        wrong_option: WRONG_OPTION,
        nothing_to_save: NOTHING_TO_SAVE,
        empty_file_name: console::EMPTY_FILE_NAME,
        saved: console::saved_message,
        unreadable: console::unreadable_file_message,
        unwritable: console::unwritable_file_message,
    };

    fn from_options(options: SessionOptions) -> MadBishopsConsole {
        MadBishopsConsole {
            options,
            red: options.red,
            blue: options.blue,
            rng: random::rng(options.seed),
        }
    }

    fn menu(&self) -> String {
        console::menu(
            self.options.profile,
            self.options.first,
            self.red,
            self.blue,
        )
    }

    fn cycle_first(&mut self) {
        self.red = self.red.next();
    }

    fn cycle_second(&mut self) {
        self.blue = self.blue.next();
    }

    fn new_game(&self) -> Game {
        Game::new(self.options.start())
    }

    /// The end, or the move cap ([`SessionOptions::max_plies`]).
    fn finished(&self, game: &Game) -> Option<String> {
        let pos = game.position();
        if let Some(outcome) = pos.outcome() {
            return Some(console::end_screen(&pos, outcome));
        }
        let plies = game.plies.len();
        let max = self.options.max_plies.filter(|&max| plies >= max)?;
        Some(console::capped_screen(&pos, max))
    }

    fn computer_to_move(&self, game: &Game) -> bool {
        self.player(game.position().turn()).is_some()
    }

    fn game_screen(&self, game: &Game) -> String {
        console::game_screen(&game.position(), self.options.notation)
    }

    fn computer_move(&mut self, game: &Game) -> Option<(Move, String)> {
        let pos = game.position();
        let mv = self.player(pos.turn())?.choose(&pos, &mut self.rng)?;
        let screen = console::computer_screen(&pos, mv, self.options.notation);
        Some((mv, screen))
    }

    fn play(game: &mut Game, mv: Move) {
        let next = game.position().play_unchecked(mv);
        crate::replay::push(game, mv, next, 0);
    }

    /// `QUIT` in any case.
    fn is_quit(line: &str) -> bool {
        line.eq_ignore_ascii_case(QUIT_GAME)
    }

    /// A move in any notation, checked like a record's line; a wrong one is
    /// answered with its reason ([`console::wrong_move`]).
    fn typed(&self, game: &Game, line: &str) -> Result<Move, String> {
        typed(&game.position(), line).map_err(|problem| console::wrong_move(&problem))
    }

    /// The moves in the session's notation.
    fn record(&self, game: &Game) -> String {
        write_record(game.moves(), self.options.notation)
    }

    /// Checked under the session's rules and start (format deviations such
    /// as CRLF are accepted).
    fn load(&self, file: &str, text: &str) -> Result<Game, String> {
        let options = CheckOptions {
            profile: self.options.profile,
            first: self.options.first,
            setup: self.options.setup,
            strict: false,
        };
        let checked = check(text, &options);
        if let Some(e) = checked.errors().next() {
            return Err(console::invalid_file_message(file, e));
        }
        Ok(checked.game)
    }
}

/// The legal move of `pos` that `text` writes (in any notation), or the
/// problem with it, as a record's line would have.
///
/// # Examples
///
/// ```
/// use asalto_madbishops::session::typed;
/// use asalto_madbishops::{Position, Profile, Side};
///
/// let start = Position::start(Profile::Steere, Side::Red);
/// assert_eq!(typed(&start, "b10xa9").unwrap().to_string(), "b10xa9");
/// assert_eq!(typed(&start, "(0,1)x(1,0)").unwrap().to_string(), "b10xa9");
/// assert_eq!(typed(&start, "0 1 1 0").unwrap().to_string(), "b10xa9");
/// assert_eq!(typed(&start, "b10-a9").unwrap_err().reason().code(), "mark-mismatch");
/// assert_eq!(typed(&start, "b10").unwrap_err().reason().code(), "syntax");
/// ```
pub fn typed(pos: &Position, text: &str) -> Result<Move, Problem> {
    let problem = |kind, span: std::ops::Range<usize>, notation| Problem {
        severity: Severity::Error,
        kind,
        column: text.get(..span.start).map_or(1, |t| t.chars().count() + 1),
        span,
        line: 1,
        ply: None,
        side: Some(pos.turn()),
        before: Some(*pos),
        notation,
    };
    let written = parse_move(text).map_err(|e| {
        let quote = text
            .get(e.span.clone())
            .unwrap_or(text)
            .chars()
            .take(40)
            .collect();
        problem(
            ProblemKind::Syntax {
                kind: e.kind,
                quote,
            },
            e.span,
            Notation::Algebraic,
        )
    })?;
    pos.resolve(written.from, written.to, written.mark)
        .map_err(|e| {
            let span = written.part_span(e.part);
            problem(ProblemKind::Illegal(e.kind), span, written.notation)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::{FILE_PROMPT, MOVE_PROMPT};

    #[test]
    fn controls_cycle() {
        let mut s = Session::new(SessionOptions::default());
        let out = s.run_lines(&["4", "5", "5", "5", "4"]);
        assert!(out.contains("4. RED:  HUMAN  [RANDOM]  GREEDY  SEARCH\n"));
        assert!(out.contains("5. BLUE: HUMAN  RANDOM  GREEDY  [SEARCH]\n"));
        assert_eq!(s.console_game().red(), Control::Greedy);
        assert_eq!(s.console_game().blue(), Control::Search);
    }

    #[test]
    fn wrong_option_and_nothing_to_save() {
        let mut s = Session::new(SessionOptions::default());
        let out = s.run_lines(&["7", "3"]);
        assert!(out.contains(&format!("{WRONG_OPTION}\n\nM A D B I S H O P S")));
        assert!(out.contains(&format!("{NOTHING_TO_SAVE}\n\nM A D B I S H O P S")));
    }

    #[test]
    fn a_wrong_move_is_explained_and_asked_again() {
        let mut s = Session::new(SessionOptions::default());
        s.run_lines(&["1"]);
        let step = s.input("b10-a9");
        assert!(
            step.output.starts_with(
                "Illegal move: b10xa9 is a capture, written with `-` [mark-mismatch]\n"
            ),
            "{}",
            step.output
        );
        assert!(step.output.ends_with(MOVE_PROMPT));
        let step = s.input("hello");
        assert!(step.output.starts_with("Not a move: "), "{}", step.output);
        assert_eq!(step.request, Request::Line);
        assert!(s.input(" b10xa9 \r").output.contains("PLAYER: blue"));
    }

    #[test]
    fn save_writes_the_record_and_load_plays_on() {
        let mut s = Session::new(SessionOptions::default());
        s.run_lines(&["1", "b10xa9", "c9xd10", "quit", "3"]);
        let step = s.input("game.txt");
        assert_eq!(
            step.request,
            Request::Save {
                file: "game.txt".into(),
                contents: "b10xa9\nc9xd10\n".into(),
            }
        );
        assert!(
            s.saved(Ok(()))
                .output
                .starts_with("Game saved to game.txt.\n\n")
        );
        let mut t = Session::new(SessionOptions::default());
        assert!(t.run_lines(&["2"]).ends_with(FILE_PROMPT));
        assert_eq!(
            t.input("game.txt").request,
            Request::Load("game.txt".into())
        );
        let step = t.loaded(Ok("b10xa9\nc9xd10\n".into()));
        assert!(step.output.contains("PLAYER: red"));
        assert_eq!(t.game().unwrap().plies.len(), 2);
        assert!(t.in_game());
    }

    #[test]
    fn load_errors_keep_the_menu_and_the_last_game() {
        let mut s = Session::new(SessionOptions::default());
        s.run_lines(&["2", "x.txt"]);
        let step = s.loaded(Err("not found".into()));
        assert!(
            step.output
                .starts_with("Cannot read x.txt: not found.\n\nM A D B I S H O P S")
        );
        s.run_lines(&["2", "y.txt"]);
        let step = s.loaded(Ok("b10xa9\nc9-d10\n".into()));
        assert!(
            step.output.starts_with(
                "y.txt does not hold a valid game: line 2, move 2: c9xd10 is a capture, \
                 written with `-` [mark-mismatch].\n"
            ),
            "{}",
            step.output
        );
        assert!(s.game().is_none());
    }

    #[test]
    fn the_cap_stops_a_game_between_computers() {
        let mut s = Session::new(SessionOptions {
            red: Control::Random,
            blue: Control::Random,
            max_plies: Some(4),
            ..SessionOptions::default()
        });
        let out = s.run_lines(&["1"]);
        assert!(out.contains("Game stopped after 4 moves"), "{out}");
        assert_eq!(s.game().unwrap().plies.len(), 4);
        assert!(out.ends_with(MENU_PROMPT));
    }

    #[test]
    fn computers_play_to_the_end() {
        for profile in Profile::ALL {
            let mut s = Session::new(SessionOptions {
                seed: 5,
                profile,
                red: Control::Greedy,
                blue: Control::Random,
                ..SessionOptions::default()
            });
            let out = s.run_lines(&["1"]);
            assert!(out.contains("Game over: "), "{profile}");
            assert!(out.contains(console::CHOSEN_MOVE));
            assert!(out.ends_with(MENU_PROMPT));
            let game = s.game().unwrap();
            let record = write_record(game.moves(), Notation::Algebraic);
            let checked = check(
                &record,
                &CheckOptions {
                    profile,
                    ..CheckOptions::default()
                },
            );
            assert!(checked.is_valid());
            assert_eq!(checked.game.outcome(), game.outcome());
        }
    }
}
