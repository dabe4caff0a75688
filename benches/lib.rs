//! The measurement crate of gjjq (`publish = false`): criterion benches (`cargo bench -p
//! gjjq-bench --bench perft`) and the programs behind the figures of `benches/README.md`
//! (`cargo run --release -p gjjq-bench --bin perft_ratio -- make 7`). It exports nothing;
//! see `benches/README.md`.
