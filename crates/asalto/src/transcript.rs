//! A whole game played into the assignment's console program: the
//! dialogue (what the program prints, what a person types), as one text or
//! as the typed input alone. `asalto export --to transcript|input` writes
//! these, and `grade` feeds the same input to students' programs.
//!
//! It sits above [`console`](crate::console) (the screens) and
//! [`session`](crate::session) (the program as a state machine): the
//! dialogue is what that one implementation prints, so a transcript and
//! `asalto play` never disagree.

use crate::console::{QUIT_GAME, typed_move};
use crate::session::{Console, Session, SessionOptions};
use crate::{Game, Move};

/// One exchange of a console session: what the program prints, then what
/// the person types in answer (without its newline).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// The screen printed, ending with a prompt.
    pub printed: String,
    /// The line typed at that prompt.
    pub typed: String,
}

/// The session of a correct program of the assignment when `game` is played
/// into it move by move, both sides on HUMANO:
///
/// 1. the menu, answered `1` (NUEVA PARTIDA);
/// 2. for each move, the game screen ([`game_screen`]) answered with the
///    move as a person types it ([`typed_move`]: the first two points);
/// 3. then, if the game is over after the last move, the end announcement
///    ([`end_screen`]) and the menu again; if not, the game screen answered
///    `FIN` ([`QUIT_GAME`]) and the menu again;
/// 4. that last menu answered `6` (SALIR).
///
/// The text is what [`Session`], the program behind
/// `asalto play`, prints for that input: one implementation of the program,
/// so a transcript and `asalto play` never disagree. `game` starts from the
/// start position, as every game of the program does.
///
/// # Examples
///
/// ```
/// use asalto_asalto::transcript::{session, transcript};
///
/// let game = asalto_asalto::replay::new_game();
/// let exchanges = session(&game);
/// let typed: Vec<&str> = exchanges.iter().map(|e| e.typed.as_str()).collect();
/// assert_eq!(typed, ["1", "FIN", "6"]);
/// assert!(transcript(&game, true).contains("Introduzca jugada o FIN: FIN\n"));
/// ```
///
/// [`game_screen`]: crate::console::game_screen
/// [`end_screen`]: crate::console::end_screen
pub fn session(game: &Game) -> Vec<Exchange> {
    let mut dialogue = Dialogue::new();
    let mut exchanges = Vec::with_capacity(game.plies.len() + 3);
    exchanges.push(dialogue.begin());
    exchanges.extend(game.plies.iter().map(|p| dialogue.play(&p.mv)));
    exchanges.extend(dialogue.end(game.outcome().is_some()));
    exchanges
}

/// A [`session`] made one move at a time, each exchange handed out as soon
/// as it is known: `asalto export --to transcript|input` writes games of any
/// length this way, holding only the current position.
///
/// # Examples
///
/// ```
/// use asalto_asalto::transcript::{Dialogue, session};
/// use asalto_asalto::{Move, Point};
///
/// let mv = Move::step("Bc".parse::<Point>()?, "Cc".parse()?);
/// let game = asalto_asalto::replay::game_of_moves([&mv]).map_err(|(_, e)| e)?;
/// let mut dialogue = Dialogue::new();
/// let mut exchanges = vec![dialogue.begin(), dialogue.play(&mv)];
/// exchanges.extend(dialogue.end(false));
/// assert_eq!(exchanges, session(&game));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Dialogue {
    program: Session,
    printed: String,
}

impl Dialogue {
    /// The program started: its first menu printed.
    pub fn new() -> Dialogue {
        let mut program = Session::new(SessionOptions::default());
        let printed = program.start().output;
        Dialogue { program, printed }
    }

    /// The first exchange: the menu, answered `1` (NUEVA PARTIDA).
    pub fn begin(&mut self) -> Exchange {
        self.answer("1".to_string())
    }

    /// The game screen answered with `mv` as a person types it.
    pub fn play(&mut self, mv: &Move) -> Exchange {
        let exchange = self.answer(typed_move(mv));
        // The game starts afresh from its current position, dropping its
        // moves, so that memory stays flat on a game of any length: what
        // the program prints depends on the position only, and nothing is
        // saved (a later GUARDAR would write only the moves played after).
        if let Some(game) = self.program.game_mut() {
            *game = Game::new(game.position());
        }
        exchange
    }

    /// The last exchanges: the game screen answered `FIN` unless the game
    /// is `over`, then the menu answered `6` (SALIR).
    pub fn end(mut self, over: bool) -> Vec<Exchange> {
        let mut exchanges = Vec::with_capacity(2);
        if !over {
            exchanges.push(self.answer(QUIT_GAME.to_string()));
        }
        exchanges.push(self.answer("6".to_string()));
        exchanges
    }

    fn answer(&mut self, typed: String) -> Exchange {
        let next = self.program.input(&typed).output;
        Exchange {
            printed: std::mem::replace(&mut self.printed, next),
            typed,
        }
    }
}

impl Default for Dialogue {
    fn default() -> Dialogue {
        Dialogue::new()
    }
}

/// The [`session`] of `game` as one text. With `echo`, as a terminal shows
/// it: each typed line follows its prompt, with its newline. Without, only
/// what the program writes to its standard output when the typed lines come
/// from a pipe.
pub fn transcript(game: &Game, echo: bool) -> String {
    let mut out = String::new();
    for exchange in session(game) {
        out.push_str(&exchange.printed);
        if echo {
            out.push_str(&exchange.typed);
            out.push('\n');
        }
    }
    out
}

/// The lines a person types in the [`session`] of `game`, each ending in a
/// newline: the standard input to feed a program to replay `game`.
pub fn typed_input(game: &Game) -> String {
    let mut out = String::new();
    for exchange in session(game) {
        out.push_str(&exchange.typed);
        out.push('\n');
    }
    out
}
