//! `with objmode(...)` blocks at run time (`rumba_frontend::objmode`): compiled code hands the
//! variables a block reads over as a list's words, the hook the Python extension installs runs the
//! block in Python and converts the variables it declares to their types, and they come back as a
//! new list's words. An array that comes back is copied into memory of compiled code's own, which
//! the arena holds until the outermost call returns (compiled code keeps its own reference).

use crate::abi::{element_value, push_words, Argument, ArrayArgument, Value};
use rumba_frontend::{objmode::ObjmodeSite, types::Type};
use std::sync::OnceLock;

/// Runs a block in Python on its inputs, each with its type, and hands the declared variables to
/// `keep` while the Python objects they point into are alive (an array the block made may be a
/// view of a temporary that dies with them); `false` where the block raised (the hook keeps the
/// exception, to raise it in the caller's place).
pub type Hook = fn(&ObjmodeSite, Vec<(Value, Type)>, &mut dyn FnMut(&[Argument])) -> bool;

static HOOK: OnceLock<Hook> = OnceLock::new();

/// Installs the hook that runs blocks (once per process: later ones are ignored).
pub fn install_hook(hook: Hook) {
    let _ = HOOK.set(hook);
}

/// Runs block `site` on the words of list `inputs`; the list of the declared variables' words, or
/// zero where the block raised (or no hook runs blocks: the process is not Python).
pub extern "C" fn rumba_objmode(site: i64, inputs: i64) -> i64 {
    let (Some(site), Some(hook)) = (rumba_frontend::objmode::site(site as usize), HOOK.get()) else { return 0 };
    // SAFETY: compiled code passes the live list it made of the inputs' words.
    let words = unsafe { crate::lists::words_of(inputs) };
    let mut values = Vec::new();
    let mut rest = words.iter().copied();
    for (_, input_type) in &site.inputs {
        // An array of the outermost call's arguments arrives as a copy (its Python owner is out of
        // reach here): read-only, so that a write into it is an error, not lost.
        let allocated = words.get(words.len() - rest.len());
        let copied = matches!(input_type, Type::Array(_)) && allocated.is_some_and(|&address| crate::memory::is_argument_memory(address as usize));
        let value_type = match input_type {
            Type::Array(array) if copied => Type::Array(rumba_frontend::ArrayType { readonly: true, ..*array }),
            other => other.clone(),
        };
        // SAFETY: the words are of values of the site's input types, arrays alive in the caller.
        values.push((unsafe { element_value(input_type, &mut rest, &[]) }, value_type));
    }
    let mut words = Vec::new();
    let mut keep = |outputs: &[Argument]| {
        for (output, (_, output_type)) in outputs.iter().zip(&site.outputs) {
            owned_words(output, output_type, &mut words);
        }
    };
    if !hook(&site, values, &mut keep) {
        return 0;
    }
    crate::lists::from_words(words)
}

/// The words of `output` as compiled code keeps a value of `output_type`, arrays copied.
fn owned_words(output: &Argument, output_type: &Type, words: &mut Vec<u64>) {
    match (output, output_type) {
        (Argument::Array(array), Type::Array(array_type)) => words.extend(copied_array(array, array_type.layout == rumba_dialects::Layout::F)),
        (Argument::Tuple(elements), Type::Tuple(element_types, _)) => elements.iter().zip(element_types).for_each(|(element, element_type)| owned_words(element, element_type, words)),
        (other, _) => {
            let mut typed = Vec::new();
            push_words(other, &mut typed);
            words.extend(typed.into_iter().map(|(word, _)| word));
        }
    }
}

/// A copy of `array` in new memory (in Fortran order where `fortran`), as its descriptor's words.
fn copied_array(array: &ArrayArgument, fortran: bool) -> Vec<u64> {
    let itemsize = array.dtype.size_in_bytes();
    let count: i64 = array.shape.iter().product();
    let memory = crate::memory::_mlir_memref_to_llvm_alloc((count.max(1) as usize) * itemsize).cast::<u8>();
    let ndim = array.shape.len();
    // The copy's strides, in elements.
    let mut strides = vec![1i64; ndim];
    if fortran {
        for dim in 1..ndim {
            strides[dim] = strides[dim - 1] * array.shape[dim - 1];
        }
    } else {
        for dim in (0..ndim.saturating_sub(1)).rev() {
            strides[dim] = strides[dim + 1] * array.shape[dim + 1];
        }
    }
    // Each element, in the source's index order, to its place in the copy.
    let mut index = vec![0i64; ndim];
    for _ in 0..count {
        let from: i64 = index.iter().zip(&array.byte_strides).map(|(position, stride)| position * stride).sum();
        let to: i64 = index.iter().zip(&strides).map(|(position, stride)| position * stride).sum::<i64>() * itemsize as i64;
        // SAFETY: both offsets lie inside their arrays: the index is within the shape.
        unsafe { std::ptr::copy_nonoverlapping(array.data.offset(from as isize), memory.offset(to as isize), itemsize) };
        for dim in (0..ndim).rev() {
            index[dim] += 1;
            if index[dim] < array.shape[dim] {
                break;
            }
            index[dim] = 0;
        }
    }
    crate::memory::adopt(memory as usize);
    let address = memory as u64;
    [address, address, 0].into_iter().chain(array.shape.iter().map(|&extent| extent as u64)).chain(strides.into_iter().map(|stride| stride as u64)).collect()
}

pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 1] {
    [("rumba_objmode", rumba_objmode as *mut std::ffi::c_void)]
}
