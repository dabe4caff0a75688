//! 翻棋 (flip, L-32): all 50 pieces start face down on the 50 non-camp points; a turn flips
//! one face-down piece or moves one of the mover's face-up pieces; the face-down pieces are
//! chance.
//!
//! The uniform shuffle of the brief is played lazily: a face-down piece is not any particular
//! piece until it is flipped, and a flip reveals a piece drawn uniformly from those not yet
//! seen (the [`Pool`]). The two are the same game: given everything seen so far, the piece
//! under any face-down point of a uniformly shuffled board is uniform over the unseen pieces
//! (the shuffle is exchangeable). So a [`FlipPosition`] holds no hidden information at all,
//! and its chance is explicit, as OpenSpiel's chance nodes and an expectimax search want it:
//!
//! - [`FlipPosition::legal_actions`]: the flips and moves of the player to act;
//! - [`FlipPosition::is_chance`]: whether an action reveals a piece (a flip, or with
//!   `attack_face_down` a move onto a face-down piece);
//! - [`FlipPosition::chance_outcomes`]: the pieces it may reveal, each with its probability
//!   (the same for every such action of a position);
//! - [`FlipPosition::apply`]: the position after an action and the piece it revealed.
//!
//! Colours (L-32, [`ColourRule`]): the players are the first and the second to act
//! ([`Player`]); neither has a colour until a flip settles them: under `first_flip` the first
//! flip, under `first_engineer` (`first_mine`) the first engineer (landmine) flipped. The
//! player who flipped that piece plays its colour. Until then every action is a flip.
//!
//! The rules of movement, combat and adjudication are the crate's own (L-6 … L-16), with the
//! face-down pieces as pieces that block, never move and cannot be attacked (option
//! `attack_face_down` off), a flag face down still on the board, and a side to move with a
//! piece to flip never out of moves. The no-combat count counts plies with neither an attack
//! nor a flip. The defaults differ from the open game's ([`ModeRules::default_ruleset`]).
//!
//! ```
//! use luzhanqi::flip::{FlipAction, FlipPosition, Player};
//! use luzhanqi::{Kind, Piece, Side};
//!
//! let start = FlipPosition::start();
//! assert_eq!(start.legal_actions().len(), 50); // a flip of each face-down piece
//! let flip = FlipAction::Flip("c6".parse()?);
//! assert!(start.is_chance(flip));
//! let outcomes = start.chance_outcomes();
//! assert_eq!(outcomes.len(), 24); // every kind of either side, in proportion to its count
//! assert!((outcomes.iter().map(|o| o.probability).sum::<f64>() - 1.0).abs() < 1e-12);
//! // The first player flips a red engineer on c6: it plays Red (colour rule first_flip).
//! let pos = start.apply(flip, Some(Piece::new(Side::Red, Kind::Engineer)))?;
//! assert_eq!(pos.colour_of(Player::First), Some(Side::Red));
//! assert_eq!(pos.player_to_act(), Player::Second);
//! assert_eq!(pos.side_to_act(), Some(Side::Blue));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod deal;
mod game;
mod perft;
pub mod record;
pub(crate) mod record_error;
mod text;

use std::fmt;

use rand::Rng;
use smallvec::SmallVec;
use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::board::CAMPS;
use crate::combat::Combat;
use crate::moves::Move;
use crate::outcome::{FaceDown, Outcome};
use crate::piece::{Kind, Piece, Side};
use crate::position::Position;
use crate::ruleset::{ColourRule, Mode, ModeRules, Ruleset};
use crate::square::Square;

pub use deal::FlipDeal;
pub use game::{FlipGame, FlipGameError};
pub use perft::{flip_divide, flip_perft};
pub use text::{
    FlipActionParseError, FlipParseError, FlipPlyParseError, FlipPositionError, FlipSetup,
    FlipSetupParseError, FlipViolation,
};

/// One of the two players of a flip game, in order of play (L-32): the colours are not the
/// players' until a flip settles them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who acts first (player 0 of OpenSpiel).
    First,
    /// The other (player 1).
    Second,
}

impl Player {
    /// Both players, the first first.
    pub const ALL: [Player; 2] = [Player::First, Player::Second];

