//! Invoices and waybills as issued: one row per document, its content exactly as the
//! `document.issued` event carries it.

use async_trait::async_trait;
use events_schema::{Event, RecordedEvent};
use sqlx::PgConnection;

use crate::{Error, Mode, Projector};

#[derive(Default)]
pub struct DocumentsProjector;

#[async_trait]
impl Projector for DocumentsProjector {
    fn name(&self) -> &'static str {
        "documents"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["documents"]
    }

    async fn reset(&self, tx: &mut PgConnection) -> Result<(), Error> {
        sqlx::query("TRUNCATE documents").execute(tx).await?;
        Ok(())
    }

    async fn apply(
        &self,
        tx: &mut PgConnection,
        events: &[RecordedEvent],
        _mode: Mode,
    ) -> Result<(), Error> {
        for e in events.iter().filter(|e| e.event_type == "document.issued") {
            let Event::DocumentIssued(d) = e.decode()? else {
                continue;
            };
            sqlx::query(
                "INSERT INTO documents (kind, numero, move_id, fecha_emision, doc) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(d.kind.as_str())
            .bind(&d.numero)
            .bind(d.move_id)
            .bind(d.fecha_emision)
            .bind(&d.contenido)
            .execute(&mut *tx)
            .await?;
        }
        Ok(())
    }
}
