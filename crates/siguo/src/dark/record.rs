//! Records of a dark game as `[Game "siguo"]` files (L-61, L-63): the referee's, the whole
//! game (every kind in `Setup`), and each seat's, which holds only what that seat knows.
//!
//! A seat's record has the tags `Game`, `Mode`, `Rules`, `Seat` (its letter), `Seen` (the
//! [`SeenBoard`](super::SeenBoard) it was shown), `Result`; its movetext is the announced
//! actions (`g6g7`, `pass`, `resign-b`), each followed by a comment with the rest of its
//! announcement (`{x- =S next:g}`), each round on its own line. No `Setup` tag: that would
//! show the other seats' kinds.

use std::convert::Infallible;
use std::ops::ControlFlow;

use junqi_gamefile::{GameReader, ReadError, Skip, TextPos, Visitor};
use thiserror::Error;

use super::announce::{Announcement, Event};
use super::info::{InfoState, InfoStateError};
use super::referee::DarkGame;
use crate::game_file::{Entry, SiguoDialect, result_token, write_game};
use crate::position::Action;

/// The referee's record: the game file of the whole game (L-61), every kind in `Setup`.
///
/// # Errors
/// Never for a game the referee played; the writer's error otherwise.
pub fn referee_record(game: &DarkGame) -> Result<String, String> {
    let entries: Vec<Entry> = game
        .actions()
        .iter()
        .map(|e| match *e {
            Event::Move { mv, .. } => Entry::Action(Action::Move(mv)),
            Event::Pass(_) => Entry::Action(Action::Pass),
            Event::Resign(s) => Entry::Resign(s),
        })
        .collect();
    write_game(game.start(), &entries, ["?"; 4]).map_err(|(i, e)| format!("entry {i}: {e}"))
}

/// One seat's record: what the seat was shown and told, nothing else.
///
/// # Errors
/// The writer's (a tag that cannot be written).
pub fn seat_record(state: &InfoState) -> Result<String, String> {
    let view = state.view();
    let result = result_token(view.outcome());
    let mut tags: Vec<(String, String)> = vec![
        ("Game".into(), "siguo".into()),
        ("Mode".into(), state.rules().mode.mode.name().into()),
        ("Rules".into(), state.rules().to_json()),
        ("Seat".into(), state.seat().letter().to_string()),
        ("Seen".into(), state.start().to_string()),
    ];
    if let Some(o) = view.outcome() {
        tags.push(("Termination".into(), o.to_string()));
    }
    tags.push(("Result".into(), result.as_str().into()));
    let mut text = String::new();
    junqi_gamefile::write_tags::<Infallible>(&mut text, &tags).map_err(|e| e.to_string())?;
    let mut line = Vec::new();
    let order = |s| state.rules().turn_direction.place(s);
    for a in state.history() {
        let full = a.to_string();
        // Drop the seat letter and the action: the token carries them.
        let rest = full.splitn(3, ' ').nth(2).unwrap_or("");
        let token = match a.event {
            Event::Move { mv, .. } => mv.to_string(),
            Event::Pass(_) => "pass".into(),
            Event::Resign(s) => format!("resign-{}", s.letter()),
        };
        line.push(format!("{token} {}", junqi_gamefile::comment(rest)));
        // Each round on its own line (L-61): a line ends where the move number rises.
        if order(a.next) <= order(a.event.seat()) && !matches!(a.event, Event::Resign(_)) {
            text.push_str(&line.join(" "));
            text.push('\n');
            line.clear();
        }
    }
    if !line.is_empty() {
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text.push_str(result.as_str());
    text.push('\n');
    Ok(text)
}

/// A seat record that cannot be read.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The file's grammar, with its place.
    #[error(transparent)]
    Read(#[from] ReadError<crate::game_file::GameFileError>),
    /// A tag is missing.
    #[error("no {0} tag")]
    Missing(&'static str),
    /// A move has no comment with its announcement.
    #[error("{0}: a move without its announcement comment")]
    NoAnnouncement(TextPos),
    /// The information state it makes is wrong (the line numbers are the text form's).
    #[error("{at}: {error}")]
    Info {
        /// Where in the file.
        at: TextPos,
        /// What.
        error: InfoStateError,
    },
    /// The file holds no game.
    #[error("no game in the file")]
    Empty,
}

#[derive(Default)]
struct Collect {
    tags: Vec<(String, String)>,
    moves: Vec<(String, TextPos, Option<String>)>,
}

impl Visitor for Collect {
    type Output = Collect;

    fn begin_game(&mut self) {
        *self = Collect::default();
    }

    fn tag(&mut self, name: &str, value: &str, _: TextPos) -> ControlFlow<Collect> {
        self.tags.push((name.into(), value.into()));
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: TextPos) -> ControlFlow<Collect, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<Collect> {
        self.moves.push((text.into(), at, None));
        ControlFlow::Continue(())
    }

    fn comment(&mut self, text: &str, _: TextPos) -> ControlFlow<Collect> {
        if let Some(m) = self.moves.last_mut().filter(|m| m.2.is_none()) {
            m.2 = Some(text.into());
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Collect {
        std::mem::take(self)
    }
}

/// Read a seat's record back into its information state (the first game of the file).
///
/// # Errors
/// [`RecordError`] saying what and where.
pub fn read_seat_record(text: &str) -> Result<InfoState, RecordError> {
    let mut reader = GameReader::with_dialect(text.as_bytes(), SiguoDialect, Default::default());
    let c = reader
        .read_with(&mut Collect::default())
        .ok_or(RecordError::Empty)??;
    let tag = |name: &'static str| {
        c.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .ok_or(RecordError::Missing(name))
    };
    let head = format!(
        "siguo-info {}\nrules {}\nstart {}\n",
        tag("Seat")?,
        tag("Rules")?,
        tag("Seen")?
    );
    let at0 = TextPos { line: 1, column: 1 };
    let mut state: InfoState = head
        .parse()
        .map_err(|error| RecordError::Info { at: at0, error })?;
    let mut view = state.view();
    for (token, at, comment) in &c.moves {
        let comment = comment.as_ref().ok_or(RecordError::NoAnnouncement(*at))?;
        let (seat, action) = match token.strip_prefix("resign-") {
            Some(s) => (s.to_string(), "resign".to_string()),
            None => (view.turn().letter().to_string(), token.clone()),
        };
        let line = format!("{seat} {action} {comment}");
        let a: Announcement = line.parse().map_err(|error| RecordError::Info {
            at: *at,
            error: InfoStateError::Announcement { line: 0, error },
        })?;
        state
            .push_onto(&mut view, a)
            .map_err(|error| RecordError::Info { at: *at, error })?;
    }
    Ok(state)
}
