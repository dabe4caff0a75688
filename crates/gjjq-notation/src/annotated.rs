//! The annotated game: a game's start, its tags, a tree of moves with comments, glyphs and
//! alternative lines, and its result; the one model of a game for every front end.

use std::collections::HashMap;
use std::ops::ControlFlow;

use gjjq_core::{
    Game, GameError, Move, Outcome, Position, Ruleset, Undone,
    deploy::{Opening, PlayMode},
    outcome::{DrawReason, WinReason},
};

use crate::game_file::{
    DerivedTags, GameRecord, GameResult, Glyph, MoveText, RecordedMove, ReplayError, ResultToken,
    Skip, TagPlaces, TextPos, Variation, Visitor,
};
use crate::record::Record;

/// A node of an [`AnnotatedGame`]: the start (its [`AnnotatedGame::root`]) or a move. Ids
/// are indices into the game's arena; the id of a deleted node may be given to a later one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The root: the starting position, before any move.
    pub const ROOT: NodeId = NodeId(0);

    fn index(self) -> usize {
        self.0 as usize
    }

    /// The id as a number, for a front end that hands ids across a boundary (JavaScript,
    /// Python); [`NodeId::from_raw`] takes it back.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::NodeId;
    /// assert_eq!(NodeId::from_raw(NodeId::ROOT.raw()), NodeId::ROOT);
    /// ```
    #[must_use]
    pub const fn raw(self) -> u32 {
        self.0
    }

    /// The id of a number from [`NodeId::raw`]. Whether it names a node of a game is that
    /// game's to say ([`AnnotatedGame::contains`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, NodeId};
    /// let game = AnnotatedGame::new(gjjq_core::Position::default());
    /// assert!(!game.contains(NodeId::from_raw(7)));
    /// ```
    #[must_use]
    pub const fn from_raw(raw: u32) -> NodeId {
        NodeId(raw)
    }
}

/// Comments and glyphs of a node, boxed: most moves have none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Notes {
    before: Vec<String>,
    comments: Vec<String>,
    glyphs: Vec<Glyph>,
}

#[derive(Debug, Clone)]
struct Node {
    parent: Option<NodeId>,
    /// The move that leads here (`None` for the root).
    mv: Option<Move>,
    /// The position after the move.
    position: Position,
    ply: u32,
    /// How often this position occurs on the path from the root, this time included (R-24).
    reps: u32,
    /// The main continuation first, then its alternatives.
    children: Vec<NodeId>,
    notes: Option<Box<Notes>>,
}

/// An annotated game: the start (position, ruleset, opening, play mode), the tags in order, a
/// tree of moves in which each node has its comments, its annotation glyphs and its
/// alternative lines, and the result.
///
/// Every node stores its position (about 160 bytes a node), so [`AnnotatedGame::position_at`]
/// costs the same at ply 10 and at ply 10,000, as does [`AnnotatedGame::push`] at the end of
/// the main line (the main line is indexed by ply and by Zobrist key, so repetition, R-24,
/// is counted without a walk over the game). Editing the main line's shape
/// ([`promote`](AnnotatedGame::promote), [`delete`](AnnotatedGame::delete),
/// [`truncate`](AnnotatedGame::truncate)) rebuilds that index: linear in the main line.
///
/// A game file reads into it in one pass ([`crate::GameReader::read_annotated`], whose visitor
/// is [`AnnotatedBuilder`]; [`AnnotatedGame::from_record`] for a record already read) and
/// writes from it ([`AnnotatedGame::to_record`], or [`AnnotatedGame::to_record_with`] with the
/// tags it derives: `Setup`, `Rules`, `Result`, `Termination`); the Zobrist keys of any line
/// ([`AnnotatedGame::keys_to`]) and its outcome come from the stored positions, no replay;
/// a [`Game`] is its main line ([`AnnotatedGame::to_game`], [`AnnotatedGame::from_game`]). The referee's record
/// of a hidden game is an ordinary record, its refusals comments; a player's record, whose
/// enemy moves do not name a position, stays a [`GameRecord`].
///
/// # Examples
///
/// ```
/// use gjjq_core::Position;
/// use gjjq_notation::{AnnotatedGame, Glyph, NodeId};
/// let mut game = AnnotatedGame::new(Position::default());
/// let a = game.push(NodeId::ROOT, "5B5A".parse()?)?;
/// let b = game.push(a, "5b5a".parse()?)?;
/// // An alternative to the first move: a variation.
/// let alt = game.push(NodeId::ROOT, "5B5C".parse()?)?;
/// assert_eq!(game.children(NodeId::ROOT), &[a, alt]);
/// game.glyphs_mut(alt).push(Glyph::Dubious);
/// game.comments_mut(b).push("symmetrical".into());
/// assert_eq!(game.main_line().count(), 2);
/// assert_eq!(game.position_at(b).to_string(),
///            "fpmgkgmpf/1da3ad1/9/3i1i3/4i4/4I4/3I1I3/9/1DA3AD1/FPMGKGMPF r - 2 2");
/// // Written as a game file, variations and glyphs included.
/// let text = game.to_string_with(gjjq_notation::MoveForm::default())?;
/// assert!(text.contains("1. 团5B进5A (1. 团5B退5C?!) 1... 团5b进5a {symmetrical}"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct AnnotatedGame {
    tags: Vec<(String, String)>,
    nodes: Vec<Option<Node>>,
    free: Vec<u32>,
    /// The main line by ply: `main[0]` is the root.
    main: Vec<NodeId>,
    /// The plies of the main line at which each Zobrist key occurs, ascending.
    main_keys: HashMap<u64, Vec<u32>>,
    opening: Option<Opening>,
    mode: PlayMode,
    result: GameResult,
}

