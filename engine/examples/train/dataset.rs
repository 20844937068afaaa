//! The records on disk, read a stretch at a time so memory stays bounded by the buffer, not
//! the data: which files, which stretches are trained on and which held out, an epoch's
//! seeded order, and the reading.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use bbcore::SplitMix64;
use bulletformat::ChessBoard;

use crate::record::{self, RECORD_BYTES};

/// Records in a stretch: the unit read from disk, shuffled, and held out. Consecutive records
/// are usually from the same game, so holding out whole stretches keeps games apart (as the
/// text trainer held out stretches of 1000 lines).
pub const STRETCH: u64 = 1000;

/// Up to [`STRETCH`] consecutive records of one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stretch {
    file: u32,
    start: u64,
    len: u64,
}

/// The files and how their stretches divide into training and held-out ones.
pub struct Dataset {
    files: Vec<PathBuf>,
    pub train: Vec<Stretch>,
    pub held_out: Vec<Stretch>,
}

impl Dataset {
    /// The records of `data`; held out are those of `val` or, when `val` is empty, every
    /// tenth stretch of `data` (the 10th, 20th, ... in file order). A path is a file or a
    /// directory of `*.bin` files.
    pub fn open(data: &[PathBuf], val: &[PathBuf]) -> Result<Dataset, String> {
        let train_files = list_files(data)?;
        let val_files = list_files(val)?;
        for (path, _) in &val_files {
            let same = |other: &PathBuf| std::fs::canonicalize(other).ok() == std::fs::canonicalize(path).ok();
            if train_files.iter().any(|(other, _)| same(other)) {
                return Err(format!("{}: given both as --data and as --val", path.display()));
            }
        }
        let mut dataset = Dataset { files: Vec::new(), train: Vec::new(), held_out: Vec::new() };
        // Counted across the files, so that many small chunk files hold some out too.
        let mut counted = 0;
        for (path, records) in train_files {
            for stretch in dataset.add(path, records) {
                counted += 1;
                if val.is_empty() && counted % 10 == 0 {
                    dataset.held_out.push(stretch);
                } else {
                    dataset.train.push(stretch);
                }
            }
        }
        for (path, records) in val_files {
            let stretches: Vec<Stretch> = dataset.add(path, records).collect();
            dataset.held_out.extend(stretches);
        }
        Ok(dataset)
    }

    /// Adds a file of `records` records; its stretches in order.
    fn add(&mut self, path: PathBuf, records: u64) -> impl Iterator<Item = Stretch> + use<> {
        let file = self.files.len() as u32;
        self.files.push(path);
        (0..records.div_ceil(STRETCH)).map(move |i| Stretch {
            file,
            start: i * STRETCH,
            len: STRETCH.min(records - i * STRETCH),
        })
    }

    /// A reader of this dataset's files.
    pub fn reader(&self) -> Reader<'_> {
        Reader { files: &self.files, open: None, bytes: Vec::new() }
    }
}

/// Records in `stretches`.
pub fn records(stretches: &[Stretch]) -> u64 {
    stretches.iter().map(|s| s.len).sum()
}

/// The files of `paths`: each file as given, each directory's `*.bin` files by name; each
/// with its number of records, refused unless its size is a whole number of records.
fn list_files(paths: &[PathBuf]) -> Result<Vec<(PathBuf, u64)>, String> {
    let mut files = Vec::new();
    for path in paths {
        let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
        if meta.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut found = Vec::new();
            for entry in entries {
                let entry = entry.map_err(|e| format!("{}: {e}", path.display()))?.path();
                if entry.extension().is_some_and(|e| e == "bin") && entry.is_file() {
                    found.push(entry);
                }
            }
            if found.is_empty() {
                return Err(format!("{}: no *.bin files in this directory", path.display()));
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::metadata(&path).map_err(|e| format!("{}: {e}", path.display()))?.len();
            if bytes % RECORD_BYTES as u64 != 0 {
                return Err(format!(
                    "{}: {bytes} bytes is not a whole number of {RECORD_BYTES}-byte records \
                     (bulletformat ChessBoard); truncated or not training data",
                    path.display()
                ));
            }
            Ok((path, bytes / RECORD_BYTES as u64))
        })
        .collect()
}

