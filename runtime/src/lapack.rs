//! The LAPACK routines `py.lapack` calls (`dialects/py/LapackRoutines.def`), from OpenBLAS's
//! LAPACK: `_mlir_ciface_rumba_lapack_<s|d|z><routine>` for each; the complex ones call LAPACK's
//! Hermitian and unitary routines where those are the real ones' counterparts (`zheevd` for
//! `syevd`, `zungqr` for `orgqr`), and take real vectors where those are real (eigenvalues,
//! singular values; `R` in `LapackRoutines.def`). The prelude's `np.linalg`
//! functions (`frontend/src/prelude/numpy.py`) hand them F-ordered matrices and contiguous vectors
//! they made, and read LAPACK's `info` back.
//!
//! Each takes memref descriptors and options, queries the workspace it needs, and returns `info`:
//! 0 on success, LAPACK's positive codes (a singular factor, a matrix that is not positive
//! definite, no convergence), or a negative one where LAPACK refused an argument.
//! [`UNAVAILABLE`] is returned where OpenBLAS is not installed or an extent does not fit LAPACK's
//! 32-bit integers.

use crate::{
    blas::{openblas_with_callers_threads, StridedMemRef},
    complex::Complex128,
};
use std::ffi::{c_char, c_int, c_void, CString};

/// `info` where the routine could not be called at all.
pub const UNAVAILABLE: i64 = -1_000_000;

type Matrix<T> = StridedMemRef<T, 2>;
type Vector<T> = StridedMemRef<T, 1>;

/// A routine that cannot run: OpenBLAS is missing, or an extent is beyond 32 bits.
struct Unavailable;

impl From<std::num::TryFromIntError> for Unavailable {
    fn from(_: std::num::TryFromIntError) -> Self {
        Unavailable
    }
}

/// The element types LAPACK computes on: the letter its routines' names start with.
pub trait LapackFloat: Copy + Default {
    const LETTER: char;
    fn to_workspace_size(self) -> usize;
    fn from_f64(value: f64) -> Self;
}

impl LapackFloat for f64 {
    const LETTER: char = 'd';
    fn to_workspace_size(self) -> usize {
        self.max(1.0) as usize
    }
    fn from_f64(value: f64) -> f64 {
        value
    }
}

impl LapackFloat for f32 {
    const LETTER: char = 's';
    fn to_workspace_size(self) -> usize {
        // A single-precision size query may round down; LAPACK's own fix is one ulp up.
        (self * (1.0 + f32::EPSILON)).max(1.0) as usize
    }
    fn from_f64(value: f64) -> f32 {
        value as f32
    }
}

impl LapackFloat for Complex128 {
    const LETTER: char = 'z';
    fn to_workspace_size(self) -> usize {
        self.real.max(1.0) as usize
    }
    fn from_f64(value: f64) -> Complex128 {
        Complex128 { real: value, imag: 0.0 }
    }
}

/// The address of LAPACK's `<letter><routine>_`, with OpenBLAS given the caller's threads.
fn routine<T: LapackFloat>(name: &str) -> Result<*mut c_void, Unavailable> {
    let blas = openblas_with_callers_threads().ok_or(Unavailable)?;
    let symbol = CString::new(format!("{}{name}_", T::LETTER)).map_err(|_| Unavailable)?;
    blas.symbol(&symbol).ok_or(Unavailable)
}

fn int(value: i64) -> Result<c_int, Unavailable> {
    Ok(c_int::try_from(value)?)
}

/// A matrix's extents and leading dimension (F order: unit stride down a column).
fn columns<T: Copy>(matrix: &Matrix<T>) -> Result<(c_int, c_int, c_int), Unavailable> {
    let [rows, cols] = matrix.sizes;
    let leading = if cols <= 1 { rows.max(1) } else { matrix.strides[1].max(rows).max(1) };
    Ok((int(rows)?, int(cols)?, int(leading)?))
}

fn start<T: Copy, const N: usize>(array: &StridedMemRef<T, N>) -> *mut T {
    array.element([0; N])
}

fn char_flag(flag: u8) -> c_char {
    flag as c_char
}

