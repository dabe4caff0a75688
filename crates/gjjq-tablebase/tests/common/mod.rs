//! Helpers shared by the tablebase's test files.

// Each test file is its own crate and uses some of these.
#![allow(dead_code)]

use std::path::PathBuf;

use gjjq_core::{Position, Setup};

/// A fresh scratch directory path for one test (removed if a run before left it; not
/// created). The process id keeps test binaries run at once apart.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gjjq-tb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The position of a position string.
pub fn pos(s: &str) -> Position {
    Position::from_setup(s.parse::<Setup>().unwrap()).unwrap()
}
