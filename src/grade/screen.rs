//! Reading a student program's screens: prompts, the menu, `Turno:`, the
//! moves listed after `Jugadas posibles`, the board drawing and the
//! announcement of the end of a game.
//!
//! Students print these in many small variations, so every reader here is
//! forgiving about case, accents, spacing and separators, and strict only
//! about what the check is about (the side, the set of moves, the pieces).

use crate::console::{OfficerControl, RebelControl};
use crate::{Board, Point, Side};

/// Lower case without Spanish accents: `Opción` → `opcion`.
pub fn normalize(text: &str) -> String {
    // Most lines are plain ASCII: one pass, no per-character decoding
    // (the judge reads every line of every screen several ways).
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    text.chars()
        .map(|c| match c {
            'á' | 'Á' => 'a',
            'é' | 'É' => 'e',
            'í' | 'Í' => 'i',
            'ó' | 'Ó' => 'o',
            'ú' | 'Ú' | 'ü' | 'Ü' => 'u',
            'ñ' | 'Ñ' => 'n',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// What a prompt asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PromptKind {
    /// A menu option (`Indique opción:`).
    Menu,
    /// A move or `FIN` (`Introduzca jugada o FIN:`).
    Move,
    /// A file name (`Nombre del fichero:`).
    File,
}

/// The last line with something on it, trimmed.
pub fn last_line(text: &str) -> &str {
    text.lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
}

/// What the prompt `line` asks for, if it is a prompt this module knows:
/// `Introduzca jugada o FIN:`, `Introduce jugada o FIN:`, `Jugada:`,
/// `Indique opción:`, `Elija una opción:`, `Opción:`, `Nombre del
/// fichero:`, `Nombre de archivo:`...
///
/// # Examples
///
/// ```
/// use asalto::grade::screen::{prompt_kind, PromptKind};
///
/// assert_eq!(prompt_kind("Introduce jugada o FIN:"), Some(PromptKind::Move));
/// assert_eq!(prompt_kind("Indique opción: "), Some(PromptKind::Menu));
/// assert_eq!(prompt_kind("Nombre de archivo?"), Some(PromptKind::File));
/// assert_eq!(prompt_kind("Jugadas posibles: Bc-Ac, Bc-Bd"), None);
/// ```
pub fn prompt_kind(line: &str) -> Option<PromptKind> {
    prompt_kind_normalized(normalize(line.trim()).as_str())
}

/// [`prompt_kind`] of a line already [`normalize`]d and trimmed.
fn prompt_kind_normalized(n: &str) -> Option<PromptKind> {
    if n.is_empty() || n.contains("posible") {
        return None;
    }
    let asks = n.ends_with(':') || n.ends_with('?') || n.ends_with('>') || n.ends_with("=");
    let verb = [
        "introduzca",
        "introduce",
        "introducir",
        "indique",
        "indica",
        "elija",
        "elige",
        "escoja",
        "escoge",
        "seleccione",
        "selecciona",
        "escriba",
        "escribe",
        "teclee",
        "dame",
        "deme",
    ]
    .iter()
    .any(|v| n.contains(v));
    if (n.contains("fichero") || n.contains("archivo")) && (asks || verb || n.contains("nombre")) {
        return Some(PromptKind::File);
    }
    if (n.contains("jugada") || n.contains("movimiento")) && (asks || verb || n.contains("fin")) {
        return Some(PromptKind::Move);
    }
    if n.contains("opcion") && (asks || verb) {
        return Some(PromptKind::Menu);
    }
    None
}

/// The prompt the output ends with, if any.
pub fn ends_with_prompt(output: &[u8]) -> Option<PromptKind> {
    let tail = &output[output.len().saturating_sub(400)..];
    prompt_kind(last_line(&String::from_utf8_lossy(tail)))
}

/// The side announced by the last `Turno:` line.
///
/// # Examples
///
/// ```
/// use asalto::grade::screen::turn;
/// use asalto::Side;
///
/// assert_eq!(turn("...\nTurno: REBELDES. Jugadas posibles:\n"), Some(Side::Rebels));
/// assert_eq!(turn("Es el turno de los oficiales"), Some(Side::Officers));
/// ```
pub fn turn(text: &str) -> Option<Side> {
    let line = text.lines().map(normalize).rfind(|l| l.contains("turno"))?;
    let after = &line[line.find("turno")? + "turno".len()..];
    side_word(after).map(|(side, _)| side)
}

/// The first side named in `text` (`oficial...`, `rebelde...`) and where.
fn side_word(text: &str) -> Option<(Side, usize)> {
    let o = text.find("oficial");
    let r = text.find("rebelde");
    match (o, r) {
        (Some(o), Some(r)) if o < r => Some((Side::Officers, o)),
        (Some(_), Some(r)) => Some((Side::Rebels, r)),
        (Some(o), None) => Some((Side::Officers, o)),
        (None, Some(r)) => Some((Side::Rebels, r)),
        (None, None) => None,
    }
}

/// The moves listed after the last `posibles` (as in `Jugadas posibles:`),
/// up to the prompt, each as its points. `None` when there is no such list.
///
/// Separators are free (commas, spaces, semicolons, line breaks); a move may
/// be broken across lines after a dash (`Cc-` / `Bc`), as the assignment's
/// example shows.
///
/// # Examples
///
/// ```
/// use asalto::grade::screen::listed_moves;
///
/// let text = "Jugadas posibles: Bc-Ac, Bc-Bd; Cc-\nBc Bd-Db-Dd\nIntroduzca jugada o FIN: ";
/// let moves: Vec<String> = listed_moves(text).unwrap().into_iter().map(|m| {
///     m.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("-")
/// }).collect();
/// assert_eq!(moves, ["Bc-Ac", "Bc-Bd", "Cc-Bc", "Bd-Db-Dd"]);
/// ```
pub fn listed_moves(text: &str) -> Option<Vec<Vec<Point>>> {
    let lower = text.to_ascii_lowercase();
    let start = lower.rfind("posible")? + "posible".len();
    let mut region = &text[start..];
    // Drop the prompt line at the end.
    let trimmed = region.trim_end();
    if let Some(cut) = trimmed.rfind('\n') {
        if prompt_kind(&trimmed[cut + 1..]).is_some() {
            region = &trimmed[..cut];
        }
    } else if let Some(kind_at) = ["introduzca", "introduce", "jugada o fin"]
        .iter()
        .filter_map(|w| lower[start..].find(w))
        .min()
    {
        // `Jugadas posibles: ... Introduzca jugada o FIN:` on one line.
        region = &text[start..start + kind_at];
    }
    Some(tokenize_moves(region))
}

fn tokenize_moves(region: &str) -> Vec<Vec<Point>> {
    let chars: Vec<char> = region.chars().collect();
    let mut moves = Vec::new();
    let mut current: Vec<Point> = Vec::new();
    let mut dash = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let before_ok = i == 0 || !chars[i - 1].is_alphanumeric();
        let after_ok = chars.get(i + 2).is_none_or(|c| !c.is_alphanumeric());
        if before_ok
            && after_ok
            && ('A'..='G').contains(&c)
            && chars.get(i + 1).is_some_and(|c| ('a'..='g').contains(c))
        {
            let text: String = chars[i..i + 2].iter().collect();
            if let Ok(p) = text.parse::<Point>() {
                if !dash && !current.is_empty() {
                    moves.push(std::mem::take(&mut current));
                }
                current.push(p);
                dash = false;
                i += 2;
                continue;
            }
        }
        if c == '-' {
            dash = !current.is_empty();
        } else if !c.is_whitespace() {
            if !current.is_empty() {
                moves.push(std::mem::take(&mut current));
            }
            dash = false;
        }
        i += 1;
    }
    if !current.is_empty() {
        moves.push(current);
    }
    moves
}

/// A board drawing as read from the output: for each row `A`..`G`, the
/// piece glyphs of its last drawing (`Some(side)` or `None` for empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DrawnBoard {
    /// Rows `A`..`G`; `None` when the row was not found.
    pub rows: [Option<Vec<Option<Side>>>; 7],
}

