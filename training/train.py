#!/usr/bin/env python3
"""Train the engine's learned evaluation (NNUE-style) from a `gjjq datagen` dataset.

The model, its features and the weight file are described in docs/engine.md ("Learned
evaluation"); the Rust inference is crates/gjjq-engine/src/nnue.rs and must agree with
`forward` below (tests/data/nnue_vectors.json, written by `--vectors`, checks it).

    python training/train.py --data D.gjjqd [--data E.gjjqd ...] --out W.nnue --ckpt DIR \
        [--epochs 12] [--hidden 128] [--seed 1] [--vectors FIXTURE.json]

JAX on the CPU (`pip install jax optax numpy`), a fixed seed, a checkpoint after every epoch in
--ckpt (a run started again with the same --ckpt resumes after the last finished epoch).
"""

import argparse
import importlib.util
import json
import os
import pickle
import struct
import sys
import time

import numpy as np

# --- the dataset, format version 1 (docs/engine.md), read by the binding's own reader ---------
def _dataset_layout():
    """bindings/python/python/gjjq/_dataset_layout.py, the one reading of the dataset format,
    loaded by its path: it needs numpy alone, not the built extension."""
    path = os.path.join(
        os.path.dirname(os.path.abspath(__file__)),
        os.pardir,
        "bindings",
        "python",
        "python",
        "gjjq",
        "_dataset_layout.py",
    )
    spec = importlib.util.spec_from_file_location("gjjq_dataset_layout", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LAYOUT = _dataset_layout()

# --- the model's constants; nnue.rs has the same ---------------------------------------------
POINTS = 90
KINDS = 8
PIECE_FEATURES = 2 * KINDS * POINTS  # (own/enemy, kind, point in the perspective's frame)
FEATURES = PIECE_FEATURES + 2  # + own pending return, enemy pending return
SLOTS = 34  # at most 32 pieces and the two flags
QA = 255  # accumulator quantisation: a ClippedReLU output of 1.0 is QA
QB = 1024  # output weight quantisation
SCALE = 400  # the model's output times SCALE is the evaluation in centi-units
K = 400.0  # centi-units to win probability: sigmoid(cp / K)
MATE_BOUND = 20000  # records with a found win/loss score are left out of training
MAGIC = b"GJJQNNUE"
VERSION = 1
HEADER = 32


def load(path):
    """The records of the dataset file `path`; a damaged file ends the run with its reason."""
    return LAYOUT.read_records(path, SystemExit)


def features(data):
    """Feature slots of both perspectives: (idx_stm, idx_nstm, mask_stm, mask_nstm), N x SLOTS."""
    n = len(data)
    kinds = LAYOUT.dataset_kinds(data)
    green = LAYOUT.dataset_green(data).astype(np.int32)
    occ = kinds > 0
    order = np.argsort(~occ, axis=1, kind="stable")[:, :32]  # occupied points first
    pk = np.take_along_axis(kinds, order, 1).astype(np.int32)
    pg = np.take_along_axis(green, order, 1)
    pm = np.take_along_axis(occ, order, 1)
    pending = data["pending"]
    red_pend = pending[:, 0] != 255
    green_pend = pending[:, 2] != 255
    out = []
    for persp in (0, 1):  # Red, Green
        rel = pg if persp == 0 else 1 - pg  # 0 own piece, 1 enemy
        pt = order if persp == 0 else 89 - order  # Green's frame: the board turned half round
        idx = rel * (KINDS * POINTS) + np.maximum(pk - 1, 0) * POINTS + pt
        idx = np.where(pm, idx, 0)
        own, enemy = (red_pend, green_pend) if persp == 0 else (green_pend, red_pend)
        flags_idx = np.tile(np.array([PIECE_FEATURES, PIECE_FEATURES + 1]), (n, 1))
        flags_mask = np.stack([own, enemy], axis=1)
        out.append(
            (
                np.concatenate([idx, flags_idx], axis=1).astype(np.int32),
                np.concatenate([pm, flags_mask], axis=1).astype(np.float32),
            )
        )
    turn = data["turn"].astype(bool)[:, None]
    idx_stm = np.where(turn, out[1][0], out[0][0])
    idx_nstm = np.where(turn, out[0][0], out[1][0])
    m_stm = np.where(turn, out[1][1], out[0][1])
    m_nstm = np.where(turn, out[0][1], out[1][1])
    return idx_stm, idx_nstm, m_stm, m_nstm


def init_params(key, hidden):
    import jax

    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (FEATURES, hidden)) * 0.1,
        "b1": np.zeros(hidden, np.float32) + 0.1,
        "w2": jax.random.normal(k2, (2 * hidden,)) * (1.0 / np.sqrt(2 * hidden)),
        "b2": np.zeros((), np.float32),
    }


