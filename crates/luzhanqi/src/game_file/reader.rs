//! Reading: each game replayed as it is read, the first failure with its place.

use std::cell::Cell;
use std::io::BufRead;
use std::ops::ControlFlow;

use junqi_gamefile::{
    Dialect, GameReader, Glyph, Numbering, ReadLimits, ResultToken, Skip, Tag, TextPos, Visitor,
};

use super::{
    GameFileError, GameRecord, LuzhanqiDialect, RecordedMove, ReplayError, TokenError, Variation,
    clip, result_token,
};
use crate::flip::record::{self as flip_record, FlipDialect, FlipRecord};
use crate::{Game, Position, RecordError, Ruleset, Setup};

/// A game of a 陸戰棋 file as its `Mode` tag says it is recorded: moves (open play, a dark
/// game's referee record) or flip plies (`[Mode "flip"]`).
#[derive(Debug, Clone)]
pub enum Record {
    /// A game of moves ([`GameRecord`]).
    Moves(GameRecord),
    /// A flip game ([`FlipRecord`], [`crate::flip::record`]).
    Flip(FlipRecord),
}

/// The reader's dialect: [`LuzhanqiDialect`], or the flip records' for a game whose tags say
/// `[Mode "flip"]` (set before each game is read); with `first_mover`, a `FirstMover` tag
/// (`red` or `blue`) says whose move is numbered first, as in a player's record of a dark
/// game ([`crate::dark::record`]).
#[derive(Debug, Default)]
pub(crate) struct FileDialect {
    pub(crate) flip: Cell<bool>,
    pub(crate) first_mover: bool,
}

impl Dialect for FileDialect {
    type Error = TokenError;

    fn side_names(&self) -> [&'static str; 2] {
        LuzhanqiDialect.side_names()
    }

    fn tag(&self, tag: Tag<'_>, numbering: &mut Numbering) -> Result<(), TokenError> {
        if self.first_mover && tag.name == "FirstMover" {
            numbering.set_first_mover(tag.value == "blue");
        }
        if self.flip.get() {
            Ok(FlipDialect.tag(tag, numbering)?)
        } else {
            LuzhanqiDialect.tag(tag, numbering)
        }
    }

    fn check_move(&self, token: &str, at: TextPos) -> Result<(), TokenError> {
        if self.flip.get() {
            Ok(FlipDialect.check_move(token, at)?)
        } else {
            LuzhanqiDialect.check_move(token, at)
        }
    }
}

/// Reads the games of a 陸戰棋 game file one at a time (one line in memory, within
/// [`ReadLimits`]), replaying each: the main line into a [`Game`], each variation checked
/// against its own positions (a variation that runs past the end of the game on its own path
/// is refused). After a game that fails, the next read goes on with the next game.
///
/// ```
/// use luzhanqi::game_file::GameFileReader;
/// let text = "[Game \"luzhanqi\"]\n\n1. c5b5 {a comment} (1. 工c6xc7!) 1... c8b8 *\n";
/// let mut reader = GameFileReader::new(text.as_bytes());
/// let record = reader.next_game().unwrap()?;
/// assert_eq!(record.game.moves().len(), 2);
/// assert_eq!(record.moves[0].variations[0].moves[0].glyphs.len(), 1);
/// assert!(reader.next_game().is_none());
/// # Ok::<(), luzhanqi::game_file::GameFileError>(())
/// ```
#[derive(Debug)]
pub struct GameFileReader<R> {
    inner: GameReader<R, FileDialect>,
}

impl<R: BufRead> GameFileReader<R> {
    /// A reader over `reader` with the default limits.
    pub fn new(reader: R) -> GameFileReader<R> {
        GameFileReader::with_limits(reader, ReadLimits::default())
    }

    /// A reader over `reader` keeping to `limits`.
    pub fn with_limits(reader: R, limits: ReadLimits) -> GameFileReader<R> {
        GameFileReader {
            inner: GameReader::with_dialect(reader, FileDialect::default(), limits),
        }
    }

