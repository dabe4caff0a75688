// The board as SVG, drawn like `gjjq svg` (src/svg.rs): the same geometry, colours and
// layers, plus what a page needs: a flip, a hit area on every point, legal-destination dots.
// Terrain, palaces and labels come from the library (boardPoints); nothing here knows a rule.

import { t, type Lang } from './i18n';
import { KINDS, kindInfo, TERRAIN } from './legend';
import type { BeliefView, BeliefsView, MoveView, PieceView, PointView, Script, ThreatView, View } from './types';

const CELL = 100;
const MARGIN = 100;
const BORDER = 140;
const WIDTH = 2 * MARGIN + 8 * CELL;
const HEIGHT = 2 * MARGIN + 8 * CELL + BORDER;
const PIECE_R = 40;

const PAPER = '#f4ecd8';
const SEA = '#cfe3f1';
const BORDER_SEA = '#9cc3e0';
const LAND = '#e6d3a3';
const LINE = '#5b4a32';
const COASTLINE = '#a0782c';
const COLOUR = { red: '#c0262d', green: '#1d7a3a' } as const;
const FONTS = {
  simplified:
    "'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
  traditional:
    "'Noto Sans CJK TC', 'Noto Sans TC', 'Source Han Sans TC', 'PingFang TC', 'Microsoft JhengHei', 'WenQuanYi Micro Hei', sans-serif",
} as const;
const PIECE_FILL = { red: '#fff3ee', green: '#eefaf0' } as const;

/** The tint of each kind on an enemy disc when beliefs are shown (by ASCII letter, R-7):
 * eight hues apart from the sides' red and green, light enough for dark text on them. */
export const BELIEF_TINT: Record<string, string> = {
  K: '#d77fd0',
  G: '#a98bd8',
  M: '#f09a4a',
  F: '#5aa5d6',
  P: '#86d0e0',
  A: '#e8cf4a',
  D: '#c49a6c',
  I: '#b8b8b8',
};
const BELIEF_INK = '#2b2118';

/** A probability as the page writes it: `62%`; `100%` only when certain, `<1%` below 1 %. */
export function percent(p: number): string {
  if (p >= 1) return '100%';
  const n = Math.round(p * 100);
  if (n < 1) return '<1%';
  return `${Math.min(99, n)}%`;
}

/** A kind's name in the page's language, from its ASCII letter (`A` → `Army` / `军`). */
export function kindWord(letter: string, lang: Lang, script: Script = 'simplified'): string {
  const k = KINDS.find((k) => k.letter === letter);
  if (!k) return letter;
  if (lang === 'en') return k.english;
  return script === 'traditional' ? k.traditional : k.simplified;
}

export interface BoardState {
  view: View;
  flipped: boolean;
  script: Script;
  selected: string | null;
  /** Legal moves of the selected piece. */
  targets: MoveView[];
  /** The page's language, for the tooltips. */
  lang?: Lang;
  /** The point that takes the keyboard focus (roving tabindex); null: none. */
  focus?: string | null;
  /** In a hidden game with the beliefs toggle on: the person's beliefs about the enemy
   * pieces (from its information state only); each enemy disc is tinted by its most likely
   * kind and labelled. Null or absent: blank discs. */
  beliefs?: BeliefsView | null;
}

export class Board {
  private readonly byLabel = new Map<string, PointView>();

  constructor(private readonly points: PointView[]) {
    for (const p of points) this.byLabel.set(p.label, p);
  }

  /** The point named `label` (terrain, palace, country), if any. */
  point(label: string): PointView | undefined {
    return this.byLabel.get(label);
  }

  /** The label of grid point (x, y), if it is on the board. */
  labelAt(x: number, y: number): string | undefined {
    return this.points.find((p) => p.x === x && p.y === y)?.label;
  }

  /** Screen centre of grid point (x, y): Red's country at the bottom unless flipped. */
  private xy(x: number, y: number, flipped: boolean): [number, number] {
    const dx = flipped ? 8 - x : x;
    const dy = flipped ? 9 - y : y;
    const gap = dy <= 4 ? BORDER - CELL : 0;
    return [MARGIN + dx * CELL, MARGIN + (9 - dy) * CELL + gap];
  }

  private at(label: string, flipped: boolean): [number, number] {
    const p = this.byLabel.get(label);
    if (!p) return [0, 0];
    return this.xy(p.x, p.y, flipped);
  }

