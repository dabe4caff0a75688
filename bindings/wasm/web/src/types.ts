// The JSON shapes gjjq-wasm returns (bindings/wasm/src/session.rs, board.rs).

export type Side = 'red' | 'green';

export interface PointView {
  label: string;
  x: number;
  y: number;
  country: Side;
  terrain: 'inland' | 'coast' | 'sea';
  palace: boolean;
}

export interface MoveView {
  ascii: string;
  /** The action index (`Move::index`, 0..8100), shared with the engine and Python. */
  index: number;
  from: string;
  to: string;
  simplified: string;
  traditional: string;
  capture: boolean;
  side: Side;
  /** Why this legal move loses at once (`king-exposed`, `trapped-king`, …), judged by the
   * library (`move_danger`, bindings/wasm/src/session.rs); null when safe. */
  danger?: string | null;
}

export interface PieceView {
  point: string;
  letter: string;
  side: Side;
  kind: string;
  simplified: string;
  traditional: string;
}

export interface PendingView {
  side: Side;
  striker: string;
  origin: string;
}

export interface OutcomeView {
  winner: Side | null;
  reason: string;
  result: string;
}

export interface View {
  ply: number;
  plies: number;
  /** The node shown (an id of `Game.tree()`). */
  node: number;
  position: string;
  turn: Side;
  pieces: PieceView[];
  lastMove: MoveView | null;
  pending: PendingView[];
  legal: MoveView[];
  outcome: OutcomeView | null;
  /** The glyphs of the move that led here (`!?`, `$14`). */
  glyphs: string[];
  /** The comments after the move that led here. */
  comments: string[];
  /** Each king attacked here: attackers; for the side to move its escapes and
   * covered steps. Absent in a hidden game's view. */
  threats?: ThreatView[];
}

/** A king under attack (bindings/wasm/src/session.rs `ThreatView`). */
export interface ThreatView {
  side: Side;
  king: string;
  attackers: string[];
  escapes: string[];
  covered: string[];
}

/** The library's check of a hand deployment (bindings/wasm/src/deploy.rs). */
export interface DeploymentCheck {
  deployment: string | null;
  /** `count`: for `wrong-count`, [deployed, R-7's number]. */
  problem: { code: string; kind: string | null; at: string | null; count: [number, number] | null; message: string } | null;
}

/** One move of the game tree (`Game.tree()`): the main line, alternatives nested. */
export interface TreeMove {
  node: number;
  ply: number;
  move: MoveView;
  glyphs: string[];
  comments: string[];
  /** Whether it lies on the line the board walks. */
  current: boolean;
  /** The alternatives to this move, each a line from its first move. */
  variations: TreeMove[][];
}

export interface EngineReply {
  bestMove: string | null;
  engine: string;
}

export type Script = 'simplified' | 'traditional';

/** A candidate proposal in a hidden game (bindings/wasm/src/hidden.rs). */
export interface CandidateView {
  ascii: string;
  from: string;
  to: string;
  capture: boolean;
  /** The action index (`Move::index`, 0..8100). */
  index: number;
}

/** One move of the player's record: enemy moves as 暗…. */
export interface HiddenMoveView {
  ascii: string;
  from: string;
  to: string;
  side: Side;
  simplified: string;
  traditional: string;
  comments: string[];
  /** The captured kind, when told: its record character in both scripts. */
  captured: [string, string] | null;
}

/** What the person sees of a hidden game: its information state and nothing more. */
export interface HiddenView {
  side: Side;
  turn: Side;
  plies: number;
  pieces: PieceView[];
  enemyIds: [string, string][];
  lastMove: CandidateView | null;
  pending: PendingView[];
  candidates: CandidateView[];
  refused: string[];
  /** Why each refusal could happen (bindings/wasm/src/hidden.rs `refusal_reason`). */
  refusedReasons: string[];
  moves: HiddenMoveView[];
  lost: string[];
  captured: number;
  infoState: string;
  outcome: OutcomeView | null;
}

export interface ProposalView {
  ascii: string;
  played: boolean;
  over: boolean;
}

export interface HiddenReply {
  bestMove: string | null;
  engine: string;
  worlds: number;
  votes: number;
}

/** One enemy piece's belief (`HiddenGame.beliefs()`, bindings/wasm/src/hidden.rs `BeliefView`). */
export interface BeliefView {
  /** The point it stands on. */
  point: string;
  /** The most likely kind's name (`guard`); the first in K G M F P A D I order on a tie. */
  kind: string;
  /** Its ASCII letter (R-7, `G`). */
  letter: string;
  /** Its probability, in (0, 1]. */
  probability: number;
  /** Every kind of positive probability: `[letter, probability]`, K G M F P A D I order. */
  kinds: [string, number][];
}

/** The person's beliefs about the enemy pieces on the board, from its information state only. */
export interface BeliefsView {
  /** Whether the figures are exact over the consistent worlds (otherwise over the
   * assignments that fit the kind domains: shown with `≈`). */
  exact: boolean;
  pieces: BeliefView[];
}
