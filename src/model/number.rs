//! Small numeric types the tables are written in: fractions and dice.

use std::fmt;
use std::str::FromStr;

/// An exact fraction such as the "1/2" of a non-cumulative halving.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ratio {
    pub num: i64,
    pub den: i64,
}

impl Ratio {
    /// The fraction `num / den` in lowest terms. `den` must not be 0.
    pub fn new(num: i64, den: i64) -> Self {
        Self::reduce(i128::from(num), i128::from(den)).expect("a reduced i64 fraction fits")
    }

    /// `num / den` in lowest terms, if that fits in 64 bits.
    fn reduce(num: i128, den: i128) -> Option<Self> {
        if den == 0 {
            return None;
        }
        let g = gcd(num.abs(), den.abs()).max(1);
        let sign = if den < 0 { -1 } else { 1 };
        Some(Self {
            num: i64::try_from(sign * num / g).ok()?,
            den: i64::try_from(sign * den / g).ok()?,
        })
    }

    pub fn integer(n: i64) -> Self {
        Self { num: n, den: 1 }
    }

    /// The product, or `None` when it cannot be held exactly.
    pub fn checked_mul(self, other: Ratio) -> Option<Ratio> {
        Self::reduce(
            i128::from(self.num) * i128::from(other.num),
            i128::from(self.den) * i128::from(other.den),
        )
    }

    pub fn floor(self) -> i64 {
        self.num.div_euclid(self.den)
    }

    pub fn ceil(self) -> i64 {
        let (num, den) = (i128::from(self.num), i128::from(self.den));
        // |ceil(n/d)| ≤ |n| for d ≥ 1, so the result fits.
        (-(-num).div_euclid(den)) as i64
    }

    /// Rounds half away from zero.
    pub fn round(self) -> i64 {
        let (num, den) = (i128::from(self.num), i128::from(self.den));
        let half_up = (2 * num.abs() + den).div_euclid(2 * den);
        (half_up * num.signum()) as i64
    }

    pub fn is_integer(self) -> bool {
        self.den == 1
    }

    pub fn as_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let left = i128::from(self.num) * i128::from(other.den);
        left.cmp(&(i128::from(other.num) * i128::from(self.den)))
    }
}

impl FromStr for Ratio {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        if let Ok(whole) = s.trim().parse::<i64>() {
            return Ok(Ratio::integer(whole));
        }
        let (num, den) = s
            .split_once('/')
            .ok_or_else(|| format!("`{s}` is not a fraction like \"1/2\""))?;
        let num: i64 = num
            .trim()
            .parse()
            .map_err(|_| format!("`{s}` is not a fraction like \"1/2\""))?;
        let den: i64 = den
            .trim()
            .parse()
            .map_err(|_| format!("`{s}` is not a fraction like \"1/2\""))?;
        if den == 0 {
            return Err(format!("`{s}` divides by zero"));
        }
        let term = crate::model::limits::MAX_FACTOR_TERM;
        // `unsigned_abs`: the most negative number has no positive twin.
        if num.unsigned_abs() > term.unsigned_abs() || den.unsigned_abs() > term.unsigned_abs() {
            return Err(format!(
                "`{s}`: the numbers of a fraction are at most {term}, as in \"1/2\" or \"3/2\""
            ));
        }
        Ok(Ratio::new(num, den))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// The most outcomes a roll may have (20d6 has 3.7 × 10^15).
const MAX_OUTCOMES: u64 = 1 << 62;

/// Dice such as "2d6" or "1d10".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
}

impl Dice {
    pub fn min(self) -> i64 {
        self.count as i64
    }

    pub fn max(self) -> i64 {
        (self.count * self.sides) as i64
    }
}

impl FromStr for Dice {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("`{s}` is not dice like \"2d6\" or \"1d10\"");
        let (count, sides) = s.split_once(['d', 'D']).ok_or_else(bad)?;
        let count = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| bad())?
        };
        let sides: u32 = sides.parse().map_err(|_| bad())?;
        if !(1..=20).contains(&count) || !(2..=100).contains(&sides) {
            return Err(format!("`{s}`: between 1 and 20 dice of 2 to 100 sides"));
        }
        // Chances are counted exactly, as whole numbers of outcomes.
        if u64::from(sides)
            .checked_pow(count)
            .is_none_or(|n| n > MAX_OUTCOMES)
        {
            return Err(format!(
                "`{s}` has too many outcomes to count exactly: at most 2^62, such as 20d8 or 9d100"
            ));
        }
        Ok(Dice { count, sides })
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_follows_the_rules_conventions() {
        let r = Ratio::new(7, 2);
        assert_eq!((r.floor(), r.ceil(), r.round()), (3, 4, 4));
        let r = Ratio::new(-7, 2);
        assert_eq!((r.floor(), r.ceil(), r.round()), (-4, -3, -4));
    }

    #[test]
    fn products_that_cannot_be_held_are_none_not_wrapped() {
        let tiny = Ratio::new(1, 1_000);
        let mut product = Ratio::integer(1);
        for _ in 0..6 {
            product = product.checked_mul(tiny).unwrap();
        }
        assert_eq!(product, Ratio::new(1, 1_000_000_000_000_000_000));
        assert_eq!(product.checked_mul(tiny), None);
        assert_eq!(Ratio::new(i64::MIN, 1).ceil(), i64::MIN);
        assert_eq!(Ratio::new(5, 2).round(), 3);
        assert_eq!(Ratio::new(-5, 2).round(), -3);
        assert!(Ratio::new(i64::MAX, 3) > Ratio::new(i64::MAX - 1, 3));
    }

    #[test]
    fn fractions_and_dice_have_limits() {
        assert!("1/4294967296".parse::<Ratio>().is_err());
        assert!("20d10".parse::<Dice>().is_err());
        assert!("20d8".parse::<Dice>().is_ok());
    }

    #[test]
    fn the_most_negative_number_is_refused_not_a_panic() {
        assert!("-9223372036854775808/1".parse::<Ratio>().is_err());
        assert!("1/-9223372036854775808".parse::<Ratio>().is_err());
    }

    #[test]
    fn parses_fractions_and_dice() {
        assert_eq!("1/4".parse::<Ratio>().unwrap(), Ratio::new(1, 4));
        assert!("1/0".parse::<Ratio>().is_err());
        assert_eq!(
            "2d10".parse::<Dice>().unwrap(),
            Dice {
                count: 2,
                sides: 10
            }
        );
        assert!("2x6".parse::<Dice>().is_err());
    }
}
