//! The console game's screens and messages, in one place.
//!
//! The game screen is the report's: its title, the `PLAYER:` line and the
//! numbered grid ([`render::report_display`]). The menu, the prompts and the
//! messages are this toolkit's (the report's menus differ between its
//! versions), in the spirit of the Asalto program: numbered options, the
//! players' controls shown with the chosen one in brackets.

use crate::player::Player;
use crate::problem::Problem;
use crate::{Move, Notation, Outcome, Position, Profile, Side, join, render};

/// The question the menu asks.
pub const MENU_PROMPT: &str = "Option: ";
/// The question of the game screen.
pub const MOVE_PROMPT: &str = "Move (like c3-d4, c3xe5, (7,2)-(6,3) or 7 2 6 3), or QUIT: ";
/// The question for a file name (load and save).
pub const FILE_PROMPT: &str = "File name: ";
/// What a person types to leave a game (any letter case).
pub const QUIT_GAME: &str = "QUIT";
/// How many moves are listed per line after `Legal moves:`.
pub const MOVES_PER_LINE: usize = 10;
/// What precedes the move a computer chose.
pub const CHOSEN_MOVE: &str = "Computer plays: ";

/// The answer to a menu choice that does not exist.
pub const WRONG_OPTION: &str = "No such option.";
/// The warning when saving before any game was played.
pub const NOTHING_TO_SAVE: &str = "No game has been played yet.";
/// The answer to an empty file name.
pub const EMPTY_FILE_NAME: &str = "No file name given.";

/// Who chooses a side's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Control {
    /// A person types them.
    #[default]
    Human,
    /// [`Player::Random`].
    Random,
    /// [`Player::Greedy`].
    Greedy,
    /// [`Player::Search`] at the session's depth.
    Search,
}

impl Control {
    /// The choices in menu order.
    pub const ALL: [Control; 4] = [
        Control::Human,
        Control::Random,
        Control::Greedy,
        Control::Search,
    ];

    /// The next choice, cycling as the menu does.
    pub const fn next(self) -> Control {
        match self {
            Control::Human => Control::Random,
            Control::Random => Control::Greedy,
            Control::Greedy => Control::Search,
            Control::Search => Control::Human,
        }
    }

    /// The name shown in the menu.
    pub const fn label(self) -> &'static str {
        match self {
            Control::Human => "HUMAN",
            Control::Random => "RANDOM",
            Control::Greedy => "GREEDY",
            Control::Search => "SEARCH",
        }
    }

    /// The computer player, with `depth` for search; `None` for a person.
    pub const fn player(self, depth: u32) -> Option<Player> {
        match self {
            Control::Human => None,
            Control::Random => Some(Player::Random),
            Control::Greedy => Some(Player::Greedy),
            Control::Search => Some(Player::Search { depth }),
        }
    }
}

