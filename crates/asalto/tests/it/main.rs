//! Integration tests of the Asalto engine, one binary (one link for all of
//! them).

mod facts;
mod perft;
mod properties;
mod records;
mod reference;
mod render;
mod worked_example;
