//! The replay page of one game record, for any game: a board, the move
//! list beside it, stepping with the arrow keys, Home and End, buttons, and
//! a click on a move; the last move and captures as each game's SVG
//! renderer marks them and in words in the move list; the first illegal
//! move with its reason and help; the result. With JavaScript off the page
//! is a static list of the moves, each with what it captured, and the
//! positions as text boards: after every move, or, where that would make
//! the page too big (a long game on a big board), after every few moves,
//! the first illegal move and the last.
//!
//! A game plugs in through [`ReplaySource`]: how many moves, each move in
//! words, each position drawn (SVG by the game's renderer, text for the
//! static list), the first illegal move and the result.
//!
//! Pages stay small without knowing any game: the renderers write one
//! element per line, so each position is a list of lines, every distinct
//! line is stored once (a table), and each position after the first is
//! stored as the edit (a line diff) from the one before. A 300-move game
//! is one board's worth of lines plus a few numbers per move.

use std::fmt::Write as _;

use serde_json::json;
use similar::{Algorithm, DiffOp, capture_diff_slices};

use super::{count, document, escape, json_script};

/// One move as the move list shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveEntry {
    /// Who played it, in words (`rebels`, `black`).
    pub side: String,
    /// The move as written or in the game's notation (`Bd-Db-Dd`, `D4`).
    pub text: String,
    /// What else it did, in words (`captures Cc, Cd`).
    pub note: Option<String>,
    /// Why it is illegal (a reason code), when the rules refuse it but the
    /// record's format still plays it (Go).
    pub illegal: Option<String>,
}

/// The first move the rules (or the record's syntax) refuse.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stop {
    /// Its move number (1-based). When it is past the positions the source
    /// draws (the replay stopped there), the page shows the position
    /// before it.
    pub ply: usize,
    /// Who was to play it, if known.
    pub side: Option<String>,
    /// What was written.
    pub written: String,
    /// The stable reason code.
    pub code: String,
    /// What is wrong, in a sentence.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// The 1-based line of the record; 0 when it is about no line (a
    /// Solitaire Chess answer that is missing).
    pub line: usize,
}

impl Stop {
    /// Where it is: `line 3, move 3`, or `move 3` when it is about no line.
    pub fn place(&self) -> String {
        match self.line {
            0 => format!("move {}", self.ply),
            line => format!("line {line}, move {}", self.ply),
        }
    }
}

/// One position drawn two ways.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// The game's SVG drawing (with the last move marked), one element a
    /// line.
    pub svg: String,
    /// A text drawing, for the list of positions shown without JavaScript.
    pub text: String,
}

/// What a game gives the replay page.
pub trait ReplaySource {
    /// The game's name for people (`Asalto`, `Go`).
    fn game(&self) -> &'static str;
    /// The rule profile's name.
    fn rules(&self) -> String;
    /// Moves drawn: positions are `0..=moves()`.
    fn moves(&self) -> usize;
    /// Move `ply` (1-based, up to [`ReplaySource::moves`]).
    fn entry(&self, ply: usize) -> MoveEntry;
    /// Calls `f` with every position in order, from 0 (the start) to
    /// `moves()`.
    fn frames(&self, f: &mut dyn FnMut(usize, Frame));
    /// The position after `ply` moves (capped at [`ReplaySource::moves`]),
    /// drawn as SVG.
    fn drawing(&self, ply: usize) -> String;
    /// The first illegal move, if any.
    fn stop(&self) -> Option<Stop>;
    /// How the game ended, in words (`None`: unfinished).
    fn result(&self) -> Option<String>;
    /// What the record says about the game, one item each (players and
    /// ranks, date, event, komi, rules as written): shown under the
    /// title. None by default.
    fn details(&self) -> Vec<String> {
        Vec::new()
    }
}

/// What the page is called and which position it opens on.
#[derive(Clone, Debug)]
pub struct PageOptions {
    /// The record's name (its path), shown as the title.
    pub name: String,
    /// The position to open on (`None`: the first illegal move, or the
    /// end). Capped at the last position.
    pub ply: Option<usize>,
}

/// The positions as a table of distinct lines, the first position as
/// indices into it, and every later one as an edit of the one before.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frames {
    /// Every distinct line of every drawing.
    pub table: Vec<String>,
    /// The first position's lines.
    pub first: Vec<u32>,
    /// For position `k + 1`: groups of `keep, delete, insert, ids...` over
    /// position `k`'s lines; what is left after the last group is kept.
    pub edits: Vec<Vec<u32>>,
}

