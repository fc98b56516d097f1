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

    /// Start the session and type `lines` into it, the computer's turns
    /// played in between: all it prints. A file asked for stops the
    /// advance (answer it with [`Console::loaded`] or [`Console::saved`]);
    /// tests and examples drive sessions so.
    fn run_lines(&mut self, lines: &[&str]) -> String {
        let mut out = self.start().output;
        for line in lines {
            let mut step = self.input(line);
            loop {
                out.push_str(&step.output);
                match step.request {
                    Request::Advance => step = self.advance(),
                    _ => break,
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session that echoes each line, then plays two computer turns.
    struct Echo {
        turns: u8,
    }

    impl Echo {
        fn step(output: String, request: Request) -> Step {
            Step { output, request }
        }
    }

    impl Console for Echo {
        fn start(&mut self) -> Step {
            Echo::step("> ".into(), Request::Line)
        }
        fn input(&mut self, line: &str) -> Step {
            self.turns = 2;
            Echo::step(format!("{line}\n"), Request::Advance)
        }
        fn advance(&mut self) -> Step {
            self.turns -= 1;
            if self.turns == 0 {
                Echo::step("done\n> ".into(), Request::Line)
            } else {
                Echo::step("thinking\n".into(), Request::Advance)
            }
        }
        fn loaded(&mut self, _: Result<String, String>) -> Step {
            Echo::step(String::new(), Request::Quit)
        }
        fn saved(&mut self, _: Result<(), String>) -> Step {
            Echo::step(String::new(), Request::Quit)
        }
    }

    #[test]
    fn run_lines_plays_the_computer_turns_between_lines() {
        let mut echo = Echo { turns: 0 };
        assert_eq!(
            echo.run_lines(&["a", "b"]),
            "> a\nthinking\ndone\n> b\nthinking\ndone\n> "
        );
        assert_eq!(Echo { turns: 0 }.run_lines(&[]), "> ");
    }
}
