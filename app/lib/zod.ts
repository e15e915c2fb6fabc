// Every zod message that our schemas do not set themselves comes out in Korean, in the browser
// and on the server alike. Import `z` from here, never from "zod" directly.
import { z } from "zod";
import { ko } from "zod/locales";

z.config(ko());

export { z };
