import { useMutation } from '@tanstack/react-query';
import { practiceGameResponseSchema, type Difficulty } from '@domino/contracts';
import { apiPost } from '../../../lib/api';

/** POST /api/practice-games {difficulty}: a new game against the CPU; resolves to its id. */
export async function createPracticeGame(difficulty: Difficulty): Promise<string> {
  const body = await apiPost('/api/practice-games', { difficulty }, practiceGameResponseSchema);
  return body.game_id;
}

export function useCreatePracticeGame() {
  return useMutation({ mutationFn: createPracticeGame });
}
