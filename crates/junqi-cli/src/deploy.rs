//! `deploy`: the subcommand with which every game's command draws, checks and counts one side's
//! deployments. The 陸戰棋 and 四國軍棋 commands share its arguments ([`DeployArgs`], worded
//! for 陸戰棋; `siguo` rewords two lines with clap's `mut_subcommand`); every command writes
//! its answers with [`write_random`] and [`write_check`]. Their `opening` commands end with
//! the same [`SeededArgs`]; their `selfplay` commands take
//! [`SelfplayArgs`].

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

/// The end of every game's `opening` arguments: the seed of the random deployments (a side
/// given as `random`) and the game's rules arguments `R`, flattened into the command.
///
/// ```
/// use clap::Parser;
///
/// #[derive(clap::Args)]
/// struct Rules {
///     /// A ruleset file.
///     #[arg(long)]
///     rules: Option<String>,
/// }
/// #[derive(Parser)]
/// struct Opening {
///     #[command(flatten)]
///     seeded: junqi_cli::SeededArgs<Rules>,
/// }
///
/// let a = Opening::try_parse_from(["opening", "--seed", "7"])?;
/// assert_eq!((a.seeded.seed, a.seeded.rules.rules), (Some(7), None));
/// # Ok::<(), clap::Error>(())
/// ```
#[derive(Debug, clap::Args)]
pub struct SeededArgs<R: clap::Args> {
    /// The seed of the random deployments (a random one when left out).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The game's rules arguments.
    #[command(flatten)]
    pub rules: R,
}

impl<R: clap::Args> SeededArgs<R> {
    /// The generator of the random deployments: of [`SeededArgs::seed`], or of a
    /// [`fresh_seed`] when it is left out.
    #[must_use]
    pub fn rng(&self) -> StdRng {
        StdRng::seed_from_u64(self.seed.unwrap_or_else(fresh_seed))
    }
}

/// The arguments of every game's `selfplay`, worded for 陸戰棋 (`siguo` rewords `--seed` and
/// `--max-plies` with clap's `mut_arg`): the seed of the deployments and the plies, the game's
/// own arguments `X` ([`NoArgs`] for none), the ply limit and the game's rules arguments `R`.
///
/// ```
/// use clap::Parser;
///
/// #[derive(clap::Args)]
/// struct Rules {
///     /// A ruleset file.
///     #[arg(long)]
///     rules: Option<String>,
/// }
/// #[derive(Parser)]
/// struct Selfplay {
///     #[command(flatten)]
///     args: junqi_cli::SelfplayArgs<junqi_cli::NoArgs, Rules>,
/// }
///
/// let a = Selfplay::try_parse_from(["selfplay", "--max-plies", "20"])?;
/// assert_eq!((a.args.seed, a.args.max_plies), (None, 20));
/// assert!(Selfplay::try_parse_from(["selfplay", "--max-plies", "0"]).is_err());
/// # Ok::<(), clap::Error>(())
/// ```
#[derive(Debug, clap::Args)]
pub struct SelfplayArgs<X: clap::Args, R: clap::Args> {
    /// The seed of the deployments and the moves (a random one when left out; printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The game's own arguments.
    #[command(flatten)]
    pub own: X,
    /// Stop after this many plies if the rules have not ended the game (1–1,000,000).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_plies: u32,
    /// The game's rules arguments.
    #[command(flatten)]
    pub rules: R,
}

/// No arguments: the own arguments of a game's [`SelfplayArgs`] that has none.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct NoArgs {}

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
