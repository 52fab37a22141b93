//===- py.cpp - registration shim, custom syntax, verifiers and folders -----===//
//
// The dialect's semantics live in the .td and in Rust passes; this file holds only what ODS asks C++
// for (type syntax, verifiers, folders, memory effects) and the C entry points Rust calls.

#include "py.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace rumba::py;

#include "PyDialect.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "PyTypes.cpp.inc"
#define GET_OP_CLASSES
#include "PyOps.cpp.inc"

void PyDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "PyTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "PyOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// !py.array<dtype, ndim, layout>
//===----------------------------------------------------------------------===//

static bool isPyScalar(Type type) {
  if (auto integer = llvm::dyn_cast<IntegerType>(type))
    return integer.getWidth() == 1 ? integer.isSignless() : !integer.isSignless();
  return type.isF32() || type.isF64();
}

/// A type an array's elements may have: a Python scalar or a complex number of two f32s or f64s.
static bool isPyElement(Type type) {
  auto complex = llvm::dyn_cast<ComplexType>(type);
  return isPyScalar(type) || (complex && (complex.getElementType().isF32() || complex.getElementType().isF64()));
}

Type ArrayType::parse(AsmParser &parser) {
  Type dtype;
  unsigned ndim = 0;
  StringRef layout;
  if (parser.parseLess() || parser.parseType(dtype) || parser.parseComma() ||
      parser.parseInteger(ndim) || parser.parseComma() || parser.parseKeyword(&layout) ||
      parser.parseGreater())
    return {};
  return ArrayType::getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                               parser.getContext(), dtype, ndim,
                               StringAttr::get(parser.getContext(), layout));
}

void ArrayType::print(AsmPrinter &printer) const {
  printer << "<" << getDtype() << ", " << getNdim() << ", " << getLayout().getValue() << ">";
}

