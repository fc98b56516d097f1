//! The Spanish console screens of the assignment's program (section 2.5):
//! the menu, the game screen and the messages, in one place.
//!
//! `asalto play` prints them, `asalto export --to transcript` writes the
//! session a correct program prints, and `asalto grade` knows what to look
//! for in a student's output. The texts follow the assignment's example;
//! where it is silent (messages for a wrong move, the end of a game) they are
//! this toolkit's choice and are documented as such.

use crate::{Move, Outcome, OutcomeReason, Position, Side, render};

/// The question the menu asks.
pub const MENU_PROMPT: &str = "Indique opción: ";
/// The question of the game screen.
pub const MOVE_PROMPT: &str = "Introduzca jugada o FIN: ";
/// The question for a file name (load and save).
pub const FILE_PROMPT: &str = "Nombre del fichero: ";
/// What a person types to leave a game.
pub const QUIT_GAME: &str = "FIN";
/// How many moves are listed per line after `Jugadas posibles:`.
pub const MOVES_PER_LINE: usize = 6;

/// Who chooses the officers' moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum OfficerControl {
    /// A person types them.
    #[default]
    Human,
    /// A uniformly random legal move.
    Random,
}

/// Who chooses the rebels' moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RebelControl {
    /// A person types them.
    #[default]
    Human,
    /// A uniformly random legal move.
    Random,
    /// The assignment's BASICO player.
    Basic,
}

impl OfficerControl {
    /// The next choice, cycling as the menu does.
    pub const fn next(self) -> OfficerControl {
        match self {
            OfficerControl::Human => OfficerControl::Random,
            OfficerControl::Random => OfficerControl::Human,
        }
    }
}

impl RebelControl {
    /// The next choice, cycling as the menu does.
    pub const fn next(self) -> RebelControl {
        match self {
            RebelControl::Human => RebelControl::Random,
            RebelControl::Random => RebelControl::Basic,
            RebelControl::Basic => RebelControl::Human,
        }
    }
}

/// `[HUMANO]  AZAR`: the options with the chosen one in brackets.
fn choices(names: &[&str], chosen: usize) -> String {
    let shown: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            if i == chosen {
                format!("[{n}]")
            } else {
                n.to_string()
            }
        })
        .collect();
    shown.join("  ")
}

/// The main menu, ending with the prompt (no newline after it).
///
/// # Examples
///
/// ```
/// use asalto_asalto::console::{menu, OfficerControl, RebelControl};
///
/// let text = menu(OfficerControl::Human, RebelControl::Basic);
/// assert!(text.contains("5. CONTROL REBELDES:  HUMANO  AZAR  [BASICO]\n"));
/// assert!(text.ends_with("Indique opción: "));
/// ```
pub fn menu(officers: OfficerControl, rebels: RebelControl) -> String {
    let o = match officers {
        OfficerControl::Human => 0,
        OfficerControl::Random => 1,
    };
    let r = match rebels {
        RebelControl::Human => 0,
        RebelControl::Random => 1,
        RebelControl::Basic => 2,
    };
    format!(
        "----- ASALTO -----\n\
         - Practica de Paradigmas de Programacion 2018-19 -\n\
         -----\n\
         \n\
         1. NUEVA PARTIDA\n\
         2. CARGAR PARTIDA\n\
         3. SALVAR PARTIDA\n\
         4. CONTROL OFICIALES: {}\n\
         5. CONTROL REBELDES:  {}\n\
         6. SALIR\n\
         \n\
         {MENU_PROMPT}",
        choices(&["HUMANO", "AZAR"], o),
        choices(&["HUMANO", "AZAR", "BASICO"], r),
    )
}

/// `Turno: OFICIALES.`
pub fn turn_line(side: Side) -> String {
    format!("Turno: {}.", side.spanish())
}

/// `Jugadas posibles: Bc-Ac, Bc-Bd, ...`, wrapped after every
/// [`MOVES_PER_LINE`] moves, each line but the last ending in a comma.
pub fn moves_lines(moves: &[Move]) -> String {
    let mut out = String::from("Jugadas posibles: ");
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(',');
            out.push(if i % MOVES_PER_LINE == 0 { '\n' } else { ' ' });
        }
        out.push_str(&m.to_string());
    }
    out
}

/// The game screen of a position still in play: a blank line, the board,
/// a blank line, the turn, the legal moves and the prompt (no newline after
/// it).
pub fn game_screen(pos: &Position) -> String {
    format!(
        "\n{}\n{}\n{}\n{MOVE_PROMPT}",
        render::ascii(pos.board()),
        turn_line(pos.turn()),
        moves_lines(&pos.legal_moves()),
    )
}

