import { pagoMovilBankSuite } from './pago-movil-banks.suite';

pagoMovilBankSuite('pglite');