def forward(p, idx_stm, idx_nstm, m_stm, m_nstm):
    """The model's output in units of SCALE centi-units, from the side to move's view."""
    import jax.numpy as jnp

    a = jnp.einsum("nsh,ns->nh", p["w1"][idx_stm], m_stm) + p["b1"]
    b = jnp.einsum("nsh,ns->nh", p["w1"][idx_nstm], m_nstm) + p["b1"]
    h = jnp.clip(jnp.concatenate([a, b], axis=1), 0.0, 1.0)
    return h @ p["w2"] + p["b2"]


def clip_params(p):
    import jax.numpy as jnp

    lim1 = 32767 / QA / (SLOTS + 1)  # no i16 accumulator overflow
    lim2 = 8.0  # |w2| * QB <= 8192: the output sum stays within i32
    return {
        "w1": jnp.clip(p["w1"], -lim1, lim1),
        "b1": jnp.clip(p["b1"], -lim1, lim1),
        "w2": jnp.clip(p["w2"], -lim2, lim2),
        "b2": p["b2"],
    }


def quantise(p):
    w1 = np.round(np.asarray(p["w1"]) * QA).astype(np.int16)
    b1 = np.round(np.asarray(p["b1"]) * QA).astype(np.int16)
    w2 = np.round(np.asarray(p["w2"]) * QB).astype(np.int16)
    b2 = np.int32(np.round(float(p["b2"]) * QA * QB))
    return w1, b1, w2, b2


def fnv1a(data):
    h = 0x811C9DC5
    arr = np.frombuffer(data, np.uint8)
    for b in arr.tobytes():
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def export(p, path):
    """The weight file, version 1 (docs/engine.md): a 32-byte header, then the payload."""
    w1, b1, w2, b2 = quantise(p)
    hidden = b1.shape[0]
    payload = (
        w1.astype("<i2").tobytes()
        + b1.astype("<i2").tobytes()
        + w2.astype("<i2").tobytes()
        + struct.pack("<i", int(b2))
    )
    header = MAGIC + struct.pack(
        "<HHHHHHHHII", VERSION, HEADER, FEATURES, hidden, QA, QB, SCALE, 0, len(payload), fnv1a(payload)
    )
    header += b"\0" * (HEADER - len(header))
    assert len(header) == HEADER
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(header + payload)
    os.replace(tmp, path)


