//! replay-tests