/// [`Frames`] encoded one drawing at a time, as a replay draws them: only
/// the distinct lines and the edits are kept, never every drawing (a page
/// of 300,000 moves once held 3.9 GB of them).
#[derive(Default)]
pub struct FramesEncoder {
    frames: Frames,
    index: std::collections::HashMap<String, u32>,
    previous: Option<Vec<u32>>,
}

impl FramesEncoder {
    /// Add the next drawing.
    pub fn push(&mut self, drawing: &str) {
        let lines: Vec<u32> = drawing
            .split_terminator('\n')
            .map(|line| {
                if let Some(&i) = self.index.get(line) {
                    return i;
                }
                let i = self.frames.table.len() as u32;
                self.frames.table.push(line.to_string());
                self.index.insert(line.to_string(), i);
                i
            })
            .collect();
        match &self.previous {
            None => self.frames.first = lines.clone(),
            Some(before) => self.frames.edits.push(edit(before, &lines)),
        }
        self.previous = Some(lines);
    }

    /// The frames of the drawings added.
    pub fn finish(self) -> Frames {
        self.frames
    }
}

impl Frames {
    /// Encode drawings given in order.
    pub fn encode<'a>(drawings: impl IntoIterator<Item = &'a str>) -> Frames {
        let mut encoder = FramesEncoder::default();
        for drawing in drawings {
            encoder.push(drawing);
        }
        encoder.finish()
    }

    /// Position `k`'s lines (the decoder the page's script mirrors).
    pub fn decode(&self, k: usize) -> Vec<u32> {
        let mut lines = self.first.clone();
        for e in self.edits.iter().take(k) {
            let mut next = Vec::with_capacity(lines.len() + 4);
            let (mut at, mut j) = (0usize, 0usize);
            while j + 3 <= e.len() {
                let (keep, delete, insert) = (e[j] as usize, e[j + 1] as usize, e[j + 2] as usize);
                j += 3;
                next.extend_from_slice(&lines[at..at + keep]);
                at += keep + delete;
                next.extend_from_slice(&e[j..j + insert]);
                j += insert;
            }
            next.extend_from_slice(&lines[at..]);
            lines = next;
        }
        lines
    }

    /// Position `k`'s drawing, as the renderer wrote it.
    pub fn drawing(&self, k: usize) -> String {
        let mut s = String::new();
        for i in self.decode(k) {
            s.push_str(&self.table[i as usize]);
            s.push('\n');
        }
        s
    }
}

/// The groups that turn `before` into `after`.
fn edit(before: &[u32], after: &[u32]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut keep = 0u32;
    for op in capture_diff_slices(Algorithm::Myers, before, after) {
        match op {
            DiffOp::Equal { len, .. } => keep += len as u32,
            DiffOp::Delete { old_len, .. } => {
                out.extend([keep, old_len as u32, 0]);
                keep = 0;
            }
            DiffOp::Insert {
                new_index, new_len, ..
            } => {
                out.extend([keep, 0, new_len as u32]);
                out.extend_from_slice(&after[new_index..new_index + new_len]);
                keep = 0;
            }
            DiffOp::Replace {
                old_len,
                new_index,
                new_len,
                ..
            } => {
                out.extend([keep, old_len as u32, new_len as u32]);
                out.extend_from_slice(&after[new_index..new_index + new_len]);
                keep = 0;
            }
        }
    }
    out
}

/// The table of drawing lines as raw text, one a line, in a script
/// element the browser does not run (`text/plain`): no JSON quoting, so
/// the drawings cost their own size. Only `</script` (and `<!--`, which
/// changes how the element ends) could end or bend the element, and no
/// renderer writes them; a line that held one anyway has its `<` written
/// `&lt;`, which spoils that line of the drawing and nothing else.
fn lines_script(id: &str, table: &[String]) -> String {
    let mut s = format!("<script type=\"text/plain\" id=\"{id}\">");
    for (i, line) in table.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        let lower = line.to_ascii_lowercase();
        if lower.contains("</script") || lower.contains("<!--") || line.contains('\n') {
            s.push_str(&line.replace('<', "&lt;").replace('\n', " "));
        } else {
            s.push_str(line);
        }
    }
    s.push_str("</script>\n");
    s
}

