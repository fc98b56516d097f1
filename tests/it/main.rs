//! Integration tests, one binary.

mod grade;
mod worked_example;
