//! The answers' shared pieces, and the wrapper that lets a handler build its response by hand (a
//! status, cookies, an error body of its own) while the OpenAPI document still describes the JSON
//! its success carries.

use std::marker::PhantomData;

use aide::generate::GenContext;
use aide::openapi::{Operation, Response as DocResponse, StatusCode as DocStatus};
use aide::OperationOutput;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, IntoResponseParts, Response};
use axum::Json;
use schemars::JsonSchema;
use serde::{Serialize, Serializer};

/// The `true` of `"success": true`: typed as the constant, so a client knows it without checking.
#[derive(Debug, Clone, Copy, Default)]
pub struct True;

impl Serialize for True {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(true)
    }
}

impl JsonSchema for True {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "True".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "boolean", "const": true})
    }
}

/// The `false` of `"success": false` in a refusal a handler builds itself (`Answer::refused`).
#[derive(Debug, Clone, Copy, Default)]
pub struct False;

impl Serialize for False {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bool(false)
    }
}

impl JsonSchema for False {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "False".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "boolean", "const": false})
    }
}

/// A schema transform (`#[schemars(transform = crate::reply::always_sent)]`) for an answer that
/// sends every field, `null` when it has no value: each field is required, an `Option` one
/// required and nullable, where schemars would leave an `Option` field out of `required`.
pub fn always_sent(schema: &mut schemars::Schema) {
    let fields: Vec<serde_json::Value> = schema
        .get("properties")
        .and_then(serde_json::Value::as_object)
        .map(|properties| properties.keys().cloned().map(Into::into).collect())
        .unwrap_or_default();
    schema.insert("required".into(), fields.into());
}

/// `{"success": true}`: done, nothing more to say.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct Done {
    pub success: True,
}

/// `{"success": true}` as `Json`, the most common answer.
pub fn done() -> Json<Done> {
    Json(Done::default())
}

/// A response built by the handler whose success is `STATUS` with a `T` body: what the
/// document says, while the handler keeps its cookies, headers and own rejections.
pub struct Answer<T, const STATUS: u16 = 200>(Response, PhantomData<fn() -> T>);

impl<T: Serialize, const STATUS: u16> Answer<T, STATUS> {
    /// `body` with `STATUS` and `parts` (a cookie jar, headers, or `()`).
    pub fn with(parts: impl IntoResponseParts, body: T) -> Self {
        let status = StatusCode::from_u16(STATUS).unwrap_or(StatusCode::OK);
        Answer((status, parts, Json(body)).into_response(), PhantomData)
    }

    /// A response the handler built itself: a rejection that carries more than `error` (better
    /// `refused`, whose body the route describes), or a `T` whose JSON PostgreSQL wrote.
    pub fn raw(response: Response) -> Self {
        Answer(response, PhantomData)
    }

    /// A rejection that carries more than `error`: `status` with `body`, a type the route
    /// describes as that status's answer (`routes::doc::refusal`).
    pub fn refused(status: StatusCode, body: impl Serialize) -> Self {
        Answer((status, Json(body)).into_response(), PhantomData)
    }
}

impl<T, const STATUS: u16> IntoResponse for Answer<T, STATUS> {
    fn into_response(self) -> Response {
        self.0
    }
}

impl<T: JsonSchema, const STATUS: u16> OperationOutput for Answer<T, STATUS> {
    type Inner = T;

    fn operation_response(ctx: &mut GenContext, operation: &mut Operation) -> Option<DocResponse> {
        <Json<T> as OperationOutput>::operation_response(ctx, operation)
    }

    fn inferred_responses(
        ctx: &mut GenContext,
        operation: &mut Operation,
    ) -> Vec<(Option<DocStatus>, DocResponse)> {
        Self::operation_response(ctx, operation)
            .map(|response| vec![(Some(DocStatus::Code(STATUS)), response)])
            .unwrap_or_default()
    }
}

/// A file to save rather than a page to show: never cached (it is someone's data), never sniffed
/// into something else.
pub fn attachment(content_type: &str, filename: String, body: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_string()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
        ],
        body,
    )
        .into_response()
}
