//! The first generator (forward moves through the full `Position` API, an `outcome` test per
//! child, the move graph kept in memory), kept as the reference the generator of
//! [`crate::retro`] is checked against word for word (`tests/identical.rs`) and measured
//! against (`tests/measure.rs`). Built for tests and under the `reference` feature only.

use rayon::prelude::*;

use crate::core;
use crate::ending::Ending;
use crate::index::EndingIndex;
use crate::tablebase::{Tablebase, TablebaseError};
use crate::value::{NOT_A_POSITION, Value};

/// What one position's children say, its in-ending children aside.
#[derive(Debug, Clone, Copy, Default)]
struct Outside {
    /// The fastest win through a child outside the ending.
    win: Option<u16>,
    /// A child outside the ending is a draw.
    draw: bool,
    /// The slowest loss through the children outside the ending.
    loss: u16,
}

/// One chunk of the forward pass: nodes, in-ending degrees, in-ending children.
type Chunk = (Vec<Node>, Vec<u32>, Vec<u32>);

enum Node {
    NotAPosition,
    Terminal(Value),
    Inner(Outside),
}

impl Tablebase {
    /// Retrograde analysis of one ending whose sub-endings are all held.
    pub(crate) fn solve_reference(
        &self,
        ending: Ending,
    ) -> Result<(EndingIndex, Vec<u16>), TablebaseError> {
        let index = EndingIndex::new(ending);
        let size = index.size();
        const CHUNK: usize = 4096;
        // Forward pass (parallel): each position's node and its in-ending children.
        let chunks: Vec<Result<Chunk, TablebaseError>> = (0..size)
            .step_by(CHUNK)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|start| {
                let end = (start + CHUNK).min(size);
                let mut nodes = Vec::with_capacity(end - start);
                let mut degree = Vec::with_capacity(end - start);
                let mut edges = Vec::new();
                for idx in start..end {
                    let Some(pos) = index.position(idx) else {
                        nodes.push(Node::NotAPosition);
                        degree.push(0);
                        continue;
                    };
                    if let Some(v) = core::terminal(&pos) {
                        nodes.push(Node::Terminal(v));
                        degree.push(0);
                        continue;
                    }
                    let mut outside = Outside::default();
                    let mut d = 0u32;
                    for (_, child) in core::children(&pos) {
                        if core::terminal(&child).is_none()
                            && !core::has_pending(&child)
                            && Ending::of(&child) == ending
                        {
                            let c = index
                                .index_of(&child)
                                .ok_or(TablebaseError::OutsideIndex(ending))?;
                            edges.push(c as u32);
                            d += 1;
                            continue;
                        }
                        match self.value_of(&child)?.parent() {
                            Value::Win(n) => {
                                outside.win = Some(outside.win.map_or(n, |w| w.min(n)))
                            }
                            Value::Draw => outside.draw = true,
                            Value::Loss(n) => outside.loss = outside.loss.max(n),
                        }
                    }
                    nodes.push(Node::Inner(outside));
                    degree.push(d);
                }
                Ok((nodes, degree, edges))
            })
            .collect();
        let mut nodes = Vec::with_capacity(size);
        let mut degree = Vec::with_capacity(size);
        let mut edges = Vec::new();
        for c in chunks {
            let (n, d, e) = c?;
            nodes.extend(n);
            degree.extend(d);
            edges.extend(e);
        }
        // Predecessors, compressed: pred[pred_start[c]..pred_start[c + 1]] move into c.
        let mut pred_start = vec![0u32; size + 1];
        for &c in &edges {
            pred_start[c as usize + 1] += 1;
        }
        for i in 0..size {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut pred = vec![0u32; edges.len()];
        let mut e = 0usize;
        for (p, &d) in degree.iter().enumerate() {
            for _ in 0..d {
                let c = edges[e] as usize;
                pred[fill[c] as usize] = p as u32;
                fill[c] += 1;
                e += 1;
            }
        }
        drop(edges);
        drop(fill);
        // Level by level: at level n every position won or lost in n plies is decided.
        let mut values = vec![NOT_A_POSITION; size];
        let mut decided = vec![false; size];
        let mut wins: Vec<Vec<u32>> = vec![Vec::new()];
        let mut losses: Vec<Vec<u32>> = vec![Vec::new()];
        let push = |buckets: &mut Vec<Vec<u32>>, level: u16, p: usize| {
            let l = usize::from(level);
            if buckets.len() <= l {
                buckets.resize_with(l + 1, Vec::new);
            }
            buckets[l].push(p as u32);
        };
        let mut level0 = Vec::new();
        for (p, node) in nodes.iter().enumerate() {
            match *node {
                Node::NotAPosition => {}
                Node::Terminal(v) => {
                    values[p] = v.encode();
                    decided[p] = true;
                    level0.push(p as u32);
                }
                Node::Inner(o) => {
                    values[p] = Value::Draw.encode();
                    if let Some(w) = o.win {
                        push(&mut wins, w, p);
                    } else if degree[p] == 0 && !o.draw {
                        push(&mut losses, o.loss, p);
                    }
                }
            }
        }
        let mut level = 0u16;
        loop {
            let l = usize::from(level);
            if l >= wins.len() && l >= losses.len() {
                break;
            }
            let mut newly = if level == 0 {
                std::mem::take(&mut level0)
            } else {
                Vec::new()
            };
            if l < wins.len() {
                for p in std::mem::take(&mut wins[l]) {
                    if !decided[p as usize] {
                        decided[p as usize] = true;
                        values[p as usize] = Value::Win(level).encode();
                        newly.push(p);
                    }
                }
            }
            if l < losses.len() {
                for p in std::mem::take(&mut losses[l]) {
                    if !decided[p as usize] {
                        decided[p as usize] = true;
                        values[p as usize] = Value::Loss(level).encode();
                        newly.push(p);
                    }
                }
            }
            for &c in &newly {
                let cv = Value::decode(values[c as usize]);
                let preds =
                    &pred[pred_start[c as usize] as usize..pred_start[c as usize + 1] as usize];
                for &q in preds {
                    let q = q as usize;
                    if decided[q] {
                        continue;
                    }
                    match cv {
                        Some(Value::Loss(_)) => push(&mut wins, level + 1, q),
                        Some(Value::Win(_)) => {
                            degree[q] -= 1;
                            if degree[q] == 0
                                && let Node::Inner(o) = nodes[q]
                                && o.win.is_none()
                                && !o.draw
                            {
                                push(&mut losses, o.loss.max(level + 1), q);
                            }
                        }
                        _ => {}
                    }
                }
            }
            level += 1;
        }
        Ok((index, values))
    }
}
