import { protectionSuite } from './protection.suite';

protectionSuite('pglite');
