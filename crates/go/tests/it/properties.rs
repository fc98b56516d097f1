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
            let options = CheckOptions { lenient, profile: Some(profile), all_variations: true };
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
