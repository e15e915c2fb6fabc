import { Search } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { SEARCH_MAX_LENGTH } from "../validation";

/** The search page's own box: a GET form, so a search is a link and works without JavaScript. */
export function SearchForm({ q }: { q: string }) {
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="다시 검색"
      className="flex max-w-2xl gap-2"
    >
      <label htmlFor="site-search-q" className="sr-only">
        검색어
      </label>
      <input
        id="site-search-q"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="공지사항, 학술 활동, 학회 안내 검색"
        className={`${inputClass} min-w-0 flex-1`}
      />
      <Button type="submit" className="shrink-0">
        <Search className="size-4" aria-hidden="true" />
        검색
      </Button>
    </Form>
  );
}
