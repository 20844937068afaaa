//! What the search evaluates positions with: a network (the embedded one by default, or one
//! loaded at run time) or the hand-written evaluation alone.

use crate::nnue::{NETWORK, Network};

/// The static evaluation a search uses ([`super::SearchRequest::evaluator`]).
///
/// ```
/// use bbengine::nnue::{NETWORK, Network};
/// use bbengine::search::Evaluator;
///
/// assert!(matches!(Evaluator::default(), Evaluator::Network(net) if std::ptr::eq(net, &NETWORK)));
/// let net = Network::load(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/bb.nnue"))?;
/// let loaded = Evaluator::Network(&net);
/// # let _ = (loaded, Evaluator::HandWritten);
/// # Ok::<(), bbengine::nnue::NetworkError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub enum Evaluator<'a> {
    /// A network: [`NETWORK`] (the default, embedded) or a net from [`Network::load`]. Where
    /// one side has a bare king against a rook's worth or more, the hand-written evaluation's
    /// mop-up decides (the nets have seen few such positions).
    Network(&'a Network),
    /// The hand-written evaluation ([`crate::eval`]) everywhere: the engine's search before
    /// it had a network, the one that played the games the shipped net was trained on.
    HandWritten,
}

impl Default for Evaluator<'_> {
    /// The embedded network, [`NETWORK`].
    fn default() -> Self {
        Evaluator::Network(&NETWORK)
    }
}
