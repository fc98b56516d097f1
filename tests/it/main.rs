//! Integration tests, one binary (one link for all of them).

mod cli;
mod perft;
mod properties;
mod records;
mod reference;
mod robustness;
mod samples;
mod snapshots;
mod worked_example;