    /// 0 for the first player, 1 for the second.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `1` or `2`, as in the state string.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Player::First => '1',
            Player::Second => '2',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

/// The pieces not yet seen (face down), counted by piece (side and kind): what a flip draws
/// from.
///
/// ```
/// use luzhanqi::flip::Pool;
/// use luzhanqi::{Kind, Piece, Side};
/// let pool = Pool::FULL;
/// assert_eq!(pool.total(), 50);
/// assert_eq!(pool.count(Piece::new(Side::Blue, Kind::Landmine)), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pool([u8; 24]);

impl Pool {
    /// Nothing unseen.
    pub const EMPTY: Pool = Pool([0; 24]);

    /// Both sides' 25 pieces (L-5): the pool of a game's start.
    pub const FULL: Pool = {
        let mut c = [0u8; 24];
        let mut i = 0;
        while i < 24 {
            c[i] = Kind::ALL[i % 12].count() as u8;
            i += 1;
        }
        Pool(c)
    };

    /// How many pieces `piece` are unseen.
    #[must_use]
    pub const fn count(&self, piece: Piece) -> u32 {
        self.0[piece.index()] as u32
    }

    /// How many pieces are unseen in all.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// Whether nothing is unseen.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// The unseen pieces with their counts (none with 0), Red's kinds in L-5's order, then
    /// Blue's.
    pub fn iter(&self) -> impl Iterator<Item = (Piece, u32)> + '_ {
        Side::ALL.into_iter().flat_map(move |side| {
            Kind::ALL.into_iter().filter_map(move |kind| {
                let p = Piece::new(side, kind);
                let n = self.count(p);
                (n > 0).then_some((p, n))
            })
        })
    }

    /// One more `piece` unseen (saturating at 255).
    pub fn add(&mut self, piece: Piece) {
        let c = &mut self.0[piece.index()];
        *c = c.saturating_add(1);
    }

    /// One `piece` fewer unseen; `false` (and nothing changed) when none is.
    pub fn take(&mut self, piece: Piece) -> bool {
        let c = &mut self.0[piece.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }
}

/// An action of a flip game: flip a face-down piece, or move a face-up one (L-32).
///
/// Its text: a flip is the point alone (`c6`), a move L-21's ASCII form (`c6c7`).
///
/// ```
/// use luzhanqi::flip::FlipAction;
/// let a: FlipAction = "c6".parse()?;
/// assert!(matches!(a, FlipAction::Flip(_)));
/// assert_eq!("b10b11".parse::<FlipAction>()?.to_string(), "b10b11");
/// # Ok::<(), luzhanqi::flip::FlipActionParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FlipAction {
    /// Turn the face-down piece on the point face up.
    Flip(Square),
    /// Move a face-up piece of the mover (an attack when the destination holds an enemy
    /// piece, or with `attack_face_down` a face-down one).
    Move(Move),
}

impl fmt::Display for FlipAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FlipAction::Flip(sq) => write!(f, "{sq}"),
            FlipAction::Move(m) => write!(f, "{m}"),
        }
    }
}

/// A ply as a record holds it: the action and the piece it revealed, if it was a chance
/// action. Its text adds `=` and the piece's letter (upper case Red, lower case Blue) to the
/// action's: `c6=E` (a flip revealing a red engineer), `c6c7` (a move), `c6c7=e` (with
/// `attack_face_down`, a move onto a face-down piece that was a blue engineer).
///
/// ```
/// use luzhanqi::flip::FlipPly;
/// let ply: FlipPly = "c6=E".parse()?;
/// assert_eq!(ply.to_string(), "c6=E");
/// # Ok::<(), luzhanqi::flip::FlipPlyParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FlipPly {
    /// The action.
    pub action: FlipAction,
    /// The piece it revealed (`None` for a move between face-up pieces and empty points).
    pub revealed: Option<Piece>,
}

impl fmt::Display for FlipPly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.action)?;
        if let Some(p) = self.revealed {
            write!(f, "={}", p.letter())?;
        }
        Ok(())
    }
}

