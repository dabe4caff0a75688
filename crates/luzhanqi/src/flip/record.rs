//! Records of a flip game (L-32, L-22) in the one game-file grammar: a 陸戰棋 game file
//! (`[Game "luzhanqi"]`) with the tag `Mode "flip"`, its options as tags, and the plies in
//! the flip text (`c6=E` a flip with the piece it revealed, `c6c7` a move, `c6c7=e` a move
//! onto a face-down piece under `attack_face_down`).
//!
//! - Tags written: `Game`, `Mode "flip"`, `ColourRule` (`first_flip`, `first_engineer`,
//!   `first_mine`), `AttackFaceDown` (`true`/`false`), `FlipResetsNoCombat` (`false`, only
//!   when a flip does not reset the no-combat count), `Setup` (the start's flip state
//!   string, only when it is not the start with every piece face down), `Rules` (a ruleset
//!   JSON object, only when not the mode's defaults), the caller's other tags, `Result`.
//!   Read: the same; a missing `ColourRule`, `AttackFaceDown` or `FlipResetsNoCombat` is its
//!   default, a missing `Mode` or another mode is refused.
//! - Move numbers count the second player's plies (a ply pair per number); the result is by
//!   colour: `1-0` Red won, `0-1` Blue won.
//! - Every error names its place (line:column): a token that is no flip ply, a ply the game
//!   refuses, a `Setup` that is no flip state, a result the rules contradict.
//!
//! ```
//! use luzhanqi::flip::{FlipGame, FlipPosition, record};
//! let mut game = FlipGame::new(FlipPosition::start());
//! game.play("c6".parse()?, luzhanqi::Piece::from_letter('E'))?;
//! let text = record::flip_record(&game, &[])?;
//! assert!(text.contains("[Mode \"flip\"]") && text.contains("1. c6=E"));
//! let back = record::read_flip_record(&text)?;
//! assert_eq!(back.game.plies(), game.plies());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::convert::Infallible;
use std::ops::ControlFlow;

use junqi_gamefile::{
    Dialect, GameReader, Numbering, ReadLimits, ResultToken, Tag, TextPos, Visitor, WriteError,
    WriteMove, write_movetext, write_tags,
};

use crate::game_file::{GAME_NAME, LuzhanqiDialect, result_token};

use crate::ruleset::{ColourRule, Mode, ModeRules, Ruleset};

pub use super::record_error::{FlipRecordError, FlipTokenError};

use super::game::FlipGame;
use super::text::{FlipSetup, FlipSetupParseError};
use super::{FlipPly, FlipPosition, Player};

/// A flip game read from a file: its other tags (not `Game`, `Mode`, `ColourRule`,
/// `AttackFaceDown`, `FlipResetsNoCombat`, `Setup`, `Rules`, `Result`), its result token and
/// the game replayed.
#[derive(Debug, Clone)]
pub struct FlipRecord {
    /// The other tags, in file order (`Event`, `Termination`, …).
    pub tags: Vec<(String, String)>,
    /// The result token as written.
    pub result: ResultToken,
    /// The plies replayed from the start under the tags' options.
    pub game: FlipGame,
}

fn colour_rule_name(r: ColourRule) -> &'static str {
    match r {
        ColourRule::FirstFlip => "first_flip",
        ColourRule::FirstEngineer => "first_engineer",
        ColourRule::FirstMine => "first_mine",
    }
}

/// The tags the reader handles itself (all others are kept in [`FlipRecord::tags`]).
const OWN_TAGS: [&str; 8] = [
    junqi_gamefile::GAME_TAG,
    "Mode",
    "ColourRule",
    "AttackFaceDown",
    "FlipResetsNoCombat",
    "Setup",
    "Rules",
    "Result",
];

struct Ply(FlipPly);

impl WriteMove for Ply {}

/// The record of a flip game as a game file, with `tags` (e.g. `Event`, `Termination`)
/// between the mode's tags and `Result`; tags `tags` holds that the writer writes itself are
/// left out.
///
/// # Errors
/// A tag the grammar cannot hold (a name that is not a symbol, say).
pub fn flip_record(
    game: &FlipGame,
    tags: &[(String, String)],
) -> Result<String, WriteError<Infallible>> {
    write_record(game, tags, result_token(game.outcome()))
}

