//! `bbengine`: position, legal move generation, perft and search on bb's compiled tables.
#![deny(missing_docs)]

pub mod sliders;
pub mod tables;

pub use sliders::{Backend, KoggeStone, Reference, Sliders, Unsupported, WithSliders};
