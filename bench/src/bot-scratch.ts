import {
  DEFAULT_CONFIG,
  applyMove,
  playerView,
  startMatch,
  tileId,
  type Seat,
  type Move,
} from '@domino/domino';
import {
  chooseGreedy,
  chooseDificil,
  createRng,
  HandSearch,
} from '../../packages/domino/src/bots/index';
import { maskOf } from '../../packages/domino/src/bots/tileset';
import { wilson, formatRate } from './stats';

const mode = process.argv[2] ?? 'cheat';
let handsA = 0,
  decided = 0;
for (let m = 0; decided < 600; m++) {
  const aSide = m % 2;
  let state = startMatch(DEFAULT_CONFIG, {
    serverSeed: `a/${m}`,
    clientSeeds: ['c0', 'c1', 'c2', 'c3'],
  });
  const rng = createRng(`x${m}`);
  while (state.status === 'playing') {
    const seat = state.hand.turn as Seat;
    const view = playerView(state, seat);
    let move: Move;
    if (seat % 2 !== aSide) move = chooseGreedy(view, rng);
    else if (mode === 'cheat' && view.legalMoves.length > 1) {
      const search = new HandSearch(state.config, seat);
      const res = search.search(
        { hands: state.hand.hands.map(maskOf), stock: [], ends: state.hand.ends },
        view.legalMoves.map((mv) =>
          mv.kind === 'play' ? { id: tileId(mv.tile), end: mv.end } : { id: 0, end: 'left' },
        ),
        200000,
      );
      let best = 0;
      res.values.forEach((v, i) => {
        if (v > (res.values[best] as number)) best = i;
      });
      move = view.legalMoves[best] as Move;
    } else move = chooseDificil(view, rng);
    const r = applyMove(state, seat, move);
    if (!r.ok) throw new Error(r.code);
    state = r.state;
  }
  for (const h of state.history) {
    if (h.winnerSide === null) continue;
    decided++;
    if (h.winnerSide === aSide) handsA++;
  }
}
console.log(mode, formatRate(wilson(handsA, decided)));
