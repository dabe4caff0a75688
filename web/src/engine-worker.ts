// The engine runs here, off the page's thread, so the board stays responsive while it thinks.

import init, { engineReply } from '../pkg/gjjq_wasm.js';
import type { EngineReply } from './types';

export interface EngineRequest {
  id: number;
  start: string;
  moves: string;
  seed: number;
}

const ready = init();

/**
 * The one engine call: `engineReply` in crates/gjjq-wasm/src/engine.rs runs the baseline
 * engine (gjjq-engine) under a node limit.
 */
function think(req: EngineRequest): EngineReply {
  return JSON.parse(engineReply(req.start, req.moves, req.seed)) as EngineReply;
}

self.onmessage = async (event: MessageEvent<EngineRequest>) => {
  const req = event.data;
  try {
    await ready;
    self.postMessage({ id: req.id, reply: think(req) });
  } catch (err) {
    self.postMessage({ id: req.id, error: String(err) });
  }
};
