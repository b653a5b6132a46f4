//! Dates and moments of an action that may last several days: a moment is
//! a [`Clock`] counted in minutes from midnight of the action's first day,
//! so that turns, arrivals and ends compare and subtract across midnight.

use time::Date;
use time::macros::format_description;

use super::scenario::Clock;

/// The longest action a scenario may describe: a campaign of a month is
/// written as several scenarios.
pub const MAX_DAYS: u32 = 31;

pub const MINUTES_PER_DAY: u32 = 24 * 60;

/// A calendar date "YYYY-MM-DD", checked against the calendar (no 31 June).
pub fn parse_date(text: &str) -> Option<Date> {
    let plain = text.len() == 10 && text.bytes().filter(|b| *b == b'-').count() == 2;
    plain
        .then(|| Date::parse(text, format_description!("[year]-[month]-[day]")).ok())
        .flatten()
}

/// Why a moment does not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MomentError {
    /// Neither "HH:MM" nor "YYYY-MM-DD HH:MM".
    Syntax,
    /// A dated moment in a scenario without a valid `date`.
    NoFirstDay,
    /// A date before the action's first day.
    BeforeFirstDay(Date),
    /// A date more than [`MAX_DAYS`] after it.
    TooLate(Date),
}

/// "HH:MM" on the first day, or "YYYY-MM-DD HH:MM" (a `T` may replace the space).
pub fn parse_moment(text: &str, first_day: Option<Date>) -> Result<Clock, MomentError> {
    let Some((date, time)) = text.split_once([' ', 'T']) else {
        return Clock::parse(text).ok_or(MomentError::Syntax);
    };
    let (date, time) = (
        parse_date(date).ok_or(MomentError::Syntax)?,
        Clock::parse(time).ok_or(MomentError::Syntax)?,
    );
    let first = first_day.ok_or(MomentError::NoFirstDay)?;
    let days = (date - first).whole_days();
    if days < 0 {
        return Err(MomentError::BeforeFirstDay(first));
    }
    let days = u32::try_from(days)
        .ok()
        .filter(|d| *d < MAX_DAYS)
        .ok_or(MomentError::TooLate(first))?;
    Ok(Clock(days * MINUTES_PER_DAY + time.0))
}

impl Clock {
    /// The day of the action (0 = the first day).
    pub fn day(self) -> u32 {
        self.0 / MINUTES_PER_DAY
    }

    /// The time of day, as a clock on the first day.
    pub fn time_of_day(self) -> Clock {
        Clock(self.0 % MINUTES_PER_DAY)
    }

    /// The date of this moment, from the action's first day.
    pub fn date(self, first_day: Date) -> Option<Date> {
        first_day.checked_add(time::Duration::days(i64::from(self.day())))
    }

    /// "HH:MM" on the first day, "YYYY-MM-DD HH:MM" after it (for the
    /// author's diagnostics and the converted layers, which are read back).
    pub fn written(self, first_day: Option<Date>) -> String {
        match (self.day(), first_day.and_then(|d| self.date(d))) {
            (0, _) => self.to_string(),
            (_, Some(date)) => format!("{date} {}", self.time_of_day()),
            (day, None) => format!("day {} {}", day + 1, self.time_of_day()),
        }
    }
}

/// A span of the night that a layer skips or marks, as times of day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Night {
    pub from: Clock,
    pub to: Clock,
    /// Skipped night turns are not played: the turn after dusk starts at dawn.
    pub skip: bool,
}

impl Night {
    /// Whether a moment falls in the night (from dusk to dawn, across midnight).
    pub fn contains(&self, moment: Clock) -> bool {
        let t = moment.time_of_day();
        if self.from <= self.to {
            self.from <= t && t < self.to
        } else {
            t >= self.from || t < self.to
        }
    }

