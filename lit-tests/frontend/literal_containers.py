# A dict display with constant string keys and values of different types is Numba's literal dict:
# rumba keeps it as the tuple of its values, so `record["scale"]` is the second value itself (the
# parameter, converted to f64 once) with no runtime dict made or searched, and `"count" in record`
# is a constant. A list display of items of different types is a tuple of them as well.
# RUN: %rumba emit %s --function f --signature '(int64)' --stage py | %FileCheck %s

# CHECK-LABEL: func.func @f__si64(%arg0: si64) -> (i32, f64)
# CHECK-NOT: rumba_dict
# CHECK-NOT: rumba_list
# CHECK: %[[SCALE:[0-9]+]] = py.cast %arg0 : si64 to f64
# CHECK: memref.store %[[SCALE]], %[[SLOT:alloca_[0-9]+]][] : memref<f64>
# CHECK: %[[FOUND:[0-9]+]] = py.constant true
# CHECK-NEXT: scf.if %[[FOUND]]
# CHECK: %[[READ:[0-9]+]] = memref.load %[[SLOT]][] : memref<f64>
# CHECK: py.mul %[[READ]], %{{[0-9]+}} : f64
# CHECK-NOT: rumba_dict
def f(n):
    record = {"name": "probe", "scale": float(n), "count": n}
    items = [n, "a"]
    if "count" in record:
        return record["scale"] * 2.0 + len(items)
    return 0.0
