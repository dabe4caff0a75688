//! What every engine's agents share that is not search: the agent trait, the answer, their
//! names and the uniform draw.

use std::fmt;

use crate::Limits;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// An agent's answer: the action and what it found out (one shape for every game's agents).
///
/// ```
/// use junqi_search::Choice;
/// let c = Choice { action: "a1b1", score: 0, depth: 0, nodes: 0 };
/// assert_eq!(c.action, "a1b1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice<A> {
    /// The action to play (legal in the position given).
    pub action: A,
    /// The agent's score of the action for the side (or team) to act, in its evaluation's
    /// units (0 for agents that do not score).
    pub score: i32,
    /// The deepest completed iteration, in plies (0 for agents that do not search).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// An agent of any game: chooses an answer `C` (an action and what it found out) for the
/// side to move of a position `P`, or says why it cannot (`E`). Each engine names its
/// position, answer and error once (`dyn Agent<Position, Choice, AgentError>`).
///
/// `history` holds the Zobrist keys of the game's positions before `pos`, oldest first, for
/// agents that avoid repeating. Agents are deterministic given the seed they were made with and
/// the sequence of calls, as long as no time limit or stop signal cuts a search short.
///
/// ```
/// use junqi_search::{Agent, Choice, Limits};
/// struct First;
/// impl Agent<[u8], Choice<u8>, &'static str> for First {
///     fn name(&self) -> &'static str { "first" }
///     fn choose(&mut self, pos: &[u8], _: &[u64], _: &Limits)
///         -> Result<Choice<u8>, &'static str> {
///         let action = *pos.first().ok_or("no legal action")?;
///         Ok(Choice { action, score: 0, depth: 0, nodes: 0 })
///     }
/// }
/// let mut agent: Box<dyn Agent<[u8], Choice<u8>, &'static str>> = Box::new(First);
/// assert_eq!(agent.choose(&[4, 5], &[], &Limits::default()).map(|c| c.action), Ok(4));
/// assert_eq!(agent.hash_entries(), 0);
/// ```
pub trait Agent<P: ?Sized, C, E> {
    /// The agent's name (`random`, `heuristic`, `search`, ...).
    fn name(&self) -> &'static str;

    /// A legal action of `pos` for its side to move, within `limits`. A stop signal raised
    /// before the call gives a legal action at once.
    ///
    /// # Errors
    /// The engine's error when `pos` has no legal action (the game is over) or is not one the
    /// agent can play.
    fn choose(&mut self, pos: &P, history: &[u64], limits: &Limits) -> Result<C, E>;

    /// Forget what was learnt in an earlier game (hash tables, killers, history); the seed
    /// stays.
    fn new_game(&mut self) {}

    /// The entries of the agent's transposition table (0: it has none).
    fn hash_entries(&self) -> usize {
        0
    }
}

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

/// An engine's enum of agent kinds, written once for every engine: the enum (with `Debug`,
/// `Clone`, `Copy`, `PartialEq`, `Eq`, `Hash`), `const ALL`, `const fn name`,
/// `fn build(self, seed) -> Box<$agent>` (each kind's agent type's `new(seed)`) and
/// [`agent_names!`].
///
/// ```
/// trait Named { fn name(&self) -> &'static str; }
/// struct Fast(u64);
/// impl Fast { fn new(seed: u64) -> Fast { Fast(seed) } }
/// impl Named for Fast { fn name(&self) -> &'static str { "fast" } }
/// struct Slow(u64);
/// impl Slow { fn new(seed: u64) -> Slow { Slow(seed) } }
/// impl Named for Slow { fn name(&self) -> &'static str { "slow" } }
/// junqi_search::agent_kinds! {
///     /// The agents.
///     #[derive(Default)]
///     pub enum Kind: dyn Named {
///         /// [`Fast`].
///         #[default]
///         Fast = "fast" => Fast,
///         /// [`Slow`].
///         Slow = "slow" => Slow,
///     }
/// }
/// assert_eq!(Kind::ALL, [Kind::Fast, Kind::Slow]);
/// assert_eq!("SLOW".parse::<Kind>(), Ok(Kind::Slow));
/// assert_eq!(Kind::default().build(1).name(), "fast");
/// ```
#[macro_export]
macro_rules! agent_kinds {
    (
        $(#[$meta:meta])*
        $vis:vis enum $kind:ident: $agent:ty {
            $(
                $(#[$vmeta:meta])*
                $variant:ident = $name:literal => $ty:ty
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $kind {
            $(
                $(#[$vmeta])*
                $variant,
            )+
        }

        impl $kind {
            /// The kinds, in the engine's order.
            pub const ALL: [$kind; [$($name),+].len()] = [$($kind::$variant),+];

            /// The name, as the engine's `Agent` option spells it.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $($kind::$variant => $name,)+
                }
            }

            /// A new agent of the kind, seeded with `seed`.
            #[must_use]
            pub fn build(self, seed: u64) -> ::std::boxed::Box<$agent> {
                match self {
                    $($kind::$variant => ::std::boxed::Box::new(<$ty>::new(seed)),)+
                }
            }
        }

        $crate::agent_names!($kind);
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
