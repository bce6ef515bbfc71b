import { accountSuite } from './accounts.suite';

accountSuite('pglite');