  render(s: BoardState): string {
    const f = s.flipped;
    const out: string[] = [];
    out.push(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" class="board${f ? ' flipped' : ''}" role="group" aria-label="国际军棋" font-family="${FONTS[s.script]}">`,
    );
    out.push(
      `<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3.6" markerHeight="3.6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f5fbf"/></marker></defs>`,
    );
    this.ground(out, s);
    this.labels(out, f);
    const last = s.view.lastMove;
    if (last) {
      this.highlight(out, last.from, 'from', f);
      this.highlight(out, last.to, 'to', f);
    }
    for (const p of s.view.pending) {
      const [x1, y1] = this.at(p.striker, f);
      const [x2, y2] = this.at(p.origin, f);
      out.push(
        `<line class="pending-return ${p.side}" data-striker="${p.striker}" data-origin="${p.origin}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${COLOUR[p.side]}" stroke-width="5" stroke-dasharray="4 10" stroke-linecap="round" stroke-opacity="0.8"/>`,
      );
    }
    for (const th of s.view.threats ?? []) this.threat(out, th, f);
    this.pointsLayer(out, s);
    if (last && last.from !== last.to) this.arrow(out, last.from, last.to, f);
    for (const th of s.view.threats ?? []) this.covered(out, th, f);
    out.push('</svg>');
    return out.join('\n');
  }

  private ground(out: string[], s: BoardState): void {
    const f = s.flipped;
    const [left] = this.xy(0, 0, false);
    const [right] = this.xy(8, 0, false);
    const top = MARGIN;
    const bottom = HEIGHT - MARGIN;
    const pad = CELL / 2;
    out.push(`<rect class="paper" x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="${PAPER}"/>`);
    out.push(
      `<rect class="frame" x="${left - pad}" y="${top - pad}" width="${right - left + 2 * pad}" height="${bottom - top + 2 * pad}" fill="none" stroke="${LINE}" stroke-width="4"/>`,
    );
    out.push(
      `<rect class="sea" x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="${SEA}"><title>${TERRAIN.sea[s.lang ?? 'zh']}</title></rect>`,
    );
    const borderTop = MARGIN + 4 * CELL;
    out.push(
      `<rect class="border" x="${left - pad}" y="${borderTop}" width="${right - left + 2 * pad}" height="${BORDER}" fill="${BORDER_SEA}"/>`,
    );
    // The border's name in the page's language (English: "Border", not 国界).
    const en = (s.lang ?? 'zh') === 'en';
    const name = en ? 'BORDER' : s.script === 'traditional' ? '國界' : '国界';
    const spacing = en ? 14 : 40;
    out.push(
      `<text class="border-name" x="${(left + right) / 2 + spacing / 2}" y="${borderTop + BORDER / 2}" font-size="${en ? 30 : 38}" letter-spacing="${spacing}" text-anchor="middle" dominant-baseline="central" fill="${LINE}" fill-opacity="0.55">${name}</text>`,
    );
    for (const side of ['red', 'green'] as const) this.country(out, side, f, s.lang ?? 'zh');
  }

