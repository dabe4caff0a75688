//! serde for the values that have a text form of their own: each is written as that text and
//! read back through its parser, so JSON, TOML or any other format holds the same strings as
//! records and position strings do.

use crate::{
    Move, Position, Setup, Square,
    deploy::{Deployment, PlayMode},
    endgame::EndgameForce,
};

// `Square` as its label (`5B`), `Move` as its ASCII form (`5B5A`), `Setup` and `Position` as
// position strings (R-31; a `Position` is validated under the standard ruleset).
junqi_game::serde_as_text!(Square, Move, Setup, Position);

// `Deployment` as its deployment string (R-33, checked under the standard ruleset), `PlayMode`
// as its name (`fanshi`), `EndgameForce` as its ASCII form (`IID`).
junqi_game::serde_as_text!(Deployment, PlayMode, EndgameForce);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Outcome, Piece, PieceKind, Ruleset, Side, setup::PendingReturn};
    use serde::{Deserialize, Serialize};

    fn round_trip<T>(value: T, json: &str)
    where
        T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
    {
        assert_eq!(serde_json::to_string(&value).unwrap(), json);
        assert_eq!(serde_json::from_str::<T>(json).unwrap(), value);
    }

    #[test]
    fn every_type_round_trips() {
        let sq: Square = "5B".parse().unwrap();
        round_trip(sq, "\"5B\"");
        round_trip(Move::new(sq, "5A".parse().unwrap()), "\"5B5A\"");
        round_trip(
            Position::default(),
            &format!("\"{}\"", crate::setup::DEFAULT_OPENING),
        );
        round_trip(
            Setup::default_opening(),
            &format!("\"{}\"", crate::setup::DEFAULT_OPENING),
        );
        round_trip(Side::Green, "\"green\"");
        round_trip(
            Deployment::default_formation(),
            "\"9/3III3/9/1DA3AD1/FPMGKGMPF\"",
        );
        round_trip(PlayMode::Fanshi, "\"fanshi\"");
        round_trip(
            crate::deploy::Opening {
                first: Side::Green,
                ..crate::deploy::Opening::default_opening()
            },
            r#"{"red":"9/3III3/9/1DA3AD1/FPMGKGMPF","green":"9/3III3/9/1DA3AD1/FPMGKGMPF","first":"green"}"#,
        );
        round_trip("雙團單師".parse::<EndgameForce>().unwrap(), "\"IID\"");
        round_trip(PieceKind::Division, "\"division\"");
        round_trip(
            Piece::new(Side::Red, PieceKind::Missile),
            r#"{"side":"red","kind":"missile"}"#,
        );
        round_trip(
            PendingReturn {
                striker: "7d".parse().unwrap(),
                origin: "3E".parse().unwrap(),
            },
            r#"{"striker":"7d","origin":"3E"}"#,
        );
        round_trip(
            Outcome::Win {
                winner: Side::Red,
                reason: crate::outcome::WinReason::KingCaptured,
            },
            r#"{"win":{"winner":"red","reason":"king_captured"}}"#,
        );
        round_trip(
            Outcome::Draw(crate::outcome::DrawReason::Repetition),
            r#"{"draw":"repetition"}"#,
        );
        round_trip(Ruleset::STANDARD, &Ruleset::STANDARD.to_json());
        let info = Position::default()
            .classify("3E7d".parse().unwrap())
            .unwrap();
        round_trip(
            info,
            r#"{"piece":"missile","kind":"returning_capture","captured":"army","removal":null}"#,
        );
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        assert!(serde_json::from_str::<Square>("\"0Z\"").is_err());
        assert!(serde_json::from_str::<Move>("\"5B\"").is_err());
        assert!(serde_json::from_str::<Position>("\"9/9/9/9/9/9/9/9/9/9 r -\"").is_err());
        assert!(serde_json::from_str::<Square>("17").is_err());
    }
}
