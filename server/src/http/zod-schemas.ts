// Route schemas are zod schemas (fastify-type-provider-zod): Fastify validates params, query and
// body with them before a handler runs, and @fastify/swagger turns the same schemas into the
// OpenAPI document. Answers are not re-encoded by their schemas in production (a schema that lagged
// behind a field would silently drop it from the answer); the API tests check every JSON answer
// against its schema instead (checkResponses), so a drift fails a test.
import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
  FastifySerializerCompiler,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A malformed request lists at most this many messages (a huge array cannot make a huge answer). */
export const VALIDATION_MESSAGES_MAX = 20;

const cappedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    // The zod compiler answers synchronously with { value } or { error: issues }.
    const result = validate(data) as { error?: FastifySchemaValidationError[]; value?: unknown };
    if (result.error) return { error: result.error.slice(0, VALIDATION_MESSAGES_MAX) };
    return result;
  };
};

function serializerCompiler(checkResponses: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const zodSchema = schema instanceof z.ZodType ? schema : undefined;
    return (data) => {
      if (checkResponses && zodSchema) {
        const result = zodSchema.safeParse(data);
        if (!result.success) {
          throw new Error(
            `${method} ${url} ${httpStatus}: the answer does not match its schema: ${z.prettifyError(result.error)}`,
          );
        }
      }
      return JSON.stringify(data);
    };
  };
}

export function useZodSchemas(app: FastifyInstance, options: { checkResponses: boolean }): void {
  app.setValidatorCompiler(cappedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler(options.checkResponses));
}
