//! The annotated game (issue 22): random trees of legal games with variations, glyphs and
//! comments round-trip through game files (read → write → read), and the tree operations keep
//! their meaning.

use gjjq_core::{Game, Move, Position, Script, Undone};
use gjjq_notation::{
    AnnotatedBuilder, AnnotatedGame, GameReader, GameRecord, GameResult, Glyph, MoveForm, NodeId,
    write_game,
};
use gjjq_test_support::RandomMover;
use proptest::prelude::*;

fn write(game: &GameRecord, form: MoveForm) -> String {
    let mut out = Vec::new();
    write_game(game, form, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

const GLYPHS: [Glyph; 8] = [
    Glyph::Good,
    Glyph::Mistake,
    Glyph::Brilliant,
    Glyph::Blunder,
    Glyph::Interesting,
    Glyph::Dubious,
    Glyph::Numeric(14),
    Glyph::Numeric(0),
];

/// A line of up to `plies` random legal moves after `from`, with glyphs, comments and
/// (below `depth`) variations of its own, chosen by `choices`.
fn grow(
    game: &mut AnnotatedGame,
    from: NodeId,
    plies: usize,
    depth: usize,
    mover: &mut RandomMover,
    choices: &mut impl Iterator<Item = u8>,
) {
    let mut at = from;
    for i in 0..plies {
        if game.outcome_at(at).is_some() {
            return;
        }
        let pos = game.position_at(at).clone();
        let moves = pos.legal_moves();
        let Some(m) = mover.pick(&pos, &moves) else {
            return;
        };
        let c = choices.next().unwrap_or(0);
        let node = game.push(at, m).unwrap();
        if c % 5 == 1 {
            game.glyphs_mut(node).push(GLYPHS[usize::from(c / 5) % 8]);
        }
        if c % 7 == 2 {
            game.comments_mut(node).push(format!("c{i} {{x}} \\ y"));
        }
        if c % 11 == 3 && node != game.children(at)[0] {
            game.comments_before_mut(node).push("alt".into());
        }
        // An alternative to this move: a variation from `at`.
        if depth > 0 && c.is_multiple_of(4) {
            grow(game, at, 1 + usize::from(c % 6), depth - 1, mover, choices);
        }
        at = node;
    }
}

fn random_tree(seed: u64, plies: usize, choices: Vec<u8>) -> AnnotatedGame {
    let mut game = AnnotatedGame::new(Position::default());
    game.set_tag("Event", "tree");
    let mut mover = RandomMover::new(seed).captures(30);
    let mut choices = choices.into_iter().cycle();
    grow(&mut game, NodeId::ROOT, plies, 3, &mut mover, &mut choices);
    game.comments_mut(NodeId::ROOT).push("start".into());
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn trees_round_trip_through_files(
        seed in any::<u64>(),
        plies in 0usize..60,
        choices in proptest::collection::vec(any::<u8>(), 1..64),
    ) {
        let tree = random_tree(seed, plies, choices);
        let record = tree.to_record();
        for form in [MoveForm::Script(Script::Simplified), MoveForm::Script(Script::Traditional)] {
            let text = write(&record, form);
            let back = GameReader::new(text.as_bytes()).next().unwrap()
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
            prop_assert_eq!(&back, &record, "{}", text);
            // Written again: the same bytes.
            prop_assert_eq!(write(&back, form), text.clone());
            // Replayed into the tree: the same tree.
            let again = AnnotatedGame::from_record(&back, None)
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
            prop_assert_eq!(again.to_record(), record.clone());
            // Streaming, through the builder visitor.
            let streamed = GameReader::new(text.as_bytes())
                .read_with(&mut AnnotatedBuilder::new(None))
                .unwrap().unwrap().unwrap();
            prop_assert_eq!(streamed.to_record(), record.clone());
            // Positions agree node by node along the main line.
            for (a, b) in tree.main_line().zip(streamed.main_line()) {
                prop_assert_eq!(tree.position_at(a), streamed.position_at(b));
            }
        }
        // ASCII: resolved back to the same records.
        let text = write(&record, MoveForm::Ascii);
        let back = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
        prop_assert_eq!(back.resolve(None).unwrap(), record.clone());
        // The main line is the game.
        let game = tree.to_game();
        prop_assert_eq!(game.moves().len(), tree.main_line().count());
        let replayed = record.replay(None).unwrap();
        prop_assert_eq!(replayed.moves(), game.moves());
    }
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

#[test]
fn promotion_deletion_truncation_and_undo() {
    let mut g = AnnotatedGame::new(Position::default());
    let a = g.push(NodeId::ROOT, mv("5B5A")).unwrap();
    let a2 = g.push(a, mv("5b5a")).unwrap();
    let b = g.push(NodeId::ROOT, mv("5B5C")).unwrap();
    let c = g.push(NodeId::ROOT, mv("4B4A")).unwrap();
    assert_eq!(
        g.push(NodeId::ROOT, mv("5B5A")).unwrap(),
        a,
        "an existing move is found"
    );
    assert_eq!(g.children(NodeId::ROOT), &[a, b, c]);
    assert_eq!(g.variations(a), &[b, c]);
    assert!(g.variations(b).is_empty());
    assert_eq!(g.main_end(), a2);
    // Promote c: it leads, the others keep their order.
    g.promote(c);
    assert_eq!(g.children(NodeId::ROOT), &[c, a, b]);
    assert_eq!(g.main_end(), c);
    assert!(g.is_main_line(c) && !g.is_main_line(a2));
    // Deleting the main move: the next alternative takes its place.
    assert!(g.delete(c));
    assert_eq!(g.children(NodeId::ROOT), &[a, b]);
    assert_eq!(g.main_end(), a2);
    assert!(!g.delete(c), "already gone");
    assert!(!g.delete(NodeId::ROOT));
    // A subtree goes whole.
    let a3 = g.push(a2, mv("5A5B")).unwrap();
    g.delete(a);
    assert!(!g.contains(a2) && !g.contains(a3));
    assert_eq!(g.main_end(), b);
    // Truncate keeps the node, drops all after it.
    let b2 = g.push(b, mv("5b5a")).unwrap();
    let b2alt = g.push(b, mv("5b5c")).unwrap();
    g.truncate(b);
    assert!(!g.contains(b2) && !g.contains(b2alt));
    assert!(g.children(b).is_empty());
    // push_main makes a new line the main one, through every ancestor.
    let x = g.push(NodeId::ROOT, mv("5B5A")).unwrap();
    let y = g.push_main(x, mv("5b5a")).unwrap();
    assert_eq!(g.main_end(), y);
    assert_eq!(g.path(y), vec![NodeId::ROOT, x, y]);
    // Undo: the stated result, then the moves of the main line.
    g.set_result(GameResult::RedWins);
    assert!(matches!(g.undo(), Some(Undone::Result(_))));
    assert_eq!(g.result(), GameResult::Unknown);
    assert_eq!(g.undo(), Some(Undone::Move(mv("5b5a"))));
    assert_eq!(g.main_end(), x);
    assert_eq!(g.undo(), Some(Undone::Move(mv("5B5A"))));
    assert_eq!(g.main_end(), b, "the alternative is the main line");
    // Illegal moves and moves after the end are refused, the tree unchanged.
    assert!(g.push(b, mv("5B5A")).is_err());
}

#[test]
fn repetition_is_counted_on_each_path() {
    let mut g = AnnotatedGame::new(Position::default());
    let shuffle = ["5B5A", "5b5a", "5A5B", "5a5b"];
    let mut at = NodeId::ROOT;
    for i in 0..8 {
        at = g.push(at, mv(shuffle[i % 4])).unwrap();
    }
    // The start occurs at plies 0, 4 and 8: a third repetition ends the game.
    assert_eq!(g.repetitions(at), 3);
    assert!(g.outcome_at(at).is_some());
    assert!(g.push(at, mv("5B5A")).is_err());
    // The same in a Game.
    let game = g.to_game();
    assert_eq!(game.outcome(), g.outcome_at(at));
    // A variation branching at ply 4 counts the main line before it and itself.
    let ply4 = g.main_at(4).unwrap();
    let v1 = g.push(ply4, mv("4B4A")).unwrap();
    assert_eq!(g.repetitions(v1), 1);
    let back = g.push(v1, mv("5b5a")).unwrap();
    let v3 = g.push(back, mv("4A4B")).unwrap();
    let v4 = g.push(v3, mv("5a5b")).unwrap();
    assert_eq!(
        g.position_at(v4).zobrist_hash(),
        g.position_at(NodeId::ROOT).zobrist_hash()
    );
    assert_eq!(g.repetitions(v4), 3);
}

#[test]
fn from_game_and_to_game_keep_the_main_line() {
    let mut game = Game::new(Position::default());
    let mut mover = RandomMover::new(5).captures(50);
    for _ in 0..200 {
        let moves = game.legal_moves();
        let Some(m) = mover.pick(game.position(), &moves) else {
            break;
        };
        game.play(m).unwrap();
    }
    let tree = AnnotatedGame::from_game(&game);
    assert_eq!(tree.to_game().moves(), game.moves());
    assert_eq!(tree.to_game().outcome(), game.outcome());
    for (ply, id) in tree.main_line().enumerate() {
        assert_eq!(tree.ply(id), ply + 1);
        assert_eq!(tree.main_at(ply + 1), Some(id));
    }
    assert_eq!(tree.position_at(tree.main_end()), game.position());
}

#[test]
fn random_trees_have_variations_glyphs_and_comments() {
    let choices: Vec<u8> = (0..=255).collect();
    let tree = random_tree(7, 50, choices);
    let record = tree.to_record();
    let text = write(&record, MoveForm::default());
    assert!(text.contains(" ("), "{text}");
    let mut depth = 0i32;
    let mut deepest = 0;
    for c in text.chars() {
        depth += match c {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        deepest = deepest.max(depth);
    }
    assert!(deepest >= 2, "nested: {text}");
    assert!(text.contains('!') && text.contains('$'), "{text}");
    assert!(text.contains("{alt}"), "{text}");
}

// Issue 36: the keys a search needs come from the stored positions, on the main line and in
// a variation, and equal those of a replay into a core `Game`.
#[test]
fn keys_to_any_node_equal_a_replay() {
    let choices: Vec<u8> = (0..=255).collect();
    let tree = random_tree(11, 60, choices);
    let mut checked = 0;
    let mut stack = vec![NodeId::ROOT];
    while let Some(id) = stack.pop() {
        stack.extend_from_slice(tree.children(id));
        let mut game = Game::new(tree.start().clone());
        for n in tree.path(id).into_iter().skip(1) {
            game.play(tree.move_at(n).unwrap()).unwrap();
        }
        assert_eq!(tree.keys_to(id), game.keys(), "node {}", id.raw());
        checked += usize::from(!tree.is_main_line(id));
    }
    assert!(checked > 0, "variations were checked");
    assert_eq!(tree.keys_to(tree.main_end()), tree.to_game().keys());
}

// Issue 36: reading builds the annotated game in one pass (the builder is the visitor) and
// gives what the two passes gave (a record, then the tree built from it).
#[test]
fn one_pass_reading_equals_record_then_tree() {
    for seed in 0..8 {
        let choices: Vec<u8> = (0..=255).collect();
        let tree = random_tree(seed, 40, choices);
        let text = write(&tree.to_record(), MoveForm::default());
        let record = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
        let two_pass = AnnotatedGame::from_record(&record, None).unwrap();
        let one_pass = GameReader::new(text.as_bytes())
            .read_annotated(None)
            .unwrap()
            .unwrap();
        assert_eq!(one_pass.to_record(), two_pass.to_record(), "seed {seed}");
        assert_eq!(
            one_pass.keys_to(one_pass.main_end()),
            two_pass.keys_to(two_pass.main_end())
        );
    }
}

// Issue 36: the tags a game derives, in one place, under each policy.
#[test]
fn derived_tags_under_each_policy() {
    use gjjq_notation::DerivedTags;
    let start: Position = "4k4/9/9/9/9/9/9/9/4I4/4K4 r - 0 1".parse().unwrap();
    let mut game = AnnotatedGame::new(start.clone());
    game.set_tag("Event", "E");
    game.set_tag("Termination", "stale");
    let first = start.legal_moves()[0];
    game.push(NodeId::ROOT, first).unwrap();
    let tags = |which| {
        game.to_record_with(which)
            .tags
            .into_iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect::<Vec<_>>()
    };
    let setup = format!("Setup={start}");
    assert_eq!(
        tags(DerivedTags::All),
        [
            "Event=E".to_owned(),
            setup.clone(),
            "Rules=standard".into(),
            "Result=*".into()
        ]
    );
    assert_eq!(
        tags(DerivedTags::Outcome),
        [
            "Event=E".to_owned(),
            "Termination=stale".into(),
            setup.clone(),
            "Result=*".into()
        ]
    );
    assert_eq!(
        tags(DerivedTags::ReadBack),
        ["Event=E".to_owned(), "Termination=stale".into(), setup]
    );
    // A stated result: the result and its reason.
    game.set_result(GameResult::GreenWins);
    let record = game.to_record_with(DerivedTags::All);
    assert_eq!(record.result, GameResult::GreenWins);
    assert_eq!(record.tag("Termination"), Some("resignation"));
    // The same values as a record of the core game.
    let core = GameRecord::from_game(&game.to_game());
    assert_eq!(core.tag("Setup"), record.tag("Setup"));
    assert_eq!(core.tag("Result"), record.tag("Result"));
}