    /// The next game, replayed; `None` at the end of the input.
    ///
    /// # Errors
    /// [`GameFileError::Read`] for text that is not a game file of this game (a `Game` tag
    /// naming another game, a bad move token, a syntax error), [`GameFileError::Replay`] for
    /// a game that does not replay; each says line:column.
    pub fn next_game(&mut self) -> Option<Result<GameRecord, GameFileError>> {
        self.inner.dialect().flip.set(false);
        let mut v = ReplayVisitor::default();
        Some(match self.inner.read_with(&mut v)? {
            Ok(Ok(record)) => Ok(record),
            Ok(Err(e)) => Err(GameFileError::Replay(e)),
            Err(e) => Err(GameFileError::Read(e)),
        })
    }
}

impl<R: BufRead> GameFileReader<R> {
    /// The next game, replayed as its `Mode` tag says it is recorded: a flip record
    /// (`[Mode "flip"]`, plies such as `a1=p`) as a [`FlipRecord`], any other game as
    /// [`GameFileReader::next_game`] reads it; `None` at the end of the input. So every game
    /// `gjjq match --game luzhanqi` writes, in every mode, reads back (issue 50, item 4).
    ///
    /// ```
    /// use luzhanqi::game_file::{GameFileReader, Record};
    /// let text = "[Game \"luzhanqi\"]\n[Mode \"flip\"]\n\n1. c6=E a1=s *\n\n\
    ///             [Game \"luzhanqi\"]\n\n1. c5b5 *\n";
    /// let mut reader = GameFileReader::new(text.as_bytes());
    /// assert!(matches!(reader.next_record().unwrap()?, Record::Flip(f) if f.game.plies().len() == 2));
    /// assert!(matches!(reader.next_record().unwrap()?, Record::Moves(g) if g.game.moves().len() == 1));
    /// assert!(reader.next_record().is_none());
    /// # Ok::<(), luzhanqi::game_file::GameFileError>(())
    /// ```
    ///
    /// # Errors
    /// As [`GameFileReader::next_game`]; a flip record's tokens as [`TokenError::Flip`], a
    /// flip record that does not replay as [`GameFileError::Flip`]; each says line:column.
    pub fn next_record(&mut self) -> Option<Result<Record, GameFileError>> {
        let tags = self.inner.peek_tags()?;
        let flip = tags
            .iter()
            .any(|(name, value)| name == "Mode" && value == "flip");
        if !flip {
            return Some(self.next_game()?.map(Record::Moves));
        }
        self.inner.dialect().flip.set(true);
        let mut v = flip_record::Collect::default();
        Some(match self.inner.read_with(&mut v)? {
            Ok(collected) => flip_record::replay(collected)
                .map(Record::Flip)
                .map_err(GameFileError::Flip),
            Err(e) => Err(GameFileError::Read(e)),
        })
    }
}

/// Every game of `reader` as its mode records it ([`GameFileReader::next_record`]), stopping
/// at the first error.
///
/// # Errors
/// The first game's error.
pub fn read_records(reader: impl BufRead) -> Result<Vec<Record>, GameFileError> {
    let mut r = GameFileReader::new(reader);
    let mut games = Vec::new();
    while let Some(g) = r.next_record() {
        games.push(g?);
    }
    Ok(games)
}

/// Every game of `reader`, stopping at the first error.
///
/// # Errors
/// The first game's error ([`GameFileReader::next_game`]).
pub fn read_games(reader: impl BufRead) -> Result<Vec<GameRecord>, GameFileError> {
    let mut r = GameFileReader::new(reader);
    let mut games = Vec::new();
    while let Some(g) = r.next_game() {
        games.push(g?);
    }
    Ok(games)
}

/// A line being read: its moves, the comments before its first move, and (for a variation)
/// its own position and path.
struct Line {
    moves: Vec<RecordedMove>,
    before: Vec<String>,
    /// A variation's position (the main line's is the game's).
    pos: Option<Position>,
    /// The position before the line's last move.
    before_last: Option<Position>,
    /// The ply of the line's last move.
    ply: usize,
    /// A variation's path of keys from the start, for repetition (L-15).
    keys: Vec<u64>,
}

