//! Zobrist keys of positions: what the shared game model's repetition and transposition
//! tables ask for. The key covers L-56's repetition identity (placement, seat to move, seats
//! in play, passes used), nothing else.

use std::sync::LazyLock;

use crate::board::POINT_COUNT;
use crate::board::Point;
use crate::position::Position;
use crate::seat::Seat;

struct Keys {
    pieces: Vec<u64>,
    turn: [u64; 4],
    out: [u64; 4],
    passes: [[u64; 10]; 4],
}

/// SplitMix64: a fixed, documented sequence, so keys are the same in every build.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut s = 0x5167_756f_u64; // "Siguo"
    let pieces = (0..POINT_COUNT * 4 * 12)
        .map(|_| splitmix(&mut s))
        .collect();
    let turn = std::array::from_fn(|_| splitmix(&mut s));
    let out = std::array::from_fn(|_| splitmix(&mut s));
    let passes = std::array::from_fn(|_| std::array::from_fn(|_| splitmix(&mut s)));
    Keys {
        pieces,
        turn,
        out,
        passes,
    }
});

impl Position {
    /// The position's Zobrist key (placement, seat to move, seats in play, passes used),
    /// computed from scratch.
    ///
    /// ```
    /// let a = siguo::Position::default();
    /// let mut b = a.clone();
    /// b.play(b.find_action("g6g7")?)?;
    /// assert_ne!(a.zobrist(), b.zobrist());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        let k = &*KEYS;
        let mut h = k.turn[self.turn().index()];
        for p in Point::all() {
            if let Some(pc) = self.piece_at(p) {
                h ^= k.pieces[(p.index() * 4 + pc.seat.index()) * 12 + pc.kind.index()];
            }
        }
        for s in Seat::ALL {
            if !self.in_play(s) {
                h ^= k.out[s.index()];
            }
            h ^= k.passes[s.index()][usize::from(self.passes_used(s)).min(9)];
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use crate::{Position, Rules};

    #[test]
    fn key_follows_the_repetition_identity() {
        let a = Position::default();
        // The same placement reached again has the same key; counters do not count.
        let mut b = a.clone();
        for m in [
            "g6g7", "l7k7", "k12k11", "f11g11", "g7g6", "k7l7", "k11k12", "g11f11",
        ] {
            b.play(b.find_action(m).unwrap()).unwrap();
        }
        assert_eq!(b.repetition_key(), a.repetition_key());
        assert_eq!(b.zobrist(), a.zobrist());
        assert_ne!(b.to_string(), a.to_string());
        // Passes used are part of it.
        let r = Rules::from_json(r#"{"pass_limit":2}"#).unwrap();
        let p = Position::from_text(
            &format!("{} 0 1 0000", a.to_string().rsplitn(3, ' ').nth(2).unwrap()),
            r,
        )
        .unwrap();
        let mut q = p.clone();
        q.play(crate::Action::Pass).unwrap();
        assert_ne!(p.zobrist(), q.zobrist());
    }
}
