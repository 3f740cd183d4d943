import { z } from 'zod';

/**
 * The answer of a command the server takes on to do in the background (202 Accepted): whatever body it
 * carries says nothing the screen uses, so none is read.
 */
export const accepted = z.unknown().transform((): undefined => undefined);
