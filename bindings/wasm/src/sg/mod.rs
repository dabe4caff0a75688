//! 四國軍棋 (Siguo, four-player army chess, L-40 … L-66) for the web page: the cross board
//! as data from the library ([`board`]), the person's deployment on its own half (Red,
//! south) checked by 陸戰棋's deployment check (L-17, L-58: [`check_deployment`]), and a game
//! against three engine seats ([`SgDarkSession`]): the referee ([`siguo::dark::DarkGame`])
//! holds the true game and the other three deployments, drawn from a secret; the page is
//! given only Red's view ([`player_view`], computed from Red's information state alone) and
//! the referee's announcements. Blue (north) is Red's ally, Green (east) and Yellow (west) the
//! enemies (L-49). Under 四暗 Red sees only its own kinds, under 雙明 also Blue's (L-64),
//! under 全明 every kind (L-62). The true game leaves Rust only once the game is over
//! ([`SgDarkSession::referee_record`]).
//!
//! ```
//! use gjjq_wasm::sg::SgDarkSession;
//!
//! let own = luzhanqi::deploy::DEFAULT_DEPLOYMENT;
//! let mut game = SgDarkSession::new(own, "dark", 7)?;
//! let view = game.view();
//! // Red sees its own 25 kinds; no other seat's piece shows a kind.
//! assert!(view.pieces.iter().filter(|p| p.seat != "red").all(|p| p.letter.is_none()));
//! let first = view.legal[0].ascii.clone();
//! let view = game.play(&first)?;
//! assert_eq!(view.history.len(), 1);
//! let reply = game.engine_move()?; // Green answers (L-50: counter-clockwise)
//! assert_eq!(reply.seat.as_deref(), Some("green"));
//! # Ok::<(), gjjq_wasm::sg::SgError>(())
//! ```

pub mod wasm;

#[cfg(test)]
mod tests;

