//! 暗式 on the web board (R-37 … R-41): the referee in the page, one player's view of it, and
//! the engine's proposal from its own information state alone.
//!
//! [`HiddenSession`] holds the library's referee ([`HiddenGame`]) and says which side the
//! person plays. What it shows the person ([`HiddenView`]) is built from that side's
//! information state only: own pieces with kinds, enemy pieces as points, the candidate
//! proposals ([`PlayerView::candidates`]), the player's record (R-40: enemy moves as `暗…`). The
//! true game leaves it only through [`HiddenSession::reveal`], once the game is over (R-39).
//! The engine never sees the session: [`engine_proposal`] takes the engine side's
//! information-state string (R-41) and nothing else.

use gjjq::notation::{MoveText, player_record};
use gjjq::{
    Move, Outcome, Ruleset, Script, Side,
    deploy::{Deployment, Opening},
    hidden::{Beliefs, Event, HiddenGame, InfoState, PlayerView},
    outcome::WinReason,
};
use gjjq_engine::{Engine, EngineConfig, HiddenConfig, Limits};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::Serialize;

use crate::session::{OutcomeView, PendingView, PieceView, Session, WebError};

/// The name the page shows for the hidden-play engine.
pub const HIDDEN_ENGINE_NAME: &str =
    "gjjq-engine (hidden play: 6 sampled worlds, 60,000 nodes a proposal)";

/// The node budget of one proposal, over all worlds.
const NODES_PER_PROPOSAL: u64 = 60_000;

/// The search settings of one proposal: few worlds, and a bound on rejected draws so that a
/// proposal never hangs the worker.
const CONFIG: HiddenConfig = HiddenConfig {
    worlds: 6,
    max_tries: 2_000,
};

fn parse_side(text: &str) -> Result<Side, WebError> {
    text.parse()
        .map_err(|_| WebError::Side(gjjq::setup::clip(text, 40)))
}

fn parse_move(text: &str) -> Result<Move, WebError> {
    text.trim().parse().map_err(|error| WebError::HiddenMove {
        text: text.trim().to_owned(),
        error,
    })
}

/// A candidate proposal: an (origin, destination) pair legal in at least one world.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateView {
    /// The ASCII form (R-30).
    pub ascii: String,
    /// The origin label.
    pub from: String,
    /// The destination label.
    pub to: String,
    /// Whether an enemy piece stands on the destination (a capture if the move is legal).
    pub capture: bool,
    /// The action index (`Move::index`, in `0..8100`), as for open-play moves.
    pub index: u16,
}

/// One move of the player's record (R-40): own moves in full, enemy moves as `暗…`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HiddenMoveView {
    /// The ASCII form (R-30): the referee tells both sides the points of every move.
    pub ascii: String,
    /// The origin label.
    pub from: String,
    /// The destination label.
    pub to: String,
    /// Who moved.
    pub side: String,
    /// The record, simplified (`团5B进5A`, `暗5b进5a`).
    pub simplified: String,
    /// The record, traditional.
    pub traditional: String,
    /// What else the side was told with it and after it: `stayed`, `removed 5B`,
    /// `captured I`, `refused 5B4A` (its own refused proposals), `refused` (the opponent's).
    pub comments: Vec<String>,
    /// The kind captured by this move, when the side was told it (R-39), as its record
    /// character in both scripts.
    pub captured: Option<(String, String)>,
}

/// What the person sees of a hidden game: its own information state and nothing more.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HiddenView {
    /// The person's side.
    pub side: String,
    /// The side to move.
    pub turn: String,
    /// Moves played.
    pub plies: usize,
    /// Own pieces with kinds; enemy pieces with letter `?`, kind `hidden` and no characters.
    pub pieces: Vec<PieceView>,
    /// The enemy pieces' identities (the point each was deployed on), by where they stand.
    pub enemy_ids: Vec<(String, String)>,
    /// The last move played, by either side.
    pub last_move: Option<CandidateView>,
    /// The person's own pending return (R-19).
    pub pending: Vec<PendingView>,
    /// Untried candidate proposals, when it is the person's turn and the game goes on.
    pub candidates: Vec<CandidateView>,
    /// Proposals refused since the person's last move (R-38).
    pub refused: Vec<String>,
    /// Why each of them could be refused, in the same order (see [`refusal_reason`]).
    pub refused_reasons: Vec<String>,
    /// The player's record.
    pub moves: Vec<HiddenMoveView>,
    /// Own pieces lost, as record characters (simplified).
    pub lost: Vec<String>,
    /// Enemy pieces captured.
    pub captured: usize,
    /// The person's information state as its canonical string (R-41).
    pub info_state: String,
    /// The result, once the game is over.
    pub outcome: Option<OutcomeView>,
}

/// The answer to one proposal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposalView {
    /// The proposal, ASCII.
    pub ascii: String,
    /// Whether the referee played it; `false`: refused, nothing moved (R-38).
    pub played: bool,
    /// Whether the game is over after it.
    pub over: bool,
}

