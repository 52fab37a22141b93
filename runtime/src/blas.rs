//! Products of float and complex128 arrays through BLAS (OpenBLAS, which `scripts/setup` installs, loaded on first
//! use): the `blas-products` pass makes linalg's named products calls to the
//! `_mlir_ciface_rumba_blas_*` functions here, which take the operands' memref descriptors.
//!
//! An operand is handed to BLAS where it lies when one of its strides is 1 (a C-ordered matrix as
//! it is, an F-ordered one or a transposed view as a transpose); other layouts are copied first, as
//! NumPy copies them. BLAS runs on as many threads as the calling thread's parallel loops would
//! (`set_num_threads`). Inside a parallel loop (a compiled function called from a `prange` body) the
//! product is computed on the calling thread by a plain loop instead, so that BLAS's own threads do
//! not multiply the loop's; so is a product whose extents or strides do not fit BLAS's 32-bit integers,
//! and every product where OpenBLAS is not installed.

use crate::complex::{Complex128, Complex64};
use std::ffi::{c_int, c_void, CStr};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::OnceLock;

/// A strided memref descriptor of rank `N`, as `llvm.emit_c_interface` passes it.
#[repr(C)]
pub struct StridedMemRef<T, const N: usize> {
    allocated: *mut T,
    aligned: *mut T,
    offset: i64,
    pub(crate) sizes: [i64; N],
    pub(crate) strides: [i64; N],
}

impl<T: Copy, const N: usize> StridedMemRef<T, N> {
    pub(crate) fn element(&self, index: [i64; N]) -> *mut T {
        let position = self.offset + index.iter().zip(self.strides).map(|(index, stride)| index * stride).sum::<i64>();
        unsafe { self.aligned.offset(position as isize) }
    }
}

/// CBLAS's row-major layout and its transpose flags.
const ROW_MAJOR: c_int = 101;
const NO_TRANSPOSE: c_int = 111;
const TRANSPOSE: c_int = 112;

type Gemm<T> = unsafe extern "C" fn(c_int, c_int, c_int, c_int, c_int, c_int, T, *const T, c_int, *const T, c_int, T, *mut T, c_int);
type Gemv<T> = unsafe extern "C" fn(c_int, c_int, c_int, c_int, T, *const T, c_int, *const T, c_int, T, *mut T, c_int);
type Dot<T> = unsafe extern "C" fn(c_int, *const T, c_int, *const T, c_int) -> T;
/// The complex routines take their scalars (`alpha`, `beta`) by address and give a dot product
/// through a pointer.
type ComplexGemm<T> = unsafe extern "C" fn(c_int, c_int, c_int, c_int, c_int, c_int, *const T, *const T, c_int, *const T, c_int, *const T, *mut T, c_int);
type ComplexGemv<T> = unsafe extern "C" fn(c_int, c_int, c_int, c_int, *const T, *const T, c_int, *const T, c_int, *const T, *mut T, c_int);
type ComplexDot<T> = unsafe extern "C" fn(c_int, *const T, c_int, *const T, c_int, *mut T);

/// The routines of OpenBLAS that rumba calls, loaded on first use.
pub struct OpenBlas {
    dgemm: Gemm<f64>,
    sgemm: Gemm<f32>,
    dgemv: Gemv<f64>,
    sgemv: Gemv<f32>,
    ddot: Dot<f64>,
    sdot: Dot<f32>,
    zgemm: ComplexGemm<Complex128>,
    zgemv: ComplexGemv<Complex128>,
    zdotu: ComplexDot<Complex128>,
    cgemm: ComplexGemm<Complex64>,
    cgemv: ComplexGemv<Complex64>,
    cdotu: ComplexDot<Complex64>,
    set_num_threads: unsafe extern "C" fn(c_int),
    /// The `dlopen` handle, for LAPACK's routines (`lapack.rs`).
    library: usize,
}

impl OpenBlas {
    /// The address of the library's function `name`.
    pub(crate) fn symbol(&self, name: &CStr) -> Option<*mut c_void> {
        let address = unsafe { libc::dlsym(self.library as *mut c_void, name.as_ptr()) };
        (!address.is_null()).then_some(address)
    }
}

