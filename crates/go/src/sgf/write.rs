//! The canonical SGF writer: one node a line, capital property names,
//! values as they were written (escapes kept), variations in parentheses.
//! Walks with an explicit stack, so any depth is written.

use crate::sgf::tree::{Collection, NodeId};

enum Step {
    Node(NodeId),
    Text(&'static str),
}

/// Writes a collection parsed from `source` back as SGF. Parsing the output
/// gives the same trees, names and values.
///
/// # Examples
///
/// ```
/// use asalto_go::sgf::{parse, write_collection, ParseOptions};
///
/// let src = "(;FF[4]GM[1]AddBlack[aa]  ;B[bb](;W[cc])(;W[dd]C[a \\] b]))";
/// let (coll, _) = parse(src, ParseOptions::default());
/// let out = write_collection(&coll, src);
/// assert_eq!(out, "(;FF[4]GM[1]AB[aa]\n;B[bb]\n(;W[cc])\n(;W[dd]C[a \\] b]))\n");
/// ```
pub fn write_collection(coll: &Collection, source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 16);
    for &root in coll.roots() {
        let mut stack = vec![Step::Text(")\n"), Step::Node(root)];
        out.push('(');
        while let Some(step) = stack.pop() {
            match step {
                Step::Text(t) => out.push_str(t),
                Step::Node(id) => {
                    out.push(';');
                    for prop in coll.properties(id) {
                        out.push_str(prop.ident.as_str());
                        for v in coll.values(prop) {
                            out.push('[');
                            out.push_str(&source[v.span().range()]);
                            out.push(']');
                        }
                    }
                    let children: Vec<NodeId> = coll.children(id).collect();
                    match children.len() {
                        0 => {}
                        1 => {
                            stack.push(Step::Node(children[0]));
                            stack.push(Step::Text("\n"));
                        }
                        _ => {
                            for &c in children.iter().rev() {
                                stack.push(Step::Text(")"));
                                stack.push(Step::Node(c));
                                stack.push(Step::Text("\n("));
                            }
                        }
                    }
                }
            }
        }
    }
    out
}
