//! Results that threads finish in any order, handed on in the order of their numbers: so what
//! datagen writes depends on the games, never on which thread finished first.

use std::collections::BTreeMap;

/// Results numbered 0, 1, 2, ..., held until every lower number has been handed on.
pub struct InOrder<T> {
    next: usize,
    waiting: BTreeMap<usize, T>,
}

impl<T> InOrder<T> {
    pub fn new() -> InOrder<T> {
        InOrder { next: 0, waiting: BTreeMap::new() }
    }

    /// Takes result `number` and returns the results now ready, in order (none while a lower
    /// number is missing).
    pub fn push(&mut self, number: usize, result: T) -> Vec<T> {
        self.waiting.insert(number, result);
        let mut ready = Vec::new();
        while let Some(result) = self.waiting.remove(&self.next) {
            ready.push(result);
            self.next += 1;
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_out_in_number_order() {
        let mut in_order = InOrder::new();
        assert_eq!(in_order.push(1, 'b'), Vec::<char>::new());
        assert_eq!(in_order.push(2, 'c'), Vec::<char>::new());
        assert_eq!(in_order.push(0, 'a'), vec!['a', 'b', 'c']);
        assert_eq!(in_order.push(3, 'd'), vec!['d']);
    }
}
