//! Reading the bytes of a file as text, in the charset its `CA` names.
//!
//! The whole file is decoded before it is parsed: in Shift_JIS the second
//! byte of a character can be `\` or `]`, which a byte-level parser would
//! take for SGF syntax.
//!
//! A file without `CA` that is not UTF-8 is read in the charset its
//! bytes suggest when that is one of the multi-byte charsets of Chinese,
//! Japanese and Korean records (GBK, Big5, Shift_JIS, EUC-JP, EUC-KR),
//! else in Latin-1, the default of the SGF specification; either way
//! with a warning that names the charset used.

use std::borrow::Cow;

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{
    BIG5, EUC_JP, EUC_KR, Encoding, GBK, SHIFT_JIS, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252,
};

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
/// read differently; else the `CA` charset; else UTF-8 if most of it is
/// (a few bytes lost); else the CJK charset its bytes suggest
/// ([`guess_cjk`]); else Latin-1 (SGF's default).
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
                guessed: false,
            },
        });
        return Decoded {
            text: Cow::Owned(text.into_owned()),
            charset: used.name(),
            declared,
            problem,
        };
    }
    let warn_as = |used: &'static str, guessed: bool| Problem {
        severity: Severity::Warning,
        span: Span::default(),
        ply: None,
        kind: Issue::Charset {
            declared: declared.clone(),
            used,
            guessed,
        },
    };
    let bytes = match utf8 {
        Ok(text) => {
            let same = match encoding {
                Some(e) if e == UTF_8 => true,
                Some(e) => e.decode_without_bom_handling(text.as_bytes()).0 == text,
                None => declared.is_none(),
            };
            let problem = (!same).then(|| warn_as(UTF_8.name(), false));
            return Decoded {
                text,
                charset: UTF_8.name(),
                problem,
                declared,
            };
        }
        Err(bytes) => bytes,
    };
    let (encoding, mut guessed) = match encoding {
        Some(e) => (e, false),
        None => without_ca(&bytes),
    };
    let (mut text, mut used, mut had_errors) = encoding.decode(&bytes);
    if had_errors && guessed {
        // A guess the rest of the file belies (the detector saw a
        // sample): UTF-8 with bytes lost, or Latin-1.
        let fallback = if Utf8Share::of(&bytes).mostly() {
            UTF_8
        } else {
            WINDOWS_1252
        };
        (text, used, had_errors) = fallback.decode(&bytes);
        guessed = false;
    }
    // Without `CA`, whatever was used is a choice the user should know of.
    let problem = (declared.is_none() || had_errors).then(|| warn_as(used.name(), guessed));
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

/// The bytes fed to the charset detector: enough text of names and
/// comments to tell the charsets apart, few enough that a large record
/// is not scanned whole (the moves are ASCII and tell nothing).
const GUESS_SAMPLE: usize = 64 * 1024;

/// The charset of a file without `CA` and not UTF-8, when its bytes are
/// in one of the multi-byte charsets of Chinese, Japanese and Korean
/// records, as `chardetng` (the detector of Firefox) guesses it from the
/// text that starts at the first non-ASCII byte (the caller reads the
/// file as Latin-1 if it then does not decode without error).
///
/// Other guesses are not taken: a short Latin name (`Ségolène`) may look
/// like Central European or Cyrillic text to the detector, and Latin-1
/// is the specification's default; text in one of these CJK charsets
/// read as Latin-1 is always wrong.
pub fn guess_cjk(bytes: &[u8]) -> Option<&'static Encoding> {
    let first = bytes.iter().position(|b| !b.is_ascii())?;
    // chardetng looks at up to two bytes before the first non-ASCII one.
    let start = first.saturating_sub(2);
    let end = bytes.len().min(first.saturating_add(GUESS_SAMPLE));
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    // `last` only when the sample is the file's end: a sample cut inside
    // a character must not count against a charset.
    detector.feed(&bytes[start..end], end == bytes.len());
    let guess = detector.guess(None, Utf8Detection::Deny);
    if guess == EUC_JP {
        // Both are EUC: a few Chinese names in GB2312 are often guessed
        // EUC-JP, and Chinese records without `CA` are far more common
        // than Japanese ones in EUC-JP (Japanese tools write Shift_JIS).
        // Japanese text shows itself by its kana; names in kanji alone
        // are read as GBK when they can be.
        let (sample, _) = EUC_JP.decode_without_bom_handling(&bytes[start..end]);
        let kana = sample
            .chars()
            .any(|c| ('\u{3041}'..='\u{30ff}').contains(&c));
        let gbk = GBK.decode_without_bom_handling_and_without_replacement(&bytes[start..end]);
        if !kana && gbk.is_some() {
            return Some(GBK);
        }
    }
    [GBK, BIG5, SHIFT_JIS, EUC_JP, EUC_KR]
        .contains(&guess)
        .then_some(guess)
}

/// The charset of a file without `CA` that is not valid UTF-8, and
/// whether it is a guess: UTF-8 when nearly all of it is (servers that
/// cut names inside a character, downloads that turned bytes into `?`);
/// else the CJK charset the bytes suggest ([`guess_cjk`]); else UTF-8
/// when it still is more UTF-8 than anything; else Latin-1.
fn without_ca(bytes: &[u8]) -> (&'static Encoding, bool) {
    let share = Utf8Share::of(bytes);
    if share.nearly_all() {
        return (UTF_8, false);
    }
    if let Some(e) = guess_cjk(bytes) {
        return (e, true);
    }
    if share.mostly() {
        (UTF_8, false)
    } else {
        (WINDOWS_1252, false)
    }
}

