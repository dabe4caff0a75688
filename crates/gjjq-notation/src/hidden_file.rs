//! Records of a hidden game (R-40): the referee's record and each player's, as game files.
//!
//! - The referee's record is an ordinary game record: the tags `RedDeployment`,
//!   `GreenDeployment`, `FirstMover`, `Mode "hidden"`, `Rules`, `Result`, `Termination`;
//!   every move played as a six-character record; each refused proposal as a comment
//!   `{refused 5B4A}` after the move it followed (before the first move: before it).
//! - A player's record has the tag `Player` (`red` or `green`), its own `…Deployment`, the
//!   enemy's start as `…Points` (the R-33 shape with `x` for each occupied point),
//!   `FirstMover`, `Mode "hidden"`, `Rules`; its own moves in full, the enemy's with `暗`
//!   (`暗5b攻5B`); after a move the comments `{stayed}` (the mover stayed on its origin,
//!   R-19 `immediate`), `{removed 7d}` (a striker removed there), `{captured A}` (the
//!   captured kind, when told), then `{refused 5B4A}` for its own refused proposals and
//!   `{refused}` for a refusal of the enemy it heard of. At the end, the `Result` and
//!   `Termination` tags and the enemy's deployment (`…Deployment`), all public then (R-39).
//! - Both may carry comments of other forms (a score, a time, a note): readers keep them in
//!   the record and pass over them; a comment that starts like a known form (`refused `,
//!   `removed `, `captured `) must be that form. The referee's record is an ordinary game
//!   record, so it reads into an [`crate::AnnotatedGame`] too (variations and glyphs
//!   included; refusals stay comments). A player's record does not: its enemy moves name no
//!   position, so it stays a [`GameRecord`], read for its main line.

use gjjq_core::{
    Move, Outcome, PieceKind, Ruleset, Side,
    deploy::Deployment,
    hidden::{Event, HiddenGame, InfoState, PlayerView, Seen},
};
use thiserror::Error;

use crate::direction::Direction;
use crate::game_file::{GameRecord, GameResult, MoveText, RecordedMove, ReplayError, TextPos};
use crate::hidden_record::HiddenRecord;
use crate::record::Record;

/// A game file that is not a hidden game's record of the kind asked for.
#[derive(Debug, Clone, Error)]
#[non_exhaustive]
pub enum HiddenFileError {
    /// Tags, rules or a move of the referee's record do not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The referee's record lacks deployments (`RedDeployment`, `GreenDeployment`).
    #[error("a referee's record needs RedDeployment and GreenDeployment tags")]
    NoOpening,
    /// A tag is missing or malformed.
    #[error("tag {tag}: {detail}")]
    Tag {
        /// The tag.
        tag: &'static str,
        /// What is wrong.
        detail: String,
    },
    /// A comment that starts like one of the forms above (`refused `, `removed `,
    /// `captured `) but is not one (`{captured Q}`: no such kind), in either record.
    #[error(
        "{}ply {ply}: comment '{text}' is not refused …, stayed, removed … or captured …",
        at_prefix(*.at)
    )]
    Comment {
        /// The move it follows (0: before the first).
        ply: usize,
        /// Its text.
        text: String,
        /// Where the move it follows stands in the file (`None` before the first move, or
        /// for a record built in memory).
        at: Option<TextPos>,
    },
    /// A move of a player's record that no referee could have told: an enemy move from a
    /// point without an enemy piece, an own move from a point without an own piece, a
    /// capture of nothing, a kind told that the rules do not tell.
    #[error("move {ply} '{text}'{}: no referee could have told it: {detail}", at_suffix(*.at))]
    Impossible {
        /// The ply, from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// Where it stands in the file.
        at: Option<TextPos>,
        /// What cannot be.
        detail: String,
    },
    /// A move of a player's record is written in ASCII (the capture is not told).
    #[error("ply {ply}: '{text}' is not a record (a player's record writes 团5B进5A or 暗5b攻5B)")]
    Move {
        /// The ply.
        ply: usize,
        /// Its text.
        text: String,
    },
    /// A proposal the referee does not take (out of turn, after the end).
    #[error("ply {ply}: {detail}")]
    Proposal {
        /// The ply.
        ply: usize,
        /// Why.
        detail: String,
    },
}

