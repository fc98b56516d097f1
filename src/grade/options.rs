//! How to grade: the timeouts, the limits, the confinement and users, the
//! environment, the files hidden from the programs, the marking.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::basic::BasicScore;

use super::confine::{Sandbox, Users};
use super::kind::Weights;
use super::limits::Limits;
use super::named;

/// How to grade.
#[derive(Clone, Debug)]
pub struct Options {
    /// Longest wait for the program to ask for input.
    pub move_timeout: Duration,
    /// Longest time for one session (one reference game).
    pub game_timeout: Duration,
    /// Most bytes printed between two inputs.
    pub output_cap: usize,
    /// Without `/proc`, how long quiet output means waiting for input.
    pub idle: Duration,
    /// Resource limits.
    pub limits: Limits,
    /// Confinement.
    pub sandbox: Sandbox,
    /// The users programs run as (as root: one per parallel job; see
    /// [`Users::pick`]). With the default (none) and a grader running as
    /// root, [`grade`] picks them.
    pub users: Users,
    /// Extra environment variables, on top of the minimal environment.
    pub env: Vec<(OsString, OsString)>,
    /// Also play an AZAR-against-BASICO game.
    pub ai: bool,
    /// The BASICO score the `--ai` game must follow (`None`: either).
    pub basic: Option<BasicScore>,
    /// Weight of each kind of check.
    pub weights: Weights,
    /// Full marks.
    pub max_score: f64,
    /// The files named on the command line and their copies ([`prepare`]
    /// makes them).
    pub named: std::sync::Arc<named::Named>,
    /// What the programs must never be given, canonical: the reference
    /// files and the submissions folder (bubblewrap hides them; no copy
    /// holds them, with any sandbox).
    pub private: Vec<PathBuf>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            move_timeout: Duration::from_secs(10),
            game_timeout: Duration::from_secs(120),
            output_cap: 1 << 20,
            idle: Duration::from_secs(2),
            limits: Limits::default(),
            sandbox: Sandbox::Unconfined,
            users: Users::default(),
            env: Vec::new(),
            ai: false,
            basic: None,
            weights: Weights::default(),
            max_score: 100.0,
            named: std::sync::Arc::new(named::Named::none()),
            private: Vec::new(),
        }
    }
}

impl Options {
    /// The environment a program starts with: `PATH` (ours), `HOME` and
    /// `TMPDIR` set to its working folder, a UTF-8 locale, unbuffered
    /// Python, then [`Options::env`].
    pub fn environment(&self, workdir: &Path) -> Vec<(OsString, OsString)> {
        let path = std::env::var_os("PATH")
            .unwrap_or_else(|| OsString::from("/usr/local/bin:/usr/bin:/bin"));
        let mut env: Vec<(OsString, OsString)> = vec![
            ("PATH".into(), path),
            ("HOME".into(), workdir.into()),
            ("TMPDIR".into(), workdir.into()),
            ("LANG".into(), "C.UTF-8".into()),
            ("LC_ALL".into(), "C.UTF-8".into()),
            ("TERM".into(), "dumb".into()),
            ("PYTHONUNBUFFERED".into(), "1".into()),
            ("PYTHONIOENCODING".into(), "utf-8".into()),
            ("PYTHONDONTWRITEBYTECODE".into(), "1".into()),
            ("PYTHONHASHSEED".into(), "0".into()),
        ];
        for (k, v) in &self.env {
            env.retain(|(name, _)| name != k);
            env.push((k.clone(), v.clone()));
        }
        env
    }
}
