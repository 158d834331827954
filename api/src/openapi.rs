//! The OpenAPI description served at `/api/openapi.json`. It is not written by hand: every API
//! route is registered through aide's `ApiRouter`, which documents each operation from the types
//! of its handler's extractors (body, query, path, session) and return value, so a route cannot
//! exist without its description and a changed body type changes the document with it.
//!
//! What is ours: how this crate's own extractors and error type describe themselves, and the
//! naming of path parameters whose type is a bare value (`ApiPath<i64>`), which aide cannot
//! name on its own.

use aide::generate::GenContext;
use aide::openapi::{MediaType, Operation, Response, SchemaObject, StatusCode};
use aide::{OperationInput, OperationOutput};
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde_json::{json, Value};

use crate::auth::{CurrentUser, MaybeUser, SessionToken, COOKIE};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery};
use crate::limits::ClientAddress;

/// The operation extension that carries a bare path value's schema from the extractor to the
/// path template, where its name is known (see `name_path_parameters`).
const PATH_SCHEMAS: &str = "x-mudanzas-path-schemas";
/// The security scheme of the session cookie.
pub const SESSION: &str = "sesion";

impl<T: JsonSchema> OperationInput for ApiJson<T> {
    fn operation_input(ctx: &mut GenContext, operation: &mut Operation) {
        <axum::Json<T> as OperationInput>::operation_input(ctx, operation);
    }
}

impl<T: JsonSchema> OperationInput for ApiQuery<T> {
    fn operation_input(ctx: &mut GenContext, operation: &mut Operation) {
        <axum::extract::Query<T> as OperationInput>::operation_input(ctx, operation);
    }
}

impl<T: JsonSchema> OperationInput for ApiPath<T> {
    fn operation_input(ctx: &mut GenContext, operation: &mut Operation) {
        let schema = ctx.schema.subschema_for::<T>();
        let resolved = ctx.resolve_schema(&schema);
        if resolved.get("properties").is_some() {
            // A struct: aide names its fields itself.
            <axum::extract::Path<T> as OperationInput>::operation_input(ctx, operation);
            return;
        }
        // A bare value or a tuple: one schema per path segment, in order.
        // Draft 7 (aide's setting) writes a tuple's items as an array under `items`.
        let tuple = resolved
            .get("prefixItems")
            .or_else(|| resolved.get("items"))
            .and_then(Value::as_array);
        let schemas = match tuple {
            Some(items) => items.clone(),
            None => vec![resolved.as_value().clone()],
        };
        operation
            .extensions
            .insert(PATH_SCHEMAS.into(), Value::Array(schemas));
    }
}

impl OperationInput for CurrentUser {
    fn operation_input(ctx: &mut GenContext, operation: &mut Operation) {
        SessionToken::operation_input(ctx, operation);
    }
}

impl OperationInput for SessionToken {
    fn operation_input(_ctx: &mut GenContext, operation: &mut Operation) {
        let requirement = IndexMap::from_iter([(SESSION.to_string(), Vec::new())]);
        if !operation.security.contains(&requirement) {
            operation.security.push(requirement);
        }
    }
}

impl OperationInput for MaybeUser {}
impl OperationInput for ClientAddress {}

/// Every error the API returns: a 4xx (or 500) with this body.
#[derive(JsonSchema)]
#[allow(dead_code)] // only its schema is used: ApiError builds the same shape with json!
struct ErrorBody {
    /// Always `false`.
    success: bool,
    /// What went wrong, in Spanish, ready to show to the user.
    error: String,
    /// The request field the message is about, when it is about one.
    field: Option<String>,
}

impl OperationOutput for ApiError {
    type Inner = ();

    fn operation_response(ctx: &mut GenContext, _operation: &mut Operation) -> Option<Response> {
        let schema = ctx.schema.subschema_for::<ErrorBody>();
        Some(Response {
            description: "Petición rechazada: el motivo en español en `error` (400 datos \
                          inválidos, 401 sin sesión, 403 sin permiso, 404 no existe, 409 \
                          conflicto, 413 demasiado grande, 429 demasiados intentos)."
                .into(),
            content: IndexMap::from_iter([(
                "application/json".into(),
                MediaType {
                    schema: Some(SchemaObject {
                        json_schema: schema,
                        example: Some(
                            json!({"success": false, "error": crate::error::INVALID_DATA}),
                        ),
                        external_docs: None,
                    }),
                    ..Default::default()
                },
            )]),
            ..Default::default()
        })
    }

    fn inferred_responses(
        ctx: &mut GenContext,
        operation: &mut Operation,
    ) -> Vec<(Option<StatusCode>, Response)> {
        Self::operation_response(ctx, operation)
            .map(|response| vec![(Some(StatusCode::Range(4)), response)])
            .unwrap_or_default()
    }
}

/// A file part of a multipart form.
pub struct File;

impl JsonSchema for File {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Archivo".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "string", "format": "binary"})
    }
}

