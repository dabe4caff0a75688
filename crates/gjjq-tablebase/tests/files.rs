//! Table files: written, read back equal, resumable, and every damage a typed error.

use gjjq_core::Position;
use gjjq_tablebase::{Ending, GenerationLock, Tablebase, TablebaseError, Value};

mod common;

use common::{pos, scratch};

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
    // The same words as a generation that writes no file.
    let mut mem = Tablebase::new();
    mem.generate(&ivk).unwrap();
    assert_eq!(tb.raw(&ivk).unwrap().1, mem.raw(&ivk).unwrap().1);
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

/// Makes a FIFO at `path` with the system's `mkfifo`; `false` (the test is skipped) where there
/// is none.
#[cfg(unix)]
fn mkfifo(path: &std::path::Path) -> bool {
    let _no_lock_test = SPAWNING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match std::process::Command::new("mkfifo").arg(path).status() {
        Ok(s) => {
            assert!(s.success(), "mkfifo {}", path.display());
            true
        }
        Err(e) => {
            eprintln!("skipped: no mkfifo ({e})");
            false
        }
    }
}

/// `f()` within 10 seconds, or the test fails (instead of hanging on a FIFO).
fn within_seconds<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(10))
        .expect("no answer within 10 s: the call blocked")
}

#[cfg(unix)]
#[test]
fn generation_never_writes_through_a_link_at_its_temporary_name() {
    let dir = scratch("tmp-link");
    std::fs::create_dir_all(&dir).unwrap();
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("KvK.gjtb.tmp")).unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("KvK.gjwdl.tmp")).unwrap();
    // A link left at another ending's temporary name, and a stopped run's temporary file.
    std::os::unix::fs::symlink(&victim, dir.join("IvK.gjtb.tmp")).unwrap();
    std::fs::write(dir.join("KvI.gjtb.tmp"), b"half a table").unwrap();
    Tablebase::new()
        .generate_in(&dir, &["KvK".parse().unwrap()])
        .unwrap();
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    let table = std::fs::symlink_metadata(dir.join("KvK.gjtb")).unwrap();
    assert!(table.is_file(), "the table is a file of its own");
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    left.sort();
    assert_eq!(
        left,
        ["KvK.gjtb", "KvK.gjwdl", "victim"],
        "no temporary file left"
    );
    assert!(Tablebase::open(&dir).unwrap().max_units() == 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Held while a test starts a process, and by the lock test: a child process holds a copy of
/// every open file (the lock's among them) between its fork and its exec, so a lock dropped
/// then would still be held for that instant.
static SPAWNING: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn a_generation_into_a_directory_another_holds_fails_at_once() {
    let _no_spawn = SPAWNING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = scratch("lock");
    let lock = GenerationLock::acquire(&dir).unwrap();
    assert_eq!(lock.dir(), dir.as_path());
    let kvk: Ending = "KvK".parse().unwrap();
    for result in [
        Tablebase::new().generate_in(&dir, &[kvk]).map(|_| ()),
        Tablebase::new().save(&dir),
    ] {
        match result {
            Err(e @ TablebaseError::Locked { .. }) => {
                assert!(e.to_string().contains(".gjtb-generate.lock"), "{e}");
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(!dir.join("KvK.gjtb").exists());
    // Under the lock held, through it; and after it is dropped, by anyone.
    let mut tb = Tablebase::new();
    assert_eq!(tb.generate_locked(&lock, &[kvk]).unwrap().len(), 1);
    drop(lock);
    assert!(
        Tablebase::new()
            .generate_in(&dir, &[kvk])
            .unwrap()
            .is_empty()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_named_as_a_table_is_refused_without_opening_it() {
    let dir = scratch("fifo");
    Tablebase::new()
        .generate_in(&dir, &["KvK".parse().unwrap()])
        .unwrap();
    if !mkfifo(&dir.join("IvK.gjtb")) {
        return;
    }
    let d = dir.clone();
    let (opened, loaded) = within_seconds(move || {
        (
            Tablebase::open(&d),
            Tablebase::new().load(&d, &"IvK".parse().unwrap()),
        )
    });
    for r in [opened.map(|_| ()), loaded] {
        match r {
            Err(TablebaseError::NotAFile { path, kind }) => {
                assert!(path.ends_with("IvK.gjtb"), "{path}");
                assert!(kind.contains("FIFO"), "{kind}");
            }
            other => panic!("{other:?}"),
        }
    }
    // Generation replaces it with the table (never reading it).
    let d = dir.clone();
    within_seconds(move || {
        Tablebase::new()
            .generate_in(&d, &["IvK".parse().unwrap()])
            .unwrap()
    });
    assert!(Tablebase::open(&dir).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_directory_or_a_dangling_link_at_a_table_name_is_named_as_such() {
    let dir = scratch("not-a-file");
    Tablebase::new()
        .generate_in(&dir, &["KvK".parse().unwrap()])
        .unwrap();
    let ivk: Ending = "IvK".parse().unwrap();
    std::fs::create_dir(dir.join("IvK.gjtb")).unwrap();
    for r in [
        Tablebase::open(&dir).map(|_| ()),
        Tablebase::new().load(&dir, &ivk),
    ] {
        match r {
            Err(e @ TablebaseError::NotAFile { .. }) => {
                assert!(e.to_string().contains("a directory"), "{e}");
            }
            other => panic!("{other:?}"),
        }
    }
    std::fs::remove_dir(dir.join("IvK.gjtb")).unwrap();
    std::os::unix::fs::symlink(dir.join("gone.gjtb"), dir.join("IvK.gjtb")).unwrap();
    for r in [
        Tablebase::open(&dir).map(|_| ()),
        Tablebase::new().load(&dir, &ivk),
    ] {
        match r {
            Err(e @ TablebaseError::DanglingLink { .. }) => {
                let text = e.to_string();
                assert!(
                    text.contains("IvK.gjtb") && text.contains("gone.gjtb"),
                    "{text}"
                );
            }
            other => panic!("{other:?}"),
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn endings_in_lists_table_names_and_an_empty_set_says_so() {
    let dir = scratch("endings-in");
    std::fs::create_dir_all(&dir).unwrap();
    assert!(Tablebase::endings_in(&dir).unwrap().is_empty());
    assert!(Tablebase::open(&dir).unwrap().is_empty());
    Tablebase::new()
        .generate_in(&dir, &["KvI".parse().unwrap()])
        .unwrap();
    std::fs::write(dir.join("nonsense.gjtb"), b"x").unwrap();
    let names: Vec<String> = Tablebase::endings_in(&dir)
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(names, ["KvK", "KvI"]);
    assert!(matches!(
        Tablebase::endings_in(&dir.join("missing")),
        Err(TablebaseError::Io { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn material_beyond_the_tables_is_named_by_its_letters() {
    let tb = Tablebase::new();
    // Four units for Red: more than an endgame force, named all the same.
    let p = pos("3k5/3I5/9/9/9/9/9/9/1IDAP4/4K4 r -");
    assert_eq!(gjjq_tablebase::Ending::of(&p).to_string(), "IIDAPvK");
    match tb.probe_dtm(&p) {
        Err(e @ TablebaseError::TooManyUnits { .. }) => {
            let text = e.to_string();
            assert!(!text.contains('?'), "{text}");
            assert!(
                text.contains("IIDAPvK") && text.contains("at most 0"),
                "{text}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_mapped_set_generates_the_same_tables_and_holds_them_as_the_files() {
    let dir = scratch("mapped-generation");
    let ending: Ending = "IvF".parse().unwrap();
    // SAFETY: the directory is this test's own; nothing changes its files while mapped.
    #[allow(unsafe_code)]
    let mut mapped = unsafe { Tablebase::new_mapped() };
    let made = mapped.generate_in(&dir, &[ending]).unwrap();
    assert_eq!(made.len(), 4, "KvK, IvK, KvF and IvF");
    let mut mem = Tablebase::new();
    mem.generate(&ending).unwrap();
    for e in mem.endings() {
        // `raw` borrows the words of a table held in memory and copies those of a mapped
        // one: which one it does says how the set holds the table.
        let (_, words) = mapped.raw(&e).unwrap();
        assert!(
            matches!(words, std::borrow::Cow::Owned(_)),
            "{e} is held as its file's mapping"
        );
        assert_eq!(words, mem.raw(&e).unwrap().1, "{e}");
    }
    let p = pos("3k5/3I5/9/9/9/9/9/9/9/4K4 r -");
    assert_eq!(mapped.probe_dtm(&p).unwrap(), Value::Win(1));
    drop(mapped);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_ending_over_the_generators_numbering_is_refused_before_any_work() {
    let dir = scratch("too-large");
    for name in ["IDvID", "DPvDP", "IvIDP"] {
        let ending: Ending = name.parse().unwrap();
        let words = gjjq_tablebase::EndingIndex::new(ending).size();
        assert!(words > gjjq_tablebase::MAX_INDEX_WORDS, "{name}");
        let err = Tablebase::new().generate_in(&dir, &[ending]).unwrap_err();
        assert_eq!(
            err,
            TablebaseError::IndexTooLarge {
                ending,
                words,
                max: u32::MAX as usize
            }
        );
        assert!(
            err.to_string()
                .contains(&format!("{name} has {words} index words"))
        );
        let mut tb = Tablebase::new();
        assert!(matches!(
            tb.generate(&ending),
            Err(TablebaseError::IndexTooLarge { .. })
        ));
        assert!(tb.is_empty(), "nothing generated, not even a sub-ending");
    }
    // No table written; the lock was released.
    let files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n != ".gjtb-generate.lock")
        .collect();
    assert!(files.is_empty(), "{files:?}");
    drop(GenerationLock::acquire(&dir).unwrap());
    // The largest ending of at most three units fits.
    assert!(
        gjjq_tablebase::EndingIndex::new("IDPvK".parse().unwrap()).size()
            <= gjjq_tablebase::MAX_INDEX_WORDS
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 50, item 13: a symbolic link or a FIFO at the lock file's name is refused as what it
/// is, at the lock's name, not as "not a table file"; never followed nor opened.
#[cfg(unix)]
#[test]
fn a_link_or_a_fifo_at_the_lock_file_is_named_as_such() {
    let dir = scratch("lock-not-a-file");
    std::fs::create_dir_all(&dir).unwrap();
    let lock = dir.join(".gjtb-generate.lock");
    let victim = dir.join("victim");
    std::fs::write(&victim, b"precious").unwrap();
    std::os::unix::fs::symlink(&victim, &lock).unwrap();
    let d = dir.clone();
    let err = within_seconds(move || GenerationLock::acquire(&d).map(drop)).unwrap_err();
    assert!(
        matches!(err, TablebaseError::LockNotAFile { .. }),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(
        text.contains("a symbolic link at the generation lock's name"),
        "{text}"
    );
    assert!(!text.contains("not a table file"), "{text}");
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    std::fs::remove_file(&lock).unwrap();
    if mkfifo(&lock) {
        let d = dir.clone();
        let err = within_seconds(move || {
            Tablebase::new()
                .generate_in(&d, &["KvK".parse().unwrap()])
                .map(drop)
        })
        .unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("a FIFO (named pipe) at the generation lock's name"),
            "{text}"
        );
        assert!(text.contains(".gjtb-generate.lock"), "{text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
