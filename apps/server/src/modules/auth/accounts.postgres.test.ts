import { accountSuite } from './accounts.suite';

accountSuite('postgres');
