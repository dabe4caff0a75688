//! The `#[wasm_bindgen]` methods the page's game classes share, written once.
//!
//! `#[wasm_bindgen]` takes no generics, so each exported class is a shell over a session of
//! plain Rust (`WebX(XSession)`), and [`web_methods!`] writes the shells' methods that have
//! the same name, signature and conversion in every game: the session's method of that name,
//! its error turned into a JavaScript `Error`, its answer into JSON. Each group is an extra
//! `#[wasm_bindgen]` impl block of the class (wasm-bindgen joins them into one JavaScript
//! class):
//!
//! - `replay` (a game read from a file to review): `fromGameFile(text)`, `plies()`,
//!   `view(ply)`;
//! - `open` (an open game on the board): `moves()`, `play(ply, ascii)`, `gameFile(form)`,
//!   `startPosition()`, `movesAscii()`;
//! - `against_engine` (a game against the engine): `play(action)`, `engineMove()`,
//!   `resign()`;
//! - `hidden` (a hidden game, the person seeing their own side only): `view()`,
//!   `playerRecord()`, `refereeRecord()`.

use std::fmt::Display;

use serde::Serialize;
use wasm_bindgen::JsError;

/// An error of the library as a JavaScript `Error` carrying its message.
pub(crate) fn js_err(e: impl Display) -> JsError {
    JsError::new(&e.to_string())
}

/// An answer as a JSON string.
pub(crate) fn json<T: Serialize>(value: &T) -> Result<String, JsError> {
    serde_json::to_string(value).map_err(js_err)
}

/// `web_methods!(WebX(XSession) as X: group, …)`: the methods of each group (see the
/// [module](self)) on the exported class `X`, the shell `WebX` over an `XSession`.
macro_rules! web_methods {
    ($web:ident($session:ty) as $js:ident: $($group:ident),+) => {
        $(web_methods!(@$group $web($session) as $js);)+
    };
    (@replay $web:ident($session:ty) as $js:ident) => {
        #[wasm_bindgen(js_class = $js)]
        impl $web {
            /// The first game of a game file, replayed.
            ///
            /// # Errors
            /// A file that does not read or replay (line:column in the message).
            #[wasm_bindgen(js_name = fromGameFile)]
            pub fn from_game_file(text: &str) -> Result<$web, JsError> {
                <$session>::from_game_file(text)
                    .map($web)
                    .map_err($crate::shell::js_err)
            }

            /// The number of plies played (on the line shown).
            #[must_use]
            pub fn plies(&self) -> usize {
                self.0.plies()
            }

            /// The view of `ply` as JSON (the session's `view`).
            ///
            /// # Errors
            /// A ply past the end.
            pub fn view(&self, ply: usize) -> Result<String, JsError> {
                $crate::shell::json(&self.0.view(ply).map_err($crate::shell::js_err)?)
            }
        }
    };
    (@open $web:ident($session:ty) as $js:ident) => {
        #[wasm_bindgen(js_class = $js)]
        impl $web {
            /// Every move's records as JSON (the session's `moves`).
            ///
            /// # Errors
            /// None in practice.
            pub fn moves(&self) -> Result<String, JsError> {
                $crate::shell::json(&self.0.moves())
            }

            /// Play `ascii` at `ply` (the session's `play`); the move's records as JSON.
            ///
            /// # Errors
            /// A bad ply, or a move that is not legal there.
            pub fn play(&mut self, ply: usize, ascii: &str) -> Result<String, JsError> {
                $crate::shell::json(&self.0.play(ply, ascii).map_err($crate::shell::js_err)?)
            }

            /// The game as a game file in `form` (`simplified`, `traditional`, `ascii`).
            ///
            /// # Errors
            /// An unknown form.
            #[wasm_bindgen(js_name = gameFile)]
            pub fn game_file(&self, form: &str) -> Result<String, JsError> {
                self.0.game_file(form).map_err($crate::shell::js_err)
            }

            /// The start's position string.
            #[wasm_bindgen(js_name = startPosition)]
            #[must_use]
            pub fn start_position(&self) -> String {
                self.0.start_position()
            }

            /// The moves in the ASCII form, space separated.
            #[wasm_bindgen(js_name = movesAscii)]
            #[must_use]
            pub fn moves_ascii(&self) -> String {
                self.0.moves_ascii()
            }
        }
    };
    (@against_engine $web:ident($session:ty) as $js:ident) => {
        #[wasm_bindgen(js_class = $js)]
        impl $web {
            /// The person plays `action` (the session's `play`); the answer as JSON.
            ///
            /// # Errors
            /// An action that does not parse, is not legal, or comes out of turn.
            pub fn play(&mut self, action: &str) -> Result<String, JsError> {
                $crate::shell::json(&self.0.play(action).map_err($crate::shell::js_err)?)
            }

            /// The engine plays (the session's `engine_move`): its action and the view after
            /// it as JSON.
            ///
            /// # Errors
            /// The agent gives no action, or it is not the engine's turn.
            #[wasm_bindgen(js_name = engineMove)]
            pub fn engine_move(&mut self) -> Result<String, JsError> {
                $crate::shell::json(&self.0.engine_move().map_err($crate::shell::js_err)?)
            }

            /// The person resigns (the session's `resign`); the answer as JSON.
            ///
            /// # Errors
            /// The game is already over (or may not be resigned yet).
            pub fn resign(&mut self) -> Result<String, JsError> {
                $crate::shell::json(&self.0.resign().map_err($crate::shell::js_err)?)
            }
        }
    };
    (@hidden $web:ident($session:ty) as $js:ident) => {
        #[wasm_bindgen(js_class = $js)]
        impl $web {
            /// The person's view as JSON (the session's `view`).
            ///
            /// # Errors
            /// None in practice.
            pub fn view(&self) -> Result<String, JsError> {
                $crate::shell::json(&self.0.view())
            }

            /// The person's own record (their deployment and what they were told).
            ///
            /// # Errors
            /// The record cannot be written.
            #[wasm_bindgen(js_name = playerRecord)]
            pub fn player_record(&self) -> Result<String, JsError> {
                self.0.player_record().map_err($crate::shell::js_err)
            }

            /// The referee's record (the true game), only once the game is over.
            ///
            /// # Errors
            /// Before the end.
            #[wasm_bindgen(js_name = refereeRecord)]
            pub fn referee_record(&self) -> Result<String, JsError> {
                self.0.referee_record().map_err($crate::shell::js_err)
            }
        }
    };
}