/// A hidden game on the web board: the referee, the person's side, and a resignation.
#[derive(Debug, Clone)]
pub struct HiddenSession {
    game: HiddenGame,
    player: Side,
    resigned: Option<Side>,
}

impl HiddenSession {
    /// A hidden game under the standard ruleset from two deployment strings (R-33, each in its
    /// owner's frame) with `first` to move (R-34), the person playing `player`.
    ///
    /// # Errors
    /// [`WebError::Side`] for a side that is neither `red` nor `green`,
    /// [`WebError::DeploymentString`] for a deployment that breaks R-32 or R-33.
    ///
    /// ```
    /// use gjjq_wasm::hidden::HiddenSession;
    /// let r27 = "9/3III3/9/1DA3AD1/FPMGKGMPF";
    /// let mut h = HiddenSession::new("red", r27, r27, "red")?;
    /// assert!(!h.propose("red", "5B4A")?.played); // refused: nothing moves (R-38)
    /// assert!(h.propose("red", "5B5A")?.played);
    /// let v = h.view();
    /// assert_eq!(v.moves[0].simplified, "团5B进5A");
    /// assert!(v.pieces.iter().filter(|p| p.side == "green").all(|p| p.letter == "?"));
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    pub fn new(
        player: &str,
        red: &str,
        green: &str,
        first: &str,
    ) -> Result<HiddenSession, WebError> {
        let player = parse_side(player)?;
        let first = parse_side(first)?;
        let mut deployments = [Deployment::default_formation(); 2];
        for (side, text) in [(Side::Red, red), (Side::Green, green)] {
            deployments[side.index()] =
                text.trim()
                    .parse()
                    .map_err(|error| WebError::DeploymentString {
                        side,
                        error: Box::new(error),
                    })?;
        }
        let opening = Opening::new(deployments[0], deployments[1], first);
        let game = HiddenGame::new(opening, Ruleset::STANDARD)?;
        Ok(HiddenSession {
            game,
            player,
            resigned: None,
        })
    }

    /// The person's side.
    #[must_use]
    pub fn player(&self) -> Side {
        self.player
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Side {
        self.game.turn()
    }

    /// The result: the referee's, or a resignation.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().or_else(|| {
            self.resigned.map(|side| Outcome::Win {
                winner: side.other(),
                reason: WinReason::Resignation,
            })
        })
    }

    /// `side` proposes `ascii` (R-38): played, or refused with nothing changed.
    ///
    /// # Errors
    /// [`WebError::Side`], [`WebError::HiddenMove`] for text that is not an ASCII move,
    /// [`WebError::Propose`] out of turn or after the end (a resignation included).
    pub fn propose(&mut self, side: &str, ascii: &str) -> Result<ProposalView, WebError> {
        let side = parse_side(side)?;
        let m = parse_move(ascii)?;
        if let Some(o) = self.outcome() {
            return Err(WebError::Propose(Box::new(
                gjjq::hidden::ProposeError::Finished(o),
            )));
        }
        let told = self
            .game
            .propose(side, m)
            .map_err(|e| WebError::Propose(Box::new(e)))?;
        Ok(ProposalView {
            ascii: m.to_string(),
            played: told.played,
            over: self.outcome().is_some(),
        })
    }

    /// The person resigns (a no-op once the game is over).
    pub fn resign(&mut self) {
        if self.outcome().is_none() {
            self.resigned = Some(self.player);
        }
    }

    /// `side`'s information state as its canonical string (R-41): all a player, or the
    /// engine, is given.
    ///
    /// # Errors
    /// [`WebError::Side`].
    pub fn info_state(&self, side: &str) -> Result<String, WebError> {
        Ok(self.game.info_state(parse_side(side)?).to_string())
    }

    /// The person's exact beliefs about the enemy pieces (R-41; docs/hidden.md, "Exact
    /// beliefs"), from the person's information state alone, for the board's "beliefs"
    /// toggle. The worlds are replayed when at most [`WEB_MAX_REPLAYS`] fit the domains
    /// (`exact` says whether the figures are exact over the consistent worlds). The
    /// referee's own state always has its true world, so the list is never empty for lack
    /// of one.
    ///
    /// ```
    /// use gjjq_wasm::hidden::HiddenSession;
    /// let r27 = "9/3III3/9/1DA3AD1/FPMGKGMPF";
    /// let h = HiddenSession::new("red", r27, r27, "red")?;
    /// let b = h.beliefs();
    /// assert!(b.exact); // nothing told yet, the person moves first
    /// assert_eq!(b.pieces.len(), 16);
    /// let palace = b.pieces.iter().find(|p| p.point == "5e").unwrap();
    /// assert_eq!((palace.kind.as_str(), palace.letter.as_str()), ("guard", "G"));
    /// # Ok::<(), gjjq_wasm::session::WebError>(())
    /// ```
    #[must_use]
    pub fn beliefs(&self) -> BeliefsView {
        let state = self.game.info_state(self.player);
        match Beliefs::with_max_replays(state, WEB_MAX_REPLAYS) {
            Ok(b) => beliefs_view(&b),
            Err(_) => BeliefsView {
                exact: false,
                pieces: Vec::new(),
            },
        }
    }

    /// What the person sees: built from the person's information state alone.
    #[must_use]
    pub fn view(&self) -> HiddenView {
        let state = self.game.info_state(self.player);
        let mut view = player_view(state, self.outcome());
        if self.resigned.is_some() {
            view.candidates.clear();
        }
        view
    }

    /// The whole game, once it is over (R-39: then everything is public): the true start
    /// and moves as an open game, with the resignation as its stated result and the two
    /// deployments as tags.
    ///
    /// # Errors
    /// [`WebError::NotOver`] while the game goes on.
    pub fn reveal(&self) -> Result<Session, WebError> {
        let Some(outcome) = self.outcome() else {
            return Err(WebError::NotOver);
        };
        let opening = self.game.opening();
        let start = self.game.game().start().clone();
        let tags = vec![
            ("Event".to_owned(), "gjjq web board".to_owned()),
            ("Rules".to_owned(), "standard".to_owned()),
            // The play mode as game files name it (R-36), so that `gjjq replay` and
            // `convert` read the file as the hidden game it was.
            ("Mode".to_owned(), "hidden".to_owned()),
            ("RedDeployment".to_owned(), opening.red.to_string()),
            ("GreenDeployment".to_owned(), opening.green.to_string()),
            ("FirstMover".to_owned(), opening.first.to_string()),
        ];
        let declared = (self.resigned.is_some()).then_some(outcome);
        Ok(Session::from_parts(
            start,
            self.game.game().moves().to_vec(),
            declared,
            tags,
        ))
    }
}

