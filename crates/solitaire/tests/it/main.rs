//! Integration tests, one binary.

mod answers;
mod challenge;
mod checking;
mod crosscheck;
mod formats;
mod json;
mod properties;
mod reference;
mod render;
