import { inputGuardSuite } from './input-guard.suite';

inputGuardSuite('postgres');
