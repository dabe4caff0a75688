//! Opening table files: read into memory by the safe constructors, mapped only by the
//! `unsafe` ones (issue 36, item 5), the same tables either way.

use gjjq_tablebase::{Ending, Tablebase, TablebaseError, Value};

mod common;

use common::{pos, scratch};

/// A table opened by `open` is a copy: truncating its file in place afterwards (undefined
/// behaviour under a live map, a `SIGBUS` on the next probe) leaves it whole.
#[test]
fn an_opened_table_survives_its_file_being_truncated() {
    let dir = scratch("open-truncate");
    let ivk: Ending = "IvK".parse().unwrap();
    Tablebase::new().generate_in(&dir, &[ivk]).unwrap();
    let tb = Tablebase::open(&dir).unwrap();
    let mut loaded = Tablebase::new();
    loaded.load(&dir, &ivk).unwrap();
    for name in ["IvK.gjtb", "KvK.gjtb"] {
        std::fs::OpenOptions::new()
            .write(true)
            .open(dir.join(name))
            .unwrap()
            .set_len(0)
            .unwrap();
    }
    let p = pos("3k5/3I5/9/9/9/9/9/9/9/4K4 r -");
    assert_eq!(tb.probe_dtm(&p).unwrap(), Value::Win(1));
    assert_eq!(loaded.probe_dtm(&p).unwrap(), Value::Win(1));
    assert!(tb.raw(&ivk).unwrap().1.iter().any(|&w| w != 0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mapped_and_read_tables_agree() {
    let dir = scratch("open-agree");
    let ivk: Ending = "IvK".parse().unwrap();
    Tablebase::new().generate_in(&dir, &[ivk]).unwrap();
    let read = Tablebase::open(&dir).unwrap();
    // SAFETY: the directory is this test's own and nothing writes to it while it is mapped.
    let mapped = unsafe { Tablebase::open_mapped(&dir) }.unwrap();
    assert_eq!(read.endings(), mapped.endings());
    for e in read.endings() {
        assert_eq!(read.raw(&e).unwrap().1, mapped.raw(&e).unwrap().1, "{e}");
    }
    let p = pos("3k5/3I5/9/9/9/9/9/9/9/4K4 r -");
    assert_eq!(mapped.probe_dtm(&p).unwrap(), Value::Win(1));
    // A damaged file is refused the same way by both.
    let file = dir.join("IvK.gjtb");
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let tmp = dir.join("IvK.tmp");
    std::fs::write(&tmp, &bytes).unwrap();
    std::fs::rename(&tmp, &file).unwrap();
    drop(mapped);
    assert!(matches!(
        Tablebase::open(&dir),
        Err(TablebaseError::CorruptFile { .. })
    ));
    // SAFETY: as above.
    assert!(matches!(
        unsafe { Tablebase::open_mapped(&dir) },
        Err(TablebaseError::CorruptFile { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Reading a file costs its size in memory: one larger than its table can be is refused from
/// its length, before a byte is read.
#[test]
fn a_file_larger_than_its_table_is_refused_before_it_is_read() {
    let dir = scratch("open-huge");
    std::fs::create_dir_all(&dir).unwrap();
    let f = std::fs::File::create(dir.join("IvK.gjtb")).unwrap();
    f.set_len(1 << 33).unwrap(); // sparse: no disk is used
    drop(f);
    match Tablebase::open(&dir) {
        Err(TablebaseError::CorruptFile { reason, .. }) => {
            assert!(
                reason.contains("more than a table of IvK holds"),
                "{reason}"
            );
        }
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