impl FlipRecord {
    /// The record as a game file, as [`flip_record`] writes it but with [`FlipRecord::result`]
    /// as its result: a result the rules do not give (an adjudication, a match's forfeit) is
    /// kept. A game over by the rules is written with their verdict, so that what is written
    /// reads back.
    ///
    /// ```
    /// use luzhanqi::flip::{FlipGame, FlipPosition, record::{FlipRecord, read_flip_record}};
    /// use junqi_gamefile::ResultToken;
    /// let mut game = FlipGame::new(FlipPosition::start());
    /// game.play("c6".parse()?, luzhanqi::Piece::from_letter('E'))?;
    /// let adjudicated = FlipRecord {
    ///     tags: vec![("Termination".into(), "timeout".into())],
    ///     result: ResultToken::SecondWins,
    ///     game,
    /// };
    /// let back = read_flip_record(&adjudicated.write()?)?;
    /// assert_eq!(back.result, ResultToken::SecondWins);
    /// assert_eq!(back.tags, adjudicated.tags);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A tag the grammar cannot hold.
    pub fn write(&self) -> Result<String, WriteError<Infallible>> {
        let result = match self.game.outcome() {
            Some(o) => result_token(Some(o)),
            None => self.result,
        };
        write_record(&self.game, &self.tags, result)
    }
}

/// The game file of `game` with `tags` and `result`.
fn write_record(
    game: &FlipGame,
    tags: &[(String, String)],
    result: ResultToken,
) -> Result<String, WriteError<Infallible>> {
    let start = game.start();
    let mode = *start.mode_rules();
    let mut all: Vec<(String, String)> = vec![
        (junqi_gamefile::GAME_TAG.into(), GAME_NAME.into()),
        ("Mode".into(), "flip".into()),
        (
            "ColourRule".into(),
            colour_rule_name(mode.colour_rule).into(),
        ),
        ("AttackFaceDown".into(), mode.attack_face_down.to_string()),
    ];
    if !mode.flip_resets_no_combat {
        all.push(("FlipResetsNoCombat".into(), "false".into()));
    }
    let default_start = FlipPosition::start_with(mode, *start.ruleset());
    if start.to_string() != default_start.to_string() {
        all.push(("Setup".into(), start.to_string()));
    }
    if *start.ruleset() != mode.default_ruleset() {
        all.push(("Rules".into(), start.ruleset().to_json()));
    }
    for (n, v) in tags {
        if !OWN_TAGS.contains(&n.as_str()) {
            all.push((n.clone(), v.clone()));
        }
    }
    all.push(("Result".into(), result.to_string()));
    let mut text = String::new();
    write_tags(&mut text, &all)?;
    let plies: Vec<Ply> = game.plies().iter().map(|&p| Ply(p)).collect();
    let numbering = Numbering {
        second: start.player_to_act() == Player::Second,
        number: start.move_number(),
        fixed: false,
    };
    write_movetext(&mut text, &plies, numbering, true, &mut |t, p, _| {
        t.push_str(&p.0.to_string());
        Ok::<(), Infallible>(())
    })
    .expect("infallible");
    if !plies.is_empty() {
        text.push(' ');
    }
    text.push_str(&result.to_string());
    text.push('\n');
    Ok(text)
}

/// 陸戰棋's tags with flip plies and the flip state as `Setup`.
pub(crate) struct FlipDialect;

impl Dialect for FlipDialect {
    type Error = FlipTokenError;

    fn side_names(&self) -> [&'static str; 2] {
        LuzhanqiDialect.side_names()
    }

    fn tag(&self, tag: Tag<'_>, numbering: &mut Numbering) -> Result<(), FlipTokenError> {
        if let Some(found) = tag.other_game(GAME_NAME) {
            return Err(FlipTokenError::OtherGame { at: tag.at, found });
        }
        match tag.name {
            "Setup" => {
                let setup: FlipSetup =
                    tag.value.parse().map_err(|error: FlipSetupParseError| {
                        FlipTokenError::BadSetup {
                            at: tag.value_pos(error.column()),
                            error,
                        }
                    })?;
                numbering.set_position(setup.player == Player::Second, setup.move_number);
            }
            "Rules" => {
                Ruleset::parse(tag.value)
                    .map_err(|error| FlipTokenError::BadRules { at: tag.at, error })?;
            }
            _ => {}
        }
        Ok(())
    }

    fn check_move(&self, token: &str, at: TextPos) -> Result<(), FlipTokenError> {
        token
            .parse::<FlipPly>()
            .map(|_| ())
            .map_err(|error| FlipTokenError::Ply {
                at: at.offset(error.column()),
                token: crate::game_file::clip(token),
                error,
            })
    }
}

