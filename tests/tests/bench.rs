//! The measurement behind `bbengine bench`'s rows, on a tiny workload (the full run takes
//! seconds and is not part of the test run): every backend this CPU runs gives a report with
//! the exact perft node count and finite, positive timings.

use std::time::Duration;

use bbengine::Backend;
use bbengine::bench::{Workload, measure_backend_with};
use bbtests::{STANDARD_POSITIONS, runnable_backends};

#[test]
fn full_workload_is_the_documented_one() {
    // The README: perft one ply below the reported depths, lookups for at least 20 ms, median of 5.
    assert_eq!(Workload::FULL, Workload { plies_below: 1, lookup_time: Duration::from_millis(20), rounds: 5 });
}

#[test]
fn every_backend_reports_the_exact_perft_count_on_a_tiny_workload() {
    let tiny = Workload { plies_below: 3, lookup_time: Duration::ZERO, rounds: 1 };
    // Three plies below the reported depths, from the published counts: start d3 8,902,
    // Kiwipete d2 2,039, position 3 d4 43,238, positions 4, 5 and 6 d2 264, 1,486 and 2,079.
    let expected: u64 = STANDARD_POSITIONS[..6].iter().map(|p| p.count(p.depth() - 3)).sum();
    assert_eq!(expected, 58_008);
    let runnable = runnable_backends("every_backend_reports_the_exact_perft_count_on_a_tiny_workload");
    let mut measured = Vec::new();
    for &backend in Backend::ALL {
        let Some(report) = measure_backend_with(backend, tiny) else {
            assert!(!runnable.contains(&backend), "{backend} runs here but gave no report");
            continue;
        };
        assert_eq!(report.backend, backend);
        assert_eq!(report.perft_nodes, expected, "{backend}");
        for (what, value) in [("rook ns", report.rook_ns), ("bishop ns", report.bishop_ns), ("Mnps", report.perft_mnps)]
        {
            assert!(value.is_finite() && value > 0.0, "{backend} {what}: {value}");
        }
        measured.push(backend);
    }
    assert_eq!(measured, runnable);
}
