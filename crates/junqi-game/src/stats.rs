//! Match statistics as cutechess-cli and fastchess report them: the Elo difference with a 95 %
//! interval, the likelihood of superiority (LOS), and the sequential probability ratio test
//! (SPRT), on single games (trinomial: W/D/L, the SPRT in its BayesElo form with cutechess's
//! draw-rate scaling) and on game pairs (pentanomial, fishtest's convention: the two games of
//! one opening with colours swapped are one sample, which removes the opening's bias from the
//! variance; the SPRT is the normal approximation of the generalised SPRT on the logistic
//! Elo).

use std::fmt;

/// Wins, draws and losses of the first player.
///
/// # Examples
///
/// ```
/// use junqi_game::stats::Tally;
/// let t = Tally { wins: 6, draws: 2, losses: 2 };
/// assert_eq!(t.games(), 10);
/// assert_eq!(t.score(), 0.7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// The 97.5 % quantile of the standard normal distribution (a two-sided 95 % interval).
const Z95: f64 = 1.959_963_984_540_054;

/// The logistic Elo difference for an expected score.
fn elo_of(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Error function (Abramowitz and Stegun 7.1.26, |error| < 1.5e-7): enough for a LOS in
/// percent.
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

impl Tally {
    /// Count a game that gave the first engine `points`: 1 a win, 0 a loss, anything else a
    /// draw (as [`Pentanomial::add_pair`] counts a pair's games).
    ///
    /// ```
    /// use junqi_game::stats::Tally;
    /// let mut t = Tally::default();
    /// for p in [1.0, 0.5, 0.0, 1.0] {
    ///     t.add(p);
    /// }
    /// assert_eq!((t.wins, t.draws, t.losses), (2, 1, 1));
    /// ```
    pub fn add(&mut self, points: f64) {
        if points == 1.0 {
            self.wins += 1;
        } else if points == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score fraction: (wins + draws / 2) / games (0.5 with no games).
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// The Elo difference and the half-width of its 95 % interval, as cutechess computes
    /// them: from the score and the standard deviation of the per-game score. `None` while
    /// the score is 0 or 1 (the difference is infinite).
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_game::stats::Tally;
    /// let (elo, margin) = Tally { wins: 60, draws: 20, losses: 20 }.elo().unwrap();
    /// assert!((elo - 147.19).abs() < 0.01, "{elo}");
    /// assert!((margin - 66.05).abs() < 0.1, "{margin}");
    /// assert_eq!(Tally { wins: 3, draws: 0, losses: 0 }.elo(), None);
    /// ```
    #[must_use]
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        let s = self.score();
        if self.games() == 0 || s <= 0.0 || s >= 1.0 {
            return None;
        }
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        let variance = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * (0.0 - s).powi(2);
        let deviation = (variance / n).sqrt();
        let lo = (s - Z95 * deviation).max(1e-9);
        let hi = (s + Z95 * deviation).min(1.0 - 1e-9);
        Some((elo_of(s), (elo_of(hi) - elo_of(lo)) / 2.0))
    }

    /// The likelihood of superiority: the probability that the first player is the stronger,
    /// from wins and losses (draws carry no information), 0.5 with neither.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_game::stats::Tally;
    /// assert_eq!(Tally { wins: 5, draws: 3, losses: 5 }.los(), 0.5);
    /// let los = Tally { wins: 30, draws: 10, losses: 20 }.los();
    /// assert!((los - 0.9214).abs() < 1e-3, "{los}");
    /// ```
    #[must_use]
    pub fn los(&self) -> f64 {
        let (w, l) = (f64::from(self.wins), f64::from(self.losses));
        if w == l {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }
}

impl fmt::Display for Tally {
    /// `W 6 D 2 L 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "W {} D {} L {}", self.wins, self.draws, self.losses)
    }
}

/// Game pairs by the first engine's points in the pair (the same opening, colours swapped):
/// `counts[k]` is the number of pairs it scored `k / 2` points in, so `counts` is
/// (LL, LD, DD or WL, WD, WW).
///
/// # Examples
///
/// ```
/// use junqi_game::stats::Pentanomial;
/// let mut p = Pentanomial::default();
/// p.add_pair(1.0, 0.5); // a win and a draw
/// p.add_pair(0.0, 1.0); // a loss and a win
/// assert_eq!(p.counts, [0, 0, 1, 1, 0]);
/// assert_eq!(p.pairs(), 2);
/// assert_eq!(p.score(), 0.625);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pentanomial {
    /// Pairs by half-points scored: 0, ½, 1, 1½, 2.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Count a pair whose games gave the first engine `a` and `b` points (each 0, ½ or 1;
    /// other values are clamped to that range and rounded to a half).
    pub fn add_pair(&mut self, a: f64, b: f64) {
        let half_points = (2.0 * (a.clamp(0.0, 1.0) + b.clamp(0.0, 1.0))).round() as usize;
        self.counts[half_points.min(4)] += 1;
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The mean score of a pair's sample in `0..=1` and its variance (per pair).
    fn moments(&self) -> (f64, f64) {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return (0.5, 0.0);
        }
        let x = |k: usize| k as f64 / 4.0;
        let mean = (0..5)
            .map(|k| x(k) * f64::from(self.counts[k]))
            .sum::<f64>()
            / n;
        let var = (0..5)
            .map(|k| (x(k) - mean).powi(2) * f64::from(self.counts[k]))
            .sum::<f64>()
            / n;
        (mean, var)
    }

    /// The first engine's score fraction over the paired games (0.5 with no pairs).
    #[must_use]
    pub fn score(&self) -> f64 {
        self.moments().0
    }

    /// The Elo difference and the half-width of its 95 % interval, from the pairs' variance;
    /// `None` at a score of 0 or 1, or with no spread at all (every pair alike).
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_game::stats::Pentanomial;
    /// let p = Pentanomial { counts: [5, 20, 50, 20, 5] };
    /// let (elo, margin) = p.elo().unwrap();
    /// assert!(elo.abs() < 1e-9 && margin > 0.0);
    /// assert!(Pentanomial { counts: [0, 0, 7, 0, 0] }.elo().is_none());
    /// ```
    #[must_use]
    pub fn elo(&self) -> Option<(f64, f64)> {
        let (mean, var) = self.moments();
        if self.pairs() == 0 || mean <= 0.0 || mean >= 1.0 || var <= 0.0 {
            return None;
        }
        let sd = (var / f64::from(self.pairs())).sqrt();
        let lo = elo_of((mean - Z95 * sd).max(1e-9));
        let hi = elo_of((mean + Z95 * sd).min(1.0 - 1e-9));
        Some((elo_of(mean), (hi - lo) / 2.0))
    }

    /// The 95 % confidence interval of the first engine's score fraction, from the spread of
    /// the pair scores (the normal approximation with the sample variance, so the correlation
    /// inside a pair is counted), within `0..=1`; `(score, score)` with fewer than two pairs.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_game::stats::Pentanomial;
    /// let (lo, hi) = Pentanomial { counts: [1, 2, 4, 2, 1] }.score_interval();
    /// assert!((lo - 0.3211).abs() < 1e-3 && (hi - 0.6789).abs() < 1e-3, "{lo} {hi}");
    /// assert_eq!(Pentanomial { counts: [0, 0, 0, 1, 0] }.score_interval(), (0.75, 0.75));
    /// ```
    #[must_use]
    pub fn score_interval(&self) -> (f64, f64) {
        let (mean, var) = self.moments();
        let n = f64::from(self.pairs());
        if self.pairs() < 2 {
            return (mean, mean);
        }
        let half = Z95 * (var * n / (n - 1.0) / n).sqrt();
        ((mean - half).max(0.0), (mean + half).min(1.0))
    }

    /// The likelihood of superiority: the probability that the first engine is the stronger,
    /// under the normal approximation of the pairs' mean (0.5 with no spread).
    #[must_use]
    pub fn los(&self) -> f64 {
        let (mean, var) = self.moments();
        if self.pairs() == 0 || var <= 0.0 {
            return 0.5;
        }
        let sd = (var / f64::from(self.pairs())).sqrt();
        0.5 * (1.0 + erf((mean - 0.5) / (sd * std::f64::consts::SQRT_2)))
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.counts;
        write!(f, "[{a}, {b}, {c}, {d}, {e}]")
    }
}

