//! The README shows real output: these runs must appear in it verbatim.

use crate::run::asalto;

#[test]
fn readme_examples_are_current() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    for args in [
        &[
            "check",
            "samples/ejemplo.txt",
            "samples/apendice-a.txt",
            "samples/invalid/capture-incomplete.txt",
        ][..],
        &["check", "samples/invalid/capture-incomplete.txt"],
        &["show", "samples/ejemplo.txt", "--ply", "6"],
        &["show", "samples/apendice-a.txt", "--style", "unicode"],
        &[
            "show",
            "samples/ejemplo.txt",
            "--ply",
            "2",
            "--format",
            "json",
        ],
        &["export", "samples/ejemplo.txt", "--to", "input"],
        &[
            "diff",
            "samples/ejemplo.txt",
            "samples/invalid/capture-incomplete.txt",
        ],
    ] {
        let run = asalto(args);
        let block = format!("$ asalto {}\n{}```", args.join(" "), run.stdout);
        assert!(
            readme.contains(&block),
            "README.md is stale for: asalto {}",
            args.join(" ")
        );
    }
    let svg = asalto(&["show", "samples/ejemplo.txt", "--format", "svg"]).stdout;
    assert_eq!(
        std::fs::read_to_string("docs/ejemplo.svg").unwrap(),
        svg,
        "docs/ejemplo.svg is stale: asalto show samples/ejemplo.txt --format svg > docs/ejemplo.svg"
    );
}
