//! The small expression language a table uses to state the rule its cells
//! follow: numbers, `+ - * /`, parentheses, a few functions, column names and
//! `constant[column]`. No loops or assignments; length and depth are bounded.

use std::ops::Range;

const MAX_LENGTH: usize = 500;
const MAX_DEPTH: usize = 32;
const FUNCTIONS: &[&str] = &["ceil", "floor", "round", "min", "max", "abs"];

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Number(f64),
    /// The cell of this row in the named column.
    Column(String, Range<usize>),
    /// A table constant indexed by this row's key in a column: `per_die[group]`.
    Constant {
        name: String,
        column: String,
        range: Range<usize>,
    },
    Negate(Box<Expr>),
    Binary(Op, Box<Expr>, Box<Expr>),
    Call(String, Vec<Expr>, Range<usize>),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

/// A parse error with the byte range of the offending characters.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    pub message: String,
    pub range: Range<usize>,
}

pub fn parse(source: &str) -> Result<Expr, ParseError> {
    if source.len() > MAX_LENGTH {
        return Err(ParseError {
            message: format!("a rule is at most {MAX_LENGTH} characters long"),
            range: MAX_LENGTH..source.len(),
        });
    }
    let mut parser = Parser {
        source,
        pos: 0,
        depth: 0,
    };
    let expr = parser.sum()?;
    parser.skip_space();
    if parser.pos < source.len() {
        return Err(parser.error_here("expected an operator or the end of the rule"));
    }
    Ok(expr)
}

struct Parser<'a> {
    source: &'a str,
    pos: usize,
    depth: usize,
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        // A space may be wider than a byte (a no-break space from a word processor).
        while let Some(c) = self.peek().filter(|c| c.is_whitespace()) {
            self.pos += c.len_utf8();
        }
    }

    fn peek(&self) -> Option<char> {
        self.source[self.pos..].chars().next()
    }

    fn error_here(&self, message: &str) -> ParseError {
        let end = self.peek().map_or(self.pos, |c| self.pos + c.len_utf8());
        ParseError {
            message: message.to_string(),
            range: self.pos..end,
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_space();
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        let mut left = self.product()?;
        loop {
            let op = if self.eat('+') {
                Op::Add
            } else if self.eat('-') {
                Op::Sub
            } else {
                return Ok(left);
            };
            let right = self.product()?;
            left = Expr::Binary(op, Box::new(left), Box::new(right));
        }
    }

    fn product(&mut self) -> Result<Expr, ParseError> {
        let mut left = self.unary()?;
        loop {
            let op = if self.eat('*') {
                Op::Mul
            } else if self.eat('/') {
                Op::Div
            } else {
                return Ok(left);
            };
            let right = self.unary()?;
            left = Expr::Binary(op, Box::new(left), Box::new(right));
        }
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error_here("the rule nests too deeply"));
        }
        let result = if self.eat('-') {
            self.unary().map(|e| Expr::Negate(Box::new(e)))
        } else {
            self.atom()
        };
        self.depth -= 1;
        result
    }

    fn atom(&mut self) -> Result<Expr, ParseError> {
        self.skip_space();
        let start = self.pos;
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                while self.peek().is_some_and(|c| c.is_ascii_digit() || c == '.') {
                    self.pos += 1;
                }
                let text = &self.source[start..self.pos];
                text.parse().map(Expr::Number).map_err(|_| ParseError {
                    message: format!("`{text}` is not a number"),
                    range: start..self.pos,
                })
            }
            Some('(') => {
                self.pos += 1;
                let inner = self.sum()?;
                if !self.eat(')') {
                    return Err(self.error_here("expected `)`"));
                }
                Ok(inner)
            }
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                let name = self.identifier();
                let range = start..self.pos;
                if self.eat('(') {
                    return self.call(name, range);
                }
                if self.eat('[') {
                    self.skip_space();
                    let column_start = self.pos;
                    let column = self.identifier();
                    if column.is_empty() {
                        return Err(self.error_here("expected a column name inside `[ ]`"));
                    }
                    let column_range = column_start..self.pos;
                    if !self.eat(']') {
                        return Err(self.error_here("expected `]`"));
                    }
                    let _ = column_range;
                    return Ok(Expr::Constant {
                        name,
                        column,
                        range: start..self.pos,
                    });
                }
                Ok(Expr::Column(name, range))
            }
            _ => Err(self.error_here("expected a number, a column name, `(` or a function")),
        }
    }

    fn identifier(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            self.pos += 1;
        }
        self.source[start..self.pos].to_string()
    }

    fn call(&mut self, name: String, range: Range<usize>) -> Result<Expr, ParseError> {
        if !FUNCTIONS.contains(&name.as_str()) {
            return Err(ParseError {
                message: format!("unknown function `{name}`; known: {}", FUNCTIONS.join(", ")),
                range,
            });
        }
        let mut args = vec![self.sum()?];
        while self.eat(',') {
            args.push(self.sum()?);
        }
        if !self.eat(')') {
            return Err(self.error_here("expected `,` or `)`"));
        }
        let arity_ok = match name.as_str() {
            "min" | "max" => args.len() >= 2,
            _ => args.len() == 1,
        };
        if !arity_ok {
            return Err(ParseError {
                message: format!(
                    "`{name}` takes {}",
                    if name == "min" || name == "max" {
                        "two or more arguments"
                    } else {
                        "one argument"
                    }
                ),
                range,
            });
        }
        Ok(Expr::Call(name, args, range))
    }
}

