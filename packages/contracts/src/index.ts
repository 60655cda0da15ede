export * from './api-paths';
export * from './errors';
export * from './limits';
export * from './product';
export * from './professions';
export * from './reference-data';
export * from './users';
