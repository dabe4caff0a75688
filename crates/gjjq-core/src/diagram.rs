//! A labelled text diagram of a position: pieces, terrain, palaces and both label systems.

use std::fmt::Write;

use crate::setup::Setup;
use crate::square::{Side, Square};
use crate::terrain::Terrain;

impl Setup {
    /// A labelled board: Green's country on top with its file digits (9 … 1 from `x = 0`) and
    /// rank letters `e … a`, the border, then Red's country with rank letters `A … E` and file
    /// digits 1 … 9. Pieces show as ASCII letters (upper case Red); empty points show their
    /// terrain (`.` inland, `-` coast, `~` sea); palace points are bracketed.
    ///
    /// ```
    /// use gjjq_core::Setup;
    /// let text = Setup::default_opening().diagram();
    /// assert!(text.contains(" e  f  p  m [g][k][g] m  p  f  e"));
    /// assert!(text.contains(" E  F  P  M [G][K][G] M  P  F  E"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        let files = |side: Side| {
            let mut line = String::from("   ");
            for x in 0..9u8 {
                let sq = Square::new(x, if side == Side::Red { 0 } else { 9 }).expect("on board");
                let _ = write!(line, " {} ", sq.label_digit());
            }
            line.trim_end().to_owned()
        };
        out.push_str(&files(Side::Green));
        out.push('\n');
        for y in (0..10u8).rev() {
            if y == 4 {
                out.push_str("    ~~~~~~~~~~~~~ border ~~~~~~~~~~~\n");
            }
            let letter = Square::new(0, y).expect("on board").label_letter();
            let _ = write!(out, " {letter} ");
            for x in 0..9u8 {
                let sq = Square::new(x, y).expect("on board");
                let c = match self.piece_at(sq) {
                    Some(p) => p.ascii(),
                    None => match sq.terrain() {
                        Terrain::Inland => '.',
                        Terrain::Coast => '-',
                        Terrain::Sea => '~',
                    },
                };
                if sq.in_palace_of(sq.country()) {
                    let _ = write!(out, "[{c}]");
                } else {
                    let _ = write!(out, " {c} ");
                }
            }
            let _ = writeln!(out, " {letter}");
        }
        out.push_str(&files(Side::Red));
        out.push('\n');
        let _ = writeln!(
            out,
            "{} to move; pending returns: {}; plies since capture: {}; move {}",
            self.turn,
            self.pending_string(),
            self.plies_since_capture,
            self.move_number
        );
        out.push_str(
            "legend: upper case Red, lower case Green; . inland  - coast  ~ sea  [ ] palace\n",
        );
        out
    }
}
impl crate::Position {
    /// The labelled board of [`Setup::diagram`], for this position.
    ///
    /// ```
    /// use gjjq_core::Position;
    /// assert!(Position::default().diagram().contains(" E  F  P  M [G][K][G] M  P  F  E"));
    /// ```
    #[must_use]
    pub fn diagram(&self) -> String {
        self.to_setup().diagram()
    }
}
