/* A pass plugin for rumba-opt, as mlir-opt loads them (`--load-pass-plugin=libpy_census.so`): it
 * registers `py-census`, a pass that counts the py ops of a module and records the count in the
 * module's attribute `py_census.ops`. It uses only the MLIR C API and rumba's pass registration,
 * which rumba-opt exports, so it links against nothing:
 *
 *   cc -shared -fPIC -I/usr/lib/llvm-22/include py_census.c -o libpy_census.so
 *   rumba-opt --load-pass-plugin=./libpy_census.so --pass-pipeline='builtin.module(py-census)' in.mlir
 */

#include <stdint.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

/* mlir::PassPluginLibraryInfo (mlir/Tools/Plugins/PassPlugin.h), a plain C struct. */
typedef struct {
  uint32_t api_version;
  const char *name;
  const char *version;
  void (*register_passes)(void);
} PassPluginLibraryInfo;

/* From rumba-opt: makes a pass factory nameable in pipelines. */
extern void rumbaRegisterPass(MlirPass (*factory)(void));

static MlirWalkResult count_py_op(MlirOperation operation, void *count) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(operation));
  if (name.length > 3 && strncmp(name.data, "py.", 3) == 0)
    ++*(int64_t *)count;
  return MlirWalkResultAdvance;
}

static void run(MlirOperation module, MlirExternalPass pass, void *user_data) {
  (void)pass;
  (void)user_data;
  int64_t count = 0;
  mlirOperationWalk(module, count_py_op, &count, MlirWalkPreOrder);
  MlirContext context = mlirOperationGetContext(module);
  MlirAttribute value = mlirIntegerAttrGet(mlirIntegerTypeGet(context, 64), count);
  mlirOperationSetDiscardableAttributeByName(module, mlirStringRefCreateFromCString("py_census.ops"), value);
}

static void construct(void *user_data) { (void)user_data; }
static void destruct(void *user_data) { (void)user_data; }
static MlirLogicalResult initialize(MlirContext context, void *user_data) {
  (void)context;
  (void)user_data;
  return mlirLogicalResultSuccess();
}
static void *clone(void *user_data) { return user_data; }

static _Alignas(8) char pass_id;

static MlirPass create_py_census(void) {
  MlirExternalPassCallbacks callbacks = {construct, destruct, initialize, clone, run};
  return mlirCreateExternalPass(mlirTypeIDCreate(&pass_id), mlirStringRefCreateFromCString("PyCensus"),
                                mlirStringRefCreateFromCString("py-census"),
                                mlirStringRefCreateFromCString("Count the py ops of a module into py_census.ops"),
                                mlirStringRefCreateFromCString("builtin.module"), 0, NULL, callbacks, NULL);
}

static void register_passes(void) { rumbaRegisterPass(create_py_census); }

PassPluginLibraryInfo mlirGetPassPluginInfo(void) {
  PassPluginLibraryInfo info = {1, "py_census", "1.0", register_passes};
  return info;
}
