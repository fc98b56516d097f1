//! Text that came from outside (records, file names, students' programs)
//! made safe to print and bounded in size: [`asalto_core::text`], shared by
//! every game, re-exported here so that `asalto_asalto::text` and the
//! application's `asalto::text` name it as Asalto's modules always have.

pub use asalto_core::text::*;
