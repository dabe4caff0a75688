//! Property: 暗棋 information-state strings (L-31) never panic the parser, and a state that
//! parses writes back to a string that parses to the same state; its worlds, when any, are
//! consistent with it.
//!
//! Seeds: `b r LFLCP/TLEYE/B+Z+D/DB+ZC/J+P+S/YCETP c6c7= c5b5`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use luzhanqi::dark::{InfoState, WorldSampler, check_world};
use luzhanqi::rand::{SeedableRng, rngs::StdRng};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(state) = text.parse::<InfoState>() else {
        return;
    };
    let written = state.to_string();
    let back: InfoState = written
        .parse()
        .unwrap_or_else(|e| panic!("{written:?} does not parse back: {e}"));
    assert_eq!(back, state, "{written:?}");
    if state.plies() <= 12
        && let Ok(sampler) = WorldSampler::new(&state)
    {
        let world = sampler.draw(&mut StdRng::seed_from_u64(0)).expect("exact");
        assert!(check_world(&state, &world).is_ok(), "{written:?}");
    }
});