/// Runs `call` with a workspace of the size the query (`call` with `lwork = -1`) reported.
fn with_workspace<T: LapackFloat>(mut call: impl FnMut(*mut T, c_int)) -> Result<(), Unavailable> {
    let mut size = T::default();
    call(&mut size, -1);
    let mut work = vec![T::default(); size.to_workspace_size()];
    call(work.as_mut_ptr(), int(work.len() as i64)?);
    Ok(())
}

type Getrf<T> = unsafe extern "C" fn(*const c_int, *const c_int, *mut T, *const c_int, *mut c_int, *mut c_int);
type Getri<T> = unsafe extern "C" fn(*const c_int, *mut T, *const c_int, *const c_int, *mut T, *const c_int, *mut c_int);
type Getrs<T> = unsafe extern "C" fn(*const c_char, *const c_int, *const c_int, *const T, *const c_int, *const c_int, *mut T, *const c_int, *mut c_int, usize);
type Potrf<T> = unsafe extern "C" fn(*const c_char, *const c_int, *mut T, *const c_int, *mut c_int, usize);
type Syevd<T> = unsafe extern "C" fn(*const c_char, *const c_char, *const c_int, *mut T, *const c_int, *mut T, *mut T, *const c_int, *mut c_int, *const c_int, *mut c_int, usize, usize);
type Gesdd<T> = unsafe extern "C" fn(*const c_char, *const c_int, *const c_int, *mut T, *const c_int, *mut T, *mut T, *const c_int, *mut T, *const c_int, *mut T, *const c_int, *mut c_int, *mut c_int, usize);
type Geqrf<T> = unsafe extern "C" fn(*const c_int, *const c_int, *mut T, *const c_int, *mut T, *mut T, *const c_int, *mut c_int);
type Orgqr<T> = unsafe extern "C" fn(*const c_int, *const c_int, *const c_int, *mut T, *const c_int, *const T, *mut T, *const c_int, *mut c_int);
type Geev<T> = unsafe extern "C" fn(*const c_char, *const c_char, *const c_int, *mut T, *const c_int, *mut T, *mut T, *mut T, *const c_int, *mut T, *const c_int, *mut T, *const c_int, *mut c_int, usize, usize);
type Gelsd<T> = unsafe extern "C" fn(*const c_int, *const c_int, *const c_int, *mut T, *const c_int, *mut T, *const c_int, *mut T, *const T, *mut c_int, *mut T, *const c_int, *mut c_int, *mut c_int);
type Z = Complex128;
type Heevd = unsafe extern "C" fn(*const c_char, *const c_char, *const c_int, *mut Z, *const c_int, *mut f64, *mut Z, *const c_int, *mut f64, *const c_int, *mut c_int, *const c_int, *mut c_int, usize, usize);
type Zgesdd = unsafe extern "C" fn(*const c_char, *const c_int, *const c_int, *mut Z, *const c_int, *mut f64, *mut Z, *const c_int, *mut Z, *const c_int, *mut Z, *const c_int, *mut f64, *mut c_int, *mut c_int, usize);
type Zgeev = unsafe extern "C" fn(*const c_char, *const c_char, *const c_int, *mut Z, *const c_int, *mut Z, *mut Z, *const c_int, *mut Z, *const c_int, *mut Z, *const c_int, *mut f64, *mut c_int, usize, usize);
type Zgelsd = unsafe extern "C" fn(*const c_int, *const c_int, *const c_int, *mut Z, *const c_int, *mut Z, *const c_int, *mut f64, *const f64, *mut c_int, *mut Z, *const c_int, *mut f64, *mut c_int, *mut c_int);

/// The routine `name` as a function of type `F`.
///
/// # Safety
/// `F` is the type of LAPACK's routine of that name.
unsafe fn lapack<T: LapackFloat, F: Copy>(name: &str) -> Result<F, Unavailable> {
    let address = routine::<T>(name)?;
    Ok(unsafe { std::mem::transmute_copy::<*mut c_void, F>(&address) })
}

fn info_of(result: Result<c_int, Unavailable>) -> i64 {
    result.map_or(UNAVAILABLE, i64::from)
}

/// LU factorisation with partial pivoting, in place; `pivots` gets min(m, n) 1-based row swaps.
unsafe fn getrf<T: LapackFloat>(a: &Matrix<T>, pivots: &Vector<i32>) -> i64 {
    info_of((|| {
        let getrf: Getrf<T> = unsafe { lapack::<T, _>("getrf")? };
        let (m, n, lda) = columns(a)?;
        let mut info = 0;
        unsafe { getrf(&m, &n, start(a), &lda, start(pivots), &mut info) };
        Ok(info)
    })())
}

