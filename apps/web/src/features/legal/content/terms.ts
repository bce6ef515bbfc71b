import {
  MOBILE_PREFIXES,
  DEFAULT_POT_SHARES_BPS,
  formatBs,
  LIMITS,
  tableInputSchema,
} from '@domino/contracts';
import { DEFAULT_CONFIG } from '@domino/domino';
import type { LegalDocument } from './types';

const defaults = tableInputSchema.parse({ name: 'Mesa', entry_price: 1 });
const housePct = defaults.house_fee_bps / 100;
const potPct = defaults.pot_share_bps / 100;
const minRecharge = formatBs(LIMITS.minRechargeCents);
const minWithdrawal = formatBs(LIMITS.minWithdrawalCents);
const maxProofMb = Math.round(LIMITS.proofMaxBytes / (1024 * 1024));
const defaultSplit = DEFAULT_POT_SHARES_BPS.map((bps) => `${bps / 100}%`);
const defaultSplitText = `${defaultSplit.slice(0, -1).join(', ')} y ${defaultSplit.at(-1)}`;

/**
 * Terms and conditions (/terms). Every limit and default is read from the contracts
 * and the engine, so the text states what the platform actually enforces. What staff promise to
 * do is what the staff console can do (apps/server/src/modules/admin): suspend and reactivate an
 * account with a reason, adjust a balance up or down with a reason (shown to the player in
 * Transacciones as 'Ajuste: <motivo>'), and pay or reject the withdrawals in the payout queue,
 * whatever the account's status. There is no account deletion: "dar de baja" is a suspension.
 */
