//! The error of an opening that every game with deployments shares: one side's deployment
//! breaks the game's deployment rules.

/// Declare a game's opening error: an enum whose first variant is
/// `Deployment { side, error }`, "one side's deployment breaks the rules", written
/// `"{side}'s deployment: {error}"`, followed by the game's own variants. The enum's
/// attributes (its `derive` of `thiserror::Error` among them) and the variant's doc are the
/// game's; the side and the deployment error are its types.
///
/// # Examples
///
/// ```
/// use thiserror::Error;
///
/// #[derive(Debug, Error)]
/// #[error("two flags")]
/// pub struct TwoFlags;
///
/// junqi_game::opening_error! {
///     /// Why an opening cannot start a game.
///     #[derive(Debug, Error)]
///     pub enum OpeningError {
///         /// A side's deployment breaks the rules.
///         Deployment { side: &'static str, error: TwoFlags },
///         /// The position is not one.
///         #[error("not a position")]
///         NotAPosition,
///     }
/// }
///
/// let e = OpeningError::Deployment { side: "Red", error: TwoFlags };
/// assert_eq!(e.to_string(), "Red's deployment: two flags");
/// assert_eq!(OpeningError::NotAPosition.to_string(), "not a position");
/// ```
#[macro_export]
macro_rules! opening_error {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(#[$doc:meta])*
            Deployment { side: $side:ty, error: $error:ty },
            $($rest:tt)*
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $(#[$doc])*
            #[error("{side}'s deployment: {error}")]
            Deployment {
                /// Whose deployment.
                side: $side,
                /// The rule broken.
                error: $error,
            },
            $($rest)*
        }
    };
}
