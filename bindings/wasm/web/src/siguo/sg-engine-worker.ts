// One engine seat's worker (四國, L-63): made by the game's worker (sg-worker.ts), one per
// engine seat, it holds that seat's agent (`SgEngine`, bindings/wasm/src/sg) seeded from a
// secret of its own, and is sent nothing but that seat's information state string (its own
// kinds; its ally's too under 雙明; all under 全明) for each move it is asked for. The page's
// thread never talks to it.

import init, { SgEngine } from '../../pkg/gjjq_wasm.js';
import { secret, serve } from '../luzhanqi/rpc';

/** What the game's worker asks: a new engine for a mode, or a move for a state. */
export type SgEngineOp = { op: 'new'; mode: string } | { op: 'choose'; state: string };

let engine: SgEngine | null = null;

serve(init(), (req: SgEngineOp & { id: number }): { choice?: string } => {
  if (req.op === 'new') {
    engine?.free();
    engine = new SgEngine(req.mode, secret());
    return {};
  }
  if (!engine) throw new Error('no engine made');
  return { choice: engine.choose(req.state) };
});