LogicalResult ArrayType::verify(llvm::function_ref<InFlightDiagnostic()> emitError, Type dtype,
                                unsigned ndim, StringAttr layout) {
  if (!isPyElement(dtype))
    return emitError() << "array element type must be a Python scalar type, complex<f32> or complex<f64>, got " << dtype;
  StringRef value = layout.getValue();
  if (value != "C" && value != "F" && value != "A")
    return emitError() << "array layout must be C, F or A, got '" << value << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify() {
  if (getValue().getType() != getType())
    return emitOpError("value type ") << getValue().getType() << " differs from result type "
                                      << getType();
  if (!llvm::isa<IntegerAttr, FloatAttr>(getValue()))
    return emitOpError("value must be an integer or float literal");
  return success();
}

LogicalResult CmpOp::verify() {
  StringRef predicate = getPredicate();
  if (!llvm::is_contained({"lt", "le", "gt", "ge", "eq", "ne"}, predicate))
    return emitOpError("unknown predicate '") << predicate << "'";
  return success();
}

namespace {
enum MathOperands { FLOATS, NUMBERS };
struct MathFunction {
  unsigned arity;
  MathOperands operands;
};
} // namespace

LogicalResult MathOp::verify() {
  std::optional<MathFunction> function =
      llvm::StringSwitch<std::optional<MathFunction>>(getCallee())
#define PY_MATH(NAME, ARITY, OPERANDS, LOWERING) .Case(#NAME, MathFunction{ARITY, OPERANDS})
#include "MathFunctions.def"
#undef PY_MATH
          .Default(std::nullopt);
  if (!function)
    return emitOpError("unknown math function '") << getCallee() << "'";
  if (getOperands().size() != function->arity)
    return emitOpError("'") << getCallee() << "' takes " << function->arity << " operand(s), got "
                            << getOperands().size();
  for (Value operand : getOperands())
    if (operand.getType() != getType())
      return emitOpError("operand type ") << operand.getType() << " differs from result type "
                                          << getType();
  if (function->operands == FLOATS && !llvm::isa<FloatType>(getType()))
    return emitOpError("'") << getCallee() << "' works on floats, got " << getType();
  return success();
}

LogicalResult LapackOp::verify() {
  std::optional<llvm::StringRef> operands = llvm::StringSwitch<std::optional<llvm::StringRef>>(getRoutine())
#define PY_LAPACK(NAME, OPERANDS) .Case(#NAME, llvm::StringRef(OPERANDS))
#include "LapackRoutines.def"
#undef PY_LAPACK
                                                  .Default(std::nullopt);
  if (!operands)
    return emitOpError("unknown LAPACK routine '") << getRoutine() << "'";
  if (getOperands().size() != operands->size())
    return emitOpError("'") << getRoutine() << "' takes " << operands->size() << " operand(s), got "
                            << getOperands().size();
  Type element;
  for (auto [letter, operand] : llvm::zip(*operands, getOperands())) {
    Type type = operand.getType();
    auto array = llvm::dyn_cast<ArrayType>(type);
    switch (letter) {
    case 'C':
      if (!array || !llvm::isa<Float32Type, Float64Type, ComplexType>(array.getDtype()))
        return emitOpError("expects an f32, f64 or complex<f64> array, got ") << type;
      if (array.getNdim() > 1 ? array.getLayout().getValue() != "F" : array.getLayout().getValue() == "A")
        return emitOpError("expects F-ordered matrices and contiguous vectors, got ") << type;
      if (element && array.getDtype() != element)
        return emitOpError("mixes element types ") << element << " and " << array.getDtype();
      element = array.getDtype();
      break;
    case 'R': {
      Type real = element;
      if (auto complex = llvm::dyn_cast_if_present<ComplexType>(element))
        real = complex.getElementType();
      if (!array || array.getDtype() != real || !llvm::isa<Float32Type, Float64Type>(real))
        return emitOpError("expects an array of the matrices' real type ") << real << ", got " << type;
      if (array.getNdim() > 1 ? array.getLayout().getValue() != "F" : array.getLayout().getValue() == "A")
        return emitOpError("expects F-ordered matrices and contiguous vectors, got ") << type;
      break;
    }
    case 'I':
      if (!array || array.getNdim() != 1 || array.getLayout().getValue() == "A" || !array.getDtype().isSignedInteger(32))
        return emitOpError("expects a contiguous si32 vector, got ") << type;
      break;
    case 'n':
      if (!type.isSignedInteger(64))
        return emitOpError("expects an si64 option, got ") << type;
      break;
    case 'x':
      if (!type.isF64())
        return emitOpError("expects an f64 option, got ") << type;
      break;
    }
  }
  return success();
}

static LogicalResult verifyIndexing(Operation *op, ArrayType array, ValueRange indices) {
  if (indices.size() != array.getNdim())
    return op->emitOpError("indexes a ") << array.getNdim() << "-d array with " << indices.size()
                                         << " index(es)";
  return success();
}

LogicalResult GetItemOp::verify() {
  auto array = llvm::cast<ArrayType>(getArray().getType());
  if (getType() != array.getDtype())
    return emitOpError("result type ") << getType() << " differs from element type "
                                       << array.getDtype();
  return verifyIndexing(*this, array, getIndices());
}

LogicalResult SetItemOp::verify() {
  auto array = llvm::cast<ArrayType>(getArray().getType());
  if (getValue().getType() != array.getDtype())
    return emitOpError("value type ") << getValue().getType() << " differs from element type "
                                      << array.getDtype();
  return verifyIndexing(*this, array, getIndices());
}

void GetItemOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
}

void SetItemOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Write::get());
}

/// `dim` names a dimension of `array` (`py.dim`, `py.stride`).
static LogicalResult verifyDimension(Operation *op, Value array, int64_t dim) {
  unsigned ndim = llvm::cast<ArrayType>(array.getType()).getNdim();
  if (dim < 0 || dim >= static_cast<int64_t>(ndim))
    return op->emitOpError("dimension ") << dim << " is out of range for a " << ndim << "-d array";
  return success();
}

LogicalResult DimOp::verify() { return verifyDimension(*this, getArray(), getDim()); }

LogicalResult StrideOp::verify() { return verifyDimension(*this, getArray(), getDim()); }

/// An n-d array's memref descriptor is 3 + 2n words: two addresses, the offset, sizes and strides.
static LogicalResult verifyDescriptorWords(Operation *op, ArrayType array, size_t words) {
  if (words != 3 + 2 * array.getNdim())
    return op->emitOpError("a ") << array.getNdim() << "-d array's descriptor is " << 3 + 2 * array.getNdim() << " words, not " << words;
  return success();
}

LogicalResult ArrayToWordsOp::verify() { return verifyDescriptorWords(*this, llvm::cast<ArrayType>(getArray().getType()), getWords().size()); }

LogicalResult ArrayFromWordsOp::verify() { return verifyDescriptorWords(*this, llvm::cast<ArrayType>(getType()), getWords().size()); }

LogicalResult SharedArrayOp::verify() {
  if (auto ndim = llvm::cast<ArrayType>(getType()).getNdim(); ndim != 1)
    return emitOpError("makes a 1-d array, not a ") << ndim << "-d one";
  return success();
}

