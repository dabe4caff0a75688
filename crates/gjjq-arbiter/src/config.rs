//! What a match is asked to play: the engines and how each is asked to search, the time
//! control, and the match's settings.

use std::fmt;
use std::num::NonZeroU32;
use std::sync::Arc;

use gjjq_core::Position;
use gjjq_tablebase::Tablebase;
use thiserror::Error;

use crate::stats::Sprt;

/// One engine of a match: a shell command and how it is asked to search.
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::EngineSpec;
/// let e = EngineSpec::new("gjjq engine").with_depth(4);
/// assert_eq!((e.command.as_str(), e.depth, e.name), ("gjjq engine", Some(4), None));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line, run by `sh -c`.
    pub command: String,
    /// The name in the game file; the engine's `id name` when `None`.
    pub name: Option<String>,
    /// `go depth D` for this engine.
    pub depth: Option<u32>,
    /// `go nodes N` for this engine.
    pub nodes: Option<u64>,
    /// `setoption name N value V` sent after the handshake, in order.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// An engine run by `command`, with no limits of its own.
    #[must_use]
    pub fn new(command: &str) -> EngineSpec {
        EngineSpec {
            command: command.to_string(),
            name: None,
            depth: None,
            nodes: None,
            options: Vec::new(),
        }
    }

    /// The same engine searching to `depth` plies.
    #[must_use]
    pub fn with_depth(mut self, depth: u32) -> EngineSpec {
        self.depth = Some(depth);
        self
    }
}

/// The time control of a match.
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::TimeControl;
/// assert_eq!("10+0.1".parse(), Ok(TimeControl::Clock { base_ms: 10_000, inc_ms: 100 }));
/// assert_eq!("40".parse(), Ok(TimeControl::Clock { base_ms: 40_000, inc_ms: 0 }));
/// assert_eq!(TimeControl::Clock { base_ms: 10_000, inc_ms: 100 }.to_string(), "10+0.1");
/// assert_eq!(TimeControl::MoveTime(250).to_string(), "movetime=0.25");
/// assert!("10+x".parse::<TimeControl>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock per side: base time and increment per move.
    Clock {
        /// Initial time in milliseconds.
        base_ms: u64,
        /// Increment per move in milliseconds.
        inc_ms: u64,
    },
    /// A fixed time per move, in milliseconds (`go movetime`).
    MoveTime(u64),
    /// No clock: the engines' own depth or node limits end their searches.
    None,
}

/// A time control that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("time control '{text}': expected SECONDS or SECONDS+INCREMENT, e.g. 10+0.1")]
pub struct TimeControlError {
    text: String,
}

impl TimeControlError {
    /// The text that did not parse (as given, or clipped where the error says so).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl std::str::FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let ms = |t: &str| {
            t.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .map(|v| (v * 1000.0).round() as u64)
                .ok_or_else(|| TimeControlError {
                    text: s.to_string(),
                })
        };
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let base_ms = ms(base)?;
        if base_ms == 0 {
            return Err(TimeControlError {
                text: s.to_string(),
            });
        }
        Ok(TimeControl::Clock {
            base_ms,
            inc_ms: ms(inc)?,
        })
    }
}

impl fmt::Display for TimeControl {
    /// The game file's `TimeControl` tag: `10+0.1` (seconds), `movetime=0.25`, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Clock { base_ms, inc_ms } => {
                write!(f, "{}+{}", seconds(base_ms), seconds(inc_ms))
            }
            TimeControl::MoveTime(ms) => write!(f, "movetime={}", seconds(ms)),
            TimeControl::None => f.write_str("-"),
        }
    }
}

