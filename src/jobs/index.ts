import type { Job } from './runner.ts';

/** Every background job the service runs (in each process; jobs coordinate through the database). */
export const ALL_JOBS: Job[] = [];
