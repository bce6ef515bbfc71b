/**
 * Every Spanish message a user reads, written once (docs/product.md §5 validation rules, §8 error catalogue).
 * Server and web import these; tests assert on them. Wording marked "spec" is the original
 * client's, kept verbatim; the rest fills the gaps it left ("required messages" without wording).
 */
export const MSG = {
  // docs/product.md §5 — Login
  emailRequired: 'El correo electrónico es obligatorio',
  passwordRequired: 'La contraseña es obligatoria',
  // docs/product.md §5 — Register
  nameRequired: 'El nombre es obligatorio',
  nameTooLong: 'El nombre no puede tener más de 100 caracteres',
  emailInvalid: 'Por favor ingresa un correo electrónico válido',
  emailTaken: 'Este correo electrónico ya está registrado',
  documentTypeRequired: 'Debes seleccionar un tipo de documento',
  identificationRequired: 'El número de identificación es obligatorio',
  identificationInvalid: 'El número de identificación debe contener entre 6 y 10 dígitos',
  identificationTaken: 'El número de identificación ya está registrado',
  phoneRequired: 'El número de teléfono es obligatorio',
  phoneTaken: 'Este número de teléfono ya está registrado',
  passwordMinLength: 'La contraseña debe tener al menos 8 caracteres',
  passwordUppercase: 'La contraseña debe tener al menos una letra mayúscula',
  passwordNumber: 'La contraseña debe tener al menos un número',
  passwordTooLong: 'La contraseña no puede tener más de 128 caracteres',
  passwordConfirmRequired: 'Por favor confirma tu contraseña',
  passwordMismatch: 'Las contraseñas no coinciden',
  passwordTooWeak: 'La contraseña es demasiado débil',
  termsRequired: 'Debes aceptar los términos y condiciones',
  formHasErrors: 'Por favor, corrige los errores en el formulario',
  // docs/product.md §8 — Login
  loginFormHasErrors: 'Por favor corrige los errores en el formulario.',
  invalidCredentials:
    'Credenciales incorrectas. Por favor verifica tu correo electrónico y contraseña.',
  serverError: (status: number, text: string) => `Error del servidor: ${status} ${text}`,
  networkError: 'No se pudo conectar con el servidor. Verifica tu conexión.',
  missingToken: 'No se recibió un token válido',
  accountSuspended: 'Tu cuenta está suspendida. Contacta a soporte para más información.',
  tooManyLoginAttempts:
    'Demasiados intentos fallidos de inicio de sesión. Por favor espera unos minutos antes de intentar nuevamente.',
  tooManyRequests:
    'Demasiadas solicitudes. Por favor espera un momento antes de intentar nuevamente.',
  // docs/product.md §8 — Register
  emailInUse: 'El correo electrónico ya está en uso. Por favor usa otro o inicia sesión.',
  unexpected: 'Ocurrió un error inesperado. Por favor, intenta de nuevo más tarde.',
  // docs/product.md §8 — Forgot password
  recoveryNotFound: 'No se encontró una cuenta con este correo electrónico.',
  recoveryTooMany:
    'Has intentado recuperar tu contraseña demasiadas veces. Por favor espera unos minutos antes de intentar nuevamente.',
  recoverySent: 'Se han enviado las instrucciones de recuperación a tu correo electrónico',
  // docs/product.md §8 — Recharge
  rechargeLoadError: 'Error al cargar la información de tu cuenta. Por favor, intenta de nuevo.',
  rechargeSent: 'Solicitud de recarga enviada exitosamente. Será procesada en pocos minutos.',
  rechargeMinAmount: 'El monto mínimo es de Bs. 250,00',
  // docs/product.md §8 — Withdraw
  withdrawLoadError: 'Error al cargar los datos del cliente.',
  withdrawSent: 'Solicitud de retiro enviada exitosamente. Será procesada en cuestión de minutos.',
  withdrawMinAmount: 'El monto mínimo es de Bs. 500,00',
  withdrawExceedsBalance: 'El monto excede el saldo disponible',
  bankRequired: 'El banco es obligatorio',
  // docs/product.md §8 — Transactions
  transactionsLoadError: 'Error al cargar las transacciones. Por favor, intenta de nuevo.',
  // docs/product.md §5/§8 — Join table
  insufficientBalance: 'Saldo insuficiente para unirse a este juego',
  insufficientFunds: 'Saldo insuficiente para realizar esta operación.',
  insufficientBalanceNotice: 'No tienes suficiente saldo para unirte a este juego.',
  joinError: 'Error al unirse a la mesa',
  // docs/product.md §8 — Logout, session
  logoutFailed: 'Hubo un problema al cerrar sesión.',
  sessionExpired: 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
  unauthenticated: 'No autenticado. Por favor inicia sesión.',
  // docs/decisions/061-prometheus-metrics.md — GET /metrics without the right bearer token
  metricsUnauthorized: 'Falta el token de métricas o no es válido.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  notFound: 'El recurso solicitado no existe.',
  // docs/product.md §8 — Profile
  profileUpdated: 'Perfil actualizado correctamente',
  profileUpdateError: 'Error al actualizar el perfil',
  profileRefreshed: 'Perfil actualizado',
  // docs/product.md §8 — Lazy loading (our wording; the original client only raised an error after 120 s)
  pageLoadError: 'No se pudo cargar la página. Verifica tu conexión e intenta de nuevo.',
  // docs/product.md §2 — Dashboard
  loadingGames: 'Cargando juegos...',
  noGames: 'No hay juegos disponibles en este momento.',
  gamesLoadError: 'Error al cargar los juegos. Por favor, intenta de nuevo.',
} as const;
