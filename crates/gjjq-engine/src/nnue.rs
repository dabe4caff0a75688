//! The learned evaluation: a small NNUE-style network trained on `gjjq datagen` self-play
//! data (`training/train.py`, `docs/engine.md` "Learned evaluation"), run with integer
//! arithmetic.
//!
//! **Features**, one set per perspective (Red's and Green's): for every piece on the board,
//! `(own or enemy, kind, point)` with the point in the perspective's own frame (Green's frame is
//! the board turned half round: point `i` is `89 − i`), `2 × 8 × 90 = 1440` features; and two
//! flags, "this side owes a return" and "the other side owes a return" (R-19). At most 34 are
//! on at once.
//!
//! **Network**: each perspective's features are summed into an accumulator of [`HIDDEN`]
//! 16-bit values (a weight column per feature, plus a bias); the side to move's accumulator
//! and the other's are put side by side, clipped to `0..=QA` (ClippedReLU) and dotted with the
//! output weights; the sum times the file's scale over `QA·QB` is the evaluation in
//! centi-units, from the side to move's view.
//!
//! ```
//! use gjjq_core::Position;
//! use gjjq_engine::nnue::Network;
//! let net = Network::builtin().expect("the built-in weights load");
//! let v = net.evaluate(&Position::default());
//! assert!(v.abs() < 300, "the opening is about level: {v}");
//! ```

use std::sync::OnceLock;

use gjjq_core::{Bitboard, PieceKind, Position, Side, Square};

/// The weight file's first 8 bytes.
pub const MAGIC: &[u8; 8] = b"GJJQNNUE";
/// The weight file format's version this module reads.
pub const VERSION: u16 = 1;
/// The weight file's header size in bytes.
pub const HEADER_SIZE: usize = 32;
/// Features per perspective: 1440 piece features and two pending-return flags (R-19).
pub const FEATURES: usize = PIECE_FEATURES + 2;
/// The width of one perspective's accumulator.
pub const HIDDEN: usize = 128;

const POINTS: usize = Square::COUNT;
const KINDS: usize = 8;
const PIECE_FEATURES: usize = 2 * KINDS * POINTS;
const OWN_PENDING: usize = PIECE_FEATURES;
const ENEMY_PENDING: usize = PIECE_FEATURES + 1;

/// The weights built into the engine (`training/pipeline.sh` writes them); left out without
/// the feature `builtin-nnue`.
#[cfg(feature = "builtin-nnue")]
static BUILTIN_BYTES: &[u8] = include_bytes!("nnue-weights.nnue");

/// What is wrong with a weight file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NnueError {
    /// The file is shorter than its header.
    #[error("weight file too short: {0} bytes, the header alone is 32")]
    TooShort(usize),
    /// The library was built without the feature `builtin-nnue`, so it holds no weights.
    #[error("no built-in weights: gjjq-engine was built without the feature builtin-nnue")]
    NotBuiltIn,
    /// The file does not start with [`MAGIC`].
    #[error("not a gjjq weight file (no GJJQNNUE header)")]
    BadMagic,
    /// A version or header size this module does not read.
    #[error("unsupported weight file: version {version}, header {header} bytes")]
    Unsupported {
        /// The header's version.
        version: u16,
        /// The header's header size.
        header: u16,
    },
    /// The network's shape is not this module's.
    #[error(
        "weight file shape {features} features x {hidden} hidden, expected {FEATURES} x {HIDDEN}"
    )]
    Shape {
        /// Features per perspective in the file.
        features: u16,
        /// Accumulator width in the file.
        hidden: u16,
    },
    /// A quantisation constant is zero or out of range.
    #[error("weight file header: bad {0}")]
    BadConstant(&'static str),
    /// The payload's length is not what the header and shape say.
    #[error("weight file payload: {found} bytes at offset 32, expected {expected}")]
    Length {
        /// Bytes the shape needs.
        expected: usize,
        /// Bytes the file has after the header.
        found: usize,
    },
    /// The payload's checksum (FNV-1a, 32 bits) is not the header's.
    #[error("weight file checksum {found:#010x}, header says {expected:#010x}")]
    Checksum {
        /// The header's checksum.
        expected: u32,
        /// The payload's.
        found: u32,
    },
}

