//! Visitors that keep a game: [`Collect`] builds a [`GameRecord`] with its variations;
//! [`Discard`] keeps nothing.

use std::ops::ControlFlow;

use super::{GameRecord, GameResult, Glyph, MoveText, RecordedMove, TextPos, Variation, Visitor};

/// Builds the [`GameRecord`] of each game: tags, comments, moves with their glyphs and
/// variations, the result. What [`GameReader`](crate::GameReader)'s iterator uses.
///
/// # Examples
///
/// ```
/// use gjjq_notation::{CollectRecord, GameReader};
/// let text = "1. 团5B进5A! (1. 团5B进5C {slow}) 1... 团5b进5a *\n";
/// let record = GameReader::new(text.as_bytes()).read_with(&mut CollectRecord::default()).unwrap()?;
/// assert_eq!(record.moves.len(), 2);
/// assert_eq!(record.moves[0].variations[0].moves[0].comments, ["slow"]);
/// # Ok::<(), gjjq_notation::ReadError>(())
/// ```
#[derive(Debug, Default)]
pub struct CollectRecord {
    game: GameRecord,
    /// The variations being read, innermost last; the main line is `game`.
    open: Vec<Variation>,
}

impl CollectRecord {
    fn line(&mut self) -> (&mut Vec<String>, &mut Vec<RecordedMove>) {
        match self.open.last_mut() {
            Some(v) => (&mut v.comments_before, &mut v.moves),
            None => (&mut self.game.comments_before, &mut self.game.moves),
        }
    }
}

impl Visitor for CollectRecord {
    type Output = GameRecord;

    fn begin_game(&mut self) {
        self.game = GameRecord::default();
        self.open.clear();
    }

    fn tag(&mut self, name: &str, value: &str, _: TextPos) -> ControlFlow<GameRecord> {
        self.game.tags.push((name.to_owned(), value.to_owned()));
        ControlFlow::Continue(())
    }

    fn comment(&mut self, text: &str, _: TextPos) -> ControlFlow<GameRecord> {
        let (before, moves) = self.line();
        match moves.last_mut() {
            Some(m) => m.comments.push(text.to_owned()),
            None => before.push(text.to_owned()),
        }
        ControlFlow::Continue(())
    }

    fn mv(&mut self, text: MoveText, at: TextPos) -> ControlFlow<GameRecord> {
        let mut m = RecordedMove::new(text);
        m.at = Some(at);
        self.line().1.push(m);
        ControlFlow::Continue(())
    }

    fn glyph(&mut self, glyph: Glyph, _: TextPos) -> ControlFlow<GameRecord> {
        if let Some(m) = self.line().1.last_mut() {
            m.glyphs.push(glyph);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: TextPos) -> ControlFlow<GameRecord, super::Skip> {
        self.open.push(Variation::default());
        ControlFlow::Continue(super::Skip(false))
    }

    fn end_variation(&mut self, _: TextPos) -> ControlFlow<GameRecord> {
        if let Some(v) = self.open.pop()
            && let Some(m) = self.line().1.last_mut()
        {
            m.variations.push(v);
        }
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: GameResult, _: Option<TextPos>) -> ControlFlow<GameRecord> {
        self.game.result = result;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> GameRecord {
        self.open.clear();
        std::mem::take(&mut self.game)
    }
}

/// Keeps nothing: reads past a game.
pub(crate) struct Discard;

impl Visitor for Discard {
    type Output = ();

    fn end_game(&mut self) {}
}
