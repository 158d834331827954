// `sqlx::migrate!` embeds the migrations at compile time; without this, a new migration file
// would not rebuild the crate and a stale binary would miss it (sqlx's documented remedy).
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
