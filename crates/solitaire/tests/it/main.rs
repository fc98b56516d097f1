//! Integration tests, one binary.

mod challenge;
mod reference;