/// Why the referee may have refused `m`, a candidate of `pv` (R-38): which of the unknowns
/// [`PlayerView::candidates`] sets aside it rested on. The referee says only "illegal"; a
/// candidate is legal in some assignment of enemy kinds, and these are the ways the true
/// kinds can make it illegal, so the refusal tells the person which one held:
///
/// - `forfeit` (R-19): a return is owed and this king move in its place is a forfeit, legal
///   only while the king is attacked (R-20): so it is not attacked now;
/// - `fleet-missile` (R-12): a fleet never leaps over an enemy missile;
/// - `aircraft-missile` (R-13): an aircraft never flies over or onto an enemy missile;
/// - `facing-kings` (R-18): a king's capture along the file is legal only onto the enemy
///   king with the file open between them (the kings face);
/// - `missile-walk` (R-11): the ruleset lets a missile walk only in some positions;
/// - `unknown`: none of these (never seen under the standard ruleset).
///
/// ```
/// use gjjq::{Move, hidden::{InfoState, PlayerView}};
/// use gjjq_wasm::hidden::{HiddenSession, refusal_reason};
/// let r27 = "9/3III3/9/1DA3AD1/FPMGKGMPF";
/// let h = HiddenSession::new("red", r27, r27, "red")?;
/// let state: InfoState = h.info_state("red")?.parse().unwrap();
/// let pv = PlayerView::new(&state);
/// // Were the aircraft's flight 8E8B refused, only an enemy missile could explain it (R-13).
/// let m: Move = "8E8B".parse().unwrap();
/// assert_eq!(refusal_reason(&pv, m), "aircraft-missile");
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
#[must_use]
pub fn refusal_reason(pv: &PlayerView, m: Move) -> &'static str {
    use gjjq::PieceKind;
    let kind = pv
        .own()
        .into_iter()
        .find(|&(sq, _)| sq == m.from())
        .map(|(_, k)| k);
    let (own, enemy) = pv.occupied();
    if let Some(p) = pv.pending_return()
        && kind == Some(PieceKind::King)
        && m.from() != p.striker
        && !(own | enemy).contains(p.origin)
    {
        return "forfeit";
    }
    match kind {
        Some(PieceKind::Fleet) => "fleet-missile",
        Some(PieceKind::Aircraft) => "aircraft-missile",
        Some(PieceKind::King) if enemy.contains(m.to()) && m.to().country() != pv.side() => {
            "facing-kings"
        }
        Some(PieceKind::Missile) => "missile-walk",
        _ => "unknown",
    }
}

