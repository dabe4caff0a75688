//! Random deployments: drawing 100,000 with one `DeploymentSampler`, building the
//! sampler (which counts every deployment, R-32), and 翻式 openings.
//!
//! `cargo bench -p gjjq-bench --bench deployment -- --warm-up-time 1 --measurement-time 3`
mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gjjq::{
    Ruleset,
    deploy::{Deployment, DeploymentSampler, Opening},
};
use rand::SeedableRng;
use rand::rngs::StdRng;

const DRAWS: u64 = 100_000;

fn bench_deployment(c: &mut Criterion) {
    let sampler = DeploymentSampler::new(&Ruleset::STANDARD);
    let mut group = common::configure(c, "deployment");
    group.throughput(Throughput::Elements(DRAWS));
    group.bench_function("sample 100,000", |b| {
        let mut rng = StdRng::seed_from_u64(1);
        b.iter(|| {
            let mut last = None;
            for _ in 0..DRAWS {
                last = Some(black_box(sampler.sample(&mut rng)));
            }
            // A fast wrong answer cannot pass: the draws are legal deployments.
            assert!(last.unwrap().validate(&Ruleset::STANDARD).is_ok());
        })
    });
    group.finish();

    let mut group = common::configure(c, "deployment setup");
    group.bench_function("DeploymentSampler::new (counts every deployment)", |b| {
        b.iter(|| {
            let s = DeploymentSampler::new(black_box(&Ruleset::STANDARD));
            assert_eq!(s.count(), 26_759_431_679_433_868_800);
        })
    });
    group.bench_function("Opening::fanshi", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(Opening::fanshi(seed, None, &Ruleset::STANDARD))
        })
    });
    group.bench_function("Deployment::from_str", |b| {
        let text = "9/3III3/9/1DA3AD1/FPMGKGMPF";
        b.iter(|| black_box(text).parse::<Deployment>().unwrap())
    });
    group.finish();
}

criterion_group!(benches, bench_deployment);
criterion_main!(benches);