impl AnnotatedGame {
    /// A game from `start`, without tags or moves.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, NodeId};
    /// let game = AnnotatedGame::new(gjjq_core::Position::default());
    /// assert_eq!(game.main_end(), NodeId::ROOT);
    /// ```
    #[must_use]
    pub fn new(start: Position) -> AnnotatedGame {
        let key = start.zobrist_hash();
        AnnotatedGame {
            tags: Vec::new(),
            nodes: vec![Some(Node {
                parent: None,
                mv: None,
                position: start,
                ply: 0,
                reps: 1,
                children: Vec::new(),
                notes: None,
            })],
            free: Vec::new(),
            main: vec![NodeId::ROOT],
            main_keys: HashMap::from([(key, vec![0])]),
            opening: None,
            mode: PlayMode::default(),
            result: GameResult::Unknown,
        }
    }

    fn node(&self, id: NodeId) -> &Node {
        self.nodes
            .get(id.index())
            .and_then(Option::as_ref)
            .expect("a node of this game")
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        self.nodes
            .get_mut(id.index())
            .and_then(Option::as_mut)
            .expect("a node of this game")
    }

    /// Whether `id` names a node of this game (not deleted).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, NodeId};
    /// let game = AnnotatedGame::new(gjjq_core::Position::default());
    /// assert!(game.contains(NodeId::ROOT));
    /// ```
    #[must_use]
    pub fn contains(&self, id: NodeId) -> bool {
        matches!(self.nodes.get(id.index()), Some(Some(_)))
    }

