//! The shape both 陸戰棋 dialects' token errors share (a module of its own, so that the flip
//! records' errors and the game file's can both use it without importing each other).

/// Declares the error of a 陸戰棋 dialect of the game-file grammar (the game file's and the flip
/// records' `FlipTokenError`): `OtherGame`, `BadSetup` (the
/// `Setup` tag's parse error `$setup`, with its doc) and `BadRules`, then the variants given.
macro_rules! token_error {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            BadSetup($setup:ty, $setup_doc:tt),
            $($variants:tt)*
        }
    ) => {
        $(#[$meta])*
        pub enum $name {
            /// The `Game` tag names another game (a 国际军棋 file is `gjjq`).
            #[error("{at}: the Game tag names '{found}', not luzhanqi")]
            OtherGame {
                /// Where the tag's value stands.
                at: junqi_gamefile::TextPos,
                /// The value (cut to 40 characters).
                found: String,
            },
            #[doc = $setup_doc]
            #[error("{at}: Setup tag: {error}")]
            BadSetup {
                /// Where the fault stands (inside the value).
                at: junqi_gamefile::TextPos,
                /// Why.
                error: $setup,
            },
            /// The `Rules` tag is neither `standard` nor a ruleset JSON object.
            #[error("{at}: Rules tag: {error}")]
            BadRules {
                /// Where the tag's value stands.
                at: junqi_gamefile::TextPos,
                /// Why.
                error: crate::RulesetError,
            },
            $($variants)*
        }
    };
}
pub(crate) use token_error;
