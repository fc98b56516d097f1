//! The dialogue of a console program (Asalto's assignment, Mad Bishops'
//! report game), written once: a session is a state machine without I/O
//! that answers each input with the text to print and what it needs next;
//! the program around it reads the lines and the files and writes them.
//! Keeping the I/O out is what lets one session drive the console and a
//! transcript alike, and be tested with strings.
//!
//! [`Session`] is that state machine, the same for every game: the menu,
//! load, save and the turns. A game brings only what is its own through
//! [`ConsoleGame`]: its words ([`Texts`], the screens), how a typed move is
//! read, how a record is written and loaded, and who moves (its controls
//! and computer players).
//!
//! # Behaviour
//!
//! - Menu ([`ConsoleGame::menu`]): `1` new game, `2` load, `3` save, `4`
//!   and `5` cycle the first and the second side's control, `6` quit.
//!   Anything else: [`Texts::wrong_option`] and the menu again. Every menu
//!   after the first is preceded by a blank line.
//! - Game: at the start of every turn the end checks
//!   ([`ConsoleGame::finished`]): a finished game shows its end screen and
//!   returns to the menu. On a person's turn, the game screen and a line:
//!   the quit word ([`ConsoleGame::is_quit`]) returns to the menu; a move is
//!   read by [`ConsoleGame::typed`], and a wrong one is answered and asked
//!   again. On a computer's turn, the computer's screen with the chosen
//!   move, and nothing is read.
//! - Save: [`Texts::nothing_to_save`] before any game (new or loaded) of the
//!   session; otherwise the file name, and the last game's record.
//! - Load: the file name; the record is checked by the game. A file that
//!   cannot be read or holds an invalid game gets a message and the menu
//!   again, and the last game is kept. A loaded game becomes the last game
//!   and is played on from its position; a loaded game that has already
//!   ended shows its end screen and returns to the menu.
//! - An empty file name gets [`Texts::empty_file_name`] and the menu. A
//!   line given while a file is awaited (or after quitting) is ignored and
//!   the pending request repeated.

/// What a session needs next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A line typed by the person: pass it to [`Console::input`].
    Line,
    /// Nothing to read (a computer moves next): call [`Console::advance`].
    Advance,
    /// Read this file and pass its text (or why it could not be read) to
    /// [`Console::loaded`].
    Load(String),
    /// Write `contents` to `file` and pass the result to
    /// [`Console::saved`].
    Save {
        /// The file name as typed.
        file: String,
        /// The record to write.
        contents: String,
    },
    /// The person chose to quit: the program ends.
    Quit,
}

/// The answer to an input: what to print, and what is needed next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Text to print as is (prompts have no newline after them).
    pub output: String,
    /// What the session needs next.
    pub request: Request,
}

/// A console session: each call answers with a [`Step`], whose
/// [`Request`] says which call comes next.
pub trait Console {
    /// The first screen.
    fn start(&mut self) -> Step;
    /// A line typed by the person (its line ending may be left on).
    fn input(&mut self, line: &str) -> Step;
    /// Go on without input (a computer's move).
    fn advance(&mut self) -> Step;
    /// The text of the file asked for by [`Request::Load`], or why it could
    /// not be read.
    fn loaded(&mut self, result: Result<String, String>) -> Step;
    /// Whether the file of [`Request::Save`] was written, or why not.
    fn saved(&mut self, result: Result<(), String>) -> Step;

    /// Start the session and type `lines` into it, the computer's turns
    /// played in between: all it prints. A file asked for stops the
    /// advance (answer it with [`Console::loaded`] or [`Console::saved`]);
    /// tests and examples drive sessions so.
    fn run_lines(&mut self, lines: &[&str]) -> String {
        let mut out = self.start().output;
        for line in lines {
            let mut step = self.input(line);
            loop {
                out.push_str(&step.output);
                match step.request {
                    Request::Advance => step = self.advance(),
                    _ => break,
                }
            }
        }
        out
    }
}

/// The fixed words of a game's console program.
#[derive(Clone, Copy, Debug)]
pub struct Texts {
    /// The end of every menu.
    pub menu_prompt: &'static str,
    /// The question for a file name.
    pub file_prompt: &'static str,
    /// The answer to a menu choice that does not exist.
    pub wrong_option: &'static str,
    /// The warning when saving before any game was played.
    pub nothing_to_save: &'static str,
    /// The answer to an empty file name.
    pub empty_file_name: &'static str,
    /// The line after a save: the file name given.
    pub saved: fn(file: &str) -> String,
    /// The line when a file cannot be read: the file and why.
    pub unreadable: fn(file: &str, reason: &str) -> String,
    /// The line when a file cannot be written: the file and why.
    pub unwritable: fn(file: &str, reason: &str) -> String,
}

/// What one game brings to a [`Session`]: its settings, controls and
/// computer players, its words and screens, and its moves and records.
/// The dialogue itself (menu, load, save, turns) is [`Session`]'s.
pub trait ConsoleGame {
    /// The settings a session starts from.
    type Options;
    /// A game as played or loaded (moves and positions).
    type Game;
    /// One move.
    type Move;

