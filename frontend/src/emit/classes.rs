//! `@jitclass` instances: each is a list of the runtime holding one element, the words of its
//! fields one after another (`ClassType::field`), so that every handle to it sees its fields
//! change. A field is read and written as a list element's words are; a property runs its getter
//! or setter, and a method is a compiled function taking the instance first (`crate::classes`).

use super::{
    lists::{Place, LIST_NEW, LIST_PUSH},
    *,
};
use crate::{classes::MemberKind, types::ClassType};
use ruff_python_ast::ExprAttribute;

impl FunctionEmitter<'_, '_, '_> {
    /// A new instance of `class`, its fields zero (an array field an empty array) until its
    /// `__init__` sets them.
    pub(super) fn new_instance(&mut self, class: &Arc<ClassType>, node: &dyn Ranged) -> Result<Value, Diagnostic> {
        self.refuse_in_parallel_loop(node)?;
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
        self.refuse_in_parallel_loop(attribute)?;
        let loc = location(self.module, attribute);
        if let Some((first, field_type)) = class.field(attribute.attr.as_str()) {
            let first = self.si64(first as i64, &loc);
            return self.write_element(&Place::List { list: handle, first: &first }, value, &field_type.clone(), attribute);
        }
        let setter = crate::infer::instance_member(self.module, class, attribute, MemberKind::Setter)?;
        self.emit_compiled_call(setter, vec![Value::Instance(handle.to_string(), class.clone()), value], attribute).map(drop)
    }
}
