// A search job's run that no longer holds the job: another coordinator took the search over (this
// one lost its job lock), or this process took the job again and stops its earlier run. The run
// ends without writing anything; the job (and its Solves) are the current holder's.
export class SupersededError extends Error {
  override readonly name = "SupersededError";
}
