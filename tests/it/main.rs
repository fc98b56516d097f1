//! Integration tests of the application, one binary (one link for all of
//! them). The engine's own tests are in `crates/asalto/tests/it`; the
//! slow reference of the rules and the facts written from it are shared
//! from there.

mod batch;
mod bounded;
mod browser;
mod cli;
mod conventions;
mod diff;
mod export;
#[path = "../../crates/asalto/tests/it/facts.rs"]
mod facts;
mod go_cli;
mod go_diagnostics;
mod go_selfplay;
mod grade;
mod html;
mod json_schema;
mod layers;
mod madbishops_cli;
mod messages;
mod play;
mod readme;
#[path = "../../crates/asalto/tests/it/reference.rs"]
mod reference;
mod robustness;
mod run;
mod samples;
mod selfplay;
mod show;
mod snapshots;
mod solitaire_answers;
mod solitaire_cli;
mod solitaire_records;
