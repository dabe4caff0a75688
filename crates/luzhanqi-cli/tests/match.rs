//! The match tool (`gjjq-arbiter`) over `luzhanqi engine` processes: paired 陸戰棋 games in
//! open, dark and flip play, their 陸戰棋 game files, and a crashing or silent engine losing its
//! games while the match goes on.

use std::ops::ControlFlow;

use gjjq_arbiter::{
    EngineSpec, GameReport, Layouts, LuzhanqiMode, MatchConfig, MatchSummary, TimeControl,
    run_match,
};
use luzhanqi::flip::FlipAction;
use luzhanqi::flip::record::{FlipRecord, read_flip_record};
use luzhanqi::game_file::{GameFileReader, Record};

fn engine(seed: u64, options: &[(&str, &str)]) -> EngineSpec {
    let mut e = EngineSpec::new(&format!(
        "{} engine --seed {seed}",
        env!("CARGO_BIN_EXE_luzhanqi")
    ));
    e.options = options
        .iter()
        .map(|(n, v)| ((*n).to_string(), (*v).to_string()))
        .collect();
    e
}

/// A shell "engine" that completes the handshake and answers `go` with `on_go`.
fn broken(on_go: &str) -> EngineSpec {
    let mut e = EngineSpec::new(&format!(
        r#"while read -r line; do case "$line" in uci) echo "id name broken"; echo uciok;; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done"#
    ));
    e.name = Some("broken".into());
    e
}

fn play(config: &MatchConfig) -> (MatchSummary, Vec<GameReport>) {
    let mut reports = Vec::new();
    let summary = run_match(config, |r, _| {
        reports.push(r.clone());
        ControlFlow::Continue(())
    })
    .expect("the match runs");
    reports.sort_by_key(|r| r.round);
    (summary, reports)
}

/// The report's 陸戰棋 game file, written and read back.
fn file_of(r: &GameReport) -> luzhanqi::game_file::GameRecord {
    let text = &r.record;
    assert!(text.starts_with("[Game \"luzhanqi\"]"), "{text}");
    GameFileReader::new(text.as_bytes())
        .next_game()
        .unwrap()
        .unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn tag<'a>(g: &'a luzhanqi::game_file::GameRecord, name: &str) -> Option<&'a str> {
    g.tags
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

#[test]
fn paired_open_and_dark_matches_of_luzhanqi_engines() {
    for mode in [LuzhanqiMode::Open, LuzhanqiMode::Dark] {
        let mut search = engine(1, &[("DarkAgent", "heuristic")]).with_depth(1);
        search.name = Some("searcher".into());
        let mut random = engine(2, &[("Agent", "random"), ("DarkAgent", "random")]);
        random.name = Some("random".into());
        random.nodes = Some(100);
        let mut config = MatchConfig::new([search, random], 4, TimeControl::None);
        config.luzhanqi = Some(mode);
        // Dark play pairs its games only when asked (issue 50, item 3).
        config.layouts = Layouts::Paired;
        config.max_plies = 120;
        config.concurrency = 2;
        config.seed = 9;
        let (summary, reports) = play(&config);
        assert_eq!(summary.tally.games(), 4, "{mode}");
        assert_eq!(summary.pentanomial.pairs(), 2, "{mode}");
        for pair in reports.chunks(2) {
            let [a, b] = [file_of(&pair[0]), file_of(&pair[1])];
            // One start per pair, the engines swapping colours.
            assert_eq!(a.game.start(), b.game.start(), "{mode}");
            assert_eq!(tag(&a, "Red"), tag(&b, "Blue"), "{mode}");
            assert_eq!(tag(&a, "Blue"), tag(&b, "Red"), "{mode}");
            for (r, g) in [(&pair[0], &a), (&pair[1], &b)] {
                // The file replays to the game's end: the rules' own or the ply limit.
                let term = tag(g, "Termination").unwrap();
                match g.game.outcome() {
                    Some(o) => assert_eq!(term, o.reason_str(), "{mode}"),
                    None => assert_eq!(term, "ply-limit", "{mode}"),
                }
                assert_eq!(g.game.moves().len(), g.moves.len());
                let plies = g.game.moves().len().to_string();
                assert_eq!(tag(g, "PlyCount"), Some(plies.as_str()), "{mode}");
                assert_eq!(r.plies.to_string(), plies, "{mode}");
                assert_eq!(tag(g, "Mode").is_some(), mode == LuzhanqiMode::Dark);
            }
        }
        // The two pairs start differently (deployments drawn per pair).
        assert_ne!(
            file_of(&reports[0]).game.start(),
            file_of(&reports[2]).game.start()
        );
    }
}