/// The shared library `scripts/setup` installs (Debian's `libopenblas0`).
const LIBRARY: &CStr = c"libopenblas.so.0";

/// OpenBLAS, or `None` where it is not installed (products then run as plain loops).
///
/// OpenBLAS picks its kernels for the processor when it is loaded, and 0.3.21 (Debian 12's) takes
/// processors newer than it for the oldest x86-64 it knows (`Prescott`, SSE3: four times slower on
/// this project's Xeons). Unless `OPENBLAS_CORETYPE` is set already, it is set from the processor's
/// features before loading: `SkylakeX` with AVX-512, `Haswell` with AVX2 and FMA.
pub fn openblas() -> Option<&'static OpenBlas> {
    static LOADED: OnceLock<Option<OpenBlas>> = OnceLock::new();
    LOADED
        .get_or_init(|| {
            if std::env::var_os("OPENBLAS_CORETYPE").is_none() {
                if let Some(core) = core_type() {
                    // SAFETY: set once, before OpenBLAS (its only reader here) is loaded.
                    unsafe { std::env::set_var("OPENBLAS_CORETYPE", core) };
                }
            }
            let library = unsafe { libc::dlopen(LIBRARY.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
            if library.is_null() {
                return None;
            }
            let symbol = |name: &CStr| {
                let address = unsafe { libc::dlsym(library, name.as_ptr()) };
                (!address.is_null()).then_some(address)
            };
            // SAFETY: each symbol is the CBLAS or OpenBLAS function of that name and type.
            unsafe {
                Some(OpenBlas {
                    dgemm: std::mem::transmute::<*mut c_void, Gemm<f64>>(symbol(c"cblas_dgemm")?),
                    sgemm: std::mem::transmute::<*mut c_void, Gemm<f32>>(symbol(c"cblas_sgemm")?),
                    dgemv: std::mem::transmute::<*mut c_void, Gemv<f64>>(symbol(c"cblas_dgemv")?),
                    sgemv: std::mem::transmute::<*mut c_void, Gemv<f32>>(symbol(c"cblas_sgemv")?),
                    ddot: std::mem::transmute::<*mut c_void, Dot<f64>>(symbol(c"cblas_ddot")?),
                    sdot: std::mem::transmute::<*mut c_void, Dot<f32>>(symbol(c"cblas_sdot")?),
                    zgemm: std::mem::transmute::<*mut c_void, ComplexGemm<Complex128>>(symbol(c"cblas_zgemm")?),
                    zgemv: std::mem::transmute::<*mut c_void, ComplexGemv<Complex128>>(symbol(c"cblas_zgemv")?),
                    zdotu: std::mem::transmute::<*mut c_void, ComplexDot<Complex128>>(symbol(c"cblas_zdotu_sub")?),
                    cgemm: std::mem::transmute::<*mut c_void, ComplexGemm<Complex64>>(symbol(c"cblas_cgemm")?),
                    cgemv: std::mem::transmute::<*mut c_void, ComplexGemv<Complex64>>(symbol(c"cblas_cgemv")?),
                    cdotu: std::mem::transmute::<*mut c_void, ComplexDot<Complex64>>(symbol(c"cblas_cdotu_sub")?),
                    set_num_threads: std::mem::transmute::<*mut c_void, unsafe extern "C" fn(c_int)>(symbol(c"openblas_set_num_threads")?),
                    library: library as usize,
                })
            }
        })
        .as_ref()
}

fn core_type() -> Option<&'static str> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx512bw") && std::arch::is_x86_feature_detected!("avx512vl") {
            return Some("SkylakeX");
        }
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
            return Some("Haswell");
        }
    }
    None
}

/// The element types BLAS computes on: each calls its own routines, with `alpha` one and `beta`
/// zero, row-major.
pub trait BlasFloat: Copy + Default + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self> {
    /// `c = op(a) · op(b)` (`?gemm`).
    #[allow(clippy::too_many_arguments)]
    unsafe fn gemm(blas: &OpenBlas, transpose_a: c_int, transpose_b: c_int, m: c_int, n: c_int, k: c_int, a: *const Self, lda: c_int, b: *const Self, ldb: c_int, c: *mut Self, ldc: c_int);
    /// `y = op(a) · x` (`?gemv`).
    #[allow(clippy::too_many_arguments)]
    unsafe fn gemv(blas: &OpenBlas, transpose: c_int, m: c_int, n: c_int, a: *const Self, lda: c_int, x: *const Self, increment_x: c_int, y: *mut Self, increment_y: c_int);
    /// `x · y`, unconjugated (`?dot`, `zdotu`).
    unsafe fn dot(blas: &OpenBlas, n: c_int, x: *const Self, increment_x: c_int, y: *const Self, increment_y: c_int) -> Self;
}

