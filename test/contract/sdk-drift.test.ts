import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedSchema, schemaTypes } from '../../scripts/sdk-schema.ts';
import { type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

describe('the committed @paytag/client types', () => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await testRuntime('sqlite');
  });
  afterAll(() => t.close());

  it("match the running app's /openapi.json", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const fresh = await schemaTypes(res.json());
    // A plain equality check, so the failure says what to do rather than printing 14 000 lines of diff.
    const same = fresh === committedSchema();
    expect(
      same,
      'packages/client/src/schema.d.ts differs from /openapi.json: run `npm run sdk:generate` and commit it',
    ).toBe(true);
  });
});
