// What a newcomer needs beside the board: each kind's names and how it moves (one line each,
// from /work/shared/RULES-BRIEF.md §3 and docs/rules.md, with the R-id), the terrain, and a
// short "how to play". Only words live here; the moves themselves come from the library.

import type { Lang } from './i18n';

export interface KindInfo {
  kind: string;
  letter: string;
  simplified: string;
  traditional: string;
  fullTraditional: string;
  fullSimplified: string;
  english: string;
  rule: string;
  zh: string;
  en: string;
}

export const KINDS: KindInfo[] = [
  { kind: 'king', letter: 'K', simplified: '总', traditional: '總', fullTraditional: '總統 / 主席', fullSimplified: '总统 / 主席', english: 'King', rule: 'R-9',
    zh: '在本方总统府内直走一步。', en: 'One step orthogonally, inside its own palace.' },
  { kind: 'guard', letter: 'G', simplified: '卫', traditional: '衛', fullTraditional: '衛隊', fullSimplified: '卫队', english: 'Guard', rule: 'R-10',
    zh: '在本方总统府内直线滑行任意格，不可越子。', en: 'Slides any distance orthogonally over empty points, inside its own palace.' },
  { kind: 'missile', letter: 'M', simplified: '弹', traditional: '彈', fullTraditional: '彈隊', fullSimplified: '弹队', english: 'Missile', rule: 'R-11',
    zh: '在本国陆地上八方向滑行；隔一子以上打子，打后须返回原址（R-19）。', en: 'Slides 8 ways on its own land; strikes over a screen of one or more pieces, then returns (R-19).' },
  { kind: 'fleet', letter: 'F', simplified: '舰', traditional: '艦', fullTraditional: '艦隊', fullSimplified: '舰队', english: 'Fleet', rule: 'R-12',
    zh: '走“目”字（1×3 对角），走空只到海洋或沿海；不可越过敌弹。', en: 'Leaps (±1, ±3) or (±3, ±1); quiet moves to sea or coast only; never over an enemy missile.' },
  { kind: 'aircraft', letter: 'P', simplified: '机', traditional: '機', fullTraditional: '機隊', fullSimplified: '机队', english: 'Aircraft', rule: 'R-13',
    zh: '八方向走一至三格，可越子；不能越过或吃敌弹。', en: '1–3 points in 8 directions, jumping pieces; never over or onto an enemy missile.' },
  { kind: 'army', letter: 'A', simplified: '军', traditional: '軍', fullTraditional: '集團軍', fullSimplified: '集团军', english: 'Army', rule: 'R-14',
    zh: '八方向走一至两格，不可越子，只在本国。', en: '1 or 2 points in 8 directions, no jumping, only in its own country.' },
  { kind: 'division', letter: 'D', simplified: '师', traditional: '師', fullTraditional: '裝甲師', fullSimplified: '装甲师', english: 'Division', rule: 'R-15',
    zh: '走“日”字（1×2 对角），三条路线有一条无阻即可。', en: 'Leaps (±1, ±2) or (±2, ±1) if one of its 3 paths is clear; anywhere.' },
  { kind: 'infantry', letter: 'I', simplified: '团', traditional: '團', fullTraditional: '步兵團', fullSimplified: '步兵团', english: 'Infantry', rule: 'R-16',
    zh: '直走一步；出国后不可后退（敌总统府内除外）。', en: 'One step orthogonally; abroad never backward (except inside the enemy palace).' },
];

/** The English name of a kind (`missile` → `Missile`), or the word itself. */
export function englishName(kind: string): string {
  return KINDS.find((k) => k.kind === kind)?.english ?? kind;
}

/** The English name of a record character or ASCII letter (`弹`, `M`, `m` → `Missile`). */
export function englishOfChar(ch: string): string {
  if (ch === '主' || ch === '首' || ch === '王' || ch === '总' || ch === '總') return 'King';
  const k = KINDS.find((k) => k.simplified === ch || k.traditional === ch || k.letter === ch.toUpperCase());
  return k?.english ?? ch;
}

