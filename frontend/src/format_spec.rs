//! Python's format specification mini-language (`format(x, spec)`, `f"{x:spec}"`) on the numbers
//! and strings compiled code holds, with CPython's text: `str` of a float is its shortest round-trip `repr`,
//! and specs give the same digits, signs, padding and grouping as `int.__format__`,
//! `float.__format__` and `complex.__format__`. The frontend parses and checks specs when it
//! compiles a call; the runtime formats with them.

/// What kind of value (a number, or a string) a spec is applied to, for the checks Python makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberKind {
    Int,
    Float,
    Complex,
    Str,
}

impl NumberKind {
    fn python_name(self) -> &'static str {
        match self {
            NumberKind::Int => "int",
            NumberKind::Float => "float",
            NumberKind::Complex => "complex",
            NumberKind::Str => "str",
        }
    }
}

/// A parsed spec: `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatSpec {
    fill: char,
    align: Option<char>,
    sign: char,
    no_negative_zero: bool,
    alternate: bool,
    zero_padding: bool,
    width: usize,
    grouping: Option<char>,
    precision: Option<usize>,
    kind: Option<char>,
}

impl Default for FormatSpec {
    fn default() -> Self {
        Self { fill: ' ', align: None, sign: '-', no_negative_zero: false, alternate: false, zero_padding: false, width: 0, grouping: None, precision: None, kind: None }
    }
}

impl FormatSpec {
    /// Parses `spec` for a number of `kind`, with Python's `ValueError` text when it is malformed
    /// or the number's type does not take it.
    pub fn parse(spec: &str, kind: NumberKind) -> Result<Self, String> {
        let mut parsed = FormatSpec::default();
        let characters: Vec<char> = spec.chars().collect();
        let mut at = 0;
        let is_align = |character: char| matches!(character, '<' | '>' | '=' | '^');
        if characters.len() >= 2 && is_align(characters[1]) {
            parsed.fill = characters[0];
            parsed.align = Some(characters[1]);
            at = 2;
        } else if characters.first().copied().is_some_and(is_align) {
            parsed.align = Some(characters[0]);
            at = 1;
        }
        if let Some(&sign @ ('+' | '-' | ' ')) = characters.get(at) {
            parsed.sign = sign;
            at += 1;
        }
        if characters.get(at) == Some(&'z') {
            parsed.no_negative_zero = true;
            at += 1;
        }
        if characters.get(at) == Some(&'#') {
            parsed.alternate = true;
            at += 1;
        }
        if characters.get(at) == Some(&'0') {
            parsed.zero_padding = true;
            if parsed.align.is_none() {
                parsed.fill = '0';
                parsed.align = Some('=');
            }
            at += 1;
        }
        let digits = |at: &mut usize| {
            let start = *at;
            while characters.get(*at).is_some_and(char::is_ascii_digit) {
                *at += 1;
            }
            characters[start..*at].iter().collect::<String>()
        };
        let width = digits(&mut at);
        if !width.is_empty() {
            parsed.width = width.parse().map_err(|_| "Too many decimal digits in format string".to_string())?;
        }
        if let Some(&grouping @ (',' | '_')) = characters.get(at) {
            parsed.grouping = Some(grouping);
            at += 1;
        }
        if characters.get(at) == Some(&'.') {
            at += 1;
            let precision = digits(&mut at);
            if precision.is_empty() {
                return Err("Format specifier missing precision".into());
            }
            parsed.precision = Some(precision.parse().map_err(|_| "Too many decimal digits in format string".to_string())?);
        }
        match &characters[at..] {
            [] => {}
            [kind] => parsed.kind = Some(*kind),
            _ => return Err(format!("Invalid format specifier '{spec}' for object of type '{}'", kind.python_name())),
        }
        parsed.check(kind)?;
        Ok(parsed)
    }

