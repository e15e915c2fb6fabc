// The post form's page action, one for a new post (/community/new) and an edit
// (/community/:id/edit): the board's member, the form's byte limit and fields, and back to the
// post with a toast. Each page says only how the post is saved.
import type { Params } from "react-router";
import { done } from "~/lib/page-action.server";
import type { z } from "~/lib/zod";
import type { SessionActor } from "../accounts/actor.server";
import { requireBoardActor } from "./access.server";
import { POST_FORM_BYTES, POST_FORM_FIELDS, postFormSchema } from "./validation";

/** Saves the form's post for `actor` and answers the post's id. */
type SavePost = (
  actor: SessionActor,
  input: z.output<typeof postFormSchema>,
  params: Params,
) => Promise<string>;

/** The options of `pageAction` for the post form: `message` is the toast on the saved post. */
export function postFormAction(message: string, save: SavePost) {
  return {
    guard: requireBoardActor,
    maxBytes: POST_FORM_BYTES,
    extra: POST_FORM_FIELDS,
    intents: {
      post: {
        schema: postFormSchema,
        run: async (
          input: z.output<typeof postFormSchema>,
          actor: SessionActor,
          { params }: { params: Params },
        ) => done(message, `/community/${await save(actor, input, params)}`),
      },
    },
  };
}
