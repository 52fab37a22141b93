//! `@jitclass` instances: each is a list of the runtime holding one element, the words of its
//! fields one after another (`ClassType::field`), so that every handle to it sees its fields
//! change. A field is read and written as a list element's words are; a property runs its getter
//! or setter, and a method is a compiled function taking the instance first
//! (`crate::resolve::register_class`).
//!
//! Reading a field is a few runtime calls (and, for an array, a new reference to it): a loop reads
//! the fields it does not change once, before it starts. A field it cannot change is one of a
//! variable it does not assign, named by no attribute it assigns (of any instance: two variables
//! may hold one), where it calls no compiled function that could change fields (a method, a
//! property, `len(x)` or `x[i]` of an instance).

use super::{
    lists::{Place, LIST_NEW, LIST_PUSH},
    *,
};
use crate::{
    class_operators::InstanceOperator,
    infer::Callee,
    resolve::MemberKind,
    types::{ClassType, Type},
};
use ruff_python_ast::{
    visitor::{self, Visitor},
    ExprAttribute,
};

impl FunctionEmitter<'_, '_, '_> {
    /// A new instance of `class`, its fields zero (an array field an empty array) until its
    /// `__init__` sets them.
    pub(super) fn new_instance(&mut self, class: &Arc<ClassType>, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        self.note_arena_object();
        let loc = location(self.module, node);
        let handle = self.call_runtime(LIST_NEW, &[], &loc);
        let zero = self.si64(0, &loc);
        for _ in 0..class.tuple().list_width() {
            self.mutate_container(LIST_PUSH, &[handle.clone(), zero.clone()], &loc);
        }
        Ok(Value::Instance(handle, class.clone()))
    }

    /// `instance.name`: a field's value, or what the property's getter returns.
    pub(super) fn instance_attribute(&mut self, handle: &str, class: &Arc<ClassType>, attribute: &ExprAttribute) -> Result<Value, Diagnostic> {
        let loc = location(self.module, attribute);
        if let Some((first, field_type)) = class.field(attribute.attr.as_str()) {
            let start = self.si64(0, &loc);
            let mut offset = first as i64;
            return Ok(self.read_element(&Place::List { list: handle, first: &start }, field_type, &mut offset, &loc));
        }
        let getter = crate::infer::instance_member(self.module, class, attribute, MemberKind::Getter)?;
        self.emit_compiled_call(getter, vec![Value::Instance(handle.to_string(), class.clone())], attribute)
    }

    /// `instance.name = value`: a field's words written, or the property's setter run.
    pub(super) fn assign_instance_attribute(&mut self, handle: &str, class: &Arc<ClassType>, attribute: &ExprAttribute, value: Value) -> Result<(), Diagnostic> {
        self.note_arena_object();
        let loc = location(self.module, attribute);
        if let Some((first, field_type)) = class.field(attribute.attr.as_str()) {
            let first = self.si64(first as i64, &loc);
            return self.write_element(&Place::List { list: handle, first: &first }, value, &field_type.clone(), attribute);
        }
        let setter = crate::infer::instance_member(self.module, class, attribute, MemberKind::Setter)?;
        self.emit_compiled_call(setter, vec![Value::Instance(handle.to_string(), class.clone()), value], attribute).map(drop)
    }

    /// `operator` (an operator on instances, `class_operators.rs`) of `operands`, in source order.
    pub(super) fn emit_instance_operator(&mut self, operator: InstanceOperator, mut operands: Vec<Value>, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        if operator.swapped {
            operands.reverse();
        }
        let result = self.emit_compiled_call(&operator.method, operands, node)?;
        if !operator.negated {
            return Ok(result);
        }
        let loc = location(self.module, node);
        let truth = self.truth(result, node)?;
        Ok(Value::Scalar(self.op(format!("py.not {truth} : i1 {loc}")), Scalar::Bool))
    }

    /// Runs `emit` (a loop's emission) with the fields of instances that `statement` reads and
    /// cannot change read before it.
    pub(super) fn with_fields_cached(&mut self, statement: &Stmt, emit: impl FnOnce(&mut Self) -> Result<(), Diagnostic>) -> Result<(), Diagnostic> {
        let cached_before = self.cached_fields.len();
        for attribute in self.loop_invariant_fields(statement)? {
            let value = self.emit_expr(&Expr::Attribute(attribute.clone()))?;
            let Expr::Name(variable) = &*attribute.value else { unreachable!("cached fields are of variables") };
            self.cached_fields.push((variable.id.to_string(), attribute.attr.to_string(), value));
        }
        let emitted = emit(self);
        self.cached_fields.truncate(cached_before);
        emitted
    }

    /// The value of `attribute` read before the loop being emitted, if it was.
    pub(super) fn cached_field(&self, attribute: &ExprAttribute) -> Option<Value> {
        let Expr::Name(variable) = &*attribute.value else { return None };
        self.cached_fields.iter().rev().find(|(name, field, _)| name == variable.id.as_str() && field == attribute.attr.as_str()).map(|(_, _, value)| value.clone())
    }

    /// The `variable.field` reads of `statement` (a loop) that may be made once before it: of
    /// instance variables it does not assign, where it assigns no attribute and calls no
    /// compiled function that could.
    fn loop_invariant_fields(&mut self, statement: &Stmt) -> Result<Vec<ExprAttribute>, Diagnostic> {
        let mut effects = LoopEffects::default();
        effects.visit_stmt(statement);
        if effects.opaque || effects.reads.is_empty() {
            return Ok(Vec::new());
        }
        for call in &effects.calls {
            if self.may_change_fields(call)? {
                return Ok(Vec::new());
            }
        }
        // An instance's `x[i]` calls its `__getitem__` or `__setitem__`, and `x + y` its
        // `__add__`: compiled functions. (An operand that cannot be typed is in a branch that
        // never runs, or an error that emission reports.)
        for operand in &effects.operands {
            if matches!(self.expr_type(operand), Ok(Type::Instance(_))) {
                return Ok(Vec::new());
            }
        }
        // A property's getter or setter is a compiled function, which could change any field.
        for attribute in effects.reads.iter().copied().chain(effects.written.iter().copied()) {
            let Expr::Name(variable) = &*attribute.value else { continue };
            if !self.bindings.contains_key(variable.id.as_str()) {
                continue;
            }
            if matches!(self.expr_type(&attribute.value)?, Type::Instance(class) if class.field(attribute.attr.as_str()).is_none()) {
                return Ok(Vec::new());
            }
        }
        let mut assigned = std::collections::HashSet::new();
        crate::infer::assigned_names(std::slice::from_ref(statement), &mut assigned);
        let mut invariant: Vec<ExprAttribute> = Vec::new();
        for attribute in effects.reads {
            let Expr::Name(variable) = &*attribute.value else { continue };
            let known = invariant.iter().any(|known| known.attr.as_str() == attribute.attr.as_str() && matches!(&*known.value, Expr::Name(name) if name.id == variable.id));
            let written = effects.written.iter().any(|written| written.attr.as_str() == attribute.attr.as_str());
            if known || written || assigned.contains(variable.id.as_str()) || !self.bindings.contains_key(variable.id.as_str()) {
                continue;
            }
            if matches!(self.expr_type(&attribute.value)?, Type::Instance(class) if class.field(attribute.attr.as_str()).is_some()) {
                invariant.push(attribute.clone());
            }
        }
        Ok(invariant)
    }

    /// Whether `call` may change a field of an instance: a method or another compiled function
    /// of the user's may; NumPy's, the math library's, the built-ins and the methods of
    /// containers and arrays do not.
    fn may_change_fields(&mut self, call: &ExprCall) -> Result<bool, Diagnostic> {
        if self.walker().instance_method(call)?.is_some() {
            return Ok(true);
        }
        if self.walker().list_receiver(call)?.is_some() || self.walker().dict_receiver(call)?.is_some() || self.walker().set_receiver(call)?.is_some() {
            return Ok(false);
        }
        let bindings = &self.bindings;
        let is_local = |name: &str| bindings.contains_key(name);
        if crate::array_calls::array_call(self.module, call, &is_local)?.is_some() {
            return Ok(false);
        }
        let callee = crate::infer::resolve_callee(self.module, call, &is_local);
        if let Ok(callee) = &callee {
            // `len(x)` of an instance calls its `__len__` (`abs(x)` its `__abs__`, ...).
            if self.walker().instance_dunder(callee, call)?.is_some() {
                return Ok(true);
            }
        }
        Ok(match callee {
            Ok(Callee::Function(name) | Callee::Method(name)) => !name.starts_with("np."),
            Ok(Callee::Math(_) | Callee::Numpy(_) | Callee::Random(_) | Callee::NumpyRandom(_) | Callee::Threads(_) | Callee::Lapack(_) | Callee::Builtin(_) | Callee::TupleClass(_)) => false,
            Ok(Callee::Overload(_) | Callee::OverloadMethod(_) | Callee::Class(_)) | Err(_) => true,
        })
    }
}

