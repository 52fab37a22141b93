//! The random numbers compiled code draws. Each thread has two Mersenne Twisters (MT19937), as
//! Numba's: one for Python's `random` module and one for `np.random`, so that `prange` iterations
//! on different threads draw independent streams. Seeded, each gives its library's own sequence:
//! `random.seed(n)` seeds as CPython does (`init_by_array` of `n`'s 32-bit words), and
//! `np.random.seed(n)` as NumPy's legacy `RandomState` (`init_genrand`), whose Gaussian (the polar
//! method, keeping the second value) and bounded integers (masked rejection) are reproduced here.
//! Unseeded, a thread's generators start from the clock and the thread's address.

use std::{cell::UnsafeCell, time::SystemTime};

const STATE_WORDS: usize = 624;
const SHIFT_WORDS: usize = 397;

struct Mt19937 {
    words: [u32; STATE_WORDS],
    /// The next word to temper; `STATE_WORDS` when the words need a twist first, and
    /// `UNSEEDED` before the generator is first used.
    position: usize,
    /// The polar method's second normal deviate, kept for the next draw (NumPy's legacy gauss).
    kept_gauss: Option<f64>,
}

const UNSEEDED: usize = usize::MAX;

impl Mt19937 {
    /// A generator that seeds itself from the clock when first drawn from: a constant, so that
    /// the thread-local needs no lazy initialisation on every draw.
    const fn unseeded() -> Self {
        Self { words: [0; STATE_WORDS], position: UNSEEDED, kept_gauss: None }
    }

    /// `init_genrand`: NumPy's legacy seeding.
    fn from_seed(seed: u32) -> Self {
        let mut words = [0u32; STATE_WORDS];
        words[0] = seed;
        for i in 1..STATE_WORDS {
            words[i] = 1_812_433_253u32.wrapping_mul(words[i - 1] ^ (words[i - 1] >> 30)).wrapping_add(i as u32);
        }
        Self { words, position: STATE_WORDS, kept_gauss: None }
    }

