// Files under DATA_DIR (the embedded database, licence images, the app secret, outgoing mail) are
// the server user's alone. Importing this module first makes the process create every new file
// and directory without group or other access; `tightenDataDir` corrects an install made before
// that (or copied in with looser modes) once at start.
import fs from "node:fs";
import path from "node:path";

/** Group and other bits: none of them may be set on anything under DATA_DIR. */
const SHARED_BITS = 0o077;

function restrictUmask() {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads may not change the umask (ERR_WORKER_UNSUPPORTED_OPERATION); the process
    // that owns the data (server.js, the scripts) always runs on the main thread.
  }
}

restrictUmask();

export type ModeCorrections = { directories: number; files: number; failed: string[] };

/**
 * Directories to 0700 and files to 0600 under `dir` (itself included), wherever a group or
 * other bit is set. Symbolic links are neither followed nor changed: chmod would change their
 * target, which may lie outside DATA_DIR.
 */
export function tightenDataDir(dir: string): ModeCorrections {
  const result: ModeCorrections = { directories: 0, files: 0, failed: [] };
  const visit = (entry: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch {
      return; // gone meanwhile
    }
    if (stat.isSymbolicLink()) return;
    const directory = stat.isDirectory();
    if ((stat.mode & SHARED_BITS) !== 0) {
      try {
        fs.chmodSync(entry, directory ? 0o700 : 0o600);
        if (directory) result.directories += 1;
        else result.files += 1;
      } catch {
        result.failed.push(entry);
      }
    }
    if (directory) {
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    }
  };
  if (fs.existsSync(dir)) visit(dir);
  return result;
}