fn at_prefix(at: Option<TextPos>) -> String {
    at.map(|a| format!("{a}: ")).unwrap_or_default()
}

fn at_suffix(at: Option<TextPos>) -> String {
    at.map(|a| format!(" at {a}")).unwrap_or_default()
}

/// A comment of a known form, read ([`check_comment`]).
enum Note {
    /// `refused 5B4A`: an own refused proposal.
    Refused(Move),
    /// `refused`: a refusal of the enemy.
    OpponentRefused,
    /// `stayed`.
    Stayed,
    /// `removed 7d`.
    Removed(gjjq_core::Square),
    /// `captured A`.
    Captured(PieceKind),
}

/// The form a comment has, if it has one of R-40's; `Err(())` for a comment that starts like
/// one (`refused `, `removed `, `captured `) but is not it. Any other comment is the
/// annotator's (a score, a time): `Ok(None)`.
fn check_comment(c: &str) -> Result<Option<Note>, ()> {
    if c == "refused" {
        return Ok(Some(Note::OpponentRefused));
    }
    if c == "stayed" {
        return Ok(Some(Note::Stayed));
    }
    if let Some(m) = c.strip_prefix("refused ") {
        return m.parse().map(|m| Some(Note::Refused(m))).map_err(|_| ());
    }
    if let Some(p) = c.strip_prefix("removed ") {
        return p.parse().map(|p| Some(Note::Removed(p))).map_err(|_| ());
    }
    if let Some(k) = c.strip_prefix("captured ") {
        let mut chars = k.chars();
        let kind = chars.next().and_then(PieceKind::from_ascii).ok_or(())?;
        if chars.next().is_some() {
            return Err(());
        }
        return Ok(Some(Note::Captured(kind)));
    }
    Ok(None)
}

fn deployment_tag(s: Side) -> &'static str {
    match s {
        Side::Red => "RedDeployment",
        Side::Green => "GreenDeployment",
    }
}

fn points_tag(s: Side) -> &'static str {
    match s {
        Side::Red => "RedPoints",
        Side::Green => "GreenPoints",
    }
}

fn rules_tag(record: &mut GameRecord, rules: &Ruleset) {
    if *rules == Ruleset::STANDARD {
        record.set_tag("Rules", "standard");
    } else {
        record.set_tag("Rules", &rules.to_json());
    }
}

fn end_tags(record: &mut GameRecord, outcome: Option<Outcome>) {
    record.result = GameResult::from_outcome(outcome);
    record.set_tag("Result", record.result.as_str());
    if let Some(o) = outcome {
        record.set_tag("Termination", o.reason().as_str());
    }
}

/// The referee's record of `game` (R-40).
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
/// use gjjq_notation::{hidden_game_from_record, referee_record};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.propose(Side::Red, "5B4A".parse()?)?; // refused
/// game.propose(Side::Red, "5B5A".parse()?)?;
/// let record = referee_record(&game);
/// assert_eq!(record.tag("Mode"), Some("hidden"));
/// assert_eq!(record.comments_before, ["refused 5B4A"]);
/// assert_eq!(record.moves[0].text.to_string(), "团5B进5A");
/// let back = hidden_game_from_record(&record)?;
/// assert_eq!(back.info_state(Side::Red), game.info_state(Side::Red));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn referee_record(game: &HiddenGame) -> GameRecord {
    let mut record = GameRecord::default();
    let opening = game.opening();
    let start = game.game().start();
    record.set_tag("Mode", "hidden");
    record.set_tag("RedDeployment", &opening.red.to_string());
    record.set_tag("GreenDeployment", &opening.green.to_string());
    record.set_tag("FirstMover", opening.first.name());
    rules_tag(&mut record, start.ruleset());
    end_tags(&mut record, game.outcome());
    record.moves = game
        .game()
        .plies()
        .map(|(pos, m)| RecordedMove::new(MoveText::Record(Record::from_move(&pos, m))))
        .collect();
    for &(ply, _, m) in game.refusals() {
        let c = format!("refused {m}");
        match ply {
            0 => record.comments_before.push(c),
            k => record.moves[k - 1].comments.push(c),
        }
    }
    record
}

