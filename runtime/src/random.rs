//! The random numbers compiled code draws (`random.random()`, `np.random.random()`, `random.seed(n)`):
//! one xoshiro256++ generator per thread, so `prange` iterations on different threads draw
//! independent streams, as Numba's per-thread generators do. A thread's generator starts from a
//! seed mixed from the clock and the thread's address; `seed(n)` restarts the calling thread's.

use std::{cell::Cell, time::SystemTime};

thread_local! {
    static STATE: Cell<[u64; 4]> = Cell::new(initial_state());
}

/// SplitMix64, which expands one 64-bit seed into the generator's 256 bits of state.
fn expand(mut seed: u64) -> [u64; 4] {
    let mut next = || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    [next(), next(), next(), next()]
}

fn initial_state() -> [u64; 4] {
    let clock = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_nanos() as u64);
    let marker = 0u8;
    expand(clock ^ (&marker as *const u8 as u64).rotate_left(32))
}

fn next_u64() -> u64 {
    STATE.with(|cell| {
        let mut s = cell.get();
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        cell.set(s);
        result
    })
}

/// A float uniformly drawn from [0, 1), with 53 random bits.
pub extern "C" fn rumba_random() -> f64 {
    (next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Restarts the calling thread's generator from `seed`.
pub extern "C" fn rumba_seed(seed: i64) {
    STATE.with(|cell| cell.set(expand(seed as u64)));
}

/// The symbols compiled code calls, by name, for the JIT to resolve.
pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 2] {
    [("rumba_random", rumba_random as *mut std::ffi::c_void), ("rumba_seed", rumba_seed as *mut std::ffi::c_void)]
}
