import { adminModule } from './admin/module';
import { suspendAndDisconnect } from './admin/suspension';
import { analysisModule } from './analysis/module';
import { puzzlesModule } from './puzzles/module';
import { authModule } from './auth/module';
import { bankingModule } from './banking/module';
import { catalogModule } from './catalog/module';
import { duplicateModule } from './duplicate/module';
import { friendsModule } from './friends/module';
import { gamesModule } from './games/module';
import { refreshLiveSeats } from './games/repo';
import { identityModule } from './identity/module';
import { landingModule } from './landing/module';
import { metricsModule } from './metrics/module';
import { paymentsModule } from './payments/module';
import { potModule } from './pot/module';
import { profileModule } from './profile/module';
import { pushModule } from './push/module';
import { quickplayModule } from './quickplay/module';
import { ratingsModule } from './ratings/module';
import type { ServerModule } from './realtime/server-module';
import { reconciliationModule } from './reconciliation/module';
import { reportsModule } from './reports/module';
import { responsibleModule } from './responsible/module';
import { riskModule } from './risk/module';
import { tablesModule } from './tables/module';
import { talkModule } from './talk/module';
import { tournamentsModule } from './tournaments/module';

/**
 * Every module that contributes to the running server, bottom floor first (the module table of
 * docs/architecture.md; `index.test.ts` holds the order), with the ports a lower module needs from
 * a higher one bound here. `app.ts` runs their `setup` and registers their routes in this order;
 * `server.ts` attaches their sockets and starts their workers in this order and stops the workers
 * in the reverse one. An explicit list rather than a directory scan (autoload):
 * docs/decisions/054-one-entry-point-per-module.md. Modules without an entry (ledger, mail,
 * audit, uploads, realtime, users, protection, places) only serve the others.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  authModule,
  // A name change refreshes the live games' seats (decision 037).
  profileModule({ nameChanged: refreshLiveSeats }),
  responsibleModule,
  pushModule,
  // The risk queue's "Suspender" is the staff console's suspension (decision 032).
  riskModule({ suspend: suspendAndDisconnect }),
  catalogModule,
  identityModule,
  bankingModule,
  paymentsModule,
  potModule,
  ratingsModule,
  gamesModule,
  analysisModule,
  puzzlesModule,
  landingModule,
  talkModule,
  friendsModule,
  tablesModule,
  quickplayModule,
  duplicateModule,
  tournamentsModule,
  reconciliationModule,
  adminModule,
  reportsModule,
  metricsModule,
];
