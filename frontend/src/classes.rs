//! The `@jitclass` classes of this process. A class is registered once, with its fields, when it
//! is decorated; its methods and properties are given later, when it is first used, so that
//! their environments are read then (as Numba reads globals at first compile). A module compiles
//! a class's members with the code that uses it (`SourceModule::include_class`).

use crate::{resolve::FunctionSource, types::{ClassType, Type}};
use std::sync::{Arc, Mutex};

/// What a member of a class is to compiled code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberKind {
    /// A method (`__init__` among them), called with the instance as its first argument.
    Method,
    /// A property's getter, run where the attribute is read.
    Getter,
    /// A property's setter, run where the attribute is assigned.
    Setter,
    /// A static method, called on the class or an instance without it.
    Static,
}

/// A method or property function of a class, compiled from its own source.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassMember {
    pub name: String,
    pub kind: MemberKind,
    pub source: Arc<FunctionSource>,
}

/// Each class registered, by its number, with its members once given.
static CLASSES: Mutex<Vec<(Arc<ClassType>, Vec<ClassMember>)>> = Mutex::new(Vec::new());

fn classes() -> std::sync::MutexGuard<'static, Vec<(Arc<ClassType>, Vec<ClassMember>)>> {
    CLASSES.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A new class of qualified name `name` with these fields; an error names a field whose type
/// an instance cannot hold.
pub fn register_class(name: &str, fields: Vec<(String, Type)>) -> Result<Arc<ClassType>, String> {
    if let Some((field, field_type)) = fields.iter().find(|(_, field_type)| !field_type.is_list_element() || field_type.has_unknown()) {
        return Err(format!("field '{field}' of jitclass {name} has type {field_type}, which a jitclass instance cannot hold"));
    }
    let mut classes = classes();
    let class = Arc::new(ClassType { name: name.to_string(), id: classes.len(), fields });
    classes.push((class.clone(), Vec::new()));
    Ok(class)
}

/// Gives class `id` its members.
pub fn define_members(id: usize, members: Vec<ClassMember>) -> Result<(), String> {
    let mut classes = classes();
    let (_, defined) = classes.get_mut(id).ok_or_else(|| format!("no jitclass has the number {id}"))?;
    *defined = members;
    Ok(())
}

/// The members given to class `id` so far.
pub fn members_of(id: usize) -> Vec<ClassMember> {
    classes().get(id).map(|(_, members)| members.clone()).unwrap_or_default()
}
