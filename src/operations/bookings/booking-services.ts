import type { Services } from '../context.js';

/** What the booking and rental operations use of the installation's services (the seed builds just these). */
export type BookingServices = Pick<Services, 'config' | 'storage' | 'jobs' | 'log'>;
