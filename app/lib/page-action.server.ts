// The one way to write a page action, the page-side twin of `api()` (errors.server.ts):
//
//   export const action = pageAction({
//     guard: (args) => requireActor(args, "admin"),
//     intents: {
//       hide: { schema: hideSchema, run: async (input, actor) => { …; return done("숨겼습니다.") } },
//     },
//   });
//
// The guard runs first (its redirect or 401/403 passes through as thrown). The form is read once
// through the bounded reader, held to the fields of every intent's schema, and the intent named
// by its `intent` field (or the only one) is parsed and run. Success is a redirect with a flash
// toast (POST, redirect, GET: a reload never sends the form again), which the next page draws
// as a status message and, once it runs, as a toast (lib/flash.server.ts). Every refusal — a refused
// body, a schema's field messages, a service's AppError — is one shape, `{ refusal }`, with its
// status, read on the page by `useRefusal` (lib/use-refusal.ts). Anything else is a bug and is
// rethrown to the route's error boundary.
//
// Five options serve the account pages. `shown(value)` answers without a redirect, for what is
// shown once and must never ride in a cookie or an address (recovery codes, "the mail is sent").
// `toast` gives a refusal that is not about one field the toast the page shows for it (the
// login's '승인 대기 중'). `defaultIntent` is the intent of a form that names none (the login's
// password form). `file` reads a form that may carry one file (multipart, the sign-up's licence
// image without JavaScript) and hands the file to `run`; `keepFile` stores it before the form is
// checked instead, so a form refused for another field comes back with the file kept.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, isRouteErrorResponse, redirect } from "react-router";
import { AppError, asAppError } from "./errors.server";
import { flashToast } from "./flash.server";
import {
  type FormFields,
  type FormFile,
  formFieldsOf,
  mergeFormFields,
  readForm,
  readFormWithFile,
} from "./forms.server";
import type { Refusal, RefusalToast } from "./refusal";
import type { FlashToast } from "./toast";
import type { z } from "./zod";

export type { Refusal } from "./refusal";

/** What a finished intent answers: where to go (default: the same page) and the toast there. */
export type Done = { toast: FlashToast; redirectTo?: string; headers?: HeadersInit };

/** A finished intent: the toast (a title, or title and description) and, optionally, where to. */
export function done(toast: string | FlashToast, redirectTo?: string, headers?: HeadersInit): Done {
  return { toast: typeof toast === "string" ? { title: toast } : toast, redirectTo, headers };
}

/**
 * A finished intent that stays on the page and shows `value` there, once: no redirect, nothing in
 * a cookie or an address. A reload sends the form again, so only for what may be asked twice.
 */
export type Shown<T> = { shown: T };

/** Answers `value` to the page (read from the action's data as `shown`) instead of a redirect. */
export function shown<T>(value: T): Shown<T> {
  return { shown: value };
}

type Args = ActionFunctionArgs & { url: URL };

/**
 * What `run` is handed besides the input: the action's arguments, the form as read (for the
 * `extra` fields, a redirect target) and the form's one file (with the `file` option).
 */
type RunArgs = Args & { form: FormData; file: File | null };

type IntentSpec<Guarded, Schema extends z.ZodType, Shows> = {
  schema: Schema;
  run: (
    input: z.output<Schema>,
    guarded: Guarded,
    args: RunArgs,
  ) => Promise<Done | Response | Shown<Shows>>;
};

