export * from './auth';
export * from './reference';
export * from './sessions';
export * from './billing';
