//! The SGF parser: a loop over the bytes with an explicit stack of open
//! game trees, so nesting depth costs heap, never stack.

use crate::problem::{Issue, Problem, Problems, Severity, Span, SyntaxKind};
use crate::sgf::tree::{Collection, Ident, NodeId, Property, Value};

const B: Ident = Ident::new("B");
const W: Ident = Ident::new("W");

/// How forgiving to be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Skip the damage real files carry — text before the first `(` or
    /// after the last `)`, a missing first `(`, a missing or an extra `)`,
    /// a first node without its `;`, a value cut by the end of the file —
    /// with a warning instead of an error.
    pub lenient: bool,
}

/// An open game tree: the node its next node hangs from, and whether it
/// has a node of its own yet.
struct Open {
    attach: Option<NodeId>,
    /// Whether `attach` is on its tree's main line (or there is none yet).
    attach_main: bool,
    /// Whether `attach` has a child already (a later one is a variation).
    attach_has_child: bool,
    has_node: bool,
    start: usize,
}

/// A node as it is read: its number (as [`parse`] would give it), its `;`
/// and its properties.
#[derive(Clone, Copy)]
pub(crate) struct NodeRead<'c> {
    /// The node's index in the tree [`parse`] gives.
    pub id: NodeId,
    /// The `;` (empty for a node read without one).
    pub span: Span,
    /// The properties, in file order.
    pub props: &'c [Property],
    coll: &'c Collection,
}

impl<'c> NodeRead<'c> {
    /// Node `id` of a whole tree.
    pub fn of(coll: &'c Collection, id: NodeId) -> NodeRead<'c> {
        NodeRead {
            id,
            span: coll.node(id).span(),
            props: coll.properties(id),
            coll,
        }
    }

    /// The values of a property of this node.
    #[inline]
    pub fn values(&self, prop: &Property) -> &'c [Value] {
        self.coll.values(prop)
    }

    /// The first property with this name.
    #[inline]
    pub fn property(&self, ident: Ident) -> Option<&'c Property> {
        self.props.iter().find(|p| p.ident == ident)
    }
}

/// A main-line node holding one move and nothing else that its reader
/// reads (`;B[pd]`, `;W[]`, `;B[pd]BL[599]C[...]`: see
/// [`MainLine::reads`]), which the parser reads without building a
/// property.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlainMove {
    /// The colour (`B` or `W`).
    pub ident: Ident,
    /// The property, from its name to `]`.
    pub span: Span,
    /// The value between the brackets (no escapes: empty or two letters).
    pub value: Span,
}