type Options<Guarded, Schemas extends Record<string, z.ZodType>, Shows> = {
  guard: (args: Args) => Promise<Guarded>;
  intents: { [Name in keyof Schemas]: IntentSpec<Guarded, Schemas[Name], Shows> };
  /** The intent of a form that sends no `intent` field (several intents only). */
  defaultIntent?: keyof Schemas & string;
  /** The one file the form may carry, read as multipart/form-data and handed to `run`. */
  file?: FormFile;
  /**
   * Stores that file before the form is checked and puts its address in `field`, as the page's
   * JavaScript would have: a form refused for another field comes back with the file kept (a
   * page drawn anew cannot refill a file input). A file sent again replaces the kept one. A file
   * refused by `store` is that field's error.
   */
  keepFile?: { field: string; store: (file: File, args: Args) => Promise<string> };
  /**
   * The toast of a refusal that is not about one field (a service's answer, a refused body); a
   * schema's messages stand beside their fields and have none.
   */
  toast?: (refusal: Refusal) => RefusalToast | null | undefined;
  /** Byte limit of the body (64 KB unless the form carries long rich text), or of the guarded. */
  maxBytes?: number | ((guarded: Guarded) => number);
  /**
   * Fields the page reads itself besides the schemas' (a redirect target), or the fields of what
   * the guard found (an imported statement has a field per deposit).
   */
  extra?: FormFields | ((guarded: Guarded) => FormFields);
  /** Fields never sent back in a refusal (passwords, codes). */
  hideFields?: string[];
  /** A field that shows a service's message when it named none, by status (e-mail on a 409). */
  fieldFor?: Partial<Record<number, string>>;
  /**
   * For a form another page posts here (the member record's dues forms): the page it came from,
   * or null when it came from this page. That page cannot read this page's answer, so a refusal
   * goes back there as a toast with `title` and the refusal's message.
   */
  refusedBackTo?: { title: string; path: (form: FormData) => string | null };
};

/** The refusal answer: one shape for every page, with the status the refusal carries. */
export function refuse(refusal: Refusal, headers?: HeadersInit) {
  return data({ refusal }, { status: refusal.status, headers });
}

function refusalOf(
  intent: string | null,
  error: AppError,
  result: SubmissionResult<string[]> | null,
): Refusal {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(error.errors ?? {})) fieldErrors[name] = [message];
  return { intent, status: error.status, message: error.message, fieldErrors, result };
}

const UNKNOWN_INTENT = "요청을 처리할 수 없습니다. 페이지를 새로 고친 뒤 다시 시도해주세요.";

