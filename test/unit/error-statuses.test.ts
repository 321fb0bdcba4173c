import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '../../src/http/errors.ts';

describe('error codes on the wire', () => {
  it('a limit reached and a state that does not allow the operation are both 409, each with its own code', () => {
    expect(httpStatusOf('limit_reached')).toBe(409);
    expect(httpStatusOf('state_conflict')).toBe(409);
  });
});