/// The inverse from `getrf`'s factors, in place.
unsafe fn getri<T: LapackFloat>(a: &Matrix<T>, pivots: &Vector<i32>) -> i64 {
    info_of((|| {
        let getri: Getri<T> = unsafe { lapack::<T, _>("getri")? };
        let (n, _, lda) = columns(a)?;
        let mut info = 0;
        with_workspace::<T>(|work, lwork| unsafe { getri(&n, start(a), &lda, start(pivots), work, &lwork, &mut info) })?;
        Ok(info)
    })())
}

/// Solves `a x = b` from `getrf`'s factors of `a`; `b` becomes `x`.
unsafe fn getrs<T: LapackFloat>(a: &Matrix<T>, pivots: &Vector<i32>, b: &Matrix<T>) -> i64 {
    info_of((|| {
        let getrs: Getrs<T> = unsafe { lapack::<T, _>("getrs")? };
        let ((n, _, lda), (_, nrhs, ldb)) = (columns(a)?, columns(b)?);
        let mut info = 0;
        unsafe { getrs(&char_flag(b'N'), &n, &nrhs, start(a), &lda, start(pivots), start(b), &ldb, &mut info, 1) };
        Ok(info)
    })())
}

/// The Cholesky factor `L` in the lower triangle (the upper one is left as it was).
unsafe fn potrf<T: LapackFloat>(a: &Matrix<T>) -> i64 {
    info_of((|| {
        let potrf: Potrf<T> = unsafe { lapack::<T, _>("potrf")? };
        let (n, _, lda) = columns(a)?;
        let mut info = 0;
        unsafe { potrf(&char_flag(b'L'), &n, start(a), &lda, &mut info, 1) };
        Ok(info)
    })())
}

/// Eigenvalues of a symmetric matrix (its lower triangle) in ascending order into `w`; with
/// `vectors` non-zero, `a` becomes the eigenvectors (columns).
unsafe fn syevd<T: LapackFloat>(a: &Matrix<T>, w: &Vector<T>, vectors: i64) -> i64 {
    info_of((|| {
        let syevd: Syevd<T> = unsafe { lapack::<T, _>("syevd")? };
        let (n, _, lda) = columns(a)?;
        let jobz = char_flag(if vectors != 0 { b'V' } else { b'N' });
        let (mut info, mut iwork_size) = (0, 0);
        let mut size = T::default();
        unsafe { syevd(&jobz, &char_flag(b'L'), &n, start(a), &lda, start(w), &mut size, &-1, &mut iwork_size, &-1, &mut info, 1, 1) };
        let mut work = vec![T::default(); size.to_workspace_size()];
        let mut iwork = vec![0; iwork_size.max(1) as usize];
        let (lwork, liwork) = (int(work.len() as i64)?, int(iwork.len() as i64)?);
        unsafe { syevd(&jobz, &char_flag(b'L'), &n, start(a), &lda, start(w), work.as_mut_ptr(), &lwork, iwork.as_mut_ptr(), &liwork, &mut info, 1, 1) };
        Ok(info)
    })())
}

/// Singular values into `s` (descending); `a` is overwritten. `mode` 0: values only; 1: `u` (m × m)
/// and `vt` (n × n) too; 2: the reduced `u` (m × k) and `vt` (k × n).
unsafe fn gesdd<T: LapackFloat>(a: &Matrix<T>, s: &Vector<T>, u: &Matrix<T>, vt: &Matrix<T>, mode: i64) -> i64 {
    info_of((|| {
        let gesdd: Gesdd<T> = unsafe { lapack::<T, _>("gesdd")? };
        let ((m, n, lda), (_, _, ldu), (_, _, ldvt)) = (columns(a)?, columns(u)?, columns(vt)?);
        let jobz = char_flag(match mode {
            0 => b'N',
            1 => b'A',
            _ => b'S',
        });
        let mut iwork = vec![0; 8 * m.min(n).max(1) as usize];
        let mut info = 0;
        with_workspace::<T>(|work, lwork| unsafe {
            gesdd(&jobz, &m, &n, start(a), &lda, start(s), start(u), &ldu, start(vt), &ldvt, work, &lwork, iwork.as_mut_ptr(), &mut info, 1)
        })?;
        Ok(info)
    })())
}

