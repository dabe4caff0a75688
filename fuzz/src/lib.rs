//! Helpers shared by the fuzz targets: turning arbitrary bytes into rulesets and valid
//! positions.
//!
//! The positions are built by `gjjq_test_support::valid_setup`, which holds the R-26 placement
//! rules for the tests and the fuzz targets alike: kings in their palaces first, then each
//! further piece only on a point its kind may stand on and only while its side has fewer than
//! R-7 allows, then perhaps a pending return. Almost every input thus gives a valid
//! position, and the fuzzer's effort goes into move generation, not into being refused by
//! `Position::from_setup`. This file only adapts the fuzzer's input to the choices those
//! builders ask for.

use arbitrary::{Result, Unstructured};
use gjjq_core::{Position, Ruleset, Setup};
use gjjq_test_support::Choices;

/// The fuzzer's input as a source of choices; an exhausted input chooses 0.
struct Input<'a, 'b>(&'a mut Unstructured<'b>);

impl Choices for Input<'_, '_> {
    fn below(&mut self, n: usize) -> usize {
        self.0.choose_index(n).unwrap_or(0)
    }
}

/// Any ruleset the options allow (the no-capture limit plays no part in a position).
pub fn arbitrary_ruleset(u: &mut Unstructured) -> Result<Ruleset> {
    Ok(gjjq_test_support::arbitrary_ruleset(&mut Input(u)))
}

/// A setup that passes R-26 by construction.
pub fn arbitrary_valid_setup(u: &mut Unstructured) -> Result<Setup> {
    Ok(gjjq_test_support::valid_setup(&mut Input(u)))
}

/// A valid position under an arbitrary ruleset.
///
/// # Panics
/// When the setup built by [`arbitrary_valid_setup`] is refused: a bug of the harness, or of
/// the validation.
pub fn arbitrary_position(u: &mut Unstructured) -> Result<Position> {
    Ok(gjjq_test_support::valid_position(&mut Input(u)))
}

/// `game` written as one game file in `form`.
///
/// # Panics
/// When a game that was read does not write: a bug of the writer.
pub fn write_one(game: &gjjq_notation::GameRecord, form: gjjq_notation::MoveForm) -> Vec<u8> {
    let mut out = Vec::new();
    gjjq_notation::write_game(game, form, &mut out)
        .unwrap_or_else(|e| panic!("a game that was read does not write: {e}\n{game:?}"));
    out
}

/// The one game `text` holds, as written by [`write_one`].
///
/// # Panics
/// When the text does not read back as exactly one game: a bug of the writer or the reader.
pub fn read_one(text: &[u8]) -> gjjq_notation::GameRecord {
    let mut reader = gjjq_notation::GameReader::new(text);
    let game = reader
        .next()
        .expect("one game written")
        .unwrap_or_else(|e| {
            panic!(
                "written game does not read back: {e}\n{}",
                String::from_utf8_lossy(text)
            )
        });
    assert!(reader.next().is_none(), "one game written, more read");
    game
}
