//! Records of a dark game (L-31, L-22), in the one game-file grammar:
//!
//! - **The referee's record** is an ordinary 陸戰棋 game file (both deployments in its
//!   `Setup` tag, every move) with the tags `Mode "dark"` and `MarshalRevealsFlag`, each move
//!   followed by the comments of its announcement, as in a player's record below (both sides
//!   hear the same announcements, so the record alone shows the game as each side saw it).
//!   [`referee_record`] writes it, [`read_referee_record`] replays it into a [`DarkGame`] and
//!   checks the announcements it carries against the replay's (a record without any, as
//!   written before they were added, reads as before).
//! - **A player's record** holds only what that player was told: the tags `Mode "dark"`,
//!   `Player` (`red` or `blue`), `Deployment` (its own, L-19), `FirstMover`,
//!   `MarshalRevealsFlag`, `Rules` (when not standard), `Result`; every move in the ASCII form
//!   (the enemy's kinds are unknown, so no record form), each followed by the comments
//!   `{defender-removed}`, `{attacker-removed}` or `{both-removed}` for an attack,
//!   `{flag b12}` for a flag point shown and `{end red:flag-captured}` for the end.
//!   [`player_record`] writes it, [`read_player_record`] reads it back into the
//!   [`InfoState`], validated.
//!
//! ```
//! use luzhanqi::dark::{DarkGame, DarkRules, record};
//! use luzhanqi::deploy::{Deployment, DEFAULT_DEPLOYMENT};
//! use luzhanqi::Side;
//! let d: Deployment = DEFAULT_DEPLOYMENT.parse()?;
//! let mut game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
//! game.play("c6c7".parse()?)?;
//! let text = record::player_record(game.info_state(Side::Blue))?;
//! assert!(text.contains("1. c6c7 {both-removed}"));
//! assert_eq!(record::read_player_record(&text)?, *game.info_state(Side::Blue));
//! let referee = record::referee_record(&game)?;
//! assert_eq!(record::read_referee_record(&referee)?.history(), game.history());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::convert::Infallible;
use std::ops::ControlFlow;

use junqi_gamefile::{
    GameReader, Numbering, ReadError, ReadLimits, ResultToken, TextPos, Visitor, WriteError,
    WriteMove, comment, write_movetext, write_tags,
};
use thiserror::Error;

use crate::combat::AttackOutcome;
use crate::deploy::Deployment;
use crate::game_file::{FileDialect, GameFileError, GameRecord, MoveForm, TokenError};
use crate::moves::Move;
use crate::piece::Side;
use crate::ruleset::Ruleset;

use super::announce::{Announcement, outcome_text, parse_outcome};
use super::info::{DarkRules, InfoState, InfoStateError};
use super::referee::{DarkError, DarkGame};