/// Read the last board drawing: lines starting with a row letter `A`..`G`
/// followed by a non-letter, with `O`, `0`, `o` for officers, `R`, `r` for
/// rebels, and `.`, `·`, `_`, `*`, `+` for empty points.
pub fn board(text: &str) -> DrawnBoard {
    let mut drawn = DrawnBoard::default();
    for line in text.lines() {
        let t = line.trim_start();
        let mut chars = t.chars();
        let Some(row) = chars.next() else { continue };
        if !('A'..='G').contains(&row) {
            continue;
        }
        let rest = chars.as_str();
        if rest.chars().next().is_none_or(|c| c.is_alphanumeric()) {
            continue;
        }
        let cells: Vec<Option<Side>> = rest
            .chars()
            .filter_map(|c| match c {
                'O' | '0' | 'o' => Some(Some(Side::Officers)),
                'R' | 'r' => Some(Some(Side::Rebels)),
                '.' | '·' | '_' | '*' | '+' => Some(None),
                _ => None,
            })
            .collect();
        if cells.is_empty() {
            continue;
        }
        drawn.rows[(row as u8 - b'A') as usize] = Some(cells);
    }
    drawn
}

/// Compare a drawing with `board`: the differences, one line per row (empty
/// when it matches). A row with as many glyphs as points is compared point
/// by point; otherwise only the order of its pieces is compared (some
/// drawings leave empty points blank).
pub fn compare_board(drawn: &DrawnBoard, board: &Board) -> Vec<String> {
    let mut problems = Vec::new();
    let glyph = |c: &Option<Side>| match c {
        Some(Side::Officers) => 'O',
        Some(Side::Rebels) => 'R',
        None => '.',
    };
    for y in 0..7 {
        let letter = (b'A' + y as u8) as char;
        let expected: Vec<Option<Side>> = Point::all()
            .filter(|p| p.y() == y)
            .map(|p| board.piece_at(p))
            .collect();
        let Some(found) = &drawn.rows[y as usize] else {
            problems.push(format!("row {letter}: not drawn"));
            continue;
        };
        let same = if found.len() == expected.len() {
            found == &expected
        } else {
            let pieces = |v: &[Option<Side>]| v.iter().flatten().copied().collect::<Vec<_>>();
            pieces(found) == pieces(&expected)
        };
        if !same {
            problems.push(format!(
                "row {letter}: expected {}, found {}",
                expected.iter().map(glyph).collect::<String>(),
                found.iter().map(glyph).collect::<String>()
            ));
        }
    }
    problems
}

