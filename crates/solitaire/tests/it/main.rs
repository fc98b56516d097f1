//! Integration tests, one binary.

mod challenge;
mod crosscheck;
mod formats;
mod reference;
