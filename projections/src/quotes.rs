//! The `quotes` projector: the managers' quotes inbox (`quotes_inbox`), one entry per quote
//! request with where it stands (nueva, convertida, descartada), and one `live_changes` row of
//! kind 'quote' per event. Quotes carry a visitor's contact details: the live feed pushes them to
//! managers, the admin and the auditor only (api/src/live.rs), never to workers or clients, so
//! these rows have no client and no customer view.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use events_schema::events::{
    quote_id_of, QuoteAddress, QuoteContact, QuoteObject, QuoteRequested, QuoteSchedule,
};
use events_schema::{Event, RecordedEvent};
use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::changes::forget;
use crate::{Error, Mode, Projector};

pub const LIVE_KIND: &str = "quote";

/// Where a quote stands in the inbox.
pub const STATUS_NEW: &str = "nueva";
pub const STATUS_CONVERTED: &str = "convertida";
pub const STATUS_DISCARDED: &str = "descartada";
/// Every status a quote may have, as `estado` is described and as a filter is checked.
pub const STATUSES: [&str; 3] = [STATUS_NEW, STATUS_CONVERTED, STATUS_DISCARDED];

/// The services as the quote request names them (spec §3 'Price request', plus best packaging).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxServices {
    pub dismount: bool,
    pub dismount_quantity: u32,
    pub packaging: bool,
    pub packaging_quantity: u32,
    pub best_packaging: bool,
    pub cleaning: bool,
    pub fragile: bool,
    pub long_stairs: bool,
}

/// The move the visitor described, in the shape of the request's `moveDetails`, so the manager's
/// wizard is filled from the same names the price finder sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxMoveDetails {
    pub origin: QuoteAddress,
    pub destination: QuoteAddress,
    pub objects: Vec<QuoteObject>,
    pub services: InboxServices,
    pub schedule: QuoteSchedule,
    /// km
    pub distance: f64,
    /// minutes
    pub duration: f64,
    pub instructions: String,
    pub offer_pack: Option<String>,
}

/// One entry of the inbox, as `GET /api/presupuestos` and the live feed send it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct InboxQuote {
    pub id: Uuid,
    /// "P-2026-000123", absent for requests stored before references were given.
    #[serde(default)]
    pub referencia: Option<String>,
    /// When the request arrived.
    pub recibida: DateTime<Utc>,
    /// nueva, convertida or descartada.
    #[schemars(extend("enum" = STATUSES))]
    pub estado: String,
    /// The move it became, once converted.
    pub mudanza_id: Option<i64>,
    pub contact: QuoteContact,
    #[serde(rename = "moveDetails")]
    pub move_details: InboxMoveDetails,
    /// Euros, VAT included: the server's own estimate, once its price engine records one. Never
    /// the figure the visitor's browser showed.
    pub precio_estimado: Option<f64>,
    /// The same estimate in cents with what it is measured against, for the client's savings
    /// once the quote became their move. Absent when the request was not priced, or was priced
    /// before these figures were recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub estimacion: Option<QuoteEstimate>,
    /// Units of every object listed.
    pub total_objetos: u32,
    /// When it last changed.
    pub actualizada: DateTime<Utc>,
    /// Stream version: grows with every change, so the newer of two copies is known.
    pub version: i64,
    /// The requester's name, email and phone were blanked (`quote.contact_erased`).
    #[serde(default)]
    pub datos_eliminados: bool,
    /// The referral code of the client who recommended us, when the request came through their
    /// link. Who that is, is asked of the accounts when the inbox is read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recomendacion: Option<String>,
}

/// The longest referral code kept. The server records only its own 8-character codes; anything
/// else the log might hold is dropped rather than stored and indexed.
pub const REFERRAL_CODE_MAX: usize = 8;