    /// The game's fixed words.
    const TEXTS: Texts;

    /// The game's side of a session started with `options`.
    fn from_options(options: Self::Options) -> Self;
    /// The menu with the current controls, ending with
    /// [`Texts::menu_prompt`].
    fn menu(&self) -> String;
    /// Menu option `4`: the next control of the first side.
    fn cycle_first(&mut self);
    /// Menu option `5`: the next control of the second side.
    fn cycle_second(&mut self);
    /// A game at the start.
    fn new_game(&self) -> Self::Game;
    /// The screen that stops `game` here (its end, or a cap on its
    /// length), or `None` while it goes on.
    fn finished(&self, game: &Self::Game) -> Option<String>;
    /// Whether a computer plays the next move of `game`.
    fn computer_to_move(&self, game: &Self::Game) -> bool;
    /// The screen of a person's turn, ending with the move prompt.
    fn game_screen(&self, game: &Self::Game) -> String;
    /// The computer's move in `game` and the screen that shows it, or
    /// `None` if it has none (a game in play always has one).
    fn computer_move(&mut self, game: &Self::Game) -> Option<(Self::Move, String)>;
    /// Play `mv`, a legal move, on `game`.
    fn play(game: &mut Self::Game, mv: Self::Move);
    /// Whether `line` (trimmed) leaves the game for the menu.
    fn is_quit(line: &str) -> bool;
    /// The legal move a person means by `line` (trimmed), or the answer to
    /// print (why not, and the move prompt again).
    fn typed(&self, game: &Self::Game, line: &str) -> Result<Self::Move, String>;
    /// `game`'s record as a file holds it.
    fn record(&self, game: &Self::Game) -> String;
    /// The game `text` (read from `file`) holds, or the line that says why
    /// it holds none.
    fn load(&self, file: &str, text: &str) -> Result<Self::Game, String>;
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

/// A console program's state, the same for every game: the game's side
/// (controls, generator, words), the current or last game, and where in
/// the dialogue it is.
#[derive(Clone, Debug)]
pub struct Session<G: ConsoleGame> {
    console: G,
    game: Option<G::Game>,
    state: State,
}

impl<G: ConsoleGame> Session<G> {
    /// A session at its start (call [`Console::start`] for the first menu).
    pub fn new(options: G::Options) -> Session<G> {
        Session {
            console: G::from_options(options),
            game: None,
            state: State::Menu,
        }
    }

    /// The game's side: its controls and settings.
    pub fn console_game(&self) -> &G {
        &self.console
    }

    /// The game being played, or the last one (new or loaded).
    pub fn game(&self) -> Option<&G::Game> {
        self.game.as_ref()
    }

    /// The game being played, or the last one, to change: a caller that
    /// feeds a game of any length and never saves it may drop its moves so
    /// that memory stays flat.
    pub fn game_mut(&mut self) -> Option<&mut G::Game> {
        self.game.as_mut()
    }

    /// Whether the session is in a game (not the menu or a file name
    /// question).
    pub fn in_game(&self) -> bool {
        self.state == State::Playing
    }

    fn computer_to_move(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|game| self.console.computer_to_move(game))
    }

    fn record(&self) -> String {
        self.game
            .as_ref()
            .map_or_else(String::new, |game| self.console.record(game))
    }

    fn pending_request(&self) -> Request {
        match &self.state {
            State::Done => Request::Quit,
            State::Loading(file) => Request::Load(file.clone()),
            State::Playing if self.computer_to_move() => Request::Advance,
            State::Saving(file) => Request::Save {
                file: file.clone(),
                contents: self.record(),
            },
            _ => Request::Line,
        }
    }

    fn menu_choice(&mut self, choice: &str) -> Step {
        match choice {
            "1" => {
                self.game = Some(self.console.new_game());
                self.state = State::Playing;
                self.turn()
            }
            "2" => self.ask_file(State::LoadName),
            "3" if self.game.is_none() => self.menu_after(G::TEXTS.nothing_to_save),
            "3" => self.ask_file(State::SaveName),
            "4" => {
                self.console.cycle_first();
                self.menu_after("")
            }
            "5" => {
                self.console.cycle_second();
                self.menu_after("")
            }
            "6" => {
                self.state = State::Done;
                step(String::new(), Request::Quit)
            }
            _ => self.menu_after(G::TEXTS.wrong_option),
        }
    }

    fn ask_file(&mut self, state: State) -> Step {
        self.state = state;
        step(G::TEXTS.file_prompt.to_string(), Request::Line)
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
        output.push_str(&self.console.menu());
        debug_assert!(output.ends_with(G::TEXTS.menu_prompt));
        step(output, Request::Line)
    }

