//! The `asalto` command-line tool. All rules live in the library; this binary
//! only reads files, calls the library and prints.

// Every `unsafe` block is in the library's `sys` module.
#![forbid(unsafe_code)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
