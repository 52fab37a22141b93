//! `with objmode(...)` blocks (`crate::objmode`): the variables the block reads go to the runtime
//! as the words of a list, the runtime runs the block in Python (`runtime/src/objmode.rs`) and
//! gives back a list of the declared variables' words, or none where the block raised.

use super::{
    lists::{Place, LIST_NEW},
    *,
};
use crate::objmode::{block_source, register, ObjmodeSite, OBJMODE_EXCEPTION};
use ruff_python_ast::StmtWith;

const OBJMODE: RuntimeFunction = ("rumba_objmode", "(si64, si64) -> si64");

impl FunctionEmitter<'_, '_, '_> {
    pub(super) fn emit_objmode(&mut self, with: &StmtWith) -> Result<(), Diagnostic> {
        let module = self.module;
        let Some(block) = self.walker().objmode_block(with)? else {
            return Err(module.unsupported(with, format!("unsupported statement: {}", crate::infer::statement_name(&Stmt::With(with.clone())))));
        };
        if self.in_parallel_loop {
            return Err(module.unsupported(with, "an objmode block inside a prange body is not supported"));
        }
        let Some((source, start)) = block_source(&module.file.text, with) else {
            return Err(module.unsupported(with, "the source of this objmode block is not available"));
        };
        let loc = location(module, with);
        let inputs = self.call_runtime(LIST_NEW, &[], &loc);
        let mut input_types = Vec::new();
        for (read, python_name) in block.inputs {
            let value = self.emit_expr(&Expr::Name(read.clone()))?;
            let runtime_type = value.value_type().runtime();
            self.push_element(&inputs, value, &runtime_type, with)?;
            input_types.push((python_name, runtime_type));
        }
        let place = module.file.locate(start);
        let site = register(ObjmodeSite {
            source,
            file_name: place.file,
            first_line: place.line,
            inputs: input_types,
            outputs: block.outputs.iter().map(|(_, name, declared)| (name.clone(), declared.clone())).collect(),
            owner: 0,
        });
        let site = self.si64(site as i64, &loc);
        let outputs = self.call_runtime(OBJMODE, &[site, inputs], &loc);
        let none = self.si64(0, &loc);
        let raised = self.op(format!("py.cmp \"eq\", {outputs}, {none} : si64 {loc}"));
        self.raise_if(&raised, OBJMODE_EXCEPTION, "the objmode block raised in Python", with)?;
        let (start, mut offset) = (self.si64(0, &loc), 0);
        for (target, _, declared) in block.outputs {
            let value = self.read_element(&Place::List { list: &outputs, first: &start }, &declared, &mut offset, &loc);
            self.assign(target, value, &loc)?;
        }
        Ok(())
    }
}
