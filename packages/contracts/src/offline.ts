/**
 * Texts of offline practice, "Jugar sin conexión" (docs/decisions/041-offline-practice.md): the
 * match runs on the device, so these are the only things that can go wrong there.
 */
export const MSG_OFFLINE = {
  /** IndexedDB refused a write (private mode, a full disk): the match goes on, unsaved. */
  storageFailed:
    'No se pudo guardar la partida en este dispositivo. Puedes seguir jugando, pero el resultado no quedará guardado.',
  /** The worker failed (a bug): the match cannot go on. */
  engineFailed: 'Algo falló en la partida sin conexión. Vuelve al menú y empieza otra.',
  /** A browser without Web Workers or IndexedDB. */
  unsupported: 'Tu navegador no permite jugar sin conexión. Actualízalo o prueba con otro.',
} as const;
