//! The company's calendar. The company works in Madrid, so "today", a move's day, an invoice's
//! issue date and the analytics' days are Madrid's dates, not UTC's: between midnight in Madrid
//! and midnight UTC (one or two hours, by season) they differ. SQL says the same with
//! `(now() AT TIME ZONE 'Europe/Madrid')::date`, never `current_date` (the session's zone).

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Europe::Madrid;

/// The date in Madrid at the moment `at`.
pub fn madrid_date(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&Madrid).date_naive()
}

/// Today's date in Madrid.
pub fn today() -> NaiveDate {
    madrid_date(Utc::now())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0).unwrap()
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn madrid_turns_the_day_an_hour_before_utc_in_winter() {
        assert_eq!(madrid_date(at(2026, 12, 1, 22, 59)), date(2026, 12, 1));
        assert_eq!(madrid_date(at(2026, 12, 1, 23, 0)), date(2026, 12, 2));
    }

    #[test]
    fn and_two_hours_before_in_summer() {
        assert_eq!(madrid_date(at(2026, 7, 1, 21, 59)), date(2026, 7, 1));
        assert_eq!(madrid_date(at(2026, 7, 1, 22, 0)), date(2026, 7, 2));
    }

    #[test]
    fn new_year_comes_to_madrid_first() {
        // An invoice issued then belongs to the new year's series.
        assert_eq!(madrid_date(at(2026, 12, 31, 23, 30)), date(2027, 1, 1));
    }
}
