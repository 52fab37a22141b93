//! Python's operators on `@jitclass` instances in compiled code, as Numba's jitclasses have them:
//! `a + b` calls `a.__add__(b)`, or `b.__radd__(a)` where only the right operand is an instance;
//! `a += b` calls `__iadd__`, or `__add__` without it; `a < b` calls `__lt__` (or the reflected
//! `b.__gt__(a)`), `a != b` calls `__ne__`, or negates `__eq__`; `-a`, `+a` and `~a` call
//! `__neg__`, `__pos__` and `__invert__`; `x in a` calls `__contains__`. A missing method is a
//! located error naming it. Emission calls the chosen method as any compiled function.

use crate::{
    diagnostics::Diagnostic,
    infer::TypeWalker,
    resolve::MemberKind,
    types::{ClassType, Type},
};
use ruff_python_ast::{CmpOp, ExprCompare, Operator, UnaryOp};
use ruff_text_size::Ranged;

/// The compiled method an operator on instances calls, and how.
#[derive(Clone, Debug)]
pub(crate) struct InstanceOperator {
    /// The function compiled for the method.
    pub method: String,
    /// The method is the right operand's (reflected): the operands are passed the other way round.
    pub swapped: bool,
    /// The result is negated (`!=` of a class with `__eq__` only).
    pub negated: bool,
}

/// A binary operator's method and its reflected method.
fn binary_methods(op: Operator) -> (&'static str, &'static str, &'static str) {
    match op {
        Operator::Add => ("__add__", "__radd__", "__iadd__"),
        Operator::Sub => ("__sub__", "__rsub__", "__isub__"),
        Operator::Mult => ("__mul__", "__rmul__", "__imul__"),
        Operator::MatMult => ("__matmul__", "__rmatmul__", "__imatmul__"),
        Operator::Div => ("__truediv__", "__rtruediv__", "__itruediv__"),
        Operator::FloorDiv => ("__floordiv__", "__rfloordiv__", "__ifloordiv__"),
        Operator::Mod => ("__mod__", "__rmod__", "__imod__"),
        Operator::Pow => ("__pow__", "__rpow__", "__ipow__"),
        Operator::LShift => ("__lshift__", "__rlshift__", "__ilshift__"),
        Operator::RShift => ("__rshift__", "__rrshift__", "__irshift__"),
        Operator::BitOr => ("__or__", "__ror__", "__ior__"),
        Operator::BitXor => ("__xor__", "__rxor__", "__ixor__"),
        Operator::BitAnd => ("__and__", "__rand__", "__iand__"),
    }
}

/// A comparison's method and the method of the right operand that answers it reflected.
fn compare_methods(op: CmpOp) -> Option<(&'static str, &'static str)> {
    Some(match op {
        CmpOp::Eq => ("__eq__", "__eq__"),
        CmpOp::NotEq => ("__ne__", "__ne__"),
        CmpOp::Lt => ("__lt__", "__gt__"),
        CmpOp::LtE => ("__le__", "__ge__"),
        CmpOp::Gt => ("__gt__", "__lt__"),
        CmpOp::GtE => ("__ge__", "__le__"),
        _ => return None,
    })
}

impl TypeWalker<'_, '_> {
    fn instance_method_named(&self, class: &ClassType, name: &str) -> Option<String> {
        self.module.class_member(class, name, MemberKind::Method).map(str::to_string)
    }

    /// `left op right` (`left op= right` when `in_place`) where an operand is an instance: the
    /// method it calls; `None` where neither is one.
    pub(crate) fn instance_binary(&self, op: Operator, (left, right): (&Type, &Type), in_place: bool, node: &dyn Ranged) -> Result<Option<InstanceOperator>, Diagnostic> {
        let (method, reflected, augmented) = binary_methods(op);
        let found = match (left, right) {
            (Type::Instance(class), _) => {
                let own = in_place.then(|| self.instance_method_named(class, augmented)).flatten();
                own.or_else(|| self.instance_method_named(class, method)).map(|method| InstanceOperator { method, swapped: false, negated: false })
            }
            _ => None,
        };
        let found = found.or_else(|| match right {
            Type::Instance(class) => self.instance_method_named(class, reflected).map(|method| InstanceOperator { method, swapped: true, negated: false }),
            _ => None,
        });
        match (found, left, right) {
            (Some(found), ..) => Ok(Some(found)),
            (None, Type::Instance(class), _) | (None, _, Type::Instance(class)) => {
                Err(self.module.typing(node, format!("unsupported operand types for {}: {left} and {right} (jitclass {} has no method '{method}')", op.as_str(), class.short_name())))
            }
            (None, ..) => Ok(None),
        }
    }