/// One outcome of a chance action: the piece revealed, how many such pieces are unseen, and
/// its probability (`weight` over the number of unseen pieces).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChanceOutcome {
    /// The piece revealed.
    pub piece: Piece,
    /// How many of the unseen pieces are this piece.
    pub weight: u32,
    /// `weight / total`: the probability that a flip reveals it.
    pub probability: f64,
}

/// The actions of a flip position: inline up to 128 (50 flips at the start; a middlegame has
/// fewer flips than a 60-point board has moves).
pub type FlipActionList = SmallVec<[FlipAction; 128]>;

/// An action refused by [`FlipPosition::apply`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FlipPlayError {
    /// The game is over.
    #[error("the game is over ({0})")]
    Over(Outcome),
    /// The action is not legal in the position.
    #[error("{0} is not a legal action")]
    Illegal(FlipAction),
    /// A chance action (a flip) needs the piece it reveals.
    #[error("{0} reveals a piece: give it")]
    MissingOutcome(FlipAction),
    /// A piece given with an action that reveals none.
    #[error("{action} reveals no piece, but {piece} was given")]
    UnexpectedOutcome {
        /// The action.
        action: FlipAction,
        /// The piece given.
        piece: Piece,
    },
    /// The piece given is not among the unseen ones.
    #[error("no {0} is face down")]
    NotUnseen(Piece),
}

/// A position of a flip game (L-32): the face-up pieces, the face-down points, the unseen
/// pieces, the player to act, the colours once settled and the counters, with the mode's
/// options and the ruleset. It holds no hidden information: what the face-down pieces are is
/// decided by chance as they are flipped.
///
/// Its text is the flip state string (`docs/luzhanqi.md`, "翻棋 state string"):
///
/// ```
/// use luzhanqi::flip::FlipPosition;
/// let pos = FlipPosition::start();
/// assert_eq!(
///     pos.to_string(),
///     "?????/?????/?1?1?/??1??/?1?1?/?????/?????/?1?1?/??1??/?1?1?/?????/????? 1 - \
///      SJDDBBTTYYCCCPPPEEEZZLLLFsjddbbttyycccpppeeezzlllf 0 1"
/// );
/// assert_eq!(pos.to_string().parse::<FlipPosition>()?, pos);
/// # Ok::<(), luzhanqi::flip::FlipParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct FlipPosition {
    /// The face-up pieces, the side to move (once colours are settled; Red before) and the
    /// counters: plies since an attack or a flip, and the move number.
    board: Position,
    down: Bitboard,
    pool: Pool,
    player: Player,
    /// The first player's colour, once settled.
    first_colour: Option<Side>,
    mode: ModeRules,
}

impl Default for FlipPosition {
    fn default() -> FlipPosition {
        FlipPosition::start()
    }
}

impl fmt::Debug for FlipPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FlipPosition({self})")
    }
}

/// The 50 non-camp points, where the pieces start face down.
pub const START_POINTS: Bitboard = Bitboard(((1u64 << 60) - 1) & !CAMPS.0);

impl FlipPosition {
    /// The start of a flip game with every option at its default ([`ModeRules::FLIP`] and its
    /// ruleset).
    #[must_use]
    pub fn start() -> FlipPosition {
        FlipPosition::start_with(ModeRules::FLIP, ModeRules::FLIP.default_ruleset())
    }

    /// The start of a flip game: all 50 pieces face down on the non-camp points, the first
    /// player to act, under `mode`'s flip options (`attack_face_down`, `colour_rule`) and
    /// `rules` (for 翻棋's defaults, [`ModeRules::default_ruleset`]).
    #[must_use]
    pub fn start_with(mode: ModeRules, rules: Ruleset) -> FlipPosition {
        FlipPosition {
            board: Position::from_board_unplaced(&[None; 60], Side::Red, 0, 1, rules),
            down: START_POINTS,
            pool: Pool::FULL,
            player: Player::First,
            first_colour: None,
            mode: ModeRules {
                mode: Mode::Flip,
                ..mode
            },
        }
    }

    /// The face-up pieces as a position (its side to move is the side to act once the colours
    /// are settled, Red before; its counters are this position's). Its own
    /// [`Position::legal_moves`] and [`Position::outcome`] do not know the face-down pieces:
    /// ask this type's.
    #[must_use]
    pub fn face_up(&self) -> &Position {
        &self.board
    }

