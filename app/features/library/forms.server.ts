// The administrator's library form (add, edit, replace the file, delete), read through the one
// bounded form reader. Values are cut a little past what the schemas allow, so the schema's own
// Korean message answers them.
import { data } from "react-router";
import { AppError, fieldErrors } from "~/lib/errors.server";
import { type FormFields, readForm } from "~/lib/forms.server";
import type { z } from "~/lib/zod";
import {
  CATEGORY_MAX,
  DESCRIPTION_MAX,
  FILE_NAME_MAX,
  resourcePatchSchema,
  resourceSchema,
  TITLE_MAX,
} from "./validation";

const FIELDS: FormFields = {
  intent: { maxLength: 20 },
  id: { maxLength: 40 },
  title: { maxLength: TITLE_MAX * 2 },
  description: { maxLength: DESCRIPTION_MAX * 2 },
  category: { maxLength: CATEGORY_MAX * 2 },
  access: { maxLength: 20 },
  seminarId: { maxLength: 40 },
  objectPath: { maxLength: 60 },
  fileName: { maxLength: FILE_NAME_MAX * 2 },
};

export type LibraryFormReply = {
  ok: false;
  message: string;
  errors: Record<string, string>;
  values?: Record<string, string>;
};

export function libraryFormReply(error: AppError, values?: Record<string, string>) {
  return data<LibraryFormReply>(
    { ok: false, message: error.message, errors: error.errors ?? {}, values },
    { status: error.status },
  );
}

/** The submitted form: its intent, the item's id, and the parsed input for create or update. */
export async function readLibraryForm(request: Request) {
  const form = await readForm(request, FIELDS, { maxBytes: 64 * 1024 });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const values = {
    title: text("title") ?? "",
    description: text("description") ?? "",
    category: text("category") ?? "",
    access: text("access") ?? "members",
    seminarId: text("seminarId") ?? "",
  };
  const file = text("objectPath")
    ? { objectPath: text("objectPath"), fileName: text("fileName") ?? "" }
    : {};
  const refused = (error: z.ZodError) => {
    const errors = fieldErrors(error);
    const message = Object.values(errors)[0] ?? "입력값을 확인해주세요.";
    return {
      reply: libraryFormReply(new AppError("invalid", message, errors), values),
      value: undefined,
    };
  };
  return {
    intent: text("intent") ?? "",
    id: text("id") ?? "",
    values,
    create() {
      const result = resourceSchema.safeParse({ ...values, ...file });
      return result.success ? { value: result.data, reply: undefined } : refused(result.error);
    },
    update() {
      const result = resourcePatchSchema.safeParse({ ...values, ...file });
      return result.success ? { value: result.data, reply: undefined } : refused(result.error);
    },
  };
}