fn seconds(ms: u64) -> String {
    let s = format!("{}.{:03}", ms / 1000, ms % 1000);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Everything a match needs.
#[derive(Debug, Clone)]
pub struct MatchConfig {
    /// The two engines; results are counted for the first.
    pub engines: [EngineSpec; 2],
    /// Games to play (each opening twice, so an even number is fair).
    pub games: u32,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Opening positions, used in turn, each for two games with colours swapped (in hidden
    /// play each for one game, unless [`MatchConfig::layouts`] pairs them).
    pub openings: Vec<Position>,
    /// Random legal plies played from each opening before the game (0: none), drawn from
    /// `seed`; both games of a pair start from the same position.
    pub random_plies: u32,
    /// Seed of the random plies.
    pub seed: u64,
    /// The time control.
    pub time_control: TimeControl,
    /// Grace beyond the clock or `movetime` before a move counts as too late.
    pub time_margin_ms: u64,
    /// How long an engine may take for a move when no clock bounds it, and to start.
    pub move_timeout_ms: u64,
    /// Games still going after this many plies are adjudicated drawn (`ply-limit`).
    pub max_plies: u32,
    /// Stop early once this test decides.
    pub sprt: Option<Sprt>,
    /// The `Event` tag.
    pub event: String,
    /// Hidden play (暗式, R-37 … R-41): each opening must be an opening (R-32: two
    /// deployments, no move played); a referee runs each game and the engines see only their
    /// own information states. The random plies are played through the referee.
    pub hidden: bool,
    /// Adjudication by the engines' scores (open play only; off by default).
    pub adjudication: Adjudication,
    /// Go on after a game that an engine lost by crashing or failing to start: the engine is
    /// started afresh for the next game (fastchess's `-recover`). Without it the match stops
    /// once such a game is counted (games under way finish and count) and the summary says
    /// why.
    pub recover: bool,
    /// Endgame tables: an open game is adjudicated by them as soon as its position is in
    /// them (`Termination::Tablebase`), the value the tables give the side to move deciding
    /// the result. `None`: no tables.
    pub tablebase: Option<Arc<Tablebase>>,
    /// Play 陸戰棋 instead of 国际军棋 (`gjjq match --game luzhanqi --mode …`): each start
    /// ([`MatchConfig::start_of`]: a pair's in open play, a game's own in dark and flip play
    /// unless [`MatchConfig::layouts`] pairs them) is two deployments drawn uniformly (L-18)
    /// from [`MatchConfig::seed`], Red first (in flip play one deal of the face-down pieces,
    /// [`LuzhanqiMode::Flip`]),
    /// and the engines are told `setoption name Mode value open|dark|flip`.
    /// `openings`, `random_plies`, `hidden` and `tablebase` are 国际军棋's and not used.
    /// `None`: 国际军棋.
    pub luzhanqi: Option<LuzhanqiMode>,
    /// Where the games of a hidden match (`hidden`, 陸戰棋's dark and flip play) get their
    /// hidden layouts: each its own ([`Layouts::Fresh`], the default), or one for the games of
    /// a rotation of the seats ([`Layouts::Paired`]). Open play always pairs its games.
    pub layouts: Layouts,
}

/// How the games of a hidden match get their hidden layouts (the deployments of 暗式 and
/// 暗棋, the deal of 翻棋): issue 50, item 3.
///
/// A game whose hidden layout an engine has seen before is not a hidden game for that engine:
/// in a pair that replays one layout with the seats swapped, each engine faces in the second
/// game the deployment it played itself in the first (暗棋), or the pieces it already flipped
/// (翻棋). A fresh process per game does not prevent this: an engine may keep what it saw in
/// a file. So by default every game draws its own layout.
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::Layouts;
/// // Two seats: rounds 1 and 2 share start 0 when paired, and have starts 0 and 1 when fresh.
/// assert_eq!(Layouts::Paired.start_of(2, 2), 0);
/// assert_eq!(Layouts::Fresh.start_of(2, 2), 1);
/// // Four seats (a four-player match): a rotation is four games.
/// assert_eq!(Layouts::Paired.start_of(5, 4), 1);
/// assert_eq!(Layouts::default(), Layouts::Fresh);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Layouts {
    /// Every game draws its own hidden layout (the default).
    #[default]
    Fresh,
    /// The games of one rotation of the seats (two games for two seats, the engines swapping
    /// seats) share one hidden layout. This removes the layout's luck from a rotation's
    /// result (a smaller error bar for the same number of games, `docs/engine.md`), but it
    /// trusts both engines to keep nothing between games: an engine that remembers what it
    /// saw plays every game after the first of a rotation with the layout known.
    Paired,
}

impl Layouts {
    /// The number of the start (from 0) that the game of round `round` (from 1) plays from,
    /// in a match whose rotation of the seats is `seats` games: the rotation's number when
    /// paired, the game's own when fresh.
    ///
    /// # Panics
    ///
    /// Never: a `round` of 0 or `seats` of 0 are taken as 1.
    #[must_use]
    pub fn start_of(self, round: u32, seats: u32) -> u32 {
        let game = round.max(1) - 1;
        match self {
            Layouts::Fresh => game,
            Layouts::Paired => game / seats.max(1),
        }
    }
}

/// The play mode of a 陸戰棋 match ([`MatchConfig::luzhanqi`]).
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::LuzhanqiMode;
/// assert_eq!("dark".parse(), Ok(LuzhanqiMode::Dark));
/// assert_eq!(LuzhanqiMode::Open.to_string(), "open");
/// assert!("hidden".parse::<LuzhanqiMode>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LuzhanqiMode {
    /// Open play (明棋): both engines see the whole game.
    Open,
    /// Dark play (暗棋, L-31): a referee (`luzhanqi::dark::DarkGame`) holds the game and each
    /// engine is sent only its own information state (`position hidden`).
    Dark,
    /// Flip play (翻棋, L-32), the mode's default options: every piece starts face down, the
    /// arbiter deals the pieces over the points from the seed (a deal for each game, or for
    /// each pair with [`Layouts::Paired`]) and reveals the dealt piece when an engine flips; the seats are the first
    /// and the second player, the colours settled by the game.
    Flip,
}

