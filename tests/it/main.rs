//! Integration tests, one binary.

mod cli;
mod diff;
mod export;
mod readme;
mod render;
mod show;
mod worked_example;
