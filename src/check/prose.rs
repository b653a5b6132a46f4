//! Arithmetic written in running text — "1+3+3+2=9", "3 × 3 = 9",
//! "-24 (-12 + -12)" — is found and verified.

use std::ops::Range;

use crate::diagnostic::codes;
use crate::diagnostic::{Diagnostic, Location};
use crate::model::Ruleset;
use crate::model::chapter::Node;
use crate::source::{FileId, Sources};

#[derive(Debug, Clone, Copy, PartialEq)]
enum Token {
    Number(f64),
    Op(char),
    Equals,
    Open,
    Close,
}

/// An arithmetic claim found in text: where, what it says, what it computes to.
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    pub range: Range<usize>,
    pub claimed: f64,
    pub computed: f64,
}

fn tokenize(text: &str) -> Vec<Option<(Token, Range<usize>)>> {
    // `None` marks anything that is not arithmetic: it breaks a claim.
    let mut tokens = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (start, c) = chars[i];
        let next = chars.get(i + 1).map(|(_, c)| *c);
        let previous_digit = i > 0 && chars[i - 1].1.is_ascii_digit();
        if c.is_ascii_digit() {
            let mut j = i;
            let mut literal = String::new();
            while j < chars.len() {
                let (_, d) = chars[j];
                let decimal_mark = (d == ',' || d == '.')
                    && chars.get(j + 1).is_some_and(|(_, n)| n.is_ascii_digit())
                    && !literal.contains('.');
                if d.is_ascii_digit() {
                    literal.push(d);
                } else if decimal_mark {
                    literal.push('.');
                } else {
                    break;
                }
                j += 1;
            }
            let end = chars.get(j).map_or(text.len(), |(o, _)| *o);
            let value = literal.parse().unwrap_or(f64::NAN);
            // A number glued to letters ("2d6", "1812a") is not arithmetic.
            let glued = chars
                .get(j)
                .is_some_and(|(_, n)| n.is_alphabetic() && *n != 'x');
            tokens.push((!glued).then_some((Token::Number(value), start..end)));
            i = j;
            continue;
        }
        let end = start + c.len_utf8();
        let token = match c {
            '+' => Some(Token::Op('+')),
            '-' | '−' => Some(Token::Op('-')),
            '×' | '*' => Some(Token::Op('*')),
            'x' if previous_digit || next.is_some_and(|n| n.is_ascii_digit() || n == ' ') => {
                // "3x3" or "3 x 3": x between numbers multiplies.
                let before_number =
                    tokens
                        .last()
                        .is_some_and(|t: &Option<(Token, Range<usize>)>| {
                            matches!(t, Some((Token::Number(_), _)))
                        });
                before_number.then_some(Token::Op('*'))
            }
            '/' => Some(Token::Op('/')),
            '=' => Some(Token::Equals),
            '(' => Some(Token::Open),
            ')' => Some(Token::Close),
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            _ => None,
        };
        tokens.push(token.map(|t| (t, start..end)));
        i += 1;
    }
    tokens
}

/// Evaluates `number (op number)*` with × and / before + and −; unary minus allowed.
fn evaluate(tokens: &[(Token, Range<usize>)]) -> Option<f64> {
    let mut terms: Vec<f64> = Vec::new();
    let mut pending_op = '+';
    let mut negative = false;
    let mut expect_number = true;
    for (token, _) in tokens {
        match (*token, expect_number) {
            (Token::Op('-'), true) => negative = !negative,
            (Token::Number(n), true) => {
                let n = if negative { -n } else { n };
                negative = false;
                match pending_op {
                    '+' => terms.push(n),
                    '-' => terms.push(-n),
                    '*' => *terms.last_mut()? *= n,
                    '/' if n != 0.0 => *terms.last_mut()? /= n,
                    _ => return None,
                }
                expect_number = false;
            }
            (Token::Op(op), false) => {
                pending_op = op;
                expect_number = true;
            }
            _ => return None,
        }
    }
    (!expect_number).then(|| terms.iter().sum())
}

fn operators(tokens: &[(Token, Range<usize>)]) -> usize {
    tokens
        .windows(2)
        .filter(|w| matches!((w[0].0, w[1].0), (Token::Number(_), Token::Op(_))))
        .count()
}

