/**
 * Spanish messages of a new player's first day (decision 017): the page that failed to render (a
 * code error, never blamed on the connection), the join confirmation and the first steps.
 */
export const MSG_FIRSTDAY = {
  /** A page that loaded but failed while rendering: our code, not the player's connection. */
  pageRenderErrorTitle: 'Algo salió mal',
  pageRenderError:
    'Esta página tuvo un error al mostrarse. No es un problema de tu conexión. Puedes reintentar o volver al inicio.',
  /** The join confirmation could not load the table's current terms (price, fees). */
  joinTermsLoadError:
    'No se pudieron cargar las condiciones de la mesa. Revisa tu conexión e intenta de nuevo.',
} as const;
