// Puzzles: validation and solvability come from the pure core; this service adds ownership, the
// title, storage and the "puzzle created" event.
import { canonicalKey, createPuzzle, isSolvable } from "../core/index.ts";
import { difficultyPercentile } from "../core/rating/index.ts";
import { BadInputError } from "../errors/index.ts";
import type {
  FoundPuzzle,
  Puzzle,
  PuzzleKind,
  PuzzleOrder,
  PuzzleRepository,
} from "../repositories/puzzles.ts";
import type { PublicUser, UserRepository } from "../repositories/users.ts";
import type { EventBus } from "./events.ts";
import { checkSide } from "./leaderboard.ts";

const TITLE_MAX = 200;
export const PUZZLE_CREATED = "puzzle-created";

export interface CreatePuzzleInput {
  readonly kind: PuzzleKind;
  readonly rows?: number | null;
  readonly cols?: number | null;
  readonly start: readonly number[];
  readonly goal?: readonly number[] | null;
  readonly title?: string | null;
}

/** Published on PUZZLE_CREATED. */
export interface PuzzleCreatedEvent {
  readonly id: number;
  readonly kind: PuzzleKind;
  readonly ownerId: number;
}

export interface PuzzleListQuery {
  readonly kind?: PuzzleKind | null;
  readonly rows?: number | null;
  readonly cols?: number | null;
  readonly hasOptimum?: boolean | null;
  readonly ownerName?: string | null;
  readonly ownerId?: number;
  readonly order: PuzzleOrder;
  readonly take: number;
}

/** How hard a puzzle is: its optimum, and where that lies among all boards of its size. */
export interface Difficulty {
  readonly optimalLength: number;
  /** 100 × the share of positions with a shorter optimum; null where the distribution is unknown. */
  readonly percentile: number | null;
}

/** Bidirectional formatting characters: embeddings and overrides, isolates, and the marks. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/** C0 and C1 controls and DEL (U+0000 cannot even be stored in Postgres text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Trimmed; at most TITLE_MAX characters counted as code points (what Postgres' varchar(200) counts,
 * so an emoji is one, not two UTF-16 units); no controls, no bidi overrides (they make a title read
 * differently from what it is), no unpaired surrogates.
 */
function normalizeTitle(title: string | null | undefined): string | null {
  const trimmed = title?.trim() ?? "";
  if (LONE_SURROGATE.test(trimmed)) {
    throw new BadInputError("title may not contain unpaired surrogates", "title");
  }
  const length = [...trimmed].length;
  if (length > TITLE_MAX) {
    throw new BadInputError(`title must be at most ${TITLE_MAX} characters, got ${length}`, "title");
  }
  if (CONTROL.test(trimmed)) {
    throw new BadInputError(
      "title may not contain control characters (U+0000-U+001F, U+007F-U+009F)",
      "title",
    );
  }
  if (BIDI_CONTROL.test(trimmed)) {
    throw new BadInputError(
      "title may not contain bidirectional formatting characters (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C)",
      "title",
    );
  }
  return trimmed === "" ? null : trimmed;
}

export class PuzzleService {
  constructor(
    private readonly puzzles: PuzzleRepository,
    private readonly users: UserRepository,
    private readonly events: EventBus,
  ) {}

  async create(owner: PublicUser, input: CreatePuzzleInput): Promise<Puzzle> {
    if (input.kind === "ROTATION") {
      for (const field of ["rows", "cols"] as const) {
        if (input[field] !== null && input[field] !== undefined) {
          throw new BadInputError(`the Rotation Game board has a fixed shape: leave ${field} out`, field);
        }
      }
    }
    const title = normalizeTitle(input.title);
    // Throws the core's PuzzleInputError naming the field; the API maps it to BAD_USER_INPUT.
    const spec = createPuzzle({
      kind: input.kind === "ROTATION" ? "rotation" : "sliding",
      rows: input.rows ?? undefined,
      cols: input.cols ?? undefined,
      start: input.start,
      goal: input.goal ?? undefined,
    });
    const puzzle = await this.puzzles.create({
      ownerId: owner.id,
      kind: input.kind,
      rows: spec.kind === "sliding" ? spec.rows : null,
      cols: spec.kind === "sliding" ? spec.cols : null,
      start: spec.start,
      goal: spec.kind === "sliding" ? spec.goal : [],
      title,
      canonicalKey: canonicalKey(spec),
      solvable: isSolvable(spec),
    });
    const event: PuzzleCreatedEvent = { id: puzzle.id, kind: puzzle.kind, ownerId: puzzle.ownerId };
    void this.events.publish(PUZZLE_CREATED, event);
    return puzzle;
  }

  get(id: number): Promise<Puzzle | null> {
    return this.puzzles.findById(id);
  }

  /** In the query's order; an unknown owner name gives an empty list. */
  async list(query: PuzzleListQuery): Promise<FoundPuzzle[]> {
    let ownerId = query.ownerId;
    if (query.ownerName !== null && query.ownerName !== undefined) {
      const owner = await this.users.findByName(query.ownerName);
      if (owner === null || (ownerId !== undefined && ownerId !== owner.id)) return [];
      ownerId = owner.id;
    }
    return this.puzzles.find({
      kind: query.kind ?? undefined,
      rows: checkSide(query.rows, "rows"),
      cols: checkSide(query.cols, "cols"),
      hasOptimum: query.hasOptimum ?? undefined,
      ownerId,
      order: query.order,
      take: query.take,
    });
  }

  /**
   * The difficulty of a puzzle whose optimum is known (docs/competition.md): percentiles for sliding
   * boards whose distance distribution is known exactly (see core/rating/difficulty.ts).
   */
  difficulty(puzzle: Puzzle, optimum: number): Difficulty {
    const percentile =
      puzzle.kind === "SLIDING" && puzzle.rows !== null && puzzle.cols !== null
        ? difficultyPercentile(puzzle.rows, puzzle.cols, puzzle.goal.indexOf(0), optimum)
        : undefined;
    return { optimalLength: optimum, percentile: percentile ?? null };
  }
}
