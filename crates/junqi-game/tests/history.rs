//! `History` against a scan of its keys, with a small game of chance: a token walks a ring of
//! 7 cells; a seat steps 1 or 2, and a step of 2 needs a coin (0 or 1) added to it.

use std::fmt;
use std::str::FromStr;

use junqi_game::{GameState, History, Outcome, Seat};

#[derive(Clone, Debug, PartialEq, Eq)]
struct Ring {
    cell: u8,
    turn: usize,
}

impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.cell, self.turn)
    }
}

impl FromStr for Ring {
    type Err = String;
    fn from_str(s: &str) -> Result<Ring, String> {
        let (c, t) = s.split_once('/').ok_or_else(|| junqi_game::clip(s, 40))?;
        Ok(Ring {
            cell: c.parse().map_err(|_| c.to_owned())?,
            turn: t.parse().map_err(|_| t.to_owned())?,
        })
    }
}

impl GameState for Ring {
    const SEATS: usize = 2;
    const ACTIONS: usize = 2;
    type Action = u8;
    type ActionList = Vec<u8>;
    type Chance = u8;
    type WinReason = ();
    type DrawReason = &'static str;
    type InfoState = Ring;

    fn to_move(&self) -> Seat {
        Seat::new(self.turn, 2).unwrap()
    }
    fn legal_actions(&self) -> Vec<u8> {
        vec![1, 2]
    }
    fn action_index(a: u8) -> usize {
        usize::from(a) - 1
    }
    fn action_from_index(i: usize) -> Option<u8> {
        (i < 2).then(|| i as u8 + 1)
    }
    fn chance_outcomes(&self, a: u8) -> Vec<(u8, f64)> {
        if a == 2 {
            vec![(0, 0.5), (1, 0.5)]
        } else {
            Vec::new()
        }
    }
    fn apply(&mut self, a: u8, chance: Option<u8>) {
        self.cell = (self.cell + a + chance.unwrap_or(0)) % 7;
        self.turn ^= 1;
    }
    fn outcome_with_occurrences(&self, n: usize) -> Option<Outcome<(), &'static str>> {
        (n >= 3).then_some(Outcome::Draw {
            reason: "repetition",
        })
    }
    fn key(&self) -> u64 {
        u64::from(self.cell) * 2 + self.turn as u64
    }
    fn information_state(&self, _: Seat) -> Ring {
        self.clone()
    }
}

fn step(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn random_ply(h: &History<Ring>, rng: &mut u64) -> (u8, Option<u8>) {
    let actions = h.position().legal_actions();
    let a = actions[(step(rng) % 2) as usize];
    let outcomes = h.position().chance_outcomes(a);
    let c = (!outcomes.is_empty()).then(|| outcomes[(step(rng) % 2) as usize].0);
    (a, c)
}

// The counts in the map equal a scan of the keys after every push and every pop, across
// several snapshot intervals; popping gives back exactly the positions played.
#[test]
fn occurrences_match_a_scan_and_pop_restores_every_position() {
    let mut h = History::new(Ring { cell: 0, turn: 0 });
    let mut positions = vec![h.position().clone()];
    let mut plies = Vec::new();
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..1000 {
        let (a, c) = random_ply(&h, &mut rng);
        h.push(a, c);
        plies.push((a, c));
        positions.push(h.position().clone());
        let now = h.position().key();
        assert_eq!(
            h.occurrences(),
            h.keys().iter().filter(|&&k| k == now).count()
        );
    }
    assert_eq!(h.len(), 1000);
    assert_eq!(h.keys().len(), 1001);
    while let Some(ply) = h.pop() {
        assert_eq!(ply, plies[h.len()]);
        assert_eq!(h.position(), &positions[h.len()]);
        let now = h.position().key();
        assert_eq!(
            h.occurrences(),
            h.keys().iter().filter(|&&k| k == now).count()
        );
    }
    assert!(h.is_empty());
    assert_eq!(h.keys(), &[0]);
    assert_eq!(h.occurrences(), 1);
}

// The outcome sees the occurrences: with 14 states, a long game repeats, and the third
// occurrence is the game's draw.
#[test]
fn outcome_counts_occurrences() {
    let mut h = History::new(Ring { cell: 0, turn: 0 });
    assert_eq!(h.outcome(), None);
    let mut rng = 7_u64;
    while h.outcome().is_none() {
        let (a, c) = random_ply(&h, &mut rng);
        h.push(a, c);
    }
    assert_eq!(h.occurrences(), 3);
    assert_eq!(
        h.outcome(),
        Some(Outcome::Draw {
            reason: "repetition"
        })
    );
}

#[test]
fn text_forms_round_trip() {
    let r = Ring { cell: 5, turn: 1 };
    assert_eq!(r.to_string().parse::<Ring>().unwrap(), r);
    assert!("x".parse::<Ring>().is_err());
}

// A ply recorded with the position the caller computed is the same as one the history plays.
#[test]
fn push_position_agrees_with_push() {
    let mut played = History::new(Ring { cell: 0, turn: 0 });
    let mut given = played.clone();
    let mut rng = 99_u64;
    for _ in 0..600 {
        let (a, c) = random_ply(&played, &mut rng);
        played.push(a, c);
        let mut next = given.position().clone();
        next.apply(a, c);
        given.push_position(a, c, next);
        assert_eq!(given.position(), played.position());
        assert_eq!(given.occurrences(), played.occurrences());
    }
    assert_eq!(given.keys(), played.keys());
    // Popping across the snapshots replays to the same positions.
    while let Some(ply) = given.pop() {
        assert_eq!(played.pop(), Some(ply));
        assert_eq!(given.position(), played.position());
    }
}
