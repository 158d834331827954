//! The `reviews` projector: every review (`reviews`), with where moderation left it —
//! `pendiente` until a manager looks at it, then `publicada` or `oculta` — which /opiniones, the
//! managers' moderation list, the client's dashboard and the company's satisfaction read.

use async_trait::async_trait;
use events_schema::events::{move_id_of, ReviewId};
use events_schema::{Event, RecordedEvent};
use sqlx::PgConnection;

use crate::{Error, Mode, Projector};

pub const PENDING: &str = "pendiente";
pub const PUBLISHED: &str = "publicada";
pub const HIDDEN: &str = "oculta";

/// How a review of a client who deleted their account is signed from then on.
pub const ERASED_NAME: &str = "Antiguo cliente";

#[derive(Default)]
pub struct ReviewsProjector;

impl ReviewsProjector {
    async fn project(&self, tx: &mut PgConnection, e: &RecordedEvent) -> Result<(), Error> {
        let poison = |reason: String| Error::Poison {
            position: e.position,
            reason,
        };
        if let Some(move_id) = move_id_of(&e.stream_id) {
            // The review stays; its signature no longer names anyone.
            if e.event_type == "move.client_erased" {
                sqlx::query("UPDATE reviews SET nombre = $2 WHERE move_id = $1")
                    .bind(move_id)
                    .bind(ERASED_NAME)
                    .execute(&mut *tx)
                    .await?;
            }
            return Ok(());
        }
        let Some(key) = e.stream_id.strip_prefix("review-") else {
            return Ok(());
        };
        let id = ReviewId::parse(key).ok_or_else(|| poison("not a review stream".into()))?;
        match e.decode().map_err(|err| poison(err.to_string()))? {
            Event::ReviewSubmitted(r) => {
                sqlx::query(
                    "INSERT INTO reviews (id, move_id, nombre, ubicacion, rating, titulo, texto, \
                     recomendaria, fecha, util, estado, enviada, version) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
                )
                .bind(id.key())
                .bind(r.move_id)
                .bind(&r.nombre)
                .bind(&r.ubicacion)
                .bind(i16::from(r.rating))
                .bind(&r.titulo)
                .bind(&r.texto)
                .bind(r.recomendaria)
                .bind(r.fecha)
                .bind(i32::try_from(r.util).unwrap_or(i32::MAX))
                .bind(PENDING)
                .bind(e.occurred_at)
                .bind(e.stream_version)
                .execute(&mut *tx)
                .await?;
            }
            Event::ReviewModerated(m) => {
                let updated = sqlx::query(
                    "UPDATE reviews SET estado = $2, motivo = $3, moderada = $4, version = $5 \
                     WHERE id = $1",
                )
                .bind(id.key())
                .bind(if m.publicada { PUBLISHED } else { HIDDEN })
                .bind(&m.motivo)
                .bind(e.occurred_at)
                .bind(e.stream_version)
                .execute(&mut *tx)
                .await?;
                if updated.rows_affected() == 0 {
                    return Err(poison("moderation of a review that does not exist".into()));
                }
            }
            _ => {
                return Err(poison(
                    "an event of another stream kind in a review stream".into(),
                ))
            }
        }
        Ok(())
    }
}

#[async_trait]
impl Projector for ReviewsProjector {
    fn name(&self) -> &'static str {
        "reviews"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["reviews"]
    }

    async fn reset(&self, tx: &mut PgConnection) -> Result<(), Error> {
        sqlx::query("TRUNCATE reviews").execute(&mut *tx).await?;
        Ok(())
    }

    async fn apply(
        &self,
        tx: &mut PgConnection,
        events: &[RecordedEvent],
        _mode: Mode,
    ) -> Result<(), Error> {
        for e in events {
            self.project(tx, e).await?;
        }
        Ok(())
    }
}