  private country(out: string[], side: 'red' | 'green', f: boolean, lang: Lang): void {
    // Grid y of the country's rank `rows` from its base line.
    const cy = (rows: number): number => (side === 'red' ? rows : 9 - rows);
    const p = (x: number, y: number): string => this.xy(x, y, f).join(',');
    out.push(`<g class="country ${side}">`);
    // Land (R-4): the trapezoid from the base line to 4B–6B; its sea sides are the coastline.
    out.push(
      `<polygon class="land" points="${p(0, cy(0))} ${p(8, cy(0))} ${p(5, cy(3))} ${p(3, cy(3))}" fill="${LAND}"/>`,
    );
    // Palace (R-5): files 4–6 × the three back ranks.
    const [ax, ay] = this.xy(3, cy(0), f);
    const [bx, by] = this.xy(5, cy(2), f);
    const rx = Math.min(ax, bx);
    const ry = Math.min(ay, by);
    out.push(
      `<rect class="palace-area" x="${rx}" y="${ry}" width="${2 * CELL}" height="${2 * CELL}" fill="${COLOUR[side]}" fill-opacity="0.08"><title>${TERRAIN.palace[lang]}</title></rect>`,
    );
    const grid: string[] = [];
    for (let x = 0; x < 9; x++) {
      const [x1, y1] = this.xy(x, cy(0), f);
      const [, y2] = this.xy(x, cy(4), f);
      grid.push(`<line x1="${x1}" y1="${y1}" x2="${x1}" y2="${y2}"/>`);
    }
    for (let r = 0; r < 5; r++) {
      const [x1, y1] = this.xy(0, cy(r), f);
      const [x2] = this.xy(8, cy(r), f);
      grid.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y1}"/>`);
    }
    out.push(`<g class="grid" stroke="${LINE}" stroke-width="2" stroke-linecap="square">${grid.join('')}</g>`);
    out.push(
      `<polyline class="coastline" points="${p(0, cy(0))} ${p(3, cy(3))} ${p(5, cy(3))} ${p(8, cy(0))}" fill="none" stroke="${COASTLINE}" stroke-width="5" stroke-dasharray="14 10"><title>${TERRAIN.coast[lang]}</title></polyline>`,
    );
    out.push(
      `<g class="palace" stroke="${LINE}" stroke-width="4" fill="none"><rect x="${rx}" y="${ry}" width="${2 * CELL}" height="${2 * CELL}"/><line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}"/><line x1="${bx}" y1="${ay}" x2="${ax}" y2="${by}"/></g>`,
    );
    const marks: string[] = [];
    for (const pt of this.points) {
      if (pt.country !== side) continue;
      const [x, y] = this.xy(pt.x, pt.y, f);
      if (pt.terrain === 'coast') {
        marks.push(`<circle class="mark coast" cx="${x}" cy="${y}" r="9" fill="#f0c36a" stroke="#8a6420" stroke-width="3"/>`);
      } else if (pt.terrain === 'inland') {
        marks.push(`<circle class="mark inland" cx="${x}" cy="${y}" r="5" fill="${LINE}"/>`);
      } else {
        marks.push(`<circle class="mark sea" cx="${x}" cy="${y}" r="6" fill="${SEA}" stroke="#3f7fb0" stroke-width="2"/>`);
      }
    }
    out.push(marks.join(''));
    out.push('</g>');
  }

  private labels(out: string[], f: boolean): void {
    const parts: string[] = ['<g class="labels">'];
    const off = (MARGIN + CELL / 2) / 2;
    const text = (cls: string, x: number, y: number, colour: string, s: string): void => {
      parts.push(
        `<text class="${cls}" x="${x}" y="${y}" font-size="34" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="${colour}">${s}</text>`,
      );
    };
    const mid = HEIGHT / 2;
    for (const pt of this.points) {
      const base = pt.country === 'red' ? 0 : 9;
      const [x, y] = this.xy(pt.x, pt.y, f);
      const colour = COLOUR[pt.country];
      if (pt.y === base) {
        // File digit beyond the country's base line, on whichever edge that line is drawn.
        text(`file ${pt.country}`, x, y + (y > mid ? off : -off), colour, pt.label[0]);
      }
      if (pt.x === 0) {
        const [xl] = this.xy(0, pt.y, false);
        const [xr] = this.xy(8, pt.y, false);
        text(`rank ${pt.country}`, xl - off, y, colour, pt.label[1]);
        text(`rank ${pt.country}`, xr + off, y, colour, pt.label[1]);
      }
    }
    parts.push('</g>');
    out.push(parts.join(''));
  }

  private highlight(out: string[], label: string, which: 'from' | 'to', f: boolean): void {
    const [x, y] = this.at(label, f);
    const half = CELL / 2 - 4;
    const [fill, opacity] = which === 'from' ? ['#f2d04b', '0.55'] : ['#f2b01e', '0.75'];
    out.push(
      `<rect class="last-move ${which}" data-square="${label}" x="${x - half}" y="${y - half}" width="${2 * half}" height="${2 * half}" rx="10" fill="${fill}" fill-opacity="${opacity}"/>`,
    );
  }

  /** A king under attack (R-20): a red halo on it and an orange dashed ring on each
   * attacker, drawn under the pieces. */
  private threat(out: string[], th: ThreatView, f: boolean): void {
    const [kx, ky] = this.at(th.king, f);
    out.push(
      `<circle class="threat-king" data-side="${th.side}" data-at="${th.king}" cx="${kx}" cy="${ky}" r="${PIECE_R + 9}" fill="#e0302a" fill-opacity="0.35" stroke="#e0302a" stroke-width="6"/>`,
    );
    for (const a of th.attackers) {
      const [x, y] = this.at(a, f);
      out.push(
        `<circle class="attacker" data-at="${a}" data-king="${th.king}" cx="${x}" cy="${y}" r="${PIECE_R + 9}" fill="#ff8c00" fill-opacity="0.25" stroke="#ff8c00" stroke-width="7" stroke-dasharray="12 7"/>`,
      );
    }
  }

  /** The king's covered steps (R-22): a cross on each point a king move would still leave
   * it attacked; drawn over the pieces, passing clicks through. */
  private covered(out: string[], th: ThreatView, f: boolean): void {
    for (const c of th.covered) {
      const [x, y] = this.at(c, f);
      const d = 22;
      out.push(
        `<path class="covered" data-at="${c}" d="M${x - d},${y - d} L${x + d},${y + d} M${x + d},${y - d} L${x - d},${y + d}" stroke="#e0302a" stroke-width="9" stroke-linecap="round" stroke-opacity="0.85" pointer-events="none"/>`,
      );
    }
  }

  private arrow(out: string[], from: string, to: string, f: boolean): void {
    const [x1, y1] = this.at(from, f);
    const [x2, y2] = this.at(to, f);
    const len = Math.hypot(x2 - x1, y2 - y1);
    const t = Math.max(0, (len - (PIECE_R + 6)) / len);
    const ex = x1 + (x2 - x1) * t;
    const ey = y1 + (y2 - y1) * t;
    out.push(
      `<line class="last-move arrow" x1="${x1}" y1="${y1}" x2="${ex.toFixed(0)}" y2="${ey.toFixed(0)}" stroke="#1f5fbf" stroke-width="8" stroke-linecap="round" stroke-opacity="0.65" marker-end="url(#arrowhead)" pointer-events="none"/>`,
    );
  }

  /** One group per point: its hit area, its piece, and a destination mark when selected. */
  private pointsLayer(out: string[], s: BoardState): void {
    const pieces = new Map<string, PieceView>();
    for (const p of s.view.pieces) pieces.set(p.point, p);
    const targets = new Map<string, MoveView>();
    for (const m of s.targets) targets.set(m.to, m);
    const movable = new Set(s.view.legal.map((m) => m.from));
    const beliefs = new Map<string, BeliefView>();
    for (const b of s.beliefs?.pieces ?? []) beliefs.set(b.point, b);
    const exact = s.beliefs?.exact ?? true;
    out.push('<g class="points">');
    for (const pt of this.points) {
      const [x, y] = this.xy(pt.x, pt.y, s.flipped);
      const piece = pieces.get(pt.label);
      const target = targets.get(pt.label);
      const cls = ['point'];
      if (s.selected === pt.label) cls.push('selected');
      if (target) cls.push('target');
      if (piece && movable.has(pt.label)) cls.push('movable');
      // Beliefs only ever shade a blank enemy disc: never an own piece, never a known one.
      const belief = piece && piece.letter === '?' ? beliefs.get(pt.label) : undefined;
      const tip = this.tooltip(pt, piece, s.lang ?? 'zh', belief, exact, s.script);
      const tab = s.focus === pt.label ? 0 : -1;
      const parts = [
        `<g class="${cls.join(' ')}" data-point="${pt.label}" transform="translate(${x},${y})" tabindex="${tab}" role="button" aria-label="${tip}">`,
        `<title>${tip}</title>`,
        `<circle class="hit" r="48" fill="transparent"/>`,
      ];
      if (s.selected === pt.label) {
        parts.push(`<circle class="selection" r="${PIECE_R + 6}" fill="none" stroke="#1f5fbf" stroke-width="6"/>`);
      }
      if (piece && piece.letter === '?' && belief) {
        parts.push(this.beliefDisc(pt.label, piece, belief, exact));
      } else if (piece && piece.letter === '?') {
        // An enemy piece in a hidden game (R-37): a blank disc, its kind unknown to the page.
        const colour = COLOUR[piece.side];
        parts.push(
          `<g class="piece ${piece.side} hidden" data-piece="?" data-square="${pt.label}"><circle r="${PIECE_R}" fill="${PIECE_FILL[piece.side]}"/><circle r="${PIECE_R}" fill="${colour}" fill-opacity="0.6" stroke="${colour}" stroke-width="4"/><circle r="${PIECE_R - 7}" fill="none" stroke="${PIECE_FILL[piece.side]}" stroke-width="1.5" stroke-opacity="0.8"/></g>`,
        );
      } else if (piece) {
        const colour = COLOUR[piece.side];
        const ch = s.script === 'traditional' ? piece.traditional : piece.simplified;
        const width = piece.kind === 'king' ? 7 : 4;
        parts.push(
          `<g class="piece ${piece.side} ${piece.kind}" data-piece="${piece.letter}" data-square="${pt.label}"><circle r="${PIECE_R}" fill="${PIECE_FILL[piece.side]}" stroke="${colour}" stroke-width="${width}"/><circle r="${PIECE_R - 7}" fill="none" stroke="${colour}" stroke-width="1.5"/>${
            s.lang === 'en'
              ? // In English the disc carries the kind's letter (R-7) under its character.
                `<text class="glyph" y="-9" font-size="34" text-anchor="middle" dominant-baseline="central" fill="${colour}">${ch}</text><text class="en-label" y="22" font-size="22" font-weight="bold" font-family="ui-sans-serif, system-ui, sans-serif" text-anchor="middle" dominant-baseline="central" fill="${colour}">${piece.letter.toUpperCase()}</text>`
              : `<text class="glyph" font-size="44" text-anchor="middle" dominant-baseline="central" fill="${colour}">${ch}</text>`
          }</g>`,
        );
      }
      if (target?.danger) {
        // A move that loses at once: an orange ring with a warning, marked before it is made.
        parts.push(
          `<circle class="dest danger${target.capture ? ' capture' : ''}" data-dest="${target.ascii}" data-danger="${target.danger}" r="${target.capture ? PIECE_R + 3 : 17}" fill="${target.capture ? 'none' : '#ff8c00'}" fill-opacity="0.7" stroke="#e05a00" stroke-width="6" stroke-dasharray="8 5"/>`,
        );
      } else if (target) {
        parts.push(
          target.capture
            ? `<circle class="dest capture" data-dest="${target.ascii}" r="${PIECE_R + 3}" fill="none" stroke="#1f5fbf" stroke-width="7" stroke-opacity="0.75"/>`
            : `<circle class="dest" data-dest="${target.ascii}" r="15" fill="#1f5fbf" fill-opacity="0.6"/>`,
        );
      }
      parts.push('</g>');
      out.push(parts.join(''));
    }
    out.push('</g>');
  }

  /** An enemy disc of a hidden game tinted by its most likely kind (the stronger the more
   * likely), with that kind's letter and probability written on it: `A` over `62%`
   * (`≈62%` when the figures are not exact). */
  private beliefDisc(label: string, piece: PieceView, b: BeliefView, exact: boolean): string {
    const colour = COLOUR[piece.side];
    const tint = BELIEF_TINT[b.letter] ?? '#cccccc';
    const opacity = (0.45 + 0.55 * b.probability).toFixed(2);
    const shown = `${exact ? '' : '≈'}${percent(b.probability)}`;
    return (
      `<g class="piece ${piece.side} hidden belief" data-piece="?" data-square="${label}" data-belief="${b.letter}" data-probability="${b.probability}" data-exact="${exact}">` +
      `<circle r="${PIECE_R}" fill="${PIECE_FILL[piece.side]}"/>` +
      `<circle class="tint" r="${PIECE_R}" fill="${tint}" fill-opacity="${opacity}" stroke="${colour}" stroke-width="4"${exact ? '' : ' stroke-dasharray="9 5"'}/>` +
      `<text class="belief-label" text-anchor="middle" dominant-baseline="central" fill="${BELIEF_INK}" font-family="ui-sans-serif, system-ui, sans-serif">` +
      `<tspan class="letter" x="0" y="-9" font-size="32" font-weight="bold">${b.letter}</tspan>` +
      `<tspan class="probability" x="0" y="21" font-size="19"> ${shown}</tspan></text></g>`
    );
  }

  /** The key to the board's colours and marks, drawn the way the board draws them, so it
   * needs no hover. */
  key(lang: Lang): string {
    const sw = (cls: string, svg: string, key: Parameters<typeof t>[1]): string =>
      `<span class="key key-${cls}"><svg viewBox="0 0 40 40" width="22" height="22" aria-hidden="true">${svg}</svg>${t(lang, key)}</span>`;
    return [
      sw('sea', `<rect width="40" height="40" fill="${SEA}"/>`, 'keySea'),
      sw('land', `<rect width="40" height="40" fill="${LAND}"/>`, 'keyLand'),
      sw('border', `<rect width="40" height="40" fill="${BORDER_SEA}"/>`, 'keyBorder'),
      sw('coastline', `<rect width="40" height="40" fill="${LAND}"/><line x1="0" y1="20" x2="40" y2="20" stroke="${COASTLINE}" stroke-width="5" stroke-dasharray="8 5"/>`, 'keyCoastline'),
      sw('coast-dot', `<rect width="40" height="40" fill="${LAND}"/><circle cx="20" cy="20" r="9" fill="#f0c36a" stroke="#8a6420" stroke-width="3"/>`, 'keyCoastDot'),
      sw('inland-dot', `<rect width="40" height="40" fill="${LAND}"/><circle cx="20" cy="20" r="5" fill="${LINE}"/>`, 'keyInlandDot'),
      sw('sea-dot', `<rect width="40" height="40" fill="${SEA}"/><circle cx="20" cy="20" r="6" fill="${SEA}" stroke="#3f7fb0" stroke-width="2"/>`, 'keySeaDot'),
      sw('palace', `<rect x="3" y="3" width="34" height="34" fill="${COLOUR.red}" fill-opacity="0.12" stroke="${LINE}" stroke-width="3"/><line x1="3" y1="3" x2="37" y2="37" stroke="${LINE}" stroke-width="2"/><line x1="37" y1="3" x2="3" y2="37" stroke="${LINE}" stroke-width="2"/>`, 'keyPalace'),
      sw('dest', `<circle cx="20" cy="20" r="8" fill="#1f5fbf" fill-opacity="0.6"/>`, 'keyDest'),
      sw('danger', `<circle cx="20" cy="20" r="10" fill="#ff8c00" fill-opacity="0.7" stroke="#e05a00" stroke-width="4" stroke-dasharray="6 4"/>`, 'keyDanger'),
      sw('attacker', `<circle cx="20" cy="20" r="15" fill="#ff8c00" fill-opacity="0.25" stroke="#ff8c00" stroke-width="4" stroke-dasharray="6 4"/>`, 'keyAttack'),
      sw('covered', `<path d="M10,10 L30,30 M30,10 L10,30" stroke="#e0302a" stroke-width="5" stroke-linecap="round"/>`, 'keyCovered'),
    ].join('');
  }

  /** A point's tooltip: its label, the piece on it (names and R-id), its terrain and palace;
   * on an enemy disc with beliefs shown, every possible kind with its probability. */
  private tooltip(
    pt: PointView,
    piece: PieceView | undefined,
    lang: Lang,
    belief?: BeliefView,
    exact = true,
    script: Script = 'simplified',
  ): string {
    const parts = [pt.label];
    if (piece && piece.letter === '?') {
      parts.push(lang === 'zh' ? (piece.side === 'red' ? '红方暗子' : '绿方暗子') : `${piece.side === 'red' ? 'Red' : 'Green'} piece, kind unknown`);
      if (belief) {
        const sep = lang === 'zh' ? '，' : ', ';
        const list = belief.kinds.map(([l, p]) => `${kindWord(l, lang, script)} (${l}) ${exact ? '' : '≈'}${percent(p)}`).join(sep);
        parts.push(t(lang, 'beliefsTip', list));
        if (!exact) parts.push(t(lang, 'beliefsApprox'));
      }
    } else if (piece) {
      const k = kindInfo(piece.kind);
      const side = lang === 'zh' ? (piece.side === 'red' ? '红' : '绿') : piece.side === 'red' ? 'Red' : 'Green';
      if (k) parts.push(lang === 'zh' ? `${side}${k.fullSimplified}（${k.english}）：${k.zh}（${k.rule}）` : `${side} ${k.english} ${k.simplified}/${k.traditional}: ${k.en} (${k.rule})`);
    }
    parts.push(TERRAIN[pt.terrain][lang]);
    if (pt.palace) parts.push(TERRAIN.palace[lang]);
    return parts.join(' · ').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  }
}
