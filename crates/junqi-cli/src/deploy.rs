//! `deploy`: the subcommand with which every game's command draws, checks and counts one side's
//! deployments. The 陸戰棋 and 四國軍棋 commands share its arguments ([`DeployArgs`], worded
//! for 陸戰棋; `siguo` rewords two lines with clap's `mut_subcommand`); every command writes
//! its answers with [`write_random`] and [`write_check`].

use std::fmt;
use std::io::{self, Write};

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::fresh_seed;

/// The arguments of `deploy`.
#[derive(Debug, clap::Args)]
pub struct DeployArgs {
    /// The subcommand.
    #[command(subcommand)]
    pub command: DeployCommand,
}

/// The subcommands of `deploy` (L-17, L-18).
#[derive(Debug, clap::Subcommand)]
pub enum DeployCommand {
    /// Uniform random deployments (L-18), one a line.
    Random {
        /// The seed (a random one when left out).
        #[arg(long)]
        seed: Option<u64>,
        /// How many (1–1,000,000).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        count: u32,
    },
    /// Check a deployment string: `ok`, or every reason one a line (exit 1).
    Check {
        /// The deployment string.
        deployment: String,
    },
    /// The number of legal deployments of one side (L-18).
    Count,
}

/// `deploy random`: `count` deployments drawn by `draw` from the generator of `seed` (a
/// [`fresh_seed`] when `None`), one a line.
///
/// ```
/// use rand::Rng;
/// let mut out = Vec::new();
/// junqi_cli::write_random(&mut out, Some(7), 2, |r| r.random_range(0..10u8))?;
/// assert_eq!(String::from_utf8(out).unwrap().lines().count(), 2);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_random<T: fmt::Display>(
    out: &mut dyn Write,
    seed: Option<u64>,
    count: u64,
    mut draw: impl FnMut(&mut StdRng) -> T,
) -> io::Result<()> {
    let mut rng = StdRng::seed_from_u64(seed.unwrap_or_else(fresh_seed));
    for _ in 0..count {
        writeln!(out, "{}", draw(&mut rng))?;
    }
    Ok(())
}

/// `deploy check`: `ok` when there is no reason against the deployment, else each reason,
/// one a line. Returns whether it was legal (the command then exits 0, else 1, each in its
/// own way).
///
/// ```
/// let mut out = Vec::new();
/// assert!(junqi_cli::write_check::<String>(&mut out, &[])?);
/// assert!(!junqi_cli::write_check(&mut out, &["no flag", "a bomb on the front row"])?);
/// assert_eq!(String::from_utf8(out).unwrap(), "ok\nno flag\na bomb on the front row\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_check<E: fmt::Display>(out: &mut dyn Write, reasons: &[E]) -> io::Result<bool> {
    if reasons.is_empty() {
        writeln!(out, "ok")?;
    }
    for r in reasons {
        writeln!(out, "{r}")?;
    }
    Ok(reasons.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn random_draws_are_the_seeds_and_one_a_line() {
        let draw = |seed| {
            let mut out = Vec::new();
            write_random(&mut out, Some(seed), 3, |r| r.random::<u32>()).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
        assert_eq!(draw(7).lines().count(), 3);
        let mut none = Vec::new();
        write_random(&mut none, Some(7), 0, |r| r.random::<u32>()).unwrap();
        assert!(none.is_empty());
    }
}