macro_rules! real_blas {
    ($float:ty, $gemm:ident, $gemv:ident, $dot:ident) => {
        impl BlasFloat for $float {
            unsafe fn gemm(blas: &OpenBlas, transpose_a: c_int, transpose_b: c_int, m: c_int, n: c_int, k: c_int, a: *const Self, lda: c_int, b: *const Self, ldb: c_int, c: *mut Self, ldc: c_int) {
                unsafe { (blas.$gemm)(ROW_MAJOR, transpose_a, transpose_b, m, n, k, 1.0, a, lda, b, ldb, 0.0, c, ldc) }
            }
            unsafe fn gemv(blas: &OpenBlas, transpose: c_int, m: c_int, n: c_int, a: *const Self, lda: c_int, x: *const Self, increment_x: c_int, y: *mut Self, increment_y: c_int) {
                unsafe { (blas.$gemv)(ROW_MAJOR, transpose, m, n, 1.0, a, lda, x, increment_x, 0.0, y, increment_y) }
            }
            unsafe fn dot(blas: &OpenBlas, n: c_int, x: *const Self, increment_x: c_int, y: *const Self, increment_y: c_int) -> Self {
                unsafe { (blas.$dot)(n, x, increment_x, y, increment_y) }
            }
        }
    };
}
real_blas!(f64, dgemm, dgemv, ddot);
real_blas!(f32, sgemm, sgemv, sdot);

macro_rules! complex_blas {
    ($complex:ident, $gemm:ident, $gemv:ident, $dot:ident) => {
        impl BlasFloat for $complex {
            unsafe fn gemm(blas: &OpenBlas, transpose_a: c_int, transpose_b: c_int, m: c_int, n: c_int, k: c_int, a: *const Self, lda: c_int, b: *const Self, ldb: c_int, c: *mut Self, ldc: c_int) {
                let (one, zero) = ($complex { real: 1.0, imag: 0.0 }, $complex::default());
                unsafe { (blas.$gemm)(ROW_MAJOR, transpose_a, transpose_b, m, n, k, &one, a, lda, b, ldb, &zero, c, ldc) }
            }
            unsafe fn gemv(blas: &OpenBlas, transpose: c_int, m: c_int, n: c_int, a: *const Self, lda: c_int, x: *const Self, increment_x: c_int, y: *mut Self, increment_y: c_int) {
                let (one, zero) = ($complex { real: 1.0, imag: 0.0 }, $complex::default());
                unsafe { (blas.$gemv)(ROW_MAJOR, transpose, m, n, &one, a, lda, x, increment_x, &zero, y, increment_y) }
            }
            unsafe fn dot(blas: &OpenBlas, n: c_int, x: *const Self, increment_x: c_int, y: *const Self, increment_y: c_int) -> Self {
                let mut result = $complex::default();
                unsafe { (blas.$dot)(n, x, increment_x, y, increment_y, &mut result) };
                result
            }
        }
    };
}
complex_blas!(Complex128, zgemm, zgemv, zdotu);
complex_blas!(Complex64, cgemm, cgemv, cdotu);

unsafe extern "C" {
    fn omp_get_max_threads() -> c_int;
    fn omp_in_parallel() -> c_int;
}

/// OpenBLAS, given the calling thread's number of threads, unless the caller is inside a parallel
/// loop or OpenBLAS is not installed.
fn blas_for_caller() -> Option<&'static OpenBlas> {
    if unsafe { omp_in_parallel() } != 0 {
        return None;
    }
    openblas_with_callers_threads()
}

