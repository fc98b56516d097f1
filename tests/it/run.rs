//! Running the `asalto` binary from the tests.

use assert_cmd::Command;

/// What a run of `asalto` gave.
pub struct Run {
    /// The exit code.
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Run `asalto` with `args` in the crate's directory, without colour
/// variables from the environment (`NO_COLOR`, and those that force
/// colours or a terminal: `FORCE_COLOR`, `CLICOLOR_FORCE`,
/// `IGNORE_IS_TERMINAL`).
pub fn asalto(args: &[&str]) -> Run {
    asalto_with_input(args, "")
}

/// Run `asalto` with `args`, `stdin` as its standard input.
pub fn asalto_with_input(args: &[&str], stdin: &str) -> Run {
    let output = Command::cargo_bin("asalto")
        .unwrap()
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("FORCE_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("IGNORE_IS_TERMINAL")
        .write_stdin(stdin.as_bytes().to_vec())
        .output()
        .unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// Every sample record: (path, valid).
pub fn samples() -> Vec<(String, bool)> {
    let mut out = Vec::new();
    for (dir, valid) in [("samples", true), ("samples/invalid", false)] {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        names.sort();
        out.extend(names.into_iter().map(|n| (n, valid)));
    }
    out
}
