//! The state after an epoch, enough to go on as if never stopped: the float weights, Adam's
//! moments and steps, the epochs done, and the settings that shape the run, the layout first
//! (checked on resuming). The shuffles' random numbers are drawn per epoch from the seed and the epoch's
//! number, so the seed and the epochs done are the generator's state.

use std::path::Path;

use crate::adam::Adam;
use crate::network::Params;

/// The file's first bytes: the format and its version (2: the settings name the layout; 3:
/// and the king inputs).
const MAGIC: &[u8; 8] = b"bbtrain3";

/// What must match for a resumed run to be the same run: `(name, value)`, floats as bits.
pub type Settings = Vec<(&'static str, u64)>;

/// A run's state after `epochs` epochs, for a network of `H` hidden units, `B` buckets and `K`
/// king buckets.
#[derive(Clone, PartialEq)]
pub struct Checkpoint<const H: usize, const B: usize, const K: usize = 1> {
    pub settings: Settings,
    pub epochs: u64,
    pub params: Params<H, B, K>,
    pub adam: Adam,
}

impl<const H: usize, const B: usize, const K: usize> Checkpoint<H, B, K> {
    /// Writes the checkpoint to `path` through a temporary file beside it, so a run stopped
    /// while writing leaves the previous checkpoint whole.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let mut bytes = MAGIC.to_vec();
        let words = self.settings.iter().map(|&(_, v)| v).chain([self.epochs, self.adam.steps]);
        for word in words {
            bytes.extend(word.to_le_bytes());
        }
        for values in [&self.params.values, &self.adam.m, &self.adam.v] {
            bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
        }
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".tmp");
        std::fs::write(&temporary, &bytes).map_err(|e| format!("{}: {e}", Path::new(&temporary).display()))?;
        std::fs::rename(&temporary, path).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The checkpoint at `path`, refused unless it was made with `settings` (so with this
    /// layout: the settings name it before the size of the weights is checked).
    pub fn load(path: &Path, settings: &Settings) -> Result<Self, String> {
        let fail = |why: String| format!("{}: {why}", path.display());
        let bytes = std::fs::read(path).map_err(|e| fail(e.to_string()))?;
        let words = settings.len() + 2;
        let params = Params::<H, B, K>::PARAMS;
        let size = MAGIC.len() + 8 * words + 4 * 3 * params;
        if bytes.len() < MAGIC.len() + 8 * words || !bytes.starts_with(MAGIC) {
            return Err(fail(format!("not a checkpoint of this trainer ({} bytes)", bytes.len())));
        }
        let word = |i: usize| {
            let at = MAGIC.len() + 8 * i;
            u64::from_le_bytes(std::array::from_fn(|j| bytes[at + j]))
        };
        for (i, &(name, value)) in settings.iter().enumerate() {
            if word(i) != value {
                return Err(fail(format!("made with another {name}; resume with the options it was made with")));
            }
        }
        if bytes.len() != size {
            return Err(fail(format!("truncated or not a checkpoint: {} bytes, expected {size}", bytes.len())));
        }
        let floats = |k: usize| -> Vec<f32> {
            let start = MAGIC.len() + 8 * words + 4 * k * params;
            bytes[start..start + 4 * params]
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect()
        };
        Ok(Checkpoint {
            settings: settings.clone(),
            epochs: word(settings.len()),
            params: Params { values: floats(0) },
            adam: Adam { m: floats(1), v: floats(2), steps: word(settings.len() + 1) },
        })
    }
}