impl LuzhanqiMode {
    /// The mode's word, as the engine's `Mode` option and `--mode` spell it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            LuzhanqiMode::Open => "open",
            LuzhanqiMode::Dark => "dark",
            LuzhanqiMode::Flip => "flip",
        }
    }
}

impl fmt::Display for LuzhanqiMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that is not a 陸戰棋 match mode: the word given (`open`, `dark` or `flip` were
/// expected).
///
/// # Examples
///
/// ```
/// use gjjq_arbiter::{LuzhanqiMode, LuzhanqiModeError};
/// let e: LuzhanqiModeError = "hidden".parse::<LuzhanqiMode>().unwrap_err();
/// assert_eq!(e.given, "hidden");
/// assert_eq!(e.to_string(), "mode 'hidden': expected open, dark or flip");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("mode '{given}': expected open, dark or flip")]
#[non_exhaustive]
pub struct LuzhanqiModeError {
    /// The word given, as given.
    pub given: String,
}

impl std::str::FromStr for LuzhanqiMode {
    type Err = LuzhanqiModeError;

    fn from_str(s: &str) -> Result<LuzhanqiMode, LuzhanqiModeError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "open" => Ok(LuzhanqiMode::Open),
            "dark" => Ok(LuzhanqiMode::Dark),
            "flip" => Ok(LuzhanqiMode::Flip),
            _ => Err(LuzhanqiModeError {
                given: s.to_string(),
            }),
        }
    }
}

