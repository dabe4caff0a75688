//! Table files: written, read back equal, resumable, and every damage a typed error.

use std::path::PathBuf;

use gjjq_core::{Position, Setup};
use gjjq_tablebase::{Ending, Tablebase, TablebaseError, Value};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gjjq-tb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn pos(s: &str) -> Position {
    Position::from_setup(s.parse::<Setup>().unwrap()).unwrap()
}

#[test]
fn files_round_trip_and_generation_resumes() {
    let dir = scratch("resume");
    let ivk: Ending = "IvK".parse().unwrap();
    let mut tb = Tablebase::new();
    let first = tb.generate_in(&dir, &[ivk]).unwrap();
    assert_eq!(first.len(), 2, "KvK and IvK");
    let again = Tablebase::new().generate_in(&dir, &[ivk]).unwrap();
    assert!(again.is_empty(), "intact files are skipped");
    let opened = Tablebase::open(&dir).unwrap();
    assert_eq!(opened.max_units(), 1);
    assert_eq!(opened.raw(&ivk).unwrap().1, tb.raw(&ivk).unwrap().1);
    let p = pos("3k5/3I5/9/9/9/9/9/9/9/4K4 r -");
    assert_eq!(opened.probe_dtm(&p).unwrap(), Value::Win(1));
    let moves = opened.best_moves(&p).unwrap();
    assert_eq!(moves[0].1, Value::Win(1));
    assert_eq!(moves.len(), p.legal_moves().len());
    // A damaged file is generated again.
    let file = dir.join("IvK.gjtb");
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let redo = Tablebase::new().generate_in(&dir, &[ivk]).unwrap();
    assert_eq!(redo.len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_files_are_typed_errors() {
    let dir = scratch("damage");
    let mut tb = Tablebase::new();
    tb.generate_in(&dir, &["IvK".parse().unwrap()]).unwrap();
    let file = dir.join("IvK.gjtb");
    let good = std::fs::read(&file).unwrap();
    let mut cases: Vec<Vec<u8>> = vec![
        Vec::new(),
        good[..good.len() - 1].to_vec(),
        good[..20].to_vec(),
        [good.as_slice(), &[0]].concat(),
    ];
    for at in [0, 9, 13, 20, 40, good.len() / 2, good.len() - 1] {
        let mut b = good.clone();
        b[at] ^= 0x40;
        cases.push(b);
    }
    for bytes in cases {
        std::fs::write(&file, &bytes).unwrap();
        assert!(
            matches!(
                Tablebase::open(&dir),
                Err(TablebaseError::CorruptFile { .. })
            ),
            "{} bytes",
            bytes.len()
        );
    }
    // A file named as another ending than it holds.
    std::fs::write(&file, &good).unwrap();
    std::fs::rename(&file, dir.join("KvI.gjtb")).unwrap();
    assert!(matches!(
        Tablebase::open(&dir),
        Err(TablebaseError::CorruptFile { .. })
    ));
    std::fs::write(dir.join("KvI.gjtb"), b"x").unwrap();
    std::fs::write(dir.join("nonsense.gjtb"), b"x").unwrap();
    assert!(matches!(
        Tablebase::open(&dir),
        Err(TablebaseError::CorruptFile { .. })
    ));
    assert!(matches!(
        Tablebase::open(&dir.join("missing")),
        Err(TablebaseError::Io { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn positions_outside_the_tables_are_typed_errors() {
    let dir = scratch("outside");
    Tablebase::new()
        .generate_in(&dir, &["IvK".parse().unwrap()])
        .unwrap();
    let tb = Tablebase::open(&dir).unwrap();
    // A division is not in the tables.
    let p = pos("3k5/3D5/9/9/9/9/9/9/9/4K4 r -");
    assert!(matches!(
        tb.probe_wdl(&p),
        Err(TablebaseError::MissingTable(_))
    ));
    assert!(matches!(
        tb.probe_dtm(&Position::default()),
        Err(TablebaseError::TooManyUnits { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn load_maps_one_ending_and_damage_is_a_typed_error() {
    let dir = scratch("load");
    let ivk: Ending = "IvK".parse().unwrap();
    let generated = {
        let mut tb = Tablebase::new();
        tb.generate_in(&dir, &[ivk]).unwrap();
        tb.raw(&ivk).unwrap().1.into_owned()
    };
    let mut tb = Tablebase::new();
    tb.load(&dir, &ivk).unwrap();
    assert_eq!(tb.endings().len(), 2, "IvK and KvK");
    assert_eq!(tb.raw(&ivk).unwrap().1.as_ref(), generated.as_slice());
    // Damage in the words, in the header, a cut: CorruptFile naming the file, never a value.
    let file = dir.join("IvK.gjtb");
    let good = std::fs::read(&file).unwrap();
    for (i, bytes) in [
        {
            let mut b = good.clone();
            b[good.len() - 20] ^= 0x80;
            b
        },
        {
            let mut b = good.clone();
            b[30] ^= 1;
            b
        },
        good[..good.len() - 9].to_vec(),
        Vec::new(),
    ]
    .into_iter()
    .enumerate()
    {
        std::fs::write(&file, &bytes).unwrap();
        match Tablebase::new().load(&dir, &ivk) {
            Err(TablebaseError::CorruptFile { path, .. }) => assert!(path.ends_with("IvK.gjtb")),
            other => panic!("case {i}: {other:?}"),
        }
    }
    std::fs::remove_file(&file).unwrap();
    assert!(matches!(
        Tablebase::new().load(&dir, &ivk),
        Err(TablebaseError::MissingTable(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}