def quantised_eval(p, idx_stm, idx_nstm, m_stm, m_nstm):
    """The integer inference of nnue.rs, in numpy: centi-units, side to move's view."""
    w1, b1, w2, b2 = quantise(p)
    hidden = b1.shape[0]
    out = []
    for i in range(len(idx_stm)):
        accs = []
        for idx, m in ((idx_stm[i], m_stm[i]), (idx_nstm[i], m_nstm[i])):
            acc = b1.astype(np.int32).copy()
            for f, on in zip(idx, m):
                if on:
                    acc += w1[f]
            accs.append(np.clip(acc, 0, QA))
        h = np.concatenate(accs)
        s = int((h.astype(np.int64) * w2.astype(np.int64)).sum()) + int(b2)
        out.append(max(-20000, min(20000, int(s * SCALE // (QA * QB)))))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", action="append", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--lam", type=float, default=0.7, help="weight of the score in the target")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=int, default=0, help="use at most this many positions")
    ap.add_argument("--vectors", help="write test vectors (JSON) for the Rust test")
    args = ap.parse_args()

    import jax
    import jax.numpy as jnp
    import optax

    data = np.concatenate([np.asarray(load(p)) for p in args.data])
    keep = np.abs(data["score"].astype(np.int32)) < MATE_BOUND
    data = data[keep]
    # Several datagen threads write games in the order they end: sorted by game and ply first,
    # the same positions give the same seeded shuffle, hence the same weights.
    data = data[np.lexsort((data["ply"], data["game"]))]
    rng = np.random.default_rng(args.seed)
    data = data[rng.permutation(len(data))]
    if args.limit:
        data = data[: args.limit]
    nval = max(1, min(len(data) // 20, 20000))
    val, train = data[:nval], data[nval:]
    print(f"positions: {len(train)} training, {len(val)} validation", flush=True)

    def prep(d):
        fs = features(d)
        score = d["score"].astype(np.float32)
        result = d["result"].astype(np.float32)
        target = args.lam / (1 + np.exp(-score / K)) + (1 - args.lam) * (result + 1) / 2
        return fs, target.astype(np.float32)

    tr_f, tr_t = prep(train)
    va_f, va_t = prep(val)

    opt = optax.adam(optax.cosine_decay_schedule(args.lr, max(1, args.epochs * (len(train) // args.batch + 1)), 0.05))

    def loss_fn(p, f, t):
        y = forward(p, *f)
        return jnp.mean((jax.nn.sigmoid(y * SCALE / K) - t) ** 2)

    @jax.jit
    def step(p, s, f, t):
        loss, g = jax.value_and_grad(loss_fn)(p, f, t)
        u, s = opt.update(g, s, p)
        return clip_params(optax.apply_updates(p, u)), s, loss

    eval_loss = jax.jit(loss_fn)

    os.makedirs(args.ckpt, exist_ok=True)
    ck = os.path.join(args.ckpt, "checkpoint.pkl")
    if os.path.exists(ck):
        with open(ck, "rb") as f:
            state = pickle.load(f)
        if state["hidden"] != args.hidden:
            sys.exit(f"{ck}: a checkpoint of hidden {state['hidden']}, not {args.hidden}")
        params, opt_state, start = state["params"], state["opt"], state["epoch"]
        print(f"resuming after epoch {start}", flush=True)
    else:
        params = init_params(jax.random.PRNGKey(args.seed), args.hidden)
        params = {k: jnp.asarray(v, jnp.float32) for k, v in params.items()}
        opt_state = opt.init(params)
        start = 0

    n = len(tr_t)
    for epoch in range(start, args.epochs):
        t0 = time.time()
        perm = np.random.default_rng(args.seed * 1000 + epoch).permutation(n)
        total, count = 0.0, 0
        for b in range(0, n - args.batch + 1 if n >= args.batch else 1, args.batch):
            sel = perm[b : b + args.batch]
            f = tuple(jnp.asarray(x[sel]) for x in tr_f)
            params, opt_state, loss = step(params, opt_state, f, jnp.asarray(tr_t[sel]))
            total += float(loss)
            count += 1
        vl = float(eval_loss(params, tuple(jnp.asarray(x) for x in va_f), jnp.asarray(va_t)))
        print(
            f"epoch {epoch + 1}/{args.epochs} train {total / max(count, 1):.5f} val {vl:.5f} "
            f"{time.time() - t0:.0f}s",
            flush=True,
        )
        with open(ck + ".tmp", "wb") as f:
            pickle.dump(
                {
                    "params": jax.tree_util.tree_map(np.asarray, params),
                    "opt": jax.tree_util.tree_map(np.asarray, opt_state),
                    "epoch": epoch + 1,
                    "hidden": args.hidden,
                },
                f,
            )
        os.replace(ck + ".tmp", ck)
        export(params, args.out)

    export(params, args.out)
    print(f"weights: {args.out} ({os.path.getsize(args.out)} bytes)", flush=True)

    if args.vectors:
        # Records of the validation set with the float model's and the integer model's
        # evaluation; nnue.rs's test rebuilds each position from its record and must agree.
        sel = val[:12]
        f = features(sel)
        floats = np.asarray(forward(params, *(jnp.asarray(x) for x in f))) * SCALE
        ints = quantised_eval(params, *f)
        worst = max(abs(a - b) for a, b in zip(ints, floats))
        if worst > 12:
            sys.exit(f"integer and float model differ by {worst:.1f} centi-units")
        vectors = [
            {
                "record": bytes(np.asarray(sel[i : i + 1]).tobytes()).hex(),
                "float_cp": round(float(floats[i]), 3),
                "int_cp": ints[i],
            }
            for i in range(len(sel))
        ]
        with open(args.vectors, "w") as fh:
            json.dump({"weights": os.path.basename(args.out), "vectors": vectors}, fh, indent=1)
            fh.write("\n")
        print(f"test vectors: {args.vectors}", flush=True)


if __name__ == "__main__":
    main()