    /// The root: the start, before any move ([`NodeId::ROOT`]).
    #[must_use]
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// The starting position (with its ruleset).
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.node(NodeId::ROOT).position
    }

    /// The ruleset.
    #[must_use]
    pub fn rules(&self) -> &Ruleset {
        self.start().ruleset()
    }

    /// The opening of the deployment and `FirstMover` tags, if the game was read with them
    /// (see [`GameRecord::opening`]).
    #[must_use]
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// The play mode of the `Mode` tag (R-36; `open` when absent).
    #[must_use]
    pub fn mode(&self) -> PlayMode {
        self.mode
    }

    /// The tags in order.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::game_file::tag(&self.tags, name)
    }

    /// The tags in order, to change (reorder, remove, replace).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::AnnotatedGame;
    /// let mut game = AnnotatedGame::new(gjjq_core::Position::default());
    /// game.set_tag("Red", "Zhang");
    /// game.tags_mut().clear();
    /// assert!(game.tags().is_empty());
    /// ```
    pub fn tags_mut(&mut self) -> &mut Vec<(String, String)> {
        &mut self.tags
    }

    /// Set the tag called `name` to `value`, or append it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        crate::game_file::set_tag(&mut self.tags, name, value);
    }

    /// The result (a stated result, or what the rules decided when the game was read or
    /// converted).
    #[must_use]
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Set the result; the `Result` tag, if there is one, follows.
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
        if self.tag("Result").is_some() {
            self.set_tag("Result", result.as_str());
        }
    }

    /// The position after `id`'s move (the start for the root). O(1).
    ///
    /// # Panics
    ///
    /// If `id` is not a node of this game.
    #[must_use]
    pub fn position_at(&self, id: NodeId) -> &Position {
        &self.node(id).position
    }

    /// The move that leads to `id` (`None` for the root).
    #[must_use]
    pub fn move_at(&self, id: NodeId) -> Option<Move> {
        self.node(id).mv
    }

    /// The move of `id` as a six-character record (`None` for the root).
    #[must_use]
    pub fn record_at(&self, id: NodeId) -> Option<Record> {
        let node = self.node(id);
        let parent = node.parent?;
        Some(Record::from_move(&self.node(parent).position, node.mv?))
    }

    /// The ply of `id` (0 for the root).
    #[must_use]
    pub fn ply(&self, id: NodeId) -> usize {
        self.node(id).ply as usize
    }

    /// The node before `id` (`None` for the root).
    #[must_use]
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The moves after `id`: the main continuation first, then its alternatives (each the
    /// first move of a variation).
    #[must_use]
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).children
    }

    /// The alternatives to `id`: its siblings after the main continuation, when `id` is
    /// the main continuation of its parent; otherwise none.
    #[must_use]
    pub fn variations(&self, id: NodeId) -> &[NodeId] {
        match self.node(id).parent {
            Some(p) if self.node(p).children.first() == Some(&id) => &self.node(p).children[1..],
            _ => &[],
        }
    }

    /// Whether `id` lies on the main line.
    #[must_use]
    pub fn is_main_line(&self, id: NodeId) -> bool {
        self.main.get(self.ply(id)) == Some(&id)
    }

    /// The moves of the main line, from the first (the root not included).
    pub fn main_line(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.main[1..].iter().copied()
    }

    /// The node of the main line at `ply` (the root at 0). O(1).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, NodeId};
    /// let mut game = AnnotatedGame::new(gjjq_core::Position::default());
    /// let a = game.push(NodeId::ROOT, "5B5A".parse()?)?;
    /// assert_eq!(game.main_at(1), Some(a));
    /// assert_eq!(game.main_at(2), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn main_at(&self, ply: usize) -> Option<NodeId> {
        self.main.get(ply).copied()
    }

    /// The last node of the main line.
    #[must_use]
    pub fn main_end(&self) -> NodeId {
        *self.main.last().expect("the root")
    }

    /// The nodes from the root to `id`, the root first.
    #[must_use]
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(p) = self.node(at).parent {
            path.push(p);
            at = p;
        }
        path.reverse();
        path
    }

    /// The comments after `id`'s move (for the root: before the first move).
    #[must_use]
    pub fn comments(&self, id: NodeId) -> &[String] {
        self.node(id).notes.as_ref().map_or(&[], |n| &n.comments)
    }

    /// The comments after `id`'s move, to change.
    pub fn comments_mut(&mut self, id: NodeId) -> &mut Vec<String> {
        &mut self.notes_mut(id).comments
    }

    /// The comments before `id`'s move, which a file writes at the start of its variation.
    #[must_use]
    pub fn comments_before(&self, id: NodeId) -> &[String] {
        self.node(id).notes.as_ref().map_or(&[], |n| &n.before)
    }

    /// The comments before `id`'s move, to change.
    pub fn comments_before_mut(&mut self, id: NodeId) -> &mut Vec<String> {
        &mut self.notes_mut(id).before
    }

    /// The annotation glyphs of `id`'s move.
    #[must_use]
    pub fn glyphs(&self, id: NodeId) -> &[Glyph] {
        self.node(id).notes.as_ref().map_or(&[], |n| &n.glyphs)
    }

    /// The annotation glyphs of `id`'s move, to change.
    pub fn glyphs_mut(&mut self, id: NodeId) -> &mut Vec<Glyph> {
        &mut self.notes_mut(id).glyphs
    }

    fn notes_mut(&mut self, id: NodeId) -> &mut Notes {
        self.node_mut(id).notes.get_or_insert_with(Box::default)
    }

    /// How often the position at `id` has occurred on the path from the root (R-24).
    #[must_use]
    pub fn repetitions(&self, id: NodeId) -> usize {
        self.node(id).reps as usize
    }

    /// The Zobrist keys ([`Position::zobrist_hash`]) of the positions from the root to `id`,
    /// the start first and `id`'s last, as [`Game::keys`] gives them for a main line: what a
    /// search needs to count repetition (R-24) beyond the game. Read from the positions the
    /// nodes store, no replay; O(ply).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::Position;
    /// use gjjq_notation::{AnnotatedGame, NodeId};
    /// let mut game = AnnotatedGame::new(Position::default());
    /// let a = game.push(NodeId::ROOT, "5B5A".parse()?)?;
    /// let keys = game.keys_to(a);
    /// assert_eq!(keys, [Position::default().zobrist_hash(), game.position_at(a).zobrist_hash()]);
    /// assert_eq!(game.keys_to(game.main_end()), game.to_game().keys());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn keys_to(&self, id: NodeId) -> Vec<u64> {
        if self.is_main_line(id) {
            return self.main[..=self.ply(id)]
                .iter()
                .map(|&n| self.node(n).position.zobrist_hash())
                .collect();
        }
        self.path(id)
            .into_iter()
            .map(|n| self.node(n).position.zobrist_hash())
            .collect()
    }

    /// The outcome at the end of the main line ([`AnnotatedGame::outcome_at`] of
    /// [`AnnotatedGame::main_end`]): what the rules decide there, or the stated result.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_at(self.main_end())
    }

    /// What the rules decide at `id`: the position's own outcome and third repetition on
    /// the path to it (R-24, R-25's order); and at the end of the main line a stated result
    /// (resignation, agreed draw) the rules do not decide.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, GameResult, NodeId};
    /// let mut game = AnnotatedGame::new(gjjq_core::Position::default());
    /// assert_eq!(game.outcome_at(NodeId::ROOT), None);
    /// game.set_result(GameResult::GreenWins);
    /// assert_eq!(game.outcome_at(NodeId::ROOT).unwrap().winner(), Some(gjjq_core::Side::Green));
    /// ```
    #[must_use]
    pub fn outcome_at(&self, id: NodeId) -> Option<Outcome> {
        let node = self.node(id);
        let ruled = node.position.outcome_with_repetitions(node.reps as usize);
        if ruled.is_some() || id != self.main_end() {
            return ruled;
        }
        match self.result.stated_winner() {
            Some(Some(winner)) => Some(Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            }),
            Some(None) => Some(Outcome::Draw(DrawReason::Agreement)),
            None => None,
        }
    }

    /// Play `m` after `id`: the node of that move, a new one when `id` has no child with it.
    /// A new move becomes the main continuation when `id` has none, else an alternative (a
    /// variation): use [`AnnotatedGame::push_main`] to make it the main line.
    ///
    /// Cost: a legality test, the position's outcome, and the repetition count (O(1) at the
    /// end of the main line; a walk back to the main line from a variation).
    ///
    /// # Errors
    ///
    /// [`GameError::Finished`] when the game is over at `id` ([`AnnotatedGame::outcome_at`]),
    /// [`GameError::Illegal`] for a move that is not legal there.
    ///
    /// # Panics
    ///
    /// If `id` is not a node of this game.
    pub fn push(&mut self, id: NodeId, m: Move) -> Result<NodeId, GameError> {
        if let Some(&c) = self
            .node(id)
            .children
            .iter()
            .find(|&&c| self.node(c).mv == Some(m))
        {
            return Ok(c);
        }
        self.push_new(id, m)
    }

    /// [`AnnotatedGame::push`], and the move made the main line from the root to it.
    ///
    /// # Errors
    ///
    /// Those of [`AnnotatedGame::push`].
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, NodeId};
    /// let mut game = AnnotatedGame::new(gjjq_core::Position::default());
    /// let a = game.push(NodeId::ROOT, "5B5A".parse()?)?;
    /// let b = game.push_main(NodeId::ROOT, "5B5C".parse()?)?;
    /// assert_eq!(game.children(NodeId::ROOT), &[b, a]);
    /// assert_eq!(game.main_end(), b);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_main(&mut self, id: NodeId, m: Move) -> Result<NodeId, GameError> {
        let node = self.push(id, m)?;
        self.make_main(node);
        Ok(node)
    }

    /// Push a new node for `m` after `id`, even if one exists (a file may repeat a move as
    /// its own variation).
    fn push_new(&mut self, id: NodeId, m: Move) -> Result<NodeId, GameError> {
        if let Some(outcome) = self.outcome_at(id) {
            return Err(GameError::Finished { outcome });
        }
        let parent = self.node(id);
        if !parent.position.is_legal(m) {
            return Err(GameError::Illegal {
                ply: parent.ply as usize + 1,
                mv: m,
                position: Box::new(parent.position.clone()),
            });
        }
        let mut position = parent.position.clone();
        position.play_unchecked(m);
        let ply = parent.ply + 1;
        let key = position.zobrist_hash();
        let reps = 1 + self.occurrences(id, key);
        let node = Node {
            parent: Some(id),
            mv: Some(m),
            position,
            ply,
            reps,
            children: Vec::new(),
            notes: None,
        };
        let new = match self.free.pop() {
            Some(i) => {
                self.nodes[i as usize] = Some(node);
                NodeId(i)
            }
            None => {
                self.nodes.push(Some(node));
                NodeId(u32::try_from(self.nodes.len() - 1).expect("fewer than 2^32 nodes"))
            }
        };
        let was_leaf = self.node(id).children.is_empty();
        self.node_mut(id).children.push(new);
        if was_leaf && id == self.main_end() {
            self.main.push(new);
            self.main_keys.entry(key).or_default().push(ply);
        }
        Ok(new)
    }

    /// How often `key` occurs on the path from the root to `id`, `id` included.
    fn occurrences(&self, id: NodeId, key: u64) -> u32 {
        let mut count = 0;
        let mut at = id;
        while !self.is_main_line(at) {
            let node = self.node(at);
            count += u32::from(node.position.zobrist_hash() == key);
            at = node.parent.expect("the root is on the main line");
        }
        let ply = self.node(at).ply;
        let on_main = self
            .main_keys
            .get(&key)
            .map_or(0, |plies| plies.partition_point(|&p| p <= ply));
        count + u32::try_from(on_main).unwrap_or(u32::MAX)
    }

    /// Make `id` the main continuation of its parent (its siblings stay, as alternatives in
    /// their order). Does nothing for the root.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, NodeId};
    /// let mut game = AnnotatedGame::new(gjjq_core::Position::default());
    /// let a = game.push(NodeId::ROOT, "5B5A".parse()?)?;
    /// let b = game.push(NodeId::ROOT, "5B5C".parse()?)?;
    /// game.promote(b);
    /// assert_eq!(game.children(NodeId::ROOT), &[b, a]);
    /// assert_eq!(game.variations(b), &[a]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn promote(&mut self, id: NodeId) {
        let Some(parent) = self.node(id).parent else {
            return;
        };
        let children = &mut self.node_mut(parent).children;
        if let Some(k) = children.iter().position(|&c| c == id) {
            children[..=k].rotate_right(1);
        }
        self.rebuild_main();
    }

    /// Promote `id` and each node before it: the main line then runs through `id`.
    pub fn make_main(&mut self, id: NodeId) {
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            let children = &mut self.node_mut(parent).children;
            if let Some(k) = children.iter().position(|&c| c == at) {
                children[..=k].rotate_right(1);
            }
            at = parent;
        }
        self.rebuild_main();
    }

    /// Delete `id` with every move after it (a variation, or the rest of a line). The next
    /// alternative, if any, takes its place. Returns whether anything was deleted (not for
    /// the root or a node not in the game).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, NodeId};
    /// let mut game = AnnotatedGame::new(gjjq_core::Position::default());
    /// let a = game.push(NodeId::ROOT, "5B5A".parse()?)?;
    /// let b = game.push(NodeId::ROOT, "5B5C".parse()?)?;
    /// assert!(game.delete(a));
    /// assert_eq!(game.main_end(), b, "the alternative is the main line now");
    /// assert!(!game.contains(a));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn delete(&mut self, id: NodeId) -> bool {
        if !self.contains(id) {
            return false;
        }
        let Some(parent) = self.node(id).parent else {
            return false;
        };
        self.node_mut(parent).children.retain(|&c| c != id);
        self.free_subtree(id);
        self.rebuild_main();
        true
    }

    /// Delete every move after `id`, in every line: `id` becomes the end of its line.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, NodeId};
    /// let mut game = AnnotatedGame::new(gjjq_core::Position::default());
    /// let a = game.push(NodeId::ROOT, "5B5A".parse()?)?;
    /// game.push(a, "5b5a".parse()?)?;
    /// game.truncate(a);
    /// assert_eq!(game.main_end(), a);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn truncate(&mut self, id: NodeId) {
        let children = std::mem::take(&mut self.node_mut(id).children);
        for c in children {
            self.free_subtree(c);
        }
        self.rebuild_main();
    }

    /// Take back as [`Game::undo`] does: a stated result (resignation, agreed draw) first,
    /// else the last move of the main line, which is deleted (an alternative to it becomes
    /// the main line) and the result becomes `*`. `None` when nothing is left.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::Undone;
    /// use gjjq_notation::{AnnotatedGame, GameResult, NodeId};
    /// let mut game = AnnotatedGame::new(gjjq_core::Position::default());
    /// let m = "5B5A".parse()?;
    /// game.push(NodeId::ROOT, m)?;
    /// game.set_result(GameResult::Draw);
    /// assert!(matches!(game.undo(), Some(Undone::Result(_))));
    /// assert_eq!(game.undo(), Some(Undone::Move(m)));
    /// assert_eq!(game.undo(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Undone> {
        let end = self.main_end();
        let stated = self.outcome_at(end);
        let result = std::mem::take(&mut self.result);
        if let Some(outcome) = stated
            && self.outcome_at(end).is_none()
        {
            self.set_result(GameResult::Unknown);
            return Some(Undone::Result(outcome));
        }
        self.result = result;
        let m = self.node(end).mv?;
        self.set_result(GameResult::Unknown);
        let parent = self.node(end).parent?;
        if self.node(parent).children.len() == 1 && self.node(end).children.is_empty() {
            // The common case, O(1): the main line's end goes.
            self.node_mut(parent).children.clear();
            self.main.pop();
            let key = self.node(end).position.zobrist_hash();
            if let Some(plies) = self.main_keys.get_mut(&key) {
                plies.pop();
                if plies.is_empty() {
                    self.main_keys.remove(&key);
                }
            }
            self.nodes[end.index()] = None;
            self.free.push(end.0);
        } else {
            self.delete(end);
        }
        Some(Undone::Move(m))
    }

    fn free_subtree(&mut self, id: NodeId) {
        let mut stack = vec![id];
        while let Some(at) = stack.pop() {
            if let Some(node) = self.nodes[at.index()].take() {
                stack.extend(node.children);
                self.free.push(at.0);
            }
        }
    }

    fn rebuild_main(&mut self) {
        self.main.clear();
        self.main_keys.clear();
        let mut at = NodeId::ROOT;
        loop {
            let node = self.nodes[at.index()]
                .as_ref()
                .expect("a node of this game");
            self.main.push(at);
            self.main_keys
                .entry(node.position.zobrist_hash())
                .or_default()
                .push(node.ply);
            match node.children.first() {
                Some(&c) => at = c,
                None => break,
            }
        }
    }

    /// The main line as a [`Game`], with the stated result (a resignation or an agreed
    /// draw) when the rules do not decide it.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::{Game, Position, Side};
    /// use gjjq_notation::AnnotatedGame;
    /// let mut game = Game::new(Position::default());
    /// game.play("5B5A".parse()?)?;
    /// game.resign(Side::Green)?;
    /// let annotated = AnnotatedGame::from_game(&game);
    /// let back = annotated.to_game();
    /// assert_eq!(back.moves(), game.moves());
    /// assert_eq!(back.outcome(), game.outcome());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_game(&self) -> Game {
        let mut game = Game::new(self.start().clone());
        for id in self.main_line() {
            if let Some(m) = self.node(id).mv
                && game.play(m).is_err()
            {
                break;
            }
        }
        if game.outcome().is_none() {
            match self.result.stated_winner() {
                Some(Some(winner)) => {
                    let _ = game.resign(winner.other());
                }
                Some(None) => {
                    let _ = game.agree_draw();
                }
                None => {}
            }
        }
        game
    }

    /// The annotated game of `game`: its moves as the main line, its result, and the tags
    /// it derives ([`DerivedTags::All`], as [`GameRecord::from_game`] writes them).
    #[must_use]
    pub fn from_game(game: &Game) -> AnnotatedGame {
        let mut out = AnnotatedGame::new(game.start().clone());
        let mut at = NodeId::ROOT;
        for &m in game.moves() {
            at = out.push_new(at, m).expect("a game's moves are legal");
        }
        let mut derived = GameRecord::default();
        derived.derive_tags(game.start(), game.outcome(), DerivedTags::All);
        out.tags = derived.tags;
        out.result = derived.result;
        out
    }

    /// The annotated game of a game record: every line replayed (variations at their own
    /// position), comments, glyphs and tags kept. `rules` as in
    /// [`GameRecord::start_position`].
    ///
    /// # Errors
    ///
    /// Those of [`GameRecord::replay`] (which also checks the variations).
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_notation::{AnnotatedGame, GameReader};
    /// let text = "[Event \"E\"]\n\n1. 团5B进5A (1. 团5B退5C) 1... 团5b进5a *\n";
    /// let record = GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let game = AnnotatedGame::from_record(&record, None)?;
    /// let first = game.main_at(1).unwrap();
    /// assert_eq!(game.variations(first).len(), 1);
    /// assert_eq!(game.to_record(), record);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_record(
        record: &GameRecord,
        rules: Option<Ruleset>,
    ) -> Result<AnnotatedGame, ReplayError> {
        let mut builder = AnnotatedBuilder::new(rules);
        builder.tags = record.tags.clone();
        builder.start(&TagPlaces::default())?;
        for c in &record.comments_before {
            builder.comment(c);
        }
        builder.line(&record.moves)?;
        builder.result = record.result;
        builder.finish()
    }

    /// The game record: tags, comments, every move as a six-character record with its
    /// glyphs, comments and variations, and the result.
    #[must_use]
    pub fn to_record(&self) -> GameRecord {
        GameRecord {
            tags: self.tags.clone(),
            comments_before: self.comments(NodeId::ROOT).to_vec(),
            moves: self.line_from(self.children(NodeId::ROOT).first().copied()),
            result: self.result,
        }
    }

    /// [`AnnotatedGame::to_record`] with the tags the game derives as `which` says
    /// ([`GameRecord::derive_tags`]: `Setup`, `Rules`, `Result`, `Termination`) and the
    /// game's result ([`AnnotatedGame::outcome`]): the record a front end writes.
    ///
    /// # Examples
    ///
    /// ```
    /// use gjjq_core::Side;
    /// use gjjq_notation::{AnnotatedGame, DerivedTags, GameResult, NodeId};
    /// let mut game = AnnotatedGame::new(gjjq_core::Position::default());
    /// game.push(NodeId::ROOT, "5B5A".parse()?)?;
    /// game.set_result(GameResult::RedWins);
    /// let record = game.to_record_with(DerivedTags::Outcome);
    /// assert_eq!(record.tag("Result"), Some("1-0"));
    /// assert_eq!(record.tag("Termination"), Some("resignation"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_record_with(&self, which: DerivedTags) -> GameRecord {
        let mut record = self.to_record();
        record.derive_tags(self.start(), self.outcome(), which);
        record
    }

    /// The line that starts with `first` and follows main continuations, each move with its
    /// variations (iterative along the line, recursive only into variations).
    fn line_from(&self, first: Option<NodeId>) -> Vec<RecordedMove> {
        let mut moves = Vec::new();
        let mut at = first;
        while let Some(id) = at {
            let node = self.node(id);
            let parent = node.parent.expect("a move");
            let mut rm = RecordedMove::new(MoveText::Record(Record::from_move(
                &self.node(parent).position,
                node.mv.expect("a move"),
            )));
            rm.comments = self.comments(id).to_vec();
            rm.glyphs = self.glyphs(id).to_vec();
            for &alt in self.variations(id) {
                rm.variations.push(Variation {
                    comments_before: self.comments_before(alt).to_vec(),
                    moves: self.line_from(Some(alt)),
                });
            }
            moves.push(rm);
            at = node.children.first().copied();
        }
        moves
    }

    /// The game as a game file in `form` ([`crate::write_game`] of [`AnnotatedGame::to_record`]).
    ///
    /// # Errors
    ///
    /// Those of [`crate::write_game`] (a tag a file cannot hold).
    pub fn to_string_with(&self, form: crate::MoveForm) -> Result<String, crate::WriteError> {
        let mut out = Vec::new();
        crate::write_game(&self.to_record(), form, &mut out)?;
        Ok(String::from_utf8(out).expect("a game file is UTF-8"))
    }
}