/// An announcement of the end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    /// The line that announces it.
    pub line: String,
    /// The winner it names, if it names one.
    pub winner: Option<Side>,
}

/// Find the announcement of the end of a game: a line with `gana`,
/// `victoria`, `vence`, `fin de la partida`, `fin del juego`, `partida
/// terminada`... and the side it names as the winner.
///
/// # Examples
///
/// ```
/// use asalto::grade::screen::end_announcement;
/// use asalto::Side;
///
/// let a = end_announcement("Fin de la partida. Ganan los OFICIALES: quedan menos de 9 rebeldes.").unwrap();
/// assert_eq!(a.winner, Some(Side::Officers));
/// assert_eq!(end_announcement("Los rebeldes han ganado").unwrap().winner, Some(Side::Rebels));
/// assert!(end_announcement("Turno: OFICIALES.").is_none());
/// assert!(end_announcement("Jugada o FIN (fin de la partida):").is_none());
/// let a = end_announcement("Fin de la partida. Ganan los REBELDES: no quedan jugadas.").unwrap();
/// assert_eq!(a.winner, Some(Side::Rebels));
/// ```
pub fn end_announcement(text: &str) -> Option<Announcement> {
    let mut found: Option<Announcement> = None;
    for line in text.lines() {
        let Some(winner) = announces(line, &normalize(line)) else {
            continue;
        };
        // Keep the line naming a winner if there is one.
        if found
            .as_ref()
            .is_none_or(|f| f.winner.is_none() || winner.is_some())
        {
            found = Some(Announcement {
                line: line.trim().to_string(),
                winner,
            });
        }
    }
    found
}