type Out = Result<GameRecord, ReplayError>;

#[derive(Default)]
struct ReplayVisitor {
    tags: Vec<(String, String)>,
    game_tag: bool,
    setup: Option<(String, TextPos)>,
    rules: Option<Ruleset>,
    result: ResultToken,
    result_tag_at: Option<TextPos>,
    game: Option<Game>,
    lines: Vec<Line>,
    started: bool,
}

fn stop<T>(e: ReplayError) -> ControlFlow<Out, T> {
    ControlFlow::Break(Err(e))
}

impl ReplayVisitor {
    /// At the first event of the movetext: the Game tag checked, the start position built.
    fn start(&mut self, at: TextPos) -> ControlFlow<Out> {
        if self.started {
            return ControlFlow::Continue(());
        }
        self.started = true;
        if !self.game_tag {
            return stop(ReplayError::MissingGameTag { at });
        }
        let start = match &self.setup {
            None => crate::deploy::default_start().with_ruleset(self.rules()),
            Some((text, at)) => {
                // The dialect has read the string already.
                let setup: Setup = match text.parse() {
                    Ok(s) => s,
                    Err(_) => return stop(ReplayError::MissingGameTag { at: *at }),
                };
                match Position::from_setup_with(setup, self.rules()) {
                    Ok(p) => p,
                    Err(error) => return stop(ReplayError::InvalidSetup { at: *at, error }),
                }
            }
        };
        let key = start.zobrist_hash();
        self.game = Some(Game::new(start));
        // The main line keeps its path of keys too (variations start from it).
        self.lines.push(Line {
            moves: Vec::new(),
            before: Vec::new(),
            pos: None,
            before_last: None,
            ply: 0,
            keys: vec![key],
        });
        ControlFlow::Continue(())
    }

    fn rules(&self) -> Ruleset {
        self.rules.unwrap_or(Ruleset::STANDARD)
    }

    fn line(&mut self) -> &mut Line {
        self.lines.last_mut().expect("the main line is open")
    }
}

impl Visitor for ReplayVisitor {
    type Output = Out;

    fn begin_game(&mut self) {
        *self = ReplayVisitor::default();
    }

    fn tag(&mut self, name: &str, value: &str, at: TextPos) -> ControlFlow<Out> {
        match name {
            // The dialect refused any other game.
            junqi_gamefile::GAME_TAG => self.game_tag = true,
            "Setup" => self.setup = Some((value.to_owned(), at)),
            "Rules" => self.rules = Ruleset::parse(value).ok(),
            "Result" => self.result_tag_at = Some(at),
            _ => self.tags.push((name.to_owned(), value.to_owned())),
        }
        ControlFlow::Continue(())
    }

    fn end_tags(&mut self) -> ControlFlow<Out, Skip> {
        ControlFlow::Continue(Skip(false))
    }

