//! Matches by team (issue 53 item 3) over `siguo engine` processes: the arbiter's team match
//! ([`gjjq_arbiter::team`]) in 全明, 四暗 and 雙明, one process a seat, each seat of a dark game
//! told only its own information state; paired games with the teams swapped; the referee's
//! records read back; crashing, silent, flooding and illegal engines losing for their team.

use std::ops::ControlFlow;

use gjjq_arbiter::GameReport;
use gjjq_arbiter::team::{TeamGame, run_team_match};
use gjjq_arbiter::{EngineSpec, Layouts, MatchConfig, MatchSummary, TimeControl};
use junqi_gamefile::ResultToken;
use siguo::dark::InfoState;
use siguo::game_file::{GameRecord, read_games};
use siguo::{Rules, SiguoMode};

fn engine(seed: u64, agent: &str, name: &str) -> EngineSpec {
    let mut e = EngineSpec::new(&format!(
        "exec '{}' engine --seed {seed}",
        env!("CARGO_BIN_EXE_siguo")
    ));
    e.options = vec![("Agent".into(), agent.into())];
    e.name = Some(name.into());
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

fn play(config: &MatchConfig, mode: SiguoMode) -> (MatchSummary, Vec<GameReport>) {
    let game = TeamGame {
        mode,
        rules: Rules::STANDARD,
    };
    let mut reports = Vec::new();
    let summary = run_team_match(config, &game, |r, _| {
        reports.push(r.clone());
        ControlFlow::Continue(())
    })
    .expect("the match runs");
    reports.sort_by_key(|r| r.round);
    (summary, reports)
}

/// The report's game file, read back (it replays on the referee's `Setup`).
fn file_of(r: &GameReport) -> GameRecord {
    let mut games = read_games(&r.record);
    assert_eq!(games.len(), 1, "{}", r.record);
    games
        .pop()
        .unwrap()
        .unwrap_or_else(|e| panic!("{e}: {}", r.record))
}

fn tag<'a>(g: &'a GameRecord, name: &str) -> Option<&'a str> {
    g.tags
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

const MODES: [SiguoMode; 3] = [SiguoMode::Open, SiguoMode::Dark, SiguoMode::DoubleOpen];

/// A seeded match of `siguo engine` against `siguo engine` in each mode: one pair, one start
/// for both games, the teams swapped, every seat its own process; the records replay to the
/// reported end and their result is the report's. Under 四暗 and 雙明 each process is sent
/// the information state of one seat only, which reads back under its own visibility check
/// (a kind the seat may not see is refused, L-63, L-64).
#[test]
fn a_seeded_team_match_in_each_mode() {
    let spy = std::env::temp_dir().join(format!("siguo-team-spy-{}", std::process::id()));
    for mode in MODES {
        let _ = std::fs::remove_dir_all(&spy);
        std::fs::create_dir_all(&spy).unwrap();
        // Engine 1 keeps what it is told, one file a process.
        let mut heuristic = engine(1, "heuristic", "heuristic");
        heuristic.command = format!("tee '{}'/seat.$$ | {}", spy.display(), heuristic.command);
        let random = engine(2, "random", "random");
        let mut config = MatchConfig::new([heuristic, random], 2, TimeControl::MoveTime(20));
        config.layouts = Layouts::Paired;
        // Not a test of time: a loaded machine and a debug build may take long to sample.
        config.time_margin_ms = 5_000;
        config.max_plies = 80;
        config.seed = 7;
        let (summary, reports) = play(&config, mode);
        assert_eq!(summary.tally.games(), 2, "{mode:?}");
        assert_eq!(summary.pentanomial.pairs(), 1, "{mode:?}");
        let [a, b] = [file_of(&reports[0]), file_of(&reports[1])];
        assert_eq!(a.start, b.start, "{mode:?}: one start a pair");
        assert_eq!(tag(&a, "Red"), Some("heuristic"));
        assert_eq!(tag(&a, "Blue"), Some("heuristic"));
        assert_eq!(tag(&b, "Green"), Some("heuristic"));
        assert_eq!(tag(&b, "Yellow"), Some("heuristic"));
        for (r, g) in [(&reports[0], &a), (&reports[1], &b)] {
            assert_eq!(
                r.engines,
                [
                    r.engines[0],
                    1 - r.engines[0],
                    r.engines[0],
                    1 - r.engines[0]
                ]
            );
            assert_eq!(g.entries.len(), r.plies, "{mode:?}");
            assert_eq!(g.start.rules().mode.mode, mode);
            match g.end.outcome() {
                Some(siguo::Outcome::Win { team, .. }) => {
                    assert_eq!(r.winner, Some(team.alliance()), "{mode:?}");
                }
                Some(siguo::Outcome::Draw(_)) => assert_eq!(r.winner, None),
                None => {
                    assert_eq!(r.termination.as_str(), "ply-limit", "{mode:?}");
                    assert_eq!(g.result, ResultToken::Draw);
                }
            }
            assert_eq!(tag(g, "Round"), Some(r.round.to_string().as_str()));
        }
        if mode == SiguoMode::Open {
            continue;
        }
        // Two games, two seats of engine 1 each: four processes, each told one seat.
        let mut files = 0;
        for f in std::fs::read_dir(&spy).unwrap() {
            let text = std::fs::read_to_string(f.unwrap().path()).unwrap();
            let mut seats = std::collections::HashSet::new();
            for line in text.lines() {
                if let Some(state) = line.strip_prefix("position hidden ") {
                    let state: InfoState = state.parse().unwrap_or_else(|e| panic!("{e}: {state}"));
                    assert_eq!(state.rules().mode.mode, mode);
                    seats.insert(state.seat());
                }
                assert!(!line.starts_with("position fen"), "{line}");
            }
            assert!(
                seats.len() <= 1,
                "{mode:?}: one process, one seat: {seats:?}"
            );
            // The match's first start of each engine (its handshake only) is told no seat.
            files += seats.len();
        }
        assert_eq!(files, 4, "{mode:?}");
    }
    let _ = std::fs::remove_dir_all(&spy);
}

