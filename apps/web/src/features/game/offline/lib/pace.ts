import { PACES, type Pace } from './protocol';

/** localStorage key of the player's chosen CPU pace for offline practice. */
export const PACE_KEY = 'offline_pace';

/** The pace chosen last on this device ('normal' when none or storage is unavailable). */
export function readPace(): Pace {
  try {
    const value = window.localStorage.getItem(PACE_KEY);
    return (PACES as readonly string[]).includes(value ?? '') ? (value as Pace) : 'normal';
  } catch {
    return 'normal';
  }
}

/** Remembers the pace for the next match (ignored when storage is unavailable). */
export function writePace(pace: Pace): void {
  try {
    window.localStorage.setItem(PACE_KEY, pace);
  } catch {
    // Private mode or storage disabled: the pace is simply not remembered.
  }
}
