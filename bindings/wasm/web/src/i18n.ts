// Interface labels in Chinese and English. Piece characters and records come from the
// library (both scripts); only the page's own words live here.

export type Lang = 'zh' | 'en';

const TEXT = {
  title: { zh: '国际军棋', en: 'International Military Chess' },
  subtitle: { zh: 'gjjq 网页棋盘', en: 'gjjq web board' },
  newGame: { zh: '新对局', en: 'New game' },
  flip: { zh: '翻转棋盘', en: 'Flip board' },
  language: { zh: 'English', en: '中文' },
  scriptSimplified: { zh: '简体', en: 'Simplified' },
  scriptTraditional: { zh: '繁體', en: 'Traditional' },
  mode: { zh: '对局方式', en: 'Players' },
  modeTwo: { zh: '两人同屏', en: 'Two people, one screen' },
  modeRed: { zh: '执红对引擎', en: 'You Red, engine Green' },
  modeGreen: { zh: '执绿对引擎', en: 'You Green, engine Red' },
  engine: { zh: '引擎', en: 'Engine' },
  thinking: { zh: '思考中…', en: 'thinking…' },
  moves: { zh: '着法', en: 'Moves' },
  position: { zh: '局面串', en: 'Position string' },
  start: { zh: '开局', en: 'Start' },
  loadPosition: { zh: '从局面串开始', en: 'Start from position' },
  deployment: { zh: '翻式：按布阵开局', en: 'Fanshi (翻式): start from deployments' },
  redDeployment: { zh: '红方布阵', en: "Red's deployment" },
  greenDeployment: { zh: '绿方布阵', en: "Green's deployment" },
  firstMover: { zh: '先走', en: 'First to move' },
  loadDeployment: { zh: '按布阵开始', en: 'Start from deployments' },
  randomDeployment: { zh: '随机布阵', en: 'Random deployment' },
  gameFile: { zh: '棋谱', en: 'Game file' },
  loadGameFile: { zh: '载入棋谱', en: 'Load game file' },
  chooseFile: { zh: '选择文件', en: 'Choose file' },
  exportGame: { zh: '导出棋谱', en: 'Export game' },
  red: { zh: '红方', en: 'Red' },
  green: { zh: '绿方', en: 'Green' },
  toMove: { zh: '走棋', en: 'to move' },
  wins: { zh: '胜', en: 'wins' },
  draw: { zh: '和棋', en: 'Draw' },
  returnDue: { zh: '须返回', en: 'return due' },
  viewing: { zh: '查看第 {0} 步 / 共 {1} 步', en: 'Ply {0} of {1}' },
  error: { zh: '错误', en: 'Error' },
  hiddenGame: { zh: '暗棋对引擎', en: 'Hidden game vs engine' },
  hiddenSide: { zh: '我执', en: 'I play' },
  deploymentRandom: { zh: '双方随机布阵', en: 'Random deployments' },
  deploymentFormation: { zh: '双方默认阵形', en: 'Default formation' },
  seed: { zh: '种子', en: 'Seed' },
  startHidden: { zh: '开始暗棋', en: 'Start hidden game' },
  resign: { zh: '认输', en: 'Resign' },
  infoState: { zh: '我方信息状态', en: 'My information state' },
  refused: { zh: '不合法——请重新提出（{0} 被裁判拒绝，棋子未动）', en: 'illegal — propose again ({0} refused by the referee; nothing moved)' },
  revealed: { zh: '对局结束，全局公开', en: 'Game over: the whole game is revealed' },
  hiddenTally: { zh: '暗棋 · 我执{0} · 吃子 {1} · 失子 {2}', en: 'Hidden game · I play {0} · taken {1} · lost {2}' },
  hiddenPlies: { zh: '共 {0} 步', en: '{0} plies' },
  hiddenPly: { zh: '共 {0} 步', en: '{0} ply' },
  howToStart: { zh: '怎样开始：', en: 'How to start:' },
  startEngineRed: { zh: '与电脑对弈（执红）', en: 'Play the computer (as Red)' },
  startEngineGreen: { zh: '执绿', en: 'as Green' },
  startTwo: { zh: '两人同屏', en: 'Two people' },
  goHidden: { zh: '暗棋 ↓', en: 'Hidden game ↓' },
  goFanshi: { zh: '翻式 ↓', en: 'Fanshi ↓' },
  deploymentHand: { zh: '我方手动布阵', en: 'Arrange mine by hand' },
  arrangeHelp: {
    zh: '拖动（或先点后点）己方棋子换位布阵；违反布阵规则（R-32）的放置会被拒绝并说明原因。敌方按“种子”随机布阵。',
    en: 'Drag your pieces (or tap one, then a point) to arrange them; a drop that breaks a deployment rule (R-32) is refused with the reason. The enemy deploys at random from the seed.',
  },
  arrangeRandom: { zh: '随机填充', en: 'Random fill' },
  arrangeDefault: { zh: '默认阵形', en: 'Default formation' },
  arrangeCancel: { zh: '取消', en: 'Cancel' },
  arrangeString: { zh: '我方布阵串（可直接输入）', en: 'My deployment string (you may type one)' },
  arrangeStart: { zh: '按此布阵开始暗棋', en: 'Start the hidden game with this' },
  arrangeOk: { zh: '布阵合法（R-32）', en: 'a legal deployment (R-32)' },
  arrangeMoved: { zh: '{0} 放到 {1}', en: '{0} to {1}' },
  arrangeOutside: { zh: '只能布在己方国土内（R-32）', en: 'pieces deploy in your own country only (R-32)' },
  deployOutsidePalace: { zh: '{0}必须布在本方总统府内（R-32）：不能放在 {1}', en: 'the {0} must stand in your palace (R-32): not on {1}' },
  deployMissileOffLand: { zh: '弹只能布在陆地上（R-32）：{1} 是海洋', en: 'missiles deploy on land only (R-32): {1} is sea' },
  deployMissileBack: { zh: '弹只能布在 C–E 三线内（R-32）：不能放在 {1}', en: 'missiles deploy on ranks C–E only (R-32): not on {1}' },
  deployFleetInland: { zh: '舰只能布在海洋或沿海（R-32）：{1} 是内陆', en: 'fleets deploy on sea or coast only (R-32): {1} is inland' },
  deployWrongCount: { zh: '{0}的数目不对（R-7）', en: 'wrong number of {0} (R-7)' },
  deployCount: { zh: '{0}布了 {1} 枚，R-7 规定 {2} 枚', en: '{1} {0} deployed, R-7 gives exactly {2}' },
  deploySide: { zh: '{0}的布阵：{1}', en: "{0}'s deployment: {1}" },
  deployTwo: { zh: '{1} 上有两枚棋子', en: 'two pieces on {1}' },
  resignSure: { zh: '确定认输？对局将结束。', en: 'Resign? The game ends.' },
  resignYes: { zh: '认输', en: 'Resign' },
  resignNo: { zh: '继续下', en: 'Play on' },
  refusedWhy: { zh: '原因：{0}', en: 'why: {0}' },
  whyForfeit: {
    zh: '你欠一次返回（R-19）；改走王只在王被攻击时允许（弃弹保王/弃舰保王）——所以你的王现在没有被攻击。请先返回。',
    en: 'you owe a return (R-19); a king move in its place is allowed only while your king is attacked (the forfeit) — so your king is not attacked now. Return first.',
  },
  whyFleetMissile: { zh: '舰不能越过敌方的弹（R-12）：它经过的敌子里有弹。', en: 'a fleet never leaps over an enemy missile (R-12): an enemy piece it passes is a missile.' },
  whyAircraftMissile: {
    zh: '机不能飞越或吃敌方的弹（R-13）：经过或目标处的敌子里有弹。',
    en: 'an aircraft never flies over or onto an enemy missile (R-13): an enemy piece it passes or takes is a missile.',
  },
  whyFacing: { zh: '王只能沿直线吃对面的王（R-18）：那里不是敌王，或两王不能对面。', en: 'a king takes along the file only the facing enemy king (R-18): that piece is not the king, or the kings may not face.' },
  whyMissileWalk: { zh: '弹此时不能走空（R-11）。', en: 'the missile may not walk now (R-11).' },
  whyUnknown: { zh: '在真实局面中不合法（R-38）。', en: 'illegal in the true position (R-38).' },
  enemyHidden: {
    zh: '{0}：敌方暗子，兵种未知（R-37）；它原布在 {1}。点你自己的棋子来走棋。',
    en: '{0}: an enemy piece, kind unknown (R-37); it was deployed on {1}. Click one of your own pieces to move.',
  },
  emptyPoint: { zh: '{0}：空点。先点你自己的棋子，再点目标。', en: '{0}: an empty point. Click one of your pieces first, then where it goes.' },
  notCandidate: { zh: '{0} 不能走到 {1}：在任何敌子兵种下都不合法', en: '{0} cannot go to {1}: illegal whatever the enemy kinds' },
  threatKing: { zh: '{0}的王被攻击（R-20）：攻击者 {1}。', en: "{0}'s king is attacked (R-20) by {1}." },
  threatEscapes: { zh: '可逃到 {0}', en: 'escapes: {0}' },
  threatCovered: { zh: '受控（走去仍被攻击）{0}', en: 'covered (still attacked there): {0}' },
  threatNoEscape: { zh: '王已无处可逃', en: 'the king has no escape' },
  threatTrapWarn: {
    zh: '若轮到己方时王被攻击且无处可逃、又吃不到对方的王，即判负：困王（R-22）。',
    en: 'A side whose king is attacked at its turn, with no king move out of attack and no capture of the enemy king, loses: trapped king (R-22).',
  },
  threatCapturable: { zh: '{0}的王可被吃（R-21）：{1}。', en: "{0}'s king can be captured (R-21) from {1}." },
  whyTrapped: {
    zh: '困王（R-22）：轮到{0}时，{0}的王被 {1} 攻击，王的每一步（{2}）仍受攻击，也吃不到对方的王。',
    en: "Trapped king (R-22): at {0}'s turn its king was attacked by {1}, every king step ({2}) was still attacked, and no move could capture the enemy king.",
  },
  noSteps: { zh: '无路可走', en: 'none possible' },
  libraryError: { zh: '错误（程序库原文，英文）：', en: 'Error: ' },
  keySea: { zh: '海洋', en: 'sea' },
  keyLand: { zh: '陆地', en: 'land' },
  keyCoastDot: { zh: '沿海点', en: 'coast point' },
  keyInlandDot: { zh: '内陆点', en: 'inland point' },
  keySeaDot: { zh: '海洋点', en: 'sea point' },
  keyCoastline: { zh: '海岸线', en: 'coastline' },
  keyPalace: { zh: '总统府', en: 'palace' },
  keyBorder: { zh: '国界', en: 'border' },
  keyDest: { zh: '可走', en: 'legal move' },
  keyDanger: { zh: '立即输棋的走法', en: 'a move that loses at once' },
  dangerKingExposed: {
    zh: '{0} 让己方的王暴露在对方攻击下：对方下一步即可擒王（R-20、R-21）。走之前棋盘已用橙色虚线圈标出这类着法。',
    en: '{0} left your king attacked: the enemy can take it next move (R-20, R-21). The board marks such moves with a dashed orange ring before they are made.',
  },
  dangerLost: {
    zh: '{0} 之后对方已胜（困王 R-22 等）。走之前棋盘已用橙色虚线圈标出这类着法。',
    en: 'After {0} the enemy has won (a trapped king, R-22, or another end). The board marks such moves with a dashed orange ring before they are made.',
  },
  keyAttack: { zh: '攻击王', en: 'attacks the king' },
  keyCovered: { zh: '受控王步', en: 'covered king step' },
  noteRefused: { zh: '拒 {0}', en: 'refused {0}' },
  noteCaptured: { zh: '吃 {0}', en: 'took {0}' },
  noteStayed: { zh: '原地', en: 'stayed' },
  noteRemoved: { zh: '移除 {0}', en: 'removed {0}' },
  refuseNotYours: { zh: '不是你的棋子', en: 'not your piece' },
  refuseNoMove: { zh: '无法走到那里', en: 'no legal move to there' },
  refuseReturnOwed: { zh: '须先返回原址（R-19）', en: 'a return is owed (R-19)' },
  refusePalaceSealed: { zh: '对方总统府尚未开放（R-17）', en: 'the palace is sealed (R-17)' },
  refuseNoPiece: { zh: '那里没有棋子', en: 'no piece there' },
  refuseCannotMove: { zh: '这枚棋子无路可走', en: 'this piece has no legal move' },
  howToPlay: { zh: '怎么下', en: 'How to play' },
  legend: { zh: '棋子', en: 'Pieces' },
  noExportHidden: { zh: '暗棋进行中不能导出棋谱', en: 'no export during a hidden game' },
  beliefs: { zh: '显示敌子推测', en: 'Show beliefs' },
  beliefsTip: { zh: '推测（均匀先验）：{0}', en: 'beliefs (uniform prior): {0}' },
  beliefsNote: {
    zh: '每个敌子按最可能的兵种着色，标出其字母与概率（由你的信息状态计算，均匀先验）。',
    en: 'Each enemy disc is tinted by its most likely kind, with its letter and probability (from your information state, uniform prior).',
  },
  beliefsComputing: { zh: '推测计算中…', en: 'computing beliefs…' },
  beliefsExact: { zh: '精确：对与你所见一致的全部局面计数。', en: 'Exact: counted over every world consistent with what you were told.' },
  beliefsApprox: {
    zh: '≈ 近似：按符合所见的兵种分配计数，局面太多，未逐一复盘验证。',
    en: '≈ approximate: counted over the assignments of kinds that fit what you saw; too many to replay each one.',
  },
} as const;