    /// `compare` (of one operator) where an operand is an instance: the method it calls.
    pub(crate) fn instance_comparison(&mut self, compare: &ExprCompare) -> Result<Option<InstanceOperator>, Diagnostic> {
        let left = self.expr_type(&compare.left)?;
        let right = self.expr_type(&compare.comparators[0])?;
        self.instance_compare(compare.ops[0], (&left, &right), compare)
    }

    /// `left op right` of a comparison where an operand is an instance: the method it calls.
    pub(crate) fn instance_compare(&self, op: CmpOp, (left, right): (&Type, &Type), node: &dyn Ranged) -> Result<Option<InstanceOperator>, Diagnostic> {
        if !matches!(left, Type::Instance(_)) && !matches!(right, Type::Instance(_)) {
            return Ok(None);
        }
        if op == CmpOp::In || op == CmpOp::NotIn {
            let Type::Instance(class) = right else {
                return Err(self.module.unsupported(node, format!("'{}' with a jitclass instance on the left is not supported", op.as_str())));
            };
            let method = self.instance_method_named(class, "__contains__").ok_or_else(|| self.module.typing(node, format!("jitclass {} has no method '__contains__'", class.short_name())))?;
            return Ok(Some(InstanceOperator { method, swapped: true, negated: op == CmpOp::NotIn }));
        }
        let Some((method, reflected)) = compare_methods(op) else {
            return Err(self.module.unsupported(node, format!("'{}' of jitclass instances is not supported", op.as_str())));
        };
        let of = |operand: &Type, name: &str| match operand {
            Type::Instance(class) => self.instance_method_named(class, name),
            _ => None,
        };
        let found = of(left, method)
            .map(|method| InstanceOperator { method, swapped: false, negated: false })
            .or_else(|| of(right, reflected).map(|method| InstanceOperator { method, swapped: true, negated: false }))
            .or_else(|| (op == CmpOp::NotEq).then(|| of(left, "__eq__").map(|method| InstanceOperator { method, swapped: false, negated: true })).flatten())
            .or_else(|| (op == CmpOp::NotEq).then(|| of(right, "__eq__").map(|method| InstanceOperator { method, swapped: true, negated: true })).flatten());
        match found {
            Some(found) => Ok(Some(found)),
            // Python compares instances without `__eq__` by identity, which compiled code has not.
            None => Err(self.module.unsupported(node, format!("'{}' of {left} and {right} needs the method '{method}'", op.as_str()))),
        }
    }

    /// The type of what `operator` gives for operands of `operands`' types, in source order.
    pub(crate) fn instance_operator_type(&mut self, operator: &InstanceOperator, mut operands: Vec<Type>, node: &dyn Ranged) -> Result<Type, Diagnostic> {
        if operator.swapped {
            operands.reverse();
        }
        let index = self.specialisations.specialise(&operator.method, &operands, node)?;
        let result = self.called_result(index, node)?;
        if operator.negated && !matches!(result, Type::Scalar(_)) {
            return Err(self.module.typing(node, format!("'!=' negates what '__eq__' gives, a number or bool, not {result}")));
        }
        Ok(if operator.negated { Type::Scalar(crate::types::Scalar::Bool) } else { result })
    }

    /// `op operand` of an instance: the method it calls.
    pub(crate) fn instance_unary(&self, op: UnaryOp, class: &ClassType, node: &dyn Ranged) -> Result<InstanceOperator, Diagnostic> {
        let method = match op {
            UnaryOp::USub => "__neg__",
            UnaryOp::UAdd => "__pos__",
            UnaryOp::Invert => "__invert__",
            UnaryOp::Not => return Err(self.module.unsupported(node, format!("the truth value of a jitclass {} instance is not supported", class.short_name()))),
        };
        let method = self.instance_method_named(class, method).ok_or_else(|| self.module.typing(node, format!("bad operand type for unary {}: jitclass {} has no method '{method}'", op.as_str(), class.short_name())))?;
        Ok(InstanceOperator { method, swapped: false, negated: false })
    }
}
