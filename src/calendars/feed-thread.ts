import { parentPort, workerData } from 'node:worker_threads';
import { FeedError, parseFeed, type FeedBlock, type ParseOptions } from '../domain/calendar/parse-feed.js';

/** What the thread answers: the blocks, or why the feed could not be read. */
export type FeedThreadAnswer = { blocks: FeedBlock[] } | { error: string; feed: boolean };

const { text, options } = workerData as { text: string; options: ParseOptions };
let answer: FeedThreadAnswer;
try {
  answer = { blocks: parseFeed(text, options) };
} catch (error) {
  answer = { error: (error as Error).message, feed: error instanceof FeedError };
}
parentPort?.postMessage(answer);
