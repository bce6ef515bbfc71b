/**
 * One bench player registered through the app's own route (`POST /api/register_api`, the
 * payload of docs/product.md §7 with the 18+ declaration of decision 040), for the browser
 * benches that sign a player in. A random suffix keeps the email, cédula, phone and username
 * unique.
 *
 * @returns the credentials and the session token (`register_api`'s `token`); throws an Error
 *   with the status when the app refuses the registration
 */
export async function registerApiPlayer(
  baseUrl: string,
): Promise<{ email: string; password: string; token: string }> {
  const r = Math.floor(Math.random() * 1e7);
  const player = {
    name: 'María Pérez',
    email: `bench${r}@example.com`,
    type_identification: 'V',
    n_identification: String(10_000_000 + r),
    phone: `0414${String(r).padStart(7, '0')}`,
    password: 'Secreto123!',
    password_confirmation: 'Secreto123!',
    username: `Bench${r}`,
    birth_date: '1994-03-08',
    adult_declaration: true,
  };
  const res = await fetch(`${baseUrl}/api/register_api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(player),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  return { email: player.email, password: player.password, token };
}
