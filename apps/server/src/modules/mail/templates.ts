import type { OutgoingMail } from './mailer';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The password recovery e-mail (docs/product.md §2 Forgot password; decision 006): Spanish text and HTML bodies
 * with the brand, the greeting, the single-use link, its validity and what to do if the person did
 * not ask for it. Inline styles only (mail clients drop <style> and external CSS).
 */
export function recoveryMail(input: {
  to: string;
  name: string;
  link: string;
  validMinutes: number;
}): OutgoingMail {
  const greeting = input.name.trim() ? `Hola, ${input.name.trim()}:` : 'Hola:';
  const subject = 'Recupera tu contraseña de Dominó';
  const text = [
    greeting,
    '',
    'Recibimos una solicitud para restablecer la contraseña de tu cuenta en Dominó.',
    'Para elegir una nueva contraseña, abre este enlace:',
    '',
    input.link,
    '',
    `El enlace es válido durante ${input.validMinutes} minutos y solo puede usarse una vez.`,
    'Al cambiar la contraseña se cerrará tu sesión en todos tus dispositivos.',
    '',
    'Si no solicitaste este cambio, ignora este correo: tu contraseña seguirá siendo la misma.',
    '',
    '— El equipo de Dominó',
  ].join('\n');

  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#faf6ec;font-family:Arial,Helvetica,sans-serif;color:#14201a;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#faf6ec;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e6dfcc;">
<tr><td style="background:#0f4d2f;padding:20px 24px;border-bottom:3px solid #e5a912;">
<span style="font-family:Georgia,serif;font-size:24px;font-weight:bold;color:#ffffff;">Dominó</span>
</td></tr>
<tr><td style="padding:24px;">
<p style="margin:0 0 12px;font-size:16px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 20px;font-size:15px;line-height:1.5;">Recibimos una solicitud para restablecer la contraseña de tu cuenta en Dominó. Para elegir una nueva contraseña, pulsa el botón:</p>
<p style="margin:0 0 20px;text-align:center;"><a href="${link}" style="display:inline-block;background:#1f7a4a;color:#ffffff;text-decoration:none;font-weight:bold;font-size:16px;padding:12px 24px;border-radius:8px;">Restablecer contraseña</a></p>
<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#4a5a50;">Si el botón no funciona, copia y pega este enlace en tu navegador:</p>
<p style="margin:0 0 20px;font-size:13px;line-height:1.5;word-break:break-all;"><a href="${link}" style="color:#17643c;">${link}</a></p>
<p style="margin:0 0 8px;font-size:14px;line-height:1.5;">El enlace es válido durante <strong>${input.validMinutes} minutos</strong> y solo puede usarse una vez. Al cambiar la contraseña se cerrará tu sesión en todos tus dispositivos.</p>
<p style="margin:0;font-size:14px;line-height:1.5;">Si no solicitaste este cambio, ignora este correo: tu contraseña seguirá siendo la misma.</p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f3efe3;font-size:12px;color:#4a5a50;">— El equipo de Dominó</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { to: input.to, subject, text, html, logLine: `enlace de recuperación: ${input.link}` };
}

/** One line of an account-change notice: what changed, with the old and new values when useful. */
export interface ChangeNoticeLine {
  /** "Correo electrónico", "Teléfono de Pago Móvil", "Cuenta bancaria nueva". */
  label: string;
  /** The new value as the owner would recognise it (masked where it is a payout destination). */
  detail: string;
}

/**
 * The notice of a sensitive account change (docs/decisions/013), sent to the address
 * the account had before the change: what changed, when (Caracas time), from which device and
 * address, that withdrawals are reviewed for 24 hours, and what to do if it was not the owner.
 * Spanish text and HTML; every value from users is escaped in the HTML.
 */
export function accountChangeMail(input: {
  to: string;
  name: string;
  lines: ChangeNoticeLine[];
  /** "23/11/2026 14:05" (Caracas). */
  when: string;
  /** "Chrome en Android". */
  device: string;
  ip: string;
  reviewHours: number;
  loginLink: string;
}): OutgoingMail {
  const greeting = input.name.trim() ? `Hola, ${input.name.trim()}:` : 'Hola:';
  const subject = 'Aviso de seguridad: cambiaron datos de tu cuenta de Dominó';
  const changed = input.lines.map((l) => `- ${l.label}: ${l.detail}`);
  const notYou = [
    'Si no fuiste tú, alguien más puede estar usando tu cuenta:',
    '1. Contacta de inmediato a soporte y menciona este aviso.',
    '2. Si aún puedes entrar, cambia tu contraseña desde tu perfil (Cambiar Contraseña): se cerrarán las demás sesiones.',
  ];
  const text = [
    greeting,
    '',
    'Se hicieron estos cambios en tu cuenta de Dominó:',
    ...changed,
    '',
    `Cuándo: ${input.when} (hora de Venezuela)`,
    `Desde: ${input.device}, dirección IP ${input.ip}`,
    '',
    `Por tu seguridad, los retiros que se soliciten en las próximas ${input.reviewHours} horas pasarán por una revisión del personal antes de pagarse.`,
    '',
    'Si fuiste tú, no tienes que hacer nada.',
    '',
    ...notYou,
    '',
    `Entrar a Dominó: ${input.loginLink}`,
    '',
    '— El equipo de Dominó',
  ].join('\n');

  const rows = input.lines
    .map(
      (l) =>
        `<li style="margin:0 0 6px;"><strong>${escapeHtml(l.label)}:</strong> ${escapeHtml(l.detail)}</li>`,
    )
    .join('');
  const link = escapeHtml(input.loginLink);
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#faf6ec;font-family:Arial,Helvetica,sans-serif;color:#14201a;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#faf6ec;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e6dfcc;">
<tr><td style="background:#0f4d2f;padding:20px 24px;border-bottom:3px solid #e5a912;">
<span style="font-family:Georgia,serif;font-size:24px;font-weight:bold;color:#ffffff;">Dominó</span>
</td></tr>
<tr><td style="padding:24px;">
<p style="margin:0 0 12px;font-size:16px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 8px;font-size:15px;line-height:1.5;">Se hicieron estos cambios en tu cuenta de Dominó:</p>
<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.5;">${rows}</ul>
<p style="margin:0 0 4px;font-size:14px;line-height:1.5;"><strong>Cuándo:</strong> ${escapeHtml(input.when)} (hora de Venezuela)</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;"><strong>Desde:</strong> ${escapeHtml(input.device)}, dirección IP ${escapeHtml(input.ip)}</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;">Por tu seguridad, los retiros que se soliciten en las próximas <strong>${input.reviewHours} horas</strong> pasarán por una revisión del personal antes de pagarse.</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;">Si fuiste tú, no tienes que hacer nada.</p>
<p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:#9a2b1f;"><strong>Si no fuiste tú</strong>, alguien más puede estar usando tu cuenta:</p>
<ol style="margin:0 0 20px;padding-left:20px;font-size:14px;line-height:1.5;">
<li>Contacta de inmediato a soporte y menciona este aviso.</li>
<li>Si aún puedes entrar, cambia tu contraseña desde tu perfil (Cambiar Contraseña): se cerrarán las demás sesiones.</li>
</ol>
<p style="margin:0;text-align:center;"><a href="${link}" style="display:inline-block;background:#1f7a4a;color:#ffffff;text-decoration:none;font-weight:bold;font-size:16px;padding:12px 24px;border-radius:8px;">Entrar a Dominó</a></p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f3efe3;font-size:12px;color:#4a5a50;">— El equipo de Dominó</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { to: input.to, subject, text, html, logLine: 'aviso de cambio en la cuenta' };
}
