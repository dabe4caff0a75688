//! The referee of 暗式 (R-37 … R-39): a pure function from the true game and a proposal to
//! what each side is told.

use rand::Rng;
use thiserror::Error;

use crate::deploy::{Deployment, Opening, OpeningError};
use crate::endgame::EndgameForce;
use crate::game::Game;
use crate::hidden::info::{Event, InfoState, Seen};
use crate::hidden::view::PlayerView;
use crate::moves::{Move, MoveInfo, MoveList};
use crate::outcome::Outcome;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::ruleset::{AnnounceIllegal, RevealCaptured, Ruleset};
use crate::square::Side;

/// A proposal the referee does not take at all (a refused move is an answer, not an error).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ProposeError {
    /// The game is over.
    #[error("the game is over ({0}); no proposal may follow")]
    Finished(Outcome),
    /// The proposer is not the side to move.
    #[error("{side} proposed, but it is {turn}'s turn")]
    NotYourTurn {
        /// Who proposed.
        side: Side,
        /// Whose turn it is.
        turn: Side,
    },
}

/// A position that cannot start a hidden endgame ([`HiddenGame::endgame`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum HiddenEndgameError {
    /// A side's pieces on the board are not the force named for it.
    #[error("{side} has {found} {kind} on the board, its force {force} has {expected}")]
    ForceMismatch {
        /// The side.
        side: Side,
        /// The force named for it.
        force: EndgameForce,
        /// The first kind (in R-7's order) whose count differs.
        kind: PieceKind,
        /// The force's count of that kind.
        expected: u32,
        /// The position's count.
        found: u32,
    },
    /// A return is pending at the start (R-19): a hidden endgame starts without one, since
    /// a side could not tell which enemy piece is the striker's.
    #[error("{side} has a return pending at the start; a hidden endgame starts without one")]
    PendingReturn {
        /// The side that owes it.
        side: Side,
    },
    /// The position is already decided (R-21 … R-25).
    #[error("the position is already decided ({0}); a hidden endgame starts undecided")]
    Decided(Outcome),
}

/// What one proposal told each side (R-38, R-39): the events appended to each information
/// state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// Whether the proposal was played.
    pub played: bool,
    /// What Red was told, in order.
    pub red: Vec<Event>,
    /// What Green was told, in order.
    pub green: Vec<Event>,
}

impl Told {
    /// What `side` was told.
    #[must_use]
    pub fn to(&self, side: Side) -> &[Event] {
        match side {
            Side::Red => &self.red,
            Side::Green => &self.green,
        }
    }
}

/// A hidden game (暗式, R-37): the true [`Game`] (every rule, draw and end unchanged) behind a
/// referee, and what each side has been told so far.
///
/// Nothing but [`HiddenGame::propose`] changes it, and it plays only moves that
/// [`Game::play`] accepts, so it never reaches a state the true rules forbid.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::{Event, HiddenGame}};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// // Red proposes an infantry step that is not legal (two points): refused, nothing changes.
/// let told = game.propose(Side::Red, "5B4A".parse()?)?;
/// assert!(!told.played);
/// assert_eq!(told.green, vec![]); // announce_illegal: mover
/// let told = game.propose(Side::Red, "5B5A".parse()?)?;
/// assert!(told.played);
/// assert!(matches!(told.green[0], Event::Played(s) if !s.capture));
/// assert_eq!(game.game().moves().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct HiddenGame {
    opening: Opening,
    game: Game,
    states: [InfoState; 2],
    refusals: Vec<(usize, Side, Move)>,
    /// In a hidden endgame, each side's start pieces (board points), told to the other at
    /// the end (R-39).
    endgame: Option<[Vec<(crate::square::Square, PieceKind)>; 2]>,
}

impl HiddenGame {
    /// A hidden game from `opening` under `rules` (which carry `announce_illegal` and
    /// `reveal_captured`).
    ///
    /// # Errors
    /// [`OpeningError`] when a deployment breaks R-32 under `rules`.
    pub fn new(opening: Opening, rules: Ruleset) -> Result<HiddenGame, OpeningError> {
        let start = opening.position(rules)?;
        let states = Side::ALL.map(|side| {
            InfoState::new(
                side,
                opening.first,
                rules,
                *opening.deployment(side),
                start.side_pieces(side.other()),
            )
        });
        Ok(HiddenGame {
            opening,
            game: Game::new(start),
            states,
            refusals: Vec::new(),
            endgame: None,
        })
    }