/// QR factorisation in place: `R` in the upper triangle, the reflectors below it and in `tau`.
unsafe fn geqrf<T: LapackFloat>(a: &Matrix<T>, tau: &Vector<T>) -> i64 {
    info_of((|| {
        let geqrf: Geqrf<T> = unsafe { lapack::<T, _>("geqrf")? };
        let (m, n, lda) = columns(a)?;
        let mut info = 0;
        with_workspace::<T>(|work, lwork| unsafe { geqrf(&m, &n, start(a), &lda, start(tau), work, &lwork, &mut info) })?;
        Ok(info)
    })())
}

/// The first n columns of `Q` from `geqrf`'s reflectors (`a`'s, `tau`'s length of them), in place;
/// `name` is `orgqr`, or `ungqr` for complex matrices.
unsafe fn orgqr<T: LapackFloat>(name: &str, a: &Matrix<T>, tau: &Vector<T>) -> i64 {
    info_of((|| {
        let orgqr: Orgqr<T> = unsafe { lapack::<T, _>(name)? };
        let ((m, n, lda), k) = (columns(a)?, int(tau.sizes[0])?);
        let mut info = 0;
        with_workspace::<T>(|work, lwork| unsafe { orgqr(&m, &n, &k, start(a), &lda, start(tau), work, &lwork, &mut info) })?;
        Ok(info)
    })())
}

/// Eigenvalues of a general matrix (real parts into `wr`, imaginary into `wi`); with `vectors`
/// non-zero, the right eigenvectors into `vr` as LAPACK packs them. `a` is overwritten.
unsafe fn geev<T: LapackFloat>(a: &Matrix<T>, wr: &Vector<T>, wi: &Vector<T>, vr: &Matrix<T>, vectors: i64) -> i64 {
    info_of((|| {
        let geev: Geev<T> = unsafe { lapack::<T, _>("geev")? };
        let ((n, _, lda), (_, _, ldvr)) = (columns(a)?, columns(vr)?);
        let jobvr = char_flag(if vectors != 0 { b'V' } else { b'N' });
        let mut unused_left = T::default();
        let mut info = 0;
        with_workspace::<T>(|work, lwork| unsafe {
            geev(&char_flag(b'N'), &jobvr, &n, start(a), &lda, start(wr), start(wi), &mut unused_left, &1, start(vr), &ldvr, work, &lwork, &mut info, 1, 1)
        })?;
        Ok(info)
    })())
}

/// Least squares by SVD: `b` (max(m, n) × nrhs) becomes the solution in its first n rows; `s`
/// gets the singular values and `rank[0]` the effective rank below `rcond`.
unsafe fn gelsd<T: LapackFloat>(a: &Matrix<T>, b: &Matrix<T>, s: &Vector<T>, rcond: f64, rank: &Vector<i32>) -> i64 {
    info_of((|| {
        let gelsd: Gelsd<T> = unsafe { lapack::<T, _>("gelsd")? };
        let ((m, n, lda), (_, nrhs, ldb)) = (columns(a)?, columns(b)?);
        let rcond = T::from_f64(rcond);
        let (mut info, mut iwork_size) = (0, 0);
        let mut size = T::default();
        unsafe { gelsd(&m, &n, &nrhs, start(a), &lda, start(b), &ldb, start(s), &rcond, start(rank), &mut size, &-1, &mut iwork_size, &mut info) };
        let mut work = vec![T::default(); size.to_workspace_size()];
        let mut iwork = vec![0; iwork_size.max(1) as usize];
        let lwork = int(work.len() as i64)?;
        unsafe { gelsd(&m, &n, &nrhs, start(a), &lda, start(b), &ldb, start(s), &rcond, start(rank), work.as_mut_ptr(), &lwork, iwork.as_mut_ptr(), &mut info) };
        Ok(info)
    })())
}

