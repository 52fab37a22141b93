//! Float and complex sums of whole arrays, added in NumPy's order so that `a.sum()` gives NumPy's bits.
//!
//! NumPy sums a run of elements pairwise: runs of up to 128 elements in eight interleaved partial
//! sums, longer runs split in two (at a multiple of eight) and summed recursively. That is more
//! accurate than adding in index order, and faster: the eight partial sums are independent. The run
//! is the whole array when its elements are one contiguous block (any rank, C or Fortran order) or
//! when it has one dimension (any stride). Otherwise NumPy copies elements in memory order (axes
//! sorted by stride) into buffers of whole rows, at most 8192 elements, and adds the buffers' pairwise
//! sums in turn; so does this (NumPy's buffering has more cases, in which the last bits may differ).

use crate::complex::{Complex128, Complex64};
use std::ops::Add;

/// An element type NumPy sums pairwise: runs of up to `BLOCK` elements in `LANES` (at most 8)
/// interleaved partial sums, longer runs split in two at `first_half` and summed recursively.
trait Summand: Copy + Default + Add<Output = Self> {
    const LANES: usize;
    const BLOCK: usize;
    /// How many of `count` elements the first half of a split takes.
    fn first_half(count: usize) -> usize;
}

/// Floats: eight partial sums over runs of 128, split at a multiple of eight.
macro_rules! float_summand {
    ($float:ty) => {
        impl Summand for $float {
            const LANES: usize = 8;
            const BLOCK: usize = 128;
            fn first_half(count: usize) -> usize {
                let half = count / 2;
                half - half % 8
            }
        }
    };
}
float_summand!(f32);
float_summand!(f64);

/// Complex numbers: NumPy sums their parts as a run of twice as many floats in eight partial
/// sums, so four complex partial sums over runs of 64, split where the floats split.
macro_rules! complex_summand {
    ($complex:ty) => {
        impl Summand for $complex {
            const LANES: usize = 4;
            const BLOCK: usize = 64;
            fn first_half(count: usize) -> usize {
                (count - count % 8) / 2
            }
        }
    };
}
complex_summand!(Complex64);
complex_summand!(Complex128);

/// NumPy's default buffer size for reductions that cannot run on the array's memory directly.
const BUFFER: usize = 8192;

/// The pairwise sum of `count` elements from `first`, `stride` elements apart (NumPy's
/// `pairwise_sum`, in the element type).
///
/// # Safety
/// Every element addressed must be readable.
unsafe fn pairwise<T: Summand>(first: *const T, count: usize, stride: isize) -> T {
    let at = |index: usize| unsafe { *first.offset(index as isize * stride) };
    if count < T::LANES {
        (0..count).fold(T::default(), |sum, index| sum + at(index))
    } else if count <= T::BLOCK {
        let mut lanes = [T::default(); 8];
        let partial = &mut lanes[..T::LANES];
        for (lane, sum) in partial.iter_mut().enumerate() {
            *sum = at(lane);
        }
        let whole_blocks = count - count % T::LANES;
        for start in (T::LANES..whole_blocks).step_by(T::LANES) {
            for (lane, sum) in partial.iter_mut().enumerate() {
                *sum = *sum + at(start + lane);
            }
        }
        (whole_blocks..count).fold(tree_sum(partial), |sum, index| sum + at(index))
    } else {
        let half = T::first_half(count);
        unsafe { pairwise(first, half, stride) + pairwise(first.offset(half as isize * stride), count - half, stride) }
    }
}

/// `((p0 + p1) + (p2 + p3)) + ...`: partial sums added in pairs, as NumPy adds its lanes.
fn tree_sum<T: Summand>(partial: &[T]) -> T {
    match partial {
        [single] => *single,
        _ => {
            let (left, right) = partial.split_at(partial.len() / 2);
            tree_sum(left) + tree_sum(right)
        }
    }
}