/// The view of an information state (and of a resignation the referee does not know of).
fn player_view(state: &InfoState, outcome: Option<Outcome>) -> HiddenView {
    let side = state.side();
    let pv = PlayerView::new(state);
    let enemy = side.other();
    let mut pieces: Vec<PieceView> = pv
        .own()
        .into_iter()
        .map(|(sq, kind)| {
            let p = gjjq::Piece::new(side, kind);
            PieceView {
                point: sq.to_string(),
                letter: p.ascii().to_string(),
                side: side.to_string(),
                kind: kind.name().to_owned(),
                simplified: p.record_char(Script::Simplified).to_string(),
                traditional: p.record_char(Script::Traditional).to_string(),
            }
        })
        .collect();
    let enemies = pv.enemy();
    pieces.extend(enemies.iter().map(|e| PieceView {
        point: e.at.to_string(),
        letter: "?".to_owned(),
        side: enemy.to_string(),
        kind: "hidden".to_owned(),
        simplified: String::new(),
        traditional: String::new(),
    }));
    let enemy_ids = enemies
        .iter()
        .map(|e| (e.at.to_string(), e.id.to_string()))
        .collect();
    let refused = state.refused_this_turn();
    let candidate = |m: Move| CandidateView {
        ascii: m.to_string(),
        from: m.from().to_string(),
        to: m.to().to_string(),
        capture: pv.enemy_at(m.to()).is_some(),
        index: m.index(),
    };
    let candidates = if outcome.is_none() && pv.turn() == side {
        pv.candidates()
            .iter()
            .copied()
            .filter(|m| !refused.contains(m))
            .map(candidate)
            .collect()
    } else {
        Vec::new()
    };
    let last_move = state.events().iter().rev().find_map(|e| match e {
        Event::Played(seen) => Some(CandidateView {
            ascii: seen.mv.to_string(),
            from: seen.mv.from().to_string(),
            to: seen.mv.to().to_string(),
            capture: seen.capture,
            index: seen.mv.index(),
        }),
        _ => None,
    });
    let pending = pv
        .pending_return()
        .map(|p| PendingView {
            side: side.to_string(),
            striker: p.striker.to_string(),
            origin: p.origin.to_string(),
        })
        .into_iter()
        .collect();
    HiddenView {
        side: side.to_string(),
        turn: pv.turn().to_string(),
        plies: state.plies(),
        pieces,
        enemy_ids,
        last_move,
        pending,
        candidates,
        refused: refused.iter().map(ToString::to_string).collect(),
        refused_reasons: refused
            .iter()
            .map(|&m| refusal_reason(&pv, m).to_owned())
            .collect(),
        moves: record(state),
        lost: pv
            .lost()
            .iter()
            .map(|&k| {
                gjjq::Piece::new(side, k)
                    .record_char(Script::Simplified)
                    .to_string()
            })
            .collect(),
        captured: pv.captured().len(),
        info_state: state.to_string(),
        outcome: outcome.map(OutcomeView::new),
    }
}

/// The player's record (R-40) from the notation crate, with each move's points and mover.
fn record(state: &InfoState) -> Vec<HiddenMoveView> {
    let rec = player_record(state);
    let played = state.events().iter().filter_map(|e| match e {
        Event::Played(seen) => Some(seen.mv),
        _ => None,
    });
    let mut mover = state.first();
    rec.moves
        .iter()
        .zip(played)
        .zip(told_kinds(state))
        .map(|((rm, m), kind)| {
            let (simplified, traditional) = match &rm.text {
                MoveText::Record(r) => (
                    r.to_script(Script::Simplified),
                    r.to_script(Script::Traditional),
                ),
                MoveText::Hidden(h) => (
                    h.to_script(Script::Simplified),
                    h.to_script(Script::Traditional),
                ),
                MoveText::Ascii(a) => (a.to_string(), a.to_string()),
            };
            let v = HiddenMoveView {
                ascii: m.to_string(),
                from: m.from().to_string(),
                to: m.to().to_string(),
                side: mover.to_string(),
                simplified,
                traditional,
                comments: rm.comments.clone(),
                captured: kind.map(|(owner, k)| {
                    let p = gjjq::Piece::new(owner, k);
                    (
                        p.record_char(Script::Simplified).to_string(),
                        p.record_char(Script::Traditional).to_string(),
                    )
                }),
            };
            mover = mover.other();
            v
        })
        .collect()
}

/// For each move told, the captured piece's owner and kind when the side was told the kind.
fn told_kinds(state: &InfoState) -> Vec<Option<(Side, gjjq::PieceKind)>> {
    let mut mover = state.first();
    let mut out = Vec::new();
    for e in state.events() {
        if let Event::Played(seen) = e {
            out.push(seen.captured_kind.map(|k| (mover.other(), k)));
            mover = mover.other();
        }
    }
    out
}

/// The replay bound of [`HiddenSession::beliefs`]: lower than the library's default, so a
/// toggle answers within a fraction of a second in the page.
pub const WEB_MAX_REPLAYS: u128 = 5_000;

/// The person's beliefs about the enemy pieces, as the page shows them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BeliefsView {
    /// Whether the figures are exact over the consistent worlds (otherwise over the
    /// assignments that fit the kind domains).
    pub exact: bool,
    /// The enemy pieces on the board, in point order.
    pub pieces: Vec<BeliefView>,
}