/// OpenBLAS, set to run on as many threads as the calling thread's parallel loops would.
pub(crate) fn openblas_with_callers_threads() -> Option<&'static OpenBlas> {
    static BLAS_THREADS: AtomicI32 = AtomicI32::new(0);
    let blas = openblas()?;
    let wanted = unsafe { omp_get_max_threads() }.max(1);
    if BLAS_THREADS.swap(wanted, Ordering::Relaxed) != wanted {
        unsafe { (blas.set_num_threads)(wanted) };
    }
    Some(blas)
}

fn blas_int(value: i64) -> Option<c_int> {
    c_int::try_from(value).ok()
}

/// A matrix as BLAS reads it: row-major storage of it (`transpose` false) or of its transpose, with
/// its leading dimension. `_copy` owns the elements when the array's strides fit neither.
struct Matrix<T> {
    data: *const T,
    transpose: c_int,
    leading: c_int,
    _copy: Vec<T>,
}

fn matrix<T: Copy>(array: &StridedMemRef<T, 2>) -> Option<Matrix<T>> {
    let [rows, cols] = array.sizes;
    let [row_stride, col_stride] = array.strides;
    let start = array.element([0, 0]).cast_const();
    let unit_or_single = |extent: i64, stride: i64| extent <= 1 || stride == 1;
    // A stride of a dimension of extent 1 is never followed, so any leading dimension will do there.
    let leading_for = |outer: i64, outer_stride: i64, inner: i64| if outer <= 1 { inner.max(1) } else { outer_stride };
    if unit_or_single(cols, col_stride) && (rows <= 1 || row_stride >= cols.max(1)) {
        let leading = blas_int(leading_for(rows, row_stride, cols))?;
        return Some(Matrix { data: start, transpose: NO_TRANSPOSE, leading, _copy: Vec::new() });
    }
    if unit_or_single(rows, row_stride) && (cols <= 1 || col_stride >= rows.max(1)) {
        let leading = blas_int(leading_for(cols, col_stride, rows))?;
        return Some(Matrix { data: start, transpose: TRANSPOSE, leading, _copy: Vec::new() });
    }
    let copy: Vec<T> = (0..rows).flat_map(|row| (0..cols).map(move |col| unsafe { *array.element([row, col]) })).collect();
    Some(Matrix { data: copy.as_ptr(), transpose: NO_TRANSPOSE, leading: blas_int(cols.max(1))?, _copy: copy })
}

/// A vector as BLAS reads it: a start and a positive increment, or a copy.
struct Vector<T> {
    data: *const T,
    increment: c_int,
    _copy: Vec<T>,
}

fn vector<T: Copy>(array: &StridedMemRef<T, 1>) -> Option<Vector<T>> {
    let [length] = array.sizes;
    let [stride] = array.strides;
    if length <= 1 || stride > 0 {
        let increment = if length <= 1 { 1 } else { blas_int(stride)? };
        return Some(Vector { data: array.element([0]).cast_const(), increment, _copy: Vec::new() });
    }
    let copy: Vec<T> = (0..length).map(|index| unsafe { *array.element([index]) }).collect();
    Some(Vector { data: copy.as_ptr(), increment: 1, _copy: copy })
}

fn flipped(transpose: c_int) -> c_int {
    if transpose == NO_TRANSPOSE {
        TRANSPOSE
    } else {
        NO_TRANSPOSE
    }
}

/// `c = a · b` for `a` (m × k), `b` (k × n) and a C-ordered `c` (m × n).
unsafe fn matmul<T: BlasFloat>(a: &StridedMemRef<T, 2>, b: &StridedMemRef<T, 2>, c: &StridedMemRef<T, 2>) {
    let ([m, k], [_, n]) = (a.sizes, b.sizes);
    if m == 0 || n == 0 {
        return;
    }
    // With nothing to sum, the plain loop writes the zeros.
    let blas = || -> Option<()> {
        let blas = blas_for_caller().filter(|_| k > 0)?;
        let (left, right) = (matrix(a)?, matrix(b)?);
        let (m, n, k, ldc) = (blas_int(m)?, blas_int(n)?, blas_int(k)?, blas_int(c.strides[0].max(n))?);
        unsafe { T::gemm(blas, left.transpose, right.transpose, m, n, k, left.data, left.leading, right.data, right.leading, c.element([0, 0]), ldc) };
        Some(())
    };
    if blas().is_none() {
        for row in 0..m {
            for col in 0..n {
                let sum = (0..k).fold(T::default(), |sum, index| sum + unsafe { *a.element([row, index]) * *b.element([index, col]) });
                unsafe { *c.element([row, col]) = sum };
            }
        }
    }
}

