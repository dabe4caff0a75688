//! Zobrist keys: one per (piece, point) and one for Blue to move, built at compile time.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[u64; 60]; 24], u64) {
    let mut t = [[0u64; 60]; 24];
    let mut state = 0x6c75_7a68_616e_7169; // "luzhanqi"
    let mut p = 0;
    while p < 24 {
        let mut s = 0;
        while s < 60 {
            let (ns, v) = splitmix(state);
            state = ns;
            t[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let (_, turn) = splitmix(state);
    (t, turn)
}

const TABLES: ([[u64; 60]; 24], u64) = build();

/// Key of piece index `p` (side * 12 + kind) on point `s`.
pub(crate) const PIECE_KEYS: [[u64; 60]; 24] = TABLES.0;
/// Key toggled when Blue is to move.
pub(crate) const BLUE_TO_MOVE: u64 = TABLES.1;
