import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NoAnswerError } from '../../src/storage/answer-within.js';
import { isDatabaseUnavailable } from '../../src/storage/unavailable.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

/** Which failures are the database being out of reach (503) rather than a fault (500); faults.test.ts provokes them for real. */
describe('isDatabaseUnavailable', () => {
  it('is true for a database that does not answer, cannot be reached, is shutting down, starting, full of connections or locked by another process', () => {
    const unavailable: unknown[] = [
      new NoAnswerError('PostgreSQL did not answer within 1500 ms.'),
      ...['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].map((code) => withCode(code)),
      ...['08006', '08001', '08003', '53300', '57P01', '57P02', '57P03'].map((code) => withCode(code)),
      withCode('SQLITE_BUSY', 'database is locked'),
      withCode('SQLITE_BUSY_SNAPSHOT'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ];
    for (const error of unavailable) assert.equal(isDatabaseUnavailable(error), true, String((error as { code?: string }).code ?? (error as Error).message));
  });

  it('is false for everything else: broken rules, a full disk, faults of the service, things that are not errors', () => {
    const faults: unknown[] = [
      withCode('23505', 'duplicate key value'),
      withCode('42P01', 'relation does not exist'),
      withCode('57014', 'canceling statement due to user request'),
      withCode('SQLITE_FULL', 'database or disk is full'),
      withCode('SQLITE_CONSTRAINT_UNIQUE'),
      withCode('ENOENT'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error('a connection terminated in the message, not at its start'),
      'ECONNREFUSED',
      null,
      undefined,
    ];
    for (const error of faults) assert.equal(isDatabaseUnavailable(error), false, String(error));
  });
});
