//! A folder of training data in chunks: `chunk-00000.bin` (records), each with its lineage
//! `chunk-00000.json` beside it, and `SHA256SUMS` over the chunks (`sha256sum -c SHA256SUMS`
//! checks them). A chunk is written under a temporary name and renamed when whole, its
//! lineage after it; so a chunk counts as complete only when its lineage exists and names the
//! chunk's SHA-256, and a run that stops part way leaves nothing that looks complete and is
//! not. Included by `#[path]`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::lineage::{Lineage, Value, sha256_hex, utc_now};

/// A chunk folder.
pub struct ChunkDir {
    dir: PathBuf,
}

/// What the folder holds for one chunk index.
pub struct Found {
    /// The lineage record, when there is one.
    pub lineage: Option<Lineage>,
    /// The chunk's bytes exist and match the lineage's SHA-256.
    pub complete: bool,
}

impl ChunkDir {
    /// The folder `dir`, made if missing.
    pub fn create(dir: &Path) -> Result<ChunkDir, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(ChunkDir { dir: dir.to_path_buf() })
    }

    /// `chunk-00042`.
    pub fn name(index: usize) -> String {
        format!("chunk-{index:05}")
    }

    fn path(&self, index: usize, extension: &str) -> PathBuf {
        self.dir.join(format!("{}.{extension}", ChunkDir::name(index)))
    }

    /// The chunk indices the folder holds any file of (records or lineage), ascending.
    pub fn indices(&self) -> Result<Vec<usize>, String> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        let mut indices: Vec<usize> = entries
            .filter_map(|entry| {
                let name = entry.ok()?.file_name().into_string().ok()?;
                let stem = name.strip_suffix(".bin").or_else(|| name.strip_suffix(".json"))?;
                stem.strip_prefix("chunk-")?.parse().ok()
            })
            .collect();
        indices.sort_unstable();
        indices.dedup();
        Ok(indices)
    }

    /// What the folder holds for chunk `index`. An unreadable lineage record is an error: the
    /// folder holds something this program did not write.
    pub fn find(&self, index: usize) -> Result<Found, String> {
        let json = self.path(index, "json");
        if !json.exists() {
            return Ok(Found { lineage: None, complete: false });
        }
        let lineage = Lineage::read(&json)?;
        let complete = match (std::fs::read(self.path(index, "bin")), lineage.get("sha256")) {
            (Ok(bytes), Some(Value::Text(sha))) => sha256_hex(&bytes) == *sha,
            _ => false,
        };
        Ok(Found { lineage: Some(lineage), complete })
    }

    /// Writes chunk `index`'s records, `bytes`, and returns their SHA-256. Its old lineage
    /// record goes first, so a chunk being redone is never complete by an old record; the
    /// chunk is complete once [`ChunkDir::write_lineage`] has written its new one.
    pub fn write_records(&self, index: usize, bytes: &[u8]) -> Result<String, String> {
        let json = self.path(index, "json");
        if json.exists() {
            std::fs::remove_file(&json).map_err(|e| format!("{}: {e}", json.display()))?;
        }
        self.replace(&self.path(index, "bin"), bytes)?;
        Ok(sha256_hex(bytes))
    }

    /// Writes chunk `index`'s lineage: `lineage` with its positions, the records' SHA-256 (from
    /// [`ChunkDir::write_records`]) and the date added. Returns the record written.
    pub fn write_lineage(
        &self,
        index: usize,
        positions: usize,
        sha256: String,
        lineage: Lineage,
    ) -> Result<Lineage, String> {
        let lineage = lineage.with("positions", positions).with("sha256", sha256).with("date", utc_now());
        self.replace(&self.path(index, "json"), lineage.to_json().as_bytes())?;
        Ok(lineage)
    }

    /// Writes `SHA256SUMS`: one `<sha256>  chunk-00000.bin` line per complete chunk, each
    /// chunk read and checked against its lineage.
    #[allow(dead_code)] // Each program that includes this file uses its own part of it.
    pub fn write_sums(&self) -> Result<usize, String> {
        let mut sums = BTreeMap::new();
        for index in self.indices()? {
            let found = self.find(index)?;
            if let (true, Some(Value::Text(sha))) =
                (found.complete, found.lineage.as_ref().and_then(|l| l.get("sha256")))
            {
                sums.insert(index, sha.clone());
            }
        }
        self.write_sums_of(&sums)?;
        Ok(sums.len())
    }

    /// Writes `SHA256SUMS` from the SHA-256s of chunks already known complete, by index: a
    /// writer that keeps them needs no pass over the folder's bytes.
    pub fn write_sums_of(&self, sums: &BTreeMap<usize, String>) -> Result<(), String> {
        let text: String = sums.iter().map(|(&index, sha)| format!("{sha}  {}.bin\n", ChunkDir::name(index))).collect();
        self.replace(&self.dir.join("SHA256SUMS"), text.as_bytes())
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder, renamed over it.
    fn replace(&self, path: &Path, bytes: &[u8]) -> Result<(), String> {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("chunk");
        let temporary = self.dir.join(format!(".{name}.partial"));
        let error = |e: std::io::Error| format!("{}: {e}", path.display());
        std::fs::write(&temporary, bytes).map_err(error)?;
        std::fs::rename(&temporary, path).map_err(error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_is_complete_only_while_its_bytes_match_its_lineage() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let dir = ChunkDir::create(folder.path()).expect("made");
        assert_eq!(dir.indices().expect("listed"), Vec::<usize>::new());
        let sha = dir.write_records(3, &[7; 64]).expect("written");
        assert!(!dir.find(3).expect("read").complete);
        let written = dir.write_lineage(3, 2, sha, Lineage::default().with("seed", 1u64)).expect("written");
        assert_eq!(written.get("positions"), Some(&Value::Number(2)));
        assert!(dir.find(3).expect("read").complete);
        assert!(!dir.find(0).expect("read").complete);
        assert_eq!(dir.indices().expect("listed"), vec![3]);
        assert_eq!(dir.write_sums().expect("summed"), 1);
        let sums = std::fs::read_to_string(folder.path().join("SHA256SUMS")).expect("read");
        assert_eq!(sums, format!("{}  chunk-00003.bin\n", sha256_hex(&[7; 64])));
        std::fs::write(folder.path().join("chunk-00003.bin"), [7; 32]).expect("truncated");
        let found = dir.find(3).expect("read");
        assert!(!found.complete && found.lineage.is_some());
        std::fs::write(folder.path().join("chunk-00004.json"), "not json").expect("written");
        assert!(dir.find(4).is_err());
    }
}