    /// `init_by_array`: CPython's seeding by the words of the seed.
    fn from_key(key: &[u32]) -> Self {
        let mut generator = Self::from_seed(19_650_218);
        let words = &mut generator.words;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..STATE_WORDS.max(key.len()) {
            let previous = words[i - 1] ^ (words[i - 1] >> 30);
            words[i] = (words[i] ^ previous.wrapping_mul(1_664_525)).wrapping_add(key[j]).wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= STATE_WORDS {
                words[0] = words[STATE_WORDS - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..STATE_WORDS - 1 {
            let previous = words[i - 1] ^ (words[i - 1] >> 30);
            words[i] = (words[i] ^ previous.wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= STATE_WORDS {
                words[0] = words[STATE_WORDS - 1];
                i = 1;
            }
        }
        words[0] = 0x8000_0000;
        generator
    }

    fn from_clock() -> Self {
        let clock = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_nanos() as u64);
        let marker = 0u8;
        let mixed = clock ^ (&marker as *const u8 as u64).rotate_left(32);
        Self::from_key(&[mixed as u32, (mixed >> 32) as u32])
    }

    fn twist(&mut self) {
        let words = &mut self.words;
        let mix = |upper: u32, lower: u32| {
            let y = (upper & 0x8000_0000) | (lower & 0x7fff_ffff);
            (y >> 1) ^ if y & 1 == 1 { 0x9908_b0df } else { 0 }
        };
        for i in 0..STATE_WORDS - SHIFT_WORDS {
            words[i] = words[i + SHIFT_WORDS] ^ mix(words[i], words[i + 1]);
        }
        for i in STATE_WORDS - SHIFT_WORDS..STATE_WORDS - 1 {
            words[i] = words[i + SHIFT_WORDS - STATE_WORDS] ^ mix(words[i], words[i + 1]);
        }
        words[STATE_WORDS - 1] = words[SHIFT_WORDS - 1] ^ mix(words[STATE_WORDS - 1], words[0]);
        self.position = 0;
    }

    #[inline]
    fn next_u32(&mut self) -> u32 {
        if self.position >= STATE_WORDS {
            if self.position == UNSEEDED {
                *self = Self::from_clock();
            }
            self.twist();
        }
        let mut y = self.words[self.position];
        self.position += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    fn next_u64(&mut self) -> u64 {
        let high = self.next_u32() as u64;
        (high << 32) | self.next_u32() as u64
    }

    /// A float in [0, 1) from 53 random bits (CPython's `random()`, NumPy's `random_sample()`).
    fn next_double(&mut self) -> f64 {
        let (high, low) = (self.next_u32() >> 5, self.next_u32() >> 6);
        (high as f64 * 67_108_864.0 + low as f64) / 9_007_199_254_740_992.0
    }

    /// A standard normal deviate by the polar method, two at a time (NumPy's `legacy_gauss`).
    fn gauss(&mut self) -> f64 {
        if let Some(kept) = self.kept_gauss.take() {
            return kept;
        }
        loop {
            let x1 = 2.0 * self.next_double() - 1.0;
            let x2 = 2.0 * self.next_double() - 1.0;
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                let factor = (-2.0 * r2.ln() / r2).sqrt();
                self.kept_gauss = Some(factor * x1);
                return factor * x2;
            }
        }
    }

    /// A uniform integer in [0, `largest`], by masked rejection on 32 or 64 bits (NumPy's legacy
    /// bounded integers and `random_interval`).
    fn bounded(&mut self, largest: u64) -> u64 {
        if largest == 0 {
            return 0;
        }
        let mask = u64::MAX >> largest.leading_zeros();
        loop {
            let value = if largest <= u32::MAX as u64 { self.next_u32() as u64 & mask } else { self.next_u64() & mask };
            if value <= largest {
                return value;
            }
        }
    }
}

thread_local! {
    static PYTHON: UnsafeCell<Mt19937> = const { UnsafeCell::new(Mt19937::unseeded()) };
    static NUMPY: UnsafeCell<Mt19937> = const { UnsafeCell::new(Mt19937::unseeded()) };
}

/// Runs `draw` on the calling thread's generator in `generator`.
#[inline]
fn with<T>(generator: &'static std::thread::LocalKey<UnsafeCell<Mt19937>>, draw: impl FnOnce(&mut Mt19937) -> T) -> T {
    // SAFETY: the generator is the calling thread's own, and `draw` (code of this file) does not
    // reach it again while it runs.
    generator.with(|cell| draw(unsafe { &mut *cell.get() }))
}

/// `random.random()`.
pub extern "C" fn rumba_random() -> f64 {
    with(&PYTHON, Mt19937::next_double)
}

/// `random.seed(n)`: CPython's key is the words of `|n|`, least significant first (`[0]` for 0).
pub extern "C" fn rumba_seed(seed: i64) {
    let magnitude = seed.unsigned_abs();
    let key: Vec<u32> = if magnitude >> 32 == 0 { vec![magnitude as u32] } else { vec![magnitude as u32, (magnitude >> 32) as u32] };
    with(&PYTHON, |generator| *generator = Mt19937::from_key(&key));
}

/// `random.getrandbits(bits)` for `bits` in [0, 64] (the caller checks): CPython's words, least
/// significant first, the last one's top bits.
pub extern "C" fn rumba_getrandbits(bits: i64) -> i64 {
    with(&PYTHON, |generator| draw_bits(generator, bits as u32)) as i64
}

/// `random.randrange`'s draw in [0, `count`) for `count` > 0: CPython's
/// `_randbelow_with_getrandbits`, redrawing as many bits as `count` has until one is below it.
pub extern "C" fn rumba_randbelow(count: i64) -> i64 {
    let count = count as u64;
    let bits = u64::BITS - count.leading_zeros();
    with(&PYTHON, |generator| loop {
        let drawn = draw_bits(generator, bits);
        if drawn < count {
            return drawn as i64;
        }
    })
}

fn draw_bits(generator: &mut Mt19937, bits: u32) -> u64 {
    match bits {
        0 => 0,
        1..=32 => u64::from(generator.next_u32() >> (32 - bits)),
        _ => {
            let low = u64::from(generator.next_u32());
            let high = u64::from(generator.next_u32() >> (64 - bits));
            high << 32 | low
        }
    }
}

/// `np.random.random()`.
pub extern "C" fn rumba_np_random() -> f64 {
    with(&NUMPY, Mt19937::next_double)
}

/// `np.random.standard_normal()`.
pub extern "C" fn rumba_np_gauss() -> f64 {
    with(&NUMPY, Mt19937::gauss)
}

/// A uniform integer in [0, `largest`] (`largest` taken as unsigned), for `np.random.randint` and
/// shuffles.
pub extern "C" fn rumba_np_bounded(largest: i64) -> i64 {
    with(&NUMPY, |generator| generator.bounded(largest as u64) as i64)
}

/// `np.random.seed(n)` for `n` in [0, 2**32); the caller checks the range.
pub extern "C" fn rumba_np_seed(seed: i64) {
    with(&NUMPY, |generator| *generator = Mt19937::from_seed(seed as u32));
}

/// The symbols compiled code calls, by name, for the JIT to resolve.
pub fn symbols() -> [(&'static str, *mut std::ffi::c_void); 8] {
    [
        ("rumba_random", rumba_random as *mut std::ffi::c_void),
        ("rumba_getrandbits", rumba_getrandbits as *mut std::ffi::c_void),
        ("rumba_randbelow", rumba_randbelow as *mut std::ffi::c_void),
        ("rumba_seed", rumba_seed as *mut std::ffi::c_void),
        ("rumba_np_random", rumba_np_random as *mut std::ffi::c_void),
        ("rumba_np_gauss", rumba_np_gauss as *mut std::ffi::c_void),
        ("rumba_np_bounded", rumba_np_bounded as *mut std::ffi::c_void),
        ("rumba_np_seed", rumba_np_seed as *mut std::ffi::c_void),
    ]
}

#[cfg(test)]
mod tests {
    use super::Mt19937;

    #[test]
    fn seeded_generators_give_the_reference_sequences() {
        // The first outputs of MT19937 from init_genrand(5489), the reference implementation's
        // default seed (also C++'s std::mt19937: the 10000th output is 4123659995).
        let mut generator = Mt19937::from_seed(5489);
        assert_eq!(generator.next_u32(), 3_499_211_612);
        assert_eq!(generator.next_u32(), 581_869_302);
        let mut generator = Mt19937::from_seed(5489);
        let tenth_thousand = (0..10_000).map(|_| generator.next_u32()).last();
        assert_eq!(tenth_thousand, Some(4_123_659_995));
    }
}