/// An engine that crashes, says nothing, floods or answers an illegal action loses the game
/// for its team (a forfeit), with its seat named; the match goes on (`recover`), and the
/// record says it.
#[test]
fn a_broken_engine_loses_for_its_team() {
    for mode in [SiguoMode::Open, SiguoMode::Dark] {
        for (on_go, reason) in [
            ("exit 3", "crash"),
            (":", "timeout"),
            (r#"yes "info string flood""#, "timeout"),
            ("echo bestmove z9z8", "illegal-move"),
            ("echo bestmove 0000", "illegal-move"),
            ("echo bestmove resign-y", "illegal-move"),
        ] {
            let good = engine(4, "random", "good");
            let mut config = MatchConfig::new([broken(on_go), good], 2, TimeControl::MoveTime(20));
            config.time_margin_ms = 200;
            config.move_timeout_ms = 2000;
            config.recover = true;
            let (summary, reports) = play(&config, mode);
            assert_eq!(summary.tally.losses, 2, "{mode:?} {on_go}");
            for r in &reports {
                assert_eq!(r.termination.as_str(), reason, "{mode:?} {on_go}");
                let g = file_of(r);
                let broken_red = tag(&g, "Red") == Some("broken");
                let seat = if broken_red { "red" } else { "green" };
                let detail = tag(&g, "TerminationDetail").unwrap();
                assert!(detail.contains(&format!("broken ({seat})")), "{detail}");
                assert_eq!(tag(&g, "Termination"), Some(reason));
                assert_eq!(
                    g.result,
                    if broken_red {
                        ResultToken::SecondWins
                    } else {
                        ResultToken::FirstWins
                    }
                );
                // Red moves first: the broken engine fails at its first turn.
                assert_eq!(
                    g.entries.len(),
                    usize::from(!broken_red),
                    "{mode:?} {on_go}"
                );
            }
        }
    }
}

/// The clock: a seat that takes longer than its clock (and the margin) loses on time for its
/// team.
#[test]
fn a_seat_past_its_clock_loses_on_time() {
    let slow = broken("sleep 0.3; echo bestmove pass");
    let good = engine(4, "random", "good");
    let mut config = MatchConfig::new(
        [slow, good],
        1,
        TimeControl::Clock {
            base_ms: 200,
            inc_ms: 0,
        },
    );
    config.time_margin_ms = 50;
    let (_, reports) = play(&config, SiguoMode::Open);
    assert_eq!(reports[0].termination.as_str(), "timeout");
    assert!(
        reports[0].detail.contains("broken (red)"),
        "{}",
        reports[0].detail
    );
}
