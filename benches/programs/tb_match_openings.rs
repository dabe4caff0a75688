//! Openings for a match from tablebase endings (issue 23: the engine with tables against the
//! engine without): position strings, one a line, for `gjjq match --openings FILE`.
//!
//! ```text
//! cargo run --release -p gjjq-bench --bin tb_match_openings -- DIR COUNT SEED [MIN] > openings.txt
//! ```
//!
//! Half the lines are positions already in the tables (`DIR`, every ending of two units) that
//! the side to move wins in at least `MIN` plies (13 if not given); the other half have one
//! more unit, a piece that the side to move can take at once (not the king), entering a
//! two-unit ending the tables give it as won in at least `MIN − 2` plies.
//! Each is a random placement the core accepts, drawn from `SEED`; a comment line before each
//! position names its ending and the tables' value.

use std::path::PathBuf;

use gjjq_core::{Position, Setup, Side};
use gjjq_tablebase::{Ending, Tablebase, Value};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Piece letters besides the king (Red's; Green's are lower case).
const KINDS: [char; 7] = ['G', 'M', 'F', 'P', 'A', 'D', 'I'];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (dir, count, seed, min): (_, _, _, u16) = match args.as_slice() {
        [dir, count, seed] => (dir, count, seed, 13),
        [dir, count, seed, min] => (dir, count, seed, min.parse()?),
        _ => return Err("usage: tb_match_openings DIR COUNT SEED [MIN]".into()),
    };
    let tb = Tablebase::open(&PathBuf::from(dir))?;
    let count: usize = count.parse()?;
    let mut rng = StdRng::seed_from_u64(seed.parse()?);
    let endings: Vec<Ending> = tb
        .endings()
        .into_iter()
        .filter(|e| e.units() == 2)
        .collect();
    if endings.is_empty() {
        return Err(format!("{dir}: no two-unit tables").into());
    }
    let mut made = 0;
    let mut tries = 0u64;
    while made < count {
        tries += 1;
        if tries > 5_000_000 {
            return Err(format!("only {made} openings after {tries} placements").into());
        }
        let entering = made % 2 == 1;
        let ending = endings[rng.random_range(0..endings.len())];
        let mut pieces = pieces_of(&ending);
        if entering {
            let side_green = rng.random_bool(0.5);
            let k = KINDS[rng.random_range(0..KINDS.len())];
            pieces.push(if side_green {
                k.to_ascii_lowercase()
            } else {
                k
            });
        }
        let turn = if rng.random_bool(0.5) { 'r' } else { 'g' };
        let Some(pos) = place(&pieces, turn, &mut rng) else {
            continue;
        };
        if pos.outcome().is_some()
            || pos.pending_return(Side::Red).is_some()
            || pos.pending_return(Side::Green).is_some()
        {
            continue;
        }
        let note = if entering {
            match entry(&tb, &pos, min.saturating_sub(2)) {
                Some(v) => format!("# {}, a capture enters a {v}", Ending::of(&pos)),
                None => continue,
            }
        } else {
            match tb.probe_dtm(&pos) {
                Ok(Value::Win(n)) if n >= min => format!("# {ending}, win {n}"),
                _ => continue,
            }
        };
        println!("{note}");
        println!("{pos}");
        made += 1;
    }
    Ok(())
}

/// The tables' value after the side to move's best capture into them, if one wins in at
/// least `min` plies and the side to move cannot take the king at once (R-21).
fn entry(tb: &Tablebase, pos: &Position, min: u16) -> Option<Value> {
    let king = pos.king(pos.turn().other())?;
    let moves = pos.legal_moves();
    if moves.iter().any(|m| m.to() == king) {
        return None;
    }
    moves
        .into_iter()
        .filter(|m| pos.piece_at(m.to()).is_some_and(|p| p.side != pos.turn()))
        .filter_map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            tb.probe_dtm(&child).ok().map(Value::parent)
        })
        .filter(|v| matches!(v, Value::Win(n) if *n >= min))
        .max()
}

/// The piece letters of an ending, kings included (Red upper case).
fn pieces_of(ending: &Ending) -> Vec<char> {
    let name = ending.to_string();
    let (red, green) = name.split_once('v').unwrap_or((&name, "K"));
    let mut out = vec!['K', 'k'];
    out.extend(red.chars().filter(|&c| c != 'K'));
    out.extend(
        green
            .chars()
            .filter(|&c| c != 'K')
            .map(|c| c.to_ascii_lowercase()),
    );
    out
}

/// A random placement of `pieces` with `turn` to move, if the core accepts it.
fn place(pieces: &[char], turn: char, rng: &mut StdRng) -> Option<Position> {
    let mut board = [[None::<char>; 9]; 10];
    for &p in pieces {
        // Kings and guards in their palace (R-9, R-10), the rest anywhere (the core refuses
        // what the rules do not allow).
        let (r, c) = match p {
            'K' | 'G' => (rng.random_range(7..10), rng.random_range(3..6)),
            'k' | 'g' => (rng.random_range(0..3), rng.random_range(3..6)),
            _ => (rng.random_range(0..10), rng.random_range(0..9)),
        };
        if board[r][c].is_some() {
            return None;
        }
        board[r][c] = Some(p);
    }
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    Some(p) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(*p);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let setup: Setup = format!("{} {turn} -", rows.join("/")).parse().ok()?;
    Position::from_setup(setup).ok()
}