/// A loaded network (see the module's documentation).
#[derive(Clone)]
pub struct Network {
    qa: i32,
    qb: i32,
    scale: i32,
    /// Feature-major: the column of feature `f` is `w1[f*HIDDEN..(f+1)*HIDDEN]`.
    w1: Vec<i16>,
    b1: [i16; HIDDEN],
    /// The side to move's half first, then the other's.
    w2: [i16; 2 * HIDDEN],
    b2: i32,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("features", &FEATURES)
            .field("hidden", &HIDDEN)
            .field("qa", &self.qa)
            .field("qb", &self.qb)
            .field("scale", &self.scale)
            .finish_non_exhaustive()
    }
}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5_u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// One perspective's accumulator pair: `[Red's, Green's]`, each [`HIDDEN`] wide.
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_engine::nnue::Network;
/// let net = Network::builtin().unwrap();
/// let pos = Position::default();
/// let acc = net.refresh(&pos);
/// assert_eq!(net.output(&acc, pos.turn()), net.evaluate(&pos));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Accumulator {
    v: [[i16; HIDDEN]; 2],
}

impl std::fmt::Debug for Accumulator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Accumulator")
            .field("red", &&self.v[0][..])
            .field("green", &&self.v[1][..])
            .finish()
    }
}

/// The feature of `side`'s `kind` on `sq`, seen from `persp`.
#[inline]
fn piece_feature(persp: Side, side: Side, kind: PieceKind, sq: Square) -> usize {
    let rel = usize::from(side != persp);
    let pt = match persp {
        Side::Red => sq.index(),
        Side::Green => POINTS - 1 - sq.index(),
    };
    rel * KINDS * POINTS + kind.index() * POINTS + pt
}

impl Network {
    /// Reads a weight file (format in `docs/engine.md`, "Learned evaluation").
    ///
    /// # Errors
    ///
    /// [`NnueError`]: the header's magic, version, shape or constants, the payload's length or
    /// checksum.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_engine::nnue::{Network, NnueError};
    /// assert_eq!(Network::from_bytes(b"GJJQ").unwrap_err(), NnueError::TooShort(4));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NnueError> {
        if bytes.len() < HEADER_SIZE {
            return Err(NnueError::TooShort(bytes.len()));
        }
        if &bytes[..8] != MAGIC {
            return Err(NnueError::BadMagic);
        }
        let version = u16_at(bytes, 8);
        let header = u16_at(bytes, 10);
        if version != VERSION || usize::from(header) != HEADER_SIZE {
            return Err(NnueError::Unsupported { version, header });
        }
        let features = u16_at(bytes, 12);
        let hidden = u16_at(bytes, 14);
        if usize::from(features) != FEATURES || usize::from(hidden) != HIDDEN {
            return Err(NnueError::Shape { features, hidden });
        }
        let (qa, qb, scale) = (u16_at(bytes, 16), u16_at(bytes, 18), u16_at(bytes, 20));
        if qa == 0 || qa > 1024 {
            return Err(NnueError::BadConstant("QA"));
        }
        if qb == 0 || qb > 8192 {
            return Err(NnueError::BadConstant("QB"));
        }
        if scale == 0 {
            return Err(NnueError::BadConstant("scale"));
        }
        let expected = 2 * (FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
        let payload = &bytes[HEADER_SIZE..];
        let declared = u32_at(bytes, 24) as usize;
        if payload.len() != expected || declared != expected {
            return Err(NnueError::Length {
                expected,
                found: payload.len(),
            });
        }
        let sum = fnv1a(payload);
        let expected_sum = u32_at(bytes, 28);
        if sum != expected_sum {
            return Err(NnueError::Checksum {
                expected: expected_sum,
                found: sum,
            });
        }
        let mut words = payload
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let w1: Vec<i16> = words.by_ref().take(FEATURES * HIDDEN).collect();
        let mut b1 = [0i16; HIDDEN];
        b1.iter_mut().zip(words.by_ref()).for_each(|(d, w)| *d = w);
        let mut w2 = [0i16; 2 * HIDDEN];
        w2.iter_mut().zip(words.by_ref()).for_each(|(d, w)| *d = w);
        let tail = &payload[payload.len() - 4..];
        let b2 = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        // The trainer keeps |w1| and |b1| small enough that 34 features and the bias never
        // overflow an i16 sum; a file that breaks that bound is refused rather than wrapped.
        let bound = 32767 / (34 + 1);
        if w1
            .iter()
            .chain(b1.iter())
            .any(|w| i32::from(*w).abs() > bound)
        {
            return Err(NnueError::BadConstant(
                "first-layer weight beyond the i16 bound",
            ));
        }
        // The output sum (2·HIDDEN terms of at most QA·8192) stays within i32.
        if w2.iter().any(|w| i32::from(*w).abs() > 8192) {
            return Err(NnueError::BadConstant("output weight beyond 8192"));
        }
        Ok(Network {
            qa: i32::from(qa),
            qb: i32::from(qb),
            scale: i32::from(scale),
            w1,
            b1,
            w2,
            b2,
        })
    }

