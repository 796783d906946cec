import { Ajv, type ValidateFunction } from 'ajv';

/** "GET /api/topics/{slugOrId}": a route as the OpenAPI document names it. */
export type Operation = string;

/** What a route answered: its status, the media type it said it sent, and the body (a stream: its first event). */
export interface Answer {
  status: number;
  mediaType: string;
  body: unknown;
}

interface DocumentedResponse {
  content?: Record<string, { schema?: unknown }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, DocumentedResponse> }>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const DOCUMENT_ID = 'openapi.json';

/** A JSON pointer into the document, written as a $ref fragment (each part escaped, then URI-encoded). */
const pointer = (...parts: string[]) =>
  `${DOCUMENT_ID}#/${parts.map((part) => encodeURIComponent(part.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;

/**
 * OpenAPI 3.0 has no null type: a nullable named shape is written `{ nullable: true, allOf: [{ $ref }] }`.
 * Ajv reads `nullable` only beside a `type`, so that form is given to it as the JSON Schema it means; and
 * a nullable enum means its values or null, which Ajv wants listed in the enum.
 */
function nullableAsJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, nullableAsJsonSchema(value)]),
  );
  if (nullable === true && Array.isArray(rest.enum) && !rest.enum.includes(null))
    rest.enum = [...rest.enum, null];
  if (nullable !== true || 'type' in rest) return { ...rest, ...(nullable !== undefined && { nullable }) };
  return { anyOf: [rest, { type: 'null' }] };
}

/**
 * The published OpenAPI document as a contract: which routes it lists, what it says each status of each
 * route answers, and whether an answer is what it says. Schemas are checked with Ajv as the document has
 * them, $refs to `components.schemas` included (Ajv reads OpenAPI 3.0's `nullable: true` beside a type).
 */
export class OpenApiContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addSchema(nullableAsJsonSchema(document) as object, DOCUMENT_ID);
  }

  operations(): Operation[] {
    return Object.entries(this.document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
    );
  }

  /** Every status the route documents, and the media types of each ("4XX": ["application/json"]). */
  statuses(operation: Operation): Record<string, string[]> {
    const { method, path } = split(operation);
    const responses = this.document.paths[path]?.[method]?.responses ?? {};
    return Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [
        status,
        Object.entries(response.content ?? {})
          .filter(([, media]) => media.schema !== undefined)
          .map(([mediaType]) => mediaType),
      ]),
    );
  }

  /** Whether a concrete path ("/api/topics/12") is one of the route's ("/api/topics/{slugOrId}"). */
  matches(operation: Operation, method: string, concretePath: string): boolean {
    const route = split(operation);
    const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    return (
      route.method === method.toLowerCase() &&
      new RegExp(`^${pattern}$`).test(concretePath.split('?')[0] ?? '')
    );
  }

  /**
   * The reasons the answer is not what the document says of that route, status and media type (an exact
   * status, else its range: 404 falls under "4XX"); none when it is.
   */
  violations(operation: Operation, answer: Answer): string[] {
    const statuses = this.statuses(operation);
    const status = [String(answer.status), `${String(answer.status)[0]}XX`].find((key) => key in statuses);
    if (status === undefined) return [`status ${answer.status} is not documented`];
    if (!statuses[status]?.includes(answer.mediaType)) {
      return [`${answer.mediaType} is not documented for ${status} (only ${statuses[status]?.join(', ')})`];
    }
    const { method, path } = split(operation);
    const ref = pointer('paths', path, method, 'responses', status, 'content', answer.mediaType, 'schema');
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    if (validate(answer.body)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`);
  }
}

function split(operation: Operation): { method: string; path: string } {
  const [method = '', path = ''] = operation.split(' ');
  return { method: method.toLowerCase(), path };
}
