//! The referee of 暗式 (R-37 … R-39): a pure function from the true game and a proposal to
//! what each side is told.

use rand::Rng;
use thiserror::Error;

use crate::deploy::{Opening, OpeningError};
use crate::game::Game;
use crate::hidden::info::{Event, InfoState, Seen};
use crate::hidden::view::PlayerView;
use crate::moves::{Move, MoveInfo, MoveList};
use crate::outcome::Outcome;
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
        })
    }

    /// The opening (both deployments, first mover).
    #[must_use]
    pub fn opening(&self) -> &Opening {
        &self.opening
    }

    /// The true game, for the referee's record; never show it to a player.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every refused proposal as (moves played before it, proposer, move), in order.
    #[must_use]
    pub fn refusals(&self) -> &[(usize, Side, Move)] {
        &self.refusals
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Side {
        self.game.position().turn()
    }

    /// The end, once reached.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

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
