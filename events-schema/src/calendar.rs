//! The company's calendar. The company works in Madrid, so "today", a move's day, an invoice's
//! issue date and the analytics' days are Madrid's dates, not UTC's: between midnight in Madrid
//! and midnight UTC (one or two hours, by season) they differ. SQL says the same with
//! `(now() AT TIME ZONE 'Europe/Madrid')::date`, never `current_date` (the session's zone).
//!
//! The claims' terms are counted here too: the company answers a claim within 15 working days
//! («días hábiles») of the Comunidad de Madrid, whose holidays are not the rest of Spain's.

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc, Weekday};
use chrono_tz::Europe::Madrid;

/// The date in Madrid at the moment `at`.
pub fn madrid_date(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&Madrid).date_naive()
}

/// Today's date in Madrid.
pub fn today() -> NaiveDate {
    madrid_date(Utc::now())
}

/// The non-working public holidays of the Comunidad de Madrid in `year`, in date order: the
/// national ones and the Comunidad's own, as the BOE's yearly «relación de fiestas laborales»
/// and the Comunidad's decree in the BOCM publish them. A holiday that falls on a Sunday is on
/// the Monday only where the decree moves it there, which it does some years and not others.
///
/// Only the years `published` lists are exact. For any other year this is an approximation:
/// the fixed-date national holidays (1 and 6 January, 1 May, 15 August, 12 October, 1 November,
/// 6, 8 and 25 December), Jueves and Viernes Santo and the Comunidad's 2 May, each on its own
/// date. Which of them the Comunidad will move off a Sunday, or swap for San José or Santiago,
/// is not known before its decree, so a term running into such a year may be off by a day.
///
/// The two local holidays of each town (in Madrid city San Isidro, 15 May, and la Almudena,
/// 9 November) are not here: they are municipal, set by each town council, not regional, and
/// the same claim would otherwise get a different term in each town.
pub fn holidays(year: i32) -> Vec<NaiveDate> {
    match published(year) {
        Some(days) => days
            .iter()
            .map(|&(month, day)| ymd(year, month, day))
            .collect(),
        None => by_rule(year),
    }
}

/// The calendars as published, as (month, day). The Comunidad's decree lists all twelve days
/// of its calendar, national and regional, and the BOE's resolution repeats them.
fn published(year: i32) -> Option<&'static [(u32, u32)]> {
    match year {
        // BOE: Resolución de 15 de octubre de 2024, de la Dirección General de Trabajo (BOE núm.
        // 252, de 18 de octubre de 2024, BOE-A-2024-21316). BOCM: the decree the Consejo de
        // Gobierno approved on 25 September 2024; its number was not found. The Comunidad took
        // Santiago (25 July) rather than the Monday after 12 October, a Sunday; 1 November and
        // 6 December are Saturdays and stay there.
        2025 => Some(&[
            (1, 1),
            (1, 6),
            (4, 17),
            (4, 18),
            (5, 1),
            (5, 2),
            (7, 25),
            (8, 15),
            (11, 1),
            (12, 6),
            (12, 8),
            (12, 25),
        ]),
        // BOE: Resolución de 17 de octubre de 2025, de la Dirección General de Trabajo (BOE núm.
        // 259, de 28 de octubre de 2025, BOE-A-2025-21667). BOCM: Decreto 75/2025, de 24 de
        // septiembre, del Consejo de Gobierno (BOCM de 25 de septiembre de 2025). 1 November and
        // 6 December fall on Sundays and move to Monday 2 November and Monday 7 December; 2 May
        // and 15 August fall on Saturdays and do not move.
        2026 => Some(&[
            (1, 1),
            (1, 6),
            (4, 2),
            (4, 3),
            (5, 1),
            (5, 2),
            (8, 15),
            (10, 12),
            (11, 2),
            (12, 7),
            (12, 8),
            (12, 25),
        ]),
        // BOCM: Decreto 82/2026, de 30 de septiembre, del Consejo de Gobierno (BOCM núm. 234, de
        // 1 de octubre de 2026), as several public calendars that cite it, with its BOCM link,
        // give it, all agreeing on every day; the BOCM text itself could not be read here. BOE:
        // the resolution for 2027 was not found. San José (19 March) is a holiday again, and
        // 15 August, a Sunday, moves to Monday 16 August; 2 May is a Sunday and does not move.
        2027 => Some(&[
            (1, 1),
            (1, 6),
            (3, 19),
            (3, 25),
            (3, 26),
            (5, 1),
            (8, 16),
            (10, 12),
            (11, 1),
            (12, 6),
            (12, 8),
            (12, 25),
        ]),
        // 2028 on: not published yet (the Comunidad decrees the next year in late September).
        _ => None,
    }
}

