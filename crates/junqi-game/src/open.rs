//! The `GameState` of a two-seat game of perfect information without chance.

/// Implements [`GameState`](crate::GameState) for the position of a two-seat game of perfect
/// information without chance whose actions are its moves (国际军棋's and 陸戰棋's open
/// games): the position is its own information state, and the trait reads the position's
/// own methods, which the type must have:
///
/// | trait | the position's own |
/// | --- | --- |
/// | `to_move` | `turn().seat()` (a side with [`seats!`](crate::seats)) |
/// | `legal_actions` | `legal_moves()` |
/// | `is_legal` | `is_legal(m)` |
/// | `apply` | `play_unchecked(m)` |
/// | `key` | `zobrist_hash()` |
/// | `outcome_with_occurrences` | the function given as `outcome`, `(&Self, usize) -> Option<O>` with `O: Into<Outcome<W, D>>` |
///
/// The dense action index is the two functions given as `index` (`fn(M) -> usize`) and
/// `from_index` (`fn(usize) -> Option<M>`); the attributes before `impl` (its doc) go on the
/// impl. The one writing of this impl for every open two-seat game.
///
/// # Examples
///
/// A line of 2 points, a token stepping to the other point: the second seat to move has no
/// move and loses.
///
/// ```
/// use junqi_game::{GameState, History, Outcome, Seat};
/// #[derive(Debug, Clone, Copy, PartialEq)]
/// pub enum Side { A, B }
/// impl Side {
///     pub const ALL: [Side; 2] = [Side::A, Side::B];
///     pub const fn index(self) -> usize { self as usize }
/// }
/// junqi_game::seats! {
///     /// The side's seat.
///     Side of 2
/// }
/// #[derive(Debug, Clone, PartialEq)]
/// pub struct Line { at: u8, turn: Side }
/// impl std::fmt::Display for Line {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.at) }
/// }
/// impl std::str::FromStr for Line {
///     type Err = std::num::ParseIntError;
///     fn from_str(s: &str) -> Result<Line, Self::Err> { Ok(Line { at: s.parse()?, turn: Side::A }) }
/// }
/// impl Line {
///     fn turn(&self) -> Side { self.turn }
///     fn legal_moves(&self) -> Vec<u8> { if self.at == 0 { vec![1] } else { vec![] } }
///     fn is_legal(&self, m: u8) -> bool { self.legal_moves().contains(&m) }
///     fn play_unchecked(&mut self, m: u8) { self.at = m; self.turn = Side::B; }
///     fn zobrist_hash(&self) -> u64 { u64::from(self.at) }
///     fn verdict(&self, _: usize) -> Option<Outcome<&'static str, ()>> {
///         (self.at == 1).then(|| Outcome::Decisive { winner: Side::A.seat().alliance(), reason: "stuck" })
///     }
/// }
/// junqi_game::open_game_state! {
///     /// A step along the line.
///     impl GameState for Line {
///         actions: 2, action: u8, list: Vec<u8>, win: &'static str, draw: (),
///         index: |m: u8| usize::from(m),
///         from_index: |i: usize| u8::try_from(i).ok().filter(|&m| m < 2),
///         outcome: Line::verdict,
///     }
/// }
/// let mut h = History::new(Line { at: 0, turn: Side::A });
/// h.push(1, None);
/// assert_eq!(h.position().to_move(), Side::B.seat());
/// assert!(h.outcome().unwrap().is_winner(Side::A.seat()));
/// assert_eq!(Line { at: 0, turn: Side::A }.try_play(0), Err(Line { at: 0, turn: Side::A }));
/// ```
#[macro_export]
macro_rules! open_game_state {
    (
        $(#[$meta:meta])*
        impl GameState for $P:ty {
            actions: $actions:expr,
            action: $M:ty,
            list: $List:ty,
            win: $W:ty,
            draw: $D:ty,
            index: $index:expr,
            from_index: $from_index:expr,
            outcome: $outcome:expr $(,)?
        }
    ) => {
        $(#[$meta])*
        impl $crate::GameState for $P {
            const SEATS: usize = 2;
            const ACTIONS: usize = $actions;
            type Action = $M;
            type ActionList = $List;
            type Chance = $crate::NoChance;
            type WinReason = $W;
            type DrawReason = $D;
            type InfoState = $P;

            fn to_move(&self) -> $crate::Seat {
                self.turn().seat()
            }

            fn legal_actions(&self) -> $List {
                self.legal_moves()
            }

            fn action_index(action: $M) -> usize {
                ($index)(action)
            }

            fn action_from_index(index: usize) -> Option<$M> {
                ($from_index)(index)
            }

            fn is_legal(&self, action: $M) -> bool {
                <$P>::is_legal(self, action)
            }

            fn apply(&mut self, action: $M, _: Option<$crate::NoChance>) {
                self.play_unchecked(action);
            }

            fn outcome_with_occurrences(
                &self,
                occurrences: usize,
            ) -> Option<$crate::Outcome<$W, $D>> {
                ($outcome)(self, occurrences).map(::core::convert::Into::into)
            }

            fn key(&self) -> u64 {
                self.zobrist_hash()
            }

            fn information_state(&self, _: $crate::Seat) -> $P {
                self.clone()
            }
        }
    };
}
