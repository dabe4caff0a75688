// The 四國軍棋 game's worker (L-40 … L-66): the referee (`siguo::dark::DarkGame`) and the
// three hidden deployments live here, in Rust (`SgDarkGame`, bindings/wasm/src/sg), drawn
// from a secret of this worker's own (`crypto.getRandomValues`) that never leaves it. Each
// engine seat is a worker of its own (sg-engine-worker.ts), made here and sent only its
// seat's information state, so no engine reads another seat's kinds. Every answer to the
// page is Red's view (its own kinds; Blue's too under 雙明; all under 全明) and the
// referee's announcements; the referee's record (every kind) is given only once the game is
// over.

import init, { SgDarkGame } from '../../pkg/gjjq_wasm.js';
import { client, secret, serve, type RpcAnswer } from '../luzhanqi/rpc';
import type { SgEngineOp } from './sg-engine-worker';

/** What the page asks of the game. */
export type SgOp =
  | { op: 'start'; own: string; mode: string }
  | { op: 'play'; action: string }
  | { op: 'engine' }
  | { op: 'resign' }
  | { op: 'player-record' }
  | { op: 'referee-record' };

export type SgRequest = SgOp & { id: number };

export interface SgAnswer extends RpcAnswer {
  /** Red's view (JSON of `SgPlayerView`). */
  view?: string;
  /** For `engine`: who acted, with what, the agent's nodes and its time in its worker. */
  engine?: { seat: string | null; action: string | null; agent: string | null; nodes: number; ms: number };
  /** For the records: the game file. */
  text?: string;
}

interface EngineAnswer extends RpcAnswer {
  choice?: string;
}

let game: SgDarkGame | null = null;
/** The engine seats' workers, made on first use and kept across games (a new game sends
 * each a `new`). */
const engines = new Map<string, (op: SgEngineOp) => Promise<EngineAnswer>>();
let engineMode = '';

function engineOf(seat: string): (op: SgEngineOp) => Promise<EngineAnswer> {
  let call = engines.get(seat);
  if (!call) {
    call = client<SgEngineOp, EngineAnswer>(
      () => new Worker(new URL('./sg-engine-worker.ts', import.meta.url), { type: 'module' }),
      (message) => console.error(`${seat}'s engine: ${message}`),
    );
    engines.set(seat, call);
  }
  return call;
}

async function answer(req: SgRequest): Promise<Omit<SgAnswer, 'id' | 'ms'>> {
  if (req.op === 'start') {
    game?.free();
    game = new SgDarkGame(req.own, req.mode, secret());
    engineMode = req.mode;
    await Promise.all(['green', 'blue', 'yellow'].map((s) => engineOf(s)({ op: 'new', mode: engineMode })));
    return { view: game.view() };
  }
  if (!game) throw new Error('no 四國 game started');
  switch (req.op) {
    case 'play':
      return { view: game.play(req.action) };
    case 'resign':
      return { view: game.resign() };
    case 'engine': {
      const turn = JSON.parse(game.engineTurn()) as { seat: string; state: string } | null;
      if (!turn) return { view: game.view(), engine: { seat: null, action: null, agent: null, nodes: 0, ms: 0 } };
      let choice = '';
      let ms = 0;
      try {
        const a = await engineOf(turn.seat)({ op: 'choose', state: turn.state });
        choice = a.choice ?? '';
        ms = a.ms;
      } catch (err) {
        // The referee plays the seat's first legal action instead (agent `fallback`).
        console.error(`${turn.seat}'s engine: ${err}`);
      }
      const reply = JSON.parse(game.playEngine(turn.seat, choice)) as {
        seat: string | null;
        action: string | null;
        agent: string | null;
        nodes: number;
        view: unknown;
      };
      return {
        view: JSON.stringify(reply.view),
        engine: { seat: reply.seat, action: reply.action, agent: reply.agent, nodes: reply.nodes, ms },
      };
    }
    case 'player-record':
      return { text: game.playerRecord() };
    case 'referee-record':
      return { text: game.refereeRecord() };
  }
}

serve(init(), answer);