LogicalResult AsStridedOp::verify() {
  auto array = llvm::cast<ArrayType>(getArray().getType());
  auto result = llvm::cast<ArrayType>(getType());
  if (getShape().size() != getStrides().size())
    return emitOpError("takes as many strides as extents, got ") << getStrides().size() << " and " << getShape().size();
  if (result.getNdim() != getShape().size())
    return emitOpError("a ") << result.getNdim() << "-d view needs " << result.getNdim() << " extent(s), got " << getShape().size();
  if (result.getDtype() != array.getDtype())
    return emitOpError("views elements of ") << array.getDtype() << " as " << result.getDtype();
  if (result.getLayout().getValue() != "A")
    return emitOpError("makes views of layout A, got ") << result.getLayout().getValue();
  return success();
}

LogicalResult EmptyOp::verify() {
  auto array = llvm::cast<ArrayType>(getType());
  if (getShape().size() != array.getNdim())
    return emitOpError("a ") << array.getNdim() << "-d array needs " << array.getNdim()
                             << " extent(s), got " << getShape().size();
  if (array.getLayout().getValue() != "C")
    return emitOpError("new arrays are C-ordered, got layout ") << array.getLayout().getValue();
  return success();
}

LogicalResult FillOp::verify() {
  auto array = llvm::cast<ArrayType>(getArray().getType());
  if (getValue().getType() != array.getDtype())
    return emitOpError("value type ") << getValue().getType() << " differs from element type "
                                      << array.getDtype();
  return success();
}

LogicalResult CastOp::verify() {
  Type from = getOperand().getType(), to = getType();
  if ((from.isIndex() && llvm::isa<FloatType>(to)) || (llvm::isa<FloatType>(from) && to.isIndex()))
    return emitOpError("casts between index and float go through an integer type");
  return success();
}

LogicalResult MapOp::verify() {
  auto result = llvm::cast<ArrayType>(getType());
  Block &body = getBody().front();
  if (body.getNumArguments() != getOperands().size())
    return emitOpError("kernel takes ") << body.getNumArguments() << " element(s) for "
                                         << getOperands().size() << " operand(s)";
  for (auto [operand, argument] : llvm::zip(getOperands(), body.getArguments())) {
    Type element = operand.getType();
    if (auto array = llvm::dyn_cast<ArrayType>(element)) {
      if (array.getNdim() > result.getNdim())
        return emitOpError("array operands have at most the result's ") << result.getNdim() << " dimension(s)";
      element = array.getDtype();
    } else if (!isPyElement(element)) {
      return emitOpError("operands are arrays or Python scalars, got ") << element;
    }
    if (argument.getType() != element)
      return emitOpError("kernel argument type ") << argument.getType() << " differs from element type " << element;
  }
  auto yield = llvm::cast<YieldOp>(body.getTerminator());
  if (yield.getValue().getType() != result.getDtype())
    return emitOpError("kernel yields ") << yield.getValue().getType() << " for elements of type " << result.getDtype();
  if (result.getLayout().getValue() != "C")
    return emitOpError("new arrays are C-ordered, got layout ") << result.getLayout().getValue();
  return success();
}

/// The element type NumPy gives a sum or product of `dtype` elements: int64 (uint64) for integers.
static Type widenedForSum(Type dtype) {
  if (llvm::isa<FloatType, ComplexType>(dtype))
    return dtype;
  auto integer = llvm::cast<IntegerType>(dtype);
  return IntegerType::get(dtype.getContext(), 64, integer.isUnsigned() ? IntegerType::Unsigned : IntegerType::Signed);
}

/// Checks that `result` is a number of type `element`, or, for `ndim` > 0, a new C-ordered array of
/// `ndim` dimensions and elements of type `element`.
static LogicalResult verifyNumberOrArray(Operation *op, Type result, Type element, unsigned ndim) {
  if (ndim == 0) {
    if (result != element)
      return op->emitOpError("result type ") << result << " differs from " << element;
    return success();
  }
  auto array = llvm::dyn_cast<ArrayType>(result);
  if (!array || array.getDtype() != element || array.getNdim() != ndim || array.getLayout().getValue() != "C")
    return op->emitOpError("result type ") << result << " is not a C-ordered " << ndim << "-d array of " << element;
  return success();
}

