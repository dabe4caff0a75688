//! Adjudication of a game beyond the rules by the scores its engines report (fastchess's and
//! cutechess's `-resign` and `-draw`: streaks of agreeing scores, counted ply by ply), for any
//! game of two seats. (国际军棋's adjudication by endgame tables is its own:
//! `open_game::by_tablebase`.)

use junqi_game::Seat;
use junqi_protocol::Score;

use crate::config::Adjudication;
use crate::game::Played;
use crate::process::Answer;
use crate::report::{Ending, Termination};
use crate::seats::{opponent, seat_word};

/// The streaks of one game.
#[derive(Debug, Clone)]
pub(crate) struct ScoreAdjudicator {
    rules: Adjudication,
    /// The seat every score of the current streak calls winning, and the streak's length in
    /// plies.
    winning: Option<(Seat, u32)>,
    /// Plies in a row with a score within the draw band.
    level: u32,
}

impl ScoreAdjudicator {
    pub(crate) fn new(rules: Adjudication) -> ScoreAdjudicator {
        ScoreAdjudicator {
            rules,
            winning: None,
            level: 0,
        }
    }

    /// Count the move that `mover` just played ([`ScoreAdjudicator::after_move`], its score
    /// from `answer`), the game now `plies` long: the move stands ([`Played::Move`]) unless a
    /// streak ends a game the rules have not (`over`: the rules' own end comes first, and the
    /// match loop sees it).
    pub(crate) fn judge(
        &mut self,
        mover: Seat,
        answer: &Answer,
        plies: usize,
        over: impl FnOnce() -> bool,
    ) -> Result<Played, Ending> {
        match self.after_move(mover, answer.score, plies) {
            Some(ending) if !over() => Err(ending),
            _ => Ok(Played::Move),
        }
    }

    /// Count the move that `mover` just played with `score` (from the mover's view), the
    /// game now `plies` long; the ending once a streak is long enough. A move without a score
    /// breaks every streak.
    pub(crate) fn after_move(
        &mut self,
        mover: Seat,
        score: Option<Score>,
        plies: usize,
    ) -> Option<Ending> {
        let Some(score) = score else {
            self.winning = None;
            self.level = 0;
            return None;
        };
        if let Some(r) = self.rules.resign {
            let margin = i32::try_from(r.score_cp).unwrap_or(i32::MAX);
            let ahead = if score >= Score::Cp(margin) {
                Some(mover)
            } else if score <= Score::Cp(margin.saturating_neg()) {
                Some(opponent(mover))
            } else {
                None
            };
            self.winning = match (ahead, self.winning) {
                (Some(w), Some((v, n))) if w == v => Some((w, n + 1)),
                (Some(w), _) => Some((w, 1)),
                (None, _) => None,
            };
            if let Some((w, n)) = self.winning
                && n >= r.moves.get().saturating_mul(2)
            {
                return Some((
                    Some(w),
                    Termination::ResignAdjudication,
                    format!(
                        "both engines scored {} ahead by {} cp or more for {} moves each",
                        seat_word(w),
                        r.score_cp,
                        r.moves
                    ),
                ));
            }
        }
        if let Some(d) = self.rules.draw {
            let band = i32::try_from(d.score_cp).unwrap_or(i32::MAX);
            let level = score >= Score::Cp(band.saturating_neg()) && score <= Score::Cp(band);
            self.level = if level && plies >= d.after_ply as usize {
                self.level + 1
            } else {
                0
            };
            if self.level >= d.moves.get().saturating_mul(2) {
                return Some((
                    None,
                    Termination::DrawAdjudication,
                    format!(
                        "both engines scored within {} cp of 0 for {} moves each from ply {}",
                        d.score_cp, d.moves, d.after_ply
                    ),
                ));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{DrawAdjudication, ResignAdjudication};
    use crate::seats::SEATS;
    use std::num::NonZeroU32;

    const RED: Seat = SEATS[0];
    const GREEN: Seat = SEATS[1];

    fn resign(score_cp: u32, moves: u32) -> ScoreAdjudicator {
        ScoreAdjudicator::new(Adjudication {
            resign: Some(ResignAdjudication {
                score_cp,
                moves: NonZeroU32::new(moves).unwrap(),
            }),
            draw: None,
        })
    }

    #[test]
    fn agreeing_scores_give_the_game_to_the_side_ahead() {
        let mut a = resign(500, 2);
        // Red says it is ahead, Green says it is behind: one side, four plies.
        let plies = [
            (RED, Score::Cp(600)),
            (GREEN, Score::Cp(-700)),
            (RED, Score::Win(9)),
        ];
        for (i, (s, v)) in plies.into_iter().enumerate() {
            assert_eq!(a.after_move(s, Some(v), i + 1), None);
        }
        let (winner, why, _) = a.after_move(GREEN, Some(Score::Loss(8)), 4).unwrap();
        assert_eq!((winner, why), (Some(RED), Termination::ResignAdjudication));
    }

    #[test]
    fn a_disagreeing_or_missing_score_breaks_the_streak() {
        let mut a = resign(500, 1);
        assert_eq!(a.after_move(RED, Some(Score::Cp(900)), 1), None);
        // Green thinks it is fine: the streak starts again.
        assert_eq!(a.after_move(GREEN, Some(Score::Cp(0)), 2), None);
        assert_eq!(a.after_move(RED, Some(Score::Cp(900)), 3), None);
        assert_eq!(a.after_move(GREEN, None, 4), None);
        assert_eq!(a.after_move(RED, Some(Score::Cp(900)), 5), None);
        assert!(a.after_move(GREEN, Some(Score::Cp(-900)), 6).is_some());
    }

    #[test]
    fn level_scores_draw_only_after_the_stated_ply() {
        let mut a = ScoreAdjudicator::new(Adjudication {
            resign: None,
            draw: Some(DrawAdjudication {
                score_cp: 10,
                moves: NonZeroU32::MIN,
                after_ply: 4,
            }),
        });
        assert_eq!(a.after_move(RED, Some(Score::Cp(0)), 2), None);
        assert_eq!(a.after_move(GREEN, Some(Score::Cp(5)), 3), None);
        assert_eq!(a.after_move(RED, Some(Score::Cp(-10)), 4), None);
        let (winner, why, _) = a.after_move(GREEN, Some(Score::Cp(3)), 5).unwrap();
        assert_eq!((winner, why), (None, Termination::DrawAdjudication));
    }

    #[test]
    fn off_by_default() {
        let mut a = ScoreAdjudicator::new(Adjudication::default());
        for i in 0..100 {
            assert_eq!(a.after_move(RED, Some(Score::Cp(5000)), i), None);
        }
    }
}
