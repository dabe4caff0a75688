//! The flip state string (L-32, documented in `docs/luzhanqi.md`), its validation, and the
//! text of actions and plies.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{FlipAction, FlipPly, FlipPosition, Player, Pool};
use crate::bitboard::Bitboard;
use crate::board::CAMPS;
use crate::moves::{Move, MoveParseError, parse_move_prefix};
use crate::piece::{Kind, Piece, Side};
use crate::position::Position;
use crate::ruleset::{ColourRule, ModeRules, Ruleset};
use crate::square::{Square, SquareParseError, parse_square_prefix, quote};
use crate::text::{SetupParseError, parse_counters, parse_placement, words, write_placement};

/// A flip state, not validated: any value can be built, and [`FlipPosition::from_setup`]
/// says every reason it is not a state of a flip game.
///
/// Its text is the flip state string: `<placement> <player> <colour> <pool> [<plies>
/// <move>]`, the placement as L-20's with `?` for a face-down piece; the player to act, `1`
/// or `2`; the first player's colour, `r`, `b` or `-` while unsettled; the unseen pieces as
/// letters (upper case Red, lower case Blue; written Red's kinds in L-5's order then Blue's,
/// read in any order), `-` when none; plies with neither an attack nor a flip and the move
/// number (rising after each of the second player's plies), both left out together for 0
/// and 1.
///
/// ```
/// use luzhanqi::flip::{FlipSetup, Player};
/// let s: FlipSetup = "?????/?????/?1?1?/??1??/?1?1?/????E/?????/?1?1?/??1??/?1?1?/?????/????? 2 r \
///                     SJDDBBTTYYCCCPPPEEZZLLLFsjddbbttyycccpppeeezzlllf".parse()?;
/// assert_eq!(s.player, Player::Second);
/// assert_eq!(s.face_down.count(), 49);
/// # Ok::<(), luzhanqi::flip::FlipSetupParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FlipSetup {
    /// The face-up piece on each point, by [`Square::index`].
    pub board: [Option<Piece>; 60],
    /// The points holding a face-down piece.
    pub face_down: Bitboard,
    /// The player to act.
    pub player: Player,
    /// The first player's colour, once settled.
    pub first_colour: Option<Side>,
    /// The unseen pieces.
    pub pool: Pool,
    /// Plies in a row with neither an attack nor a flip.
    pub plies_since_attack_or_flip: u32,
    /// The move number (from 1).
    pub move_number: u32,
}

crate::text::counters_error! {
    /// A text that is not a flip state string. Every variant names its 1-based column (in
    /// characters).
    #[derive(Debug, Clone, PartialEq, Eq, Error)]
    #[non_exhaustive]
    pub enum FlipSetupParseError {
        /// The placement is malformed (as a position string's, with `?` for a face-down piece).
        #[error("{0}")]
        Placement(SetupParseError),
        /// The player to act is missing or not `1`/`2`.
        #[error("column {column}: expected the player to act, 1 or 2, found '{found}'")]
        Player {
            /// Column.
            column: usize,
            /// What was found (empty at the end).
            found: String,
        },
        /// The first player's colour is missing or not `r`, `b` or `-`.
        #[error("column {column}: expected the first player's colour, r, b or -, found '{found}'")]
        Colour {
            /// Column.
            column: usize,
            /// What was found (empty at the end).
            found: String,
        },
        /// The unseen pieces are missing or hold a character that is not a piece letter.
        #[error("column {column}: expected the unseen pieces' letters or -, found '{found}'")]
        Pool {
            /// Column.
            column: usize,
            /// What was found (empty at the end).
            found: String,
        },
    }
    trailing: "column {column}: unexpected '{found}' after the state", "Text after the state."
}

impl FlipSetupParseError {
    /// The 1-based column (in characters) of the error.
    #[must_use]
    pub fn column(&self) -> usize {
        match self {
            FlipSetupParseError::Placement(e) => e.column(),
            FlipSetupParseError::Player { column, .. }
            | FlipSetupParseError::Colour { column, .. }
            | FlipSetupParseError::Pool { column, .. }
            | FlipSetupParseError::Counter { column, .. }
            | FlipSetupParseError::MissingCounter { column }
            | FlipSetupParseError::Trailing { column, .. } => *column,
        }
    }
}

impl FromStr for FlipSetup {
    type Err = FlipSetupParseError;

