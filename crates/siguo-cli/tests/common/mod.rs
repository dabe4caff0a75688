//! Running the `siguo` binary, shared by the command's test files.

use std::process::{Command, Output};

/// The command run with `args`.
pub fn siguo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_siguo"))
        .args(args)
        .output()
        .unwrap()
}

/// The standard output of a run that must succeed (its standard error shown otherwise).
pub fn stdout(args: &[&str]) -> String {
    let out = siguo(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
