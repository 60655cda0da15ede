export * from './own-templates';
export * from './example-note';
export * from './style-profile';
