//! An independent, slow reference: a 4×4 array of letters, move generation
//! by walking each piece's directions square by square with bounds checks,
//! and a plain recursive solver with no table. It shares nothing with the
//! engine (no bitboards, no tables, no parser).

/// `board[y][x]`, `y = 0` the bottom rank; `'.'` empty.
pub type RefBoard = [[char; 4]; 4];

/// `(from_x, from_y, to_x, to_y)`.
pub type RefMove = (i32, i32, i32, i32);

/// The challenge's 16-character string, top row first; any character other
/// than KQRBNP is empty.
pub fn parse(s: &str) -> RefBoard {
    let chars: Vec<char> = s.chars().filter(|c| *c != '\n').collect();
    assert_eq!(chars.len(), 16, "{s:?}");
    let mut board = [['.'; 4]; 4];
    for (i, c) in chars.into_iter().enumerate() {
        let (x, y) = (i % 4, 3 - i / 4);
        board[y][x] = if "KQRBNP".contains(c) { c } else { '.' };
    }
    board
}

/// The 16-character string of a board.
pub fn to_string(board: &RefBoard) -> String {
    (0..4)
        .rev()
        .flat_map(|y| (0..4).map(move |x| board[y][x]))
        .collect()
}

fn on(x: i32, y: i32) -> bool {
    (0..4).contains(&x) && (0..4).contains(&y)
}

fn at(board: &RefBoard, x: i32, y: i32) -> char {
    board[y as usize][x as usize]
}

/// Every capture, in any order.
pub fn moves(board: &RefBoard, thinkfun: bool) -> Vec<RefMove> {
    let king = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let knight = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    let rook = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let pawn_any = bishop;
    let pawn_up = [(1, 1), (-1, 1)];
    let mut out = Vec::new();
    for y in 0..4 {
        for x in 0..4 {
            let piece = at(board, x, y);
            let (steps, slides): (&[(i32, i32)], bool) = match piece {
                'K' => (&king, false),
                'N' => (&knight, false),
                'P' if thinkfun => (&pawn_up, false),
                'P' => (&pawn_any, false),
                'R' => (&rook, true),
                'B' => (&bishop, true),
                'Q' => (&king, true),
                _ => continue,
            };
            for &(dx, dy) in steps {
                let (mut tx, mut ty) = (x + dx, y + dy);
                while on(tx, ty) {
                    if at(board, tx, ty) != '.' {
                        out.push((x, y, tx, ty));
                        break;
                    }
                    if !slides {
                        break;
                    }
                    tx += dx;
                    ty += dy;
                }
            }
        }
    }
    out
}

/// The board after a capture.
pub fn play(board: &RefBoard, m: RefMove) -> RefBoard {
    let mut next = *board;
    let (fx, fy, tx, ty) = m;
    next[ty as usize][tx as usize] = board[fy as usize][fx as usize];
    next[fy as usize][fx as usize] = '.';
    next
}

/// Number of pieces.
pub fn count_pieces(board: &RefBoard) -> usize {
    board.iter().flatten().filter(|c| **c != '.').count()
}

/// Number of solutions: capture sequences that leave one piece.
pub fn count(board: &RefBoard, thinkfun: bool) -> u128 {
    if count_pieces(board) == 1 {
        return 1;
    }
    moves(board, thinkfun)
        .into_iter()
        .map(|m| count(&play(board, m), thinkfun))
        .sum()
}

/// Whether `answer` (challenge coordinates) is a legal sequence that leaves
/// one piece.
pub fn is_solution(board: &RefBoard, answer: &[RefMove], thinkfun: bool) -> bool {
    let mut b = *board;
    for &m in answer {
        if !moves(&b, thinkfun).contains(&m) {
            return false;
        }
        b = play(&b, m);
    }
    count_pieces(&b) == 1
}

/// The size of the whole game tree (every capture sequence from `board`,
/// the empty one included) and its dead ends (leaves with more than one
/// piece).
pub fn tree(board: &RefBoard, thinkfun: bool) -> (u128, u128) {
    let moves = moves(board, thinkfun);
    if moves.is_empty() {
        return (1, u128::from(count_pieces(board) > 1));
    }
    moves.into_iter().fold((1, 0), |(size, dead), m| {
        let (s, d) = tree(&play(board, m), thinkfun);
        (size + s, dead + d)
    })
}

/// The expected search of the difficulty measure, straight from its
/// definition: `1 + (sum of the bad captures' tree sizes) / (good + 1) +
/// mean of the good captures' expected searches`.
pub fn expected_search(board: &RefBoard, thinkfun: bool) -> f64 {
    if count_pieces(board) == 1 {
        return 1.0;
    }
    let mut bad = 0.0;
    let mut good = Vec::new();
    for m in moves(board, thinkfun) {
        let next = play(board, m);
        if count(&next, thinkfun) > 0 {
            good.push(expected_search(&next, thinkfun));
        } else {
            bad += tree(&next, thinkfun).0 as f64;
        }
    }
    let mean = good.iter().sum::<f64>() / good.len() as f64;
    1.0 + bad / (good.len() as f64 + 1.0) + mean
}

/// A random board with `n` pieces of random kinds on random squares.
pub fn random_board(rng: &mut impl rand::Rng, n: usize) -> RefBoard {
    let below = |rng: &mut dyn rand::Rng, k: u32| (rng.next_u32() % k) as usize;
    let mut board = [['.'; 4]; 4];
    let mut placed = 0;
    while placed < n {
        let sq = below(rng, 16);
        let (x, y) = (sq % 4, sq / 4);
        if board[y][x] == '.' {
            board[y][x] = ['K', 'Q', 'R', 'B', 'N', 'P'][below(rng, 6)];
            placed += 1;
        }
    }
    board
}