use luzhanqi::deploy::Deployment;
use luzhanqi::{AttackOutcome, Kind, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;
use siguo::board::lines;
use siguo::dark::{Announcement, DarkGame, Event, InfoState, record};
use siguo::{Action, OutReason, Outcome, Point, PointKind, Rules, Seat, SiguoMode, Team};
use siguo_engine::{DarkAgent, DeterminizedAgent, Limits, SampledAgent, SearchAgent};
use thiserror::Error;

use crate::lz::{self, DeployCheck, LzError};

/// The person's seat: Red, south (L-41), with Blue as its ally (L-49).
pub const HUMAN: Seat = Seat::Red;

/// The worlds the 四暗/雙明 engine draws per move ([`DeterminizedAgent`]): no clock runs in
/// a WASM worker (wasm32's `Instant` panics), so the page's "movetime" is this budget, a few
/// tens of milliseconds a move in a browser (measured in `docs/web.md`).
pub const SG_ENGINE_WORLDS: u32 = 12;

/// The node budget of one 全明 search move ([`SearchAgent`]) in the page, for the same reason.
pub const SG_ENGINE_NODES: u64 = 6_000;

/// What went wrong, in words that name the input.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SgError {
    /// A mode that is not `dark`, `double_open` or `open`.
    #[error("mode '{0}': expected dark (四暗), double_open (雙明) or open (全明)")]
    Mode(String),
    /// A point that is not one of the 129 (L-41).
    #[error("point '{text}': {error}")]
    Point {
        /// The text given.
        text: String,
        /// Why.
        error: siguo::PointParseError,
    },
    /// A point of the person's arrangement outside its half.
    #[error("point {0} is not on Red's half (L-58)")]
    OutsideHalf(String),
    /// 陸戰棋's deployment check or string (L-17) refused the input.
    #[error(transparent)]
    Deployment(#[from] LzError),
    /// A deployment string that does not parse or breaks L-17.
    #[error("deployment: {0}")]
    DeploymentString(String),
    /// An action that is not one of the person's legal actions now.
    #[error("action '{text}' (ply {ply}): {why}")]
    Action {
        /// The text given.
        text: String,
        /// The ply it would have had, from 1.
        ply: usize,
        /// Why it is refused.
        why: String,
    },
    /// The referee refused (a surrender too early, L-54; the game over).
    #[error("referee: {0}")]
    Referee(#[from] siguo::dark::DarkError),
    /// The referee's record was asked for before the end.
    #[error("the referee's record is shown only once the game is over")]
    NotOver,
    /// An engine's input or failure.
    #[error("engine: {0}")]
    Engine(String),
    /// A record that could not be written.
    #[error("record: {0}")]
    Record(String),
}

fn seat_name(seat: Seat) -> &'static str {
    seat.name()
}

fn kind_letter(kind: Kind) -> char {
    kind.letter()
}

/// `dark` (四暗, the default), `double_open` (雙明) or `open` (全明).
///
/// # Errors
/// [`SgError::Mode`] for anything else.
pub fn parse_mode(text: &str) -> Result<SiguoMode, SgError> {
    match text.trim() {
        "" | "dark" => Ok(SiguoMode::Dark),
        "double_open" => Ok(SiguoMode::DoubleOpen),
        "open" => Ok(SiguoMode::Open),
        other => Err(SgError::Mode(other.chars().take(40).collect())),
    }
}

fn parse_point(text: &str) -> Result<Point, SgError> {
    text.trim().parse().map_err(|error| SgError::Point {
        text: text.chars().take(40).collect(),
        error,
    })
}

// ---- the board ------------------------------------------------------------------------

/// One of the 129 points (L-41).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgPointView {
    /// Its name (`g1`, `q8`).
    pub label: String,
    /// File 1 … 17 (`a` … `q`).
    pub file: u8,
    /// Rank 1 … 17.
    pub rank: u8,
    /// `station`, `camp` or `headquarters`.
    pub kind: &'static str,
    /// On a railway.
    pub railway: bool,
    /// The seat whose half holds it; `None` for the 九宮.
    pub half: Option<&'static str>,
}

/// One line of the board (L-42, L-43).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgLineView {
    /// One end.
    pub a: String,
    /// The other end.
    pub b: String,
    /// A railway (thick) or a road (thin).
    pub railway: bool,
    /// One of the four corner arcs (a railway joining two halves, L-43): drawn curved.
    pub arc: bool,
}

/// The board: its points and lines, all from [`siguo::board`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgBoardView {
    /// The 129 points.
    pub points: Vec<SgPointView>,
    /// Every road and railway.
    pub lines: Vec<SgLineView>,
    /// The points of the 九宮 (L-44), the centre.
    pub palace: Vec<String>,
    /// Red's headquarters (for the flag's L-17 rule in the deployment's words).
    pub headquarters: Vec<String>,
}

/// The board as the library defines it.
///
/// ```
/// let b = gjjq_wasm::sg::board();
/// assert_eq!(b.points.len(), 129);
/// assert_eq!(b.lines.iter().filter(|l| l.arc).count(), 4);
/// assert_eq!(b.palace.len(), 9);
/// ```
#[must_use]
pub fn board() -> SgBoardView {
    let points = Point::all()
        .map(|p| SgPointView {
            label: p.to_string(),
            file: p.file(),
            rank: p.rank(),
            kind: match p.kind() {
                PointKind::Camp => "camp",
                PointKind::Headquarters => "headquarters",
                _ => "station",
            },
            railway: p.is_railway(),
            half: p.own().map(|(s, _, _)| seat_name(s)),
        })
        .collect();
    let lines = lines()
        .iter()
        .map(|l| {
            // The corner arcs are the railways that join two seats' halves without the 九宮.
            let halves = (l.a.own().map(|o| o.0), l.b.own().map(|o| o.0));
            let arc = l.railway && matches!(halves, (Some(x), Some(y)) if x != y);
            SgLineView {
                a: l.a.to_string(),
                b: l.b.to_string(),
                railway: l.railway,
                arc,
            }
        })
        .collect();
    let palace = Point::all()
        .filter(|p| p.own().is_none())
        .map(|p| p.to_string())
        .collect();
    let headquarters = Point::all()
        .filter(|p| p.is_headquarters() && p.own().is_some_and(|o| o.0 == HUMAN))
        .map(|p| p.to_string())
        .collect();
    SgBoardView {
        points,
        lines,
        palace,
        headquarters,
    }
}