    fn from_str(s: &str) -> Result<FlipSetup, FlipSetupParseError> {
        let chars: Vec<char> = s.chars().collect();
        let w = words(&chars);
        let end = chars.len() + 1;
        let (col0, placement) = w.first().cloned().unwrap_or((1, String::new()));
        let pc: Vec<char> = placement.chars().collect();
        let (board, face_down) =
            parse_placement(col0, &pc, true).map_err(FlipSetupParseError::Placement)?;
        let field = |i: usize| {
            w.get(i)
                .cloned()
                .map_or((end, String::new()), |(c, t)| (c, t))
        };
        let (column, t) = field(1);
        let player = match t.as_str() {
            "1" => Player::First,
            "2" => Player::Second,
            _ => {
                return Err(FlipSetupParseError::Player {
                    column,
                    found: junqi_game::clip(&t, 40),
                });
            }
        };
        let (column, t) = field(2);
        let first_colour = match Side::from_letter(&t) {
            Some(side) => Some(side),
            None if t == "-" => None,
            None => {
                return Err(FlipSetupParseError::Colour {
                    column,
                    found: junqi_game::clip(&t, 40),
                });
            }
        };
        let (column, t) = field(3);
        let mut pool = Pool::EMPTY;
        if t.is_empty() {
            return Err(FlipSetupParseError::Pool { column, found: t });
        }
        if t != "-" {
            for (j, c) in t.chars().enumerate() {
                let Some(p) = Piece::from_letter(c) else {
                    return Err(FlipSetupParseError::Pool {
                        column: column + j,
                        found: c.to_string(),
                    });
                };
                if pool.count(p) >= 50 {
                    return Err(FlipSetupParseError::Pool {
                        column: column + j,
                        found: c.to_string(),
                    });
                }
                pool.add(p);
            }
        }
        let (plies, number) = parse_counters(&w, 4, end)?.unwrap_or((0, 1));
        Ok(FlipSetup {
            board,
            face_down,
            player,
            first_colour,
            pool,
            plies_since_attack_or_flip: plies,
            move_number: number,
        })
    }
}

impl fmt::Display for FlipSetup {
    /// The flip state string, both counters written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_placement(f, |sq| {
            if self.face_down.contains(sq) {
                Some('?')
            } else {
                self.board[sq.index()].map(Piece::letter)
            }
        })?;
        write!(
            f,
            " {} {} ",
            self.player.char(),
            self.first_colour.map_or('-', Side::char)
        )?;
        if self.pool.is_empty() {
            f.write_str("-")?;
        }
        for (p, n) in self.pool.iter() {
            for _ in 0..n {
                write!(f, "{}", p.letter())?;
            }
        }
        write!(
            f,
            " {} {}",
            self.plies_since_attack_or_flip, self.move_number
        )
    }
}

/// One reason a [`FlipSetup`] is not a state of a flip game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum FlipViolation {
    /// `side` has `count` pieces of `kind` face up and unseen, more than L-5's number.
    #[error("{side} has {count} of {kind} face up and unseen, more than {}", kind.count())]
    TooMany {
        /// The side.
        side: Side,
        /// The kind.
        kind: Kind,
        /// Face up plus unseen.
        count: u32,
    },
    /// The number of unseen pieces differs from the number of face-down points.
    #[error("{pool} unseen pieces for {face_down} face-down points")]
    PoolSize {
        /// Unseen pieces.
        pool: u32,
        /// Face-down points.
        face_down: u32,
    },
    /// A face-down piece in a camp (the pieces start off the camps and face-down pieces never
    /// move).
    #[error("a face-down piece on the camp {0}")]
    FaceDownInCamp(Square),
    /// A point both face down and holding a face-up piece.
    #[error("{0} is both face down and face up")]
    Overlap(Square),
    /// The colours are unsettled, yet a piece is gone or a piece that settles them is face up.
    #[error("the colours are unsettled, yet {0}")]
    Unsettled(&'static str),
    /// The colours are settled, yet no piece was ever flipped.
    #[error("the colours are settled, yet every piece is face down")]
    SettledUnflipped,
    /// Neither side has its flag, face up or unseen.
    #[error("neither side has its flag")]
    BothFlagsLost,
    /// The move number is 0.
    #[error("the move number is 0 (it starts at 1)")]
    MoveNumberZero,
    /// A no-combat count that no game reaches with the colours unsettled: until they are
    /// settled every ply is a flip, which resets the count (or, with `flip_resets_no_combat`
    /// off, adds one: at most as many as the pieces face up).
    #[error("{plies} plies since an attack or a flip with the colours unsettled: at most {most}")]
    UnsettledCount {
        /// The count given.
        plies: u32,
        /// The largest count possible.
        most: u32,
    },
    /// The plies counter exceeds 65,535.
    #[error("{0} plies since an attack or a flip is above 65535")]
    PliesTooLarge(u32),
}

/// A flip setup that is not a state of a flip game: every reason, and the setup handed back.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("not a flip state: {}", .violations.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("; "))]
pub struct FlipPositionError {
    violations: Vec<FlipViolation>,
    setup: Box<FlipSetup>,
}

impl FlipPositionError {
    /// Every reason.
    #[must_use]
    pub fn violations(&self) -> &[FlipViolation] {
        &self.violations
    }

