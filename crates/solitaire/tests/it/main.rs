//! Integration tests, one binary.

mod challenge;
mod checking;
mod crosscheck;
mod formats;
mod json;
mod properties;
mod reference;
mod render;
