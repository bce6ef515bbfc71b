import { formatBs } from '@domino/contracts';
import type { BankProvider } from '../connector';
import type { SimKey, SimMovement } from './state';

/**
 * The one HTML page of Banco de pruebas (decision 052): a demo user "sends a Pago Móvil" to the
 * platform's demo account and reads the reference to type in Dominó, and reads the C2P payment
 * keys the bank "sent by SMS". Spanish, "tú", no script, works with the keyboard alone.
 */

const PROVIDER_LABELS: Record<BankProvider, string> = {
  bdv: 'Banco de Venezuela (API de Conciliación)',
  mercantil: 'Mercantil (Pagos Móviles)',
  r4: 'R4 Banco Microfinanciero (R4 Conecta, notificación)',
};

/** Payer banks offered in the form (codes of docs/product.md). */
const PAYER_BANKS: readonly [string, string][] = [
  ['0102', 'Banco de Venezuela'],
  ['0105', 'Mercantil'],
  ['0108', 'Provincial'],
  ['0134', 'Banesco'],
  ['0169', 'R4 Banco Microfinanciero'],
  ['0191', 'BNC'],
];

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface PageView {
  result?: { movement: SimMovement } | { error: string };
  keys: readonly SimKey[];
  movements: readonly SimMovement[];
}

/** Renders the page: the form, the last result, the SMS keys and the last movements. */
export function renderPage(view: PageView): string {
  const result = view.result
    ? 'error' in view.result
      ? `<p role="alert" class="error">${escape(view.result.error)}</p>`
      : `<section aria-live="polite" class="ok"><h2>Pago Móvil enviado</h2>
<p>Referencia: <strong>${escape(view.result.movement.reference)}</strong></p>
<p>Monto: ${escape(formatBs(view.result.movement.amountCents))} · Día: ${escape(view.result.movement.day)}</p>
<p>Escribe esta referencia en Dominó para acreditar tu recarga.</p></section>`
    : '';
  const keys = view.keys
    .slice(-10)
    .reverse()
    .map(
      (k) =>
        `<tr><td>${escape(k.phone)}</td><td><strong>${escape(k.key)}</strong></td><td>${k.used ? 'usada' : 'vigente'}</td><td>${escape(new Date(k.issuedAt).toISOString())}</td></tr>`,
    )
    .join('');
  const movements = view.movements
    .slice(-10)
    .reverse()
    .map(
      (m) =>
        `<tr><td>${escape(PROVIDER_LABELS[m.provider])}</td><td>${escape(m.kind)}</td><td>${escape(m.reference)}</td><td>${escape(formatBs(m.amountCents))}</td><td>${escape(m.payerPhone)}</td><td>${escape(m.day)}</td></tr>`,
    )
    .join('');
  const providers = (Object.keys(PROVIDER_LABELS) as BankProvider[])
    .map((p) => `<option value="${p}">${escape(PROVIDER_LABELS[p])}</option>`)
    .join('');
  const banks = PAYER_BANKS.map(
    ([code, name]) => `<option value="${code}">${code} · ${escape(name)}</option>`,
  ).join('');
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Banco de pruebas</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-top:.75rem}input,select,button{font-size:1rem;padding:.4rem}button{margin-top:1rem}
.error{color:#a00}.ok{border:2px solid #060;padding:.5rem 1rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ccc;padding:.25rem;text-align:left}</style></head>
<body><main><h1>Banco de pruebas</h1>
<p>Este banco es de mentira: sirve para probar las recargas de Dominó sin dinero real. Cada pago va a la cuenta de demostración de Dominó del banco que elijas.</p>
${result}
<h2>Enviar un Pago Móvil</h2>
<form method="post" action="/_control/demo/pago-movil">
<label for="provider">Cuenta de Dominó a la que pagas</label><select id="provider" name="provider">${providers}</select>
<label for="amount">Monto en bolívares (por ejemplo 250,00)</label><input id="amount" name="amount" inputmode="decimal" required>
<label for="phone">Tu teléfono (11 dígitos)</label><input id="phone" name="phone" inputmode="numeric" pattern="0[0-9]{10}" required>
<label for="bank">Tu banco</label><select id="bank" name="bank">${banks}</select>
<label for="cedula">Tu cédula (opcional, por ejemplo V12345678)</label><input id="cedula" name="cedula">
<button type="submit">Enviar Pago Móvil</button></form>
<h2>Claves de pago enviadas por SMS</h2>
${keys ? `<table><thead><tr><th>Teléfono</th><th>Clave</th><th>Estado</th><th>Enviada</th></tr></thead><tbody>${keys}</tbody></table>` : '<p>Todavía no se ha pedido ninguna clave.</p>'}
<h2>Últimos movimientos</h2>
${movements ? `<table><thead><tr><th>Banco</th><th>Tipo</th><th>Referencia</th><th>Monto</th><th>Teléfono</th><th>Día</th></tr></thead><tbody>${movements}</tbody></table>` : '<p>Todavía no hay movimientos.</p>'}
</main></body></html>`;
}
