//! A flip game with its history: the plies played with what they revealed, the attacks, and
//! the keys that repetition needs (L-15).

use junqi_game::History;
use thiserror::Error;

use super::{FlipAction, FlipActionList, FlipPlayError, FlipPly, FlipPosition};
use crate::combat::Combat;
use crate::outcome::Outcome;
use crate::piece::Piece;

/// A ply refused by a [`FlipGame`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FlipGameError {
    /// The game is over (repetition included).
    #[error("the game is over ({0})")]
    Over(Outcome),
    /// The position refuses the ply.
    #[error(transparent)]
    Play(#[from] FlipPlayError),
}

/// A flip game: the start, the plies played (each with the piece it revealed), the attacks
/// and the keys of every state reached with how often each occurred (for the ruleset's
/// `repetition`, L-15: the shared model's [`History`], so a game of any length replays in
/// linear time).
///
/// ```
/// use luzhanqi::flip::{FlipGame, FlipPosition};
/// use luzhanqi::rand::{SeedableRng, rngs::StdRng};
///
/// let mut game = FlipGame::new(FlipPosition::start());
/// let mut rng = StdRng::seed_from_u64(1);
/// while game.outcome().is_none() && game.plies().len() < 300 {
///     let actions = game.legal_actions();
///     let a = actions[game.plies().len() * 7 % actions.len()];
///     game.play_random(a, &mut rng)?;
/// }
/// // Replaying the record gives the same state.
/// let again = FlipGame::replay(FlipPosition::start(), game.plies())?;
/// assert_eq!(again.position(), game.position());
/// # Ok::<(), luzhanqi::flip::FlipGameError>(())
/// ```
#[derive(Debug, Clone)]
pub struct FlipGame {
    history: History<FlipPosition>,
    /// The plies as a record holds them (the history's actions with their chances).
    plies: Vec<FlipPly>,
    combats: Vec<Option<Combat>>,
}

impl FlipGame {
    /// A game from `start`.
    #[must_use]
    pub fn new(start: FlipPosition) -> FlipGame {
        FlipGame {
            history: History::new(start),
            plies: Vec::new(),
            combats: Vec::new(),
        }
    }

    /// A game from `start` with `plies` played.
    ///
    /// # Errors
    /// The first ply refused, as [`FlipGame::play`].
    pub fn replay(start: FlipPosition, plies: &[FlipPly]) -> Result<FlipGame, FlipGameError> {
        let mut g = FlipGame::new(start);
        for p in plies {
            g.play(p.action, p.revealed)?;
        }
        Ok(g)
    }
}

junqi_game::getters! {
    impl FlipGame {
        /// The plies played.
        pub plies -> &[FlipPly];
        /// For each ply, the attack it was, if any.
        pub combats -> &[Option<Combat>];
    }
}

junqi_game::history_getters!(FlipGame: FlipPosition);

impl FlipGame {
    /// The verdict: [`FlipPosition::outcome`] with repetition (when the ruleset's `repetition`
    /// is on) in L-16's place.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position()
            .outcome_with_occurrences(self.history.occurrences())
    }

    /// The legal actions, none once the game is over.
    #[must_use]
    pub fn legal_actions(&self) -> FlipActionList {
        self.history.legal_actions()
    }

    /// Play `action` revealing `revealed` (for a chance action); returns the attack it was.
    ///
    /// # Errors
    /// [`FlipGameError::Over`] once the game is decided; the position's refusal otherwise. The
    /// game is unchanged on error.
    pub fn play(
        &mut self,
        action: FlipAction,
        revealed: Option<Piece>,
    ) -> Result<Option<Combat>, FlipGameError> {
        if let Some(o) = self.outcome() {
            return Err(FlipGameError::Over(o));
        }
        let next = self.position().apply(action, revealed)?;
        let combat = self.position().combat(action, revealed);
        self.history.push_position(action, revealed, next);
        self.plies.push(FlipPly { action, revealed });
        self.combats.push(combat);
        Ok(combat)
    }

    /// Play `action`, drawing what it reveals with `rng`; returns the ply.
    ///
    /// # Errors
    /// As [`FlipGame::play`].
    pub fn play_random<R: rand::Rng + ?Sized>(
        &mut self,
        action: FlipAction,
        rng: &mut R,
    ) -> Result<FlipPly, FlipGameError> {
        let revealed = if self.position().is_chance(action) {
            self.position().draw(rng)
        } else {
            None
        };
        self.play(action, revealed)?;
        Ok(FlipPly { action, revealed })
    }

    /// Take back the last ply; `false` at the start. Cost: at most 256 plies replayed from a
    /// stored state.
    pub fn undo(&mut self) -> bool {
        if self.history.pop().is_none() {
            return false;
        }
        self.plies.pop();
        self.combats.pop();
        true
    }
}