/// Where the nodes of each tree's main line go as soon as they are read.
/// Such a parse keeps no tree: the other nodes are only checked for syntax.
pub(crate) trait MainLine {
    /// A node of a main line (`root`: the first node of a new tree), its
    /// properties read.
    fn node(&mut self, node: NodeRead<'_>, root: bool);

    /// A main-line node below the root holding one move and no other
    /// property that [`MainLine::reads`].
    fn plain_move(&mut self, node: PlainMove);

    /// Whether a property of a main-line node below the root matters to
    /// [`MainLine::node`]: a node of one move whose other properties do
    /// not (times left, comments) goes to [`MainLine::plain_move`].
    fn reads(&self, ident: Ident) -> bool;
}

/// Keeps every node whole: [`parse`].
struct KeepAll;

impl MainLine for KeepAll {
    fn node(&mut self, _: NodeRead<'_>, _: bool) {}

    fn plain_move(&mut self, _: PlainMove) {}

    fn reads(&self, _: Ident) -> bool {
        true
    }
}

struct Parser<'a, M> {
    src: &'a [u8],
    pos: usize,
    lenient: bool,
    coll: Collection,
    problems: Problems,
    main_line: M,
    /// Whether the tree is built; if not, only the current node's
    /// properties are held, and nodes are only counted.
    keep: bool,
    /// Nodes read so far (the next node's index).
    nodes: u32,
    /// Whether the end of the file cut a value (the lenient mode reads on).
    cut: bool,
}

/// Parses decoded SGF text into game trees. Syntax errors are returned as
/// problems with spans; parsing stops at the first error that cannot be
/// skipped, keeping what was read before it.
///
/// # Examples
///
/// ```
/// use asalto_go::sgf::{parse, Ident, ParseOptions};
///
/// let (coll, problems) = parse("(;GM[1]SZ[9];B[ee](;W[cc])(;W[gg]))", ParseOptions::default());
/// assert!(problems.is_empty());
/// let root = coll.roots()[0];
/// assert_eq!(coll.main_line(root).count(), 3);
/// assert_eq!(coll.lines(root).count(), 2);
/// assert!(coll.property(root, Ident::new("SZ")).is_some());
/// ```
pub fn parse(text: &str, options: ParseOptions) -> (Collection, Problems) {
    parse_inner(text, options, KeepAll, true)
}

/// Reads `text` as [`parse`] does, with the same node numbers and
/// problems, but builds no tree: each main-line node goes to `main_line`
/// as soon as it is read (a node of one move without building even its
/// property), so a caller that replays the main lines as they come holds
/// a record's moves once, and no node of it.
pub(crate) fn parse_with(text: &str, options: ParseOptions, main_line: impl MainLine) -> Problems {
    parse_inner(text, options, main_line, false).1
}

fn parse_inner(
    text: &str,
    options: ParseOptions,
    main_line: impl MainLine,
    keep: bool,
) -> (Collection, Problems) {
    if u32::try_from(text.len()).is_err() {
        // The tree keeps byte offsets in 32 bits.
        let problem = Problem {
            severity: Severity::Error,
            span: Span::new(0, 0),
            ply: None,
            kind: Issue::Syntax(SyntaxKind::TooLong),
        };
        return (Collection::default(), std::iter::once(problem).collect());
    }
    let mut p = Parser {
        src: text.as_bytes(),
        pos: 0,
        lenient: options.lenient,
        coll: if keep {
            Collection::with_capacity(text)
        } else {
            // Room for a root's properties: one node is held at a time.
            Collection::with_room(32)
        },
        problems: Problems::default(),
        main_line,
        keep,
        nodes: 0,
        cut: false,
    };
    p.run();
    (p.coll, p.problems)
}

impl<M: MainLine> Parser<'_, M> {
    /// A node under the open tree on top of `stack`, starting at `at`:
    /// its index, and whether it is on its tree's main line.
    fn push_node(&mut self, stack: &mut [Open], at: usize, semicolon: bool) -> (NodeId, bool) {
        let open = stack
            .last_mut()
            .expect("a node is pushed inside a game tree");
        // On the main line: the first child of a main-line node.
        let main = open.attach.is_none() || (open.attach_main && !open.attach_has_child);
        let id = if self.keep {
            self.coll.push_node(at, semicolon, open.attach)
        } else {
            // Only the current node's properties are held.
            self.coll.clear();
            self.nodes
        };
        self.nodes += 1;
        open.attach = Some(id);
        open.attach_main = main;
        open.attach_has_child = false;
        open.has_node = true;
        (id, main)
    }

    /// A node's properties are read (all, or up to an error).
    fn node_read(&mut self, id: NodeId, at: usize, semicolon: bool, main: bool, root: bool) {
        if main && !self.keep {
            let node = NodeRead {
                id,
                span: Span::new(at, at + usize::from(semicolon)),
                props: self.coll.all_properties(),
                coll: &self.coll,
            };
            self.main_line.node(node, root);
        }
    }

