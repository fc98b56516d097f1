//! The dialogue of a console program (Asalto's assignment, Mad Bishops'
//! report game), written once: a session is a state machine without I/O
//! that answers each input with the text to print and what it needs next;
//! the program around it reads the lines and the files and writes them.
//! Keeping the I/O out is what lets one session drive the console and a
//! transcript alike, and be tested with strings.

/// What a session needs next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A line typed by the person: pass it to [`Console::input`].
    Line,
    /// Nothing to read (a computer moves next): call [`Console::advance`].
    Advance,
    /// Read this file and pass its text (or why it could not be read) to
    /// [`Console::loaded`].
    Load(String),
    /// Write `contents` to `file` and pass the result to
    /// [`Console::saved`].
    Save {
        /// The file name as typed.
        file: String,
        /// The record to write.
        contents: String,
    },
    /// The person chose to quit: the program ends.
    Quit,
}

/// The answer to an input: what to print, and what is needed next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Text to print as is (prompts have no newline after them).
    pub output: String,
    /// What the session needs next.
    pub request: Request,
}

/// A console session: each call answers with a [`Step`], whose
/// [`Request`] says which call comes next.
pub trait Console {
    /// The first screen.
    fn start(&mut self) -> Step;
    /// A line typed by the person (its line ending may be left on).
    fn input(&mut self, line: &str) -> Step;
    /// Go on without input (a computer's move).
    fn advance(&mut self) -> Step;
    /// The text of the file asked for by [`Request::Load`], or why it could
    /// not be read.
    fn loaded(&mut self, result: Result<String, String>) -> Step;
    /// Whether the file of [`Request::Save`] was written, or why not.
    fn saved(&mut self, result: Result<(), String>) -> Step;
}
