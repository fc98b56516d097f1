//! The SGF parser: a loop over the bytes with an explicit stack of open
//! game trees, so nesting depth costs heap, never stack.

use crate::problem::{Issue, Problem, Severity, Span, SyntaxKind};
use crate::sgf::tree::{Collection, Ident, NodeId};

/// How forgiving to be.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Skip the damage real files carry — text before the first `(` or
    /// after the last `)`, a missing or an extra `)`, a first node without
    /// its `;` — with a warning instead of an error.
    pub lenient: bool,
}

/// An open game tree: the node its next node hangs from, and whether it
/// has a node of its own yet.
struct Open {
    attach: Option<NodeId>,
    /// Whether `attach` is on its tree's main line (or there is none yet).
    attach_main: bool,
    has_node: bool,
    start: usize,
}

/// Where the nodes of each tree's main line go as soon as they are read.
pub(crate) trait MainLine {
    /// `node` of `coll` is on a main line (a root: a new tree); its
    /// properties are read. Returns whether the tree may forget them (a
    /// root's are always kept).
    fn node(&mut self, coll: &Collection, node: NodeId) -> bool;

    /// Whether main-line nodes give their properties up (the tree then
    /// makes room for the properties of one node, not of every node).
    fn forgets(&self) -> bool {
        true
    }
}

/// Keeps every node whole: [`parse`].
struct KeepAll;

impl MainLine for KeepAll {
    #[inline]
    fn node(&mut self, _: &Collection, _: NodeId) -> bool {
        false
    }

    fn forgets(&self) -> bool {
        false
    }
}

struct Parser<'a, M> {
    src: &'a [u8],
    pos: usize,
    lenient: bool,
    coll: Collection,
    problems: Vec<Problem>,
    main_line: M,
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
pub fn parse(text: &str, options: ParseOptions) -> (Collection, Vec<Problem>) {
    parse_with(text, options, KeepAll)
}

/// [`parse`], handing each main-line node to `main_line` as soon as its
/// properties are read; the properties of the non-root ones it is done
/// with are dropped from the tree (nodes and links stay), so a caller that
/// replays the main lines as they come holds a record's moves once.
pub(crate) fn parse_with(
    text: &str,
    options: ParseOptions,
    main_line: impl MainLine,
) -> (Collection, Vec<Problem>) {
    if u32::try_from(text.len()).is_err() {
        // The tree keeps byte offsets in 32 bits.
        let problem = Problem {
            severity: Severity::Error,
            span: Span::new(0, 0),
            ply: None,
            kind: Issue::Syntax(SyntaxKind::TooLong),
        };
        return (Collection::default(), vec![problem]);
    }
    let mut p = Parser {
        src: text.as_bytes(),
        pos: 0,
        lenient: options.lenient,
        coll: Collection::with_capacity(text, !main_line.forgets()),
        problems: Vec::new(),
        main_line,
    };
    p.run();
    (p.coll, p.problems)
}

impl<M: MainLine> Parser<'_, M> {
    /// A node under the open tree on top of `stack`, starting at `at`.
    fn push_node(&mut self, stack: &mut [Open], at: usize, semicolon: bool) -> (NodeId, bool) {
        let open = stack
            .last_mut()
            .expect("a node is pushed inside a game tree");
        // On the main line: the first child of a main-line node.
        let main = match open.attach {
            None => true,
            Some(p) => open.attach_main && self.coll.node(p).first_child().is_none(),
        };
        let id = self.coll.push_node(at, semicolon, open.attach);
        open.attach = Some(id);
        open.attach_main = main;
        open.has_node = true;
        (id, main)
    }

    /// A node's properties are read (all, or up to an error).
    fn node_read(&mut self, id: NodeId, main: bool) {
        if main && self.main_line.node(&self.coll, id) && self.coll.parent(id).is_some() {
            self.coll.forget_properties(id);
        }
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
        while self.pos < self.src.len() && self.src[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn run(&mut self) {
        self.skip_ws();
        // Leading text.
        if self.pos < self.src.len() && self.src[self.pos] != b'(' {
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
        let mut stack: Vec<Open> = Vec::new();
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
                    let (attach, attach_main) = stack
                        .last()
                        .map_or((None, true), |o| (o.attach, o.attach_main));
                    stack.push(Open {
                        attach,
                        attach_main,
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
                        Some(_) => {}
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
                    let (id, main) = self.push_node(&mut stack, at, true);
                    self.pos += 1;
                    let ok = self.properties(id);
                    if ok && self.coll.properties(id).is_empty() {
                        self.report(SyntaxKind::EmptyNode, Span::new(at, at + 1), true);
                    }
                    self.node_read(id, main);
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
                    let (id, main) = self.push_node(&mut stack, at, false);
                    let ok = self.properties(id);
                    self.node_read(id, main);
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
            if ident.as_str().is_empty() {
                // Lowercase letters only: not a property name.
                let ch = self.char_at(start);
                self.report(
                    SyntaxKind::Unexpected(ch),
                    Span::new(start, start + 1),
                    false,
                );
                return false;
            }
            self.coll.push_property(node, ident, (start, self.pos));
            self.skip_ws();
            if self.src.get(self.pos) != Some(&b'[') {
                self.report(SyntaxKind::MissingValue, name_span, false);
                return false;
            }
            while self.src.get(self.pos) == Some(&b'[') {
                let open = self.pos;
                let mut i = open + 1;
                loop {
                    match self.src.get(i) {
                        None => {
                            self.report(
                                SyntaxKind::UnterminatedValue,
                                Span::new(open, open + 1),
                                false,
                            );
                            return false;
                        }
                        Some(b'\\') => i += 2,
                        Some(b']') => break,
                        Some(_) => i += 1,
                    }
                }
                if i >= self.src.len() {
                    self.report(
                        SyntaxKind::UnterminatedValue,
                        Span::new(open, open + 1),
                        false,
                    );
                    return false;
                }
                self.coll.push_value(open + 1, i);
                self.pos = i + 1;
                self.skip_ws();
            }
        }
    }
}
