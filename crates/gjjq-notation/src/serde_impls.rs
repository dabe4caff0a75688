//! serde for the notation's values that are text: each is written as its text and read back
//! through its parser (a move text, a result token, a direction word in simplified script, a
//! record, a position string).

use crate::{Direction, GameResult, MoveText, PositionString, Record};

junqi_gamefile::serde_as_text!(MoveText, GameResult, Direction, Record, PositionString);

#[cfg(test)]
mod tests {
    use crate::{GameReader, GameRecord, GameResult, MoveText, Record};

    #[test]
    fn game_records_round_trip_through_json() {
        let text = "[Event \"t\"]\n{before}\n1. 团5B进5A {a comment} 5b5a 0-1\n";
        let game: GameRecord = GameReader::new(text.as_bytes()).next().unwrap().unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert!(json.contains("\"团5B进5A\""), "{json}");
        assert!(json.contains("\"0-1\""), "{json}");
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        for (value, json) in [
            (
                serde_json::to_value(GameResult::Draw).unwrap(),
                "\"1/2-1/2\"",
            ),
            (
                serde_json::to_value("5B5A".parse::<MoveText>().unwrap()).unwrap(),
                "\"5B5A\"",
            ),
            (
                serde_json::to_value("弹3E攻7d".parse::<Record>().unwrap().direction).unwrap(),
                "\"攻\"",
            ),
        ] {
            assert_eq!(value.to_string(), json);
        }
    }
}
