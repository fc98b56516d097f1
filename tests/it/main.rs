//! Integration tests, one binary.

mod worked_example;
