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
import { errorResponseSchema } from './responses';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Before any route is registered: @fastify/swagger collects routes as they are added. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', addRouteDefaults);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: API_DOCS_LABELS.title, description: API_DOCS_LABELS.description, version: '1' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
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
  const text = JSON.stringify(document);
  components.schemas = Object.fromEntries(
    Object.entries(components.schemas).filter(([name]) => text.includes(`"#/components/schemas/${name}"`)),
  );
  return document;
}

/** After the routes: the document's route and the page (their routes are public). */
export async function registerOpenApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    OPENAPI_PATH,
    {
      config: { public: true },
      schema: {
        summary: 'Dieses Dokument (OpenAPI 3.1)',
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

/**
 * Every /api route documents the refusals of the one error handler, and a public route needs no
 * token. Written once here instead of in every route.
 */
function addRouteDefaults(route: RouteOptions): void {
  if (!route.url.startsWith('/api/') || route.url.startsWith(DOCS_PREFIX)) return;
  const isPublic = route.config?.public === true;
  const errors = isPublic
    ? { 400: errorResponseSchema, 500: errorResponseSchema }
    : {
        400: errorResponseSchema,
        401: errorResponseSchema,
        403: errorResponseSchema,
        404: errorResponseSchema,
        500: errorResponseSchema,
      };
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  route.schema = {
    ...schema,
    ...(isPublic ? { security: [] } : {}),
    response: { ...errors, ...(schema.response as object | undefined) },
  };
}