/// `syevd` of a Hermitian matrix (`zheevd`): real eigenvalues, complex eigenvectors.
unsafe fn heevd(a: &Matrix<Z>, w: &Vector<f64>, vectors: i64) -> i64 {
    info_of((|| {
        let heevd: Heevd = unsafe { lapack::<Z, _>("heevd")? };
        let (n, _, lda) = columns(a)?;
        let jobz = char_flag(if vectors != 0 { b'V' } else { b'N' });
        let (mut info, mut iwork_size) = (0, 0);
        let (mut size, mut rwork_size) = (Z::default(), 0.0);
        unsafe { heevd(&jobz, &char_flag(b'L'), &n, start(a), &lda, start(w), &mut size, &-1, &mut rwork_size, &-1, &mut iwork_size, &-1, &mut info, 1, 1) };
        let mut work = vec![Z::default(); size.to_workspace_size()];
        let mut rwork = vec![0.0; rwork_size.to_workspace_size()];
        let mut iwork = vec![0; iwork_size.max(1) as usize];
        let (lwork, lrwork, liwork) = (int(work.len() as i64)?, int(rwork.len() as i64)?, int(iwork.len() as i64)?);
        unsafe { heevd(&jobz, &char_flag(b'L'), &n, start(a), &lda, start(w), work.as_mut_ptr(), &lwork, rwork.as_mut_ptr(), &lrwork, iwork.as_mut_ptr(), &liwork, &mut info, 1, 1) };
        Ok(info)
    })())
}

/// `gesdd` of a complex matrix: real singular values, complex `u` and `vt` (`vt` is `V^H`).
unsafe fn zgesdd(a: &Matrix<Z>, s: &Vector<f64>, u: &Matrix<Z>, vt: &Matrix<Z>, mode: i64) -> i64 {
    info_of((|| {
        let gesdd: Zgesdd = unsafe { lapack::<Z, _>("gesdd")? };
        let ((m, n, lda), (_, _, ldu), (_, _, ldvt)) = (columns(a)?, columns(u)?, columns(vt)?);
        let jobz = char_flag(match mode {
            0 => b'N',
            1 => b'A',
            _ => b'S',
        });
        let (small, large) = (m.min(n).max(1) as usize, m.max(n).max(1) as usize);
        // LAPACK's documented minimum for `rwork`.
        let rwork_size = if mode == 0 { 7 * small } else { (5 * small * small + 5 * small).max(2 * large * small + 2 * small * small + small) };
        let mut rwork = vec![0.0; rwork_size];
        let mut iwork = vec![0; 8 * small];
        let mut info = 0;
        with_workspace::<Z>(|work, lwork| unsafe {
            gesdd(&jobz, &m, &n, start(a), &lda, start(s), start(u), &ldu, start(vt), &ldvt, work, &lwork, rwork.as_mut_ptr(), iwork.as_mut_ptr(), &mut info, 1)
        })?;
        Ok(info)
    })())
}

/// `geev` of a complex matrix: the eigenvalues' real parts into `wr` and imaginary parts into `wi`
/// (as the real routine's), the right eigenvectors (complex) into `vr`.
unsafe fn zgeev(a: &Matrix<Z>, wr: &Vector<f64>, wi: &Vector<f64>, vr: &Matrix<Z>, vectors: i64) -> i64 {
    info_of((|| {
        let geev: Zgeev = unsafe { lapack::<Z, _>("geev")? };
        let ((n, _, lda), (_, _, ldvr)) = (columns(a)?, columns(vr)?);
        let jobvr = char_flag(if vectors != 0 { b'V' } else { b'N' });
        let mut w = vec![Z::default(); n as usize];
        let mut rwork = vec![0.0; 2 * n.max(1) as usize];
        let mut unused_left = Z::default();
        let mut info = 0;
        with_workspace::<Z>(|work, lwork| unsafe {
            geev(&char_flag(b'N'), &jobvr, &n, start(a), &lda, w.as_mut_ptr(), &mut unused_left, &1, start(vr), &ldvr, work, &lwork, rwork.as_mut_ptr(), &mut info, 1, 1)
        })?;
        for (i, value) in w.iter().enumerate() {
            unsafe {
                *wr.element([i as i64]) = value.real;
                *wi.element([i as i64]) = value.imag;
            }
        }
        Ok(info)
    })())
}

