//! Reading the bytes of a file as text, in the charset its `CA` names.
//!
//! The whole file is decoded before it is parsed: in Shift_JIS the second
//! byte of a character can be `\` or `]`, which a byte-level parser would
//! take for SGF syntax.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};

use crate::problem::{Issue, Problem, Severity, Span};

/// A file's text and how it was read.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The text, UTF-8.
    pub text: String,
    /// The charset it was read in (encoding_rs's name, e.g. `GBK` for
    /// `GB2312`, `windows-1252` for Latin-1).
    pub charset: &'static str,
    /// The `CA` value, if any.
    pub declared: Option<String>,
    /// A charset problem (warning), if any; its span is empty.
    pub problem: Option<Problem>,
}

/// The first `CA[...]` value in the raw bytes, found without parsing (the
/// value is ASCII in every charset SGF files use).
/// Where `pair` first occurs in `bytes`. Most files have no `CA`, so the
/// whole text is searched: 32 bytes at a time for a `C` (a loop without an
/// early exit, which the compiler turns into vector compares), then
/// byte by byte in the blocks that hold one.
fn find_pair(bytes: &[u8], pair: [u8; 2]) -> Option<usize> {
    let mut start = 0;
    for block in bytes.chunks(32) {
        if block.iter().fold(false, |seen, &b| seen | (b == pair[0])) {
            let end = (start + block.len() + 1).min(bytes.len());
            if let Some(k) = bytes[start..end].windows(2).position(|w| w == pair) {
                return Some(start + k);
            }
        }
        start += block.len();
    }
    None
}

fn find_ca(bytes: &[u8]) -> Option<&[u8]> {
    let mut i = 0;
    while i + 2 < bytes.len() {
        let at = find_pair(&bytes[i..], *b"CA")? + i;
        let before_ok = at == 0 || !bytes[at - 1].is_ascii_alphabetic();
        let mut j = at + 2;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        if before_ok && bytes.get(j) == Some(&b'[') {
            let end = bytes[j + 1..].iter().position(|&b| b == b']')? + j + 1;
            return Some(&bytes[j + 1..end]);
        }
        i = at + 1;
    }
    None
}

/// Decodes a file: a byte-order mark decides first; then a file that is
/// valid UTF-8 is read as UTF-8, whatever its `CA` says (editors convert
/// files and keep the old `CA`; text in GB2312, EUC-KR or Shift_JIS is
/// almost never valid UTF-8, while reading UTF-8 as GBK can swallow a `]`),
/// with a warning when the `CA` names a charset in which the text would
/// read differently; else the `CA` charset; else Latin-1 (SGF's default).
pub fn decode(bytes: &[u8]) -> Decoded {
    decode_cow(Cow::Borrowed(bytes))
}

/// [`decode`], taking the bytes: a UTF-8 file (the common case) becomes
/// its text without a copy, so a large record is held once, not twice.
pub fn decode_owned(mut bytes: Vec<u8>) -> Decoded {
    // Read to its end, a vector may have grown to twice the file.
    bytes.shrink_to_fit();
    decode_cow(Cow::Owned(bytes))
}

fn decode_cow(bytes: Cow<'_, [u8]>) -> Decoded {
    let declared = find_ca(&bytes).map(|v| String::from_utf8_lossy(v).trim().to_string());
    let label = declared
        .as_deref()
        .map(|d| match d.to_ascii_lowercase().as_str() {
            "latin1" | "latin-1" => "iso-8859-1".to_string(),
            other => other.to_string(),
        });
    let encoding = label
        .as_deref()
        .and_then(|l| Encoding::for_label(l.as_bytes()));
    let as_utf8 = std::str::from_utf8(&bytes).ok();
    // A byte-order mark says it all (UTF-8, UTF-16LE, UTF-16BE).
    if let Some((bom_encoding, _)) = Encoding::for_bom(&bytes) {
        let (text, used, had_errors) = bom_encoding.decode(&bytes);
        let problem = had_errors.then(|| Problem {
            severity: Severity::Warning,
            span: Span::default(),
            ply: None,
            kind: Issue::Charset {
                declared: declared.clone(),
                used: used.name(),
            },
        });
        return Decoded {
            text: text.into_owned(),
            charset: used.name(),
            declared,
            problem,
        };
    }
    let warn = |used: &'static str| Problem {
        severity: Severity::Warning,
        span: Span::default(),
        ply: None,
        kind: Issue::Charset {
            declared: declared.clone(),
            used,
        },
    };
    if let Some(text) = as_utf8 {
        let same = match encoding {
            Some(e) if e == UTF_8 => true,
            Some(e) => e.decode_without_bom_handling(&bytes).0 == text,
            None => declared.is_none(),
        };
        let problem = (!same).then(|| warn(UTF_8.name()));
        let copy = matches!(bytes, Cow::Borrowed(_)).then(|| text.to_owned());
        let text = copy.unwrap_or_else(|| {
            // Valid UTF-8, checked above: taken as it is.
            String::from_utf8(bytes.into_owned())
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
        });
        return Decoded {
            text,
            charset: UTF_8.name(),
            problem,
            declared,
        };
    }
    let (encoding, mut problem) = match encoding {
        Some(e) => (e, None),
        None => (WINDOWS_1252, Some(warn(WINDOWS_1252.name()))),
    };
    let (text, used, had_errors) = encoding.decode(&bytes);
    if had_errors {
        problem = Some(warn(used.name()));
    }
    let text = text.into_owned();
    let text = match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    };
    Decoded {
        text,
        charset: used.name(),
        declared,
        problem,
    }
}

#[cfg(test)]
mod tests {
    use super::find_pair;

    #[test]
    fn find_pair_finds_the_first_pair_across_blocks() {
        let naive = |b: &[u8]| b.windows(2).position(|w| w == b"CA");
        for len in [0, 1, 2, 31, 32, 33, 63, 64, 65, 100] {
            for at in 0..len {
                for noise in [b'x', b'C', b'A'] {
                    let mut bytes = vec![noise; len];
                    bytes[at] = b'C';
                    if at + 1 < len {
                        bytes[at + 1] = b'A';
                    }
                    assert_eq!(
                        find_pair(&bytes, *b"CA"),
                        naive(&bytes),
                        "{len} {at} {noise}"
                    );
                }
            }
        }
    }
}
