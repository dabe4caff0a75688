//! # gjjq-wasm
//!
//! The web board's view of the gjjq library, compiled to WebAssembly with wasm-bindgen. The
//! boundary is strings: position strings (R-31), moves in the ASCII form (`5B5A`, R-30),
//! game files, and JSON for the structured views. The rules stay in the library; this crate
//! only shapes its answers for a page.
//!
//! The logic lives in plain Rust modules that host tests cover ([`session`], [`board`],
//! [`engine`], [`deploy`], [`hidden`], [`lz`] for 陸戰棋 and [`sg`] for 四國軍棋); the `#[wasm_bindgen]` functions below only convert errors.
//!
//! ```
//! use gjjq_wasm::session::Session;
//!
//! let mut game = Session::new("")?; // the default opening
//! let strike = game.play(0, "3E7d")?;
//! assert_eq!(strike.simplified, "弹3E攻7d");
//! let view = game.view(1)?;
//! assert_eq!(view.pending[0].origin, "3E"); // a returning capture (R-19)
//! # Ok::<(), gjjq_wasm::session::WebError>(())
//! ```
#![deny(missing_docs)]

#[macro_use]
mod shell;

pub mod board;
pub mod deploy;
pub mod engine;
pub mod hidden;
pub mod lz;
pub mod session;
pub mod sg;

use wasm_bindgen::prelude::*;

use hidden::HiddenSession;
use session::{Session, WebError};
use shell::{js_err, json};

/// The default opening's position string (R-27).
#[wasm_bindgen(js_name = defaultPosition)]
#[must_use]
pub fn default_position() -> String {
    session::default_position()
}

/// The 90 points as JSON: `[{label, x, y, country, terrain, palace}]` (see [`board::points`]).
///
/// # Errors
/// None in practice.
#[wasm_bindgen(js_name = boardPoints)]
pub fn board_points() -> Result<String, JsError> {
    json(&board::points())
}

/// The opening position of two deployment strings (R-33) and the first mover (R-34).
///
/// # Errors
/// A message naming the side and row, or the rule of R-26 broken.
#[wasm_bindgen(js_name = positionFromDeployments)]
pub fn position_from_deployments(red: &str, green: &str, first: &str) -> Result<String, JsError> {
    deploy::position_from_deployments(red, green, first).map_err(js_err)
}

/// A random deployment string (R-33), every legal one equally likely (R-35), from `seed`.
///
/// # Errors
/// None today.
#[wasm_bindgen(js_name = randomDeployment)]
pub fn random_deployment(seed: u32) -> Result<String, JsError> {
    deploy::random_deployment(seed).map_err(js_err)
}

/// A random deployment string (R-33, R-35) from a 64-bit `secret` (see
/// [`deploy::secret_deployment`]): the engine's deployment in a hidden game, drawn in the
/// page's hidden-game worker from the browser's cryptographic source.
#[wasm_bindgen(js_name = secretDeployment)]
#[must_use]
pub fn secret_deployment(secret: u64) -> String {
    deploy::secret_deployment(secret)
}

fn side(text: &str) -> Result<gjjq::Side, JsError> {
    text.parse()
        .map_err(|_| js_err(WebError::Side(gjjq::setup::clip(text, 40))))
}

/// The pieces of `side`'s deployment string (R-33) on the board as JSON
/// `[{point, letter}]` (see [`deploy::deployment_points`]): the page's hand deployment starts
/// from them.
///
/// # Errors
/// A bad side, or a string that does not parse or breaks R-32.
#[wasm_bindgen(js_name = deploymentPoints)]
pub fn deployment_points(side_name: &str, text: &str) -> Result<String, JsError> {
    json(&deploy::deployment_points(side(side_name)?, text).map_err(js_err)?)
}

/// The check of `side`'s typed deployment string (R-33) as JSON (the shape of
/// [`check_deployment`]): a rule of R-32 broken comes back as a problem the page words.
///
/// # Errors
/// A bad side, or a text that is not a deployment string (its column).
#[wasm_bindgen(js_name = checkDeploymentString)]
pub fn check_deployment_string(side_name: &str, text: &str) -> Result<String, JsError> {
    json(&deploy::check_deployment_string(side(side_name)?, text).map_err(js_err)?)
}

