// Background jobs: the queue features enqueue into and the handlers workers run.
export { JOB_STATUS, JOB_TYPES, JobAbortedError, MAX_JOB_ATTEMPTS } from './types.ts';
export type { BackgroundJob, EnqueueJob, FollowUpJob, JobContext, JobHandler, JobQueue, JobStatus, JobType, ListJobsOptions } from './types.ts';
export { CANCEL_NOTICE, WAKE_NOTICE, createJobQueue, type JobQueueOptions, type JobQueueService } from './queue.ts';
export { registerJobHandlers, type JobHandlerDependencies, type RegisterJobHandlers } from './handlers.ts';
