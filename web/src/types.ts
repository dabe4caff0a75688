// The JSON shapes gjjq-wasm returns (crates/gjjq-wasm/src/session.rs, board.rs).

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
  from: string;
  to: string;
  simplified: string;
  traditional: string;
  capture: boolean;
  side: Side;
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
  position: string;
  turn: Side;
  pieces: PieceView[];
  lastMove: MoveView | null;
  pending: PendingView[];
  legal: MoveView[];
  outcome: OutcomeView | null;
}

export interface EngineReply {
  bestMove: string | null;
  engine: string;
}

export type Script = 'simplified' | 'traditional';
