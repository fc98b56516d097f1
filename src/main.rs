//! The `asalto` command-line tool. All rules live in the library; this binary
//! only reads files, calls the library and prints.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