/// The holidays of a year no calendar of which is at hand: see `holidays`.
fn by_rule(year: i32) -> Vec<NaiveDate> {
    const FIXED: [(u32, u32); 10] = [
        (1, 1),
        (1, 6),
        (5, 1),
        (5, 2),
        (8, 15),
        (10, 12),
        (11, 1),
        (12, 6),
        (12, 8),
        (12, 25),
    ];
    let easter = easter_sunday(year);
    let mut days: Vec<NaiveDate> = FIXED
        .iter()
        .map(|&(month, day)| ymd(year, month, day))
        .collect();
    days.push(easter - Days::new(3));
    days.push(easter - Days::new(2));
    days.sort_unstable();
    days
}

/// Easter Sunday in the Gregorian calendar, by the anonymous Gregorian algorithm (Meeus,
/// «Astronomical Algorithms», ch. 8), which needs no table of years; the letters are its own.
fn easter_sunday(year: i32) -> NaiveDate {
    let a = year.rem_euclid(19);
    let b = year.div_euclid(100);
    let c = year.rem_euclid(100);
    let d = b.div_euclid(4);
    let e = b.rem_euclid(4);
    let f = (b + 8).div_euclid(25);
    let g = (b - f + 1).div_euclid(3);
    let h = (19 * a + b - d - g + 15).rem_euclid(30);
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k).rem_euclid(7);
    let m = (a + 11 * h + 22 * l) / 451;
    let n = h + l - 7 * m + 114;
    ymd(year, (n / 31) as u32, (n % 31 + 1) as u32)
}

fn ymd(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).expect("a holiday's day exists in its year")
}

/// Whether `date` is a working day in the Comunidad de Madrid: not a Saturday, not a Sunday,
/// not one of `holidays`. Saturdays are out as they are for administrative terms since Ley
/// 39/2015 (art. 30.2), whatever the company's own working week.
pub fn is_working_day(date: NaiveDate) -> bool {
    !matches!(date.weekday(), Weekday::Sat | Weekday::Sun) && !holidays(date.year()).contains(&date)
}

/// The `n`-th working day after `from`, the last day of a term of `n` working days started on
/// `from`. `from` itself never counts, working day or not: a term in days runs from the day
/// after the one that starts it (Ley 39/2015, art. 30.3), so for a claim opened on a Friday the
/// first working day is the next Monday, if that is one. With `n` = 0 it is `from`.
///
/// The 7 days a client has to open a claim after a delivery are calendar days, not these:
/// `delivered + Days::new(7)`.
pub fn add_working_days(from: NaiveDate, n: u32) -> NaiveDate {
    let mut date = from;
    let mut left = n;
    while left > 0 {
        date = date.succ_opt().expect("a term ends within chrono's dates");
        if is_working_day(date) {
            left -= 1;
        }
    }
    date
}