/// What a rule can read: the row's cells and the table's constants.
pub trait Scope {
    fn number(&self, column: &str) -> Result<f64, String>;
    fn constant(&self, name: &str, column: &str) -> Result<f64, String>;
}

impl Expr {
    pub fn eval(&self, scope: &dyn Scope) -> Result<f64, String> {
        Ok(match self {
            Expr::Number(n) => *n,
            Expr::Column(name, _) => scope.number(name)?,
            Expr::Constant { name, column, .. } => scope.constant(name, column)?,
            Expr::Negate(e) => -e.eval(scope)?,
            Expr::Binary(op, a, b) => {
                let (a, b) = (a.eval(scope)?, b.eval(scope)?);
                match op {
                    Op::Add => a + b,
                    Op::Sub => a - b,
                    Op::Mul => a * b,
                    Op::Div if b == 0.0 => return Err("division by zero".into()),
                    Op::Div => a / b,
                }
            }
            Expr::Call(name, args, _) => {
                let values = args
                    .iter()
                    .map(|a| a.eval(scope))
                    .collect::<Result<Vec<_>, _>>()?;
                match name.as_str() {
                    "ceil" => values[0].ceil(),
                    "floor" => values[0].floor(),
                    "round" => values[0].round(),
                    "abs" => values[0].abs(),
                    "min" => values.iter().copied().fold(f64::INFINITY, f64::min),
                    _ => values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                }
            }
        })
    }

    /// Every column and constant the rule names, with where.
    pub fn names(&self, out: &mut Vec<(Name, Range<usize>)>) {
        match self {
            Expr::Number(_) => {}
            Expr::Column(name, range) => out.push((Name::Column(name.clone()), range.clone())),
            Expr::Constant {
                name,
                column,
                range,
            } => out.push((Name::Constant(name.clone(), column.clone()), range.clone())),
            Expr::Negate(e) => e.names(out),
            Expr::Binary(_, a, b) => {
                a.names(out);
                b.names(out);
            }
            Expr::Call(_, args, _) => args.iter().for_each(|a| a.names(out)),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Name {
    Column(String),
    Constant(String, String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_space_wider_than_a_byte_is_a_space() {
        // A no-break space and an ideographic space, as word processors write them.
        assert!(parse("ceil(figures /\u{a0}4)").is_ok());
        assert!(parse("figures\u{3000}+ 1").is_ok());
        assert!(parse("\u{a0}").is_err());
    }

    struct Row;

    impl Scope for Row {
        fn number(&self, column: &str) -> Result<f64, String> {
            match column {
                "figures" => Ok(10.0),
                other => Err(format!("no column {other}")),
            }
        }
        fn constant(&self, name: &str, column: &str) -> Result<f64, String> {
            match (name, column) {
                ("per_die", "group") => Ok(4.0),
                _ => Err("no constant".into()),
            }
        }
    }

    #[test]
    fn evaluates_the_fire_dice_rule() {
        let rule = parse("ceil(figures / per_die[group]) + 1").unwrap();
        assert_eq!(rule.eval(&Row).unwrap(), 4.0);
        assert_eq!(parse("-2 * (3 + 1)").unwrap().eval(&Row).unwrap(), -8.0);
        assert_eq!(parse("max(1, 7 - 9)").unwrap().eval(&Row).unwrap(), 1.0);
    }

    #[test]
    fn parse_errors_point_at_the_characters() {
        let e = parse("ceil(figures / 4").unwrap_err();
        assert_eq!(e.range, 16..16);
        let e = parse("figures ^ 2").unwrap_err();
        assert_eq!(e.range, 8..9);
        let e = parse("exp(2)").unwrap_err();
        assert_eq!(e.range, 0..3);
        assert!(parse(&"(".repeat(100)).is_err());
        assert!(parse(&"1+".repeat(300)).is_err());
    }
}
