//! Integration tests of `asalto_go`, one binary.

mod differential;
mod examples;
mod lines;
mod oracle;
mod output;
mod properties;
mod real;
mod reference;
mod rules_and_results;
mod score;
mod sgf;