    /// Whether Python accepts this spec for a number of `kind` (`bool` formats as `int`).
    fn check(&self, kind: NumberKind) -> Result<(), String> {
        let unknown = |code: char| Err(format!("Unknown format code '{code}' for object of type '{}'", kind.python_name()));
        match (kind, self.kind) {
            (NumberKind::Str, None | Some('s')) => self.check_str(),
            (NumberKind::Int, Some(code @ ('b' | 'c' | 'd' | 'o' | 'x' | 'X' | 'n'))) => {
                if self.precision.is_some() {
                    return Err("Precision not allowed in integer format specifier".into());
                }
                if self.no_negative_zero {
                    return Err("Negative zero coercion (z) not allowed in integer format specifier".into());
                }
                if code == 'c' && self.sign != '-' {
                    return Err("Sign not allowed with integer format specifier 'c'".into());
                }
                if let Some(grouping) = self.grouping.filter(|_| code != 'd') {
                    if grouping == ',' || matches!(code, 'c' | 'n') {
                        return Err(format!("Cannot specify '{grouping}' with '{code}'."));
                    }
                }
                Ok(())
            }
            (NumberKind::Int, None) if self.precision.is_some() => Err("Precision not allowed in integer format specifier".into()),
            (NumberKind::Int, None) if self.no_negative_zero => Err("Negative zero coercion (z) not allowed in integer format specifier".into()),
            (_, None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%')) => self.check_complex(kind),
            (NumberKind::Float | NumberKind::Complex, Some('n')) => self.check_complex(kind),
            (_, Some(code)) => unknown(code),
        }
    }

    fn check_str(&self) -> Result<(), String> {
        if self.sign != '-' {
            return Err("Sign not allowed in string format specifier".into());
        }
        if self.alternate {
            return Err("Alternate form (#) not allowed in string format specifier".into());
        }
        if self.align == Some('=') {
            return Err("'=' alignment not allowed in string format specifier".into());
        }
        if let Some(grouping) = self.grouping {
            return Err(format!("Cannot specify '{grouping}' with 's'."));
        }
        Ok(())
    }

    fn check_complex(&self, kind: NumberKind) -> Result<(), String> {
        if kind != NumberKind::Complex {
            return Ok(());
        }
        if self.kind == Some('%') {
            return Err("Unknown format code '%' for object of type 'complex'".into());
        }
        if self.zero_padding {
            return Err("Zero padding is not allowed in complex format specifier".into());
        }
        if self.align == Some('=') {
            return Err("'=' alignment flag is not allowed in complex format specifier".into());
        }
        Ok(())
    }

    /// `format(value, spec)` of a Python int.
    pub fn format_int(&self, value: i128) -> Result<String, String> {
        let code = match self.kind {
            Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%') => return self.format_float(value as f64, false),
            other => other.unwrap_or('d'),
        };
        if code == 'c' {
            let character = u32::try_from(value).ok().and_then(char::from_u32).ok_or("%c arg not in range(0x110000)")?;
            return Ok(self.pad("", "", &character.to_string(), '<'));
        }
        let magnitude = value.unsigned_abs();
        let (digits, prefix) = match code {
            'b' => (format!("{magnitude:b}"), "0b"),
            'o' => (format!("{magnitude:o}"), "0o"),
            'x' => (format!("{magnitude:x}"), "0x"),
            'X' => (format!("{magnitude:X}"), "0X"),
            _ => (magnitude.to_string(), ""),
        };
        let prefix = if self.alternate { prefix } else { "" };
        let sign = self.sign_text(value < 0);
        let interval = if matches!(code, 'b' | 'o' | 'x' | 'X') { 4 } else { 3 };
        Ok(self.pad_number(sign, prefix, &digits, "", interval))
    }

    /// `format(text, spec)` of a Python string: cut to the precision, padded on the right.
    pub fn format_str(&self, text: &str) -> String {
        match self.precision {
            Some(precision) => self.pad("", "", &text.chars().take(precision).collect::<String>(), '<'),
            None => self.pad("", "", text, '<'),
        }
    }

    /// `format(value, spec)` of a bool: `str` without a spec, an int with one.
    pub fn format_bool(&self, value: bool) -> Result<String, String> {
        if *self == FormatSpec::default() {
            return Ok(if value { "True" } else { "False" }.into());
        }
        self.format_int(i128::from(value))
    }

    /// `format(value, spec)` of a Python float, or of a NumPy float32 when `single` (whose `str`
    /// NumPy writes with float32's shortest digits, positionally from 1e-4 up to 1e6).
    pub fn format_float(&self, value: f64, single: bool) -> Result<String, String> {
        let negative = value.is_sign_negative() && !value.is_nan() && !(self.no_negative_zero && self.rounds_to_zero(value));
        let magnitude = value.abs();
        let (body, suffix) = match self.kind {
            None if self.precision.is_none() => (repr_magnitude(magnitude, single, true), ""),
            None => (general(magnitude, self.precision.unwrap_or(6), self.alternate, true), ""),
            Some('%') => (fixed(magnitude * 100.0, self.precision.unwrap_or(6), self.alternate), "%"),
            Some(code) => (self.with_code(magnitude, code), ""),
        };
        Ok(self.pad_float(self.sign_text(negative), &body, suffix))
    }

    /// `format(complex(real, imaginary), spec)`; of a NumPy complex64 when `single`, whose parts
    /// NumPy writes with float32's shortest digits.
    pub fn format_complex(&self, real: f64, imaginary: f64, single: bool) -> Result<String, String> {
        let bare = self.kind.is_none();
        let skip_real = bare && real == 0.0 && real.is_sign_positive();
        let part = |value: f64, sign: char| {
            let negative = value.is_sign_negative() && !value.is_nan();
            let sign = match (negative, sign) {
                (true, _) => "-",
                (false, '+') => "+",
                (false, ' ') => " ",
                _ => "",
            };
            let magnitude = value.abs();
            let digits = match self.kind {
                None if self.precision.is_none() => repr_magnitude(magnitude, single, false),
                None => general(magnitude, self.precision.unwrap_or(6), self.alternate, false),
                Some(code) => self.with_code(magnitude, code),
            };
            format!("{sign}{}", self.grouped_float(&digits))
        };
        let imaginary_text = part(imaginary, if skip_real { self.sign } else { '+' });
        let text = if skip_real {
            format!("{imaginary_text}j")
        } else if bare {
            format!("({}{imaginary_text}j)", part(real, self.sign))
        } else {
            format!("{}{imaginary_text}j", part(real, self.sign))
        };
        Ok(self.pad("", "", &text, '>'))
    }

    fn rounds_to_zero(&self, value: f64) -> bool {
        let magnitude = value.abs();
        match (self.kind, self.precision) {
            (None, None) => magnitude == 0.0,
            (Some('%'), precision) => fixed(magnitude * 100.0, precision.unwrap_or(6), false).chars().all(|c| c == '0' || c == '.'),
            (Some('f' | 'F'), precision) => fixed(magnitude, precision.unwrap_or(6), false).chars().all(|c| c == '0' || c == '.'),
            _ => magnitude == 0.0,
        }
    }

    /// The digits of a finite or infinite magnitude under a type code other than `%`.
    fn with_code(&self, magnitude: f64, code: char) -> String {
        let precision = self.precision.unwrap_or(6);
        let text = match code {
            'e' | 'E' => exponential(magnitude, precision, self.alternate),
            'f' | 'F' => fixed(magnitude, precision, self.alternate),
            _ => general(magnitude, precision, self.alternate, false),
        };
        if code.is_ascii_uppercase() {
            text.to_uppercase()
        } else {
            text
        }
    }

    fn sign_text(&self, negative: bool) -> &'static str {
        match (negative, self.sign) {
            (true, _) => "-",
            (false, '+') => "+",
            (false, ' ') => " ",
            _ => "",
        }
    }

