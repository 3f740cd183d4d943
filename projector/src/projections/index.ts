import type { Projection } from '../projection.ts';
import { organizationsProjection } from './organizations.ts';
import { trucksProjection } from './trucks.ts';

export const projections: Projection[] = [trucksProjection, organizationsProjection];