fn referral_code(code: Option<String>) -> Option<String> {
    code.filter(|c| {
        !c.is_empty()
            && c.len() <= REFERRAL_CODE_MAX
            && c.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// A quote's estimate in cents, VAT included (spec §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct QuoteEstimate {
    /// The itemised price: the total of the estimate's lines.
    pub total_cents: i64,
    /// What the quote offers: its share of the total (95 %).
    pub presupuesto_cents: i64,
    /// With an offer pack, the itemised price of the same request by volume without it; `null`
    /// without a pack, or for a pack with no objects to price by volume.
    pub sin_pack_cents: Option<i64>,
}

impl InboxQuote {
    fn requested(q: QuoteRequested, e: &RecordedEvent) -> InboxQuote {
        InboxQuote {
            id: q.quote_id,
            referencia: q.referencia,
            recibida: e.occurred_at,
            estado: STATUS_NEW.to_string(),
            mudanza_id: None,
            total_objetos: q.objects.iter().map(|o| o.quantity).sum(),
            contact: q.contact,
            move_details: InboxMoveDetails {
                origin: q.origin,
                destination: q.destination,
                objects: q.objects,
                services: InboxServices {
                    dismount: q.services.dismount,
                    dismount_quantity: q.services.dismount_quantity,
                    packaging: q.services.packaging,
                    packaging_quantity: q.services.packaging_quantity,
                    best_packaging: q.best_packaging,
                    cleaning: q.services.cleaning,
                    fragile: q.services.fragile,
                    long_stairs: q.services.long_stairs,
                },
                schedule: q.schedule,
                distance: q.distance_km,
                duration: q.duration_min,
                instructions: q.instructions,
                offer_pack: q.offer_pack,
            },
            precio_estimado: q.estimated_price_cents.map(|c| c as f64 / 100.0),
            estimacion: match (q.estimated_price_cents, q.estimated_total_cents) {
                (Some(presupuesto_cents), Some(total_cents)) => Some(QuoteEstimate {
                    total_cents,
                    presupuesto_cents,
                    sin_pack_cents: q.without_pack_total_cents,
                }),
                _ => None,
            },
            actualizada: e.occurred_at,
            version: e.stream_version,
            datos_eliminados: false,
            recomendacion: referral_code(q.recomendacion),
        }
    }

    fn evolve(this: Option<InboxQuote>, e: &RecordedEvent) -> Result<InboxQuote, Error> {
        let poison = |reason: &str| Error::Poison {
            position: e.position,
            reason: reason.to_string(),
        };
        let event = e.decode().map_err(|err| poison(&err.to_string()))?;
        let mut q = match (event, this) {
            (Event::QuoteRequested(_), Some(_)) => return Err(poison("the quote already exists")),
            (Event::QuoteRequested(r), None) => return Ok(InboxQuote::requested(r, e)),
            (_, None) => return Err(poison("event for a quote that does not exist")),
            (Event::QuoteConverted(c), Some(mut q)) => {
                q.estado = STATUS_CONVERTED.to_string();
                q.mudanza_id = Some(c.move_id);
                q
            }
            (Event::QuoteDiscarded(_), Some(mut q)) => {
                q.estado = STATUS_DISCARDED.to_string();
                q
            }
            (Event::QuoteContactErased(_), Some(mut q)) => {
                // How they preferred to be contacted says nothing about who they are.
                q.contact.name.clear();
                q.contact.email.clear();
                q.contact.phone.clear();
                q.datos_eliminados = true;
                q
            }
            (_, Some(_)) => {
                return Err(poison("an event of another stream kind in a quote stream"))
            }
        };
        q.actualizada = e.occurred_at;
        q.version = e.stream_version;
        Ok(q)
    }
}

#[derive(Default)]
pub struct QuotesProjector;

#[async_trait]
impl Projector for QuotesProjector {
    fn name(&self) -> &'static str {
        "quotes"
    }

    fn live_kinds(&self) -> &'static [&'static str] {
        &[LIVE_KIND]
    }

    fn tables(&self) -> &'static [&'static str] {
        &["quotes_inbox", "live_changes"]
    }

    async fn reset(&self, tx: &mut PgConnection) -> Result<(), Error> {
        sqlx::query("TRUNCATE quotes_inbox")
            .execute(&mut *tx)
            .await?;
        forget(tx, LIVE_KIND).await
    }

    async fn apply(
        &self,
        tx: &mut PgConnection,
        events: &[RecordedEvent],
        mode: Mode,
    ) -> Result<(), Error> {
        let events: Vec<(Uuid, &RecordedEvent)> = events
            .iter()
            .filter(|e| e.stream_id.starts_with("quote-"))
            .map(|e| {
                quote_id_of(&e.stream_id)
                    .map(|id| (id, e))
                    .ok_or_else(|| Error::Poison {
                        position: e.position,
                        reason: "not a quote stream".into(),
                    })
            })
            .collect::<Result<_, _>>()?;
        if events.is_empty() {
            return Ok(());
        }
        let mut ids: Vec<Uuid> = events.iter().map(|(id, _)| *id).collect();
        ids.sort_unstable();
        ids.dedup();
        let rows: Vec<(Uuid, sqlx::types::Json<InboxQuote>)> =
            sqlx::query_as("SELECT id, doc FROM quotes_inbox WHERE id = ANY($1)")
                .bind(&ids)
                .fetch_all(&mut *tx)
                .await?;
        let mut quotes: HashMap<Uuid, (i64, InboxQuote)> =
            rows.into_iter().map(|(id, doc)| (id, (0, doc.0))).collect();

        let keep_after = mode.feed_kept_after();
        let mut changes = Rows::default();
        for (id, e) in &events {
            let next = InboxQuote::evolve(quotes.remove(id).map(|(_, q)| q), e)?;
            if e.position > keep_after {
                changes.push_change(e.position, &next);
            }
            quotes.insert(*id, (e.position, next));
        }
        changes.write_changes(tx).await?;

        let mut inbox = Rows::default();
        for id in &ids {
            if let Some((position, q)) = quotes.get(id) {
                inbox.push_change(*position, q);
            }
        }
        inbox.write_inbox(tx).await
    }
}