    /// A hidden endgame (see `docs/rules.md`, "Hidden endgames"): the true game starts from
    /// `start`, a valid position (R-26) with Red's force `red` and Green's `green` on the
    /// board, its side to move first, under its ruleset. Each side knows its own pieces with
    /// their kinds, every enemy point, and the enemy's force (how many of each kind: public,
    /// as the game names it), not which enemy piece is which (R-37). There are no
    /// deployments: [`HiddenGame::opening`] holds two empty ones, and the end tells each side
    /// the enemy's start ([`InfoState::enemy_start_told`]).
    ///
    /// # Errors
    /// [`HiddenEndgameError`]: a force that is not the position's, a pending return, a
    /// decided position.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Position, Side, endgame::EndgameForce, hidden::HiddenGame};
    /// let start: Position = "4k4/9/1ii6/9/9/9/9/9/9/4K1I2 r - 0 1".parse()?;
    /// let (red, green): (EndgameForce, EndgameForce) = ("I".parse()?, "II".parse()?);
    /// let mut game = HiddenGame::endgame(start, red, green)?;
    /// let state = game.info_state(Side::Red);
    /// assert_eq!(state.to_string(), "r r 4x4/9/1xx6/9/9/9/9/9/9/4K1I2 II");
    /// assert_eq!(state.enemy_force(), Some(green));
    /// // The force must be the position's.
    /// let start: Position = "4k4/9/1ii6/9/9/9/9/9/9/4K1I2 r - 0 1".parse()?;
    /// assert!(HiddenGame::endgame(start, red, red).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn endgame(
        start: Position,
        red: EndgameForce,
        green: EndgameForce,
    ) -> Result<HiddenGame, HiddenEndgameError> {
        for (side, force) in [(Side::Red, red), (Side::Green, green)] {
            for kind in PieceKind::ALL {
                let (expected, found) = (force.count(kind), start.pieces(side, kind).count());
                if expected != found {
                    return Err(HiddenEndgameError::ForceMismatch {
                        side,
                        force,
                        kind,
                        expected,
                        found,
                    });
                }
            }
            if start.pending_return(side).is_some() {
                return Err(HiddenEndgameError::PendingReturn { side });
            }
        }
        let game = Game::new(start);
        if let Some(o) = game.outcome() {
            return Err(HiddenEndgameError::Decided(o));
        }
        let start = game.position();
        let pieces = Side::ALL.map(|side| {
            start
                .side_pieces(side)
                .into_iter()
                .filter_map(|sq| start.piece_at(sq).map(|p| (sq, p.kind)))
                .collect::<Vec<_>>()
        });
        let states = [
            InfoState::endgame(Side::Red, start, green),
            InfoState::endgame(Side::Green, start, red),
        ];
        Ok(HiddenGame {
            opening: Opening::new(Deployment::EMPTY, Deployment::EMPTY, start.turn()),
            game,
            states,
            refusals: Vec::new(),
            endgame: Some(pieces),
        })
    }

    /// Whether this is a hidden endgame ([`HiddenGame::endgame`]).
    ///
    /// ```
    /// use gjjq_core::{Ruleset, deploy::Opening, hidden::HiddenGame};
    /// assert!(!HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?.is_endgame());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_endgame(&self) -> bool {
        self.endgame.is_some()
    }
}

junqi_game::getters! {
    impl HiddenGame {
        /// The opening (both deployments, first mover); in a hidden endgame two empty
        /// deployments and the first mover ([`HiddenGame::endgame`]).
        pub opening -> &Opening;
        /// The true game, for the referee's record; never show it to a player.
        pub game -> &Game;
        /// Every refused proposal as (moves played before it, proposer, move), in order.
        pub refusals -> &[(usize, Side, Move)];
        /// The side to move.
        pub turn -> Side = game.position().turn();
        /// The end, once reached.
        pub outcome -> Option<Outcome> = game.outcome();
    }
}

impl HiddenGame {
    /// What `side` has been told (R-41).
    #[must_use]
    pub fn info_state(&self, side: Side) -> &InfoState {
        &self.states[side.index()]
    }

    /// `side`'s view, computed from its information state alone.
    #[must_use]
    pub fn view(&self, side: Side) -> PlayerView {
        PlayerView::new(self.info_state(side))
    }