LogicalResult ReduceOp::verify() {
  StringRef kind = getKind();
  if (!llvm::is_contained({"sum", "prod", "min", "max", "argmin", "argmax"}, kind))
    return emitOpError("unknown reduction '") << kind << "'";
  auto array = llvm::cast<ArrayType>(getArray().getType());
  Type expected = array.getDtype();
  if (llvm::isa<ComplexType>(expected) && kind != "sum" && kind != "prod")
    return emitOpError("complex arrays reduce by sum and prod only, not ") << kind;
  if (kind == "sum" || kind == "prod")
    expected = widenedForSum(expected);
  // A sum of integers may also accumulate in f64 (NumPy's mean does).
  auto resultArray = llvm::dyn_cast<ArrayType>(getType());
  Type resultElement = resultArray ? resultArray.getDtype() : getType();
  if (kind == "sum" && !llvm::isa<FloatType, ComplexType>(array.getDtype()) && llvm::isa<Float64Type>(resultElement))
    expected = resultElement;
  if (kind.starts_with("arg"))
    expected = IntegerType::get(getContext(), 64, IntegerType::Signed);
  unsigned ndim = 0;
  if (std::optional<uint64_t> axis = getAxis()) {
    if (*axis >= array.getNdim())
      return emitOpError("axis ") << *axis << " is out of range for a " << array.getNdim() << "-d array";
    ndim = array.getNdim() - 1;
  }
  return verifyNumberOrArray(*this, getType(), expected, ndim);
}

void ReduceOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
  if (getAxis())
    effects.emplace_back(MemoryEffects::Allocate::get());
}

LogicalResult DotOp::verify() {
  auto lhs = llvm::cast<ArrayType>(getLhs().getType());
  auto rhs = llvm::cast<ArrayType>(getRhs().getType());
  if (lhs.getDtype() != rhs.getDtype())
    return emitOpError("operands have element types ") << lhs.getDtype() << " and " << rhs.getDtype();
  if (lhs.getNdim() > 2 || rhs.getNdim() > 2)
    return emitOpError("operands are 1-d or 2-d arrays");
  return verifyNumberOrArray(*this, getType(), lhs.getDtype(), lhs.getNdim() + rhs.getNdim() - 2);
}

LogicalResult ArangeOp::verify() {
  return verifyNumberOrArray(*this, getType(), getStart().getType(), 1);
}

LogicalResult TransposeOp::verify() {
  auto array = llvm::cast<ArrayType>(getArray().getType());
  auto result = llvm::cast<ArrayType>(getType());
  if (array.getDtype() != result.getDtype() || array.getNdim() != result.getNdim())
    return emitOpError("result type ") << result << " has not the array's element type and dimensions";
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto array = llvm::cast<ArrayType>(getArray().getType());
  if (array.getLayout().getValue() != "C")
    return emitOpError("reshapes C-contiguous arrays, got layout ") << array.getLayout().getValue();
  auto result = llvm::cast<ArrayType>(getType());
  if (result.getDtype() != array.getDtype() || result.getNdim() != getShape().size() || result.getLayout().getValue() != "C")
    return emitOpError("result type ") << result << " is not a C-ordered " << getShape().size() << "-d array of " << array.getDtype();
  return success();
}

LogicalResult ConstantArrayOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto global = symbols.lookupNearestSymbolFrom<memref::GlobalOp>(*this, getGlobalAttr());
  // A frozen global array is constant with elements; a CUDA shared array is neither.
  bool frozen = global && global.getConstant() && global.getInitialValue();
  bool shared = global && !global.getConstant() && global.isUninitialized();
  if (!frozen && !shared)
    return emitOpError("refers to '") << getGlobal() << "', which is neither a constant memref.global with elements nor an uninitialized one";
  auto array = cast<ArrayType>(getResult().getType());
  MemRefType memref = global.getType();
  if (memref.getRank() != static_cast<int64_t>(array.getNdim()) || !memref.getLayout().isIdentity())
    return emitOpError("has ") << array.getNdim() << " dimensions, its global's type is " << memref;
  Type dtype = array.getDtype(), element = memref.getElementType();
  if (dtype.getIntOrFloatBitWidth() != element.getIntOrFloatBitWidth() || dtype.isIntOrIndex() != element.isIntOrIndex())
    return emitOpError("holds ") << dtype << ", its global holds " << element;
  return success();
}

LogicalResult ViewOp::verify() {
  auto array = llvm::cast<ArrayType>(getArray().getType());
  auto result = llvm::cast<ArrayType>(getType());
  ArrayRef<int64_t> dims = getDims();
  size_t newAxes = llvm::count(dims, -2);
  if (dims.size() - newAxes != array.getNdim())
    return emitOpError("describes ") << dims.size() - newAxes << " dimension(s) of a " << array.getNdim() << "-d array";
  unsigned bounds = 0, kept = 0;
  for (int64_t dim : dims) {
    if (dim == -1) {
      ++bounds;
    } else if (dim == -2) {
      ++kept;
    } else if (dim >= 0 && dim <= 7) {
      bounds += (dim & 1) + ((dim >> 1) & 1) + ((dim >> 2) & 1);
      ++kept;
    } else {
      return emitOpError("dimension entries are -1, -2 or a mask from 0 to 7, got ") << dim;
    }
  }
  if (bounds != getBounds().size())
    return emitOpError("expects ") << bounds << " bound(s), got " << getBounds().size();
  if (result.getNdim() != kept || result.getDtype() != array.getDtype())
    return emitOpError("result must be a ") << kept << "-d array of " << array.getDtype();
  return success();
}