/// `[HUMAN]  RANDOM  GREEDY  SEARCH`: the choices with the chosen one in
/// brackets.
fn choices(chosen: Control) -> String {
    let shown: Vec<String> = Control::ALL
        .iter()
        .map(|c| {
            if *c == chosen {
                format!("[{}]", c.label())
            } else {
                c.label().to_string()
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
/// use asalto_madbishops::console::{menu, Control};
/// use asalto_madbishops::{Profile, Side};
///
/// let text = menu(Profile::Steere, Side::Red, Control::Human, Control::Greedy);
/// assert!(text.starts_with("M A D B I S H O P S\nRules: steere, red moves first\n"));
/// assert!(text.contains("5. BLUE: HUMAN  RANDOM  [GREEDY]  SEARCH\n"));
/// assert!(text.ends_with("Option: "));
/// ```
pub fn menu(profile: Profile, first: Side, red: Control, blue: Control) -> String {
    format!(
        "{}\n\
         Rules: {profile}, {first} moves first\n\
         \n\
         1. NEW GAME\n\
         2. LOAD GAME\n\
         3. SAVE GAME\n\
         4. RED:  {}\n\
         5. BLUE: {}\n\
         6. QUIT\n\
         \n\
         {MENU_PROMPT}",
        render::TITLE,
        choices(red),
        choices(blue),
    )
}

/// `Legal moves: b10xa9, b10xc9, ...`, wrapped after every
/// [`MOVES_PER_LINE`] moves, each line but the last ending in a comma.
pub fn moves_lines(moves: &[Move], notation: Notation) -> String {
    let mut out = String::from("Legal moves: ");
    for (i, chunk) in moves.chunks(MOVES_PER_LINE).enumerate() {
        if i > 0 {
            out.push_str(",\n  ");
        }
        out.push_str(&join(chunk, notation));
    }
    out
}

/// The game screen of a person's turn: a blank line, the report's display,
/// the legal moves and the prompt (no newline after it).
pub fn game_screen(pos: &Position, notation: Notation) -> String {
    format!(
        "\n{}{}\n{MOVE_PROMPT}",
        render::report_display(pos),
        moves_lines(&pos.legal_moves(), notation),
    )
}

/// The screen of a computer's turn: the report's display and the move
/// chosen (`Computer plays: b10xa9`), with a newline. Nothing is read.
pub fn computer_screen(pos: &Position, chosen: Move, notation: Notation) -> String {
    format!(
        "\n{}{CHOSEN_MOVE}{}\n",
        render::report_display(pos),
        chosen.written(notation)
    )
}

/// The board and the announcement of the end of a game.
pub fn end_screen(pos: &Position, outcome: Outcome) -> String {
    format!(
        "\n{}{}\n",
        render::report_display(pos),
        end_message(outcome)
    )
}

/// The board and the announcement of a game stopped at the move cap.
pub fn capped_screen(pos: &Position, max_plies: usize) -> String {
    format!(
        "\n{}Game stopped after {max_plies} moves, the move cap; it can be saved.\n",
        render::report_display(pos)
    )
}

/// `Game over: red wins: every blue bishop is captured.`
pub fn end_message(outcome: Outcome) -> String {
    format!("Game over: {outcome}.")
}

/// The answer to a typed line that is not a legal move, then the prompt
/// again: `Not a move: ...` for a syntax error, `Illegal move: ... [code]`
/// for a move the rules forbid, with the help when there is one.
pub fn wrong_move(problem: &Problem) -> String {
    let what = match problem.kind {
        crate::ProblemKind::Illegal(_) => "Illegal move",
        _ => "Not a move",
    };
    let help = problem.help().map(|h| format!("{h}\n")).unwrap_or_default();
    format!(
        "{what}: {} [{}]\n{help}{MOVE_PROMPT}",
        problem.message(),
        problem.reason().code()
    )
}

/// `Game saved to game.txt.`
pub fn saved_message(file: &str) -> String {
    format!("Game saved to {file}.")
}

/// `Cannot read x.txt: not found.`
pub fn unreadable_file_message(file: &str, reason: &str) -> String {
    format!("Cannot read {file}: {reason}.")
}

/// `Cannot write x.txt: ...`
pub fn unwritable_file_message(file: &str, reason: &str) -> String {
    format!("Cannot write {file}: {reason}.")
}

/// `x.txt does not hold a valid game: line 3, move 3: ... [code].`
pub fn invalid_file_message(file: &str, problem: &Problem) -> String {
    let place = match problem.ply {
        Some(ply) => format!("line {}, move {ply}", problem.line),
        None => format!("line {}", problem.line),
    };
    let message = match &problem.kind {
        // The place is given once, in front.
        crate::ProblemKind::Illegal(_) | crate::ProblemKind::Syntax { .. } => Problem {
            ply: None,
            side: None,
            ..problem.clone()
        }
        .message(),
        crate::ProblemKind::Format { .. } => problem.message(),
    };
    format!(
        "{file} does not hold a valid game: {place}: {message} [{}].",
        problem.reason().code()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_cycle() {
        let mut c = Control::Human;
        for _ in 0..4 {
            c = c.next();
        }
        assert_eq!(c, Control::Human);
        assert_eq!(Control::Search.player(3), Some(Player::Search { depth: 3 }));
        assert_eq!(Control::Human.player(3), None);
    }

    #[test]
    fn the_game_screen_of_the_start() {
        let pos = Position::start(Profile::Steere, Side::Red);
        let screen = game_screen(&pos, Notation::Algebraic);
        assert!(screen.starts_with("\nM A D B I S H O P S\nPLAYER: red\n\t0\t1"));
        assert!(screen.contains("\nLegal moves: b10xa9, b10xc9, d10xc9, "));
        assert!(screen.ends_with(MOVE_PROMPT));
        // 81 moves: 9 lines.
        assert_eq!(screen.matches(",\n  ").count(), 8);
    }
}
