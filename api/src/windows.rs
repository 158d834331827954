//! The staff lists as windows (issue 19, `GET /api/mudanzas`): the query a dashboard asks, read
//! into a bounded, typed [`Window`], and the one SQL statement that answers it from the staff
//! view, a page at a time (keyset, never OFFSET), with the counts per status of its scope.

use base64::Engine;
use chrono::{Days, NaiveDate};
use events_schema::calendar;
use events_schema::events::MoveStatus;
use events_schema::text::fold;
use projections::moves::{StaffMove, StatusCounts, ALL_SCOPE, MONEY_KEYS};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{PgPool, Postgres, QueryBuilder};
use uuid::Uuid;

use crate::auth::User;
use crate::error::{ApiError, ApiResult};
use crate::reply::True;

/// The longest search, in characters after trimming.
pub const SEARCH_MAX: usize = 100;
/// Moves a page holds at most, and by default.
pub const LIMIT_MAX: i64 = 100;
pub const LIMIT_DEFAULT: i64 = 50;
/// The most digits a move number has (the move number sequence stays far below).
const NUMBER_DIGITS_MAX: usize = 9;
/// A search of this many digits or more also looks in the clients' phones.
const PHONE_DIGITS_MIN: usize = 6;
/// 'Upcoming and recent': from this many days before today (Europe/Madrid).
pub const RECENT_DAYS: u64 = 7;
/// Longer texts than these are refused before they are looked at.
const CURSOR_MAX: usize = 200;
const PARAM_MAX: usize = 64;

pub const BAD_CURSOR: &str = "El cursor no es válido";

/// The query string, as typed; [`Window::parse`] checks every field.
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "MoveWindowParams")]
pub struct WindowQuery {
    /// pendiente | confirmada | en curso | finalizada | cancelada
    pub estado: Option<String>,
    /// YYYY-MM-DD, inclusive, on `fecha_programada`.
    pub desde: Option<String>,
    /// YYYY-MM-DD, inclusive, on `fecha_programada`.
    pub hasta: Option<String>,
    /// `yo` (the caller's moves), `sin_asignar`, or a worker's id.
    pub trabajador: Option<String>,
    /// normal | urgente
    pub urgencia: Option<String>,
    /// pending | partial | paid (not for workers)
    pub estado_pago: Option<String>,
    /// A move number (`5`, `#5`, `nº 5`), phone digits (6 or more), or words of the client's
    /// name, email, phone or the addresses; at most 100 characters.
    pub q: Option<String>,
    /// `proximas` (from 7 days before today, Europe/Madrid) | `todas` (default)
    pub vista: Option<String>,
    /// fecha (default) | -fecha | numero | -numero
    pub orden: Option<String>,
    /// 1 to 100, default 50.
    pub limite: Option<String>,
    /// The `siguiente` of the previous page, with the same `orden`.
    pub cursor: Option<String>,
    /// `true`: with prices, for those who may see them.
    pub include_price: Option<String>,
}

/// One page of the staff list.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct MoveWindow {
    pub success: True,
    /// The moves of the page, as `/api/todas-las-mudanzas` shows them (workers: without prices).
    #[schemars(with = "Vec<StaffMove>")]
    pub mudanzas: Vec<Value>,
    /// The cursor of the next page; `null` on the last.
    pub siguiente: Option<String>,
    /// Moves per status of the scope (every move, or the worker's when `trabajador` names one),
    /// whatever the other filters.
    pub conteos: StatusCounts,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Date,
    DateDesc,
    Number,
    NumberDesc,
}

impl Order {
    fn tag(self) -> &'static str {
        match self {
            Order::Date => "fecha",
            Order::DateDesc => "-fecha",
            Order::Number => "numero",
            Order::NumberDesc => "-numero",
        }
    }
}

