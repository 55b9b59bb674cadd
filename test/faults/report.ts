// The figures every fault test prints (and checks): requests accepted, solves finished, solves lost,
// duplicated results.
export interface FaultReport {
  readonly accepted: number;
  readonly finished: number;
  readonly lost: number;
  readonly duplicates: number;
  readonly [detail: string]: number | string;
}

export function printReport(name: string, report: FaultReport): void {
  const details = Object.entries(report)
    .filter(([key]) => !["accepted", "finished", "lost", "duplicates"].includes(key))
    .map(([key, value]) => `${key} ${value}`);
  console.log(
    `[faults] ${name}: requests accepted ${report.accepted}, solves finished ${report.finished}, ` +
      `lost ${report.lost}, duplicates ${report.duplicates}` +
      (details.length > 0 ? `; ${details.join(", ")}` : ""),
  );
}

/** Results written per job over several workers' logs: a job written twice is a duplicate. */
export function duplicatedJobs(
  logs: readonly { msg?: string; jobId?: unknown; updated?: unknown }[],
): string[] {
  const writes = new Map<string, number>();
  for (const line of logs) {
    if (line.msg === "search finished" && Number(line.updated) > 0)
      writes.set(String(line.jobId), (writes.get(String(line.jobId)) ?? 0) + 1);
  }
  return [...writes].filter(([, count]) => count > 1).map(([jobId]) => jobId);
}