export function kindInfo(kind: string): KindInfo | undefined {
  return KINDS.find((k) => k.kind === kind);
}

export const TERRAIN = {
  sea: { zh: '海洋：只有舰可以走空到这里（R-4）', en: 'Sea: only a fleet may move here without capturing (R-4)' },
  coast: { zh: '沿海：陆地，舰也可停靠（R-4）', en: 'Coast: land where a fleet may also stand (R-4)' },
  inland: { zh: '陆地（R-4）', en: 'Inland (R-4)' },
  palace: { zh: '总统府：王与卫只在本方府内；开局封府（R-5, R-17）', en: 'Palace: king and guards stay in their own; sealed to the enemy at first (R-5, R-17)' },
} as const;

const HOW_TO = {
  zh: [
    '红方先走，双方轮流走一步，不能停着（R-8）。',
    '点自己的棋子，再点一个蓝点（或拖动）走棋；点错时页面说明原因。',
    '任何棋子都可以吃任何棋子；吃掉对方的王即胜（R-21）。',
    '困王也判负（R-22）：轮到你时，你的王被攻击、王的每一步走去仍被攻击、又吃不到对方的王，你就输了。王被攻击时棋盘会标出攻击者（橙色虚圈）和受控的王步（×）。',
    '双方都多于 8 子时，不能走进对方总统府（R-17）。',
    '弹打子后（舰吃陆地子后）下一步须返回原址（R-19）。',
    '键盘：方向键移动焦点，回车选子和落子。',
  ],
  en: [
    'Red moves first; turns alternate and there is no pass (R-8).',
    'Click one of your pieces, then a blue dot (or drag it); a refused click says why.',
    "Any piece may capture any piece; capturing the enemy king wins (R-21).",
    "A trapped king (困王) loses too (R-22): if at your turn your king is attacked, every king step is still attacked, and you cannot capture the enemy king, you lose. When a king is attacked the board marks the attackers (orange dashed rings) and the covered king steps (×).",
    'While both sides have more than 8 pieces, no move may enter the enemy palace (R-17).',
    'After a missile strike (or a fleet taking an inland piece) the striker owes a return to its origin (R-19).',
    'Keyboard: arrow keys move the focus over the board, Enter selects and plays.',
  ],
} as const;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A kind's disc characters: Red's, and Green's where they differ (the king: 总 and 主). */
function glyphs(k: KindInfo): string {
  const green = k.kind === 'king' ? '主' : null;
  return green
    ? `<span class="red">${k.simplified}</span> <span class="green">${green}</span>`
    : `<span class="red">${k.simplified}</span>`;
}

/** The legend table and the how-to-play list, in the page's language. */
export function renderLegend(lang: Lang): string {
  const rows = KINDS.map(
    (k) =>
      `<tr data-kind="${k.kind}"><td class="glyph">${glyphs(k)}</td><td lang="zh-Hant">${k.fullTraditional}</td><td lang="zh-Hans">${k.fullSimplified}</td><td lang="en">${k.english} (${k.letter})</td><td>${esc(lang === 'zh' ? k.zh : k.en)} <span class="rule">${k.rule}</span></td></tr>`,
  );
  const head =
    lang === 'zh'
      ? '<tr><th>棋子</th><th>繁體</th><th>简体</th><th>English</th><th>走法</th></tr>'
      : '<tr><th>Piece</th><th>Traditional</th><th>Simplified</th><th>English</th><th>How it moves</th></tr>';
  return `<table class="legend">${head}${rows.join('')}</table>`;
}

export function renderHowTo(lang: Lang): string {
  return `<ol class="how-to">${HOW_TO[lang].map((l) => `<li>${esc(l)}</li>`).join('')}</ol>`;
}
