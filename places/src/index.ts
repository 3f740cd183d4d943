export * from './gazetteer.ts';
export { pointOfPlace } from './place-point.ts';
