//! Property tests: no panic on any input, SGF round trips.

use asalto_go::sgf::{Collection, NodeId, ParseOptions, parse, write_collection};
use asalto_go::{CheckOptions, Profile, check};
use proptest::prelude::*;

/// A node's properties: names and raw values.
type Props = Vec<(String, Vec<String>)>;

/// Every node in depth-first order with its depth, names and raw values.
fn shape(coll: &Collection, src: &str) -> Vec<(usize, Props)> {
    let mut out = Vec::new();
    let mut stack: Vec<(NodeId, usize)> = coll.roots().iter().rev().map(|&r| (r, 0)).collect();
    while let Some((n, depth)) = stack.pop() {
        let props = coll
            .properties(n)
            .iter()
            .map(|p| {
                let values = coll
                    .values(p)
                    .iter()
                    .map(|v| src[v.span().range()].to_string())
                    .collect();
                (p.ident.to_string(), values)
            })
            .collect();
        out.push((depth, props));
        let children: Vec<NodeId> = coll.children(n).collect();
        for &c in children.iter().rev() {
            stack.push((c, depth + 1));
        }
    }
    out
}

fn value() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("a".to_string()),
            Just("pd".to_string()),
            Just(" ".to_string()),
            Just("\n".to_string()),
            Just("\\]".to_string()),
            Just("\\\\".to_string()),
            Just("李".to_string()),
            Just("(;)".to_string()),
        ],
        0..4,
    )
    .prop_map(|v| v.concat())
}

fn node() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        (
            prop_oneof![
                Just("B"),
                Just("W"),
                Just("C"),
                Just("AB"),
                Just("AddWhite"),
                Just("PL")
            ],
            proptest::collection::vec(value(), 1..3),
        ),
        0..4,
    )
    .prop_map(|props| {
        let mut s = String::from(";");
        for (name, values) in props {
            s.push_str(name);
            for v in values {
                s.push('[');
                s.push_str(&v);
                s.push(']');
            }
        }
        s
    })
}