    /// At `;` (at `self.pos`) of a main-line node below a root: a node of
    /// one move, `B[xy]`, `W[xy]` or `B[]`, then only properties of
    /// capitals that the main line does not read ([`MainLine::reads`]),
    /// read as [`Parser::properties`] would (the same problems: none).
    /// Returns whether it was; if not, nothing is consumed and the node
    /// is read again the long way.
    #[inline]
    fn plain_move(&mut self) -> bool {
        let at = self.pos;
        let (side, len) = match self.src.get(at + 1..at + 6) {
            Some([s @ (b'B' | b'W'), b'[', c, r, b']'])
                if c.is_ascii_lowercase() && r.is_ascii_lowercase() =>
            {
                (*s, 2)
            }
            _ => match self.src.get(at + 1..at + 4) {
                Some([s @ (b'B' | b'W'), b'[', b']']) => (*s, 0),
                _ => return false,
            },
        };
        let end = at + 4 + len;
        let mut next = self.blanks_from(end);
        // Properties the main line does not read, with their values,
        // skipped; any other is read the long way, and so is any doubt
        // about the syntax (lowercase letters in a name, a missing or an
        // unclosed value), which `properties` reports.
        while self.src.get(next).is_some_and(u8::is_ascii_uppercase) {
            let name = next;
            while self.src.get(next).is_some_and(u8::is_ascii_uppercase) {
                next += 1;
            }
            if self.src.get(next).is_some_and(u8::is_ascii_lowercase)
                || self
                    .main_line
                    .reads(Ident::from_written(&self.src[name..next]))
            {
                return false;
            }
            next = self.blanks_from(next);
            if self.src.get(next) != Some(&b'[') {
                return false;
            }
            while self.src.get(next) == Some(&b'[') {
                let Some(close) = value_end(self.src, next + 1) else {
                    return false;
                };
                next = self.blanks_from(close + 1);
            }
        }
        // Nothing but a next node, a tree's end or blanks may follow.
        if self
            .src
            .get(next)
            .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'[')
        {
            return false;
        }
        self.main_line.plain_move(PlainMove {
            ident: if side == b'B' { B } else { W },
            span: Span::new(at + 1, end),
            value: Span::new(at + 3, at + 3 + len),
        });
        self.pos = next;
        true
    }

    fn report(&mut self, kind: SyntaxKind, span: Span, tolerated: bool) {
        let severity = if tolerated {
            Severity::Warning
        } else {
            Severity::Error
        };
        self.problems.push(Problem {
            severity,
            span,
            ply: None,
            kind: Issue::Syntax(kind),
        });
    }

    fn skip_ws(&mut self) {
        self.pos = self.blanks_from(self.pos);
    }

    /// The first byte at or after `at` that is not a blank.
    #[inline]
    fn blanks_from(&self, mut at: usize) -> usize {
        while at < self.src.len() && self.src[at].is_ascii_whitespace() {
            at += 1;
        }
        at
    }

    fn run(&mut self) {
        self.skip_ws();
        let mut stack: Vec<Open> = Vec::new();
        if self.src.get(self.pos) == Some(&b';') {
            // A first game tree without its `(`, as in files cut by their
            // first byte (seen in downloads from the Fox server): the
            // lenient mode reads it as if the `(` were there, so its `)`
            // and variations keep their meaning instead of the main line
            // being skipped as leading text.
            let at = self.pos;
            self.report(
                SyntaxKind::UnopenedTree,
                Span::new(at, at + 1),
                self.lenient,
            );
            if !self.lenient {
                return;
            }
            stack.push(Open {
                attach: None,
                attach_main: true,
                attach_has_child: false,
                has_node: false,
                start: at,
            });
        }
        // Leading text.
        if stack.is_empty() && self.pos < self.src.len() && self.src[self.pos] != b'(' {
            let start = self.pos;
            match self.src[self.pos..].iter().position(|&b| b == b'(') {
                Some(k) => {
                    let span = Span::new(start, start + k);
                    self.report(SyntaxKind::LeadingText, span, self.lenient);
                    if !self.lenient {
                        return;
                    }
                    self.pos = start + k;
                }
                None => {
                    let len = self.char_at(start).len_utf8();
                    self.report(SyntaxKind::NoGameTree, Span::new(start, start + len), false);
                    return;
                }
            }
        }
        if self.pos >= self.src.len() {
            self.report(SyntaxKind::NoGameTree, Span::new(0, 0), false);
            return;
        }
        loop {
            self.skip_ws();
            let Some(&c) = self.src.get(self.pos) else {
                break;
            };
            match c {
                b'(' => {
                    if stack.last().is_some_and(|o| !o.has_node) {
                        let at = self.pos;
                        self.report(SyntaxKind::EmptyTree, Span::new(at, at + 1), false);
                        return;
                    }
                    let (attach, attach_main, attach_has_child) =
                        stack.last().map_or((None, true, false), |o| {
                            (o.attach, o.attach_main, o.attach_has_child)
                        });
                    stack.push(Open {
                        attach,
                        attach_main,
                        attach_has_child,
                        has_node: false,
                        start: self.pos,
                    });
                    self.pos += 1;
                }
                b')' => {
                    let at = self.pos;
                    match stack.pop() {
                        Some(open) if !open.has_node => {
                            self.report(
                                SyntaxKind::EmptyTree,
                                Span::new(open.start, at + 1),
                                false,
                            );
                            return;
                        }
                        Some(_) => {
                            // The node this tree hung from has a child now.
                            if let Some(below) = stack.last_mut() {
                                below.attach_has_child = true;
                            }
                        }
                        None => {
                            self.report(
                                SyntaxKind::ExtraParen,
                                Span::new(at, at + 1),
                                self.lenient,
                            );
                            if !self.lenient {
                                return;
                            }
                        }
                    }
                    self.pos += 1;
                    if stack.is_empty() && !self.after_tree() {
                        return;
                    }
                }
                b';' => {
                    let at = self.pos;
                    if stack.is_empty() {
                        self.report(SyntaxKind::Unexpected(';'), Span::new(at, at + 1), false);
                        return;
                    }
                    let root = stack.last().is_some_and(|o| o.attach.is_none());
                    let (id, main) = self.push_node(&mut stack, at, true);
                    if main && !root && !self.keep && self.plain_move() {
                        // The nodes after it, while they hold one move
                        // each: numbered as `push_node` would, with no
                        // property to clear and the main line going on.
                        let mut last = id;
                        while self.src.get(self.pos) == Some(&b';') && self.plain_move() {
                            last = self.nodes;
                            self.nodes += 1;
                        }
                        if let Some(open) = stack.last_mut() {
                            open.attach = Some(last);
                        }
                        continue;
                    }
                    self.pos += 1;
                    let first = self.coll.props.len();
                    let ok = self.properties(id);
                    if ok && self.coll.props.len() == first && !self.cut {
                        self.report(SyntaxKind::EmptyNode, Span::new(at, at + 1), true);
                    }
                    self.node_read(id, at, true, main, root);
                    if !ok {
                        return;
                    }
                }
                c if c.is_ascii_uppercase() && stack.last().is_some_and(|o| !o.has_node) => {
                    // `(` then properties: a node without its `;`.
                    let at = self.pos;
                    self.report(
                        SyntaxKind::MissingSemicolon,
                        Span::new(at, at + 1),
                        self.lenient,
                    );
                    if !self.lenient {
                        return;
                    }
                    let root = stack.last().is_some_and(|o| o.attach.is_none());
                    let (id, main) = self.push_node(&mut stack, at, false);
                    let ok = self.properties(id);
                    self.node_read(id, at, false, main, root);
                    if !ok {
                        return;
                    }
                }
                _ => {
                    let at = self.pos;
                    let ch = self.char_at(at);
                    self.report(
                        SyntaxKind::Unexpected(ch),
                        Span::new(at, at + ch.len_utf8()),
                        false,
                    );
                    return;
                }
            }
        }
        if let Some(open) = stack.first() {
            let span = Span::new(open.start, open.start + 1);
            self.report(SyntaxKind::UnclosedTree, span, self.lenient);
        }
    }

    /// After a top-level `)`: more trees, the end, or trailing text.
    /// Returns whether to go on.
    fn after_tree(&mut self) -> bool {
        let save = self.pos;
        self.skip_ws();
        // DOS end-of-file marks (Ctrl-Z) and NUL padding after the last
        // tree are what old editors leave: nothing to report.
        if matches!(self.src.get(self.pos), Some(0x1a | 0))
            && self.src[self.pos..]
                .iter()
                .all(|&b| b.is_ascii_whitespace() || b == 0x1a || b == 0)
        {
            self.pos = self.src.len();
            return true;
        }
        match self.src.get(self.pos) {
            None | Some(b'(') => true,
            Some(b')') => true,
            Some(_) => {
                let start = self.pos;
                // Trailing text up to the next `(` (more games) or the end.
                let end = self.src[start..]
                    .iter()
                    .position(|&b| b == b'(')
                    .map_or(self.src.len(), |k| start + k);
                let trimmed_end = start
                    + self.src[start..end]
                        .iter()
                        .rposition(|b| !b.is_ascii_whitespace())
                        .map_or(0, |k| k + 1);
                self.report(
                    SyntaxKind::TrailingText,
                    Span::new(start, trimmed_end),
                    self.lenient,
                );
                if !self.lenient {
                    self.pos = save;
                    return false;
                }
                self.pos = end;
                true
            }
        }
    }

    fn char_at(&self, at: usize) -> char {
        // `src` is the bytes of a `str`; find the char starting at `at`.
        let s = std::str::from_utf8(&self.src[at..]).ok();
        s.and_then(|s| s.chars().next()).unwrap_or('\u{fffd}')
    }

    /// The properties of a node. Returns false after an error.
    fn properties(&mut self, node: NodeId) -> bool {
        loop {
            self.skip_ws();
            let start = self.pos;
            while self.pos < self.src.len() && self.src[self.pos].is_ascii_alphabetic() {
                self.pos += 1;
            }
            if self.pos == start {
                return true;
            }
            let name_span = Span::new(start, self.pos);
            let ident = Ident::from_written(&self.src[start..self.pos]);
            if ident.is_empty() {
                // Lowercase letters only: not a property name.
                let ch = self.char_at(start);
                self.report(
                    SyntaxKind::Unexpected(ch),
                    Span::new(start, start + 1),
                    false,
                );
                return false;
            }
            self.coll
                .push_property(self.keep.then_some(node), ident, (start, self.pos));
            self.skip_ws();
            if self.src.get(self.pos) != Some(&b'[') {
                self.report(SyntaxKind::MissingValue, name_span, false);
                self.coll.pop_property(self.keep.then_some(node));
                return false;
            }
            while self.src.get(self.pos) == Some(&b'[') {
                let open = self.pos;
                let Some(i) = value_end(self.src, open + 1) else {
                    // The end of the file cuts the value: a file cut short
                    // (as downloads are). The lenient mode drops the
                    // property and reads the file as ending there.
                    self.report(
                        SyntaxKind::UnterminatedValue,
                        Span::new(open, open + 1),
                        self.lenient,
                    );
                    self.coll.pop_property(self.keep.then_some(node));
                    self.pos = self.src.len();
                    self.cut = true;
                    return self.lenient;
                };
                self.coll.push_value(open + 1, i);
                self.pos = i + 1;
                self.skip_ws();
            }
        }
    }
}

