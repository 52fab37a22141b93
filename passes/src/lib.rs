pub fn register_passes() {}
