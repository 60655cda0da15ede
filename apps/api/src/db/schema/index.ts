export * from './auth';
export * from './reference';
export * from './sessions';
export * from './session-versions';
export * from './pipeline';
export * from './billing';
export * from './audit';
export * from './uploads';
