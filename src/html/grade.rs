//! The grading report as HTML (`grade --format html --out DIR`): a class
//! table (`index.html`, sortable by any column, a link to each
//! submission) and one page per submission: its checks, its games, and
//! each failed check with the game, the move, the board, expected against
//! found, the saved file's diff and the program's last output.
//!
//! Everything a program printed or saved is hostile text: it reaches the
//! page only through [`escape`], inside `<pre>` or text, never as markup
//! or an attribute name; file names are built from the submission's
//! position in the list and its name reduced to `[a-z0-9_-]`.

use std::fmt::Write as _;

use super::{count, document, escape, unique_ids};
use crate::grade::CheckKind;
use crate::grade::coverage::CoverageFacts;
use crate::grade::report::{
    Failure, KindScore, RunFacts, SubmissionReport, first_failure, game_summary, num, place,
    score_text, unchecked,
};

/// The page's own CSS, after [`super::BASE_CSS`].
const CSS: &str = "\
th button{font:inherit;font-weight:700;background:none;border:0;padding:0;cursor:pointer;color:var(--fg);text-align:left}
th[aria-sort=ascending] button::after{content:' \\25B2  (ascending)';font-weight:400;font-size:.8rem}
th[aria-sort=descending] button::after{content:' \\25BC  (descending)';font-weight:400;font-size:.8rem}
td.pass{color:var(--ok)}
td.fail{color:var(--bad);font-weight:700}
td.partial{color:var(--warn);font-weight:700}
article.failure{border:2px solid var(--bad);border-left-width:.5rem;padding:.4rem .9rem;margin:.8rem 0}
article.failure h4{margin:.2rem 0}
.diff .del{color:var(--bad)}
.diff .add{color:var(--ok)}
.pair{display:flex;gap:1rem;flex-wrap:wrap}
.pair>div{flex:1 1 18rem;min-width:0}
figure.board{max-width:24rem;margin:.5rem 0}
.pair pre,details pre{white-space:pre;overflow-x:auto}
.summary{font-size:1.1rem;font-weight:600}
p.fail{color:var(--bad);font-weight:700}
";

