//! The HTML report of `grade --format html --out DIR`: `index.html` (the
//! class table) and a page per submission, written into a folder of the
//! report's own that is replaced whole, in one step.

use super::super::input::io_reason;

/// `grade --format html --out DIR`: `index.html` (the class table) and a
/// page per submission, written into `dir` (created if missing) as one
/// whole: see [`replace_report`]. A failure's position is drawn by
/// `board`, the game's drawing (else shown as the report's text board).
pub fn write<K: asalto::grade::CheckKind>(
    dir: &std::path::Path,
    reports: &[asalto::grade::report::SubmissionReport<K>],
    kinds: &[K],
    facts: &asalto::grade::report::RunFacts<'_, K>,
    board: &dyn Fn(&asalto::grade::report::Failure) -> Option<String>,
) -> Result<usize, String> {
    use asalto::html::grade::{index_page, page_file, submission_page};
    let mut pages = vec![("index.html".to_string(), index_page(reports, kinds, facts))];
    for (i, r) in reports.iter().enumerate() {
        pages.push((page_file(i, &r.name), submission_page(r, board)));
    }
    replace_report(dir, &pages)?;
    Ok(pages.len())
}

/// `cannot write PATH: why`.
fn cannot_write(path: &std::path::Path, why: &str) -> String {
    format!(
        "cannot write {}: {why}",
        asalto::text::escape_line(&path.display().to_string())
    )
}

/// Whether `name` is a file of a grading report: `index.html`, or a
/// submission's page (`007-ana.html`, `012.html`).
fn report_file(name: &str) -> bool {
    if name == "index.html" {
        return true;
    }
    let Some(stem) = name.strip_suffix(".html") else {
        return false;
    };
    let digits = stem.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &stem[digits..];
    digits >= 3
        && (rest.is_empty()
            || rest.strip_prefix('-').is_some_and(|slug| {
                slug.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
            }))
}

/// The folder a report goes to, as it will be replaced: `dir` itself, or
/// the folder a link named `dir` leads to (the teacher's own link), made
/// absolute; whether it exists. A folder that holds anything but a
/// report's pages (a report replaces the folder whole) is refused, so is
/// a path that is not a folder.
///
/// # Errors
///
/// Why the report cannot go there.
pub fn report_folder(dir: &std::path::Path) -> Result<(std::path::PathBuf, bool), String> {
    let path = std::path::absolute(dir).map_err(|e| cannot_write(dir, &e.to_string()))?;
    let meta = match std::fs::metadata(&path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((path, false)),
        Err(e) => return Err(cannot_write(dir, &io_reason(&e))),
    };
    if !meta.is_dir() {
        return Err(cannot_write(dir, "it is not a folder"));
    }
    let path = std::fs::canonicalize(&path).map_err(|e| cannot_write(dir, &e.to_string()))?;
    let mut foreign: Vec<String> = std::fs::read_dir(&path)
        .map_err(|e| cannot_write(dir, &io_reason(&e)))?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| !report_file(name))
        .collect();
    if !foreign.is_empty() {
        foreign.sort();
        let n = foreign.len();
        foreign.truncate(5);
        let more = if n > 5 {
            format!(" and {} more", n - 5)
        } else {
            String::new()
        };
        return Err(cannot_write(
            dir,
            &format!(
                "the folder holds files that are not a grading report's ({}{more}); the report replaces its folder whole: give --out a new folder, or the folder of an earlier report",
                asalto::text::escape_line(&foreign.join(", "))
            ),
        ));
    }
    Ok((path, true))
}

