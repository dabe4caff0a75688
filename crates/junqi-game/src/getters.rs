//! Read access to a type's fields.

/// Implements read accessors for fields of a type: `name -> Type` returns a copy of the field
/// `name`, `name -> &Type` a reference to it; `= field` names another field, and
/// `= field.method()` (calls without arguments, any number) reads through it. Each accessor
/// is `#[inline]` and `#[must_use]` and takes the attributes written before it (its doc). The
/// one writing of the plain getters every game's positions, views and referees have.
///
/// # Examples
///
/// ```
/// pub struct View { side: u8, name: String, count: usize, pieces: Vec<u8> }
/// junqi_game::getters! {
///     impl View {
///         /// Whose view this is.
///         pub side -> u8;
///         /// The view's name.
///         pub name -> &str;
///         /// How many pieces it holds.
///         pub len -> usize = count;
///         /// The first piece, if any.
///         pub first -> Option<&u8> = pieces.first();
///     }
/// }
/// let v = View { side: 1, name: "red".into(), count: 3, pieces: vec![7] };
/// assert_eq!((v.side(), v.name(), v.len(), v.first()), (1, "red", 3, Some(&7)));
/// ```
#[macro_export]
macro_rules! getters {
    (impl $T:ty { $($items:tt)* }) => {
        impl $T {
            $crate::getters!(@items $($items)*);
        }
    };
    (@items) => {};
    (@items $(#[$m:meta])* $vis:vis $name:ident -> & $ret:ty = $field:ident $(. $call:ident ())*; $($rest:tt)*) => {
        $(#[$m])*
        #[inline]
        #[must_use]
        $vis fn $name(&self) -> &$ret {
            &self.$field $(.$call())*
        }
        $crate::getters!(@items $($rest)*);
    };
    (@items $(#[$m:meta])* $vis:vis $name:ident -> & $ret:ty; $($rest:tt)*) => {
        $crate::getters!(@items $(#[$m])* $vis $name -> &$ret = $name; $($rest)*);
    };
    (@items $(#[$m:meta])* $vis:vis $name:ident -> $ret:ty = $field:ident $(. $call:ident ())*; $($rest:tt)*) => {
        $(#[$m])*
        #[inline]
        #[must_use]
        $vis fn $name(&self) -> $ret {
            self.$field $(.$call())*
        }
        $crate::getters!(@items $($rest)*);
    };
    (@items $(#[$m:meta])* $vis:vis $name:ident -> $ret:ty; $($rest:tt)*) => {
        $crate::getters!(@items $(#[$m])* $vis $name -> $ret = $name; $($rest)*);
    };
}
