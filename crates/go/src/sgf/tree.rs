//! The parsed collection: nodes, properties and values in flat arrays,
//! linked by index, with spans into the source.

use std::fmt;

use crate::problem::Span;

/// The index of a node in its [`Collection`].
pub type NodeId = u32;

/// A property name, normalized to its capital letters (`FF[3]` wrote
/// `AddBlack` for `AB`). Names of more than eight capitals are kept by their
/// first eight; no Go property is that long. Eight bytes, zero-padded
/// (capitals are never zero), so comparing two names compares two words.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ident {
    bytes: [u8; 8],
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
                };
            }
            [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
                return Ident {
                    bytes: [a, b, 0, 0, 0, 0, 0, 0],
                };
            }
            _ => {}
        }
        let mut bytes = [0u8; 8];
        for (slot, &b) in bytes
            .iter_mut()
            .zip(name.iter().filter(|b| b.is_ascii_uppercase()))
        {
            *slot = b;
        }
        Ident { bytes }
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
        Ident { bytes }
    }

    /// Whether the name held no capital (a name of lowercase letters).
    /// A look at one byte, where [`Ident::as_str`] checks UTF-8.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.bytes[0] == 0
    }

    /// The capitals.
    pub fn as_str(&self) -> &str {
        let len = self.bytes.iter().position(|&b| b == 0).unwrap_or(8);
        std::str::from_utf8(&self.bytes[..len]).unwrap_or("")
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

/// No node: the end of a list of children, a root's parent. Node indices
/// stay below it: [`super::parse`] reads at most `u32::MAX` bytes, and a
/// node takes at least one.
const NONE: u32 = u32::MAX;

#[inline]
fn some(id: u32) -> Option<NodeId> {
    (id != NONE).then_some(id)
}

/// Byte offsets are kept as `u32` ([`super::parse`] refuses texts over
/// 4 GiB), so a move node — a node, a property, a value — takes 64 bytes
/// of tree, and a record held whole a small multiple of its text.
#[inline]
fn span(start: u32, end: u32) -> Span {
    Span::new(start as usize, end as usize)
}

/// A `[value]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    start: u32,
    end: u32,
}

impl Value {
    /// The raw text between `[` and `]`, escapes included.
    #[inline]
    pub fn span(&self) -> Span {
        span(self.start, self.end)
    }
}

/// A property: a name and its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Property {
    /// The normalized name.
    pub ident: Ident,
    name: (u32, u32),
    /// Just past the last `]`.
    end: u32,
    values: (u32, u32),
}

impl Property {
    /// From the name to the last `]`.
    #[inline]
    pub fn span(&self) -> Span {
        span(self.name.0, self.end)
    }

    /// The name as written.
    #[inline]
    pub fn name_span(&self) -> Span {
        span(self.name.0, self.name.1)
    }
}

/// A node: its properties, and its place in the tree (node indices,
/// [`NONE`] for none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    start: u32,
    /// Whether the node was written with its `;` (the lenient mode reads
    /// `(B[aa]` as a node starting at `B`, with an empty span).
    semicolon: bool,
    props: (u32, u32),
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
}

impl Node {
    /// The `;` (empty for a node read without one).
    #[inline]
    pub fn span(&self) -> Span {
        span(self.start, self.start + u32::from(self.semicolon))
    }
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
        some(self.node(id).parent)
    }

    /// The children of a node, the main line's first.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(some(self.node(id).first_child), move |&c| {
            some(self.node(c).next_sibling)
        })
    }

    /// The main line from `root`: the root, its first child, that node's
    /// first child, and so on.
    #[inline]
    pub fn main_line(&self, root: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(root), move |&n| some(self.node(n).first_child))
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
        let nodes = count_semicolons(text);
        Collection {
            nodes: Vec::with_capacity(nodes),
            props: Vec::with_capacity(nodes + 16),
            values: Vec::with_capacity(nodes + 16),
            roots: Vec::new(),
        }
    }

    /// An empty collection with room for `props` properties and values.
    pub(crate) fn with_room(props: usize) -> Collection {
        Collection {
            nodes: Vec::new(),
            props: Vec::with_capacity(props),
            values: Vec::with_capacity(props),
            roots: Vec::new(),
        }
    }

    /// Drops every property and value: a parse that keeps no tree holds
    /// the current node's only.
    pub(crate) fn clear(&mut self) {
        self.props.clear();
        self.values.clear();
    }

    /// Every property held, in file order.
    pub(crate) fn all_properties(&self) -> &[Property] {
        &self.props
    }

    /// A node whose `;` is at `start` (`semicolon`: written; else the
    /// node starts at its first property), below `parent`. Offsets fit
    /// `u32`: the parser refuses longer texts.
    #[inline]
    pub(crate) fn push_node(
        &mut self,
        start: usize,
        semicolon: bool,
        parent: Option<NodeId>,
    ) -> NodeId {
        let id = self.nodes.len() as NodeId;
        let first_prop = self.props.len() as u32;
        self.nodes.push(Node {
            start: start as u32,
            semicolon,
            props: (first_prop, first_prop),
            parent: parent.unwrap_or(NONE),
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
        });
        match parent {
            Some(p) => {
                let last = self.nodes[p as usize].last_child;
                if last == NONE {
                    self.nodes[p as usize].first_child = id;
                } else {
                    self.nodes[last as usize].next_sibling = id;
                }
                self.nodes[p as usize].last_child = id;
            }
            None => self.roots.push(id),
        }
        id
    }

    /// A property of `node` (the last node pushed; `None` when no tree is
    /// kept), its name written at `name` (a byte range).
    #[inline]
    pub(crate) fn push_property(
        &mut self,
        node: Option<NodeId>,
        ident: Ident,
        name: (usize, usize),
    ) {
        let first_value = self.values.len() as u32;
        self.props.push(Property {
            ident,
            name: (name.0 as u32, name.1 as u32),
            end: name.1 as u32,
            values: (first_value, first_value),
        });
        if let Some(node) = node {
            self.nodes[node as usize].props.1 = self.props.len() as u32;
        }
    }

    /// Takes back the last property pushed, with its values: one whose
    /// values end at a syntax error (`W` with no `[`, or `W[cc` with no
    /// `]`) is no property, and the replay must not read it as a pass.
    pub(crate) fn pop_property(&mut self, node: Option<NodeId>) {
        if let Some(p) = self.props.pop() {
            self.values.truncate(p.values.0 as usize);
        }
        if let Some(node) = node {
            self.nodes[node as usize].props.1 = self.props.len() as u32;
        }
    }

    /// A value of the last property pushed, between `[` at `start - 1`
    /// and `]` at `end`.
    #[inline]
    pub(crate) fn push_value(&mut self, start: usize, end: usize) {
        self.values.push(Value {
            start: start as u32,
            end: end as u32,
        });
        let len = self.values.len() as u32;
        if let Some(p) = self.props.last_mut() {
            p.values.1 = len;
            p.end = end as u32 + 1;
        }
    }
}

/// The `;` in `text` (the nodes of a record, within the few that comments
/// hold), counted in byte lanes, 255 bytes at a time (no lane overflows).
pub(crate) fn count_semicolons(text: &str) -> usize {
    text.as_bytes()
        .chunks(255)
        .map(|c| usize::from(c.iter().fold(0u8, |n, &b| n + u8::from(b == b';'))))
        .sum()
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
                    std::iter::successors(Some(n), |&m| self.coll.parent(m)).collect();
                line.reverse();
                return Some(line);
            }
        }
        None
    }
}