// ---- deployment (L-17, L-58) ------------------------------------------------------------

/// A piece of a deployment on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgDeployedView {
    /// Its point.
    pub point: String,
    /// Its letter (L-5).
    pub letter: char,
}

fn read_deployment(text: &str) -> Result<Deployment, SgError> {
    let d: Deployment =
        text.trim()
            .parse()
            .map_err(|e: luzhanqi::deploy::DeploymentParseError| {
                SgError::DeploymentString(e.to_string())
            })?;
    d.check()
        .map_err(|e| SgError::DeploymentString(e.to_string()))?;
    Ok(d)
}

/// A deployment string (陸戰棋's, L-19) placed on Red's half of the cross (L-58).
///
/// # Errors
/// A string that does not parse or breaks L-17.
pub fn deployment_points(text: &str) -> Result<Vec<SgDeployedView>, SgError> {
    let d = read_deployment(text)?;
    Ok(d.iter()
        .map(|(sq, kind)| SgDeployedView {
            point: siguo_point(sq).to_string(),
            letter: kind_letter(kind),
        })
        .collect())
}

/// The cross-board point of Red's own-frame point (L-41: Red's frame is 陸戰棋's Red half).
fn siguo_point(sq: luzhanqi::Square) -> Point {
    Point::from_own(HUMAN, sq.file() + 1, sq.rank()).expect("an own-frame point")
}

/// 陸戰棋's point of a point of Red's half.
fn lz_square(p: Point) -> Option<luzhanqi::Square> {
    match p.own() {
        Some((seat, file, row)) if seat == HUMAN => luzhanqi::Square::new(file - 1, row),
        _ => None,
    }
}

/// The check of an arrangement on Red's half, `[(point, letter)]` with the cross's point
/// names: 陸戰棋's check (L-17, the same rules per seat by L-58) on the same arrangement in
/// Red's own frame, its problems named with the cross's points again. A point off Red's
/// half is the problem `outside-half`.
///
/// # Errors
/// A point or letter that does not parse.
pub fn check_deployment(pieces: &[(String, String)]) -> Result<DeployCheck, SgError> {
    let mut pairs = Vec::with_capacity(pieces.len());
    let mut outside = Vec::new();
    for (point, letter) in pieces {
        let p = parse_point(point)?;
        match lz_square(p) {
            Some(sq) => pairs.push((sq.to_string(), letter.clone())),
            None => outside.push((p, letter.clone())),
        }
    }
    let mut check = lz::check_deployment(Side::Red, &pairs)?;
    for problem in &mut check.problems {
        if let Some(name) = &problem.point {
            let sq: luzhanqi::Square = name
                .parse()
                .map_err(|_| SgError::OutsideHalf(name.clone()))?;
            problem.point = Some(siguo_point(sq).to_string());
        }
    }
    if !outside.is_empty() {
        check.deployment = None;
        for (p, letter) in outside {
            check.problems.insert(
                0,
                lz::DeployProblem {
                    code: "outside-half",
                    point: Some(p.to_string()),
                    kind: letter.chars().next().map(|c| c.to_ascii_uppercase()),
                    count: None,
                    wanted: None,
                },
            );
        }
    }
    Ok(check)
}

// ---- the person's view ------------------------------------------------------------------