    /// The network built into the engine, loaded once.
    ///
    /// # Errors
    ///
    /// The built-in file's [`NnueError`] (a test checks it loads), or
    /// [`NnueError::NotBuiltIn`] without the feature `builtin-nnue`.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "builtin-nnue")]
    /// assert!(gjjq_engine::nnue::Network::builtin().is_ok());
    /// ```
    pub fn builtin() -> Result<&'static Network, &'static NnueError> {
        static NET: OnceLock<Result<Network, NnueError>> = OnceLock::new();
        #[cfg(feature = "builtin-nnue")]
        let net = NET.get_or_init(|| Network::from_bytes(BUILTIN_BYTES));
        #[cfg(not(feature = "builtin-nnue"))]
        let net = NET.get_or_init(|| Err(NnueError::NotBuiltIn));
        net.as_ref()
    }

    #[inline]
    fn column(&self, f: usize) -> &[i16] {
        &self.w1[f * HIDDEN..(f + 1) * HIDDEN]
    }

    #[inline]
    fn add(&self, acc: &mut [i16; HIDDEN], f: usize) {
        for (a, w) in acc.iter_mut().zip(self.column(f)) {
            *a += *w;
        }
    }

    #[inline]
    fn sub(&self, acc: &mut [i16; HIDDEN], f: usize) {
        for (a, w) in acc.iter_mut().zip(self.column(f)) {
            *a -= *w;
        }
    }

