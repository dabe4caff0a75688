//! The CLI's argument handling under arbitrary arguments (issue 11): every run ends with exit
//! code 0, 1 (an error on stderr) or 2 (a usage error), never a panic, a signal or a hang.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;

/// Words the commands know, values at and past the edges of every range, and junk.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("show".to_owned()),
        Just("moves".to_owned()),
        Just("outcome".to_owned()),
        Just("perft".to_owned()),
        Just("divide".to_owned()),
        Just("svg".to_owned()),
        Just("selfplay".to_owned()),
        Just("replay".to_owned()),
        Just("convert".to_owned()),
        Just("--position".to_owned()),
        Just("--position-file".to_owned()),
        Just("--rules".to_owned()),
        Just("--threads".to_owned()),
        Just("--plies".to_owned()),
        Just("--seed".to_owned()),
        Just("--size".to_owned()),
        Just("--last-move".to_owned()),
        Just("--to".to_owned()),
        Just("--script".to_owned()),
        Just("-".to_owned()),
        Just(String::new()),
        Just("standard".to_owned()),
        Just("ascii".to_owned()),
        Just("traditional".to_owned()),
        Just("/dev/null".to_owned()),
        Just("/dev/zero".to_owned()),
        Just("/nonexistent".to_owned()),
        Just("4k4/9/9/9/9/9/I8/9/9/4K4 r -".to_owned()),
        Just("4k4/9/9/9/9/9/9/9/4I4/9 r - 4294967295 4294967295".to_owned()),
        Just("9/9/9/9/9/9/9/9/9/9 r -".to_owned()),
        Just("3E7d".to_owned()),
        // Numbers: small enough to run quickly where they are accepted, or out of range.
        (0u32..=2).prop_map(|n| n.to_string()),
        Just("21".to_owned()),
        Just("5000".to_owned()),
        Just("-1".to_owned()),
        Just("0".to_owned()),
        Just("99999999999999999999".to_owned()),
        Just("4294967296".to_owned()),
        Just("１".to_owned()),
        // Junk that is never a plain number (a number could ask for a deep perft).
        "[a-zA-Z\\-/.= ]{1,12}",
        "\\PC{1,6}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    #[test]
    fn arbitrary_arguments_never_crash(args in prop::collection::vec(word(), 0..6)) {
        let start = Instant::now();
        let mut child = Command::new(env!("CARGO_BIN_EXE_gjjq"))
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if start.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                panic!("{args:?} still running after 60 s");
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let stderr = child.wait_with_output().unwrap().stderr;
        let stderr = String::from_utf8_lossy(&stderr);
        prop_assert!(!stderr.contains("panicked"), "{:?}: {}", args, stderr);
        prop_assert!(matches!(status.code(), Some(0..=2)), "{:?}: {:?} {}", args, status, stderr);
        if status.code() == Some(1) {
            prop_assert!(stderr.starts_with("error: "), "{:?}: {}", args, stderr);
            prop_assert!(stderr.len() < 2000, "{:?}: {} bytes", args, stderr.len());
        }
    }
}
