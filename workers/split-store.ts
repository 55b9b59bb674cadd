// The Redis side of split searches (docs/distributed.md): each search's hot state, written only by
// the coordinator holding it; the list its unit jobs push their outcomes onto; the fair-share tags
// that order units across users. Every multi-key step is one Lua script (one round trip, atomic).
import type { Redis } from "ioredis";
import type { SplitState } from "../src/core/index.ts";
import { type UnitOutcome, splitKeys } from "../src/solves/index.ts";

/** A whole search's time slices so far (SplitRecord.whole). */
export interface WholeSlices {
  readonly slices: number;
  /** Every bound below it exhausted: the next slice's first bound. */
  readonly bound: number;
  /** Nodes and thread time of the slices that ended. */
  readonly nodes: number;
  readonly ms: number;
}

/**
 * Whether a unit is still wanted: "live" while its search is coordinated with the unit's plan;
 * "ended" when the search's state is gone; "replaced" when the state holds another plan.
 */
export type UnitLiveness = "live" | "ended" | "replaced";

/** LIVENESS's and PUSH's answers. */
function livenessOf(answer: unknown): UnitLiveness {
  return answer === 1 ? "live" : answer === 0 ? "ended" : "replaced";
}

/** A split search as the coordinator keeps it between two steps. */
export interface SplitRecord {
  /** Absent for a search that runs as one whole unit. */
  readonly split?: SplitState;
  /**
   * The plan's epoch (newPlanEpoch, drawn when the search is planned afresh): in its unit job ids and
   * data. Absent from a record saved by a version before epochs: LEGACY_EPOCH.
   */
  readonly epoch?: string;
  /** When the search started (epoch ms): a coordinator that takes over keeps the clock. */
  readonly startedAt: number;
  /** Nodes of every folded unit, stopped ones included. */
  nodes: number;
  /**
   * An AUTO search's first try, run whole before this plan: its nodes, counted in the search's (the
   * answer's and its progress') but not in `nodes`. Kept here so that a coordinator taking the plan
   * over counts them too. Absent: no first try (or a record saved by a version before this field).
   */
  readonly firstTryNodes?: number;
  /**
   * A whole record (no plan yet) whose first try answered TIMED_OUT (its budget) with this bound: the
   * search goes on split, planned from it. A coordinator that takes such a record over plans the
   * search without trying it first again (its nodes: firstTryNodes).
   */
  readonly firstTryBound?: number;
  /**
   * A search run whole that was time-sliced (docs/distributed.md, "Whole searches' time slices"): how
   * many slices ended, what they proved and what they cost; its job now is wholeJobId(search, slices),
   * going on from `bound`. Kept so that a coordinator taking it over goes on from there.
   */
  readonly whole?: WholeSlices;
  /** Unit results folded (each round of each unit counts once). */
  folded: number;
  /** Units whose job ran more than once (a worker died mid-unit): their lost runs are not counted. */
  reruns: number;
  /** Threads ("<worker>/<thread>") that searched a unit. */
  threads: string[];
}

/** Hot state lives a day at most: a search never lasts longer (MAX_TIME_LIMIT_SECONDS is an hour). */
const TTL_SECONDS = 24 * 3600;

// KEYS: owner, state, results; ARGV: token, state JSON, outcomes consumed, ttl.
const SAVE = `
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('set', KEYS[2], ARGV[2], 'EX', ARGV[4])
if tonumber(ARGV[3]) > 0 then redis.call('ltrim', KEYS[3], ARGV[3], -1) end
return 1`;

// Whether a unit of the plan `epoch` ('' for none: a whole search's, or one queued before epochs)
// is still wanted, given the search's state and epoch keys: 1 the search is live with that plan; 0 it
// ended (no state); -1 its state holds another plan (the unit is an older plan's). Shared by LIVENESS
// and PUSH.
const UNIT_LIVENESS = `
local function unit_liveness(state, epoch_key, epoch)
  if redis.call('exists', state) == 0 then return 0 end
  if epoch == '' then return 1 end
  local current = redis.call('get', epoch_key)
  if current and current ~= epoch then return -1 end
  return 1
end`;