    /// `digits` with the integer part grouped.
    fn grouped_float(&self, digits: &str) -> String {
        let Some(separator) = self.grouping else { return digits.to_string() };
        let split = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
        if digits[..split].is_empty() {
            return digits.to_string();
        }
        format!("{}{}", group(&digits[..split], separator, 3), &digits[split..])
    }

    fn pad_float(&self, sign: &str, body: &str, suffix: &str) -> String {
        let split = body.find(|c: char| !c.is_ascii_digit()).unwrap_or(body.len());
        if split == 0 {
            return self.pad(sign, "", &format!("{body}{suffix}"), '>');
        }
        self.pad_number(sign, "", &body[..split], &format!("{}{suffix}", &body[split..]), 3)
    }

    /// A number's text: sign, prefix, integer digits (grouped), the rest, padded to the width.
    /// Zero padding after the sign is grouped as Python groups it.
    fn pad_number(&self, sign: &str, prefix: &str, integer: &str, rest: &str, interval: usize) -> String {
        let grouped = |digits: &str| match self.grouping {
            Some(separator) => group(digits, separator, interval),
            None => digits.to_string(),
        };
        let mut integer_text = grouped(integer);
        if self.align == Some('=') && self.fill == '0' && self.grouping.is_some() {
            let mut digits = integer.to_string();
            while sign.len() + prefix.len() + integer_text.chars().count() + rest.chars().count() < self.width {
                digits.insert(0, '0');
                integer_text = grouped(&digits);
            }
        }
        self.pad(sign, prefix, &format!("{integer_text}{rest}"), '>')
    }

