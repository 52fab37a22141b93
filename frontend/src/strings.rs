//! Python's strings in compiled code, as Numba's `unicode_type`: what each string operation is
//! and gives. A literal is known when compiling (`Type::Str`) until it is used as a string; text
//! made of values (f-strings, `str(x)`, `+`, `%`) is `py.format`, the rest calls the runtime's
//! string functions (`runtime/src/strings.rs`) with the codes below, or the prelude's `_str_name`
//! (`Method::Prelude`). Emission is `emit/strings.rs`.

use crate::{
    diagnostics::Diagnostic,
    infer::{call_arguments, Callee, TypeWalker},
    resolve::{Global, SourceModule},
    types::{Scalar, Type, FLOAT64, INT64},
};
use ruff_python_ast::{CmpOp, Expr, ExprBinOp, ExprCall, Operator, StmtAugAssign};

/// What `rumba_str_search` looks for.
pub mod search {
    pub const CONTAINS: i64 = 0;
    pub const FIND: i64 = 1;
    pub const RFIND: i64 = 2;
    pub const COUNT: i64 = 3;
    pub const STARTSWITH: i64 = 4;
    pub const ENDSWITH: i64 = 5;
}

/// The methods `rumba_str_transform` applies.
pub mod transform {
    pub const UPPER: i64 = 0;
    pub const LOWER: i64 = 1;
    pub const STRIP: i64 = 2;
    pub const LSTRIP: i64 = 3;
    pub const RSTRIP: i64 = 4;
    pub const CAPITALIZE: i64 = 5;
    pub const SWAPCASE: i64 = 6;
    pub const TITLE: i64 = 7;
}

/// The tests `rumba_str_test` makes.
pub mod test {
    pub const ISDIGIT: i64 = 0;
    pub const ISALPHA: i64 = 1;
    pub const ISALNUM: i64 = 2;
    pub const ISSPACE: i64 = 3;
    pub const ISUPPER: i64 = 4;
    pub const ISLOWER: i64 = 5;
    pub const ISASCII: i64 = 6;
    pub const ISNUMERIC: i64 = 7;
    pub const ISDECIMAL: i64 = 8;
    pub const ISTITLE: i64 = 9;
}

/// How `rumba_str_pad` pads.
pub mod pad {
    pub const LJUST: i64 = 0;
    pub const RJUST: i64 = 1;
    pub const CENTER: i64 = 2;
    pub const ZFILL: i64 = 3;
}

/// A string method compiled code calls, with the runtime's code for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `find`, `rfind`, `count`, `startswith`, `endswith`: of one string argument.
    Search(i64),
    /// `upper`, `lower`, `strip`, ...: a new string, of no argument (the strips also of the
    /// characters to strip).
    Transform(i64),
    /// `index`, `rindex`: `find` and `rfind` that raise `ValueError` where there is none.
    Index(i64),
    /// `ljust`, `rjust`, `center` (a width and a fill character), `zfill` (a width).
    Pad(i64),
    /// `partition`, `rpartition` (`true`): the three parts around the separator.
    Partition(bool),
    /// `isdigit`, `isalpha`, ...: a bool, of no argument.
    Test(i64),
    /// `replace(old, new[, count])`.
    Replace,
    /// `split([sep[, maxsplit]])`, `rsplit` (`true`): a list of strings.
    Split(bool),
    /// `sep.join(strings)`.
    Join,
    /// A method the prelude writes as `_str_name(s, ...)`: `splitlines`, `expandtabs`, the searches
    /// with `start` and `end`, `sep.join(string)`.
    Prelude(&'static str),
}

