//! A custom ruleset: build it, write it as JSON, read it back, and see how it changes play.
//!
//! `cargo run --example custom_rules`
//!
//! Under seed 001's options (`return_rule: immediate`, 同時回原址, and a missile range of 2–4
//! points, 弹打二至四格) the long strikes of the default opening disappear, and a striker stays
//! on its origin instead of owing a return (R-11, R-19).
use gjjq::{
    Game, Move, MoveKind, PieceKind, Position, Ruleset, Setup, Side, Square,
    ruleset::{MissileRange, ReturnRule},
};

/// The ASCII forms (R-30) of the missile strikes among `moves`, sorted.
fn strikes(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves
        .iter()
        .filter(|&&m| {
            pos.classify(m)
                .is_some_and(|i| i.kind == MoveKind::ReturningCapture)
        })
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Start from the standard ruleset and set options; a bad value cannot be built.
    let mut custom = Ruleset::STANDARD;
    custom.return_rule = ReturnRule::Immediate;
    custom.missile_range = Some(MissileRange::new(2, 4)?);

    // Rulesets are plain data: JSON with one field per option (missing fields are standard).
    let json = serde_json::to_string_pretty(&custom)?;
    println!("custom ruleset:\n{json}");
    let parsed = Ruleset::from_json(&json)?;
    assert_eq!(parsed, custom);
    let partial = Ruleset::from_json(r#"{ "return_rule": "immediate" }"#)?;
    println!("{{\"return_rule\": \"immediate\"}} reads as: {partial:?}\n");

    let standard = Position::from_setup_with(Setup::default_opening(), Ruleset::STANDARD)?;
    let custom_pos = Position::from_setup_with(Setup::default_opening(), parsed)?;

    // Same opening, different moves: the range cuts the missiles' long strikes.
    for (name, pos) in [("standard", &standard), ("custom", &custom_pos)] {
        let moves = pos.legal_moves();
        println!(
            "{name:>8}: {} legal moves, strikes {:?}",
            moves.len(),
            strikes(pos, &moves)
        );
    }

    // The same line under each ruleset: the missile walks 3E-5C, Green's king steps 5e-5d, and
    // the missile strikes the infantry on 5b over Red's own infantry on 5B (distance 4).
    println!();
    let line = ["3E5C", "5e5d", "5C5b"];
    for (name, pos) in [("standard", standard), ("custom", custom_pos)] {
        let mut game = Game::new(pos);
        for ascii in line {
            let m = find(&game, ascii).ok_or(format!("{ascii} is not legal under {name}"))?;
            game.play(m)?;
        }
        let pos = game.position();
        let striker_at = ["5C", "5b"]
            .into_iter()
            .find(|l| {
                l.parse::<Square>().is_ok_and(|sq| {
                    pos.piece_at(sq)
                        .is_some_and(|p| p.kind == PieceKind::Missile)
                })
            })
            .unwrap_or("?");
        let pending = match pos.pending_return(Side::Red) {
            Some(p) => format!("{} -> {}", p.striker, p.origin),
            None => "none".into(),
        };
        println!(
            "{name:>8}: {}: striker on {striker_at}, pending return {pending}",
            line.join(" ")
        );
        // Green answers with its first legal move. Under `next_turn` Red must then fly home
        // (or forfeit to save its king); under `immediate` Red moves freely.
        let reply = game.legal_moves()[0];
        game.play(reply)?;
        let moves: Vec<String> = game.legal_moves().iter().map(Move::to_string).collect();
        let shown = if moves.len() <= 3 {
            format!(": {}", moves.join(" "))
        } else {
            String::new()
        };
        println!(
            "{:>8}  Green replies {reply}; Red then has {} legal move(s){shown}",
            "",
            moves.len()
        );
    }
    Ok(())
}

/// The legal move of `game` whose ASCII form (R-30) is `ascii`.
fn find(game: &Game, ascii: &str) -> Option<Move> {
    game.legal_moves()
        .into_iter()
        .find(|m| m.to_string() == ascii)
}
