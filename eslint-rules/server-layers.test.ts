// The server's layer rule, as `npm run lint` runs it: a file planted where it does not belong is an
// error, the same import through the module's door is not.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'local/server-layers').map((m) => m.message);
}

// The first lint loads the whole config (typescript-eslint): seconds on a busy machine.
describe('local/server-layers', { timeout: 60_000 }, () => {
  it('refuses db/ importing the HTTP layer or a module', async () => {
    expect(
      await layerErrors(
        'server/src/db/planted.ts',
        "export { registerErrorHandler } from '../http/error-handler';\n",
      ),
    ).toEqual([expect.stringContaining('db/ and lib/ import nothing above them')]);
    expect(
      await layerErrors(
        'server/src/lib/planted.ts',
        "export type { SessionUser } from '../modules/auth/index';\n",
      ),
    ).toHaveLength(1);
  });

  it("refuses a service importing another module's repository, and allows its door", async () => {
    const file = 'server/src/modules/upload/planted.service.ts';
    expect(
      await layerErrors(file, "export { insertBookings } from '../bookings/bookings.repository';\n"),
    ).toEqual([expect.stringContaining('through its index.ts or bookings.service.ts')]);
    expect(await layerErrors(file, "export { insertBookings } from '../bookings/index';\n")).toEqual([]);
  });

  it('refuses a service importing http/, and a route reaching its repository', async () => {
    expect(
      await layerErrors(
        'server/src/modules/exports/planted.service.ts',
        "export { allowedBy } from '../../http/authentication';\n",
      ),
    ).toEqual([expect.stringContaining('do not import the HTTP layer')]);
    expect(
      await layerErrors(
        'server/src/modules/exports/planted.routes.ts',
        "export { selectExportBatches } from './exports.repository';\n",
      ),
    ).toEqual([expect.stringContaining('Routes call services only')]);
  });
});