/// Reads stretches, keeping the last file open.
pub struct Reader<'a> {
    files: &'a [PathBuf],
    open: Option<(u32, File)>,
    bytes: Vec<u8>,
}

impl Reader<'_> {
    /// Appends the records of `stretch` to `out`, each followed by its mirrored copy when
    /// `mirror`.
    pub fn read(&mut self, stretch: Stretch, mirror: bool, out: &mut Vec<ChessBoard>) -> Result<(), String> {
        let path: &Path = &self.files[stretch.file as usize];
        let fail = |e: std::io::Error| format!("{}: {e}", path.display());
        let file = match &mut self.open {
            Some((open, file)) if *open == stretch.file => file,
            open => &mut open.insert((stretch.file, File::open(path).map_err(fail)?)).1,
        };
        self.bytes.resize(stretch.len as usize * RECORD_BYTES, 0);
        file.seek(SeekFrom::Start(stretch.start * RECORD_BYTES as u64)).map_err(fail)?;
        file.read_exact(&mut self.bytes).map_err(fail)?;
        for (i, bytes) in self.bytes.as_chunks::<RECORD_BYTES>().0.iter().enumerate() {
            let board = record::decode(bytes).map_err(|why| {
                format!("{}: record {} is not a ChessBoard record: {why}", path.display(), stretch.start + i as u64)
            })?;
            out.push(board);
            if mirror {
                out.push(record::mirrored(&board));
            }
        }
        Ok(())
    }

    /// Calls `f` with the records of `stretches` in order, at least `buffer` at a time (the
    /// last block may be smaller): for passes that need every record once, in any grouping.
    pub fn blocks(
        &mut self,
        stretches: &[Stretch],
        buffer: usize,
        mut f: impl FnMut(&[ChessBoard]),
    ) -> Result<(), String> {
        let mut block = Vec::with_capacity(buffer + STRETCH as usize);
        for (i, &stretch) in stretches.iter().enumerate() {
            self.read(stretch, false, &mut block)?;
            if block.len() >= buffer || i + 1 == stretches.len() {
                f(&block);
                block.clear();
            }
        }
        Ok(())
    }

    /// One epoch: the stretches in an order drawn from `rng`, read until the buffer holds
    /// `buffer` records, shuffled there and handed to `f` in batches of `batch` (the records
    /// of an incomplete last batch stay for the next fill; the epoch's very last batch may be
    /// smaller). The same `rng` gives the same batches.
    pub fn epoch(
        &mut self,
        stretches: &[Stretch],
        rng: &mut SplitMix64,
        buffer: usize,
        batch: usize,
        mirror: bool,
        mut f: impl FnMut(&[ChessBoard]),
    ) -> Result<(), String> {
        let mut order = stretches.to_vec();
        shuffle(&mut order, rng);
        let mut pool = Vec::with_capacity(buffer + 2 * STRETCH as usize);
        let mut next = 0;
        while next < order.len() || !pool.is_empty() {
            while next < order.len() && pool.len() < buffer.max(batch) {
                self.read(order[next], mirror, &mut pool)?;
                next += 1;
            }
            shuffle(&mut pool, rng);
            let whole = if next == order.len() { pool.len() } else { pool.len() / batch * batch };
            for part in pool[..whole].chunks(batch) {
                f(part);
            }
            pool.drain(..whole);
        }
        Ok(())
    }
}

/// Fisher-Yates with `rng`.
pub fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        items.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
}

/// Batches of an epoch over `records` records (with mirrored copies when `mirror`): all but
/// the last one of [`Reader::epoch`]'s are whole.
pub fn batches(records: u64, mirror: bool, batch: usize) -> u64 {
    (records * if mirror { 2 } else { 1 }).div_ceil(batch as u64)
}