#[test]
fn a_crashing_or_silent_engine_loses_and_the_match_goes_on() {
    for mode in [LuzhanqiMode::Open, LuzhanqiMode::Dark] {
        for (on_go, reason) in [("exit 3", "crash"), (":", "timeout")] {
            let mut good = engine(4, &[("Agent", "random"), ("DarkAgent", "random")]);
            good.name = Some("good".into());
            let mut config = MatchConfig::new([broken(on_go), good], 4, TimeControl::MoveTime(30));
            config.luzhanqi = Some(mode);
            config.time_margin_ms = 100;
            config.recover = true;
            let (summary, reports) = play(&config);
            assert_eq!(summary.tally.games(), 4, "{mode} {reason}");
            assert_eq!(summary.tally.losses, 4, "{mode} {reason}");
            assert!(summary.stopped.is_none(), "{mode} {reason}");
            for r in &reports {
                assert_eq!(r.termination.as_str(), reason, "{mode}");
                let g = file_of(r);
                assert_eq!(tag(&g, "Termination"), Some(reason));
                let broken_is_red = tag(&g, "Red") == Some("broken");
                let detail = tag(&g, "TerminationDetail").unwrap();
                let seat = if broken_is_red { "red" } else { "blue" };
                assert!(detail.contains(&format!("broken ({seat})")), "{detail}");
                assert_eq!(
                    g.result.to_string(),
                    if broken_is_red { "0-1" } else { "1-0" },
                    "{mode} {reason}"
                );
                // At most the good engine's first move before the broken one's turn.
                assert!(g.game.moves().len() <= 1);
            }
        }
    }
}

