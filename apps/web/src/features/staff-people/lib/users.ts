/** Pure rules of the staff users pages (decision 009): an account status as staff read it. */

export function userStatusLabel(status: string): string {
  return status === 'activo' ? 'Activo' : status === 'suspendido' ? 'Suspendido' : status;
}

export function userStatusColor(status: string): string {
  return status === 'activo' ? 'green' : status === 'suspendido' ? 'red' : 'gray';
}