/// The working days in (`from`, `to`]: on `from`, the ones left until a term that ends on `to`
/// («quedan N días hábiles»), so that `working_days_between(d, add_working_days(d, n))` is `n`.
/// 0 if `to` is not after `from`.
pub fn working_days_between(from: NaiveDate, to: NaiveDate) -> i64 {
    from.iter_days()
        .skip(1)
        .take_while(|date| *date <= to)
        .filter(|date| is_working_day(*date))
        .count() as i64
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

    #[test]
    fn easter_sunday_is_the_computus_one() {
        for (year, month, day) in [
            (2024, 3, 31),
            (2025, 4, 20),
            (2026, 4, 5),
            (2027, 3, 28),
            (2030, 4, 21),
            // The earliest and the latest Easter can be, and a turn of century.
            (2285, 3, 22),
            (2038, 4, 25),
            (2000, 4, 23),
        ] {
            assert_eq!(easter_sunday(year), date(year, month, day), "{year}");
        }
    }

    #[test]
    fn weekends_are_skipped_and_the_start_never_counts() {
        assert!(!is_working_day(date(2026, 1, 17)));
        assert!(!is_working_day(date(2026, 1, 18)));
        // Opened on a Friday: the first working day is the Monday.
        assert_eq!(add_working_days(date(2026, 1, 16), 1), date(2026, 1, 19));
        // Opened on a Saturday, which is no working day: still the Monday.
        assert_eq!(add_working_days(date(2026, 1, 17), 1), date(2026, 1, 19));
        assert_eq!(add_working_days(date(2026, 1, 19), 1), date(2026, 1, 20));
        assert_eq!(add_working_days(date(2026, 1, 17), 0), date(2026, 1, 17));
    }

    #[test]
    fn a_national_holiday_is_skipped() {
        // 12 October 2026 is a Monday.
        assert!(!is_working_day(date(2026, 10, 12)));
        assert_eq!(add_working_days(date(2026, 10, 9), 1), date(2026, 10, 13));
    }

    #[test]
    fn the_comunidads_own_holidays_are_skipped() {
        // 2025: 1 May (Thursday, national) and 2 May (Friday, the Comunidad's).
        assert!(!is_working_day(date(2025, 5, 2)));
        assert_eq!(add_working_days(date(2025, 4, 30), 1), date(2025, 5, 5));
        // 2026: Todos los Santos and the Constitución moved off their Sundays, Madrid's choice.
        assert!(!is_working_day(date(2026, 11, 2)));
        assert!(!is_working_day(date(2026, 12, 7)));
        assert_eq!(add_working_days(date(2026, 10, 30), 1), date(2026, 11, 3));
        assert_eq!(add_working_days(date(2026, 12, 4), 1), date(2026, 12, 9));
        // 2025's Santiago, and 2027's San José and the Monday after the Asunción.
        assert!(!is_working_day(date(2025, 7, 25)));
        assert!(!is_working_day(date(2027, 3, 19)));
        assert!(!is_working_day(date(2027, 8, 16)));
    }

    #[test]
    fn the_town_holidays_are_working_days() {
        // San Isidro and la Almudena are Madrid city's, not the Comunidad's.
        assert!(is_working_day(date(2026, 5, 15)));
        assert!(is_working_day(date(2026, 11, 9)));
        assert!(is_working_day(date(2028, 5, 15)));
    }

    #[test]
    fn a_term_across_semana_santa_skips_jueves_and_viernes_santo_only() {
        // 2026: Jueves Santo 2 April and Viernes Santo 3 April; Easter Monday works in Madrid.
        assert_eq!(add_working_days(date(2026, 4, 1), 1), date(2026, 4, 6));
        // 2025: 17 and 18 April.
        assert_eq!(add_working_days(date(2025, 4, 16), 1), date(2025, 4, 21));
        // 2028, by the rule: Easter on 16 April, so 13 and 14 April.
        assert_eq!(add_working_days(date(2028, 4, 12), 1), date(2028, 4, 17));
    }

    #[test]
    fn a_term_across_christmas_new_year_and_reyes() {
        // From Wednesday 23 December 2026: 24, (25 Christmas), 28, 29, 30, 31, (1 January), 4,
        // 5, (6 Reyes), 7.
        assert_eq!(add_working_days(date(2026, 12, 23), 1), date(2026, 12, 24));
        assert_eq!(add_working_days(date(2026, 12, 23), 2), date(2026, 12, 28));
        assert_eq!(add_working_days(date(2026, 12, 23), 7), date(2027, 1, 5));
        assert_eq!(add_working_days(date(2026, 12, 23), 8), date(2027, 1, 7));
        assert_eq!(
            working_days_between(date(2026, 12, 23), date(2027, 1, 7)),
            8
        );
    }

    #[test]
    fn fifteen_working_days_counted_by_hand() {
        // A claim opened on Monday 23 November 2026. Day 1 is Tuesday 24; 24-27 November are 1-4,
        // 30 November-4 December 5-9; then the weekend of 5-6 December, the moved Constitución
        // (Monday 7) and the Inmaculada (Tuesday 8); 9-11 December are 10-12 and 14-16 December
        // 13-15. The answer is due on Wednesday 16 December.
        assert_eq!(add_working_days(date(2026, 11, 23), 15), date(2026, 12, 16));
        // Opened on Tuesday 24 March 2026: 25-27 March are 1-3, 30 March-1 April 4-6, then the
        // Jueves and Viernes Santo, 6-10 April 7-11 and 13-16 April 12-15.
        assert_eq!(add_working_days(date(2026, 3, 24), 15), date(2026, 4, 16));
    }

    #[test]
    fn working_days_between_counts_what_add_working_days_adds() {
        // Across the years the tables cover, into one the rule gives, and over their turns.
        let mut start = date(2024, 12, 1);
        while start <= date(2028, 1, 31) {
            for n in 0..40 {
                let end = add_working_days(start, n);
                assert_eq!(
                    working_days_between(start, end),
                    i64::from(n),
                    "{start} + {n}"
                );
            }
            start = start.succ_opt().unwrap();
        }
        assert_eq!(working_days_between(date(2026, 5, 4), date(2026, 5, 4)), 0);
        assert_eq!(working_days_between(date(2026, 5, 4), date(2026, 5, 1)), 0);
    }

    #[test]
    fn the_published_years_have_their_twelve_days_in_order() {
        // The Statute's fourteen a year, less the two local ones.
        for year in 2025..=2027 {
            let days = holidays(year);
            assert_eq!(days.len(), 12, "{year}");
            assert!(days.windows(2).all(|pair| pair[0] < pair[1]), "{year}");
            assert!(days.iter().all(|day| day.year() == year), "{year}");
        }
    }

    #[test]
    fn other_years_follow_the_rule() {
        let days = holidays(2028);
        assert_eq!(days.len(), 12);
        assert!(days.windows(2).all(|pair| pair[0] < pair[1]));
        for (month, day) in [(1, 1), (1, 6), (4, 13), (4, 14), (5, 1), (5, 2), (12, 25)] {
            assert!(days.contains(&date(2028, month, day)), "{month}-{day}");
        }
        assert!(!days.contains(&date(2028, 5, 15)));
        assert!(!days.contains(&date(2028, 11, 9)));
    }
}
