//! The `#[wasm_bindgen]` layer of 四國軍棋 (names start with `sg`/`Sg`): it only converts
//! errors to JavaScript `Error`s and answers to JSON strings; the logic is in [`super`].

use wasm_bindgen::prelude::*;

use super::{SgDarkSession, SgEngine, SgEngineChoice};
use crate::shell::{js_err, json};

/// The cross board as JSON `{points, lines, palace, headquarters}` (see [`super::board`]).
///
/// # Errors
/// None in practice.
#[wasm_bindgen(js_name = sgBoard)]
pub fn sg_board() -> Result<String, JsError> {
    json(&super::board())
}

/// A deployment string on Red's half as JSON `[{point, letter}]`.
///
/// # Errors
/// A string that does not parse or breaks L-17.
#[wasm_bindgen(js_name = sgDeploymentPoints)]
pub fn sg_deployment_points(text: &str) -> Result<String, JsError> {
    json(&super::deployment_points(text).map_err(js_err)?)
}

/// The check of an arrangement on Red's half given as JSON `[[point, letter], …]`: JSON
/// `{deployment, problems}` (see [`super::check_deployment`]).
///
/// # Errors
/// JSON that is not a list of pairs, a point or letter that does not parse.
#[wasm_bindgen(js_name = sgCheckDeployment)]
pub fn sg_check_deployment(pieces: &str) -> Result<String, JsError> {
    let pairs: Vec<(String, String)> =
        serde_json::from_str(pieces).map_err(|e| JsError::new(&format!("pieces: {e}")))?;
    json(&super::check_deployment(&pairs).map_err(js_err)?)
}

/// A game of 四國 against three engine seats, for the game's worker only (it holds the
/// referee and the three hidden deployments).
#[wasm_bindgen(js_name = SgDarkGame)]
#[derive(Debug)]
pub struct WebSgDarkGame(SgDarkSession);

web_methods!(WebSgDarkGame(SgDarkSession) as SgDarkGame: against_engine, hidden);

#[wasm_bindgen(js_class = SgDarkGame)]
impl WebSgDarkGame {
    /// A game from Red's deployment string, the mode and the worker's secret (see
    /// [`SgDarkSession::new`]).
    ///
    /// # Errors
    /// A bad mode or deployment.
    #[wasm_bindgen(constructor)]
    pub fn new(own: &str, mode: &str, secret: u64) -> Result<WebSgDarkGame, JsError> {
        SgDarkSession::new(own, mode, secret)
            .map(WebSgDarkGame)
            .map_err(js_err)
    }

    /// The engine seat to move and its information state as JSON `{seat, state}`, or `null`
    /// on Red's turn or at the end: for that seat's engine only.
    ///
    /// # Errors
    /// None in practice.
    #[wasm_bindgen(js_name = engineTurn)]
    pub fn engine_turn(&self) -> Result<String, JsError> {
        json(&self.0.engine_turn())
    }

    /// Play the engine seat's answer, JSON `{action, agent, nodes}` from its [`SgEngine`]
    /// (empty for none: the seat's first legal action is played): JSON `{seat, action, agent,
    /// nodes, view}`.
    ///
    /// # Errors
    /// Not that seat's turn; a choice that is not JSON.
    #[wasm_bindgen(js_name = playEngine)]
    pub fn play_engine(&mut self, seat: &str, choice: &str) -> Result<String, JsError> {
        let choice = if choice.is_empty() {
            None
        } else {
            Some(parse_choice(choice)?)
        };
        json(&self.0.play_engine(seat, choice).map_err(js_err)?)
    }
}

#[derive(serde::Deserialize)]
struct ChoiceJson {
    action: String,
    agent: String,
    nodes: u64,
}

fn parse_choice(text: &str) -> Result<SgEngineChoice, JsError> {
    let c: ChoiceJson =
        serde_json::from_str(text).map_err(|e| JsError::new(&format!("engine answer: {e}")))?;
    Ok(SgEngineChoice {
        action: c.action,
        agent: match c.agent.as_str() {
            "determinized" => "determinized",
            "search" => "search",
            _ => "engine",
        },
        nodes: c.nodes,
    })
}

/// One engine seat's agent, for a worker of its own: it is given that seat's information
/// state and nothing else.
#[wasm_bindgen(js_name = SgEngine)]
#[derive(Debug)]
pub struct WebSgEngine(SgEngine);

#[wasm_bindgen(js_class = SgEngine)]
impl WebSgEngine {
    /// An engine for `mode`, its draws seeded with `seed` (the engine worker's own secret).
    ///
    /// # Errors
    /// A bad mode.
    #[wasm_bindgen(constructor)]
    pub fn new(mode: &str, seed: u64) -> Result<WebSgEngine, JsError> {
        SgEngine::new(mode, seed).map(WebSgEngine).map_err(js_err)
    }

    /// The action for the seat of the information state string: JSON `{action, agent,
    /// nodes}`.
    ///
    /// # Errors
    /// A state that does not parse, or not the seat's turn.
    pub fn choose(&mut self, state: &str) -> Result<String, JsError> {
        json(&self.0.choose(state).map_err(js_err)?)
    }
}
