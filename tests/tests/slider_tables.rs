//! The slider-table tests, a test binary of their own (`--test slider_tables`) apart from
//! `all`: CI builds them a second time with the tables from the proc-macros (feature
//! `bbengine/macro-tables`), and this binary is small.

mod tables_macro;
mod tables_sliders;