    /// The points holding a face-down piece.
    #[must_use]
    pub fn face_down(&self) -> Bitboard {
        self.down
    }

    /// The unseen pieces: what the face-down ones are, in some order.
    #[must_use]
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// The mode's options (its `mode` is [`Mode::Flip`]).
    #[must_use]
    pub fn mode_rules(&self) -> &ModeRules {
        &self.mode
    }

    /// The ruleset.
    #[must_use]
    pub fn ruleset(&self) -> &Ruleset {
        self.board.ruleset()
    }

    /// The player to act.
    #[must_use]
    pub fn player_to_act(&self) -> Player {
        self.player
    }

    /// The colour `player` plays, once settled.
    #[must_use]
    pub fn colour_of(&self, player: Player) -> Option<Side> {
        self.first_colour.map(|c| match player {
            Player::First => c,
            Player::Second => c.other(),
        })
    }

    /// The player of `side`, once the colours are settled.
    #[must_use]
    pub fn player_of(&self, side: Side) -> Option<Player> {
        self.first_colour.map(|c| {
            if c == side {
                Player::First
            } else {
                Player::Second
            }
        })
    }

    /// The colour of the player to act, once settled.
    #[must_use]
    pub fn side_to_act(&self) -> Option<Side> {
        self.colour_of(self.player)
    }

    /// Plies in a row with neither an attack nor a flip (L-15, L-32).
    #[must_use]
    pub fn plies_since_attack_or_flip(&self) -> u32 {
        self.board.plies_since_attack()
    }

