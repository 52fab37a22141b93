//! Python's `slice.indices`, for the runtime's slicing of lists and strings.

/// The element indices `[start:stop:step]` selects in a sequence of `length` items, with Python's
/// `slice.indices`: bit 0 of `given` says whether `start` was given, bit 1 `stop`; a zero `step`
/// (already an error in IR) is taken as 1. Also the clamped `start` and `stop`.
pub fn slice_indices(length: i64, start: i64, stop: i64, step: i64, given: i64) -> (impl Iterator<Item = i64>, i64, i64) {
    let step = if step == 0 { 1 } else { step };
    let clamp = |value: i64, low: i64, high: i64| {
        let value = if value < 0 { value + length } else { value };
        value.clamp(low, high)
    };
    let (low, high) = if step > 0 { (0, length) } else { (-1, length - 1) };
    let start = if given & 1 != 0 { clamp(start, low, high) } else if step > 0 { 0 } else { length - 1 };
    let stop = if given & 2 != 0 { clamp(stop, low, high) } else if step > 0 { length } else { -1 };
    let indices = std::iter::successors(Some(start), move |index| Some(index + step)).take_while(move |&index| (step > 0 && index < stop) || (step < 0 && index > stop));
    (indices, start, stop)
}
