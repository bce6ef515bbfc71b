import { AREA_CODES, formatBs, LIMITS } from '@domino/contracts';

/** Landing copy (spec §1 landing sections). Amounts and limits come from the contracts. */

export const FEATURES = [
  {
    title: 'Partidas en tiempo real',
    text: 'Mesas de cuatro en parejas, con turnos cronometrados. Si te desconectas, un bot juega por ti hasta que vuelvas.',
  },
  {
    title: 'Saldo en bolívares',
    text: 'Recarga por Pago Móvil y retira a tu banco. Cada movimiento queda registrado en tus transacciones.',
  },
  {
    title: 'Juego limpio',
    text: 'Repartos verificables: cada mano se puede comprobar al final de la partida. Nadie ve tus fichas.',
  },
] as const;

export const GAMES = [
  {
    title: 'Dominó en parejas',
    tag: '4 jugadores',
    text: 'El clásico venezolano: 2 contra 2, a 100 puntos. Elige una mesa según su entrada y gana el pozo con tu compañero.',
    tiles: [6, 6] as const,
    target: '/dashboard',
  },
  {
    title: 'Dominó individual',
    tag: '2 o 3 jugadores',
    text: 'Cada quien por su cuenta, robando del pozo hasta poder jugar. Partidas rápidas y directas.',
    tiles: [5, 3] as const,
    target: '/dashboard',
  },
  {
    title: 'Práctica contra la CPU',
    tag: 'Gratis',
    text: 'Afina tu juego contra la computadora sin usar saldo. Ideal para aprender las reglas.',
    tiles: [2, 1] as const,
    target: '/games',
  },
] as const;

const minRecharge = formatBs(LIMITS.minRechargeCents);
const minWithdrawal = formatBs(LIMITS.minWithdrawalCents);
const maxProofMb = Math.round(LIMITS.proofMaxBytes / (1024 * 1024));

export const FAQ = [
  {
    q: '¿Cómo recargo mi saldo?',
    a: `Con Pago Móvil. En Recargar verás los datos de la cuenta destino (banco, documento y teléfono), cada uno con un botón para copiarlo. Haz el pago desde la app de tu banco y registra el monto (mínimo ${minRecharge}) y el número de referencia (de ${LIMITS.referenceMinLength} a ${LIMITS.referenceMaxLength} caracteres). Puedes adjuntar el comprobante en PNG, JPG o SVG de hasta ${maxProofMb} MB.`,
  },
  {
    q: '¿Cuánto tarda en acreditarse una recarga?',
    a: 'Nuestro equipo verifica cada pago contra el banco y acredita el saldo, normalmente en pocos minutos. Mientras tanto la recarga aparece como Pendiente en Transacciones y cambia a Aprobado cuando se acredita.',
  },
  {
    q: '¿Cómo retiro mis ganancias?',
    a: `En Retiro indica el monto (mínimo ${minWithdrawal}, sin superar tu saldo disponible) y el banco. El monto se reserva de tu saldo al instante y se te paga por Pago Móvil después de la revisión; si el retiro es rechazado, vuelve completo a tu saldo. Evita usar cuentas de pensionados: tienen límites bancarios y los pagos pueden ser devueltos.`,
  },
  {
    q: '¿Qué es la entrada de una mesa?',
    a: 'Cada mesa muestra su precio de entrada. Al sentarte se descuenta de tu saldo y queda apartado para la partida; si te levantas antes de que empiece, se te devuelve. Al terminar, el pozo de las entradas se reparte a los ganadores, menos una pequeña comisión de la casa y un aporte al Pote del Mes.',
  },
  {
    q: '¿Con qué reglas se juega?',
    a: 'Dominó venezolano en parejas: 28 fichas (doble seis), 4 jugadores, 7 fichas cada uno y los compañeros sentados de frente. La primera mano la abre el doble seis y el turno gira a la derecha. Si tienes ficha, debes jugar. La mano termina en dominó (alguien se queda sin fichas) o en tranque (nadie puede jugar; gana la pareja con menos puntos). La pareja ganadora suma los puntos que quedan en las manos rivales y la partida se gana a 100.',
  },
  {
    q: '¿Cómo sé que el reparto es justo?',
    a: 'Antes de cada partida el servidor publica la huella (SHA-256) de una semilla secreta y cada jugador aporta su propia semilla. Las fichas se barajan con ambas, y al final se revela la semilla para que cualquiera pueda repetir y comprobar cada reparto. El servidor decide cada jugada y solo te envía tus propias fichas.',
  },
  {
    q: '¿Qué pasa si me desconecto en plena partida?',
    a: 'Cada turno tiene un tiempo límite. Si no juegas a tiempo, un bot juega por ti para no detener la mesa; cuando vuelves, recuperas tu puesto y sigues jugando.',
  },
  {
    q: '¿Quién puede jugar?',
    a: `Solo mayores de 18 años, con cédula venezolana (V) o de extranjero (E) y una línea móvil venezolana (${AREA_CODES.join(', ')}). Cada persona puede tener una sola cuenta: la cédula y el teléfono no se pueden repetir. Juega con responsabilidad.`,
  },
] as const;
