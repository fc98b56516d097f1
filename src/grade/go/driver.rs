//! Go's driver: the shared Prolog engine ([`crate::grade::prolog`]) with
//! Go's part of the Prolog driver (`driver.pl`, whose header documents
//! the protocol) and Go's half of the protocol.

use std::path::Path;

use super::protocol::{Answer, GoProtocol};
use crate::grade::prolog::driver as engine;

pub use engine::{DriverSettings, LoadProblem, MAX_HANGS, STRETCH, wait_text};

/// Go's part of the Prolog driver.
const GO_PART: &str = include_str!("driver.pl");

/// What became of one query.
pub type Reply = engine::Reply<Answer>;

/// The driver of one Go submission.
pub type Driver<'a> = engine::Driver<'a, GoProtocol>;

/// The Go driver's source in a folder of its own, readable by every user,
/// removed when dropped.
pub struct DriverScript(engine::DriverScript);

impl DriverScript {
    /// Write the driver.
    ///
    /// # Errors
    ///
    /// When the folder or the file cannot be made.
    pub fn write() -> Result<DriverScript, String> {
        engine::DriverScript::write("go", GO_PART).map(DriverScript)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

/// The command line that runs the Go driver on `{entry}`.
pub fn command(settings: &DriverSettings, script: &Path) -> Vec<String> {
    engine::command(settings, script, &[])
}