/// One piece as the person sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgPieceView {
    /// Its point.
    pub point: String,
    /// Its seat (`red`, `green`, `blue`, `yellow`).
    pub seat: &'static str,
    /// Its letter (L-5) when the person knows the kind: its own, Blue's under 雙明 (L-64),
    /// every kind under 全明 (L-62), a flag shown (L-63); `None` otherwise.
    pub letter: Option<char>,
    /// Its identity: the point it started on.
    pub id: String,
}

/// A legal action of the person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgActionView {
    /// Origin (`None` for a pass).
    pub from: Option<String>,
    /// Destination (`None` for a pass).
    pub to: Option<String>,
    /// The action's text (`g2g3`, `pass`).
    pub ascii: String,
    /// An attack on a piece.
    pub attack: bool,
}

/// A seat that went out, and why (L-51).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgOutView {
    /// The seat.
    pub seat: &'static str,
    /// `flag-captured`, `no-move` or `resigned`.
    pub reason: &'static str,
}

/// A flag point shown (L-63: its seat's 司令 was removed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgFlagView {
    /// Whose flag.
    pub seat: &'static str,
    /// Its point.
    pub point: String,
}

/// The end of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgOutcomeView {
    /// The winning team (`red-blue`, `green-yellow`); `None` for a draw.
    pub team: Option<&'static str>,
    /// Whether the person's team won.
    pub won: Option<bool>,
    /// The library's words (`red-blue flag-captured`, `draw no-combat-limit`).
    pub text: String,
}

/// One announcement of the referee (L-63), as all four seats hear it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgAnnouncementView {
    /// Who acted.
    pub seat: &'static str,
    /// `move`, `pass` or `resign`.
    pub event: &'static str,
    /// The move's origin and destination.
    pub from: Option<String>,
    /// The destination.
    pub to: Option<String>,
    /// The seat whose piece was attacked (known by location).
    pub defender: Option<&'static str>,
    /// For an attack: `defender-removed`, `attacker-removed` or `both-removed`.
    pub result: Option<&'static str>,
    /// L-65: the defender's kind, shown when an engineer attacked (`engineer_scout`).
    pub shown: Option<char>,
    /// Seats that went out with this action.
    pub outs: Vec<SgOutView>,
    /// Flags shown by this action.
    pub flags: Vec<SgFlagView>,
    /// The end, when this action decided the game.
    pub outcome: Option<SgOutcomeView>,
    /// The announcement's text (`r g6g7 x+ next:g`).
    pub text: String,
}

/// The person's view: nothing in it depends on a kind Red does not see, except through what
/// the referee announced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SgPlayerView {
    /// `dark`, `double_open` or `open`.
    pub mode: &'static str,
    /// The seat to move.
    pub turn: &'static str,
    /// Announcements so far.
    pub plies: usize,
    /// The pieces on the board.
    pub pieces: Vec<SgPieceView>,
    /// The person's legal actions (none when it is not Red's turn or the game is over).
    pub legal: Vec<SgActionView>,
    /// Every announcement so far.
    pub history: Vec<SgAnnouncementView>,
    /// The seats in play, in the order red, green, blue, yellow.
    pub in_play: [bool; 4],
    /// The flag points shown so far.
    pub flags: Vec<SgFlagView>,
    /// The end, once announced.
    pub outcome: Option<SgOutcomeView>,
}

fn mode_name(mode: SiguoMode) -> &'static str {
    match mode {
        SiguoMode::Open => "open",
        SiguoMode::DoubleOpen => "double_open",
        _ => "dark",
    }
}

fn result_name(r: AttackOutcome) -> &'static str {
    match r {
        AttackOutcome::DefenderRemoved => "defender-removed",
        AttackOutcome::AttackerRemoved => "attacker-removed",
        AttackOutcome::BothRemoved => "both-removed",
    }
}

fn out_name(r: OutReason) -> &'static str {
    match r {
        OutReason::FlagCaptured => "flag-captured",
        OutReason::NoMove => "no-move",
        OutReason::Resigned => "resigned",
    }
}