    /// The next dawn at or after a moment.
    pub fn dawn_after(&self, moment: Clock) -> Clock {
        let today = Clock((moment.day() * MINUTES_PER_DAY).saturating_add(self.to.0));
        if today >= moment {
            today
        } else {
            Clock(today.0.saturating_add(MINUTES_PER_DAY))
        }
    }
}

/// A turn track: when each turn begins, a turn every `minutes` except that a
/// turn which would begin in a skipped night begins at dawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Track {
    pub starts: Vec<Clock>,
    pub minutes: u32,
}

impl Track {
    /// `turns` turns from `start` (at least one, the first).
    pub fn new(start: Clock, minutes: u32, turns: u32, night: Option<&Night>) -> Track {
        Track::build(start, minutes, night, |starts, _| {
            starts.len() as u32 >= turns.max(1)
        })
    }

    /// The turns that begin before `end`, up to `max` of them.
    pub fn until(start: Clock, minutes: u32, end: Clock, night: Option<&Night>, max: u32) -> Track {
        Track::build(start, minutes, night, |starts, next| {
            next >= end || starts.len() as u32 >= max.max(1)
        })
    }

    fn build(
        start: Clock,
        minutes: u32,
        night: Option<&Night>,
        done: impl Fn(&[Clock], Clock) -> bool,
    ) -> Track {
        let skipped = night.filter(|n| n.skip);
        let mut starts = vec![start];
        loop {
            let mut next = Clock(starts[starts.len() - 1].0.saturating_add(minutes));
            if let Some(night) = skipped
                && night.contains(next)
            {
                next = night.dawn_after(next);
            }
            if done(&starts, next) {
                return Track { starts, minutes };
            }
            starts.push(next);
        }
    }

    pub fn turns(&self) -> u32 {
        self.starts.len() as u32
    }

    /// The moment `turn` (1-based) begins; turns past the last one follow it
    /// every `minutes`.
    pub fn start(&self, turn: u32) -> Clock {
        let last = self.turns();
        match turn {
            0 => self.starts[0],
            t if t <= last => self.starts[t as usize - 1],
            t => Clock(
                self.starts[last as usize - 1]
                    .0
                    .saturating_add((t - last).saturating_mul(self.minutes)),
            ),
        }
    }

    /// The turn of a moment (turn 1 for anything before the start): the turn
    /// under way, or the next one when arrivals round up (`next`) or the
    /// moment falls in a skipped night; past the last turn, turns of the
    /// same length go on.
    pub fn turn_of(&self, clock: Clock, next: bool) -> u32 {
        if clock <= self.starts[0] {
            return 1;
        }
        let under_way = self.starts.partition_point(|s| *s <= clock).max(1);
        let begun = self.starts[under_way - 1];
        let elapsed = clock.0 - begun.0;
        let under_way = under_way as u32;
        if under_way == self.turns() && elapsed >= self.minutes {
            let more = if next {
                elapsed.div_ceil(self.minutes)
            } else {
                elapsed / self.minutes
            };
            return under_way + more;
        }
        if elapsed > 0 && (next || elapsed >= self.minutes) {
            under_way + 1
        } else {
            under_way
        }
    }