fn tree() -> impl Strategy<Value = String> {
    let leaf = proptest::collection::vec(node(), 1..4).prop_map(|n| format!("({})", n.concat()));
    leaf.prop_recursive(4, 40, 3, |inner| {
        (
            proptest::collection::vec(node(), 1..3),
            proptest::collection::vec(inner, 0..3),
        )
            .prop_map(|(nodes, subtrees)| format!("({}{})", nodes.concat(), subtrees.concat()))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn sgf_round_trips(trees in proptest::collection::vec(tree(), 1..3), ws in "[ \n\t]{0,2}") {
        let src = trees.join(&ws);
        let (coll, problems) = parse(&src, ParseOptions::default());
        prop_assert!(problems.iter().all(|p| p.kind.code() == "empty-node"), "{problems:?}");
        let out = write_collection(&coll, &src);
        let (again, problems2) = parse(&out, ParseOptions::default());
        prop_assert!(problems2.iter().all(|p| p.kind.code() == "empty-node"));
        prop_assert_eq!(shape(&coll, &src), shape(&again, &out));
        prop_assert_eq!(write_collection(&again, &out), out);
    }

    #[test]
    fn no_panic_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        for lenient in [false, true] {
            let c = check(&bytes, &CheckOptions { lenient, ..CheckOptions::default() });
            for p in c.all_problems() {
                let _ = (p.kind.message(), p.kind.label(), p.help(), c.line_col(p.span));
                prop_assert!(p.span.end <= c.source.len());
            }
        }
    }

    #[test]
    fn no_panic_on_sgf_like_text(
        text in "[(;)\\[\\]\\\\BWAEPLSZHKMRabcdst0-9:. \n李]{0,200}",
        profile in prop_oneof![Just(Profile::Seed2019), Just(Profile::TrompTaylor), Just(Profile::SimpleKo)],
    ) {
        for lenient in [false, true] {
            let options = CheckOptions { lenient, profile: Some(profile), all_variations: true, ..CheckOptions::default() };
            let c = check(text.as_bytes(), &options);
            for g in &c.games {
                let _ = g.position_after(g.plies.len() / 2);
                let _ = g.score();
            }
            for p in c.all_problems() {
                prop_assert!(c.source.get(p.span.range()).is_some(), "{p:?}");
            }
        }
    }
}

/// A point of a 5x5 board, or one past its edge.
fn point5() -> impl Strategy<Value = String> {
    (0..6u8, 0..6u8).prop_map(|(c, r)| format!("{}{}", (b'a' + c) as char, (b'a' + r) as char))
}

/// A node of a small game: mostly plain moves (the parser's fast path),
/// and passes, setup, `PL`, comments and times, two moves, bad values,
/// blanks.
fn game_node() -> impl Strategy<Value = String> {
    let side = prop_oneof![Just("B"), Just("W")];
    prop_oneof![
        6 => (side.clone(), point5()).prop_map(|(s, p)| format!(";{s}[{p}]")),
        2 => side.clone().prop_map(|s| format!(";{s}[]")),
        1 => side.clone().prop_map(|s| format!(";{s}[tt]")),
        1 => (side.clone(), point5()).prop_map(|(s, p)| format!(";{s}[{p}]C[x]")),
        // A move and properties the replay does not read (the fast path
        // skips them), or one it reads, or damage after it (the long way).
        1 => (side.clone(), point5()).prop_map(|(s, p)| format!(";{s}[{p}]BL[59.5] OB [3]C[a\\]b\\\\][c]\n")),
        1 => (side.clone(), point5(), prop_oneof![Just("PL[W]"), Just("AB[cc]"), Just("AE[aa]"),
            Just("W[dd]"), Just("Bl[1]"), Just("BL"), Just("BL["), Just("TimeLeft[3]"), Just("KO[]")])
            .prop_map(|(s, p, tail)| format!(";{s}[{p}]C[x]{tail}")),
        1 => (side.clone(), point5()).prop_map(|(s, p)| format!("; {s} [{p}]\n")),
        1 => (point5(), point5()).prop_map(|(a, b)| format!(";AB[{a}]AW[{b}]")),
        1 => (point5(), point5()).prop_map(|(a, b)| format!(";B[{a}]W[{b}]")),
        1 => prop_oneof![Just(";PL[W]"), Just(";PL[B]"), Just(";AE[aa:bb]"), Just(";B[zz]"),
            Just(";W[a]"), Just(";"), Just(";b[cc]")].prop_map(str::to_string),
    ]
}

/// A game tree of small games with variations.
fn game_tree() -> impl Strategy<Value = String> {
    let leaf =
        proptest::collection::vec(game_node(), 1..12).prop_map(|n| format!("({})", n.concat()));
    let inner = leaf.prop_recursive(3, 30, 3, |inner| {
        (
            proptest::collection::vec(game_node(), 1..8),
            proptest::collection::vec(inner, 0..3),
        )
            .prop_map(|(nodes, subtrees)| format!("({}{})", nodes.concat(), subtrees.concat()))
    });
    let root = prop_oneof![
        Just(";GM[1]SZ[5]"),
        Just(";GM[1]SZ[5]HA[2]"),
        Just(";GM[1]SZ[9]HA[2]KM[0.5]RE[W+0.5]"),
        Just(";GM[1]SZ[5]AB[bb][cc]HA[2]"),
        Just(";GM[1]SZ[5]AB[bb]PL[B]"),
        Just("GM[1]SZ[5]"),
        Just(";GM[2]"),
    ];
    (
        root,
        proptest::collection::vec(game_node(), 0..20),
        proptest::collection::vec(inner, 0..3),
    )
        .prop_map(|(root, nodes, subtrees)| {
            format!("({root}{}{})", nodes.concat(), subtrees.concat())
        })
}

/// A game's moves, problems and positions, compared between the two ways
/// of replaying a main line.
fn main_line_facts(g: &asalto_go::Game) -> impl PartialEq + std::fmt::Debug {
    let captured: Vec<Vec<asalto_go::Point>> =
        g.plies.iter().map(|p| g.captured_by(p).to_vec()).collect();
    let seen = |pos: &asalto_go::Position| {
        format!(
            "{}{:?}{:?}{:?}{:?}",
            asalto_go::render::text(pos, Default::default()),
            pos.to_move(),
            pos.captures(),
            pos.ko_point(),
            pos.last_move()
        )
    };
    let positions: Vec<String> = (0..=g.plies.len())
        .step_by(3)
        .map(|k| seen(&g.position_after(k)))
        .collect();
    (
        (g.root, g.profile, g.size, g.info.clone()),
        g.plies.to_vec(),
        captured,
        g.problems.clone(),
        (g.score(), positions, seen(&g.position())),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// `check` reads main lines as it parses (no tree, plain move nodes by
    /// a fast path); `--all-variations` parses the whole tree and replays
    /// its lines from it. Their main lines must agree in everything.
    #[test]
    fn main_line_as_parsed_equals_main_line_of_the_tree(
        trees in proptest::collection::vec(game_tree(), 1..3),
        ws in "[ \n]{0,2}",
        damage in 0..4usize,
        profile in prop_oneof![Just(Profile::Seed2019), Just(Profile::SimpleKo), Just(Profile::PositionalSuperko), Just(Profile::TrompTaylor)],
    ) {
        let mut text = trees.join(&ws);
        match damage {
            1 => text.insert_str(0, "junk "),
            2 => { text.pop(); }
            3 => text.push(')'),
            _ => {}
        }
        for lenient in [false, true] {
            let options = CheckOptions { lenient, profile: Some(profile), ..CheckOptions::default() };
            let fast = check(text.as_bytes(), &options);
            let full = check(text.as_bytes(), &CheckOptions { all_variations: true, ..options });
            prop_assert_eq!(&fast.problems, &full.problems, "{}", text);
            let mains: Vec<&asalto_go::Game> = full.games.iter().filter(|g| g.variation == 0).collect();
            prop_assert_eq!(fast.games.len(), mains.len(), "{}", text);
            for (a, b) in fast.games.iter().zip(mains) {
                // The tree's replay keeps one problem per span and code.
                let mut a = a.clone();
                let mut seen = std::collections::HashSet::new();
                a.problems.retain(|p| seen.insert((p.span, p.kind.code())));
                prop_assert_eq!(main_line_facts(&a), main_line_facts(b), "{}", text);
            }
        }
    }
}
