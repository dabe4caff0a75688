//! 四暗 and 雙明 with a referee (L-63 … L-65): announcements, information states, worlds.

use luzhanqi::deploy::Deployment;
use luzhanqi::rand::rngs::StdRng;
use luzhanqi::rand::{Rng, SeedableRng};
use luzhanqi::{AttackOutcome, Kind};
use proptest::prelude::*;
use siguo::dark::{DarkGame, Event, InfoState, InfoStateError, World, WorldSampler, check_world};
use siguo::{Point, Position, Rules, Seat};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn rules(json: &str) -> Rules {
    Rules::from_json(json).unwrap()
}

/// Four seeded uniform deployments (L-58), Red first.
fn opening(seed: u64, rules: Rules) -> (Position, [Deployment; 4]) {
    let mut rng = StdRng::seed_from_u64(seed);
    let d: [Deployment; 4] = std::array::from_fn(|_| Deployment::random(&mut rng));
    let pos = siguo::deploy::opening([&d[0], &d[1], &d[2], &d[3]], Seat::Red, rules).unwrap();
    (pos, d)
}

fn random_game(seed: u64, rules: Rules, plies: usize) -> DarkGame {
    let (pos, _) = opening(seed, rules);
    let mut g = DarkGame::new(pos).unwrap();
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..plies {
        if g.position().outcome().is_some() {
            break;
        }
        g.play_random(&mut rng).unwrap();
    }
    g
}

/// Small positions: marshals meet on k9–l9; every seat keeps a flag (L-59).
const MEET: &str = "3bF1/2bE2/5/5/5/5/15/yF11/1yE6rSgS5/11gF/14gE/5/5/5/5/rE4/1rF3 r rgby 0 1";
const SCOUT: &str = "3bF1/2bE2/5/5/5/5/15/yF11/1yE6rEgS5/11gF/14gE/5/5/5/5/rE4/1rF3 r rgby 0 1";

