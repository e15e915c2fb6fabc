/** Where the office's 이용약관 names the society: the terms page fills in its name (migration 0033). */
export const SOCIETY_NAME_FIELD = "{{학회명}}";
