// The 陸戰棋 engine's worker: the agents of luzhanqi-engine (search, heuristic, random) run
// here, off the page's thread, under a node limit (`lzEngineReply`, bindings/wasm/src/lz).

import init, { lzEngineReply } from '../../pkg/gjjq_wasm.js';

export interface LzEngineRequest {
  id: number;
  start: string;
  moves: string;
  agent: string;
  seed: number;
}

export interface LzEngineReply {
  bestMove: string | null;
  agent: string;
  depth: number;
  nodes: number;
}

const ready = init();

self.onmessage = async (event: MessageEvent<LzEngineRequest>) => {
  const req = event.data;
  try {
    await ready;
    const t0 = performance.now();
    const reply = JSON.parse(lzEngineReply(req.start, req.moves, req.agent, req.seed)) as LzEngineReply;
    self.postMessage({ id: req.id, reply, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ id: req.id, error: String(err) });
  }
};