fn outcome_view(o: Outcome) -> SgOutcomeView {
    let team = match o {
        Outcome::Win { team, .. } => Some(team),
        Outcome::Draw(_) => None,
    };
    SgOutcomeView {
        team: team.map(Team::name),
        won: team.map(|t| t == HUMAN.team()),
        text: o.to_string(),
    }
}

fn flag_views(flags: &[(Seat, Point)]) -> Vec<SgFlagView> {
    flags
        .iter()
        .map(|&(s, p)| SgFlagView {
            seat: seat_name(s),
            point: p.to_string(),
        })
        .collect()
}

/// The view of `state`'s seat, computed from `state` alone (so it holds nothing the referee
/// did not tell that seat).
#[must_use]
pub fn player_view(state: &InfoState) -> SgPlayerView {
    // The seat on each point before each announcement, to name an attack's defender.
    let mut history = Vec::with_capacity(state.history().len());
    for (i, a) in state.history().iter().enumerate() {
        history.push(announcement_view(a, &state.truncated(i).view()));
    }
    view_with(state, history)
}

/// [`player_view`] with the announcements' views already made (the session keeps them as
/// they come, each from the seat's own view before it).
fn view_with(state: &InfoState, history: Vec<SgAnnouncementView>) -> SgPlayerView {
    let view = state.view();
    let pieces = view
        .pieces()
        .map(|(p, s)| SgPieceView {
            point: p.to_string(),
            seat: seat_name(s.seat),
            letter: s.kind.map(kind_letter),
            id: s.id.to_string(),
        })
        .collect();
    let legal = if view.turn() == state.seat() {
        view.legal_actions()
            .unwrap_or_default()
            .into_iter()
            .map(|a| match a {
                Action::Move(m) => SgActionView {
                    from: Some(m.from.to_string()),
                    to: Some(m.to.to_string()),
                    ascii: a.to_string(),
                    attack: view.at(m.to).is_some(),
                },
                Action::Pass => SgActionView {
                    from: None,
                    to: None,
                    ascii: a.to_string(),
                    attack: false,
                },
            })
            .collect()
    } else {
        Vec::new()
    };
    let flags = Seat::ALL
        .into_iter()
        .filter_map(|s| {
            view.flag_shown(s).map(|p| SgFlagView {
                seat: seat_name(s),
                point: p.to_string(),
            })
        })
        .collect();
    SgPlayerView {
        mode: mode_name(state.rules().mode.mode),
        turn: seat_name(view.turn()),
        plies: view.plies(),
        pieces,
        legal,
        history,
        in_play: Seat::ALL.map(|s| view.in_play(s)),
        flags,
        outcome: view.outcome().map(outcome_view),
    }
}

fn announcement_view(a: &Announcement, before: &siguo::dark::SeatView) -> SgAnnouncementView {
    let (event, from, to, defender) = match a.event {
        Event::Move { mv, .. } => (
            "move",
            Some(mv.from.to_string()),
            Some(mv.to.to_string()),
            a.result.and(before.at(mv.to)).map(|d| seat_name(d.seat)),
        ),
        Event::Pass(_) => ("pass", None, None, None),
        Event::Resign(_) => ("resign", None, None, None),
    };
    SgAnnouncementView {
        seat: seat_name(a.event.seat()),
        event,
        from,
        to,
        defender,
        result: a.result.map(result_name),
        shown: a.shown.map(kind_letter),
        outs: a
            .outs
            .iter()
            .map(|&(s, r)| SgOutView {
                seat: seat_name(s),
                reason: out_name(r),
            })
            .collect(),
        flags: flag_views(&a.flags),
        outcome: a.outcome.map(outcome_view),
        text: a.to_string(),
    }
}

// ---- the game against three engines ----------------------------------------------------

