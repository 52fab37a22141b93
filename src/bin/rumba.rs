//! `rumba`: compile and run Python functions, or print their IR after any stage.
//!
//! ```text
//! rumba run FILE.py --call "f(1, 3)" [--fastmath FLAGS] [--parallel] [--boundscheck] [--no-eqsat] [--pass STAGE:PIPELINE]...
//! rumba emit FILE.py --function f (--signature SIG | --call "f(1, 3)") [--stage STAGE] [--fastmath FLAGS] [--parallel] [--boundscheck]
//!            [--no-eqsat] [--pass STAGE:PIPELINE]... [--target cuda [--chip sm_80]]
//! ```
//! `--no-eqsat` leaves out the equality-saturation stage; `--pass STAGE:PIPELINE` runs a textual
//! pass pipeline (`canonicalize,cse`) after stage `STAGE` (`py`: before rumba's own), as many as given.
//! `--target cuda` compiles a CUDA kernel (`@cuda.jit`) for the GPU: its stages end in `ptx`, which
//! prints the PTX.
//! `FLAGS` is `fast` or a comma-separated selection of `nnan,ninf,nsz,arcp,contract,afn,reassoc`;
//! `--parallel` runs `prange` loops on OpenMP threads (Numba's `parallel=True`); `--boundscheck`
//! raises IndexError for element indices outside their arrays (Numba's `boundscheck=True`).
//! Exit status: 0 on success, 1 when compiled code raised, 2 on a diagnostic, 3 on an internal error,
//! 64 on bad usage.

use ruff_python_ast::{Expr, Number as Literal, UnaryOp};
use rumba::{Argument, CallError, Error, ExtraPass, Number, Options, Type};
use std::process::ExitCode;