/// Whether the one line `line` (`n`: the same [`normalize`]d) announces
/// the end of a game, and the winner it names: `Some(None)` for an end
/// with no winner named.
fn announces(line: &str, n: &str) -> Option<Option<Side>> {
    const WIN: [&str; 4] = ["gana", "victoria", "vence", "triunf"];
    const END: [&str; 6] = [
        "fin de la partida",
        "fin del juego",
        "partida terminada",
        "partida finalizada",
        "juego terminado",
        "game over",
    ];
    if line.trim_end().ends_with([':', '?', '>', '=']) && prompt_kind_normalized(n.trim()).is_some()
    {
        // "Introduzca jugada o FIN (fin de la partida):" asks, it does
        // not announce.
        return None;
    }
    let win_at = WIN.iter().filter_map(|w| n.find(w)).min();
    let is_end = END.iter().any(|w| n.contains(w));
    if win_at.is_none() && !is_end {
        return None;
    }
    Some(win_at.and_then(|at| {
        side_word(&n[at..])
            .or_else(|| side_word(&n[..at]))
            .map(|(s, _)| s)
    }))
}

/// What a screen shows, judged by what is on it rather than by the words
/// of its prompt: a re-prompt after a refused move ("Introduce una nueva
/// posición:") shows no new game screen, whatever it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// The end of the game is announced.
    End(Announcement),
    /// The menu, without an announcement (and after any game screen).
    Menu,
    /// A game screen: a `Turno:` line naming a side or a board drawing.
    Game,
    /// Nothing of those: the program asks again for what it asked before.
    Again,
}

/// Whether `line` is a row of a board drawing (`C R-R-.-.-O-R-R`).
fn is_board_row(line: &str) -> bool {
    let t = line.trim_start();
    let mut chars = t.chars();
    let Some(row) = chars.next() else {
        return false;
    };
    let rest = chars.as_str();
    ('A'..='G').contains(&row)
        && rest.chars().next().is_some_and(|c| !c.is_alphanumeric())
        && rest
            .chars()
            .filter(|c| matches!(c, 'O' | '0' | 'o' | 'R' | 'r' | '.' | '·' | '_' | '*' | '+'))
            .count()
            >= 3
}

/// Where the parts of a screen are: the last line of a game screen (a
/// `Turno:` line naming a side, or the third row of a board drawing), of a
/// menu, and of an announcement of the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Layout {
    game: Option<usize>,
    menu: Option<usize>,
    end: Option<usize>,
}

fn layout(text: &str) -> Layout {
    let mut l = Layout::default();
    let mut rows = 0;
    for (i, line) in text.lines().enumerate() {
        let n = normalize(line);
        if n.find("turno")
            .is_some_and(|at| side_word(&n[at..]).is_some())
        {
            l.game = Some(i);
        }
        if is_board_row(line) {
            rows += 1;
            if rows >= 3 {
                l.game = Some(i);
            }
        }
        if self::menu(line).found() {
            l.menu = Some(i);
        }
        if announces(line, &n).is_some() {
            l.end = Some(i);
        }
    }
    l
}

/// What `text` (the output since the last input) shows.
///
/// # Examples
///
/// ```
/// use asalto::grade::screen::{view, View};
///
/// assert_eq!(view("Jugada errónea.\nIntroduce una nueva posicion: "), View::Again);
/// assert_eq!(view("Turno: REBELDES.\nJugadas posibles: Cc-Bc\nIntroduzca jugada o FIN: "), View::Game);
/// assert_eq!(view("1. NUEVA PARTIDA\n6. SALIR\nIndique opción: "), View::Menu);
/// assert!(matches!(view("LOS REBELDES HAN GANADO\n1. NUEVA PARTIDA\n"), View::End(_)));
/// ```
pub fn view(text: &str) -> View {
    if let Some(a) = end_announcement(text) {
        return View::End(a);
    }
    let l = layout(text);
    match (l.game, l.menu) {
        (_, Some(m)) if l.game.is_none_or(|g| m > g) => View::Menu,
        (Some(_), _) => View::Game,
        _ => View::Again,
    }
}