/// Write `pages` (file name, contents) as the whole report folder `dir`,
/// so that a reader sees either the previous report whole or the new one
/// whole, never a mix, whenever the grader is stopped (even by `kill
/// -9`): every page is written (and synced) into a new folder beside
/// `dir`, which then takes its place in one step (`renameat2` with
/// `RENAME_EXCHANGE`; where the file system cannot exchange, the old
/// folder is moved aside first, so that for a moment there is no report
/// rather than a mixed one), and the old report is removed. A run
/// stopped before the exchange leaves the previous report untouched (its
/// half-written folder, hidden beside it and named after its process, is
/// removed by the next run); a run that ends well prints what it wrote.
///
/// # Errors
///
/// What could not be written or replaced, with the path.
pub fn replace_report(dir: &std::path::Path, pages: &[(String, String)]) -> Result<(), String> {
    use std::io::Write as _;
    use std::os::unix::fs::PermissionsExt;
    let (target, exists) = report_folder(dir)?;
    let (Some(parent), Some(name)) = (target.parent(), target.file_name()) else {
        return Err(cannot_write(dir, "it is not a folder a report can replace"));
    };
    let name = name.to_string_lossy().into_owned();
    std::fs::create_dir_all(parent).map_err(|e| cannot_write(parent, &io_reason(&e)))?;
    remove_leftovers(parent, &name);
    let staging = tempfile::Builder::new()
        .prefix(&format!(".{name}.asalto-new-{}-", std::process::id()))
        .tempdir_in(parent)
        .map_err(|e| cannot_write(parent, &io_reason(&e)))?;
    let mode = if exists {
        std::fs::metadata(&target).map_or(0o755, |m| m.permissions().mode() & 0o7777)
    } else {
        0o755
    };
    std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(mode))
        .map_err(|e| cannot_write(staging.path(), &io_reason(&e)))?;
    for (file, text) in pages {
        let path = staging.path().join(file);
        let written = std::fs::File::create(&path).and_then(|mut f| {
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
        written.map_err(|e| cannot_write(&target.join(file), &io_reason(&e)))?;
    }
    let staged = staging.keep();
    let placed = if exists {
        exchange(&staged, &target)
    } else {
        std::fs::rename(&staged, &target)
            .map(|()| None)
            .map_err(|e| cannot_write(dir, &io_reason(&e)))
    };
    match placed {
        Ok(old) => {
            // The previous report (a report's own files only, as
            // `report_folder` checked).
            if let Some(old) = old {
                let _ = std::fs::remove_dir_all(old);
            }
            Ok(())
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&staged);
            Err(e)
        }
    }
}

/// Put the folder `staged` in the place of the folder `target` in one
/// step; where the file system cannot exchange two names, move `target`
/// aside first. Where the old folder went.
fn exchange(
    staged: &std::path::Path,
    target: &std::path::Path,
) -> Result<Option<std::path::PathBuf>, String> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    match renameat_with(CWD, staged, CWD, target, RenameFlags::EXCHANGE) {
        Ok(()) => return Ok(Some(staged.to_path_buf())),
        Err(e) if e != rustix::io::Errno::INVAL && e != rustix::io::Errno::NOSYS => {
            return Err(cannot_write(target, &std::io::Error::from(e).to_string()));
        }
        Err(_) => {}
    }
    let aside = staged.with_file_name(
        staged
            .file_name()
            .map(|n| {
                n.to_string_lossy()
                    .replacen(".asalto-new-", ".asalto-old-", 1)
            })
            .unwrap_or_default(),
    );
    std::fs::rename(target, &aside).map_err(|e| cannot_write(target, &io_reason(&e)))?;
    match std::fs::rename(staged, target) {
        Ok(()) => Ok(Some(aside)),
        Err(e) => {
            // Put the old report back.
            let _ = std::fs::rename(&aside, target);
            Err(cannot_write(target, &io_reason(&e)))
        }
    }
}

/// Remove what earlier runs that were stopped left beside the report
/// folder `name` in `parent`: their half-written folders
/// (`.NAME.asalto-new-PID-…`, `.NAME.asalto-old-PID-…`) whose process is
/// gone (a run still going keeps its own).
fn remove_leftovers(parent: &std::path::Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = [".asalto-new-", ".asalto-old-"]
            .iter()
            .find_map(|tag| file.strip_prefix(&format!(".{name}{tag}")))
        else {
            continue;
        };
        let pid = rest.split('-').next().unwrap_or("");
        let alive = !pid.is_empty()
            && pid.bytes().all(|b| b.is_ascii_digit())
            && std::path::Path::new("/proc").join(pid).exists();
        if !alive && entry.file_type().is_ok_and(|t| t.is_dir()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_files_are_told_from_others() {
        for name in ["index.html", "001-ana.html", "012.html", "1000-a_b-c.html"] {
            assert!(report_file(name), "{name}");
        }
        for name in [
            "notes.txt",
            "01-ana.html",
            "001-Ana.html",
            "001-ana.htm",
            "x.html",
        ] {
            assert!(!report_file(name), "{name}");
        }
    }
}
