/**
 * Pip offsets of a domino half, on a 3x3 grid in units of the pip spacing (-1..1 on each axis;
 * [0, 0] is the centre), for each face value of a double-six set. Shared by every tile drawing.
 */
export const PIP_OFFSETS: Readonly<Record<number, ReadonlyArray<readonly [number, number]>>> = {
  0: [],
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};
