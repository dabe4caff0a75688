//! Property: a damaged table file, of either format, is refused with a typed error or opened
//! whole, never a panic; an opened one answers every probe of its ending (a value or a typed
//! error), and the undamaged file always opens.
//!
//! The input is a damage to a real file (KvK's `.gjtb` or `.gjwdl`, generated once): bytes
//! changed, the file cut or lengthened, and the checksum optionally made right again, so that
//! the checks behind it (the words, the unused bits of a `.gjwdl` file's last byte) are
//! reached too.
#![no_main]

use std::path::PathBuf;
use std::sync::OnceLock;

use arbitrary::Arbitrary;
use gjjq_core::Position;
use gjjq_tablebase::{EndingIndex, Tablebase, WdlTablebase};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Damage {
    wdl: bool,
    edits: Vec<(u16, u8)>,
    cut: Option<u16>,
    append: Vec<u8>,
    reseal: bool,
}

struct Files {
    dtm: Vec<u8>,
    wdl: Vec<u8>,
    dir: PathBuf,
    /// Every position of KvK, probed when a damaged file opens.
    positions: Vec<Position>,
}

fn files() -> &'static Files {
    static FILES: OnceLock<Files> = OnceLock::new();
    FILES.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("gjjq-fuzz-table-{}", std::process::id()));
        let good = root.join("good");
        let _ = std::fs::remove_dir_all(&root);
        let kvk = "KvK".parse().unwrap();
        Tablebase::new().generate_in(&good, &[kvk]).unwrap();
        let index = EndingIndex::new(kvk);
        Files {
            positions: (0..index.size())
                .filter_map(|i| index.position(i))
                .collect(),
            dtm: std::fs::read(good.join("KvK.gjtb")).unwrap(),
            wdl: std::fs::read(good.join("KvK.gjwdl")).unwrap(),
            dir: root.join("damaged"),
        }
    })
}

/// FNV-1a 64 of all but the last eight bytes, written into them (the files' checksum).
fn reseal(bytes: &mut [u8]) {
    let Some(end) = bytes.len().checked_sub(8) else {
        return;
    };
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &bytes[..end] {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    bytes[end..].copy_from_slice(&h.to_le_bytes());
}

fuzz_target!(|damage: Damage| {
    let f = files();
    let good = if damage.wdl { &f.wdl } else { &f.dtm };
    let mut bytes = good.clone();
    for &(at, x) in &damage.edits {
        let at = usize::from(at) % bytes.len().max(1);
        if let Some(b) = bytes.get_mut(at) {
            *b ^= x;
        }
    }
    if let Some(cut) = damage.cut {
        bytes.truncate(usize::from(cut) % (bytes.len() + 1));
    }
    bytes.extend_from_slice(&damage.append);
    if damage.reseal {
        reseal(&mut bytes);
    }
    let _ = std::fs::remove_dir_all(&f.dir);
    std::fs::create_dir_all(&f.dir).unwrap();
    let name = if damage.wdl { "KvK.gjwdl" } else { "KvK.gjtb" };
    std::fs::write(f.dir.join(name), &bytes).unwrap();
    if damage.wdl {
        match WdlTablebase::open(&f.dir) {
            Ok(tb) => {
                for p in &f.positions {
                    let _ = tb.probe_wdl(p);
                }
            }
            Err(e) => assert!(bytes != *good, "the good file refused: {e}"),
        }
    } else {
        match Tablebase::open(&f.dir) {
            Ok(tb) => {
                for p in &f.positions {
                    let _ = tb.probe_dtm(p);
                }
            }
            Err(e) => assert!(bytes != *good, "the good file refused: {e}"),
        }
    }
});