/// What a loop reads and does that decides whether its fields may be read before it.
#[derive(Default)]
struct LoopEffects<'a> {
    /// Its `variable.name` reads.
    reads: Vec<&'a ExprAttribute>,
    /// The attributes it assigns or deletes.
    written: Vec<&'a ExprAttribute>,
    calls: Vec<&'a ExprCall>,
    /// What it subscripts (`x` of `x[i]`) and the operands of its operators: where an instance
    /// is, a method of its class runs.
    operands: Vec<&'a Expr>,
    /// Whether it defines a function, whose body it cannot see.
    opaque: bool,
}

impl<'a> Visitor<'a> for LoopEffects<'a> {
    fn visit_stmt(&mut self, statement: &'a Stmt) {
        // The frontend's own statements (`desugar.rs`) load what they assign: targets are told by
        // where they stand.
        let targets: Vec<&Expr> = match statement {
            Stmt::FunctionDef(_) | Stmt::ClassDef(_) => {
                self.opaque = true;
                return;
            }
            Stmt::Assign(assign) => assign.targets.iter().collect(),
            Stmt::AugAssign(assign) => {
                self.operands.extend([&*assign.target, &*assign.value]);
                vec![&*assign.target]
            }
            Stmt::AnnAssign(assign) => vec![&*assign.target],
            Stmt::Delete(delete) => delete.targets.iter().collect(),
            Stmt::For(for_loop) => vec![&*for_loop.target],
            // A `with objmode(...)` block runs in Python, where no instance is.
            Stmt::With(_) => return,
            _ => Vec::new(),
        };
        for target in targets.into_iter().flat_map(crate::versions::unpacked_targets) {
            if let Expr::Attribute(attribute) = target {
                self.written.push(attribute);
            }
        }
        visitor::walk_stmt(self, statement);
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        match expr {
            Expr::Attribute(attribute) if matches!(&*attribute.value, Expr::Name(_)) => self.reads.push(attribute),
            Expr::Call(call) => self.calls.push(call),
            Expr::Subscript(subscript) => self.operands.push(&subscript.value),
            Expr::BinOp(binary) => self.operands.extend([&*binary.left, &*binary.right]),
            Expr::UnaryOp(unary) => self.operands.push(&unary.operand),
            Expr::Compare(compare) => self.operands.extend(std::iter::once(&*compare.left).chain(compare.comparators.iter())),
            Expr::Lambda(_) => self.opaque = true,
            _ => {}
        }
        visitor::walk_expr(self, expr);
    }
}