impl Method {
    pub fn named(name: &str) -> Option<Method> {
        Some(match name {
            "find" => Method::Search(search::FIND),
            "rfind" => Method::Search(search::RFIND),
            "count" => Method::Search(search::COUNT),
            "startswith" => Method::Search(search::STARTSWITH),
            "endswith" => Method::Search(search::ENDSWITH),
            "upper" => Method::Transform(transform::UPPER),
            "lower" => Method::Transform(transform::LOWER),
            "strip" => Method::Transform(transform::STRIP),
            "lstrip" => Method::Transform(transform::LSTRIP),
            "rstrip" => Method::Transform(transform::RSTRIP),
            "capitalize" => Method::Transform(transform::CAPITALIZE),
            "swapcase" => Method::Transform(transform::SWAPCASE),
            "title" => Method::Transform(transform::TITLE),
            "isdigit" => Method::Test(test::ISDIGIT),
            "isalpha" => Method::Test(test::ISALPHA),
            "isalnum" => Method::Test(test::ISALNUM),
            "isspace" => Method::Test(test::ISSPACE),
            "isupper" => Method::Test(test::ISUPPER),
            "islower" => Method::Test(test::ISLOWER),
            "isascii" => Method::Test(test::ISASCII),
            "isnumeric" => Method::Test(test::ISNUMERIC),
            "isdecimal" => Method::Test(test::ISDECIMAL),
            "istitle" => Method::Test(test::ISTITLE),
            "index" => Method::Index(search::FIND),
            "rindex" => Method::Index(search::RFIND),
            "ljust" => Method::Pad(pad::LJUST),
            "rjust" => Method::Pad(pad::RJUST),
            "center" => Method::Pad(pad::CENTER),
            "zfill" => Method::Pad(pad::ZFILL),
            "partition" => Method::Partition(false),
            "rpartition" => Method::Partition(true),
            "replace" => Method::Replace,
            "split" => Method::Split(false),
            "rsplit" => Method::Split(true),
            "join" => Method::Join,
            "splitlines" => Method::Prelude("_str_splitlines"),
            "expandtabs" => Method::Prelude("_str_expandtabs"),
            _ => return None,
        })
    }

    /// How many arguments the method takes.
    fn arity(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Method::Search(_) | Method::Index(_) | Method::Partition(_) | Method::Join | Method::Pad(pad::ZFILL) => 1..=1,
            Method::Transform(transform::STRIP | transform::LSTRIP | transform::RSTRIP) => 0..=1,
            Method::Transform(_) | Method::Test(_) => 0..=0,
            Method::Pad(_) | Method::Replace => 1..=3,
            Method::Split(_) => 0..=2,
            Method::Prelude(_) => unreachable!("the prelude function's parameters bind its arguments"),
        }
    }
}

