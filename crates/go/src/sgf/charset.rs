//! Reading the bytes of a file as text, in the charset its `CA` names.
//!
//! The whole file is decoded before it is parsed: in Shift_JIS the second
//! byte of a character can be `\` or `]`, which a byte-level parser would
//! take for SGF syntax.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};

use crate::problem::{Issue, Problem, Severity, Span};

/// A file's text and how it was read.
#[derive(Clone, Debug)]
pub struct Decoded<'a> {
    /// The text, UTF-8: borrowed from the bytes when they are UTF-8
    /// already (most files), so a record is not held twice.
    pub text: Cow<'a, str>,
    /// The charset it was read in (encoding_rs's name, e.g. `GBK` for
    /// `GB2312`, `windows-1252` for Latin-1).
    pub charset: &'static str,
    /// The `CA` value, if any.
    pub declared: Option<String>,
    /// A charset problem (warning), if any; its span is empty.
    pub problem: Option<Problem>,
}

/// The first `CA[...]` value in the raw bytes, found without parsing (the
/// value is ASCII in every charset SGF files use). Most files have no
/// `CA`, so the whole text is searched: `memmem` looks at 16 or 32
/// bytes a step.
fn find_ca(bytes: &[u8]) -> Option<&[u8]> {
    let mut i = 0;
    while i + 2 < bytes.len() {
        let at = memchr::memmem::find(&bytes[i..], b"CA")? + i;
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
pub fn decode(bytes: &[u8]) -> Decoded<'_> {
    decode_cow(Cow::Borrowed(bytes))
}

/// [`decode`], taking the bytes: a UTF-8 file (the common case) becomes
/// its text without a copy, so a large record is held once, not twice.
pub fn decode_owned(mut bytes: Vec<u8>) -> Decoded<'static> {
    // Read to its end, a vector may have grown to twice the file.
    bytes.shrink_to_fit();
    decode_cow(Cow::Owned(bytes))
}

