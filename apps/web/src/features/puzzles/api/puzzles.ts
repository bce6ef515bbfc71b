import { useQuery } from '@tanstack/react-query';
import {
  puzzleAnswerResponseSchema,
  puzzleResponseSchema,
  puzzleStreakSchema,
  type PuzzleAnswerRequest,
  type PuzzleAnswerResponse,
  type PuzzleDifficultyJson,
  type PuzzleResponse,
} from '@domino/contracts';
import { apiGet, apiPost } from '../../../lib/api';

/**
 * "Problema del día" calls (docs/decisions/060-puzzles.md): the daily puzzle (public), the
 * player's streak, a practice puzzle by difficulty, and the answer (which alone carries the best
 * move, the values and the explanation).
 */

export const DAILY_PUZZLE_KEY = ['puzzles', 'daily'] as const;
export const PUZZLE_STREAK_KEY = ['puzzles', 'streak'] as const;

/** Today's puzzle, the same for everyone on a Caracas day. */
export function useDailyPuzzle() {
  return useQuery({
    queryKey: DAILY_PUZZLE_KEY,
    queryFn: ({ signal }) => apiGet('/api/puzzles/daily', puzzleResponseSchema, { signal }),
    staleTime: 60_000,
  });
}

/** The signed-in player's streak; disabled without a session. */
export function usePuzzleStreak(enabled: boolean) {
  return useQuery({
    queryKey: PUZZLE_STREAK_KEY,
    queryFn: ({ signal }) => apiGet('/api/puzzles/streak', puzzleStreakSchema, { signal }),
    enabled,
  });
}

/** The next unsolved practice puzzle of `difficulty`. */
export function fetchPracticePuzzle(difficulty: PuzzleDifficultyJson): Promise<PuzzleResponse> {
  return apiGet(
    `/api/puzzles/practice?difficulty=${encodeURIComponent(difficulty)}`,
    puzzleResponseSchema,
  );
}

/** Answers puzzle `id` with `move`. */
export function answerPuzzle(id: string, move: PuzzleAnswerRequest): Promise<PuzzleAnswerResponse> {
  return apiPost(`/api/puzzles/${encodeURIComponent(id)}/answer`, move, puzzleAnswerResponseSchema);
}