/// The hypotheses and error rates of an SPRT: H0 "the Elo difference is `elo0`" against H1
/// "it is `elo1`", with false-positive rate `alpha` and false-negative rate `beta`.
///
/// # Examples
///
/// ```
/// use junqi_game::stats::Sprt;
/// let s: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
/// assert_eq!(s, Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 });
/// assert!("elo0=0 elo1=10".parse::<Sprt>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo difference under H0.
    pub elo0: f64,
    /// The Elo difference under H1.
    pub elo1: f64,
    /// The probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtStatus {
    /// The log-likelihood ratio of H1 against H0.
    pub llr: f64,
    /// Accept H0 at or below this.
    pub lower: f64,
    /// Accept H1 at or above this.
    pub upper: f64,
    /// The decision, if made.
    pub decision: Option<SprtDecision>,
}

/// An SPRT's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtDecision {
    /// H0 accepted: the difference is `elo0` (or less).
    H0,
    /// H1 accepted: the difference is `elo1` (or more).
    H1,
}

/// An SPRT specification that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("SPRT '{text}': expected 'elo0=E0 elo1=E1 alpha=A beta=B' with E0 < E1 and 0 < A, B < 0.5")]
pub struct SprtParseError {
    text: String,
}

impl SprtParseError {
    /// The text that did not parse (as given, or clipped where the error says so).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl std::str::FromStr for Sprt {
    type Err = SprtParseError;