/// One enemy piece's belief: the most likely kind (the first in K G M F P A D I order on a
/// tie) and every possible kind with its probability.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BeliefView {
    /// The point it stands on (R-3).
    pub point: String,
    /// The most likely kind's name (`guard`).
    pub kind: String,
    /// Its ASCII letter (R-7, `G`).
    pub letter: String,
    /// Its probability.
    pub probability: f64,
    /// Each kind of positive probability: letter and probability, K G M F P A D I order.
    pub kinds: Vec<(String, f64)>,
}

/// The page's shape of the library's beliefs.
fn beliefs_view(b: &Beliefs) -> BeliefsView {
    BeliefsView {
        exact: b.is_exact(),
        pieces: b
            .pieces()
            .iter()
            .map(|p| {
                let (kind, probability) = p.most_likely();
                BeliefView {
                    point: p.at.to_string(),
                    kind: kind.name().to_owned(),
                    letter: kind.ascii().to_string(),
                    probability,
                    kinds: gjjq::PieceKind::ALL
                        .into_iter()
                        .filter(|k| p.counts[k.index()] > 0)
                        .map(|k| (k.ascii().to_string(), p.probability(k)))
                        .collect(),
                }
            })
            .collect(),
    }
}

/// The beliefs of the side whose information-state string `state` is (R-41), as
/// [`HiddenSession::beliefs`] gives them (at most [`WEB_MAX_REPLAYS`] worlds replayed), from
/// the string alone: what the page's beliefs worker is given, so that the referee never
/// leaves the page's main thread.
///
/// # Errors
/// [`WebError::InfoState`] for a string that does not parse, [`WebError::Beliefs`] for a
/// state no referee could have told.
///
/// ```
/// use gjjq_wasm::hidden::{HiddenSession, beliefs_of_state};
/// let r27 = "9/3III3/9/1DA3AD1/FPMGKGMPF";
/// let mut h = HiddenSession::new("red", r27, r27, "red")?;
/// h.propose("red", "5B5A")?;
/// h.propose("green", "5b5a")?;
/// assert_eq!(beliefs_of_state(&h.info_state("red")?)?, h.beliefs());
/// assert!(beliefs_of_state("not a state").is_err());
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
pub fn beliefs_of_state(state: &str) -> Result<BeliefsView, WebError> {
    let state: InfoState = state
        .trim()
        .parse()
        .map_err(|e| WebError::InfoState(Box::new(e)))?;
    let b = Beliefs::with_max_replays(&state, WEB_MAX_REPLAYS)
        .map_err(|e| WebError::Beliefs(Box::new(e)))?;
    Ok(beliefs_view(&b))
}

/// The engine's answer to an information state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HiddenReply {
    /// The proposal, ASCII; `None` when it is not the state's side's turn or the game is over.
    pub best_move: Option<String>,
    /// Which engine answered.
    pub engine: String,
    /// Worlds drawn and searched (0: a fallback candidate).
    pub worlds: u32,
    /// How many of them chose the proposal.
    pub votes: u32,
}