    /// Pads to the width with the fill; `=` puts the padding between the sign and prefix and the rest.
    fn pad(&self, sign: &str, prefix: &str, body: &str, default_align: char) -> String {
        let length = sign.chars().count() + prefix.chars().count() + body.chars().count();
        let padding = self.width.saturating_sub(length);
        let fill = |count: usize| self.fill.to_string().repeat(count);
        match self.align.unwrap_or(default_align) {
            '<' => format!("{sign}{prefix}{body}{}", fill(padding)),
            '^' => format!("{}{sign}{prefix}{body}{}", fill(padding / 2), fill(padding - padding / 2)),
            '=' => format!("{sign}{prefix}{}{body}", fill(padding)),
            _ => format!("{}{sign}{prefix}{body}", fill(padding)),
        }
    }
}

/// `digits` with `separator` every `interval` digits from the right.
fn group(digits: &str, separator: char, interval: usize) -> String {
    let count = digits.chars().count();
    let mut grouped = String::with_capacity(count + count / interval);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (count - index) % interval == 0 {
            grouped.push(separator);
        }
        grouped.push(digit);
    }
    grouped
}

/// The decimal digits (no point) and exponent of `magnitude` written as `d.ddd × 10^exponent` by
/// Rust's `{:e}` formatting, which gives the shortest round-trip digits or, with a precision, the
/// correctly rounded ones.
fn scientific_parts(text: &str) -> (String, i32) {
    let (mantissa, exponent) = text.split_once('e').expect("`{:e}` writes an exponent");
    (mantissa.replace('.', ""), exponent.parse().expect("`{:e}` writes an integer exponent"))
}

fn non_finite(magnitude: f64) -> Option<String> {
    if magnitude.is_nan() {
        Some("nan".into())
    } else if magnitude.is_infinite() {
        Some("inf".into())
    } else {
        None
    }
}

/// `d[.ddd]e±XX` from digits and an exponent.
fn exponent_form(digits: &str, exponent: i32, point: bool) -> String {
    let (first, rest) = digits.split_at(1);
    let point = if !rest.is_empty() || point { "." } else { "" };
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{first}{point}{rest}e{sign}{:02}", exponent.unsigned_abs())
}

/// Digits placed around the point in fixed notation; `trailing_point` keeps a point with no digits
/// after it, `dot_zero` writes `.0` instead.
fn fixed_form(digits: &str, exponent: i32, trailing_point: bool, dot_zero: bool) -> String {
    let (integer, fraction) = if exponent >= 0 {
        let split = exponent as usize + 1;
        if digits.len() >= split {
            (digits[..split].to_string(), digits[split..].to_string())
        } else {
            (format!("{digits}{}", "0".repeat(split - digits.len())), String::new())
        }
    } else {
        ("0".to_string(), format!("{}{digits}", "0".repeat(exponent.unsigned_abs() as usize - 1)))
    };
    match (fraction.is_empty(), dot_zero, trailing_point) {
        (false, _, _) => format!("{integer}.{fraction}"),
        (true, true, _) => format!("{integer}.0"),
        (true, false, true) => format!("{integer}."),
        (true, false, false) => integer,
    }
}

/// Python's `repr` of a float.
pub fn float_repr(value: f64) -> String {
    let sign = if value.is_sign_negative() && !value.is_nan() { "-" } else { "" };
    format!("{sign}{}", repr_magnitude(value.abs(), false, true))
}