    /// The setup, handed back.
    #[must_use]
    pub fn into_setup(self) -> FlipSetup {
        *self.setup
    }
}

/// A text that is not a flip state: its syntax, or its validity.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FlipParseError {
    /// Not a flip state string.
    #[error("{0}")]
    Syntax(#[from] FlipSetupParseError),
    /// A flip state string that is no state of a flip game.
    #[error("{0}")]
    Invalid(#[from] FlipPositionError),
}

impl FlipPosition {
    /// The state of `setup` under `mode`'s flip options and `rules`.
    ///
    /// # Errors
    /// [`FlipPositionError`] with every reason the setup is not a state of a flip game (counts
    /// of L-5 face up plus unseen, as many unseen pieces as face-down points, none face down
    /// in a camp, colours that agree with `mode`'s colour rule, a no-combat count that the
    /// unsettled colours allow, a flag left to one side at least, counters in range), and the
    /// setup back.
    pub fn from_setup(
        setup: FlipSetup,
        mode: ModeRules,
        rules: Ruleset,
    ) -> Result<FlipPosition, FlipPositionError> {
        let mut v = Vec::new();
        let up = |side: Side, kind: Kind| {
            setup
                .board
                .iter()
                .enumerate()
                .filter(|&(i, p)| {
                    *p == Some(Piece::new(side, kind))
                        && !setup
                            .face_down
                            .contains(Square::from_index(i).expect("60 points"))
                })
                .count() as u32
        };
        for side in Side::ALL {
            for kind in Kind::ALL {
                let count = up(side, kind) + setup.pool.count(Piece::new(side, kind));
                if count > kind.count() {
                    v.push(FlipViolation::TooMany { side, kind, count });
                }
            }
        }
        if setup.pool.total() != setup.face_down.count() {
            v.push(FlipViolation::PoolSize {
                pool: setup.pool.total(),
                face_down: setup.face_down.count(),
            });
        }
        for sq in setup.face_down & CAMPS {
            v.push(FlipViolation::FaceDownInCamp(sq));
        }
        for sq in setup.face_down {
            if setup.board[sq.index()].is_some() {
                v.push(FlipViolation::Overlap(sq));
            }
        }
        let face_up: Vec<Piece> = Square::all()
            .filter(|&sq| !setup.face_down.contains(sq))
            .filter_map(|sq| setup.board[sq.index()])
            .collect();
        match setup.first_colour {
            None => {
                if face_up.len() as u32 + setup.pool.total() != 50 {
                    v.push(FlipViolation::Unsettled("a piece has been removed"));
                }
                let settling = match mode.colour_rule {
                    ColourRule::FirstFlip => !face_up.is_empty(),
                    ColourRule::FirstEngineer => face_up.iter().any(|p| p.kind == Kind::Engineer),
                    ColourRule::FirstMine => face_up.iter().any(|p| p.kind == Kind::Landmine),
                };
                if settling {
                    v.push(FlipViolation::Unsettled(
                        "a piece that settles them is face up",
                    ));
                }
                // Every ply so far was a flip (L-32): each reset the count, or added one.
                let most = if mode.flip_resets_no_combat {
                    0
                } else {
                    face_up.len() as u32
                };
                if setup.plies_since_attack_or_flip > most {
                    v.push(FlipViolation::UnsettledCount {
                        plies: setup.plies_since_attack_or_flip,
                        most,
                    });
                }
            }
            Some(_) => {
                if setup.pool.total() >= 50 {
                    v.push(FlipViolation::SettledUnflipped);
                }
            }
        }
        let lost = |side: Side| {
            up(side, Kind::Flag) == 0 && setup.pool.count(Piece::new(side, Kind::Flag)) == 0
        };
        if lost(Side::Red) && lost(Side::Blue) {
            v.push(FlipViolation::BothFlagsLost);
        }
        if setup.move_number == 0 {
            v.push(FlipViolation::MoveNumberZero);
        }
        if setup.plies_since_attack_or_flip > u32::from(u16::MAX) {
            v.push(FlipViolation::PliesTooLarge(
                setup.plies_since_attack_or_flip,
            ));
        }
        if !v.is_empty() {
            return Err(FlipPositionError {
                violations: v,
                setup: Box::new(setup),
            });
        }
        let mut board = setup.board;
        for sq in setup.face_down {
            board[sq.index()] = None;
        }
        let turn = setup
            .first_colour
            .map_or(Side::Red, |c| match setup.player {
                Player::First => c,
                Player::Second => c.other(),
            });
        Ok(FlipPosition {
            board: Position::from_board_unplaced(
                &board,
                turn,
                setup.plies_since_attack_or_flip as u16,
                setup.move_number,
                rules,
            ),
            down: setup.face_down,
            pool: setup.pool,
            player: setup.player,
            first_colour: setup.first_colour,
            mode: ModeRules {
                mode: crate::Mode::Flip,
                ..mode
            },
        })
    }

    /// The setup of the state (what its state string says).
    #[must_use]
    pub fn to_setup(&self) -> FlipSetup {
        let mut board = [None; 60];
        for sq in self.board.occupied() {
            board[sq.index()] = self.board.piece_at(sq);
        }
        FlipSetup {
            board,
            face_down: self.down,
            player: self.player,
            first_colour: self.first_colour,
            pool: self.pool,
            plies_since_attack_or_flip: self.board.plies_since_attack(),
            move_number: self.board.move_number(),
        }
    }

    /// A flip state string read under `mode` and `rules`.
    ///
    /// # Errors
    /// [`FlipParseError`]: the syntax, or every reason the state is not valid.
    pub fn parse_with(
        text: &str,
        mode: ModeRules,
        rules: Ruleset,
    ) -> Result<FlipPosition, FlipParseError> {
        Ok(FlipPosition::from_setup(text.parse()?, mode, rules)?)
    }
}

impl FromStr for FlipPosition {
    type Err = FlipParseError;

    /// A flip state string under the default flip options and ruleset.
    fn from_str(s: &str) -> Result<FlipPosition, FlipParseError> {
        FlipPosition::parse_with(s, ModeRules::FLIP, ModeRules::FLIP.default_ruleset())
    }
}

impl fmt::Display for FlipPosition {
    /// The flip state string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

/// A text that is not a flip action: a malformed point or move (L-21), with its column.
pub type FlipActionParseError = MoveParseError;

/// Read an action at the start of `chars`: a point, then optionally a second point.
fn parse_action_prefix(chars: &[char]) -> Result<(FlipAction, usize), MoveParseError> {
    let (from, n) = parse_square_prefix(chars).map_err(MoveParseError::Square)?;
    if n == chars.len() || chars[n] == '=' {
        return Ok((FlipAction::Flip(from), n));
    }
    let (m, k): (Move, usize) = parse_move_prefix(chars)?;
    Ok((FlipAction::Move(m), k))
}

impl FromStr for FlipAction {
    type Err = FlipActionParseError;

    fn from_str(s: &str) -> Result<FlipAction, FlipActionParseError> {
        let chars: Vec<char> = s.chars().collect();
        let (a, n) = parse_action_prefix(&chars)?;
        if n < chars.len() {
            return Err(MoveParseError::Square(SquareParseError::Trailing {
                column: n + 1,
                found: quote(&chars[n..]),
            }));
        }
        Ok(a)
    }
}

/// A text that is not a flip ply (`c6=E`, `c6c7`, `c6c7=e`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FlipPlyParseError {
    /// The action is malformed.
    #[error("{0}")]
    Action(MoveParseError),
    /// After `=`, something other than one piece letter.
    #[error("column {column}: expected one piece letter after '=', found '{found}'")]
    Piece {
        /// Column.
        column: usize,
        /// What was found.
        found: String,
    },
    /// A flip without `=` and the piece it revealed.
    #[error("column {column}: a flip in a record says what it revealed (c6=E)")]
    MissingPiece {
        /// Column after the point.
        column: usize,
    },
}

impl FlipPlyParseError {
    /// The 1-based column (in characters) of the error.
    #[must_use]
    pub fn column(&self) -> usize {
        match self {
            FlipPlyParseError::Action(e) => e.column(),
            FlipPlyParseError::Piece { column, .. }
            | FlipPlyParseError::MissingPiece { column } => *column,
        }
    }
}

impl FromStr for FlipPly {
    type Err = FlipPlyParseError;

    fn from_str(s: &str) -> Result<FlipPly, FlipPlyParseError> {
        let chars: Vec<char> = s.chars().collect();
        let (action, n) = parse_action_prefix(&chars).map_err(FlipPlyParseError::Action)?;
        let rest = &chars[n..];
        let revealed = match rest {
            [] => None,
            ['=', c] => match Piece::from_letter(*c) {
                Some(p) => Some(p),
                None => {
                    return Err(FlipPlyParseError::Piece {
                        column: n + 2,
                        found: c.to_string(),
                    });
                }
            },
            ['=', more @ ..] => {
                return Err(FlipPlyParseError::Piece {
                    column: n + 2,
                    found: quote(more),
                });
            }
            _ => {
                return Err(FlipPlyParseError::Action(MoveParseError::Square(
                    SquareParseError::Trailing {
                        column: n + 1,
                        found: quote(rest),
                    },
                )));
            }
        };
        if matches!(action, FlipAction::Flip(_)) && revealed.is_none() {
            return Err(FlipPlyParseError::MissingPiece { column: n + 1 });
        }
        Ok(FlipPly { action, revealed })
    }
}
