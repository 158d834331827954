//! What a cancelled move owes (spec §9): cancelling with more than 48 hours' notice is free,
//! with 24 to 48 hours it costs 25% of the quote, with less than 24 hours 50% (the rule and its
//! figures are the booking conditions' own, crate::booking, counted in whole minutes).
//!
//! The notice runs from the moment the cancellation is decided (the server's clock, kept in the
//! `move.status_changed` event as the fee it gave) to the move's start, which is taken as 08:00
//! Madrid time on its scheduled date: the start of the earliest slot, the moment a crew would
//! set out. A move cancelled after that moment had less than 24 hours' notice.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, TimeZone, Utc, Weekday};
use events_schema::events::{MoveStatus, MoveStatusChanged};
use events_schema::Event;

use crate::booking::{cancellation_percent, share_cents};
use crate::moves::MoveState;

/// The hour (Madrid time) a move is taken to start for the notice of its cancellation.
pub const START_HOUR: u32 = 8;

/// The Spanish label of what a cancelled move owes.
pub const FEE_LABEL: &str = "Gastos de cancelación";

/// The fee, in cents, of cancelling a move of `total_cents` scheduled on `fecha` at `at`:
/// 0, 25% or 50% of the total, rounded half up to the cent.
pub fn fee_cents(total_cents: i64, date: NaiveDate, at: DateTime<Utc>) -> i64 {
    let notice = (move_start(date) - at).num_minutes();
    share_cents(total_cents.max(0), cancellation_percent(notice))
}

/// 08:00 in Madrid on `fecha`, in UTC.
pub fn move_start(date: NaiveDate) -> DateTime<Utc> {
    let local: NaiveDateTime = date
        .and_hms_opt(START_HOUR, 0, 0)
        .expect("08:00 is a valid time");
    // Madrid is UTC+1, and UTC+2 in summer time; at 08:00 no day is ambiguous.
    let winter = Utc.from_utc_datetime(&(local - Duration::hours(1)));
    if in_summer_time(winter) {
        Utc.from_utc_datetime(&(local - Duration::hours(2)))
    } else {
        winter
    }
}

/// EU summer time: from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday
/// of October (Directive 2000/84/EC).
fn in_summer_time(at: DateTime<Utc>) -> bool {
    let year = at.year();
    let change = |month: u32| {
        let last =
            NaiveDate::from_ymd_opt(year, month, 31).expect("March and October have 31 days");
        let back = last.weekday().num_days_from_sunday();
        let sunday = last - Duration::days(i64::from(back));
        debug_assert_eq!(sunday.weekday(), Weekday::Sun);
        Utc.from_utc_datetime(&sunday.and_hms_opt(1, 0, 0).expect("01:00"))
    };
    at >= change(3) && at < change(10)
}

/// The fee of every cancellation among `events`, decided on `state` at `at`: a change to
/// cancelada carries what the cancellation costs, so what the move owes is decided once, by
/// the rules and the notice of that moment, and every read model shows the same.
pub fn with_fees(state: &MoveState, mut events: Vec<Event>, at: DateTime<Utc>) -> Vec<Event> {
    for event in &mut events {
        if let Event::MoveStatusChanged(MoveStatusChanged {
            to: MoveStatus::Cancelada,
            cancellation_fee_cents,
            ..
        }) = event
        {
            let fee = state
                .fecha
                .map_or(0, |date| fee_cents(state.total_cents, date, at));
            *cancellation_fee_cents = Some(fee);
        }
    }
    events
}

#[cfg(test)]
// Amounts in cents written as euros_cents (400_51 = 400,51 €).
#[allow(clippy::inconsistent_digit_grouping)]
mod tests {
    use super::*;

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, s).unwrap()
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn a_move_starts_at_eight_in_madrid_summer_or_winter() {
        assert_eq!(move_start(day(2026, 12, 10)), utc(2026, 12, 10, 7, 0, 0));
        assert_eq!(move_start(day(2026, 7, 10)), utc(2026, 7, 10, 6, 0, 0));
        // 2026: summer time from Sunday 29 March to Sunday 25 October.
        assert_eq!(move_start(day(2026, 3, 28)), utc(2026, 3, 28, 7, 0, 0));
        assert_eq!(move_start(day(2026, 3, 29)), utc(2026, 3, 29, 6, 0, 0));
        assert_eq!(move_start(day(2026, 10, 24)), utc(2026, 10, 24, 6, 0, 0));
        assert_eq!(move_start(day(2026, 10, 25)), utc(2026, 10, 25, 7, 0, 0));
    }

    #[test]
    fn the_fee_by_notice_at_each_boundary() {
        let date = day(2026, 12, 10); // starts 07:00 UTC
        let total = 400_51;
        let minute = Duration::minutes(1);
        let start = move_start(date);
        let hours = |h| start - Duration::hours(h);
        // More than 48 hours: free.
        assert_eq!(fee_cents(total, date, hours(48) - minute), 0);
        assert_eq!(fee_cents(total, date, hours(24 * 30)), 0);
        // Exactly 48 hours is not more than 48: 25%, down to exactly 24 hours.
        assert_eq!(fee_cents(total, date, hours(48)), 100_13);
        assert_eq!(fee_cents(total, date, hours(24)), 100_13);
        // Under 24 hours, up to the start and after it: 50%.
        assert_eq!(fee_cents(total, date, hours(24) + minute), 200_26);
        assert_eq!(fee_cents(total, date, start), 200_26);
        assert_eq!(fee_cents(total, date, start + Duration::days(3)), 200_26);
        // Rounded to the nearest cent.
        assert_eq!(fee_cents(1, date, start), 1);
        assert_eq!(fee_cents(3, date, hours(30)), 1);
        assert_eq!(fee_cents(0, date, start), 0);
    }

    #[test]
    fn only_a_change_to_cancelada_gets_a_fee() {
        let state = MoveState {
            exists: true,
            status: Some(MoveStatus::Confirmada),
            fecha: Some(day(2026, 12, 10)),
            total_cents: 400_51,
            ..MoveState::default()
        };
        let change = |to| {
            Event::MoveStatusChanged(MoveStatusChanged {
                from: MoveStatus::Confirmada,
                to,
                cancellation_fee_cents: None,
            })
        };
        let fee_of = |events: Vec<Event>| match &events[0] {
            Event::MoveStatusChanged(c) => c.cancellation_fee_cents,
            _ => unreachable!(),
        };
        let late = utc(2026, 12, 9, 12, 0, 0);
        assert_eq!(
            fee_of(with_fees(&state, vec![change(MoveStatus::Cancelada)], late)),
            Some(200_26)
        );
        let early = utc(2026, 11, 1, 12, 0, 0);
        assert_eq!(
            fee_of(with_fees(
                &state,
                vec![change(MoveStatus::Cancelada)],
                early
            )),
            Some(0)
        );
        assert_eq!(
            fee_of(with_fees(&state, vec![change(MoveStatus::EnCurso)], late)),
            None
        );
    }
}