/// One engine seat: its agent, asked with that seat's information state only (as text, so
/// that on the page it can live in a worker of its own that is sent nothing else). Under
/// 四暗 and 雙明 siguo-engine's [`DeterminizedAgent`]; under 全明 the team search
/// ([`SearchAgent`]) on the one world there is (the information state shows every kind, so the
/// world drawn is the true position).
pub struct SgEngine {
    agent: Box<dyn DarkAgent + Send>,
    limits: Limits,
}

impl std::fmt::Debug for SgEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SgEngine")
            .field("agent", &self.agent.name())
            .finish_non_exhaustive()
    }
}

/// An engine seat's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgEngineChoice {
    /// The action (`g12g11`, `pass`).
    pub action: String,
    /// The agent (`determinized`, `search`).
    pub agent: &'static str,
    /// Nodes (positions scored or searched).
    pub nodes: u64,
}

impl SgEngine {
    /// An engine for `mode` (`dark`, `double_open`, `open`), its draws seeded with `seed`.
    ///
    /// # Errors
    /// A bad mode.
    pub fn new(mode: &str, seed: u64) -> Result<SgEngine, SgError> {
        SgEngine::with_worlds(mode, seed, SG_ENGINE_WORLDS)
    }

    /// As [`SgEngine::new`] with `worlds` worlds a move under 四暗 and 雙明.
    fn with_worlds(mode: &str, seed: u64, worlds: u32) -> Result<SgEngine, SgError> {
        let agent: Box<dyn DarkAgent + Send> = match parse_mode(mode)? {
            SiguoMode::Open => Box::new(SampledAgent::new(SearchAgent::new(seed), mix(seed))),
            _ => Box::new(DeterminizedAgent::with_worlds(seed, worlds)),
        };
        let limits = match parse_mode(mode)? {
            SiguoMode::Open => Limits::nodes(SG_ENGINE_NODES),
            _ => Limits::default(),
        };
        Ok(SgEngine { agent, limits })
    }

    /// The action for the seat of `state` (an [`InfoState`] string, L-63), which must be the
    /// seat to move.
    ///
    /// # Errors
    /// A state that does not parse; the agent's error (the game over, not the seat's turn).
    pub fn choose(&mut self, state: &str) -> Result<SgEngineChoice, SgError> {
        let state: InfoState = state
            .parse()
            .map_err(|e: siguo::dark::InfoStateError| SgError::Engine(e.to_string()))?;
        let c = self
            .agent
            .choose_dark(&state, &self.limits)
            .map_err(|e| SgError::Engine(e.to_string()))?;
        Ok(SgEngineChoice {
            action: c.action.to_string(),
            agent: self.agent.name(),
            nodes: c.nodes,
        })
    }
}

/// The engine seat to move and its information state, for that seat's engine alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SgEngineTurn {
    /// The seat to move.
    pub seat: &'static str,
    /// Its information state string (what that seat was shown and told, nothing else).
    pub state: String,
}

/// The engine's answer for one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SgEngineReply {
    /// The seat that acted; `None` when no engine seat was to move (Red's turn, or the end).
    pub seat: Option<&'static str>,
    /// The action (`g12g11`, `pass`).
    pub action: Option<String>,
    /// The agent (`determinized`, `search`).
    pub agent: Option<&'static str>,
    /// Nodes (positions scored or searched).
    pub nodes: u64,
    /// The person's view after the action.
    pub view: SgPlayerView,
}

/// A game of the person (Red) with an engine ally (Blue) against two engine enemies (Green,
/// Yellow): the referee. The engines are [`SgEngine`]s kept apart from it: the referee gives
/// the seat to move its own information state ([`SgDarkSession::engine_turn`]) and plays the
/// action that comes back ([`SgDarkSession::play_engine`]); [`SgDarkSession::engine_move`]
/// does both with engines of its own (host tests, tools).
pub struct SgDarkSession {
    referee: DarkGame,
    mode: SiguoMode,
    secret: u64,
    engines: [Option<SgEngine>; 4],
    /// The announcements' views so far, each made from Red's own view before it.
    heard: Vec<SgAnnouncementView>,
    /// The worlds a move of [`SgDarkSession::engine_move`]'s own engines draw.
    worlds: u32,
}

