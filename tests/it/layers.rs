//! No import circles across the files of `src/cli/` and `src/grade/`: each
//! file uses only files below it (a module's `mod.rs` sits above its own
//! files: it declares and dispatches to them, and they never use it).
//!
//! The imports are read from the source as the compiler resolves paths:
//! `use` trees and paths in code that start with `crate::`, `super::`,
//! `self::` or the name of a child module, each resolved to the deepest
//! file module it names (`super::games::route` is `games.rs`,
//! `super::{Out, check}` is the parent's `mod.rs` and `check.rs`). An
//! inline module (`mod tests { ... }`) belongs to its file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A file's module path from `src/`: `src/cli/go/check.rs` is
/// `cli::go::check`, `src/cli/go/mod.rs` is `cli::go`.
type ModPath = Vec<String>;

/// An import of a file: the module it reaches and the line it is on.
struct Import {
    to: ModPath,
    line: usize,
}

/// The `.rs` files under `dir`, by module path.
fn modules(src: &Path, dir: &Path, out: &mut BTreeMap<ModPath, PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            modules(src, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut module: ModPath = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            out.insert(module, path);
        }
    }
}

/// A token of Rust source, with its line.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    Ident(String),
    /// `::`
    Path,
    Punct(char),
}

/// The tokens of `source`, comments, strings and characters left out.
fn tokens(source: &str) -> Vec<(Token, usize)> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if at(i + 1) == '/' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if at(i + 1) == '*' => {
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
                i += 2;
            }
            'r' if at(i + 1) == '"' || (at(i + 1) == '#' && matches!(at(i + 2), '"' | '#')) => {
                // A raw string: r"...", r#"..."#.
                let mut hashes = 0;
                i += 1;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                i += 1;
                loop {
                    if i >= chars.len() {
                        break;
                    }
                    if chars[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                        i += 1 + hashes;
                        break;
                    }
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
            }
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    line += usize::from(at(i) == '\n');
                    i += 1;
                }
                i += 1;
            }
            '\'' => {
                // A character ('x', '\n', '\u{..}'), else a lifetime.
                if at(i + 1) == '\\' {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if at(i + 2) == '\'' {
                    i += 3;
                } else {
                    i += 1;
                    while at(i).is_alphanumeric() || at(i) == '_' {
                        i += 1;
                    }
                }
            }
            c if c.is_alphabetic() || c == '_' => {
                let start = i;
                while at(i).is_alphanumeric() || at(i) == '_' {
                    i += 1;
                }
                out.push((Token::Ident(chars[start..i].iter().collect()), line));
            }
            ':' if at(i + 1) == ':' => {
                out.push((Token::Path, line));
                i += 2;
            }
            c if c.is_whitespace() => i += 1,
            c => {
                out.push((Token::Punct(c), line));
                i += 1;
            }
        }
    }
    out
}

/// The paths of a `use` tree or a path in code starting at `tokens[i]`,
/// each as its segments (groups `{a, b::c}` expanded), and where it ends.
fn paths(tokens: &[(Token, usize)], mut i: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut found = Vec::new();
    let mut segments = prefix.to_vec();
    while i < tokens.len() {
        match &tokens[i].0 {
            Token::Punct('{') => {
                i += 1;
                while i < tokens.len() && tokens[i].0 != Token::Punct('}') {
                    if tokens[i].0 == Token::Punct(',') {
                        i += 1;
                        continue;
                    }
                    let (more, next) = paths(tokens, i, &segments);
                    found.extend(more);
                    i = next.max(i + 1);
                }
                return (found, i + 1);
            }
            Token::Ident(name) if name == "as" => i += 2,
            Token::Ident(name) => {
                segments.push(name.clone());
                i += 1;
                if tokens.get(i).is_some_and(|t| t.0 == Token::Path) {
                    i += 1;
                    continue;
                }
                found.push(segments);
                return (found, i);
            }
            _ => {
                found.push(segments);
                return (found, i);
            }
        }
    }
    found.push(segments);
    (found, i)
}