// KEYS: results, virtual time, the owner's finish tag, state, epoch; ARGV: outcome JSON, wake
// channel, wake message, the unit's start tag, ttl, the unit's cost (ms of thread time), the unit's
// epoch ('' for none). A search whose state is gone (done, stopped) reads no more outcomes, and one
// planned afresh reads none of an older plan's: such a straggler's is not pushed (it would leave a
// results list behind for a day); its thread time still counts for fairness. Returns LIVENESS's
// answer for the unit (UNIT_LIVENESS): 1 pushed, 0 the search ended, -1 another plan.
const PUSH = `${UNIT_LIVENESS}
local live = unit_liveness(KEYS[4], KEYS[5], ARGV[7])
if live == 1 then
  redis.call('rpush', KEYS[1], ARGV[1])
  redis.call('expire', KEYS[1], ARGV[5])
end
local start = tonumber(ARGV[4])
local vt = tonumber(redis.call('get', KEYS[2]) or '0')
if start > vt then redis.call('set', KEYS[2], start) end
local finish = tonumber(redis.call('get', KEYS[3]) or '0')
if start > finish then finish = start end
redis.call('set', KEYS[3], finish + tonumber(ARGV[6]), 'EX', 3600)
if live == 1 then redis.call('publish', ARGV[2], ARGV[3]) end
return live`;

// KEYS: owner, epoch; ARGV: token, epoch ('' for none), ttl, '1' when the owner key may hold only
// this token or nothing (a coordinator going on within its run), '0' when it takes the search over.
const CLAIM = `
if ARGV[4] == '1' then
  local owner = redis.call('get', KEYS[1])
  if owner and owner ~= ARGV[1] then return 0 end
end
redis.call('set', KEYS[1], ARGV[1], 'EX', ARGV[3])
if ARGV[2] ~= '' then redis.call('set', KEYS[2], ARGV[2], 'EX', ARGV[3]) end
return 1`;

// KEYS: owner, state, results, epoch; ARGV: token. Deletes the search's keys only while `token`
// owns it: 0 (nothing deleted) when another coordinator took it over.
const CLEAR_OWNED = `
if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('del', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
return 1`;

// KEYS: state, epoch; ARGV: the unit's epoch ('' for none). UNIT_LIVENESS's answer.
const LIVENESS = `${UNIT_LIVENESS}
return unit_liveness(KEYS[1], KEYS[2], ARGV[1])`;

// KEYS: virtual time, the owner's finish tag. Returns {virtual time, start tag}.
const RESERVE = `
local vt = tonumber(redis.call('get', KEYS[1]) or '0')
local finish = tonumber(redis.call('get', KEYS[2]) or '0')
if finish < vt then finish = vt end
return {vt, finish}`;

/** BullMQ's largest priority (2^21 - 1); 1 runs first. */
const MAX_PRIORITY = 2_097_151;

/**
 * The scripts as ioredis commands: sent by SHA (EVALSHA, with EVAL once when Redis has not seen the
 * script, e.g. after a restart), not as their text on every call; a unit's push is on every unit's path.
 */
type Script = (...keysThenArgs: (string | number)[]) => Promise<unknown>;
interface SplitScripts {
  splitSave: Script;
  splitPush: Script;
  splitReserve: Script;
  splitLiveness: Script;
  splitClaim: Script;
  splitClearOwned: Script;
}