/// Builds an [`AnnotatedGame`] while a game is read: a [`Visitor`] for
/// [`GameReader::read_with`](crate::GameReader::read_with). Each move is resolved against
/// its position as it is read, so the first bad move (in any line) stops the game with its
/// place.
///
/// # Examples
///
/// ```
/// use gjjq_notation::{AnnotatedBuilder, GameReader, ReplayError};
/// let text = "1. 团5B进5A (1. 团5B进5C) *\n";
/// let mut reader = GameReader::new(text.as_bytes());
/// let err = reader.read_with(&mut AnnotatedBuilder::new(None)).unwrap()?.unwrap_err();
/// assert!(err.to_string().contains("at 1:15"), "{err}");
/// # Ok::<(), gjjq_notation::ReadError>(())
/// ```
#[derive(Debug)]
pub struct AnnotatedBuilder {
    rules: Option<Ruleset>,
    tags: Vec<(String, String)>,
    places: TagPlaces,
    game: Option<AnnotatedGame>,
    /// The last node of the line being read.
    cursor: NodeId,
    /// The node the line being read starts after.
    line_start: NodeId,
    /// The enclosing lines: (cursor, line start).
    stack: Vec<(NodeId, NodeId)>,
    /// Comments at the start of a variation, for its first move.
    pending: Vec<String>,
    result: GameResult,
}

