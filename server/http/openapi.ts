import type { SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiComponents } from '../../common/api/components.js';

/** Route schemas (zod) to the document's JSON schemas; a shape registered in apiComponents becomes a $ref. */
export const openApiTransform = createJsonSchemaTransform({ schemaRegistry: apiComponents });

const withComponents = createJsonSchemaTransformObject({ schemaRegistry: apiComponents });

type OpenApiDocument = ReturnType<SwaggerTransformObject>;

/**
 * Adds the named shapes to `components.schemas` (all but the unused ones, see withoutUnusedComponents),
 * and says what each status means where @fastify/swagger wrote "Default Response".
 */
export const openApiTransformObject: SwaggerTransformObject = (document) =>
  describeStatuses(withoutUnusedComponents(withComponents(document)));

const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Done',
  201: 'Created',
  '4XX':
    'Refused; the error code says why (invalid input, not signed in, not allowed, not found, conflict, too many requests)',
  503: 'Unavailable: the database does not answer',
  '5XX': 'Failed (INTERNAL_ERROR), or unavailable for now (SERVICE_UNAVAILABLE, with Retry-After)',
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type PathItem = Partial<Record<string, { responses?: Record<string, { description?: string }> }>>;

function describeStatuses(document: OpenApiDocument): OpenApiDocument {
  for (const item of Object.values(document.paths ?? {}) as PathItem[]) {
    for (const method of METHODS) {
      for (const [status, response] of Object.entries(item[method]?.responses ?? {})) {
        const description = STATUS_DESCRIPTIONS[status];
        if (description && response.description === 'Default Response') response.description = description;
      }
    }
  }
  return document;
}

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * The library also adds an input variant ("UserDtoInput") of each named shape, for request bodies that
 * would use it (turkerdev/fastify-type-provider-zod#214). These are response shapes only: every component
 * no route refers to, directly or through another, is left out.
 */
function withoutUnusedComponents(document: OpenApiDocument): OpenApiDocument {
  if (!('components' in document) || !document.components?.schemas) return document;
  // A fresh object of withComponents's, changed in place.
  const schemas: Record<string, unknown> = document.components.schemas;
  const used = new Set<string>();
  const follow = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) follow(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key !== '$ref' || typeof child !== 'string') follow(child);
        else if (child.startsWith(COMPONENT_PREFIX)) {
          const name = child.slice(COMPONENT_PREFIX.length);
          if (!used.has(name)) {
            used.add(name);
            follow(schemas[name]);
          }
        }
      }
    }
  };
  follow(document.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}
