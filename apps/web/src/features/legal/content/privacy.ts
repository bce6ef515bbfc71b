import type { LegalDocument } from './types';

/**
 * Privacy policy (/privacy): what the platform stores (apps/server/src/db/schema.ts),
 * why, who sees it, for how long, and what is public. Short names ('María G.') are `publicName`
 * of the contracts, used by every ranking and list of winners other players see (decision 007).
 * Nothing is deleted today: "dar de baja" an account is a staff suspension (decision 009).
 */
export const PRIVACY: LegalDocument = {
  title: 'Política de privacidad',
  updated: '23/11/2026',
  intro:
    'Esta política explica qué datos personales guarda Dominó, para qué los usa, quién puede verlos y durante cuánto tiempo. Tratamos tus datos para operar tu cuenta de juego con dinero real, y nada más: no los vendemos ni los usamos para publicidad.',
  sections: [
    {
      id: 'datos',
      title: '1. Qué datos guardamos',
      blocks: [
        {
          list: [
            'Registro: nombre, correo electrónico, tipo y número de cédula, teléfono móvil y la fecha de creación de tu cuenta. Tu contraseña nunca se guarda: guardamos solo una huella irreversible (argon2id).',
            'Perfil: los cambios que hagas a tu nombre, correo o teléfono y, si la subes, tu foto de perfil.',
            'Dinero: tu saldo y cada movimiento contable (recargas, entradas, premios, pagos del pote, retiros y ajustes), con su fecha y descripción.',
            'Recargas: monto, número de referencia, cuenta de destino y el comprobante si lo adjuntas. El comprobante se vuelve a codificar al recibirlo, lo que elimina sus metadatos (por ejemplo, ubicación o modelo del teléfono).',
            'Retiros: monto, banco elegido y los datos a los que se paga (teléfono, cédula y nombre), la referencia del pago y, si se rechaza, el motivo.',
            'Partidas: cada jugada, las semillas del reparto, el resultado, los premios y los puntos del Pote del Mes.',
            'Seguridad: para cada sesión, una huella del código de acceso, la dirección IP, el navegador y las fechas; para cada recuperación de contraseña, una huella del enlace, su vencimiento y la IP que lo pidió. También guardamos registros técnicos del servidor para detectar fallas y abusos.',
            'Acciones del equipo: toda decisión del personal sobre tu cuenta (aprobar o rechazar una recarga, pagar un retiro, un ajuste de saldo, una suspensión) queda registrada con quién la tomó, cuándo y el motivo.',
          ],
        },
      ],
    },
    {
      id: 'usos',
      title: '2. Para qué los usamos',
      blocks: [
        {
          list: [
            'Crear y proteger tu cuenta, y comprobar que cada persona tenga una sola.',
            'Verificar tus recargas contra el banco y pagarte los retiros por Pago Móvil.',
            'Jugar las partidas, pagar los premios, calcular el ranking y pagar el Pote del Mes.',
            'Permitir que los jugadores de cada partida verifiquen sus repartos, y detectar fraude, colusión y cuentas múltiples.',
            'Enviarte correos de servicio, como el enlace para recuperar tu contraseña.',
            'Cumplir obligaciones legales y contables, y responder a las autoridades cuando la ley lo exija.',
          ],
        },
      ],
    },
    {
      id: 'publico',
      title: '3. Qué es público',
      blocks: [
        {
          list: [
            'Si ganas una partida con dinero o entras en el ranking del mes, la página de inicio, el aviso del Pote del Mes y el ranking (también la lista de ganadores de meses anteriores) muestran a los demás tu nombre de pila y la inicial de tu apellido (por ejemplo, «María G.»), con la mesa, el premio o los puntos. En Pote - Estadísticas, tu propia fila muestra tu nombre completo solo a ti. Nunca mostramos tu cédula, correo ni teléfono.',
            'Mientras estás sentado en una mesa, la lista de mesas y la sala de espera muestran a todos tu nombre de pila y la inicial de tu apellido; durante la partida, los demás jugadores de esa mesa ven tu nombre completo.',
            'El compromiso de cada reparto (la huella SHA-256 de la semilla secreta del servidor) se muestra en la sala de espera a quien la abra: no revela ninguna ficha.',
            'Las semillas, los repartos y la repetición jugada a jugada de una partida terminada no son públicos: solo los ven los jugadores de esa partida y el personal (para atender reclamos y detectar fraude). Las semillas permiten recalcular las fichas de todos los jugadores en cada mano, por eso la página Verificar pide iniciar sesión con una cuenta que jugó la partida.',
          ],
        },
      ],
    },
    {
      id: 'terceros',
      title: '4. Con quién los compartimos',
      blocks: [
        {
          list: [
            'Con los bancos, solo lo necesario para hacer o comprobar un Pago Móvil: monto, teléfono, cédula, nombre y referencia.',
            'Con el proveedor de correo que entrega nuestros mensajes: tu dirección y el contenido del mensaje.',
            'Con las autoridades, cuando una orden o una ley venezolana nos obligue.',
          ],
        },
        'Dentro de la plataforma, tus comprobantes y tus datos de pago solo los ven tú y el personal que revisa las operaciones.',
      ],
    },
    {
      id: 'plazos',
      title: '5. Cuánto tiempo los guardamos',
      blocks: [
        {
          list: [
            'Los datos de tu cuenta, mientras la cuenta exista. Hoy no borramos cuentas: dar de baja una cuenta la suspende, y sus datos se conservan.',
            'Los movimientos de dinero, recargas, retiros, comprobantes y partidas con dinero son registros contables: no se borran ni se modifican (los errores se corrigen con movimientos contrarios) y la ley venezolana nos obliga a conservarlos al menos diez años, también después de dar de baja la cuenta.',
            'Una sesión vence a las 12 horas, o a los 30 días si marcas «Recordarme», y se anula al cerrar sesión o cambiar la contraseña. Un enlace de recuperación de contraseña sirve una sola vez y vence a los 60 minutos.',
            'Las partidas de práctica contra la CPU y los registros técnicos se guardan mientras sean útiles para resolver fallas o reclamos.',
          ],
        },
      ],
    },
    {
      id: 'navegador',
      title: '6. Lo que guardamos en tu navegador',
      blocks: [
        'No usamos cookies de seguimiento, publicidad ni analítica de terceros. Tu navegador guarda, en su almacenamiento local, el código de tu sesión y una copia de tus datos de usuario para que no tengas que iniciar sesión en cada visita, y una marca para no mostrarte dos veces el aviso del pote en la misma sesión. Todo eso se borra al cerrar sesión. Además, cuando empieza una partida con dinero, anota el compromiso que viste en la sala de espera y tu semilla, para que la página Verificar los compare al final; esa nota no contiene datos personales, se conserva al cerrar sesión (es tu prueba) y guarda solo tus 30 partidas más recientes.',
      ],
    },
    {
      id: 'seguridad',
      title: '7. Seguridad',
      blocks: [
        'Guardamos las contraseñas y los códigos de sesión solo como huellas irreversibles, limitamos los intentos de inicio de sesión, revisamos y volvemos a codificar cada imagen que se sube, y solo el personal autorizado accede a los datos de pago. Ningún sistema es infalible: si notas algo extraño en tu cuenta, cambia tu contraseña y avísanos.',
      ],
    },
    {
      id: 'derechos',
      title: '8. Tus derechos',
      blocks: [
        'Puedes ver y corregir tu nombre, correo y teléfono en Mi Perfil, y consultar todos tus movimientos en Transacciones y tus partidas en Mis Partidas. Puedes pedirnos una copia de tus datos, que te enviamos al correo registrado en tu cuenta. Si un dato que no puedes cambiar tú mismo (como tu cédula) es incorrecto, escríbenos desde ese correo y revisaremos tu caso.',
        'Puedes pedirnos la baja de tu cuenta. Darla de baja es suspenderla: nadie puede entrar ni jugar con ella y deja de aparecer en el ranking del mes. No la borramos, porque los registros contables deben conservarse (punto 5); sus datos solo los consulta el personal autorizado, para obligaciones legales y contables, reclamos o seguridad. Antes de pedirla, retira tu saldo (ver los Términos y condiciones).',
      ],
    },
    {
      id: 'menores',
      title: '9. Menores de edad',
      blocks: [
        'La plataforma es solo para mayores de 18 años. No aceptamos cuentas de menores y, si detectamos una, la suspendemos.',
      ],
    },
    {
      id: 'cambios',
      title: '10. Cambios',
      blocks: [
        'Si cambiamos esta política publicaremos la nueva versión en esta página con su fecha. Si el cambio amplía el uso de tus datos, te lo avisaremos antes por correo.',
      ],
    },
  ],
};