/// Finds the claims `expr = n` and `n (expr)` in a piece of text.
pub fn find_claims(text: &str) -> Vec<Claim> {
    let mut claims = Vec::new();
    let tokens = tokenize(text);
    // Split into runs of arithmetic tokens.
    let mut runs: Vec<Vec<(Token, Range<usize>)>> = vec![Vec::new()];
    for token in tokens {
        match token {
            Some(t) => runs.last_mut().expect("one run").push(t),
            None => runs.push(Vec::new()),
        }
    }
    for run in runs {
        for (i, (token, _)) in run.iter().enumerate() {
            match token {
                // expr = n: the longest arithmetic stretch before `=`.
                Token::Equals => {
                    let Some((Token::Number(claimed), claimed_range)) = run.get(i + 1).cloned()
                    else {
                        continue;
                    };
                    let mut start = i;
                    while start > 0 && matches!(run[start - 1].0, Token::Number(_) | Token::Op(_)) {
                        start -= 1;
                    }
                    let expression = &run[start..i];
                    if operators(expression) == 0 {
                        continue;
                    }
                    let negative_claim = false;
                    if let Some(computed) = evaluate(expression) {
                        let claimed = if negative_claim { -claimed } else { claimed };
                        claims.push(Claim {
                            range: expression[0].1.start..claimed_range.end,
                            claimed,
                            computed,
                        });
                    }
                }
                // n (expr): a number followed by a parenthesised sum or product.
                Token::Open => {
                    let mut claimed_start = i;
                    let Some(Token::Number(mut claimed)) = i.checked_sub(1).map(|p| run[p].0)
                    else {
                        continue;
                    };
                    claimed_start -= 1;
                    if claimed_start > 0 && run[claimed_start - 1].0 == Token::Op('-') {
                        let before_sign = claimed_start.checked_sub(2).map(|p| run[p].0);
                        if !matches!(before_sign, Some(Token::Number(_) | Token::Close)) {
                            claimed = -claimed;
                            claimed_start -= 1;
                        }
                    }
                    let Some(close) = run[i + 1..].iter().position(|(t, _)| *t == Token::Close)
                    else {
                        continue;
                    };
                    let inner = &run[i + 1..i + 1 + close];
                    // A bare "-" inside parentheses is more often a range than a subtraction.
                    let has_operator = inner.iter().any(|(t, _)| {
                        matches!(t, Token::Op('+') | Token::Op('*') | Token::Op('/'))
                    });
                    if !has_operator || operators(inner) == 0 {
                        continue;
                    }
                    if let Some(computed) = evaluate(inner) {
                        claims.push(Claim {
                            range: run[claimed_start].1.start..run[i + 1 + close].1.end,
                            claimed,
                            computed,
                        });
                    }
                }
                _ => {}
            }
        }
    }
    claims
}

pub(crate) fn show(value: f64) -> String {
    let rounded = (value * 1000.0).round() / 1000.0;
    if rounded.fract() == 0.0 {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded}").replace('.', ",")
    }
}

/// Checks every claim in the running text of the ruleset's chapters.
pub fn check(ruleset: &Ruleset, sources: &Sources, found: &mut Vec<Diagnostic>) {
    for chapter in &ruleset.chapters {
        let text = sources.text(chapter.file);
        for (node, range) in &chapter.body.nodes {
            let Node::Text(t) = node else {
                continue;
            };
            // Offsets inside the text map to the source only when it is verbatim.
            let verbatim = text.get(range.start..range.start + t.len()) == Some(t.as_str());
            // Wrong arithmetic, and proportions that come out neither exact
            // nor rounded.
            let wrong = find_claims(t)
                .into_iter()
                .filter(|c| (c.claimed - c.computed).abs() >= 1e-9)
                .chain(
                    super::proportions::find(t)
                        .into_iter()
                        .filter(|p| !p.holds())
                        .map(|p| Claim {
                            range: p.range,
                            claimed: p.claimed,
                            computed: p.computed,
                        }),
                );
            for claim in wrong {
                let range = if verbatim {
                    range.start + claim.range.start..range.start + claim.range.end
                } else {
                    range.clone()
                };
                found.push(wrong_claim(
                    &t[claim.range.clone()],
                    &claim,
                    chapter.file,
                    range,
                ));
            }
        }
    }
}

fn wrong_claim(written: &str, claim: &Claim, file: FileId, range: Range<usize>) -> Diagnostic {
    Diagnostic::of(
        codes::PROSE_ARITHMETIC,
        format!(
            "`{written}` claims {}, but the arithmetic gives {}",
            show(claim.claimed),
            show(claim.computed)
        ),
    )
    .at_location(Some(Location::new(file, range)))
    .label(format!("this is {}", show(claim.computed)))
    .expected(show(claim.computed))
    .found(show(claim.claimed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wrong(text: &str) -> Vec<(String, f64, f64)> {
        find_claims(text)
            .into_iter()
            .filter(|c| (c.claimed - c.computed).abs() > 1e-9)
            .map(|c| (text[c.range].to_string(), c.claimed, c.computed))
            .collect()
    }

    #[test]
    fn finds_the_hussars_wrong_product_and_passes_the_right_sum() {
        let text = "hostigamiento (1+3+3+2=9) y luego (3x3=12) puntos";
        assert_eq!(wrong(text), vec![("3x3=12".to_string(), 12.0, 9.0)]);
        assert_eq!(find_claims(text).len(), 2);
    }

    #[test]
    fn reads_operators_decimal_commas_and_the_parenthesised_form() {
        assert!(wrong("7 + 1 + 1 + 1 = 10 y 10 / 2 = 5").is_empty());
        assert!(wrong("3,5 × 2 = 7 y 2 − 3 = -1").is_empty());
        assert!(wrong("en total -24 (-12 + -12) bajas").is_empty());
        assert_eq!(
            wrong("en total -20 (-12 + -12)"),
            vec![("-20 (-12 + -12)".to_string(), -20.0, -24.0)]
        );
        assert_eq!(wrong("1+2*3=9"), vec![("1+2*3=9".to_string(), 9.0, 7.0)]);
    }

    #[test]
    fn leaves_dates_ranges_and_dice_alone() {
        assert!(find_claims("Prusianos 1812-15, alcance 0-2 (2,1-5), tirada 2d6+1").is_empty());
        assert!(find_claims("el turno 3 (de 14) empieza").is_empty());
        assert!(find_claims("x = 5 e y = 3").is_empty());
    }
}
