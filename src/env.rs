//! What a run takes from its surroundings rather than from the project,
//! read once where the run begins and carried to the outputs as a value:
//! no stage below reads the process environment.

use crate::diagnostic::Diagnostic;
use crate::diagnostic::codes;

/// The surroundings of one run.
#[derive(Debug, Clone, Default)]
pub struct Env {
    /// The date every output carries.
    pub created: Created,
    /// Why the surroundings could not be used as they are, for a build to report.
    pub warning: Option<Diagnostic>,
    /// `GROGNARD_NO_CACHE` is set: a build keeps no typeset PDFs in
    /// `<out>/.cache/typeset/` for the next run.
    pub no_cache: bool,
}

impl Env {
    /// Read from this process: `SOURCE_DATE_EPOCH`, with a warning where it
    /// is set but makes no date.
    pub fn from_process() -> Env {
        let value = std::env::var_os("SOURCE_DATE_EPOCH");
        let text = value.as_ref().map(|v| v.to_string_lossy());
        let created = text.as_deref().map(Created::from_epoch_text);
        let problem = match (&text, created) {
            (Some(text), Some(None)) => Some(Diagnostic::of(
                codes::SOURCE_DATE_EPOCH,
                format!(
                    "SOURCE_DATE_EPOCH is `{}`, not a number of seconds since 1970 that makes a date; \
                     the PDFs carry the fixed date 2026-01-01",
                    crate::diagnostic::shorten(text)
                ),
            )),
            _ => None,
        };
        Env {
            created: created.flatten().unwrap_or_default(),
            warning: problem,
            no_cache: std::env::var_os("GROGNARD_NO_CACHE").is_some(),
        }
    }
}

/// The moment outputs say they were made: `SOURCE_DATE_EPOCH` when set
/// and usable, else 2026-01-01, so that builds are reproducible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Created(time::OffsetDateTime);

impl Default for Created {
    fn default() -> Self {
        Created(time::macros::datetime!(2026-01-01 00:00 UTC))
    }
}

impl Created {
    /// Seconds since 1970 as `SOURCE_DATE_EPOCH` writes them, if they make a
    /// date of the years 1 to 9999.
    pub fn from_epoch_text(text: &str) -> Option<Created> {
        let seconds: i64 = text.trim().parse().ok()?;
        let moment = time::OffsetDateTime::from_unix_timestamp(seconds).ok()?;
        (1..=9999)
            .contains(&moment.year())
            .then_some(Created(moment))
    }

    pub fn seconds(self) -> i64 {
        self.0.unix_timestamp()
    }

    /// The moment as Typst dates a document.
    pub fn datetime(self) -> typst::foundations::Datetime {
        let (date, time) = (self.0.date(), self.0.time());
        typst::foundations::Datetime::from_ymd_hms(
            date.year(),
            u8::from(date.month()),
            date.day(),
            time.hour(),
            time.minute(),
            time.second(),
        )
        .expect("a date of the years 1 to 9999 is a Typst date")
    }
}

#[cfg(test)]
mod tests {
    use super::Created;

    #[test]
    fn source_date_epoch_makes_a_date_or_none() {
        let at = |text: &str| Created::from_epoch_text(text).map(Created::seconds);
        assert_eq!(at("0"), Some(0));
        assert_eq!(at(" 1767225600\n"), Some(1_767_225_600));
        assert_eq!(Created::default().seconds(), 1_767_225_600);
        assert_eq!(at("-62135596800"), Some(-62_135_596_800)); // 0001-01-01
        assert_eq!(at("-62135596801"), None);
        assert_eq!(at("253402300799"), Some(253_402_300_799)); // 9999-12-31 23:59:59
        assert_eq!(at("253402300800"), None);
        assert_eq!(at("soon"), None);
        assert_eq!(at("99999999999999999999"), None);
        let day = Created::from_epoch_text("1434412800").unwrap().datetime();
        assert_eq!(
            (day.year(), day.month(), day.day()),
            (Some(2015), Some(6), Some(16))
        );
    }
}
