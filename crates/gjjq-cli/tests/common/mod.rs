//! What the CLI's integration tests share: running the built `gjjq` and reading its output.
//! (Each test file is its own crate and uses a part of this: unused items are expected.)
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The `gjjq` binary Cargo built for these tests.
pub const GJJQ: &str = env!("CARGO_BIN_EXE_gjjq");

/// Runs `gjjq` with `args` and no input.
pub fn gjjq(args: &[&str]) -> Output {
    Command::new(GJJQ).args(args).output().expect("run gjjq")
}

/// Runs `gjjq` with `args`, writing `input` to its standard input.
pub fn gjjq_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(GJJQ)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gjjq");
    // The command may exit before reading everything (an early error): a broken pipe here
    // is part of what is tested, not a test failure.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// Standard output as text (lossy: a test of bytes reads `o.stdout` itself).
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh directory for one test's files (tests run in parallel, and in several processes).
pub fn test_dir(suite: &str, test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gjjq-{suite}-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