/// How much of a text that is not valid UTF-8 is well-formed UTF-8.
#[derive(Clone, Copy, Debug, Default)]
struct Utf8Share {
    /// Well-formed multi-byte characters.
    chars: usize,
    /// Their bytes.
    char_bytes: usize,
    /// Ill-formed sequences.
    faults: usize,
    /// Their bytes.
    fault_bytes: usize,
}

impl Utf8Share {
    fn of(bytes: &[u8]) -> Utf8Share {
        let mut share = Utf8Share::default();
        let mut count = |valid: &[u8]| {
            share.chars += valid.iter().filter(|&&b| b >= 0xc0).count();
            share.char_bytes += valid.iter().filter(|&&b| b >= 0x80).count();
        };
        let mut rest = bytes;
        let (mut faults, mut fault_bytes) = (0, 0);
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    count(text.as_bytes());
                    break;
                }
                Err(e) => {
                    let (valid, after) = rest.split_at(e.valid_up_to());
                    count(valid);
                    let len = e.error_len().unwrap_or(after.len()).max(1);
                    faults += 1;
                    fault_bytes += len;
                    rest = &after[len..];
                }
            }
        }
        share.faults = faults;
        share.fault_bytes = fault_bytes;
        share
    }

    /// Three bytes of well-formed characters for each byte of fault or
    /// more: the Fox server's names with bytes lost (4.5 or more in its
    /// files); text in GB2312, Shift_JIS or EUC-KR gives well-formed
    /// UTF-8 only by chance (about one character in five in their sample
    /// files, rarely more than 1.5 bytes for one even in a few names).
    fn nearly_all(self) -> bool {
        self.char_bytes >= 3 * self.fault_bytes
    }

    /// More than half as many well-formed characters as faults: a short
    /// damaged UTF-8 name keeps most of its characters (the verdict when
    /// no CJK charset reads the text).
    fn mostly(self) -> bool {
        2 * self.chars > self.faults
    }
}

#[cfg(test)]
mod tests {
    use super::{Utf8Share, find_ca, guess_cjk, without_ca};
    use encoding_rs::{BIG5, EUC_JP, EUC_KR, Encoding, GBK, SHIFT_JIS, UTF_8, WINDOWS_1252};

    fn mostly_utf8(bytes: &[u8]) -> bool {
        Utf8Share::of(bytes).mostly()
    }

    #[test]
    fn damaged_utf8_is_told_from_other_charsets() {
        // A Fox record's names with bytes turned into `?`.
        let fox = b"PB[\xe6\x9f\xaf\xe6\xb4?]PW[\xe9\x82\xac\xe5\x85\x89]";
        assert!(mostly_utf8(fox));
        assert_eq!(without_ca(fox), (UTF_8, false));
        // GB2312, Shift_JIS, Latin-1.
        assert!(!mostly_utf8(b"PB[\xd6\xd0\xb9\xfa\xc6\xe5]"));
        assert!(!mostly_utf8(b"PB[\x96\x7b\x88\xf6\x88\xf6]"));
        assert!(!mostly_utf8(b"PB[Jos\xe9 Mar\xeda]"));
        // GB2312 that is mostly well-formed UTF-8 by chance (three of its
        // five characters): the detector's GBK, not UTF-8.
        let (gbk, _, _) = GBK.encode("PB[陈耀烨]PW[时越]");
        assert!(mostly_utf8(&gbk));
        assert_eq!(without_ca(&gbk), (GBK, true));
    }

    #[test]
    fn cjk_names_are_guessed_latin_names_are_not() {
        let cases: [(&str, &'static Encoding, Option<&'static Encoding>); 11] = [
            ("PB[古力]PW[常昊]", GBK, Some(GBK)),
            // Guessed EUC-JP by the detector: no kana, so GBK.
            ("PB[李昌镐]PW[曹薰铉]", GBK, Some(GBK)),
            (
                "PB[井山裕太]PW[張栩]C[黒の中押し勝ち]",
                EUC_JP,
                Some(EUC_JP),
            ),
            (
                "PB[趙治勲]PW[小林光一]C[これは良い手です]",
                EUC_JP,
                Some(EUC_JP),
            ),
            ("PB[李昌镐]PW[曹薰铉]C[黑棋中盘胜]", GBK, Some(GBK)),
            ("PB[周俊勳]PW[林海峰]", BIG5, Some(BIG5)),
            ("PB[이세돌]PW[박정환]", EUC_KR, Some(EUC_KR)),
            ("PB[井山裕太]PW[張栩]", SHIFT_JIS, Some(SHIFT_JIS)),
            ("PB[Ségolène]PW[José María]", WINDOWS_1252, None),
            ("PB[Müller]PW[Jürgen Weiß]", WINDOWS_1252, None),
            ("PB[Søren]PW[François]", WINDOWS_1252, None),
        ];
        for (text, encoding, guess) in cases {
            let (bytes, _, unmappable) = encoding.encode(text);
            assert!(!unmappable, "{text}");
            assert_eq!(guess_cjk(&bytes), guess, "{text}");
        }
        assert_eq!(guess_cjk(b"(;B[aa])"), None);
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
