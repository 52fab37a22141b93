//! LLVM IR and assembly for a module in the LLVM dialect, optimised as the JIT optimises it: -O3 for
//! the host CPU's name and features.

use llvm_sys::{
    core::*,
    prelude::*,
    target::*,
    target_machine::*,
    transforms::pass_builder::*,
};
use melior::ir::Module;
use std::ffi::{CStr, CString};

fn take_message(message: *mut std::ffi::c_char) -> String {
    if message.is_null() {
        return String::new();
    }
    let text = unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned();
    unsafe { LLVMDisposeMessage(message) };
    text
}

/// What to print.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Output {
    LlvmIr,
    Assembly,
}

/// Translates `module` to LLVM IR, runs the -O3 pipeline for the host and prints IR or assembly.
pub fn emit(module: &Module, output: Output) -> Result<String, String> {
    unsafe {
        LLVM_InitializeNativeTarget();
        LLVM_InitializeNativeAsmPrinter();
        let context = LLVMContextCreate();
        let llvm_module = mlir_sys::mlirTranslateModuleToLLVMIR(module.as_operation().to_raw(), context as mlir_sys::LLVMContextRef) as LLVMModuleRef;
        if llvm_module.is_null() {
            LLVMContextDispose(context);
            return Err("translation to LLVM IR failed".into());
        }
        let result = optimise_and_print(llvm_module, output);
        LLVMDisposeModule(llvm_module);
        LLVMContextDispose(context);
        result
    }
}

unsafe fn optimise_and_print(module: LLVMModuleRef, output: Output) -> Result<String, String> {
    unsafe {
        let triple = LLVMGetDefaultTargetTriple();
        let mut target = std::ptr::null_mut();
        let mut error = std::ptr::null_mut();
        if LLVMGetTargetFromTriple(triple, &mut target, &mut error) != 0 {
            return Err(take_message(error));
        }
        let cpu = LLVMGetHostCPUName();
        let features = LLVMGetHostCPUFeatures();
        let machine = LLVMCreateTargetMachine(
            target,
            triple,
            cpu,
            features,
            LLVMCodeGenOptLevel::LLVMCodeGenLevelAggressive,
            LLVMRelocMode::LLVMRelocDefault,
            LLVMCodeModel::LLVMCodeModelJITDefault,
        );
        LLVMSetTarget(module, triple);
        let layout = LLVMCreateTargetDataLayout(machine);
        LLVMSetModuleDataLayout(module, layout);
        let options = LLVMCreatePassBuilderOptions();
        let pipeline = CString::new("default<O3>").unwrap_or_default();
        let error = LLVMRunPasses(module, pipeline.as_ptr(), machine, options);
        LLVMDisposePassBuilderOptions(options);
        let result = if !error.is_null() {
            Err(take_message(llvm_sys::error::LLVMGetErrorMessage(error)))
        } else if output == Output::LlvmIr {
            Ok(take_message(LLVMPrintModuleToString(module)))
        } else {
            let mut buffer = std::ptr::null_mut();
            let mut message = std::ptr::null_mut();
            if LLVMTargetMachineEmitToMemoryBuffer(machine, module, LLVMCodeGenFileType::LLVMAssemblyFile, &mut message, &mut buffer) != 0 {
                Err(take_message(message))
            } else {
                let start = LLVMGetBufferStart(buffer);
                let size = LLVMGetBufferSize(buffer);
                let text = String::from_utf8_lossy(std::slice::from_raw_parts(start.cast::<u8>(), size)).into_owned();
                LLVMDisposeMemoryBuffer(buffer);
                Ok(text)
            }
        };
        LLVMDisposeTargetData(layout);
        LLVMDisposeTargetMachine(machine);
        take_message(cpu);
        take_message(features);
        take_message(triple);
        result
    }
}
