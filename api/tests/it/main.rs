//! The API's integration tests, one module per subject, in one test binary: each binary links
//! the whole server and its dependencies, which on two cores took longer than most of the tests
//! it holds. `cargo test -p api --test it role_matrix::` runs one subject.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/storm.rs"]
mod storm;

mod accounts;
mod admin;
mod assets;
mod audit;
mod bad_input;
mod booking;
mod catalogue;
mod claims;
mod company;
mod connections;
mod crash;
mod crew_sync;
mod customer;
mod customer_stats;
mod documents;
mod forms;
mod geo;
mod http;
mod layers;
mod live;
mod live_storm;
mod manage;
mod notifications;
mod openapi;
mod ops;
mod payments;
mod photos;
mod poison;
mod pricing;
mod quotes;
mod referrals;
mod reviews;
mod role_matrix;
mod safe_gets;
mod scale_out;
mod security;
mod verify;
mod waybill;
mod windows;
mod workers;
