//! Generation figures (release build): `cargo test -p gjjq-tablebase --release --test measure
//! -- --ignored --nocapture`, endings from `GJJQ_TB_ENDINGS` (comma separated).

use gjjq_tablebase::{Ending, Tablebase, Value};

#[test]
#[ignore = "measures generation; run by hand in a release build"]
fn measure_generation() {
    let mut list = std::env::var("GJJQ_TB_ENDINGS").unwrap_or_else(|_| "IvK,DvK,IvI".to_owned());
    if list == "all2" {
        // Every ending of at most 2 units, one-unit endings first.
        let kinds = ["G", "M", "F", "P", "A", "D", "I"];
        let mut names = Vec::new();
        for k in kinds {
            names.push(format!("{k}vK"));
            names.push(format!("Kv{k}"));
        }
        for (i, a) in kinds.iter().enumerate() {
            for b in &kinds[i..] {
                names.push(format!("{a}{b}vK"));
                names.push(format!("Kv{a}{b}"));
            }
            for b in kinds {
                names.push(format!("{a}v{b}"));
            }
        }
        list = names.join(",");
    }
    let mut tb = Tablebase::new();
    let threads = rayon::current_num_threads();
    println!("threads {threads}");
    for name in list.split(',') {
        let ending: Ending = name.trim().parse().unwrap();
        for s in tb.generate(&ending).unwrap() {
            let (_, words) = tb.raw(&s.ending).unwrap();
            let (mut w, mut d, mut l) = ([0usize; 2], [0usize; 2], [0usize; 2]);
            for (i, &word) in words.iter().enumerate() {
                let side = i % 2;
                match gjjq_tablebase_decode(word) {
                    Some(Value::Win(_)) => w[side] += 1,
                    Some(Value::Draw) => d[side] += 1,
                    Some(Value::Loss(_)) => l[side] += 1,
                    None => {}
                }
            }
            println!(
                "{} index {} positions {} {:.3}s {:.0} pos/s longest win {} | red to move w/d/l {}/{}/{} | green to move w/d/l {}/{}/{}",
                s.ending,
                s.index_size,
                s.positions,
                s.seconds,
                s.positions as f64 / s.seconds.max(1e-9),
                s.longest_win,
                w[0],
                d[0],
                l[0],
                w[1],
                d[1],
                l[1]
            );
        }
    }
}

fn gjjq_tablebase_decode(w: u16) -> Option<Value> {
    match w >> 14 {
        0 if w == 0 => Some(Value::Draw),
        2 => Some(Value::Win(w & 0x3FFF)),
        1 => Some(Value::Loss(w & 0x3FFF)),
        _ => None,
    }
}

#[test]
#[ignore = "prints index sizes; run by hand"]
fn index_sizes() {
    for units in 1..=3 {
        let all = Ending::all_up_to(units);
        let (mut plain, mut folded) = (0usize, 0usize);
        for e in &all {
            let index = gjjq_tablebase::EndingIndex::new(*e);
            plain += index.plain_size();
            folded += index.size();
        }
        println!(
            "<= {units} units: {} endings, plain index {plain} words, folded {folded} words ({:.2}x smaller)",
            all.len(),
            plain as f64 / folded as f64
        );
    }
}

/// Both generators side by side in one run, on the same endings with the same sub-tables
/// (generated first, not timed): `GJJQ_TB_ENDINGS=PvP,AAvM,IIvD,FMvI RAYON_NUM_THREADS=1
/// cargo test -p gjjq-tablebase --release --test measure -- --ignored --nocapture
/// side_by_side`. Each ending's two tables are compared word for word.
#[test]
#[ignore = "measures both generators; run by hand in a release build"]
fn side_by_side() {
    let list = std::env::var("GJJQ_TB_ENDINGS").unwrap_or_else(|_| "PvP,AAvM,IIvD,FMvI".to_owned());
    println!("threads {}", rayon::current_num_threads());
    for name in list.split(',') {
        let ending: Ending = name.trim().parse().unwrap();
        let mut subs = Tablebase::new();
        for sub in ending.sub_endings() {
            subs.generate(&sub).unwrap();
        }
        // Processor time of the process (the machine may be shared), wall time where the
        // system does not tell it.
        let mut fast = subs.clone();
        let t = cpu_seconds();
        fast.generate(&ending).unwrap();
        let fast_s = cpu_seconds() - t;
        let mut slow = subs.clone();
        let t = cpu_seconds();
        slow.generate_reference(&ending).unwrap();
        let slow_s = cpu_seconds() - t;
        let (_, a) = fast.raw(&ending).unwrap();
        let (_, b) = slow.raw(&ending).unwrap();
        let positions = a.iter().filter(|&&w| w != 0xFFFF).count();
        println!(
            "{ending}: {positions} positions | generator {fast_s:.3}s (processor time) {:.0} pos/s | reference {slow_s:.3}s {:.0} pos/s | {:.1}x | identical {}",
            positions as f64 / fast_s,
            positions as f64 / slow_s,
            slow_s / fast_s,
            a == b
        );
        let diffs: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        let (index, _) = fast.raw(&ending).unwrap();
        for &i in diffs.iter().take(8) {
            println!(
                "  {i}: {:?} generator {:#06x} reference {:#06x}",
                index.position(i).map(|p| p.to_string()),
                a[i],
                b[i]
            );
        }
        assert!(diffs.is_empty(), "{ending}: {} words differ", diffs.len());
    }
}

/// The process's processor time in seconds (user and system, from `/proc/self/stat`), or the
/// wall time since the first call where that file is missing.
fn cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    let start = *START.get_or_init(std::time::Instant::now);
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            // Fields after the command name (which is in parentheses): utime is the 12th.
            let rest = &s[s.rfind(')')? + 2..];
            let f: Vec<&str> = rest.split_whitespace().collect();
            let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        })
        .unwrap_or_else(|| start.elapsed().as_secs_f64())
}
