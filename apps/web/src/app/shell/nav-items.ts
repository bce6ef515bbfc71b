/** Navbar entries (spec §2 Global shell). */
export const VISITOR_LINKS = [
  { label: 'Inicio', to: '/' },
  { label: 'Acerca de', to: '/#about' },
  { label: 'Juegos', to: '/#games', badge: 'NUEVO' },
  { label: 'Preguntas Frecuentes', to: '/#faq' },
] as const;

export const PLAYER_LINKS = [
  { label: 'Mi Perfil', to: '/profile' },
  { label: 'Recargar', to: '/recharge' },
  { label: 'Retiro', to: '/withdraw' },
  { label: 'Transacciones', to: '/transactions' },
  { label: 'Pote - Estadísticas', to: '/pote' },
  { label: 'Mis Partidas', to: '/history' },
] as const;

export const ADMIN_LINK = { label: 'Panel de administración', to: '/admin' } as const;
