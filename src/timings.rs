//! `RUMBA_TIMINGS=1`: the time of each compilation step, printed to stderr as
//! `rumba: <step> <milliseconds> ms`, one line a step, for every compilation.

use std::{sync::OnceLock, time::Duration};

/// Named steps and how long each took, in order.
pub type Steps = Vec<(&'static str, Duration)>;

fn enabled() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| std::env::var("RUMBA_TIMINGS").is_ok_and(|value| !value.is_empty() && value != "0"))
}

/// Prints each step's time, `subject` (a function's name, or the file) first.
pub fn report(subject: &str, steps: &[(&str, Duration)]) {
    if !enabled() {
        return;
    }
    for (step, duration) in steps {
        eprintln!("rumba: {subject}: {step} {:.3} ms", duration.as_secs_f64() * 1e3);
    }
}