/// The hidden game a referee's record describes, replayed through the referee: every move
/// and every refused proposal proposed again in order.
///
/// # Errors
/// [`HiddenFileError`] for missing tags, a bad ruleset, a move that does not replay.
pub fn hidden_game_from_record(record: &GameRecord) -> Result<HiddenGame, HiddenFileError> {
    let rules = record.rules(None)?;
    let opening = record
        .opening(Some(rules))?
        .ok_or(HiddenFileError::NoOpening)?;
    let mut game = HiddenGame::new(opening, rules).map_err(|e| HiddenFileError::Tag {
        tag: "RedDeployment",
        detail: e.to_string(),
    })?;
    let refuse = |game: &mut HiddenGame,
                  ply: usize,
                  at: Option<TextPos>,
                  c: &str|
     -> Result<(), HiddenFileError> {
        let bad = || HiddenFileError::Comment {
            ply,
            text: c.to_owned(),
            at,
        };
        // Any other comment is the annotator's (a score, a time): kept, not a refusal; one
        // that starts like a known form must be that form.
        let Some(Note::Refused(m)) = check_comment(c).map_err(|()| bad())? else {
            return Ok(());
        };
        let told = game
            .propose(game.turn(), m)
            .map_err(|e| HiddenFileError::Proposal {
                ply,
                detail: e.to_string(),
            })?;
        if told.played {
            return Err(HiddenFileError::Proposal {
                ply,
                detail: format!("{m} is legal, not refused"),
            });
        }
        Ok(())
    };
    for c in &record.comments_before {
        refuse(&mut game, 0, None, c)?;
    }
    for (i, rm) in record.moves.iter().enumerate() {
        let m = rm
            .text
            .to_move(game.game().position())
            .map_err(|error| ReplayError::Move {
                ply: i + 1,
                text: rm.text.to_string(),
                at: rm.at,
                error,
            })?;
        game.propose(game.turn(), m)
            .map_err(|e| HiddenFileError::Proposal {
                ply: i + 1,
                detail: e.to_string(),
            })?;
        for c in &rm.comments {
            refuse(&mut game, i + 1, rm.at, c)?;
        }
    }
    Ok(game)
}

