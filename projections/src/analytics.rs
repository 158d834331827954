//! The manager's analytics: per day, moves created, completed and cancelled, and the revenue of
//! the moves completed. A move that leaves 'finalizada' (or 'cancelada') is taken off the day it
//! was counted on, and a repriced completed move changes that day's revenue, so every figure is
//! what the moves are now.

use std::collections::{BTreeMap, HashMap};

use async_trait::async_trait;
use chrono::NaiveDate;
use events_schema::calendar::madrid_date;
use events_schema::events::{move_id_of, MoveStatus};
use events_schema::{Event, RecordedEvent};
use sqlx::PgConnection;

use crate::{Error, Mode, Projector};

#[derive(Debug, Clone, Default, PartialEq)]
struct MoveFacts {
    total_cents: i64,
    completed_on: Option<NaiveDate>,
    cancelled_on: Option<NaiveDate>,
}

#[derive(Debug, Clone, Default, PartialEq)]
struct DayDelta {
    creadas: i32,
    completadas: i32,
    canceladas: i32,
    ingresos_cents: i64,
}

#[derive(Default)]
pub struct AnalyticsProjector;

impl AnalyticsProjector {
    pub fn new() -> AnalyticsProjector {
        AnalyticsProjector
    }
}

/// Folds one event into the move's facts and the days' deltas.
fn fold(
    facts: &mut MoveFacts,
    days: &mut BTreeMap<NaiveDate, DayDelta>,
    event: &Event,
    day: NaiveDate,
) {
    match event {
        Event::MoveCreated(c) => {
            *facts = MoveFacts {
                total_cents: c.precio.total_cents,
                ..MoveFacts::default()
            };
            days.entry(day).or_default().creadas += 1;
        }
        Event::MoveDetailsUpdated(u) => {
            if let Some(p) = &u.precio {
                if let Some(done) = facts.completed_on {
                    days.entry(done).or_default().ingresos_cents +=
                        p.total_cents - facts.total_cents;
                }
                facts.total_cents = p.total_cents;
            }
        }
        Event::MoveStatusChanged(c) => {
            if let Some(done) = facts
                .completed_on
                .filter(|_| c.to != MoveStatus::Finalizada)
            {
                let d = days.entry(done).or_default();
                d.completadas -= 1;
                d.ingresos_cents -= facts.total_cents;
                facts.completed_on = None;
            }
            if let Some(off) = facts.cancelled_on.filter(|_| c.to != MoveStatus::Cancelada) {
                days.entry(off).or_default().canceladas -= 1;
                facts.cancelled_on = None;
            }
            if c.to == MoveStatus::Finalizada && facts.completed_on.is_none() {
                let d = days.entry(day).or_default();
                d.completadas += 1;
                d.ingresos_cents += facts.total_cents;
                facts.completed_on = Some(day);
            }
            if c.to == MoveStatus::Cancelada && facts.cancelled_on.is_none() {
                days.entry(day).or_default().canceladas += 1;
                facts.cancelled_on = Some(day);
            }
        }
        _ => {}
    }
}

