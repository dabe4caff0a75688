//! The examples in `docs/` stay true: they are read from the documents themselves (which ship in
//! this crate's package), so an edit that breaks one fails here.

use gjjq::notation::{GameReader, GameRecord};

// The example game of docs/notation.md reads, replays and converts (R-28 … R-31).
#[test]
fn documented_example_game() {
    let doc = include_str!("../docs/notation.md");
    let start = doc.find("[Event \"Club match\"]").unwrap();
    let end = start + doc[start..].find("```").unwrap();
    let example = &doc[start..end];
    let games: Vec<GameRecord> = GameReader::new(example.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}\n{example}"));
    assert_eq!(games.len(), 1);
    let game = games[0].replay(None).unwrap();
    assert_eq!(game.moves().len(), 5);
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "red resignation".to_string()
    );
}
