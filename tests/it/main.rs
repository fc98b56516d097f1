//! Integration tests, one binary.

mod play;
mod selfplay;
mod worked_example;
