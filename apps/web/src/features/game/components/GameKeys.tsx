import { useEffect, useRef } from 'react';
import { Modal, Table } from '@mantine/core';
import type { GameView } from '@domino/contracts';
import { clockText, GAME_KEYS, handText, scoresText, turnText } from '../lib/speech';

/** Whether a key press belongs to a text field (the table talk), not to the game. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export interface GameKeysOptions {
  /** The newest server view (readings never show the move in flight as done). */
  view: GameView | null;
  /** False while a dialog of the screen has the keys (the help itself). */
  enabled: boolean;
  /** Adds a sentence to the screen's live region. */
  say(text: string): void;
  /** '?' was pressed. */
  onHelp(): void;
  /** Escape was pressed; true when it cancelled something (then the key is consumed). */
  onEscape(): boolean;
}

/**
 * The game screen's reading keys (docs/decisions/044-keyboard-and-screen-reader.md): P reads the
 * score, T the turn with the ends and tile counts, M the player's hand, R the turn clock, ? opens
 * the help. Keys typed in a text field, with Ctrl, Alt or Meta, or while a dialog is open are left
 * alone.
 */
export function useGameKeys({ view, enabled, say, onHelp, onEscape }: GameKeysOptions): void {
  // The listener reads the newest options without being re-attached on every view.
  const latest = useRef({ view, say, onHelp, onEscape });
  useEffect(() => {
    latest.current = { view, say, onHelp, onEscape };
  });

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.altKey || e.metaKey || typingIn(e.target)) return;
      // A Mantine dialog (rules, hand summary) is open: its own keys come first.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const { view: v, say: speak, onHelp: help, onEscape: escape } = latest.current;
      if (e.key === 'Escape') {
        if (escape()) e.preventDefault();
        return;
      }
      if (e.key === '?') {
        e.preventDefault();
        help();
        return;
      }
      if (!v) return;
      const readings: Record<string, () => string> = {
        p: () => scoresText(v),
        t: () => turnText(v, Date.now()),
        m: () => handText(v),
        r: () => clockText(v, Date.now()),
      };
      const reading = readings[e.key.toLowerCase()];
      if (!reading) return;
      e.preventDefault();
      speak(reading());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** The '?' dialog: every key of the game screen and what it does. */
export function KeyHelp({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      title="Teclas del juego"
      data-testid="game-keys-help"
    >
      <Table striped verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Tecla</Table.Th>
            <Table.Th scope="col">Qué hace</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {GAME_KEYS.map((k) => (
            <Table.Tr key={k.key}>
              <Table.Th scope="row">
                <kbd>{k.key}</kbd>
              </Table.Th>
              <Table.Td>{k.action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
