// The JSON calls' `?page=&pageSize=`, validated with Korean messages; kept apart from paging.ts so
// the public pages that page a list do not load zod.
import { MAX_PAGE_SIZE } from "./paging";
import { z } from "./zod";

/** `page` and `pageSize` from a query string, with Korean messages for a call's 400. */
export const pageQuerySchema = (defaultPageSize: number) =>
  z.object({
    page: z.coerce
      .number({ error: "페이지 번호가 올바르지 않습니다." })
      .int("페이지 번호가 올바르지 않습니다.")
      .min(1, "페이지 번호는 1 이상이어야 합니다.")
      .max(1_000_000, "페이지 번호가 너무 큽니다.")
      .default(1),
    pageSize: z.coerce
      .number({ error: "페이지 크기가 올바르지 않습니다." })
      .int("페이지 크기가 올바르지 않습니다.")
      .min(1, "페이지 크기는 1 이상이어야 합니다.")
      .max(MAX_PAGE_SIZE, `페이지 크기는 ${MAX_PAGE_SIZE} 이하여야 합니다.`)
      .default(defaultPageSize),
  });
