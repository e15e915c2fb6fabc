// The society's contact details and links, shown by the footer, the location page and the home
// page. The values come from config.server.ts (environment overrides) through the root loader.
export type SocietyConfig = {
  name: string;
  shortName: string;
  englishName: string;
  address: string;
  building: string;
  phone: string;
  email: string;
  /** The sister service about doctors doing marketing with AI ({host} in SPEC.md). */
  sisterSiteUrl: string;
  mapEmbedUrl: string;
  publicUrl: string;
  /**
   * The society's own emblem (an image address, e.g. /brand/logo.svg placed in public/), drawn
   * instead of the built-in mark; null draws the built-in mark.
   */
  logoUrl: string | null;
};
