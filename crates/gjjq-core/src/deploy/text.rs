//! The deployment string: five rows of the owner's frame from its front rank, and its
//! errors with the column.

use super::*;

/// A deployment string that does not parse, or breaks R-32. Columns count characters
/// of the whole string from 1; ranks are the owner's rank letters, A (first row) to E.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DeploymentParseError {
    /// Not five rows separated by `/`.
    #[error("a deployment string has 5 rows (ranks A to E) separated by '/', found {found}")]
    RowCount {
        /// How many were found.
        found: usize,
    },
    /// A character is neither a piece letter nor a digit 1–9.
    #[error(
        "column {column} (rank {rank}): '{found}' is not a piece letter (KGMFPADI) or a digit 1-9"
    )]
    BadChar {
        /// The rank of the row.
        rank: char,
        /// The character's column in the string.
        column: usize,
        /// The character.
        found: char,
    },
    /// A space (or other white space), before, inside or after the string: a deployment
    /// string has none.
    #[error("column {column} (rank {rank}): a space; a deployment string has no spaces (R-33)")]
    Space {
        /// The rank of the row.
        rank: char,
        /// The space's column in the string.
        column: usize,
    },
    /// A lower-case piece letter: deployment strings are upper case in either side's frame.
    #[error(
        "column {column} (rank {rank}): '{found}' is lower case; a deployment string is written in upper case for either side (R-33)"
    )]
    LowerCase {
        /// The rank of the row.
        rank: char,
        /// The character's column in the string.
        column: usize,
        /// The character.
        found: char,
    },
    /// A row does not describe nine points.
    #[error("column {column} (rank {rank}): the row describes {found} points, expected 9")]
    RowWidth {
        /// The rank of the row.
        rank: char,
        /// The column where the row ends (or overflows).
        column: usize,
        /// The number of points described so far.
        found: usize,
    },
    /// The string is well formed but the deployment breaks R-32.
    #[error("{0}")]
    Invalid(#[from] DeploymentError),
}

pub(super) fn parse_rows(s: &str) -> Result<[Option<PieceKind>; 45], DeploymentParseError> {
    let rows: Vec<&str> = s.split('/').collect();
    if rows.len() != 5 {
        return Err(DeploymentParseError::RowCount { found: rows.len() });
    }
    let mut board = [None; 45];
    let mut column = 0;
    for (r, row) in rows.iter().enumerate() {
        let y = 4 - r as u8;
        let rank = (b'A' + r as u8) as char;
        let mut x = 0usize;
        for c in row.chars() {
            column += 1;
            if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                x += d as usize;
            } else if let Some(kind) = PieceKind::from_ascii(c) {
                if c.is_ascii_lowercase() {
                    return Err(DeploymentParseError::LowerCase {
                        rank,
                        column,
                        found: c,
                    });
                }
                if x < 9 {
                    board[Square::new(x as u8, y).expect("on board").index()] = Some(kind);
                }
                x += 1;
            } else if c.is_whitespace() {
                return Err(DeploymentParseError::Space { rank, column });
            } else {
                return Err(DeploymentParseError::BadChar {
                    rank,
                    column,
                    found: c,
                });
            }
            if x > 9 {
                return Err(DeploymentParseError::RowWidth {
                    rank,
                    column,
                    found: x,
                });
            }
        }
        if x != 9 {
            return Err(DeploymentParseError::RowWidth {
                rank,
                column: column + 1,
                found: x,
            });
        }
        column += 1; // the '/'
    }
    Ok(board)
}

/// Parse and check under [`Ruleset::STANDARD`]; see [`Deployment::parse_with`].
impl FromStr for Deployment {
    type Err = DeploymentParseError;

    fn from_str(s: &str) -> Result<Deployment, DeploymentParseError> {
        Deployment::parse_with(s, &Ruleset::STANDARD)
    }
}

/// The deployment string.
impl fmt::Display for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::board::write_rows(f, 5, |sq| self.board[sq.index()].map(|k| k.ascii()))
    }
}

impl fmt::Debug for Deployment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deployment({self})")
    }
}
