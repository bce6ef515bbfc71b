/**
 * Spanish sentences of the bank connectors (docs/decisions/052-banco-de-pruebas.md, docs/banks.md).
 *
 * `MSG_BANK_REASONS` are what a player reads when their bank refuses a C2P charge, a payment-key
 * request or a payout: one clear sentence in "tú", no bank jargon and no bank code. Each provider
 * maps its own documented codes onto these (apps/server/src/modules/banking/providers/*.ts).
 *
 * `MSG_BANK_STAFF` are the short `detail` strings staff read in the connector audit and the
 * mismatch queue. They never carry a credential.
 *
 * Change policy: additive; the server and the staff console build against these keys.
 */
export const MSG_BANK_REASONS = {
  invalidKey: 'La clave de pago no es correcta. Revisa el SMS de tu banco e inténtalo de nuevo.',
  expiredKey: 'La clave de pago venció. Pide una clave nueva a tu banco e inténtalo de nuevo.',
  keyNotRequested:
    'Tu banco no tiene una clave de pago activa para este cobro. Pide una clave nueva e inténtalo de nuevo.',
  insufficientFunds: 'Tu cuenta no tiene saldo suficiente para este pago.',
  wrongIdentification: 'La cédula no coincide con la de tu cuenta bancaria. Revísala.',
  wrongPhone: 'El teléfono no coincide con el que tienes afiliado a Pago Móvil en tu banco.',
  wrongIdentity: 'Tu cédula o tu teléfono no coinciden con los datos de tu banco. Revísalos.',
  dailyLimit: 'Superaste el límite diario de Pago Móvil de tu banco. Inténtalo mañana.',
  amountLimit: 'El monto supera el límite que tu banco permite para esta operación.',
  notAffiliated: 'Tu cuenta no está afiliada a Pago Móvil o a pagos con clave (C2P) en tu banco.',
  payerBankUnavailable:
    'Tu banco no está respondiendo en este momento. Inténtalo de nuevo en unos minutos.',
  invalidData: 'Los datos del pago no son válidos. Revisa el teléfono, la cédula y el banco.',
  duplicate: 'Este pago ya fue procesado.',
  outOfHours: 'Tu banco no permite esta operación a esta hora. Inténtalo más tarde.',
  platformUnavailable: 'No pudimos enviar tu pago en este momento. Lo revisaremos y te avisaremos.',
  payeeRejected: 'El banco de destino rechazó el pago. Revisa los datos de tu cuenta de retiro.',
  generic: 'Tu banco rechazó la operación. Inténtalo de nuevo o usa otro método de recarga.',
} as const;

export type BankReasonKey = keyof typeof MSG_BANK_REASONS;

export const MSG_BANK_STAFF = {
  timeout: 'El banco no respondió a tiempo.',
  network: 'No se pudo conectar con el banco.',
  serverError: (status: number) => `El banco respondió con un error (HTTP ${status}).`,
  unreadable: 'La respuesta del banco no se pudo leer.',
  unexpected: 'La respuesta del banco no tiene la forma esperada.',
  credentialsRefused: 'El banco rechazó las credenciales o la afiliación de la cuenta.',
  configMissing: (field: string) => `Falta la credencial «${field}» en la configuración.`,
  amountMismatch: (bank: string, declared: string) =>
    `El banco reporta Bs. ${bank} y el jugador declaró Bs. ${declared}.`,
  dayMismatch: (bank: string, declared: string) =>
    `El banco reporta el día ${bank} y el jugador declaró ${declared}.`,
  phoneMismatch: 'El teléfono del pagador no coincide con el declarado.',
  alreadyReconciled:
    'El banco indica que este pago ya fue conciliado antes: revisa si ya se acreditó.',
  pending: 'El banco dejó la operación en proceso; su resultado aún no se conoce.',
  badRequest: 'El banco rechazó la forma de la consulta.',
} as const;
