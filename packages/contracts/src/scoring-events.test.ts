import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BONUS_SWITCHES,
  DEFAULT_CONFIG,
  type Bonus,
  type BonusKind,
  type HandSummary,
} from '@domino/domino';
import { handSummarySchema } from './games';
import { DEFAULT_RULES, RULE_OPTIONS, configToRules, ruleChips, rulesToConfig } from './rules';
import {
  SCORING_EVENTS,
  SCORING_EVENT_KINDS,
  scoringEventKindSchema,
  scoringEventLabel,
  scoringEventWire,
} from './scoring-events';
import { handSummaryJson } from './view-json';

/**
 * The scoring-event registry against everything that derives from it (scoring-events.ts): a kind
 * the engine knows and one of these places does not fails here. The compiler checks the registry
 * against the engine's kinds; this test checks the values and that no hand-written list of the
 * kinds comes back elsewhere in the sources.
 */
const KINDS = Object.keys(BONUS_SWITCHES) as BonusKind[];

describe('scoring events', () => {
  it('has exactly one entry per engine kind, each with its wire value, label and announcement', () => {
    expect(Object.keys(SCORING_EVENTS).sort()).toEqual([...KINDS].sort());
    expect([...SCORING_EVENT_KINDS].sort()).toEqual([...KINDS].sort());
    const wires = KINDS.map(scoringEventWire);
    expect(new Set(wires).size).toBe(KINDS.length);
    for (const kind of KINDS) {
      const entry = SCORING_EVENTS[kind];
      expect(entry.engine).toBe(kind);
      expect(scoringEventKindSchema.parse(entry.wire)).toBe(entry.wire);
      expect(scoringEventLabel(entry.wire)).toBe(entry.label);
      for (const text of [entry.label, entry.earnedBy, entry.whenOff]) expect(text).toMatch(/\S/);
      expect(entry.announce('Ana', 25)).toContain('Ana');
      expect(entry.announce('Ana', 25)).toContain('+25');
    }
    expect(scoringEventKindSchema.safeParse('doble_blanco').success).toBe(false);
  });

  it('gives every kind a rule option, off by default, that switches the engine bonus', () => {
    for (const kind of KINDS) {
      const option = RULE_OPTIONS.find((o) => o.key === kind);
      expect(option?.label).toBe(SCORING_EVENTS[kind].label);
      expect(option?.choices.map((c) => c.value)).toEqual([false, true]);
      expect(DEFAULT_RULES[kind]).toBe(false);
      const on = { ...DEFAULT_RULES, [kind]: true };
      const config = rulesToConfig(on);
      expect(config.bonuses[BONUS_SWITCHES[kind]]).toBe(true);
      expect(configToRules(config)).toEqual(on);
      expect(ruleChips(on)).toContain(SCORING_EVENTS[kind].chip);
      expect(SCORING_EVENTS[kind].chip).toMatch(
        new RegExp(`^${SCORING_EVENTS[kind].label} \\+\\d+$`),
      );
    }
    expect(Object.keys(DEFAULT_CONFIG.bonuses).sort()).toEqual(
      Object.values(BONUS_SWITCHES).sort(),
    );
  });

  it('puts every kind on the wire of a hand summary', () => {
    const bonuses: Bonus[] = KINDS.map((kind, i) => ({ kind, seat: 0, side: 0, points: 25 + i }));
    const summary: HandSummary = {
      handNumber: 1,
      leader: 0,
      ending: 'domino',
      winnerSeat: 0,
      winnerSide: 0,
      voided: false,
      pipsBySeat: [0, 3, 4, 5],
      pipsBySide: [4, 8],
      basePoints: 8,
      bonuses,
      pointsBySide: [8, 0],
      scoresAfter: [8, 0],
      remaining: [[], [], [], []],
      dealt: { hands: [[], [], [], []], stock: [] } as unknown as HandSummary['dealt'],
    };
    const json = handSummarySchema.parse(handSummaryJson(summary));
    expect(json.bonuses.map((b) => b.kind)).toEqual(KINDS.map(scoringEventWire));
  });

  it('is named nowhere else: no hand-written list or branch per kind outside the engine', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    // The engine names its kinds where it applies their rules (config.ts, scoring.ts, match.ts).
    const allowed = (rel: string) =>
      rel.startsWith('packages/domino/src/') ||
      [
        'packages/contracts/src/scoring-events.ts', // the registry
        // The talk phrase "¡Capicúa!" is said after a hand that ended in one (decision 023).
        'packages/contracts/src/talk.ts',
        'apps/server/src/modules/talk/repo.ts',
      ].includes(rel);
    const names = (text: string, kind: string) =>
      new RegExp(`['"\`]${kind}['"\`]|\\b${kind}\\s*:\\s*['"\`]`).test(text);
    const offenders: string[] = [];
    for (const dir of ['packages', 'apps']) {
      for (const file of sourceFiles(path.join(root, dir))) {
        const rel = path.relative(root, file).split(path.sep).join('/');
        if (allowed(rel)) continue;
        const text = readFileSync(file, 'utf8');
        const named = KINDS.filter((kind) => names(text, kind));
        if (named.length > 0) offenders.push(`${rel}: ${named.join(', ')}`);
      }
    }
    expect(offenders, 'derive these from SCORING_EVENTS (packages/contracts)').toEqual([]);
  });
});

/** Non-test TypeScript sources under `dir` (node_modules and build output left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'data'].includes(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$|test-support|test-positions/.test(entry.name)
      ? [full]
      : [];
  });
}
