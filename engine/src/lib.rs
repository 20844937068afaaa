//! `bbengine`: position, legal move generation, perft and search on bb's compiled tables.
#![deny(missing_docs)]

pub mod generated;
pub mod sliders;
pub mod tables;

pub use sliders::{Backend, DenseMagic, FancyMagic, KoggeStone, Pext, Reference, Sliders, Unsupported, WithSliders};