/// A string operation.
pub enum StringForm<'e> {
    /// Text made of values: an f-string, `str(x)`, `repr(x)`, `format(x, spec)`, `+` of strings,
    /// `"template" % values`.
    Text(&'e Expr),
    /// `string * count` (either way round).
    Repeat { string: &'e Expr, count: &'e Expr },
    /// `left op right` of two strings.
    Compare { left: &'e Expr, op: CmpOp, right: &'e Expr },
    /// `needle in haystack` (`negated`: `not in`).
    Contains { needle: &'e Expr, haystack: &'e Expr, negated: bool },
    /// `string[index]` or `string[start:stop:step]`.
    Subscript { string: &'e Expr, slice: &'e Expr },
    Length(&'e Expr),
    Ord(&'e Expr),
    Chr(&'e Expr),
    /// `int(string[, base])` (`base` none, of 10), `float(string)` (`float`).
    Parse { string: &'e Expr, base: Option<&'e Expr>, float: bool },
    Hash(&'e Expr),
    Method { receiver: &'e Expr, method: Method, call: &'e ExprCall },
}

/// Whether `expr` names Numba's string type: `types.unicode_type`, or `unicode_type` imported from
/// `types` (or from `numba`, which exports it too).
pub fn names_unicode_type(module: &SourceModule, expr: &Expr, is_local: &dyn Fn(&str) -> bool) -> bool {
    match expr {
        Expr::Attribute(attribute) => {
            attribute.attr.as_str() == "unicode_type" && matches!(&*attribute.value, Expr::Name(base) if !is_local(base.id.as_str()) && module.global(base.id.as_str()) == Some(&Global::Module("types")))
        }
        Expr::Name(name) => !is_local(name.id.as_str()) && matches!(module.global(name.id.as_str()), Some(Global::ModuleMember("types" | "rumba", member)) if member == "unicode_type"),
        _ => false,
    }
}

/// `target op= value` on a string as the expression `target op value` (a string is immutable).
pub fn augmented(assign: &StmtAugAssign) -> Expr {
    Expr::BinOp(ExprBinOp { node_index: Default::default(), range: assign.range, left: assign.target.clone(), op: assign.op, right: assign.value.clone() })
}

impl TypeWalker<'_, '_> {
    /// The string operation `expr` is, if it is one.
    pub(crate) fn string_form<'e>(&mut self, expr: &'e Expr) -> Result<Option<StringForm<'e>>, Diagnostic> {
        Ok(Some(match expr {
            Expr::FString(_) => StringForm::Text(expr),
            Expr::BinOp(binary) => {
                let (left, right) = (self.expr_type(&binary.left)?, self.expr_type(&binary.right)?);
                return self.binary_string_form(expr, (&left, &right));
            }
            Expr::Compare(compare) if compare.ops.len() == 1 => {
                let (left, right) = (self.expr_type(&compare.left)?, self.expr_type(&compare.comparators[0])?);
                let op = compare.ops[0];
                match op {
                    CmpOp::In | CmpOp::NotIn if right.is_string() => {
                        if !left.is_string() && left != Type::Unknown {
                            return Err(self.module.typing(expr, format!("'in <string>' requires string as left operand, not {left}")));
                        }
                        StringForm::Contains { needle: &compare.left, haystack: &compare.comparators[0], negated: op == CmpOp::NotIn }
                    }
                    CmpOp::Is | CmpOp::IsNot | CmpOp::In | CmpOp::NotIn => return Ok(None),
                    // Two literals are equal or not when compiling (`static_truth`).
                    CmpOp::Eq | CmpOp::NotEq if matches!((&left, &right), (Type::Str(_), Type::Str(_))) => return Ok(None),
                    _ if left.is_string() && right.is_string() => StringForm::Compare { left: &compare.left, op, right: &compare.comparators[0] },
                    _ => return Ok(None),
                }
            }
            Expr::Subscript(subscript) if self.expr_type(&subscript.value)?.is_string() => StringForm::Subscript { string: &subscript.value, slice: &subscript.slice },
            Expr::Call(call) => return self.string_call(expr, call),
            _ => return Ok(None),
        }))
    }

    /// The string operation binary operation `expr` is, its operands of types `left` and `right`
    /// (which inference has at hand: typing them again at each level of a long sum would take
    /// time exponential in its length).
    pub(crate) fn binary_string_form<'e>(&self, expr: &'e Expr, (left, right): (&Type, &Type)) -> Result<Option<StringForm<'e>>, Diagnostic> {
        let Expr::BinOp(binary) = expr else { return Ok(None) };
        Ok(Some(match binary.op {
            Operator::Add if left.is_string() && right.is_string() => StringForm::Text(expr),
            Operator::Add if left.is_string() && *right != Type::Unknown => {
                return Err(self.module.typing(expr, format!("can only concatenate str (not \"{right}\") to str")));
            }
            Operator::Mod if matches!(&*binary.left, Expr::StringLiteral(_)) => StringForm::Text(expr),
            Operator::Mult if left.is_string() => StringForm::Repeat { string: &binary.left, count: &binary.right },
            Operator::Mult if right.is_string() => StringForm::Repeat { string: &binary.right, count: &binary.left },
            _ => return Ok(None),
        }))
    }

    fn string_call<'e>(&mut self, expr: &'e Expr, call: &'e ExprCall) -> Result<Option<StringForm<'e>>, Diagnostic> {
        if let Expr::Attribute(attribute) = &*call.func {
            let mut root = &*attribute.value;
            while let Expr::Attribute(inner) = root {
                root = &inner.value;
            }
            let of_module = matches!(root, Expr::Name(name) if !self.assigned.contains(name.id.as_str()) && matches!(self.module.global(name.id.as_str()), Some(Global::Module(_) | Global::ModuleMember(..) | Global::Class(_))));
            if of_module || !self.expr_type(&attribute.value)?.is_string() {
                return Ok(None);
            }
            let name = attribute.attr.as_str();
            if name == "format" {
                // `template.format(...)` is text made of values, its template known when compiling.
                return match self.expr_type(&attribute.value)? {
                    Type::Str(_) => Ok(Some(StringForm::Text(expr))),
                    _ => Err(self.module.unsupported(call, "str.format() of a string made at run time is not supported; its template must be a literal")),
                };
            }
            let Some(method) = Method::named(name) else {
                return Err(self.module.unsupported(call, format!("the string method '{name}' is not supported in compiled code")));
            };
            // The searches with `start` (and `end`), and the characters of a string joined, are the
            // prelude's.
            let searches = matches!(method, Method::Search(_) | Method::Index(_));
            if searches && call.arguments.args.len() > 3 {
                return Err(self.module.typing(call, format!("str.{name}() takes at most 3 arguments ({} given)", call.arguments.args.len())));
            }
            let searched_between = searches && call.arguments.args.len() > 1;
            let characters_joined = method == Method::Join && matches!(call.arguments.args.first(), Some(argument) if self.expr_type(argument)?.is_string());
            let method = match method {
                _ if searched_between || characters_joined => Method::Prelude(match name {
                    "find" => "_str_find",
                    "rfind" => "_str_rfind",
                    "count" => "_str_count",
                    "index" => "_str_index",
                    "rindex" => "_str_rindex",
                    "startswith" => "_str_startswith",
                    "endswith" => "_str_endswith",
                    _ => "_str_join",
                }),
                method => method,
            };
            return Ok(Some(StringForm::Method { receiver: &attribute.value, method, call }));
        }
        let Ok(Callee::Builtin(name)) = self.callee(call) else { return Ok(None) };
        let base = call.arguments.find_keyword("base").map(|keyword| &keyword.value);
        Ok(match (name, &call.arguments.args[..]) {
            // `str(x)` of a `@jitclass` instance calls its `__str__` (`TypeWalker::instance_dunder`).
            ("str", [argument]) if matches!(self.expr_type(argument)?, Type::Instance(_)) => None,
            ("str" | "repr" | "format", _) => Some(StringForm::Text(expr)),
            ("float", [argument]) if call.arguments.keywords.is_empty() && self.expr_type(argument)?.is_string() => Some(StringForm::Parse { string: argument, base: None, float: true }),
            ("int", [argument]) if call.arguments.keywords.len() == usize::from(base.is_some()) && self.expr_type(argument)?.is_string() => Some(StringForm::Parse { string: argument, base, float: false }),
            ("int", [argument, base]) if call.arguments.keywords.is_empty() && self.expr_type(argument)?.is_string() => Some(StringForm::Parse { string: argument, base: Some(base), float: false }),
            ("hash", [argument]) if self.expr_type(argument)?.is_string() => Some(StringForm::Hash(argument)),
            ("len", [argument]) if self.expr_type(argument)?.is_string() => Some(StringForm::Length(argument)),
            ("ord", [argument]) => Some(StringForm::Ord(argument)),
            ("chr", [argument]) => Some(StringForm::Chr(argument)),
            _ => None,
        })
    }

    /// The type of string operation `form`, its operands checked.
    pub(crate) fn string_form_type(&mut self, form: &StringForm) -> Result<Type, Diagnostic> {
        let module = self.module;
        let integer = |this: &mut Self, expr: &Expr, what: &str| -> Result<(), Diagnostic> {
            match this.expr_type(expr)? {
                Type::Scalar(Scalar::Int { .. } | Scalar::Bool) | Type::Unknown => Ok(()),
                other => Err(module.typing(expr, format!("{what} must be an integer, not {other}"))),
            }
        };
        let string = |this: &mut Self, expr: &Expr, what: &str| -> Result<(), Diagnostic> {
            match this.expr_type(expr)? {
                value if value.is_string() || value == Type::Unknown => Ok(()),
                other => Err(module.typing(expr, format!("{what} must be a string, not {other}"))),
            }
        };
        Ok(match form {
            StringForm::Text(expr) => {
                crate::text::string_pieces(self, expr)?;
                Type::Unicode
            }
            StringForm::Repeat { count, .. } => {
                integer(self, count, "a string's repeat count")?;
                Type::Unicode
            }
            StringForm::Compare { .. } | StringForm::Contains { .. } => Type::Scalar(Scalar::Bool),
            StringForm::Subscript { slice, .. } => {
                let parts: Vec<&Expr> = match slice {
                    Expr::Slice(slice) => [&slice.lower, &slice.upper, &slice.step].into_iter().filter_map(|part| part.as_deref()).filter(|part| !matches!(part, Expr::NoneLiteral(_))).collect(),
                    index => vec![index],
                };
                for part in parts {
                    integer(self, part, "string indices")?;
                }
                Type::Unicode
            }
            StringForm::Length(_) => Type::Scalar(INT64),
            StringForm::Ord(argument) => {
                string(self, argument, "ord()'s argument")?;
                Type::Scalar(INT64)
            }
            StringForm::Chr(argument) => {
                integer(self, argument, "chr()'s argument")?;
                Type::Unicode
            }
            StringForm::Parse { string: argument, base, float } => {
                string(self, argument, if *float { "float()'s argument" } else { "int()'s argument" })?;
                if let Some(base) = base {
                    integer(self, base, "int()'s base")?;
                }
                Type::Scalar(if *float { FLOAT64 } else { INT64 })
            }
            StringForm::Hash(_) => Type::Scalar(INT64),
            StringForm::Method { method: Method::Prelude(helper), call, .. } => {
                let name = module.prelude_function(helper).expect("the prelude defines the string methods it writes");
                let mut arguments = Vec::new();
                for argument in call_arguments(module, call, &Callee::Method(name.clone()))? {
                    arguments.push(self.expr_type(argument)?);
                }
                if arguments.contains(&Type::Unknown) {
                    return Ok(Type::Unknown);
                }
                let index = self.specialisations.specialise(&name, &arguments, call)?;
                self.specialisations.functions[index].return_type.clone()
            }
            StringForm::Method { method, call, .. } => {
                let arguments = &call.arguments.args;
                if let Some(keyword) = call.arguments.keywords.first() {
                    return Err(module.unsupported(keyword, "string methods take their arguments by position in compiled code"));
                }
                if !method.arity().contains(&arguments.len()) {
                    let name = match &*call.func {
                        Expr::Attribute(attribute) => attribute.attr.to_string(),
                        _ => String::new(),
                    };
                    return Err(module.typing(call, format!("str.{name}() takes {} to {} arguments ({} given)", method.arity().start(), method.arity().end(), arguments.len())));
                }
                match method {
                    Method::Search(found) => {
                        string(self, &arguments[0], "the argument")?;
                        match *found {
                            search::STARTSWITH | search::ENDSWITH => Type::Scalar(Scalar::Bool),
                            _ => Type::Scalar(INT64),
                        }
                    }
                    Method::Transform(_) => {
                        if let Some(characters) = arguments.first() {
                            if self.expr_type(characters)? != Type::None {
                                string(self, characters, "the characters to strip")?;
                            }
                        }
                        Type::Unicode
                    }
                    Method::Test(_) => Type::Scalar(Scalar::Bool),
                    Method::Index(_) => {
                        string(self, &arguments[0], "the argument")?;
                        Type::Scalar(INT64)
                    }
                    Method::Pad(_) => {
                        integer(self, &arguments[0], "the width")?;
                        if let Some(fill) = arguments.get(1) {
                            string(self, fill, "the fill character")?;
                        }
                        if arguments.len() > 2 {
                            return Err(module.typing(call, "a padding method takes a width and a fill character"));
                        }
                        Type::Unicode
                    }
                    Method::Partition(_) => {
                        string(self, &arguments[0], "the separator")?;
                        Type::tuple(vec![Type::Unicode; 3])
                    }
                    Method::Replace => {
                        if arguments.len() < 2 {
                            return Err(module.typing(call, "str.replace() takes 2 to 3 arguments (1 given)"));
                        }
                        string(self, &arguments[0], "replace()'s first argument")?;
                        string(self, &arguments[1], "replace()'s second argument")?;
                        if let Some(count) = arguments.get(2) {
                            integer(self, count, "replace()'s count")?;
                        }
                        Type::Unicode
                    }
                    Method::Split(_) => {
                        if let Some(separator) = arguments.first() {
                            if self.expr_type(separator)? != Type::None {
                                string(self, separator, "split()'s separator")?;
                            }
                        }
                        if let Some(limit) = arguments.get(1) {
                            integer(self, limit, "split()'s maxsplit")?;
                        }
                        Type::List(Box::new(Type::Unicode))
                    }
                    Method::Prelude(_) => unreachable!("typed above"),
                    Method::Join => match self.expr_type(&arguments[0])? {
                        Type::List(element) if matches!(*element, Type::Unicode | Type::Unknown) => Type::Unicode,
                        other => return Err(module.unsupported(&arguments[0], format!("str.join() takes a list of strings here, got {other}"))),
                    },
                }
            }
        })
    }
}
