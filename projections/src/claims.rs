//! The `claims` projector (issue 21 item 4): every claim (`claims`), open or answered, as the
//! client's dashboard and the managers' list read it.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use events_schema::events::{claim_move_of, ClaimObject, ClaimResolution};
use events_schema::{Event, RecordedEvent};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::{Error, Mode, Projector};

pub const OPEN: &str = "abierta";
pub const ANSWERED: &str = "respondida";

/// A claim as its client and the managers see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ClaimView {
    pub move_id: i64,
    /// abierta or respondida.
    #[schemars(extend("enum" = [OPEN, ANSWERED]))]
    pub estado: String,
    pub objetos: Vec<ClaimObject>,
    pub texto: String,
    pub fotos: Vec<ClaimPhotoView>,
    pub entregada_en: DateTime<Utc>,
    pub abierta_en: DateTime<Utc>,
    /// The last day (Madrid) to answer: 15 Spanish working days after it was opened.
    pub plazo_respuesta: NaiveDate,
    pub respuesta: Option<ClaimAnswerView>,
    pub version: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ClaimPhotoView {
    pub id: Uuid,
    pub url: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ClaimAnswerView {
    pub resolucion: ClaimResolution,
    pub importe_cents: Option<i64>,
    pub importe: Option<f64>,
    pub motivo: String,
    pub respondida_en: DateTime<Utc>,
}

/// Where a claim's photo is served.
pub fn claim_photo_url(move_id: i64, photo_id: Uuid) -> String {
    format!("/api/reclamaciones/{move_id}/fotos/{photo_id}")
}

#[derive(Default)]
pub struct ClaimsProjector;

impl ClaimsProjector {
    async fn project(&self, tx: &mut PgConnection, e: &RecordedEvent) -> Result<(), Error> {
        let Some(move_id) = claim_move_of(&e.stream_id) else {
            return Ok(());
        };
        let poison = |reason: &str| Error::Poison {
            position: e.position,
            reason: reason.to_string(),
        };
        match e.decode().map_err(|err| poison(&err.to_string()))? {
            Event::ClaimOpened(c) => {
                let view = ClaimView {
                    move_id,
                    estado: OPEN.into(),
                    objetos: c.objetos,
                    texto: c.texto,
                    fotos: c
                        .fotos
                        .iter()
                        .map(|f| ClaimPhotoView {
                            id: f.photo_id,
                            url: claim_photo_url(move_id, f.photo_id),
                        })
                        .collect(),
                    entregada_en: c.entregada_en,
                    abierta_en: e.occurred_at,
                    plazo_respuesta: c.plazo_respuesta,
                    respuesta: None,
                    version: e.stream_version,
                };
                sqlx::query(
                    "INSERT INTO claims (move_id, estado, plazo, abierta_en, version, doc) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(move_id)
                .bind(OPEN)
                .bind(view.plazo_respuesta)
                .bind(view.abierta_en)
                .bind(e.stream_version)
                .bind(sqlx::types::Json(&view))
                .execute(&mut *tx)
                .await?;
            }
            Event::ClaimAnswered(a) => {
                let answer = ClaimAnswerView {
                    resolucion: a.resolucion,
                    importe_cents: a.importe_cents,
                    importe: a.importe_cents.map(|c| c as f64 / 100.0),
                    motivo: a.motivo,
                    respondida_en: e.occurred_at,
                };
                let updated = sqlx::query(
                    "UPDATE claims SET estado = $2, version = $3, \
                     doc = jsonb_set(jsonb_set(jsonb_set(doc, '{respuesta}', $4), '{estado}', \
                     to_jsonb($2::text)), '{version}', to_jsonb($3)) \
                     WHERE move_id = $1",
                )
                .bind(move_id)
                .bind(ANSWERED)
                .bind(e.stream_version)
                .bind(sqlx::types::Json(&answer))
                .execute(&mut *tx)
                .await?;
                if updated.rows_affected() == 0 {
                    return Err(poison("an answer to a claim that does not exist"));
                }
            }
            _ => return Err(poison("an event of another stream kind in a claim stream")),
        }
        Ok(())
    }
}

#[async_trait]
impl Projector for ClaimsProjector {
    fn name(&self) -> &'static str {
        "claims"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["claims"]
    }

    async fn reset(&self, tx: &mut PgConnection) -> Result<(), Error> {
        sqlx::query("TRUNCATE claims").execute(&mut *tx).await?;
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
