//! Located errors: every problem in user source is reported at file:line:col with the source line and
//! a caret under the offending construct.

use ruff_text_size::TextRange;
use std::fmt;

/// One source file with a line index, so byte offsets can be turned into line and column.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    line_starts: Vec<usize>,
    /// Whether each line is ASCII, so that a column is a byte distance there (counting characters
    /// on every lookup made locating quadratic in a long line's length).
    ascii_lines: Vec<bool>,
    /// The files appended to the text (rumba's prelude, the modules of functions called from
    /// other modules): each one's name and first line, in the text's order.
    appendices: Vec<(String, usize)>,
    /// For each node the frontend makes (`desugar.rs`), from `SYNTHETIC_START` on, the range of
    /// the source it stands for.
    synthetic: Vec<TextRange>,
}

/// Where the ranges of nodes the frontend makes start: past any text, so that text appended
/// later never reaches them.
const SYNTHETIC_START: usize = 1 << 31;

impl SourceFile {
    pub fn new(name: &str, text: &str) -> Self {
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(offset, _)| offset + 1))
            .collect();
        let ascii_lines = text.split('\n').map(str::is_ascii).collect();
        Self { name: name.to_string(), text: text.to_string(), line_starts, ascii_lines, appendices: Vec::new(), synthetic: Vec::new() }
    }

    /// Appends the file `name` on lines of its own, whose offsets are located in that file;
    /// returns the offset it starts at.
    pub fn append(&mut self, name: &str, text: &str) -> usize {
        self.text.push_str("\n\n");
        let start = self.text.len();
        // The two newlines start an empty line and the appended file's first.
        self.line_starts.extend([start - 1, start]);
        self.ascii_lines.push(true);
        self.appendices.push((name.to_string(), self.line_starts.len()));
        self.text.push_str(text);
        self.line_starts.extend(text.match_indices('\n').map(|(offset, _)| start + offset + 1));
        self.ascii_lines.extend(text.split('\n').map(str::is_ascii));
        assert!(self.text.len() < SYNTHETIC_START, "sources are smaller than 2 GiB");
        start
    }

    /// An empty range of its own, past any text, for a node made by the frontend that stands
    /// for the source at `original`: it is located there.
    pub fn synthetic_range(&mut self, original: TextRange) -> TextRange {
        let offset = SYNTHETIC_START + self.synthetic.len();
        self.synthetic.push(original);
        TextRange::empty(ruff_text_size::TextSize::try_from(offset).expect("sources are smaller than 4 GiB"))
    }

    /// The source text at `range`; for a node the frontend made, the text of the source it
    /// stands for.
    pub fn snippet(&self, range: TextRange) -> &str {
        let start = usize::from(range.start());
        match start.checked_sub(SYNTHETIC_START) {
            Some(made) => self.synthetic.get(made).map_or("", |original| self.snippet(*original)),
            None => self.text.get(start..usize::from(range.end())).unwrap_or(""),
        }
    }

    /// How many synthetic ranges were made: a number no name made by the frontend used before.
    pub fn synthetic_count(&self) -> usize {
        self.synthetic.len()
    }

    /// 1-based line and column (in characters) of a byte offset, counted in the whole text.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        if let Some(original) = offset.checked_sub(SYNTHETIC_START).and_then(|index| self.synthetic.get(index)) {
            return self.line_col(original.start().to_usize());
        }
        let line_index = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let line_start = self.line_starts[line_index];
        let end = offset.min(self.text.len());
        let column = if self.ascii_lines[line_index] { end - line_start } else { self.text[line_start..end].chars().count() } + 1;
        (line_index + 1, column)
    }

    /// The file, line and column of a byte offset.
    pub fn locate(&self, offset: usize) -> SourceLocation {
        let (line, column) = self.line_col(offset);
        match self.appendices.iter().rev().find(|(_, first_line)| line >= *first_line) {
            Some((appendix_name, first_line)) => SourceLocation { file: appendix_name.clone(), line: line - first_line + 1, column },
            None => SourceLocation { file: self.name.clone(), line, column },
        }
    }

    /// The text of the line `location` points into, without its newline. Parts of one name (a
    /// file, and definitions of it appended on their own lines) hold different lines of it: the
    /// first that holds text at the line is the one.
    pub fn source_line(&self, location: &SourceLocation) -> &str {
        let parts = std::iter::once((&self.name, 1)).chain(self.appendices.iter().map(|(name, first_line)| (name, *first_line)));
        let ends = self.appendices.iter().map(|(_, first_line)| first_line - 1).chain(std::iter::once(self.line_starts.len()));
        parts
            .zip(ends)
            .filter(|((name, first_line), last_line)| **name == location.file && location.line + first_line - 1 <= *last_line)
            .map(|((_, first_line), _)| self.line_text(location.line + first_line - 1))
            .find(|text| !text.trim().is_empty())
            .unwrap_or_default()
    }

    /// The text of a 1-based line of the whole text, without its newline.
    pub fn line_text(&self, line: usize) -> &str {
        let start = self.line_starts.get(line.max(1) - 1).copied().unwrap_or(self.text.len());
        let end = self.line_starts.get(line).map_or(self.text.len(), |&next| next - 1);
        self.text[start..end.max(start)].trim_end_matches('\r')
    }
}

