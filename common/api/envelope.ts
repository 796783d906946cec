import { z } from 'zod';
import { apiComponents } from './components.js';
import { ERROR_CODES } from './error-codes.js';

/** Every JSON answer of the API is `{ success: true, data }` (server/http/envelope.ts `ok`)... */
export const successEnvelope = <Data extends z.ZodType>(data: Data) =>
  z.object({ success: z.literal(true), data });

/** ...or a refusal: `{ success: false, error }`, its code one of the closed set of error-codes.ts. */
export const errorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(ERROR_CODES),
      /** The server's English, for logs and API clients; people read the code's text in their language. */
      message: z.string(),
      /** The request field at fault, when there is one. */
      field: z.string().optional(),
    }),
  })
  .register(apiComponents, { id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
