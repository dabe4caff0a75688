//! The referee of 暗棋 (L-31): the true game from two deployments, and what it announces.

use rand::Rng;
use thiserror::Error;

use crate::deploy::{Deployment, OpeningError, opening};
use crate::moves::Move;
use crate::outcome::{Game, GameError, Outcome};
use crate::piece::{Kind, Side};
use crate::ruleset::FlagCapture;

use super::announce::Announcement;
use super::info::{DarkRules, InfoState};
use super::view::DarkView;

/// A dark game that cannot start, or a move the referee does not play.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DarkError {
    /// A deployment breaks L-17.
    #[error(transparent)]
    Opening(#[from] OpeningError),
    /// `flag_capture` is `after_mines` or `engineer`, which need the attacker to know which
    /// piece is the flag: 暗棋 takes `any` only (L-12).
    #[error("暗棋 takes flag_capture any only (L-12)")]
    FlagCapture,
    /// `forbid_losing_attacks` is on, which needs the attacker to know the defender's kind:
    /// 暗棋 plays without it (L-11, L-31: there are no refusals).
    #[error("暗棋 takes forbid_losing_attacks off only (L-11, L-31)")]
    LosingAttacks,
    /// The move is not legal, or the game is over. Legality depends only on the board and
    /// the mover's own kinds (L-31), so a player can always know it beforehand
    /// ([`DarkView::legal_moves`]): this is a caller's error, not a refusal told to anyone.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// A dark game (暗棋, L-31): the true [`Game`] of two deployments (every rule and end as in
/// the open game, adjudicated by [`Game::outcome`]) behind a referee, and what each side has
/// been told.
///
/// ```
/// use luzhanqi::dark::{DarkGame, DarkRules};
/// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
/// use luzhanqi::{AttackOutcome, Side};
/// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
/// let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// let a = game.play("c5b5".parse()?)?; // a quiet step into a camp
/// assert_eq!(a.result, None);
/// let a = game.play("c7c6".parse()?)?; // Blue's engineer meets Red's: both removed
/// assert_eq!(a.result, Some(AttackOutcome::BothRemoved));
/// assert_eq!(game.info_state(Side::Red).history().len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct DarkGame {
    deployments: [Deployment; 2],
    first: Side,
    rules: DarkRules,
    game: Game,
    states: [InfoState; 2],
}

/// Play `m` in `game` and say what the referee announces (L-31). The same function judges
/// worlds, so a world is compared on exactly what the referee tells.
pub(crate) fn announce(
    game: &mut Game,
    m: Move,
    marshal_reveals_flag: bool,
) -> Result<Announcement, GameError> {
    let mover = game.position().turn();
    let combat = game.play(m)?;
    let mut a = Announcement::quiet(m);
    if let Some(c) = combat {
        a.result = Some(c.outcome);
        if marshal_reveals_flag {
            let pos = game.position();
            for (side, removed) in [
                (mover, c.attacker == Kind::Marshal && c.attacker_removed()),
                (
                    mover.other(),
                    c.defender == Kind::Marshal && c.defender_removed(),
                ),
            ] {
                if removed {
                    a.flag_shown[side.index()] = pos.pieces(side, Kind::Flag).iter().next();
                }
            }
        }
    }
    a.end = game.outcome();
    Ok(a)
}

impl DarkGame {
    /// A dark game from Red's and Blue's deployments (own frames, L-19) with `first` to move.
    ///
    /// # Errors
    /// [`DarkError::Opening`] for a deployment that breaks L-17, [`DarkError::FlagCapture`]
    /// for `flag_capture` other than `any`, [`DarkError::LosingAttacks`] for
    /// `forbid_losing_attacks`.
    pub fn new(
        red: &Deployment,
        blue: &Deployment,
        first: Side,
        rules: DarkRules,
    ) -> Result<DarkGame, DarkError> {
        if rules.rules.flag_capture != FlagCapture::Any {
            return Err(DarkError::FlagCapture);
        }
        if rules.rules.forbid_losing_attacks() {
            return Err(DarkError::LosingAttacks);
        }
        let start = opening(red, blue, first, rules.rules)?;
        Ok(DarkGame {
            deployments: [*red, *blue],
            first,
            rules,
            game: Game::new(start),
            states: [
                InfoState::new(Side::Red, first, *red, rules),
                InfoState::new(Side::Blue, first, *blue, rules),
            ],
        })
    }

    /// `side`'s deployment (own frame).
    #[must_use]
    pub fn deployment(&self, side: Side) -> &Deployment {
        &self.deployments[side.index()]
    }
}

junqi_game::getters! {
    impl DarkGame {
        /// The true game, for the referee's record; never show it to a player.
        pub game -> &Game;
        /// The first mover.
        pub first -> Side;
        /// The rules.
        pub rules -> &DarkRules;
        /// The side to move.
        pub turn -> Side = game.position().turn();
        /// The end, once reached (the open game's adjudication, L-13 … L-16).
        pub outcome -> Option<Outcome> = game.outcome();
    }
}

impl DarkGame {
    /// Every announcement so far (both sides hear the same).
    #[must_use]
    pub fn history(&self) -> &[Announcement] {
        self.states[0].history()
    }

    /// What `side` has been told: its information state.
    #[must_use]
    pub fn info_state(&self, side: Side) -> &InfoState {
        &self.states[side.index()]
    }

    /// `side`'s view, computed from its information state alone.
    #[must_use]
    pub fn view(&self, side: Side) -> DarkView {
        DarkView::new(self.info_state(side))
    }

    /// The side to move plays `m`; both sides hear the announcement.
    ///
    /// # Errors
    /// [`DarkError::Game`] when the game is over or `m` is not legal; nothing changes.
    pub fn play(&mut self, m: Move) -> Result<Announcement, DarkError> {
        let a = announce(&mut self.game, m, self.rules.marshal_reveals_flag)?;
        for s in &mut self.states {
            s.push(a);
        }
        Ok(a)
    }

    /// Play on with both sides choosing uniformly among their legal moves until the game
    /// ends or `max_plies` moves have been played in all; the end, if reached.
    ///
    /// ```
    /// use luzhanqi::dark::{DarkGame, DarkRules};
    /// use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
    /// use rand::{SeedableRng, rngs::StdRng};
    /// let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
    /// let mut game = DarkGame::new(&d, &d, luzhanqi::Side::Red, DarkRules::STANDARD)?;
    /// assert!(game.play_random(&mut StdRng::seed_from_u64(1), 10_000).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_random<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: usize,
    ) -> Option<Outcome> {
        while self.outcome().is_none() && self.game.moves().len() < max_plies {
            let moves = self.game.legal_moves();
            let m = moves[rng.random_range(0..moves.len())];
            self.play(m).ok()?;
        }
        self.outcome()
    }
}
