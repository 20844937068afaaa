/// A value that starts on a 64-byte cache line: the dense attack table is wrapped in it, so
/// that entry `p` lies on line `p / 8` and `bbgen cluster-bishops` can count and pack lines.
///
/// ```
/// static TABLE: bbcore::CacheAligned<[u64; 3]> = bbcore::CacheAligned([1, 2, 3]);
/// assert_eq!(TABLE.0.as_ptr() as usize % 64, 0);
/// assert_eq!(TABLE.0[2], 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(64))]
pub struct CacheAligned<T>(pub T);