/// The most bytes of text boards a page holds for reading without
/// JavaScript (a 7x7 Asalto board after each of 300 moves fits; a 19x19
/// Go board does not, and is drawn after every second or third move).
const TEXT_BUDGET: usize = 64 << 10;

/// Every how many moves the text board is drawn: 1 when all of them fit
/// [`TEXT_BUDGET`].
fn text_stride(texts: &[String]) -> usize {
    let total: usize = texts.iter().map(String::len).sum();
    total.div_ceil(TEXT_BUDGET).max(1)
}

/// `2nd move`, `3rd move`, `10th move`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix} move")
}

/// The page's own CSS, after [`super::BASE_CSS`].
const CSS: &str = "\
.replay{display:flex;flex-wrap:wrap;gap:1.2rem;align-items:flex-start}
.replay figure{margin:0;flex:0 1 34rem;min-width:16rem}
#board svg{width:100%;height:auto;max-height:80vh;display:block}
#status{margin:.4rem 0;font-weight:600;min-height:1.5em}
.controls[hidden]{display:none}
.controls{display:flex;gap:.4rem;flex-wrap:wrap;margin:.3rem 0}
.controls button{font:inherit;padding:.25rem .8rem;border:2px solid var(--line);border-radius:.3rem;background:var(--panel);color:var(--fg);cursor:pointer}
.controls .keys{color:var(--muted);font-size:.85rem;align-self:center}
nav.moves{flex:1 1 16rem;border:1px solid var(--line);padding:.3rem .4rem}
.js nav.moves{max-height:80vh;overflow:auto}
nav.moves ol{margin:0;padding-left:3.2em}
nav.moves li{margin:0}
nav.moves li::marker{color:var(--muted);font-variant-numeric:tabular-nums}
nav.moves a{display:block;padding:.1rem .4rem;text-decoration:none;color:var(--fg);border-left:.3rem solid transparent;font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-weight:600}
nav.moves a:hover{background:var(--panel)}
nav.moves .s,nav.moves .t{font-family:system-ui,'DejaVu Sans',sans-serif;font-weight:400;font-size:.85rem}
nav.moves .s{color:var(--muted)}
nav.moves a[aria-current]{background:#dbe7fb;border-left-color:var(--focus)}
nav.moves a[aria-current]::after{content:' \\25C0\\FE0E  current';font-family:system-ui,sans-serif;font-size:.8rem;color:var(--focus)}
nav.moves .illegal a{border-left-color:var(--bad);background:#fff0f0}
nav.moves strong{color:var(--bad)}
nav.moves pre{line-height:1.1;max-height:none;margin:.2rem 0 .6rem;display:inline-block}
nav.moves h2{font-size:1rem;margin:.2rem 0}
.js nav.moves pre,.js #p0{display:none}
";

/// The page's script: decode positions on demand, draw the current one,
/// keep the move list, the status line and the buttons in step. It reads
/// everything from the page (the frames' JSON, the move links' `data-frame`
/// and words), so it is the same for every game.
const SCRIPT: &str = r#"(function () {
  'use strict';
  var root = document.documentElement;
  root.classList.add('js');
  var data = JSON.parse(document.getElementById('frames').textContent);
  var table = document.getElementById('lines').textContent.split('\n'), cache = [data.first];
  var board = document.getElementById('board');
  var status = document.getElementById('status');
  var links = Array.prototype.slice.call(document.querySelectorAll('#moves a'));
  var controls = document.getElementById('controls');
  controls.hidden = false;
  function frame(k) {
    while (cache.length <= k) {
      var before = cache[cache.length - 1], e = data.edits[cache.length - 1];
      var next = [], at = 0, j = 0;
      while (j + 3 <= e.length) {
        var keep = e[j], del = e[j + 1], ins = e[j + 2];
        j += 3;
        for (var a = 0; a < keep; a++) next.push(before[at + a]);
        at += keep + del;
        for (var b = 0; b < ins; b++) next.push(e[j + b]);
        j += ins;
      }
      for (; at < before.length; at++) next.push(before[at]);
      cache.push(next);
    }
    return cache[k];
  }
  // Step 0 is the start; step i is the i-th link of the move list.
  var step = -1;
  function show(s) {
    s = Math.max(0, Math.min(links.length, s));
    if (s === step) return;
    step = s;
    var link = s > 0 ? links[s - 1] : null;
    var k = !link ? 0 : link.hasAttribute('data-frame') ? Number(link.getAttribute('data-frame')) : s;
    board.innerHTML = frame(k).map(function (i) { return table[i]; }).join('\n');
    board.setAttribute('data-frame', String(k));
    board.setAttribute('data-step', String(s));
    links.forEach(function (l) { l.removeAttribute('aria-current'); });
    if (link) {
      link.setAttribute('aria-current', 'step');
      var list = link.closest('nav');
      var top = link.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - link.offsetHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    status.textContent = !link ? data.start : link.hasAttribute('data-frame')
      ? data.stop : 'After move ' + s + ': ' + link.textContent;
  }
  document.addEventListener('keydown', function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var to = { ArrowRight: step + 1, ArrowDown: step + 1, ArrowLeft: step - 1, ArrowUp: step - 1,
               Home: 0, End: links.length }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    show(to);
  });
  links.forEach(function (l, i) {
    l.addEventListener('click', function (ev) { ev.preventDefault(); show(i + 1); });
  });
  controls.addEventListener('click', function (ev) {
    var b = ev.target.closest('button');
    if (!b) return;
    var to = { first: 0, back: step - 1, next: step + 1, last: links.length }[b.getAttribute('data-go')];
    show(to);
  });
  show(data.open);
})();
"#;