/// Where the previous page ended, in the order's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Date(NaiveDate, i64),
    Number(i64),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerFilter {
    Any,
    Unassigned,
    Worker(Uuid),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search {
    None,
    /// The move with that number (none past nine digits), and with six digits or more the moves
    /// whose client's phone holds them.
    Number {
        id: Option<i64>,
        phone: Option<String>,
    },
    /// Folded words, each of which the move's search text must hold.
    Words(Vec<String>),
}

/// A query, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    pub estado: Option<MoveStatus>,
    pub desde: Option<NaiveDate>,
    pub hasta: Option<NaiveDate>,
    pub worker: WorkerFilter,
    pub urgencia: Option<&'static str>,
    pub estado_pago: Option<&'static str>,
    pub search: Search,
    pub upcoming: bool,
    pub order: Order,
    pub limit: i64,
    pub after: Option<Key>,
    pub with_prices: bool,
}

fn bad(message: &str) -> ApiError {
    ApiError::BadRequest(message.to_string())
}

/// A short parameter, trimmed; `None` when absent or blank.
fn short<'a>(value: &'a Option<String>, message: &str) -> ApiResult<Option<&'a str>> {
    match value.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) if v.chars().count() > PARAM_MAX => Err(bad(message)),
        Some(v) => Ok(Some(v)),
    }
}

fn one_of(
    value: &Option<String>,
    allowed: &[&'static str],
    message: &str,
) -> ApiResult<Option<&'static str>> {
    match short(value, message)? {
        None => Ok(None),
        Some(v) => allowed
            .iter()
            .find(|a| **a == v)
            .copied()
            .map(Some)
            .ok_or_else(|| bad(message)),
    }
}

/// YYYY-MM-DD with a four-digit year (what PostgreSQL and the web both take).
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let bytes = text.as_bytes();
    let shaped = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    shaped
        .then(|| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok())
        .flatten()
}

fn date(value: &Option<String>, message: &str) -> ApiResult<Option<NaiveDate>> {
    match short(value, message)? {
        None => Ok(None),
        Some(v) => parse_date(v).map(Some).ok_or_else(|| bad(message)),
    }
}

/// The search as typed: trimmed, at most `SEARCH_MAX` characters.
pub fn parse_search(q: Option<&str>) -> ApiResult<Search> {
    let q = q.unwrap_or_default().trim();
    if q.chars().count() > SEARCH_MAX {
        return Err(bad(&format!(
            "La búsqueda (q) no puede superar los {SEARCH_MAX} caracteres"
        )));
    }
    if q.is_empty() {
        return Ok(Search::None);
    }
    let lower = q.to_lowercase();
    let number = ["#", "n.º", "nº"]
        .iter()
        .find_map(|prefix| lower.strip_prefix(prefix))
        .unwrap_or(&lower)
        .trim_start();
    if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(Search::Number {
            id: (number.len() <= NUMBER_DIGITS_MAX)
                .then(|| number.parse().ok())
                .flatten(),
            phone: (number.len() >= PHONE_DIGITS_MIN).then(|| number.to_string()),
        });
    }
    Ok(Search::Words(
        fold(q).split_whitespace().map(str::to_string).collect(),
    ))
}

fn encode_cursor(order: Order, key: Key) -> String {
    let text = match key {
        Key::Date(date, id) => format!("{}:{date}:{id}", order.tag()),
        Key::Number(id) => format!("{}:{id}", order.tag()),
    };
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(text)
}

fn decode_cursor(order: Order, cursor: &str) -> ApiResult<Key> {
    let invalid = || bad(BAD_CURSOR);
    if cursor.len() > CURSOR_MAX {
        return Err(invalid());
    }
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(cursor.trim())
        .map_err(|_| invalid())?;
    let text = String::from_utf8(bytes).map_err(|_| invalid())?;
    let mut parts = text.split(':');
    if parts.next() != Some(order.tag()) {
        return Err(invalid());
    }
    let id = |part: Option<&str>| -> ApiResult<i64> {
        part.and_then(|p| p.parse::<i64>().ok())
            .filter(|id| *id >= 0)
            .ok_or_else(invalid)
    };
    let key = match order {
        Order::Date | Order::DateDesc => {
            let date = parts.next().and_then(parse_date).ok_or_else(invalid)?;
            Key::Date(date, id(parts.next())?)
        }
        Order::Number | Order::NumberDesc => Key::Number(id(parts.next())?),
    };
    if parts.next().is_some() {
        return Err(invalid());
    }
    Ok(key)
}