/// The board and the announcement of the end of a game.
pub fn end_screen(pos: &Position, outcome: Outcome) -> String {
    format!(
        "\n{}\n{}\n",
        render::ascii(pos.board()),
        end_message(outcome)
    )
}

/// `Fin de la partida. Ganan los OFICIALES: quedan menos de 9 rebeldes.`
pub fn end_message(outcome: Outcome) -> String {
    let why = match outcome.reason {
        OutcomeReason::OfficersBlocked => "los oficiales no pueden mover",
        OutcomeReason::RebelsBlocked => "los rebeldes no pueden mover",
        OutcomeReason::CastleOccupied => "los rebeldes ocupan el castillo",
        OutcomeReason::FewerThanNineRebels => "quedan menos de 9 rebeldes",
    };
    format!(
        "Fin de la partida. Ganan los {}: {why}.",
        outcome.winner.spanish()
    )
}

/// The screen of a computer's turn: like [`game_screen`], but instead of
/// the prompt, the move the computer chose (`Jugada elegida: Bd-Db-Dd-Df-Bd`)
/// and a newline. Nothing is read on such a turn.
pub fn computer_screen(pos: &Position, chosen: &Move) -> String {
    format!(
        "\n{}\n{}\n{}\n{}\n",
        render::ascii(pos.board()),
        turn_line(pos.turn()),
        moves_lines(&pos.legal_moves()),
        chosen_move_line(chosen),
    )
}

/// What precedes the move a computer player chose.
pub const CHOSEN_MOVE: &str = "Jugada elegida: ";

/// `Jugada elegida: Bc-Cc`: the move a computer player (AZAR, BASICO)
/// chose, written whole.
pub fn chosen_move_line(mv: &Move) -> String {
    format!("{CHOSEN_MOVE}{mv}")
}

/// `Partida salvada en el fichero ejemplo.txt.`: the confirmation of a save.
pub fn saved_message(file: &str) -> String {
    format!("Partida salvada en el fichero {file}.")
}

/// `No se puede leer el fichero x.txt: no existe.`: a file that could not
/// be loaded, with the reason.
pub fn unreadable_file_message(file: &str, reason: &str) -> String {
    format!("No se puede leer el fichero {file}: {reason}.")
}

/// `No se puede escribir el fichero x.txt: ...`: a save that failed.
pub fn unwritable_file_message(file: &str, reason: &str) -> String {
    format!("No se puede escribir el fichero {file}: {reason}.")
}

/// `El fichero x.txt no contiene una partida válida: ...`: a file that was
/// read but is not a legal game, with the first problem.
pub fn invalid_file_message(file: &str, problem: &str) -> String {
    format!("El fichero {file} no contiene una partida válida: {problem}.")
}

/// The answer to an empty file name.
pub const EMPTY_FILE_NAME: &str = "Falta el nombre del fichero.";

/// The answer to a move that is not in the list.
pub const WRONG_MOVE: &str = "Jugada errónea. Vuelva a introducirla.";
/// The answer to a menu choice that does not exist.
pub const WRONG_OPTION: &str = "Opción no válida.";
/// The warning when saving before any game was played.
pub const NOTHING_TO_SAVE: &str = "No se ha jugado ninguna partida todavía.";

/// What a person types for `mv` at the game screen: its first two points
/// (`Bd-Db`); the program completes a capture from them.
pub fn typed_move(mv: &Move) -> String {
    format!("{}-{}", mv.from(), mv.second())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_screen_of_the_example() {
        let screen = game_screen(&Position::start());
        assert!(screen.ends_with(
            "Turno: OFICIALES.\nJugadas posibles: Bc-Ac, Bc-Bd, Bc-Cc, Be-Ae, Be-Ce, Be-Bd\nIntroduzca jugada o FIN: "
        ));
    }

    #[test]
    fn long_lists_wrap() {
        let pos = Position::start()
            .play_unchecked(&Move::step("Bc".parse().unwrap(), "Cc".parse().unwrap()));
        let text = moves_lines(&pos.legal_moves());
        assert_eq!(text, "Jugadas posibles: Cf-Ce, Dd-Cd, Dd-Ce, De-Ce, Df-Ce");
    }

    #[test]
    fn control_cycles() {
        assert_eq!(
            RebelControl::Human.next().next().next(),
            RebelControl::Human
        );
        assert_eq!(OfficerControl::Human.next().next(), OfficerControl::Human);
    }
}