const USAGE: &str = "usage:
  rumba run FILE.py --call \"f(1, 3)\" [--fastmath FLAGS] [--parallel] [--boundscheck] [--no-eqsat] [--pass STAGE:PIPELINE]...
  rumba emit FILE.py --function NAME (--signature SIG | --call \"f(1, 3)\") [--stage STAGE] [--fastmath FLAGS] [--parallel] [--boundscheck] [--no-eqsat] [--pass STAGE:PIPELINE]... [--target cuda [--chip sm_80]]";

struct Request {
    command: String,
    file: String,
    call: Option<String>,
    function: Option<String>,
    signature: Option<String>,
    stage: String,
    fastmath: Vec<String>,
    parallel: bool,
    boundscheck: bool,
    eqsat: bool,
    /// Textual pipelines to run after named stages.
    extra_passes: Vec<(String, String)>,
    /// `cuda` for a CUDA kernel compiled for the GPU.
    target: Option<String>,
    chip: String,
}

fn parse_arguments(arguments: &[String]) -> Result<Request, String> {
    let mut iterator = arguments.iter();
    let command = iterator.next().ok_or("missing command")?.clone();
    let file = iterator.next().ok_or("missing FILE.py")?.clone();
    let mut request = Request { command, file, call: None, function: None, signature: None, stage: String::new(), fastmath: Vec::new(), parallel: false, boundscheck: false, eqsat: true, extra_passes: Vec::new(), target: None, chip: "sm_80".into() };
    while let Some(flag) = iterator.next() {
        let mut value = || iterator.next().cloned().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--call" => request.call = Some(value()?),
            "--function" => request.function = Some(value()?),
            "--signature" => request.signature = Some(value()?),
            "--stage" => request.stage = value()?,
            "--parallel" => request.parallel = true,
            "--boundscheck" => request.boundscheck = true,
            "--no-eqsat" => request.eqsat = false,
            "--pass" => {
                let text = value()?;
                let (stage, pipeline) = text.split_once(':').ok_or(format!("--pass takes STAGE:PIPELINE, got '{text}'"))?;
                request.extra_passes.push((stage.to_string(), pipeline.to_string()));
            }
            "--target" => match value()?.as_str() {
                "cuda" => request.target = Some("cuda".into()),
                "cpu" => request.target = None,
                other => return Err(format!("unknown target '{other}' (targets are cpu and cuda)")),
            },
            "--chip" => request.chip = value()?,
            "--fastmath" => request.fastmath = value()?.split(',').map(|flag| flag.trim().to_string()).collect(),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    if request.stage.is_empty() {
        request.stage = if request.target.is_some() { "ptx" } else { "llvm" }.into();
    }
    Ok(request)
}

/// `f(1, -2.5, True)`: the function name and its literal arguments.
fn parse_call(text: &str) -> Result<(String, Vec<Number>), String> {
    let parsed = ruff_python_parser::parse_expression(text).map_err(|error| format!("--call: {}", error.error))?;
    let Expr::Call(call) = parsed.into_syntax().body.as_ref().clone() else {
        return Err("--call takes a call such as \"f(1, 3)\"".into());
    };
    let Expr::Name(name) = call.func.as_ref() else {
        return Err("--call must call a function by name".into());
    };
    fn literal(expr: &Expr) -> Result<Number, String> {
        match expr {
            Expr::NumberLiteral(number) => match &number.value {
                Literal::Int(int) => int.as_i64().map(Number::I64).ok_or_else(|| "integer literal out of int64 range".to_string()),
                Literal::Float(float) => Ok(Number::F64(*float)),
                Literal::Complex { .. } => Err("complex literals are not supported".into()),
            },
            Expr::BooleanLiteral(boolean) => Ok(Number::Bool(boolean.value)),
            Expr::UnaryOp(unary) if unary.op == UnaryOp::USub => match literal(&unary.operand)? {
                Number::I64(value) => Ok(Number::I64(value.wrapping_neg())),
                Number::F64(value) => Ok(Number::F64(-value)),
                Number::Bool(value) => Ok(Number::I64(-(value as i64))),
                other => Ok(other),
            },
            _ => Err("--call arguments must be int, float or bool literals".into()),
        }
    }
    let arguments = call.arguments.args.iter().map(literal).collect::<Result<Vec<_>, _>>()?;
    Ok((name.id.to_string(), arguments))
}

fn fail(error: Error) -> ExitCode {
    match error {
        Error::Diagnostics(diagnostics) => {
            eprintln!("{diagnostics}");
            ExitCode::from(2)
        }
        Error::Internal(message) => {
            eprintln!("internal compiler error: {message}");
            ExitCode::from(3)
        }
    }
}

/// The compiler walks expressions recursively: a 20,000-term sum nests that deep. Its thread gets a
/// stack to match (reserved address space; only what is used is touched).
const COMPILER_STACK_BYTES: usize = 1 << 30;

fn main() -> ExitCode {
    let compiler = std::thread::Builder::new().stack_size(COMPILER_STACK_BYTES).spawn(run);
    match compiler.map(std::thread::JoinHandle::join) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("rumba: the compiler thread could not run to completion");
            ExitCode::from(70)
        }
    }
}