/// Sorting the class table: a click on a column's header sorts by it,
/// again the other way; numbers by value (`data-v`), words by text.
const SORT: &str = r#"(function () {
  'use strict';
  var table = document.getElementById('class');
  var heads = Array.prototype.slice.call(table.querySelectorAll('thead th'));
  heads.forEach(function (th, col) {
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = th.textContent;
    th.textContent = '';
    th.appendChild(b);
    b.addEventListener('click', function () {
      var down = th.getAttribute('aria-sort') === 'ascending';
      heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', down ? 'descending' : 'ascending');
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      var key = function (r) {
        var c = r.cells[col], v = c.getAttribute('data-v');
        return v !== null ? Number(v) : c.textContent.toLowerCase();
      };
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        var o = x < y ? -1 : x > y ? 1 : 0;
        return down ? -o : o;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
})();
"#;

/// The file of submission number `i` (0-based) named `name`:
/// `007-ana-garcia.html`. Only its position makes it unique; the name
/// part, reduced to lower-case letters, digits, `-` and `_` and capped,
/// is there for people.
pub fn page_file(i: usize, name: &str) -> String {
    let mut slug: String = name
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect();
    slug.truncate(40);
    let slug = slug.trim_matches('-');
    if slug.is_empty() {
        format!("{:03}.html", i + 1)
    } else {
        format!("{:03}-{slug}.html", i + 1)
    }
}

/// The class table: one row per submission, one column per kind of check.
pub fn index_page<K: CheckKind>(
    reports: &[SubmissionReport<K>],
    kinds: &[K],
    facts: &RunFacts<'_, K>,
) -> String {
    let full = reports.iter().filter(|r| r.full_marks).count();
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<header>\n<h1>Grading report: {}</h1>\n<p class=\"meta\">game {} · rules {} · sandbox {} · full marks {} · reference games: {}</p>\n<p>{full} of {} with full marks. Click a column's header to sort by it.</p>\n</header>",
        count(reports.len(), "submission"),
        escape(facts.game),
        escape(facts.rules),
        escape(facts.sandbox),
        num(facts.max_score),
        escape(&facts.games.join(", ")),
        reports.len()
    );
    if let Some(coverage) = facts.coverage {
        body.push_str(&coverage_section(coverage));
    }
    body.push_str("<table id=\"class\">\n<thead><tr><th scope=\"col\">Submission</th><th scope=\"col\">Score</th>");
    for k in kinds {
        let _ = write!(
            body,
            "<th scope=\"col\" title=\"{}\">{}</th>",
            escape(k.describe()),
            escape(k.name())
        );
    }
    body.push_str("<th scope=\"col\">First failure</th></tr></thead>\n<tbody>\n");
    for (i, r) in reports.iter().enumerate() {
        let _ = write!(
            body,
            "<tr><td><a href=\"{}\">{}</a></td><td class=\"num\" data-v=\"{}\">{}/{}{}</td>",
            page_file(i, &r.name),
            escape(&r.name),
            r.score.unwrap_or(-1.0),
            score_text(r),
            num(r.max_score),
            if r.full_marks { " (full)" } else { "" }
        );
        for k in kinds {
            match r.checks.iter().find(|c| c.kind == *k) {
                Some(c) => {
                    let _ = write!(
                        body,
                        "<td class=\"num {}\" data-v=\"{}\">{}</td>",
                        class(c),
                        c.credit / c.applicable.max(1) as f64,
                        c.fraction()
                    );
                }
                None => body.push_str("<td class=\"num\" data-v=\"-1\">–</td>"),
            }
        }
        // The same first failure as the text and the CSV: a cause, not a
        // check left unchecked by it ("not graded: why" for a submission
        // the grader could not grade).
        let first = first_failure(r).unwrap_or_default();
        let _ = writeln!(
            body,
            "<td>{}</td></tr>",
            escape(&crate::text::cap(&first, 300))
        );
    }
    body.push_str("</tbody>\n</table>\n");
    document(
        &format!("Grading report: {}", count(reports.len(), "submission")),
        CSS,
        &body,
        SORT,
    )
}

/// The class of a check's cell: `pass` (in every game), `partial` (passed
/// or partly checked in every game), `fail` (failed or not checked in
/// one at least).
fn class<K: CheckKind>(c: &KindScore<K>) -> &'static str {
    if c.full() {
        "pass"
    } else if c.passed + c.partial == c.applicable {
        "partial"
    } else {
        "fail"
    }
}

/// What the reference set reaches: the headline, what it misses (each
/// with its sentence, and the command that makes a set reaching all), and
/// every situation reached, folded.
fn coverage_section(c: &CoverageFacts) -> String {
    let mut out = format!(
        "<section id=\"coverage\">\n<h2>Rule situations</h2>\n<p>{} by the {}.</p>\n",
        escape(&c.report.headline()),
        escape(c.items)
    );
    if c.incomplete() {
        let _ = writeln!(
            out,
            "<p class=\"fail\">Never reached: a program may get these rules wrong and keep its marks. <code>{}</code> writes a set that reaches them all.</p>\n<ul>",
            escape(&c.fix)
        );
        for e in &c.report.missing {
            let _ = writeln!(
                out,
                "<li><code>{}</code>: {}</li>",
                escape(e.code),
                escape(e.description)
            );
        }
        out.push_str("</ul>\n");
    }
    out.push_str("<details><summary>Reached</summary>\n<ul>\n");
    for r in &c.report.reached {
        let at = match r.ply {
            Some(ply) => format!("{}, move {ply}", r.game),
            None => r.game.clone(),
        };
        let _ = writeln!(
            out,
            "<li><code>{}</code>: {} ({})</li>",
            escape(r.entry.code),
            escape(r.entry.description),
            escape(&at)
        );
    }
    out.push_str("</ul>\n</details>\n</section>\n");
    out
}

