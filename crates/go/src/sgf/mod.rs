//! SGF (`FF[4]`, and `FF[3]`'s lowercase property names): syntax only. Bytes are
//! decoded first ([`decode`], by the file's `CA`), then [`parse`] builds a
//! [`Collection`] of game trees with byte spans into the decoded text;
//! whether the moves are legal is [`crate::replay`]'s business.
//!
//! Nothing here recurses on the input's nesting: deep variation trees cost
//! memory in proportion to the file, never stack.

mod charset;
mod parse;
mod text;
mod tree;
mod write;

pub use charset::{Decoded, decode, decode_owned};
pub(crate) use parse::{MainLine, NodeRead, PlainMove, parse_with};
pub use parse::{ParseOptions, parse};
pub use text::unescape;
pub(crate) use tree::count_semicolons;
pub use tree::{Collection, Ident, Lines, Node, NodeId, Property, Value};
pub use write::write_collection;