    /// Whether a moment is exactly the start of a turn (past the last one,
    /// of the turns that would follow it).
    pub fn on_turn(&self, clock: Clock) -> bool {
        let last = self.starts[self.starts.len() - 1];
        if clock > last {
            return (clock.0 - last.0).is_multiple_of(self.minutes);
        }
        clock <= self.starts[0] || self.starts.binary_search(&clock).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> Date {
        parse_date(text).unwrap()
    }

    #[test]
    fn dates_follow_the_calendar() {
        assert!(parse_date("1811-05-03").is_some());
        assert!(parse_date("1812-02-29").is_some(), "a leap year");
        assert!(parse_date("1811-02-29").is_none());
        assert!(parse_date("1811-06-31").is_none());
        assert!(parse_date("banana").is_none());
        assert!(parse_date("1811-5-3").is_none());
    }

    #[test]
    fn moments_count_minutes_from_the_first_midnight() {
        let first = Some(day("1811-05-03"));
        assert_eq!(parse_moment("12:00", first), Ok(Clock(720)));
        assert_eq!(
            parse_moment("1811-05-05 06:30", first),
            Ok(Clock(2 * 1440 + 390))
        );
        assert_eq!(
            parse_moment("1811-05-04T01:00", first),
            Ok(Clock(1440 + 60))
        );
        assert_eq!(
            parse_moment("1811-05-02 06:30", first),
            Err(MomentError::BeforeFirstDay(day("1811-05-03")))
        );
        assert_eq!(
            parse_moment("1811-05-05 06:30", None),
            Err(MomentError::NoFirstDay)
        );
        assert_eq!(
            parse_moment("1811-05-05 6:30", first),
            Err(MomentError::Syntax)
        );
        assert!(matches!(
            parse_moment("1811-07-05 06:30", first),
            Err(MomentError::TooLate(_))
        ));
        assert_eq!(
            Clock(2 * 1440 + 390).written(first),
            "1811-05-05 06:30".to_string()
        );
        assert_eq!(Clock(390).written(first), "06:30");
    }

    #[test]
    fn a_night_crosses_midnight() {
        let night = Night {
            from: Clock(21 * 60),
            to: Clock(5 * 60),
            skip: true,
        };
        assert!(night.contains(Clock(22 * 60)));
        assert!(night.contains(Clock(1440 + 4 * 60)));
        assert!(!night.contains(Clock(1440 + 5 * 60)));
        assert!(!night.contains(Clock(20 * 60 + 59)));
        assert_eq!(night.dawn_after(Clock(22 * 60)), Clock(1440 + 5 * 60));
        assert_eq!(night.dawn_after(Clock(1440 + 60)), Clock(1440 + 5 * 60));
    }

    #[test]
    fn a_track_skips_the_night_and_counts_turns_across_it() {
        let night = Night {
            from: Clock(21 * 60),
            to: Clock(5 * 60),
            skip: true,
        };
        // Two-hour turns from 17:00: 17, 19, (21 skipped) 05, 07 the next day.
        let track = Track::new(Clock(17 * 60), 120, 4, Some(&night));
        assert_eq!(
            track.starts,
            vec![
                Clock(17 * 60),
                Clock(19 * 60),
                Clock(1440 + 5 * 60),
                Clock(1440 + 7 * 60)
            ]
        );
        // An arrival at 23:00 comes at dawn; at 06:00, on the dawn turn.
        assert_eq!(track.turn_of(Clock(23 * 60), false), 3);
        assert_eq!(track.turn_of(Clock(1440 + 6 * 60), false), 3);
        assert_eq!(track.turn_of(Clock(1440 + 6 * 60), true), 4);
        assert_eq!(track.turn_of(Clock(1440 + 11 * 60), false), 6);
        let marked = Night {
            skip: false,
            ..night
        };
        assert_eq!(
            Track::new(Clock(17 * 60), 120, 4, Some(&marked)).starts[2],
            Clock(21 * 60)
        );
        let until = Track::until(Clock(17 * 60), 120, Clock(1440 + 8 * 60), Some(&night), 100);
        assert_eq!(until.turns(), 4);
    }

    #[test]
    fn without_a_night_a_track_is_arithmetic() {
        let track = Track::new(Clock(600), 30, 5, None);
        assert_eq!(track.start(5), Clock(720));
        assert_eq!(track.start(7), Clock(780));
        assert_eq!(track.turn_of(Clock(615), false), 1);
        assert_eq!(track.turn_of(Clock(615), true), 2);
        assert_eq!(track.turn_of(Clock(800), false), 7);
        assert_eq!(track.turn_of(Clock(800), true), 8);
        assert!(track.on_turn(Clock(690)) && !track.on_turn(Clock(691)));
        assert!(track.on_turn(Clock(780)), "a turn after the last");
    }
}
