// The e2e servers of playwright.config.ts: the default baseURL has the demo content; this one is
// empty (SEED_DEMO=0), for the empty states.
export const EMPTY_BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`;
