export * from './own-templates';
export * from './example-note';
