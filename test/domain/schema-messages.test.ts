import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { compileSchema } from '../../src/domain/schema-validator.js';
import { WebhookPatchSchema } from '../../src/http/schemas/webhooks.js';

describe('schema errors in the contract\'s words', () => {
  const check = compileSchema(
    Type.Object({
      scope: Type.Optional(Type.Union([Type.Literal('own'), Type.Literal('all')])),
      kind: Type.Optional(Type.Literal('sync')),
      tags: Type.Optional(Type.Array(Type.String(), { minItems: 1, uniqueItems: true })),
      extra: Type.Optional(Type.Object({}, { minProperties: 2 })),
    }),
  );

  it('names the literals of a union, a const, and the bounds of arrays and objects', () => {
    assert.deepEqual(check({ scope: 'every', kind: 'now', tags: [], extra: { a: 1 } }), [
      { field: 'scope', message: 'Must be one of: own, all.' },
      { field: 'kind', message: 'Must be sync.' },
      { field: 'tags', message: 'Must have at least 1 item.' },
      { field: 'extra', message: 'Must have at least 2 fields.' },
    ]);
    assert.deepEqual(check({ tags: ['a', 'a'] }), [{ field: 'tags', message: 'Must not name the same item twice.' }]);
  });

  it('names no field when the whole body is at fault: a PATCH of a webhook that changes nothing', () => {
    assert.deepEqual(compileSchema(WebhookPatchSchema)({}), [{ message: 'The body names no field to change.' }]);
  });
});