    /// `side` proposes `m` (R-38). A legal move is played and both sides are told what R-39
    /// gives them (and the end, if it came); an illegal one is refused, nothing changes, and
    /// only the proposer hears of it (the opponent too under `announce_illegal: both`, without
    /// the move).
    ///
    /// # Errors
    /// [`ProposeError`] when the game is over or it is not `side`'s turn.
    pub fn propose(&mut self, side: Side, m: Move) -> Result<Told, ProposeError> {
        if let Some(o) = self.game.outcome() {
            return Err(ProposeError::Finished(o));
        }
        let turn = self.turn();
        if side != turn {
            return Err(ProposeError::NotYourTurn { side, turn });
        }
        let rules = *self.game.position().ruleset();
        let before = self.game.position().clone();
        let info = before.classify(m);
        let mut told = Told {
            played: false,
            red: Vec::new(),
            green: Vec::new(),
        };
        match (info, self.game.play(m)) {
            (Some(info), Ok(())) => {
                told.played = true;
                for viewer in Side::ALL {
                    let seen = observe(&before, m, &info, self.game.position(), viewer, &rules);
                    self.tell(&mut told, viewer, Event::Played(seen));
                }
                if let Some(outcome) = self.game.outcome() {
                    for viewer in Side::ALL {
                        let enemy = *self.opening.deployment(viewer.other());
                        if let Some(pieces) = &self.endgame {
                            let start = pieces[viewer.other().index()].clone();
                            if let Some(e) = self.states[viewer.index()].endgame.as_mut() {
                                e.told = Some(start);
                            }
                        }
                        self.tell(&mut told, viewer, Event::End { outcome, enemy });
                    }
                }
            }
            _ => {
                self.refusals.push((self.game.moves().len(), side, m));
                self.tell(&mut told, side, Event::Refused(m));
                if rules.hidden.announce_illegal == AnnounceIllegal::Both {
                    self.tell(&mut told, side.other(), Event::OpponentRefused);
                }
            }
        }
        Ok(told)
    }

    /// Play on with two proposers that each pick uniformly among their candidates
    /// ([`PlayerView::candidates`]) not yet refused this turn, until the game ends or
    /// `max_plies` moves have been played. Returns the end, if reached. A proposer always
    /// finds a legal move among its candidates (they are a superset of the legal moves), so
    /// every game ends by the rules (R-21 … R-25) or by the cap.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Ruleset, deploy::Opening, hidden::HiddenGame};
    /// use rand::{SeedableRng, rngs::StdRng};
    /// let mut rules = Ruleset::STANDARD;
    /// rules.no_capture_limit = std::num::NonZeroU32::new(40);
    /// let mut game = HiddenGame::new(Opening::default_opening(), rules)?;
    /// let end = game.play_out(&mut StdRng::seed_from_u64(7), 10_000);
    /// assert!(end.is_some());
    /// # Ok::<(), gjjq_core::deploy::OpeningError>(())
    /// ```
    pub fn play_out<R: Rng + ?Sized>(&mut self, rng: &mut R, max_plies: usize) -> Option<Outcome> {
        let mut views = Side::ALL.map(|s| self.view(s));
        let mut untried: Option<MoveList> = None;
        while self.outcome().is_none() && self.game.moves().len() < max_plies {
            let side = self.turn();
            let list = untried.get_or_insert_with(|| views[side.index()].candidates());
            if list.is_empty() {
                // Unreachable while candidates are a superset of the legal moves.
                return None;
            }
            let m = list.swap_remove(rng.random_range(0..list.len()));
            let told = self.propose(side, m).ok()?;
            for s in Side::ALL {
                for e in told.to(s) {
                    views[s.index()].tell(e);
                }
            }
            if told.played {
                untried = None;
            }
        }
        self.outcome()
    }

    fn tell(&mut self, told: &mut Told, side: Side, e: Event) {
        self.states[side.index()].push(e);
        match side {
            Side::Red => told.red.push(e),
            Side::Green => told.green.push(e),
        }
    }
}

/// What `viewer` is told of the legal move `m` (classified `info` in `before`, giving
/// `after`), R-39. The same function judges worlds (R-41), so a world is compared on exactly
/// what the referee tells.
pub(crate) fn observe(
    before: &Position,
    m: Move,
    info: &MoveInfo,
    after: &Position,
    viewer: Side,
    rules: &Ruleset,
) -> Seen {
    let mover = before.turn();
    let capture = info.captured.is_some();
    let told_kind = viewer != mover || rules.hidden.reveal_captured == RevealCaptured::ToCaptor;
    Seen {
        mv: m,
        capture,
        stayed: capture && after.piece_at(m.from()).is_some_and(|p| p.side == mover),
        removed: info.removal.map(|r| r.striker()),
        captured_kind: info.captured.filter(|_| told_kind),
    }
}
