//! Training data: positions with a search score, the game's result and the ply, in a
//! versioned binary file of fixed-size little-endian records (`gjjq datagen` writes it).
//!
//! # The format (version 1)
//!
//! A 32-byte header, then records of 80 bytes each, to the end of the file (the number of
//! records is the file's length minus 32, divided by 80). All integers are little-endian.
//!
//! Header:
//!
//! | offset | type | field |
//! |---|---|---|
//! | 0 | `[u8; 8]` | magic `GJJQDATA` |
//! | 8 | `u16` | version, 1 |
//! | 10 | `u16` | header size, 32 |
//! | 12 | `u16` | record size, 80 |
//! | 14 | `[u8; 18]` | reserved, 0 |
//!
//! Record (numpy: `np.fromfile(path, dtype, offset=32)` with the dtype of `docs/engine.md`):
//!
//! | offset | type | field |
//! |---|---|---|
//! | 0 | `[u8; 45]` | `kinds`: the 90 points in [`Square::index`] order, 4 bits each, point `i` in byte `i / 2`, the low nibble for even `i`: 0 empty, `1 + PieceKind::index()` otherwise (1 king … 8 infantry, the order of [`PieceKind::ALL`]) |
//! | 45 | `u8` | `turn`: 0 Red, 1 Green |
//! | 46 | `[u8; 12]` | `green`: bit `i % 8` of byte `i / 8` set when point `i` holds a Green piece |
//! | 58 | `i8` | `result` for the side to move: 1 won, 0 drawn (or unfinished), −1 lost |
//! | 59 | `u8` | `flags`: bit 0 the game began from the default opening (R-27), bit 1 the game reached the ply limit unfinished |
//! | 60 | `[u8; 4]` | `pending`: Red's striker point, Red's origin, Green's striker, Green's origin (R-19); 255 when no return is owed |
//! | 64 | `i16` | `score`: the search's score for the side to move, centi-units; wins `30000 − plies`, losses `−(30000 − plies)` |
//! | 66 | `u16` | `ply`: plies played in the game before this position |
//! | 68 | `u16` | `plies_since_capture` (R-31) |
//! | 70 | `u16` | `best_move`: the search's move as its action index ([`Move::index`]), 65535 for none |
//! | 72 | `u32` | `game`: the game's number in the run |
//! | 76 | `u32` | reserved, 0 |
//!
//! # Examples
//!
//! ```
//! use gjjq_core::Position;
//! use gjjq_engine::dataset::{DatasetReader, DatasetWriter, Record};
//! let record = Record::new(&Position::default(), 35, 1, 0, None, 7);
//! let mut file = Vec::new();
//! let mut writer = DatasetWriter::new(&mut file)?;
//! writer.write(&record)?;
//! writer.finish()?;
//! assert_eq!(file.len(), 32 + 80);
//! let back: Vec<Record> = DatasetReader::new(file.as_slice())?.collect::<Result<_, _>>()?;
//! assert_eq!(back, [record.clone()]);
//! assert_eq!(back[0].position(gjjq_core::Ruleset::STANDARD)?, Position::default());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Read, Write};

use gjjq_core::{
    Move, Piece, PieceKind, Position, Ruleset, Setup, Side, Square, setup::PendingReturn,
};

/// The file's first eight bytes.
pub const MAGIC: [u8; 8] = *b"GJJQDATA";
/// The format version this module writes and reads.
pub const VERSION: u16 = 1;
/// The header's size in bytes.
pub const HEADER_SIZE: usize = 32;
/// A record's size in bytes.
pub const RECORD_SIZE: usize = 80;

/// What can go wrong reading or writing a dataset.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DatasetError {
    /// The underlying reader or writer failed.
    #[error("dataset I/O: {0}")]
    Io(#[from] io::Error),
    /// The file does not start with [`MAGIC`].
    #[error("not a gjjq dataset (no GJJQDATA header)")]
    BadMagic,
    /// A version, header size or record size this module does not read.
    #[error(
        "unsupported dataset layout: version {version}, header {header} bytes, record {record} bytes"
    )]
    Unsupported {
        /// The header's version.
        version: u16,
        /// The header's header size.
        header: u16,
        /// The header's record size.
        record: u16,
    },
    /// The file ends inside a record.
    #[error("the dataset ends inside record {0}")]
    Truncated(u64),
    /// A record holds a value outside its field's range.
    #[error("record {record}: bad {field}")]
    BadRecord {
        /// The record's number, from 0.
        record: u64,
        /// The field.
        field: &'static str,
    },
}

/// One position of a game with what the search and the game said about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The piece on each point, in [`Square::index`] order.
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Side,
    /// Each side's pending return (R-19), indexed by [`Side::index`].
    pub pending: [Option<PendingReturn>; 2],
    /// Plies since the last capture (R-31), saturated at 65,535.
    pub plies_since_capture: u16,
    /// The search's score for the side to move (wins `30000 − plies`).
    pub score: i16,
    /// The game's result for the side to move: 1, 0 or −1.
    pub result: i8,
    /// Bit 0: the game began from the default opening; bit 1: it hit the ply limit.
    pub flags: u8,
    /// Plies played before this position.
    pub ply: u16,
    /// The search's move.
    pub best_move: Option<Move>,
    /// The game's number in the run.
    pub game: u32,
}

