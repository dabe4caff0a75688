//! The `#[wasm_bindgen]` layer of 陸戰棋 (names start with `lz`/`Lz`): it only converts
//! errors to JavaScript `Error`s and answers to JSON strings; the logic is in [`super`].

use wasm_bindgen::prelude::*;

use super::dark::LzDarkSession;
use super::flip::{LzFlipSession, parse_player};
use super::{LzSession, parse_side};
use crate::shell::{js_err, json};

/// The board as JSON `{points: [{label, file, rank, kind, railway, half}], lines: [{a, b,
/// railway}]}` (see [`super::board`]).
///
/// # Errors
/// None in practice.
#[wasm_bindgen(js_name = lzBoard)]
pub fn lz_board() -> Result<String, JsError> {
    json(&super::board())
}

/// The library's default deployment string (L-19).
#[wasm_bindgen(js_name = lzDefaultDeployment)]
#[must_use]
pub fn lz_default_deployment() -> String {
    luzhanqi::deploy::DEFAULT_DEPLOYMENT.to_owned()
}

/// A random deployment string from `seed` (L-18).
#[wasm_bindgen(js_name = lzRandomDeployment)]
#[must_use]
pub fn lz_random_deployment(seed: u32) -> String {
    super::random_deployment(seed)
}

/// `side`'s deployment string on the board as JSON `[{point, letter}]`.
///
/// # Errors
/// A bad side, or a string that does not parse or breaks L-17.
#[wasm_bindgen(js_name = lzDeploymentPoints)]
pub fn lz_deployment_points(side: &str, text: &str) -> Result<String, JsError> {
    let side = parse_side(side).map_err(js_err)?;
    json(&super::deployment_points(side, text).map_err(js_err)?)
}

/// The check of an arrangement given as JSON `[[point, letter], …]`: JSON `{deployment,
/// problems: [{code, point, kind, count, wanted}]}` (see [`super::check_deployment`]).
///
/// # Errors
/// A bad side, JSON that is not a list of pairs, a point or letter that does not parse.
#[wasm_bindgen(js_name = lzCheckDeployment)]
pub fn lz_check_deployment(side: &str, pieces: &str) -> Result<String, JsError> {
    let side = parse_side(side).map_err(js_err)?;
    let pairs: Vec<(String, String)> =
        serde_json::from_str(pieces).map_err(|e| JsError::new(&format!("pieces: {e}")))?;
    json(&super::check_deployment(side, &pairs).map_err(js_err)?)
}

/// The check of a typed deployment string: JSON `{deployment, problems}` as
/// [`lz_check_deployment`] answers (see [`super::check_deployment_string`]).
///
/// # Errors
/// A bad side, or a text that is not a deployment string.
#[wasm_bindgen(js_name = lzCheckDeploymentString)]
pub fn lz_check_deployment_string(side: &str, text: &str) -> Result<String, JsError> {
    let side = parse_side(side).map_err(js_err)?;
    json(&super::check_deployment_string(side, text).map_err(js_err)?)
}

/// The start position string of two deployments and the first mover (`red`, `blue`).
///
/// # Errors
/// A bad side or deployment.
#[wasm_bindgen(js_name = lzPositionFromDeployments)]
pub fn lz_position_from_deployments(red: &str, blue: &str, first: &str) -> Result<String, JsError> {
    let first = parse_side(first).map_err(js_err)?;
    super::position_from_deployments(red, blue, first).map_err(js_err)
}

/// The engine's reply as JSON `{bestMove, agent, depth, nodes}` (see
/// [`super::engine_reply`]).
///
/// # Errors
/// A bad start, move or agent name.
#[wasm_bindgen(js_name = lzEngineReply)]
pub fn lz_engine_reply(
    start: &str,
    moves: &str,
    agent: &str,
    seed: u32,
) -> Result<String, JsError> {
    json(&super::engine_reply(start, moves, agent, seed).map_err(js_err)?)
}

/// An open 陸戰棋 game for the page.
#[wasm_bindgen(js_name = LzGame)]
#[derive(Debug)]
pub struct WebLzGame(LzSession);

web_methods!(WebLzGame(LzSession) as LzGame: replay, open);

