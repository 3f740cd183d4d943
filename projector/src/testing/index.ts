export * from './read-model-snapshot.ts';