LogicalResult CopyOp::verify() {
  auto source = llvm::cast<ArrayType>(getSource().getType());
  auto target = llvm::cast<ArrayType>(getTarget().getType());
  if (source.getNdim() != target.getNdim() || source.getDtype() != target.getDtype())
    return emitOpError("copies between arrays of one element type and dimension count");
  return success();
}

/// Text pieces around formatted values: one more piece than values, one spec per value, and values
/// that are numbers, or arrays written without a spec.
static LogicalResult verifyFormatted(Operation *op, ValueRange values, ArrayAttr text, ArrayAttr formats) {
  if (text.size() != values.size() + 1)
    return op->emitOpError("takes one more text piece than values, got ") << text.size() << " pieces for " << values.size() << " values";
  if (formats.size() != values.size())
    return op->emitOpError("takes one format spec per value, got ") << formats.size() << " for " << values.size() << " values";
  for (auto [value, format] : llvm::zip(values, formats)) {
    Type type = value.getType();
    if (isa<ArrayType>(type)) {
      if (!cast<StringAttr>(format).getValue().empty())
        return op->emitOpError("formats arrays with an empty spec only, got '") << cast<StringAttr>(format).getValue() << "'";
      continue;
    }
    if (!isa<IntegerType, FloatType, ComplexType>(type))
      return op->emitOpError("formats numbers and arrays, got ") << type;
  }
  return success();
}

LogicalResult RaiseOp::verify() {
  if (static_cast<int32_t>(getCode()) <= 0)
    return emitOpError("exception codes are positive, got ") << getCode();
  if (!getText())
    return getValues().empty() ? success() : emitOpError("has values to format but no text pieces");
  if (!getFormats())
    return emitOpError("has text pieces but no format specs");
  return verifyFormatted(getOperation(), getValues(), *getText(), *getFormats());
}

LogicalResult PrintOp::verify() { return verifyFormatted(getOperation(), getValues(), getText(), getFormats()); }

LogicalResult FormatOp::verify() { return verifyFormatted(getOperation(), getValues(), getText(), getFormats()); }

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult CastOp::fold(FoldAdaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  return {};
}

//===----------------------------------------------------------------------===//
// C entry points
//===----------------------------------------------------------------------===//

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Py, py, rumba::py::PyDialect)

extern "C" {

bool rumbaTypeIsPyArray(MlirType type) { return llvm::isa<ArrayType>(unwrap(type)); }

MlirType rumbaPyArrayTypeGetDtype(MlirType type) {
  return wrap(llvm::cast<ArrayType>(unwrap(type)).getDtype());
}

unsigned rumbaPyArrayTypeGetNdim(MlirType type) {
  return llvm::cast<ArrayType>(unwrap(type)).getNdim();
}

char rumbaPyArrayTypeGetLayout(MlirType type) {
  return llvm::cast<ArrayType>(unwrap(type)).getLayout().getValue().front();
}

/// Whether `op` has no effect besides its results (MLIR's `isPure`: speculatable, no memory effects).
bool rumbaOperationIsPure(MlirOperation op) { return mlir::isPure(unwrap(op)); }

/// Whether the op registered as `name` has the `SameOperandsAndResultType` trait.
bool rumbaOperationNameKeepsOperandType(MlirContext context, MlirStringRef name) {
  std::optional<RegisteredOperationName> info = RegisteredOperationName::lookup(unwrap(name), unwrap(context));
  return info && info->hasTrait<OpTrait::SameOperandsAndResultType>();
}

/// Makes a pass built in Rust (an external pass) nameable in textual pipelines and in rumba-opt.
void rumbaRegisterPass(MlirPass (*factory)()) {
  mlir::registerPass([factory]() { return std::unique_ptr<mlir::Pass>(unwrap(factory())); });
}

/// mlir-opt's driver with every upstream dialect, extension and pass plus the py dialect.
int rumbaOptMain(int argc, char **argv) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registry.insert<PyDialect>();
  registerAllPasses();
  return asMainReturnCode(MlirOptMain(argc, argv, "rumba-opt: the rumba optimizer driver\n", registry));
}

} // extern "C"