/// A text block: `<pre>` with the text escaped.
fn pre(text: &str) -> String {
    format!("<pre>{}</pre>", escape(text))
}

/// A unified diff with its removed and added lines marked (the `-` and
/// `+` stay, so the marks are not colour alone).
fn diff_block(diff: &str) -> String {
    let mut s = String::from("<pre class=\"diff\">");
    for line in diff.lines() {
        let class = match line.as_bytes().first() {
            Some(b'-') if !line.starts_with("---") => Some("del"),
            Some(b'+') if !line.starts_with("+++") => Some("add"),
            _ => None,
        };
        match class {
            Some(c) => {
                let _ = writeln!(s, "<span class=\"{c}\">{}</span>", escape(line));
            }
            None => {
                let _ = writeln!(s, "{}", escape(line));
            }
        }
    }
    s.push_str("</pre>");
    s
}

fn failure_html(f: &Failure, n: usize, board: &dyn Fn(&Failure) -> Option<String>) -> String {
    let mut s = format!(
        "<article class=\"failure\">\n<h4><span class=\"badge bad\">{}</span> {}</h4>\n<p>{}</p>\n",
        escape(f.kind),
        escape(&place(f)),
        escape(&f.message)
    );
    if f.expected.is_some() || f.found.is_some() {
        s.push_str("<div class=\"pair\">");
        for (label, text) in [("Expected", &f.expected), ("Found", &f.found)] {
            if let Some(t) = text {
                let _ = write!(s, "<div><h5>{label}</h5>{}</div>", pre(t));
            }
        }
        s.push_str("</div>\n");
    }
    let list = |moves: &[String], reasons: &[&str], more: usize| -> String {
        let mut items: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| match reasons.get(i).filter(|r| !r.is_empty()) {
                Some(r) => format!("<code>{}</code> ({})", escape(m), escape(r)),
                None => format!("<code>{}</code>", escape(m)),
            })
            .collect();
        if more > 0 {
            items.push(format!("and {more} more"));
        }
        items.join(", ")
    };
    if !f.missing.is_empty() {
        let _ = writeln!(
            s,
            "<p>Legal moves not listed: {}</p>",
            list(&f.missing, &[], f.missing_more)
        );
    }
    if !f.extra.is_empty() {
        let _ = writeln!(
            s,
            "<p>Listed moves that are not legal: {}</p>",
            list(&f.extra, &f.extra_reasons, f.extra_more)
        );
    }
    if let Some(d) = &f.diff {
        let _ = writeln!(
            s,
            "<h5>Saved file (lines with - expected, with + saved)</h5>{}",
            diff_block(d)
        );
    }
    if let Some(t) = &f.output_tail {
        let _ = writeln!(s, "<h5>The program's last output</h5>{}", pre(t));
    }
    if let Some(t) = &f.stderr_tail {
        let _ = writeln!(s, "<h5>Its last standard error</h5>{}", pre(t));
    }
    match (board(f), &f.board) {
        (Some(svg), text) => {
            let _ = writeln!(
                s,
                "<figure class=\"board\">{}<figcaption>The position: <code>{}</code></figcaption></figure>",
                unique_ids(&svg, &format!("b{n}")),
                escape(f.position.as_deref().unwrap_or(""))
            );
            // The text board too, for reading without pictures.
            if let Some(text) = text {
                let _ = writeln!(
                    s,
                    "<details><summary>The position as text</summary>{}</details>",
                    pre(text)
                );
            }
        }
        (None, Some(text)) => {
            let _ = writeln!(s, "<h5>The position</h5>{}", pre(text));
        }
        (None, None) => {}
    }
    if let Some(o) = &f.omitted {
        let _ = writeln!(s, "<p>({})</p>", escape(o));
    }
    if f.more > 0 {
        let _ = writeln!(
            s,
            "<p>… and {} more {} failure{} in this game.</p>",
            f.more,
            escape(f.kind),
            if f.more == 1 { "" } else { "s" }
        );
    }
    s.push_str("</article>\n");
    s
}