/// The `]` that closes a value starting at `from` (after its `[`), past
/// escaped characters (`\]`, `\\`); `None` when the text ends first.
/// Most values are a point, a number or a short name: their first bytes
/// are looked at one by one; comments, most of a file's value bytes, are
/// then searched 16 or 32 bytes a step for the two bytes that matter.
#[inline]
fn value_end(src: &[u8], mut from: usize) -> Option<usize> {
    let short = src
        .get(from..)?
        .iter()
        .take(8)
        .position(|&b| b == b']' || b == b'\\');
    if let Some(k) = short {
        if src[from + k] == b']' {
            return Some(from + k);
        }
        // An escape: the next byte, whatever it is, is the value's.
        from += k + 2;
    } else {
        from += 8;
    }
    loop {
        let k = from + memchr::memchr2(b']', b'\\', src.get(from..)?)?;
        if src[k] == b']' {
            return Some(k);
        }
        from = k + 2;
    }
}

#[cfg(test)]
mod tests {
    use super::value_end;

    /// `value_end` against reading byte by byte, on values of every length
    /// around the eight bytes looked at first, with escapes anywhere
    /// (the last byte included) and without a `]`.
    #[test]
    fn value_end_reads_as_byte_by_byte() {
        let slow = |src: &[u8], mut i: usize| {
            while i < src.len() && src[i] != b']' {
                i += if src[i] == b'\\' { 2 } else { 1 };
            }
            (i < src.len()).then_some(i)
        };
        let mut state = 0x5eed_2222_u64;
        for round in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 80) as usize;
            let src: Vec<u8> = (0..len)
                .map(|k| match (state >> (k % 60)) % 23 {
                    0 => b']',
                    1 => b'\\',
                    _ => b'a' + (k % 26) as u8,
                })
                .collect();
            let from = if len == 0 { 0 } else { round % (len + 1) };
            assert_eq!(value_end(&src, from), slow(&src, from), "{src:?} {from}");
        }
    }
}