/// `state`'s player record (R-40): own moves in full, the enemy's with `暗`.
///
/// # Examples
///
/// ```
/// use gjjq_core::{Ruleset, Side, deploy::Opening, hidden::HiddenGame};
/// use gjjq_notation::{info_state_from_player_record, player_record};
/// let mut game = HiddenGame::new(Opening::default_opening(), Ruleset::STANDARD)?;
/// game.propose(Side::Red, "3E7d".parse()?)?;
/// let green = game.info_state(Side::Green);
/// let record = player_record(green);
/// assert_eq!(record.moves[0].text.to_string(), "暗3E攻7d");
/// assert_eq!(record.moves[0].comments, ["captured A"]);
/// assert_eq!(info_state_from_player_record(&record)?, *green);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn player_record(state: &InfoState) -> GameRecord {
    let side = state.side();
    let mut record = GameRecord::default();
    record.set_tag("Mode", "hidden");
    record.set_tag("Player", side.name());
    record.set_tag(deployment_tag(side), &state.deployment().to_string());
    let points = state.to_string();
    let enemy_points = points.split(' ').nth(3).unwrap_or_default().to_owned();
    record.set_tag(points_tag(side.other()), &enemy_points);
    record.set_tag("FirstMover", state.first().name());
    rules_tag(&mut record, state.rules());
    let mut view = PlayerView::new(&InfoState::new(
        side,
        state.first(),
        *state.rules(),
        *state.deployment(),
        state.enemy_start(),
    ));
    let mut outcome = None;
    for e in state.events() {
        let comment = match *e {
            Event::Refused(m) => Some(format!("refused {m}")),
            Event::OpponentRefused => Some("refused".to_owned()),
            Event::End { outcome: o, enemy } => {
                outcome = Some(o);
                record.set_tag(deployment_tag(side.other()), &enemy.to_string());
                None
            }
            Event::Played(seen) => {
                let mover = view.turn();
                let (from, to) = (seen.mv.from(), seen.mv.to());
                let text = if mover == side {
                    let piece = view
                        .own()
                        .into_iter()
                        .find(|(sq, _)| *sq == from)
                        .map_or(PieceKind::Infantry, |(_, k)| k);
                    MoveText::Record(Record {
                        piece,
                        king_side: (piece == PieceKind::King).then_some(side),
                        from,
                        direction: Direction::of(side, from, to, seen.capture),
                        to,
                    })
                } else {
                    MoveText::Hidden(HiddenRecord::new(mover, seen.mv, seen.capture))
                };
                let mut rm = RecordedMove::new(text);
                if seen.stayed {
                    rm.comments.push("stayed".to_owned());
                }
                if let Some(r) = seen.removed {
                    rm.comments.push(format!("removed {r}"));
                }
                if let Some(k) = seen.captured_kind {
                    rm.comments.push(format!("captured {}", k.ascii()));
                }
                record.moves.push(rm);
                None
            }
        };
        view.tell(e);
        if let Some(c) = comment {
            match record.moves.last_mut() {
                Some(m) => m.comments.push(c),
                None => record.comments_before.push(c),
            }
        }
    }
    end_tags(&mut record, outcome);
    record
}

