//! A fixed-depth search from fixed positions, for instruction counts (`valgrind
//! --tool=callgrind`) and nodes per second: the same tree every run.
//!
//! `cargo run --release -p luzhanqi-engine --example search_bench -- open|flip [DEPTH]`
//! (depth 6 open, 4 flip by default). Prints the nodes, the time and the nodes per second.

use std::time::Instant;

use luzhanqi::Position;
use luzhanqi::flip::FlipPosition;
use luzhanqi_engine::flip::FlipSearchAgent;
use luzhanqi_engine::{Agent, Limits, SearchAgent};

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "open".to_string());
    let depth: Option<u32> = args.next().and_then(|a| a.parse().ok());
    let t = Instant::now();
    let nodes = match mode.as_str() {
        "open" => {
            let pos = Position::default();
            let mut agent = SearchAgent::new(1);
            let c = agent
                .choose(&pos, &[], &Limits::depth(depth.unwrap_or(6)))
                .expect("a legal move");
            println!("{} {} {}", c.mv, c.score, c.depth);
            c.nodes
        }
        "flip" => {
            let pos: FlipPosition =
                "?????/?????/?1?1?/??1??/?1?1?/??js?/??E?P/?1?1?/??1??/?1?1?/?????/????? 1 r \
                 SJDDBBTTYYCCCPPEEZZLLLFddbbttyycccpppeeezzlllf 0 3"
                    .parse()
                    .expect("a flip position");
            let mut agent = FlipSearchAgent::new(1);
            let c = agent
                .choose(&pos, &[], &Limits::depth(depth.unwrap_or(4)))
                .expect("a legal action");
            println!("{} {} {}", c.action, c.score, c.depth);
            c.nodes
        }
        other => {
            eprintln!("unknown mode '{other}' (expected open or flip)");
            std::process::exit(2);
        }
    };
    let s = t.elapsed().as_secs_f64();
    println!("nodes {nodes} time {s:.3} s nps {:.0}", nodes as f64 / s);
}