/// A dark game's record that does not read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// Not a game file of 陸戰棋 (the grammar's or the replay's error, with line:column).
    #[error(transparent)]
    File(#[from] GameFileError),
    /// The player's record does not parse in the grammar.
    #[error(transparent)]
    Read(#[from] ReadError<TokenError>),
    /// The file holds no game.
    #[error("the file holds no game")]
    Empty,
    /// A tag is missing or malformed.
    #[error("tag {tag}: {detail}")]
    Tag {
        /// The tag.
        tag: &'static str,
        /// What is wrong.
        detail: String,
    },
    /// A comment that starts like one of the forms (`flag `, `end `) but is not one.
    #[error("{at}: comment '{text}' is not a result, flag point or end")]
    Comment {
        /// Where the comment stands.
        at: TextPos,
        /// Its text (cut to 40 characters).
        text: String,
    },
    /// A move token that is not an ASCII move.
    #[error("{at}: '{text}' is not an ASCII move")]
    Move {
        /// Where it stands.
        at: TextPos,
        /// The token (cut to 40 characters).
        text: String,
    },
    /// The referee's record does not start from two deployments, or breaks the dark rules.
    #[error("not a dark game: {0}")]
    Dark(#[from] DarkError),
    /// The player's record is not a state a referee could have told.
    #[error(transparent)]
    State(#[from] InfoStateError),
    /// A comment of the referee's record, after the move of ply `ply` (from 1), that starts
    /// like a flag point or an end but is not one.
    #[error("ply {ply}: comment '{text}' is not a result, flag point or end")]
    MoveComment {
        /// The ply.
        ply: usize,
        /// Its text (cut to 40 characters).
        text: String,
    },
    /// The referee's record tells an announcement that its moves do not give.
    #[error("ply {ply}: the record announces {told}, the moves give {replayed}")]
    Announcement {
        /// The ply, from 1.
        ply: usize,
        /// As the record's comments tell it.
        told: Box<Announcement>,
        /// As the replay of its moves gives it.
        replayed: Box<Announcement>,
    },
}

fn tag_err(tag: &'static str, detail: impl Into<String>) -> RecordError {
    RecordError::Tag {
        tag,
        detail: detail.into(),
    }
}

/// The `MarshalRevealsFlag` tag's value (L-31), `true` when absent: both records read it.
fn marshal_reveals_flag(value: Option<&str>) -> Result<bool, RecordError> {
    match value {
        None | Some("true") => Ok(true),
        Some("false") => Ok(false),
        Some(v) => Err(tag_err(
            "MarshalRevealsFlag",
            format!("'{v}' is not true or false"),
        )),
    }
}

/// The referee's record: the true game as a 陸戰棋 game file, with `Mode "dark"` and each
/// move's announcement in its comments.
///
/// # Errors
/// A tag the file cannot hold (none here).
pub fn referee_record(game: &DarkGame) -> Result<String, WriteError<Infallible>> {
    let mut rec = GameRecord::from_game(game.game());
    for (m, a) in rec.moves.iter_mut().zip(game.history()) {
        m.comments = announcement_comments(a);
    }
    rec.tags.extend(referee_tags(game));
    rec.write(MoveForm::Simplified)
}

/// The tags a referee's record of `game` carries after the game file's own (`Mode "dark"` and
/// the mode's options), for a tool that writes the record its own way (the match tool) and
/// must stay readable by [`read_referee_record`].
///
/// # Examples
///
/// ```
/// use luzhanqi::dark::{record::referee_tags, DarkGame, DarkRules};
/// use luzhanqi::{deploy::Deployment, Side};
///
/// let d: Deployment = luzhanqi::deploy::DEFAULT_DEPLOYMENT.parse()?;
/// let game = DarkGame::new(&d, &d, Side::Red, DarkRules::STANDARD)?;
/// assert_eq!(referee_tags(&game)[0], ("Mode".to_string(), "dark".to_string()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn referee_tags(game: &DarkGame) -> Vec<(String, String)> {
    vec![
        ("Mode".into(), "dark".into()),
        (
            "MarshalRevealsFlag".into(),
            game.rules().marshal_reveals_flag.to_string(),
        ),
    ]
}

/// Read a referee's record back into the dark game it records (announcements recomputed and,
/// when the record carries them, checked).
///
/// # Errors
/// [`RecordError`]: not a game file, no `Mode "dark"` tag, a start that is not two
/// deployments, a malformed announcement comment, an announcement the moves do not give.
pub fn read_referee_record(text: &str) -> Result<DarkGame, RecordError> {
    let rec = crate::game_file::read_games(text.as_bytes())?
        .into_iter()
        .next()
        .ok_or(RecordError::Empty)?;
    let find = |n: &str| {
        rec.tags
            .iter()
            .find(|(t, _)| t == n)
            .map(|(_, v)| v.clone())
    };
    if find("Mode").as_deref() != Some("dark") {
        return Err(tag_err("Mode", "a dark game's record has Mode \"dark\""));
    }
    let marshal_reveals_flag = marshal_reveals_flag(find("MarshalRevealsFlag").as_deref())?;
    let start = rec.game.start();
    let setup = start.to_setup();
    let dep = |side| {
        Deployment::of_setup(&setup, side)
            .ok_or_else(|| tag_err("Setup", format!("{side}'s pieces are not a deployment")))
    };
    let rules = DarkRules {
        rules: *start.ruleset(),
        marshal_reveals_flag,
    };
    let mut g = DarkGame::new(&dep(Side::Red)?, &dep(Side::Blue)?, start.turn(), rules)?;
    let mut carried = false;
    let mut told = Vec::with_capacity(rec.moves.len());
    for m in &rec.moves {
        let mut a = Announcement::quiet(m.mv);
        for c in &m.comments {
            match read_comment(&mut a, c) {
                Ok(true) => carried = true,
                Ok(false) => {}
                Err(()) => {
                    return Err(RecordError::MoveComment {
                        ply: told.len() + 1,
                        text: junqi_gamefile::clip(c, 40),
                    });
                }
            }
        }
        told.push(a);
    }
    for (i, m) in rec.game.moves().iter().enumerate() {
        let replayed = g.play(*m)?;
        if carried && told[i] != replayed {
            return Err(RecordError::Announcement {
                ply: i + 1,
                told: Box::new(told[i]),
                replayed: Box::new(replayed),
            });
        }
    }
    Ok(g)
}

/// The comments that tell announcement `a` after its move: `defender-removed`,
/// `attacker-removed` or `both-removed` for an attack, `flag b12` for each flag point shown,
/// `end red:flag-captured` for the end. Both records write them so; a tool that writes its
/// own record of a dark game (a match's, with the engines' comments) adds them the same way,
/// and [`read_referee_record`] checks them.
///
/// ```
/// use luzhanqi::dark::{Announcement, record::announcement_comments};
/// let a: Announcement = "c6c7=".parse()?;
/// assert_eq!(announcement_comments(&a), ["both-removed"]);
/// # Ok::<(), luzhanqi::dark::InfoStateError>(())
/// ```
#[must_use]
pub fn announcement_comments(a: &Announcement) -> Vec<String> {
    let mut c = Vec::new();
    if let Some(r) = a.result {
        c.push(result_word(r).to_owned());
    }
    for p in a.flag_shown.iter().flatten() {
        c.push(format!("flag {p}"));
    }
    if let Some(o) = &a.end {
        c.push(format!("end {}", outcome_text(o)));
    }
    c
}

/// Add what the comment `text` tells to `a`: `Ok(true)` for one of
/// [`announcement_comments`]'s forms, `Ok(false)` for any other comment (a note), `Err` for
/// one that starts like a flag point or an end but is not one.
fn read_comment(a: &mut Announcement, text: &str) -> Result<bool, ()> {
    match text {
        "defender-removed" => a.result = Some(AttackOutcome::DefenderRemoved),
        "attacker-removed" => a.result = Some(AttackOutcome::AttackerRemoved),
        "both-removed" => a.result = Some(AttackOutcome::BothRemoved),
        _ => {
            if let Some(p) = text.strip_prefix("flag ") {
                let sq = p.parse::<crate::Square>().map_err(|_| ())?;
                a.flag_shown[sq.half().index()] = Some(sq);
            } else if let Some(e) = text.strip_prefix("end ") {
                let o = e.split_once(':').and_then(|(w, r)| parse_outcome(w, r));
                a.end = Some(o.ok_or(())?);
            } else {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// A move of a player's record: the announcement as the move and its comments.
struct PlayerMove(Vec<String>, Move);

impl WriteMove for PlayerMove {
    fn comments(&self) -> &[String] {
        &self.0
    }
}

fn result_word(o: AttackOutcome) -> &'static str {
    match o {
        AttackOutcome::DefenderRemoved => "defender-removed",
        AttackOutcome::AttackerRemoved => "attacker-removed",
        AttackOutcome::BothRemoved => "both-removed",
    }
}

/// A player's record of its information state: what it was told, nothing more.
///
/// # Errors
/// A tag the file cannot hold (none here).
pub fn player_record(state: &InfoState) -> Result<String, WriteError<Infallible>> {
    let mut tags: Vec<(String, String)> = vec![
        (
            junqi_gamefile::GAME_TAG.into(),
            crate::game_file::GAME_NAME.into(),
        ),
        ("Mode".into(), "dark".into()),
        ("Player".into(), state.side().to_string()),
        ("Deployment".into(), state.deployment().to_string()),
        ("FirstMover".into(), state.first().to_string()),
        (
            "MarshalRevealsFlag".into(),
            state.rules().marshal_reveals_flag.to_string(),
        ),
    ];
    if state.rules().rules != Ruleset::STANDARD {
        tags.push(("Rules".into(), state.rules().rules.to_json()));
    }
    let result = crate::game_file::result_token(state.outcome());
    tags.push(("Result".into(), result.to_string()));
    let mut text = String::new();
    write_tags(&mut text, &tags)?;
    let moves: Vec<PlayerMove> = state
        .history()
        .iter()
        .map(|a| PlayerMove(announcement_comments(a), a.mv))
        .collect();
    let start = Numbering {
        second: state.first() == Side::Blue,
        number: 1,
        fixed: false,
    };
    write_movetext(&mut text, &moves, start, true, &mut |t, m, _| {
        t.push_str(&m.1.to_string());
        for c in &m.0 {
            t.push(' ');
            t.push_str(&comment(c));
        }
        Ok::<(), Infallible>(())
    })
    .expect("infallible");
    if !moves.is_empty() {
        text.push(' ');
    }
    text.push_str(&result.to_string());
    text.push('\n');
    Ok(text)
}

#[derive(Default)]
struct Collect {
    tags: Vec<(String, String)>,
    moves: Vec<Announcement>,
    error: Option<RecordError>,
}

impl Visitor for Collect {
    type Output = Collect;

    fn tag(&mut self, name: &str, value: &str, _: TextPos) -> ControlFlow<Collect> {
        self.tags.push((name.into(), value.into()));
        ControlFlow::Continue(())
    }

    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<Collect> {
        match text.parse::<Move>() {
            Ok(m) => {
                self.moves.push(Announcement::quiet(m));
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.error = Some(RecordError::Move {
                    at,
                    text: junqi_gamefile::clip(text, 40),
                });
                ControlFlow::Break(std::mem::take(self))
            }
        }
    }

    fn comment(&mut self, text: &str, at: TextPos) -> ControlFlow<Collect> {
        let Some(a) = self.moves.last_mut() else {
            return ControlFlow::Continue(());
        };
        let bad = |s: &mut Collect| {
            s.error = Some(RecordError::Comment {
                at,
                text: junqi_gamefile::clip(text, 40),
            });
            ControlFlow::Break(std::mem::take(s))
        };
        if read_comment(a, text).is_err() {
            return bad(self);
        }
        ControlFlow::Continue(())
    }

    fn result(&mut self, _: ResultToken, _: Option<TextPos>) -> ControlFlow<Collect> {
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Collect {
        std::mem::take(self)
    }
}

/// Read a player's record back into its information state, validated.
///
/// # Errors
/// [`RecordError`]: the grammar's errors, a missing tag, a malformed comment, a state no
/// referee could have told.
pub fn read_player_record(text: &str) -> Result<InfoState, RecordError> {
    let mut r = GameReader::with_dialect(
        text.as_bytes(),
        FileDialect {
            first_mover: true,
            ..FileDialect::default()
        },
        ReadLimits::default(),
    );
    let mut v = Collect::default();
    let c = match r.read_with(&mut v).ok_or(RecordError::Empty)? {
        Ok(c) => c,
        Err(e) => return Err(RecordError::Read(e)),
    };
    if let Some(e) = c.error {
        return Err(e);
    }
    let find = |n: &str| c.tags.iter().find(|(t, _)| t == n).map(|(_, v)| v.as_str());
    if find("Mode") != Some("dark") {
        return Err(tag_err("Mode", "a dark game's record has Mode \"dark\""));
    }
    let side = |tag: &'static str| {
        let value = find(tag);
        value
            .and_then(|v| v.parse::<Side>().ok())
            .ok_or_else(|| tag_err(tag, format!("{value:?} is not red or blue")))
    };
    let (me, first) = (side("Player")?, side("FirstMover")?);
    let own: Deployment = find("Deployment")
        .ok_or_else(|| tag_err("Deployment", "missing"))?
        .parse()
        .map_err(|e| tag_err("Deployment", format!("{e}")))?;
    let rules = match find("Rules") {
        None => Ruleset::STANDARD,
        Some(t) => Ruleset::parse(t).map_err(|e| tag_err("Rules", e.to_string()))?,
    };
    let marshal_reveals_flag = marshal_reveals_flag(find("MarshalRevealsFlag"))?;
    let mut state = InfoState::new(
        me,
        first,
        own,
        DarkRules {
            rules,
            marshal_reveals_flag,
        },
    );
    for a in c.moves {
        state.push(a);
    }
    state.validate()?;
    Ok(state)
}
