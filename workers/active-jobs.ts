// The ids of the jobs a worker process is running, kept by wrapping its BullMQ processors: what a
// shutdown reports as abandoned when it cannot hand them back (workers/main.ts).
import type { Processor } from "bullmq";

/** The job ids a process is running, kept by wrapping its processors. */
export class ActiveJobs {
  private readonly ids = new Set<string>();

  track<D, R, N extends string>(processor: Processor<D, R, N>): Processor<D, R, N> {
    return async (job, token, signal) => {
      const id = String(job.id);
      this.ids.add(id);
      try {
        return await processor(job, token, signal);
      } finally {
        this.ids.delete(id);
      }
    };
  }

  list(): string[] {
    return [...this.ids];
  }
}
