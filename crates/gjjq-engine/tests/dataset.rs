//! The dataset format (issue 24): records written and read back are the same, positions
//! included (pending returns of R-19 too), and the bytes sit where docs/engine.md says.

use gjjq_core::{Position, Ruleset, Side};
use gjjq_engine::dataset::{DatasetReader, DatasetWriter, HEADER_SIZE, RECORD_SIZE, Record};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_records() -> Vec<Record> {
    let mut rng = StdRng::seed_from_u64(24);
    let mut out = Vec::new();
    for game in 0..20u32 {
        let mut p = Position::default();
        for ply in 0..120u16 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            let mut r = Record::new(
                &p,
                rng.random_range(-30_000..=30_000),
                rng.random_range(-1..=1),
                ply,
                Some(m),
                game,
            );
            r.flags = rng.random_range(0..4);
            out.push(r);
            p.play_unchecked(m);
        }
    }
    out
}

#[test]
fn records_read_back_the_same() {
    let records = random_records();
    assert!(
        records
            .iter()
            .any(|r| r.pending.iter().any(Option::is_some)),
        "no pending return among the samples"
    );
    let mut file = Vec::new();
    let mut w = DatasetWriter::new(&mut file).unwrap();
    for r in &records {
        w.write(r).unwrap();
    }
    assert_eq!(w.written(), records.len() as u64);
    w.finish().unwrap();
    assert_eq!(file.len(), HEADER_SIZE + RECORD_SIZE * records.len());
    let back: Vec<Record> = DatasetReader::new(file.as_slice())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(back, records);
    // The positions themselves come back: same placement, side, pending returns, Zobrist key.
    let mut rng = StdRng::seed_from_u64(24);
    let mut p = Position::default();
    for r in back.iter().take(120) {
        let q = r.position(Ruleset::STANDARD).unwrap();
        assert_eq!(q.zobrist_hash(), p.zobrist_hash());
        assert_eq!(q.pending_return(Side::Red), p.pending_return(Side::Red));
        let moves = p.legal_moves();
        let m = moves[rng.random_range(0..moves.len())];
        // (the record's move is the one played)
        assert_eq!(r.best_move, Some(m));
        p.play_unchecked(m);
        let _ = (
            rng.random_range(-30_000..=30_000i16),
            rng.random_range(-1..=1i8),
        );
        let _ = rng.random_range(0..4u8);
    }
}

#[test]
fn the_bytes_are_where_the_documentation_says() {
    let r = Record::new(&Position::default(), -1234, -1, 77, None, 0xA1B2_C3D4);
    let b = r.encode();
    // Point 0 (1A in Red's corner) holds a Red fleet: kind index 3, code 4, low nibble.
    assert_eq!(b[0] & 0x0f, 4);
    assert_eq!(b[45], 0); // Red to move
    // Green's pieces sit on the last points: the mask's last bits are set, the first not.
    assert_eq!(b[46], 0);
    assert_ne!(b[57], 0);
    assert_eq!(b[58] as i8, -1);
    assert_eq!(&b[60..64], &[255; 4]);
    assert_eq!(i16::from_le_bytes([b[64], b[65]]), -1234);
    assert_eq!(u16::from_le_bytes([b[66], b[67]]), 77);
    assert_eq!(u16::from_le_bytes([b[70], b[71]]), u16::MAX);
    assert_eq!(
        u32::from_le_bytes([b[72], b[73], b[74], b[75]]),
        0xA1B2_C3D4
    );
    let mut header = Vec::new();
    DatasetWriter::new(&mut header).unwrap().finish().unwrap();
    assert_eq!(&header[..8], b"GJJQDATA");
    assert_eq!(u16::from_le_bytes([header[8], header[9]]), 1);
    assert_eq!(u16::from_le_bytes([header[12], header[13]]), 80);
}

/// One record as the plain values the format documents (docs/engine.md), for the fixture that
/// the Python reader (`gjjq.load_dataset`) is checked against too.
fn plain(r: &Record) -> serde_json::Value {
    let kinds: Vec<u8> = r
        .board
        .iter()
        .map(|p| p.map_or(0, |p| 1 + p.kind.index() as u8))
        .collect();
    let green: Vec<u8> = r
        .board
        .iter()
        .map(|p| u8::from(p.is_some_and(|p| p.side == Side::Green)))
        .collect();
    let pending: Vec<u8> = r
        .pending
        .iter()
        .flat_map(|p| match p {
            Some(p) => [p.striker.index() as u8, p.origin.index() as u8],
            None => [255, 255],
        })
        .collect();
    serde_json::json!({
        "position": r.setup().to_string(),
        "kinds": kinds,
        "turn": r.turn.index(),
        "green": green,
        "result": r.result,
        "flags": r.flags,
        "pending": pending,
        "score": r.score,
        "ply": r.ply,
        "plies_since_capture": r.plies_since_capture,
        "best_move": r.best_move.map_or(65535, |m| m.index()),
        "game": r.game,
    })
}

/// `tests/data/sample.gjjqd` was written by `gjjq datagen --games 2 --nodes 50 --max-plies 6
/// --random-plies 2 --seed 3`; `sample.json` holds its records as plain values (rewritten by
/// `GJJQ_BLESS=1`). The Python bindings' test reads the same two files with numpy.
#[test]
fn the_datagen_fixture_reads_as_documented() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let bytes = std::fs::read(dir.join("sample.gjjqd")).unwrap();
    let mut reader = DatasetReader::new(&bytes[..]).unwrap();
    let mut values = Vec::new();
    while let Some(r) = reader.next_record().unwrap() {
        r.position(Ruleset::STANDARD).expect("a valid position");
        values.push(plain(&r));
    }
    assert_eq!(values.len(), (bytes.len() - HEADER_SIZE) / RECORD_SIZE);
    let text = serde_json::to_string_pretty(&values).unwrap() + "\n";
    let json = dir.join("sample.json");
    if std::env::var_os("GJJQ_BLESS").is_some() {
        std::fs::write(&json, &text).unwrap();
    }
    assert_eq!(std::fs::read_to_string(&json).unwrap(), text);
}