export const TERMS: LegalDocument = {
  title: 'Términos y condiciones',
  updated: '23/11/2026',
  intro:
    'Estos términos regulan el uso de Dominó, la plataforma para jugar dominó venezolano en línea con saldo en bolívares. Al crear una cuenta y marcar la casilla de aceptación declaras que los leíste y los aceptas. Si no estás de acuerdo, no uses la plataforma.',
  sections: [
    {
      id: 'requisitos',
      title: '1. Quién puede jugar',
      blocks: [
        {
          list: [
            'Debes ser mayor de 18 años. Si detectamos que una cuenta pertenece a un menor, la suspendemos y devolvemos el saldo que corresponda a quien lo aportó.',
            'Una sola cuenta por persona. Te registras con tu cédula venezolana (V) o de extranjero (E), tu correo y una línea móvil venezolana (' +
              MOBILE_PREFIXES.join(', ') +
              '); la cédula, el correo y el teléfono no pueden repetirse en otra cuenta.',
            'Los datos deben ser verdaderos y tuyos. Los retiros se pagan a la cédula y al teléfono de tu cuenta, así que no pueden pagarse a terceros.',
            'Eres responsable de tu contraseña y de lo que se haga con tu sesión. Si crees que alguien entró a tu cuenta, cambia tu contraseña y avísanos.',
          ],
        },
      ],
    },
    {
      id: 'saldo',
      title: '2. Tu saldo',
      blocks: [
        'Tu saldo está expresado en bolívares (Bs.) y se guarda en tu cuenta de jugador. Sirve para pagar la entrada de las mesas y recibir premios; no genera intereses y no es una cuenta bancaria.',
        'Cada movimiento (recarga, entrada, reembolso, premio, pago del pote, retiro o ajuste) se registra en un libro contable de doble entrada y lo puedes consultar en Transacciones. Los movimientos no se borran: si hay un error, se corrige con un movimiento contrario que también verás.',
        'Tu saldo nunca puede quedar en negativo: si no te alcanza para una entrada, no puedes sentarte en esa mesa.',
      ],
    },
    {
      id: 'recargas',
      title: '3. Recargas',
      blocks: [
        {
          list: [
            `Se hacen por Pago Móvil a la cuenta que muestra la página Recargar. El monto mínimo es ${minRecharge}.`,
            `Registras el monto y el número de referencia del pago (de ${LIMITS.referenceMinLength} a ${LIMITS.referenceMaxLength} caracteres) y, si quieres, el comprobante en PNG, JPG, JPEG o SVG de hasta ${maxProofMb} MB.`,
            'Nuestro equipo revisa cada solicitud contra los movimientos del banco. Solo cuando el pago aparece con el monto y la referencia indicados se aprueba y el saldo se acredita, una sola vez.',
            'Una misma referencia no puede usarse en dos recargas. Si el pago no aparece o no coincide, la recarga se rechaza con el motivo y no se acredita nada.',
            'Declarar un pago que no hiciste, o la referencia de otra persona, es fraude y causa la suspensión de la cuenta.',
          ],
        },
      ],
    },
    {
      id: 'retiros',
      title: '4. Retiros',
      blocks: [
        {
          list: [
            `El monto mínimo de un retiro es ${minWithdrawal} y no puede superar tu saldo disponible.`,
            'Al solicitarlo, el monto sale de tu saldo disponible y queda apartado mientras se revisa.',
            'Se paga por Pago Móvil al teléfono y la cédula de tu cuenta, en el banco que elijas. Cuando se paga, el retiro aparece como Completado con su referencia.',
            'Si el retiro se rechaza (por ejemplo, porque el banco devuelve el pago), el monto completo vuelve a tu saldo.',
            'Las cuentas de pensionados tienen límites bancarios y los pagos pueden ser devueltos; te recomendamos no usarlas.',
            'Podemos pedirte que confirmes tu identidad antes de pagar un retiro, sobre todo si es el primero o si es de un monto alto.',
          ],
        },
      ],
    },
    {
      id: 'mesas',
      title: '5. Mesas, entradas y comisiones',
      blocks: [
        {
          list: [
            'Cada mesa muestra su precio de entrada, el número de jugadores y sus comisiones antes de sentarte. Al sentarte, la entrada sale de tu saldo y queda apartada para esa partida. Si la mesa cambió de precio, se te pide confirmar el nuevo.',
            'Puedes levantarte y recuperar la entrada completa mientras la partida no haya empezado. Cuando se llenan los puestos la partida comienza y ya no puedes salir ni recuperar la entrada.',
            `Al terminar, el premio son las entradas de todos los jugadores menos la comisión de la casa y el aporte al Pote del Mes de esa mesa (por defecto ${housePct}% y ${potPct}% de las entradas). El resto se reparte en partes iguales entre los ganadores (en parejas, los dos compañeros); un céntimo que no pueda dividirse queda para la casa.`,
            'Registrarse, recargar, retirar y practicar contra la CPU no tienen comisión de la plataforma. Tu banco puede cobrarte su propia comisión por Pago Móvil.',
          ],
        },
      ],
    },
    {
      id: 'reglas',
      title: '6. Reglas del juego',
      blocks: [
        `Se juega dominó venezolano en parejas con el juego doble seis (28 fichas), 7 fichas por jugador y los compañeros de frente. La primera mano la abre el doble seis. Quien tiene una ficha que sirva debe jugarla; quien no, pasa. La mano termina en dominó o en tranque. Salvo que la mesa indique otra cosa, la salida rota en cada mano, en el tranque gana la pareja con menos puntos (un empate anula la mano), la pareja ganadora suma los puntos de las fichas de los rivales, la partida se gana al llegar a ${DEFAULT_CONFIG.targetPoints} puntos y la capicúa y el pase corrido no dan puntos extra. Cada mesa muestra sus reglas completas antes de pagar la entrada y durante la partida, y esas son las reglas con las que se juega y se paga. En las mesas individuales (2 o 3 jugadores) cada quien juega para sí: se reparten 7 fichas y las demás quedan en el pozo, del que roba quien no tiene ficha que sirva (salvo que la mesa indique que no se roba); la primera mano la abre el doble más alto; gana la mano quien se queda sin fichas, o en tranque quien suma menos, y suma los puntos de todos sus rivales.`,
        'El servidor decide cada jugada y es la única fuente del resultado. Cada turno tiene un tiempo límite que muestra la mesa: si no juegas a tiempo, un bot juega por ti ese turno, y cuando hay una sola jugada posible el sistema la hace por ti. Si te desconectas, la partida sigue y recuperas tu puesto al volver. Una desconexión no anula la partida ni devuelve la entrada.',
        'Si un fallo técnico nuestro altera un resultado, lo corregimos con movimientos contables visibles en Transacciones.',
      ],
    },
    {
      id: 'pote',
      title: '7. Pote del Mes',
      blocks: [
        {
          list: [
            'Cada mes calendario (hora de Caracas) tiene su pote. Se forma con el aporte de cada partida con dinero y con los aportes que haga la plataforma, siempre indicando el motivo.',
            'Tus puntos del mes son los puntos que hizo tu pareja en las partidas con dinero terminadas ese mes. Las partidas de práctica no suman.',
            'El ranking ordena por puntos; los empates se deciden por partidas ganadas y, si persisten, por quién llegó primero a esos puntos.',
            `Al terminar el mes, el pote se paga al saldo de los primeros lugares según el reparto vigente, que se publica en Pote - Estadísticas (por defecto ${defaultSplitText} para los primeros ${defaultSplit.length} lugares). Cada puesto se paga una sola vez.`,
            'Solo entran en el ranking los jugadores que sumaron más de 0 puntos en el mes y cuya cuenta está activa. Una cuenta suspendida no aparece en el ranking; si sigue suspendida cuando se cierra el mes, no cobra y su lugar pasa al siguiente jugador.',
            'Si en el mes nadie sumó puntos, el pote pasa completo al mes siguiente. Si hay menos jugadores en el ranking que puestos premiados, lo de los puestos vacíos también pasa al mes siguiente.',
          ],
        },
      ],
    },
    {
      id: 'juego-limpio',
      title: '8. Juego limpio',
      blocks: [
        'Los repartos son verificables: desde que se sienta el primer jugador, la sala de espera muestra la huella de la semilla secreta del servidor, que ya no puede cambiar; después cada jugador aporta su propia semilla y, al terminar la partida, revelamos la del servidor para que cada jugador de la partida compruebe cada mano en la página Verificar.',
        'Está prohibido:',
        {
          list: [
            'Ponerse de acuerdo con otros jugadores fuera del juego, incluido comunicarle tus fichas a tu compañero por teléfono, mensajes o en persona.',
            'Perder a propósito para pasar dinero a otra cuenta, o jugar en la misma mesa con varias cuentas.',
            'Usar programas, bots o cualquier ayuda automática para jugar por ti.',
            'Aprovechar un error del sistema en lugar de reportarlo.',
          ],
        },
        'Si detectamos alguna de estas conductas podemos suspender las cuentas involucradas y descontar de su saldo los premios obtenidos así, con un ajuste que indica el motivo y queda registrado en los movimientos de la cuenta. Mientras una cuenta está suspendida queda fuera del ranking del Pote del Mes: si sigue suspendida al cerrarse el mes, no cobra premio del pote y su lugar pasa al siguiente jugador.',
      ],
    },
    {
      id: 'suspension',
      title: '9. Suspensión y baja de cuentas',
      blocks: [
        'Podemos suspender una cuenta por incumplir estos términos, por datos de identidad falsos, por pagos declarados que no existen o por indicios de fraude. Una cuenta suspendida pierde su sesión al instante y no puede entrar, jugar ni pedir retiros hasta que la reactivemos. Si estaba sentada en una mesa que aún no empezó, sale de ella y recupera la entrada; en una partida ya empezada, un bot juega sus turnos y la partida se liquida como cualquier otra.',
        'Los retiros que la cuenta ya había solicitado siguen en revisión y se pagan o rechazan como los de cualquier otra cuenta. Terminada la revisión, reactivamos la cuenta o pagamos a su titular el saldo legítimo por Pago Móvil, al teléfono y la cédula de la cuenta, y lo registramos en ella como un ajuste con su motivo. Los montos obtenidos de forma irregular se descuentan antes, también con un ajuste que indica el motivo.',
        'Puedes pedirnos la baja de tu cuenta en cualquier momento, escribiendo desde el correo registrado en ella. Dar de baja una cuenta es suspenderla: nadie podrá entrar ni jugar con ella. Antes de pedirla, solicita el retiro de tu saldo; si aun así queda saldo, te lo pagamos como se explica arriba. La cuenta no se borra (sus registros se conservan como explica la Política de privacidad) y, como la cédula, el correo y el teléfono no pueden repetirse, si quieres volver debes pedirnos que la reactivemos.',
      ],
    },
    {
      id: 'juego-responsable',
      title: '10. Juego responsable',
      blocks: [
        'Juega solo con dinero que puedas permitirte perder y nunca para recuperar pérdidas. Fíjate un presupuesto y un tiempo antes de sentarte, y haz pausas. La práctica contra la CPU es gratis y no necesita saldo.',
        'Si sientes que el juego te está afectando, escríbenos desde el correo registrado en tu cuenta y la suspendemos (autoexclusión): desde ese momento no podrás entrar ni jugar. No se reactiva sola: lo hacemos solo cuando nos lo pidas, pasado el plazo que nos hayas indicado.',
        'Una cuenta suspendida no puede pedir retiros, así que antes de pedir la autoexclusión solicita el retiro de tu saldo: los retiros ya solicitados se pagan aunque la cuenta esté suspendida. Si aun así queda saldo, pídenos que te lo paguemos: lo hacemos por Pago Móvil al teléfono y la cédula de tu cuenta y lo registramos como un ajuste con su motivo.',
      ],
    },
    {
      id: 'cambios',
      title: '11. Cambios, responsabilidad y ley aplicable',
      blocks: [
        'Podemos cambiar estos términos para reflejar cambios de la plataforma o de la ley. Publicaremos la nueva versión aquí con su fecha; los cambios de comisiones o mínimos no afectan a partidas ni solicitudes ya iniciadas.',
        'Hacemos lo posible por mantener la plataforma disponible, pero no respondemos por fallas de tu conexión, de tu banco o del sistema Pago Móvil. Estos términos se rigen por las leyes de la República Bolivariana de Venezuela.',
      ],
    },
  ],
};
