import { type RefObject, useEffect } from "react";
import { useActionData } from "react-router";

/**
 * After the server refuses a form, the keyboard's focus goes to the first field it marked
 * (`aria-invalid`), whose message the field names (`aria-describedby`): a screen reader hears
 * what to fix, and nobody has to look for it. A form with no marked field keeps the focus where it
 * is. Conform's forms do this themselves; this is for the plain ones.
 */
export function useFocusOnRefusal(form: RefObject<HTMLFormElement | null>) {
  const answer = useActionData();
  useEffect(() => {
    if (!answer) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer, form]);
}