impl std::fmt::Debug for SgDarkSession {
    /// Only what the person may know.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SgDarkSession")
            .field("mode", &mode_name(self.mode))
            .field("plies", &self.referee.history().len())
            .finish_non_exhaustive()
    }
}

/// splitmix64: independent draws for the three deployments and the three agents from one
/// secret.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SgDarkSession {
    /// A game in `mode` (`dark`, `double_open`, `open`) from Red's deployment string `own`
    /// (L-19, on Red's half, L-58); the other three deployments and the agents' draws come
    /// from `secret` (the worker's `crypto.getRandomValues`, never shown to the page). Red
    /// moves first (L-50).
    ///
    /// # Errors
    /// A bad mode or deployment.
    pub fn new(own: &str, mode: &str, secret: u64) -> Result<SgDarkSession, SgError> {
        let mode = parse_mode(mode)?;
        let own = read_deployment(own)?;
        let mut rng = StdRng::seed_from_u64(mix(secret));
        let others: [Deployment; 3] = std::array::from_fn(|_| Deployment::random(&mut rng));
        let ds = [&own, &others[0], &others[1], &others[2]];
        let mut rules = Rules::STANDARD;
        rules.mode.mode = mode;
        let start = siguo::deploy::opening(ds, Seat::Red, rules)
            .map_err(|e| SgError::DeploymentString(e.to_string()))?;
        Ok(SgDarkSession {
            referee: DarkGame::new(start)?,
            mode,
            secret,
            engines: [None, None, None, None],
            heard: Vec::new(),
            worlds: SG_ENGINE_WORLDS,
        })
    }

    fn state(&self) -> InfoState {
        self.referee.info_state(HUMAN)
    }

    /// The person's view.
    #[must_use]
    pub fn view(&self) -> SgPlayerView {
        view_with(&self.state(), self.heard.clone())
    }

    /// Let the referee act (a move, a pass, a surrender) and hear its announcement as Red.
    fn referee_acts(
        &mut self,
        act: impl FnOnce(&mut DarkGame) -> Result<(), siguo::dark::DarkError>,
    ) -> Result<(), SgError> {
        let before = self.state().view();
        act(&mut self.referee)?;
        if let Some(a) = self.referee.history().last() {
            self.heard.push(announcement_view(a, &before));
        }
        Ok(())
    }

    fn over(&self) -> bool {
        self.referee.position().outcome().is_some()
    }

    /// Play the person's action (`g2g3`, `pass`) and return its view.
    ///
    /// # Errors
    /// [`SgError::Action`] when it is not Red's turn, the game is over or the action is not
    /// one of Red's legal actions.
    pub fn play(&mut self, text: &str) -> Result<SgPlayerView, SgError> {
        let ply = self.referee.history().len() + 1;
        let refuse = |why: String| SgError::Action {
            text: text.chars().take(40).collect(),
            ply,
            why,
        };
        if self.over() {
            return Err(refuse("the game is over".into()));
        }
        let turn = self.referee.position().turn();
        if turn != HUMAN {
            return Err(refuse(format!("{turn} is to move, not red (L-50)")));
        }
        let state = self.state();
        let legal = state.view().legal_actions().unwrap_or_default();
        let action = legal
            .into_iter()
            .find(|a| a.to_string() == text.trim())
            .ok_or_else(|| refuse("not a legal action of red".into()))?;
        self.referee_acts(|r| r.play(action).map(|_| ()))?;
        Ok(self.view())
    }

    /// The engine seat to move and its information state; `None` on Red's turn or at the end.
    #[must_use]
    pub fn engine_turn(&self) -> Option<SgEngineTurn> {
        let seat = self.referee.position().turn();
        (!self.over() && seat != HUMAN).then(|| SgEngineTurn {
            seat: seat_name(seat),
            state: self.referee.info_state(seat).to_string(),
        })
    }

    /// Play an engine seat's action (`seat` must be the engine seat to move); an action the
    /// referee refuses is replaced by the seat's first legal action (the engine forfeits
    /// nothing for the page: its reply is logged with the agent `fallback`).
    ///
    /// # Errors
    /// Not that seat's turn, or the game over.
    pub fn play_engine(
        &mut self,
        seat: &str,
        choice: Option<SgEngineChoice>,
    ) -> Result<SgEngineReply, SgError> {
        let turn = self.referee.position().turn();
        if self.over() || turn == HUMAN || seat_name(turn) != seat {
            return Err(SgError::Action {
                text: seat.chars().take(40).collect(),
                ply: self.referee.history().len() + 1,
                why: format!("not an engine seat to move ({turn} is)"),
            });
        }
        let legal = self.referee.position().legal_actions();
        let found = choice
            .as_ref()
            .and_then(|c| legal.iter().find(|a| a.to_string() == c.action));
        let (action, agent, nodes) = match (found, &choice) {
            (Some(&a), Some(c)) => (a, c.agent, c.nodes),
            _ => (legal[0], "fallback", 0),
        };
        self.referee_acts(|r| r.play(action).map(|_| ()))?;
        Ok(SgEngineReply {
            seat: Some(seat_name(turn)),
            action: Some(action.to_string()),
            agent: Some(agent),
            nodes,
            view: self.view(),
        })
    }

    /// Let the engine seat to move act, if it is an engine's turn and the game goes on.
    ///
    /// # Errors
    /// Never for a game the referee keeps (an agent's failure falls back to its seat's first
    /// legal action).
    pub fn engine_move(&mut self) -> Result<SgEngineReply, SgError> {
        let Some(turn) = self.engine_turn() else {
            return Ok(SgEngineReply {
                seat: None,
                action: None,
                agent: None,
                nodes: 0,
                view: self.view(),
            });
        };
        let i = self.referee.position().turn().index();
        if self.engines[i].is_none() {
            let seed = mix(self.secret ^ (i as u64 + 1).wrapping_mul(0x1234_5678_9ABC_DEF1));
            self.engines[i] = Some(SgEngine::with_worlds(
                mode_name(self.mode),
                seed,
                self.worlds,
            )?);
        }
        let engine = self.engines[i].as_mut().expect("made above");
        let choice = engine.choose(&turn.state).ok();
        self.play_engine(turn.seat, choice)
    }

    /// Red surrenders (L-54: its pieces leave the board; Blue plays on for the team).
    ///
    /// # Errors
    /// [`SgError::Referee`] when the rules refuse (too early: `surrender_after`, or over).
    pub fn resign(&mut self) -> Result<SgPlayerView, SgError> {
        self.referee_acts(|r| r.surrender(HUMAN).map(|_| ()))?;
        Ok(self.view())
    }

    /// Red's own record (L-61, L-63): what Red was shown and told, nothing else.
    ///
    /// # Errors
    /// The writer's.
    pub fn player_record(&self) -> Result<String, SgError> {
        record::seat_record(&self.state()).map_err(SgError::Record)
    }

    /// The referee's record, the whole game with every kind (a `[Game "siguo"]` game file,
    /// L-61), once the game is over.
    ///
    /// # Errors
    /// [`SgError::NotOver`] before the end.
    pub fn referee_record(&self) -> Result<String, SgError> {
        if !self.over() {
            return Err(SgError::NotOver);
        }
        record::referee_record(&self.referee).map_err(SgError::Record)
    }

    /// The true position (only for tests in this crate).
    #[cfg(test)]
    pub(crate) fn true_position(&self) -> &siguo::Position {
        self.referee.position()
    }
}
