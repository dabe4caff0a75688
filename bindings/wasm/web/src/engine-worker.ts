// The engine of the open game runs here, off the page's thread, so the board stays
// responsive while it thinks. A hidden game's engine (暗式) runs in the hidden-game worker
// (hidden-worker.ts), beside its referee, so that nothing of its side reaches the page.

import init, { engineReply } from '../pkg/gjjq_wasm.js';
import type { EngineReply } from './types';

export type EngineRequest = { id: number; kind: 'open'; start: string; moves: string; seed: number };

const ready = init();

/** The one engine call: `engineReply` (bindings/wasm/src/engine.rs) runs the baseline
 * engine on the open game. */
function think(req: EngineRequest): EngineReply {
  return JSON.parse(engineReply(req.start, req.moves, req.seed)) as EngineReply;
}

self.onmessage = async (event: MessageEvent<EngineRequest>) => {
  const req = event.data;
  try {
    await ready;
    self.postMessage({ id: req.id, kind: req.kind, reply: think(req) });
  } catch (err) {
    self.postMessage({ id: req.id, kind: req.kind, error: String(err) });
  }
};
