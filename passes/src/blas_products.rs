//! `blas-products`: linalg's named products on `f32`/`f64`/`complex<f32>`/`complex<f64>` memrefs (`linalg.matmul`, `matvec`,
//! `vecmat`, `dot`, which `lower-py` makes of `py.dot`) become calls to rumba's runtime, which calls
//! BLAS (`runtime/src/blas.rs`).
//!
//! linalg accumulates into its output, BLAS overwrites it: a product is rewritten only where a
//! `linalg.fill` of zero into the same output comes right before it (as `lower-py` emits it), and
//! that fill goes. Products inside `scf.parallel` (a `prange` body) stay loops, so that BLAS's
//! threads do not multiply the loop's, and so do those of simulated CUDA kernels, as on the GPU,
//! and every product of the GPU target's module (a kernel, marked `rumba.kernel`, and its callees).
//! The pass runs before `convert-complex-to-standard`, while complex products are still linalg's.
//! Integer products stay loops, as in NumPy. Operands are cast to fully dynamic strided memrefs,
//! one declaration per routine; the runtime reads their strides.

use crate::ir::{self, Builder};
use crate::lower_py::SIMULATED_ATTRIBUTE;
use crate::outline_cuda_kernels::KERNEL_ATTRIBUTE;
use mlir_sys::*;

const PRODUCTS: [&str; 4] = ["linalg.matmul", "linalg.matvec", "linalg.vecmat", "linalg.dot"];

pub fn blas_products(module: MlirOperation) -> Result<(), String> {
    let cuda_kernel = ir::collect_operations(module, |operation| ir::op_name(operation) == "func.func" && !ir::attribute(operation, KERNEL_ATTRIBUTE).ptr.is_null());
    if !cuda_kernel.is_empty() {
        return Ok(());
    }
    let products = ir::collect_operations(module, |operation| PRODUCTS.contains(&ir::op_name(operation).as_str()));
    for product in products {
        let Some(suffix) = element_suffix(product) else { continue };
        let Some(fill) = zero_fill_before(product) else { continue };
        if ir::has_ancestor(product, "scf.parallel") || ir::enclosing_function_has(product, SIMULATED_ATTRIBUTE) {
            continue;
        }
        let b = Builder::before(product);
        let operands = ir::operands(product);
        let routine = ir::op_name(product).trim_start_matches("linalg.").to_string();
        let name = format!("rumba_blas_{routine}_{suffix}");
        // A dot product's output is a rank-0 slot; the runtime returns the number to store there.
        let passed = if routine == "dot" { &operands[..2] } else { &operands[..] };
        let dynamic: Vec<MlirValue> = passed.iter().map(|operand| ir::fully_dynamic(&b, *operand, ir::value_type(*operand))).collect();
        let argument_types: Vec<MlirType> = dynamic.iter().map(|value| ir::value_type(*value)).collect();
        if routine == "dot" {
            let element = unsafe { mlirShapedTypeGetElementType(ir::value_type(operands[2])) };
            let sum = ir::call_external(&b, &name, &dynamic, &argument_types, Some(element))?.expect("the call has a result");
            b.create("memref.store", &[sum, operands[2]], &[], &[]);
        } else {
            ir::call_external(&b, &name, &dynamic, &argument_types, None)?;
        }
        ir::replace_operation(product, &[]);
        ir::replace_operation(fill, &[]);
    }
    Ok(())
}

/// The `linalg.fill` of a zero constant into `product`'s output right before it.
fn zero_fill_before(product: MlirOperation) -> Option<MlirOperation> {
    let output = *ir::operands(product).last()?;
    let (fill, _) = ir::uses(output).into_iter().find(|&(user, _)| {
        ir::op_name(user) == "linalg.fill" && unsafe { mlirOperationEqual(mlirOperationGetNextInBlock(user), product) }
    })?;
    let constant = ir::defining_operation(ir::operands(fill)[0])?;
    let value = ir::attribute(constant, "value");
    let zero = match ir::op_name(constant).as_str() {
        "arith.constant" => (unsafe { mlirFloatAttrGetValueDouble(value) } == 0.0),
        // `[re, im]`: both parts zero.
        "complex.constant" => (0..2).all(|part| (unsafe { mlirFloatAttrGetValueDouble(mlirArrayAttrGetElement(value, part)) } == 0.0)),
        _ => false,
    };
    zero.then_some(fill)
}

/// The runtime's name for the product's element type: `f32`, `f64`, `c64` or `c128`; `None` for
/// the others.
fn element_suffix(product: MlirOperation) -> Option<&'static str> {
    let element = unsafe { mlirShapedTypeGetElementType(ir::value_type(ir::operands(product)[0])) };
    unsafe {
        if mlirTypeIsAF32(element) {
            Some("f32")
        } else if mlirTypeIsAF64(element) {
            Some("f64")
        } else if mlirTypeIsAComplex(element) && mlirTypeIsAF64(mlirComplexTypeGetElementType(element)) {
            Some("c128")
        } else if mlirTypeIsAComplex(element) && mlirTypeIsAF32(mlirComplexTypeGetElementType(element)) {
            Some("c64")
        } else {
            None
        }
    }
}
