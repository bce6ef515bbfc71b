/**
 * @domino/domino — the pure Venezuelan domino engine (docs/architecture.md, docs/rules.md): tiles, provably fair
 * deals, legal moves, applying moves, scoring, the match, and player views. No I/O, no clock, no
 * Math.random, no dependencies: it runs identically on the server and in the browser.
 */
export {
  ALL_TILES,
  MAX_PIP,
  TILE_COUNT,
  TOTAL_PIPS,
  isDouble,
  leadRank,
  matches,
  parseTile,
  sameTile,
  sumPips,
  tileFromId,
  tileId,
  tilePips,
  type End,
  type Seat,
  type Tile,
  type TileId,
} from './tiles';
export {
  BONUS_POINTS,
  BONUS_SWITCHES,
  DEFAULT_CONFIG,
  HAND_SIZE,
  MAX_BOARDS,
  PASE_SALIDA_DOUBLE_POINTS,
  PASE_SALIDA_POINTS,
  configProblems,
  nextSeat,
  seatsOfSide,
  sideCount,
  sideOf,
  playsPaseCorrido,
  playsPaseSalida,
  usesStock,
  type BonusKind,
  type BonusSwitches,
  type GameMode,
  type TableConfig,
} from './config';
export { hmacSha256, hmacSha256Keyed, sha256, toHex, utf8Encode } from './sha256';
export {
  commitment,
  dealHand,
  shuffleForHand,
  verifyDeal,
  verifyMatch,
  type Deal,
  type FairnessCheck,
  type FairnessSeeds,
  type RevealedFairness,
} from './fairness';
export {
  fitsLine,
  hasPlayableTile,
  isBlocked,
  legalMoves,
  mustDraw,
  placeTile,
  playMoves,
} from './rules';
export { matchResult, scoreHand } from './scoring';
export {
  compareDuplicate,
  duplicateSeat,
  duplicateSide,
  type BoardComparison,
  type DuplicateComparison,
  type DuplicateTeam,
} from './duplicate';
export { ReplayError, applyMove, replay, startHand, startMatch } from './match';
export { fairnessRecord, playerView, redactEvent, type PlayerView } from './view';
export type {
  Bonus,
  GameEvent,
  HandState,
  HandSummary,
  LinePiece,
  MatchResult,
  MatchState,
  Move,
  MoveErrorCode,
  MoveResult,
  OpenEnds,
  PassRecord,
  SeatedMove,
} from './types';
export * from './bots';
export {
  NOTABLE_LOSS_POINTS,
  reviewDecision,
  reviewMatch,
  summarize,
  type DecisionReview,
  type LoggedMove,
  type MatchReview,
  type MoveValue,
  type ReviewOptions,
} from './analysis';
export { mulberry32 } from './random';
export {
  DEFAULT_PUZZLE_CHECK,
  PUZZLE_DIFFICULTIES,
  distinctMoves,
  emptyFigures,
  evaluatePosition,
  isCandidate,
  isPuzzleAnswer,
  matchPositions,
  minePositions,
  positionView,
  puzzleDifficulty,
  puzzleId,
  puzzlePosition,
  sameEffect,
  selfPlayMatch,
  verifyPuzzle,
  type MiningFigures,
  type PlayMove,
  type Puzzle,
  type PuzzleCheck,
  type PuzzleDifficulty,
  type PuzzleMoveValue,
  type PuzzlePosition,
  type PuzzleSource,
  type Verification,
} from './puzzles';
export {
  DEFAULT_INTEGRITY_OPTIONS,
  HAND_SHARING_MIN_HANDS,
  HAND_SHARING_Z,
  distinctPlays,
  scoreDecision,
  scoreMatchHands,
  sharingFlagged,
  sharingMove,
  sharingStatistic,
  valueMoves,
  type IntegrityOptions,
  type SharedMoveValue,
  type SharingDecision,
  type SharingHand,
  type SharingStatistic,
} from './integrity';
