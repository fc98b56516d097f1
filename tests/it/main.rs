//! Integration tests, one binary (one link for all of them).

mod bounded;
mod browser;
mod cli;
mod conventions;
mod diff;
mod export;
mod go_cli;
mod grade;
mod html;
mod madbishops_cli;
mod perft;
mod play;
mod properties;
mod readme;
mod records;
mod reference;
mod render;
mod robustness;
mod run;
mod samples;
mod selfplay;
mod show;
mod snapshots;
mod solitaire_cli;
mod solitaire_records;
mod worked_example;