/// `y = a · x` for `a` (m × n) given as a matrix whose transpose BLAS is told to use when
/// `transpose_a` (so that `x · a` is `aᵀ · x`).
unsafe fn matvec<T: BlasFloat>(a: &StridedMemRef<T, 2>, transpose_a: bool, x: &StridedMemRef<T, 1>, y: &StridedMemRef<T, 1>) {
    let [length] = y.sizes;
    let [summed] = x.sizes;
    let entry = |out: i64, index: i64| unsafe { *if transpose_a { a.element([index, out]) } else { a.element([out, index]) } };
    let blas = || -> Option<()> {
        let blas = blas_for_caller().filter(|_| summed > 0 && length > 0)?;
        let (matrix, vector) = (matrix(a)?, vector(x)?);
        let transpose = if transpose_a { flipped(matrix.transpose) } else { matrix.transpose };
        // BLAS's m × n are the stored matrix's: `a` itself, or its transpose when it lies column-major.
        let [rows, cols] = a.sizes;
        let (stored_rows, stored_cols) = if matrix.transpose == NO_TRANSPOSE { (rows, cols) } else { (cols, rows) };
        let (stored_rows, stored_cols, increment) = (blas_int(stored_rows)?, blas_int(stored_cols)?, blas_int(y.strides[0].max(1))?);
        unsafe { T::gemv(blas, transpose, stored_rows, stored_cols, matrix.data, matrix.leading, vector.data, vector.increment, y.element([0]), increment) };
        Some(())
    };
    if blas().is_none() {
        for out in 0..length {
            let sum = (0..summed).fold(T::default(), |sum, index| sum + entry(out, index) * unsafe { *x.element([index]) });
            unsafe { *y.element([out]) = sum };
        }
    }
}

unsafe fn dot<T: BlasFloat>(x: &StridedMemRef<T, 1>, y: &StridedMemRef<T, 1>) -> T {
    let [length] = x.sizes;
    let blas = || -> Option<T> {
        let blas = blas_for_caller()?;
        let (left, right) = (vector(x)?, vector(y)?);
        Some(unsafe { T::dot(blas, blas_int(length)?, left.data, left.increment, right.data, right.increment) })
    };
    blas().unwrap_or_else(|| (0..length).fold(T::default(), |sum, index| sum + unsafe { *x.element([index]) * *y.element([index]) }))
}

macro_rules! entry_points {
    ($element:ty, $matmul:ident, $matvec:ident, $vecmat:ident) => {
        /// `linalg.matmul` on the element type.
        ///
        /// # Safety
        /// The descriptors describe live memory of the extents they give; `c` is not read.
        pub unsafe extern "C" fn $matmul(a: *const StridedMemRef<$element, 2>, b: *const StridedMemRef<$element, 2>, c: *const StridedMemRef<$element, 2>) {
            unsafe { matmul(&*a, &*b, &*c) }
        }

        /// `linalg.matvec` on the element type.
        ///
        /// # Safety
        /// As for the product of matrices.
        pub unsafe extern "C" fn $matvec(a: *const StridedMemRef<$element, 2>, x: *const StridedMemRef<$element, 1>, y: *const StridedMemRef<$element, 1>) {
            unsafe { matvec(&*a, false, &*x, &*y) }
        }

        /// `linalg.vecmat` on the element type.
        ///
        /// # Safety
        /// As for the product of matrices.
        pub unsafe extern "C" fn $vecmat(x: *const StridedMemRef<$element, 1>, a: *const StridedMemRef<$element, 2>, y: *const StridedMemRef<$element, 1>) {
            unsafe { matvec(&*a, true, &*x, &*y) }
        }

    };
}