/// Adjudication of open games by the scores the engines report in their `info` lines, as
/// fastchess and cutechess do it; each part is off when `None`.
///
/// # Examples
///
/// ```
/// use std::num::NonZeroU32;
/// use gjjq_arbiter::{Adjudication, DrawAdjudication, ResignAdjudication};
/// let a = Adjudication {
///     resign: Some(ResignAdjudication { score_cp: 1000, moves: NonZeroU32::new(3).unwrap() }),
///     draw: Some(DrawAdjudication {
///         score_cp: 10,
///         moves: NonZeroU32::new(8).unwrap(),
///         after_ply: 80,
///     }),
/// };
/// assert_ne!(a, Adjudication::default());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Adjudication {
    /// Give the game to one side when both engines agree it is won.
    pub resign: Option<ResignAdjudication>,
    /// Draw the game when both engines agree it is level.
    pub draw: Option<DrawAdjudication>,
}

/// A game is won for a side once, for `moves` consecutive moves of each engine (`2 · moves`
/// plies in a row), every engine's score says that side is ahead by at least `score_cp`
/// centipawns (a found win counts as ahead, a found loss as behind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResignAdjudication {
    /// The margin in centipawns.
    pub score_cp: u32,
    /// Consecutive moves of each engine (at least one: a rule over no moves would decide a
    /// game on no evidence).
    pub moves: NonZeroU32,
}

/// A game is drawn once, from ply `after_ply` on, for `moves` consecutive moves of each
/// engine (`2 · moves` plies in a row), every engine's score is within `score_cp`
/// centipawns of 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// The band around 0 in centipawns.
    pub score_cp: u32,
    /// Consecutive moves of each engine (at least one: a rule over no moves would decide a
    /// game on no evidence).
    pub moves: NonZeroU32,
    /// The first ply at which the rule applies.
    pub after_ply: u32,
}

impl MatchConfig {
    /// Whether the match hides a layout from the engines: 国际军棋's hidden play, 陸戰棋's dark
    /// and flip play.
    #[must_use]
    pub fn hides_layouts(&self) -> bool {
        match self.luzhanqi {
            Some(mode) => mode != LuzhanqiMode::Open,
            None => self.hidden,
        }
    }

    /// The number of the start (from 0) the game of round `round` (from 1) plays from: in open
    /// play and with [`Layouts::Paired`] the pair's (both games of a pair, the engines
    /// swapping seats, start alike), else the game's own ([`MatchConfig::layouts`]).
    #[must_use]
    pub fn start_of(&self, round: u32) -> u32 {
        self.layouts_played().start_of(round, 2)
    }

    /// Whether the games of a pair share one start (see [`MatchConfig::start_of`]).
    #[must_use]
    pub fn pairs_share_starts(&self) -> bool {
        self.layouts_played() == Layouts::Paired
    }

    /// The layouts the match plays: [`MatchConfig::layouts`] where it hides a layout, else
    /// paired (open play always pairs its games).
    fn layouts_played(&self) -> Layouts {
        if self.hides_layouts() {
            self.layouts
        } else {
            Layouts::Paired
        }
    }

    /// A match of `games` games between `engines` from the default opening (R-27), one at a
    /// time, at `time_control`, with a 100 ms time margin, 60 s move timeout and 1000 plies.
    #[must_use]
    pub fn new(engines: [EngineSpec; 2], games: u32, time_control: TimeControl) -> MatchConfig {
        MatchConfig {
            engines,
            games,
            concurrency: 1,
            openings: vec![Position::default()],
            random_plies: 0,
            seed: 1,
            time_control,
            time_margin_ms: 100,
            move_timeout_ms: 60_000,
            max_plies: 1000,
            sprt: None,
            event: "gjjq match".to_string(),
            hidden: false,
            adjudication: Adjudication::default(),
            recover: false,
            tablebase: None,
            luzhanqi: None,
            layouts: Layouts::Fresh,
        }
    }
}

#[cfg(test)]
mod typed_error_tests {
    use super::*;

    #[test]
    fn time_control_error_keeps_the_text() {
        let e = "10+x".parse::<TimeControl>().unwrap_err();
        assert_eq!(e.text(), "10+x");
        assert_eq!(
            e.to_string(),
            "time control '10+x': expected SECONDS or SECONDS+INCREMENT, e.g. 10+0.1"
        );
    }
}