#[async_trait]
impl Projector for AnalyticsProjector {
    fn name(&self) -> &'static str {
        "analytics"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["analytics_days", "analytics_moves"]
    }

    async fn reset(&self, tx: &mut PgConnection) -> Result<(), Error> {
        sqlx::query("TRUNCATE analytics_days, analytics_moves")
            .execute(tx)
            .await?;
        Ok(())
    }

    async fn apply(
        &self,
        tx: &mut PgConnection,
        events: &[RecordedEvent],
        _mode: Mode,
    ) -> Result<(), Error> {
        let events: Vec<(i64, &RecordedEvent)> = events
            .iter()
            .filter_map(|e| move_id_of(&e.stream_id).map(|id| (id, e)))
            .collect();
        if events.is_empty() {
            return Ok(());
        }
        let mut ids: Vec<i64> = events.iter().map(|(id, _)| *id).collect();
        ids.sort_unstable();
        ids.dedup();
        let rows: Vec<(i64, i64, Option<NaiveDate>, Option<NaiveDate>)> = sqlx::query_as(
            "SELECT id, total_cents, completed_on, cancelled_on FROM analytics_moves \
             WHERE id = ANY($1)",
        )
        .bind(&ids)
        .fetch_all(&mut *tx)
        .await?;
        let mut moves: HashMap<i64, MoveFacts> = rows
            .into_iter()
            .map(|(id, total_cents, completed_on, cancelled_on)| {
                (
                    id,
                    MoveFacts {
                        total_cents,
                        completed_on,
                        cancelled_on,
                    },
                )
            })
            .collect();
        let mut days = BTreeMap::new();
        for (id, e) in events {
            let event = e.decode().map_err(|err| Error::Poison {
                position: e.position,
                reason: err.to_string(),
            })?;
            let facts = moves.entry(id).or_default();
            fold(facts, &mut days, &event, madrid_date(e.occurred_at));
        }

        let (mut ids, mut totals, mut done, mut off) = (vec![], vec![], vec![], vec![]);
        for (id, f) in &moves {
            ids.push(*id);
            totals.push(f.total_cents);
            done.push(f.completed_on);
            off.push(f.cancelled_on);
        }
        sqlx::query(
            "INSERT INTO analytics_moves (id, total_cents, completed_on, cancelled_on) \
             SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::date[], $4::date[]) \
             ON CONFLICT (id) DO UPDATE SET total_cents = EXCLUDED.total_cents, \
             completed_on = EXCLUDED.completed_on, cancelled_on = EXCLUDED.cancelled_on",
        )
        .bind(&ids)
        .bind(&totals)
        .bind(&done)
        .bind(&off)
        .execute(&mut *tx)
        .await?;

        let (mut day, mut created, mut completed, mut cancelled, mut income) =
            (vec![], vec![], vec![], vec![], vec![]);
        for (d, delta) in days {
            day.push(d);
            created.push(delta.creadas);
            completed.push(delta.completadas);
            cancelled.push(delta.canceladas);
            income.push(delta.ingresos_cents);
        }
        sqlx::query(
            "INSERT INTO analytics_days (day, creadas, completadas, canceladas, ingresos_cents) \
             SELECT * FROM unnest($1::date[], $2::int[], $3::int[], $4::int[], $5::bigint[]) \
             ON CONFLICT (day) DO UPDATE SET \
             creadas = analytics_days.creadas + EXCLUDED.creadas, \
             completadas = analytics_days.completadas + EXCLUDED.completadas, \
             canceladas = analytics_days.canceladas + EXCLUDED.canceladas, \
             ingresos_cents = analytics_days.ingresos_cents + EXCLUDED.ingresos_cents",
        )
        .bind(&day)
        .bind(&created)
        .bind(&completed)
        .bind(&cancelled)
        .bind(&income)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use events_schema::events::{MoveDetailsUpdated, MoveStatusChanged, Price};

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    fn status(from: MoveStatus, to: MoveStatus) -> Event {
        Event::MoveStatusChanged(MoveStatusChanged {
            from,
            to,
            cancellation_fee_cents: None,
        })
    }

    #[test]
    fn a_completion_undone_or_repriced_moves_the_revenue_with_it() {
        let mut facts = MoveFacts {
            total_cents: 10_000,
            ..MoveFacts::default()
        };
        let mut days = BTreeMap::new();
        fold(
            &mut facts,
            &mut days,
            &status(MoveStatus::EnCurso, MoveStatus::Finalizada),
            day(3),
        );
        assert_eq!(days[&day(3)].ingresos_cents, 10_000);
        let repriced = Event::MoveDetailsUpdated(MoveDetailsUpdated {
            precio: Some(Price {
                total_cents: 12_000,
                ..Price::default()
            }),
            ..MoveDetailsUpdated::default()
        });
        fold(&mut facts, &mut days, &repriced, day(5));
        assert_eq!(
            days[&day(3)].ingresos_cents,
            12_000,
            "counted on its completion day"
        );
        fold(
            &mut facts,
            &mut days,
            &status(MoveStatus::Finalizada, MoveStatus::Cancelada),
            day(6),
        );
        assert_eq!(
            days[&day(3)],
            DayDelta::default(),
            "no longer completed, no longer revenue"
        );
        assert_eq!(days[&day(6)].canceladas, 1);
        assert_eq!(facts.cancelled_on, Some(day(6)));
    }
}
