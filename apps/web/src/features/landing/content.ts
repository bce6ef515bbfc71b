import {
  MOBILE_PREFIXES,
  DEFAULT_POT_SHARES_BPS,
  formatBs,
  LIMITS,
  tableInputSchema,
} from '@domino/contracts';
import { BONUS_POINTS, DEFAULT_CONFIG } from '@domino/domino';

/**
 * Landing copy (docs/product.md §1 landing sections; decision 011). Every number a visitor reads here comes from
 * the contracts or the engine (limits, the default fees of a new table, the default match rules),
 * so the page cannot drift from what the platform actually does.
 */

const defaults = tableInputSchema.parse({ name: 'Mesa', entry_price: 1 });
/** Default house fee and pot share of a table, percent of the entries (basis points / 100). */
export const DEFAULT_FEES = {
  housePct: defaults.house_fee_bps / 100,
  potPct: defaults.pot_share_bps / 100,
} as const;

/**
 * The default split of the monthly pot ('50% al primer lugar, 30% al segundo y 20% al tercero').
 * Staff may change it (1 to 10 positions) for each month, so the copy always says "por defecto"
 * and points to /pote, where the split in force is published.
 */
export const DEFAULT_POT_SPLIT = (() => {
  const places = ['primer lugar', 'segundo', 'tercero', 'cuarto', 'quinto'];
  const parts = DEFAULT_POT_SHARES_BPS.map(
    (bps, i) => `${String(bps / 100).replace('.', ',')}% al ${places[i] ?? `${i + 1}.º`}`,
  );
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}` : parts[0];
})();

const minRecharge = formatBs(LIMITS.minRechargeCents);
const minWithdrawal = formatBs(LIMITS.minWithdrawalCents);
const maxProofMb = Math.round(LIMITS.proofMaxBytes / (1024 * 1024));
const target = DEFAULT_CONFIG.targetPoints;

/**
 * A worked example of a table's settlement with the default fees (what /api/tables/{id} and the
 * waiting room show per table): 4 entries, the fees, and what each winning partner is paid.
 */
export function prizeExample(entryCents: number) {
  const potCents = entryCents * 4;
  const houseCents = Math.floor((potCents * defaults.house_fee_bps) / 10_000);
  const shareCents = Math.floor((potCents * defaults.pot_share_bps) / 10_000);
  const prizeCents = Math.floor((potCents - houseCents - shareCents) / 2);
  return { potCents, houseCents, shareCents, prizeCents };
}
const example = prizeExample(100_000);

/** About: what the platform is, in three facts. */
export const FEATURES = [
  {
    title: 'Partidas en tiempo real',
    text: 'Mesas de cuatro en parejas con turnos cronometrados. Si te desconectas, un bot juega por ti hasta que vuelvas.',
  },
  {
    title: 'Saldo en bolívares',
    text: 'Recarga por Pago Móvil y retira a tu banco. Cada movimiento queda registrado en tus transacciones.',
  },
  {
    title: 'Juego limpio',
    text: 'Repartos verificables: cada mano se puede comprobar al terminar la partida. Nadie ve tus fichas.',
  },
] as const;

/** Game selection (#games). `to` is where the button leads (through /login for visitors). */
export const GAMES = [
  {
    title: 'Dominó en parejas',
    tag: '4 jugadores',
    text: `El clásico venezolano: 2 contra 2, a ${target} puntos. Elige una mesa según su entrada y cobra el premio junto a tu compañero.`,
    tiles: [6, 6] as const,
    to: '/dashboard',
  },
  {
    title: 'Dominó individual',
    tag: '2 o 3 jugadores',
    text: 'Cada quien por su cuenta, robando del pozo hasta poder jugar, en las mesas individuales que abra el equipo.',
    tiles: [5, 3] as const,
    to: '/dashboard',
  },
  {
    title: 'Práctica contra la CPU',
    tag: 'Gratis',
    text: 'Afina tu juego contra la computadora sin usar saldo. Ideal para aprender las reglas.',
    tiles: [2, 1] as const,
    to: '/games',
  },
] as const;

/** Why play here: reasons a player can check for themself. */
export const REASONS = [
  {
    key: 'money',
    title: 'Tu dinero, al céntimo',
    text: 'Cada bolívar está en un libro contable de doble entrada: recargas, entradas, premios y retiros cuadran al céntimo y los ves en Transacciones.',
  },
  {
    key: 'fair',
    title: 'Repartos que puedes verificar',
    text: 'Desde el primer puesto ocupado, la sala de espera muestra el compromiso del servidor con su semilla; al final la revela y cada jugador comprueba cada mano de su partida en la página Verificar.',
    link: { label: 'Verificar una partida', to: '/verificar' },
  },
  {
    key: 'payments',
    title: 'Pago Móvil revisado por personas',
    text: `Recargas desde ${minRecharge} y retiros desde ${minWithdrawal}. Nuestro equipo revisa cada operación contra el banco antes de acreditarla o pagarla.`,
  },
  {
    key: 'realtime',
    title: 'Dominó en parejas, en vivo',
    text: 'Juegas con tu compañero contra otra pareja, jugada a jugada. Si se cae tu conexión, un bot cubre tu turno y recuperas el puesto al volver.',
  },
  {
    key: 'pot',
    title: 'El Pote del Mes',
    text: `Cada partida con dinero aporta al pote una parte de sus entradas, que la mesa muestra antes de sentarte (por defecto el ${DEFAULT_FEES.potPct}%). Al cerrar el mes se reparte entre los primeros del ranking, según el reparto publicado en Pote - Estadísticas.`,
  },
  {
    key: 'practice',
    title: 'Práctica gratis',
    text: 'Juega contra la CPU todas las veces que quieras sin tocar tu saldo, antes de sentarte en una mesa con dinero.',
  },
] as const;

/** How to play, in three steps (docs/product.md §1: register, complete profile, choose table). */
export const STEPS = [
  {
    title: 'Regístrate',
    text: 'Crea tu cuenta con tu nombre, correo, cédula y teléfono. Es gratis y toma un minuto.',
    link: { label: 'Crear cuenta', to: '/register' },
  },
  {
    title: 'Completa tu perfil',
    text: `Revisa tus datos y recarga tu saldo por Pago Móvil desde ${minRecharge}. O empieza practicando gratis contra la CPU.`,
    link: { label: 'Iniciar sesión', to: '/login' },
  },
  {
    title: 'Elige tu mesa',
    text: 'Escoge una mesa por su entrada, siéntate y la partida empieza cuando se llenan los cuatro puestos.',
    link: { label: 'Ver mesas', to: '/login?redirect=%2Fdashboard' },
  },
] as const;

/** The feature slider (docs/product.md §9: 4 items). */
export const SLIDES = [
  {
    key: 'history',
    title: 'Repite tus partidas',
    text: 'En Mis Partidas tienes cada partida con dinero: compañeros, rivales, marcador y resultado. Puedes repasarla jugada a jugada.',
  },
  {
    key: 'verify',
    title: 'Comprueba cada reparto',
    text: 'Con el número de tu partida, la página Verificar recalcula todas las manos a partir de las semillas reveladas, en tu propio navegador, y las compara con el compromiso que viste en la sala de espera.',
  },
  {
    key: 'bot',
    title: 'Nadie te deja colgado',
    text: 'Cada turno tiene su tiempo. Si alguien no juega a tiempo, un bot juega por él y la mesa sigue; al volver recupera su puesto.',
  },
  {
    key: 'pot',
    title: 'Ranking del mes',
    text: 'Los puntos de tus partidas con dinero suman en el ranking del Pote del Mes. Consulta tu posición en Pote - Estadísticas.',
  },
] as const;

/**
 * Testimonials (docs/product.md §9: 3). The platform is new, so these are not quotes of real people: they
 * are labelled as what players ask of an online domino site, each with how the platform answers.
 */
export const TESTIMONIALS = [
  {
    quote: 'Quiero saber exactamente cuánto gano y cuánto se queda la casa.',
    who: 'Quien juega por dinero',
    answer: `Cada mesa muestra su entrada y sus comisiones antes de sentarte; por defecto ${DEFAULT_FEES.housePct}% para la casa y ${DEFAULT_FEES.potPct}% para el pote.`,
  },
  {
    quote: 'Quiero estar seguro de que nadie ve mis fichas ni arregla el reparto.',
    who: 'Quien desconfía de las apps',
    answer:
      'El servidor solo te envía tus fichas, y cada reparto se puede verificar al terminar la partida.',
  },
  {
    quote: 'Quiero recargar y cobrar con Pago Móvil, como pago todo lo demás.',
    who: 'Quien juega desde el teléfono',
    answer: `Recargas con referencia y comprobante, retiros a tu banco desde ${minWithdrawal}, con revisión de nuestro equipo.`,
  },
] as const;

/** FAQ (docs/product.md §1: 8 items), about this platform's real rules and limits. */
export const FAQ = [
  {
    q: '¿Cómo recargo mi saldo?',
    a: `Con Pago Móvil. En Recargar verás los datos de la cuenta destino (banco, documento y teléfono), cada uno con un botón para copiarlo. Haz el pago desde la app de tu banco y registra el monto (mínimo ${minRecharge}) y el número de referencia (de ${LIMITS.referenceMinLength} a ${LIMITS.referenceMaxLength} caracteres). Puedes adjuntar el comprobante en PNG, JPG o SVG de hasta ${maxProofMb} MB. Nuestro equipo verifica el pago y acredita el saldo; mientras tanto la recarga aparece como Pendiente en Transacciones.`,
  },
  {
    q: '¿Cómo retiro mis ganancias?',
    a: `En Retiro indica el monto (mínimo ${minWithdrawal}, sin superar tu saldo disponible) y el banco. El monto se aparta de tu saldo al instante y, después de la revisión, se te paga por Pago Móvil al teléfono y la cédula de tu cuenta. Si el retiro es rechazado, vuelve completo a tu saldo. Evita las cuentas de pensionados: tienen límites bancarios y los pagos pueden ser devueltos.`,
  },
  {
    q: '¿Cuánto cobra la plataforma?',
    a: `Registrarse, recargar, retirar y practicar no te cuestan nada en la plataforma (tu banco puede cobrar su propia comisión de Pago Móvil). En las mesas con dinero, de las entradas de cada partida se descuenta una comisión de la casa y un aporte al Pote del Mes, que cada mesa muestra antes de sentarte (por defecto ${DEFAULT_FEES.housePct}% y ${DEFAULT_FEES.potPct}%). El resto se reparte entre los ganadores. Ejemplo: en una mesa de ${formatBs(100_000)} se juntan ${formatBs(example.potCents)}; la casa toma ${formatBs(example.houseCents)}, el pote ${formatBs(example.shareCents)} y cada integrante de la pareja ganadora cobra ${formatBs(example.prizeCents)}.`,
  },
  {
    q: '¿Con qué reglas se juega?',
    a: `Dominó venezolano en parejas: 28 fichas (doble seis), 4 jugadores con 7 fichas cada uno y los compañeros sentados de frente. La primera mano la abre quien tiene el doble seis y la salida rota en las siguientes. Si tienes ficha que sirva, debes jugarla; si no, pasas. La mano termina en dominó (alguien se queda sin fichas) o en tranque (nadie puede jugar: gana la pareja que suma menos puntos y un empate anula la mano). La pareja ganadora suma los puntos de las fichas que les quedan a los rivales y la partida se gana a ${target} (algunas mesas juegan a 150 o 200). Cada mesa muestra sus reglas antes de entrar: por ejemplo, si la capicúa y el pase corrido dan ${BONUS_POINTS} puntos extra, quién sale en cada mano o cómo se cuenta un tranque. También hay mesas individuales de 2 o 3 jugadores: cada quien juega para sí, roba del pozo cuando no tiene ficha y el que gana la mano suma los puntos de todos los rivales.`,
  },
  {
    q: '¿Cómo sé que el reparto es justo?',
    a: 'Desde que se sienta el primer jugador, la sala de espera muestra la huella SHA-256 de la semilla secreta del servidor, que ya no puede cambiar; después cada jugador puede escribir su propia semilla. Las fichas se barajan con todas y, al terminar la partida, se revela la semilla del servidor. En la página Verificar recalculas cada mano de tu partida y compruebas que coincide. Durante el juego el servidor solo te envía tus propias fichas.',
  },
  {
    q: '¿Qué es el Pote del Mes?',
    a: `Un premio que se acumula durante el mes (hora de Caracas) con el aporte de cada partida con dinero, una parte de las entradas que cada mesa muestra antes de sentarte (por defecto el ${DEFAULT_FEES.potPct}%), y con los aportes que haga la plataforma. Cada partida con dinero suma a tu ranking los puntos que hizo tu pareja (o tú, en las mesas individuales). Al cerrar el mes, el pote se paga al saldo de los primeros lugares según el reparto publicado en Pote - Estadísticas; por defecto, ${DEFAULT_POT_SPLIT}. Los empates se deciden por partidas ganadas y luego por quién llegó primero a esos puntos. Si nadie sumó puntos, el pote pasa al mes siguiente, igual que los premios de los puestos que nadie ocupe.`,
  },
  {
    q: '¿Puedo jugar gratis?',
    a: 'Sí. En Juegos puedes practicar contra la CPU sin usar saldo, todas las veces que quieras. Las partidas de práctica no dan premios ni puntos para el pote. Si te desconectas en una partida con dinero, un bot juega tus turnos hasta que vuelvas.',
  },
  {
    q: '¿Quién puede jugar?',
    a: `Solo mayores de 18 años, con cédula venezolana (V) o de extranjero (E) y una línea móvil venezolana (${MOBILE_PREFIXES.join(', ')}). Cada persona puede tener una sola cuenta: la cédula y el teléfono no se pueden repetir. Juega con responsabilidad y solo con dinero que puedas permitirte perder.`,
  },
] as const;