impl Window {
    /// Checks a query as `user` asks it: every parameter bounded, each refusal in Spanish naming
    /// the parameter.
    pub fn parse(query: &WindowQuery, user: &User) -> ApiResult<Window> {
        let estado = match short(&query.estado, BAD_STATUS)? {
            None => None,
            Some(v) => Some(MoveStatus::parse(v).ok_or_else(|| bad(BAD_STATUS))?),
        };
        let desde = date(
            &query.desde,
            "La fecha desde (desde) no es válida: usa el formato AAAA-MM-DD",
        )?;
        let hasta = date(
            &query.hasta,
            "La fecha hasta (hasta) no es válida: usa el formato AAAA-MM-DD",
        )?;
        if let (Some(d), Some(h)) = (desde, hasta) {
            if d > h {
                return Err(bad(
                    "La fecha desde (desde) no puede ser posterior a la fecha hasta (hasta)",
                ));
            }
        }
        let worker_message = "El trabajador (trabajador) no es válido: usa yo, sin_asignar o el \
                              identificador de un trabajador";
        let worker = match short(&query.trabajador, worker_message)? {
            None => WorkerFilter::Any,
            Some("yo") => WorkerFilter::Worker(user.id),
            Some("sin_asignar") => WorkerFilter::Unassigned,
            Some(v) => WorkerFilter::Worker(Uuid::parse_str(v).map_err(|_| bad(worker_message))?),
        };
        let urgencia = one_of(
            &query.urgencia,
            &["normal", "urgente"],
            "La urgencia (urgencia) no es válida: usa normal o urgente",
        )?;
        let estado_pago = one_of(
            &query.estado_pago,
            &["pending", "partial", "paid"],
            "El estado de pago (estado_pago) no es válido: usa pending, partial o paid",
        )?;
        if estado_pago.is_some() && !user.role.sees_prices() {
            // What was paid is money, which workers do not see, not even as a filter.
            return Err(ApiError::Forbidden);
        }
        let search = parse_search(query.q.as_deref())?;
        let upcoming = one_of(
            &query.vista,
            &["proximas", "todas"],
            "La vista (vista) no es válida: usa proximas o todas",
        )? == Some("proximas");
        let order = match one_of(
            &query.orden,
            &["fecha", "-fecha", "numero", "-numero"],
            "El orden (orden) no es válido: usa fecha, -fecha, numero o -numero",
        )? {
            None | Some("fecha") => Order::Date,
            Some("-fecha") => Order::DateDesc,
            Some("numero") => Order::Number,
            _ => Order::NumberDesc,
        };
        let limit_message = format!("El límite (limite) debe ser un número entre 1 y {LIMIT_MAX}");
        let limit = match short(&query.limite, &limit_message)? {
            None => LIMIT_DEFAULT,
            Some(v) => v
                .parse::<i64>()
                .ok()
                .filter(|n| (1..=LIMIT_MAX).contains(n))
                .ok_or_else(|| bad(&limit_message))?,
        };
        let after = match query.cursor.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(cursor) => Some(decode_cursor(order, cursor)?),
        };
        Ok(Window {
            estado,
            desde,
            hasta,
            worker,
            urgencia,
            estado_pago,
            search,
            upcoming,
            order,
            limit,
            after,
            with_prices: query.include_price.as_deref() == Some("true") && user.role.sees_prices(),
        })
    }

    /// The scope of the counts: the worker's when the window is one worker's moves.
    pub fn counts_scope(&self) -> String {
        match self.worker {
            WorkerFilter::Worker(id) => id.to_string(),
            _ => ALL_SCOPE.to_string(),
        }
    }

    /// The statement of the page: the filters as predicates the indexes serve, the keyset
    /// condition, the order, and one row more than the page to know whether another follows.
    fn statement(&self) -> QueryBuilder<'_, Postgres> {
        let mut sql = QueryBuilder::new("SELECT id, fecha_programada, CASE WHEN ");
        sql.push_bind(self.with_prices)
            .push(" THEN doc ELSE doc - ")
            .push_bind(&MONEY_KEYS[..])
            .push("::text[] END FROM move_staff_view WHERE true");
        if let Some(estado) = self.estado {
            sql.push(" AND estado = ").push_bind(estado.as_str());
        }
        if let Some(desde) = self.desde {
            sql.push(" AND fecha_programada >= ").push_bind(desde);
        }
        if let Some(hasta) = self.hasta {
            sql.push(" AND fecha_programada <= ").push_bind(hasta);
        }
        if self.upcoming {
            let from = calendar::today() - Days::new(RECENT_DAYS);
            sql.push(" AND fecha_programada >= ").push_bind(from);
        }
        match &self.worker {
            WorkerFilter::Any => {}
            WorkerFilter::Unassigned => {
                sql.push(" AND worker_id IS NULL");
            }
            WorkerFilter::Worker(id) => {
                sql.push(" AND worker_id = ").push_bind(*id);
            }
        }
        if let Some(urgencia) = self.urgencia {
            sql.push(" AND urgencia = ").push_bind(urgencia);
        }
        if let Some(estado_pago) = self.estado_pago {
            sql.push(" AND estado_pago = ").push_bind(estado_pago);
        }
        match &self.search {
            Search::None => {}
            Search::Number { id, phone } => {
                sql.push(" AND (false");
                if let Some(id) = id {
                    sql.push(" OR id = ").push_bind(*id);
                }
                if let Some(phone) = phone {
                    sql.push(" OR telefono LIKE ")
                        .push_bind(format!("%{phone}%"));
                }
                sql.push(")");
            }
            Search::Words(words) => {
                for word in words {
                    sql.push(" AND busqueda LIKE ")
                        .push_bind(format!("%{}%", like_escaped(word)));
                }
            }
        }
        match (self.order, self.after) {
            (Order::Date, Some(Key::Date(date, id))) => {
                sql.push(" AND (fecha_programada, id) > (")
                    .push_bind(date)
                    .push(", ")
                    .push_bind(id)
                    .push(")");
            }
            (Order::DateDesc, Some(Key::Date(date, id))) => {
                sql.push(" AND (fecha_programada, id) < (")
                    .push_bind(date)
                    .push(", ")
                    .push_bind(id)
                    .push(")");
            }
            (Order::Number, Some(Key::Number(id))) => {
                sql.push(" AND id > ").push_bind(id);
            }
            (Order::NumberDesc, Some(Key::Number(id))) => {
                sql.push(" AND id < ").push_bind(id);
            }
            _ => {}
        }
        sql.push(match self.order {
            Order::Date => " ORDER BY fecha_programada, id",
            Order::DateDesc => " ORDER BY fecha_programada DESC, id DESC",
            Order::Number => " ORDER BY id",
            Order::NumberDesc => " ORDER BY id DESC",
        });
        sql.push(" LIMIT ").push_bind(self.limit + 1);
        sql
    }

    /// The page, its next cursor and its scope's counts.
    pub async fn fetch(&self, pool: &PgPool) -> ApiResult<MoveWindow> {
        let mut rows: Vec<(i64, NaiveDate, Value)> =
            self.statement().build_query_as().fetch_all(pool).await?;
        let siguiente = if rows.len() as i64 > self.limit {
            rows.truncate(self.limit as usize);
            rows.last().map(|(id, date, _)| {
                let key = match self.order {
                    Order::Date | Order::DateDesc => Key::Date(*date, *id),
                    Order::Number | Order::NumberDesc => Key::Number(*id),
                };
                encode_cursor(self.order, key)
            })
        } else {
            None
        };
        Ok(MoveWindow {
            success: True,
            mudanzas: rows.into_iter().map(|(_, _, doc)| doc).collect(),
            siguiente,
            conteos: counts(pool, &self.counts_scope()).await?,
        })
    }
}