    fn comment(&mut self, text: &str, at: TextPos) -> ControlFlow<Out> {
        self.start(at)?;
        let line = self.line();
        match line.moves.last_mut() {
            Some(m) => m.comments.push(text.to_owned()),
            None => line.before.push(text.to_owned()),
        }
        ControlFlow::Continue(())
    }

    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<Out> {
        self.start(at)?;
        let main = self.lines.len() == 1;
        let game = self.game.as_mut().expect("started");
        let line = self.lines.last_mut().expect("started");
        line.ply += 1;
        let ply = line.ply;
        let name = || clip(text);
        let (pos, outcome) = if main {
            (game.position().clone(), game.outcome())
        } else {
            let pos = line.pos.clone().expect("a variation has its position");
            let key = pos.zobrist_hash();
            let rep = pos.ruleset().repetition;
            let repeated = rep.is_some_and(|n| {
                line.keys.iter().filter(|&&k| k == key).count() >= usize::from(n.get())
            });
            let outcome = pos.outcome_with(|| repeated);
            (pos, outcome)
        };
        if let Some(outcome) = outcome {
            return stop(ReplayError::AfterEnd {
                at,
                ply,
                text: name(),
                outcome,
            });
        }
        let m = match pos.find_move(text) {
            Ok(m) => m,
            Err(error) => {
                let at = match error {
                    RecordError::Illegal(_) => at,
                    ref e => at.offset(e.column().unwrap_or(1)),
                };
                return stop(ReplayError::Move {
                    at,
                    ply,
                    text: name(),
                    error,
                });
            }
        };
        let p = pos.piece_at(m.from).expect("a legal move has a mover");
        let attack = pos.piece_at(m.to).is_some();
        if main {
            if let Err(e) = game.play(m) {
                // Not expected: the move was found legal and the game is not over.
                return stop(ReplayError::Move {
                    at,
                    ply,
                    text: name(),
                    error: match e {
                        crate::GameError::Illegal(m) => RecordError::Illegal(m),
                        _ => RecordError::Illegal(m),
                    },
                });
            }
            line.keys.push(game.position().zobrist_hash());
        } else {
            let mut next = pos.clone();
            next.play_unchecked(m);
            line.keys.push(next.zobrist_hash());
            line.pos = Some(next);
        }
        line.before_last = Some(pos);
        line.moves.push(RecordedMove {
            mv: m,
            kind: p.kind,
            attack,
            glyphs: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        });
        ControlFlow::Continue(())
    }

    fn glyph(&mut self, glyph: Glyph, _at: TextPos) -> ControlFlow<Out> {
        if let Some(m) = self.line().moves.last_mut() {
            m.glyphs.push(glyph);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, at: TextPos) -> ControlFlow<Out, Skip> {
        self.start(at)?;
        let game = self.game.as_ref().expect("started");
        let line = self.lines.last().expect("started");
        let pos = line
            .before_last
            .clone()
            .unwrap_or_else(|| game.start().clone());
        // The path to the position before the enclosing line's last move.
        // Only the plies since the last attack can repeat (an attack removes a piece), so
        // only they are copied: a variation costs no more than that, however long the game.
        let end = line.keys.len().saturating_sub(1);
        let recent = pos.plies_since_attack() as usize + 1;
        let mut keys = line.keys[end.saturating_sub(recent)..end].to_vec();
        if keys.is_empty() {
            keys.push(pos.zobrist_hash());
        }
        let ply = line.ply.saturating_sub(1);
        self.lines.push(Line {
            moves: Vec::new(),
            before: Vec::new(),
            pos: Some(pos),
            before_last: None,
            ply,
            keys,
        });
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _at: TextPos) -> ControlFlow<Out> {
        if self.lines.len() > 1 {
            let done = self.lines.pop().expect("a variation is open");
            if let Some(m) = self.line().moves.last_mut() {
                m.variations.push(Variation {
                    before: done.before,
                    moves: done.moves,
                });
            }
        }
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: ResultToken, at: Option<TextPos>) -> ControlFlow<Out> {
        let place = at
            .or(self.result_tag_at)
            .unwrap_or(TextPos { line: 1, column: 1 });
        self.start(place)?;
        let game = self.game.as_ref().expect("started");
        if let (Some(outcome), Some(stated)) = (game.outcome(), result.winner())
            && result_token(Some(outcome)).winner() != Some(stated)
        {
            return stop(ReplayError::ResultContradicts {
                at: place,
                stated: result,
                outcome,
            });
        }
        self.result = result;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Out {
        // `result` has started the game (and stops it on error); an empty main line else.
        let game = match self.game.take() {
            Some(g) => g,
            None => Game::new(crate::deploy::default_start().with_ruleset(self.rules())),
        };
        let main = if self.lines.is_empty() {
            None
        } else {
            Some(self.lines.swap_remove(0))
        };
        let (intro, moves) = main.map_or_else(Default::default, |l| (l.before, l.moves));
        Ok(GameRecord {
            tags: std::mem::take(&mut self.tags),
            intro,
            moves,
            result: self.result,
            game,
        })
    }
}