    /// The move number: starts at 1, rises after each of the second player's plies.
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.board.move_number()
    }

    /// The piece on `sq` if it is face up.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// A 64-bit key of everything the game's future depends on (face-up pieces, face-down
    /// points, unseen pieces, player, colours), for transposition tables and repetition.
    #[must_use]
    pub fn zobrist_hash(&self) -> u64 {
        let mut k = self.board.zobrist_hash() ^ mix(self.down.bits() ^ 0x0066_6c69_7000_0000);
        for (i, &c) in self.pool.0.iter().enumerate() {
            k ^= mix(((i as u64) << 8 | u64::from(c)) ^ 0x706f_6f6c_0000_0000);
        }
        let colours = match self.first_colour {
            None => 0,
            Some(Side::Red) => 1,
            Some(Side::Blue) => 2,
        };
        k ^ mix(colours << 1 | self.player.index() as u64 | 0x7475_726e_0000_0000)
    }

    fn hidden_mines(&self) -> [bool; 2] {
        Side::ALL.map(|s| self.pool.count(Piece::new(s, Kind::Landmine)) > 0)
    }

    fn face_down_info(&self) -> FaceDown {
        FaceDown {
            any: !self.down.is_empty(),
            flags: Side::ALL.map(|s| self.pool.count(Piece::new(s, Kind::Flag)) > 0),
            unsettled: self.first_colour.is_none(),
        }
    }

    /// The verdict of the position (L-13 … L-16 as [`Position::outcome`] gives it, the crate's
    /// one adjudication, told of the face-down pieces): a flag captured (a flag face down is
    /// still on the board); while any piece is face down the game goes on but for the
    /// no-combat limit; after that, as in the open game. Repetition needs a history:
    /// [`FlipGame::outcome`].
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.board.adjudicate(self.face_down_info(), || false)
    }

    pub(crate) fn outcome_with(&self, repeated: impl FnOnce() -> bool) -> Option<Outcome> {
        self.board.adjudicate(self.face_down_info(), repeated)
    }

    /// The legal actions of the player to act: flips of the face-down pieces (point order),
    /// then, once the colours are settled, the moves of its face-up pieces (as
    /// [`Position::legal_moves`] orders them). None once the game is over.
    #[must_use]
    pub fn legal_actions(&self) -> FlipActionList {
        let mut list = FlipActionList::new();
        if self.outcome().is_some() {
            return list;
        }
        self.actions_into(&mut list);
        list
    }

    /// The actions of a position not decided.
    fn actions_into(&self, list: &mut FlipActionList) {
        list.extend(self.down.iter().map(FlipAction::Flip));
        if self.first_colour.is_some() {
            let moves = self.board.moves_among_face_down(
                self.down,
                self.hidden_mines(),
                self.mode.attack_face_down,
            );
            list.extend(moves.into_iter().map(FlipAction::Move));
        }
    }

    /// Whether `action` is legal (agrees with [`FlipPosition::legal_actions`]).
    #[must_use]
    pub fn is_legal(&self, action: FlipAction) -> bool {
        match action {
            FlipAction::Flip(sq) => self.down.contains(sq) && self.outcome().is_none(),
            FlipAction::Move(m) => {
                self.first_colour.is_some()
                    && self.outcome().is_none()
                    && self
                        .board
                        .moves_among_face_down(
                            self.down,
                            self.hidden_mines(),
                            self.mode.attack_face_down,
                        )
                        .contains(&m)
            }
        }
    }

    /// Whether `action` reveals a piece (a chance node follows it): a flip, or a move onto a
    /// face-down piece (`attack_face_down`).
    #[must_use]
    pub fn is_chance(&self, action: FlipAction) -> bool {
        match action {
            FlipAction::Flip(_) => true,
            FlipAction::Move(m) => self.down.contains(m.to),
        }
    }

    /// The pieces a chance action may reveal, each with its weight and probability (the
    /// unseen pieces in proportion to their counts; the same for every face-down point).
    /// Red's kinds in L-5's order, then Blue's; empty when nothing is face down.
    #[must_use]
    pub fn chance_outcomes(&self) -> SmallVec<[ChanceOutcome; 24]> {
        let total = f64::from(self.pool.total());
        self.pool
            .iter()
            .map(|(piece, weight)| ChanceOutcome {
                piece,
                weight,
                probability: f64::from(weight) / total,
            })
            .collect()
    }

    /// A piece drawn for a chance action, uniformly among the unseen ones; `None` when none is.
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Piece> {
        let total = self.pool.total();
        if total == 0 {
            return None;
        }
        let mut r = rng.random_range(0..total);
        for (piece, n) in self.pool.iter() {
            if r < n {
                return Some(piece);
            }
            r -= n;
        }
        None
    }

    /// The position after `action`, with `revealed` the piece it revealed when it is a chance
    /// action ([`FlipPosition::is_chance`]) and `None` otherwise.
    ///
    /// # Errors
    /// [`FlipPlayError`]: the game over, an illegal action, a missing or unexpected piece, a
    /// piece that is not unseen. The position is unchanged (it is borrowed).
    pub fn apply(
        &self,
        action: FlipAction,
        revealed: Option<Piece>,
    ) -> Result<FlipPosition, FlipPlayError> {
        if let Some(o) = self.outcome() {
            return Err(FlipPlayError::Over(o));
        }
        if !self.is_legal(action) {
            return Err(FlipPlayError::Illegal(action));
        }
        match (self.is_chance(action), revealed) {
            (true, None) => return Err(FlipPlayError::MissingOutcome(action)),
            (false, Some(piece)) => {
                return Err(FlipPlayError::UnexpectedOutcome { action, piece });
            }
            (true, Some(p)) if self.pool.count(p) == 0 => {
                return Err(FlipPlayError::NotUnseen(p));
            }
            _ => {}
        }
        let mut next = self.clone();
        next.apply_unchecked(action, revealed);
        Ok(next)
    }

    /// Play `action`, drawing the piece it reveals (if any) with `rng`; returns the position
    /// and the piece.
    ///
    /// # Errors
    /// As [`FlipPosition::apply`].
    pub fn play_random<R: Rng + ?Sized>(
        &self,
        action: FlipAction,
        rng: &mut R,
    ) -> Result<(FlipPosition, Option<Piece>), FlipPlayError> {
        let revealed = if self.is_chance(action) {
            self.draw(rng)
        } else {
            None
        };
        Ok((self.apply(action, revealed)?, revealed))
    }

    /// The attack `action` is once `revealed` is known, if it is one: who met whom and what
    /// was removed (L-11). `None` for a flip, a quiet move, or a move onto a face-down piece
    /// that turned out to be the mover's own or an enemy flag that cannot yet be attacked.
    #[must_use]
    pub fn combat(&self, action: FlipAction, revealed: Option<Piece>) -> Option<Combat> {
        let FlipAction::Move(m) = action else {
            return None;
        };
        let attacker = self.board.piece_at(m.from)?;
        let defender = if self.down.contains(m.to) {
            let d = revealed?;
            if !self.blind_attack_fights(m, d) {
                return None;
            }
            d
        } else {
            self.board.piece_at(m.to)?
        };
        (attacker.side != defender.side)
            .then(|| Combat::resolve(attacker.kind, defender.kind, self.ruleset()))
    }

    /// Whether a move onto the face-down point `m.to` that reveals `d` is fought: `d` is an
    /// enemy the mover could attack were it face up (L-10, L-12).
    fn blind_attack_fights(&self, m: Move, d: Piece) -> bool {
        let Some(a) = self.board.piece_at(m.from) else {
            return false;
        };
        if d.side == a.side {
            return false;
        }
        if d.kind == Kind::Flag
            && self.ruleset().flag_capture == crate::FlagCapture::Engineer
            && a.kind != Kind::Engineer
        {
            // L-12 `engineer`: only an engineer takes the flag.
            return false;
        }
        if d.kind == Kind::Flag && self.ruleset().flag_capture == crate::FlagCapture::AfterMines {
            // L-12: mines still on the board, face up or face down, protect the flag.
            let mines_left = !self.board.pieces(d.side, Kind::Landmine).is_empty()
                || self.pool.count(Piece::new(d.side, Kind::Landmine)) > 0;
            return !mines_left;
        }
        true
    }

    /// The no-combat count after a ply that revealed a piece without an attack: 0 when flips
    /// reset it (default), else one more (`flip_resets_no_combat` off; L-15, L-32).
    fn after_flip(&self, plies: u32) -> u32 {
        if self.mode.flip_resets_no_combat {
            0
        } else {
            plies.saturating_add(1)
        }
    }

    /// Turn the piece on `sq` face up as `p`, settling the colours if the rule says so.
    fn reveal(&mut self, sq: Square, p: Piece) {
        self.down = self.down.without(sq);
        self.pool.take(p);
        self.board.put(sq, p);
        if self.first_colour.is_none() {
            let settles = match self.mode.colour_rule {
                ColourRule::FirstFlip => true,
                ColourRule::FirstEngineer => p.kind == Kind::Engineer,
                ColourRule::FirstMine => p.kind == Kind::Landmine,
            };
            if settles {
                self.first_colour = Some(match self.player {
                    Player::First => p.side,
                    Player::Second => p.side.other(),
                });
            }
        }
    }

    /// Play `action` without checking it. Garbage in, garbage out: for an illegal action or a
    /// wrong `revealed` the result is some position, maybe not a valid one; it never panics.
    /// A chance action given `None` reveals nothing and only passes the turn.
    pub fn apply_unchecked(&mut self, action: FlipAction, revealed: Option<Piece>) {
        let mut plies = self.board.plies_since_attack();
        let mut number = self.board.move_number();
        match (action, revealed) {
            (FlipAction::Flip(sq), Some(p)) => {
                self.reveal(sq, p);
                plies = self.after_flip(plies);
            }
            (FlipAction::Move(m), Some(p)) if self.down.contains(m.to) => {
                let fights = self.blind_attack_fights(m, p);
                self.reveal(m.to, p);
                if fights {
                    self.board.play_unchecked(m);
                    plies = 0;
                } else {
                    plies = self.after_flip(plies);
                }
            }
            (FlipAction::Move(m), _) if !self.down.contains(m.to) => {
                self.board.play_unchecked(m);
                plies = self.board.plies_since_attack();
            }
            _ => {}
        }
        if self.player == Player::Second {
            number = number.saturating_add(1);
        }
        self.player = self.player.other();
        let turn = self.side_to_act().unwrap_or(Side::Red);
        let plies = u16::try_from(plies).unwrap_or(u16::MAX);
        self.board.set_turn_and_counters(turn, plies, number);
    }
}

/// splitmix64's finaliser: spreads a word over 64 bits.
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