export type Key = keyof typeof TEXT;

const REASONS: Record<string, { zh: string; en: string }> = {
  'king-captured': { zh: '擒王', en: 'king captured' },
  'trapped-king': { zh: '困王（王被攻击且无路可逃，R-22）', en: 'trapped king (attacked with no escape, R-22)' },
  'no-move': { zh: '无棋可走', en: 'no legal move' },
  'insufficient-material': { zh: '双方无攻击子力', en: 'insufficient material' },
  repetition: { zh: '同一局面三次', en: 'threefold repetition' },
  'no-capture-limit': { zh: '限着内无吃子', en: 'no-capture limit' },
  resignation: { zh: '认输', en: 'resignation' },
  agreement: { zh: '议和', en: 'agreed draw' },
};

export function t(lang: Lang, key: Key, ...args: (string | number)[]): string {
  let s: string = TEXT[key][lang];
  args.forEach((a, i) => {
    s = s.replaceAll(`{${i}}`, String(a));
  });
  return s;
}

export function reason(lang: Lang, word: string): string {
  return REASONS[word]?.[lang] ?? word;
}

/** Fill every `[data-i18n]` element with its label. */
export function applyLabels(root: ParentNode, lang: Lang): void {
  root.querySelectorAll<HTMLElement>('[data-i18n]').forEach((el) => {
    const key = el.dataset.i18n as Key;
    if (key in TEXT) el.textContent = t(lang, key);
  });
  root.querySelectorAll<HTMLInputElement>('input.seed').forEach((el) => {
    el.placeholder = lang === 'zh' ? '随机' : 'random';
  });
  document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : 'en';
}