/// L-63: a 司令 removed shows its seat's flag point to all four; both marshals died here.
#[test]
fn marshal_death_shows_the_flag() {
    let pos = Position::from_text(MEET, Rules::STANDARD).unwrap();
    let mut g = DarkGame::new(pos).unwrap();
    let a = g
        .play(g.position().find_action("k9l9").unwrap())
        .unwrap()
        .clone();
    assert_eq!(a.result, Some(AttackOutcome::BothRemoved));
    assert_eq!(
        a.flags,
        vec![(Seat::Red, pt("h1")), (Seat::Green, pt("q8"))]
    );
    assert_eq!(a.to_string(), "r k9l9 x= flag:r:h1 flag:g:q8 next:g");
    let blue = g.info_state(Seat::Blue).view();
    assert_eq!(blue.flag_shown(Seat::Green), Some(pt("q8")));
    assert_eq!(blue.at(pt("q8")).unwrap().kind, Some(Kind::Flag));
    // Option off: nothing shown.
    let off = rules(r#"{"marshal_reveals_flag":false}"#);
    let mut g = DarkGame::new(Position::from_text(MEET, off).unwrap()).unwrap();
    let a = g.play(g.position().find_action("k9l9").unwrap()).unwrap();
    assert!(a.flags.is_empty());
}

/// L-65: an engineer's attack shows the defender's kind to all four, and a defender that
/// stays is seen for the rest of the game; without the option nothing is shown (L-63).
#[test]
fn engineer_scout_shows_the_defender() {
    let on = rules(r#"{"engineer_scout":true}"#);
    let mut g = DarkGame::new(Position::from_text(SCOUT, on).unwrap()).unwrap();
    let a = g
        .play(g.position().find_action("k9l9").unwrap())
        .unwrap()
        .clone();
    assert_eq!(a.to_string(), "r k9l9 x- =S next:g");
    for seat in Seat::ALL {
        let v = g.info_state(seat).view();
        assert_eq!(v.at(pt("l9")).unwrap().kind, Some(Kind::Marshal), "{seat}");
    }
    let mut g = DarkGame::new(Position::from_text(SCOUT, Rules::STANDARD).unwrap()).unwrap();
    let a = g.play(g.position().find_action("k9l9").unwrap()).unwrap();
    assert_eq!(a.shown, None);
    assert_eq!(
        g.info_state(Seat::Red).view().at(pt("l9")).unwrap().kind,
        None
    );
}

/// L-63, L-64: what each seat is shown at the start.
#[test]
fn what_each_seat_sees() {
    let (pos, _) = opening(1, Rules::STANDARD);
    let g = DarkGame::new(pos.clone()).unwrap();
    let red = g.info_state(Seat::Red).view();
    assert!(red.at(pt("g1")).unwrap().kind.is_some());
    for p in ["g17", "q7", "a7"] {
        assert_eq!(red.at(pt(p)).unwrap().kind, None, "四暗 hides {p}");
    }
    let dbl = rules(r#"{"mode":"double_open"}"#);
    let g = DarkGame::new(Position::from_text(&pos.to_string(), dbl).unwrap()).unwrap();
    let red = g.info_state(Seat::Red).view();
    assert!(
        red.at(pt("g17")).unwrap().kind.is_some(),
        "雙明 shows the ally"
    );
    assert_eq!(red.at(pt("q7")).unwrap().kind, None);
    let open = rules(r#"{"mode":"open"}"#);
    let g = DarkGame::new(Position::from_text(&pos.to_string(), open).unwrap()).unwrap();
    assert!(
        g.info_state(Seat::Red)
            .view()
            .at(pt("a7"))
            .unwrap()
            .kind
            .is_some()
    );
    // L-63: dark play has no flag_capture after_mines.
    let am = Rules::from_json(r#"{"flag_capture":"after_mines"}"#).unwrap();
    assert!(DarkGame::new(Position::from_text(&pos.to_string(), am).unwrap()).is_err());
}

/// Surrender, passes and seats going out are announced (L-63); `frozen` pieces stay seen.
#[test]
fn surrender_pass_and_out_announced() {
    let r = rules(r#"{"surrender_after":0,"pass_limit":1,"out_pieces":"frozen"}"#);
    let (pos, _) = opening(2, r);
    let mut g = DarkGame::new(pos).unwrap();
    let a = g.play(siguo::Action::Pass).unwrap().to_string();
    assert_eq!(a, "r pass next:g");
    let a = g.surrender(Seat::Blue).unwrap().to_string();
    assert_eq!(a, "b resign out:b:resigned next:g");
    let v = g.info_state(Seat::Green).view();
    assert!(!v.in_play(Seat::Blue));
    assert!(v.at(pt("g17")).is_some(), "frozen pieces stay as seen");
    let r = rules(r#"{"surrender_after":0}"#);
    let (pos, _) = opening(2, r);
    let mut g = DarkGame::new(pos).unwrap();
    g.surrender(Seat::Blue).unwrap();
    assert!(
        g.info_state(Seat::Green).view().at(pt("g17")).is_none(),
        "removed unseen"
    );
    let a = g.surrender(Seat::Red).unwrap().to_string();
    assert_eq!(
        a,
        "r resign out:r:resigned next:g end:green-yellow:resigned"
    );
}

/// The text form round-trips at every ply, for every seat, and reading errors say where.
#[test]
fn info_state_text_round_trips() {
    let g = random_game(3, rules(r#"{"pass_limit":2,"engineer_scout":true}"#), 120);
    for seat in Seat::ALL {
        let s = g.info_state(seat);
        let text = s.to_string();
        let back: InfoState = text.parse().unwrap();
        assert_eq!(back, s);
        assert_eq!(back.to_string(), text);
        assert_eq!(s.view(), back.view());
    }
    let text = g.info_state(Seat::Red).to_string();
    assert_eq!(
        text.replacen("siguo-info r", "siguo-info x", 1)
            .parse::<InfoState>(),
        Err(InfoStateError::Header)
    );
    // Showing a hidden kind is refused with its point.
    let green_hidden = text.find("g?").unwrap();
    let mut bad = text.clone();
    bad.replace_range(green_hidden..green_hidden + 2, "gS");
    assert!(matches!(
        bad.parse::<InfoState>(),
        Err(InfoStateError::Visibility { .. })
    ));
    // An announcement out of turn is refused with its line.
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(3, 4);
    assert!(matches!(
        lines.join("\n").parse::<InfoState>(),
        Err(InfoStateError::Replay { line: 4, .. })
    ));
    let mut bad: Vec<&str> = text.lines().collect();
    bad[5] = "r g6g7 x* next:g";
    assert!(matches!(
        bad.join("\n").parse::<InfoState>(),
        Err(InfoStateError::Announcement { line: 6, .. })
    ));
}

/// A seat's information state is unchanged when only hidden kinds of the others change: two
/// Green pieces that never moved and were never attacked swap kinds, the game replays the
/// same, and Red's and Blue's states are equal while Green's differs (L-63).
#[test]
fn hidden_kinds_do_not_leak() {
    let r = Rules::STANDARD;
    let (pos, d) = opening(4, r);
    let mut g = DarkGame::new(pos).unwrap();
    let mut rng = StdRng::seed_from_u64(44);
    for _ in 0..40 {
        if g.position().outcome().is_some() {
            break;
        }
        g.play_random(&mut rng).unwrap();
    }
    // Ids of Green's pieces still on their first point and never attacked.
    let view = g.info_state(Seat::Green).view();
    let untouched: Vec<(usize, Kind)> = (0..25)
        .filter_map(|i| {
            let sq = luzhanqi::deploy::OWN_POINTS[i];
            let p = Point::from_own(Seat::Green, sq.file() + 1, sq.rank()).unwrap();
            let at = view.at(p)?;
            let involved = g.history().iter().any(|a| match a.event {
                Event::Move { mv, .. } => mv.from == p || mv.to == p,
                _ => false,
            });
            (at.id == p
                && !involved
                && (Kind::Marshal.index()..=Kind::Engineer.index())
                    .contains(&d[1].pieces[i].index()))
            .then_some((i, d[1].pieces[i]))
        })
        .collect();
    let (i, ki) = untouched[0];
    let (j, _) = *untouched.iter().find(|(_, k)| *k != ki).unwrap();
    let mut swapped = d[1];
    swapped.pieces.swap(i, j);
    let red = g.info_state(Seat::Red);
    let world = World {
        deployments: [None, Some(swapped), Some(d[2]), Some(d[3])],
    };
    let other = check_world(&red, &world).unwrap();
    assert_eq!(other.info_state(Seat::Red).to_string(), red.to_string());
    assert_eq!(
        siguo::dark::record::seat_record(&other.info_state(Seat::Red)).unwrap(),
        siguo::dark::record::seat_record(&red).unwrap()
    );
    assert_eq!(other.info_state(Seat::Blue), g.info_state(Seat::Blue));
    assert_ne!(other.info_state(Seat::Green), g.info_state(Seat::Green));
    assert_ne!(
        siguo::dark::record::referee_record(&other).unwrap(),
        siguo::dark::record::referee_record(&g).unwrap()
    );
}

/// Distribution test (stated): Red's 旅長 on k6 attacks Green's front piece on l7 (Green's own
/// a6) across the arc and is removed, so that piece is a 司令, 軍長 or 師長 (L-11; no bomb or
/// landmine stands on a front row, L-17). Those kinds are exchangeable on the point under
/// the uniform deployment draw (L-18), so the exact marginals are their counts over 4:
/// 1/4, 1/4, 1/2. 1,200 draws; Pearson's χ² with 2 degrees of freedom below 13.8 (p = 0.001,
/// seeded, so the test is deterministic). The other kinds never come out.
#[test]
fn sampler_marginals_after_an_attack() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut d: [Deployment; 4] = std::array::from_fn(|_| Deployment::random(&mut rng));
    let e6 = luzhanqi::deploy::OWN_POINTS
        .iter()
        .position(|s| s.to_string() == "e6")
        .unwrap();
    let a6 = luzhanqi::deploy::OWN_POINTS
        .iter()
        .position(|s| s.to_string() == "a6")
        .unwrap();
    let put = |d: &mut Deployment, at: usize, k: Kind| {
        let j = d.pieces.iter().position(|x| *x == k).unwrap();
        d.pieces.swap(at, j);
    };
    put(&mut d[0], e6, Kind::Brigade);
    put(&mut d[1], a6, Kind::Division);
    d[0].check().unwrap();
    d[1].check().unwrap();
    let pos =
        siguo::deploy::opening([&d[0], &d[1], &d[2], &d[3]], Seat::Red, Rules::STANDARD).unwrap();
    let mut g = DarkGame::new(pos).unwrap();
    let a = g.play(g.position().find_action("k6l7").unwrap()).unwrap();
    assert_eq!(a.result, Some(AttackOutcome::AttackerRemoved));
    let s = WorldSampler::new(&g.info_state(Seat::Red)).unwrap();
    assert_eq!(s.hidden(), &[Seat::Green, Seat::Blue, Seat::Yellow]);
    let mut counts = [0u32; 12];
    let n = 1200;
    for _ in 0..n {
        let w = s.draw(&mut rng, 1_000_000).unwrap();
        counts[w.deployments[1].as_ref().unwrap().pieces[a6].index()] += 1;
    }
    let cells = [
        (Kind::Marshal, 0.25),
        (Kind::General, 0.25),
        (Kind::Division, 0.5),
    ];
    let seen: u32 = cells.iter().map(|(k, _)| counts[k.index()]).sum();
    assert_eq!(seen, n, "only 司令, 軍長, 師長: {counts:?}");
    let chi2: f64 = cells
        .iter()
        .map(|(k, p)| {
            let e = f64::from(n) * p;
            (f64::from(counts[k.index()]) - e).powi(2) / e
        })
        .sum();
    assert!(chi2 < 13.8, "χ² {chi2}: {counts:?}");
    // The same marginals through `marginals`, within five standard errors (400 draws).
    let m = s.marginals(&mut rng, 400, 1_000_000).unwrap();
    let l7 = m.iter().find(|(p, _)| *p == pt("l7")).unwrap().1;
    for (k, p) in cells {
        let se = (p * (1.0 - p) / 400.0).sqrt();
        assert!(
            (l7[k.index()] - p).abs() < 5.0 * se,
            "{k:?}: {}",
            l7[k.index()]
        );
    }
    assert_eq!(m.len(), 75);
}

/// Beliefs weight the draw: a piece believed never to be a 司令 is not one.
#[test]
fn beliefs_weight_the_draw() {
    let (pos, _) = opening(6, Rules::STANDARD);
    let g = DarkGame::new(pos).unwrap();
    let mut w = [1.0; 12];
    w[Kind::Marshal.index()] = 0.0;
    let id = pt("l7");
    let b = siguo::dark::Beliefs::uniform().with(id, w);
    let s = WorldSampler::with_beliefs(&g.info_state(Seat::Red), &b).unwrap();
    let mut rng = StdRng::seed_from_u64(6);
    let a6 = luzhanqi::deploy::OWN_POINTS
        .iter()
        .position(|s| s.to_string() == "a6")
        .unwrap();
    let mut marshal = 0;
    for _ in 0..200 {
        let w = s.draw(&mut rng, 1_000_000).unwrap();
        if w.deployments[1].as_ref().unwrap().pieces[a6] == Kind::Marshal {
            marshal += 1;
        }
    }
    assert_eq!(marshal, 0);
    let bad = siguo::dark::Beliefs::uniform().with(id, [0.0; 12]);
    assert!(WorldSampler::with_beliefs(&g.info_state(Seat::Red), &bad).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The one-line form (`position hidden`, issue 53 item 2) round-trips for every seat, mode
    /// and length of game, holds no line end, reads the same as the text form, and its
    /// errors name the same item as the text form's.
    #[test]
    fn one_line_info_states_round_trip(seed in 0u64..1000, plies in 0usize..200, mode in 0usize..3, passes in 0u8..3) {
        let json = format!(
            r#"{{"mode":"{}","pass_limit":{passes}}}"#,
            ["dark", "double_open", "open"][mode]
        );
        let g = random_game(seed, rules(&json), plies);
        for seat in Seat::ALL {
            let state = g.info_state(seat);
            let line = state.one_line();
            prop_assert!(!line.contains('\n'));
            prop_assert_eq!(line.split(" | ").count(), 3 + state.history().len());
            let back: InfoState = line.parse().unwrap();
            prop_assert_eq!(&back, &state);
            prop_assert_eq!(back.one_line(), line.clone());
            // As `position hidden` hands it on (words joined by single blanks): the same.
            let words = line.split_whitespace().collect::<Vec<_>>().join(" ");
            prop_assert_eq!(words.parse::<InfoState>().unwrap(), state.clone());
            // An error names the item, as in the text form.
            let text = state.to_string();
            let bad_line = line.replacen(" | start ", " | begin ", 1);
            let bad_text = text.replacen("\nstart ", "\nbegin ", 1);
            prop_assert_eq!(bad_line.parse::<InfoState>(), bad_text.parse::<InfoState>());
        }
    }

    /// Every drawn world replays to the same information state (四暗 and 雙明), and the true
    /// world is among the consistent ones.
    #[test]
    fn drawn_worlds_replay(seed in 0u64..1000, plies in 0usize..24, double in any::<bool>(), scout in any::<bool>()) {
        let json = format!(
            r#"{{"mode":"{}","engineer_scout":{scout}}}"#,
            if double { "double_open" } else { "dark" }
        );
        let g = random_game(seed, rules(&json), plies);
        let mut rng = StdRng::seed_from_u64(seed);
        let seat = Seat::from_index(rng.random_range(0..4));
        let state = g.info_state(seat);
        let s = WorldSampler::new(&state).unwrap();
        prop_assert_eq!(s.hidden().len(), if double { 2 } else { 3 });
        for _ in 0..3 {
            let w = s.draw(&mut rng, 5_000_000).unwrap();
            let replayed = check_world(&state, &w).unwrap();
            prop_assert_eq!(replayed.info_state(seat), state.clone());
        }
        // The true world is one of the consistent ones.
        let (_, d) = opening(seed, rules(&json));
        let truth = World {
            deployments: std::array::from_fn(|i| {
                s.hidden().contains(&Seat::from_index(i)).then_some(d[i])
            }),
        };
        prop_assert!(check_world(&state, &truth).is_ok());
    }

    /// The domains are sound (every inference one piece at a time, L-17's limits, engineer
    /// scouting L-65, a 司令's flag L-63): after up to 300 random plies, every hidden piece's
    /// true kind lies in its domain, and the sampler is built (no `NoWorld`).
    #[test]
    fn true_kinds_lie_in_their_domains(seed in 0u64..1000, plies in 0usize..300, double in any::<bool>(), scout in any::<bool>(), reveal in any::<bool>()) {
        let json = format!(
            r#"{{"mode":"{}","engineer_scout":{scout},"marshal_reveals_flag":{reveal}}}"#,
            if double { "double_open" } else { "dark" }
        );
        let g = random_game(seed, rules(&json), plies);
        let (_, d) = opening(seed, rules(&json));
        for seat in Seat::ALL {
            let s = WorldSampler::new(&g.info_state(seat)).unwrap();
            for &h in s.hidden() {
                for (i, sq) in luzhanqi::deploy::OWN_POINTS.iter().enumerate() {
                    let id = Point::from_own(h, sq.file() + 1, sq.rank()).unwrap();
                    let dom = s.domain(id).unwrap();
                    prop_assert!(dom.contains(d[h.index()].pieces[i]), "{h} {id}: {dom}");
                }
            }
        }
    }
}

/// L-61, L-63: the referee's record is a `[Game "siguo"]` file that replays to the same
/// position; each seat's record is one too, holds no hidden kind (no `Setup` tag, `?` for
/// every hidden piece) and reads back to the seat's information state.
#[test]
fn records_round_trip() {
    use siguo::dark::record::{read_seat_record, referee_record, seat_record};
    let g = random_game(7, rules(r#"{"pass_limit":1,"surrender_after":0}"#), 150);
    let text = referee_record(&g).unwrap();
    let games = siguo::game_file::read_games(&text);
    let back = games[0].as_ref().unwrap();
    assert_eq!(back.end.to_string(), g.position().to_string());
    for seat in Seat::ALL {
        let state = g.info_state(seat);
        let rec = seat_record(&state).unwrap();
        assert!(rec.starts_with("[Game \"siguo\"]\n"));
        assert!(!rec.contains("[Setup"));
        assert_eq!(read_seat_record(&rec).unwrap(), state, "{rec}");
        // The record is also a game file the family's grammar reads.
        let mut reader = junqi_gamefile::GameReader::new(rec.as_bytes());
        assert!(
            reader
                .read_with(&mut junqi_gamefile::Discard)
                .unwrap()
                .is_ok()
        );
    }
    let rec = seat_record(&g.info_state(Seat::Red)).unwrap();
    let first_comment = rec.find(" {").unwrap();
    let mut bad = rec.clone();
    bad.replace_range(first_comment..first_comment + 2, " {x+ ");
    assert!(read_seat_record(&bad).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Reading never panics: any byte of a valid information state (or of a seat's record)
    /// changed to any character gives a state or a typed error.
    #[test]
    fn mutated_info_states_read_without_panic(at in 0usize..4000, c in any::<char>(), cut in any::<bool>()) {
        use std::sync::OnceLock;
        static TEXT: OnceLock<(String, String)> = OnceLock::new();
        let (info, rec) = TEXT.get_or_init(|| {
            let g = random_game(8, rules(r#"{"pass_limit":1,"engineer_scout":true}"#), 40);
            let s = g.info_state(Seat::Yellow);
            (s.to_string(), siguo::dark::record::seat_record(&s).unwrap())
        });
        for text in [info, rec] {
            let mut chars: Vec<char> = text.chars().collect();
            let i = at % chars.len();
            if cut { chars.truncate(i); } else { chars[i] = c; }
            let t: String = chars.into_iter().collect();
            let _ = t.parse::<InfoState>();
            let _ = siguo::dark::record::read_seat_record(&t);
        }
    }
}

/// The sampler's per-piece domains are sound (the true kinds lie in them) and use L-46/L-47:
/// a move no non-engineer could make (a turn on the railway, a run past a bend other than
/// an arc) leaves its piece the single kind 工兵.
#[test]
fn domains_are_sound_and_see_engineers() {
    let mut engineers = 0;
    for seed in 0..6 {
        let g = random_game(seed, Rules::STANDARD, 60);
        let (_, d) = opening(seed, Rules::STANDARD);
        for seat in Seat::ALL {
            let state = g.info_state(seat);
            let s = WorldSampler::new(&state).unwrap();
            // Pieces that took part in an attack: their domains may narrow by combat too.
            let mut fought = Vec::new();
            for (k, a) in state.history().iter().enumerate() {
                if let (Event::Move { mv, .. }, true) = (a.event, a.is_attack()) {
                    let v = state.truncated(k).view();
                    fought.push(v.at(mv.from).unwrap().id);
                    fought.push(v.at(mv.to).unwrap().id);
                }
            }
            for &h in s.hidden() {
                for (i, kind) in d[h.index()].pieces.iter().enumerate() {
                    let sq = luzhanqi::deploy::OWN_POINTS[i];
                    let id = Point::from_own(h, sq.file() + 1, sq.rank()).unwrap();
                    let dom = s.domain(id).unwrap();
                    assert!(
                        dom.contains(*kind),
                        "seed {seed} {seat}: {id} is {kind:?}, not in {dom:?}"
                    );
                    if dom.single() == Some(Kind::Engineer) && !fought.contains(&id) {
                        engineers += 1;
                    }
                }
            }
        }
    }
    assert!(engineers > 0, "no engineer recognised by its path");
}

/// A seat's seen board is the position string (L-59) with the kind letter of each piece it
/// may not see written `?` (L-63, L-64): its own kinds in 四暗, its ally's too in 雙明.
#[test]
fn seen_board_text_is_the_position_string_with_hidden_kinds_as_question_marks() {
    use siguo::SiguoMode;
    use siguo::dark::SeenBoard;
    let (pos, _) = opening(11, rules(r#"{"pass_limit":2}"#));
    let text = pos.to_string();
    assert!(text.ends_with(" r rgby 0 1 0000"), "{text}");
    let hide = |shown: &[char]| {
        let mut out = String::new();
        let mut hidden = false;
        for c in text.chars() {
            out.push(if hidden { '?' } else { c });
            hidden = !hidden && "rgby".contains(c) && !shown.contains(&c) && c != ' ';
            if out.ends_with(' ') {
                // Past the board: the fields are written as they are.
                out.push_str(&text[out.len()..]);
                break;
            }
        }
        out
    };
    let dark = SeenBoard::of(&pos, Seat::Green, SiguoMode::Dark).to_string();
    assert_eq!(dark, hide(&['g']));
    assert!(dark.contains("b?") && dark.contains("gF") && !dark.contains("g?"));
    let double = SeenBoard::of(&pos, Seat::Green, SiguoMode::DoubleOpen).to_string();
    assert_eq!(double, hide(&['g', 'y']));
    assert_eq!(
        SeenBoard::of(&pos, Seat::Green, SiguoMode::Open).to_string(),
        text
    );
}

/// The referee judges L-56's repetition and announces the draw; without the option the same
/// shuttle plays on.
#[test]
fn referee_announces_repetition() {
    let text = "3bF1/5/5/2bS2/5/5/15/yF11/1yS8gS4/11gF/15/5/5/2rS2/5/5/1rF3 r rgby 0 1";
    let shuttle = [
        "i4i5", "m9m10", "i14i13", "b9b10", "i5i4", "m10m9", "i13i14", "b10b9",
    ];
    let play = |r: Rules| {
        let mut g = DarkGame::new(Position::from_text(text, r).unwrap()).unwrap();
        let mut last = String::new();
        for m in shuttle {
            let a = g.position().find_action(m).unwrap();
            last = g.play(a).unwrap().to_string();
        }
        (g, last)
    };
    let (g, last) = play(rules(r#"{"repetition":2}"#));
    assert_eq!(last, "y b10b9 next:r end:draw:repetition");
    assert!(g.position().legal_actions().is_empty());
    let (g, last) = play(Rules::STANDARD);
    assert_eq!(last, "y b10b9 next:r");
    assert_eq!(g.position().outcome(), None);
}

/// An information state read from text may show a flag where a hidden piece has just moved
/// (the text's shape allows it): the sampler answers that no kind fits that piece (it moved,
/// and is a flag), instead of panicking on the point it looked up before the move.
#[test]
fn sampler_refuses_a_flag_shown_where_a_piece_moved() {
    let (pos, _) = opening(5, Rules::STANDARD);
    let g = DarkGame::new(pos).unwrap();
    let mut text = g.info_state(Seat::Red).to_string();
    text.push_str("r g6g7 next:g\ng l9k9 flag:g:k9 next:b\n");
    let s: InfoState = text.parse().unwrap();
    assert_eq!(
        WorldSampler::new(&s).err(),
        Some(siguo::dark::WorldError::Inconsistent(pt("l9")))
    );
}

/// A seat whose pieces each have a kind left, but no deployment of them (L-5: one flag):
/// Green's flag shown on both of its headquarters (a state read from text may say so) leaves
/// each of those pieces the flag, so no Green army fits and the sampler says which seat, at
/// once, instead of exhausting a draw's budget.
#[test]
fn sampler_says_no_world_when_a_seat_has_no_deployment() {
    let (pos, _) = opening(5, Rules::STANDARD);
    let g = DarkGame::new(pos).unwrap();
    let hq = [2, 4].map(|f| Point::from_own(Seat::Green, f, 1).unwrap());
    let mut text = g.info_state(Seat::Red).to_string();
    text.push_str(&format!(
        "r g6g7 flag:g:{} flag:g:{} next:g\n",
        hq[0], hq[1]
    ));
    let s: InfoState = text.parse().unwrap();
    let err = WorldSampler::new(&s).err();
    assert_eq!(err, Some(siguo::dark::WorldError::NoWorld(Seat::Green)));
    assert_eq!(
        err.unwrap().to_string(),
        "no deployment of green fits what was announced"
    );
    // One flag shown on a headquarters leaves Green deployments: that piece is the flag.
    let mut text = g.info_state(Seat::Red).to_string();
    text.push_str(&format!("r g6g7 flag:g:{} next:g\n", hq[0]));
    let s = WorldSampler::new(&text.parse().unwrap()).unwrap();
    assert_eq!(
        s.domain(hq[0]),
        Some(luzhanqi::dark::KindSet::only(Kind::Flag))
    );
    assert!(s.count(Seat::Green).unwrap() > 0);
}

/// With no hidden seat (全明) a state whose replay fails (read from text with a result the
/// board does not give) exhausts the budget instead of trying forever.
#[test]
fn a_draw_with_nothing_hidden_still_counts_its_tries() {
    let open = rules(r#"{"mode":"open"}"#);
    let pos = Position::from_text(MEET, open).unwrap();
    let g = DarkGame::new(pos).unwrap();
    let mut text = g.info_state(Seat::Red).to_string();
    text.push_str("r k9l9 x+ next:g\n");
    let s = WorldSampler::new(&text.parse().unwrap()).unwrap();
    assert!(s.hidden().is_empty());
    let mut rng = StdRng::seed_from_u64(1);
    assert_eq!(
        s.draw(&mut rng, 10).err(),
        Some(siguo::dark::WorldError::Exhausted(10))
    );
}
