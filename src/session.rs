//! The assignment's console program as a state machine without I/O: the
//! menu, the game screen, load and save.
//!
//! A [`Session`] takes the lines a person types and answers with a [`Step`]:
//! the text to print and what it needs next ([`Request`]): another line, a
//! call to [`Console::advance`] (a computer plays the next move), a file read
//! or a file write (done by the caller, whose result goes back through
//! [`Console::loaded`] or [`Console::saved`]), or the end of the program.
//! `asalto play` is a small loop around it; tests drive it with strings.
//!
//! # Behaviour
//!
//! - Menu: `1` new game, `2` load, `3` save, `4` and `5` cycle the officers'
//!   and the rebels' control, `6` quit. Anything else: [`WRONG_OPTION`] and
//!   the menu again. Every menu after the first is preceded by a blank line.
//! - Game: at the start of every turn the end checks; a finished game shows
//!   [`end_screen`] and returns to the menu. On a person's turn,
//!   [`game_screen`] and a line: `FIN` returns to the menu; a move is found by
//!   its typed points (the first two are enough, more must follow the path of
//!   the capture) and stored whole; anything else gets [`WRONG_MOVE`] and the
//!   prompt again. On a computer's turn, [`computer_screen`] with the chosen
//!   move, and nothing is read.
//! - Save: [`NOTHING_TO_SAVE`] before any game (new or loaded) of the
//!   session; otherwise the file name, and the last game's full moves in the
//!   record format ([`write_record`]).
//! - Load: the file name; the record is checked with the engine (captures
//!   written with their first two points only, and format deviations such as
//!   CRLF, are accepted and completed). A file that cannot be read or holds
//!   an illegal game gets a message and the menu again, and the last game is
//!   kept. A loaded game becomes the last game and is played on from its
//!   position; a loaded game that has already ended shows its end screen and
//!   returns to the menu (it can then be saved again).
//!
//! [`WRONG_OPTION`]: crate::console::WRONG_OPTION
//! [`WRONG_MOVE`]: crate::console::WRONG_MOVE
//! [`NOTHING_TO_SAVE`]: crate::console::NOTHING_TO_SAVE
//! [`end_screen`]: crate::console::end_screen
//! [`game_screen`]: crate::console::game_screen
//! [`computer_screen`]: crate::console::computer_screen
//! [`write_record`]: crate::record::write_record
//!
//! # Examples
//!
//! ```
//! use asalto::session::{Console, Request, Session, SessionOptions};
//!
//! let mut session = Session::new(SessionOptions::default());
//! let step = session.start();
//! assert!(step.output.ends_with("Indique opción: "));
//! let step = session.input("1");
//! assert!(step.output.contains("Turno: OFICIALES."));
//! assert_eq!(step.request, Request::Line);
//! let step = session.input("Bc-Cc");
//! assert!(step.output.contains("Turno: REBELDES."));
//! ```

use crate::basic::BasicScore;
use crate::console::{
    self, MENU_PROMPT, MOVE_PROMPT, NOTHING_TO_SAVE, OfficerControl, QUIT_GAME, RebelControl,
    WRONG_MOVE, WRONG_OPTION,
};
use crate::player::Player;
use crate::random::{self, GameRng};
use crate::record::write_record;
use crate::replay::{CheckOptions, check};
use crate::{Game, Move, Point, Position, Side};

pub use asalto_core::console::{Console, Request, Step};

/// The settings of a session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionOptions {
    /// Seeds the one generator AZAR and BASICO draw from.
    pub seed: u64,
    /// The score BASICO plays by.
    pub basic: BasicScore,
    /// The officers' control at the start.
    pub officers: OfficerControl,
    /// The rebels' control at the start.
    pub rebels: RebelControl,
}

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            seed: 0,
            basic: BasicScore::V2,
            officers: OfficerControl::Human,
            rebels: RebelControl::Human,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    Menu,
    LoadName,
    SaveName,
    Loading(String),
    Saving(String),
    Playing,
    Done,
}

/// The console program's state: the controls, the generator, the current
/// or last game, and where in the dialogue it is.
#[derive(Clone, Debug)]
pub struct Session {
    officers: OfficerControl,
    rebels: RebelControl,
    basic: BasicScore,
    rng: GameRng,
    game: Option<Game>,
    state: State,
}

impl Session {
    /// A session at its start (call [`Console::start`] for the first menu).
    pub fn new(options: SessionOptions) -> Session {
        Session {
            officers: options.officers,
            rebels: options.rebels,
            basic: options.basic,
            rng: random::rng(options.seed),
            game: None,
            state: State::Menu,
        }
    }