/// `gelsd` of complex matrices: real singular values into `s`.
unsafe fn zgelsd(a: &Matrix<Z>, b: &Matrix<Z>, s: &Vector<f64>, rcond: f64, rank: &Vector<i32>) -> i64 {
    info_of((|| {
        let gelsd: Zgelsd = unsafe { lapack::<Z, _>("gelsd")? };
        let ((m, n, lda), (_, nrhs, ldb)) = (columns(a)?, columns(b)?);
        let (mut info, mut iwork_size) = (0, 0);
        let (mut size, mut rwork_size) = (Z::default(), 0.0);
        unsafe { gelsd(&m, &n, &nrhs, start(a), &lda, start(b), &ldb, start(s), &rcond, start(rank), &mut size, &-1, &mut rwork_size, &mut iwork_size, &mut info) };
        let mut work = vec![Z::default(); size.to_workspace_size()];
        let mut rwork = vec![0.0; rwork_size.to_workspace_size()];
        let mut iwork = vec![0; iwork_size.max(1) as usize];
        let lwork = int(work.len() as i64)?;
        unsafe { gelsd(&m, &n, &nrhs, start(a), &lda, start(b), &ldb, start(s), &rcond, start(rank), work.as_mut_ptr(), &lwork, rwork.as_mut_ptr(), iwork.as_mut_ptr(), &mut info) };
        Ok(info)
    })())
}

/// The entry points of the routines whose complex forms have the real forms' signatures.
macro_rules! common_entry_points {
    ($element:ty, $getrf:ident, $getri:ident, $getrs:ident, $potrf:ident, $geqrf:ident) => {
        /// # Safety
        /// Every descriptor describes live memory of the extents it gives, as `LapackRoutines.def` types them.
        pub unsafe extern "C" fn $getrf(a: *const Matrix<$element>, pivots: *const Vector<i32>) -> i64 {
            unsafe { getrf(&*a, &*pivots) }
        }
        /// # Safety
        /// As for `getrf`.
        pub unsafe extern "C" fn $getri(a: *const Matrix<$element>, pivots: *const Vector<i32>) -> i64 {
            unsafe { getri(&*a, &*pivots) }
        }
        /// # Safety
        /// As for `getrf`.
        pub unsafe extern "C" fn $getrs(a: *const Matrix<$element>, pivots: *const Vector<i32>, b: *const Matrix<$element>) -> i64 {
            unsafe { getrs(&*a, &*pivots, &*b) }
        }
        /// # Safety
        /// As for `getrf`.
        pub unsafe extern "C" fn $potrf(a: *const Matrix<$element>) -> i64 {
            unsafe { potrf(&*a) }
        }
        /// # Safety
        /// As for `getrf`.
        pub unsafe extern "C" fn $geqrf(a: *const Matrix<$element>, tau: *const Vector<$element>) -> i64 {
            unsafe { geqrf(&*a, &*tau) }
        }
    };
}

macro_rules! entry_points {
    ($element:ty, $getrf:ident, $getri:ident, $getrs:ident, $potrf:ident, $syevd:ident, $gesdd:ident, $geqrf:ident, $orgqr:ident, $geev:ident, $gelsd:ident) => {
        common_entry_points!($element, $getrf, $getri, $getrs, $potrf, $geqrf);
        /// # Safety
        /// As for `getrf`.
        pub unsafe extern "C" fn $syevd(a: *const Matrix<$element>, w: *const Vector<$element>, vectors: i64) -> i64 {
            unsafe { syevd(&*a, &*w, vectors) }
        }
        /// # Safety
        /// As for `getrf`.
        pub unsafe extern "C" fn $gesdd(a: *const Matrix<$element>, s: *const Vector<$element>, u: *const Matrix<$element>, vt: *const Matrix<$element>, mode: i64) -> i64 {
            unsafe { gesdd(&*a, &*s, &*u, &*vt, mode) }
        }
        /// # Safety
        /// As for `getrf`.
        pub unsafe extern "C" fn $orgqr(a: *const Matrix<$element>, tau: *const Vector<$element>) -> i64 {
            unsafe { orgqr("orgqr", &*a, &*tau) }
        }
        /// # Safety
        /// As for `getrf`.
        pub unsafe extern "C" fn $geev(a: *const Matrix<$element>, wr: *const Vector<$element>, wi: *const Vector<$element>, vr: *const Matrix<$element>, vectors: i64) -> i64 {
            unsafe { geev(&*a, &*wr, &*wi, &*vr, vectors) }
        }
        /// # Safety
        /// As for `getrf`.
        pub unsafe extern "C" fn $gelsd(a: *const Matrix<$element>, b: *const Matrix<$element>, s: *const Vector<$element>, rcond: f64, rank: *const Vector<i32>) -> i64 {
            unsafe { gelsd(&*a, &*b, &*s, rcond, &*rank) }
        }
    };
}