    /// The start of a turn: the end checks, then the screen of a person's or
    /// a computer's turn.
    fn turn(&mut self) -> Step {
        let Some(game) = self.game.as_mut() else {
            // Unreachable: a turn is always of a game.
            return self.menu_after("");
        };
        if let Some(screen) = self.console.finished(game) {
            return self.menu_with(screen);
        }
        self.state = State::Playing;
        if !self.console.computer_to_move(game) {
            return step(self.console.game_screen(game), Request::Line);
        }
        let Some((mv, output)) = self.console.computer_move(game) else {
            // A position in play has a legal move, and every player
            // chooses one; the menu is the safe answer.
            return self.menu_after("");
        };
        G::play(game, mv);
        step(output, Request::Advance)
    }

    fn typed_move(&mut self, line: &str) -> Step {
        if G::is_quit(line) {
            return self.menu_after("");
        }
        let Some(game) = self.game.as_mut() else {
            // Unreachable: a move is only asked for in a game.
            return self.menu_after("");
        };
        match self.console.typed(game, line) {
            Ok(mv) => {
                G::play(game, mv);
                self.turn()
            }
            Err(output) => {
                self.state = State::Playing;
                step(output, Request::Line)
            }
        }
    }
}

fn step(output: String, request: Request) -> Step {
    Step { output, request }
}

/// The console loop of `asalto play` drives every game's session through
/// [`Console`].
impl<G: ConsoleGame> Console for Session<G> {
    /// The first menu.
    fn start(&mut self) -> Step {
        self.state = State::Menu;
        step(self.console.menu(), Request::Line)
    }

    /// A line typed by the person (its line ending removed or not; spaces
    /// around it do not matter).
    fn input(&mut self, line: &str) -> Step {
        let line = line.trim();
        match std::mem::replace(&mut self.state, State::Menu) {
            State::Menu => self.menu_choice(line),
            State::LoadName | State::SaveName if line.is_empty() => {
                self.menu_after(G::TEXTS.empty_file_name)
            }
            State::LoadName => {
                self.state = State::Loading(line.to_string());
                step(String::new(), Request::Load(line.to_string()))
            }
            State::SaveName => {
                let contents = self.record();
                self.state = State::Saving(line.to_string());
                let file = line.to_string();
                step(String::new(), Request::Save { file, contents })
            }
            State::Playing if self.computer_to_move() => {
                // A computer's turn: nothing is read.
                self.state = State::Playing;
                step(String::new(), Request::Advance)
            }
            State::Playing => self.typed_move(line),
            state @ (State::Loading(_) | State::Saving(_) | State::Done) => {
                // Not waiting for a line: ignore it.
                self.state = state;
                step(String::new(), self.pending_request())
            }
        }
    }

    /// Play the next turn when no line is needed (a computer's move).
    fn advance(&mut self) -> Step {
        if self.state == State::Playing {
            self.turn()
        } else {
            step(String::new(), self.pending_request())
        }
    }

    /// The result of a [`Request::Load`]: the file's text, or why it could
    /// not be read.
    fn loaded(&mut self, result: Result<String, String>) -> Step {
        let State::Loading(file) = std::mem::replace(&mut self.state, State::Menu) else {
            return self.menu_after("");
        };
        let loaded = match result {
            Ok(text) => self.console.load(&file, &text),
            Err(reason) => Err((G::TEXTS.unreadable)(&file, &reason)),
        };
        match loaded {
            Ok(game) => {
                self.game = Some(game);
                self.state = State::Playing;
                self.turn()
            }
            Err(message) => self.menu_after(&message),
        }
    }

    /// The result of a [`Request::Save`]: `Ok`, or why the file could not be
    /// written.
    fn saved(&mut self, result: Result<(), String>) -> Step {
        let State::Saving(file) = std::mem::replace(&mut self.state, State::Menu) else {
            return self.menu_after("");
        };
        match result {
            Ok(()) => self.menu_after(&(G::TEXTS.saved)(&file)),
            Err(reason) => self.menu_after(&(G::TEXTS.unwritable)(&file, &reason)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session that echoes each line, then plays two computer turns.
    struct Echo {
        turns: u8,
    }

    impl Echo {
        fn step(output: String, request: Request) -> Step {
            Step { output, request }
        }
    }

    impl Console for Echo {
        fn start(&mut self) -> Step {
            Echo::step("> ".into(), Request::Line)
        }
        fn input(&mut self, line: &str) -> Step {
            self.turns = 2;
            Echo::step(format!("{line}\n"), Request::Advance)
        }
        fn advance(&mut self) -> Step {
            self.turns -= 1;
            if self.turns == 0 {
                Echo::step("done\n> ".into(), Request::Line)
            } else {
                Echo::step("thinking\n".into(), Request::Advance)
            }
        }
        fn loaded(&mut self, _: Result<String, String>) -> Step {
            Echo::step(String::new(), Request::Quit)
        }
        fn saved(&mut self, _: Result<(), String>) -> Step {
            Echo::step(String::new(), Request::Quit)
        }
    }

    #[test]
    fn run_lines_plays_the_computer_turns_between_lines() {
        let mut echo = Echo { turns: 0 };
        assert_eq!(
            echo.run_lines(&["a", "b"]),
            "> a\nthinking\ndone\n> b\nthinking\ndone\n> "
        );
        assert_eq!(Echo { turns: 0 }.run_lines(&[]), "> ");
    }
}