/// Documents go to the database as JSON text (see the moves projector).
fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

#[derive(Default)]
struct Rows {
    positions: Vec<i64>,
    ids: Vec<Uuid>,
    recibidas: Vec<DateTime<Utc>>,
    estados: Vec<String>,
    mudanzas: Vec<Option<i64>>,
    emails: Vec<String>,
    recomendaciones: Vec<Option<String>>,
    docs: Vec<String>,
}

impl Rows {
    fn push_change(&mut self, position: i64, q: &InboxQuote) {
        self.positions.push(position);
        self.ids.push(q.id);
        self.recibidas.push(q.recibida);
        self.estados.push(q.estado.clone());
        self.mudanzas.push(q.mudanza_id);
        self.emails.push(q.contact.email.clone());
        self.recomendaciones.push(q.recomendacion.clone());
        self.docs.push(to_json(q));
    }

    /// Staff documents only, and no client: see the module's comment.
    async fn write_changes(&self, tx: &mut PgConnection) -> Result<(), Error> {
        let entity_ids: Vec<String> = self.ids.iter().map(Uuid::to_string).collect();
        sqlx::query(
            "INSERT INTO live_changes (position, kind, entity_id, cliente_email, staff_doc, client_doc) \
             SELECT p, $2, e, NULL, s, NULL FROM UNNEST($1::bigint[], $3::text[], $4::text[]::jsonb[]) AS u(p, e, s)",
        )
        .bind(&self.positions)
        .bind(LIVE_KIND)
        .bind(&entity_ids)
        .bind(&self.docs)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    async fn write_inbox(&self, tx: &mut PgConnection) -> Result<(), Error> {
        sqlx::query(
            "INSERT INTO quotes_inbox (id, recibida, estado, mudanza_id, cliente_email, position, doc, recomendacion) \
             SELECT * FROM UNNEST($1::uuid[], $2::timestamptz[], $3::text[], $4::bigint[], $5::text[], $6::bigint[], $7::text[]::jsonb[], $8::text[]) \
             ON CONFLICT (id) DO UPDATE SET estado = EXCLUDED.estado, mudanza_id = EXCLUDED.mudanza_id, \
             cliente_email = EXCLUDED.cliente_email, position = EXCLUDED.position, doc = EXCLUDED.doc, \
             recomendacion = EXCLUDED.recomendacion",
        )
        .bind(&self.ids)
        .bind(&self.recibidas)
        .bind(&self.estados)
        .bind(&self.mudanzas)
        .bind(&self.emails)
        .bind(&self.positions)
        .bind(&self.docs)
        .bind(&self.recomendaciones)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }
}