/// Whether `text` ends at the menu: a menu comes after any game screen and
/// announcement.
pub fn ends_at_menu(text: &str) -> bool {
    let l = layout(text);
    l.menu
        .is_some_and(|m| l.game.is_none_or(|g| m > g) && l.end.is_none_or(|e| m > e))
}

/// Whether the board drawn in `text` shows `board` (all seven rows drawn
/// and matching).
pub fn shows_board(text: &str, board: &Board) -> bool {
    let drawn = self::board(text);
    drawn.rows.iter().all(Option::is_some) && compare_board(&drawn, board).is_empty()
}

/// What a menu entry does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MenuItem {
    /// New game.
    New,
    /// Load a game.
    Load,
    /// Save the last game.
    Save,
    /// Cycle the officers' control.
    Officers,
    /// Cycle the rebels' control.
    Rebels,
    /// Quit.
    Quit,
}

impl MenuItem {
    /// All items, in the assignment's order.
    pub const ALL: [MenuItem; 6] = [
        MenuItem::New,
        MenuItem::Load,
        MenuItem::Save,
        MenuItem::Officers,
        MenuItem::Rebels,
        MenuItem::Quit,
    ];

    /// The assignment's option number.
    pub const fn default_key(self) -> &'static str {
        match self {
            MenuItem::New => "1",
            MenuItem::Load => "2",
            MenuItem::Save => "3",
            MenuItem::Officers => "4",
            MenuItem::Rebels => "5",
            MenuItem::Quit => "6",
        }
    }

    /// The assignment's label, for reports.
    pub const fn label(self) -> &'static str {
        match self {
            MenuItem::New => "NUEVA PARTIDA",
            MenuItem::Load => "CARGAR PARTIDA",
            MenuItem::Save => "SALVAR PARTIDA",
            MenuItem::Officers => "CONTROL OFICIALES",
            MenuItem::Rebels => "CONTROL REBELDES",
            MenuItem::Quit => "SALIR",
        }
    }
}

/// A menu as read from the output.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Menu {
    /// The key typed for each item found.
    pub keys: Vec<(MenuItem, String)>,
    /// The officers' control shown in brackets.
    pub officers: Option<OfficerControl>,
    /// The rebels' control shown in brackets.
    pub rebels: Option<RebelControl>,
}

impl Menu {
    /// The key for `item`: as found, or the assignment's number.
    pub fn key(&self, item: MenuItem) -> String {
        self.keys
            .iter()
            .find(|(i, _)| *i == item)
            .map(|(_, k)| k.clone())
            .unwrap_or_else(|| item.default_key().to_string())
    }

    /// Whether any entry was recognised.
    pub fn found(&self) -> bool {
        !self.keys.is_empty()
    }
}

