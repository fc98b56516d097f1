//! The engine and `check` allocate nothing per move: allocations are
//! counted by a global allocator, so this test is a binary of its own.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use asalto_go::replay::{Tally, check_tally};
use asalto_go::{CheckOptions, Move, Position, Profile, Side, Size};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is handed to the system allocator unchanged; the
// counter is the only addition.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is `System::alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as for `System::realloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.load(Ordering::Relaxed)
}

/// A random game of legal moves on 19x19 with captures, made in advance
/// (`legal_moves` allocates its list).
fn random_moves(plies: usize, seed: u64) -> Vec<(Side, Move)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = Position::new(Size::NINETEEN, Profile::SimpleKo);
    let mut out = Vec::new();
    while out.len() < plies {
        let side = pos.to_move();
        let moves = pos.legal_moves(side);
        let mv = moves[rng.random_range(0..moves.len())];
        pos.play(mv).expect("a legal move");
        out.push((side, mv));
    }
    out
}

fn sgf(moves: &[(Side, Move)]) -> String {
    let mut text = String::from("(;GM[1]FF[4]SZ[19]KM[6.5]\n");
    for &(side, mv) in moves {
        let letter = if side == Side::Black { 'B' } else { 'W' };
        let value = match mv {
            Move::Play(p) => String::from_utf8(p.sgf().to_vec()).expect("letters"),
            Move::Pass => String::new(),
        };
        text.push_str(&format!(";{letter}[{value}]\n"));
    }
    text.push(')');
    text
}

#[test]
fn no_allocation_per_move() {
    let moves = random_moves(600, 3);
    let captures = {
        let mut pos = Position::new(Size::NINETEEN, Profile::SimpleKo);
        moves
            .iter()
            .map(|&(side, mv)| pos.play_as(side, mv).expect("legal").captured)
            .sum::<u32>()
    };
    assert!(captures > 20, "the game captures ({captures} stones)");

    // The engine: none at all, captures included; under positional
    // superko once room is made for the moves' history.
    for profile in Profile::ALL {
        let mut pos = Position::new(Size::NINETEEN, profile);
        pos.reserve(moves.len());
        let before = allocations();
        for &(side, mv) in &moves {
            let _ = pos.play_as(side, mv);
        }
        assert_eq!(allocations(), before, "{profile}: the engine allocated");
    }

    // `check` as the command line runs it: the same allocations for 60
    // moves as for 600 (a file's buffers, none per move), under every
    // profile.
    for profile in Profile::ALL {
        let options = CheckOptions {
            profile: Some(profile),
            ..CheckOptions::default()
        };
        let count = |text: &str| {
            let before = allocations();
            let checked = check_tally(text.as_bytes(), &options, Tally::default());
            if profile != Profile::Seed2019 && profile != Profile::TrompTaylor {
                assert!(checked.is_valid(), "{:?}", checked.problems);
            }
            assert_eq!(checked.games[0].moves(), text.matches(';').count() - 1);
            allocations() - before
        };
        // A thread's first replay allocates the board that the next ones
        // reuse (one spare board per thread).
        count(&sgf(&moves[..1]));
        let short = count(&sgf(&moves[..60]));
        let long = count(&sgf(&moves));
        assert_eq!(short, long, "{profile}: check allocated per move");
    }
}
