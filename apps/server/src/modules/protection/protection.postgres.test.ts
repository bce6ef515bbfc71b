import { protectionSuite } from './protection.suite';

protectionSuite('postgres');