    /// The officers' control.
    pub fn officers(&self) -> OfficerControl {
        self.officers
    }

    /// The rebels' control.
    pub fn rebels(&self) -> RebelControl {
        self.rebels
    }

    /// The game being played, or the last one (new or loaded).
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Whether the session is in a game (as opposed to the menu or a file
    /// name question).
    pub fn in_game(&self) -> bool {
        self.state == State::Playing
    }

    fn pending_request(&self) -> Request {
        match &self.state {
            State::Done => Request::Quit,
            State::Playing => match self.player(self.position().turn()) {
                Some(_) => Request::Advance,
                None => Request::Line,
            },
            _ => Request::Line,
        }
    }

    fn menu_choice(&mut self, choice: &str) -> Step {
        match choice {
            "1" => {
                self.game = Some(Game::new());
                self.state = State::Playing;
                self.turn()
            }
            "2" => self.ask_file(State::LoadName),
            "3" if self.game.is_none() => self.menu_after(NOTHING_TO_SAVE),
            "3" => self.ask_file(State::SaveName),
            "4" => {
                self.officers = self.officers.next();
                self.menu_after("")
            }
            "5" => {
                self.rebels = self.rebels.next();
                self.menu_after("")
            }
            "6" => {
                self.state = State::Done;
                Step {
                    output: String::new(),
                    request: Request::Quit,
                }
            }
            _ => self.menu_after(WRONG_OPTION),
        }
    }

    fn ask_file(&mut self, state: State) -> Step {
        self.state = state;
        Step {
            output: console::FILE_PROMPT.to_string(),
            request: Request::Line,
        }
    }

    /// `message` (if any) on its own line, a blank line and the menu.
    fn menu_after(&mut self, message: &str) -> Step {
        self.menu_with(if message.is_empty() {
            String::new()
        } else {
            format!("{message}\n")
        })
    }

    fn menu_with(&mut self, mut output: String) -> Step {
        self.state = State::Menu;
        output.push('\n');
        output.push_str(&console::menu(self.officers, self.rebels));
        debug_assert!(output.ends_with(MENU_PROMPT));
        Step {
            output,
            request: Request::Line,
        }
    }

    /// Start the game in play afresh from its current position, dropping
    /// its moves: for a caller that feeds a game of any length and never
    /// saves it (a later GUARDAR would write only the moves played after),
    /// so that memory stays flat. What the program prints depends on the
    /// position only, so it prints the same.
    pub fn forget_moves(&mut self) {
        if let Some(game) = self.game.as_mut() {
            *game = Game::from_position(game.position());
        }
    }

    fn position(&self) -> Position {
        self.game
            .as_ref()
            .map_or_else(Position::start, Game::position)
    }

    /// The computer player of `side`, or `None` for a person.
    fn player(&self, side: Side) -> Option<Player> {
        match side {
            Side::Officers => match self.officers {
                OfficerControl::Human => None,
                OfficerControl::Random => Some(Player::Random),
            },
            Side::Rebels => match self.rebels {
                RebelControl::Human => None,
                RebelControl::Random => Some(Player::Random),
                RebelControl::Basic => Some(Player::Basic(self.basic)),
            },
        }
    }

    /// The start of a turn: the end checks, then the screen of a person's or
    /// a computer's turn.
    fn turn(&mut self) -> Step {
        let pos = self.position();
        if let Some(outcome) = pos.outcome() {
            return self.menu_with(console::end_screen(&pos, outcome));
        }
        self.state = State::Playing;
        match self.player(pos.turn()) {
            None => Step {
                output: console::game_screen(&pos),
                request: Request::Line,
            },
            Some(player) => {
                let Some(mv) = player.choose(&pos, &mut self.rng) else {
                    // Unreachable: a position in play has a legal move.
                    return self.menu_after("");
                };
                let output = console::computer_screen(&pos, &mv);
                self.play(mv);
                Step {
                    output,
                    request: Request::Advance,
                }
            }
        }
    }

    fn play(&mut self, mv: Move) {
        if let Some(game) = self.game.as_mut() {
            let next = game.position().play_unchecked(&mv);
            game.push(mv, next, 0, false);
        }
    }

    fn typed_move(&mut self, line: &str) -> Step {
        if line == QUIT_GAME {
            return self.menu_after("");
        }
        let pos = self.position();
        match typed(&pos, line) {
            Some(mv) => {
                self.play(mv);
                self.turn()
            }
            None => {
                self.state = State::Playing;
                Step {
                    output: format!("{WRONG_MOVE}\n{MOVE_PROMPT}"),
                    request: Request::Line,
                }
            }
        }
    }
}

/// The legal move of `pos` a person means by `text`: two or more points
/// joined by `-`, the first two as the move starts and any more following
/// its path (`Bd-Db` and `Bd-Db-Dd-Df-Bd` are the same capture).
///
/// # Examples
///
/// ```
/// use asalto::replay::{check, CheckOptions};
/// use asalto::session::typed;
///
/// let game = check("Bc-Cc\nDd-Cd\nCc-Ce\nDb-Cc\nCe-Bd\nDf-Ce\n", CheckOptions::default()).game;
/// let mv = typed(&game.position(), "Bd-Db").unwrap();
/// assert_eq!(mv.to_string(), "Bd-Db-Dd-Df-Bd");
/// assert_eq!(typed(&game.position(), "Bd-Db-Dd"), Some(mv));
/// assert_eq!(typed(&game.position(), "Bd-Db-Df"), None);
/// assert_eq!(typed(&game.position(), "Bd-Bc"), None);
/// ```
pub fn typed(pos: &Position, text: &str) -> Option<Move> {
    let points: Vec<Point> = text
        .split('-')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    if points.len() < 2 {
        return None;
    }
    let mv = pos.find_move(points[0], points[1])?;
    mv.path().starts_with(&points).then_some(mv)
}

/// The console loop of `asalto play` drives every game's session through
/// [`Console`].
impl Console for Session {
    /// The first menu.
    fn start(&mut self) -> Step {
        self.state = State::Menu;
        Step {
            output: console::menu(self.officers, self.rebels),
            request: Request::Line,
        }
    }

