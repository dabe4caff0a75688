//! Runs `tests/data/positions.perft` (see its header) under a node budget per entry, so CI
//! stays fast: entries above the budget are skipped unless `GJJQ_PERFT_BUDGET` raises it.

use gjjq_core::{Position, Ruleset, Setup, perft};

struct Entry {
    id: String,
    position: String,
    rules: Ruleset,
    counts: Vec<(u32, u64)>,
}

fn parse_suite(text: &str) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("line {}: no value", n + 1));
        match key {
            "id" => out.push(Entry {
                id: rest.to_owned(),
                position: String::new(),
                rules: Ruleset::STANDARD,
                counts: Vec::new(),
            }),
            "position" => out.last_mut().expect("id first").position = rest.to_owned(),
            "rules" => {
                out.last_mut().expect("id first").rules =
                    serde_json::from_str(rest).expect("ruleset json")
            }
            "perft" => {
                let (d, nodes) = rest.split_once(' ').expect("depth and nodes");
                out.last_mut()
                    .expect("id first")
                    .counts
                    .push((d.parse().unwrap(), nodes.parse().unwrap()));
            }
            other => panic!("line {}: unknown key {other}", n + 1),
        }
    }
    out
}

#[test]
fn perft_suite() {
    let budget: u64 = std::env::var("GJJQ_PERFT_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8_000_000);
    let suite = parse_suite(include_str!("data/positions.perft"));
    assert!(suite.len() >= 20, "the suite has {} entries", suite.len());
    let mut checked = 0;
    for e in &suite {
        let setup: Setup = e
            .position
            .parse()
            .unwrap_or_else(|err| panic!("{}: {err}", e.id));
        let pos = Position::from_setup_with(setup, e.rules)
            .unwrap_or_else(|err| panic!("{}: {err}", e.id));
        assert_eq!(
            pos.to_string().split(' ').next(),
            e.position.split(' ').next()
        );
        for &(depth, nodes) in &e.counts {
            if nodes > budget {
                continue;
            }
            assert_eq!(perft(&pos, depth), nodes, "{} perft {depth}", e.id);
            checked += 1;
        }
    }
    assert!(checked >= 50, "only {checked} counts within the budget");
}
