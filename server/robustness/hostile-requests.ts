import fc from 'fast-check';

/** The slice of JSON Schema the OpenAPI document gives for our zod schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

export interface RouteShape {
  method: string;
  /** OpenAPI path, e.g. /api/topics/{slug}. */
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

export interface HostileRequest {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
  auth: AuthChoice;
}

export type AuthChoice = 'none' | 'user' | 'admin' | 'garbage' | 'unsigned' | 'foreign-key';

/** Text that has broken other servers: injections, traversal, markup, odd unicode, huge input. */
export const NASTY_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "admin'--",
  '" OR ""="',
  "1' UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template-injection probe, on purpose.
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '\u202Egnp.exe',
  'Zalgo: Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '🍕🍕🍕 👩‍👩‍👧‍👦',
  'ＡＢＣ　全角',
  '\uFEFF\u200B',
  '\uD800',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '99999999999999999999999',
  '1e309',
  ' ',
  'x'.repeat(300),
  'é'.repeat(5000),
];

const nastyString = fc.constantFrom(...NASTY_STRINGS);

const anyHostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constant(''),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  nastyString,
  fc.constant('a'.repeat(20_000)),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** A value that respects the schema, so that hostile fields sit beside plausible ones. */
function plausibleValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map(plausibleValue));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1000, 1000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -5, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? plausibleValue(schema.items) : anyHostileValue, { maxLength: 4 });
    case 'object':
      return objectFor(schema);
    default:
      return anyHostileValue;
  }
}

const fieldValue = (schema: JsonSchema) =>
  fc.oneof({ weight: 2, arbitrary: plausibleValue(schema) }, { weight: 3, arbitrary: anyHostileValue });

function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(
    Object.entries(properties).map(([name, inner]) => [name, fieldValue(inner)]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'userId'),
        ),
        anyHostileValue,
        { maxKeys: 2 },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** Whole request bodies: shaped objects with hostile fields, other JSON types, and text that is not JSON. */
function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<{ body?: string; contentType?: string }> {
  const shaped = schema ? objectFor(schema) : fc.dictionary(fc.string({ maxLength: 8 }), anyHostileValue);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: shaped.map((value) => ({ body: JSON.stringify(value), contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: anyHostileValue.map((value) => ({
        body: JSON.stringify(value) ?? 'null',
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"a":', '{', 'not json', '[1,2', '{"__proto__":{"isAdmin":true}}')
        .map((body) => ({ body, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

const pathSegment = fc.oneof(
  fc.integer({ min: -3, max: 50 }).map(String),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  nastyString,
  fc.constantFrom('fr', 'en', 'es', 'de', 'it', 'null', 'all', 'ui', 'topic', 'tag', 'category'),
);

const queryValue = fc.oneof(
  fc.integer({ min: -5, max: 500 }).map(String),
  fc.string({ maxLength: 30 }),
  nastyString,
);

/** Requests aimed at one route: hostile path segments, query strings, bodies and credentials. */
export function hostileRequestsFor(route: RouteShape): fc.Arbitrary<HostileRequest> {
  const params = fc.tuple(...route.pathParams.map(() => pathSegment));
  const queryNames = Object.keys(route.query);
  const query = fc.dictionary(
    fc.oneof(fc.constantFrom(...(queryNames.length ? queryNames : ['q'])), fc.string({ maxLength: 6 })),
    fc.oneof(queryValue, fc.array(queryValue, { minLength: 2, maxLength: 3 })),
    { maxKeys: 4 },
  );
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const auth = fc.constantFrom<AuthChoice>(
    'none',
    'user',
    'admin',
    'admin',
    'garbage',
    'unsigned',
    'foreign-key',
  );
  return fc
    .tuple(params, query, hasBody ? bodyFor(route.body) : fc.constant({}), auth)
    .map(([values, queryValues, payload, authChoice]) => {
      let i = 0;
      // A lone surrogate cannot be put in a URL at all (encodeURIComponent throws): no client can
      // send one, so it is sent as the replacement character a browser would send.
      const path = route.path.replace(/\{[^}]+\}/g, () =>
        encodeURIComponent(wellFormed(String(values[i++] ?? ''))),
      );
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(queryValues)) {
        for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
      }
      const qs = search.toString();
      return { method: route.method, url: qs ? `${path}?${qs}` : path, ...payload, auth: authChoice };
    });
}

/** The string with every lone surrogate replaced by U+FFFD (String#toWellFormed, from ES2024). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Every documented route with its schemas, read from the server's own OpenAPI document. */
export function routesFromOpenApi(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}): RouteShape[] {
  const routes: RouteShape[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ''),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}
