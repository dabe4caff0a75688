//! `siguo arena`: the team match's exact output (issue 53, item 3 in process, 全明).

mod common;

use common::{siguo, stdout};

/// Games capped before any result: every line exact, each a draw, then the score line.
#[test]
fn capped_games_print_exactly() {
    let text = stdout(&[
        "arena",
        "--team1",
        "random",
        "--team2",
        "random",
        "--games",
        "4",
        "--seed",
        "9",
        "--max-plies",
        "6",
    ]);
    assert_eq!(
        text,
        "game 1 pair 1 team1 red-blue: draw ply-cap plies 6 points 0.5\n\
         game 2 pair 1 team1 green-yellow: draw ply-cap plies 6 points 0.5\n\
         game 3 pair 2 team1 red-blue: draw ply-cap plies 6 points 0.5\n\
         game 4 pair 2 team1 green-yellow: draw ply-cap plies 6 points 0.5\n\
         score W/D/L 0/4/0 50.0% (95% interval 50.0%-50.0%)\n"
    );
}

/// A tiny seeded match played to the end: one line a game in the documented form, teams
/// alternating within a pair, the score line agreeing with the games, and the same seed
/// giving the same output.
#[test]
fn a_seeded_match_has_the_documented_form() {
    let args = [
        "arena", "--team1", "search", "--team2", "random", "--games", "4", "--seed", "3",
        "--nodes", "300", "--mode", "open",
    ];
    let text = stdout(&args);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    let (mut w, mut d, mut l) = (0, 0, 0);
    for (i, line) in lines[..4].iter().enumerate() {
        let team1 = if i % 2 == 0 {
            "red-blue"
        } else {
            "green-yellow"
        };
        let head = format!("game {} pair {} team1 {team1}: ", i + 1, i / 2 + 1);
        let rest = line.strip_prefix(&head).unwrap_or_else(|| panic!("{line}"));
        let words: Vec<&str> = rest.split(' ').collect();
        assert_eq!(words.len(), 6, "{line}");
        assert!(
            ["red-blue", "green-yellow", "draw"].contains(&words[0]),
            "{line}"
        );
        assert_eq!((words[2], words[4]), ("plies", "points"), "{line}");
        words[3].parse::<u32>().unwrap();
        let points = words[5];
        match points {
            "1" => w += 1,
            "0.5" => d += 1,
            "0" => l += 1,
            _ => panic!("{line}"),
        }
        let expected = match words[0] {
            "draw" => "0.5",
            t if t == team1 => "1",
            _ => "0",
        };
        assert_eq!(points, expected, "{line}");
    }
    assert!(
        lines[4].starts_with(&format!("score W/D/L {w}/{d}/{l} ")),
        "{}",
        lines[4]
    );
    assert_eq!(stdout(&args), text);
}

/// 四暗 and 雙明 are played through the referee: capped games print exactly (the
/// determinized agent, the heuristic on a sampled world, a mixed team), and a seeded match
/// of uniform movers runs to its end with every line in the documented form, the same seed
/// giving the same output.
#[test]
fn the_dark_modes_are_played() {
    for mode in ["dark", "double_open"] {
        let text = stdout(&[
            "arena",
            "--team1",
            "determinized",
            "--team2",
            "heuristic+random",
            "--games",
            "2",
            "--seed",
            "4",
            "--max-plies",
            "5",
            "--mode",
            mode,
        ]);
        assert_eq!(
            text,
            "game 1 pair 1 team1 red-blue: draw ply-cap plies 5 points 0.5\n\
             game 2 pair 1 team1 green-yellow: draw ply-cap plies 5 points 0.5\n\
             score W/D/L 0/2/0 50.0% (95% interval 50.0%-50.0%)\n",
            "{mode}"
        );
        let args = [
            "arena", "--team1", "random", "--team2", "random", "--games", "2", "--seed", "6",
            "--mode", mode,
        ];
        let text = stdout(&args);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        for (i, line) in lines[..2].iter().enumerate() {
            let team1 = ["red-blue", "green-yellow"][i];
            let head = format!("game {} pair 1 team1 {team1}: ", i + 1);
            let rest = line.strip_prefix(&head).unwrap_or_else(|| panic!("{line}"));
            let words: Vec<&str> = rest.split(' ').collect();
            assert_eq!(words.len(), 6, "{line}");
            assert!(
                ["red-blue", "green-yellow", "draw"].contains(&words[0]),
                "{line}"
            );
            assert_ne!(words[1], "ply-cap", "{line}");
            assert_eq!((words[2], words[4]), ("plies", "points"), "{line}");
            words[3].parse::<u32>().unwrap();
            assert!(["0", "0.5", "1"].contains(&words[5]), "{line}");
        }
        assert!(lines[2].starts_with("score W/D/L "), "{text}");
        assert_eq!(stdout(&args), text);
    }
}

#[test]
fn odd_game_counts_unknown_agents_and_undark_rules_are_refused() {
    for (args, needle) in [
        (
            vec![
                "arena",
                "--team1",
                "search",
                "--team2",
                "random",
                "--mode",
                "dark",
                "--rules",
                r#"{"flag_capture":"after_mines"}"#,
            ],
            "--mode: dark play needs flag_capture any (L-63)",
        ),
        (
            vec![
                "arena", "--team1", "search", "--team2", "random", "--games", "3",
            ],
            "--games 3: an even number is needed",
        ),
        (
            vec!["arena", "--team1", "minimax", "--team2", "random"],
            "--team1: unknown agent 'minimax'",
        ),
        (
            vec!["arena", "--team1", "search+minimax", "--team2", "random"],
            "--team1: unknown agent 'minimax'",
        ),
    ] {
        let out = siguo(&args);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{err}");
    }
}