/// The engine's proposal for the side whose information-state string `state` is (R-41),
/// searched over worlds drawn with a `StdRng` seeded from `seed`. The engine is given the
/// string and nothing else; a refused proposal comes back as a state ending in `?<move>`, and
/// the engine then never proposes it again this turn.
///
/// # Errors
/// [`WebError::InfoState`] for a string that does not parse.
///
/// ```
/// use gjjq_wasm::hidden::{HiddenSession, engine_proposal};
/// let r27 = "9/3III3/9/1DA3AD1/FPMGKGMPF";
/// let mut h = HiddenSession::new("red", r27, r27, "red")?;
/// h.propose("red", "5B5A")?;
/// let reply = engine_proposal(&h.info_state("green")?, 1)?;
/// let m = reply.best_move.expect("Green proposes");
/// h.propose("green", &m)?; // played or refused: the referee decides
/// # Ok::<(), gjjq_wasm::session::WebError>(())
/// ```
pub fn engine_proposal(state: &str, seed: u32) -> Result<HiddenReply, WebError> {
    let state: InfoState = state
        .trim()
        .parse()
        .map_err(|e| WebError::InfoState(Box::new(e)))?;
    let mut engine = Engine::new(EngineConfig {
        hash_mb: 4,
        ..EngineConfig::default()
    });
    let mut rng = StdRng::seed_from_u64(u64::from(seed));
    let r = engine.search_hidden(&state, Limits::nodes(NODES_PER_PROPOSAL), CONFIG, &mut rng);
    Ok(HiddenReply {
        best_move: r.best_move.map(|m| m.to_string()),
        engine: HIDDEN_ENGINE_NAME.to_owned(),
        worlds: r.worlds,
        votes: r.votes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deploy::random_deployment;

    const R27: &str = "9/3III3/9/1DA3AD1/FPMGKGMPF";

    // Issue 25 item 3: the board's beliefs are the library's, from the person's state alone
    // (no leak: two true worlds telling Red the same give the same view).
    #[test]
    fn beliefs_follow_the_information_state() {
        let swapped = "9/3III3/9/1AD3AD1/FPMGKGMPF"; // Green's army and division swapped
        let mut views = Vec::new();
        for green in [R27, swapped] {
            let mut h = HiddenSession::new("red", R27, green, "red").unwrap();
            assert!(h.propose("red", "5B5A").unwrap().played);
            assert!(h.propose("green", "5b5a").unwrap().played);
            let b = h.beliefs();
            let lib =
                Beliefs::with_max_replays(h.game.info_state(Side::Red), WEB_MAX_REPLAYS).unwrap();
            assert_eq!(b.exact, lib.is_exact());
            assert_eq!(b.pieces.len(), lib.pieces().len());
            for (v, p) in b.pieces.iter().zip(lib.pieces()) {
                assert_eq!(v.point, p.at.to_string());
                assert_eq!((v.letter.clone(), v.probability), {
                    let (k, q) = p.most_likely();
                    (k.ascii().to_string(), q)
                });
                let sum: f64 = v.kinds.iter().map(|k| k.1).sum();
                assert!((sum - 1.0).abs() < 1e-9);
            }
            views.push(b);
        }
        assert_eq!(views[0], views[1]);
    }

    // The JSON the page reads (`BeliefsView` in web/src/types.ts): camelCase keys, each
    // possible kind as a `[letter, probability]` pair in K G M F P A D I order.
    #[test]
    fn beliefs_serialise_as_the_page_reads_them() {
        let mut h = HiddenSession::new("red", R27, R27, "red").unwrap();
        assert!(h.propose("red", "3E7d").unwrap().played); // takes Green's army (R-11)
        let v = serde_json::to_value(h.beliefs()).unwrap();
        let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["exact", "pieces"]);
        let pieces = v["pieces"].as_array().unwrap();
        assert_eq!(pieces.len(), 15, "the army taken on 7d is gone");
        assert!(pieces.iter().all(|p| p["point"] != "7d"));
        for p in pieces {
            let o = p.as_object().unwrap();
            let keys: Vec<&str> = o.keys().map(String::as_str).collect();
            assert_eq!(keys, ["kind", "kinds", "letter", "point", "probability"]); // sorted
            let kinds = p["kinds"].as_array().unwrap();
            let letters: String = kinds.iter().map(|k| k[0].as_str().unwrap()).collect();
            // In K G M F P A D I order, each with a positive probability.
            let order = "KGMFPADI";
            let mut at = 0;
            for c in letters.chars() {
                let i = order[at..].find(c).expect("K G M F P A D I order");
                at += i + 1;
            }
            let top = kinds
                .iter()
                .map(|k| k[1].as_f64().unwrap())
                .fold(0.0, f64::max);
            assert!(kinds.iter().all(|k| k[1].as_f64().unwrap() > 0.0));
            assert_eq!(p["probability"].as_f64().unwrap(), top);
            assert!(letters.contains(p["letter"].as_str().unwrap()));
        }
        // A palace point is inland (R-5): no fleet may stand there (R-32).
        let on = |point: &str| pieces.iter().find(|p| p["point"] == point).unwrap().clone();
        let palace = on("4e");
        assert!(
            palace["kinds"]
                .as_array()
                .unwrap()
                .iter()
                .all(|k| k[0] != "F")
        );
        let sum: f64 = palace["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k[1].as_f64().unwrap())
            .sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
    }

    // The worker's beliefs come from the state string alone and equal the session's, ply
    // after ply; a string that does not parse is an error that says so.
    #[test]
    fn beliefs_from_the_state_string_equal_the_sessions() {
        let mut h = random_game(7);
        for ply in 0..8u32 {
            let side = h.turn().to_string();
            engine_plays(&mut h, &side, 10 * ply);
            let state = h.info_state("red").unwrap();
            assert_eq!(beliefs_of_state(&state).unwrap(), h.beliefs(), "ply {ply}");
        }
        let e = beliefs_of_state("r r 9/9").unwrap_err();
        assert!(matches!(e, WebError::InfoState(_)), "{e}");
        assert!(e.to_string().starts_with("information state: "), "{e}");
    }

    /// A game from two random deployments (R-35), the person Red, Green first.
    fn random_game(seed: u32) -> HiddenSession {
        let red = random_deployment(seed).unwrap();
        let green = random_deployment(seed ^ 0x9e37_79b9).unwrap();
        HiddenSession::new("red", &red, &green, "green").unwrap()
    }

    /// Let the engine propose for `side` until the referee plays one; the proposals made.
    fn engine_plays(h: &mut HiddenSession, side: &str, seed: u32) -> Vec<String> {
        let mut tried = Vec::new();
        for attempt in 0..200 {
            let state = h.info_state(side).unwrap();
            let m = engine_proposal(&state, seed + attempt)
                .unwrap()
                .best_move
                .unwrap();
            assert!(
                !tried.contains(&m),
                "{m} proposed twice in one turn: {tried:?}"
            );
            tried.push(m.clone());
            if h.propose(side, &m).unwrap().played {
                return tried;
            }
        }
        panic!("no proposal played after 200 tries: {tried:?}");
    }

    #[test]
    fn a_refused_proposal_moves_nothing_and_is_not_offered_again_r38() {
        let mut h = HiddenSession::new("red", R27, R27, "red").unwrap();
        let before = h.view();
        // Two points forward: no infantry move, in any world.
        let answer = h.propose("red", "5B4A").unwrap();
        assert!(!answer.played && !answer.over);
        let after = h.view();
        assert_eq!(after.pieces, before.pieces);
        assert_eq!(after.plies, 0);
        assert!(after.info_state.ends_with(" ?5B4A"), "{}", after.info_state);
        assert_eq!(after.refused, ["5B4A"]);
        assert!(
            h.propose("green", "5b5a").is_err(),
            "out of turn is an error, not a refusal"
        );
        assert!(h.propose("red", "5B5A").unwrap().played);
        let v = h.view();
        assert!(v.refused.is_empty());
        assert!(
            v.candidates.is_empty(),
            "Green's turn: no candidates for Red"
        );
        assert_eq!(v.last_move.unwrap().ascii, "5B5A");
        assert_eq!(v.turn, "green");
    }

    #[test]
    fn a_refused_candidate_leaves_the_candidates_until_a_move_is_played_r38() {
        // Candidates are legal in some world, not necessarily in the true one: find one the
        // referee refuses (an enemy missile, say, that no fleet or aircraft may take).
        for seed in 0..40 {
            let mut h = random_game(seed);
            engine_plays(&mut h, "green", seed);
            let v = h.view();
            let refused = v.candidates.iter().find(|c| {
                let mut probe = h.clone();
                !probe.propose("red", &c.ascii).unwrap().played
            });
            let Some(refused) = refused else { continue };
            assert!(!h.propose("red", &refused.ascii).unwrap().played);
            let after = h.view();
            assert_eq!(after.pieces, v.pieces, "nothing moved");
            assert_eq!(after.candidates.len(), v.candidates.len() - 1);
            assert!(!after.candidates.contains(refused));
            assert_eq!(after.refused, std::slice::from_ref(&refused.ascii));
            return;
        }
        panic!("no refused candidate in 40 random games");
    }

    #[test]
    fn every_refusal_has_a_reason_and_a_refused_forfeit_means_no_attack_r19_r38() {
        use rand::seq::IndexedRandom;
        let mut reasons = std::collections::BTreeMap::new();
        for seed in 0..24u32 {
            let mut h = random_game(seed);
            let mut rng = StdRng::seed_from_u64(u64::from(seed));
            for _ in 0..120 {
                if h.outcome().is_some() {
                    break;
                }
                let side = h.turn();
                let before = h.game.game().position().clone();
                let state = h.game.info_state(side).clone();
                let pv = PlayerView::new(&state);
                let refused = state.refused_this_turn();
                let list: Vec<Move> = pv
                    .candidates()
                    .iter()
                    .copied()
                    .filter(|m| !refused.contains(m))
                    .collect();
                let m = *list.choose(&mut rng).unwrap();
                if h.game.propose(side, m).unwrap().played {
                    continue;
                }
                let reason = refusal_reason(&pv, m);
                assert_ne!(reason, "unknown", "seed {seed}: {m} refused in {before}");
                if reason == "forfeit" {
                    assert!(!before.is_check(), "a forfeit is refused only unattacked");
                }
                *reasons.entry(reason).or_insert(0) += 1;
                // The person's view carries it.
                if side == Side::Red {
                    let v = h.view();
                    let i = v.refused.iter().position(|r| *r == m.to_string()).unwrap();
                    assert_eq!(v.refused_reasons[i], reason);
                }
            }
        }
        assert!(reasons.contains_key("forfeit"), "{reasons:?}");
        assert!(reasons.len() >= 2, "{reasons:?}");
    }

    #[test]
    fn the_view_holds_no_enemy_kind_and_the_record_writes_enemy_moves_hidden_r40() {
        let mut h = random_game(11);
        let green_dep = h.game.opening().green.to_string();
        for ply in 0..16u32 {
            let side = h.turn().to_string();
            engine_plays(&mut h, &side, 100 * ply);
            let v = h.view();
            let json = serde_json::to_string(&v).unwrap();
            let truth = h.game.game().position().to_string();
            assert!(
                !json.contains(&truth),
                "the true position leaks at ply {ply}"
            );
            assert!(
                !json.contains(&green_dep),
                "Green's deployment leaks at ply {ply}"
            );
            for p in v.pieces.iter().filter(|p| p.side == "green") {
                assert_eq!((p.letter.as_str(), p.kind.as_str()), ("?", "hidden"));
                assert!(p.simplified.is_empty() && p.traditional.is_empty());
            }
            // The view is the person's information state, the referee's very string.
            assert_eq!(v.info_state, h.game.info_state(Side::Red).to_string());
            assert_eq!(v.moves.len(), h.game.game().moves().len());
            for m in &v.moves {
                // The kind told (R-39) comes with its record character.
                let told = m.comments.iter().find_map(|c| c.strip_prefix("captured "));
                assert_eq!(told.is_some(), m.captured.is_some(), "{m:?}");
                if m.side == "green" {
                    assert!(m.simplified.starts_with('暗'), "{}", m.simplified);
                    assert!(m.traditional.starts_with('暗'), "{}", m.traditional);
                } else {
                    assert!(!m.simplified.starts_with('暗'), "{}", m.simplified);
                }
            }
            if h.outcome().is_some() {
                break;
            }
        }
        assert_eq!(h.view().moves[0].side, "green", "Green moved first");
    }

    #[test]
    fn the_engine_reads_only_a_state_string_and_never_repeats_a_refusal_r41() {
        let r = engine_proposal("not a state", 0).unwrap_err();
        assert!(matches!(r, WebError::InfoState(_)), "{r}");
        let mut h = HiddenSession::new("red", R27, R27, "red").unwrap();
        // Not Green's turn: no proposal.
        let none = engine_proposal(&h.info_state("green").unwrap(), 3).unwrap();
        assert_eq!(none.best_move, None);
        h.propose("red", "5B5A").unwrap();
        let state = h.info_state("green").unwrap();
        let first = engine_proposal(&state, 3).unwrap().best_move.unwrap();
        assert!(first.parse::<Move>().is_ok());
        // The same move told back as refused is never proposed again this turn.
        let refused_state = format!("{state} ?{first}");
        for seed in 0..4 {
            let again = engine_proposal(&refused_state, seed).unwrap();
            assert_ne!(again.best_move.as_deref(), Some(first.as_str()));
        }
    }

    #[test]
    fn resigning_ends_and_reveals_the_whole_game_r39() {
        let mut h = random_game(5);
        assert!(matches!(h.reveal(), Err(WebError::NotOver)));
        engine_plays(&mut h, "green", 1);
        engine_plays(&mut h, "red", 2);
        h.resign();
        let o = h.view().outcome.unwrap();
        assert_eq!(
            (o.winner.as_deref(), o.reason.as_str()),
            (Some("green"), "resignation")
        );
        assert!(h.view().candidates.is_empty());
        assert!(h.propose("green", "5b5a").is_err());
        let open = h.reveal().unwrap();
        assert_eq!(open.plies(), 2);
        let end = open.view(2).unwrap();
        assert_eq!(end.position, h.game.game().position().to_string());
        assert_eq!(end.outcome.unwrap().reason, "resignation");
        // Every piece is public now, and the game file carries both deployments.
        assert!(end.pieces.iter().all(|p| p.letter != "?"));
        let file = open.game_file("simplified").unwrap();
        let green = h.game.opening().green.to_string();
        assert!(
            file.contains(&format!("[GreenDeployment \"{green}\"]")),
            "{file}"
        );
        assert!(file.contains("[Termination \"resignation\"]"), "{file}");
        let back = Session::from_game_file(&file).unwrap();
        assert_eq!(back.moves_ascii(), open.moves_ascii());
        // The page's hidden-game worker hands the reveal over as this file: the resignation
        // survives the trip.
        let again = back.view(back.plies()).unwrap().outcome.unwrap();
        assert_eq!(
            (again.winner.as_deref(), again.reason.as_str()),
            (Some("green"), "resignation")
        );
        // The library reads it as the hidden game it was (R-36, R-40).
        let record = gjjq::notation::GameReader::new(file.as_bytes())
            .next()
            .unwrap()
            .unwrap();
        assert_eq!(record.play_mode().unwrap(), gjjq::deploy::PlayMode::Hidden);
        let replayed = gjjq::notation::hidden_game_from_record(&record).unwrap();
        assert_eq!(replayed.game().moves(), h.game.game().moves());
    }

    #[test]
    fn bad_sides_and_deployments_say_what() {
        let e = HiddenSession::new("blue", R27, R27, "red").unwrap_err();
        assert!(e.to_string().contains("'blue'"), "{e}");
        let e = HiddenSession::new("red", R27, "9/9", "red").unwrap_err();
        assert!(e.to_string().starts_with("green's deployment"), "{e}");
        let mut h = HiddenSession::new("red", R27, R27, "red").unwrap();
        let e = h.propose("red", "5B").unwrap_err();
        assert!(e.to_string().contains("proposal '5B'"), "{e}");
    }
}
