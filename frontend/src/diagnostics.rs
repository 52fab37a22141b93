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
    /// A second file appended to the text (rumba's prelude): its name and its first line.
    appendix: Option<(String, usize)>,
    /// For each node the frontend makes (`desugar.rs`), past the end of the text, the range of
    /// the source it stands for.
    synthetic: Vec<TextRange>,
}

impl SourceFile {
    pub fn new(name: &str, text: &str) -> Self {
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(offset, _)| offset + 1))
            .collect();
        let ascii_lines = text.split('\n').map(str::is_ascii).collect();
        Self { name: name.to_string(), text: text.to_string(), line_starts, ascii_lines, appendix: None, synthetic: Vec::new() }
    }

    /// `text` followed by the file `appendix_name` on lines of its own; offsets into the appendix
    /// are located in that file.
    pub fn with_appendix(name: &str, text: &str, appendix_name: &str, appendix: &str) -> Self {
        let separated = format!("{text}\n\n");
        let first_line = separated.matches('\n').count() + 1;
        let mut file = Self::new(name, &(separated + appendix));
        file.appendix = Some((appendix_name.to_string(), first_line));
        file
    }

    /// An empty range of its own, past the end of the text, for a node made by the frontend that
    /// stands for the source at `original`: it is located there.
    pub fn synthetic_range(&mut self, original: TextRange) -> TextRange {
        let offset = self.text.len() + 1 + self.synthetic.len();
        self.synthetic.push(original);
        TextRange::empty(ruff_text_size::TextSize::try_from(offset).expect("sources are smaller than 4 GiB"))
    }

    /// How many synthetic ranges were made: a number no name made by the frontend used before.
    pub fn synthetic_count(&self) -> usize {
        self.synthetic.len()
    }

    /// 1-based line and column (in characters) of a byte offset, counted in the whole text.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        if let Some(original) = offset.checked_sub(self.text.len() + 1).and_then(|index| self.synthetic.get(index)) {
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
        match &self.appendix {
            Some((appendix_name, first_line)) if line >= *first_line => SourceLocation { file: appendix_name.clone(), line: line - first_line + 1, column },
            _ => SourceLocation { file: self.name.clone(), line, column },
        }
    }

    /// The text of the line `location` points into, without its newline.
    pub fn source_line(&self, location: &SourceLocation) -> &str {
        match &self.appendix {
            Some((appendix_name, first_line)) if location.file == *appendix_name => self.line_text(location.line + first_line - 1),
            _ => self.line_text(location.line),
        }
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
}

/// One error with its location, the source line it points into, and optional notes.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    pub kind: DiagnosticKind,
    pub location: SourceLocation,
    pub message: String,
    pub source_line: String,
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn at(source: &SourceFile, range: TextRange, kind: DiagnosticKind, message: impl Into<String>) -> Self {
        let location = source.locate(range.start().to_usize());
        Self { kind, source_line: source.source_line(&location).to_string(), location, message: message.into(), notes: Vec::new() }
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
