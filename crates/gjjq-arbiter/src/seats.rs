//! The match's two seats (any game of two: 国际军棋's Red and Green, 陸戰棋's Red and Blue,
//! flip play's first and second player), as the match loop, the report and the processes
//! speak of them: [`junqi_game::Seat`]s of two, each game converting its own sides at its edge.

use junqi_game::Seat;

/// The match's two seats: seat 0 (the game file's `Red`, `wtime`) and seat 1 (`Green`,
/// `btime`).
pub(crate) const SEATS: [Seat; 2] = Seat::table::<2>();

/// The other seat of a match's two.
pub(crate) fn opponent(seat: Seat) -> Seat {
    SEATS[(seat.index() + 1) % 2]
}

/// The match's own word for a seat, in details: `red` for seat 0, `green` for seat 1.
pub(crate) fn seat_word(seat: Seat) -> &'static str {
    ["red", "green"][seat.index() % 2]
}

/// The engine (0 or 1) that plays `seat` when engine `red` plays seat 0.
pub(crate) fn engine_of(red: usize, seat: Seat) -> usize {
    if seat.index() == 0 { red } else { 1 - red }
}
