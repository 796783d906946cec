import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '../../common/api/envelope.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError, errors } from './errors.js';

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  const body: ErrorEnvelope = { success: false, error: { code: error.code, message: error.message } };
  if (error.field) body.error.field = error.field;
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.statusCode).send(body);
}

/** The first invalid field, spelled as a dotted path ("propositions.0.itemName"). */
function describeValidationError(error: FastifyError): ApiError {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const path = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const field = path || undefined;
    const message = first?.message ?? 'Invalid request';
    return errors.validation(field ? `${field}: ${message}` : message, field);
  }
  return errors.validation(error.message);
}

/**
 * Errors Fastify meets before routing (a URL whose percent-encoding is not UTF-8): the envelope too.
 * Passed to Fastify as its `frameworkErrors` option.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  return sendError(
    reply,
    errors.badRequest(error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : error.message),
  );
}

/** Maps every failure to the JSON envelope; details of unexpected errors stay in the log. */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { serveWebApp: (request: FastifyRequest, reply: FastifyReply) => unknown },
) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    if (error.validation) return sendError(reply, describeValidationError(error));
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, errors.validation('Malformed JSON body'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, errors.payloadTooLarge());
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, errors.unsupportedMediaType());
    }
    if (error instanceof SyntaxError) return sendError(reply, errors.validation('Malformed JSON body'));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(reply, errors.serviceUnavailable(DATABASE_RETRY_AFTER_SECONDS));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, errors.rateLimited(60));
    if (status >= 400 && status < 500) {
      return sendError(reply, errors.badRequest(error.message, status));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, errors.internal());
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // HEAD is a GET without its body (Node's HTTP server drops the body): uptime checks and `curl -I` use it.
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (path === '/api' || path.startsWith('/api/') || !readsPage) {
      return sendError(reply, errors.notFound('Route'));
    }
    return options.serveWebApp(request, reply);
  });
}