impl AnnotatedBuilder {
    /// A builder under `rules` (`None`: the game's `Rules` tag, as in
    /// [`GameRecord::start_position`]).
    #[must_use]
    pub fn new(rules: Option<Ruleset>) -> AnnotatedBuilder {
        AnnotatedBuilder {
            rules,
            tags: Vec::new(),
            places: TagPlaces::default(),
            game: None,
            cursor: NodeId::ROOT,
            line_start: NodeId::ROOT,
            stack: Vec::new(),
            pending: Vec::new(),
            result: GameResult::Unknown,
        }
    }

    fn start(&mut self, places: &TagPlaces) -> Result<(), ReplayError> {
        let record = GameRecord {
            tags: std::mem::take(&mut self.tags),
            ..GameRecord::default()
        };
        let start = record.start_position_at(self.rules, places)?;
        let mut game = AnnotatedGame::new(start);
        game.opening = record.opening(Some(*game.rules())).ok().flatten();
        game.mode = record.play_mode().unwrap_or_default();
        game.tags = record.tags;
        self.game = Some(game);
        Ok(())
    }

    fn game(&mut self) -> &mut AnnotatedGame {
        self.game.as_mut().expect("started at the end of the tags")
    }

    fn mv(&mut self, text: &MoveText, at: Option<TextPos>) -> Result<(), ReplayError> {
        let cursor = self.cursor;
        let game = self.game.as_mut().expect("started");
        let ply = game.ply(cursor) + 1;
        let name = || text.to_string();
        let m = text.replay_move(game.position_at(cursor), ply, at)?;
        let node = game
            .push_new(cursor, m)
            .map_err(|e| ReplayError::refused(e, m, ply, name(), at))?;
        if !self.pending.is_empty() {
            let before = std::mem::take(&mut self.pending);
            *self.game().comments_before_mut(node) = before;
        }
        self.cursor = node;
        Ok(())
    }

