// drizzle-kit's configuration (`npm run db:generate`). A plain object: drizzle-kit is fetched on
// demand (scripts/drizzle-kit.js), so nothing here may import it.
export default {
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  casing: "snake_case",
};
