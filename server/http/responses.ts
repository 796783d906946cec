import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { errorEnvelope, successEnvelope } from '../../common/api/envelope.js';

/**
 * Answers are serialized as they were before routes had response schemas: JSON.stringify, nothing checked,
 * nothing stripped. The schemas document the API (/api/openapi.json) and server/http/openapi-responses.test.ts
 * checks a real answer of every route against them. A zod pass over every answer (fastify-type-provider-zod's
 * serializerCompiler) would cost the hot paths (ranking, popular, search, vote) time on each request, and
 * turn a harmless extra field into a 500 in production.
 */
export const serializeUnchecked: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

type SuccessStatus = 200 | 201 | 202;
type Enveloped<Answers> = {
  [Status in keyof Answers]: ReturnType<typeof successEnvelope<Answers[Status] & z.ZodType>>;
};

/** Any route may refuse: bad input, a guard, a missing entity, a conflict, a rate limit, a database down. */
const refusals = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/**
 * `schema.response` of a JSON route: the data of each success status, in the success envelope, and every
 * refusal (4XX, 5XX) in the error envelope.
 */
export function answers<const Answers extends Partial<Record<SuccessStatus, z.ZodType>>>(success: Answers) {
  const enveloped = Object.fromEntries(
    Object.entries(success).map(([status, data]) => [status, successEnvelope(data as z.ZodType)]),
  ) as Enveloped<Answers>;
  return { ...enveloped, ...refusals };
}

/**
 * `schema.response` of a server-sent event stream: 200 is text/event-stream, each event's data the JSON of
 * `event`; a refusal before the stream starts is JSON like any other.
 */
export function eventStream(event: z.ZodType, description: string) {
  return { 200: { description, content: { 'text/event-stream': { schema: event } } }, ...refusals };
}

/**
 * `schema.response` of a route that answers a file to download: 200 is the file (its media type and what it
 * holds described), a refusal is JSON like any other.
 */
export function fileDownload(mediaType: string, file: z.ZodType, description: string) {
  return { 200: { description, content: { [mediaType]: { schema: file } } }, ...refusals };
}
