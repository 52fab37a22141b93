//===- PyDialect.td - the py dialect: Python semantics on scalars and arrays -===//
//
// The `py` dialect is what the rumba frontend emits: one `func.func` per specialisation of a Python
// function, with Python's semantics on typed scalars (builtin si/ui/f/i1 types; the sign lives in the
// type because Python's `//`, `%`, `>>` and comparisons depend on it) and on NumPy arrays
// (`!py.array<dtype, ndim, layout>`, reference values: views alias their base). Control flow is `scf`.
//
//===----------------------------------------------------------------------===//

#ifndef PY_DIALECT_TD
#define PY_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Py_Dialect : Dialect {
  let name = "py";
  let summary = "Python semantics on typed scalars and NumPy arrays";
  let cppNamespace = "::rumba::py";
  let useDefaultTypePrinterParser = 1;
}

class Py_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Py_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Py_ArrayType : Py_Type<"Array", "array"> {
  let summary = "a NumPy array: element type, number of dimensions, memory layout";
  let description = [{
    `!py.array<f64, 2, C>`: a strided view of `ndim` dimensions. Layout `C` promises unit stride in
    the last dimension, `F` unit stride in the first, `A` promises nothing. Arrays have reference
    semantics: `py.setitem` through one value is visible through every value viewing the same data.
  }];
  let parameters = (ins "::mlir::Type":$dtype, "unsigned":$ndim, "::mlir::StringAttr":$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Py_Scalar : AnyTypeOf<[AnySignedInteger, AnyUnsignedInteger, I1, F32, F64],
                          "Python scalar (si/ui integer, i1 bool, f32, f64)">;
def Py_Element : AnyTypeOf<[Py_Scalar, Complex<F32>, Complex<F64>],
                           "array element type (a Python scalar, complex<f32> or complex<f64>)">;
def Py_Integer : AnyTypeOf<[AnySignedInteger, AnyUnsignedInteger, I1], "Python integer or bool">;
def Py_Index : AnyTypeOf<[AnySignedInteger, AnyUnsignedInteger], "Python integer index">;
def Py_Array : Type<CPred<"::llvm::isa<::rumba::py::ArrayType>($_self)">, "py array",
                    "::rumba::py::ArrayType">;

#endif // PY_DIALECT_TD