/// The library's check of an arrangement of `side`'s pieces (R-32), given as JSON
/// `[[point, letter], …]`: JSON `{deployment, problem}` (see [`deploy::check_deployment`]),
/// the deployment string when legal, else the rule broken with its code, kind and point.
///
/// ```
/// use gjjq_wasm::check_deployment;
/// let red = r#"[["5E","K"]]"#; // one piece: R-7's counts are not met
/// let Ok(answer) = check_deployment("red", red) else { unreachable!() };
/// assert!(answer.contains(r#""code":"wrong-count""#));
/// ```
///
/// # Errors
/// A bad side, JSON that is not a list of pairs, or a point or letter that does not parse.
#[wasm_bindgen(js_name = checkDeployment)]
pub fn check_deployment(side_name: &str, pieces: &str) -> Result<String, JsError> {
    let pairs: Vec<(String, String)> =
        serde_json::from_str(pieces).map_err(|e| JsError::new(&format!("pieces: {e}")))?;
    json(&deploy::check_deployment(side(side_name)?, &pairs).map_err(js_err)?)
}

/// The engine's reply as JSON `{bestMove, engine}` after `moves` (ASCII, space separated)
/// from `start` (a position string, empty for the default opening).
///
/// # Errors
/// A bad start or move.
#[wasm_bindgen(js_name = engineReply)]
pub fn engine_reply(start: &str, moves: &str, seed: u32) -> Result<String, JsError> {
    json(&engine::engine_reply(start, moves, seed).map_err(js_err)?)
}

/// A game on the board (exported to JavaScript as `Game`).
#[wasm_bindgen(js_name = Game)]
pub struct WebGame(Session);

web_methods!(WebGame(Session) as Game: replay, open);

#[wasm_bindgen(js_class = Game)]
impl WebGame {
    /// A game from a position string; an empty string is the default opening.
    ///
    /// # Errors
    /// The position string's parse or validation error.
    #[wasm_bindgen(constructor)]
    pub fn new(position: &str) -> Result<WebGame, JsError> {
        Session::new(position).map(WebGame).map_err(js_err)
    }

    /// The whole game tree as JSON: the main line, each move with its nested variations
    /// (see [`session::TreeMove`]).
    ///
    /// # Errors
    /// None in practice.
    pub fn tree(&self) -> Result<String, JsError> {
        json(&self.0.tree())
    }

    /// Show the line through the move `node` (an id from [`WebGame::tree`]); its ply.
    ///
    /// # Errors
    /// An id that names no move.
    pub fn select(&mut self, node: u32) -> Result<usize, JsError> {
        self.0.select(node).map_err(js_err)
    }

    /// Make the line through `node` the main line.
    ///
    /// # Errors
    /// An id that names no move.
    pub fn promote(&mut self, node: u32) -> Result<(), JsError> {
        self.0.promote(node).map_err(js_err)
    }

    /// Delete the move `node` and what follows it; the ply to show (its parent's).
    ///
    /// # Errors
    /// An id that names no move.
    #[wasm_bindgen(js_name = deleteVariation)]
    pub fn delete_variation(&mut self, node: u32) -> Result<usize, JsError> {
        self.0.delete_variation(node).map_err(js_err)
    }
}

/// The hidden-play engine's proposal as JSON `{bestMove, engine, worlds, votes}` for the side
/// whose information-state string (R-41) `state` is; the engine is given nothing else.
///
/// # Errors
/// A string that does not parse.
#[wasm_bindgen(js_name = hiddenEngineProposal)]
pub fn hidden_engine_proposal(state: &str, seed: u32) -> Result<String, JsError> {
    json(&hidden::engine_proposal(state, seed).map_err(js_err)?)
}