/// One submission's page. `board` draws a failure's position as SVG where
/// the game can (else its text board is shown).
pub fn submission_page<K: CheckKind>(
    r: &SubmissionReport<K>,
    board: &dyn Fn(&Failure) -> Option<String>,
) -> String {
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<p><a href=\"index.html\">← the class table</a></p>\n<header>\n<h1>{}</h1>\n<p class=\"summary\">Score {}/{} {}</p>\n</header>",
        escape(&r.name),
        score_text(r),
        num(r.max_score),
        if r.full_marks {
            "<span class=\"badge ok\">full marks</span>"
        } else {
            "<span class=\"badge bad\">not full marks</span>"
        }
    );
    let _ = writeln!(
        body,
        "<p class=\"meta\">command: <code>{}</code></p>",
        escape(&r.command.join(" "))
    );
    match (&r.not_graded, &r.error) {
        (Some(n), _) => {
            let _ = writeln!(
                body,
                "<div class=\"alert\"><p>Not graded (the grader's own failure, not the program's: no score): {}</p></div>",
                escape(&n.detail)
            );
        }
        (None, Some(e)) => {
            let _ = writeln!(
                body,
                "<div class=\"alert\"><p>Cannot run: {}</p></div>",
                escape(e)
            );
        }
        (None, None) => {}
    }
    for (key, value) in &r.about {
        let _ = writeln!(body, "<p>{}: {}</p>", escape(key), escape(value));
    }
    body.push_str("<h2>Checks</h2>\n<p>A check's credit in a game is the part of the game it was made on (every screen, query or puzzle of it), or 0 when it failed there; the credit is added up over the games.</p>\n<table>\n<thead><tr><th scope=\"col\">Check</th><th scope=\"col\">Weight</th><th scope=\"col\">Credit</th><th scope=\"col\">Games</th><th scope=\"col\">Points</th><th scope=\"col\">Requirement</th></tr></thead>\n<tbody>\n");
    for c in &r.checks {
        let failed = c.applicable - c.passed - c.partial - c.not_checked;
        let _ = writeln!(
            body,
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num {}\">{}</td><td>{} passed, {} partly checked, {} not checked, {} failed</td><td class=\"num\">{}/{}</td><td>{}</td></tr>",
            escape(c.kind.name()),
            num(c.weight),
            class(c),
            c.fraction(),
            c.passed,
            c.partial,
            c.not_checked,
            failed,
            num(c.points),
            num(c.max_points),
            escape(c.description)
        );
    }
    body.push_str("</tbody>\n</table>\n<h2>Games</h2>\n");
    let mut n = 0;
    for g in &r.games {
        let _ = writeln!(
            body,
            "<section>\n<h3>{}</h3>\n<p>{} · {} accepted · {} · {}</p>",
            escape(&g.game),
            count(g.plies, "move"),
            g.played,
            escape(&g.result),
            escape(&game_summary(g))
        );
        if let Some(why) = unchecked(g) {
            let _ = writeln!(
                body,
                "<p class=\"unchecked\"><span class=\"badge warn\">not checked</span> {}</p>",
                escape(&why)
            );
        }
        for note in &g.notes {
            let _ = writeln!(body, "<p>Note: {}</p>", escape(note));
        }
        if let Some(m) = &g.illegal_move {
            let _ = writeln!(
                body,
                "<p>Illegal move typed on purpose before move {}: <code>{}</code> ({})</p>",
                m.ply,
                escape(&m.typed),
                escape(m.reason)
            );
        }
        for f in &g.failures {
            n += 1;
            body.push_str(&failure_html(f, n, board));
        }
        body.push_str("</section>\n");
    }
    document(&format!("{}: grading report", r.name), CSS, &body, "")
}
