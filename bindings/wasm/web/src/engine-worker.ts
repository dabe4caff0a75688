// The engine runs here, off the page's thread, so the board stays responsive while it thinks.
// In a hidden game (暗式) it is given its own side's information-state string and nothing
// else: the referee, and the true position, stay on the page's side.

import init, { engineReply, hiddenEngineProposal } from '../pkg/gjjq_wasm.js';
import type { EngineReply, HiddenReply } from './types';

export type EngineRequest =
  | { id: number; kind: 'open'; start: string; moves: string; seed: number }
  | { id: number; kind: 'hidden'; state: string; seed: number };

const ready = init();

/**
 * The one engine call: `engineReply` (bindings/wasm/src/engine.rs) runs the baseline
 * engine on the open game; `hiddenEngineProposal` (bindings/wasm/src/hidden.rs) searches
 * worlds drawn from the information state.
 */
function think(req: EngineRequest): EngineReply | HiddenReply {
  if (req.kind === 'hidden') {
    return JSON.parse(hiddenEngineProposal(req.state, req.seed)) as HiddenReply;
  }
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