    fn from_str(s: &str) -> Result<Sprt, SprtParseError> {
        let err = || SprtParseError {
            text: s.to_string(),
        };
        let mut v = [None; 4];
        for part in s.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (k, x) = part.split_once('=').ok_or_else(err)?;
            let i = ["elo0", "elo1", "alpha", "beta"]
                .iter()
                .position(|&n| n == k)
                .ok_or_else(err)?;
            v[i] = Some(x.parse::<f64>().map_err(|_| err())?);
        }
        let [Some(elo0), Some(elo1), Some(alpha), Some(beta)] = v else {
            return Err(err());
        };
        if !(elo0 < elo1 && alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) {
            return Err(err());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// Win and loss probabilities under the BayesElo model for an Elo difference and a draw Elo.
fn bayes_probabilities(elo: f64, draw_elo: f64) -> (f64, f64, f64) {
    let w = 1.0 / (1.0 + 10f64.powf((draw_elo - elo) / 400.0));
    let l = 1.0 / (1.0 + 10f64.powf((draw_elo + elo) / 400.0));
    (w, l, 1.0 - w - l)
}

impl Sprt {
    /// The test's state after `t`. The log-likelihood ratio is 0 until there is at least one
    /// win, one draw and one loss (the draw model needs all three), as in cutechess.
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_game::stats::{Sprt, SprtDecision, Tally};
    /// let s: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
    /// let st = s.status(&Tally { wins: 0, draws: 5, losses: 0 });
    /// assert_eq!((st.llr, st.decision), (0.0, None));
    /// assert!((st.upper - 2.944).abs() < 1e-3 && (st.lower + 2.944).abs() < 1e-3);
    /// // A crushing score accepts H1.
    /// let st = s.status(&Tally { wins: 300, draws: 50, losses: 100 });
    /// assert_eq!(st.decision, Some(SprtDecision::H1));
    /// let st = s.status(&Tally { wins: 100, draws: 50, losses: 300 });
    /// assert_eq!(st.decision, Some(SprtDecision::H0));
    /// ```
    #[must_use]
    pub fn status(&self, t: &Tally) -> SprtStatus {
        let mut llr = 0.0;
        if t.wins > 0 && t.losses > 0 && t.draws > 0 {
            let n = f64::from(t.games());
            let (pw, pl) = (f64::from(t.wins) / n, f64::from(t.losses) / n);
            let draw_elo = 200.0 * ((1.0 - pl) / pl * (1.0 - pw) / pw).log10();
            // cutechess's scaling: elo0 and elo1 are logistic Elo, the model is BayesElo.
            let x = 10f64.powf(-draw_elo / 400.0);
            let scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
            let (w0, l0, d0) = bayes_probabilities(self.elo0 / scale, draw_elo);
            let (w1, l1, d1) = bayes_probabilities(self.elo1 / scale, draw_elo);
            llr = f64::from(t.wins) * (w1 / w0).ln()
                + f64::from(t.losses) * (l1 / l0).ln()
                + f64::from(t.draws) * (d1 / d0).ln();
        }
        self.decide(llr)
    }

    /// The test's state after the pairs `p` (fishtest's convention): the log-likelihood ratio
    /// of the normal approximation to the generalised SPRT on the logistic Elo,
    /// `N (s1 − s0) (2 m − s0 − s1) / (2 v)`, where `m` and `v` are the mean and variance of
    /// a pair's score and `s0`, `s1` the expected scores of `elo0` and `elo1`. It is 0 while
    /// every pair is alike (no variance yet).
    ///
    /// # Examples
    ///
    /// ```
    /// use junqi_game::stats::{Pentanomial, Sprt, SprtDecision};
    /// let s: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
    /// assert_eq!(s.status_pentanomial(&Pentanomial { counts: [0, 0, 9, 0, 0] }).llr, 0.0);
    /// let strong = Pentanomial { counts: [10, 40, 100, 80, 40] };
    /// assert_eq!(s.status_pentanomial(&strong).decision, Some(SprtDecision::H1));
    /// let weak = Pentanomial { counts: [40, 80, 100, 40, 10] };
    /// assert_eq!(s.status_pentanomial(&weak).decision, Some(SprtDecision::H0));
    /// ```
    #[must_use]
    pub fn status_pentanomial(&self, p: &Pentanomial) -> SprtStatus {
        let (mean, var) = p.moments();
        let llr = if var > 0.0 {
            let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
            let (s0, s1) = (expected(self.elo0), expected(self.elo1));
            f64::from(p.pairs()) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
        } else {
            0.0
        };
        self.decide(llr)
    }

    /// The bounds of the test and the decision for a log-likelihood ratio.
    fn decide(&self, llr: f64) -> SprtStatus {
        let lower = (self.beta / (1.0 - self.alpha)).ln();
        let upper = ((1.0 - self.beta) / self.alpha).ln();
        let decision = if llr >= upper {
            Some(SprtDecision::H1)
        } else if llr <= lower {
            Some(SprtDecision::H0)
        } else {
            None
        };
        SprtStatus {
            llr,
            lower,
            upper,
            decision,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_known_values() {
        for (x, want) in [
            (0.0, 0.0),
            (0.5, 0.520_499_9),
            (1.0, 0.842_700_8),
            (-2.0, -0.995_322_3),
        ] {
            assert!((erf(x) - want).abs() < 1e-6, "erf({x})");
        }
    }

    // The score interval from the counts equals the one from the pair scores themselves (the
    // sample variance of each pair's mean score), as `luzhanqi-engine`'s matches computed it.
    #[test]
    fn score_interval_matches_the_pair_samples() {
        let p = Pentanomial {
            counts: [3, 7, 11, 5, 2],
        };
        let samples: Vec<f64> = (0..5)
            .flat_map(|k| std::iter::repeat_n(k as f64 / 4.0, p.counts[k] as usize))
            .collect();
        let n = samples.len() as f64;
        let mean = samples.iter().sum::<f64>() / n;
        let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let half = Z95 * (var / n).sqrt();
        let (lo, hi) = p.score_interval();
        assert!((lo - (mean - half)).abs() < 1e-12 && (hi - (mean + half)).abs() < 1e-12);
    }

    #[test]
    fn even_score_is_zero_elo_with_a_symmetric_interval() {
        let (elo, margin) = Tally {
            wins: 40,
            draws: 20,
            losses: 40,
        }
        .elo()
        .unwrap();
        assert!(elo.abs() < 1e-9);
        assert!(margin > 50.0 && margin < 70.0, "{margin}");
    }
}

#[cfg(test)]
mod typed_error_tests {
    use super::*;

    #[test]
    fn sprt_error_keeps_the_text() {
        let e = "elo0=5".parse::<Sprt>().unwrap_err();
        assert_eq!(e.text(), "elo0=5");
        assert!(e.to_string().starts_with("SPRT 'elo0=5': expected"));
    }
}