entry_points!(
    f64,
    _mlir_ciface_rumba_lapack_dgetrf,
    _mlir_ciface_rumba_lapack_dgetri,
    _mlir_ciface_rumba_lapack_dgetrs,
    _mlir_ciface_rumba_lapack_dpotrf,
    _mlir_ciface_rumba_lapack_dsyevd,
    _mlir_ciface_rumba_lapack_dgesdd,
    _mlir_ciface_rumba_lapack_dgeqrf,
    _mlir_ciface_rumba_lapack_dorgqr,
    _mlir_ciface_rumba_lapack_dgeev,
    _mlir_ciface_rumba_lapack_dgelsd
);
entry_points!(
    f32,
    _mlir_ciface_rumba_lapack_sgetrf,
    _mlir_ciface_rumba_lapack_sgetri,
    _mlir_ciface_rumba_lapack_sgetrs,
    _mlir_ciface_rumba_lapack_spotrf,
    _mlir_ciface_rumba_lapack_ssyevd,
    _mlir_ciface_rumba_lapack_sgesdd,
    _mlir_ciface_rumba_lapack_sgeqrf,
    _mlir_ciface_rumba_lapack_sorgqr,
    _mlir_ciface_rumba_lapack_sgeev,
    _mlir_ciface_rumba_lapack_sgelsd
);

common_entry_points!(
    Complex128,
    _mlir_ciface_rumba_lapack_zgetrf,
    _mlir_ciface_rumba_lapack_zgetri,
    _mlir_ciface_rumba_lapack_zgetrs,
    _mlir_ciface_rumba_lapack_zpotrf,
    _mlir_ciface_rumba_lapack_zgeqrf
);

/// # Safety
/// As for `getrf`.
pub unsafe extern "C" fn _mlir_ciface_rumba_lapack_zsyevd(a: *const Matrix<Z>, w: *const Vector<f64>, vectors: i64) -> i64 {
    unsafe { heevd(&*a, &*w, vectors) }
}
/// # Safety
/// As for `getrf`.
pub unsafe extern "C" fn _mlir_ciface_rumba_lapack_zgesdd(a: *const Matrix<Z>, s: *const Vector<f64>, u: *const Matrix<Z>, vt: *const Matrix<Z>, mode: i64) -> i64 {
    unsafe { zgesdd(&*a, &*s, &*u, &*vt, mode) }
}
/// # Safety
/// As for `getrf`.
pub unsafe extern "C" fn _mlir_ciface_rumba_lapack_zorgqr(a: *const Matrix<Z>, tau: *const Vector<Z>) -> i64 {
    unsafe { orgqr("ungqr", &*a, &*tau) }
}
/// # Safety
/// As for `getrf`.
pub unsafe extern "C" fn _mlir_ciface_rumba_lapack_zgeev(a: *const Matrix<Z>, wr: *const Vector<f64>, wi: *const Vector<f64>, vr: *const Matrix<Z>, vectors: i64) -> i64 {
    unsafe { zgeev(&*a, &*wr, &*wi, &*vr, vectors) }
}
/// # Safety
/// As for `getrf`.
pub unsafe extern "C" fn _mlir_ciface_rumba_lapack_zgelsd(a: *const Matrix<Z>, b: *const Matrix<Z>, s: *const Vector<f64>, rcond: f64, rank: *const Vector<i32>) -> i64 {
    unsafe { zgelsd(&*a, &*b, &*s, rcond, &*rank) }
}

