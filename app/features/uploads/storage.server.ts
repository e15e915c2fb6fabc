// Where uploaded files live. The `local` driver keeps them under DATA_DIR/objects; every write
// goes to a temporary file first and is renamed into place, so a crash never leaves half a file.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { env } from "~/env.server";

export type ObjectStorage = {
  put(id: string, body: Buffer): Promise<void>;
  get(id: string): Promise<Buffer | null>;
  delete(id: string): Promise<void>;
};

function localStorage(root: string): ObjectStorage {
  const file = (id: string) => path.join(root, id.slice(0, 2), id);
  return {
    async put(id, body) {
      const target = file(id);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, target);
    },
    async get(id) {
      try {
        return await fs.readFile(file(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(id) {
      await fs.rm(file(id), { force: true });
    },
  };
}

export const objectStorage: ObjectStorage = localStorage(path.join(env.DATA_DIR, "objects"));