fn run() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let request = match parse_arguments(&arguments) {
        Ok(request) => request,
        Err(message) => {
            eprintln!("rumba: {message}\n{USAGE}");
            return ExitCode::from(64);
        }
    };
    let bytes = match std::fs::read(&request.file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("rumba: cannot read {}: {error}", request.file);
            return ExitCode::from(64);
        }
    };
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        Err(error) => {
            let offset = error.utf8_error().valid_up_to();
            let before = &error.as_bytes()[..offset];
            let line = before.iter().filter(|byte| **byte == b'\n').count() + 1;
            let column = offset - before.iter().rposition(|byte| *byte == b'\n').map_or(0, |newline| newline + 1) + 1;
            eprintln!("{}:{line}:{column}: error: the file is not valid UTF-8 (byte offset {offset}); rumba reads Python source as UTF-8", request.file);
            return ExitCode::from(2);
        }
    };
    let options = Options {
        file_name: request.file.clone(),
        fastmath: request.fastmath.clone(),
        parallel: request.parallel,
        boundscheck: request.boundscheck,
        eqsat: request.eqsat.then(rumba::EqsatLimits::default),
        extra_passes: request.extra_passes.iter().map(|(stage, pipeline)| (stage.clone(), ExtraPass::Pipeline(pipeline.clone()))).collect(),
        ..Options::default()
    };
    let module = match rumba::compile_module(&source, &options) {
        Ok(module) => module,
        Err(diagnostics) => return fail(Error::Diagnostics(diagnostics)),
    };
    let call = match request.call.as_deref().map(parse_call).transpose() {
        Ok(call) => call,
        Err(message) => {
            eprintln!("rumba: {message}");
            return ExitCode::from(64);
        }
    };
    match request.command.as_str() {
        "run" => {
            let Some((name, numbers)) = call else {
                eprintln!("rumba: run needs --call\n{USAGE}");
                return ExitCode::from(64);
            };
            let types: Vec<Type> = numbers.iter().map(|number| Type::Scalar(number.scalar())).collect();
            let function = match &request.signature {
                Some(signature) => module.function_with_signature(&name, signature),
                None => module.function(&name, &types),
            };
            let function = match function {
                Ok(function) => function,
                Err(error) => return fail(error),
            };
            // Literals convert to the declared types, as Numba converts Python ints to int32.
            let arguments: Vec<Argument> = numbers
                .into_iter()
                .zip(function.arguments())
                .map(|(number, declared)| match declared {
                    Type::Scalar(scalar) => Argument::from(rumba::convert_number(number, *scalar)),
                    _ => Argument::from(number),
                })
                .collect();
            // A generator function's call prints each value its generator yields, on a line each.
            let outcome = match function.yields() {
                Some(_) => function.generator(&arguments).and_then(|mut generator| {
                    while let Some(value) = generator.next()? {
                        println!("{value}");
                    }
                    Ok(())
                }),
                None => function.call(&arguments).map(|value| println!("{value}")),
            };
            match outcome {
                Ok(()) => ExitCode::SUCCESS,
                Err(CallError::Raised(exception)) => {
                    eprintln!("Traceback (compiled code):\n  File \"{}\", line {}, column {}", exception.location.file, exception.location.line, exception.location.column);
                    match &exception.message {
                        Some(message) => eprintln!("{}: {message}", exception.exception),
                        None => eprintln!("{}", exception.exception),
                    }
                    ExitCode::from(1)
                }
                Err(CallError::Arguments(message)) => {
                    eprintln!("TypeError: {message}");
                    ExitCode::from(1)
                }
            }
        }
        "emit" => {
            let (name, types) = match (&request.function, &request.signature, call) {
                (Some(name), Some(signature), _) => match rumba::parse_signature(signature) {
                    Ok(signature) => (name.clone(), signature.arguments),
                    Err(message) => {
                        eprintln!("rumba: bad signature: {message}");
                        return ExitCode::from(64);
                    }
                },
                (_, _, Some((name, numbers))) => (name, numbers.iter().map(|number| Type::Scalar(number.scalar())).collect()),
                _ => {
                    eprintln!("rumba: emit needs --function and --signature, or --call\n{USAGE}");
                    return ExitCode::from(64);
                }
            };
            let emitted = match (&request.target, request.stage.as_str()) {
                (Some(_), "ptx") => module.ptx_kernel(&name, &types, &request.chip, &[]).map(|kernel| kernel.ptx),
                (Some(_), stage) => module.emit_kernel(&name, &types, stage, &request.chip, &[]),
                (None, stage) => module.emit(&name, &types, stage),
            };
            match emitted {
                Ok(text) => {
                    print!("{text}");
                    ExitCode::SUCCESS
                }
                Err(error) => fail(error),
            }
        }
        other => {
            eprintln!("rumba: unknown command '{other}'\n{USAGE}");
            ExitCode::from(64)
        }
    }
}
