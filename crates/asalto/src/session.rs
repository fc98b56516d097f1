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
//! use asalto_asalto::session::{Console, Request, Session, SessionOptions};
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

pub use asalto_core::console::{Console, ConsoleGame, Request, Step, Texts};

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

/// Asalto's side of a console [`Session`]: the controls, BASICO's score
/// and the generator; the words are the assignment's ([`crate::console`]).
#[derive(Clone, Debug)]
pub struct AsaltoConsole {
    officers: OfficerControl,
    rebels: RebelControl,
    basic: BasicScore,
    rng: GameRng,
}

/// The console program of the assignment.
pub type Session = asalto_core::console::Session<AsaltoConsole>;

impl AsaltoConsole {
    /// The officers' control.
    pub fn officers(&self) -> OfficerControl {
        self.officers
    }

    /// The rebels' control.
    pub fn rebels(&self) -> RebelControl {
        self.rebels
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
}

impl ConsoleGame for AsaltoConsole {
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

    fn from_options(options: SessionOptions) -> AsaltoConsole {
        AsaltoConsole {
            officers: options.officers,
            rebels: options.rebels,
            basic: options.basic,
            rng: random::rng(options.seed),
        }
    }

    fn menu(&self) -> String {
        console::menu(self.officers, self.rebels)
    }

    fn cycle_first(&mut self) {
        self.officers = self.officers.next();
    }

    fn cycle_second(&mut self) {
        self.rebels = self.rebels.next();
    }

    fn new_game(&self) -> Game {
        crate::replay::new_game()
    }

    fn finished(&self, game: &Game) -> Option<String> {
        let pos = game.position();
        pos.outcome()
            .map(|outcome| console::end_screen(&pos, outcome))
    }

    fn computer_to_move(&self, game: &Game) -> bool {
        self.player(game.position().turn()).is_some()
    }

    fn game_screen(&self, game: &Game) -> String {
        console::game_screen(&game.position())
    }

    fn computer_move(&mut self, game: &Game) -> Option<(Move, String)> {
        let pos = game.position();
        let mv = self.player(pos.turn())?.choose(&pos, &mut self.rng)?;
        let screen = console::computer_screen(&pos, &mv);
        Some((mv, screen))
    }

    fn play(game: &mut Game, mv: Move) {
        let next = game.position().play_unchecked(&mv);
        crate::replay::push(game, mv, next, 0, false);
    }

    fn is_quit(line: &str) -> bool {
        line == QUIT_GAME
    }

    fn typed(&self, game: &Game, line: &str) -> Result<Move, String> {
        typed(&game.position(), line).ok_or_else(|| format!("{WRONG_MOVE}\n{MOVE_PROMPT}"))
    }

    fn record(&self, game: &Game) -> String {
        write_record(game.moves())
    }

    /// The record is checked leniently: captures written with their first
    /// two points only, and format deviations such as CRLF, are completed.
    fn load(&self, file: &str, text: &str) -> Result<Game, String> {
        let checked = check(
            text,
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
            return Err(console::invalid_file_message(file, &detail));
        }
        Ok(checked.game)
    }
}

/// The legal move of `pos` a person means by `text`: two or more points
/// joined by `-`, the first two as the move starts and any more following
/// its path (`Bd-Db` and `Bd-Db-Dd-Df-Bd` are the same capture).
///
/// # Examples
///
/// ```
/// use asalto_asalto::replay::{check, CheckOptions};
/// use asalto_asalto::session::typed;
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
        assert_eq!(s.console_game().officers(), OfficerControl::Human);
        assert_eq!(s.console_game().rebels(), RebelControl::Human);
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
                contents: include_str!("../../../samples/ejemplo.txt").into(),
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
        let step = s.loaded(Ok(include_str!("../../../samples/apendice-a.txt").into()));
        assert!(step.output.contains(
            "Fin de la partida. Ganan los OFICIALES: quedan menos de 9 rebeldes.\n\n----- ASALTO"
        ));
        assert_eq!(s.game().unwrap().plies.len(), 41);
        assert!(!s.in_game());
    }
}
