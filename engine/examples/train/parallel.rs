//! Work split over threads in a fixed way, so that results do not depend on timing: the items
//! are cut into as many contiguous parts as there are states, part `i` is worked on with
//! state `i`, and the results come back in part order for the caller to combine in that order.

/// `work(part, state)` for each part of `items` (one per state, the first ones one item larger
/// when the cut is uneven), on its own thread but the first, which runs on this one.
pub fn in_parts<T: Sync, S: Send, R: Send>(
    items: &[T],
    states: &mut [S],
    work: impl Fn(&[T], &mut S) -> R + Sync,
) -> Vec<R> {
    let parts = states.len().max(1);
    let (size, extra) = (items.len() / parts, items.len() % parts);
    let mut rest = items;
    let mut cut = Vec::with_capacity(parts);
    for i in 0..parts {
        let (part, after) = rest.split_at(size + usize::from(i < extra));
        cut.push(part);
        rest = after;
    }
    let work = &work;
    std::thread::scope(|scope| {
        let mut states = states.iter_mut();
        let first = states.next();
        let handles: Vec<_> =
            cut[1..].iter().zip(states).map(|(&part, state)| scope.spawn(move || work(part, state))).collect();
        let mut results = Vec::with_capacity(parts);
        if let Some(state) = first {
            results.push(work(cut[0], state));
        }
        for handle in handles {
            // A worker that panicked is a bug: pass its panic on.
            results.push(handle.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        }
        results
    })
}