/// `repr` of a non-negative float (`str` of a NumPy float32 when `single`), without the sign;
/// `dot_zero` writes integers as `3.0` (floats do, the parts of a complex do not).
pub fn repr_magnitude(magnitude: f64, single: bool, dot_zero: bool) -> String {
    if let Some(text) = non_finite(magnitude) {
        return text;
    }
    let (digits, exponent) = if single { scientific_parts(&format!("{:e}", magnitude as f32)) } else { scientific_parts(&format!("{magnitude:e}")) };
    let positional = if single { magnitude == 0.0 || (1e-4..1e6).contains(&magnitude) } else { (-4..16).contains(&exponent) };
    if positional {
        fixed_form(&digits, exponent, false, dot_zero)
    } else {
        exponent_form(&digits, exponent, false)
    }
}

fn exponential(magnitude: f64, precision: usize, alternate: bool) -> String {
    if let Some(text) = non_finite(magnitude) {
        return text;
    }
    let (digits, exponent) = scientific_parts(&format!("{magnitude:.precision$e}"));
    exponent_form(&digits, exponent, alternate)
}

fn fixed(magnitude: f64, precision: usize, alternate: bool) -> String {
    if let Some(text) = non_finite(magnitude) {
        return text;
    }
    let text = format!("{magnitude:.precision$}");
    if alternate && precision == 0 {
        format!("{text}.")
    } else {
        text
    }
}

