import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** GET /api/health: 200 once the database answers, 503 otherwise. No authentication. */
export async function healthRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  const schema = { response: { 200: healthSchema, 503: healthSchema } };
  app.get('/api/health', { config: { public: true }, schema }, async (_request, reply) => {
    try {
      await pool.query('select 1');
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
