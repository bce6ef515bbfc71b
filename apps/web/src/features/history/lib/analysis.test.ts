import { describe, expect, it } from 'vitest';
import type { AnalysisDecision } from '@domino/contracts';
import {
  accuracyColor,
  lossText,
  moveText,
  pointsText,
  sameMove,
  summaryLines,
  verdictOf,
} from './analysis';

const decision = (over: Partial<AnalysisDecision>): AnalysisDecision => ({
  index: 0,
  hand_number: 1,
  hand: [],
  line: [],
  anchor: 0,
  ends: null,
  scores: [0, 0],
  forced: false,
  autoplayed: false,
  played: { pass: true },
  best: { pass: true },
  options: [],
  loss: 0,
  notable: false,
  ...over,
});

describe('analysis texts', () => {
  it('names moves and points in Spanish', () => {
    expect(moveText({ tile: [4, 6], end: 'right' })).toBe('4-6 a la derecha');
    expect(moveText({ tile: [0, 0], end: 'left' })).toBe('0-0 a la izquierda');
    expect(moveText({ pass: true })).toBe('Pasar');
    expect(moveText({ draw: true })).toBe('Robar');
    expect(pointsText(12.5)).toBe('+12,5 pts');
    expect(pointsText(-3)).toBe('−3,0 pts');
    expect(pointsText(0)).toBe('0,0 pts');
    expect(lossText(10.25)).toMatch(/^10,[23] pts$/);
  });

  it('grades decisions and compares moves', () => {
    expect(verdictOf(decision({ notable: true, loss: 12 }))).toBe('notable');
    expect(verdictOf(decision({ loss: 2 }))).toBe('inexact');
    expect(verdictOf(decision({}))).toBe('best');
    expect(verdictOf(decision({ forced: true }))).toBe('forced');
    expect(verdictOf(decision({ autoplayed: true, notable: true }))).toBe('autoplayed');
    expect(sameMove({ tile: [1, 2], end: 'left' }, { tile: [1, 2], end: 'left' })).toBe(true);
    expect(sameMove({ tile: [1, 2], end: 'left' }, { tile: [1, 2], end: 'right' })).toBe(false);
    expect(sameMove({ pass: true }, { pass: true })).toBe(true);
    expect(accuracyColor(90)).toBe('green');
    expect(accuracyColor(70)).toBe('yellow');
    expect(accuracyColor(40)).toBe('red');
    expect(accuracyColor(null)).toBe('gray');
  });
});

describe('summaryLines', () => {
  const summary = {
    accuracy: 0,
    average_loss: 0.4,
    decisions: 1,
    counted: 1,
    best: 0,
    inexact: 1,
    notable: 0,
    forced: 0,
    autoplayed: 0,
    notable_loss: 10,
  };

  it('counts with the marks: one imprecise move is not "1 de 1 sin error"', () => {
    expect(summaryLines(summary)).toEqual({
      counts: 'Mejor jugada en 0 de 1 decisión',
      marks: '1 imprecisa · 0 errores notables',
      cpu: null,
      forced: null,
    });
  });

  it('says the CPU played most of the match for the player, and what was forced', () => {
    const lines = summaryLines({
      ...summary,
      decisions: 17,
      counted: 2,
      best: 2,
      inexact: 0,
      forced: 3,
      autoplayed: 12,
      accuracy: 100,
    });
    expect(lines.counts).toBe('Mejor jugada en 2 de 2 decisiones');
    expect(lines.cpu).toBe(
      'La CPU jugó la mayor parte de esta partida por ti: 12 de tus 17 jugadas mientras no estabas. Esas no cuentan en la precisión.',
    );
    expect(lines.forced).toBe('3 jugadas forzadas (sin otra opción) no cuentan.');
  });

  it('says when nothing could be chosen', () => {
    expect(summaryLines({ ...summary, counted: 0, inexact: 0, accuracy: null }).counts).toBe(
      'No tuviste jugadas para elegir en esta partida.',
    );
  });
});