const BAD_STATUS: &str = "El estado (estado) no es válido: usa pendiente, confirmada, en curso, \
                          finalizada o cancelada";

/// `%`, `_` and `\` stand for themselves in a LIKE pattern.
fn like_escaped(word: &str) -> String {
    word.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

/// The counts per status of a scope, from the projection's table.
pub async fn counts(pool: &PgPool, scope: &str) -> ApiResult<StatusCounts> {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("SELECT estado, n FROM move_status_counts WHERE scope = $1")
            .bind(scope)
            .fetch_all(pool)
            .await?;
    Ok(StatusCounts::from_rows(rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_of_digits_is_a_move_number_and_with_six_or_more_a_phone() {
        assert_eq!(
            parse_search(Some(" 5 ")).unwrap(),
            Search::Number {
                id: Some(5),
                phone: None
            }
        );
        for typed in ["#17", "nº 17", "Nº17", "n.º 17"] {
            assert_eq!(
                parse_search(Some(typed)).unwrap(),
                Search::Number {
                    id: Some(17),
                    phone: None
                },
                "{typed}"
            );
        }
        assert_eq!(
            parse_search(Some("612345")).unwrap(),
            Search::Number {
                id: Some(612345),
                phone: Some("612345".into())
            }
        );
        assert_eq!(
            parse_search(Some("34612345678")).unwrap(),
            Search::Number {
                id: None,
                phone: Some("34612345678".into())
            }
        );
        assert_eq!(
            parse_search(Some("Calle 5")).unwrap(),
            Search::Words(vec!["calle".into(), "5".into()])
        );
        assert_eq!(
            parse_search(Some("  GARCÍA   Peña ")).unwrap(),
            Search::Words(vec!["garcia".into(), "pena".into()])
        );
        assert_eq!(parse_search(Some("   ")).unwrap(), Search::None);
        assert!(parse_search(Some(&"a".repeat(101))).is_err());
        assert!(parse_search(Some(&format!("  {}  ", "á".repeat(100)))).is_ok());
    }

    #[test]
    fn a_cursor_is_only_read_back_with_its_order() {
        let key = Key::Date(NaiveDate::from_ymd_opt(2026, 5, 4).unwrap(), 42);
        let cursor = encode_cursor(Order::Date, key);
        assert_eq!(decode_cursor(Order::Date, &cursor).unwrap(), key);
        assert!(decode_cursor(Order::DateDesc, &cursor).is_err());
        assert!(decode_cursor(Order::Number, &cursor).is_err());
        let number = encode_cursor(Order::NumberDesc, Key::Number(7));
        assert_eq!(
            decode_cursor(Order::NumberDesc, &number).unwrap(),
            Key::Number(7)
        );
        for bad in [
            "",
            "x",
            "!!!",
            &"A".repeat(500),
            "ZmVjaGE6MjAyNi0wNS0wNDo0Mjox",
        ] {
            assert!(decode_cursor(Order::Date, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn dates_have_four_digit_years() {
        assert!(parse_date("2026-05-04").is_some());
        for bad in [
            "2026-5-4",
            "+2026-05-04",
            "-001-05-04",
            "20260-05-0",
            "2026-02-30",
            "２０２６-05-04",
        ] {
            assert!(parse_date(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn like_wildcards_are_literal() {
        assert_eq!(like_escaped("50%_a\\"), "50\\%\\_a\\\\");
    }
}