export class SplitStore {
  private readonly scripts: SplitScripts;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** The event bus' channel of a topic (wake-ups are published from the PUSH script). */
    private readonly channel: (topic: string) => string,
  ) {
    redis.defineCommand("splitSave", { numberOfKeys: 3, lua: SAVE });
    redis.defineCommand("splitPush", { numberOfKeys: 5, lua: PUSH });
    redis.defineCommand("splitReserve", { numberOfKeys: 2, lua: RESERVE });
    redis.defineCommand("splitLiveness", { numberOfKeys: 2, lua: LIVENESS });
    redis.defineCommand("splitClaim", { numberOfKeys: 2, lua: CLAIM });
    redis.defineCommand("splitClearOwned", { numberOfKeys: 4, lua: CLEAR_OWNED });
    this.scripts = redis as unknown as SplitScripts;
  }

  private keys(searchId: string) {
    return splitKeys(this.prefix, searchId);
  }

  async load(searchId: string): Promise<SplitRecord | null> {
    const text = await this.redis.get(this.keys(searchId).state);
    return text === null ? null : (JSON.parse(text) as SplitRecord);
  }

  /**
   * The coordinator holding `token` becomes the only one whose saves count; a split search's records
   * the `epoch` of its plan (before any unit job of that plan exists), which its units check. A
   * coordinator taking the search over (its run's start: it holds the search job's lock) claims it
   * whoever held it; one going on within its run (`continuing`: a split after its first try) only
   * while the owner key holds its own token or nothing, false (it must stop: SupersededError) when
   * another coordinator took the search over meanwhile. One round trip.
   */
  async claim(
    searchId: string,
    token: string,
    options: { readonly epoch?: string; readonly continuing?: boolean } = {},
  ): Promise<boolean> {
    const k = this.keys(searchId);
    const claimed = await this.scripts.splitClaim(
      k.owner,
      k.epoch,
      token,
      options.epoch ?? "",
      TTL_SECONDS,
      options.continuing === true ? "1" : "0",
    );
    return claimed === 1;
  }

  /** Outcomes pushed and not folded yet, oldest first. */
  async pending(searchId: string): Promise<UnitOutcome[]> {
    const items = await this.redis.lrange(this.keys(searchId).results, 0, -1);
    return items.map((item) => JSON.parse(item) as UnitOutcome);
  }

  /**
   * Saves the state and drops the `consumed` oldest outcomes (folded into it), atomically; false
   * when another coordinator took the search over (this one must stop).
   */
  async save(searchId: string, token: string, record: SplitRecord, consumed: number): Promise<boolean> {
    const k = this.keys(searchId);
    const saved = await this.scripts.splitSave(
      k.owner,
      k.state,
      k.results,
      token,
      JSON.stringify(record),
      consumed,
      TTL_SECONDS,
    );
    return saved === 1;
  }

  /**
   * Whether a unit of the search, of the plan `epoch` (absent: a whole search's unit, or one queued by
   * a version before epochs), is still wanted: "live" while the search is coordinated with that plan
   * (its state is saved before any of its unit jobs exists and deleted only once the search has
   * ended: done, stopped, failed, or its job removed while waiting); "ended" with no state; "replaced"
   * when the state holds another plan (the search was planned afresh after its state was lost, and
   * this unit is left from before). One round trip, as the EXISTS it replaces.
   */
  async liveness(searchId: string, epoch?: string): Promise<UnitLiveness> {
    const k = this.keys(searchId);
    return livenessOf(await this.scripts.splitLiveness(k.state, k.epoch, epoch ?? ""));
  }

  /**
   * Deletes the search's state, owner, results and epoch. With `token`, only while that coordinator
   * owns the search (compare-and-delete, one round trip): false, nothing deleted, when another took
   * it over (this one must stop: SupersededError). Without, whoever owns it (a search that will not
   * be coordinated again).
   */
  async clear(searchId: string, token?: string): Promise<boolean> {
    const k = this.keys(searchId);
    if (token === undefined) {
      await this.redis.del(k.state, k.owner, k.results, k.epoch);
      return true;
    }
    return (await this.scripts.splitClearOwned(k.owner, k.state, k.results, k.epoch, token)) === 1;
  }

  /**
   * A unit job's outcome, and its coordinator woken, while the search wants it (as `liveness`, for
   * the unit's plan `epoch`); for fairness, whether pushed or not, the clock moves to the unit's
   * start tag and its owner's finish tag by the thread time it took. Returns "live" when pushed.
   */
  async push(
    searchId: string,
    outcome: UnitOutcome,
    fair: { readonly owner: string; readonly tag: number; readonly costMs: number },
    wakeTopic: string,
    epoch?: string,
  ): Promise<UnitLiveness> {
    const k = this.keys(searchId);
    const pushed = await this.scripts.splitPush(
      k.results,
      `${this.prefix}:fair:vt`,
      `${this.prefix}:fair:owner:${fair.owner}`,
      k.state,
      k.epoch,
      JSON.stringify(outcome),
      this.channel(wakeTopic),
      JSON.stringify({ searchId }),
      fair.tag,
      TTL_SECONDS,
      Math.max(1, Math.round(fair.costMs)),
      epoch ?? "",
    );
    return livenessOf(pushed);
  }

  /**
   * Start-time fair queuing weighted by thread time: an owner's next units start at the later of
   * its finish tag (the thread time its units took, in ms, added up) and the clock (the largest
   * start tag of a unit finished). Their BullMQ priority is that start's lead over the clock, plus
   * one: a user whose units took little thread time lately goes before one whose units took much.
   */
  async priorities(owner: string, count: number): Promise<{ tag: number; priority: number }[]> {
    const [vt, start] = (await this.scripts.splitReserve(
      `${this.prefix}:fair:vt`,
      `${this.prefix}:fair:owner:${owner}`,
    )) as [number, number];
    const priority = Math.min(start - vt + 1, MAX_PRIORITY);
    return Array.from({ length: count }, () => ({ tag: start, priority }));
  }
}