/// A source position: file, 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceLocation {
    pub file: String,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for SourceLocation {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        write!(formatter, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// The kind of problem, so that callers (the Python package) can raise the matching exception.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagnosticKind {
    Syntax,
    Typing,
    Unsupported,
    /// A problem with how the function was asked for: unknown name, wrong argument count or type.
    Usage,
    /// A call of an `@overload` whose implementation for its arguments' types has not been given
    /// ([`Diagnostic::missing_implementation`] says which): the caller asks the overload's typing
    /// function for it, gives it, and compiles again.
    MissingImplementation,
}

/// The implementation a call of an overload needs: the overload's key and the arguments' types,
/// in the notation [`crate::types::parse_type`] reads.
#[derive(Clone, Debug, PartialEq)]
pub struct MissingImplementation {
    pub key: String,
    pub arguments: Vec<String>,
}

/// One error with its location, the source line it points into, and optional notes.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub kind: DiagnosticKind,
    pub location: SourceLocation,
    pub message: String,
    pub source_line: String,
    pub notes: Vec<String>,
    /// Where `kind` is `MissingImplementation`, the implementation missing.
    pub missing_implementation: Option<MissingImplementation>,
}

impl Diagnostic {
    pub fn at(source: &SourceFile, range: TextRange, kind: DiagnosticKind, message: impl Into<String>) -> Self {
        let location = source.locate(range.start().to_usize());
        Self { kind, source_line: source.source_line(&location).to_string(), location, message: message.into(), notes: Vec::new(), missing_implementation: None }
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        writeln!(formatter, "{}: error: {}", self.location, self.message)?;
        writeln!(formatter, "    {}", self.source_line)?;
        let indent: String = self
            .source_line
            .chars()
            .take(self.location.column.saturating_sub(1))
            .map(|character| if character == '\t' { '\t' } else { ' ' })
            .collect();
        write!(formatter, "    {indent}^")?;
        for note in &self.notes {
            write!(formatter, "\n  note: {note}")?;
        }
        Ok(())
    }
}

/// Every error found in one request; rendered one after another.
#[derive(Clone, Debug)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn first(&self) -> Option<&Diagnostic> {
        self.0.first()
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(diagnostic: Diagnostic) -> Self {
        Self(vec![diagnostic])
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        for (index, diagnostic) in self.0.iter().enumerate() {
            if index > 0 {
                writeln!(formatter)?;
            }
            write!(formatter, "{diagnostic}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}
