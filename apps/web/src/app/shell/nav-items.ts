/** Navbar entries (docs/product.md §2 Global shell). */
export const VISITOR_LINKS = [
  { label: 'Inicio', to: '/' },
  { label: 'Acerca de', to: '/#about' },
  { label: 'Juegos', to: '/#games', badge: 'NUEVO' },
  { label: 'Preguntas Frecuentes', to: '/#faq' },
  { label: 'Clasificación', to: '/clasificacion' },
] as const;

/**
 * Where a logged-in player plays (decision 017: nothing led a new player to free practice): the
 * tables, the practice against the CPU, the tournaments (decision 028) and the friends to play with (decision 024), in the navbar on
 * wide screens and first in the menus.
 */
export const PLAY_LINKS = [
  { label: 'Mesas', to: '/dashboard' },
  { label: 'Práctica gratis', to: '/games' },
  { label: 'Torneos', to: '/torneos' },
  { label: 'Amigos', to: '/amigos' },
] as const;

export const PLAYER_LINKS = [
  { label: 'Mi Perfil', to: '/profile' },
  { label: 'Recargar', to: '/recharge' },
  { label: 'Retiro', to: '/withdraw' },
  { label: 'Transacciones', to: '/transactions' },
  { label: 'Pote - Estadísticas', to: '/pote' },
  { label: 'Clasificación', to: '/clasificacion' },
  { label: 'Mis Partidas', to: '/history' },
] as const;

export const ADMIN_LINK = { label: 'Panel de administración', to: '/admin' } as const;