/// Documents a form handler's body (`multipart/form-data` or
/// `application/x-www-form-urlencoded`) with `T`'s fields, replacing the bare body that aide
/// gives a `Multipart` or `Bytes` extractor.
pub fn form_body<'a, T: JsonSchema>(
    mut op: aide::transform::TransformOperation<'a>,
    media_type: &str,
) -> aide::transform::TransformOperation<'a> {
    let schema = aide::generate::in_context(|ctx| ctx.schema.subschema_for::<T>());
    op.inner_mut().request_body = Some(aide::openapi::ReferenceOr::Item(
        aide::openapi::RequestBody {
            description: Some(media_type.into()),
            content: IndexMap::from_iter([(
                media_type.into(),
                MediaType {
                    schema: Some(SchemaObject {
                        json_schema: schema,
                        example: None,
                        external_docs: None,
                    }),
                    ..Default::default()
                },
            )]),
            required: true,
            extensions: IndexMap::default(),
        },
    ));
    op
}

/// The finished document as JSON: info, the session scheme, and path parameters named.
pub fn document(api: aide::openapi::OpenApi) -> Value {
    let mut doc = serde_json::to_value(api).unwrap_or_else(|_| json!({}));
    name_path_parameters(&mut doc);
    describe_untyped_successes(&mut doc);
    drop_null_parameter_defaults(&mut doc);
    doc["components"]["securitySchemes"][SESSION] = json!({
        "type": "apiKey",
        "in": "cookie",
        "name": COOKIE,
        "description": "La cookie de sesión que fijan /api/login y /api/worker/login (HttpOnly).",
    });
    doc
}

/// `/api/mudanza/{id}` with `ApiPath<i64>`: the extractor left the schema, the template gives
/// the name; the n-th `{…}` gets the n-th schema.
fn name_path_parameters(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for (template, item) in paths.iter_mut() {
        let names = template_names(template);
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for operation in item.values_mut().filter_map(Value::as_object_mut) {
            let Some(Value::Array(schemas)) = operation.remove(PATH_SCHEMAS) else {
                continue;
            };
            let parameters = operation
                .entry("parameters")
                .or_insert_with(|| Value::Array(Vec::new()));
            if let Some(parameters) = parameters.as_array_mut() {
                for (name, schema) in names.iter().zip(schemas) {
                    parameters.push(json!({
                        "name": name, "in": "path", "required": true, "schema": schema,
                    }));
                }
            }
        }
    }
}

/// A handler that answers a file, plain text or a WebSocket upgrade gives aide no success type
/// (JSON answers name theirs, `crate::reply::Answer` where the handler builds the response);
/// say that a 2xx comes, rather than leave the operation without one.
fn describe_untyped_successes(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for operation in paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
        .filter_map(Value::as_object_mut)
    {
        let responses = operation.entry("responses").or_insert_with(|| json!({}));
        let Some(responses) = responses.as_object_mut() else {
            continue;
        };
        if !responses
            .keys()
            .any(|code| code.starts_with('1') || code.starts_with('2'))
        {
            responses.insert(
                "2XX".into(),
                json!({"description": "Correcto: JSON `{\"success\": true, …}`, o el archivo pedido."}),
            );
        }
    }
}

/// aide strips `null` from an optional query parameter's type (a query string has no null) but
/// leaves its `default: null`, which no longer fits the type; an absent parameter says the same.
fn drop_null_parameter_defaults(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    let parameters = paths
        .values_mut()
        .filter_map(Value::as_object_mut)
        .flat_map(|item| item.values_mut())
        .filter_map(|operation| operation.get_mut("parameters"))
        .filter_map(Value::as_array_mut)
        .flatten();
    for parameter in parameters {
        if let Some(schema) = parameter.get_mut("schema").and_then(Value::as_object_mut) {
            if schema.get("default") == Some(&Value::Null) {
                schema.remove("default");
            }
        }
    }
}

/// The `{name}` segments of a path template, in order (`{*rest}` as `rest`).
pub fn template_names(template: &str) -> Vec<String> {
    template
        .split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}'))
        .map(|(name, _)| name.trim_start_matches('*').to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_names_in_order() {
        assert_eq!(
            template_names("/api/fotos/{move_id}/{photo_id}"),
            vec!["move_id", "photo_id"]
        );
        assert!(template_names("/api/login").is_empty());
    }

    #[test]
    fn bare_path_values_are_named_from_the_template() {
        let mut doc = json!({"paths": {"/api/fotos/{move_id}/{photo_id}": {"get": {
            PATH_SCHEMAS: [{"type": "integer"}, {"type": "string", "format": "uuid"}],
            "parameters": [{"name": "x", "in": "query"}],
        }}}});
        name_path_parameters(&mut doc);
        describe_untyped_successes(&mut doc);
        let op = &doc["paths"]["/api/fotos/{move_id}/{photo_id}"]["get"];
        assert!(op.get(PATH_SCHEMAS).is_none());
        assert_eq!(op["parameters"][1]["name"], "move_id");
        assert_eq!(op["parameters"][1]["schema"]["type"], "integer");
        assert_eq!(op["parameters"][2]["name"], "photo_id");
        assert_eq!(op["parameters"][2]["in"], "path");
        assert_eq!(op["parameters"][2]["required"], true);
    }
}
