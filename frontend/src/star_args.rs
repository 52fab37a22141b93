//! `*args` parameters, as Numba takes them: the extra positional arguments of a call, as a tuple.
//!
//! Before anything else reads the module, a function `def f(a, *args)` becomes `def f(a, args)`,
//! and every call of it in the module, `f(x, y, z)`, becomes `f(x, args=(y, z))`: the tuple of
//! the positional arguments past the named ones, by keyword so that the named ones may come by
//! keyword too. The Python dispatcher packs a call from Python the same way. A function with
//! `**kwargs` or keyword-only parameters keeps its `*args`, which inference refuses. A call that
//! passes a last `*sequence` past the named parameters packs `(extra...) + sequence`; a call of
//! any other function with one is spread by `desugar.rs`.

use crate::diagnostics::SourceFile;
use ruff_python_ast::{
    visitor::transformer::{self, Transformer},
    AtomicNodeIndex, Expr, ExprContext, ExprTuple, Identifier, Keyword, ParameterWithDefault, StmtFunctionDef,
};
use std::cell::RefCell;
use std::collections::HashMap;

/// Makes `function`'s `*args` a parameter of its own, if it takes one that can be; gives how many
/// named positional parameters come before it.
pub fn collapse_star_parameter(function: &mut StmtFunctionDef) -> Option<usize> {
    let parameters = &mut function.parameters;
    if parameters.kwarg.is_some() || !parameters.kwonlyargs.is_empty() {
        return None;
    }
    let star = parameters.vararg.take()?;
    let named = parameters.posonlyargs.len() + parameters.args.len();
    parameters.args.push(ParameterWithDefault { range: star.range, node_index: AtomicNodeIndex::default(), parameter: *star, default: None });
    Some(named)
}

/// Packs the extra positional arguments of every call in `function` of a function of `variadic`
/// (by name: its named positional parameters and its star parameter's name).
pub fn pack_star_arguments(function: &mut StmtFunctionDef, variadic: &HashMap<String, (usize, String)>, file: &mut SourceFile) {
    let packer = Packer { variadic, file: RefCell::new(file) };
    for statement in function.body.iter_mut() {
        packer.visit_stmt(statement);
    }
}

struct Packer<'v, 'f> {
    variadic: &'v HashMap<String, (usize, String)>,
    file: RefCell<&'f mut SourceFile>,
}

impl Transformer for Packer<'_, '_> {
    fn visit_expr(&self, expr: &mut Expr) {
        transformer::walk_expr(self, expr);
        let Expr::Call(call) = expr else { return };
        let Expr::Name(callee) = &*call.func else { return };
        let Some((named, star)) = self.variadic.get(callee.id.as_str()) else { return };
        let mut positional = call.arguments.args.to_vec();
        // A last `*sequence` past the named parameters joins the packed tuple: `extra + sequence`.
        let spread = match positional.last() {
            Some(Expr::Starred(_)) if positional.len() > *named => match positional.pop() {
                Some(Expr::Starred(starred)) => Some(starred.value),
                _ => unreachable!("matched a star argument"),
            },
            _ => None,
        };
        if positional.iter().any(|argument| matches!(argument, Expr::Starred(_))) || call.arguments.keywords.iter().any(|keyword| keyword.arg.is_none()) {
            return;
        }
        let at = call.arguments.range;
        let extra = positional.split_off((*named).min(positional.len()));
        let range = self.file.borrow_mut().synthetic_range(at);
        let mut packed = Expr::Tuple(ExprTuple { node_index: AtomicNodeIndex::default(), range, elts: extra, ctx: ExprContext::Load, parenthesized: true });
        if let Some(sequence) = spread {
            let range = self.file.borrow_mut().synthetic_range(at);
            packed = Expr::BinOp(ruff_python_ast::ExprBinOp { node_index: AtomicNodeIndex::default(), range, left: Box::new(packed), op: ruff_python_ast::Operator::Add, right: sequence });
        }
        let keyword_range = self.file.borrow_mut().synthetic_range(at);
        call.arguments.args = positional.into_boxed_slice();
        call.arguments.keywords.push(Keyword { node_index: AtomicNodeIndex::default(), range: keyword_range, arg: Some(Identifier::new(star.as_str(), keyword_range)), value: packed });
    }
}
