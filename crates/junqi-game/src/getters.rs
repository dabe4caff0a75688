//! Read access to a type's fields.

/// Implements read accessors for fields of a type: `name -> Type` returns a copy of the field
/// `name`, `name -> &Type` a reference to it; `= field` names another field, and
/// `= field.method(args)` (any number of calls) reads through it, with the accessor's own
/// arguments written `name(arg: Type) -> …`. Each accessor
/// is `#[inline]` and `#[must_use]` and takes the attributes written before it (its doc). The
/// one writing of the plain getters every game's positions, views and referees have.
///
/// # Examples
///
/// ```
/// pub struct View { side: u8, name: String, count: usize, pieces: Vec<u8> }
/// junqi_game::getters! {
///     impl View {
///         /// Whose view this is.
///         pub side -> u8;
///         /// The view's name.
///         pub name -> &str;
///         /// How many pieces it holds.
///         pub len -> usize = count;
///         /// The first piece, if any.
///         pub first -> Option<&u8> = pieces.first();
///         /// The piece at `i`, if any.
///         pub piece(i: usize) -> Option<u8> = pieces.get(i).copied();
///     }
/// }
/// let v = View { side: 1, name: "red".into(), count: 3, pieces: vec![7] };
/// assert_eq!((v.side(), v.name(), v.len(), v.first()), (1, "red", 3, Some(&7)));
/// assert_eq!((v.piece(0), v.piece(1)), (Some(7), None));
/// ```
#[macro_export]
macro_rules! getters {
    (impl $T:ty { $($items:tt)* }) => {
        impl $T {
            $crate::getters!(@items $($items)*);
        }
    };
    (@items) => {};
    (@items $(#[$m:meta])* $vis:vis $name:ident $(($($arg:ident: $aty:ty),*))? -> & $ret:ty
        = $field:ident $(. $call:ident ($($carg:expr),*))*; $($rest:tt)*) => {
        $(#[$m])*
        #[inline]
        #[must_use]
        $vis fn $name(&self $($(, $arg: $aty)*)?) -> &$ret {
            &self.$field $(.$call($($carg),*))*
        }
        $crate::getters!(@items $($rest)*);
    };
    (@items $(#[$m:meta])* $vis:vis $name:ident -> & $ret:ty; $($rest:tt)*) => {
        $crate::getters!(@items $(#[$m])* $vis $name -> &$ret = $name; $($rest)*);
    };
    (@items $(#[$m:meta])* $vis:vis $name:ident $(($($arg:ident: $aty:ty),*))? -> $ret:ty
        = $field:ident $(. $call:ident ($($carg:expr),*))*; $($rest:tt)*) => {
        $(#[$m])*
        #[inline]
        #[must_use]
        $vis fn $name(&self $($(, $arg: $aty)*)?) -> $ret {
            self.$field $(.$call($($carg),*))*
        }
        $crate::getters!(@items $($rest)*);
    };
    (@items $(#[$m:meta])* $vis:vis $name:ident -> $ret:ty; $($rest:tt)*) => {
        $crate::getters!(@items $(#[$m])* $vis $name -> $ret = $name; $($rest)*);
    };
}

/// Implements the accessors a game's own `Game` type reads from its [`History`](crate::History)
/// (a field named `history`): `start`, `position`, `keys` and `occurrences`, through
/// [`getters!`]. The one writing of them for every game's `Game` types, which add their own
/// (the moves, the attacks, a stated result).
///
/// # Examples
///
/// ```
/// use junqi_game::History;
/// # use junqi_game::{GameState, NoChance, Outcome, Seat};
/// # #[derive(Clone, Debug, PartialEq)]
/// # struct Count(u8);
/// # impl std::fmt::Display for Count {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) }
/// # }
/// # impl std::str::FromStr for Count {
/// #     type Err = std::num::ParseIntError;
/// #     fn from_str(s: &str) -> Result<Count, Self::Err> { s.parse().map(Count) }
/// # }
/// # impl GameState for Count {
/// #     const SEATS: usize = 1;
/// #     const ACTIONS: usize = 1;
/// #     type Action = u8;
/// #     type ActionList = Vec<u8>;
/// #     type Chance = NoChance;
/// #     type WinReason = ();
/// #     type DrawReason = ();
/// #     type InfoState = Count;
/// #     fn to_move(&self) -> Seat { Seat::new(0, 1).unwrap() }
/// #     fn legal_actions(&self) -> Vec<u8> { vec![1] }
/// #     fn action_index(_: u8) -> usize { 0 }
/// #     fn action_from_index(i: usize) -> Option<u8> { (i == 0).then_some(1) }
/// #     fn apply(&mut self, a: u8, _: Option<NoChance>) { self.0 += a; }
/// #     fn outcome_with_occurrences(&self, _: usize) -> Option<Outcome<(), ()>> { None }
/// #     fn key(&self) -> u64 { u64::from(self.0) }
/// #     fn information_state(&self, _: Seat) -> Count { self.clone() }
/// # }
/// pub struct Game {
///     history: History<Count>,
/// }
/// junqi_game::history_getters!(Game: Count);
///
/// let mut history = History::new(Count(0));
/// history.push(1, None);
/// let game = Game { history };
/// assert_eq!((game.start(), game.position()), (&Count(0), &Count(1)));
/// assert_eq!((game.keys(), game.occurrences()), (&[0, 1][..], 1));
/// ```
#[macro_export]
macro_rules! history_getters {
    ($Game:ty: $S:ty) => {
        $crate::getters! {
            impl $Game {
                /// The start position.
                pub start -> &$S = history.start();
                /// The current position.
                pub position -> &$S = history.position();
                /// The Zobrist key of every position reached, the start first and the current
                /// position last: one more than the plies played.
                pub keys -> &[u64] = history.keys();
                /// How often the current position has occurred, this time included (the count
                /// a repetition rule reads). O(1).
                pub occurrences -> usize = history.occurrences();
            }
        }
    };
}