/// The beliefs of the side whose information-state string (R-41) `state` is, as JSON (the
/// shape of [`WebHiddenGame::beliefs`], see [`hidden::beliefs_of_state`]): what the page's
/// beliefs worker computes, given the string and nothing else.
///
/// ```
/// use gjjq_wasm::{WebHiddenGame, hidden_beliefs};
/// let r27 = "9/3III3/9/1DA3AD1/FPMGKGMPF";
/// let Ok(game) = WebHiddenGame::new("red", r27, r27, "red") else { unreachable!() };
/// let Ok(state) = game.info_state("red") else { unreachable!() };
/// let (Ok(a), Ok(b)) = (hidden_beliefs(&state), game.beliefs()) else { unreachable!() };
/// assert_eq!(a, b);
/// ```
///
/// # Errors
/// A string that does not parse, or a state no referee could have told.
#[wasm_bindgen(js_name = hiddenBeliefs)]
pub fn hidden_beliefs(state: &str) -> Result<String, JsError> {
    json(&hidden::beliefs_of_state(state).map_err(js_err)?)
}

/// A hidden game (暗式, R-37 … R-41) with its referee, as one person sees it (exported to
/// JavaScript as `HiddenGame`).
#[wasm_bindgen(js_name = HiddenGame)]
pub struct WebHiddenGame(HiddenSession);

#[wasm_bindgen(js_class = HiddenGame)]
impl WebHiddenGame {
    /// A hidden game from two deployment strings (R-33) with `first` to move, the person
    /// playing `player` (`red` or `green`).
    ///
    /// # Errors
    /// A bad side or deployment.
    #[wasm_bindgen(constructor)]
    pub fn new(
        player: &str,
        red: &str,
        green: &str,
        first: &str,
    ) -> Result<WebHiddenGame, JsError> {
        HiddenSession::new(player, red, green, first)
            .map(WebHiddenGame)
            .map_err(js_err)
    }

    /// `side` proposes `ascii`; JSON `{ascii, played, over}` (refused: nothing moved).
    ///
    /// # Errors
    /// Out of turn, after the end, or not a move.
    pub fn propose(&mut self, side: &str, ascii: &str) -> Result<String, JsError> {
        json(&self.0.propose(side, ascii).map_err(js_err)?)
    }

    /// The person's view as JSON (see [`hidden::HiddenView`]).
    ///
    /// # Errors
    /// None in practice.
    pub fn view(&self) -> Result<String, JsError> {
        json(&self.0.view())
    }

    /// The person's exact beliefs about the enemy pieces on the board as JSON
    /// `{exact, pieces: [{point, kind, letter, probability, kinds: [[letter, p], …]}]}` (see
    /// [`hidden::BeliefsView`]), from the person's information state alone: the board's
    /// "beliefs" toggle. Counted over at most [`hidden::WEB_MAX_REPLAYS`] replayed worlds;
    /// `exact: false` when more fit the domains (then the figures are over those
    /// assignments).
    ///
    /// ```
    /// use gjjq_wasm::WebHiddenGame;
    /// let r27 = "9/3III3/9/1DA3AD1/FPMGKGMPF";
    /// let Ok(game) = WebHiddenGame::new("red", r27, r27, "red") else { unreachable!() };
    /// let Ok(json) = game.beliefs() else { unreachable!() };
    /// assert!(json.starts_with(r#"{"exact":true,"pieces":[{"point":"#));
    /// ```
    ///
    /// # Errors
    /// None in practice (the view always serialises).
    pub fn beliefs(&self) -> Result<String, JsError> {
        json(&self.0.beliefs())
    }

    /// `side`'s information-state string (R-41).
    ///
    /// # Errors
    /// A bad side.
    #[wasm_bindgen(js_name = infoState)]
    pub fn info_state(&self, side: &str) -> Result<String, JsError> {
        self.0.info_state(side).map_err(js_err)
    }

    /// The side to move, `red` or `green`.
    #[must_use]
    pub fn turn(&self) -> String {
        self.0.turn().to_string()
    }

    /// Whether the game is over.
    #[must_use]
    pub fn over(&self) -> bool {
        self.0.outcome().is_some()
    }

    /// The person resigns.
    pub fn resign(&mut self) {
        self.0.resign();
    }

    /// The whole game as an open `Game`, once it is over (R-39).
    ///
    /// # Errors
    /// While the game goes on.
    pub fn reveal(&self) -> Result<WebGame, JsError> {
        self.0.reveal().map(WebGame).map_err(js_err)
    }
}
