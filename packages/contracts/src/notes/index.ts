export * from './assertion';
export * from './clinical-text';
export * from './evidence';
export * from './safety-check';
export * from './placeholders';
export * from './confidence';
export { AFFIRMING_QUANTITIES } from './assertion-cues';
