//! `with objmode(name=type, ...):` blocks, as Numba's: the block's statements run in Python, on
//! Python objects made from the compiled function's variables it reads, and the variables it
//! declares are converted back to their declared types for the code after it.
//!
//! Compiled code reaches Python through the runtime (`runtime/src/objmode.rs`), which calls the hook
//! the Python extension installs. Each block emitted is a *site* of this process: its source, the
//! variables it reads and those it declares, with their types, and who compiled it (the extension's
//! compiler, whose function's globals the block runs in).

use crate::{
    diagnostics::Diagnostic,
    infer::TypeWalker,
    resolve::Global,
    types::Type,
};
use ruff_python_ast::{
    visitor::{self, Visitor},
    Expr, ExprContext, ExprName, Stmt, StmtWith,
};
use ruff_text_size::Ranged;
use std::{
    cell::Cell,
    sync::{Arc, Mutex},
};

/// A block of Python source that compiled code runs in Python.
#[derive(Debug)]
pub struct ObjmodeSite {
    /// The block's statements, dedented, starting on line `first_line` of `file_name`.
    pub source: String,
    pub file_name: String,
    pub first_line: usize,
    /// The variables it reads from compiled code, by their Python names, with their types.
    pub inputs: Vec<(String, Type)>,
    /// The variables it declares, which compiled code reads after it.
    pub outputs: Vec<(String, Type)>,
    /// Who compiled it ([`with_owner`]).
    pub owner: usize,
}

static SITES: Mutex<Vec<Arc<ObjmodeSite>>> = Mutex::new(Vec::new());

thread_local! {
    static OWNER: Cell<usize> = const { Cell::new(0) };
}

/// Runs `compile` with the blocks it emits marked as `owner`'s.
pub fn with_owner<T>(owner: usize, compile: impl FnOnce() -> T) -> T {
    let before = OWNER.with(|current| current.replace(owner));
    let compiled = compile();
    OWNER.with(|current| current.set(before));
    compiled
}

/// Registers a site, returning its number.
pub(crate) fn register(site: ObjmodeSite) -> usize {
    let mut sites = SITES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    sites.push(Arc::new(ObjmodeSite { owner: OWNER.with(Cell::get), ..site }));
    sites.len() - 1
}

/// Site `number`.
pub fn site(number: usize) -> Option<Arc<ObjmodeSite>> {
    SITES.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).get(number).cloned()
}

/// The exception compiled code raises where a block raised in Python (the extension raises what the
/// block raised in its place).
pub const OBJMODE_EXCEPTION: &str = "rumba.errors.ObjmodeError";

/// An `objmode` block as compiled code sees it.
pub(crate) struct ObjmodeBlock<'a> {
    /// The variables it reads: a read of each, and its Python name.
    pub inputs: Vec<(&'a ExprName, String)>,
    /// Each declared variable: a name the block assigns it by (which compiled code binds after
    /// the block), its Python name and its type.
    pub outputs: Vec<(&'a Expr, String, Type)>,
}

/// Whether `with` is `with objmode(...)` (`numba.objmode`, `rumba.objmode`, or the name imported).
fn is_objmode(walker: &TypeWalker, with: &StmtWith) -> bool {
    let [item] = &with.items[..] else { return false };
    let Expr::Call(call) = &item.context_expr else { return false };
    let module = walker.module;
    let is_global = |name: &str| !walker.assigned.contains(name);
    match &*call.func {
        Expr::Name(name) => is_global(name.id.as_str()) && matches!(module.global(name.id.as_str()), Some(Global::ModuleMember("rumba", member)) if member == "objmode"),
        Expr::Attribute(attribute) => {
            attribute.attr.as_str() == "objmode" && matches!(&*attribute.value, Expr::Name(base) if is_global(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("rumba")))
        }
        _ => false,
    }
}

impl TypeWalker<'_, '_> {
    /// The block `with` is, if it is `with objmode(...)`: its declared variables' types, and the
    /// variables of the function it reads.
    pub(crate) fn objmode_block<'a>(&mut self, with: &'a StmtWith) -> Result<Option<ObjmodeBlock<'a>>, Diagnostic> {
        if !is_objmode(self, with) {
            return Ok(None);
        }
        let item = &with.items[0];
        let Expr::Call(call) = &item.context_expr else { unreachable!("checked by is_objmode") };
        if let Some(bound) = &item.optional_vars {
            return Err(self.module.unsupported(&**bound, "objmode() binds no name: drop 'as'"));
        }
        if let Some(positional) = call.arguments.args.first() {
            return Err(self.module.unsupported(positional, "objmode() declares the variables the block sets as keywords: objmode(name='float64[:]')"));
        }
        let mut names = BlockNames::default();
        for statement in &with.body {
            names.visit_stmt(statement);
        }
        if let Some(unsupported) = names.unsupported {
            return Err(self.module.unsupported(unsupported, "an objmode block cannot return, break out of or continue the compiled code around it"));
        }
        let mut outputs = Vec::new();
        for keyword in call.arguments.keywords.iter() {
            let Some(name) = keyword.arg.as_ref().map(|arg| arg.as_str()) else {
                return Err(self.module.unsupported(keyword, "objmode() takes its declarations as keywords, not '**'"));
            };
            let declared = match &keyword.value {
                Expr::StringLiteral(text) => crate::types::parse_type(text.value.to_str()).map_err(|reason| self.module.typing(&keyword.value, reason))?,
                other => self.type_expression(other, "objmode()")?,
            };
            if !passable(&declared) {
                return Err(self.module.unsupported(&keyword.value, format!("an objmode block's variable of type {declared} is not supported yet (numbers, optional numbers, strings, arrays and tuples of these are)")));
            }
            let Some(target) = names.assigned.iter().rev().find(|target| matches!(target, Expr::Name(assigned) if crate::versions::source_name(&assigned.id) == name)) else {
                return Err(self.module.typing(keyword, format!("objmode() declares '{name}', which the block does not assign")));
            };
            outputs.push((*target, name.to_string(), declared));
        }
        let mut inputs: Vec<(&ExprName, String)> = Vec::new();
        for read in names.read {
            let python_name = crate::versions::source_name(&read.id).to_string();
            let Some(read_type) = self.locals.get(read.id.as_str()).cloned() else { continue };
            if inputs.iter().any(|(known, _)| known.id == read.id) || !is_identifier(&python_name) {
                continue;
            }
            if read_type != Type::Unknown && !passable(&read_type.clone().runtime()) {
                return Err(self.module.unsupported(with, format!("the objmode block reads '{python_name}' of type {read_type}, which is not passed to Python yet (numbers, strings, arrays and tuples of these are)")));
            }
            inputs.push((read, python_name));
        }
        Ok(Some(ObjmodeBlock { inputs, outputs }))
    }
}