    fn comment(&mut self, text: &str) {
        if self.cursor != self.line_start || self.stack.is_empty() {
            let cursor = self.cursor;
            self.game().comments_mut(cursor).push(text.to_owned());
        } else {
            self.pending.push(text.to_owned());
        }
    }

    fn begin_variation(&mut self) {
        self.stack.push((self.cursor, self.line_start));
        let cursor = self.cursor;
        let parent = self.game().parent(cursor).unwrap_or(NodeId::ROOT);
        self.line_start = parent;
        self.cursor = parent;
        self.pending.clear();
    }

    fn end_variation(&mut self) {
        if let Some((cursor, line_start)) = self.stack.pop() {
            self.cursor = cursor;
            self.line_start = line_start;
        }
        self.pending.clear();
    }

    fn line(&mut self, moves: &[RecordedMove]) -> Result<(), ReplayError> {
        for rm in moves {
            self.mv(&rm.text, rm.at)?;
            let cursor = self.cursor;
            self.game().glyphs_mut(cursor).extend(&rm.glyphs);
            for c in &rm.comments {
                self.comment(c);
            }
            for v in &rm.variations {
                self.begin_variation();
                self.pending.clone_from(&v.comments_before);
                self.line(&v.moves)?;
                self.end_variation();
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> Result<AnnotatedGame, ReplayError> {
        let result = self.result;
        let places = self.places;
        let mut game = match self.game.take() {
            Some(g) => g,
            None => {
                self.start(&places)?;
                self.game.take().expect("started")
            }
        };
        // The result is stated after the rules are asked.
        game.result = GameResult::Unknown;
        if let (Some(outcome), Some(stated)) =
            (game.outcome_at(game.main_end()), result.stated_winner())
            && outcome.winner() != stated
        {
            return Err(ReplayError::ResultContradicts {
                stated: result,
                outcome,
                at: places.result_token.or(places.result),
            });
        }
        game.result = result;
        *self = AnnotatedBuilder::new(self.rules);
        Ok(game)
    }
}

fn stop<T>(r: Result<(), ReplayError>) -> ControlFlow<Result<T, ReplayError>> {
    match r {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => ControlFlow::Break(Err(e)),
    }
}

impl Visitor for AnnotatedBuilder {
    type Output = Result<AnnotatedGame, ReplayError>;

    fn begin_game(&mut self) {
        *self = AnnotatedBuilder::new(self.rules);
    }

    fn tag(&mut self, name: &str, value: &str, at: TextPos) -> ControlFlow<Self::Output> {
        self.places.keep(&mut self.tags, name, value, at);
        ControlFlow::Continue(())
    }

    fn end_tags(&mut self) -> ControlFlow<Self::Output, Skip> {
        let places = self.places;
        match self.start(&places) {
            Ok(()) => ControlFlow::Continue(Skip(false)),
            Err(e) => ControlFlow::Break(Err(e)),
        }
    }

    fn comment(&mut self, text: &str, _: TextPos) -> ControlFlow<Self::Output> {
        AnnotatedBuilder::comment(self, text);
        ControlFlow::Continue(())
    }

    fn mv(&mut self, text: &str, at: TextPos) -> ControlFlow<Self::Output> {
        let ply = self.game.as_ref().map_or(0, |g| g.ply(self.cursor)) + 1;
        let text = match crate::game_file::read_token(text, at, ply) {
            Ok(t) => t,
            Err(e) => return ControlFlow::Break(Err(e)),
        };
        stop(AnnotatedBuilder::mv(self, &text, Some(at)))
    }

    fn glyph(&mut self, glyph: Glyph, _: TextPos) -> ControlFlow<Self::Output> {
        let cursor = self.cursor;
        self.game().glyphs_mut(cursor).push(glyph);
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: TextPos) -> ControlFlow<Self::Output, Skip> {
        AnnotatedBuilder::begin_variation(self);
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _: TextPos) -> ControlFlow<Self::Output> {
        AnnotatedBuilder::end_variation(self);
        ControlFlow::Continue(())
    }

    fn result(&mut self, result: ResultToken, at: Option<TextPos>) -> ControlFlow<Self::Output> {
        self.result = result.into();
        self.places.result_token = at;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self) -> Self::Output {
        self.finish()
    }
}

impl From<&Game> for AnnotatedGame {
    fn from(game: &Game) -> AnnotatedGame {
        AnnotatedGame::from_game(game)
    }
}