/// The information state a player's record holds (R-40, R-41).
///
/// # Errors
/// [`HiddenFileError`] for a missing or bad tag, a comment of no known form, or a move
/// in ASCII.
pub fn info_state_from_player_record(record: &GameRecord) -> Result<InfoState, HiddenFileError> {
    let tag = |name: &'static str| {
        record.tag(name).ok_or(HiddenFileError::Tag {
            tag: name,
            detail: "missing".to_owned(),
        })
    };
    let player = tag("Player")?;
    let side: Side = player.parse().map_err(|_| HiddenFileError::Tag {
        tag: "Player",
        detail: format!("'{player}' is not red or green"),
    })?;
    let first = record
        .tag("FirstMover")
        .and_then(crate::game_file::parse_side)
        .unwrap_or(Side::Red);
    let rules = record.rules(None)?;
    let bad_tag = |tag: &'static str| {
        move |e: &dyn std::fmt::Display| HiddenFileError::Tag {
            tag,
            detail: e.to_string(),
        }
    };
    let own = Deployment::parse_with(tag(deployment_tag(side))?, &rules)
        .map_err(|e| bad_tag(deployment_tag(side))(&e))?;
    let header = format!(
        "{} {} {own} {}",
        &side.name()[..1],
        &first.name()[..1],
        tag(points_tag(side.other()))?
    );
    let mut state: InfoState = header
        .parse::<InfoState>()
        .map_err(|e| bad_tag(points_tag(side.other()))(&e))?
        .with_rules(rules);
    let mut events = Vec::new();
    // For each event, the move it is told with (for errors): `None` before the first move.
    let mut told_with: Vec<Option<(usize, &RecordedMove)>> = Vec::new();
    let note = |ply: usize, at: Option<TextPos>, c: &str| {
        check_comment(c).map_err(|()| HiddenFileError::Comment {
            ply,
            text: c.to_owned(),
            at,
        })
    };
    // Comments of no known form are the player's own (scores, times): kept in the record,
    // not part of the information state.
    for c in &record.comments_before {
        match note(0, None, c)? {
            Some(Note::Refused(m)) => events.push(Event::Refused(m)),
            Some(Note::OpponentRefused) => events.push(Event::OpponentRefused),
            // A move's note before any move: nothing to say it of.
            Some(_) | None => continue,
        }
        told_with.push(None);
    }
    for (i, rm) in record.moves.iter().enumerate() {
        let ply = i + 1;
        let direction = match rm.text {
            MoveText::Record(r) => r.direction,
            MoveText::Hidden(h) => h.direction,
            MoveText::Ascii(_) => {
                return Err(HiddenFileError::Move {
                    ply,
                    text: rm.text.to_string(),
                });
            }
        };
        let mut seen = Seen {
            mv: rm.text.ascii(),
            capture: direction.is_capture(),
            stayed: false,
            removed: None,
            captured_kind: None,
        };
        let mut after = Vec::new();
        for c in &rm.comments {
            match note(ply, rm.at, c)? {
                Some(Note::Refused(m)) => after.push(Event::Refused(m)),
                Some(Note::OpponentRefused) => after.push(Event::OpponentRefused),
                Some(Note::Stayed) => seen.stayed = true,
                Some(Note::Removed(p)) => seen.removed = Some(p),
                Some(Note::Captured(k)) => seen.captured_kind = Some(k),
                None => {}
            }
        }
        events.push(Event::Played(seen));
        told_with.push(Some((ply, rm)));
        told_with.extend(after.iter().map(|_| Some((ply, rm))));
        events.extend(after);
    }
    if let Some(winner) = match record.result {
        GameResult::RedWins => Some(Some(Side::Red)),
        GameResult::GreenWins => Some(Some(Side::Green)),
        GameResult::Draw => Some(None),
        GameResult::Unknown => None,
    } {
        let reason = tag("Termination")?
            .parse()
            .map_err(|e| bad_tag("Termination")(&e))?;
        let outcome = Outcome::new(winner, reason).ok_or(HiddenFileError::Tag {
            tag: "Termination",
            detail: "does not fit the result".to_owned(),
        })?;
        let enemy = Deployment::parse_with(tag(deployment_tag(side.other()))?, &rules)
            .map_err(|e| bad_tag(deployment_tag(side.other()))(&e))?;
        events.push(Event::End { outcome, enemy });
    }
    // Rebuild through the string form, which checks the order of events.
    let mut text = state.to_string();
    for e in &events {
        text.push(' ');
        text.push_str(&e.to_string());
    }
    state = text
        .parse::<InfoState>()
        .map_err(|e| impossible(&told_with, e))?
        .with_rules(rules);
    Ok(state)
}

/// The error of a player's record whose events do not make an information state: an event
/// that no referee could have told is named by the move it is told with (its ply, text and
/// place); `told_with[k]` is the move of the `k`-th event (fields 5 … of the string form).
fn impossible(
    told_with: &[Option<(usize, &RecordedMove)>],
    e: gjjq_core::hidden::InfoStateParseError,
) -> HiddenFileError {
    use gjjq_core::hidden::InfoStateParseError as P;
    let (token, detail) = match &e {
        P::Impossible { token, detail } => (*token, format!("impossible: {detail}")),
        P::AfterEnd { token }
        | P::Move { token, .. }
        | P::Point { token, .. }
        | P::Event { token, .. }
        | P::End { token, .. } => (*token, e.to_string()),
        _ => (0, e.to_string()),
    };
    let event = token.checked_sub(5);
    match event.and_then(|k| told_with.get(k).copied()) {
        Some(Some((ply, rm))) => HiddenFileError::Impossible {
            ply,
            text: rm.text.to_string(),
            at: rm.at,
            detail: detail
                .strip_prefix(&format!("field {token}: "))
                .unwrap_or(&detail)
                .to_owned(),
        },
        // The header (the tags) or a refusal before the first move.
        _ => HiddenFileError::Tag {
            tag: "Player",
            detail: e.to_string(),
        },
    }
}

/// Whether `record` is a player's record of a hidden game (it has a `Player` tag).
#[must_use]
pub fn is_player_record(record: &GameRecord) -> bool {
    record.tag("Player").is_some()
}