    /// A line typed by the person (its line ending removed or not; spaces
    /// around it do not matter).
    fn input(&mut self, line: &str) -> Step {
        let line = line.trim();
        match std::mem::replace(&mut self.state, State::Menu) {
            State::Menu => self.menu_choice(line),
            State::LoadName if line.is_empty() => self.menu_after(console::EMPTY_FILE_NAME),
            State::LoadName => {
                self.state = State::Loading(line.to_string());
                Step {
                    output: String::new(),
                    request: Request::Load(line.to_string()),
                }
            }
            State::SaveName if line.is_empty() => self.menu_after(console::EMPTY_FILE_NAME),
            State::SaveName => {
                let contents = write_record(self.game.iter().flat_map(|g| g.moves()));
                self.state = State::Saving(line.to_string());
                Step {
                    output: String::new(),
                    request: Request::Save {
                        file: line.to_string(),
                        contents,
                    },
                }
            }
            State::Playing if self.player(self.position().turn()).is_some() => {
                // A computer's turn: nothing is read.
                self.state = State::Playing;
                Step {
                    output: String::new(),
                    request: Request::Advance,
                }
            }
            State::Playing => self.typed_move(line),
            state @ (State::Loading(_) | State::Saving(_) | State::Done) => {
                // Not waiting for a line: ignore it.
                self.state = state;
                Step {
                    output: String::new(),
                    request: self.pending_request(),
                }
            }
        }
    }

    /// Play the next turn when no line is needed (a computer's move).
    fn advance(&mut self) -> Step {
        if self.state == State::Playing {
            self.turn()
        } else {
            Step {
                output: String::new(),
                request: self.pending_request(),
            }
        }
    }

    /// The result of a [`Request::Load`]: the file's text, or why it could
    /// not be read (in Spanish, as `no existe`).
    fn loaded(&mut self, result: Result<String, String>) -> Step {
        let State::Loading(file) = std::mem::replace(&mut self.state, State::Menu) else {
            return self.menu_after("");
        };
        let text = match result {
            Ok(text) => text,
            Err(reason) => {
                return self.menu_after(&console::unreadable_file_message(&file, &reason));
            }
        };
        let checked = check(
            &text,
            CheckOptions {
                lenient: true,
                ..CheckOptions::default()
            },
        );
        if let Some(e) = checked.errors().next() {
            let place = match e.ply {
                Some(ply) => format!("línea {}, jugada {ply}", e.line),
                None => format!("línea {}", e.line),
            };
            let detail = format!("{place}: {} [{}]", e.message(), e.reason().code());
            return self.menu_after(&console::invalid_file_message(&file, &detail));
        }
        self.game = Some(checked.game);
        self.state = State::Playing;
        self.turn()
    }

