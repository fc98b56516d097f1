//! The parsed collection: nodes, properties and values in flat arrays,
//! linked by index, with spans into the source.

use std::fmt;

use crate::problem::Span;

/// The index of a node in its [`Collection`].
pub type NodeId = u32;

/// A property name, normalized to its capital letters (`FF[3]` wrote
/// `AddBlack` for `AB`). Names of more than eight capitals are kept by their
/// first eight; no Go property is that long.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ident {
    bytes: [u8; 8],
    len: u8,
}

impl Ident {
    /// The identifier of a name written in the file.
    #[inline]
    pub fn from_written(name: &[u8]) -> Ident {
        // The common case: one or two capitals (`B`, `W`, `AB`, `KM`).
        match *name {
            [a] if a.is_ascii_uppercase() => {
                return Ident {
                    bytes: [a, 0, 0, 0, 0, 0, 0, 0],
                    len: 1,
                };
            }
            [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
                return Ident {
                    bytes: [a, b, 0, 0, 0, 0, 0, 0],
                    len: 2,
                };
            }
            _ => {}
        }
        let mut bytes = [0u8; 8];
        let mut len = 0;
        for &b in name.iter().filter(|b| b.is_ascii_uppercase()) {
            if len < 8 {
                bytes[len] = b;
                len += 1;
            }
        }
        Ident {
            bytes,
            len: len as u8,
        }
    }

    /// A constant identifier of capitals.
    pub const fn new(name: &str) -> Ident {
        let b = name.as_bytes();
        let mut bytes = [0u8; 8];
        let mut i = 0;
        while i < b.len() && i < 8 {
            bytes[i] = b[i];
            i += 1;
        }
        Ident {
            bytes,
            len: i as u8,
        }
    }

    /// The capitals.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl fmt::Debug for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `[value]`: `span` covers the text between the brackets, escapes
/// included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// The raw text between `[` and `]`.
    pub span: Span,
}

/// A property: a name and its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Property {
    /// The normalized name.
    pub ident: Ident,
    /// From the name to the last `]`.
    pub span: Span,
    /// The name as written.
    pub name_span: Span,
    values: (u32, u32),
}

/// A node: its properties, and its place in the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// The `;`.
    pub span: Span,
    props: (u32, u32),
    parent: Option<NodeId>,
    first_child: Option<NodeId>,
    last_child: Option<NodeId>,
    next_sibling: Option<NodeId>,
}

/// Game trees: each root node, and every node below by index.
#[derive(Clone, Debug, Default)]
pub struct Collection {
    pub(crate) nodes: Vec<Node>,
    pub(crate) props: Vec<Property>,
    pub(crate) values: Vec<Value>,
    pub(crate) roots: Vec<NodeId>,
}

impl Collection {
    /// The root node of each game tree.
    pub fn roots(&self) -> &[NodeId] {
        &self.roots
    }

    /// Nodes in the collection.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// A node.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// The properties of a node, in file order.
    #[inline]
    pub fn properties(&self, id: NodeId) -> &[Property] {
        let (a, b) = self.node(id).props;
        &self.props[a as usize..b as usize]
    }

    /// The values of a property.
    #[inline]
    pub fn values(&self, prop: &Property) -> &[Value] {
        &self.values[prop.values.0 as usize..prop.values.1 as usize]
    }

    /// The first property of a node with this name.
    #[inline]
    pub fn property(&self, id: NodeId, ident: Ident) -> Option<&Property> {
        self.properties(id).iter().find(|p| p.ident == ident)
    }

    /// The parent of a node (`None` for a root).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The children of a node, the main line's first.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.node(id).first_child, move |&c| {
            self.node(c).next_sibling
        })
    }

    /// The main line from `root`: the root, its first child, that node's
    /// first child, and so on.
    #[inline]
    pub fn main_line(&self, root: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(root), move |&n| self.node(n).first_child)
    }

    /// Every line from `root` to a leaf, main line first, each as the list
    /// of its nodes, one at a time (memory in proportion to the depth, not
    /// to the number of lines). Walks with an explicit stack.
    pub fn lines(&self, root: NodeId) -> Lines<'_> {
        Lines {
            coll: self,
            stack: vec![root],
        }
    }

    /// An empty collection with room for the nodes of `text`: one per
    /// `;` (a `;` inside a comment overcounts, never by more than the
    /// text's length), and a property with one value for each, as a move
    /// node has. Counting is one pass over the bytes, which spares the
    /// arrays their regrowth and copies.
    pub(crate) fn with_capacity(text: &str) -> Collection {
        // Counted in byte lanes, 255 bytes at a time (no lane overflows).
        let nodes: usize = text
            .as_bytes()
            .chunks(255)
            .map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b';'))))
            .sum();
        Collection {
            nodes: Vec::with_capacity(nodes),
            props: Vec::with_capacity(nodes + 16),
            values: Vec::with_capacity(nodes + 16),
            roots: Vec::new(),
        }
    }

    #[inline]
    pub(crate) fn push_node(&mut self, span: Span, parent: Option<NodeId>) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let start = self.props.len() as u32;
        self.nodes.push(Node {
            span,
            props: (start, start),
            parent,
            first_child: None,
            last_child: None,
            next_sibling: None,
        });
        match parent {
            Some(p) => {
                let pn = &mut self.nodes[p as usize];
                match pn.last_child {
                    None => pn.first_child = Some(id),
                    Some(last) => {
                        pn.last_child = Some(id);
                        self.nodes[last as usize].next_sibling = Some(id);
                    }
                }
                self.nodes[p as usize].last_child = Some(id);
            }
            None => self.roots.push(id),
        }
        id
    }

    #[inline]
    pub(crate) fn push_property(&mut self, node: NodeId, ident: Ident, name_span: Span) {
        let start = self.values.len() as u32;
        self.props.push(Property {
            ident,
            span: name_span,
            name_span,
            values: (start, start),
        });
        self.nodes[node as usize].props.1 = self.props.len() as u32;
    }

    #[inline]
    pub(crate) fn push_value(&mut self, span: Span) {
        self.values.push(Value { span });
        let len = self.values.len() as u32;
        if let Some(p) = self.props.last_mut() {
            p.values.1 = len;
            p.span.end = span.end + 1;
        }
    }
}

/// The lines of a game tree, from [`Collection::lines`].
#[derive(Debug)]
pub struct Lines<'a> {
    coll: &'a Collection,
    stack: Vec<NodeId>,
}

impl Iterator for Lines<'_> {
    type Item = Vec<NodeId>;

    fn next(&mut self) -> Option<Vec<NodeId>> {
        while let Some(n) = self.stack.pop() {
            let first = self.stack.len();
            self.stack.extend(self.coll.children(n));
            self.stack[first..].reverse();
            if self.stack.len() == first {
                let mut line: Vec<NodeId> =
                    std::iter::successors(Some(n), |&m| self.coll.node(m).parent).collect();
                line.reverse();
                return Some(line);
            }
        }
        None
    }
}
