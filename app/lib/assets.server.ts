import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A file of the repository (`assets/fonts/…`, `public/emblem.svg`), found from this module upward
 * at run time, so the sources and the built server read the same file.
 */
export function repositoryFile(relative: string) {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(relative);
    dir = parent;
  }
}

/** A file of the repository's `assets/` folder (fonts, the Open Graph background). */
export const assetPath = (relative: string) => repositoryFile(path.join("assets", relative));
