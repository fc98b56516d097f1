//! Integration tests, one binary (one link for all of them).

mod differential;
mod perft;
mod properties;
mod records;
mod reference;
mod render;
mod selfplay;