/// The report's flip record, written and read back.
fn flip_file_of(r: &GameReport) -> FlipRecord {
    let text = &r.record;
    assert!(text.contains("[Mode \"flip\"]"), "{text}");
    read_flip_record(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn a_paired_flip_match_deals_one_layout_to_both_games_of_a_pair() {
    let mut search = engine(1, &[]).with_depth(1);
    search.name = Some("searcher".into());
    let mut random = engine(2, &[("Agent", "random")]);
    random.name = Some("random".into());
    random.nodes = Some(100);
    let mut config = MatchConfig::new([search, random], 4, TimeControl::None);
    config.luzhanqi = Some(LuzhanqiMode::Flip);
    // Flip play pairs its deals only when asked (issue 50, item 3).
    config.layouts = Layouts::Paired;
    config.max_plies = 120;
    config.concurrency = 2;
    config.seed = 5;
    let (summary, reports) = play(&config);
    assert_eq!(summary.tally.games(), 4);
    assert_eq!(summary.pentanomial.pairs(), 2);
    let revealed = |g: &FlipRecord| {
        g.game
            .plies()
            .iter()
            .filter_map(|p| match p.action {
                FlipAction::Flip(sq) => Some((sq, p.revealed.expect("a flip reveals"))),
                FlipAction::Move(m) => p.revealed.map(|r| (m.to, r)),
            })
            .collect::<Vec<_>>()
    };
    let tag = |g: &FlipRecord, n: &str| g.tags.iter().find(|(t, _)| t == n).map(|(_, v)| v.clone());
    let mut layouts = Vec::new();
    for pair in reports.chunks(2) {
        let [a, b] = [flip_file_of(&pair[0]), flip_file_of(&pair[1])];
        // The engines swap seats; a point flipped in both games hides the same piece.
        assert_eq!(tag(&a, "First"), tag(&b, "Second"));
        assert_eq!(tag(&a, "Second"), tag(&b, "First"));
        let (ra, rb) = (revealed(&a), revealed(&b));
        assert!(!ra.is_empty() && !rb.is_empty());
        for (sq, p) in &ra {
            if let Some((_, q)) = rb.iter().find(|(s, _)| s == sq) {
                assert_eq!(p, q, "{sq}");
            }
        }
        layouts.push(ra);
        for (r, g) in [(&pair[0], &a), (&pair[1], &b)] {
            let term = tag(g, "Termination").unwrap();
            match g.game.outcome() {
                Some(o) => assert_eq!(term, o.reason_str()),
                None => assert_eq!(term, "ply-limit"),
            }
            let plies = g.game.plies().len().to_string();
            assert_eq!(tag(g, "PlyCount"), Some(plies.clone()));
            assert_eq!(r.plies.to_string(), plies);
            // The result by colour agrees with the seat that won.
            let expected = match r.winner {
                None => "1/2-1/2".to_string(),
                Some(seat) => {
                    let player = if seat == luzhanqi::flip::Player::First.seat().alliance() {
                        luzhanqi::flip::Player::First
                    } else {
                        luzhanqi::flip::Player::Second
                    };
                    match g.game.position().colour_of(player) {
                        Some(luzhanqi::Side::Red) => "1-0".into(),
                        Some(luzhanqi::Side::Blue) => "0-1".into(),
                        None => "*".into(),
                    }
                }
            };
            assert_eq!(g.result.to_string(), expected);
        }
    }
    // The two pairs are dealt differently.
    assert_ne!(layouts[0], layouts[1]);
}

/// Issue 50, item 4: what the match tool writes, `luzhanqi replay` and `luzhanqi convert`
/// read, in every mode: a file of an open, a dark and a flip match's games, written as
/// `gjjq match --pgn` writes them (each game's record and a blank line).
#[test]
fn replay_and_convert_read_the_records_of_open_dark_and_flip_matches() {
    let mut file = String::new();
    let mut flips = 0;
    for mode in [LuzhanqiMode::Open, LuzhanqiMode::Dark, LuzhanqiMode::Flip] {
        let a = engine(1, &[("Agent", "random"), ("DarkAgent", "random")]);
        let b = engine(2, &[("Agent", "random"), ("DarkAgent", "random")]);
        let mut config = MatchConfig::new([a, b], 2, TimeControl::MoveTime(1000));
        config.luzhanqi = Some(mode);
        config.max_plies = 60;
        config.seed = 3;
        let (summary, reports) = play(&config);
        assert_eq!(summary.tally.games(), 2, "{mode}");
        for r in &reports {
            let text = r.record.clone();
            if mode == LuzhanqiMode::Flip {
                assert!(
                    text.contains("=") && text.contains("[Mode \"flip\"]"),
                    "{text}"
                );
                flips += 1;
            }
            if mode == LuzhanqiMode::Dark {
                // Issue 50 item 15: the match's dark record carries the referee's
                // announcements, in order, and reads back as a referee's record (which checks
                // them against the replay).
                let game = luzhanqi::dark::record::read_referee_record(&text)
                    .unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(game.history().len(), game.game().moves().len());
                let mut at = 0;
                let mut said = 0;
                for a in game.history() {
                    for c in luzhanqi::dark::record::announcement_comments(a) {
                        let found = text[at..]
                            .find(&format!("{{{c}}}"))
                            .unwrap_or_else(|| panic!("announcement {{{c}}} missing\n{text}"));
                        at += found + c.len();
                        said += 1;
                    }
                }
                assert!(said > 0, "a dark game of random agents announces something");
            }
            file.push_str(&text);
            file.push('\n');
        }
    }
    assert_eq!(flips, 2);
    let path = std::env::temp_dir().join(format!("lz-roundtrip-{}.txt", std::process::id()));
    std::fs::write(&path, &file).unwrap();
    let run = |args: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_luzhanqi"))
            .args(args)
            .arg(&path)
            .output()
            .unwrap();
        let out = String::from_utf8(o.stdout).unwrap();
        assert!(
            o.status.success(),
            "{args:?}: {}\n{file}",
            String::from_utf8_lossy(&o.stderr)
        );
        out
    };
    let replayed = run(&["replay"]);
    assert_eq!(replayed.matches("result ").count(), 6, "{replayed}");
    let converted = run(&["convert", "--to", "ascii"]);
    std::fs::remove_file(&path).unwrap();
    // Every game comes back, the flip records as they were written.
    let back = luzhanqi::game_file::read_records(converted.as_bytes()).unwrap();
    assert_eq!(back.len(), 6);
    let written = luzhanqi::game_file::read_records(file.as_bytes()).unwrap();
    for (w, b) in written.iter().zip(&back) {
        match (w, b) {
            (Record::Moves(w), Record::Moves(b)) => {
                assert_eq!(w.game.moves(), b.game.moves());
                assert_eq!(w.game.start(), b.game.start());
            }
            (Record::Flip(w), Record::Flip(b)) => assert_eq!(w.game.plies(), b.game.plies()),
            _ => panic!("the records' kinds differ"),
        }
    }
}
