// Refuses passwords that are easy to guess, with zxcvbn-ts: the common-password list and
// passwords built from the member's own e-mail or name. Server side only: the dictionaries are
// about a megabyte and must never reach a browser bundle, so the shared zod schemas
// (validation.ts) keep to length rules and the services call this before hashing.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { AppError } from "~/lib/errors.server";
import { logger } from "~/logger.server";

export const WEAK_PASSWORD =
  "너무 쉬운 비밀번호입니다. 흔한 비밀번호나 이메일·이름이 들어간 비밀번호는 사용할 수 없습니다.";

/**
 * The bar is zxcvbn's score 3: an estimated 10^8 guesses or more ("safely unguessable: moderate
 * protection from an offline slow-hash scenario"). Online guessing is already held back by the
 * login limits, so the bar must protect the argon2id hashes should the database leak: below it
 * (score 2, 10^6–10^8 guesses) a password falls to one GPU within hours even against argon2id,
 * while score 4 (10^10) would refuse most memorable passphrases members can actually type.
 * The bar is compared inclusively on the estimate itself rather than on the score, because
 * zxcvbn rates any 8 characters it recognises no pattern in at exactly 10^8 guesses (its
 * brute-force floor), one guess short of score 3: the score would refuse every 8-character
 * password, however random, and quietly turn the spec's minimum of 8 into 9.
 */
export const MIN_GUESSES = 1e8;

/**
 * Only the first 24 characters are scored. zxcvbn's time grows steeply with the length (measured:
 * a few ms up to ~20 characters, over 300 ms for some 64-character inputs), and a sign-up form
 * must not be a way to burn the server's CPU. A prefix that is hard to guess makes the whole
 * password hard to guess; a password that starts with a guessable run is refused, which is
 * a fair rule for a memorable one too.
 */
const SCORED_LENGTH = 24;

let checker: Promise<ZxcvbnFactory> | undefined;

/** Builds the checker once; loading the dictionaries takes ~100 ms, each check a few ms. */
function loadChecker() {
  checker ??= (async () => {
    const started = performance.now();
    const [{ ZxcvbnFactory }, common] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
    ]);
    const factory = new ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
    });
    logger.debug({ ms: Math.round(performance.now() - started) }, "Password checker loaded");
    return factory;
  })();
  return checker;
}

/** Starts loading the dictionaries in the background, so the first sign-up does not wait. */
export function warmPasswordChecker() {
  void loadChecker().catch((error: unknown) => {
    checker = undefined;
    logger.error({ err: error }, "Could not load the password checker");
  });
}

/** The words of an e-mail and a name that a password must not be built from. */
function userInputs(person: { email?: string | null; name?: string | null }) {
  const inputs = new Set<string>();
  const email = person.email?.trim().toLowerCase();
  if (email) {
    inputs.add(email);
    // A password that is the address itself is cut to the scored length like the address here.
    inputs.add(email.slice(0, SCORED_LENGTH));
    const [local = "", domain = ""] = email.split("@");
    inputs.add(local);
    inputs.add(local.replace(/[^a-z0-9]+/g, ""));
    // Without a number the address carries (hong.gildong77 → hong.gildong, honggildong).
    inputs.add(local.replace(/\d+$/, "").replace(/[^a-z0-9]+$/, ""));
    inputs.add(local.replace(/[^a-z]+/g, ""));
    for (const part of [...local.split(/[^a-z0-9]+/), ...domain.split(".").slice(0, -1)]) {
      if (part.length >= 3) inputs.add(part);
    }
  }
  const name = person.name?.trim().toLowerCase();
  if (name) {
    inputs.add(name);
    inputs.add(name.replace(/\s+/g, ""));
    for (const part of name.split(/\s+/)) if (part.length >= 2) inputs.add(part);
  }
  return [...inputs].filter(Boolean);
}

/** Whether zxcvbn estimates the password takes at least MIN_GUESSES, given whose it is. */
export async function isStrongPassword(
  password: string,
  person: { email?: string | null; name?: string | null },
) {
  const factory = await loadChecker();
  return factory.check(password.slice(0, SCORED_LENGTH), userInputs(person)).guesses >= MIN_GUESSES;
}

/** Throws a 400 with a field error on `password` when the password is too easy to guess. */
export async function assertStrongPassword(
  password: string,
  person: { email?: string | null; name?: string | null },
) {
  if (!(await isStrongPassword(password, person))) {
    throw new AppError("invalid", WEAK_PASSWORD, { password: WEAK_PASSWORD });
  }
}

// This module is part of the server bundle, so the dictionaries load while the server starts
// rather than during the first sign-up.
setImmediate(warmPasswordChecker);