#[wasm_bindgen(js_class = LzGame)]
impl WebLzGame {
    /// A game from a position string; empty for the default start.
    ///
    /// # Errors
    /// A bad position string.
    #[wasm_bindgen(constructor)]
    pub fn new(position: &str) -> Result<WebLzGame, JsError> {
        LzSession::new(position).map(WebLzGame).map_err(js_err)
    }

    /// The person resigns: `winner` (`red`, `blue`, or empty when no side can be named) wins;
    /// the end as JSON `{winner, reason: "resignation", result}`, written into the game file.
    ///
    /// # Errors
    /// A bad side, or a game already over.
    pub fn resign(&mut self, winner: &str) -> Result<String, JsError> {
        let winner = if winner.trim().is_empty() {
            None
        } else {
            Some(parse_side(winner).map_err(js_err)?)
        };
        json(&self.0.resign(winner).map_err(js_err)?)
    }
}

/// A dark game (暗棋, L-31) against the engine, for the page's worker: the referee and the
/// engine's agent stay in Rust; every answer is the person's view (JSON, see
/// [`super::dark::DarkPlayerView`]), which holds no enemy kind before the end.
#[wasm_bindgen(js_name = LzDarkGame)]
#[derive(Debug)]
pub struct WebLzDarkGame(LzDarkSession);

web_methods!(WebLzDarkGame(LzDarkSession) as LzDarkGame: against_engine, hidden);

#[wasm_bindgen(js_class = LzDarkGame)]
impl WebLzDarkGame {
    /// A dark game: the person plays `side` (`red`, `blue`) with its deployment string `own`,
    /// the engine (`agent`: `ismcts`, `determinized`, `heuristic`, `random`) the other side
    /// with a deployment drawn from `secret` (a BigInt the worker draws with
    /// `crypto.getRandomValues`, never a seed the person can type or see: L-31); `first`
    /// moves first.
    ///
    /// # Errors
    /// A bad side, deployment or agent.
    #[wasm_bindgen(constructor)]
    pub fn new(
        own: &str,
        side: &str,
        first: &str,
        agent: &str,
        secret: u64,
    ) -> Result<WebLzDarkGame, JsError> {
        let side = parse_side(side).map_err(js_err)?;
        let first = parse_side(first).map_err(js_err)?;
        LzDarkSession::new(own, side, first, agent, secret)
            .map(WebLzDarkGame)
            .map_err(js_err)
    }
}

/// The beliefs of an information state string as JSON `{exact, worlds, pieces: [{point, id,
/// letter, probability, kinds}]}` (see [`super::dark::dark_beliefs`]).
///
/// # Errors
/// A string that does not parse or fits no world.
#[wasm_bindgen(js_name = lzDarkBeliefs)]
pub fn lz_dark_beliefs(state: &str) -> Result<String, JsError> {
    json(&super::dark::dark_beliefs(state).map_err(js_err)?)
}

/// A flip game (翻棋, L-32): against the engine, for the page's worker (the deal of the
/// face-down pieces stays in Rust), or read from a flip game file to review. Every view is
/// JSON (see [`super::flip::FlipView`]) and names no face-down piece's kind.
#[wasm_bindgen(js_name = LzFlipGame)]
#[derive(Debug)]
pub struct WebLzFlipGame(LzFlipSession);

web_methods!(WebLzFlipGame(LzFlipSession) as LzFlipGame: replay, against_engine);

#[wasm_bindgen(js_class = LzFlipGame)]
impl WebLzFlipGame {
    /// A game against the engine: the person is the `player` (`first`, `second`) to act, the
    /// engine (`agent`: `search`, `heuristic`, `random`) the other; the pieces dealt from
    /// `secret` (a BigInt the worker draws with `crypto.getRandomValues`, never a seed the
    /// person can type or see: L-32).
    ///
    /// # Errors
    /// A bad player or agent.
    #[wasm_bindgen(constructor)]
    pub fn new(player: &str, agent: &str, secret: u64) -> Result<WebLzFlipGame, JsError> {
        let player = parse_player(player).map_err(js_err)?;
        LzFlipSession::new(player, agent, secret)
            .map(WebLzFlipGame)
            .map_err(js_err)
    }

    /// The game as a flip game file.
    ///
    /// # Errors
    /// The record cannot be written.
    #[wasm_bindgen(js_name = gameFile)]
    pub fn game_file(&self) -> Result<String, JsError> {
        self.0.game_file().map_err(js_err)
    }
}