entry_points!(f64, _mlir_ciface_rumba_blas_matmul_f64, _mlir_ciface_rumba_blas_matvec_f64, _mlir_ciface_rumba_blas_vecmat_f64);
entry_points!(f32, _mlir_ciface_rumba_blas_matmul_f32, _mlir_ciface_rumba_blas_matvec_f32, _mlir_ciface_rumba_blas_vecmat_f32);
entry_points!(Complex128, _mlir_ciface_rumba_blas_matmul_c128, _mlir_ciface_rumba_blas_matvec_c128, _mlir_ciface_rumba_blas_vecmat_c128);
entry_points!(Complex64, _mlir_ciface_rumba_blas_matmul_c64, _mlir_ciface_rumba_blas_matvec_c64, _mlir_ciface_rumba_blas_vecmat_c64);

macro_rules! real_dot {
    ($element:ty, $dot:ident) => {
        /// `linalg.dot` on the element type.
        ///
        /// # Safety
        /// As for the product of matrices.
        pub unsafe extern "C" fn $dot(x: *const StridedMemRef<$element, 1>, y: *const StridedMemRef<$element, 1>) -> $element {
            unsafe { dot(&*x, &*y) }
        }
    };
}
real_dot!(f64, _mlir_ciface_rumba_blas_dot_f64);
real_dot!(f32, _mlir_ciface_rumba_blas_dot_f32);

macro_rules! complex_dot {
    ($element:ty, $dot:ident) => {
        /// `linalg.dot` on the complex type: the C interface returns a struct (a complex number)
        /// through a pointer passed first.
        ///
        /// # Safety
        /// As for the product of matrices; `result` is writable.
        pub unsafe extern "C" fn $dot(result: *mut $element, x: *const StridedMemRef<$element, 1>, y: *const StridedMemRef<$element, 1>) {
            unsafe { *result = dot(&*x, &*y) }
        }
    };
}
complex_dot!(Complex128, _mlir_ciface_rumba_blas_dot_c128);
complex_dot!(Complex64, _mlir_ciface_rumba_blas_dot_c64);


/// The functions above under the names compiled code calls them by.
pub fn symbols() -> Vec<(&'static str, *mut std::ffi::c_void)> {
    vec![
        ("_mlir_ciface_rumba_blas_matmul_f64", _mlir_ciface_rumba_blas_matmul_f64 as *mut _),
        ("_mlir_ciface_rumba_blas_matvec_f64", _mlir_ciface_rumba_blas_matvec_f64 as *mut _),
        ("_mlir_ciface_rumba_blas_vecmat_f64", _mlir_ciface_rumba_blas_vecmat_f64 as *mut _),
        ("_mlir_ciface_rumba_blas_dot_f64", _mlir_ciface_rumba_blas_dot_f64 as *mut _),
        ("_mlir_ciface_rumba_blas_matmul_f32", _mlir_ciface_rumba_blas_matmul_f32 as *mut _),
        ("_mlir_ciface_rumba_blas_matvec_f32", _mlir_ciface_rumba_blas_matvec_f32 as *mut _),
        ("_mlir_ciface_rumba_blas_vecmat_f32", _mlir_ciface_rumba_blas_vecmat_f32 as *mut _),
        ("_mlir_ciface_rumba_blas_dot_f32", _mlir_ciface_rumba_blas_dot_f32 as *mut _),
        ("_mlir_ciface_rumba_blas_matmul_c128", _mlir_ciface_rumba_blas_matmul_c128 as *mut _),
        ("_mlir_ciface_rumba_blas_matvec_c128", _mlir_ciface_rumba_blas_matvec_c128 as *mut _),
        ("_mlir_ciface_rumba_blas_vecmat_c128", _mlir_ciface_rumba_blas_vecmat_c128 as *mut _),
        ("_mlir_ciface_rumba_blas_dot_c128", _mlir_ciface_rumba_blas_dot_c128 as *mut _),
        ("_mlir_ciface_rumba_blas_matmul_c64", _mlir_ciface_rumba_blas_matmul_c64 as *mut _),
        ("_mlir_ciface_rumba_blas_matvec_c64", _mlir_ciface_rumba_blas_matvec_c64 as *mut _),
        ("_mlir_ciface_rumba_blas_vecmat_c64", _mlir_ciface_rumba_blas_vecmat_c64 as *mut _),
        ("_mlir_ciface_rumba_blas_dot_c64", _mlir_ciface_rumba_blas_dot_c64 as *mut _),
    ]
}
