//===- py.h - C++ declarations generated from the py dialect's ODS ----------===//

#ifndef RUMBA_PY_H
#define RUMBA_PY_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir-c/IR.h"

#include "PyDialect.h.inc"
#define GET_TYPEDEF_CLASSES
#include "PyTypes.h.inc"
#define GET_OP_CLASSES
#include "PyOps.h.inc"

extern "C" {
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Py, py);
}

#endif // RUMBA_PY_H
