// The 国际军棋 hidden game's worker (暗式, R-37 … R-41): the referee (`HiddenGame`) and the
// engine's side live here, off the page's thread, as 陸戰棋's dark game does
// (luzhanqi/lz-dark-worker.ts). The engine's deployment and its search draws come from a
// secret of this worker's own (`crypto.getRandomValues`, rpc.ts `secret`), never from the
// seed the person types. Every answer before the end is the person's view (its own pieces by
// kind, the enemy's as `?`, its record and information state); the engine's information
// state never leaves this worker (the engine is given it here, R-41). Once the game is over,
// the whole game may be asked for, as a game file. Issue 50 item 22.

import init, { HiddenGame, hiddenEngineProposal, secretDeployment } from '../pkg/gjjq_wasm.js';
import { secret, serve, type RpcAnswer } from './luzhanqi/rpc';
import type { HiddenReply, ProposalView, Side } from './types';

/** What the page asks of the hidden game. */
export type HiddenOp =
  /** `own`: the person's deployment (its own: by hand, the formation, or drawn from the
   * person's seed); `enemy`: how the engine deploys (the formation of R-27, or at random
   * from this worker's secret). */
  | { op: 'start'; side: Side; own: string; enemy: 'formation' | 'random'; first: Side }
  | { op: 'propose'; ascii: string }
  | { op: 'engine' }
  | { op: 'resign' }
  | { op: 'reveal' };

export type HiddenRequest = HiddenOp & { id: number };

export interface HiddenAnswer extends RpcAnswer {
  /** The person's view (JSON of `HiddenView`, bindings/wasm/src/hidden.rs). */
  view?: string;
  /** For `propose` and `engine`: the referee's answer to the (last) proposal. */
  proposal?: ProposalView;
  /** For `engine`: which engine answered. */
  engine?: string;
  /** For `reveal`: the whole game as a game file (ASCII moves, both deployments as tags). */
  text?: string;
}

/** The FORMATION of R-27: both sides' deployment when the person chose it. */
const FORMATION = '9/3III3/9/1DA3AD1/FPMGKGMPF';

/** The engine's proposals one turn may take before the worker gives up (never seen: the
 * engine never repeats a refused proposal and its candidates are finite). */
const MAX_ENGINE_ATTEMPTS = 400;

let game: HiddenGame | null = null;
let person: Side = 'red';
/** This game's secret: the engine's deployment and the seeds of its searches. */
let gameSecret = 0n;

/** The seed of the engine's `attempt`-th proposal at `ply`: from the secret, never shown. */
function engineSeed(ply: number, attempt: number): number {
  return Number((gameSecret + BigInt(ply * 7919 + attempt * 104729)) & 0xffffffffn);
}

function answer(req: HiddenRequest): Omit<HiddenAnswer, 'id' | 'ms'> {
  if (req.op === 'start') {
    game?.free();
    game = null;
    gameSecret = secret();
    person = req.side;
    const enemy = req.enemy === 'formation' ? FORMATION : secretDeployment(gameSecret);
    const red = req.side === 'red' ? req.own : enemy;
    const green = req.side === 'green' ? req.own : enemy;
    game = new HiddenGame(req.side, red, green, req.first);
    return { view: game.view() };
  }
  if (!game) throw new Error('no hidden game started');
  switch (req.op) {
    case 'propose': {
      const proposal = JSON.parse(game.propose(person, req.ascii)) as ProposalView;
      return { view: game.view(), proposal };
    }
    case 'engine': {
      // The engine proposes from its own information state until the referee plays one
      // (a refusal is told to it in that state, `?<move>`, R-38).
      const engine: Side = person === 'red' ? 'green' : 'red';
      const ply = (JSON.parse(game.view()) as { plies: number }).plies;
      for (let attempt = 0; attempt <= MAX_ENGINE_ATTEMPTS; attempt++) {
        if (game.over() || game.turn() !== engine) break;
        const reply = JSON.parse(hiddenEngineProposal(game.infoState(engine), engineSeed(ply, attempt))) as HiddenReply;
        if (!reply.bestMove) throw new Error('the engine made no proposal');
        const proposal = JSON.parse(game.propose(engine, reply.bestMove)) as ProposalView;
        if (proposal.played) {
          // Its points are public: the person is told them in its view too.
          return { view: game.view(), proposal, engine: reply.engine };
        }
      }
      throw new Error(`the engine's proposals were refused ${MAX_ENGINE_ATTEMPTS} times`);
    }
    case 'resign':
      game.resign();
      return { view: game.view() };
    case 'reveal':
      // Over only: `reveal` refuses while the game goes on.
      {
        const open = game.reveal();
        try {
          return { text: open.gameFile('ascii') };
        } finally {
          open.free();
        }
      }
  }
}

serve(init(), answer);
