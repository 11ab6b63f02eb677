// The OpenAPI 3.1 document, generated from the route schemas (decisions.md section 12):
// GET /api/openapi.json and a browsable page at GET /api/docs, both without a token. The page is
// Swagger UI from @fastify/swagger-ui, whose assets are served from our own origin and whose page
// has no inline script or style, so the strict CSP of app.ts stays as it is (docs/decisions/0007).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_DOCS_LABELS } from '@lp/domain/labels';
import { API_TAGS, OPERATION_DOCS, type OperationDoc } from './operation-docs';
import { errorResponseSchema } from './responses';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Before any route is registered: @fastify/swagger collects routes as they are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', addRouteDefaults);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: API_DOCS_LABELS.title,
        description: API_DOCS_LABELS.description,
        version: '1',
        license: { name: API_DOCS_LABELS.license, identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document describes the server that serves it, whatever its address.
      servers: [{ url: '/', description: API_DOCS_LABELS.thisServer }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      withMultipartBodies(withoutUnusedSchemas(jsonSchemaTransformObject(document))),
  });
}

type Components = { components?: { schemas?: Record<string, unknown> } };

/**
 * The type provider adds every named schema twice, as read (…Input) and as written; only the
 * answers' variants are referenced. Unreferenced ones would only confuse a reader.
 */
function withoutUnusedSchemas<T>(document: T): T {
  const { components } = document as Components;
  if (!components?.schemas) return document;
  // Until nothing changes: a schema referenced only by an unreferenced one goes too.
  for (let removed = true; removed;) {
    const schemas: Record<string, unknown> = components.schemas;
    const referenced = Object.keys(schemas).filter((name) => {
      const { [name]: _self, ...others } = schemas;
      const rest = JSON.stringify({ ...document, components: { ...components, schemas: others } });
      return rest.includes(`"#/components/schemas/${name}"`);
    });
    removed = referenced.length < Object.keys(schemas).length;
    components.schemas = Object.fromEntries(referenced.map((name) => [name, schemas[name]]));
  }
  return document;
}

type Paths = { paths?: Record<string, Record<string, Record<string, unknown>>> };

/**
 * The upload reads its multipart stream itself (no body schema for Fastify to validate), so its body
 * is described here: the files under `uploads[]`.
 */
function withMultipartBodies<T>(document: T): T {
  const { paths } = document as Paths;
  for (const [key, doc] of Object.entries(OPERATION_DOCS)) {
    if (!doc.multipartFiles) continue;
    const [method = '', url = ''] = key.split(' ');
    const operation = paths?.[toOpenApiPath(url)]?.[method.toLowerCase()];
    if (!operation) continue;
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['uploads[]'],
            properties: {
              'uploads[]': {
                type: 'string',
                contentMediaType: 'application/octet-stream',
                description: API_DOCS_LABELS.uploadFile,
              },
            },
          },
        },
      },
    };
  }
  return document;
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** `GET /api/users/:id` → `getApiUsersId`: a stable operationId for clients generated from the document. */
function operationIdOf(method: string, url: string): string {
  const words = `${method.toLowerCase()} ${url}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

/** After the routes: the document's route and the page (their routes are public). */
export async function registerOpenApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    OPENAPI_PATH,
    {
      config: { public: true },
      schema: {
        response: { 200: z.record(z.string(), z.unknown()).meta({ description: 'OpenAPI 3.1' }) },
      },
    },
    async () => app.swagger(),
  );
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      theme: { title: API_DOCS_LABELS.title },
      // BaseLayout: without the standalone top bar, whose logo is an SVG with an inline <style>
      // element that the CSP (style-src 'self') refuses.
      uiConfig: { deepLinking: true, layout: 'BaseLayout' },
    });
  });
}

/** Refusals any route can answer: malformed, failed, database away or server stopping. */
const EVERY_ROUTE = [400, 500, 503];
/** … a route behind the token: no or an ended session, not allowed, no such record. */
const SIGNED_IN = [401, 403, 404];
/** … a route that reads a body: too large, not JSON (or not UTF-8). */
const WITH_BODY = [413, 415];

/**
 * Every /api route documents the refusals of the one error handler and those its entry in
 * operation-docs.ts names, its tag, summary and operationId; a public route needs no token. Written
 * once here instead of in every route.
 */
function addRouteDefaults(route: RouteOptions): void {
  if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX)) return;
  const methods = [route.method].flat();
  const isPublic = route.config?.public === true;
  const doc: OperationDoc | undefined = OPERATION_DOCS[`${methods[0]} ${route.url}`];
  const statuses = [
    ...EVERY_ROUTE,
    ...(isPublic ? [] : SIGNED_IN),
    ...(methods.some((m) => m === 'POST' || m === 'PUT') ? WITH_BODY : []),
    ...(doc?.refusals ?? []),
  ];
  const errors = Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  route.schema = {
    ...schema,
    ...(doc ? { tags: [doc.tag], summary: doc.summary } : {}),
    operationId: operationIdOf(methods[0] ?? 'GET', route.url),
    ...(isPublic ? { security: [] } : {}),
    response: { ...errors, ...(schema.response as object | undefined) },
  };
}
