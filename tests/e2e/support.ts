// The e2e servers of playwright.config.ts: the default baseURL has the demo content; this one is
// empty (SEED_DEMO=0), for the empty states.
export const EMPTY_BASE_URL = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`;

/** The demo administrator created on the seeded server's first start (DEMO_ADMIN_PASSWORD). */
export const DEMO_ADMIN = { email: "admin@example.org", password: "e2e-admin-password" };
