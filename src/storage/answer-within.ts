/** A wait that ran out: what was asked got no answer in time. */
export class NoAnswerError extends Error {}

/** `answer`, or a NoAnswerError once `ms` pass without it (a later answer or failure is then ignored). */
export function answerWithin<T>(answer: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new NoAnswerError(`${what} did not answer within ${ms} ms.`)), ms);
    answer.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