/// Whether a value of `value_type` crosses between compiled code and an objmode block.
fn passable(value_type: &Type) -> bool {
    match value_type {
        Type::Scalar(_) | Type::Array(_) | Type::Unicode => true,
        Type::Optional(held) => matches!(**held, Type::Scalar(_)),
        Type::Tuple(elements, None) => elements.iter().all(passable),
        _ => false,
    }
}

fn is_identifier(name: &str) -> bool {
    name.chars().next().is_some_and(|first| first.is_alphabetic() || first == '_') && name.chars().all(|character| character.is_alphanumeric() || character == '_')
}

/// The names an objmode block reads and the targets it assigns.
#[derive(Default)]
struct BlockNames<'a> {
    read: Vec<&'a ExprName>,
    assigned: Vec<&'a Expr>,
    /// A statement that would leave the block for the compiled code around it.
    unsupported: Option<&'a Stmt>,
    /// How deep in the block's own functions, and in its own loops, the walk is.
    nested_functions: usize,
    nested_loops: usize,
}

impl<'a> Visitor<'a> for BlockNames<'a> {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        match statement {
            Stmt::Return(_) if self.nested_functions == 0 => self.unsupported = Some(statement),
            Stmt::Break(_) | Stmt::Continue(_) if self.nested_functions == 0 && self.nested_loops == 0 => self.unsupported = Some(statement),
            Stmt::FunctionDef(_) | Stmt::ClassDef(_) => {
                self.nested_functions += 1;
                visitor::walk_stmt(self, statement);
                self.nested_functions -= 1;
                return;
            }
            Stmt::For(_) | Stmt::While(_) => {
                if let Stmt::For(for_loop) = statement {
                    self.assigned.extend(crate::versions::unpacked_targets(&for_loop.target));
                }
                self.nested_loops += 1;
                visitor::walk_stmt(self, statement);
                self.nested_loops -= 1;
                return;
            }
            Stmt::Assign(assign) => self.assigned.extend(assign.targets.iter().flat_map(crate::versions::unpacked_targets)),
            Stmt::AugAssign(assign) => self.assigned.push(&assign.target),
            Stmt::AnnAssign(assign) => self.assigned.push(&assign.target),
            _ => {}
        }
        visitor::walk_stmt(self, statement);
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Name(name) if name.ctx == ExprContext::Load => self.read.push(name),
            _ => {}
        }
        visitor::walk_expr(self, expr);
    }
}

/// The statements of `with`'s body as source, dedented, and the byte offset of their first line;
/// `None` where the statement is not the source's own (the frontend made it).
pub(crate) fn block_source(text: &str, with: &StmtWith) -> Option<(String, usize)> {
    let (header_end, end) = (with.items[0].context_expr.range().end().to_usize(), with.range().end().to_usize());
    if end > text.len() {
        return None;
    }
    let colon = header_end + text[header_end..end].find(':')?;
    let rest_of_line = text[colon + 1..].split('\n').next().unwrap_or_default();
    let (start, indent) = if rest_of_line.trim().is_empty() || rest_of_line.trim_start().starts_with('#') {
        // The body's lines: the indentation of its first statement's line is the block's.
        let start = colon + 1 + rest_of_line.len() + 1;
        let first_line = text[start.min(end)..end].split('\n').find(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))?;
        (start, first_line.len() - first_line.trim_start().len())
    } else {
        // `with objmode(...): statement` on one line.
        (colon + 1 + (rest_of_line.len() - rest_of_line.trim_start().len()), 0)
    };
    let dedented: Vec<&str> = text[start.min(end)..end]
        .split('\n')
        .map(|line| {
            let strip = line.char_indices().take_while(|(position, character)| *position < indent && character.is_whitespace()).count();
            &line[strip..]
        })
        .collect();
    Some((dedented.join("\n"), start))
}