    /// Both perspectives' accumulators of `pos`, computed from scratch.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::Position;
    /// use gjjq_engine::nnue::Network;
    /// let net = Network::builtin().unwrap();
    /// let pos = Position::default();
    /// assert_eq!(net.refresh(&pos), net.refresh(&pos.clone()));
    /// ```
    #[must_use]
    pub fn refresh(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            v: [self.b1, self.b1],
        };
        for side in [Side::Red, Side::Green] {
            for kind in PieceKind::ALL {
                for sq in pos.pieces(side, kind) {
                    for persp in [Side::Red, Side::Green] {
                        self.add(
                            &mut acc.v[persp.index()],
                            piece_feature(persp, side, kind, sq),
                        );
                    }
                }
            }
        }
        for persp in [Side::Red, Side::Green] {
            if pos.pending_return(persp).is_some() {
                self.add(&mut acc.v[persp.index()], OWN_PENDING);
            }
            if pos.pending_return(persp.other()).is_some() {
                self.add(&mut acc.v[persp.index()], ENEMY_PENDING);
            }
        }
        acc
    }

    /// Brings `acc`, the accumulators of `before`, to those of `after`: only the points whose
    /// piece changed (the mover, a capture, a return R-19, removed pieces) and the pending
    /// flags are updated, found by comparing the two positions' piece sets, so it needs to know
    /// nothing of the move. Equal to [`Network::refresh`] of `after` (tested over random
    /// games).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::Position;
    /// use gjjq_engine::nnue::Network;
    /// let net = Network::builtin().unwrap();
    /// let before = Position::default();
    /// let m = before.legal_moves()[0];
    /// let after = before.clone().play(m).unwrap();
    /// let mut acc = net.refresh(&before);
    /// net.update(&mut acc, &before, &after);
    /// assert_eq!(acc, net.refresh(&after));
    /// ```
    pub fn update(&self, acc: &mut Accumulator, before: &Position, after: &Position) {
        for side in [Side::Red, Side::Green] {
            for kind in PieceKind::ALL {
                let was = before.pieces(side, kind);
                let now = after.pieces(side, kind);
                if was == now {
                    continue;
                }
                for sq in was & !now {
                    for persp in [Side::Red, Side::Green] {
                        self.sub(
                            &mut acc.v[persp.index()],
                            piece_feature(persp, side, kind, sq),
                        );
                    }
                }
                for sq in now & !was {
                    for persp in [Side::Red, Side::Green] {
                        self.add(
                            &mut acc.v[persp.index()],
                            piece_feature(persp, side, kind, sq),
                        );
                    }
                }
            }
        }
        for owner in [Side::Red, Side::Green] {
            let was = before.pending_return(owner).is_some();
            let now = after.pending_return(owner).is_some();
            if was == now {
                continue;
            }
            for persp in [Side::Red, Side::Green] {
                let f = if persp == owner {
                    OWN_PENDING
                } else {
                    ENEMY_PENDING
                };
                if now {
                    self.add(&mut acc.v[persp.index()], f);
                } else {
                    self.sub(&mut acc.v[persp.index()], f);
                }
            }
        }
    }

    /// The evaluation from accumulators, in centi-units, from `stm`'s (the side to move's)
    /// view.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Position, Side};
    /// use gjjq_engine::nnue::Network;
    /// let net = Network::builtin().unwrap();
    /// let acc = net.refresh(&Position::default());
    /// let _red_view: i32 = net.output(&acc, Side::Red);
    /// ```
    #[must_use]
    pub fn output(&self, acc: &Accumulator, stm: Side) -> i32 {
        let qa = self.qa as i16;
        let halves = [&acc.v[stm.index()], &acc.v[stm.other().index()]];
        let mut sum: i32 = 0;
        for (half, w) in halves.iter().zip(self.w2.chunks_exact(HIDDEN)) {
            for (a, w) in half.iter().zip(w) {
                sum += i32::from((*a).clamp(0, qa)) * i32::from(*w);
            }
        }
        let total = i64::from(sum) + i64::from(self.b2);
        let v = (total * i64::from(self.scale)).div_euclid(i64::from(self.qa * self.qb));
        v.clamp(-20_000, 20_000) as i32
    }

    /// The evaluation of `pos` in centi-units from the side to move's view (a full refresh and
    /// [`Network::output`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::Position;
    /// use gjjq_engine::nnue::Network;
    /// let net = Network::builtin().unwrap();
    /// let pos = Position::default();
    /// assert_eq!(net.evaluate(&pos), net.output(&net.refresh(&pos), pos.turn()));
    /// ```
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.refresh(pos), pos.turn())
    }

    /// The features of `pos` seen from `persp`, as indices below [`FEATURES`], for tools and
    /// tests (the trainer computes the same from a dataset record).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Position, Side};
    /// use gjjq_engine::nnue::Network;
    /// // 16 pieces a side in the default opening (R-27), no return owed.
    /// assert_eq!(Network::features(&Position::default(), Side::Green).len(), 32);
    /// ```
    #[must_use]
    pub fn features(pos: &Position, persp: Side) -> Vec<usize> {
        let mut out = Vec::with_capacity(34);
        for side in [Side::Red, Side::Green] {
            for kind in PieceKind::ALL {
                let bb: Bitboard = pos.pieces(side, kind);
                out.extend(bb.iter().map(|sq| piece_feature(persp, side, kind, sq)));
            }
        }
        if pos.pending_return(persp).is_some() {
            out.push(OWN_PENDING);
        }
        if pos.pending_return(persp.other()).is_some() {
            out.push(ENEMY_PENDING);
        }
        out.sort_unstable();
        out
    }
}
