// Application errors carry an HTTP status and a Korean message for the user. Services throw them;
// API routes turn them into JSON (`{ message, errors }`) and pages into form messages or toasts.
import { data } from "react-router";
import type { z } from "zod";
import { isUnstorableText } from "./db-errors.server";

const STATUS = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  // The payment provider did not answer or refused: nothing was changed here.
  provider_failed: 502,
} as const;

export type AppErrorCode = keyof typeof STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    /** More of the answer's JSON body, beside `message` (e.g. the candidates of an ambiguous match). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export function errorResponse(error: AppError, headers?: HeadersInit) {
  return Response.json(
    {
      ...error.details,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    },
    { status: error.status, headers },
  );
}

/** Field → first message, for `{ errors }` answers. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The refusal of text the database cannot store (a NUL; see isUnstorableText). */
export const UNSTORABLE_TEXT = "입력값에 저장할 수 없는 문자(NUL 등)가 들어 있습니다.";

/**
 * `error` as the AppError it stands for: itself, a database's refusal of unstorable text as a
 * 400, or null for a fault of the server.
 */
export function asAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isUnstorableText(error)) return new AppError("invalid", UNSTORABLE_TEXT);
  return null;
}

export function validationError(error: z.ZodError) {
  const errors = fieldErrors(error);
  const first = Object.values(errors)[0] ?? "입력값을 확인해주세요.";
  return new AppError("invalid", first, errors);
}

/**
 * Wraps an API loader or action: AppErrors become their JSON answer, thrown Responses pass
 * through, and anything else is logged and answered 500 without details.
 */
export function api<Args>(handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      // After a too-large body the connection is not reusable: say so, so clients open a new one.
      const refused = asAppError(error);
      if (refused) {
        return errorResponse(refused, refused.status === 413 ? { Connection: "close" } : undefined);
      }
      if (error instanceof Response) return error;
      const { logger } = await import("~/logger.server");
      logger.error({ err: error }, "Unhandled error in an API call");
      return Response.json(
        { message: "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요." },
        { status: 500 },
      );
    }
  };
}

/** Parses `data` with `schema`, or throws a 400 AppError with each field's Korean message. */
export function parse<T extends z.ZodType>(schema: T, data: unknown): z.infer<T> {
  const result = schema.safeParse(data);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** A 405 answer naming the methods the call takes. */
function methodNotAllowedResponse(allow: string) {
  return Response.json(
    { message: "허용되지 않은 요청 방식입니다." },
    { status: 405, headers: { Allow: allow } },
  );
}

/** The loader of a call that only takes POST (or PUT/PATCH): a GET answers 405, not an error. */
export function methodNotAllowed(allow: string) {
  return () => methodNotAllowedResponse(allow);
}

/** Throws a 405 answer unless the request uses one of `allowed`. */
export function requireMethod(request: Request, ...allowed: string[]) {
  if (!allowed.includes(request.method)) throw methodNotAllowedResponse(allowed.join(", "));
}

/**
 * For page loaders: a service's refusal (an AppError) becomes the page's error with its status
 * and Korean message, for the error boundary; anything else is thrown on as it is. Routes write
 * no `catch` of their own (tests/unit/page-actions.test.ts).
 */
export async function asPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) {
      throw data({ message: error.message }, { status: error.status });
    }
    throw error;
  }
}

/** A service's answer, or null when it refused (an AppError): an optional part of a page. */
export async function orNullIfRefused<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * For page loaders: a service's "not found" (AppError 404) becomes the page's 404, with the
 * service's Korean message for the error boundary; anything else is thrown on as it is.
 */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
}