fn decode_cow(bytes: Cow<'_, [u8]>) -> Decoded<'_> {
    // Valid UTF-8 is taken as it is, borrowed or owned (no copy); else
    // the bytes come back for the other charsets.
    let utf8 = match bytes {
        Cow::Borrowed(b) => std::str::from_utf8(b)
            .map(Cow::Borrowed)
            .map_err(|_| Cow::Borrowed(b)),
        Cow::Owned(v) => String::from_utf8(v)
            .map(Cow::Owned)
            .map_err(|e| Cow::Owned(e.into_bytes())),
    };
    let raw: &[u8] = match &utf8 {
        Ok(text) => text.as_bytes(),
        Err(bytes) => bytes,
    };
    let declared = find_ca(raw).map(|v| String::from_utf8_lossy(v).trim().to_string());
    let label = declared
        .as_deref()
        .map(|d| match d.to_ascii_lowercase().as_str() {
            "latin1" | "latin-1" => "iso-8859-1".to_string(),
            // Names of code pages that real files carry and the WHATWG
            // labels of encoding_rs lack (BBEdit writes `EUC-CN` for
            // GB2312, Windows tools `CP936`, `CP949`, `CP932`).
            "euc-cn" | "cp936" | "ms936" | "windows-936" => "gbk".to_string(),
            "cp949" | "ms949" | "uhc" => "euc-kr".to_string(),
            "cp932" => "shift_jis".to_string(),
            "cp950" | "ms950" => "big5".to_string(),
            other => other.to_string(),
        });
    let encoding = label
        .as_deref()
        .and_then(|l| Encoding::for_label(l.as_bytes()));
    // A byte-order mark says it all (UTF-8, UTF-16LE, UTF-16BE); without
    // one, UTF-16 shows in its first character, an ASCII one (`(` or a
    // blank) with a NUL byte before or after it, which no other text has.
    let bom = Encoding::for_bom(raw).map(|(e, _)| e).or(match *raw {
        [0, b, ..] if b != 0 && b.is_ascii() => Some(UTF_16BE),
        [b, 0, ..] if b != 0 && b.is_ascii() => Some(UTF_16LE),
        _ => None,
    });
    if let Some(bom_encoding) = bom {
        let (text, used, had_errors) = bom_encoding.decode(raw);
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
            text: Cow::Owned(text.into_owned()),
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
    let bytes = match utf8 {
        Ok(text) => {
            let same = match encoding {
                Some(e) if e == UTF_8 => true,
                Some(e) => e.decode_without_bom_handling(text.as_bytes()).0 == text,
                None => declared.is_none(),
            };
            let problem = (!same).then(|| warn(UTF_8.name()));
            return Decoded {
                text,
                charset: UTF_8.name(),
                problem,
                declared,
            };
        }
        Err(bytes) => bytes,
    };
    let (encoding, mut problem) = match encoding {
        Some(e) => (e, None),
        // UTF-8 with a few bytes lost (servers that cut names inside a
        // character, downloads that turned bytes into `?`) is still far
        // more UTF-8 than Latin-1 would make of it.
        None if mostly_utf8(&bytes) => (UTF_8, Some(warn(UTF_8.name()))),
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
        text: Cow::Owned(text),
        charset: used.name(),
        declared,
        problem,
    }
}

/// Whether text that is not valid UTF-8 is UTF-8 damaged in places: it
/// has more than half as many well-formed multi-byte characters as bytes
/// that fit none. Text in GB2312, Shift_JIS, EUC-KR or Latin-1 makes
/// well-formed UTF-8 only by chance (about one character in five of
/// their sample files, none in Latin-1); a damaged UTF-8 name keeps most
/// of its characters.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut good, mut bad) = (0usize, 0usize);
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                good += text.bytes().filter(|&b| b >= 0xc0).count();
                break;
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                good += valid.iter().filter(|&&b| b >= 0xc0).count();
                bad += 1;
                rest = &after[e.error_len().unwrap_or(after.len()).max(1)..];
            }
        }
    }
    2 * good > bad
}

#[cfg(test)]
mod tests {
    use super::{find_ca, mostly_utf8};

    #[test]
    fn damaged_utf8_is_told_from_other_charsets() {
        // A Fox record's names with bytes turned into `?`.
        assert!(mostly_utf8(
            b"PB[\xe6\x9f\xaf\xe6\xb4?]PW[\xe9\x82\xac\xe5\x85\x89]"
        ));
        // GB2312, Shift_JIS, Latin-1.
        assert!(!mostly_utf8(b"PB[\xd6\xd0\xb9\xfa\xc6\xe5]"));
        assert!(!mostly_utf8(b"PB[\x96\x7b\x88\xf6\x88\xf6]"));
        assert!(!mostly_utf8(b"PB[Jos\xe9 Mar\xeda]"));
    }

    #[test]
    fn find_ca_finds_the_first_value_at_any_offset() {
        for len in [0, 1, 2, 31, 32, 33, 63, 64, 65, 100] {
            for at in 0..len {
                for noise in [b'x', b'C', b'A', b'['] {
                    let mut bytes = vec![noise; len];
                    bytes.extend_from_slice(b"CA[GB2312]");
                    bytes[at] = b'C';
                    let found = find_ca(&bytes);
                    // The value after the first `CA` followed by `[`
                    // (no letter before it), found by hand.
                    let naive = (0..bytes.len() - 2)
                        .find(|&k| {
                            &bytes[k..k + 3] == b"CA["
                                && (k == 0 || !bytes[k - 1].is_ascii_alphabetic())
                        })
                        .map(|k| {
                            let end = bytes[k + 3..].iter().position(|&b| b == b']').unwrap();
                            &bytes[k + 3..k + 3 + end]
                        });
                    assert_eq!(found, naive, "{len} {at} {noise}");
                }
            }
        }
    }
}