/// What a flip game's reading keeps: its tags, its main line's plies and its result.
#[derive(Default)]
pub(crate) struct Collect {
    tags: Vec<(String, String, TextPos)>,
    plies: Vec<(FlipPly, String, TextPos)>,
    depth: usize,
    result: Option<(ResultToken, Option<TextPos>)>,
}

impl Visitor for Collect {
    type Output = Collect;

    fn tag(&mut self, name: &str, value: &str, at: TextPos) -> ControlFlow<Collect> {
        self.tags.push((name.into(), value.into(), at));
        ControlFlow::Continue(())
    }

    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<Collect> {
        if self.depth == 0 {
            // The dialect has checked the token.
            if let Ok(p) = text.parse::<FlipPly>() {
                self.plies.push((p, text.into(), at));
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: TextPos) -> ControlFlow<Collect, junqi_gamefile::Skip> {
        self.depth += 1;
        ControlFlow::Continue(junqi_gamefile::Skip(false))
    }

    fn end_variation(&mut self, _: TextPos) -> ControlFlow<Collect> {
        self.depth = self.depth.saturating_sub(1);
        ControlFlow::Continue(())
    }

    fn result(&mut self, r: ResultToken, at: Option<TextPos>) -> ControlFlow<Collect> {
        self.result = Some((r, at));
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Collect {
        std::mem::take(self)
    }
}

const TOP: TextPos = TextPos { line: 1, column: 1 };

fn tag_err(at: TextPos, tag: &'static str, detail: impl Into<String>) -> FlipRecordError {
    FlipRecordError::Tag {
        at,
        tag,
        detail: detail.into(),
    }
}

/// Read the first game of a flip game file and replay its main line (variations are read
/// by the grammar and not replayed).
///
/// # Errors
/// [`FlipRecordError`], each with its line:column.
pub fn read_flip_record(text: &str) -> Result<FlipRecord, FlipRecordError> {
    let mut r = GameReader::with_dialect(text.as_bytes(), FlipDialect, ReadLimits::default());
    let mut v = Collect::default();
    let c = r.read_with(&mut v).ok_or(FlipRecordError::Empty)??;
    replay(c)
}

/// The flip game a reading collected, replayed under its tags (the grammar has checked its
/// tokens): every error with its place.
pub(crate) fn replay(c: Collect) -> Result<FlipRecord, FlipRecordError> {
    let find = |n: &str| {
        c.tags
            .iter()
            .find(|(t, _, _)| t == n)
            .map(|(_, v, at)| (v.as_str(), *at))
    };
    match find("Mode") {
        Some(("flip", _)) => {}
        Some((v, at)) => {
            return Err(tag_err(
                at,
                "Mode",
                format!("'{v}': a flip record has Mode \"flip\""),
            ));
        }
        None => {
            return Err(tag_err(
                TOP,
                "Mode",
                "missing: a flip record has Mode \"flip\"",
            ));
        }
    }
    let mut mode = ModeRules::FLIP;
    debug_assert_eq!(mode.mode, Mode::Flip);
    if let Some((v, at)) = find("ColourRule") {
        mode.colour_rule = match v {
            "first_flip" => ColourRule::FirstFlip,
            "first_engineer" => ColourRule::FirstEngineer,
            "first_mine" => ColourRule::FirstMine,
            _ => {
                return Err(tag_err(
                    at,
                    "ColourRule",
                    format!("'{v}' is not first_flip, first_engineer or first_mine"),
                ));
            }
        };
    }
    if let Some((v, at)) = find("AttackFaceDown") {
        mode.attack_face_down = match v {
            "true" => true,
            "false" => false,
            _ => {
                return Err(tag_err(
                    at,
                    "AttackFaceDown",
                    format!("'{v}' is not true or false"),
                ));
            }
        };
    }
    if let Some((v, at)) = find("FlipResetsNoCombat") {
        mode.flip_resets_no_combat = match v {
            "true" => true,
            "false" => false,
            _ => {
                return Err(tag_err(
                    at,
                    "FlipResetsNoCombat",
                    format!("'{v}' is not true or false"),
                ));
            }
        };
    }
    let rules = match find("Rules") {
        None => mode.default_ruleset(),
        Some((t, at)) => Ruleset::parse(t).map_err(|e| tag_err(at, "Rules", e.to_string()))?,
    };
    let start = match find("Setup") {
        None => FlipPosition::start_with(mode, rules),
        Some((t, at)) => FlipPosition::parse_with(t, mode, rules)
            .map_err(|e| tag_err(at, "Setup", e.to_string()))?,
    };
    let mut game = FlipGame::new(start);
    for (i, (ply, text, at)) in c.plies.iter().enumerate() {
        game.play(ply.action, ply.revealed)
            .map_err(|error| FlipRecordError::Ply {
                at: *at,
                ply: i,
                text: text.clone(),
                error,
            })?;
    }
    let (result, result_at) = c.result.unwrap_or((ResultToken::Unknown, None));
    if let Some(o) = game.outcome() {
        let verdict = result_token(Some(o));
        if result != verdict && result != ResultToken::Unknown {
            return Err(FlipRecordError::Result {
                at: result_at.unwrap_or(TOP),
                found: result.to_string(),
                verdict: verdict.to_string(),
            });
        }
    }
    let tags = c
        .tags
        .into_iter()
        .filter(|(n, _, _)| !OWN_TAGS.contains(&n.as_str()))
        .map(|(n, v, _)| (n, v))
        .collect();
    Ok(FlipRecord { tags, result, game })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Side;
    use rand::{SeedableRng, rngs::StdRng};

    fn random_game(seed: u64, mode: ModeRules, plies: usize) -> FlipGame {
        let mut game = FlipGame::new(FlipPosition::start_with(mode, mode.default_ruleset()));
        let mut rng = StdRng::seed_from_u64(seed);
        while game.outcome().is_none() && game.plies().len() < plies {
            let actions = game.legal_actions();
            let a = actions[rand::Rng::random_range(&mut rng, 0..actions.len())];
            game.play_random(a, &mut rng).expect("legal");
        }
        game
    }

    #[test]
    fn whole_games_round_trip() {
        let mut modes = vec![ModeRules::FLIP];
        let mut m = ModeRules::FLIP;
        m.colour_rule = ColourRule::FirstEngineer;
        m.attack_face_down = true;
        modes.push(m);
        m.colour_rule = ColourRule::FirstMine;
        modes.push(m);
        let mut decided = 0;
        for (i, mode) in modes.iter().enumerate() {
            for seed in 0..4 {
                let game = random_game(seed + 10 * i as u64, *mode, 2000);
                decided += usize::from(game.outcome().is_some());
                let tags = vec![("Event".to_string(), "test".to_string())];
                let text = flip_record(&game, &tags).expect("writes");
                let back = read_flip_record(&text).expect("reads");
                assert_eq!(back.game.plies(), game.plies());
                assert_eq!(back.game.position(), game.position());
                assert_eq!(back.game.start().mode_rules(), game.start().mode_rules());
                assert_eq!(back.tags, tags);
                assert_eq!(back.result, result_token(game.outcome()));
                assert_eq!(flip_record(&back.game, &back.tags).expect("writes"), text);
            }
        }
        assert!(decided > 0, "some random game reaches its end");
    }

    #[test]
    fn a_game_from_a_setup_numbers_its_moves_and_keeps_its_rules() {
        let mut game = random_game(3, ModeRules::FLIP, 7);
        // A game starting where this one stands: player 2 to act.
        let start = game.position().clone();
        assert_eq!(start.player_to_act(), Player::Second);
        let mut rng = StdRng::seed_from_u64(1);
        game = FlipGame::new(start.clone());
        for _ in 0..3 {
            let a = game.legal_actions()[0];
            game.play_random(a, &mut rng).expect("legal");
        }
        let text = flip_record(&game, &[]).expect("writes");
        assert!(text.contains(&format!("[Setup \"{start}\"]")), "{text}");
        assert!(
            text.contains(&format!("{}... ", start.move_number())),
            "{text}"
        );
        let back = read_flip_record(&text).expect("reads");
        assert_eq!(back.game.start(), &start);
        assert_eq!(back.game.plies(), game.plies());
        // Another ruleset is written and read back.
        let mut rules = ModeRules::FLIP.default_ruleset();
        rules.no_combat_limit = 12;
        let g = FlipGame::new(FlipPosition::start_with(ModeRules::FLIP, rules));
        let text = flip_record(&g, &[]).expect("writes");
        assert!(text.contains("[Rules "), "{text}");
        assert_eq!(
            read_flip_record(&text)
                .expect("reads")
                .game
                .start()
                .ruleset(),
            &rules
        );
    }

    #[test]
    fn the_docs_example_reads() {
        let text = "[Game \"luzhanqi\"]\n[Mode \"flip\"]\n[ColourRule \"first_flip\"]\n\
                    [AttackFaceDown \"false\"]\n[Event \"club night\"]\n[Result \"*\"]\n\n\
                    1. c6=E a1=s *\n";
        let r = read_flip_record(text).expect("reads");
        assert_eq!(r.game.plies().len(), 2);
        assert_eq!(
            r.tags,
            vec![("Event".to_string(), "club night".to_string())]
        );
        assert_eq!(flip_record(&r.game, &r.tags).expect("writes"), text);
    }

    fn err_of(text: &str) -> String {
        read_flip_record(text).expect_err("refused").to_string()
    }

    #[test]
    fn errors_name_their_place() {
        let head = "[Game \"luzhanqi\"]\n[Mode \"flip\"]\n";
        // A flip without what it revealed: line 3, the token's column after the point.
        let e = err_of(&format!("{head}1. c6 *\n"));
        assert!(e.starts_with("3:6:") && e.contains("c6=E"), "{e}");
        // Not a piece letter after '='.
        let e = err_of(&format!("{head}1. c6=Q *\n"));
        assert!(e.starts_with("3:7:"), "{e}");
        // A move before the colours are settled: the game refuses it, at its token.
        let e = err_of(&format!("{head}1. c6=E a1a2 *\n"));
        assert!(e.starts_with("3:9:") && e.contains("ply 1 'a1a2'"), "{e}");
        // A flip revealing a piece no longer unseen: the second red marshal.
        let e = err_of(&format!("{head}1. c6=S a1=S *\n"));
        assert!(e.starts_with("3:9:") && e.contains("ply 1"), "{e}");
        // Flipping a point that is face up already.
        let e = err_of(&format!("{head}1. c6=S c6=s *\n"));
        assert!(e.starts_with("3:9:"), "{e}");
        // Tags: no Mode, another mode, a bad option, a bad Setup (column inside the value).
        let e = err_of("[Game \"luzhanqi\"]\n1. c6=E *\n");
        assert!(e.starts_with("1:1: tag Mode"), "{e}");
        let e = err_of("[Game \"luzhanqi\"]\n[Mode \"dark\"]\n1. c6=E *\n");
        assert!(e.starts_with("2:7: tag Mode"), "{e}");
        let e = err_of(&format!("{head}[ColourRule \"first_bomb\"]\n1. c6=E *\n"));
        assert!(e.starts_with("3:13: tag ColourRule"), "{e}");
        let e = err_of(&format!("{head}[AttackFaceDown \"yes\"]\n*\n"));
        assert!(e.starts_with("3:17: tag AttackFaceDown"), "{e}");
        let e = err_of(&format!("{head}[Setup \"?????/x\"]\n*\n"));
        assert!(e.starts_with("3:"), "{e}");
        let e = err_of("[Game \"gjjq\"]\n[Mode \"flip\"]\n*\n");
        assert!(e.starts_with("1:7:"), "{e}");
        assert!(matches!(read_flip_record(""), Err(FlipRecordError::Empty)));
    }

    #[test]
    fn a_result_against_the_verdict_is_refused() {
        let mut game = random_game(1, ModeRules::FLIP, 5000);
        let mut seed = 1;
        while game.outcome().and_then(|o| o.winner()).is_none() {
            seed += 1;
            game = random_game(seed, ModeRules::FLIP, 5000);
        }
        let text = flip_record(&game, &[]).expect("writes");
        let winner = game.outcome().and_then(|o| o.winner()).expect("won");
        let (right, wrong) = match winner {
            Side::Red => ("1-0", "0-1"),
            Side::Blue => ("0-1", "1-0"),
        };
        let bad = text.replace(&format!(" {right}\n"), &format!(" {wrong}\n"));
        let bad = bad.replace(
            &format!("[Result \"{right}\"]"),
            &format!("[Result \"{wrong}\"]"),
        );
        let e = read_flip_record(&bad).expect_err("refused");
        assert!(matches!(e, FlipRecordError::Result { .. }), "{e}");
        // A ply after the end is refused with its place.
        let extra = text
            .replace(&format!(" {right}\n"), " a1=S *\n")
            .replace(&format!("[Result \"{right}\"]"), "[Result \"*\"]");
        let e = read_flip_record(&extra).expect_err("refused").to_string();
        assert!(e.contains("is over"), "{e}");
    }
}