/// The sum of the array a ranked memref descriptor of `rank` dimensions describes: `{allocated,
/// aligned, offset, sizes[rank], strides[rank]}`, sizes and strides in elements.
///
/// # Safety
/// `descriptor` must describe a live array of `T`.
unsafe fn sum<T: Summand>(rank: i64, descriptor: *const i64) -> T {
    let rank = rank as usize;
    let words = unsafe { std::slice::from_raw_parts(descriptor, 3 + 2 * rank) };
    let first = unsafe { (words[1] as *const T).offset(words[2] as isize) };
    let (sizes, strides) = (&words[3..3 + rank], &words[3 + rank..]);
    if sizes.contains(&0) {
        return T::default();
    }
    // Axes in memory order, outermost first; axes of extent 1 do not count.
    let mut axes: Vec<(usize, isize)> = sizes.iter().zip(strides).filter(|(size, _)| **size != 1).map(|(size, stride)| (*size as usize, *stride as isize)).collect();
    axes.sort_by_key(|(_, stride)| std::cmp::Reverse(stride.unsigned_abs()));
    let count: usize = axes.iter().map(|(size, _)| size).product();
    let contiguous = axes.iter().rev().try_fold(1isize, |expected, (size, stride)| (*stride == expected).then_some(expected * *size as isize)).is_some();
    match axes.as_slice() {
        [] => T::default() + unsafe { *first },
        [(size, stride)] => T::default() + unsafe { pairwise(first, *size, *stride) },
        _ if contiguous => T::default() + unsafe { pairwise(first, count, 1) },
        [outer @ .., (row, row_stride)] => {
            let rows_per_buffer = (BUFFER / row).max(1);
            let row_count = count / row;
            let mut buffer = Vec::with_capacity(rows_per_buffer * row);
            let mut position = vec![0usize; outer.len()];
            let mut total = T::default();
            for row_index in 0..row_count {
                let row_first = outer.iter().zip(&position).fold(first, |pointer, ((_, stride), index)| unsafe { pointer.offset(*index as isize * stride) });
                buffer.extend((0..*row).map(|index| unsafe { *row_first.offset(index as isize * row_stride) }));
                if buffer.len() >= BUFFER.min(rows_per_buffer * row) || row_index + 1 == row_count {
                    for chunk in buffer.chunks(BUFFER) {
                        total = total + unsafe { pairwise(chunk.as_ptr(), chunk.len(), 1) };
                    }
                    buffer.clear();
                }
                for (index, (size, _)) in position.iter_mut().zip(outer).rev() {
                    *index += 1;
                    if *index < *size {
                        break;
                    }
                    *index = 0;
                }
            }
            total
        }
    }
}

/// `a.sum()` of a float64 array, passed as an unranked memref (its rank and descriptor).
pub extern "C" fn rumba_pairwise_sum_f64(rank: i64, descriptor: *const i64) -> f64 {
    // SAFETY: compiled code passes the descriptor of a live float64 array.
    unsafe { sum(rank, descriptor) }
}

/// `a.sum()` of a float32 array, summed in float32 as NumPy does.
pub extern "C" fn rumba_pairwise_sum_f32(rank: i64, descriptor: *const i64) -> f32 {
    // SAFETY: compiled code passes the descriptor of a live float32 array.
    unsafe { sum(rank, descriptor) }
}

/// `a.sum()` of a complex64 array, its parts summed pairwise in float32 as NumPy does; returned as
/// a complex128 (exactly), since a struct of two floats is returned differently by C and by LLVM.
pub extern "C" fn rumba_pairwise_sum_c64(rank: i64, descriptor: *const i64) -> Complex128 {
    // SAFETY: compiled code passes the descriptor of a live complex64 array.
    let sum: Complex64 = unsafe { sum(rank, descriptor) };
    Complex128 { real: f64::from(sum.real), imag: f64::from(sum.imag) }
}

/// `a.sum()` of a complex128 array, its parts summed pairwise as NumPy does.
pub extern "C" fn rumba_pairwise_sum_c128(rank: i64, descriptor: *const i64) -> Complex128 {
    // SAFETY: compiled code passes the descriptor of a live complex128 array.
    unsafe { sum(rank, descriptor) }
}
