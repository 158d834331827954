//! The client's own figures on their dashboard (issue 20 item 6; spec §9 says the original never
//! filled them in): `GET /api/mis-estadisticas`. Each figure is computed from the read models of
//! the client's own moves ([`OWNED_BY`]) and nothing else, so the dashboard can say exactly what
//! it counts.

use axum::extract::State;
use axum::Json;
use command::Role;
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::error::ApiResult;
use crate::ownership::OWNED_BY;
use crate::reply::True;
use crate::state::AppState;

/// The client's figures. Money in cents, VAT included.
#[derive(Debug, Default, Serialize, schemars::JsonSchema)]
pub struct CustomerStats {
    success: True,
    /// Without a confirmed email no move is the client's, and every figure is zero.
    email_confirmado: bool,
    /// Their moves that are finished ('finalizada'): not the cancelled, pending, confirmed or
    /// ongoing ones.
    mudanzas_realizadas: i64,
    /// Card payments authorised less refunds, over all their moves (a cancelled one's fee too).
    total_pagado_cents: i64,
    /// The average of the stars they gave their moves, to two decimals, whether or not the
    /// reviews are published yet; `null` before their first.
    valoracion_media: Option<f64>,
    /// How many reviews that average is of.
    valoraciones: i64,
    /// What the online discount (a quote offers 95 % of the itemised price, spec §9) and offer
    /// packs saved them against the itemised price of their quotes, over their moves not
    /// cancelled that were made from a quote the server priced: for each, the itemised price
    /// (with a pack, of the same request by volume without it) less what they were asked (the
    /// quote's price, or the move's when higher), never below zero.
    ahorro_cents: i64,
    /// How many moves that saving comes from.
    mudanzas_con_ahorro: i64,
}

/// What one move made from a priced quote saved: its reference price (the itemised total, or,
/// with a pack, the same request by volume without it) less what the client was asked, which is
/// what the quote offered or, when the move was set at more, its price. A move priced lower than
/// its quote got something other than the online discount or a pack, which is not counted; one
/// priced above its reference saved nothing.
pub fn saving_cents(total: i64, without_pack: Option<i64>, offered: i64, charged: i64) -> i64 {
    let reference = without_pack.unwrap_or(total);
    (reference - offered.max(charged)).max(0)
}

/// `GET /api/mis-estadisticas`: the client's moves made, total paid, average rating given and
/// savings.
pub async fn mine(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<CustomerStats>> {
    let user = user.require(&[Role::Cliente])?;
    let Some(email) = user.owned_email() else {
        return Ok(Json(CustomerStats::default()));
    };
    let (made, paid, average, reviews): (i64, i64, Option<f64>, i64) = sqlx::query_as(&format!(
        "WITH mine AS (SELECT id FROM move_client_view WHERE {OWNED_BY}) \
         SELECT (SELECT count(*) FROM move_staff_view \
                  WHERE id IN (SELECT id FROM mine) AND estado = 'finalizada'), \
                (SELECT coalesce(sum((doc->>'pagado_cents')::bigint), 0)::bigint \
                   FROM move_staff_view WHERE id IN (SELECT id FROM mine)), \
                round(avg(r.rating), 2)::float8, count(r.rating) \
         FROM reviews r WHERE r.move_id IN (SELECT id FROM mine)"
    ))
    .bind(email)
    .fetch_one(&state.pool)
    .await?;
    // Only a quote whose conversion the log recorded links a move to its estimate; the estimate's
    // figures are those the server priced the request with when it came in.
    let priced: Vec<(i64, i64, Option<i64>, i64)> = sqlx::query_as(&format!(
        "SELECT (q.doc->'estimacion'->>'total_cents')::bigint, \
                (q.doc->'estimacion'->>'presupuesto_cents')::bigint, \
                (q.doc->'estimacion'->>'sin_pack_cents')::bigint, \
                (s.doc->'precio'->>'total_cents')::bigint \
         FROM move_staff_view s JOIN quotes_inbox q ON q.mudanza_id = s.id \
         WHERE s.id IN (SELECT id FROM move_client_view WHERE {OWNED_BY}) \
           AND s.estado <> 'cancelada' AND q.estado = 'convertida' \
           AND q.doc->'estimacion'->>'total_cents' IS NOT NULL \
           AND q.doc->'estimacion'->>'presupuesto_cents' IS NOT NULL \
           AND s.doc->'precio'->>'total_cents' IS NOT NULL"
    ))
    .bind(email)
    .fetch_all(&state.pool)
    .await?;
    let savings: Vec<i64> = priced
        .into_iter()
        .map(|(total, offered, without_pack, charged)| {
            saving_cents(total, without_pack, offered, charged)
        })
        .filter(|s| *s > 0)
        .collect();
    Ok(Json(CustomerStats {
        success: True,
        email_confirmado: true,
        mudanzas_realizadas: made,
        total_pagado_cents: paid,
        valoracion_media: average,
        valoraciones: reviews,
        ahorro_cents: savings.iter().sum(),
        mudanzas_con_ahorro: savings.len() as i64,
    }))
}

/// The client's figures route.
pub fn router() -> aide::axum::ApiRouter<AppState> {
    use aide::axum::routing::get_with;
    use aide::axum::ApiRouter;

    use super::doc::{doc, CUSTOMER_AREA};

    ApiRouter::new().api_route(
        "/api/mis-estadisticas",
        get_with(
            mine,
            doc(
                CUSTOMER_AREA,
                "Mis cifras: mudanzas realizadas, total pagado, valoración media y ahorro (cliente)",
            ),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::saving_cents;

    #[test]
    fn a_saving_is_the_reference_less_what_was_asked_never_below_zero() {
        // The online discount: a quote at 95 % of 1 000,00 €, the move at the quote's price.
        assert_eq!(saving_cents(100_000, None, 95_000, 95_000), 5_000);
        // A pack: measured against the same request by volume without it.
        assert_eq!(saving_cents(12_100, Some(17_061), 11_495, 11_495), 5_566);
        // The move set higher than its quote: only what remains below the reference.
        assert_eq!(saving_cents(100_000, None, 95_000, 98_000), 2_000);
        // Set lower than its quote: that extra is not the online discount.
        assert_eq!(saving_cents(100_000, None, 95_000, 80_000), 5_000);
        // Above the reference, or a pack dearer than going by volume: nothing saved.
        assert_eq!(saving_cents(100_000, None, 95_000, 120_000), 0);
        assert_eq!(saving_cents(23_595, Some(17_061), 22_415, 22_415), 0);
    }
}