/// The `g` type (and a spec with a precision but no type, when `no_type`, which keeps a digit
/// after the point and moves to exponents one place sooner).
fn general(magnitude: f64, precision: usize, alternate: bool, no_type: bool) -> String {
    if let Some(text) = non_finite(magnitude) {
        return text;
    }
    let precision = precision.max(1);
    let (mut digits, exponent) = scientific_parts(&format!("{magnitude:.*e}", precision - 1));
    if !alternate {
        let kept = digits.trim_end_matches('0').len().max(1);
        digits.truncate(kept);
    }
    let limit = if no_type { precision as i32 - 1 } else { precision as i32 };
    if exponent < -4 || exponent >= limit {
        exponent_form(&digits, exponent, alternate)
    } else {
        fixed_form(&digits, exponent, alternate, no_type && !alternate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn float(value: f64, spec: &str) -> String {
        FormatSpec::parse(spec, NumberKind::Float).and_then(|spec| spec.format_float(value, false)).unwrap_or_else(|error| format!("error: {error}"))
    }

    fn int(value: i128, spec: &str) -> String {
        FormatSpec::parse(spec, NumberKind::Int).and_then(|spec| spec.format_int(value)).unwrap_or_else(|error| format!("error: {error}"))
    }

    fn complex(real: f64, imaginary: f64, spec: &str) -> String {
        FormatSpec::parse(spec, NumberKind::Complex).and_then(|spec| spec.format_complex(real, imaginary, false)).unwrap_or_else(|error| format!("error: {error}"))
    }

    // Expected texts are CPython 3.11's `repr`, `str` and `format`.
    #[test]
    fn float_repr() {
        let cases = [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (-2.5, "-2.5"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-0.0, "-0.0"),
            (1.5e-7, "1.5e-07"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::NAN, "nan"),
            (123456789.125, "123456789.125"),
        ];
        for (value, expected) in cases {
            assert_eq!(float(value, ""), expected, "repr({value})");
        }
    }

    #[test]
    fn float_specs() {
        let cases = [
            (3.14159, ".2f", "3.14"),
            (2.5, ".0f", "2"),
            (3.5, ".0f", "4"),
            (2.5, "#.0f", "2."),
            (1234.5678, ",.2f", "1,234.57"),
            (1234.5678, "_.1f", "1_234.6"),
            (-1.5, "+.1f", "-1.5"),
            (1.5, "+.1f", "+1.5"),
            (1.5, " .1f", " 1.5"),
            (12345.678, "e", "1.234568e+04"),
            (12345.678, ".2E", "1.23E+04"),
            (0.000123, "g", "0.000123"),
            (0.0000123, "g", "1.23e-05"),
            (123456789.0, "g", "1.23457e+08"),
            (100000.0, "g", "100000"),
            (1000000.0, "g", "1e+06"),
            (1.0, "#g", "1.00000"),
            (0.5, "%", "50.000000%"),
            (0.125, ".1%", "12.5%"),
            (100.0, ".3", "1e+02"),
            (10.0, ".3", "10.0"),
            (1.5, ".3", "1.5"),
            (3.0, "10.2f", "      3.00"),
            (3.0, "<10.2f", "3.00      "),
            (3.0, "^10.2f", "   3.00   "),
            (-3.0, "010.2f", "-000003.00"),
            (-3.0, "*=10.2f", "-*****3.00"),
            (1234.5, "012,.1f", "00,001,234.5"),
            (f64::INFINITY, "f", "inf"),
            (f64::INFINITY, "F", "INF"),
            (f64::NAN, "E", "NAN"),
            (-0.0001, "z.2f", "0.00"),
            (-0.0, "z", "0.0"),
            (2.0, "", "2.0"),
            (1e300, ".3g", "1e+300"),
        ];
        for (value, spec, expected) in cases {
            assert_eq!(float(value, spec), expected, "format({value}, {spec:?})");
        }
    }

    #[test]
    fn int_specs() {
        let cases = [
            (42, "", "42"),
            (-42, "", "-42"),
            (42, "5d", "   42"),
            (42, "<5", "42   "),
            (42, "05", "00042"),
            (-42, "05", "-0042"),
            (255, "x", "ff"),
            (255, "#X", "0XFF"),
            (5, "#b", "0b101"),
            (8, "o", "10"),
            (1234567, ",", "1,234,567"),
            (1234567, "_", "1_234_567"),
            (65535, "_x", "ffff"),
            (1048575, "_x", "f_ffff"),
            (1234, "010,", "00,001,234"),
            (42, "+", "+42"),
            (42, ".2f", "42.00"),
            (42, "e", "4.200000e+01"),
            (65, "c", "A"),
            (18446744073709551615, "", "18446744073709551615"),
        ];
        for (value, spec, expected) in cases {
            assert_eq!(int(value, spec), expected, "format({value}, {spec:?})");
        }
    }

    #[test]
    fn complex_repr_and_specs() {
        let cases = [
            (1.0, 2.0, "", "(1+2j)"),
            (0.0, 1.0, "", "1j"),
            (-0.0, 1.0, "", "(-0+1j)"),
            (0.0, -2.0, "", "-2j"),
            (1.5, -0.5, "", "(1.5-0.5j)"),
            (1e20, 1.0, "", "(1e+20+1j)"),
            (1.0, f64::NAN, "", "(1+nanj)"),
            (1.0, 2.0, ".2f", "1.00+2.00j"),
            (1.0, 2.0, ">10", "    (1+2j)"),
            (1.0, 2.0, ".3", "(1+2j)"),
        ];
        for (real, imaginary, spec, expected) in cases {
            assert_eq!(complex(real, imaginary, spec), expected, "format(complex({real}, {imaginary}), {spec:?})");
        }
    }

    #[test]
    fn float32_str() {
        let cases = [(0.1f32, "0.1"), (3.0, "3.0"), (1e6, "1e+06"), (999999.0, "999999.0"), (1e-4, "1e-04"), (0.000100001, "0.000100001"), (16777216.0, "1.6777216e+07"), (1e16, "1e+16")];
        for (value, expected) in cases {
            assert_eq!(repr_magnitude(f64::from(value), true, true), expected, "str(np.float32({value}))");
        }
    }

    #[test]
    fn errors_are_pythons() {
        assert_eq!(int(3, ".2d"), "error: Precision not allowed in integer format specifier");
        assert_eq!(float(3.0, "d"), "error: Unknown format code 'd' for object of type 'float'");
        assert_eq!(int(3, ",x"), "error: Cannot specify ',' with 'x'.");
        assert_eq!(float(3.0, ".f"), "error: Format specifier missing precision");
        assert_eq!(complex(1.0, 1.0, "010"), "error: Zero padding is not allowed in complex format specifier");
        assert_eq!(float(3.0, "ff"), "error: Invalid format specifier 'ff' for object of type 'float'");
    }
}