impl Record {
    /// A record of `pos` (flags 0; set [`Record::flags`] after).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Position, Side};
    /// use gjjq_engine::dataset::Record;
    /// let r = Record::new(&Position::default(), -12, 0, 4, None, 1);
    /// assert_eq!((r.turn, r.score, r.ply), (Side::Red, -12, 4));
    /// ```
    #[must_use]
    pub fn new(
        pos: &Position,
        score: i16,
        result: i8,
        ply: u16,
        best_move: Option<Move>,
        game: u32,
    ) -> Record {
        let mut board = [None; 90];
        for sq in Square::all() {
            board[sq.index()] = pos.piece_at(sq);
        }
        Record {
            board,
            turn: pos.turn(),
            pending: [
                pos.pending_return(Side::Red),
                pos.pending_return(Side::Green),
            ],
            plies_since_capture: pos.plies_since_capture().min(u32::from(u16::MAX)) as u16,
            score,
            result,
            flags: 0,
            ply,
            best_move,
            game,
        }
    }

    /// The record's position as plain data (move number from the ply: `1 + ply / 2`).
    #[must_use]
    pub fn setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in Square::all() {
            setup.set(sq, self.board[sq.index()]);
        }
        setup.turn = self.turn;
        setup.pending = self.pending;
        setup.plies_since_capture = u32::from(self.plies_since_capture);
        setup.move_number = 1 + u32::from(self.ply) / 2;
        setup
    }

    /// The record's position under `rules`.
    ///
    /// # Errors
    ///
    /// The library's, when the placement is not a valid position (R-26).
    pub fn position(&self, rules: Ruleset) -> Result<Position, gjjq_core::position::PositionError> {
        Position::from_setup_with(self.setup(), rules)
    }

    /// The record's 80 bytes.
    #[must_use]
    pub fn encode(&self) -> [u8; RECORD_SIZE] {
        let mut b = [0u8; RECORD_SIZE];
        for (i, p) in self.board.iter().enumerate() {
            let Some(p) = p else { continue };
            let code = 1 + p.kind.index() as u8;
            b[i / 2] |= if i % 2 == 0 { code } else { code << 4 };
            if p.side == Side::Green {
                b[46 + i / 8] |= 1 << (i % 8);
            }
        }
        b[45] = self.turn.index() as u8;
        b[58] = self.result as u8;
        b[59] = self.flags;
        for (k, p) in self.pending.iter().enumerate() {
            let (s, o) = p.map_or((255, 255), |p| {
                (p.striker.index() as u8, p.origin.index() as u8)
            });
            b[60 + 2 * k] = s;
            b[61 + 2 * k] = o;
        }
        b[64..66].copy_from_slice(&self.score.to_le_bytes());
        b[66..68].copy_from_slice(&self.ply.to_le_bytes());
        b[68..70].copy_from_slice(&self.plies_since_capture.to_le_bytes());
        let m = self.best_move.map_or(u16::MAX, Move::index);
        b[70..72].copy_from_slice(&m.to_le_bytes());
        b[72..76].copy_from_slice(&self.game.to_le_bytes());
        b
    }

    /// A record from its 80 bytes; `number` names it in errors.
    ///
    /// # Errors
    ///
    /// [`DatasetError::BadRecord`] for a piece code, side, point or move out of range.
    pub fn decode(b: &[u8; RECORD_SIZE], number: u64) -> Result<Record, DatasetError> {
        let bad = |field| DatasetError::BadRecord {
            record: number,
            field,
        };
        let mut board = [None; 90];
        for (i, slot) in board.iter_mut().enumerate() {
            let code = if i % 2 == 0 {
                b[i / 2] & 0x0f
            } else {
                b[i / 2] >> 4
            };
            if code == 0 {
                continue;
            }
            let kind = *PieceKind::ALL
                .get(usize::from(code) - 1)
                .ok_or_else(|| bad("kinds"))?;
            let side = if b[46 + i / 8] & (1 << (i % 8)) != 0 {
                Side::Green
            } else {
                Side::Red
            };
            *slot = Some(Piece::new(side, kind));
        }
        let turn = match b[45] {
            0 => Side::Red,
            1 => Side::Green,
            _ => return Err(bad("turn")),
        };
        let point = |v: u8| Square::from_index(usize::from(v)).ok_or_else(|| bad("pending"));
        let mut pending = [None; 2];
        for (k, slot) in pending.iter_mut().enumerate() {
            let (s, o) = (b[60 + 2 * k], b[61 + 2 * k]);
            *slot = match (s, o) {
                (255, 255) => None,
                _ => Some(PendingReturn {
                    striker: point(s)?,
                    origin: point(o)?,
                }),
            };
        }
        let u16_at = |i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
        let best_move = match u16_at(70) {
            u16::MAX => None,
            i => Some(Move::from_index(i).ok_or_else(|| bad("best_move"))?),
        };
        Ok(Record {
            board,
            turn,
            pending,
            plies_since_capture: u16_at(68),
            score: i16::from_le_bytes([b[64], b[65]]),
            result: b[58] as i8,
            flags: b[59],
            ply: u16_at(66),
            best_move,
            game: u32::from_le_bytes([b[72], b[73], b[74], b[75]]),
        })
    }
}

