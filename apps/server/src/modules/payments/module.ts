import type { ServerModule } from '../realtime/server-module';
import { bankPayoutRoutes } from './bank-payout-routes';
import { paymentRoutes } from './routes';
import { paymentStaffRoutes } from './staff-routes';

/** The payments module's entry into the server (docs/decisions/054-one-entry-point-per-module.md). */
export const paymentsModule: ServerModule = {
  name: 'payments',
  routes: [paymentRoutes, paymentStaffRoutes, bankPayoutRoutes],
};
