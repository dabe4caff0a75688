//! `api-dump <crate.json>`: the public API of a library crate, one line per public item with
//! its signature, sorted, read from the crate's rustdoc JSON with the `public-api` library.
//!
//! The lines are what `api/<crate>.txt` records and `.ci/api.sh` compares; blanket impls
//! (`impl<T> From<T> for T` and the like) are left out, auto traits (`Send`, `Sync`, …) and
//! derived impls are kept, since dropping one breaks users.
//!
//! Rustdoc JSON is unstable: each rustdoc emits one `format_version`, and each `public-api`
//! release reads one. When they differ this tool says which and stops.

use std::process::ExitCode;

/// The rustdoc JSON format that the pinned `public-api` reads (its rustdoc-types is 0.57).
const FORMAT_VERSION: u32 = 57;

/// Only the field that tells the format.
#[derive(serde::Deserialize)]
struct Header {
    format_version: u32,
}

fn run(path: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let header: Header = serde_json::from_str(&text)
        .map_err(|e| format!("{path}: not rustdoc JSON (no format_version): {e}"))?;
    if header.format_version != FORMAT_VERSION {
        return Err(format!(
            "{path}: rustdoc JSON format {} but api-dump reads format {FORMAT_VERSION}: pin the \
             public-api release that reads format {} in tools/api-dump/Cargo.toml (and update \
             FORMAT_VERSION in tools/api-dump/src/main.rs)",
            header.format_version, header.format_version
        ));
    }
    let api = public_api::Builder::from_rustdoc_json(path)
        .omit_blanket_impls(true)
        .omit_auto_trait_impls(false)
        .omit_auto_derived_impls(false)
        .sorted(true)
        .build()
        .map_err(|e| format!("{path}: {e}"))?;
    let mut out = String::new();
    for item in api.items() {
        out.push_str(&item.to_string());
        out.push('\n');
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: api-dump <rustdoc JSON of a library crate>");
        return ExitCode::from(2);
    };
    match run(path) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("api-dump: {e}");
            ExitCode::FAILURE
        }
    }
}