/// The 32-byte header of version 1.
fn header() -> [u8; HEADER_SIZE] {
    let mut h = [0u8; HEADER_SIZE];
    h[..8].copy_from_slice(&MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10..12].copy_from_slice(&(HEADER_SIZE as u16).to_le_bytes());
    h[12..14].copy_from_slice(&(RECORD_SIZE as u16).to_le_bytes());
    h
}

/// Writes a dataset: the header at once, then one record per [`DatasetWriter::write`].
#[derive(Debug)]
pub struct DatasetWriter<W: Write> {
    out: W,
    written: u64,
}

impl<W: Write> DatasetWriter<W> {
    /// Start a dataset on `out` (writes the header).
    ///
    /// # Errors
    ///
    /// [`DatasetError::Io`].
    pub fn new(mut out: W) -> Result<DatasetWriter<W>, DatasetError> {
        out.write_all(&header())?;
        Ok(DatasetWriter { out, written: 0 })
    }

    /// Append a record.
    ///
    /// # Errors
    ///
    /// [`DatasetError::Io`].
    pub fn write(&mut self, record: &Record) -> Result<(), DatasetError> {
        self.out.write_all(&record.encode())?;
        self.written += 1;
        Ok(())
    }

    /// Records written so far.
    #[must_use]
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Flush and give back the output.
    ///
    /// # Errors
    ///
    /// [`DatasetError::Io`].
    pub fn finish(mut self) -> Result<W, DatasetError> {
        self.out.flush()?;
        Ok(self.out)
    }
}

/// Reads a dataset record by record (an iterator of results).
#[derive(Debug)]
pub struct DatasetReader<R: Read> {
    input: R,
    read: u64,
    done: bool,
}

impl<R: Read> DatasetReader<R> {
    /// Read and check the header.
    ///
    /// # Errors
    ///
    /// [`DatasetError::BadMagic`], [`DatasetError::Unsupported`], [`DatasetError::Io`].
    pub fn new(mut input: R) -> Result<DatasetReader<R>, DatasetError> {
        let mut h = [0u8; HEADER_SIZE];
        input.read_exact(&mut h).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => DatasetError::BadMagic,
            _ => DatasetError::Io(e),
        })?;
        if h[..8] != MAGIC {
            return Err(DatasetError::BadMagic);
        }
        let field = |i: usize| u16::from_le_bytes([h[i], h[i + 1]]);
        let (version, header, record) = (field(8), field(10), field(12));
        if version != VERSION
            || usize::from(header) != HEADER_SIZE
            || usize::from(record) != RECORD_SIZE
        {
            return Err(DatasetError::Unsupported {
                version,
                header,
                record,
            });
        }
        Ok(DatasetReader {
            input,
            read: 0,
            done: false,
        })
    }

    /// The next record, `Ok(None)` at the end.
    ///
    /// # Errors
    ///
    /// [`DatasetError::Truncated`] when the input ends inside a record, [`DatasetError::Io`],
    /// [`DatasetError::BadRecord`].
    pub fn next_record(&mut self) -> Result<Option<Record>, DatasetError> {
        let mut b = [0u8; RECORD_SIZE];
        let mut filled = 0;
        while filled < RECORD_SIZE {
            match self.input.read(&mut b[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        match filled {
            0 => Ok(None),
            RECORD_SIZE => {
                let r = Record::decode(&b, self.read)?;
                self.read += 1;
                Ok(Some(r))
            }
            _ => Err(DatasetError::Truncated(self.read)),
        }
    }
}

impl<R: Read> Iterator for DatasetReader<R> {
    type Item = Result<Record, DatasetError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let r = self.next_record().transpose();
        if !matches!(r, Some(Ok(_))) {
            self.done = true;
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_is_an_error_never_a_panic() {
        assert!(matches!(
            DatasetReader::new(&b"nope"[..]),
            Err(DatasetError::BadMagic)
        ));
        let mut file = header().to_vec();
        file.extend_from_slice(&[0xff; RECORD_SIZE]);
        file.extend_from_slice(&[0; 7]);
        let mut r = DatasetReader::new(file.as_slice()).unwrap();
        // 0xf nibbles are no piece code.
        assert!(matches!(
            r.next(),
            Some(Err(DatasetError::BadRecord { field: "kinds", .. }))
        ));
        assert!(r.next().is_none());
        let mut file = header().to_vec();
        file.extend_from_slice(&[0; 7]);
        let mut r = DatasetReader::new(file.as_slice()).unwrap();
        assert!(matches!(r.next(), Some(Err(DatasetError::Truncated(0)))));
        let mut other = header();
        other[8] = 2;
        assert!(matches!(
            DatasetReader::new(&other[..]),
            Err(DatasetError::Unsupported { version: 2, .. })
        ));
    }
}
