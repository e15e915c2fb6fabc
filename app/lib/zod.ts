// Every zod message that our schemas do not set themselves comes out in Korean, in the browser
// and on the server alike. Import `z` from here, never from "zod" directly.
import { z } from "zod";
import { ko } from "zod/locales";

z.config(ko());

// In the browser zod would probe `new Function` for its faster object parsing; the pages' CSP
// forbids eval, so the probe was reported as a violation on every page with a form (Chrome's
// Issues panel, Lighthouse best practices 96). The server keeps the faster path.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