    /// The result of a [`Request::Save`]: `Ok`, or why the file could not be
    /// written (in Spanish).
    fn saved(&mut self, result: Result<(), String>) -> Step {
        let State::Saving(file) = std::mem::replace(&mut self.state, State::Menu) else {
            return self.menu_after("");
        };
        match result {
            Ok(()) => self.menu_after(&console::saved_message(&file)),
            Err(reason) => self.menu_after(&console::unwritable_file_message(&file, &reason)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_cycle() {
        let mut s = Session::new(SessionOptions::default());
        let out = s.run_lines(&["4", "5", "5", "5", "4"]);
        assert!(out.contains("4. CONTROL OFICIALES: HUMANO  [AZAR]\n"));
        assert!(out.contains("5. CONTROL REBELDES:  HUMANO  [AZAR]  BASICO\n"));
        assert!(out.contains("5. CONTROL REBELDES:  HUMANO  AZAR  [BASICO]\n"));
        assert_eq!(s.officers(), OfficerControl::Human);
        assert_eq!(s.rebels(), RebelControl::Human);
    }

    #[test]
    fn wrong_option_and_nothing_to_save() {
        let mut s = Session::new(SessionOptions::default());
        let out = s.run_lines(&["7", "3"]);
        assert!(out.contains(&format!("{WRONG_OPTION}\n\n----- ASALTO")));
        assert!(out.contains(&format!("{NOTHING_TO_SAVE}\n\n----- ASALTO")));
    }

    #[test]
    fn the_example_session_saves_the_example_record() {
        let mut s = Session::new(SessionOptions::default());
        let moves = [
            "1", "Bc-Cc", "Dd-Cd", "Cc-Ce", "Db-Cc", "Ce-Bd", "Df-Ce", "Bd-Db", "FIN", "3",
        ];
        let out = s.run_lines(&moves);
        assert!(out.ends_with(console::FILE_PROMPT));
        let step = s.input("ejemplo.txt");
        assert_eq!(
            step.request,
            Request::Save {
                file: "ejemplo.txt".into(),
                contents: include_str!("../samples/ejemplo.txt").into(),
            }
        );
        let step = s.saved(Ok(()));
        assert!(
            step.output
                .starts_with("Partida salvada en el fichero ejemplo.txt.\n\n")
        );
    }

    #[test]
    fn a_wrong_move_is_asked_again() {
        let mut s = Session::new(SessionOptions::default());
        s.run_lines(&["1"]);
        for bad in ["Bc-Dd", "bc-cc", "Bc", "", "Bc-Cc-Dd", "hola"] {
            let step = s.input(bad);
            assert_eq!(
                step.output,
                format!("{WRONG_MOVE}\n{MOVE_PROMPT}"),
                "{bad:?}"
            );
            assert_eq!(step.request, Request::Line);
        }
        assert!(s.input(" Bc-Cc \r").output.contains("Turno: REBELDES."));
    }

    #[test]
    fn computers_play_to_the_end() {
        let mut s = Session::new(SessionOptions {
            seed: 5,
            ..SessionOptions::default()
        });
        let out = s.run_lines(&["4", "5", "5", "1"]);
        assert!(out.contains("Fin de la partida. Ganan los "));
        assert!(out.ends_with(MENU_PROMPT));
        let game = s.game().unwrap();
        let record = write_record(game.moves());
        let checked = check(
            &record,
            CheckOptions {
                rebels: Some(BasicScore::V2),
                ..CheckOptions::default()
            },
        );
        assert!(checked.is_valid());
        assert!(checked.game.outcome().is_some());
    }

    #[test]
    fn load_errors_keep_the_menu_and_the_last_game() {
        let mut s = Session::new(SessionOptions::default());
        s.run_lines(&["2", "x.txt"]);
        let step = s.loaded(Err("no existe".into()));
        assert!(
            step.output
                .starts_with("No se puede leer el fichero x.txt: no existe.\n\n----- ASALTO")
        );
        s.run_lines(&["2", "y.txt"]);
        let step = s.loaded(Ok("Bc-Cc\nCc-Dd\n".into()));
        assert!(
            step.output.starts_with(
                "El fichero y.txt no contiene una partida válida: línea 2, jugada 2: "
            ),
            "{}",
            step.output
        );
        assert!(s.game().is_none());
    }

    #[test]
    fn a_finished_loaded_game_ends_at_once() {
        let mut s = Session::new(SessionOptions::default());
        s.run_lines(&["2", "a.txt"]);
        let step = s.loaded(Ok(include_str!("../samples/apendice-a.txt").into()));
        assert!(step.output.contains(
            "Fin de la partida. Ganan los OFICIALES: quedan menos de 9 rebeldes.\n\n----- ASALTO"
        ));
        assert_eq!(s.game().unwrap().plies.len(), 41);
        assert!(!s.in_game());
    }
}