/// What the status line adds for a move the replay stopped at.
const BEFORE: &str = " (the board shows the position before it)";

/// One move in the move list: its HTML and the same words as plain text
/// (the link's text, which the status line repeats).
fn entry_words(e: &MoveEntry) -> (String, String) {
    let mut html = format!(
        "<span class=\"s\">{}</span> {}",
        escape(&e.side),
        escape(&e.text)
    );
    let mut text = format!("{} {}", e.side, e.text);
    if let Some(note) = &e.note {
        let _ = write!(html, " <span class=\"t\">{}</span>", escape(note));
        let _ = write!(text, " {note}");
    }
    if let Some(code) = &e.illegal {
        let _ = write!(html, " <strong>illegal ({})</strong>", escape(code));
        let _ = write!(text, " illegal ({code})");
    }
    (html, text)
}

/// The replay page of `source`.
pub fn page(source: &dyn ReplaySource, options: &PageOptions) -> String {
    let moves = source.moves();
    let stop = source.stop();
    let result = source.result();
    let mut encoder = FramesEncoder::default();
    let mut texts = Vec::with_capacity(moves + 1);
    source.frames(&mut |_, frame| {
        encoder.push(&frame.svg);
        texts.push(frame.text);
    });
    let frames = encoder.finish();
    let drawn = texts.len().saturating_sub(1);
    let entries: Vec<MoveEntry> = (1..=drawn).map(|ply| source.entry(ply)).collect();

    // The steps of the move list: every drawn move, then an illegal move
    // the replay stopped at (shown on the position before it).
    let stop_step = stop.as_ref().map(|s| {
        if s.ply > drawn {
            drawn + 1
        } else {
            s.ply.max(1)
        }
    });
    let steps = drawn + usize::from(stop.as_ref().is_some_and(|s| s.ply > drawn));
    let open = match options.ply {
        Some(p) => p.min(drawn),
        None => stop_step.unwrap_or(drawn),
    };
    let open_frame = open.min(drawn);

    let title = format!("{}: {} replay", options.name, source.game());
    let mut body = String::new();
    let details = source.details();
    let details = if details.is_empty() {
        String::new()
    } else {
        let items: Vec<String> = details.iter().map(|d| escape(d).into_owned()).collect();
        format!("<p class=\"meta details\">{}</p>\n", items.join(" · "))
    };
    let _ = writeln!(
        body,
        "<header>\n<h1>{}</h1>\n{details}<p class=\"meta\">{} · rules {} · {} · result: {}</p>\n</header>",
        escape(&options.name),
        source.game(),
        escape(&source.rules()),
        count(moves, "move"),
        escape(result.as_deref().unwrap_or("unfinished"))
    );
    if let Some(s) = &stop {
        let side = s
            .side
            .as_deref()
            .map_or(String::new(), |side| format!(" ({})", escape(side)));
        let _ = writeln!(
            body,
            "<section class=\"alert\" id=\"stop\" aria-labelledby=\"stop-title\">\n<h2 id=\"stop-title\">First error: {}{side}</h2>\n<p>Written: <code>{}</code></p>\n<p>{} <span class=\"badge bad\">{}</span></p>",
            s.place(),
            escape(&s.written),
            escape(&s.message),
            escape(&s.code),
        );
        if let Some(help) = &s.help {
            let _ = writeln!(body, "<p class=\"help\">{}</p>", escape(help));
        }
        let _ = writeln!(
            body,
            "<p><a href=\"#p{}\" data-jump=\"stop\">The position before it</a></p>\n</section>",
            s.ply.saturating_sub(1).min(drawn)
        );
    }

    // The steps of the move list (step 0 is the start): each drawn move,
    // then the move the replay stopped at, on the position before it.
    let start_status = "Start position".to_string();
    let mut statuses = vec![start_status.clone()];
    let mut list = String::new();
    let every = text_stride(&texts);
    for (i, e) in entries.iter().enumerate() {
        let ply = i + 1;
        let (html, text) = entry_words(e);
        let illegal = e.illegal.is_some() || stop_step == Some(ply);
        let class = if illegal { " class=\"illegal\"" } else { "" };
        let _ = write!(
            list,
            "<li{class} id=\"p{ply}\"><a href=\"#p{ply}\">{html}</a>"
        );
        if ply % every == 0 || ply == drawn || ply == open || illegal {
            let _ = write!(list, "<pre>{}</pre>", escape(&texts[ply]));
        }
        list.push_str("</li>\n");
        statuses.push(format!("After move {ply}: {text}"));
    }
    if let (Some(s), true) = (&stop, steps > drawn) {
        let side = s.side.as_deref().unwrap_or("");
        let text = format!("{side} {} illegal ({})", s.written, s.code);
        let _ = writeln!(
            list,
            "<li class=\"illegal\"><a href=\"#stop\" data-frame=\"{drawn}\"><span class=\"s\">{}</span> {} <strong>illegal ({})</strong></a></li>",
            escape(side),
            escape(&s.written),
            escape(&s.code)
        );
        statuses.push(format!("Move {}: {text}: {}{BEFORE}", s.ply, s.message));
    }
    let open_status = &statuses[open.min(steps)];
    let _ = writeln!(
        body,
        "<main class=\"replay\">\n<figure>\n<div id=\"board\" class=\"board\" data-frame=\"{open_frame}\">\n{}</div>\n<figcaption id=\"status\" aria-live=\"polite\">{}</figcaption>\n<div id=\"controls\" class=\"controls\" hidden>\n<button type=\"button\" data-go=\"first\" aria-label=\"Start position\">|&lt;</button>\n<button type=\"button\" data-go=\"back\" aria-label=\"Previous move\">&lt;</button>\n<button type=\"button\" data-go=\"next\" aria-label=\"Next move\">&gt;</button>\n<button type=\"button\" data-go=\"last\" aria-label=\"Last move\">&gt;|</button>\n<span class=\"keys\">keys: ← → Home End</span>\n</div>\n</figure>",
        frames.drawing(open_frame),
        escape(open_status)
    );
    let _ = writeln!(
        body,
        "<nav class=\"moves\" aria-label=\"Moves\">\n<div id=\"p0\"><h2>Start position</h2><pre>{}</pre>{}</div>\n<ol id=\"moves\">\n{list}</ol>\n</nav>\n</main>",
        escape(&texts[0]),
        if every > 1 {
            format!(
                "<p class=\"meta\">Each move with what it captured; the board as text after every {}, the first illegal move, the one the page opens on and the last.</p>",
                ordinal(every)
            )
        } else {
            String::new()
        }
    );
    let _ = writeln!(
        body,
        "<p class=\"meta\">Result: {}</p>",
        escape(
            result
                .as_deref()
                .unwrap_or("unfinished (no end of game reached)")
        )
    );

    body.push_str(&lines_script("lines", &frames.table));
    let data = json!({
        "first": frames.first,
        "edits": frames.edits,
        "open": open.min(steps),
        "start": start_status,
        "stop": statuses.get(drawn + 1).cloned().unwrap_or_default(),
    });
    body.push_str(&json_script("frames", &data));
    document(&title, CSS, &body, SCRIPT)
}
