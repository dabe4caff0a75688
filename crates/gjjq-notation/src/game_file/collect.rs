//! The visitor that keeps a game: [`CollectRecord`] builds a [`GameRecord`] with its
//! variations.

use std::ops::ControlFlow;

use super::{
    GameRecord, Glyph, MoveText, RecordedMove, ResultToken, Skip, TextPos, Variation, Visitor,
};

/// Builds the [`GameRecord`] of each game: tags, comments, moves with their glyphs and
/// variations, the result. What [`GameReader`](crate::GameReader)'s iterator uses.
///
/// Its memory is bounded by the reader's [`ReadLimits`](crate::ReadLimits): a move, a
/// comment, a glyph, a variation or a tag each takes one entry of about 100 bytes at most
/// (a move's list of comments, glyphs or variations is allocated for one entry first, and a
/// variation's moves are kept at their count), besides the text that `max_text_bytes`
/// bounds.
///
/// It reads the move tokens of 国际军棋's files ([`MoveText::parse_token`], which the reader of
/// this crate checks first); driven by a reader of another game's dialect, it ends a game at
/// the first token that is not one, with what it read before.
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

/// Push `x`, allocating for one entry when `v` has none: most moves have at most one
/// comment, glyph or variation, and a list grown the usual way would start at four.
fn push_small<T>(v: &mut Vec<T>, x: T) {
    if v.capacity() == 0 {
        v.reserve_exact(1);
    }
    v.push(x);
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
            Some(m) => push_small(&mut m.comments, text.to_owned()),
            None => push_small(before, text.to_owned()),
        }
        ControlFlow::Continue(())
    }

    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<GameRecord> {
        let Ok(text) = MoveText::parse_token(text, at) else {
            self.open.clear();
            return ControlFlow::Break(std::mem::take(&mut self.game));
        };
        let mut m = RecordedMove::new(text);
        m.at = Some(at);
        self.line().1.push(m);
        ControlFlow::Continue(())
    }

    fn glyph(&mut self, glyph: Glyph, _: TextPos) -> ControlFlow<GameRecord> {
        if let Some(m) = self.line().1.last_mut() {
            push_small(&mut m.glyphs, glyph);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: TextPos) -> ControlFlow<GameRecord, Skip> {
        self.open.push(Variation::default());
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _: TextPos) -> ControlFlow<GameRecord> {
        if let Some(mut v) = self.open.pop()
            && let Some(m) = self.line().1.last_mut()
        {
            // The variation is complete: keep its moves at their count.
            v.moves.shrink_to_fit();
            v.comments_before.shrink_to_fit();
            push_small(&mut m.variations, v);
        }
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: ResultToken, _: Option<TextPos>) -> ControlFlow<GameRecord> {
        self.game.result = result.into();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> GameRecord {
        self.open.clear();
        std::mem::take(&mut self.game)
    }
}
