export { unsettledOf } from './checkpoint.ts';
export type { Projector, ProjectorOptions } from './options.ts';
export { paceWith } from './pace.ts';
export { createReadModelIndexes, definitionsOf, readModelsOf } from './read-model-definitions.ts';
export { startProjector } from './start-projector.ts';