/// Read the last menu in `text`: lines like `3. SALVAR PARTIDA`,
/// `3) Guardar partida`, `[3] Salvar`, and the bracketed control choices
/// (`[HUMANO]  AZAR`).
pub fn menu(text: &str) -> Menu {
    let mut menu = Menu::default();
    for line in text.lines() {
        let t = line.trim().trim_start_matches('[');
        let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() || digits.len() > 2 {
            continue;
        }
        let rest = t[digits.len()..].trim_start();
        let Some(sep) = rest.chars().next() else {
            continue;
        };
        if !matches!(sep, '.' | ')' | '-' | ':' | ']') {
            continue;
        }
        let label = normalize(&rest[sep.len_utf8()..]);
        let item = if label.contains("nueva") {
            MenuItem::New
        } else if label.contains("cargar") || label.contains("abrir") || label.contains("recuperar")
        {
            MenuItem::Load
        } else if label.contains("salvar") || label.contains("guardar") {
            MenuItem::Save
        } else if label.contains("oficial") {
            MenuItem::Officers
        } else if label.contains("rebelde") {
            MenuItem::Rebels
        } else if label.contains("salir") || label.contains("terminar") || label.contains("exit") {
            MenuItem::Quit
        } else {
            continue;
        };
        if menu.keys.iter().any(|(i, _)| *i == item) && item == MenuItem::New {
            // A new menu starts: forget the old one.
            menu = Menu::default();
        }
        menu.keys.retain(|(i, _)| *i != item);
        menu.keys.push((item, digits));
        let chosen = label.find('[').and_then(|a| {
            label[a..]
                .find(']')
                .map(|b| label[a + 1..a + b].trim().to_string())
        });
        match (item, chosen.as_deref()) {
            (MenuItem::Officers, Some("humano")) => menu.officers = Some(OfficerControl::Human),
            (MenuItem::Officers, Some("azar")) => menu.officers = Some(OfficerControl::Random),
            (MenuItem::Rebels, Some("humano")) => menu.rebels = Some(RebelControl::Human),
            (MenuItem::Rebels, Some("azar")) => menu.rebels = Some(RebelControl::Random),
            (MenuItem::Rebels, Some("basico")) => menu.rebels = Some(RebelControl::Basic),
            _ => {}
        }
    }
    menu
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;
    use crate::console;

    #[test]
    fn reads_the_toolkit_screens() {
        let screen = console::game_screen(&Position::start());
        assert_eq!(turn(&screen), Some(Side::Officers));
        assert_eq!(listed_moves(&screen).unwrap().len(), 6);
        assert!(compare_board(&board(&screen), Position::start().board()).is_empty());
        assert_eq!(ends_with_prompt(screen.as_bytes()), Some(PromptKind::Move));
        let m = menu(&console::menu(OfficerControl::Random, RebelControl::Basic));
        assert_eq!(m.key(MenuItem::Save), "3");
        assert_eq!(m.officers, Some(OfficerControl::Random));
        assert_eq!(m.rebels, Some(RebelControl::Basic));
    }

    #[test]
    fn the_assignment_example_wraps_inside_a_move() {
        let text = "Turno: REBELDES. Jugadas posibles:\nEc-Db, Eb-Db, Ea-Db, Da-Db, Ca-Db, Cc-\nBc, Ee-Dd\nIntroduzca jugada o FIN: ";
        let moves = listed_moves(text).unwrap();
        assert_eq!(moves.len(), 7);
        assert_eq!(moves[5].len(), 2);
    }

    #[test]
    fn boards_with_blank_empties_compare_by_pieces() {
        let text = "  a b c d e f g\nA  . . . . .\nB  0 - - - 0\nC  R-R- - - - -R-R\nD  R-R-R-R-R-R-R\nE  R-R-R-R-R-R-R\nF  R-R-R\nG  R-R-R\n";
        assert!(compare_board(&board(text), Position::start().board()).is_empty());
    }
}

#[cfg(test)]
mod view_tests {
    use super::*;
    use crate::Position;
    use crate::console;

    #[test]
    fn what_a_screen_shows_is_judged_by_its_parts() {
        let game = console::game_screen(&Position::start());
        assert_eq!(view(&game), View::Game);
        let menu_text = console::menu(OfficerControl::Human, RebelControl::Human);
        assert_eq!(view(&menu_text), View::Menu);
        assert!(ends_at_menu(&menu_text));
        // A game screen then the menu: the menu is last.
        assert_eq!(view(&format!("{game}\n{menu_text}")), View::Menu);
        assert!(!ends_at_menu(&game));
        // Re-prompts, whatever their words.
        for again in [
            "Movimiento no válido.\nIntroduce una nueva posicion: ",
            "Jugada errónea.\nIntroduzca jugada o FIN: ",
            "",
            "?? ",
        ] {
            assert_eq!(view(again), View::Again, "{again:?}");
        }
        let end = format!("{game}\nLOS REBELDES HAN GANADO\n{menu_text}");
        match view(&end) {
            View::End(a) => assert_eq!(a.winner, Some(Side::Rebels)),
            other => panic!("{other:?}"),
        }
        assert!(ends_at_menu(&end));
        assert!(shows_board(&game, Position::start().board()));
    }
}
