import { NoAnswerError, answerWithin } from './answer-within.js';

/**
 * How long a PostgreSQL statement may go without an answer. A connection whose statement got
 * none in that time is taken for dead (the network dropped it, the server froze or was
 * restarted behind a partition): the statement fails, and so does anything else asked of that
 * connection, which is then closed instead of going back to the pool, where it would hold up
 * every later request that drew it. Off (0) until `limit` is called: migrations, which may
 * rightly run for minutes, come first.
 */
export class StatementDeadline {
  private ms = 0;

  limit(ms: number): void {
    this.ms = ms;
  }

  /** `answer`, or a NoAnswerError once the deadline passes first; `expired` is called then. */
  race<T>(answer: Promise<T>, expired: (error: Error) => void): Promise<T> {
    if (this.ms <= 0) return answer;
    return answerWithin(answer, this.ms, 'PostgreSQL').catch((error: unknown) => {
      if (error instanceof NoAnswerError) expired(error);
      throw error;
    });
  }
}
