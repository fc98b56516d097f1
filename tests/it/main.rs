//! Integration tests, one binary.

mod worked_example;
mod play;
mod selfplay;