export function pageAction<Guarded, Schemas extends Record<string, z.ZodType>, Shows = never>(
  options: Options<Guarded, Schemas, Shows>,
) {
  const names = Object.keys(options.intents);
  const single = names.length === 1 ? names[0]! : null;
  const intents = options.intents as Record<string, IntentSpec<Guarded, z.ZodType, Shows>>;
  const withToast = (refusal: Refusal) => {
    const toast = options.toast?.(refusal);
    return toast ? { ...refusal, toast } : refusal;
  };
  const fixedFields = mergeFormFields(
    ...names.map((name) => formFieldsOf(intents[name]!.schema)),
    single ? {} : { intent: { maxLength: 40 } },
  );

  return async (args: Args) => {
    const guarded = await options.guard(args);
    let intent: string | null = single;
    let backTo: string | null = null;
    const refusing = (refusal: Refusal) => {
      if (!backTo || !options.refusedBackTo) return refuse(refusal);
      const toast = { title: options.refusedBackTo.title, description: refusal.message };
      return redirect(backTo, {
        headers: { "Set-Cookie": flashToast({ ...toast, variant: "destructive" }) },
      });
    };
    try {
      const { extra = {}, maxBytes } = options;
      const fields = mergeFormFields(
        fixedFields,
        typeof extra === "function" ? extra(guarded) : extra,
      );
      let formData: FormData;
      let file: File | null = null;
      let fileRefused: AppError | null = null;
      if (options.file) {
        let fileTooLarge = false;
        ({
          form: formData,
          file,
          fileTooLarge,
        } = await readFormWithFile(args.request, fields, options.file));
        // A photo over the limit is said at its field with the rest of the form kept, where the
        // form keeps its file; elsewhere it is the request's refusal, as a JSON upload's is.
        if (fileTooLarge) {
          if (!options.keepFile) throw new AppError("too_large", options.file.tooLarge);
          fileRefused = new AppError("too_large", options.file.tooLarge);
        }
        const keep = options.keepFile;
        // A file chosen again replaces the one kept from the last refusal (the doctor picked
        // another image); the one it replaces is swept as an unclaimed upload.
        if (file && keep) {
          try {
            formData.set(keep.field, await keep.store(file, args));
          } catch (thrown) {
            fileRefused = asAppError(thrown);
            if (!fileRefused) throw thrown;
          }
          file = null;
        }
        // The file also stands in the form under its name, for a schema that asks for it.
        if (file) formData.set(options.file.name, file);
      } else {
        formData = await readForm(args.request, fields, {
          maxBytes: typeof maxBytes === "function" ? maxBytes(guarded) : maxBytes,
        });
      }
      backTo = options.refusedBackTo?.path(formData) ?? null;
      if (!single) {
        const named = formData.get("intent") ?? options.defaultIntent ?? null;
        intent = typeof named === "string" && Object.hasOwn(intents, named) ? named : null;
        if (!intent) throw new AppError("invalid", UNKNOWN_INTENT);
      }
      const spec = intents[intent!]!;
      const submission = parseWithZod(formData, { schema: spec.schema });
      if (fileRefused && options.keepFile) {
        // Said at the file's field, beside whatever else the form got wrong.
        const field = options.keepFile.field;
        const schemaErrors =
          submission.status === "success" ? {} : (submission.reply().error ?? {});
        const fieldErrors = Object.fromEntries(
          Object.entries(schemaErrors).filter(([, messages]) => messages?.length),
        ) as Record<string, string[]>;
        fieldErrors[field] = [fileRefused.message];
        const result = submission.reply({ fieldErrors, hideFields: options.hideFields });
        return refusing({
          intent,
          status: fileRefused.status,
          message: fileRefused.message,
          fieldErrors,
          result,
        });
      }
      if (submission.status !== "success") {
        const result = submission.reply({ hideFields: options.hideFields });
        const fieldErrors = Object.fromEntries(
          Object.entries(result.error ?? {}).filter(([, messages]) => messages?.length),
        ) as Record<string, string[]>;
        // A field read into a list (a vote's candidate lines) is refused under its parts' names,
        // `options[1].photoUrl`, which no control of the form carries: say it at the field too.
        for (const [name, messages] of Object.entries(fieldErrors)) {
          const field = /^[^.[]+/.exec(name)?.[0];
          if (field && field !== name) fieldErrors[field] ??= messages;
        }
        const message = Object.values(fieldErrors)[0]?.[0] ?? "입력값을 확인해주세요.";
        return refusing({ intent, status: 400, message, fieldErrors, result });
      }
      try {
        const answer = await spec.run(submission.value, guarded, { ...args, form: formData, file });
        if (answer instanceof Response) return answer;
        if ("shown" in answer) return { shown: answer.shown };
        const headers = new Headers(answer.headers);
        headers.append("Set-Cookie", flashToast(answer.toast));
        return redirect(answer.redirectTo ?? args.url.pathname + args.url.search, { headers });
      } catch (thrown) {
        const error = asAppError(thrown);
        if (!error) throw thrown;
        const field = options.fieldFor?.[error.status];
        const refusal = refusalOf(intent, error, null);
        if (field) refusal.fieldErrors[field] ??= [error.message];
        refusal.result = submission.reply({
          formErrors: [error.message],
          fieldErrors: refusal.fieldErrors,
          hideFields: options.hideFields,
        });
        return refusing(withToast(refusal));
      }
    } catch (error) {
      // The bounded reader refuses with `data({ message }, { status })` (and Connection: close
      // after a body it stopped reading); say it in the one shape, keeping its headers.
      if (error instanceof AppError) return refusing(withToast(refusalOf(intent, error, null)));
      if (isRouteErrorResponse(error) || isDataWithMessage(error)) {
        const { status, message, headers } = readRefused(error);
        return refuse(
          withToast({ intent, status, message, fieldErrors: {}, result: null }),
          headers,
        );
      }
      throw error;
    }
  };
}

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithMessage(error: unknown): error is DataWithInit {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as DataWithInit).type === "DataWithResponseInit"
  );
}

function readRefused(error: DataWithInit | { status: number; data: unknown }) {
  const body = ("init" in error ? error.data : error.data) as { message?: unknown } | null;
  const status = "init" in error ? (error.init?.status ?? 400) : error.status;
  const headers = "init" in error ? (error.init?.headers ?? undefined) : undefined;
  const message = typeof body?.message === "string" ? body.message : "요청을 처리할 수 없습니다.";
  return { status, message, headers };
}
