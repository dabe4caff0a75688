//! What every engine's agents share that is not search: their names and the uniform draw.

use std::fmt;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A name that is not one of an engine's agents: the name given, and the names expected.
///
/// ```
/// use junqi_search::parse_agent;
/// let e = parse_agent(&[1, 2], |k| if k == 1 { "search" } else { "random" }, "minimax")
///     .unwrap_err();
/// assert_eq!(e.given, "minimax");
/// assert_eq!(e.to_string(), "unknown agent 'minimax' (expected search or random)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownAgent {
    /// The name given, as given.
    pub given: String,
    /// The names of the agents, in the engine's order.
    pub expected: Vec<&'static str>,
}

impl fmt::Display for UnknownAgent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown agent '{}' (expected ", self.given)?;
        let n = self.expected.len();
        for (i, name) in self.expected.iter().enumerate() {
            let sep = match (i, n - i) {
                (0, _) => "",
                (_, 1) => " or ",
                _ => ", ",
            };
            write!(f, "{sep}{name}")?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownAgent {}

/// The kind among `all` whose `name` is `s` (ASCII case ignored, spaces around it too).
///
/// # Errors
/// [`UnknownAgent`] with `s` and the names of `all` when none is.
pub fn parse_agent<K: Copy>(
    all: &[K],
    name: impl Fn(K) -> &'static str,
    s: &str,
) -> Result<K, UnknownAgent> {
    all.iter()
        .copied()
        .find(|&k| name(k).eq_ignore_ascii_case(s.trim()))
        .ok_or_else(|| UnknownAgent {
            given: s.to_string(),
            expected: all.iter().map(|&k| name(k)).collect(),
        })
}

/// `Display` (the name) and `FromStr` (by [`parse_agent`], errors [`UnknownAgent`]) for an
/// engine's enum of agent kinds, which has `const ALL: [Self; N]` and
/// `const fn name(self) -> &'static str`: written once for every engine.
///
/// ```
/// #[derive(Debug, Clone, Copy, PartialEq, Eq)]
/// enum Kind { Search, Random }
/// impl Kind {
///     const ALL: [Kind; 2] = [Kind::Search, Kind::Random];
///     const fn name(self) -> &'static str {
///         match self { Kind::Search => "search", Kind::Random => "random" }
///     }
/// }
/// junqi_search::agent_names!(Kind);
/// assert_eq!(" Random ".parse::<Kind>(), Ok(Kind::Random));
/// assert_eq!(Kind::Search.to_string(), "search");
/// assert_eq!("x".parse::<Kind>().unwrap_err().to_string(),
///     "unknown agent 'x' (expected search or random)");
/// ```
#[macro_export]
macro_rules! agent_names {
    ($kind:ty) => {
        impl ::std::fmt::Display for $kind {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $kind {
            type Err = $crate::UnknownAgent;

            /// The kind of a name (ASCII case ignored, spaces around it too).
            fn from_str(s: &str) -> ::std::result::Result<$kind, $crate::UnknownAgent> {
                $crate::parse_agent(&<$kind>::ALL, <$kind>::name, s)
            }
        }
    };
}

/// The random movers' generator: seeded at construction, one uniform draw a call.
///
/// ```
/// use junqi_search::Uniform;
/// let (mut a, mut b) = (Uniform::new(3), Uniform::new(3));
/// assert_eq!(a.pick(&[1, 2, 3]), b.pick(&[1, 2, 3])); // the same seed, the same draw
/// assert_eq!(a.pick::<u8>(&[]), None);
/// ```
#[derive(Debug, Clone)]
pub struct Uniform {
    rng: StdRng,
}

impl Uniform {
    /// A generator seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Uniform {
        Uniform {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// One of `items` drawn uniformly, `None` when there is none.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        pick(&mut self.rng, items)
    }

    /// The generator, for draws of another shape.
    pub fn rng(&mut self) -> &mut StdRng {
        &mut self.rng
    }
}

/// One of `items` drawn uniformly with `rng` (one draw of an index below the length), `None`
/// when there is none.
pub fn pick<T: Copy>(rng: &mut StdRng, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[rng.random_range(0..items.len())])
}
