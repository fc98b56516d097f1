//! Integration tests, one binary (one link for all of them).

mod perft;
mod reference;
