export * from './auth';
export * from './constants';
export * from './errors';
export * from './messages';
export * from './money';
export * from './password';
export * from './tables';
export * from './validation';