/// The functions above under the names compiled code calls them by.
pub fn symbols() -> Vec<(&'static str, *mut c_void)> {
    vec![
        ("_mlir_ciface_rumba_lapack_dgetrf", _mlir_ciface_rumba_lapack_dgetrf as *mut _),
        ("_mlir_ciface_rumba_lapack_dgetri", _mlir_ciface_rumba_lapack_dgetri as *mut _),
        ("_mlir_ciface_rumba_lapack_dgetrs", _mlir_ciface_rumba_lapack_dgetrs as *mut _),
        ("_mlir_ciface_rumba_lapack_dpotrf", _mlir_ciface_rumba_lapack_dpotrf as *mut _),
        ("_mlir_ciface_rumba_lapack_dsyevd", _mlir_ciface_rumba_lapack_dsyevd as *mut _),
        ("_mlir_ciface_rumba_lapack_dgesdd", _mlir_ciface_rumba_lapack_dgesdd as *mut _),
        ("_mlir_ciface_rumba_lapack_dgeqrf", _mlir_ciface_rumba_lapack_dgeqrf as *mut _),
        ("_mlir_ciface_rumba_lapack_dorgqr", _mlir_ciface_rumba_lapack_dorgqr as *mut _),
        ("_mlir_ciface_rumba_lapack_dgeev", _mlir_ciface_rumba_lapack_dgeev as *mut _),
        ("_mlir_ciface_rumba_lapack_dgelsd", _mlir_ciface_rumba_lapack_dgelsd as *mut _),
        ("_mlir_ciface_rumba_lapack_sgetrf", _mlir_ciface_rumba_lapack_sgetrf as *mut _),
        ("_mlir_ciface_rumba_lapack_sgetri", _mlir_ciface_rumba_lapack_sgetri as *mut _),
        ("_mlir_ciface_rumba_lapack_sgetrs", _mlir_ciface_rumba_lapack_sgetrs as *mut _),
        ("_mlir_ciface_rumba_lapack_spotrf", _mlir_ciface_rumba_lapack_spotrf as *mut _),
        ("_mlir_ciface_rumba_lapack_ssyevd", _mlir_ciface_rumba_lapack_ssyevd as *mut _),
        ("_mlir_ciface_rumba_lapack_sgesdd", _mlir_ciface_rumba_lapack_sgesdd as *mut _),
        ("_mlir_ciface_rumba_lapack_sgeqrf", _mlir_ciface_rumba_lapack_sgeqrf as *mut _),
        ("_mlir_ciface_rumba_lapack_sorgqr", _mlir_ciface_rumba_lapack_sorgqr as *mut _),
        ("_mlir_ciface_rumba_lapack_sgeev", _mlir_ciface_rumba_lapack_sgeev as *mut _),
        ("_mlir_ciface_rumba_lapack_sgelsd", _mlir_ciface_rumba_lapack_sgelsd as *mut _),
        ("_mlir_ciface_rumba_lapack_zgetrf", _mlir_ciface_rumba_lapack_zgetrf as *mut _),
        ("_mlir_ciface_rumba_lapack_zgetri", _mlir_ciface_rumba_lapack_zgetri as *mut _),
        ("_mlir_ciface_rumba_lapack_zgetrs", _mlir_ciface_rumba_lapack_zgetrs as *mut _),
        ("_mlir_ciface_rumba_lapack_zpotrf", _mlir_ciface_rumba_lapack_zpotrf as *mut _),
        ("_mlir_ciface_rumba_lapack_zsyevd", _mlir_ciface_rumba_lapack_zsyevd as *mut _),
        ("_mlir_ciface_rumba_lapack_zgesdd", _mlir_ciface_rumba_lapack_zgesdd as *mut _),
        ("_mlir_ciface_rumba_lapack_zgeqrf", _mlir_ciface_rumba_lapack_zgeqrf as *mut _),
        ("_mlir_ciface_rumba_lapack_zorgqr", _mlir_ciface_rumba_lapack_zorgqr as *mut _),
        ("_mlir_ciface_rumba_lapack_zgeev", _mlir_ciface_rumba_lapack_zgeev as *mut _),
        ("_mlir_ciface_rumba_lapack_zgelsd", _mlir_ciface_rumba_lapack_zgelsd as *mut _),
    ]
}

#[cfg(test)]
mod tests {
    /// Every routine `LapackRoutines.def` lists has its entry points here, for f32, f64 and
    /// complex<f64> matrices.
    #[test]
    fn every_listed_routine_has_entry_points() {
        let symbols: Vec<&str> = super::symbols().into_iter().map(|(name, _)| name).collect();
        let routines = rumba_dialects::lapack_routines();
        for routine in routines {
            for letter in ['s', 'd', 'z'] {
                let name = format!("_mlir_ciface_rumba_lapack_{letter}{}", routine.name);
                assert!(symbols.contains(&name.as_str()), "{name} is missing");
            }
        }
        assert_eq!(symbols.len(), 3 * routines.len());
    }
}
