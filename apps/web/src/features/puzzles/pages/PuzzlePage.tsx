import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconFlame, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  MSG_PUZZLES,
  PUZZLE_DIFFICULTY_LABELS,
  plural,
  type PuzzleAnswerResponse,
  type PuzzleDifficultyJson,
  type PuzzleMoveJson,
  type PuzzleResponse,
} from '@domino/contracts';
import { DominoFaceSvg } from '../../../components/DominoFace';
import { LineBoard } from '../../../components/line/LineBoard';
import { isApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import classes from '../components/puzzle.module.css';
import {
  PUZZLE_STREAK_KEY,
  answerPuzzle,
  fetchPracticePuzzle,
  useDailyPuzzle,
  usePuzzleStreak,
} from '../api/puzzles';
import {
  endWords,
  endsFor,
  immediateAnswer,
  moveWords,
  passWords,
  pointsWords,
  seatWords,
  streakWords,
  tileKey,
  tileWords,
  type End,
} from '../lib/puzzle';

const DIFFICULTIES: PuzzleDifficultyJson[] = ['facil', 'media', 'dificil'];

/**
 * /problema-del-dia — "Problema del día" (docs/decisions/060-puzzles.md): today's position from
 * one seat's view, drawn with the game's line board; tap a tile (and an end when it fits both) to
 * answer; the verdict, the explanation and the streak; "Practicar" by difficulty. The puzzle is
 * public; answering needs a session.
 */
export default function PuzzlePage() {
  const { token } = useSession();
  const signedIn = token !== null;
  const daily = useDailyPuzzle();
  const streak = usePuzzleStreak(signedIn);
  const client = useQueryClient();
  const [practice, setPractice] = useState<PuzzleResponse | null>(null);
  const [difficulty, setDifficulty] = useState<PuzzleDifficultyJson>('facil');
  const [practiceError, setPracticeError] = useState<string | null>(null);
  const [loadingPractice, setLoadingPractice] = useState(false);

  const puzzle = practice ?? daily.data ?? null;
  // The streak's lines sit above the board and the practice card under it: the page shows its
  // loader until both are known, so nothing moves under a finger (docs/decisions/080-pages-hold-still-while-loading.md).
  const loading = (daily.isPending && !practice) || (signedIn && streak.isPending);

  const loadPractice = async () => {
    setLoadingPractice(true);
    setPracticeError(null);
    try {
      setPractice(await fetchPracticePuzzle(difficulty));
    } catch (error) {
      setPracticeError(isApiError(error) ? error.message : MSG_PUZZLES.notFound);
    } finally {
      setLoadingPractice(false);
    }
  };

  return (
    <Container size="sm" px="xs" py="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            {practice ? 'Práctica' : 'Problema del día'}
          </Title>
          {!loading && signedIn && streak.data && (
            <Badge
              size="lg"
              color="orange"
              variant="light"
              leftSection={<IconFlame size={14} aria-hidden />}
              data-testid="puzzle-streak"
              data-current={streak.data.current}
            >
              {streakWords(streak.data.current)}
            </Badge>
          )}
        </Group>
        {!loading && signedIn && streak.data && (
          <Text fz="xs" c="dimmed">
            Mejor racha: {streak.data.best}. La racha cuenta los días seguidos con el problema del
            día resuelto al primer intento.
          </Text>
        )}

        {loading ? (
          <Center py={48} role="status">
            <Loader role="status" aria-label="Cargando el problema" />
          </Center>
        ) : !puzzle ? (
          <Alert color="yellow" icon={<IconAlertCircle aria-hidden />}>
            {daily.error?.message ?? MSG_PUZZLES.noneToday}
          </Alert>
        ) : (
          <PuzzleBoard
            key={puzzle.id}
            puzzle={puzzle}
            signedIn={signedIn}
            onAnswered={() => void client.invalidateQueries({ queryKey: PUZZLE_STREAK_KEY })}
          />
        )}

        {!loading && (
          <Card withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Text fw={700}>Practicar</Text>
              <SegmentedControl
                aria-label="Dificultad"
                value={difficulty}
                onChange={(v) => setDifficulty(v as PuzzleDifficultyJson)}
                data={DIFFICULTIES.map((d) => ({ value: d, label: PUZZLE_DIFFICULTY_LABELS[d] }))}
              />
              {signedIn ? (
                <Group gap="xs">
                  <Button
                    onClick={() => void loadPractice()}
                    loading={loadingPractice}
                    data-testid="puzzle-practice"
                  >
                    Practicar
                  </Button>
                  {practice && (
                    <Button variant="subtle" onClick={() => setPractice(null)}>
                      Volver al problema del día
                    </Button>
                  )}
                </Group>
              ) : (
                <Text fz="sm">
                  <Anchor component={Link} to="/login">
                    Inicia sesión
                  </Anchor>{' '}
                  para responder, llevar tu racha y practicar.
                </Text>
              )}
              {practiceError && (
                <Text fz="sm" c="red.7" role="alert">
                  {practiceError}
                </Text>
              )}
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}

/** The position, the hand to tap, and the verdict once answered. */
function PuzzleBoard({
  puzzle,
  signedIn,
  onAnswered,
}: {
  puzzle: PuzzleResponse;
  signedIn: boolean;
  onAnswered(): void;
}) {
  const p = puzzle.position;
  const [selected, setSelected] = useState<string | null>(null);
  const [result, setResult] = useState<PuzzleAnswerResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lineEmpty = p.ends === null;
  const selectedTile = p.hand.find((t) => tileKey(t) === selected) ?? null;
  const selectedEnds = selectedTile ? endsFor(p, selectedTile) : [];

  const send = async (move: PuzzleMoveJson) => {
    if (!signedIn || busy) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await answerPuzzle(puzzle.id, move));
      setSelected(null);
      onAnswered();
    } catch (e) {
      setError(isApiError(e) ? e.message : MSG_PUZZLES.illegal);
    } finally {
      setBusy(false);
    }
  };

  const tap = (tile: readonly [number, number]) => {
    const now = immediateAnswer(p, tile);
    if (now) void send(now);
    else setSelected(tileKey(tile));
  };

  const chooseEnd = (end: End) => {
    if (selectedTile) void send({ tile: [selectedTile[0], selectedTile[1]], end });
  };

  const sides = p.mode === 'parejas' ? ['Tu pareja', 'Rivales'] : null;
  const mySide = p.mode === 'parejas' ? p.seat % 2 : p.seat;

  return (
    <Stack gap="sm" data-testid="puzzle" data-puzzle-id={puzzle.id}>
      <Group gap="xs">
        <Badge variant="light">{PUZZLE_DIFFICULTY_LABELS[puzzle.difficulty]}</Badge>
        <Text fz="sm" c="dimmed">
          Mano {p.hand_number} · {p.mode === 'parejas' ? 'Parejas' : 'Individual'} a{' '}
          {p.target_points}
        </Text>
      </Group>
      <Text fz="sm" data-testid="puzzle-scores">
        Marcador:{' '}
        {sides
          ? `${sides[0]} ${p.scores[mySide] ?? 0} · ${sides[1]} ${p.scores[1 - mySide] ?? 0}`
          : p.scores.map((s, i) => `${seatWords(p, i)} ${s}`).join(' · ')}
      </Text>
      <Group gap={6} aria-label="Fichas en mano de cada uno" role="list">
        {p.tile_counts.map((n, seat) =>
          seat === p.seat ? null : (
            <Badge key={seat} variant="outline" color="gray" role="listitem">
              {seatWords(p, seat)}: {plural(n, 'ficha', 'fichas')}
            </Badge>
          ),
        )}
      </Group>
      {p.passes.length > 0 && (
        <Text fz="sm" data-testid="puzzle-passes">
          Pases de esta mano: {p.passes.map((x) => passWords(p, x)).join('; ')}.
        </Text>
      )}

      <LineBoard
        line={p.line}
        ends={p.ends}
        handNumber={p.hand_number}
        anchor={Math.floor(p.line.length / 2)}
        lastPlayed={null}
        targets={selectedEnds.length > 1 && !result ? { ends: selectedEnds, hover: null } : null}
        onChooseEnd={chooseEnd}
        endLabel={(end) =>
          selectedTile ? `${tileWords(selectedTile)}, ${endWords(p, end).toLowerCase()}` : end
        }
        emptyHint="Salida: la mesa está vacía"
        testId="puzzle-board"
        className={classes.board}
      />

      <Text fw={600}>{result ? 'Tus fichas' : puzzle.prompt}</Text>
      <Group gap={6} role="toolbar" aria-label="Tus fichas" data-testid="puzzle-hand">
        {p.hand.map((t) => {
          const ends = endsFor(p, t);
          const canPlay = ends.length > 0 && !result && signedIn;
          const key = tileKey(t);
          return (
            <button
              key={key}
              type="button"
              data-testid={`puzzle-tile-${key}`}
              data-playable={ends.length > 0}
              aria-pressed={selected === key}
              aria-disabled={!canPlay}
              aria-label={`${tileWords(t)}${ends.length > 0 ? '' : ', no se puede jugar'}`}
              onClick={() => canPlay && tap(t)}
              style={{
                background: 'none',
                border:
                  selected === key
                    ? '2px solid var(--mantine-color-blue-6)'
                    : '2px solid transparent',
                borderRadius: 8,
                padding: 2,
                opacity: ends.length > 0 ? 1 : 0.45,
                cursor: canPlay ? 'pointer' : 'default',
                minWidth: 44,
                minHeight: 44,
              }}
            >
              <DominoFaceSvg first={t[0]} second={t[1]} size={34} />
            </button>
          );
        })}
      </Group>

      {selectedTile && selectedEnds.length > 1 && !result && (
        <Group gap="xs" data-testid="puzzle-ends">
          {selectedEnds.map((end) => (
            <Button
              key={end}
              variant="light"
              onClick={() => chooseEnd(end)}
              loading={busy}
              data-testid={`puzzle-end-${end}`}
            >
              {endWords(p, end)}
            </Button>
          ))}
        </Group>
      )}

      {!signedIn && (
        <Text fz="sm" c="dimmed">
          <Anchor component={Link} to="/login">
            Inicia sesión
          </Anchor>{' '}
          para responder.
        </Text>
      )}
      {error && (
        <Text fz="sm" c="red.7" role="alert">
          {error}
        </Text>
      )}
      {result && <Verdict result={result} lineEmpty={lineEmpty} />}
    </Stack>
  );
}

/** Right or wrong, the explanation, every move with its value. */
function Verdict({ result, lineEmpty }: { result: PuzzleAnswerResponse; lineEmpty: boolean }) {
  const best = result.options[0]?.value ?? 0;
  return (
    <Alert
      color={result.correct ? 'green' : 'red'}
      icon={result.correct ? <IconCheck aria-hidden /> : <IconX aria-hidden />}
      title={result.correct ? MSG_PUZZLES.right : MSG_PUZZLES.wrong}
      data-testid="puzzle-verdict"
      data-correct={result.correct}
      role="status"
    >
      <Stack gap={6}>
        {result.explanation.map((line) => (
          <Text key={line} fz="sm" data-testid="puzzle-explanation">
            {line}
          </Text>
        ))}
        <Stack gap={2} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
          {result.options.map((o, i) => (
            <Text
              component="li"
              key={`${tileKey(o.move.tile)}-${o.move.end}`}
              fz="sm"
              fw={i === 0 ? 700 : 400}
            >
              {moveWords(o.move, lineEmpty)}: {pointsWords(o.value)}
              {i > 0 ? ` (${pointsWords(o.value - best)})` : ''}
            </Text>
          ))}
        </Stack>
        {!result.first_try && (
          <Text fz="xs" c="dimmed">
            {MSG_PUZZLES.firstTryOnly}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
