//! serde for the values that have a text form of their own.

/// Implements `serde::Serialize` and `serde::Deserialize` for types that have a text form of
/// their own (`Display` and `FromStr`): each is written as that text and read back through its
/// parser, so JSON or any other format holds the same strings as the game's records and
/// position strings, and a bad string is refused with the parser's message. The one way every
/// game's crates put their text values through serde (the calling crate depends on `serde`).
///
/// ```text
/// #[cfg(feature = "serde")]
/// junqi_game::serde_as_text!(Square, Move, Setup);
/// ```
///
/// Tested where it is used (the round trips of `gjjq-core`, `gjjq-notation` and
/// `junqi-gamefile`).
#[macro_export]
macro_rules! serde_as_text {
    ($($ty:ty),* $(,)?) => {$(
        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(
                &self,
                s: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                d: D,
            ) -> ::core::result::Result<$ty, D::Error> {
                let text =
                    <::std::borrow::Cow<'de, str> as ::serde::Deserialize<'de>>::deserialize(d)?;
                text.parse().map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    )*};
}