/// The file modules `module` (its source `source`) imports, each with the
/// line of its first import, among `all`.
fn imports(module: &ModPath, source: &str, all: &BTreeMap<ModPath, PathBuf>) -> Vec<Import> {
    let tokens = tokens(source);
    let children: Vec<&str> = all
        .keys()
        .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
        .map(|m| m[module.len()].as_str())
        .collect();
    // Where an inline module (`mod tests {`) starts: past it, `super` is
    // this file's module.
    let inline = (0..tokens.len().saturating_sub(2)).find(|&i| {
        tokens[i].0 == Token::Ident("mod".into())
            && matches!(tokens[i + 1].0, Token::Ident(_))
            && tokens[i + 2].0 == Token::Punct('{')
    });
    let mut found: Vec<Import> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let starts = match &tokens[i].0 {
            Token::Ident(name) => {
                let after_path =
                    i > 0 && matches!(tokens[i - 1].0, Token::Path | Token::Punct('.'));
                let then_path = tokens.get(i + 1).is_some_and(|t| t.0 == Token::Path);
                !after_path
                    && then_path
                    && (matches!(name.as_str(), "crate" | "super" | "self")
                        || children.contains(&name.as_str()))
            }
            _ => false,
        };
        if !starts {
            i += 1;
            continue;
        }
        let line = tokens[i].1;
        let inside = inline.is_some_and(|at| i > at);
        let (found_paths, next) = paths(&tokens, i, &[]);
        for path in found_paths {
            let mut base: ModPath = module.clone();
            let mut rest = path.as_slice();
            match rest.first().map(String::as_str) {
                Some("crate") => {
                    base.clear();
                    rest = &rest[1..];
                }
                Some("super") | Some("self") => {
                    // In an inline module the first `super` is the file.
                    let mut first = inside;
                    while let Some(step) = rest.first().map(String::as_str) {
                        match step {
                            "super" if first => first = false,
                            "super" => {
                                base.pop();
                            }
                            "self" => {}
                            _ => break,
                        }
                        rest = &rest[1..];
                    }
                }
                _ => {}
            }
            let mut target = base;
            for segment in rest {
                let mut deeper = target.clone();
                deeper.push(segment.clone());
                if all.contains_key(&deeper) {
                    target = deeper;
                } else {
                    break;
                }
            }
            if &target != module
                && all.contains_key(&target)
                && !found.iter().any(|f| f.to == target)
            {
                found.push(Import { to: target, line });
            }
        }
        i = next.max(i + 1);
    }
    found
}

/// A circle of imports among the files of `dir` (under `src`), with the
/// lines that make it, if there is one.
fn circle(src: &Path, dir: &str) -> Option<String> {
    let mut all = BTreeMap::new();
    modules(src, &src.join(dir), &mut all);
    assert!(all.len() > 5, "{dir}: {} files", all.len());
    let mut graph: BTreeMap<ModPath, Vec<Import>> = BTreeMap::new();
    for (module, path) in &all {
        let source = std::fs::read_to_string(path).unwrap();
        assert!(
            !source.contains("#[path"),
            "{}: a `#[path]` module is not where its file is",
            path.display()
        );
        graph.insert(module.clone(), imports(module, &source, &all));
    }
    // Depth-first: a module met again on the current path closes a circle.
    fn visit(
        module: &ModPath,
        graph: &BTreeMap<ModPath, Vec<Import>>,
        stack: &mut Vec<(ModPath, usize)>,
        done: &mut Vec<ModPath>,
    ) -> Option<Vec<(ModPath, usize)>> {
        if done.contains(module) {
            return None;
        }
        if let Some(at) = stack.iter().position(|(m, _)| m == module) {
            return Some(stack[at..].to_vec());
        }
        for import in &graph[module] {
            stack.push((module.clone(), import.line));
            if let Some(found) = visit(&import.to, graph, stack, done) {
                return Some(found);
            }
            stack.pop();
        }
        done.push(module.clone());
        None
    }
    let mut done = Vec::new();
    for module in graph.keys() {
        if let Some(found) = visit(module, &graph, &mut Vec::new(), &mut done) {
            let file = |m: &ModPath| all[m].strip_prefix(src).unwrap().display().to_string();
            let steps: Vec<String> = found
                .iter()
                .map(|(m, line)| format!("{}:{line}", file(m)))
                .collect();
            return Some(format!("{} -> {}", steps.join(" -> "), file(&found[0].0)));
        }
    }
    None
}

#[test]
fn the_command_line_and_the_grader_have_no_import_circles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for dir in ["cli", "grade"] {
        if let Some(found) = circle(&src, dir) {
            panic!("src/{dir}: an import circle: {found}");
        }
    }
}

/// The reader finds what it must: a circle made on purpose is found,
/// through `super::{...}` groups, paths in code, `crate::` paths and a
/// parent's `mod.rs`; an inline test module's `super` is its file; text
/// in comments and strings is no import.
#[test]
fn a_circle_is_found_and_comments_are_not_imports() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    let write = |path: &str, text: &str| {
        let path = src.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "t/mod.rs",
        "mod a;\nmod b;\nmod c;\nmod d;\nmod e;\nmod f;\npub fn run() { a::go(); }\n",
    );
    write(
        "t/a.rs",
        "use super::{b, c::X};\n// super::d::no\npub fn go() {}\n",
    );
    write(
        "t/b.rs",
        "pub fn f() { let s = \"super::d\"; crate::t::c::g(); }\n",
    );
    write(
        "t/c.rs",
        "pub struct X;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
    );
    write("t/d.rs", "");
    write("t/e.rs", "");
    write("t/f.rs", "");
    assert_eq!(circle(src, "t"), None);
    // `c` uses its parent: `mod.rs` -> a -> c -> mod.rs.
    write("t/c.rs", "pub struct X;\npub fn g() { super::run() }\n");
    let found = circle(src, "t").expect("a circle");
    assert!(found.contains("t/c.rs:2"), "{found}");
    assert!(found.contains("t/mod.rs:7"), "{found}");
}
