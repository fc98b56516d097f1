//! Integration tests, one binary.

mod challenge;
mod checking;
mod crosscheck;
mod formats;
mod properties;
mod reference;
