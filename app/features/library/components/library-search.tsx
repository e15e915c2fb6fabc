import { Search } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

/**
 * The library's search (`?category=&q=`), on the members' page and the administrator's: a GET
 * form, so a search is a link and works without JavaScript.
 */
export function LibrarySearch({
  idPrefix,
  category,
  q,
  categories,
  categoryLabel = "분류",
}: {
  /** Distinct ids per page, so the labels point at this page's fields. */
  idPrefix: string;
  category: string;
  q: string;
  categories: string[];
  categoryLabel?: string;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="자료실 검색"
      className="grid gap-2 sm:flex sm:max-w-2xl sm:items-center"
    >
      <label htmlFor={`${idPrefix}-category`} className="sr-only">
        {categoryLabel}
      </label>
      <select
        id={`${idPrefix}-category`}
        name="category"
        defaultValue={category}
        className={`${inputClass} sm:w-44`}
      >
        <option value="">전체 분류</option>
        {categories.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-q`} className="sr-only">
        제목·설명 검색
      </label>
      <input
        id={`${idPrefix}-q`}
        name="q"
        type="search"
        defaultValue={q}
        maxLength={100}
        placeholder="제목·설명 검색"
        className={inputClass}
      />
      <Button type="submit" variant="secondary" className="shrink-0">
        <Search className="size-4" aria-hidden="true" />
        검색
      </Button>
    </Form>
  );
}
