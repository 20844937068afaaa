//! What the search evaluates positions with: the embedded network (the default), a network
//! loaded at run time, or the hand-written evaluation alone.

use crate::nnue::{NETWORK, Network};

/// The static evaluation a search uses ([`super::SearchRequest::evaluator`]).
///
/// ```
/// use bbengine::nnue::Network;
/// use bbengine::search::Evaluator;
///
/// assert!(matches!(Evaluator::default(), Evaluator::Embedded));
/// let net = Network::load(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/bb.nnue"))?;
/// let loaded = Evaluator::Network(&net);
/// assert!(loaded.network().is_some() && Evaluator::HandWritten.network().is_none());
/// # Ok::<(), bbengine::nnue::NetworkError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub enum Evaluator<'a> {
    /// The embedded network, [`NETWORK`] (the default). Where one side has a bare king
    /// against a rook's worth or more, the hand-written evaluation's mop-up decides (the nets
    /// have seen few such positions); so it does with a loaded net.
    #[default]
    Embedded,
    /// A network read at run time ([`Network::load`], [`Network::from_bytes`]).
    Network(&'a Network),
    /// The hand-written evaluation ([`crate::eval`]) everywhere: the engine's search before
    /// it had a network, the one that played the games the shipped net was trained on.
    HandWritten,
}

impl<'a> Evaluator<'a> {
    /// The network it evaluates with, if any.
    pub fn network(self) -> Option<&'a Network> {
        match self {
            Evaluator::Embedded => Some(&NETWORK),
            Evaluator::Network(net) => Some(net),
            Evaluator::HandWritten => None,
        }
    }
}
